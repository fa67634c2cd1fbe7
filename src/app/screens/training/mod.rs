//! Training: the puzzles as data (`set`), the screen that poses them on the board (`screen`), and the
//! card that chooses what to train on (`choose`: the puzzle of the day, a theme, the openings).

pub mod calendar;
pub mod choose;
pub mod screen;
pub mod set;

use bevy::prelude::*;

pub(crate) fn plugin(app: &mut App) {
    // Headless runs without an asset server (the rules' tests of the app) have no puzzles to read.
    if app.world().get_resource::<AssetServer>().is_some() {
        set::plugin(app);
    }
    app.add_plugins((choose::plugin, screen::plugin));
}
