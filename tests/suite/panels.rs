//! What covers the board (`state::panels`): one panel shows at a time, whatever opened it over what; Back
//! and a tap beside the card close the one on top and show the one under it; the board takes taps exactly
//! when nothing covers it.

use bevy::prelude::*;
use toguz::ai::Player;
use toguz::app::saves::history::{HistoryFile, PastGame};
use toguz::app::state::panels::{Panel, Panels};
use toguz::app::state::screen::Screen;
use toguz::app::ui::widgets::{Backdrop, CoversBoard, button_at};
use toguz::engine::tools::play_game;
use toguz::game::{Mode, SavedMoves};
use toguz::rules::{Hole, Side};

use super::flows::{
    PHONE, TABLET, buttons, frames, has_button, moves, open_games, press, save_dir, screen, start_app,
    start_hot_seat, tap_hole, touch_tap_arriving,
};
use super::lifecycle::system_back;

/// The dimmed screens drawn: one for each panel on screen.
fn dimmed_screens(app: &mut App) -> usize {
    let mut q = app.world_mut().query_filtered::<&InheritedVisibility, With<CoversBoard>>();
    q.iter(app.world()).filter(|v| v.get()).count()
}

/// How many buttons a finger can reach say `label`.
fn reachable(app: &mut App, label: &str) -> usize {
    buttons(app).iter().filter(|(l, _, _)| l == label).count()
}

fn top(app: &App) -> Option<Panel> {
    app.world().resource::<Panels>().top()
}

/// One finished game in the history, so that the title's Settings lists "Games".
fn one_game_in_history(dir: &std::path::Path) {
    let (_, holes) = play_game(&Player::Random, &Player::Random, &[], 5);
    let game = SavedMoves {
        mode: Mode::HotSeat,
        start: None,
        moves: holes,
        id: 7,
        ending: None,
        clock: None,
        takebacks: 0,
    };
    let file = HistoryFile { version: 1, games: vec![PastGame { date: "2026-12-01".into(), game }] };
    std::fs::write(dir.join("history.ron"), ron::to_string(&file).unwrap()).unwrap();
}

#[test]
fn the_games_over_the_settings_show_one_card_with_one_close_and_closing_it_shows_the_settings_again() {
    for size in [PHONE, TABLET] {
        let dir = save_dir("panels-games");
        one_game_in_history(&dir);
        let mut app = start_app(size, &dir);
        open_games(&mut app);
        assert!(matches!(top(&app), Some(Panel::Games { .. })));
        assert_eq!(
            dimmed_screens(&mut app),
            1,
            "{size}: one dimmed screen, not the sheet's under the list's"
        );
        assert_eq!(reachable(&mut app, "Close"), 1, "{size}: one Close on screen");
        assert!(has_button(&mut app, "Game 1"));
        press(&mut app, "Close");
        assert!(has_button(&mut app, "Sound"), "{size}: the Settings sheet the list was opened from is back");
        assert_eq!(dimmed_screens(&mut app), 1);
        press(&mut app, "Close");
        assert_eq!(top(&app), None);
        assert_eq!(dimmed_screens(&mut app), 0, "{size}: nothing left over the title");
        assert!(has_button(&mut app, "Play"));
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn the_language_list_takes_the_place_of_the_panel_it_was_opened_from_and_back_gives_it_back() {
    let dir = save_dir("panels-language");
    let mut app = start_app(PHONE, &dir);
    press(&mut app, "Settings");
    press(&mut app, "Language");
    assert_eq!(top(&app), Some(Panel::Language));
    assert_eq!(dimmed_screens(&mut app), 1, "the list's border alone: the sheet is not drawn under it");
    assert!(!has_button(&mut app, "Sound"), "the sheet's buttons are not on screen under the list");
    system_back(&mut app);
    assert!(has_button(&mut app, "Sound"), "Back gives the sheet back");
    // In a game: the menu, then the language from it; Back, then the menu's Resume.
    press(&mut app, "Close");
    start_hot_seat(&mut app);
    frames(&mut app, 3);
    press(&mut app, "Menu");
    press(&mut app, "Language");
    assert_eq!(dimmed_screens(&mut app), 1, "the menu is not drawn under the list");
    assert!(!has_button(&mut app, "Resume"));
    system_back(&mut app);
    assert!(has_button(&mut app, "Resume"), "the menu shows again");
    assert_eq!(screen(&app), Screen::Game);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_board_takes_taps_exactly_when_nothing_covers_it() {
    let dir = save_dir("panels-board");
    // A tablet: the menu's card leaves holes on either side of it.
    let mut app = start_app(TABLET, &dir);
    start_hot_seat(&mut app);
    frames(&mut app, 3);
    press(&mut app, "Menu");
    // A tap on a hole's place beside the menu's card lands on its dimmed screen: it closes the menu, and
    // plays nothing.
    let layout = app.world().resource::<toguz::app::board::layout::BoardLayout>().clone();
    let beside_the_card = Side::BOTH
        .into_iter()
        .flat_map(|side| Hole::all().map(move |hole| (side, hole)))
        .map(|(side, hole)| {
            let c = layout.hole(side, hole).center();
            Vec2::new(c.x + layout.window.x / 2.0, layout.window.y / 2.0 - c.y)
        })
        .find(|&at| {
            let hit = button_at(app.world_mut(), at);
            hit.is_some_and(|e| app.world().get::<Backdrop>(e).is_some())
        })
        .expect("a hole shows beside the menu's card");
    touch_tap_arriving(&mut app, beside_the_card);
    frames(&mut app, 3);
    assert!(moves(&app).is_empty(), "a tap beside the menu's card plays nothing");
    assert_eq!(top(&app), None, "and closes the menu");
    // The move list from the menu takes its place; closing it leaves the board uncovered.
    press(&mut app, "Menu");
    press(&mut app, "Moves");
    assert_eq!(top(&app), Some(Panel::MoveList), "the list took the menu's place");
    press(&mut app, "Close");
    assert_eq!(top(&app), None, "closing the list goes back to the game, not to the menu");
    tap_hole(&mut app, Side::White, 7);
    assert_eq!(moves(&app), [7], "with nothing over it the board plays");
    let _ = std::fs::remove_dir_all(&dir);
}
