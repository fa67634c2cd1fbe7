//! The screens, each a folder or a file: the title, the game, the lessons, review, training, the openings; the system Back that
//! walks between them, the card for a window too small to play in, and the app's rest when nothing moves.

pub mod back;
pub mod board_panel;
pub mod game;
pub mod lessons;
pub mod openings;
pub mod rest;
pub mod review;
pub mod small_window;
pub mod title;
pub mod training;

use bevy::prelude::*;

use crate::app::state;

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins((
        game::plugin,
        title::plugin,
        lessons::plugin,
        back::plugin,
        review::plugin,
        training::plugin,
        openings::plugin,
        small_window::plugin,
        rest::plugin,
    ))
    .add_systems(Update, board_panel::place_floating_message.in_set(state::screen::Frame::View));
}
