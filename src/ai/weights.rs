//! The evaluation's weights, in hundredths of a stone. This is the one reviewed file the tuner
//! (`toguz-engine tune`) rewrites: re-run it after changing the evaluation's terms, review the diff.

use super::eval::Weights;

pub const WEIGHTS: Weights = Weights {
    // Owning a tuzdik on the opponent's hole 1..8: stones it is expected to bring in.
    tuzdik: [800, 850, 900, 950, 900, 800, 650, 400],
    side_stones: 8,
    side_stones_endgame: 40,
    mobility: 15,
    threat_to_move: 40,
    threat_waiting: 25,
    big_hole: 30,
    tempo: 20,
};
