//! The title: the first screen (the game's name over a dimmed board, and at most five actions) and the
//! sheets that open over it (Play, Two players, Settings). This file only declares them and adds their
//! plugins.

pub mod choice;
pub mod clock_sheet;
pub mod ladder;
pub mod metrics;
pub mod picture;
pub mod screen;
pub mod sheets;

use bevy::prelude::*;

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins(screen::plugin);
}
