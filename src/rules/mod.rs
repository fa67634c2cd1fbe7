//! The rules of Toguz Korgool (Togyz Kumalak), as the seed documents state them.
//!
//! Everything else in the project (the app, the AI, the tutorial, the hints, the engine CLI) asks this
//! module; nothing re-implements a rule. The board is 18 holes in sowing order: White's holes 1..9 are
//! indices 0..8 and Black's holes 1..9 are indices 9..17, so counter-clockwise sowing is simply `i + 1`
//! modulo 18. Kazans never receive sown stones.

pub mod notation;

mod board_types;
mod outcome;
mod position_string;
mod zobrist;

use serde::{Deserialize, Serialize};

pub use board_types::{Hole, MoveList, NotAHole, Place, Side};
use board_types::{index_of, place_of_index};
pub use outcome::{
    EndReason, IllegalMove, Landing, LandingEffect, MoveOutcome, Outcome, Preview, Status, TuzdikRefusal,
};
pub use position_string::{ParsePositionError, plain_number};

/// Stones in the game.
pub const TOTAL_STONES: u8 = 162;
/// Stones each hole holds at the start.
pub const START_STONES: u8 = 9;
/// A kazan holding this many stones wins at once (more than half of 162).
pub const WINNING_KAZAN: u8 = 82;
/// Holes on each side.
pub const HOLES_PER_SIDE: usize = 9;
const BOARD: usize = 2 * HOLES_PER_SIDE;

/// A position: the 18 holes, both kazans, both tuzdiks and the side to move. Small and `Copy`.
///
/// Serialized field by field as when it derived both; what is read is checked by
/// [`Position::from_parts`], so a damaged save or asset cannot make a position that could not occur.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "PositionParts")]
pub struct Position {
    holes: [u8; BOARD],
    kazans: [u8; 2],
    /// tuzdiks[side] is the number (1..9) of that side's tuzdik hole on the opponent's side, 0 for none.
    tuzdiks: [u8; 2],
    side: Side,
}

/// What a [`Position`] reads as before it is checked: the same fields under the same name, so that the
/// serialized form is unchanged.
#[derive(Deserialize)]
#[serde(rename = "Position")]
struct PositionParts {
    holes: [u8; BOARD],
    kazans: [u8; 2],
    tuzdiks: [u8; 2],
    side: Side,
}

impl TryFrom<PositionParts> for Position {
    type Error = ParsePositionError;
    fn try_from(parts: PositionParts) -> Result<Position, ParsePositionError> {
        let PositionParts { holes, kazans, tuzdiks, side } = parts;
        let white = holes[..HOLES_PER_SIDE].try_into().expect("nine holes");
        let black = holes[HOLES_PER_SIDE..].try_into().expect("nine holes");
        Position::from_parts(white, black, kazans, position_string::tuzdik_holes(tuzdiks)?, side)
    }
}

impl Default for Position {
    fn default() -> Self {
        Self::start()
    }
}

impl Position {
    /// Nine stones in each hole, empty kazans, White to move.
    pub fn start() -> Position {
        Position { holes: [START_STONES; BOARD], kazans: [0; 2], tuzdiks: [0; 2], side: Side::White }
    }

    /// Builds a position from its parts, checking that it could occur: 162 stones, tuzdik holes empty,
    /// no tuzdik on a 9th hole, no two tuzdiks with the same number.
    pub fn from_parts(
        white: [u8; 9],
        black: [u8; 9],
        kazans: [u8; 2],
        tuzdiks: [Option<Hole>; 2],
        side: Side,
    ) -> Result<Position, ParsePositionError> {
        let mut holes = [0u8; BOARD];
        holes[..9].copy_from_slice(&white);
        holes[9..].copy_from_slice(&black);
        let tuzdiks = tuzdiks.map(|t| t.map_or(0, Hole::number));
        let pos = Position { holes, kazans, tuzdiks, side };
        pos.validate()?;
        Ok(pos)
    }

