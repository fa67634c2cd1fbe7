//! The five-field position string of the engine protocol:
//! `9,9,9,9,9,9,9,9,9 9,9,9,9,9,9,9,9,9 0,0 0,0 w`.

use std::fmt;
use std::str::FromStr;

use super::notation::quote;
use super::{Hole, Position, Side};

/// A position string that does not describe a position that can occur.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsePositionError(String);

impl ParsePositionError {
    pub(super) fn new(message: String) -> Self {
        ParsePositionError(message)
    }
}

impl fmt::Display for ParsePositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ParsePositionError {}

/// A number as records and the protocol write it: decimal digits only, and no leading zero (`0` itself
/// is one). `+7` and `07` are not numbers here, though Rust's `parse` takes them: a hole or a count is
/// written one way only, so that a record or a command means one thing.
pub fn plain_number<T: FromStr>(word: &str) -> Option<T> {
    let digits = !word.is_empty() && word.bytes().all(|b| b.is_ascii_digit());
    if !digits || (word.len() > 1 && word.starts_with('0')) {
        return None;
    }
    word.parse().ok()
}

fn numbers<const N: usize>(field: &str, what: &str) -> Result<[u8; N], ParsePositionError> {
    let mut out = [0u8; N];
    let mut count = 0;
    for part in field.split(',') {
        if count == N {
            return Err(ParsePositionError::new(format!(
                "{what}: more than {N} numbers in {}",
                quote(field)
            )));
        }
        out[count] = plain_number::<u8>(part).filter(|&n| n <= super::TOTAL_STONES).ok_or_else(|| {
            ParsePositionError::new(format!("{what}: {} is not a stone count", quote(part)))
        })?;
        count += 1;
    }
    if count != N {
        return Err(ParsePositionError::new(format!("{what}: expected {N} numbers in {}", quote(field))));
    }
    Ok(out)
}

/// The two tuzdiks as written (white's, black's: a hole number, 0 for none) as holes.
pub(super) fn tuzdik_holes(numbers: [u8; 2]) -> Result<[Option<Hole>; 2], ParsePositionError> {
    let mut tuzdiks = [None; 2];
    for (slot, n) in tuzdiks.iter_mut().zip(numbers) {
        if n != 0 {
            *slot = Some(Hole::new(n).ok_or_else(|| {
                ParsePositionError::new(format!("tuzdiks: '{n}' is not a hole number 0..9"))
            })?);
        }
    }
    Ok(tuzdiks)
}

impl FromStr for Position {
    type Err = ParsePositionError;

    fn from_str(s: &str) -> Result<Position, ParsePositionError> {
        let fields: Vec<&str> = s.split_whitespace().collect();
        if fields.len() != 5 {
            return Err(ParsePositionError::new(format!(
                "a position has 5 fields (white holes, black holes, kazans, tuzdiks, side), found {}",
                fields.len()
            )));
        }
        let white = numbers::<9>(fields[0], "white's holes")?;
        let black = numbers::<9>(fields[1], "black's holes")?;
        let kazans = numbers::<2>(fields[2], "kazans")?;
        let tuzdiks = tuzdik_holes(numbers::<2>(fields[3], "tuzdiks")?)?;
        let side = match fields[4] {
            "w" => Side::White,
            "b" => Side::Black,
            other => {
                return Err(ParsePositionError::new(format!("side to move: {} is not w or b", quote(other))));
            }
        };
        Position::from_parts(white, black, kazans, tuzdiks, side)
    }
}

fn join(f: &mut fmt::Formatter<'_>, values: &[u8]) -> fmt::Result {
    for (i, n) in values.iter().enumerate() {
        if i > 0 {
            f.write_str(",")?;
        }
        write!(f, "{n}")?;
    }
    Ok(())
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        join(f, &self.row(Side::White))?;
        f.write_str(" ")?;
        join(f, &self.row(Side::Black))?;
        f.write_str(" ")?;
        join(f, &self.kazans)?;
        f.write_str(" ")?;
        join(f, &self.tuzdiks)?;
        f.write_str(if self.side == Side::White { " w" } else { " b" })
    }
}
