//! Behaving like a phone app. The system Back (Android's gesture or button; Escape on a desktop) closes
//! the panel on top, else goes back one screen: from a lesson to the list, from the list to where it was
//! opened, from a game to the title (the game is saved), and from the title out of the app.
//!
//! Going to the background pauses what would run unseen: the sounds and the computer's search (it starts
//! again on return, for the same position). The save is written at once by the persistence plugin, so a
//! phone that ends the app in the background loses nothing.

use bevy::audio::AudioSink;
use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;
use bevy::window::AppLifecycle;

use super::Screen;
use super::ai_task::Thinking;
use super::confirm::{PendingNewGame, PendingPlayFrom};
use super::hud::MenuOpen;
use super::language::LanguageList;
use super::review::MoveListOpen;
use super::tutorial::LessonsFrom;

/// The app is in the background: nothing is shown, nothing should run.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub struct InBackground(pub bool);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<InBackground>()
        .add_systems(PreUpdate, follow_lifecycle)
        .add_systems(Update, go_back.in_set(super::Frame::Input));
}

fn follow_lifecycle(
    mut events: MessageReader<AppLifecycle>,
    mut background: ResMut<InBackground>,
    mut thinking: ResMut<Thinking>,
    sinks: Query<&AudioSink>,
) {
    for event in events.read() {
        let away = match event {
            AppLifecycle::WillSuspend | AppLifecycle::Suspended => true,
            AppLifecycle::WillResume | AppLifecycle::Running => false,
            AppLifecycle::Idle => continue,
        };
        if away == background.0 {
            continue;
        }
        background.0 = away;
        for sink in &sinks {
            if away {
                sink.pause();
            } else {
                sink.play();
            }
        }
        if away {
            // Searched again from the same position on return: nothing is lost but a few moments.
            thinking.cancel();
        }
    }
}

/// Whether this key press is the system's Back.
fn is_back(key: &KeyboardInput) -> bool {
    key.state == ButtonState::Pressed
        && !key.repeat
        && (key.logical_key == Key::BrowserBack
            || key.key_code == KeyCode::BrowserBack
            || key.key_code == KeyCode::Escape)
}

#[allow(clippy::too_many_arguments)]
fn go_back(
    mut keys: MessageReader<KeyboardInput>,
    screen: Res<State<Screen>>,
    from: Res<LessonsFrom>,
    mut next: ResMut<NextState<Screen>>,
    mut languages: ResMut<LanguageList>,
    mut games: ResMut<super::history::HistoryList>,
    mut moves: ResMut<MoveListOpen>,
    mut pending: ResMut<PendingNewGame>,
    mut play_from: ResMut<PendingPlayFrom>,
    mut menu: ResMut<MenuOpen>,
    review: Option<Res<super::review::Review>>,
    mut exit: MessageWriter<AppExit>,
) {
    if !keys.read().fold(false, |back, key| back | is_back(key)) {
        return;
    }
    if languages.0 {
        languages.0 = false;
    } else if games.open {
        games.open = false;
    } else if moves.0 {
        moves.0 = false;
    } else if pending.0.is_some() || play_from.0 {
        pending.0 = None;
        play_from.0 = false;
    } else if menu.0 {
        menu.0 = false;
    } else {
        match screen.get() {
            Screen::Lesson => next.set(Screen::Lessons),
            Screen::Lessons => next.set(from.0),
            Screen::Game => next.set(Screen::Title),
            Screen::Review => next.set(review.map_or(Screen::Game, |r| r.back_to)),
            // A web page is left with the browser's own Back: ending the loop there would freeze it.
            Screen::Title if cfg!(target_arch = "wasm32") => {}
            // On Android the activity finishes when the app's loop ends.
            Screen::Title => {
                exit.write(AppExit::Success);
            }
        }
    }
}
