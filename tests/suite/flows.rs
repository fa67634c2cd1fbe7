//! Whole flows as a player goes through them: the real app (Bevy's default plugins with UI layout, no
//! window system and no GPU) started with a real save folder, driven through the title screen's buttons
//! with pointers that arrive and press in the same frame (as every touch tap does), across restarts.

use std::path::{Path, PathBuf};
use std::time::Duration;

use bevy::input::ButtonState;
use bevy::input::mouse::MouseButtonInput;
use bevy::input::touch::{TouchInput, TouchPhase};
use bevy::prelude::*;
use bevy::render::RenderPlugin;
use bevy::render::settings::WgpuSettings;
use bevy::time::TimeUpdateStrategy;
use bevy::window::{ExitCondition, PrimaryWindow, WindowResolution};
use toguz::ai::Level;
use toguz::app::GamePlugins;
use toguz::app::board::layout::BoardLayout;
use toguz::app::board::stones::{HoleView, KazanView, StoneSlots, counts_at_rest, place_at};
use toguz::app::saves::persistence::{NOTICE_DAMAGED, SaveNotice, SavePath, SaveWriter, read_save};
use toguz::app::state::screen::Screen;
use toguz::app::state::session::Session;
use toguz::app::state::settings::{Settings, Speed};
use toguz::app::ui::widgets::{Tap, button_at, english};
use toguz::game::{Game, Mode};
use toguz::rules::{Hole, Side};

pub(crate) const FRAME: Duration = Duration::from_millis(16);

/// Physical pixels per logical pixel of the test window (the UI is laid out in physical pixels; UiScale
/// only makes its nodes bigger).
pub(crate) const WINDOW_SCALE: f32 = 1.0;

pub(crate) const PHONE: Vec2 = Vec2::new(390.0, 844.0);
pub(crate) const SMALL_PHONE: Vec2 = Vec2::new(360.0, 640.0);
pub(crate) const PHONE_SIDEWAYS: Vec2 = Vec2::new(844.0, 390.0);
pub(crate) const TABLET: Vec2 = Vec2::new(1366.0, 1024.0);

