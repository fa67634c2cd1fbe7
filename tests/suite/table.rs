//! Two players at one tablet as at a tournament table (`screens::game::clock`, `screens::game::table`):
//! the clock runs for the side to move and a move presses it with its increment, exact to the frame after
//! a minute of frames; a flag ends the game on time; a pause stops the clocks and covers the board; a
//! draw is offered and answered on the other seat; a resignation is asked once; a timed game's Undo asks
//! the other seat and gives back no time; a timed game continued after a restart has the time it had.
//! Fair to the second: the next player's clock waits for the stones to land, a card over a timed game
//! hides the board, a takeback keeps no increment, a killed app gives back no thinking time, and a timed
//! game offers no hint.

use bevy::prelude::*;
use toguz::app::state::clock::{ClockOverride, GameClock, Offer};
use toguz::app::state::panels::{Panel, Panels};
use toguz::app::state::session::Session;
use toguz::clock::{Clock, Increment, TimeControl};
use toguz::game::Ending;
use toguz::rules::Side;

use super::analysis::texts;
use super::flows::{
    FRAME, PHONE_SIDEWAYS, TABLET, buttons, frames, has_button, moves, open_games, press, save_dir,
    start_app, start_hot_seat, tap_hole, touch_tap_arriving,
};

/// Milliseconds in one frame of the tests' clock.
const FRAME_MS: u64 = FRAME.as_millis() as u64;

/// A tablet with a two-player game on `control`, started from the title's sheet.
fn timed_game(name: &str, control: TimeControl) -> (App, std::path::PathBuf) {
    let dir = save_dir(name);
    let mut app = start_app(TABLET, &dir);
    app.insert_resource(ClockOverride(Some(control)));
    start_hot_seat(&mut app);
    frames(&mut app, 3);
    (app, dir)
}

fn clock(app: &App) -> Clock {
    let id = app.world().resource::<Session>().game.id;
    app.world().resource::<GameClock>().of(id).cloned().expect("the game has a clock")
}

/// The app's clock time, as the game clock reads it.
fn now(app: &App) -> u64 {
    app.world().resource::<Time<Real>>().elapsed().as_millis() as u64
}

fn left(app: &App, side: Side) -> u64 {
    clock(app).remaining(side, now(app))
}

fn top(app: &App) -> Option<Panel> {
    app.world().resource::<Panels>().top()
}

fn ending(app: &App) -> Option<Ending> {
    app.world().resource::<Session>().game.ending()
}

fn blitz() -> TimeControl {
    TimeControl::new(180_000, Increment::Fischer(2_000)).unwrap()
}

