//! A game looked back at: the review screen, its move list and the computer's view of each move.

pub mod analysis;
pub mod move_list;
pub mod screen;
pub mod shown;

use bevy::prelude::*;

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins((screen::plugin, move_list::plugin, analysis::plugin));
}
