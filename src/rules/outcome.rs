//! What the rules report: why a move is illegal, how a game ends and stands, what a played move did
//! (the sowing trace for the app's animation and the records' notation), and what a move would do
//! (the long-press hint and the evaluation's preview).
//!
//! Invariants: a [`MoveOutcome`]'s `trace` and `passed` hold one entry per stone lifted, in sowing
//! order, and only their first `stones` entries mean anything; a status of `Finished` always carries the
//! final score (white, black).

use std::fmt;

use serde::{Deserialize, Serialize};

use super::TOTAL_STONES;
use super::board_types::{Hole, Place, Side};

/// Why a move cannot be played.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum IllegalMove {
    /// The hole holds no stones.
    Empty(Hole),
    /// The hole is the opponent's tuzdik: its stones belong to the opponent.
    OpponentTuzdik(Hole),
    /// The game has already ended.
    GameOver,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalMove::Empty(h) => write!(f, "hole {h} is empty"),
            IllegalMove::OpponentTuzdik(h) => {
                write!(f, "hole {h} is the opponent's tuzdik and cannot be played")
            }
            IllegalMove::GameOver => f.write_str("the game is over"),
        }
    }
}

impl std::error::Error for IllegalMove {}

/// How a finished game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum EndReason {
    /// A kazan reached 82 stones.
    Reached82(Side),
    /// Both kazans hold 81.
    Draw81,
    /// The side to move had no legal move; the stones left on the board went to the side they were on.
    /// `left` is how many stones each side (white, black) received that way.
    NoMoves { stuck: Side, left: [u8; 2] },
}

/// The end of a game: winner (None for a draw), reason and final score (white, black).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    pub winner: Option<Side>,
    pub reason: EndReason,
    pub score: [u8; 2],
}

/// Whether the game goes on.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Status {
    Ongoing,
    Finished(Outcome),
}

impl Status {
    /// The word the engine protocol uses: `ongoing`, `white`, `black` or `draw`.
    pub fn word(&self) -> &'static str {
        match self {
            Status::Ongoing => "ongoing",
            Status::Finished(Outcome { winner: Some(side), .. }) => side.name(),
            Status::Finished(Outcome { winner: None, .. }) => "draw",
        }
    }

    pub fn is_over(&self) -> bool {
        matches!(self, Status::Finished(_))
    }
}

/// What a move did, in the order it happened: enough for the app to animate it and for records to write
/// it, without re-computing a rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveOutcome {
    /// Who played.
    pub side: Side,
    /// The hole played (on the mover's side).
    pub hole: Hole,
    /// Stones lifted from it.
    pub stones: u8,
    // Fixed-size so that a move never allocates; `Position::play` fills them, and only the first
    // `stones` entries are read back (through `trace()` and `sown_holes()`).
    pub(super) trace: [Place; TOTAL_STONES as usize],
    pub(super) passed: [(Side, Hole); TOTAL_STONES as usize],
    /// The hole where the last stone was sown (a tuzdik hole too, though that stone went on to a kazan).
    pub landing: (Side, Hole),
    /// Stones taken from the landing hole into the mover's kazan by the even-count rule.
    pub captured: u8,
    /// The mover's new tuzdik (a hole on the opponent's side), whose 3 stones went to the mover's kazan.
    pub new_tuzdik: Option<Hole>,
    /// A landing on exactly 3 that could not become a tuzdik, and why.
    pub tuzdik_refused: Option<TuzdikRefusal>,
    /// The game's status after the move.
    pub status: Status,
}

impl MoveOutcome {
    /// Each sown stone's destination, in order. A stone sown into a tuzdik shows as its owner's kazan.
    pub fn trace(&self) -> &[Place] {
        &self.trace[..usize::from(self.stones)]
    }

    /// The hole each stone was sown into, in order: where [`MoveOutcome::trace`] shows a kazan, this is
    /// the tuzdik the stone passed through on its way there.
    pub fn sown_holes(&self) -> &[(Side, Hole)] {
        &self.passed[..usize::from(self.stones)]
    }

    /// Stones of this move that went into a kazan through a tuzdik, per owner (white, black).
    pub fn through_tuzdik(&self) -> [u8; 2] {
        let mut n = [0u8; 2];
        for place in self.trace() {
            if let Place::Kazan(owner) = place {
                n[owner.index()] += 1;
            }
        }
        n
    }

    /// The move in the standard notation, e.g. `76` or `36x`.
    pub fn notation(&self) -> String {
        let mut s = format!("{}{}", self.hole, self.landing.1);
        if self.new_tuzdik.is_some() {
            s.push('x');
        }
        s
    }
}

/// Why a last stone that made exactly 3 did not make a tuzdik.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TuzdikRefusal {
    /// The mover already has a tuzdik: one per player per game.
    AlreadyHasOne,
    /// The opponent's 9th hole can never become a tuzdik.
    NinthHole,
    /// The hole has the same number as the opponent's tuzdik.
    Symmetric,
}

impl fmt::Display for TuzdikRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TuzdikRefusal::AlreadyHasOne => "each player gets only one tuzdik per game",
            TuzdikRefusal::NinthHole => "the 9th hole can never become a tuzdik",
            TuzdikRefusal::Symmetric => "it mirrors the opponent's tuzdik",
        })
    }
}

/// What would happen if a hole were played: the long-press hint.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Landing {
    /// Where the last stone lands.
    pub side: Side,
    pub hole: Hole,
    pub effect: LandingEffect,
    /// The status after the move (a win by 82, say).
    pub status: Status,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum LandingEffect {
    /// Nothing is taken (own side, or an odd count).
    Nothing,
    /// The even count is captured.
    Capture(u8),
    /// The hole becomes the mover's tuzdik (3 stones taken).
    Tuzdik,
    /// Exactly 3, but no tuzdik, for this reason.
    TuzdikRefused(TuzdikRefusal),
    /// The last stone fell into a tuzdik and went to its owner's kazan.
    IntoTuzdik(Side),
}

/// What a move would take: see [`Position::preview`](super::Position::preview).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Preview {
    pub captured: u8,
    pub tuzdik: Option<Hole>,
}
