//! What is kept on disk (the data, not the screens): the save, the games played (and the player's standing
//! on the ladder, read from them), records out and in, and the start-up note that picks the renderer.

pub mod history;
pub mod persistence;
pub mod records;
pub mod renderer;
pub mod standing;

use bevy::prelude::*;

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins((
        persistence::plugin,
        records::plugin,
        history::plugin,
        renderer::plugin,
        standing::plugin,
    ));
}
