//! The game under review and the messages that move through it: the vocabulary the review screen, its
//! move list and the computer's view share.

use crate::app::state::screen::Screen;
use crate::app::state::session::Session;
use crate::game::Game;
use bevy::prelude::*;

/// Opens review (from the game) or jumps (in review): the board then shows the position after this many
/// moves; `None` for after the last one.
#[derive(Message, Copy, Clone, Debug, PartialEq, Eq)]
pub struct ReviewAt(pub Option<usize>);

/// A step through the reviewed game.
#[derive(Message, Copy, Clone, Debug, PartialEq, Eq)]
pub enum ReviewStep {
    First,
    Back,
    Forward,
    Last,
}

/// The game under review.
#[derive(Resource)]
pub struct Review {
    /// The whole game reviewed.
    pub game: Game,
    /// The board shows the position after this many of its moves.
    pub at: usize,
    /// The session to bring back when the review ends.
    pub(crate) aside: Option<Session>,
    /// "Play from here": the game that replaces the one set aside.
    pub(crate) play_from: Option<Game>,
    /// Where the review came from, and where "Back" returns: the game, or the title's list of games.
    pub back_to: Screen,
}
