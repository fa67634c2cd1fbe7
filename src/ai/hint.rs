//! Hints for the side to move: the search's best move, with reasons a beginner understands, found by
//! asking the rules what the move does and what it changes for the opponent.

use std::fmt;

use crate::rules::{Hole, LandingEffect, Position};

use super::eval::STONE;
use super::search::{Iteration, forced_result};

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The move wins by force in this many of the mover's moves.
    ForcesWin(u32),
    /// The even count is taken.
    Captures(u8),
    /// The landing hole becomes the mover's tuzdik.
    MakesTuzdik(Hole),
    /// The opponent could take this many stones next move; after this move, that many fewer.
    Saves(u8),
    /// The opponent could make a tuzdik next move; after this move, no longer.
    BlocksTuzdik,
    /// Over the best line the search sees, the mover gains this many stones more than the opponent.
    GainsOverLine { stones: i32, moves: u32 },
    /// Nothing to take now: the move keeps stones and options for later.
    KeepsMoves,
    /// Every move loses; this one loses slowest.
    HoldsOut(u32),
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let plural = |n: i64| if n == 1 { "" } else { "s" };
        match *self {
            Reason::ForcesWin(n) => write!(f, "wins in {n} move{}", plural(n.into())),
            Reason::Captures(n) => write!(f, "captures {n} stone{}", plural(n.into())),
            Reason::MakesTuzdik(h) => write!(f, "makes a tuzdik on hole {h}"),
            Reason::Saves(n) => write!(f, "saves {n} stone{} from a capture", plural(n.into())),
            Reason::BlocksTuzdik => f.write_str("blocks an opponent tuzdik"),
            Reason::GainsOverLine { stones, moves } => {
                write!(f, "wins {stones} stone{} over the next {moves} moves", plural(stones.into()))
            }
            Reason::KeepsMoves => f.write_str("keeps moves for later"),
            Reason::HoldsOut(n) => write!(f, "holds out longest ({n} moves)"),
        }
    }
}

/// A hint: the move, why, and how the position stands.
#[derive(Clone, Debug, PartialEq)]
pub struct Hint {
    pub hole: Hole,
    pub reasons: Vec<Reason>,
    /// The search's evaluation for the side to move, in stones.
    pub eval_stones: f32,
}

impl Hint {
    /// "captures 10 stones, saves 4 stones from a capture"
    pub fn reason_text(&self) -> String {
        self.reasons.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ")
    }
}

/// The opponent's best immediate take if it were their move: (stones captured, could make a tuzdik).
pub(crate) fn opponent_threat(pos: &Position) -> (u8, bool) {
    let theirs = pos.with_side_to_move(pos.side_to_move().opponent());
    let mut capture = 0;
    let mut tuzdik = false;
    for hole in theirs.legal_moves() {
        let p = theirs.preview(hole);
        capture = capture.max(p.captured);
        tuzdik |= p.tuzdik.is_some();
    }
    (capture, tuzdik)
}

/// Explains the search's best move in `pos` (the result of a search of `pos`).
pub fn hint(pos: &Position, result: &Iteration) -> Option<Hint> {
    let hole = *result.pv.first()?;
    let landing = pos.landing(hole).ok()?;
    let mut after = *pos;
    after.play_unchecked(hole);
    let mut reasons = Vec::new();
    match forced_result(result.score) {
        Some((true, moves)) => reasons.push(Reason::ForcesWin(moves)),
        Some((false, moves)) => reasons.push(Reason::HoldsOut(moves)),
        None => {}
    }
    match landing.effect {
        LandingEffect::Capture(n) => reasons.push(Reason::Captures(n)),
        LandingEffect::Tuzdik => reasons.push(Reason::MakesTuzdik(landing.hole)),
        _ => {}
    }
    // Before the move the opponent's threats are measured as if it were their turn now; after the
    // move it is their turn.
    let (threat_before, tuzdik_before) = opponent_threat(pos);
    let (threat_after, tuzdik_after) = opponent_threat(&after.with_side_to_move(pos.side_to_move()));
    if threat_after < threat_before {
        reasons.push(Reason::Saves(threat_before - threat_after));
    }
    if tuzdik_before && !tuzdik_after {
        reasons.push(Reason::BlocksTuzdik);
    }
    if reasons.is_empty() {
        // Walk the principal variation and count what each side gains along it.
        let me = pos.side_to_move();
        let mut line = *pos;
        for &mv in &result.pv {
            if line.check(mv).is_err() {
                break;
            }
            line.play_unchecked(mv);
        }
        let gain = |p: &Position| i32::from(p.kazan(me)) - i32::from(p.kazan(me.opponent()));
        let stones = gain(&line) - gain(pos);
        let moves = result.pv.len().div_ceil(2) as u32;
        if stones > 0 && moves > 1 {
            reasons.push(Reason::GainsOverLine { stones, moves });
        } else {
            reasons.push(Reason::KeepsMoves);
        }
    }
    let eval_stones = match forced_result(result.score) {
        Some(_) => f32::from(i16::try_from(result.score.signum() * 81).unwrap_or(0)),
        None => result.score as f32 / STONE as f32,
    };
    Some(Hint { hole, reasons, eval_stones })
}
