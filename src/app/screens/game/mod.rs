//! The game screen: the bars with whose turn it is, the menu, the messages, the result's moment and the
//! game-over panel (with the next level after a win).

pub mod bars;
pub mod clock;
pub mod hud;
pub mod menu;
pub mod messages;
pub mod next_level;
pub mod result;
pub mod table;

use bevy::prelude::*;

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins((hud::plugin, clock::plugin, table::plugin));
}
