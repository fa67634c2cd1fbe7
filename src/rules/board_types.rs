//! The board's vocabulary: the two sides, the hole numbers 1..9, the places a stone can be, and the
//! set of holes a side may play.
//!
//! Invariants: a [`Hole`] always holds a number 1..9 (the rules module builds one directly only from
//! board arithmetic that yields 1..9; everyone else goes through [`Hole::new`] for a number that may be
//! wrong, [`Hole::from_index`] for a 0-based index known to be 0 to 8, or serde, which checks the number as
//! [`Hole::new`] does); a [`MoveList`] uses only
//! its low nine bits, bit `n - 1` standing for hole `n`. Board indices run in sowing order, White's holes
//! 0..8 then Black's 9..17, and [`index_of`] and [`place_of_index`] are each other's inverse.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::HOLES_PER_SIDE;

/// A player. White moves first.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Side {
    White,
    Black,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::White, Side::Black];

    pub fn opponent(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn name(self) -> &'static str {
        match self {
            Side::White => "white",
            Side::Black => "black",
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A hole number 1..9, counted from its owner's left.
///
/// Serialized as its number (a newtype, as when it derived both); a number outside 1..9 is refused when
/// read, so that a damaged save or asset cannot make a hole that underflows later.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "HoleNumber")]
// The field is `pub(super)` so that the rules can name a hole they computed without re-checking it;
// outside `rules` a hole is only made by `Hole::new`, `Hole::from_index` or `TryFrom<u8>`.
pub struct Hole(pub(super) u8);

/// What a [`Hole`] reads as before its number is checked: the same newtype of the same name, so that the
/// serialized form is unchanged.
#[derive(Deserialize)]
#[serde(rename = "Hole")]
struct HoleNumber(u8);

impl TryFrom<HoleNumber> for Hole {
    type Error = NotAHole;
    fn try_from(raw: HoleNumber) -> Result<Hole, NotAHole> {
        Hole::try_from(raw.0)
    }
}

/// A number that is not a hole (1..9).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct NotAHole(pub u8);

impl fmt::Display for NotAHole {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} is not a hole number (1 to 9)", self.0)
    }
}

impl std::error::Error for NotAHole {}

impl TryFrom<u8> for Hole {
    type Error = NotAHole;
    /// [`Hole::new`] with a reason for the refusal.
    fn try_from(number: u8) -> Result<Hole, NotAHole> {
        Hole::new(number).ok_or(NotAHole(number))
    }
}

impl Hole {
    /// The opponent's 9th hole can never become a tuzdik.
    pub const NINTH: Hole = Hole(9);

    /// The hole of a number, if it is one (1..9): for numbers that may be wrong (a record, a save, a
    /// command).
    pub fn new(number: u8) -> Option<Hole> {
        (1..=9).contains(&number).then_some(Hole(number))
    }

    /// The hole at a 0-based index, 0 to 8 (hole 1 at 0): outside the rules' own sowing arithmetic, the
    /// one place an index becomes a hole, for indices in range by construction (a loop over a side's nine
    /// holes, a board index modulo 9). [`Hole::number`] minus one is the way back.
    ///
    /// # Panics
    /// If `index` is 9 or more: that is a bug in the caller, not bad input.
    pub fn from_index(index: usize) -> Hole {
        assert!(index < HOLES_PER_SIDE, "hole index {index} is out of range (0 to 8)");
        Hole(index as u8 + 1)
    }

    pub fn all() -> impl Iterator<Item = Hole> {
        (0..HOLES_PER_SIDE).map(Hole::from_index)
    }

    pub fn number(self) -> u8 {
        self.0
    }

    fn offset(self) -> usize {
        usize::from(self.0 - 1)
    }
}

impl fmt::Display for Hole {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Where a stone can be: a hole on one side, or a side's kazan.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Place {
    Hole(Side, Hole),
    Kazan(Side),
}

/// The board index (0..18, sowing order) of a side's hole.
pub(super) fn index_of(side: Side, hole: Hole) -> usize {
    side.index() * HOLES_PER_SIDE + hole.offset()
}

/// The side and hole at a board index (0..18, sowing order).
pub(super) fn place_of_index(index: usize) -> (Side, Hole) {
    let side = if index < HOLES_PER_SIDE { Side::White } else { Side::Black };
    (side, Hole::from_index(index % HOLES_PER_SIDE))
}

/// The legal moves of a position, as a set of holes. Never allocates.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
// `pub(super)` so that `Position::legal_moves` can build the set straight from its bits.
pub struct MoveList(pub(super) u16);

impl MoveList {
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    pub fn contains(self, hole: Hole) -> bool {
        self.0 & (1 << hole.offset()) != 0
    }
    /// The raw set: bit `n - 1` is hole `n`.
    pub fn bits(self) -> u16 {
        self.0
    }
}

impl Iterator for MoveList {
    type Item = Hole;
    fn next(&mut self) -> Option<Hole> {
        if self.0 == 0 {
            return None;
        }
        let offset = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(Hole(offset + 1))
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for MoveList {}
