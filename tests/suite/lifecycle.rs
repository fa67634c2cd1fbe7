//! The app as a phone app: the system Back, and going to the background and back (Bevy's lifecycle
//! messages, as Android's activity sends them through winit).

use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;
use bevy::window::AppLifecycle;
use toguz::ai::Level;
use toguz::app::computer::ai_task::Thinking;
use toguz::app::platform::lifecycle::InBackground;
use toguz::app::saves::persistence::read_save;
use toguz::app::state::panels::{Panel, Panels};
use toguz::app::state::screen::Screen;
use toguz::app::state::settings::Settings;
use toguz::rules::Side;

use super::flows::{
    PHONE, click, frames, has_button, moves, press, save_dir, screen, start_app, start_hot_seat, tap_hole,
    touch_tap_arriving, window_entity,
};

/// Android's Back key, as winit reports it; then `after` frames.
pub(crate) fn system_back(app: &mut App) {
    back_key(app);
    frames(app, 3);
}

fn back_key(app: &mut App) {
    let window = window_entity(app);
    for state in [ButtonState::Pressed, ButtonState::Released] {
        app.world_mut().write_message(KeyboardInput {
            key_code: KeyCode::BrowserBack,
            logical_key: Key::BrowserBack,
            state,
            text: None,
            repeat: false,
            window,
        });
    }
}

fn exits(app: &mut App) -> usize {
    let messages = app.world().resource::<Messages<AppExit>>();
    messages.get_cursor().read(messages).count()
}

#[test]
fn back_closes_the_menu_then_goes_to_the_title_with_the_game_saved_then_leaves_the_app() {
    let dir = save_dir("back");
    let mut app = start_app(PHONE, &dir);
    start_hot_seat(&mut app);
    frames(&mut app, 3);
    tap_hole(&mut app, Side::White, 7);
    press(&mut app, "Menu");
    assert!(app.world().resource::<Panels>().contains(Panel::Menu));
    system_back(&mut app);
    assert!(!app.world().resource::<Panels>().contains(Panel::Menu), "Back closes the menu first");
    assert_eq!(screen(&app), Screen::Game);
    system_back(&mut app);
    assert_eq!(screen(&app), Screen::Title, "Back from a game goes to the title");
    assert!(has_button(&mut app, "Continue"), "and the game waits there");
    // The language list over the Settings sheet closes before anything else, then the sheet.
    press(&mut app, "Settings");
    press(&mut app, "Language");
    system_back(&mut app);
    assert_eq!(screen(&app), Screen::Title);
    assert!(has_button(&mut app, "Sound"), "the list closed, the sheet it was opened from is still there");
    system_back(&mut app);
    assert!(has_button(&mut app, "Continue"), "the sheet closed, the title is still there");
    press(&mut app, "Play");
    assert!(has_button(&mut app, "Start"));
    system_back(&mut app);
    assert_eq!(screen(&app), Screen::Title, "Back closes the Play sheet and stays on the title");
    assert!(has_button(&mut app, "Continue"), "the sheet closed, the title is still there");
    assert_eq!(exits(&mut app), 0);
    back_key(&mut app);
    app.update();
    assert_eq!(exits(&mut app), 1, "Back on the title leaves the app");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn back_in_the_lessons_leaves_the_lesson_then_the_list_for_the_screen_it_came_from() {
    let dir = save_dir("back-lessons");
    let mut app = start_app(PHONE, &dir);
    press(&mut app, "Learn to play");
    for _ in 0..600 {
        if has_button(&mut app, "Lesson The board") {
            break;
        }
        app.update();
    }
    press(&mut app, "Lesson The board");
    assert_eq!(screen(&app), Screen::Lesson);
    system_back(&mut app);
    assert_eq!(screen(&app), Screen::Lessons);
    system_back(&mut app);
    assert_eq!(screen(&app), Screen::Title);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn in_the_background_the_game_is_saved_at_once_and_the_computer_waits_until_the_player_is_back() {
    let dir = save_dir("background");
    let mut app = start_app(PHONE, &dir);
    press(&mut app, "Play");
    click(&mut app, "Level 8");
    press(&mut app, "Start");
    frames(&mut app, 3);
    app.world_mut().resource_mut::<Settings>().speed = toguz::app::state::settings::Speed::Instant;
    // The player's move, and at once to the background, while the computer thinks.
    let at = {
        let layout = app.world().resource::<toguz::app::board::layout::BoardLayout>();
        let c = layout.hole(Side::White, crate::common::hole(7)).center();
        Vec2::new(c.x + layout.window.x / 2.0, layout.window.y / 2.0 - c.y)
    };
    touch_tap_arriving(&mut app, at);
    let before = moves(&app).len();
    assert_eq!(before, 1, "the player's move is played");
    assert!(app.world().resource::<Thinking>().is_thinking(), "the computer is thinking");
    // What Bevy 0.19 sends: `Suspended` alone (winit's `suspended` becomes it before the one send).
    app.world_mut().write_message(AppLifecycle::Suspended);
    frames(&mut app, 2);
    assert!(app.world().resource::<InBackground>().0);
    // The system may end the app now: the save on disk must already hold the move.
    let on_disk = read_save(&dir.join("save.ron")).expect("saved when going to the background");
    assert_eq!(on_disk.game.map(|g| g.moves.len()), Some(before), "the save holds every move made");
    assert!(!app.world().resource::<Thinking>().is_thinking(), "the search is paused");
    frames(&mut app, 120);
    assert_eq!(moves(&app).len(), before, "nothing is played while the app is away");
    app.world_mut().write_message(AppLifecycle::WillResume);
    app.update();
    app.world_mut().write_message(AppLifecycle::Running);
    crate::app::frames_until(&mut app, 600, |app| moves(app).len() > before);
    assert_eq!(moves(&app).len(), before + 1, "back in front, the computer replies");
    assert_eq!(app.world().resource::<Settings>().level, Level::MEDIUM);
    let _ = std::fs::remove_dir_all(&dir);
}