#[test]
fn the_clocks_start_with_whites_first_move_run_exact_to_the_frame_after_a_minute_and_a_move_presses_with_its_increment()
 {
    let (mut app, dir) = timed_game("table-minute", blitz());
    frames(&mut app, 120);
    assert_eq!(clock(&app).running(), None, "no clock runs while the players sit down");
    assert_eq!((left(&app, Side::White), left(&app, Side::Black)), (180_000, 180_000));
    // White's first move starts the clocks: Black's runs.
    tap_hole(&mut app, Side::White, 7);
    assert_eq!(moves(&app), [7]);
    assert_eq!(clock(&app).running(), Some(Side::Black), "Black's clock runs after White's first move");
    assert_eq!(left(&app, Side::White), 182_000, "White's first move is free and earns its increment");
    let (black, started) = (left(&app, Side::Black), now(&app));
    // A minute of frames.
    frames(&mut app, (60_000 / FRAME_MS) as usize);
    let passed = now(&app) - started;
    assert!(passed.abs_diff(60_000) <= FRAME_MS, "a minute of frames is a minute: {passed} ms");
    assert_eq!(left(&app, Side::Black), black - passed, "Black's time went down by exactly the time passed");
    assert_eq!(left(&app, Side::White), 182_000, "White's clock stood still");
    // Black's move presses Black's clock in the tap's frame, and earns the increment.
    let before_tap = left(&app, Side::Black);
    tap_hole(&mut app, Side::Black, 3);
    assert_eq!(moves(&app), [7, 3]);
    let black_after = left(&app, Side::Black);
    assert!(
        black_after <= before_tap + 2_000 && black_after + 2 * FRAME_MS >= before_tap + 2_000,
        "Black's clock stopped as the move was played and earned 2 s: {before_tap} → {black_after}"
    );
    assert_eq!(clock(&app).running(), Some(Side::White), "White's clock runs now");
    assert_eq!(clock(&app).times(), [182_000, black_after], "each move's clock is kept for the record");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn when_a_sides_time_runs_out_the_game_ends_on_time_and_no_move_is_played_after_the_flag() {
    // Six tenths of a second: Black's flag falls before Black answers White's first move.
    let (mut app, dir) = timed_game("table-flag", TimeControl::parse_cli("0.01").unwrap());
    frames(&mut app, 60);
    assert_eq!(ending(&app), None, "no flag falls before the first move");
    tap_hole(&mut app, Side::White, 7);
    frames(&mut app, 60);
    assert_eq!(
        ending(&app),
        Some(Ending::Time { flagged: Side::Black, winner: Some(Side::White) }),
        "Black lost on time"
    );
    assert_eq!(left(&app, Side::Black), 0);
    tap_hole(&mut app, Side::Black, 3);
    assert_eq!(moves(&app), [7], "a tap after the flag plays nothing");
    // The result says how the game ended, to both seats.
    frames(&mut app, 400);
    let words: Vec<String> = {
        let mut q = app.world_mut().query::<(&Text, &InheritedVisibility)>();
        q.iter(app.world()).filter(|(_, v)| v.get()).map(|(t, _)| t.0.clone()).collect()
    };
    let told = words.iter().filter(|w| w.contains("Black's time ran out")).count();
    assert_eq!(told, 2, "the result names the flag on each seat's card: {words:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_card_over_the_board_holds_both_clocks_so_one_seats_menu_costs_the_other_no_time() {
    let (mut app, dir) = timed_game("table-menu-holds", blitz());
    tap_hole(&mut app, Side::White, 7);
    frames(&mut app, 30);
    // White opens the menu on Black's turn: the board takes no tap, so Black's time must not run.
    press(&mut app, "Menu");
    frames(&mut app, 2);
    let black = left(&app, Side::Black);
    frames(&mut app, 300);
    assert_eq!(left(&app, Side::Black), black, "Black's clock stood still under White's menu");
    press(&mut app, "Resume");
    frames(&mut app, 30);
    assert!(left(&app, Side::Black) < black, "closed, Black's clock runs again");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_tap_on_a_running_clock_pauses_the_game_the_board_is_covered_and_resume_goes_on_where_it_stopped() {
    let (mut app, dir) = timed_game("table-pause", blitz());
    tap_hole(&mut app, Side::White, 7);
    press(&mut app, "Clock in the bottom bar");
    frames(&mut app, 2);
    assert_eq!(top(&app), Some(Panel::Pause));
    let (white, black) = (left(&app, Side::White), left(&app, Side::Black));
    frames(&mut app, 300);
    assert_eq!((left(&app, Side::White), left(&app, Side::Black)), (white, black), "the clocks stand still");
    assert!(!has_button(&mut app, "Menu"), "the cover hides the game");
    let resumes = buttons(&mut app).iter().filter(|(l, _, _)| l == "Resume").count();
    assert_eq!(resumes, 2, "either seat can resume");
    press(&mut app, "Resume");
    frames(&mut app, 60);
    assert_eq!(top(&app), None);
    assert_eq!(left(&app, Side::White), white, "White's clock still stands");
    assert!(left(&app, Side::Black) < black, "Black's clock runs again");
    assert!(black - left(&app, Side::Black) <= 62 * FRAME_MS, "from where it stopped");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_draw_offered_is_answered_on_the_other_seat_declined_the_game_goes_on_accepted_it_is_drawn() {
    let (mut app, dir) = timed_game("table-draw", blitz());
    press(&mut app, "Menu");
    press(&mut app, "Offer a draw");
    assert_eq!(top(&app), Some(Panel::Offer(Offer::Draw { from: Side::White })));
    press(&mut app, "Decline");
    frames(&mut app, 2);
    assert_eq!(top(&app), None);
    assert_eq!(ending(&app), None, "declined, the game goes on");
    press(&mut app, "Menu");
    press(&mut app, "Offer a draw");
    press(&mut app, "Accept");
    frames(&mut app, 3);
    assert_eq!(ending(&app), Some(Ending::Agreed));
    assert_eq!(clock(&app).running(), None, "the clocks stop with the game");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn resigning_is_asked_once_and_the_other_side_wins() {
    let (mut app, dir) = timed_game("table-resign", blitz());
    press(&mut app, "Menu");
    press(&mut app, "Resign");
    assert!(matches!(top(&app), Some(Panel::Question(_))), "resigning asks first");
    press(&mut app, "Keep playing");
    assert_eq!(ending(&app), None);
    press(&mut app, "Menu");
    press(&mut app, "Resign");
    press(&mut app, "Resign");
    frames(&mut app, 3);
    assert_eq!(ending(&app), Some(Ending::Resigned(Side::White)));
    assert_eq!(app.world().resource::<Session>().game.finish().and_then(|f| f.winner()), Some(Side::Black));
    // The game is over: no Hint in either bar, and its menu has nothing left to resign or offer.
    frames(&mut app, 400);
    assert!(
        !has_button(&mut app, "Hint") && !has_button(&mut app, "Hint (far side)"),
        "no hint after the end"
    );
    press(&mut app, "Menu");
    frames(&mut app, 3);
    assert!(has_button(&mut app, "Resume"), "the menu is open");
    assert!(!has_button(&mut app, "Resign") && !has_button(&mut app, "Offer a draw"), "no Resign or draw");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_timed_games_undo_asks_the_other_seat_and_gives_back_no_time() {
    let (mut app, dir) = timed_game("table-takeback", blitz());
    tap_hole(&mut app, Side::White, 7);
    // What White had before the move: the move's 2 s increment goes with the move taken back.
    let white = left(&app, Side::White) - 2_000;
    press(&mut app, "Undo");
    assert_eq!(top(&app), Some(Panel::Offer(Offer::Takeback { from: Side::White })), "Black is asked");
    assert_eq!(moves(&app), [7], "nothing is taken back before Black answers");
    press(&mut app, "Accept");
    frames(&mut app, 3);
    assert!(moves(&app).is_empty(), "accepted, the move is taken back");
    assert_eq!(clock(&app).running(), Some(Side::White), "White is to move again, on White's clock");
    assert!(left(&app, Side::White) <= white, "and White's time is not given back");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_timed_game_continued_after_a_restart_has_the_time_it_had_and_opens_paused() {
    let (mut app, dir) = timed_game("table-continue", blitz());
    tap_hole(&mut app, Side::White, 7);
    frames(&mut app, 100);
    let black = left(&app, Side::Black);
    press(&mut app, "Clock in the bottom bar");
    frames(&mut app, 3);
    let black_paused = left(&app, Side::Black);
    assert!(black_paused < black);
    app.world_mut().resource_mut::<toguz::app::saves::persistence::SaveWriter>().flush();
    drop(app);
    let mut app = start_app(TABLET, &dir);
    press(&mut app, "Continue");
    frames(&mut app, 5);
    assert_eq!(moves(&app), [7]);
    assert_eq!(top(&app), Some(Panel::Pause), "the players find it paused");
    assert!(
        toguz::app::state::panels::board_hidden(app.world().resource::<Panels>(), Some(&clock(&app)), false),
        "the board is hidden under the pause (the UI map's cover 1)"
    );
    assert_eq!(left(&app, Side::Black), black_paused, "Black has the time Black had");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Black's time left as the save on disk holds it, once the waiting writes have landed.
fn black_on_disk(app: &mut App, dir: &std::path::Path) -> u64 {
    app.world_mut().resource_mut::<toguz::app::saves::persistence::SaveWriter>().flush();
    let save = toguz::app::saves::persistence::read_save(&dir.join("save.ron")).expect("a save on disk");
    save.game.and_then(|g| g.clock).expect("the saved game keeps its clock").left[1]
}

#[test]
fn a_timed_game_quit_or_left_mid_turn_keeps_the_time_used_so_far_at_the_next_start() {
    // Quit with Black thinking: Black's time used so far is saved, not given back.
    let (mut app, dir) = timed_game("table-quit-mid-turn", blitz());
    tap_hole(&mut app, Side::White, 7);
    frames(&mut app, 100);
    let black = left(&app, Side::Black);
    assert!(black < 180_000 - 1_000, "Black has thought for over a second: {black}");
    app.world_mut().write_message(AppExit::Success);
    app.update();
    drop(app);
    let mut app = start_app(TABLET, &dir);
    press(&mut app, "Continue");
    frames(&mut app, 5);
    assert_eq!(moves(&app), [7]);
    let continued = left(&app, Side::Black);
    assert!(
        continued <= black && continued + FRAME_MS >= black,
        "Black has the time Black had when the app quit: {black} → {continued}"
    );
    // Back to the title mid-turn, then quit: the clock stopped as the game was left, and is saved so.
    press(&mut app, "Resume");
    frames(&mut app, 60);
    super::lifecycle::system_back(&mut app);
    let at_title = left(&app, Side::Black);
    assert!(at_title < continued, "Black's clock ran again after Resume");
    frames(&mut app, 60);
    assert_eq!(left(&app, Side::Black), at_title, "off the game screen the clock stands still");
    assert_eq!(black_on_disk(&mut app, &dir), at_title, "the save holds the time the clock stopped at");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_running_clock_is_saved_every_few_seconds_so_a_killed_app_gives_back_little_time() {
    use toguz::app::saves::persistence::CLOCK_SAVED_EVERY_MS;
    let (mut app, dir) = timed_game("table-killed", blitz());
    tap_hole(&mut app, Side::White, 7);
    // Half a minute of Black thinking, with no move, no pause and no quit.
    frames(&mut app, (30_000 / FRAME_MS) as usize);
    let black = left(&app, Side::Black);
    let on_disk = black_on_disk(&mut app, &dir);
    assert!(
        on_disk >= black && on_disk - black <= CLOCK_SAVED_EVERY_MS,
        "the save is at most {CLOCK_SAVED_EVERY_MS} ms behind the running clock: {on_disk} saved, {black} left"
    );
    assert!(on_disk < 180_000 - 20_000, "the time Black used is on disk: {on_disk}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_clock_reads_minutes_and_seconds_rounded_up_and_tenths_in_its_last_twenty_seconds() {
    use toguz::app::state::clock::clock_text;
    assert_eq!(clock_text(180_000), "3:00");
    assert_eq!(clock_text(179_001), "3:00", "a second begun still shows: 0:00 only when the flag falls");
    assert_eq!(clock_text(3_600_000), "1:00:00");
    assert_eq!(clock_text(20_000), "0:20");
    assert_eq!(clock_text(9_450), "9.4");
    assert_eq!(clock_text(0), "0.0");
}

#[test]
fn the_games_played_and_review_name_who_resigned() {
    let (mut app, dir) = timed_game("table-resign-history", blitz());
    tap_hole(&mut app, Side::White, 7);
    frames(&mut app, 3);
    // Black resigns from the far seat's menu.
    press(&mut app, "Menu (far side)");
    press(&mut app, "Resign");
    press(&mut app, "Resign");
    frames(&mut app, 400);
    assert_eq!(ending(&app), Some(Ending::Resigned(Side::Black)));
    press(&mut app, "Menu");
    press(&mut app, "Quit to title");
    frames(&mut app, 3);
    open_games(&mut app);
    let listed = texts(&mut app);
    assert!(
        listed.iter().any(|t| t.contains("White wins · Black resigned")),
        "the list says who resigned: {listed:?}"
    );
    press(&mut app, "Game 1");
    frames(&mut app, 30);
    let said = texts(&mut app);
    assert!(
        said.iter().any(|t| t == "White wins · Black resigned"),
        "review's last move says how the game ended: {said:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_game_without_a_clock_shows_no_clock_in_either_bar() {
    let dir = save_dir("table-untimed");
    let mut app = start_app(TABLET, &dir);
    start_hot_seat(&mut app);
    frames(&mut app, 5);
    tap_hole(&mut app, Side::White, 7);
    frames(&mut app, 5);
    let mut q = app.world_mut().query::<(&Name, &ComputedNode)>();
    let shown: Vec<(String, Vec2)> = q
        .iter(app.world())
        .filter(|(name, node)| name.as_str().starts_with("Clock in the") && node.size() != Vec2::ZERO)
        .map(|(name, node)| (name.to_string(), node.size()))
        .collect();
    assert!(shown.is_empty(), "no clock chip takes room in an untimed game: {shown:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Taps a hole's centre and runs the tap's frames alone: the stones are still in flight after it.
fn tap_hole_sowing(app: &mut App, side: Side, hole: u8) {
    let layout = app.world().resource::<toguz::app::board::layout::BoardLayout>().clone();
    let c = layout.hole(side, crate::common::hole(hole)).center();
    touch_tap_arriving(app, Vec2::new(c.x + layout.window.x / 2.0, layout.window.y / 2.0 - c.y));
}

fn sowing(app: &App) -> bool {
    app.world().resource::<toguz::app::board::sowing::Timeline>().running()
}

#[test]
fn the_next_players_clock_starts_once_the_stones_have_landed_and_a_timed_game_sows_at_least_fast() {
    use toguz::app::state::settings::{Speed, SpeedFloor};
    let (mut app, dir) = timed_game("table-sowing-holds", blitz());
    assert_eq!(
        app.world().resource::<SpeedFloor>().0,
        Some(Speed::Fast),
        "a timed game sows at least at Fast"
    );
    tap_hole_sowing(&mut app, Side::White, 7);
    assert_eq!(moves(&app), [7]);
    assert!(sowing(&app), "White's stones are in flight");
    let mut in_flight = 0;
    while sowing(&app) && in_flight < 600 {
        assert_eq!(left(&app, Side::Black), 180_000, "Black's time waits while White's stones fly");
        assert_eq!(clock(&app).running(), None, "no clock runs during the sowing");
        frames(&mut app, 1);
        in_flight += 1;
    }
    assert!(
        in_flight * FRAME_MS <= 1_000,
        "at Fast a 9-stone move lands within a second: {in_flight} frames"
    );
    frames(&mut app, 2);
    assert_eq!(clock(&app).running(), Some(Side::Black), "the board is Black's: Black's clock runs");
    assert!(left(&app, Side::Black) < 180_000 && left(&app, Side::Black) >= 180_000 - 3 * FRAME_MS);
    // Black's move: White's clock waits the same way, and White has exactly the 2 s it earned.
    let white = left(&app, Side::White);
    tap_hole_sowing(&mut app, Side::Black, 3);
    assert_eq!(moves(&app), [7, 3]);
    frames(&mut app, 20);
    assert!(sowing(&app));
    assert_eq!(left(&app, Side::White), white, "White's clock stands while Black's stones fly");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Whether the board is hidden under the table's cover.
fn board_covered(app: &mut App) -> bool {
    let mut q = app.world_mut().query::<(&Name, &InheritedVisibility)>();
    q.iter(app.world()).any(|(name, visible)| name.as_str() == "Board cover" && visible.get())
}

#[test]
fn the_menu_of_a_timed_game_hides_the_board_while_it_holds_the_clocks() {
    let (mut app, dir) = timed_game("table-menu-covers", blitz());
    press(&mut app, "Menu");
    frames(&mut app, 2);
    assert!(!board_covered(&mut app), "before the first move no clock runs: the board stays in view");
    press(&mut app, "Resume");
    tap_hole(&mut app, Side::White, 7);
    assert!(!board_covered(&mut app), "while play goes on the board is in view");
    press(&mut app, "Menu");
    frames(&mut app, 2);
    assert!(board_covered(&mut app), "a menu that holds the clocks hides the board");
    press(&mut app, "Resume");
    frames(&mut app, 2);
    assert!(!board_covered(&mut app), "closed, the board is back");
    // Untimed, the menu holds no clock and hides nothing.
    let dir2 = save_dir("table-menu-untimed");
    let mut untimed = start_app(TABLET, &dir2);
    start_hot_seat(&mut untimed);
    tap_hole(&mut untimed, Side::White, 7);
    press(&mut untimed, "Menu");
    frames(&mut untimed, 2);
    assert!(!board_covered(&mut untimed), "an untimed game's menu leaves the board in view");
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&dir2);
}

#[test]
fn a_timed_game_offers_no_hint_to_either_seat() {
    let (mut app, dir) = timed_game("table-no-hint", blitz());
    frames(&mut app, 30);
    assert!(
        !has_button(&mut app, "Hint") && !has_button(&mut app, "Hint (far side)"),
        "no Hint in a timed game: {:?}",
        buttons(&mut app).iter().map(|b| b.0.clone()).collect::<Vec<_>>()
    );
    let dir2 = save_dir("table-hint-untimed");
    let mut untimed = start_app(TABLET, &dir2);
    start_hot_seat(&mut untimed);
    frames(&mut untimed, 30);
    assert!(has_button(&mut untimed, "Hint"), "an untimed two-players game keeps its Hint");
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&dir2);
}

#[test]
fn a_paused_game_on_a_phone_on_its_side_has_both_seats_resume_on_the_screen() {
    let dir = save_dir("table-pause-sideways");
    let mut app = start_app(PHONE_SIDEWAYS, &dir);
    app.insert_resource(ClockOverride(Some(blitz())));
    start_hot_seat(&mut app);
    frames(&mut app, 3);
    tap_hole(&mut app, Side::White, 7);
    press(&mut app, "Clock in the bottom bar");
    frames(&mut app, 3);
    assert_eq!(top(&app), Some(Panel::Pause));
    let resumes: Vec<Vec2> =
        buttons(&mut app).into_iter().filter(|(l, _, _)| l == "Resume").map(|(_, _, at)| at).collect();
    assert_eq!(resumes.len(), 2, "each seat has its Resume under a finger: {resumes:?}");
    for at in &resumes {
        assert!(
            at.x > 22.0 && at.x < PHONE_SIDEWAYS.x - 22.0 && at.y > 22.0 && at.y < PHONE_SIDEWAYS.y - 22.0,
            "Resume at {at} lies on the {PHONE_SIDEWAYS} screen"
        );
    }
    super::flows::assert_named_nodes_inside(&mut app, PHONE_SIDEWAYS, "the pause on a phone on its side");
    // The near seat's own Resume goes on with the game.
    let near = resumes.iter().copied().max_by(|a, b| a.x.total_cmp(&b.x)).unwrap();
    touch_tap_arriving(&mut app, near);
    frames(&mut app, 2);
    assert_eq!(top(&app), None, "the near seat resumed");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_timed_game_restored_after_a_kill_charges_the_side_on_move_up_to_its_last_known_moment() {
    use toguz::app::saves::persistence::CLOCK_BEAT_EVERY_MS;
    let (mut app, dir) = timed_game("table-kill-exact", blitz());
    tap_hole(&mut app, Side::White, 7);
    frames(&mut app, 60);
    let black = left(&app, Side::Black);
    let on_disk = black_on_disk(&mut app, &dir);
    assert!(
        on_disk > black + CLOCK_BEAT_EVERY_MS + 2 * FRAME_MS,
        "the save alone is seconds behind the running clock: {on_disk} saved, {black} left"
    );
    // Killed: nothing more runs (no quit, no pause), the writes made so far are on disk.
    drop(app);
    let mut app = start_app(TABLET, &dir);
    press(&mut app, "Continue");
    frames(&mut app, 5);
    assert_eq!(moves(&app), [7]);
    let restored = left(&app, Side::Black);
    assert!(
        restored <= black + CLOCK_BEAT_EVERY_MS + FRAME_MS && restored + FRAME_MS >= black,
        "Black has the time Black had when the app was killed: {black} → {restored}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_clock_note_for_another_game_or_move_charges_nothing() {
    use toguz::app::saves::persistence::{ClockBeat, apply_beat};
    use toguz::game::{Mode, SavedClock, SavedMoves};
    let mut game = SavedMoves {
        mode: Mode::HotSeat,
        start: None,
        moves: vec![7],
        id: 42,
        ending: None,
        clock: Some(SavedClock { control: blitz(), left: [182_000, 170_000], times: vec![182_000] }),
        takebacks: 0,
    };
    let other_game = ClockBeat { game: 41, moves: 1, left: [182_000, 160_000] };
    let other_move = ClockBeat { game: 42, moves: 2, left: [182_000, 160_000] };
    let older = ClockBeat { game: 42, moves: 1, left: [182_000, 175_000] };
    for beat in [other_game, other_move, older] {
        assert!(!apply_beat(&mut game, &beat), "{beat:?} charges nothing");
        assert_eq!(game.clock.as_ref().unwrap().left, [182_000, 170_000]);
    }
    assert!(apply_beat(&mut game, &ClockBeat { game: 42, moves: 1, left: [182_000, 166_500] }));
    assert_eq!(game.clock.as_ref().unwrap().left, [182_000, 166_500], "the 3.5 s Black used are charged");
}

#[test]
fn a_declined_draw_is_told_to_the_seat_that_offered_it_every_time() {
    use toguz::app::screens::game::messages::ToastState;
    let (mut app, dir) = timed_game("table-draw-declined-told", blitz());
    // White offers from the near seat, Black from the far seat, each twice.
    for (menu, words, far) in [
        ("Menu", "Black declines the draw", false),
        ("Menu (far side)", "White declines the draw", true),
        ("Menu", "Black declines the draw", false),
        ("Menu (far side)", "White declines the draw", true),
    ] {
        press(&mut app, menu);
        press(&mut app, "Offer a draw");
        press(&mut app, "Decline");
        frames(&mut app, 2);
        let told = app.world().resource::<ToastState>();
        assert!(told.remaining > 0.0 && told.text == words, "the asker is told '{words}': {:?}", told.text);
        assert_eq!(told.seat, Some(far), "on the asker's seat");
        let shown: Vec<String> = texts(&mut app);
        assert!(shown.iter().any(|t| t == words), "'{words}' is on screen: {shown:?}");
        // Long enough for the words to go.
        frames(&mut app, 300);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// One finger's touch at `at` in `phase`, and a frame.
fn finger(app: &mut App, id: u64, phase: bevy::input::touch::TouchPhase, at: Vec2) {
    let window = super::flows::window_entity(app);
    app.world_mut().write_message(bevy::input::touch::TouchInput {
        phase,
        position: at,
        window,
        force: None,
        id,
    });
    frames(app, 1);
}

#[test]
fn a_tap_on_a_card_rebuilt_while_the_finger_is_down_still_lands() {
    use bevy::input::touch::TouchPhase;
    let (mut app, dir) = timed_game("table-rebuilt-card", blitz());
    tap_hole(&mut app, Side::White, 7);
    press(&mut app, "Clock in the bottom bar");
    frames(&mut app, 2);
    assert_eq!(top(&app), Some(Panel::Pause));
    // The near seat's Resume: the lower of the two on a tablet.
    let at = buttons(&mut app)
        .into_iter()
        .filter(|(l, _, _)| l == "Resume")
        .map(|(_, _, at)| at)
        .max_by(|a, b| a.y.total_cmp(&b.y))
        .expect("a Resume");
    finger(&mut app, 900, TouchPhase::Started, at);
    // The cards are drawn anew under the finger (as when the words or the window change).
    app.world_mut().resource_mut::<Panels>().set_changed();
    frames(&mut app, 2);
    finger(&mut app, 900, TouchPhase::Ended, at);
    frames(&mut app, 2);
    assert_eq!(top(&app), None, "the tap on Resume landed on the rebuilt card");
    let _ = std::fs::remove_dir_all(&dir);
}