    fn validate(&self) -> Result<(), ParsePositionError> {
        let total: u32 = self.holes.iter().chain(&self.kazans).map(|&n| u32::from(n)).sum();
        if total != u32::from(TOTAL_STONES) {
            return Err(ParsePositionError::new(format!(
                "the position holds {total} stones, not {TOTAL_STONES}"
            )));
        }
        for owner in Side::BOTH {
            if let Some(hole) = self.tuzdik(owner) {
                if hole == Hole::NINTH {
                    return Err(ParsePositionError::new(format!("{owner}'s tuzdik cannot be a 9th hole")));
                }
                if self.stones(owner.opponent(), hole) != 0 {
                    return Err(ParsePositionError::new(format!(
                        "{owner}'s tuzdik (hole {hole}) must hold no stones"
                    )));
                }
            }
        }
        if self.tuzdiks[0] != 0 && self.tuzdiks[0] == self.tuzdiks[1] {
            return Err(ParsePositionError::new("the two tuzdiks cannot have the same number".into()));
        }
        Ok(())
    }

    pub fn side_to_move(&self) -> Side {
        self.side
    }

    pub fn stones(&self, side: Side, hole: Hole) -> u8 {
        self.holes[index_of(side, hole)]
    }

    pub fn stones_at(&self, place: Place) -> u8 {
        match place {
            Place::Hole(side, hole) => self.stones(side, hole),
            Place::Kazan(side) => self.kazan(side),
        }
    }

    /// A side's nine holes, hole 1 first.
    pub fn row(&self, side: Side) -> [u8; 9] {
        let start = side.index() * HOLES_PER_SIDE;
        self.holes[start..start + HOLES_PER_SIDE].try_into().expect("nine holes")
    }

    /// All 18 holes in sowing order: White's 1..9, then Black's 1..9.
    pub fn holes(&self) -> &[u8; BOARD] {
        &self.holes
    }

    pub fn kazan(&self, side: Side) -> u8 {
        self.kazans[side.index()]
    }

    /// The stones still on a side's holes.
    pub fn stones_on_side(&self, side: Side) -> u8 {
        self.row(side).iter().sum()
    }

    /// The owner's tuzdik: a hole on the opponent's side.
    pub fn tuzdik(&self, owner: Side) -> Option<Hole> {
        Hole::new(self.tuzdiks[owner.index()])
    }

    /// Whose tuzdik a hole is, if any.
    pub fn tuzdik_owner(&self, side: Side, hole: Hole) -> Option<Side> {
        let owner = side.opponent();
        (self.tuzdiks[owner.index()] == hole.number()).then_some(owner)
    }

    fn tuzdik_owner_at(&self, index: usize) -> Option<Side> {
        let (side, hole) = place_of_index(index);
        self.tuzdik_owner(side, hole)
    }

    /// The game's status, decided from the position alone.
    pub fn status(&self) -> Status {
        for side in Side::BOTH {
            if self.kazan(side) >= WINNING_KAZAN {
                return Status::Finished(Outcome {
                    winner: Some(side),
                    reason: EndReason::Reached82(side),
                    score: self.kazans,
                });
            }
        }
        if self.kazans == [81, 81] {
            return Status::Finished(Outcome { winner: None, reason: EndReason::Draw81, score: self.kazans });
        }
        if self.stones_on_side(self.side) == 0 {
            let left = [self.stones_on_side(Side::White), self.stones_on_side(Side::Black)];
            let score = [self.kazans[0] + left[0], self.kazans[1] + left[1]];
            let winner = match score[0].cmp(&score[1]) {
                std::cmp::Ordering::Greater => Some(Side::White),
                std::cmp::Ordering::Less => Some(Side::Black),
                std::cmp::Ordering::Equal => None,
            };
            return Status::Finished(Outcome {
                winner,
                reason: EndReason::NoMoves { stuck: self.side, left },
                score,
            });
        }
        Status::Ongoing
    }

    /// True once a kazan holds 82, both hold 81, or the side to move cannot move.
    pub fn is_over(&self) -> bool {
        self.kazans[0] >= WINNING_KAZAN
            || self.kazans[1] >= WINNING_KAZAN
            || self.stones_on_side(self.side) == 0
    }

