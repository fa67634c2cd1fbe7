//! The masters' openings: the tree as data (`book`), the masters' moves lit on the board (`marks`), and
//! the screen that walks the tree (`screen`). Review asks the book where a game left the masters' games,
//! and lights their moves in the positions shown that are still in them.

pub mod book;
pub mod marks;
pub mod screen;

use bevy::prelude::*;

pub(crate) fn plugin(app: &mut App) {
    // Headless runs without an asset server (the rules' tests of the app) have no book to read.
    if app.world().get_resource::<AssetServer>().is_some() {
        book::plugin(app);
    }
    app.add_plugins(screen::plugin);
}
