//! The system Back (Android's gesture or button; Escape on a desktop): it closes the panel on top (the
//! language list or the games played before the title's sheet they were opened from), else goes back one
//! screen: from a lesson to the list, from the list to where it was opened, from a game to the title (the
//! game is saved), from the openings to the puzzles, and from the title out of the app.

use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;

use crate::app::menus::confirm::{PendingNewGame, PendingPlayFrom};
use crate::app::menus::games::HistoryList;
use crate::app::menus::language::LanguageList;
use crate::app::screens::game::menu::MenuOpen;
use crate::app::screens::lessons::list::LessonsFrom;
use crate::app::screens::review::shown::Review;
use crate::app::screens::title::sheets::TitleSheet;
use crate::app::screens::training::choose::ChooserOpen;
use crate::app::state::panels::MoveListOpen;
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
    mut languages: ResMut<LanguageList>,
    mut games: ResMut<HistoryList>,
    mut moves: ResMut<MoveListOpen>,
    mut pending: ResMut<PendingNewGame>,
    mut play_from: ResMut<PendingPlayFrom>,
    mut menu: ResMut<MenuOpen>,
    mut sheet: ResMut<TitleSheet>,
    review: Option<Res<Review>>,
    mut chooser: ResMut<ChooserOpen>,
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
    } else if *sheet != TitleSheet::None {
        *sheet = TitleSheet::None;
    } else if menu.0 {
        menu.0 = false;
    } else if chooser.0 {
        chooser.0 = false;
    } else {
        match screen.get() {
            Screen::Lesson => next.set(Screen::Lessons),
            Screen::Lessons => next.set(from.0),
            Screen::Game | Screen::Training => next.set(Screen::Title),
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
