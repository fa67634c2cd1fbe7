//! Messages between features that would otherwise import each other: a word for the player, a record to
//! export or paste, a game to review, a game to play on from a reviewed position. Whoever sends one knows
//! nothing of who acts on it.

use bevy::prelude::*;

use crate::game::Game;

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<Toast>()
        .add_message::<ExportRecord>()
        .add_message::<PasteRecord>()
        .add_message::<ReviewPast>()
        .add_message::<PlayFromHere>();
}

/// A short message for the player, e.g. why a tap did nothing.
#[derive(Message, Clone, Debug)]
pub struct Toast(pub String);

/// In review: start a new game, in the reviewed game's mode, from the position shown.
#[derive(Message, Copy, Clone, Debug)]
pub struct PlayFromHere;

/// Export the game looked at (in review) or played (in the game) as a record: to the clipboard, and to a
/// file on the desktop.
#[derive(Message, Clone, Debug)]
pub struct ExportRecord(pub Game);

/// Open the record on the clipboard: kept in the games played, then shown in review.
#[derive(Message, Copy, Clone, Debug)]
pub struct PasteRecord;

/// Opens a game of the history in review, from the title.
#[derive(Message, Clone, Debug)]
pub struct ReviewPast(pub Game);

/// Take back the last move (against the computer: your move and its reply).
#[derive(Message, Copy, Clone, Debug)]
pub struct Undo;

/// Play again what undo took back, until a new move is played.
#[derive(Message, Copy, Clone, Debug)]
pub struct Redo;
