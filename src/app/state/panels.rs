//! Panels whose being open is read below the screen that opens them (the floating toast shows over the
//! move list, not under the bars it covers).

use bevy::prelude::*;

/// Whether the move list is open.
#[derive(Resource, Default, Clone, Copy, PartialEq, Eq)]
pub struct MoveListOpen(pub bool);
