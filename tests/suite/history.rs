//! The games played: kept as they stand, across restarts, the latest 200; a damaged history file is set
//! aside without touching the save; a game of the list opens in review.

use bevy::prelude::*;
use toguz::app::saves::history::{History, HistoryFile, PastGame, civil_date, read_history_text};
use toguz::app::screens::review::shown::Review;
use toguz::app::state::screen::Screen;
use toguz::app::state::session::Session;
use toguz::game::Mode;
use toguz::game::SavedMoves;
use toguz::rules::Side;

use super::flows::{
    PHONE, flushed_save, frames, has_button, moves, open_games, press, save_dir, screen, start_app,
    start_hot_seat, tap_hole,
};

fn history_on_disk(dir: &std::path::Path) -> Vec<PastGame> {
    read_history_text(&std::fs::read_to_string(dir.join("history.ron")).expect("a history file")).unwrap()
}

#[test]
fn every_game_is_kept_across_a_restart_and_opens_in_review_from_the_title() {
    let dir = save_dir("history");
    {
        let mut app = start_app(PHONE, &dir);
        start_hot_seat(&mut app);
        frames(&mut app, 3);
        for (side, hole) in [(Side::White, 7), (Side::Black, 3), (Side::White, 2)] {
            tap_hole(&mut app, side, hole);
        }
        // A new game over an unfinished one: the first is kept as it stood.
        press(&mut app, "Menu");
        press(&mut app, "New game");
        press(&mut app, "Start a new game");
        frames(&mut app, 3);
        tap_hole(&mut app, Side::White, 5);
        let _ = flushed_save(&mut app, &dir);
    }
    let on_disk = history_on_disk(&dir);
    assert_eq!(on_disk.iter().map(|g| g.game.moves.clone()).collect::<Vec<_>>(), [vec![7, 3, 2], vec![5]]);
    assert!(on_disk.iter().all(|g| g.game.mode == Mode::HotSeat && g.date.len() == 10));
    let mut app = start_app(PHONE, &dir);
    open_games(&mut app);
    // Newest first: the older game is the second of the list.
    assert!(has_button(&mut app, "Game 1") && has_button(&mut app, "Game 2"));
    press(&mut app, "Game 2");
    frames(&mut app, 3);
    assert_eq!(screen(&app), Screen::Review);
    let review = app.world().resource::<Review>();
    assert_eq!((review.game.moves(), review.at, review.back_to), (vec![7, 3, 2], 3, Screen::Title));
    press(&mut app, "First move");
    assert!(moves(&app).is_empty());
    press(&mut app, "Done");
    frames(&mut app, 3);
    assert_eq!(screen(&app), Screen::Title);
    assert!(has_button(&mut app, "Game 2"), "back to the list the game was opened from");
    press(&mut app, "Close");
    assert!(has_button(&mut app, "Sound"), "then the Settings sheet the list was opened from");
    press(&mut app, "Close");
    assert!(has_button(&mut app, "Continue"), "the saved game is still waiting");
    press(&mut app, "Continue");
    frames(&mut app, 3);
    assert_eq!(moves(&app), [5], "reviewing an old game did not touch the saved one");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_damaged_history_is_set_aside_and_the_saved_game_and_settings_are_untouched() {
    let dir = save_dir("history-damaged");
    {
        let mut app = start_app(PHONE, &dir);
        start_hot_seat(&mut app);
        frames(&mut app, 3);
        tap_hole(&mut app, Side::White, 7);
        let _ = flushed_save(&mut app, &dir);
    }
    std::fs::write(dir.join("history.ron"), "(version: 1, games: [(date: \"2026").unwrap();
    let mut app = start_app(PHONE, &dir);
    assert!(app.world().resource::<History>().games.is_empty());
    press(&mut app, "Settings");
    assert!(!has_button(&mut app, "Games"), "no games to list");
    press(&mut app, "Close");
    assert_eq!(
        std::fs::read_to_string(dir.join("history.ron.damaged")).unwrap(),
        "(version: 1, games: [(date: \"2026"
    );
    press(&mut app, "Continue");
    frames(&mut app, 3);
    assert_eq!(moves(&app), [7]);
    tap_hole(&mut app, Side::Black, 1);
    let _ = flushed_save(&mut app, &dir);
    drop(app);
    assert_eq!(history_on_disk(&dir).len(), 1, "a fresh history began");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_history_keeps_the_latest_200_games() {
    let dir = save_dir("history-200");
    let mut app = start_app(PHONE, &dir);
    let old: Vec<PastGame> = (1..=200)
        .map(|id| PastGame {
            date: "2026-01-01".into(),
            game: SavedMoves {
                mode: Mode::HotSeat,
                start: None,
                moves: vec![7],
                id,
                ending: None,
                clock: None,
                takebacks: 0,
            },
        })
        .collect();
    app.world_mut().resource_mut::<History>().games = old;
    start_hot_seat(&mut app);
    frames(&mut app, 3);
    tap_hole(&mut app, Side::White, 3);
    let games = &app.world().resource::<History>().games;
    assert_eq!(games.len(), 200);
    assert_eq!(games[0].game.id, 2, "the oldest game made way");
    assert_eq!(games[199].game.id, app.world().resource::<Session>().game.id);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_days_are_counted_into_dates_as_the_calendar_does() {
    assert_eq!(civil_date(0), "1970-01-01");
    assert_eq!(civil_date(11_016), "2000-02-29");
    assert_eq!(civil_date(20_788), "2026-12-01");
}

#[test]
fn a_games_first_line_that_wraps_keeps_its_date_and_result_inside_its_box_on_a_small_phone() {
    use toguz::app::i18n::locale::Lang;
    let dir = save_dir("history-wraps");
    for lang in Lang::ALL {
        for size in [super::flows::SMALL_PHONE, PHONE] {
            let what = format!("{} at {size}", lang.code());
            super::flows::with_language(&dir, lang);
            // Against the computer on Medium: the longest first line ("Против компьютера (средний), …").
            let mut game = super::flows::finished_game();
            game.mode = Mode::Computer { level: toguz::ai::Level::MEDIUM, human: Side::White };
            let unfinished = game.truncated(23);
            let games =
                [&game, &unfinished, &game, &unfinished, &game, &unfinished, &game, &unfinished, &game]
                    .map(|g| PastGame { date: "2026-11-30".to_string(), game: SavedMoves::of(g) });
            let file = HistoryFile { version: 1, games: games.to_vec() };
            std::fs::write(dir.join("history.ron"), ron::to_string(&file).unwrap()).unwrap();
            let mut app = start_app(size, &dir);
            frames(&mut app, 2);
            open_games(&mut app);
            frames(&mut app, 2);
            assert!(has_button(&mut app, "Game 1"), "{what}: the list is open");
            super::flows::assert_nothing_clipped(&mut app, size, &format!("{what}, the games list"));
            super::flows::assert_texts_whole(&mut app, &format!("{what}, the games list"));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
