//! How a person of a rating band chooses a move: the ladder's person-like levels (docs/ai.md, "The
//! ladder").
//!
//! A person sees some of what a search sees at each depth, and likes some holes better than others. The
//! level searches [`PERSON_DEPTH`] plies with every root move scored at every depth, likes each move by a
//! weighed sum of those scores (in stones) plus its liking for the hole, and plays each move with a chance
//! proportional to `exp(liking / tau)`. The weights are the ones under which the moves PlayOK players of
//! the band played are likeliest (`tests/ladder/fit_people.py`, on the even games of
//! `tests/data/playok-2398.txt`); `tau` sharpens (below 1) or softens (above 1) the choice, and is set so
//! that the level errs as often and as much as the band does. No rule is counted here: the scores are the
//! search's, the holes the rules'.

use rand::Rng;

use super::analysis::stones;
use super::search::Iteration;
use crate::rules::Hole;

/// How deep a person-like level looks: the review's depth, so its scores are the ones its mistakes are
/// judged by.
pub const PERSON_DEPTH: u8 = 6;

/// What a band of players likes in a move.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Likes {
    /// Per stone of score at depth 1, 2, … [`PERSON_DEPTH`].
    pub depth: [f32; PERSON_DEPTH as usize],
    /// For a move from hole 1, 2, … 9 (the mover's own numbering).
    pub hole: [f32; 9],
}

/// A person-like level's way of choosing.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Person {
    pub likes: Likes,
    /// Below 1 the level plays its best-liked moves more often than the band; above 1, less often.
    pub tau: f32,
}

/// PlayOK players rated 1000–1199 (31,349 moves).
pub const LIKES_1000: Likes = Likes {
    depth: [0.0488, 0.0368, 0.0021, 0.0257, 0.0051, 0.0473],
    hole: [0.6358, -0.2580, -0.4853, -0.4333, -0.3863, -0.0618, 0.1955, 0.4973, 0.2961],
};
/// PlayOK players rated 1200–1399 (68,145 moves).
pub const LIKES_1200: Likes = Likes {
    depth: [0.0630, 0.0407, 0.0039, 0.0246, 0.0154, 0.0655],
    hole: [0.6612, -0.2730, -0.4896, -0.4075, -0.4299, -0.0879, 0.1557, 0.5021, 0.3689],
};
/// PlayOK players rated 1400–1599 (8,222 moves).
pub const LIKES_1400: Likes = Likes {
    depth: [0.0523, 0.0364, 0.0222, 0.0211, 0.0009, 0.1093],
    hole: [0.6568, -0.1547, -0.5217, -0.4628, -0.4616, -0.0973, 0.0857, 0.4990, 0.4567],
};
/// PlayOK players rated 1600–1799 (471 moves: few; the band's figures are the loosest).
pub const LIKES_1600: Likes = Likes {
    depth: [0.0854, 0.0300, -0.0285, -0.0182, -0.0049, 0.1757],
    hole: [0.6416, -0.3813, -0.5636, -0.3804, -0.2538, 0.0954, -0.0098, 0.4682, 0.3837],
};

impl Person {
    /// Each root move of a finished all-root-scores search with how much the person likes it.
    pub fn liking(&self, result: &Iteration) -> Vec<(Hole, f32)> {
        result
            .root_scores
            .iter()
            .map(|&(hole, _)| {
                let scores = depth_scores(result, hole);
                let seen: f32 =
                    self.likes.depth.iter().zip(scores).map(|(weight, s)| weight * stones(s)).sum();
                (hole, self.likes.hole[usize::from(hole.number()) - 1] + seen)
            })
            .collect()
    }

    /// Each root move with its chance of being played.
    pub fn chances(&self, result: &Iteration) -> Vec<(Hole, f64)> {
        let liking = self.liking(result);
        let top = liking.iter().map(|&(_, l)| l).fold(f32::MIN, f32::max);
        let weights: Vec<(Hole, f64)> =
            liking.iter().map(|&(h, l)| (h, f64::from((l - top) / self.tau).exp())).collect();
        let sum: f64 = weights.iter().map(|&(_, w)| w).sum();
        weights.into_iter().map(|(h, w)| (h, w / sum)).collect()
    }

    /// The move played: one of the root moves, drawn by its chance.
    pub fn pick(&self, result: &Iteration, rng: &mut impl Rng) -> Option<Hole> {
        let chances = self.chances(result);
        let mut left: f64 = rng.random::<f64>();
        for &(hole, chance) in &chances {
            if left < chance {
                return Some(hole);
            }
            left -= chance;
        }
        chances.last().map(|&(h, _)| h)
    }
}

/// A root move's score at each depth from 1 to [`PERSON_DEPTH`], from a finished all-root-scores search:
/// what a person-like level weighs, and what `toguz-engine people` writes for fitting. A search that ended
/// before [`PERSON_DEPTH`] (a forced result) counts its last scores for the depths beyond.
pub fn depth_scores(result: &Iteration, hole: Hole) -> [i32; PERSON_DEPTH as usize] {
    let score_in = |scores: &[(Hole, i32)]| scores.iter().find(|(h, _)| *h == hole).map(|&(_, s)| s);
    let last = score_in(&result.root_scores).unwrap_or(0);
    std::array::from_fn(|d| result.shallower.get(d).and_then(|scores| score_in(scores)).unwrap_or(last))
}
