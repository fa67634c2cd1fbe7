//! The title as a player meets it: a first screen of at most five actions, each always in its place
//! (Continue at the top when a game waits, Learn to play lit for a new player) and a small row of the
//! puzzles and the settings, the Play, Two players and Settings sheets over it, opening on the choices last
//! made and starting the games they say, and all of it fitting every size in every language.

use std::path::Path;

use bevy::prelude::*;
use toguz::ai::Level;
use toguz::app::i18n::locale::Lang;
use toguz::app::saves::history::{HistoryFile, PastGame};
use toguz::app::saves::persistence::{
    NOTICE_DAMAGED, SaveFile, SaveNotice, VERSION, to_text, write_atomically,
};
use toguz::app::state::panels::{Panels, Sheet, sheet_on_top};
use toguz::app::state::screen::Screen;
use toguz::app::state::session::Session;
use toguz::app::state::settings::{Settings, Starter};
use toguz::app::ui::widgets::Selected;
use toguz::game::{Mode, SavedMoves};
use toguz::rules::Side;

use super::flows::{
    PHONE, PHONE_SIDEWAYS, SMALL_PHONE, TABLET, assert_nothing_clipped, assert_texts_whole, button, buttons,
    click, flushed_save, frames, has_button, labels, named_rect, press, save_dir, screen, start_app,
    start_hot_seat, tap_hole, touch_tap_arriving, window_entity,
};
use super::lifecycle::system_back;

/// Every size the layout tests check: phones upright and sideways, small and large, tablets both ways.
const SIZES: [Vec2; 6] =
    [SMALL_PHONE, PHONE, PHONE_SIDEWAYS, Vec2::new(640.0, 360.0), TABLET, Vec2::new(1024.0, 1366.0)];

/// A returning player's save: a hot-seat game of one move waiting, a game in the history, and `lang`.
fn returning_player(dir: &Path, lang: Option<Lang>) {
    let game = SavedMoves {
        mode: Mode::HotSeat,
        start: None,
        moves: vec![7],
        id: 1,
        ending: None,
        clock: None,
        takebacks: 0,
    };
    let save =
        SaveFile { version: VERSION, settings: Settings { lang, ..Settings::default() }, game: Some(game) };
    write_atomically(&dir.join("save.ron"), &to_text(&save)).unwrap();
    let past = PastGame {
        date: "2026-11-30".to_string(),
        game: SavedMoves {
            mode: Mode::HotSeat,
            start: None,
            moves: vec![7, 3],
            id: 2,
            ending: None,
            clock: None,
            takebacks: 0,
        },
    };
    let history = HistoryFile { version: 1, games: vec![past] };
    std::fs::write(dir.join("history.ron"), ron::to_string(&history).unwrap()).unwrap();
}

fn new_player(dir: &Path, lang: Option<Lang>) {
    let _ = std::fs::remove_file(dir.join("history.ron"));
    let save = SaveFile { version: VERSION, settings: Settings { lang, ..Settings::default() }, game: None };
    write_atomically(&dir.join("save.ron"), &to_text(&save)).unwrap();
}

fn is_selected(app: &mut App, label: &str) -> bool {
    let (entity, _) = super::flows::button(app, label);
    app.world().get::<Selected>(entity).is_some()
}

fn texts(app: &mut App) -> Vec<String> {
    let mut q = app.world_mut().query::<&Text>();
    q.iter(app.world()).map(|t| t.0.clone()).collect()
}

