//! Words: the locale files and their plurals, and every sentence the game builds from them. Uses only
//! `platform` (the system's language).

pub mod locale;
pub mod words;

use bevy::prelude::*;

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins(locale::plugin);
}
