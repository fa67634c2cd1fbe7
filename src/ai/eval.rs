//! Static evaluation, from the side to move's point of view, in hundredths of a stone.
//!
//! The kazan difference is the anchor (100 per stone); the other terms say what the kazans do not yet
//! show: a tuzdik's future income by the position of its hole (the seeds: the computer "values a tuzdik
//! by the position of its hole"), the stones each side may still collect, threats of capture and tuzdik,
//! mobility and the risk of starving.

use crate::rules::{Hole, Position, Side};

/// The evaluation's tunable weights; their values live in `weights.rs`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Value of owning a tuzdik on the opponent's hole 1..8 (index 0 is hole 1).
    pub tuzdik: [i32; 8],
    /// Per stone on one's own side, while the board is full.
    pub side_stones: i32,
    /// Per stone on one's own side, as the board empties (the end-of-game count gives them to that side).
    pub side_stones_endgame: i32,
    /// Per playable hole.
    pub mobility: i32,
    /// Per stone the side to move can take at once (percent of a stone).
    pub threat_to_move: i32,
    /// Per stone the waiting side threatens to take on its next move (percent of a stone).
    pub threat_waiting: i32,
    /// Per hole holding a reserve big enough to go round the board (18 stones or more).
    pub big_hole: i32,
    /// For having the move.
    pub tempo: i32,
}

impl Weights {
    /// The weights as a flat list, for the tuner.
    pub fn to_vec(&self) -> Vec<i32> {
        let mut v = self.tuzdik.to_vec();
        v.extend([
            self.side_stones,
            self.side_stones_endgame,
            self.mobility,
            self.threat_to_move,
            self.threat_waiting,
            self.big_hole,
            self.tempo,
        ]);
        v
    }

    pub fn from_slice(v: &[i32]) -> Weights {
        let mut tuzdik = [0; 8];
        tuzdik.copy_from_slice(&v[..8]);
        Weights {
            tuzdik,
            side_stones: v[8],
            side_stones_endgame: v[9],
            mobility: v[10],
            threat_to_move: v[11],
            threat_waiting: v[12],
            big_hole: v[13],
            tempo: v[14],
        }
    }

    pub const NAMES: [&'static str; 15] = [
        "tuzdik[1]",
        "tuzdik[2]",
        "tuzdik[3]",
        "tuzdik[4]",
        "tuzdik[5]",
        "tuzdik[6]",
        "tuzdik[7]",
        "tuzdik[8]",
        "side_stones",
        "side_stones_endgame",
        "mobility",
        "threat_to_move",
        "threat_waiting",
        "big_hole",
        "tempo",
    ];
}

/// A stone, in evaluation units.
pub const STONE: i32 = 100;

/// The biggest take (a tuzdik counted at 3 stones plus its worth) `side` would have if it were to move.
pub fn best_take(pos: &Position, side: Side, w: &Weights) -> i32 {
    let mut best = 0;
    for hole in Hole::all() {
        let p = pos.preview_for(side, hole);
        let gain = i32::from(p.captured) * STONE
            + p.tuzdik.map_or(0, |h| 3 * STONE + w.tuzdik[usize::from(h.number() - 1)]);
        best = best.max(gain);
    }
    best
}

fn tuzdik_worth(pos: &Position, side: Side, w: &Weights) -> i32 {
    pos.tuzdik(side).map_or(0, |h: Hole| w.tuzdik[usize::from(h.number() - 1)])
}

/// Evaluates a position that is not over, for the side to move.
pub fn evaluate(pos: &Position, w: &Weights) -> i32 {
    let me = pos.side_to_move();
    let opp = me.opponent();
    let mut score = (i32::from(pos.kazan(me)) - i32::from(pos.kazan(opp))) * STONE;

    // A tuzdik's income shrinks as the board empties.
    let on_board = 162 - i32::from(pos.kazan(me)) - i32::from(pos.kazan(opp));
    score += (tuzdik_worth(pos, me, w) - tuzdik_worth(pos, opp, w)) * on_board / 162;

    let mine = pos.row(me);
    let theirs = pos.row(opp);
    let side_diff =
        mine.iter().map(|&n| i32::from(n)).sum::<i32>() - theirs.iter().map(|&n| i32::from(n)).sum::<i32>();
    // Interpolate between the full board (162 on it) and the bare endgame.
    let side_weight = (w.side_stones * on_board + w.side_stones_endgame * (162 - on_board)) / 162;
    score += side_diff * side_weight;

    let mobility = |row: &[u8; 9]| row.iter().filter(|&&n| n > 0).count() as i32;
    score += (mobility(&mine) - mobility(&theirs)) * w.mobility;
    let big = |row: &[u8; 9]| row.iter().filter(|&&n| n >= 18).count() as i32;
    score += (big(&mine) - big(&theirs)) * w.big_hole;

    score += best_take(pos, me, w) * w.threat_to_move / 100;
    score -= best_take(pos, opp, w) * w.threat_waiting / 100;
    score + w.tempo
}
