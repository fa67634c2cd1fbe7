//! Panels opened over any screen: the language list, the confirm question, the list of games played.

pub mod confirm;
pub mod games;
pub mod language;

use bevy::prelude::*;

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins((language::plugin, confirm::plugin, games::plugin));
}
