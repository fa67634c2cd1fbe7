//! Training: the puzzles as data (`set`) and the screen that poses them on the board (`screen`).

pub mod screen;
pub mod set;

use bevy::prelude::*;

pub(crate) fn plugin(app: &mut App) {
    // Headless runs without an asset server (the rules' tests of the app) have no puzzles to read.
    if app.world().get_resource::<AssetServer>().is_some() {
        set::plugin(app);
    }
    app.add_plugins(screen::plugin);
}
