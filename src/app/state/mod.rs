//! The vocabulary every feature shares: the screens and the frame's order, the game being played, the
//! settings, the messages between features, the window's size and the launch options. Leaf files only:
//! nothing here uses a feature above it.

pub mod clock;
pub mod content;
pub mod launch;
pub mod messages;
pub mod panels;
pub mod renderer;
pub mod screen;
pub mod session;
pub mod settings;
pub mod view;

use bevy::prelude::*;

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins((
        screen::plugin,
        settings::plugin,
        session::plugin,
        messages::plugin,
        panels::plugin,
        clock::plugin,
    ));
}
