//! The size the board and the screens are laid out for: the window's, or a test's.

use bevy::prelude::*;

/// The size the board is laid out for (the window's, or a test's).
#[derive(Resource, Copy, Clone, Debug, PartialEq)]
pub struct ViewSize(pub Vec2);