    /// The legal moves: the non-empty holes of the side to move (a tuzdik on that side always holds no
    /// stones, so it is never among them); none once the game is over.
    pub fn legal_moves(&self) -> MoveList {
        if self.kazans[0] >= WINNING_KAZAN || self.kazans[1] >= WINNING_KAZAN {
            return MoveList(0);
        }
        let start = self.side.index() * HOLES_PER_SIDE;
        let mut bits = 0u16;
        for (i, &n) in self.holes[start..start + HOLES_PER_SIDE].iter().enumerate() {
            if n != 0 {
                bits |= 1 << i;
            }
        }
        MoveList(bits)
    }

    /// Checks that the side to move may play `hole`.
    pub fn check(&self, hole: Hole) -> Result<(), IllegalMove> {
        if self.is_over() {
            return Err(IllegalMove::GameOver);
        }
        if self.tuzdik_owner(self.side, hole).is_some() {
            return Err(IllegalMove::OpponentTuzdik(hole));
        }
        if self.stones(self.side, hole) == 0 {
            return Err(IllegalMove::Empty(hole));
        }
        Ok(())
    }

    /// Plays `hole` for the side to move, returning everything the move did.
    pub fn play(&mut self, hole: Hole) -> Result<MoveOutcome, IllegalMove> {
        self.check(hole)?;
        let side = self.side;
        let from = index_of(side, hole);
        let stones = self.holes[from];
        let mut trace = [Place::Kazan(side); TOTAL_STONES as usize];
        let mut passed = [(side, hole); TOTAL_STONES as usize];
        let first = if stones == 1 { (from + 1) % BOARD } else { from };
        for k in 0..usize::from(stones) {
            let index = (first + k) % BOARD;
            let (s, h) = place_of_index(index);
            passed[k] = (s, h);
            trace[k] = match self.tuzdik_owner_at(index) {
                Some(owner) => Place::Kazan(owner),
                None => Place::Hole(s, h),
            };
        }
        let result = self.apply(from);
        Ok(MoveOutcome {
            side,
            hole,
            stones,
            trace,
            passed,
            landing: place_of_index(result.last),
            captured: result.captured,
            new_tuzdik: result.new_tuzdik,
            tuzdik_refused: result.refused,
            status: self.status(),
        })
    }

    /// Plays a move known to be legal, as fast as possible: the search's move. Returns the stones the
    /// mover's kazan gained.
    ///
    /// # Panics
    /// In debug builds, if the move is not legal.
    #[inline]
    pub fn play_unchecked(&mut self, hole: Hole) -> u8 {
        debug_assert!(self.check(hole).is_ok(), "illegal move {hole} in {self}");
        let mover = self.side.index();
        let before = self.kazans[mover];
        self.apply(index_of(self.side, hole));
        self.kazans[mover] - before
    }

    /// What playing `hole` would do, without playing it: the long-press hint.
    pub fn landing(&self, hole: Hole) -> Result<Landing, IllegalMove> {
        self.check(hole)?;
        let mut after = *self;
        let result = after.apply(index_of(self.side, hole));
        let (side, landed) = place_of_index(result.last);
        let effect = if let Some(owner) = self.tuzdik_owner(side, landed) {
            LandingEffect::IntoTuzdik(owner)
        } else if result.captured > 0 {
            LandingEffect::Capture(result.captured)
        } else if result.new_tuzdik.is_some() {
            LandingEffect::Tuzdik
        } else if let Some(why) = result.refused {
            LandingEffect::TuzdikRefused(why)
        } else {
            LandingEffect::Nothing
        };
        Ok(Landing { side, hole: landed, effect, status: after.status() })
    }

    /// The same position with `side` to move: what the opponent could do if it were their turn.
    pub fn with_side_to_move(&self, side: Side) -> Position {
        Position { side, ..*self }
    }

    /// What the side to move would take by playing `hole` (stones captured, and the tuzdik made), from
    /// the sowing arithmetic alone: the evaluation's cheap look at threats. An empty hole takes nothing.
    #[inline]
    pub fn preview(&self, hole: Hole) -> Preview {
        self.preview_for(self.side, hole)
    }

