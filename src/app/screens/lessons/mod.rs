//! Learn to play: the lesson list and the lessons, on the real board.

pub mod course;
pub mod lesson;
pub mod list;
pub mod panel;
pub mod tutorial;

use bevy::prelude::*;

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins(tutorial::plugin);
}
