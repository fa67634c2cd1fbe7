//! The evaluation's weights, in hundredths of a stone. This is the one reviewed file the tuner
//! (`toguz-engine tune`) rewrites: re-run it after changing the evaluation's terms, review the diff.

use super::eval::Weights;

pub const WEIGHTS: Weights = Weights {
    // Owning a tuzdik on the opponent's hole 1..8: stones it is expected to bring in.
    tuzdik: [5107, 3889, 5976, 2308, 4816, 6080, 6322, 163],
    side_stones: -15,
    side_stones_endgame: 50,
    mobility: 574,
    threat_to_move: 51,
    threat_waiting: 21,
    big_hole: 162,
    tempo: 14,
};