/// A folder of its own for one test's save.
pub(crate) fn save_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("toguz-flow-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The app as it starts on a device of `size`, with its save in `dir`.
pub(crate) fn start_app(size: Vec2, dir: &Path) -> App {
    start_app_with_assets(size, dir, None)
}

/// [`start_app`] reading its assets from `assets` (a copy with a damaged file, say).
pub(crate) fn start_app_with_assets(size: Vec2, dir: &Path, assets: Option<&Path>) -> App {
    let mut app = App::new();
    let asset_plugin = match assets {
        Some(path) => AssetPlugin { file_path: path.to_string_lossy().into_owned(), ..default() },
        None => AssetPlugin::default(),
    };
    app.add_plugins(
        DefaultPlugins
            .build()
            .set(asset_plugin)
            .disable::<bevy::winit::WinitPlugin>()
            .disable::<bevy::log::LogPlugin>()
            .set(RenderPlugin {
                render_creation: WgpuSettings { backends: None, ..default() }.into(),
                ..default()
            })
            .set(WindowPlugin {
                primary_window: Some(Window {
                    resolution: WindowResolution::new(size.x as u32, size.y as u32),
                    ..default()
                }),
                exit_condition: ExitCondition::DontExit,
                ..default()
            }),
    )
    .add_plugins(GamePlugins)
    .insert_resource(TimeUpdateStrategy::ManualDuration(FRAME))
    .insert_resource(SavePath(Some(dir.join("save.ron"))))
    .init_resource::<Taps>()
    .add_observer(|tap: On<Tap>, mut taps: ResMut<Taps>| taps.0.push(tap.entity))
    .add_systems(Startup, |mut commands: Commands| {
        commands.spawn(Camera2d);
    });
    app.finish();
    app.cleanup();
    frames(&mut app, 4);
    app
}

/// Every button tap, in order.
#[derive(Resource, Default)]
struct Taps(Vec<Entity>);

pub(crate) fn frames(app: &mut App, n: usize) {
    for _ in 0..n {
        app.update();
    }
}

pub(crate) fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

pub(crate) fn moves(app: &App) -> Vec<u8> {
    app.world().resource::<Session>().game.moves()
}

/// The visible buttons, by label, with their centres in window coordinates (logical pixels).
pub(crate) fn buttons(app: &mut App) -> Vec<(String, Entity, Vec2)> {
    let mut q =
        app.world_mut()
            .query::<(Entity, &Name, &Button, &ComputedNode, &UiGlobalTransform, &InheritedVisibility)>();
    let world = app.world();
    let mut found: Vec<_> = q
        .iter(world)
        .filter(|(_, _, _, node, _, visible)| visible.get() && node.size().min_element() > 0.0)
        .map(|(e, name, _, _, transform, _)| {
            let label = name.as_str().trim_start_matches("Button ").to_string();
            (label, e, transform.translation / WINDOW_SCALE)
        })
        .collect::<Vec<_>>();
    // Only the buttons a finger can reach: not those under an open panel.
    found.retain(|(_, e, at)| button_at(app.world_mut(), *at) == Some(*e));
    found.sort_by(|a, b| a.0.cmp(&b.0));
    found
}

pub(crate) fn button(app: &mut App, label: &str) -> (Entity, Vec2) {
    let all = buttons(app);
    all.iter()
        .find(|(l, _, _)| l == label)
        .map(|(_, e, c)| (*e, *c))
        .unwrap_or_else(|| panic!("no button '{label}' on screen; there are {:?}", labels(&all)))
}

pub(crate) fn labels(all: &[(String, Entity, Vec2)]) -> Vec<&str> {
    all.iter().map(|(l, _, _)| l.as_str()).collect()
}

pub(crate) fn has_button(app: &mut App, label: &str) -> bool {
    buttons(app).iter().any(|(l, _, _)| l == label)
}

pub(crate) fn window_entity(app: &mut App) -> Entity {
    app.world_mut().query_filtered::<Entity, With<PrimaryWindow>>().single(app.world()).unwrap()
}

/// A mouse moved onto `at` and clicked in the same frame, as `xdotool mousemove X Y click 1` does.
fn mouse_click_arriving(app: &mut App, at: Vec2) {
    let window = window_entity(app);
    app.world_mut().get_mut::<Window>(window).unwrap().set_cursor_position(Some(at));
    for state in [ButtonState::Pressed, ButtonState::Released] {
        app.world_mut().write_message(MouseButtonInput { button: MouseButton::Left, state, window });
    }
    frames(app, 3);
}

/// A new finger that touches `at` and lifts in the same frame.
pub(crate) fn touch_tap_arriving(app: &mut App, at: Vec2) {
    static NEXT_ID: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(100);
    let id = NEXT_ID.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let window = window_entity(app);
    for phase in [TouchPhase::Started, TouchPhase::Ended] {
        app.world_mut().write_message(TouchInput { phase, position: at, window, force: None, id });
    }
    frames(app, 3);
}

pub(crate) fn press(app: &mut App, label: &str) {
    let (_, at) = button(app, label);
    touch_tap_arriving(app, at);
}

pub(crate) fn click(app: &mut App, label: &str) {
    let (_, at) = button(app, label);
    mouse_click_arriving(app, at);
}

/// From the title: "Two players", then its sheet's "Start" (hot-seat).
pub(crate) fn start_hot_seat(app: &mut App) {
    press(app, "Two players");
    press(app, "Start");
}

/// From the title: "Play", then its sheet's "Start" (against the computer, at the level and with the
/// starter kept in the settings).
pub(crate) fn start_against_computer(app: &mut App) {
    press(app, "Play");
    press(app, "Start");
}

/// From the title: a choice of the Settings sheet (a speed) clicked by the mouse, then the sheet closed.
pub(crate) fn choose_in_settings(app: &mut App, label: &str) {
    press(app, "Settings");
    click(app, label);
    press(app, "Close");
}

/// From the title: the games played, through the Settings sheet.
pub(crate) fn open_games(app: &mut App) {
    press(app, "Settings");
    press(app, "Games");
}

/// Taps the centre of a hole and waits for the move's animation to end.
pub(crate) fn tap_hole(app: &mut App, side: Side, hole: u8) {
    let layout = app.world().resource::<BoardLayout>().clone();
    let c = layout.hole(side, crate::common::hole(hole)).center();
    touch_tap_arriving(app, Vec2::new(c.x + layout.window.x / 2.0, layout.window.y / 2.0 - c.y));
    frames(app, 200);
}

/// All 18 holes and both kazans are drawn where the layout puts them, at their size, and the 162 stones
/// sit where the rules say.
pub(crate) fn assert_board_whole(app: &mut App) {
    assert_eq!(screen(app), Screen::Game);
    let layout = app.world().resource::<BoardLayout>().clone();
    let mut q = app.world_mut().query::<(&HoleView, &Sprite, &Transform)>();
    let holes: Vec<_> = q.iter(app.world()).map(|(v, s, t)| (*v, s.custom_size, t.translation)).collect();
    assert_eq!(holes.len(), 18, "18 holes");
    for (view, size, at) in holes {
        let r = layout.hole(view.side, view.hole);
        assert_eq!(size, Some(r.size()), "hole {} {} is drawn at its size", view.side, view.hole);
        assert!(
            at.truncate().distance(r.center()) < 0.5,
            "hole {} {} sits in its place",
            view.side,
            view.hole
        );
    }
    let mut q = app.world_mut().query::<(&KazanView, &Sprite, &Transform)>();
    let kazans: Vec<_> = q.iter(app.world()).map(|(v, s, t)| (*v, s.custom_size, t.translation)).collect();
    assert_eq!(kazans.len(), 2, "two kazans");
    for (view, size, at) in kazans {
        let r = layout.kazan(view.0);
        assert_eq!(size, Some(r.size()), "kazan {} is drawn at its size", view.0);
        assert!(at.truncate().distance(r.center()) < 0.5);
    }
    let counts = counts_at_rest(app.world().resource::<Session>());
    let slots: Vec<Vec<Entity>> = app.world().resource::<StoneSlots>().places.to_vec();
    let mut stones = 0;
    for (i, place) in slots.iter().enumerate() {
        assert_eq!(place.len(), usize::from(counts[i]), "{:?}", place_at(i));
        for (k, &stone) in place.iter().enumerate() {
            let t = app.world().get::<Transform>(stone).expect("a live stone entity");
            assert!(t.translation.truncate().distance(layout.stone_position(place_at(i), k)) < 0.5);
            stones += 1;
        }
    }
    assert_eq!(stones, 162);
}

pub(crate) fn flushed_save(app: &mut App, dir: &Path) -> toguz::app::saves::persistence::Loaded {
    app.world_mut().resource_mut::<SaveWriter>().flush();
    read_save(&dir.join("save.ron")).expect("a save was written")
}

pub(crate) fn wait_for_moves(app: &mut App, n: usize) {
    crate::app::frames_until(app, 1200, |app| moves(app).len() >= n);
    frames(app, 200);
    assert_eq!(moves(app).len(), n, "the computer replied");
}

#[test]
fn a_new_player_goes_from_the_title_through_three_games_and_every_board_is_whole() {
    let dir = save_dir("three-games");
    let mut app = start_app(PHONE, &dir);
    assert_eq!(screen(&app), Screen::Title);
    assert!(!has_button(&mut app, "Continue"), "nothing to continue on a first launch");
    // The mouse arrives on level 8 (the Medium of before) and clicks in one go.
    press(&mut app, "Play");
    click(&mut app, "Level 8");
    assert_eq!(app.world().resource::<Settings>().level, Level::MEDIUM);
    press(&mut app, "Start");
    assert_eq!(
        app.world().resource::<Session>().game.mode,
        Mode::Computer { level: Level::MEDIUM, human: Side::White }
    );
    frames(&mut app, 3);
    assert_board_whole(&mut app);
    tap_hole(&mut app, Side::White, 7);
    wait_for_moves(&mut app, 2);
    assert_board_whole(&mut app);

    // Second game, from the menu: a game under way is not thrown away without asking.
    press(&mut app, "Menu");
    press(&mut app, "New game");
    assert_eq!(moves(&app).len(), 2, "the game is still there while the question shows");
    press(&mut app, "Keep playing");
    assert_eq!(moves(&app).len(), 2, "keep playing keeps it");
    press(&mut app, "Menu");
    press(&mut app, "New game");
    press(&mut app, "Start a new game");
    assert!(moves(&app).is_empty(), "a new game starts from the beginning");
    frames(&mut app, 3);
    assert_board_whole(&mut app);

    // Third game, through the title screen.
    press(&mut app, "Menu");
    press(&mut app, "Quit to title");
    assert_eq!(screen(&app), Screen::Title);
    start_hot_seat(&mut app);
    frames(&mut app, 3);
    assert_eq!(app.world().resource::<Session>().game.mode, Mode::HotSeat);
    assert_board_whole(&mut app);
    tap_hole(&mut app, Side::White, 2);
    assert_eq!(moves(&app), [2]);
    assert_board_whole(&mut app);

    let saved = flushed_save(&mut app, &dir);
    assert_eq!(saved.settings.level, Level::MEDIUM, "the choice of level is saved");
    assert_eq!(saved.game.map(|g| (g.mode, g.moves)), Some((Mode::HotSeat, vec![2])));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_unfinished_game_is_offered_again_after_a_restart_and_continues_where_it_stopped() {
    let dir = save_dir("restart");
    {
        let mut app = start_app(PHONE, &dir);
        choose_in_settings(&mut app, "Fast");
        start_hot_seat(&mut app);
        frames(&mut app, 3);
        tap_hole(&mut app, Side::White, 7);
        tap_hole(&mut app, Side::Black, 3);
        assert_eq!(moves(&app), [7, 3]);
        // The app is closed here, right after the move: nothing is lost.
    }
    let mut app = start_app(PHONE, &dir);
    assert_eq!(screen(&app), Screen::Title);
    assert_eq!(app.world().resource::<Settings>().speed, Speed::Fast, "the settings came back");
    press(&mut app, "Continue");
    frames(&mut app, 3);
    assert_eq!(moves(&app), [7, 3], "the game continues where it stopped");
    assert_eq!(app.world().resource::<Session>().game.mode, Mode::HotSeat);
    assert_board_whole(&mut app);
    tap_hole(&mut app, Side::White, 2);
    assert_eq!(moves(&app), [7, 3, 2]);

    // A new game replaces the saved one only when the player starts it.
    drop(app);
    let mut app = start_app(PHONE, &dir);
    assert!(has_button(&mut app, "Continue"));
    start_against_computer(&mut app);
    assert_eq!(screen(&app), Screen::Title, "the saved game is not thrown away without asking");
    press(&mut app, "Start a new game");
    frames(&mut app, 2);
    let saved = flushed_save(&mut app, &dir);
    assert_eq!(saved.game.map(|g| g.moves), Some(vec![]));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn redo_by_touch_brings_back_what_undo_took_until_a_new_move_is_played() {
    let dir = save_dir("redo");
    let mut app = start_app(PHONE, &dir);
    choose_in_settings(&mut app, "Fast");
    start_against_computer(&mut app);
    frames(&mut app, 3);
    tap_hole(&mut app, Side::White, 7);
    wait_for_moves(&mut app, 2);
    let played = moves(&app);
    assert!(!has_button(&mut app, "Redo"), "nothing to redo before an undo");
    press(&mut app, "Undo");
    frames(&mut app, 5);
    assert!(moves(&app).is_empty());
    press(&mut app, "Redo");
    frames(&mut app, 5);
    assert_eq!(moves(&app), played, "the move and the computer's reply are back");
    assert_board_whole(&mut app);
    assert!(!has_button(&mut app, "Redo"), "the line is all replayed");
    let saved = flushed_save(&mut app, &dir);
    assert_eq!(saved.game.map(|g| g.moves), Some(played.clone()), "the redone moves are saved");
    // After an undo, a new move ends the redo line.
    press(&mut app, "Undo");
    frames(&mut app, 5);
    tap_hole(&mut app, Side::White, 2);
    assert!(!has_button(&mut app, "Redo"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_damaged_save_is_explained_on_the_title_screen_once() {
    let dir = save_dir("damaged");
    std::fs::write(dir.join("save.ron"), "(version: 1, settings: (speed: Fa").unwrap();
    let mut app = start_app(PHONE, &dir);
    assert_eq!(screen(&app), Screen::Title);
    let shown: Vec<String> = {
        let mut q = app.world_mut().query::<&Text>();
        q.iter(app.world()).map(|t| t.0.clone()).collect()
    };
    assert!(shown.iter().any(|t| *t == english(NOTICE_DAMAGED)), "the title says what happened: {shown:?}");
    assert!(!shown.iter().any(|t| t.contains("save.ron")), "no file path on screen");
    assert_eq!(
        std::fs::read_to_string(dir.join("save.ron.damaged")).unwrap(),
        "(version: 1, settings: (speed: Fa",
        "the damaged file is kept aside"
    );
    assert!(!has_button(&mut app, "Continue"));
    start_hot_seat(&mut app);
    press(&mut app, "Menu");
    press(&mut app, "Quit to title");
    assert_eq!(app.world().resource::<SaveNotice>().0, None, "once read, the notice is gone");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Puts `game` on the board of the game under way, as a game coming back does: a new generation, and
/// the view told to snap to it.
pub(crate) fn put_on_board(app: &mut App, game: Game) {
    let mut session = app.world_mut().resource_mut::<Session>();
    session.game = game;
    session.generation += 1;
    app.world_mut().write_message(toguz::app::state::session::BoardReset);
}

/// A finished game on the board, to reach the game-over panel.
pub(crate) fn finished_game() -> Game {
    let mut game = Game::new(Mode::HotSeat);
    let mut seed = 7u64;
    while !game.status().is_over() {
        let legal: Vec<Hole> = game.position().legal_moves().collect();
        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        let hole = legal[(seed >> 33) as usize % legal.len()];
        game.play(hole).unwrap();
    }
    game
}

/// Brings a fresh app, with no save, to one of its screens: "title", the title's "play sheet", "two
/// players sheet" or "settings sheet", "game", "menu", "game over", "lessons" or "lesson" (the board
/// lesson's second step).
fn at_screen(which: &str, size: Vec2, dir: &Path) -> App {
    let _ = std::fs::remove_dir_all(dir);
    let mut app = start_app(size, dir);
    match which {
        "title" => return app,
        "play sheet" | "two players sheet" | "settings sheet" => {
            let opens = match which {
                "play sheet" => "Play",
                "two players sheet" => "Two players",
                _ => "Settings",
            };
            press(&mut app, opens);
            return app;
        }
        _ => {}
    }
    if which == "lessons" || which == "lesson" {
        press(&mut app, "Learn to play");
        for _ in 0..600 {
            if has_button(&mut app, "Lesson The board") {
                break;
            }
            app.update();
        }
        if which == "lesson" {
            press(&mut app, "Lesson The board");
            press(&mut app, "Next");
        }
        return app;
    }
    start_hot_seat(&mut app);
    frames(&mut app, 2);
    match which {
        "game" => {
            tap_hole(&mut app, Side::White, 7);
        }
        "menu" => press(&mut app, "Menu"),
        "game over" => {
            put_on_board(&mut app, finished_game());
            frames(&mut app, 4);
        }
        other => panic!("no screen {other}"),
    }
    app
}

#[test]
fn menu_on_the_result_opens_the_games_menu_and_closing_it_comes_back_to_the_result() {
    let dir = save_dir("result-menu");
    let mut app = at_screen("game over", PHONE, &dir);
    assert!(has_button(&mut app, "Play again"), "the result shows");
    press(&mut app, "Menu");
    assert_eq!(screen(&app), Screen::Game, "the same menu as in the game, not the title at once");
    assert!(has_button(&mut app, "Quit to title") && !has_button(&mut app, "Play again"));
    press(&mut app, "Resume");
    assert!(has_button(&mut app, "Play again"), "closing the menu shows the result again");
    press(&mut app, "Menu");
    press(&mut app, "Quit to title");
    assert_eq!(screen(&app), Screen::Title);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn every_button_on_every_screen_acts_on_the_first_tap_of_an_arriving_pointer() {
    let dir = save_dir("every-button");
    let screens: [(&str, &[&str]); 9] = [
        ("title", &["Games", "Learn to play", "Play", "Puzzles", "Settings", "Two players"]),
        (
            "play sheet",
            &[
                "By lot", "Close", "Computer", "Level 1", "Level 2", "Level 3", "Level 4", "Level 5",
                "Level 6", "Level 7", "Level 8", "Level 9", "Me", "Start",
            ],
        ),
        (
            "two players sheet",
            &[
                "Blitz 3+2",
                "Classical 60+0",
                "Close",
                "Custom",
                "No clock",
                "Rapid 10+5",
                "Start",
                "Turn the board",
            ],
        ),
        (
            "settings sheet",
            &[
                "Close",
                "Counts",
                "Fast",
                "Instant",
                "Language",
                "Motion",
                "Normal",
                "Puzzles",
                "Renderer",
                "Slow",
                "Sound",
                "Stones",
                "Vibration",
            ],
        ),
        // Hot-seat on one device: the far player's bar has its own controls, facing them (its Undo once
        // the far player has a move to take back).
        ("game", &["Hint", "Hint (far side)", "Menu", "Menu (far side)", "Undo"]),
        (
            "menu",
            &[
                "Counts",
                "Flip",
                "Language",
                "Motion",
                "Moves",
                "New game",
                "Offer a draw",
                "Quit to title",
                "Resign",
                "Resume",
                "Rules",
                "Sound",
                "Speed",
                "Stones",
                "Vibration",
            ],
        ),
        (
            "lessons",
            &[
                "Back",
                "Lesson A move",
                "Lesson Captures",
                "Lesson Common mistakes",
                "Lesson Strategy",
                "Lesson The board",
                "Lesson The end of the game",
                "Lesson The landing hint",
                "Lesson The tuzdik",
                "Lesson Tuzdik limits",
            ],
        ),
        ("lesson", &["Again", "Back", "Close the lesson", "Next", "Skip lesson"]),
        ("game over", &["Menu", "Moves", "Play again", "Review"]),
    ];
    // A tablet draws the UI larger (UiScale): taps must still land where the buttons are drawn.
    for (which, expected, size) in
        screens.iter().map(|(w, e)| (*w, *e, PHONE)).chain(screens[..4].iter().map(|(w, e)| (*w, *e, TABLET)))
    {
        let all = {
            let mut app = at_screen(which, size, &dir);
            buttons(&mut app)
        };
        assert_eq!(labels(&all), expected, "{which}: the buttons a finger can reach");
        for (label, _, _) in &all {
            for by_touch in [false, true] {
                // A fresh app each time: a button may leave the screen it is on.
                let mut app = at_screen(which, size, &dir);
                let (entity, at) = button(&mut app, label);
                assert_eq!(
                    button_at(app.world_mut(), at),
                    Some(entity),
                    "{which}: '{label}' is the button under its centre"
                );
                app.world_mut().resource_mut::<Taps>().0.clear();
                if by_touch {
                    touch_tap_arriving(&mut app, at);
                } else {
                    mouse_click_arriving(&mut app, at);
                }
                let taps = &app.world().resource::<Taps>().0;
                assert_eq!(
                    taps.as_slice(),
                    [entity],
                    "{which}: '{label}' acts once on the first {}",
                    if by_touch { "touch" } else { "click" }
                );
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_press_that_slides_off_a_button_or_lands_on_a_panel_does_nothing() {
    let dir = save_dir("slide-off");
    let mut app = at_screen("menu", PHONE, &dir);
    let (_, resume) = button(&mut app, "Resume");
    let window = window_entity(&mut app);
    app.world_mut().resource_mut::<Taps>().0.clear();
    let off = resume + Vec2::new(0.0, 200.0);
    for (phase, position) in
        [(TouchPhase::Started, resume), (TouchPhase::Moved, off), (TouchPhase::Ended, off)]
    {
        app.world_mut().write_message(TouchInput { phase, position, window, force: None, id: 1 });
        frames(&mut app, 2);
    }
    assert!(app.world().resource::<Taps>().0.is_empty(), "sliding off cancels the press");
    // The menu covers the bottom bar: its buttons cannot be reached through it.
    let hidden_hint = {
        let mut q = app.world_mut().query::<(&Name, &UiGlobalTransform, &ComputedNode)>();
        q.iter(app.world())
            .find(|(n, _, _)| n.as_str() == "Button Hint")
            .map(|(_, t, _)| t.translation / WINDOW_SCALE)
            .unwrap()
    };
    let (close, _) = {
        let mut q = app.world_mut().query::<(Entity, &Name)>();
        let e =
            q.iter(app.world()).find(|(_, n)| n.as_str() == "Button Close the menu").map(|(e, _)| e).unwrap();
        (e, ())
    };
    assert_eq!(button_at(app.world_mut(), hidden_hint), Some(close), "the open menu hides the bar's buttons");
    // A tap outside the menu closes it, and plays nothing.
    touch_tap_arriving(&mut app, hidden_hint);
    assert!(
        !app.world()
            .resource::<toguz::app::state::panels::Panels>()
            .contains(toguz::app::state::panels::Panel::Menu),
        "a tap outside the menu closes it"
    );
    assert!(has_button(&mut app, "Hint"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_title_screen_fits_phones_upright_and_sideways_and_tablets_with_a_saved_game_games_and_a_notice() {
    let dir = save_dir("title-fits");
    for size in [PHONE, SMALL_PHONE, PHONE_SIDEWAYS, TABLET] {
        // A damaged save gives the notice; a game played then left gives Continue.
        std::fs::write(dir.join("save.ron"), "damaged {{").unwrap();
        let mut app = start_app(size, &dir);
        start_hot_seat(&mut app);
        frames(&mut app, 2);
        tap_hole(&mut app, Side::White, 7);
        drop(app);
        let mut app = start_app(size, &dir);
        // Damage nothing this time, but show a notice as a failed write would.
        app.world_mut().resource_mut::<SaveNotice>().0 = Some(NOTICE_DAMAGED.to_string());
        frames(&mut app, 3);
        let all = buttons(&mut app);
        assert!(all.iter().any(|(l, _, _)| l == "Continue"), "{size}: {:?}", labels(&all));
        assert_named_nodes_inside(&mut app, size, "title");
        // The games played are one tap away, in the Settings sheet.
        press(&mut app, "Settings");
        let all = buttons(&mut app);
        assert!(all.iter().any(|(l, _, _)| l == "Games"), "the game played is in the history: {size}");
        assert_named_nodes_inside(&mut app, size, "the Settings sheet");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Every named node on screen (the page itself aside) lies inside the window, and every button is a big
/// enough touch target.
pub(crate) fn assert_named_nodes_inside(app: &mut App, size: Vec2, what: &str) {
    let mut q = app.world_mut().query::<(&Name, &ComputedNode, &UiGlobalTransform, &InheritedVisibility)>();
    let window = Rect::from_corners(Vec2::ZERO, size);
    for (name, node, transform, visible) in q.iter(app.world()) {
        if !visible.get() || node.size().min_element() <= 0.0 || name.as_str() == "Title screen" {
            continue;
        }
        let s = 1.0 / WINDOW_SCALE;
        let r = Rect::from_center_size(transform.translation * s, node.size() * s);
        assert!(
            window.contains(r.min + Vec2::splat(0.5)) && window.contains(r.max - Vec2::splat(0.5)),
            "{size}, {what}: '{name}' at {r:?} is cut off"
        );
        if name.as_str().starts_with("Button ") {
            assert!(r.height() >= 44.0 - 0.5, "{size}, {what}: '{name}' is a big enough touch target");
        }
    }
}

#[test]
fn the_android_activity_handles_configuration_changes_itself_instead_of_being_recreated() {
    // A recreated NativeActivity starts a second event loop in the same process, and Bevy panics: every
    // change a phone makes while the game runs must be declared as handled by the app.
    let manifest =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/android/AndroidManifest.xml")).unwrap();
    let line = manifest
        .lines()
        .find(|l| l.trim_start().starts_with("android:configChanges="))
        .expect("the activity declares configChanges");
    let declared: Vec<&str> = line.split('"').nth(1).unwrap_or_default().split('|').collect();
    for change in [
        "orientation",
        "screenSize",
        "smallestScreenSize",
        "screenLayout",
        "density",
        "uiMode",
        "fontScale",
        "locale",
        "layoutDirection",
        "keyboard",
        "keyboardHidden",
        "navigation",
    ] {
        assert!(declared.contains(&change), "'{change}' would recreate the activity: {declared:?}");
    }
}

/// Every visible UI node lies inside the window, and every text inside its button.
pub(crate) fn assert_nothing_clipped(app: &mut App, size: Vec2, what: &str) {
    let window = Rect::from_corners(Vec2::ZERO, size).inflate(0.5);
    let mut q = app.world_mut().query::<(
        Entity,
        &ComputedNode,
        &UiGlobalTransform,
        &InheritedVisibility,
        Option<&ChildOf>,
        Option<&Text>,
    )>();
    let rect = |node: &ComputedNode, t: &UiGlobalTransform| {
        let s = 1.0 / WINDOW_SCALE;
        Rect::from_center_size(t.translation * s, node.size() * s)
    };
    let nodes: Vec<_> = q
        .iter(app.world())
        .filter(|(_, node, _, visible, _, _)| visible.get() && node.size().min_element() > 0.0)
        .map(|(e, node, t, _, parent, text)| {
            (e, rect(node, t), parent.map(|p| p.parent()), text.map(|t| t.0.clone()))
        })
        .collect();
    let name_of = |e: Entity| app.world().get::<Name>(e).map(|n| n.as_str().to_string()).unwrap_or_default();
    for (e, r, parent, text) in &nodes {
        let label = text.clone().unwrap_or_else(|| name_of(*e))
            + &parent.map(|p| format!(" in '{}'", name_of(p))).unwrap_or_default();
        let inside: Vec<String> = nodes
            .iter()
            .filter(|(_, o, _, t)| t.is_some() && r.contains(o.center()))
            .map(|(_, o, _, t)| format!("{:?} {o:?}", t.clone().unwrap_or_default()))
            .collect();
        assert!(
            window.contains(r.min) && window.contains(r.max),
            "{what}: '{label}' at {r:?} is cut off by the {size} window; it holds {inside:?}"
        );
        if text.is_some()
            && let Some(parent) = parent
            && app.world().get::<Button>(*parent).is_some()
        {
            let (_, button, _, _) = nodes.iter().find(|(e, ..)| e == parent).expect("a visible button");
            assert!(
                button.inflate(1.0).contains(r.min) && button.inflate(1.0).contains(r.max),
                "{what}: '{label}' overflows its button"
            );
        }
    }
}

/// Every visible text is laid out within its node: none is cut by a node of fixed height.
pub(crate) fn assert_texts_whole(app: &mut App, what: &str) {
    let mut q =
        app.world_mut().query::<(&Text, &bevy::text::TextLayoutInfo, &ComputedNode, &InheritedVisibility)>();
    for (text, layout, node, visible) in q.iter(app.world()) {
        // A node of no size at all is not laid out (`Display::None`: the Redo button while nothing
        // can be redone); one cut by a parent keeps its width.
        if visible.get() && !text.0.is_empty() && node.size() != Vec2::ZERO {
            assert!(
                layout.size.y <= node.size().y + 2.0,
                "{what}: '{}' needs {} pixels of height and has {}",
                text.0,
                layout.size.y,
                node.size().y
            );
        }
    }
}

pub(crate) fn with_language(dir: &Path, lang: toguz::app::i18n::locale::Lang) {
    let save = toguz::app::saves::persistence::SaveFile {
        version: toguz::app::saves::persistence::VERSION,
        settings: Settings { lang: Some(lang), ..Settings::default() },
        game: None,
    };
    toguz::app::saves::persistence::write_atomically(
        &dir.join("save.ron"),
        &toguz::app::saves::persistence::to_text(&save),
    )
    .unwrap();
}

#[test]
fn every_language_fits_every_screen_of_a_phone_and_messages_leave_the_bars_and_counts_clear() {
    use toguz::app::i18n::locale::{Lang, Locale};
    let dir = save_dir("languages-fit");
    for lang in Lang::ALL {
        for size in [SMALL_PHONE, PHONE] {
            let what = format!("{} at {size}", lang.code());
            with_language(&dir, lang);
            let mut app = start_app(size, &dir);
            assert_eq!(app.world().resource::<Locale>().lang, lang, "{what}");
            // A notice and a saved game make the title as full as it gets.
            app.world_mut().resource_mut::<SaveNotice>().0 = Some(NOTICE_DAMAGED.to_string());
            frames(&mut app, 3);
            assert_nothing_clipped(&mut app, size, &format!("{what}, title"));
            start_hot_seat(&mut app);
            frames(&mut app, 2);
            tap_hole(&mut app, Side::White, 7);
            // The longest message: the long-press hint.
            let layout = app.world().resource::<BoardLayout>().clone();
            let c = layout.hole(Side::Black, crate::common::hole(2)).center();
            let at = Vec2::new(c.x + size.x / 2.0, size.y / 2.0 - c.y);
            let window = window_entity(&mut app);
            app.world_mut().write_message(TouchInput {
                phase: TouchPhase::Started,
                position: at,
                window,
                force: None,
                id: 9,
            });
            frames(&mut app, 40);
            let toast = {
                let mut q = app.world_mut().query::<(&Name, &ComputedNode, &UiGlobalTransform)>();
                q.iter(app.world())
                    .find(|(n, _, _)| n.as_str() == "Messages")
                    .map(|(_, node, t)| {
                        let s = 1.0 / WINDOW_SCALE;
                        Rect::from_center_size(t.translation * s, node.size() * s)
                    })
                    .unwrap()
            };
            let text = app.world().resource::<toguz::app::screens::game::messages::ToastState>().text.clone();
            assert!(!text.is_empty(), "{what}: the long press says where the stone lands");
            let (top, bottom) = (layout.top_bar, size.y - layout.bottom_bar);
            assert!(toast.min.y >= top && toast.max.y <= bottom, "{what}: '{text}' covers a bar: {toast:?}");
            for side in Side::BOTH {
                for hole in Hole::all() {
                    let p = layout.count_position(toguz::rules::Place::Hole(side, hole));
                    let p = Vec2::new(p.x + size.x / 2.0, size.y / 2.0 - p.y);
                    assert!(
                        !toast.inflate(-2.0).contains(p),
                        "{what}: '{text}' covers the count of {side} {hole}"
                    );
                }
            }
            app.world_mut().write_message(TouchInput {
                phase: TouchPhase::Ended,
                position: at,
                window,
                force: None,
                id: 9,
            });
            frames(&mut app, 2);
            assert_nothing_clipped(&mut app, size, &format!("{what}, game"));
            press(&mut app, "Undo");
            assert!(has_button(&mut app, "Redo"));
            assert_nothing_clipped(&mut app, size, &format!("{what}, game with Redo"));
            press(&mut app, "Redo");
            press(&mut app, "Menu");
            assert_nothing_clipped(&mut app, size, &format!("{what}, menu"));
            press(&mut app, "Resume");
            let game = finished_game();
            let world = app.world_mut();
            let generation = world.resource::<Session>().generation + 1;
            *world.resource_mut::<Session>() =
                Session { game, generation, owner: toguz::app::state::session::BoardOwner::Game };
            world.write_message(toguz::app::state::session::BoardReset);
            frames(&mut app, 4);
            assert_nothing_clipped(&mut app, size, &format!("{what}, game over"));
            press(&mut app, "Moves");
            assert_nothing_clipped(&mut app, size, &format!("{what}, the move list of a finished game"));
            press(&mut app, "Review");
            assert_nothing_clipped(&mut app, size, &format!("{what}, review"));
            // The computer's view, at a move it marks: its words fit their lines.
            super::analysis::show_a_marked_move(&mut app);
            assert_nothing_clipped(&mut app, size, &format!("{what}, review with the computer's view"));
            assert_texts_whole(&mut app, &format!("{what}, review with the computer's view"));
            press(&mut app, "Moves");
            assert_nothing_clipped(&mut app, size, &format!("{what}, the move list in review"));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_menu_in_a_game_fits_a_phone_held_sideways_in_every_language_and_quits_to_the_title() {
    use toguz::app::i18n::locale::Lang;
    let dir = save_dir("menu-sideways");
    for lang in Lang::ALL {
        for size in [PHONE_SIDEWAYS, Vec2::new(640.0, 360.0), PHONE] {
            let what = format!("{} at {size}", lang.code());
            with_language(&dir, lang);
            let mut app = start_app(size, &dir);
            start_hot_seat(&mut app);
            frames(&mut app, 2);
            press(&mut app, "Menu");
            assert!(has_button(&mut app, "Quit to title"), "{what}: the menu is open");
            assert_nothing_clipped(&mut app, size, &format!("{what}, menu"));
            assert_texts_whole(&mut app, &format!("{what}, menu"));
            press(&mut app, "Quit to title");
            assert_eq!(screen(&app), Screen::Title, "{what}: Quit to title is in reach and works");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_language_changes_at_once_from_the_title_and_the_menu_and_is_kept() {
    use toguz::app::i18n::locale::Lang;
    let dir = save_dir("language-switch");
    let mut app = start_app(PHONE, &dir);
    let texts = |app: &mut App| -> Vec<String> {
        let mut q = app.world_mut().query::<&Text>();
        q.iter(app.world()).map(|t| t.0.clone()).collect()
    };
    assert!(texts(&mut app).iter().any(|t| t == "Two players"));
    press(&mut app, "Settings");
    press(&mut app, "Language");
    press(&mut app, "Қазақша");
    frames(&mut app, 2);
    let shown = texts(&mut app);
    assert!(shown.iter().any(|t| t == "Екі ойыншы"), "{shown:?}");
    assert!(shown.iter().any(|t| t == "Тоғызқұмалақ"), "the game's name as Kazakh players write it");
    assert!(shown.iter().any(|t| t == "Тіл: Қазақша"), "the Settings sheet it was chosen from: {shown:?}");
    press(&mut app, "Close");
    start_hot_seat(&mut app);
    frames(&mut app, 2);
    assert!(texts(&mut app).iter().any(|t| t == "Мәзір"), "the bars speak Kazakh");
    // From the menu, without a restart: the bar's buttons change in place.
    press(&mut app, "Menu");
    press(&mut app, "Language");
    press(&mut app, "Tiếng Việt");
    frames(&mut app, 2);
    let shown = texts(&mut app);
    assert!(shown.iter().any(|t| t == "Gợi ý"), "{shown:?}");
    assert!(!shown.iter().any(|t| t == "Мәзір"), "no Kazakh left on screen: {shown:?}");
    let saved = flushed_save(&mut app, &dir);
    assert_eq!(saved.settings.lang, Some(Lang::Vi), "the choice is saved");
    drop(app);
    let mut app = start_app(PHONE, &dir);
    assert!(texts(&mut app).iter().any(|t| t == "Hai người chơi"), "and used after a restart");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A UI node's rectangle in window coordinates (logical pixels), by its name.
pub(crate) fn named_rect(app: &mut App, name: &str) -> Option<Rect> {
    let mut q = app.world_mut().query::<(&Name, &ComputedNode, &UiGlobalTransform, &InheritedVisibility)>();
    q.iter(app.world()).find(|(n, node, _, v)| n.as_str() == name && v.get() && node.size().x > 0.0).map(
        |(_, node, t, _)| {
            let s = 1.0 / WINDOW_SCALE;
            Rect::from_center_size(t.translation * s, node.size() * s)
        },
    )
}

/// The status line of a bar ("to move", "thinking…") is laid out whole, inside the window and clear of
/// every button of the bar.
fn assert_turn_shown(app: &mut App, bar: &str, what: &str) {
    let status = format!("Status in the {bar} bar");
    let mut q = app.world_mut().query::<(&Name, &Text, &bevy::text::TextLayoutInfo, &ComputedNode)>();
    let (text, needed, has) = q
        .iter(app.world())
        .find(|(n, ..)| n.as_str() == status)
        .map(|(_, t, l, node)| (t.0.clone(), l.size, node.size()))
        .expect("a status line");
    assert!(!text.is_empty(), "{what}: the {bar} bar says whose turn it is");
    assert!(
        has.x + 1.0 >= needed.x && has.y + 1.0 >= needed.y && needed.x > 0.0,
        "{what}: '{text}' needs {needed} and has {has}"
    );
    let r = named_rect(app, &status).unwrap_or_else(|| panic!("{what}: '{text}' is not on screen"));
    let player = named_rect(app, &format!("Player in the {bar} bar")).expect("the player's block");
    // A line's box is a few pixels taller than its letters: the sideways phone's 44-pixel bars hold the
    // two lines with their boxes' edges just over the block's.
    assert!(
        player.inflate(3.0).contains(r.min) && player.inflate(3.0).contains(r.max),
        "{what}: '{text}' at {r:?} is cut by its block {player:?}"
    );
    let bar_name = if bar == "top" { "Top bar" } else { "Bottom bar" };
    let bar_rect = named_rect(app, bar_name).expect("the bar");
    for (label, _, at) in buttons(app) {
        if bar_rect.contains(at) {
            let b = named_rect(app, &format!("Button {label}"))
                .or_else(|| named_rect(app, &label))
                .unwrap_or_else(|| panic!("{what}: the bar's button '{label}' has no box"));
            assert!(b.intersect(r).is_empty(), "{what}: '{label}' covers '{text}'");
        }
    }
}

#[test]
fn whose_turn_it_is_shows_in_every_language_at_every_size_with_undo_redo_hint_and_menu() {
    use toguz::app::i18n::locale::Lang;
    let dir = save_dir("turn-shown");
    for lang in Lang::ALL {
        for size in [SMALL_PHONE, PHONE, PHONE_SIDEWAYS, Vec2::new(640.0, 360.0), TABLET] {
            let what = format!("{} at {size}", lang.code());
            with_language(&dir, lang);
            let mut app = start_app(size, &dir);
            start_hot_seat(&mut app);
            frames(&mut app, 2);
            // Two moves each, then Black takes back their own last move: White's Undo stays, for White's,
            // and Redo is Black's, who undid.
            for (side, hole) in [(Side::White, 7), (Side::Black, 3), (Side::White, 2), (Side::Black, 5)] {
                tap_hole(&mut app, side, hole);
            }
            press(&mut app, "Undo (far side)");
            frames(&mut app, 3);
            for label in ["Undo", "Hint", "Menu", "Redo (far side)", "Hint (far side)", "Menu (far side)"] {
                assert!(has_button(&mut app, label), "{what}: {label} is in the bar");
            }
            assert_turn_shown(&mut app, "bottom", &format!("{what}, Redo shown"));
            assert_turn_shown(&mut app, "top", &format!("{what}, Redo shown, the far bar"));
            assert_nothing_clipped(&mut app, size, &format!("{what}, Redo shown"));
            // Then White takes back theirs: Redo is White's, and Black's Undo is for Black's move before.
            press(&mut app, "Undo");
            frames(&mut app, 3);
            for label in ["Redo", "Hint", "Menu", "Undo (far side)"] {
                assert!(has_button(&mut app, label), "{what}: {label} is in the bar");
            }
            assert_turn_shown(&mut app, "bottom", &format!("{what}, White's Redo shown"));
            assert_turn_shown(&mut app, "top", &format!("{what}, White's Redo shown, the far bar"));
            assert_nothing_clipped(&mut app, size, &format!("{what}, White's Redo shown"));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

fn rotation_of(app: &mut App, name: &str) -> f32 {
    let mut q = app.world_mut().query::<(&Name, &UiTransform)>();
    q.iter(app.world()).find(|(n, _)| n.as_str() == name).map(|(_, t)| t.rotation.as_radians()).expect(name)
}

#[test]
fn in_hot_seat_the_far_players_menu_and_messages_face_them_and_their_undo_takes_back_only_their_own_move() {
    let dir = save_dir("far-seat");
    let mut app = start_app(TABLET, &dir);
    start_hot_seat(&mut app);
    frames(&mut app, 2);
    tap_hole(&mut app, Side::White, 7);
    // White, the near player, moved: Black's Undo is not offered, and would not take it back.
    assert!(!has_button(&mut app, "Undo (far side)"), "the far player's Undo waits for a move of theirs");
    assert!(has_button(&mut app, "Undo"), "the near player may take back their own move");
    let undo = app
        .world_mut()
        .query_filtered::<Entity, With<Button>>()
        .iter(app.world())
        .find(|&e| app.world().get::<Name>(e).is_some_and(|n| n.as_str() == "Button Undo (far side)"));
    app.world_mut()
        .commands()
        .trigger(toguz::app::ui::widgets::Tap { entity: undo.unwrap(), at: Vec2::ZERO });
    frames(&mut app, 2);
    assert_eq!(moves(&app), [7], "the far player's Undo, reached all the same, left the near player's move");
    let said = app.world().resource::<toguz::app::screens::game::messages::ToastState>().text.clone();
    assert!(said.contains("White"), "the far player is told whose move it was: '{said}'");
    // It is Black's turn: White's Hint would show White Black's best move.
    press(&mut app, "Hint");
    frames(&mut app, 2);
    let said = app.world().resource::<toguz::app::screens::game::messages::ToastState>().text.clone();
    assert!(said.starts_with("It is Black’s turn"), "the near player's Hint waits for their turn: '{said}'");
    // The refusal speaks to the near player, who asked: only their copy shows, facing them.
    assert!(
        named_rect(&mut app, "Messages").is_some() && named_rect(&mut app, "Messages (far side)").is_none()
    );
    assert!((rotation_of(&mut app, "Messages (far side)").abs() - std::f32::consts::PI).abs() < 0.01);
    assert!(rotation_of(&mut app, "Messages").abs() < 0.01);
    // The far player's Menu opens facing them.
    press(&mut app, "Menu (far side)");
    assert!(has_button(&mut app, "Resume"));
    let card = {
        let mut q = app.world_mut().query::<(&Name, &ChildOf)>();
        let resume =
            q.iter(app.world()).find(|(n, _)| n.as_str() == "Button Resume").map(|(_, p)| p.parent());
        let grid = resume.expect("Resume");
        app.world().get::<ChildOf>(grid).unwrap().parent()
    };
    let turned = app.world().get::<UiTransform>(card).unwrap().rotation.as_radians();
    assert!((turned.abs() - std::f32::consts::PI).abs() < 0.01, "the far player's menu faces them: {turned}");
    // The moves, opened from their menu, face them too.
    press(&mut app, "Moves");
    frames(&mut app, 2);
    let list = rotation_of(&mut app, "Move list");
    assert!(
        (list.abs() - std::f32::consts::PI).abs() < 0.01,
        "the far player's move list faces them: {list}"
    );
    press(&mut app, "Close");
    // So do the languages and the new-game question opened from their menu (they faced the near seat).
    press(&mut app, "Menu (far side)");
    press(&mut app, "Language");
    frames(&mut app, 2);
    let languages = rotation_of(&mut app, "Language list");
    assert!((languages.abs() - std::f32::consts::PI).abs() < 0.01, "the languages face them: {languages}");
    crate::lifecycle::system_back(&mut app);
    press(&mut app, "New game");
    frames(&mut app, 2);
    // A new game is both players' question: a copy faces each seat.
    let question = rotation_of(&mut app, "Question (far seat)");
    assert!((question.abs() - std::f32::consts::PI).abs() < 0.01, "the question faces them: {question}");
    let near = rotation_of(&mut app, "Question");
    assert!(near.abs() < 0.01, "and its other copy faces the near seat: {near}");
    press(&mut app, "Keep playing");
    // The near player's own Undo takes back their move.
    press(&mut app, "Undo");
    frames(&mut app, 2);
    assert!(moves(&app).is_empty(), "the near player took back their own move");
    press(&mut app, "Menu");
    let turned = app.world().get::<UiTransform>(card).unwrap().rotation.as_radians();
    assert!(turned.abs() < 0.01, "the near player's menu faces them: {turned}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The new-player check: with a two-players game saved, a new game asked from the title drew the question
/// twice, a second copy upside down over the title's buttons. Nobody sits at the board on the title: one
/// card, facing the screen; in the shared game itself each seat still gets its copy.
#[test]
fn a_new_game_asked_from_the_title_over_a_saved_two_players_game_is_one_card_facing_the_reader() {
    let dir = save_dir("title-question-one-card");
    let mut app = start_app(TABLET, &dir);
    start_hot_seat(&mut app);
    frames(&mut app, 2);
    tap_hole(&mut app, Side::White, 7);
    frames(&mut app, 2);
    press(&mut app, "Menu");
    press(&mut app, "Quit to title");
    frames(&mut app, 2);
    start_against_computer(&mut app);
    frames(&mut app, 2);
    assert!(named_rect(&mut app, "Question").is_some(), "starting over a saved game asks first");
    assert!(rotation_of(&mut app, "Question").abs() < 0.01, "the question faces the reader");
    let mut names = app.world_mut().query::<&Name>();
    assert!(
        !names.iter(app.world()).any(|n| n.as_str() == "Question (far seat)"),
        "no upside-down copy over the title"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A new player's try (issue 32): turning the board each turn on in the middle of a game left the far
/// row's numbers upside down (9 read "6") until the next move. They turn at once, both ways.
#[test]
fn switching_the_boards_turning_turns_the_far_rows_numbers_at_once() {
    use toguz::app::board::stones::HoleNumber;
    let dir = save_dir("flip-numbers");
    let mut app = start_app(TABLET, &dir);
    start_hot_seat(&mut app);
    frames(&mut app, 3);
    let far_turned = |app: &mut App| -> Vec<bool> {
        let mut q = app.world_mut().query::<(&HoleNumber, &Transform)>();
        q.iter(app.world())
            .filter(|(n, _)| n.0 == Side::Black)
            .map(|(_, t)| t.rotation.angle_between(Quat::IDENTITY) > 3.0)
            .collect()
    };
    assert!(far_turned(&mut app).iter().all(|&t| t), "two players share the board: the far row faces them");
    for (flip, turned) in [(true, false), (false, true)] {
        app.world_mut().resource_mut::<Settings>().flip_each_turn = flip;
        frames(&mut app, 3);
        let all = far_turned(&mut app);
        assert_eq!(all.len(), 9);
        assert!(all.iter().all(|&t| t == turned), "turning each turn {flip}: far numbers turned {turned}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_panel_over_the_result_hides_it_and_every_panel_card_is_opaque() {
    assert_eq!(toguz::app::ui::theme::PANEL.alpha(), 1.0, "nothing shows through a panel's card");
    let dir = save_dir("panel-hides");
    let mut app = start_app(PHONE, &dir);
    start_hot_seat(&mut app);
    frames(&mut app, 2);
    let game = finished_game();
    let world = app.world_mut();
    let generation = world.resource::<Session>().generation + 1;
    *world.resource_mut::<Session>() =
        Session { game, generation, owner: toguz::app::state::session::BoardOwner::Game };
    world.write_message(toguz::app::state::session::BoardReset);
    frames(&mut app, 4);
    assert!(named_rect(&mut app, "Game over").is_some(), "the result is shown");
    for (open, close) in [("Moves", "Close"), ("Menu", "Resume")] {
        press(&mut app, open);
        frames(&mut app, 2);
        assert!(named_rect(&mut app, "Game over").is_none(), "the result does not show through '{open}'");
        press(&mut app, close);
        frames(&mut app, 2);
        assert!(named_rect(&mut app, "Game over").is_some(), "the result is back after '{open}'");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_tapped_button_does_not_stay_lit_once_the_finger_or_mouse_button_is_lifted() {
    let dir = save_dir("no-hover");
    let mut app = start_app(PHONE, &dir);
    press(&mut app, "Settings");
    let (entity, at) = button(&mut app, "Slow");
    click(&mut app, "Slow");
    frames(&mut app, 2);
    let interaction = *app.world().get::<Interaction>(entity).unwrap();
    assert_eq!(interaction, Interaction::Hovered, "the mouse is still over the choice it clicked");
    let color = app.world().get::<BackgroundColor>(entity).unwrap().0;
    assert_ne!(
        color,
        toguz::app::ui::theme::BUTTON_HOVER,
        "the clicked choice is not left lit as if hovered"
    );
    // A mouse that moves again lights what it is over.
    let window = window_entity(&mut app);
    app.world_mut().write_message(bevy::window::CursorMoved { window, position: at, delta: None });
    frames(&mut app, 2);
    let color = app.world().get::<BackgroundColor>(entity).unwrap().0;
    assert_eq!(color, toguz::app::ui::theme::BUTTON_HOVER, "a moving mouse shows what it is over");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A hole's rectangle in window coordinates (logical pixels from the top-left).
fn hole_on_screen(app: &App, side: Side, hole: u8) -> Rect {
    let layout = app.world().resource::<BoardLayout>();
    let r = layout.hole(side, crate::common::hole(hole));
    let to_screen = |p: Vec2| Vec2::new(p.x + layout.window.x / 2.0, layout.window.y / 2.0 - p.y);
    Rect::from_corners(to_screen(r.min), to_screen(r.max))
}

/// A new player's try (issue 32): on a small phone in Vietnamese the Hint button's words ("Gợi ý: đi lỗ
/// 5…") sat on hole 5 for three seconds. The words never cover the hole they advise, at any size.
#[test]
fn the_hint_buttons_words_never_cover_the_hole_they_advise() {
    use toguz::app::computer::hint::HintState;
    let dir = save_dir("advice-placed");
    for size in [SMALL_PHONE, PHONE, PHONE_SIDEWAYS, TABLET] {
        with_language(&dir, toguz::app::i18n::locale::Lang::Vi);
        let mut app = start_app(size, &dir);
        start_against_computer(&mut app);
        frames(&mut app, 3);
        press(&mut app, "Hint");
        crate::app::frames_until(&mut app, 120, |app| app.world().resource::<HintState>().shown.is_some());
        frames(&mut app, 3);
        let (_, hole) = app.world().resource::<HintState>().shown.expect("the hint advises a hole");
        let advised = hole_on_screen(&app, Side::White, hole.number());
        let said = named_rect(&mut app, "Messages").expect("the advice is said in words");
        assert!(
            said.intersect(advised.inflate(-2.0)).is_empty(),
            "{size}: the words {said:?} cover the advised hole {hole} at {advised:?}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_landing_hint_hides_neither_the_hole_pressed_nor_the_hole_it_lights() {
    let dir = save_dir("hint-placed");
    for size in [SMALL_PHONE, PHONE, PHONE_SIDEWAYS, TABLET] {
        let mut app = start_app(size, &dir);
        start_against_computer(&mut app);
        frames(&mut app, 3);
        for hole in 1..=9u8 {
            let pressed = hole_on_screen(&app, Side::White, hole);
            let window = window_entity(&mut app);
            let finger =
                |phase| TouchInput { phase, position: pressed.center(), window, force: None, id: 40 };
            app.world_mut().write_message(finger(TouchPhase::Started));
            frames(&mut app, 40);
            let hint = app.world().resource::<toguz::app::state::session::LandingHint>().0;
            let (_, landing) = hint.expect("a long press shows where the last stone lands");
            let lit = hole_on_screen(&app, landing.side, landing.hole.number());
            let said = named_rect(&mut app, "Messages").expect("the hint is said in words");
            for (what, r) in [("pressed", pressed), ("lit", lit)] {
                assert!(
                    said.intersect(r.inflate(-2.0)).is_empty(),
                    "{size}, hole {hole}: the words {said:?} cover the {what} hole {r:?}"
                );
            }
            app.world_mut().write_message(finger(TouchPhase::Canceled));
            frames(&mut app, 200);
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The rectangle of the parent of the UI node named `name`, in window coordinates.
fn parent_rect(app: &mut App, name: &str) -> Rect {
    let mut q = app.world_mut().query::<(&Name, &ChildOf)>();
    let parent = q.iter(app.world()).find(|(n, _)| n.as_str() == name).map(|(_, p)| p.parent()).expect(name);
    let node = app.world().get::<ComputedNode>(parent).expect("a UI node");
    let t = app.world().get::<UiGlobalTransform>(parent).expect("a UI node");
    Rect::from_center_size(t.translation / WINDOW_SCALE, node.size() / WINDOW_SCALE)
}

/// A new player's try (issue 32): on a phone held sideways the game's menu cut through the top bar
/// (Kazakh). Its card sits below the bar, whole, in every language, with the board's turning too.
#[test]
fn the_games_menu_sits_below_the_top_bar_on_a_phone_held_sideways() {
    use toguz::app::i18n::locale::Lang;
    let dir = save_dir("menu-below-bar");
    for lang in Lang::ALL {
        let what = format!("{} at {PHONE_SIDEWAYS}", lang.code());
        with_language(&dir, lang);
        let mut app = start_app(PHONE_SIDEWAYS, &dir);
        start_hot_seat(&mut app);
        frames(&mut app, 2);
        press(&mut app, "Menu");
        frames(&mut app, 3);
        let bar = app.world().resource::<BoardLayout>().top_bar;
        let card = parent_rect(&mut app, "Menu buttons");
        assert!(card.min.y >= bar - 0.5, "{what}: the menu {card:?} cuts into the {bar}-pixel top bar");
        assert!(card.max.y <= PHONE_SIDEWAYS.y, "{what}: the menu {card:?} runs off the screen");
        assert_nothing_clipped(&mut app, PHONE_SIDEWAYS, &format!("{what}, menu"));
        assert_texts_whole(&mut app, &format!("{what}, menu"));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A new player's try (issue 32): Hint jumped sideways when Redo appeared beside Undo. The bar's other
/// buttons keep their places, in every language, at every size.
#[test]
fn hint_and_menu_keep_their_places_when_redo_appears() {
    use toguz::app::i18n::locale::Lang;
    let dir = save_dir("bar-places");
    let sizes = [SMALL_PHONE, PHONE, PHONE_SIDEWAYS, TABLET];
    for (lang, size) in Lang::ALL.into_iter().flat_map(|l| sizes.map(|s| (l, s))) {
        with_language(&dir, lang);
        let mut app = start_app(size, &dir);
        start_hot_seat(&mut app);
        frames(&mut app, 2);
        tap_hole(&mut app, Side::White, 7);
        let before: Vec<_> = ["Button Hint", "Button Menu"].map(|n| named_rect(&mut app, n).expect(n)).into();
        press(&mut app, "Undo");
        frames(&mut app, 3);
        assert!(has_button(&mut app, "Redo"), "{} at {size}: Redo is offered after Undo", lang.code());
        let after: Vec<_> = ["Button Hint", "Button Menu"].map(|n| named_rect(&mut app, n).expect(n)).into();
        for (b, a) in before.iter().zip(&after) {
            let what = format!("{} at {size}", lang.code());
            assert!(b.center().distance(a.center()) < 0.5, "{what}: a button moved from {b:?} to {a:?}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Hot-seat leftovers (issue 32): on a shared tablet the far player's Hint on the near player's turn was
/// answered to both players, the near one reading of "the other player (White)", themselves; that copy lay
/// over Black's kazan count; and the near bar offered Redo after the far player's Undo. A refusal speaks
/// only to the player who asked, clear of the kazans' counts, and Redo is offered to whoever undid.
#[test]
fn in_hot_seat_a_refusal_speaks_to_who_asked_and_redo_belongs_to_who_undid() {
    use toguz::app::screens::game::messages::ToastState;
    use toguz::rules::Place;
    let dir = save_dir("far-seat-refusal");
    let mut app = start_app(TABLET, &dir);
    start_hot_seat(&mut app);
    frames(&mut app, 2);
    tap_hole(&mut app, Side::White, 7);
    tap_hole(&mut app, Side::Black, 3);
    // White's turn: the far player (Black) asks for a hint.
    press(&mut app, "Hint (far side)");
    frames(&mut app, 3);
    let said = app.world().resource::<ToastState>().text.clone();
    assert!(said.starts_with("It is White’s turn"), "the far player is told why: '{said}'");
    assert!(named_rect(&mut app, "Messages").is_none(), "White is not told of themselves as another");
    let far = named_rect(&mut app, "Messages (far side)").expect("the far player's copy");
    let layout = app.world().resource::<BoardLayout>().clone();
    for side in Side::BOTH {
        let p = layout.count_position(Place::Kazan(side));
        let count = Vec2::new(p.x + TABLET.x / 2.0, TABLET.y / 2.0 - p.y);
        let radius = (layout.kazan(side).size().min_element() * 1.1).clamp(34.0, 64.0) / 2.0;
        let badge = Rect::from_center_size(count, Vec2::splat(2.0 * radius));
        assert!(far.intersect(badge).is_empty(), "the message {far:?} covers {side}'s kazan count {badge:?}");
    }
    // Black takes back their own move: Redo is theirs, not White's.
    press(&mut app, "Undo (far side)");
    frames(&mut app, 3);
    assert_eq!(moves(&app), [7], "Black's move was taken back");
    assert!(has_button(&mut app, "Redo (far side)"), "the player who undid may redo");
    assert!(!has_button(&mut app, "Redo"), "the near bar offers no Redo of Black's move");
    press(&mut app, "Redo (far side)");
    frames(&mut app, 3);
    assert_eq!(moves(&app), [7, 3], "Black's Redo plays their move again");
    let _ = std::fs::remove_dir_all(&dir);
}
