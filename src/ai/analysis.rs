//! The computer's view of a whole game: every move judged against the best move the Medium level sees in
//! the position it was played from. Each position is one search (`analysis_search`), so a caller runs them
//! as it likes: all at once (`analyse`), or one slice at a time between frames (the app's review). Also what
//! review makes of the verdicts: the few moves that changed the game (`turning_points`), and the reasons
//! told for each marked move, never the same vague words for two in a row (`shown_reasons`).

use crate::rules::{Hole, Position, Side};

use super::eval::STONE;
use super::hint::{Hint, Reason, against_played, hint};
use super::search::{Iteration, Limits, Search, forced_result, search_blocking};

/// The Medium level's depth: deep enough to see the captures and tuzdik threats a player should have
/// seen, quick enough for a whole game in a few seconds on a phone.
pub const ANALYSIS_LIMITS: Limits = Limits { depth: Some(6), nodes: None, movetime_ms: None };
/// A move that gives away this many stones or more against the best move is marked, with the better move.
pub const MISTAKE_STONES: f32 = 3.0;
/// Against the lowest level, review counts a move as a mistake from this many stones: a new player's game
/// against Easy loses 3 stones here and there in most of their moves, and "You: 20" of them after a clear
/// win read as a verdict on the player rather than help (issue 46); from 5, what is left are the moves that
/// changed the game.
pub const BEGINNER_MISTAKE_STONES: f32 = 5.0;
/// A forced win counts as every stone won: the graph's and the bar's end.
pub const DECISIVE_STONES: f32 = 81.0;
/// The moves each side plays within the analysis's depth: what "over the next N moves" says of its search.
pub(crate) const ANALYSIS_MOVES: u32 = 3;

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
    // Where the hint finds nothing concrete ("keeps moves for later"), what the better move does that the
    // move played did not: the move played is known here, not in a hint.
    let better = better.map(|mut h| {
        if h.reasons == [Reason::KeepsMoves]
            && let Some(reason) = against_played(pos, h.hole, played)
        {
            h.reasons = vec![reason];
        }
        h
    });
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

/// The moves that changed the game most: the indices of the (up to) `most` verdicts that `counts` keeps,
/// largest loss first (of two equal losses, the earlier move first). Review names these rather than a count
/// of every move marked.
pub fn turning_points(verdicts: &[Verdict], most: usize, counts: impl Fn(&Verdict) -> bool) -> Vec<usize> {
    let mut marked: Vec<usize> = (0..verdicts.len()).filter(|&i| counts(&verdicts[i])).collect();
    marked.sort_by(|&a, &b| verdicts[b].loss.total_cmp(&verdicts[a].loss).then(a.cmp(&b)));
    marked.truncate(most);
    marked
}

/// Whether a better move's reasons are only the vague "keeps moves for later".
fn vague(verdict: &Verdict) -> bool {
    verdict.better.as_ref().is_some_and(|b| b.reasons == [Reason::KeepsMoves])
}

/// The reasons review tells for move `i`'s better move: the hint's, except that the vague "keeps moves for
/// later" is never told for two marked moves in a row (the marked moves being those `counts` keeps): the
/// second says what the search counts instead, how many stones better the better move is within its
/// depth. Empty for a move that has no better move.
pub fn shown_reasons(verdicts: &[Verdict], i: usize, counts: impl Fn(&Verdict) -> bool) -> Vec<Reason> {
    let Some(better) = verdicts.get(i).and_then(|v| v.better.as_ref()) else { return Vec::new() };
    // Whether the marked move before `i` was told in the vague words: a vague move after a vague one is
    // told otherwise, so the words alternate over a run of them.
    let mut last_told_vague = false;
    for v in &verdicts[..i] {
        if counts(v) {
            last_told_vague = vague(v) && !last_told_vague;
        }
    }
    let verdict = &verdicts[i];
    if vague(verdict) && last_told_vague {
        let stones = verdict.loss.round() as i32;
        vec![Reason::Outscores { stones, moves: ANALYSIS_MOVES }]
    } else {
        better.reasons.clone()
    }
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
