//! "Start a new game? The unfinished one will be lost." A new game replaces the saved one, so starting one
//! while a game is under way (from the title, from the menu, or "Play from here" in review) asks first.

use bevy::prelude::*;

use crate::game::Mode;

use crate::app::i18n::locale::Tr;
use crate::app::state::messages::PlayFromHere;
use crate::app::state::screen::Screen;
use crate::app::state::session::NewGame;
use crate::app::ui::theme;
use crate::app::ui::widgets::{Backdrop, Tap, backdrop, card, labelled_button, text};

/// The new game waiting for the player's word.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq)]
pub struct PendingNewGame(pub Option<Mode>);

/// "Play from here" (review) waiting for the player's word: the game set aside would be lost.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PendingPlayFrom(pub bool);

#[derive(Component)]
struct ConfirmRoot;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<PendingNewGame>()
        .init_resource::<PendingPlayFrom>()
        .add_systems(Update, show_question)
        .add_systems(OnExit(Screen::Title), forget)
        .add_systems(OnExit(Screen::Game), forget)
        .add_systems(OnExit(Screen::Review), forget);
}

fn forget(mut pending: ResMut<PendingNewGame>, mut play_from: ResMut<PendingPlayFrom>) {
    pending.0 = None;
    play_from.0 = false;
}

/// Drops the question unanswered: the game stays.
fn keep_the_game(pending: &mut PendingNewGame, play_from: &mut PendingPlayFrom) {
    pending.0 = None;
    play_from.0 = false;
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
    play_from: Res<PendingPlayFrom>,
    roots: Query<Entity, With<ConfirmRoot>>,
    mut commands: Commands,
) {
    if !pending.is_changed() && !play_from.is_changed() {
        return;
    }
    for root in &roots {
        commands.entity(root).despawn();
    }
    if pending.0.is_none() && !play_from.0 {
        return;
    }
    commands
        .spawn((backdrop("Button Close the question", 0.55, 40), ConfirmRoot, Backdrop))
        .observe(|_: On<Tap>, mut pending: ResMut<PendingNewGame>, mut play_from: ResMut<PendingPlayFrom>| {
            keep_the_game(&mut pending, &mut play_from);
        })
        .with_children(|overlay| {
            overlay
                .spawn((Name::new("Question"), card(320.0, 20.0, 14.0, AlignItems::Center)))
                .with_children(|card| {
                    let (question, start) = if play_from.0 {
                        ("confirm.play_from", "review.play_here")
                    } else {
                        ("confirm.question", "confirm.start")
                    };
                    card.spawn((
                        Tr(question),
                        text("", 19.0, theme::TEXT),
                        TextLayout::justify(Justify::Center),
                    ));
                    // Keeping the game comes first: the other button loses it.
                    let keep = if play_from.0 { "confirm.stay" } else { "confirm.cancel" };
                    labelled_button(card, keep, 20.0, ()).observe(
                        |_: On<Tap>,
                         mut pending: ResMut<PendingNewGame>,
                         mut play_from: ResMut<PendingPlayFrom>| {
                            keep_the_game(&mut pending, &mut play_from);
                        },
                    );
                    labelled_button(card, start, 20.0, ()).observe(
                        |_: On<Tap>,
                         mut pending: ResMut<PendingNewGame>,
                         mut play_from: ResMut<PendingPlayFrom>,
                         mut new_game: MessageWriter<NewGame>,
                         mut play: MessageWriter<PlayFromHere>| {
                            if std::mem::take(&mut play_from.0) {
                                play.write(PlayFromHere);
                            } else if let Some(mode) = pending.0.take() {
                                new_game.write(NewGame(mode));
                            }
                        },
                    );
                });
        });
}
