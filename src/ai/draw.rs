//! Whether the computer accepts a draw a person offers it: it judges the board with a short search of its
//! own (four plies, a few thousand positions: the answer comes in the frame of the offer), so that a
//! capture about to happen counts, not only the kazans as they stand.
//!
//! Invariants: it accepts only a game that is not over; it takes a draw when it stands worse, and an even
//! game only late, when few stones are left to decide it (an even opening is no reason to stop playing).

use crate::ai::eval::STONE;
use crate::ai::search::{Limits, Search, search_blocking};
use crate::rules::{Position, Side, TOTAL_STONES};

/// Worse than this (hundredths of a stone, for the computer), it takes the draw at once.
pub const ACCEPT_WHEN_BEHIND: i32 = -2 * STONE;
/// Within this of even, it takes the draw once the kazans hold [`LATE_GAME_KAZANS`] stones between them.
pub const EVEN: i32 = STONE;
/// The stones both kazans hold when an even game is late enough to be drawn.
pub const LATE_GAME_KAZANS: u8 = 120;

/// How deep the computer looks before it answers.
pub const JUDGEMENT_DEPTH: u8 = 4;

/// Whether `computer` takes a draw offered in `position`.
pub fn accepts_draw(position: &Position, computer: Side) -> bool {
    if position.is_over() {
        return false;
    }
    let limits = Limits { depth: Some(JUDGEMENT_DEPTH), nodes: None, movetime_ms: None };
    let mut search = Search::new(*position, limits, 1);
    let for_mover = search_blocking(&mut search, || 0).score;
    let score = if position.side_to_move() == computer { for_mover } else { -for_mover };
    let kazans = position.kazan(Side::White) + position.kazan(Side::Black);
    debug_assert!(kazans <= TOTAL_STONES);
    score <= ACCEPT_WHEN_BEHIND || (score.abs() <= EVEN && kazans >= LATE_GAME_KAZANS)
}
