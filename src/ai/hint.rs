//! Hints for the side to move: the search's best move, with reasons a beginner understands, found by
//! asking the rules what the move does and what it changes for the opponent; and, for review, what the
//! better move does that the move played did not (`against_played`). A reason is a fact of the board or
//! of the search, never a guess: each names what the rules or the evaluation's terms count.

use std::fmt;

use crate::rules::{Hole, LandingEffect, Position, Side};

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
    /// Review: the move played let the opponent capture this many stones at once; this one lets them
    /// capture nothing.
    DeniesCapture(u8),
    /// Review: the opponent's best capture at once after this move, and after the move played.
    GivesLess { given: u8, instead: u8 },
    /// Review: the move played let the opponent make a tuzdik at once; this one does not.
    AvoidsTuzdik,
    /// Review: the mover's playable holes after this move, and after the move played (the evaluation's
    /// mobility, its largest term after the stones).
    KeepsHoles { holes: u8, instead: u8 },
    /// Review: the move played spent this hole's reserve (`RESERVE` stones or more, the evaluation's big
    /// hole); this one keeps it.
    KeepsReserve { hole: Hole, stones: u8 },
    /// Review, as the board empties: this one leaves this many more stones on the mover's side than the
    /// move played (at the end they count for that side).
    KeepsOnSide(u8),
    /// Review: by the search, this many stones better than the move played within this many moves each;
    /// the concrete words for a move the rules say nothing more about (see `analysis::shown_reasons`).
    Outscores { stones: i32, moves: u32 },
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
            Reason::DeniesCapture(n) => {
                write!(f, "does not give away a capture of {n} stone{}", plural(n.into()))
            }
            Reason::GivesLess { given, instead } => write!(
                f,
                "lets the opponent take {given} stone{} at most, not {instead}",
                plural(given.into())
            ),
            Reason::AvoidsTuzdik => f.write_str("does not open a tuzdik to the opponent"),
            Reason::KeepsHoles { holes, instead } => {
                write!(f, "leaves more holes to play ({holes} instead of {instead})")
            }
            Reason::KeepsReserve { hole, stones } => {
                write!(f, "keeps the {stones} stones of hole {hole} in reserve")
            }
            Reason::KeepsOnSide(n) => {
                write!(f, "sends {n} stone{} fewer to the opponent's side", plural(n.into()))
            }
            Reason::Outscores { stones, moves } => write!(
                f,
                "the computer counts it {stones} stone{} better over the next {moves} moves",
                plural(stones.into())
            ),
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

/// A hole this full holds a reserve big enough to go round the board: the evaluation's big hole.
const RESERVE: u8 = 18;

/// Below this many stones on the board, stones on one's own side count for one (the end of the game gives
/// them to that side); with more, the evaluation does not value them (its `side_stones` weight is below
/// zero while the board is full), so no reason speaks of them.
const ENDGAME_STONES: u8 = 84;

/// The mover's holes with stones to play.
fn playable(pos: &Position, side: Side) -> u8 {
    pos.row(side).iter().filter(|&&n| n > 0).count() as u8
}

/// What `better` does in `pos` that the move `played` did not, the first of these that holds: it gives
/// the opponent no capture, or a smaller one, where the move played gave one; it opens no tuzdik to the
/// opponent where the move played did; it leaves the mover more holes to play; it keeps a reserve the
/// move played spent; as the board empties, it keeps more stones on the mover's side. Review's words for a
/// better move the hint finds nothing concrete to say about: "keeps moves for later", said move after
/// move, told a new player nothing (issue 46). `None` when none holds, or a move is not legal in `pos`.
pub(crate) fn against_played(pos: &Position, better: Hole, played: Hole) -> Option<Reason> {
    pos.check(better).ok()?;
    pos.check(played).ok()?;
    let me = pos.side_to_move();
    let after = |hole: Hole| {
        let mut p = *pos;
        p.play_unchecked(hole);
        p
    };
    let (with_better, with_played) = (after(better), after(played));
    // The opponent's takes at once, as the hint measures them: the position with the mover to move, whose
    // opponent `opponent_threat` looks at.
    let (better_take, better_tuzdik) = opponent_threat(&with_better.with_side_to_move(me));
    let (played_take, played_tuzdik) = opponent_threat(&with_played.with_side_to_move(me));
    // A stone or two is the ordinary give and take of a move: only a real capture is worth the words.
    if played_take >= 2 && better_take == 0 {
        return Some(Reason::DeniesCapture(played_take));
    }
    if better_take > 0 && played_take >= better_take + 2 {
        return Some(Reason::GivesLess { given: better_take, instead: played_take });
    }
    if played_tuzdik && !better_tuzdik {
        return Some(Reason::AvoidsTuzdik);
    }
    let (holes, instead) = (playable(&with_better, me), playable(&with_played, me));
    if holes > instead && holes >= 2 {
        return Some(Reason::KeepsHoles { holes, instead });
    }
    let spent = pos.stones(me, played);
    if spent >= RESERVE {
        return Some(Reason::KeepsReserve { hole: played, stones: spent });
    }
    let on_board =
        with_better.stones_on_side(Side::White).saturating_add(with_better.stones_on_side(Side::Black));
    let kept = i32::from(with_better.stones_on_side(me)) - i32::from(with_played.stones_on_side(me));
    if on_board < ENDGAME_STONES && kept >= 2 {
        return u8::try_from(kept).ok().map(Reason::KeepsOnSide);
    }
    None
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
