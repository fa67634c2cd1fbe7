//! Touch you can feel, headless: the tests have no vibrator (the desktop's `feel` does nothing, so they
//! stay silent), and `board::haptics::Felt` counts what the device was asked for. Stones give ticks
//! spaced at least `TICK_GAP` apart, a capture a firm knock, a refused tap a refusal; nothing with the
//! setting off or in the background; the menu's "Vibration" turns it off and the save keeps it.

use bevy::prelude::*;
use toguz::ai::Level;
use toguz::app::board::haptics::{Felt, TICK_GAP};
use toguz::app::platform::lifecycle::InBackground;
use toguz::app::state::session::{BoardReset, Session};
use toguz::app::state::settings::{Settings, Speed};
use toguz::game::{Game, Mode};
use toguz::rules::{Position, Side};

use super::app::{app_with, frames, tap};
use super::flows::{
    PHONE, SMALL_PHONE, assert_nothing_clipped, flushed_save, has_button, press, save_dir, start_app,
    start_hot_seat,
};

fn felt(app: &App) -> Felt {
    app.world().resource::<Felt>().clone()
}

/// Runs `n` frames and gives the game clock's time of each tick felt in them.
fn tick_times(app: &mut App, n: usize) -> Vec<f64> {
    let mut times = Vec::new();
    let mut before = felt(app);
    for _ in 0..n {
        app.update();
        let now = felt(app);
        assert!(now.ticks <= before.ticks + 1, "one tick a frame at most");
        if now.ticks > before.ticks {
            times.push(now.last.expect("a tick has its time"));
        }
        before = now;
    }
    times
}

/// The game on the board set to `position` (a position string of the engine protocol).
pub(crate) fn set_position(app: &mut App, position: &str) {
    let position: Position = position.parse().expect("a position");
    let world = app.world_mut();
    let generation = world.resource::<Session>().generation + 1;
    let game = Game::from_position(Mode::HotSeat, position);
    *world.resource_mut::<Session>() =
        Session { game, generation, owner: toguz::app::state::session::BoardOwner::Game };
    world.write_message(BoardReset);
    frames(app, 2);
}

#[test]
fn every_stone_of_a_nine_stone_move_ticks_and_its_capture_knocks_firmly() {
    let mut app = app_with(Mode::HotSeat, Speed::Normal);
    // Nine stones at Normal's 80 ms a stone; the last makes black's 1st hole 10: a capture.
    tap(&mut app, Side::White, 2);
    let times = tick_times(&mut app, 200);
    let felt = felt(&app);
    assert_eq!(felt.ticks, 9, "each stone is felt at this pace: {times:?}");
    assert_eq!(felt.firm, 1, "the capture");
    assert_eq!(felt.refusals, 0);
    for pair in times.windows(2) {
        assert!(pair[1] - pair[0] >= TICK_GAP, "ticks {:.3} s apart: {times:?}", pair[1] - pair[0]);
    }
}

#[test]
fn a_long_move_ticks_spaced_never_a_buzz() {
    let mut app = app_with(Mode::HotSeat, Speed::Normal);
    // Thirty stones from white's 1st hole, sown at Normal's pace for a long move (0.8 s in all, 28 ms a
    // stone); the last lands on black's 3rd hole, odd: no capture.
    set_position(&mut app, "30,1,1,1,1,1,1,1,1 9,9,9,9,9,9,9,9,9 43,0 0,0 w");
    tap(&mut app, Side::White, 1);
    assert_eq!(app.world().resource::<Session>().game.moves(), [1]);
    let times = tick_times(&mut app, 200);
    let gaps: Vec<f64> = times.windows(2).map(|p| p[1] - p[0]).collect();
    assert!(times.len() > 1, "more than one tick: {times:?}");
    assert!(times.len() < 30, "not a tick for each of 30 stones 28 ms apart: {} ticks", times.len());
    assert!(gaps.iter().all(|&g| g >= TICK_GAP), "ticks at least {TICK_GAP} s apart: {gaps:?}");
    // Spaced, not starved: the sowing is felt all along, about every other or third stone.
    assert!(times.len() >= 8, "{} ticks over 0.8 s of sowing: {gaps:?}", times.len());
    assert_eq!(felt(&app).firm, 0);
}

#[test]
fn a_refused_tap_is_felt_on_the_wrong_side_an_empty_hole_and_the_computers_holes() {
    let mut app = app_with(Mode::HotSeat, Speed::Instant);
    tap(&mut app, Side::Black, 1); // white moves first
    assert_eq!(felt(&app).refusals, 1);
    tap(&mut app, Side::White, 2); // captures black's 1st hole: played, not refused
    frames(&mut app, 2);
    assert_eq!(felt(&app).refusals, 1);
    tap(&mut app, Side::Black, 1); // now empty
    assert_eq!(felt(&app).refusals, 2);
    assert_eq!(app.world().resource::<Session>().game.moves(), [2]);

    let mut app = app_with(Mode::Computer { level: Level::EASY, human: Side::White }, Speed::Instant);
    tap(&mut app, Side::Black, 5); // the computer's holes
    assert_eq!(felt(&app).refusals, 1);
    assert_eq!(felt(&app).ticks + felt(&app).firm, 0, "Instant sows no stone one by one");
}

#[test]
fn nothing_is_felt_with_the_setting_off_or_in_the_background() {
    for quiet in ["setting off", "background"] {
        let mut app = app_with(Mode::HotSeat, Speed::Normal);
        match quiet {
            "setting off" => app.world_mut().resource_mut::<Settings>().haptics = false,
            _ => app.world_mut().resource_mut::<InBackground>().0 = true,
        }
        tap(&mut app, Side::White, 2); // stones and a capture
        frames(&mut app, 200);
        tap(&mut app, Side::White, 3); // black's turn: refused
        assert_eq!(felt(&app), Felt::default(), "{quiet}: nothing felt");
        // What was not felt then is not owed later.
        match quiet {
            "setting off" => app.world_mut().resource_mut::<Settings>().haptics = true,
            _ => app.world_mut().resource_mut::<InBackground>().0 = false,
        }
        frames(&mut app, 3);
        assert_eq!(felt(&app), Felt::default(), "{quiet}: nothing felt on return");
    }
}

#[test]
fn the_menus_vibration_button_turns_it_off_and_the_save_keeps_it() {
    assert!(Settings::default().haptics, "on by default");
    let dir = save_dir("haptics-menu");
    // The second app starts from the first one's save: off, and turned back on there.
    for size in [PHONE, SMALL_PHONE] {
        let mut app = start_app(size, &dir);
        start_hot_seat(&mut app);
        frames(&mut app, 2);
        press(&mut app, "Menu");
        assert!(has_button(&mut app, "Vibration"), "{size}");
        assert_nothing_clipped(&mut app, size, &format!("{size}, the menu with Vibration"));
        let said = |app: &mut App| {
            let mut q = app.world_mut().query::<&Text>();
            q.iter(app.world()).map(|t| t.0.clone()).find(|t| t.starts_with("Vibration"))
        };
        let on = app.world().resource::<Settings>().haptics;
        assert_eq!(said(&mut app).as_deref(), Some(if on { "Vibration: on" } else { "Vibration: off" }));
        press(&mut app, "Vibration");
        assert_eq!(app.world().resource::<Settings>().haptics, !on);
        frames(&mut app, 2);
        assert_eq!(said(&mut app).as_deref(), Some(if on { "Vibration: off" } else { "Vibration: on" }));
        assert_eq!(flushed_save(&mut app, &dir).settings.haptics, !on, "kept with the settings");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
