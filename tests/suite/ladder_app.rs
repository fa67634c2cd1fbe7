//! The ladder in the app: a won game offers the next level and counts in the player's rating, shown on
//! the Play sheet; saves from before open with their level; `--level N` opens a game against level N.

use bevy::prelude::*;
use toguz::ai::Level;
use toguz::app::dev::ui_map::UiMapOut;
use toguz::app::saves::persistence::{NOTICE_LEVEL_GONE, SaveFile, SaveNotice, VERSION, to_text};
use toguz::app::saves::standing::PlayerStanding;
use toguz::app::state::launch::Launch;
use toguz::app::state::screen::Screen;
use toguz::app::state::session::Session;
use toguz::app::state::settings::Settings;
use toguz::game::{Game, Mode, SavedMoves};

use super::flows::{
    PHONE, finished_game, frames, has_button, press, put_on_board, save_dir, start_app, start_hot_seat,
};

fn level(n: u8) -> Level {
    Level::new(n).unwrap()
}

/// The UI map's lines, as a script reads them (`TOGUZ_UI_MAP`).
fn map_lines(app: &mut App) -> Vec<String> {
    static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let call = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let path = std::env::temp_dir().join(format!("toguz-ladder-map-{}-{call}.txt", std::process::id()));
    app.world_mut().insert_resource(UiMapOut::File(path.clone()));
    frames(app, 1);
    let text = std::fs::read_to_string(&path).unwrap_or_default();
    app.world_mut().remove_resource::<UiMapOut>();
    let _ = std::fs::remove_file(&path);
    text.lines().map(str::to_string).collect()
}

#[test]
fn a_won_game_offers_the_next_level_and_gives_the_player_a_rating_on_the_play_sheet() {
    let dir = save_dir("ladder-next-level");
    let mut app = start_app(PHONE, &dir);
    press(&mut app, "Play");
    let lines = map_lines(&mut app);
    assert!(lines.contains(&"levels 9".to_string()), "{lines:?}");
    assert!(!lines.iter().any(|l| l.starts_with("rating ")), "no rating before a game: {lines:?}");
    system_close(&mut app);
    start_hot_seat(&mut app);
    frames(&mut app, 2);
    // A finished game against level 4, won by the player.
    let played = finished_game();
    let winner = played.finish().and_then(|f| f.winner()).expect("the sample game has a winner");
    let moves: Vec<u8> = played.moves();
    let game = Game::from_moves_at(
        Mode::Computer { level: level(4), human: winner },
        toguz::rules::Position::start(),
        &moves,
    )
    .unwrap();
    show_game(&mut app, game);
    assert!(map_lines(&mut app).contains(&"level 4".to_string()));
    assert!(has_button(&mut app, "Next level"), "the result offers the next level after a win");
    let said = words_under(&mut app, "Button Next level");
    assert!(said.contains("5.") && said.contains("Skilled player"), "{said}");
    press(&mut app, "Next level");
    frames(&mut app, 3);
    let session = app.world().resource::<Session>();
    assert!(matches!(session.game.mode, Mode::Computer { level: l, .. } if l == level(5)));
    assert_eq!(app.world().resource::<Settings>().level, level(5), "the Play sheet keeps the level");
    // The won game is among the games played, and counts, as the title shows it.
    quit_to_title(&mut app);
    let standing = &app.world().resource::<PlayerStanding>().0;
    assert_eq!(standing.record(level(4)).won, 1);
    let rating = standing.rating().expect("a rating after a finished game");
    assert!(rating > 1300, "a win against a 1300 raises the rating above it: {rating}");
    // A loss offers nothing more.
    start_hot_seat(&mut app);
    frames(&mut app, 2);
    let lost = Game::from_moves_at(
        Mode::Computer { level: level(4), human: winner.opponent() },
        toguz::rules::Position::start(),
        &moves,
    )
    .unwrap();
    show_game(&mut app, lost);
    assert!(!has_button(&mut app, "Next level"), "no next level after a loss");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Puts `game` on the board and lets it settle.
fn show_game(app: &mut App, game: Game) {
    put_on_board(app, game);
    frames(app, 4);
}

/// The words of the named button.
fn words_under(app: &mut App, name: &str) -> String {
    let mut buttons = app.world_mut().query::<(&Name, &Children)>();
    let children: Vec<Entity> = buttons
        .iter(app.world())
        .find(|(n, _)| n.as_str() == name)
        .map(|(_, c)| c.iter().collect())
        .unwrap_or_default();
    children
        .iter()
        .filter_map(|&e| app.world().get::<Text>(e))
        .map(|t| t.0.clone())
        .collect::<Vec<_>>()
        .join(" ")
}

fn quit_to_title(app: &mut App) {
    app.world_mut().resource_mut::<NextState<Screen>>().set(Screen::Title);
    frames(app, 3);
}

fn system_close(app: &mut App) {
    press(app, "Close");
    frames(app, 2);
}

#[test]
fn a_save_from_before_opens_with_its_level_and_a_level_gone_opens_at_the_nearest_and_says_so() {
    for (stored, expected, notice) in [
        ("level: Medium", level(8), None),
        ("level: Rung(5)", level(5), None),
        ("level: Rung(42)", Level::HARD, Some(NOTICE_LEVEL_GONE)),
    ] {
        let dir = save_dir("ladder-old-save");
        let save = SaveFile {
            version: VERSION,
            settings: Settings { level: Level::MEDIUM, ..Settings::default() },
            game: Some(SavedMoves {
                mode: Mode::Computer { level: Level::MEDIUM, human: toguz::rules::Side::White },
                start: None,
                moves: vec![7, 3],
                id: 5,
                ending: None,
                clock: None,
                takebacks: 0,
            }),
        };
        let text = to_text(&save);
        assert_eq!(text.matches("level: Medium").count(), 2, "the old names are what saves hold: {text}");
        std::fs::write(dir.join("save.ron"), text.replace("level: Medium", stored)).unwrap();
        let mut app = start_app(PHONE, &dir);
        frames(&mut app, 2);
        assert_eq!(app.world().resource::<Settings>().level, expected, "{stored}");
        assert_eq!(app.world().resource::<SaveNotice>().0.as_deref(), notice, "{stored}");
        press(&mut app, "Continue");
        frames(&mut app, 2);
        assert!(
            matches!(app.world().resource::<Session>().game.mode, Mode::Computer { level: l, .. } if l == expected),
            "{stored}: the game goes on against its level"
        );
        drop(app);
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn the_level_option_opens_a_game_against_that_level_and_anything_else_prints_the_usage() {
    let args = |a: &[&str]| a.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    let launch = Launch::parse(&args(&["--level", "6"])).unwrap();
    assert_eq!(launch.mode, Some(Mode::Computer { level: level(6), human: toguz::rules::Side::White }));
    for bad in ["0", "10", "x", "-1"] {
        let err = Launch::parse(&args(&["--level", bad])).unwrap_err();
        assert!(err.contains("usage: toguz"), "--level {bad}: {err}");
    }
    assert!(Launch::parse(&args(&["--level"])).is_err());
}