    /// [`Position::preview`] for either side, as if it were that side's move.
    #[inline]
    pub fn preview_for(&self, side: Side, hole: Hole) -> Preview {
        let mover = side.index();
        let from = index_of(side, hole);
        let n = usize::from(self.holes[from]);
        let none = Preview { captured: 0, tuzdik: None };
        if n == 0 {
            return none;
        }
        let (first, n) = if n == 1 { ((from + 1) % BOARD, 1) } else { (from, n) };
        let last = (first + n - 1) % BOARD;
        if last / HOLES_PER_SIDE == mover {
            return none;
        }
        let number = (last % HOLES_PER_SIDE) as u8 + 1;
        if self.tuzdiks[mover] == number {
            return none; // the last stone falls into the mover's own tuzdik
        }
        // The hole `k` places after `first` receives one stone per pass of the sowing over it.
        let k = (last + BOARD - first) % BOARD;
        let received = (n - k).div_ceil(BOARD);
        let before = if last == from { 0 } else { usize::from(self.holes[last]) };
        let count = (before + received) as u8;
        if count.is_multiple_of(2) {
            Preview { captured: count, tuzdik: None }
        } else if count == 3 && self.tuzdiks[mover] == 0 && number != 9 && self.tuzdiks[1 - mover] != number {
            Preview { captured: 0, tuzdik: Some(Hole(number)) }
        } else {
            none
        }
    }

    /// Sows from `from`, applies capture and tuzdik, passes the turn.
    #[inline]
    fn apply(&mut self, from: usize) -> Applied {
        let n = usize::from(self.holes[from]);
        self.holes[from] = 0;
        // A lone stone moves on; otherwise the first stone goes back into the hole it came from.
        let first = if n == 1 { (from + 1) % BOARD } else { from };
        let laps = (n / BOARD) as u8;
        if laps > 0 {
            for h in &mut self.holes {
                *h += laps;
            }
        }
        let rest = n % BOARD;
        let end = first + rest;
        if end <= BOARD {
            for h in &mut self.holes[first..end] {
                *h += 1;
            }
        } else {
            for h in &mut self.holes[first..] {
                *h += 1;
            }
            for h in &mut self.holes[..end - BOARD] {
                *h += 1;
            }
        }
        // Tuzdik holes were empty before the move, so whatever they hold now was sown into them.
        for owner in 0..2 {
            let t = self.tuzdiks[owner];
            if t != 0 {
                let index = (1 - owner) * HOLES_PER_SIDE + usize::from(t - 1);
                self.kazans[owner] += self.holes[index];
                self.holes[index] = 0;
            }
        }
        let last = (first + n - 1) % BOARD;
        let mover = self.side.index();
        let mut result = Applied { last, captured: 0, new_tuzdik: None, refused: None };
        if last / HOLES_PER_SIDE != mover {
            let count = self.holes[last];
            if count != 0 && count.is_multiple_of(2) {
                self.kazans[mover] += count;
                self.holes[last] = 0;
                result.captured = count;
            } else if count == 3 {
                let number = (last % HOLES_PER_SIDE) as u8 + 1;
                let refusal = if self.tuzdiks[mover] != 0 {
                    Some(TuzdikRefusal::AlreadyHasOne)
                } else if number == 9 {
                    Some(TuzdikRefusal::NinthHole)
                } else if self.tuzdiks[1 - mover] == number {
                    Some(TuzdikRefusal::Symmetric)
                } else {
                    None
                };
                match refusal {
                    None => {
                        self.tuzdiks[mover] = number;
                        self.kazans[mover] += 3;
                        self.holes[last] = 0;
                        result.new_tuzdik = Some(Hole(number));
                    }
                    Some(why) => result.refused = Some(why),
                }
            }
        }
        self.side = self.side.opponent();
        result
    }

    /// Counts the move sequences of length `depth` (a finished game has no moves).
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal_moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .map(|hole| {
                let mut next = *self;
                next.play_unchecked(hole);
                next.perft(depth - 1)
            })
            .sum()
    }
}

/// What `Position::apply` did, for `play` and `landing` to report: the board index of the last stone,
/// and the capture or tuzdik it made or was refused.
struct Applied {
    last: usize,
    captured: u8,
    new_tuzdik: Option<Hole>,
    refused: Option<TuzdikRefusal>,
}
