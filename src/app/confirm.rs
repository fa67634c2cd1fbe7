//! "Start a new game? The unfinished one will be lost." A new game replaces the saved one, so starting one
//! while a game is under way (from the title, or from the menu) asks first.

use bevy::prelude::*;

use crate::game::Mode;

use super::locale::Tr;
use super::theme;
use super::widgets::{Backdrop, Tap, backdrop, card, labelled_button, text};
use super::{NewGame, Screen};

/// The new game waiting for the player's word.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq)]
pub struct PendingNewGame(pub Option<Mode>);

#[derive(Component)]
struct ConfirmRoot;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PendingNewGame>()
        .add_systems(Update, show_question)
        .add_systems(OnExit(Screen::Title), forget)
        .add_systems(OnExit(Screen::Game), forget);
}

fn forget(mut pending: ResMut<PendingNewGame>) {
    pending.0 = None;
}

/// Starts `mode` at once when nothing would be lost (`unfinished` is false), or asks first.
pub fn new_game_or_ask(
    mode: Mode,
    unfinished: bool,
    pending: &mut PendingNewGame,
    new_game: &mut MessageWriter<NewGame>,
) {
    if unfinished {
        pending.0 = Some(mode);
    } else {
        new_game.write(NewGame(mode));
    }
}

fn show_question(
    pending: Res<PendingNewGame>,
    roots: Query<Entity, With<ConfirmRoot>>,
    mut commands: Commands,
) {
    if !pending.is_changed() {
        return;
    }
    for root in &roots {
        commands.entity(root).despawn();
    }
    if pending.0.is_none() {
        return;
    }
    commands
        .spawn((backdrop("Button Close the question", 0.55, 40), ConfirmRoot, Backdrop))
        .observe(|_: On<Tap>, mut pending: ResMut<PendingNewGame>| pending.0 = None)
        .with_children(|overlay| {
            overlay
                .spawn((Name::new("Question"), card(320.0, 20.0, 14.0, AlignItems::Center)))
                .with_children(|card| {
                    card.spawn((
                        Tr("confirm.question"),
                        text("", 19.0, theme::TEXT),
                        TextLayout::justify(Justify::Center),
                    ));
                    // Keeping the game comes first: the other button loses it.
                    labelled_button(card, "confirm.cancel", 20.0, ())
                        .observe(|_: On<Tap>, mut pending: ResMut<PendingNewGame>| pending.0 = None);
                    labelled_button(card, "confirm.start", 20.0, ()).observe(
                        |_: On<Tap>,
                         mut pending: ResMut<PendingNewGame>,
                         mut new_game: MessageWriter<NewGame>| {
                            if let Some(mode) = pending.0.take() {
                                new_game.write(NewGame(mode));
                            }
                        },
                    );
                });
        });
}
