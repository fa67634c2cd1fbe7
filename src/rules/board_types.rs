//! The board's vocabulary: the two sides, the hole numbers 1..9, the places a stone can be, and the
//! set of holes a side may play.
//!
//! Invariants: a [`Hole`] always holds a number 1..9 (the rules module builds one directly only from
//! board arithmetic that yields 1..9, everyone else goes through [`Hole::new`]); a [`MoveList`] uses only
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
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
// The field is `pub(super)` so that the rules can name a hole they computed without re-checking it;
// outside `rules` a hole is only made by `Hole::new`.
pub struct Hole(pub(super) u8);

impl Hole {
    /// The opponent's 9th hole can never become a tuzdik.
    pub const NINTH: Hole = Hole(9);

    pub fn new(number: u8) -> Option<Hole> {
        (1..=9).contains(&number).then_some(Hole(number))
    }

    pub fn all() -> impl Iterator<Item = Hole> {
        (1..=9).map(Hole)
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
    (side, Hole((index % HOLES_PER_SIDE) as u8 + 1))
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
