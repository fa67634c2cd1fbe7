//! The evaluation's weights, in hundredths of a stone. This is the one reviewed file the tuner
//! (`toguz-engine tune`) rewrites: re-run it after changing the evaluation's terms, review the diff.

use super::eval::Weights;

pub const WEIGHTS: Weights = Weights {
    // Owning a tuzdik on the opponent's hole 1..8: stones it is expected to bring in.
    tuzdik: [3546, 4459, 3909, 4115, 6543, 5763, 4791, 3069],
    side_stones: -57,
    side_stones_endgame: 62,
    mobility: 579,
    threat_to_move: 51,
    threat_waiting: 14,
    big_hole: 145,
    tempo: -12,
};
