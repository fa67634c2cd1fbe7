//! Training: the puzzles as data (`set`), the screen that poses them on the board (`screen`; its header,
//! panel and buttons `panel`, their words `words`), the card that chooses what to train on (`choose`: the puzzle of the day, Storm, Streak, a
//! theme, the openings), the drills (`drill_run` what runs, `drills` their bar and end card) and the
//! progress by theme (`dashboard`).

pub mod calendar;
pub mod choose;
pub mod dashboard;
pub mod drill_run;
pub mod drills;
pub mod panel;
pub mod screen;
pub mod set;
pub mod words;

use bevy::prelude::*;

pub(crate) fn plugin(app: &mut App) {
    // Headless runs without an asset server (the rules' tests of the app) have no puzzles to read.
    if app.world().get_resource::<AssetServer>().is_some() {
        set::plugin(app);
    }
    app.add_plugins((
        choose::plugin,
        screen::plugin,
        panel::plugin,
        words::plugin,
        drills::plugin,
        dashboard::plugin,
    ));
}
