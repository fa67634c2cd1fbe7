//! A game looked back at: the review screen, its move list and the computer's view of each move (its
//! panel, its graph and its words).

pub mod analysis;
pub(crate) mod graph;
pub mod move_list;
pub mod said;
pub mod screen;
pub mod shown;

use bevy::prelude::*;

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins((screen::plugin, move_list::plugin, analysis::plugin));
}