#[test]
fn the_titles_first_screen_offers_at_most_five_actions_and_the_puzzles_one_tap_away() {
    let dir = save_dir("title-five");
    for size in SIZES {
        for returning in [false, true] {
            let what = format!("{size}, {}", if returning { "a game waiting" } else { "a new player" });
            if returning {
                returning_player(&dir, None);
            } else {
                new_player(&dir, None);
            }
            let mut app = start_app(size, &dir);
            assert_eq!(screen(&app), Screen::Title);
            let all = buttons(&mut app);
            // At most five actions, and the small row under them: the puzzles, the games and the settings.
            assert!(all.len() <= 8, "{what}: {:?}", labels(&all));
            let mut expected = vec!["Games", "Learn to play", "Play", "Puzzles", "Settings", "Two players"];
            if returning {
                expected.insert(0, "Continue");
            }
            assert_eq!(labels(&all), expected, "{what}: the first screen's actions");
            // One order, top to bottom: Continue when a game waits, Play, Two players, Learn to play, and
            // the puzzles beside Settings under them.
            let y = |label: &str| all.iter().find(|(l, ..)| l == label).map(|(.., at)| at.y).unwrap();
            let mut column = vec!["Play", "Two players", "Learn to play", "Puzzles"];
            if returning {
                column.insert(0, "Continue");
            }
            for pair in column.windows(2) {
                assert!(y(pair[0]) < y(pair[1]), "{what}: '{}' comes above '{}'", pair[0], pair[1]);
            }
            assert!((y("Puzzles") - y("Settings")).abs() <= 1.0, "{what}: the puzzles beside Settings");
            assert!((y("Games") - y("Settings")).abs() <= 1.0, "{what}: the games played beside Settings");
            // One action lit: the game waiting, or for a new player Learn to play, in its own place.
            let lit = if returning { "Continue" } else { "Learn to play" };
            assert!(is_selected(&mut app, lit), "{what}: '{lit}' is lit");
            for (label, ..) in all.iter().filter(|(l, ..)| l != lit) {
                assert!(!is_selected(&mut app, label), "{what}: only '{lit}' is lit, not '{label}'");
            }
            if returning {
                // What was played is held together: a line too long breaks at the comma.
                assert!(
                    texts(&mut app).iter().any(|t| t == "Two players, 1\u{a0}move\u{a0}played"),
                    "{what}: the saved game is told under Continue"
                );
            }
            assert_nothing_clipped(&mut app, size, &what);
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The title's buttons that keep their place whatever the player's history.
const KEPT: [&str; 6] = ["Play", "Two players", "Learn to play", "Puzzles", "Games", "Settings"];

/// Where each of [`KEPT`] is.
fn places(app: &mut App) -> [Vec2; KEPT.len()] {
    KEPT.map(|label| button(app, label).1)
}

/// Those of [`KEPT`] that are not where they were, more than a pixel away (where a finger lands; the
/// layout rounds a centred column's half pixels): none, for a title that keeps its buttons still.
fn moved(now: [Vec2; KEPT.len()], before: [Vec2; KEPT.len()]) -> Vec<String> {
    KEPT.iter()
        .zip(now.iter().zip(before.iter()))
        .filter(|(_, (now, before))| now.distance(**before) > 1.0)
        .map(|(label, (now, before))| format!("'{label}' {before} -> {now}"))
        .collect()
}

/// Issue 46: the title's buttons moved with the player's history (Learn to play first for a new player,
/// Play first later, Continue coming and going), and two players who aimed at Play got Two players. Play,
/// Two players, Learn to play, the puzzles and Settings are where a new player found them after a game
/// played and left for the title, once a lesson is begun, and after a restart with a game waiting, at
/// every size: Continue has a place of its own, and the new player's Learn to play is lit, not moved.
#[test]
fn the_titles_buttons_keep_their_places_for_a_new_player_and_after_a_saved_game() {
    let dir = save_dir("title-kept-places");
    let none: Vec<String> = Vec::new();
    // A new player on a phone plays a game of two players and goes back to the title: the game waits.
    let mut app = start_app(PHONE, &dir);
    let first = places(&mut app);
    assert!(!has_button(&mut app, "Continue"), "nothing to continue on a first launch");
    assert!(is_selected(&mut app, "Learn to play"), "a new player's Learn to play is lit");
    start_hot_seat(&mut app);
    frames(&mut app, 3);
    tap_hole(&mut app, Side::White, 7);
    press(&mut app, "Menu");
    press(&mut app, "Quit to title");
    frames(&mut app, 3);
    assert_eq!(screen(&app), Screen::Title);
    assert!(has_button(&mut app, "Continue"), "the game played waits on the title");
    let after = places(&mut app);
    assert_eq!(moved(after, first), none, "a game played and left moved the title's buttons");
    assert!(button(&mut app, "Continue").1.y < after[0].y, "Continue has its place above Play");
    assert!(is_selected(&mut app, "Continue"), "the game waiting is lit");
    assert!(!is_selected(&mut app, "Learn to play"), "Learn to play is lit for a new player only");
    drop(app);
    for size in SIZES {
        new_player(&dir, None);
        let mut app = start_app(size, &dir);
        let first = places(&mut app);
        assert!(is_selected(&mut app, "Learn to play"), "{size}: a new player's Learn to play is lit");
        // A lesson begun: no longer a new player, and still no game waiting.
        app.world_mut().resource_mut::<Settings>().lessons.reached.insert("board".to_string(), 1);
        frames(&mut app, 3);
        assert!(!is_selected(&mut app, "Learn to play"), "{size}: a lesson begun, Learn to play is not lit");
        assert!(!has_button(&mut app, "Continue"), "{size}: no game waits");
        assert_eq!(moved(places(&mut app), first), none, "{size}: a lesson begun moved the title's buttons");
        drop(app);
        // After a restart with a game waiting.
        returning_player(&dir, None);
        let mut app = start_app(size, &dir);
        assert!(is_selected(&mut app, "Continue"), "{size}: the game waiting is lit");
        assert_eq!(moved(places(&mut app), first), none, "{size}: a game waiting moved the title's buttons");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_play_sheet_starts_a_game_at_the_level_and_starter_chosen_and_remembers_them() {
    let dir = save_dir("title-play-sheet");
    {
        let mut app = start_app(PHONE, &dir);
        press(&mut app, "Play");
        assert_eq!(sheet_on_top(app.world().resource::<Panels>()), Some(Sheet::Play));
        // A first launch: the defaults are shown chosen.
        assert!(is_selected(&mut app, "Level 1") && is_selected(&mut app, "Me"));
        click(&mut app, "Level 9");
        press(&mut app, "Computer");
        assert!(is_selected(&mut app, "Level 9") && !is_selected(&mut app, "Level 1"));
        assert!(is_selected(&mut app, "Computer") && !is_selected(&mut app, "Me"));
        press(&mut app, "Start");
        frames(&mut app, 2);
        assert_eq!(screen(&app), Screen::Game);
        assert_eq!(
            app.world().resource::<Session>().game.mode,
            Mode::Computer { level: Level::HARD, human: Side::Black }
        );
        let saved = flushed_save(&mut app, &dir);
        assert_eq!((saved.settings.level, saved.settings.starter), (Level::HARD, Starter::Computer));
    }
    // After a restart the sheet opens on the same choices, and Start plays them again.
    let mut app = start_app(PHONE, &dir);
    press(&mut app, "Play");
    assert!(
        is_selected(&mut app, "Level 9")
            && !is_selected(&mut app, "Level 1")
            && !is_selected(&mut app, "Level 8")
    );
    assert!(
        is_selected(&mut app, "Computer") && !is_selected(&mut app, "Me") && !is_selected(&mut app, "By lot")
    );
    press(&mut app, "Start");
    // The computer may have made its first move: that game is not thrown away without asking.
    if has_button(&mut app, "Start a new game") {
        press(&mut app, "Start a new game");
    }
    frames(&mut app, 2);
    assert_eq!(
        app.world().resource::<Session>().game.mode,
        Mode::Computer { level: Level::HARD, human: Side::Black }
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn two_players_and_settings_remember_their_choices_and_a_tap_beside_a_sheet_closes_it() {
    let dir = save_dir("title-two-settings");
    {
        let mut app = start_app(PHONE, &dir);
        press(&mut app, "Settings");
        click(&mut app, "Slow");
        press(&mut app, "Sound");
        assert!(texts(&mut app).iter().any(|t| t == "Sound: off"));
        press(&mut app, "Close");
        assert_eq!(sheet_on_top(app.world().resource::<Panels>()), None);
        press(&mut app, "Two players");
        press(&mut app, "Turn the board");
        assert!(texts(&mut app).iter().any(|t| t == "Turn the board each turn: on"));
        // A tap on the dimmed title beside the sheet closes it, and starts nothing.
        touch_tap_arriving(&mut app, Vec2::new(4.0, 4.0));
        assert_eq!(sheet_on_top(app.world().resource::<Panels>()), None);
        assert_eq!(screen(&app), Screen::Title);
        press(&mut app, "Two players");
        press(&mut app, "Start");
        frames(&mut app, 2);
        assert_eq!(app.world().resource::<Session>().game.mode, Mode::HotSeat);
        let saved = flushed_save(&mut app, &dir);
        assert!(saved.settings.flip_each_turn && !saved.settings.sound);
        assert_eq!(saved.settings.speed, toguz::app::state::settings::Speed::Slow);
    }
    let mut app = start_app(PHONE, &dir);
    press(&mut app, "Settings");
    assert!(is_selected(&mut app, "Slow") && !is_selected(&mut app, "Normal"));
    assert!(texts(&mut app).iter().any(|t| t == "Sound: off"), "the sound stays off");
    system_back(&mut app);
    press(&mut app, "Two players");
    assert!(texts(&mut app).iter().any(|t| t == "Turn the board each turn: on"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_title_and_its_sheets_fit_every_size_in_every_language() {
    let dir = save_dir("title-sheets-fit");
    for lang in Lang::ALL {
        for size in SIZES {
            let what = format!("{} at {size}", lang.code());
            // The title as full as it gets: a game waiting, the games played, and a notice.
            returning_player(&dir, Some(lang));
            let mut app = start_app(size, &dir);
            app.world_mut().resource_mut::<SaveNotice>().0 = Some(NOTICE_DAMAGED.to_string());
            frames(&mut app, 3);
            assert_nothing_clipped(&mut app, size, &format!("{what}, title"));
            assert_texts_whole(&mut app, &format!("{what}, title"));
            for (opens, sheet, expected) in [
                // Each sheet's choices and its Close (Play: the nine levels, the three starters, Close and
                // Start); Settings has the game menu's settings too.
                ("Play", Some(Sheet::Play), 14),
                // Two players: the board's turning, the five clocks, Close and Start.
                ("Two players", Some(Sheet::TwoPlayers), 8),
                ("Settings", Some(Sheet::Settings), 14),
            ] {
                press(&mut app, opens);
                assert_eq!(
                    sheet_on_top(app.world().resource::<Panels>()),
                    sheet,
                    "{what}: '{opens}' opens its sheet"
                );
                let all = buttons(&mut app);
                assert_eq!(all.len(), expected, "{what}, {opens}: every choice in reach: {:?}", labels(&all));
                assert_nothing_clipped(&mut app, size, &format!("{what}, {opens}"));
                assert_texts_whole(&mut app, &format!("{what}, {opens}"));
                super::flows::assert_named_nodes_inside(&mut app, size, &format!("{what}, {opens}"));
                if opens == "Two players" {
                    assert_custom_clock_fits(&mut app, size, &what);
                }
                system_back(&mut app);
                assert!(has_button(&mut app, "Continue"), "{what}: Back closes the '{opens}' sheet");
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The Two players sheet at its tallest, the custom clock shown with one stepper of the minutes and then
/// with time odds (White's and Black's): still whole on the screen.
fn assert_custom_clock_fits(app: &mut App, size: Vec2, what: &str) {
    press(app, "Custom");
    // The board's turning, five clocks, Close, Start; two toggles, and two steppers' – and +.
    for (odds, expected) in [(false, 14), (true, 16)] {
        if odds {
            press(app, "Time odds");
        }
        let what = format!("{what}, Two players, custom clock{}", if odds { " with time odds" } else { "" });
        let all = buttons(app);
        assert_eq!(all.len(), expected, "{what}: every choice in reach: {:?}", labels(&all));
        assert_nothing_clipped(app, size, &what);
        assert_texts_whole(app, &what);
        super::flows::assert_named_nodes_inside(app, size, &what);
    }
}

/// The Two players sheet's clock (the clock for two players at one device): a preset chosen is kept in the
/// settings and saved; Custom shows steppers under it whose taps set the custom clock (its minutes, its
/// seconds as an increment or a delay, each side's minutes with time odds), said in words; another
/// choice hides them; and after a restart the sheet opens on the clock chosen, as it was set.
#[test]
fn the_two_players_sheet_keeps_the_clock_chosen_and_its_custom_steppers_set_the_custom_clock() {
    use toguz::app::state::settings::ClockChoice;
    use toguz::clock::{Increment, Preset};
    let dir = save_dir("title-clock");
    let clock = |app: &App| app.world().resource::<Settings>().custom_clock;
    let said = |app: &mut App, words: &str| {
        let shown = texts(app);
        assert!(shown.iter().any(|t| t == words), "'{words}' is shown: {shown:?}");
    };
    {
        let mut app = start_app(PHONE, &dir);
        press(&mut app, "Two players");
        // A first launch: no clock, and no steppers.
        assert!(is_selected(&mut app, "No clock") && !is_selected(&mut app, "Custom"));
        assert!(!has_button(&mut app, "Minutes +"), "the custom clock's steppers wait for Custom");
        press(&mut app, "Blitz 3+2");
        assert!(is_selected(&mut app, "Blitz 3+2") && !is_selected(&mut app, "No clock"));
        let settings = app.world().resource::<Settings>().clone();
        assert_eq!(settings.clock, ClockChoice::Preset(Preset::Blitz));
        assert_eq!(settings.time_control(), Some(Preset::Blitz.time_control()));
        assert!(!has_button(&mut app, "Minutes +"), "a preset has no steppers");
        assert_eq!(flushed_save(&mut app, &dir).settings.clock, ClockChoice::Preset(Preset::Blitz));

        press(&mut app, "Custom");
        assert_eq!(app.world().resource::<Settings>().clock, ClockChoice::Custom);
        for stepper in ["Minutes -", "Minutes +", "Seconds -", "Seconds +", "Time odds", "Per move"] {
            assert!(has_button(&mut app, stepper), "Custom shows '{stepper}'");
        }
        assert!(!has_button(&mut app, "White +"), "no time odds yet: one stepper for both sides");
        // The custom clock before the player sets one: 5 minutes and 3 seconds a move.
        let before = clock(&app);
        said(&mut app, "Minutes: 5");
        said(&mut app, "Increment: 3\u{a0}s");
        press(&mut app, "Minutes +");
        let after = clock(&app);
        assert_eq!((after.budget(Side::White), after.budget(Side::Black)), (600_000, 600_000));
        assert!(after.budget(Side::White) > before.budget(Side::White), "+ lengthens the custom clock");
        said(&mut app, "Minutes: 10");
        press(&mut app, "Seconds +");
        assert_eq!(clock(&app).increment(), Increment::Fischer(5_000));
        press(&mut app, "Per move");
        assert_eq!(clock(&app).increment(), Increment::Delay(5_000));
        said(&mut app, "Delay: 5\u{a0}s");
        said(&mut app, "Per move: delay");
        // Time odds: White's and Black's minutes apart; off again, both take White's.
        press(&mut app, "Time odds");
        said(&mut app, "Time odds: on");
        assert!(!has_button(&mut app, "Minutes +") && has_button(&mut app, "White +"));
        press(&mut app, "Black -");
        press(&mut app, "Black -");
        let odds = clock(&app);
        assert_eq!((odds.budget(Side::White), odds.budget(Side::Black)), (600_000, 180_000));
        said(&mut app, "White: 10\u{a0}min");
        said(&mut app, "Black: 3\u{a0}min");
        press(&mut app, "Time odds");
        let even = clock(&app);
        assert_eq!((even.budget(Side::White), even.budget(Side::Black)), (600_000, 600_000));
        assert!(has_button(&mut app, "Minutes +") && !has_button(&mut app, "White +"));
        press(&mut app, "Time odds");
        press(&mut app, "Black -");
        // At the end of its steps a stepper does nothing: the clock stays one that can be.
        for _ in 0..12 {
            press(&mut app, "White +");
        }
        assert_eq!(clock(&app).budget(Side::White), 120 * 60_000, "two hours at most");
        press(&mut app, "White -");
        assert_eq!(clock(&app).budget(Side::White), 90 * 60_000);
        let set = clock(&app);
        assert_eq!((set.budget(Side::Black), set.increment()), (300_000, Increment::Delay(5_000)));
        assert_eq!(app.world().resource::<Settings>().time_control(), Some(set));
        // Another choice hides the steppers, and keeps the custom clock for later.
        press(&mut app, "Rapid 10+5");
        assert!(!has_button(&mut app, "White +") && !has_button(&mut app, "Time odds"));
        assert_eq!(clock(&app), set);
        press(&mut app, "Custom");
        let saved = flushed_save(&mut app, &dir);
        assert_eq!((saved.settings.clock, saved.settings.custom_clock), (ClockChoice::Custom, set));
    }
    // After a restart the sheet opens on the custom clock as it was set.
    let mut app = start_app(PHONE, &dir);
    press(&mut app, "Two players");
    assert!(is_selected(&mut app, "Custom") && !is_selected(&mut app, "No clock"));
    assert!(has_button(&mut app, "White +") && has_button(&mut app, "Black +"), "with its time odds");
    said(&mut app, "White: 90\u{a0}min");
    said(&mut app, "Black: 5\u{a0}min");
    said(&mut app, "Delay: 5\u{a0}s");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A finger that taps Custom, Time odds, and then No clock again finds the button it tapped where it was:
/// the Two players card grows downwards for the custom clock and its time odds and shrinks back from below
/// (centred, it moved up half the custom block's height, and the finger tapping again landed on Time odds;
/// then it rose to fit the odds' steppers, and a second tap on Time odds changed Per move). Phone and
/// tablet.
#[test]
fn turning_the_custom_clock_and_its_time_odds_on_and_off_moves_none_of_the_buttons_tapped() {
    let dir = save_dir("title-clock-kept-top");
    for size in [PHONE, TABLET] {
        let mut app = start_app(size, &dir);
        press(&mut app, "Two players");
        let at = |app: &mut App, label: &str| button(app, label).1;
        // Where a finger lands: within a pixel (the layout rounds a centred card's half pixels).
        let same = |a: &[Vec2], b: &[Vec2]| a.iter().zip(b).all(|(a, b)| a.distance(*b) <= 1.0);
        let before: Vec<Vec2> = ["Custom", "No clock", "Turn the board"].map(|b| at(&mut app, b)).to_vec();
        press(&mut app, "Custom");
        frames(&mut app, 2);
        assert!(has_button(&mut app, "Minutes +"), "{size}: Custom shows its steppers");
        let custom: Vec<Vec2> = ["Custom", "No clock", "Turn the board"].map(|b| at(&mut app, b)).to_vec();
        assert!(
            same(&custom, &before),
            "{size}: Custom, No clock and the turning stay put: {custom:?} {before:?}"
        );
        assert!(at(&mut app, "Start").y > before[0].y, "{size}: Start is below the choices");
        // Time odds adds a line of steppers under the toggles: the card had room kept for it below.
        let toggles = |app: &mut App| ["Custom", "Time odds", "Per move"].map(|b| at(app, b)).to_vec();
        let even = toggles(&mut app);
        for odds in ["on", "off"] {
            press(&mut app, "Time odds");
            frames(&mut app, 2);
            assert_eq!(has_button(&mut app, "White +"), odds == "on", "{size}: Time odds {odds}");
            let now = toggles(&mut app);
            assert!(same(&now, &even), "{size}: time odds {odds}, the toggles stay put: {now:?} {even:?}");
        }
        press(&mut app, "No clock");
        frames(&mut app, 2);
        assert!(!has_button(&mut app, "Minutes +"), "{size}: No clock hides the steppers");
        let off: Vec<Vec2> = ["Custom", "No clock", "Turn the board"].map(|b| at(&mut app, b)).to_vec();
        assert!(same(&off, &before), "{size}: turned off again, the choices are where they were: {off:?}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A new player's try (issue 22): the title's Settings lacked what the game's menu offers, and only the
/// Settings sheet had a Close. Stones, counts, vibration and motion change there as in the menu, in the
/// same words, and are saved; every sheet closes from a button of its own, starting nothing.
#[test]
fn the_settings_sheet_offers_the_menus_settings_and_every_sheet_has_a_close() {
    use toguz::app::state::settings::StoneSet;
    let dir = save_dir("title-settings-like-menu");
    let mut app = start_app(PHONE, &dir);
    press(&mut app, "Settings");
    for (button, words) in [
        ("Stones", "Stones: ivory"),
        ("Counts", "Counts: off"),
        ("Vibration", "Vibration: off"),
        ("Motion", "Animations: reduced"),
    ] {
        press(&mut app, button);
        assert!(texts(&mut app).iter().any(|t| t == words), "'{button}' says '{words}'");
    }
    let settings = app.world().resource::<Settings>().clone();
    assert!(settings.stones == StoneSet::Ivory && !settings.counts && !settings.haptics);
    assert!(settings.reduce_motion, "motion is calm");
    let saved = flushed_save(&mut app, &dir);
    assert!(saved.settings.stones == StoneSet::Ivory && !saved.settings.counts && !saved.settings.haptics);
    assert!(saved.settings.reduce_motion, "the calm motion is saved");
    press(&mut app, "Stones");
    assert!(texts(&mut app).iter().any(|t| t == "Stones: wood"), "a second tap comes back to wood");
    for sheet in ["Settings", "Play", "Two players"] {
        if sheet != "Settings" {
            press(&mut app, sheet);
        }
        assert_ne!(sheet_on_top(app.world().resource::<Panels>()), None, "'{sheet}' opens");
        press(&mut app, "Close");
        assert_eq!(sheet_on_top(app.world().resource::<Panels>()), None, "'{sheet}' closes from its Close");
        assert_eq!(screen(&app), Screen::Title, "closing '{sheet}' starts nothing");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A new player's try: with a game waiting, Start on the Two players sheet asked its question over the
/// sheet, whose edges showed around the question's card. One panel at a time: the question takes the
/// sheet's place; keeping the game (its button, or Back) brings the sheet back as it was, from where it
/// closes as ever; and starting the new game leaves the title without the sheet showing again on the
/// way out. The same on the Play sheet.
#[test]
fn the_new_game_question_takes_the_sheets_place_and_keeping_the_game_brings_the_sheet_back() {
    use bevy::input::touch::{TouchInput, TouchPhase};
    let dir = save_dir("title-question-alone");
    for (opens, sheet, name, mode) in [
        ("Two players", Some(Sheet::TwoPlayers), "TwoPlayers sheet", Mode::HotSeat),
        ("Play", Some(Sheet::Play), "Play sheet", Mode::Computer { level: Level::EASY, human: Side::White }),
    ] {
        returning_player(&dir, None);
        let mut app = start_app(PHONE, &dir);
        press(&mut app, opens);
        assert!(named_rect(&mut app, name).is_some(), "'{opens}' opens its sheet");
        press(&mut app, "Start");
        assert_eq!(screen(&app), Screen::Title, "{opens}: a game waits, so Start asks first");
        assert!(has_button(&mut app, "Start a new game"), "{opens}: the question is asked");
        assert!(named_rect(&mut app, name).is_none(), "{opens}: the question takes the sheet's place");
        press(&mut app, "Keep playing");
        assert_eq!(
            sheet_on_top(app.world().resource::<Panels>()),
            sheet,
            "{opens}: keeping the game comes back"
        );
        assert!(named_rect(&mut app, name).is_some(), "{opens}: the sheet is shown again");
        assert!(!has_button(&mut app, "Start a new game"), "{opens}: the question is gone");
        press(&mut app, "Start");
        system_back(&mut app);
        assert!(named_rect(&mut app, name).is_some(), "{opens}: Back drops the question, not the sheet");
        press(&mut app, "Close");
        assert_eq!(sheet_on_top(app.world().resource::<Panels>()), None, "{opens}: then it closes");
        assert!(has_button(&mut app, "Continue"), "{opens}: the game still waits");
        // The new game, watched frame by frame: the sheet does not come back for the title's last frames.
        press(&mut app, opens);
        press(&mut app, "Start");
        let (_, at) = button(&mut app, "Start a new game");
        let window = window_entity(&mut app);
        for phase in [TouchPhase::Started, TouchPhase::Ended] {
            app.world_mut().write_message(TouchInput { phase, position: at, window, force: None, id: 7 });
        }
        for frame in 0..4 {
            app.update();
            assert!(named_rect(&mut app, name).is_none(), "{opens}: the sheet showed again on frame {frame}");
        }
        assert_eq!(screen(&app), Screen::Game, "{opens}: the new game starts");
        assert_eq!(app.world().resource::<Session>().game.mode, mode);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A new player's try (issue 32): on a small phone in Vietnamese the settings' buttons broke inside their
/// state ("Chuyển động: đầy / đủ", "Ngôn ngữ: Tiếng / Việt"). A setting's state is one unbroken piece of
/// its button's words in every language, both ways the setting goes: a line breaks before it, not in it.
#[test]
fn a_settings_state_is_never_broken_across_two_lines() {
    use toguz::app::i18n::locale::Locale;
    let dir = save_dir("title-setting-words");
    for lang in Lang::ALL {
        new_player(&dir, Some(lang));
        let mut app = start_app(SMALL_PHONE, &dir);
        press(&mut app, "Settings");
        for calm in [false, true] {
            app.world_mut().resource_mut::<Settings>().reduce_motion = calm;
            frames(&mut app, 2);
            let locale = app.world().resource::<Locale>().clone();
            let motion = locale.t(if calm { "motion.calm" } else { "motion.full" });
            for state in [motion, lang.native_name().to_string()] {
                let whole = state.replace(' ', "\u{a0}");
                let shown = texts(&mut app);
                assert!(
                    shown.iter().any(|t| t.contains(&whole)),
                    "{}: '{state}' is shown as one piece: {shown:?}",
                    lang.code()
                );
            }
        }
        assert_nothing_clipped(&mut app, SMALL_PHONE, &format!("{}, the settings", lang.code()));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A new player's try (issue 32): "By lot" drew who plays White and never said who got it; the computer
/// then moved first, unexplained. Once it is the player's turn the game says which side the lot gave them.
#[test]
fn a_game_whose_sides_were_drawn_by_lot_says_which_side_the_player_got() {
    use toguz::app::i18n::locale::Locale;
    use toguz::app::screens::game::messages::ToastState;
    let dir = save_dir("title-by-lot");
    let mut app = start_app(PHONE, &dir);
    press(&mut app, "Play");
    press(&mut app, "By lot");
    press(&mut app, "Start");
    let Mode::Computer { human, .. } = app.world().resource::<Session>().game.mode else {
        panic!("a game against the computer")
    };
    let key = if human == Side::White { "toast.lot_white" } else { "toast.lot_black" };
    let said = app.world().resource::<Locale>().t(key);
    let told = |app: &App| app.world().resource::<ToastState>().text == said;
    assert!(crate::app::frames_until(&mut app, 1200, told), "the player is told: '{said}'");
    let game = &app.world().resource::<Session>().game;
    assert!(game.is_human_turn(), "when it is their turn ({} moves played)", game.moves().len());
    // A game not drawn by lot says nothing of it.
    press(&mut app, "Menu");
    press(&mut app, "Quit to title");
    // What was said in the last game is not this one's.
    app.world_mut().resource_mut::<ToastState>().text.clear();
    press(&mut app, "Play");
    press(&mut app, "Me");
    press(&mut app, "Start");
    if has_button(&mut app, "Start a new game") {
        press(&mut app, "Start a new game");
    }
    frames(&mut app, 30);
    let shown = app.world().resource::<ToastState>().text.clone();
    let lot = app.world().resource::<Locale>().t("toast.lot_white");
    assert_ne!(shown, lot, "no lot was drawn");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The visible nodes under the entity named `card`: each lies inside the card.
fn assert_inside_card(app: &mut App, card: &str, what: &str) {
    use std::collections::HashMap;
    let mut nodes =
        app.world_mut().query::<(Entity, &ComputedNode, &UiGlobalTransform, &InheritedVisibility)>();
    let rects: HashMap<Entity, Rect> = nodes
        .iter(app.world())
        .filter(|(_, node, _, visible)| visible.get() && node.size().min_element() > 0.0)
        .map(|(e, node, t, _)| (e, Rect::from_center_size(t.translation, node.size())))
        .collect();
    let mut tree = app.world_mut().query::<(Entity, &Children)>();
    let children: HashMap<Entity, Vec<Entity>> =
        tree.iter(app.world()).map(|(e, c)| (e, c.iter().collect())).collect();
    let mut names = app.world_mut().query::<(Entity, &Name)>();
    let found: Vec<Entity> =
        names.iter(app.world()).filter(|(_, name)| name.as_str() == card).map(|(e, _)| e).collect();
    assert!(!found.is_empty(), "{what}: the '{card}' card is shown");
    for card_entity in found {
        let outline = rects.get(&card_entity).expect("the card is laid out").inflate(0.5);
        let mut stack = children.get(&card_entity).cloned().unwrap_or_default();
        while let Some(e) = stack.pop() {
            stack.extend(children.get(&e).cloned().unwrap_or_default());
            if let Some(r) = rects.get(&e) {
                let name = app.world().get::<Name>(e).map(|n| n.as_str().to_string());
                let words = app.world().get::<Text>(e).map(|t| t.0.clone());
                assert!(
                    outline.contains(r.min) && outline.contains(r.max),
                    "{what}: {name:?} {words:?} at {r:?} runs out of the '{card}' card at {outline:?}"
                );
            }
        }
    }
}

#[test]
fn the_new_game_question_holds_its_words_and_both_buttons_at_every_size_in_every_language() {
    let dir = save_dir("title-question-fits");
    for lang in Lang::ALL {
        for size in SIZES {
            let what = format!("{} at {size}", lang.code());
            returning_player(&dir, Some(lang));
            let mut app = start_app(size, &dir);
            frames(&mut app, 3);
            press(&mut app, "Play");
            press(&mut app, "Start");
            frames(&mut app, 3);
            assert_inside_card(&mut app, "Question", &what);
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
