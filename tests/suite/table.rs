//! Two players at one tablet as at a tournament table (`screens::game::clock`, `screens::game::table`):
//! the clock runs for the side to move and a move presses it with its increment, exact to the frame after
//! a minute of frames; a flag ends the game on time; a pause stops the clocks and covers the board; a
//! draw is offered and answered on the other seat; a resignation is asked once; a timed game's Undo asks
//! the other seat and gives back no time; a timed game continued after a restart has the time it had.

use bevy::prelude::*;
use toguz::app::state::clock::{ClockOverride, GameClock, Offer};
use toguz::app::state::panels::{Panel, Panels};
use toguz::app::state::session::Session;
use toguz::clock::{Clock, Increment, TimeControl};
use toguz::game::Ending;
use toguz::rules::Side;

use super::analysis::texts;
use super::flows::{
    FRAME, TABLET, buttons, frames, has_button, moves, open_games, press, save_dir, start_app,
    start_hot_seat, tap_hole,
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
    let white = left(&app, Side::White);
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
