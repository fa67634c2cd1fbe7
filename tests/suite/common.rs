use std::path::PathBuf;

use toguz::rules::{Hole, Position, Side};

/// A file of `tests/data/` (the master games, the perft counts: see its README), in the repository itself
/// so that a clone alone runs every test.
pub fn data(file: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests").join("data").join(file)
}

/// The text of a file of `tests/data/`; a missing file fails the test that reads it (none is skipped).
pub fn read_data(file: &str) -> String {
    let path = data(file);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

pub fn hole(n: u8) -> Hole {
    Hole::new(n).expect("hole 1..9")
}

/// A position with the given holes; the stones not on the board are shared between the kazans
/// (white gets the smaller half) so that the board always holds 162.
pub fn board(white: [u8; 9], black: [u8; 9], tuzdiks: [u8; 2], side: Side) -> Position {
    let on_board: u32 = white.iter().chain(&black).map(|&n| u32::from(n)).sum();
    let rest = 162 - on_board;
    let kazans = [(rest / 2) as u8, (rest - rest / 2) as u8];
    with_kazans(white, black, kazans, tuzdiks, side)
}

pub fn with_kazans(
    white: [u8; 9],
    black: [u8; 9],
    kazans: [u8; 2],
    tuzdiks: [u8; 2],
    side: Side,
) -> Position {
    Position::from_parts(white, black, kazans, tuzdiks.map(Hole::new), side).expect("a valid test position")
}
