//! The computer's work on the task pool, in slices so that no frame waits: its move, and the hint.

pub mod ai_task;
pub mod hint;

use bevy::prelude::*;

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins((ai_task::plugin, hint::plugin));
}
