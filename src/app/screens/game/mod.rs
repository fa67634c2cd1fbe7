//! The game screen: the bars with whose turn it is, the menu, the messages and the game-over panel.

pub mod bars;
pub mod hud;
pub mod menu;
pub mod messages;

use bevy::prelude::*;

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins(hud::plugin);
}
