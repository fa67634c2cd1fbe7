//! The computer's work on the task pool, in slices so that no frame waits: one kind of search task for
//! every feature (`search_task`), the computer's move, and the hint.

pub mod ai_task;
pub mod hint;
pub mod search_task;

use bevy::prelude::*;

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins((search_task::plugin, ai_task::plugin, hint::plugin));
}
