//! The system Back (Android's gesture or button; Escape on a desktop): it closes the panel on top of
//! [`Panels`] (the one under it shows again), else goes back one screen: from a lesson to the list, from
//! the list to where it was opened, from a game to the title (the game is saved), from the openings to
//! the puzzles, and from the title out of the app.

use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;

use crate::app::screens::lessons::list::LessonsFrom;
use crate::app::screens::review::shown::Review;
use crate::app::screens::training::choose::LeavePuzzles;
use crate::app::state::panels::Panels;
use crate::app::state::screen::{Frame, Screen};

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Update, go_back.in_set(Frame::Input));
}

/// Whether this key press is the system's Back.
fn is_back(key: &KeyboardInput) -> bool {
    key.state == ButtonState::Pressed
        && !key.repeat
        && (key.logical_key == Key::BrowserBack
            || key.key_code == KeyCode::BrowserBack
            || key.key_code == KeyCode::Escape)
}

fn go_back(
    mut keys: MessageReader<KeyboardInput>,
    screen: Res<State<Screen>>,
    from: Res<LessonsFrom>,
    mut next: ResMut<NextState<Screen>>,
    mut panels: ResMut<Panels>,
    review: Option<Res<Review>>,
    mut leave_puzzles: MessageWriter<LeavePuzzles>,
    mut exit: MessageWriter<AppExit>,
) {
    if !keys.read().fold(false, |back, key| back | is_back(key)) {
        return;
    }
    if !panels.close_top() {
        match screen.get() {
            Screen::Lesson => next.set(Screen::Lessons),
            Screen::Lessons => next.set(from.0),
            Screen::Game => next.set(Screen::Title),
            // The puzzles ask first when leaving would count the puzzle as missed.
            Screen::Training => {
                leave_puzzles.write(LeavePuzzles(Screen::Title));
            }
            Screen::Openings => next.set(Screen::Training),
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
