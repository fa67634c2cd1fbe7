//! How the app names the players, the same way everywhere (bars, results, hints, refusals): against the
//! computer it is "you" and "the computer", in hot-seat "White" and "Black".

use crate::game::Mode;
use crate::rules::Side;

use super::theme;

/// The player, as the subject of a sentence: "You", "The computer", "White".
pub fn player(mode: &Mode, side: Side) -> &'static str {
    match mode {
        Mode::Computer { human, .. } if *human == side => "You",
        Mode::Computer { .. } => "The computer",
        Mode::HotSeat => theme::side_name(side),
    }
}

/// The player in a score line: "You", "Computer", "White".
pub fn player_short(mode: &Mode, side: Side) -> &'static str {
    match mode {
        Mode::Computer { human, .. } if *human == side => "You",
        Mode::Computer { .. } => "Computer",
        Mode::HotSeat => theme::side_name(side),
    }
}

/// Whose something is: "your", "the computer's", "White's".
pub fn possessive(mode: &Mode, side: Side) -> &'static str {
    match (mode, side) {
        (Mode::Computer { human, .. }, s) if *human == s => "your",
        (Mode::Computer { .. }, _) => "the computer's",
        (Mode::HotSeat, Side::White) => "White's",
        (Mode::HotSeat, Side::Black) => "Black's",
    }
}
