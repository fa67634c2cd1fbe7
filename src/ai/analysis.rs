//! The computer's view of a whole game: every move judged against the best move the Medium level sees in
//! the position it was played from. Each position is one search (`analysis_search`), so a caller runs them
//! as it likes: all at once (`analyse`), or one slice at a time between frames (the app's review).

use crate::rules::{Hole, Position, Side};

use super::eval::STONE;
use super::hint::{Hint, hint};
use super::search::{Iteration, Limits, Search, forced_result, search_blocking};

/// The Medium level's depth: deep enough to see the captures and tuzdik threats a player should have
/// seen, quick enough for a whole game in a few seconds on a phone.
pub const ANALYSIS_LIMITS: Limits = Limits { depth: Some(6), nodes: None, movetime_ms: None };
/// A move that gives away this many stones or more against the best move is marked, with the better move.
pub const MISTAKE_STONES: f32 = 3.0;
/// A forced win counts as every stone won: the graph's and the bar's end.
pub const DECISIVE_STONES: f32 = 81.0;

/// What the computer thinks of one move played.
#[derive(Clone, Debug, PartialEq)]
pub struct Verdict {
    /// The hole played, and who played it.
    pub hole: Hole,
    pub side: Side,
    /// The position before the move, in stones for White (above zero: White is ahead).
    pub before: f32,
    /// The position after the move, in stones for White.
    pub after: f32,
    /// Stones the move gave away against the best move, for its player (0 when it was the best).
    pub loss: f32,
    /// The best move and why, when the move played lost `MISTAKE_STONES` or more.
    pub better: Option<Hint>,
    /// The move's result when it is forced: (the mover wins, in how many of the winner's moves).
    pub forced_after: Option<(bool, u32)>,
}

impl Verdict {
    pub fn is_mistake(&self) -> bool {
        self.better.is_some()
    }
}

/// A search score (the mover's hundredths of a stone, or a forced result) in stones, forced results at
/// `DECISIVE_STONES`.
pub fn stones(score: i32) -> f32 {
    match forced_result(score) {
        Some((true, _)) => DECISIVE_STONES,
        Some((false, _)) => -DECISIVE_STONES,
        None => (score as f32 / STONE as f32).clamp(-DECISIVE_STONES, DECISIVE_STONES),
    }
}

/// The search that judges the move played in `pos`: every root move scored exactly.
pub fn analysis_search(pos: Position) -> Search {
    Search::new(pos, ANALYSIS_LIMITS, 4).all_root_scores()
}

/// Judges `played` in `pos` from the finished `analysis_search` of `pos`. `None` when the move is not one
/// the search scored (not legal there).
pub fn judge(pos: &Position, played: Hole, result: &Iteration) -> Option<Verdict> {
    let side = pos.side_to_move();
    let &(_, played_score) = result.root_scores.iter().find(|(hole, _)| *hole == played)?;
    let best_score = result.root_scores.iter().map(|&(_, s)| s).max()?;
    let for_white = |stones: f32| if side == Side::White { stones } else { -stones };
    let loss = (stones(best_score) - stones(played_score)).max(0.0);
    // Two moves that both win (or both lose) by force are worth the same to a player.
    let better = if loss >= MISTAKE_STONES { hint(pos, result) } else { None };
    Some(Verdict {
        hole: played,
        side,
        before: for_white(stones(best_score)),
        after: for_white(stones(played_score)),
        loss,
        better,
        forced_after: forced_result(played_score),
    })
}

/// Judges every move of a game from `start` at once (the engine's `analyse` and the tests). Stops at the
/// first move that cannot be played, returning the verdicts so far.
pub fn analyse(start: Position, moves: &[Hole]) -> Vec<Verdict> {
    let mut pos = start;
    let mut verdicts = Vec::with_capacity(moves.len());
    for &hole in moves {
        if pos.check(hole).is_err() {
            break;
        }
        let mut search = analysis_search(pos);
        let result = search_blocking(&mut search, || 0);
        let Some(verdict) = judge(&pos, hole, &result) else { break };
        verdicts.push(verdict);
        pos.play_unchecked(hole);
    }
    verdicts
}

/// The evaluation shown for the position after `at` moves, in stones for White: before the first move,
/// the first verdict's view; after a move, that move's. `None` until that far is analysed.
pub fn eval_at(verdicts: &[Verdict], at: usize) -> Option<f32> {
    match at.checked_sub(1) {
        None => verdicts.first().map(|v| v.before),
        Some(i) => verdicts.get(i).map(|v| v.after),
    }
}
