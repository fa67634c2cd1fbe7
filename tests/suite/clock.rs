//! The game clock: presses, increments, delay, odds, pause, the flag and its result, undo, and the
//! clock's part of a record (`TimeControl`, `%clk`), all at exact injected times.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use toguz::clock::{
    Clock, ClockError, ClockState, Increment, LAST_SECONDS_MS, Preset, TIME_FORFEIT, TimeControl,
    can_still_win, result_on_time,
};
use toguz::game::{Game, Mode, import_record};
use toguz::rules::notation::{Claim, clock_text, parse_clock, read_games};
use toguz::rules::{Position, Side};

use crate::common::with_kazans;

const W: Side = Side::White;
const B: Side = Side::Black;

/// Seconds as the clock's milliseconds.
fn s(seconds: u64) -> u64 {
    seconds * 1_000
}

fn blitz() -> TimeControl {
    Preset::Blitz.time_control()
}

#[test]
fn a_blitz_games_clocks_are_exact_after_presses_at_known_times() {
    let control = blitz();
    let (budget, bonus) = (control.budget(W), s(2));
    assert_eq!(budget, s(180));
    let mut clock = Clock::new(control);
    clock.start(W, 0).unwrap();
    // White thinks 10 s, black 15 s, white 5 s.
    assert_eq!(clock.press(s(10)), Ok(budget - s(10) + bonus));
    assert_eq!(clock.remaining(B, s(20)), budget - s(10), "black's clock runs from white's press");
    assert_eq!(clock.remaining(W, s(20)), budget - s(10) + bonus, "white's clock is stopped");
    assert_eq!(clock.press(s(25)), Ok(budget - s(15) + bonus));
    assert_eq!(clock.press(s(30)), Ok(budget - s(15) + 2 * bonus));
    assert_eq!(clock.times(), [budget - s(8), budget - s(13), budget - s(11)]);
    assert_eq!(clock.running(), Some(B));
    assert_eq!((clock.state(W, s(31)), clock.state(B, s(31))), (ClockState::Stopped, ClockState::Running));
}

#[test]
fn the_increment_is_added_on_the_press_not_on_the_start() {
    let control = TimeControl::new(s(60), Increment::Fischer(s(5))).unwrap();
    let mut clock = Clock::new(control);
    clock.start(W, s(100)).unwrap();
    assert_eq!(clock.remaining(W, s(100)), s(60), "starting gives nothing");
    assert_eq!(clock.remaining(B, s(100)), s(60));
    // Starting white again while it runs changes nothing either.
    clock.start(W, s(101)).unwrap();
    assert_eq!(clock.remaining(W, s(102)), s(58));
    assert_eq!(clock.press(s(102)), Ok(s(58) + s(5)));
}

#[test]
fn a_simple_delay_holds_a_turns_clock_still_for_its_seconds_and_a_pause_does_not_renew_it() {
    let control = TimeControl::new(s(60), Increment::Delay(s(5))).unwrap();
    let mut clock = Clock::new(control);
    clock.start(W, 0).unwrap();
    assert_eq!(clock.remaining(W, s(5)), s(60), "the delay passes first");
    assert_eq!(clock.remaining(W, s(7)), s(58));
    assert_eq!(clock.press(s(7)), Ok(s(58)), "a delay adds nothing on the press");
    // Black: 3 s of its delay, a long pause, then 2 s more uses the delay up; the third second counts.
    assert_eq!(clock.remaining(B, s(10)), s(60));
    clock.pause(s(10)).unwrap();
    clock.resume(s(500)).unwrap();
    assert_eq!(clock.remaining(B, s(502)), s(60));
    assert_eq!(clock.remaining(B, s(503)), s(59));
    assert_eq!(clock.flag_time(), Some(s(503) + s(59)));
}

#[test]
fn time_odds_give_each_side_its_own_main_time_and_the_same_increment() {
    let control = TimeControl::with_odds(s(300), s(180), Increment::Fischer(s(2))).unwrap();
    assert!(control.has_odds());
    let mut clock = Clock::new(control);
    assert_eq!((clock.remaining(W, 0), clock.remaining(B, 0)), (s(300), s(180)));
    clock.start(W, 0).unwrap();
    assert_eq!(clock.press(s(1)), Ok(s(301)));
    assert_eq!(clock.press(s(2)), Ok(s(181)));
    assert_eq!(control.tag(), "300+2/180+2");
    assert_eq!(TimeControl::parse_cli("5/3+2"), Ok(control));
    assert_eq!(TimeControl::parse_cli("5+2/3+2"), Ok(control));
    assert_eq!(TimeControl::from_tag("300+2/180+2"), Ok(Some(control)));
}

#[test]
fn a_pause_stops_both_clocks_until_either_seat_resumes() {
    let mut clock = Clock::new(blitz());
    clock.start(W, 0).unwrap();
    clock.pause(s(10)).unwrap();
    assert!(clock.is_paused());
    for side in Side::BOTH {
        assert_eq!(clock.remaining(side, s(10)), clock.remaining(side, s(1_000)), "{side}");
        assert_eq!(clock.state(side, s(1_000)), ClockState::Stopped);
    }
    assert_eq!(clock.flagged(s(100_000)), None, "no flag falls while paused");
    assert_eq!(clock.press(s(1_000)), Err(ClockError::Paused), "no move is timed while paused");
    assert_eq!(clock.pause(s(1_000)), Err(ClockError::Paused));
    clock.resume(s(1_000)).unwrap();
    assert_eq!(clock.resume(s(1_000)), Err(ClockError::NotPaused));
    assert_eq!(clock.remaining(W, s(1_005)), s(180) - s(15), "white used 10 s before the pause, 5 after");
    assert_eq!(clock.remaining(B, s(1_005)), s(180));
}

#[test]
fn a_flag_falls_at_exactly_zero_and_a_press_then_is_too_late() {
    // 0.1 minutes, as `--clock 0.1` gives: 6 seconds.
    let control = TimeControl::parse_cli("0.1").unwrap();
    let mut clock = Clock::new(control);
    clock.start(W, s(1)).unwrap();
    assert_eq!(clock.flag_time(), Some(s(7)));
    assert_eq!(clock.remaining(W, s(7) - 1), 1);
    assert_eq!(clock.flagged(s(7) - 1), None);
    assert_eq!(clock.state(W, s(7) - 1), ClockState::Running);
    assert_eq!(clock.flagged(s(7)), Some(W));
    assert_eq!(clock.state(W, s(7)), ClockState::Flag);
    assert_eq!(clock.state(B, s(7)), ClockState::Stopped);
    assert!(!clock.in_last_seconds(W, s(7)), "a fallen flag is no longer counting down");
    assert_eq!(clock.press(s(7)), Err(ClockError::Flag(W)));
    assert_eq!(clock.pause(s(8)), Err(ClockError::Flag(W)));
    assert_eq!(clock.start(B, s(8)), Err(ClockError::Flag(W)));
    assert_eq!(clock.remaining(B, s(8)), s(6), "black's time is untouched");
}

#[test]
fn the_last_ten_seconds_are_marked_from_ten_seconds_left() {
    let mut clock = Clock::new(TimeControl::new(s(20), Increment::None).unwrap());
    clock.start(B, 0).unwrap();
    let marked_from = s(20) - LAST_SECONDS_MS;
    assert!(!clock.in_last_seconds(B, marked_from - 1));
    assert!(clock.in_last_seconds(B, marked_from));
    assert!(!clock.in_last_seconds(W, marked_from), "the stopped side's 20 s are not low");
}

#[test]
fn undo_gives_no_time_back_and_takes_back_the_undone_moves_increments() {
    let mut clock = Clock::new(blitz());
    clock.start(W, 0).unwrap();
    let white_after = clock.press(s(30)).unwrap();
    assert_eq!(white_after, s(180) - s(30) + s(2), "the press earned white its 2 s");
    // Black thinks 10 s; white takes the move back (hot-seat: one move).
    clock.take_back(1, W, s(40)).unwrap();
    assert_eq!(clock.running(), Some(W), "the turn goes back to white");
    assert_eq!(clock.remaining(W, s(40)), s(150), "the 30 s white spent stay spent, the 2 s earned go");
    assert_eq!(clock.remaining(B, s(40)), s(170), "and black's 10 s stay spent too");
    assert!(clock.times().is_empty(), "the undone move's clock is gone from the record");
    // Two moves taken back at once: the same side plays on, each mover loses its increment.
    let before = [clock.remaining(W, s(50)), clock.remaining(B, s(50))];
    clock.press(s(50)).unwrap();
    clock.press(s(51)).unwrap();
    clock.take_back(2, W, s(60)).unwrap();
    assert_eq!(clock.running(), Some(W));
    assert_eq!(clock.remaining(W, s(60)), before[0] - s(9), "white: its 9 s spent, nothing earned");
    assert_eq!(clock.remaining(B, s(60)), before[1] - s(1), "black: its 1 s spent, nothing earned");
    assert_eq!(clock.times().len(), 0);
}

#[test]
fn takebacks_earn_no_time_however_often_they_are_asked() {
    // A 10+5 game: a move and its takeback, ten times over, leave the mover with less time, never more.
    let mut clock = Clock::new(TimeControl::new(s(600), Increment::Fischer(s(5))).unwrap());
    clock.start(W, 0).unwrap();
    let mut now = 0;
    for _ in 0..10 {
        now += 500;
        clock.press(now).unwrap();
        clock.take_back(1, W, now).unwrap();
    }
    assert_eq!(
        clock.remaining(W, now),
        s(600) - now,
        "white was charged its 5 s of thinking, earned nothing"
    );
    assert_eq!(clock.remaining(B, now), s(600));
}

#[test]
fn a_takeback_granted_while_the_clocks_are_held_keeps_them_held_on_the_new_turn() {
    let mut clock = Clock::new(blitz());
    clock.start(W, 0).unwrap();
    clock.press(s(30)).unwrap();
    // Black thinks 10 s; the takeback card holds the clocks for 50 s; it is granted.
    clock.pause(s(40)).unwrap();
    clock.take_back(1, W, s(90)).unwrap();
    assert!(clock.is_paused() && clock.running().is_none(), "still held, now on white's turn");
    assert_eq!(clock.remaining(B, s(200)), s(170), "black is charged its 10 s, not the held 50");
    clock.resume(s(200)).unwrap();
    assert_eq!(clock.running(), Some(W));
    assert_eq!(clock.remaining(W, s(205)), s(180) - s(30) - s(5), "white's turn runs from the resume");
}

#[test]
fn a_stopped_clock_keeps_its_times_and_starts_again_for_a_game_played_on() {
    let mut clock = Clock::new(blitz());
    clock.start(W, 0).unwrap();
    clock.press(s(4)).unwrap();
    clock.stop(s(9));
    assert_eq!(clock.running(), None);
    assert_eq!(clock.remaining(B, s(100)), s(175));
    assert_eq!(clock.press(s(100)), Err(ClockError::NotRunning));
    clock.take_back(1, W, s(100)).unwrap();
    clock.start(W, s(100)).unwrap();
    assert_eq!(clock.remaining(W, s(101)), s(180) - s(4) - s(1), "the undone move's increment is gone");
}

/// 51 stones on the board, the rest in the kazans.
fn kazans(white: u8, black: u8) -> Position {
    let mut row = [0u8; 9];
    let mut left = 162 - white - black;
    for hole in &mut row {
        *hole = left.min(9);
        left -= *hole;
    }
    let mut black_row = [0u8; 9];
    black_row[0] = left;
    with_kazans(row, black_row, [white, black], [0, 0], W)
}

#[test]
fn a_flag_against_a_side_whose_kazan_holds_81_is_a_draw_since_the_other_can_no_longer_win() {
    let pos = kazans(81, 30);
    assert!(!can_still_win(&pos, B), "black can reach at most 162 - 81 = 81");
    assert_eq!(result_on_time(&pos, W), Claim::Draw);
    assert_eq!(result_on_time(&pos, B), Claim::Win(W));
    let pos = kazans(80, 30);
    assert!(can_still_win(&pos, B));
    assert_eq!(result_on_time(&pos, W), Claim::Win(B));
}

#[test]
fn a_side_can_still_win_exactly_when_its_kazan_and_the_stones_on_the_board_reach_82() {
    let mut rng = StdRng::seed_from_u64(33);
    for _ in 0..40 {
        let mut pos = Position::start();
        while !pos.is_over() {
            let moves: Vec<_> = pos.legal_moves().collect();
            pos.play(moves[rng.random_range(0..moves.len())]).unwrap();
            for side in Side::BOTH {
                let on_board = pos.stones_on_side(W) + pos.stones_on_side(B);
                assert_eq!(can_still_win(&pos, side), pos.kazan(side) + on_board >= 82, "{pos}");
            }
        }
    }
}

/// A hot-seat game of `moves` random moves with a clock, each move pressed `think` ms after the last.
fn timed_game(control: TimeControl, moves: usize, think: u64) -> (Game, Clock, u64) {
    let mut rng = StdRng::seed_from_u64(7);
    let mut game = Game::new(Mode::HotSeat);
    let mut clock = Clock::new(control);
    let mut now = 0;
    clock.start(W, now).unwrap();
    for _ in 0..moves {
        let holes: Vec<_> = game.position().legal_moves().collect();
        game.play(holes[rng.random_range(0..holes.len())]).unwrap();
        now += think;
        clock.press(now).unwrap();
    }
    (game, clock, now)
}

#[test]
fn a_timed_records_time_control_and_clocks_read_back_as_written() {
    for control in [
        blitz(),
        Preset::Classical.time_control(),
        TimeControl::new(s(90), Increment::Delay(s(3))).unwrap(),
        TimeControl::with_odds(s(300), s(120), Increment::Fischer(s(1))).unwrap(),
    ] {
        let (game, clock, now) = timed_game(control, 9, 2_300);
        let mut record = game.export("2025-01-02");
        clock.write_record(&mut record, game.position(), now);
        let text = record.to_tgk();
        assert!(text.contains(&format!("[TimeControl \"{}\"]", control.tag())), "{text}");
        assert!(text.contains(&format!("{{[%clk {}]}}", clock_text(clock.times()[0]))), "{text}");
        let read = read_games(&text).remove(0).unwrap();
        assert!(read.ignored.is_empty(), "{:?}", read.ignored);
        assert_eq!(TimeControl::of_record(&read), Ok(Some(control)));
        let clocks: Vec<u64> = read.moves.iter().map(|m| m.clock.unwrap()).collect();
        assert_eq!(clocks, clock.times(), "{text}");
        assert_eq!(read.to_tgk(), text, "the text reads back to itself");
        let (imported, _) = import_record(&text).unwrap();
        assert_eq!(imported.moves(), game.moves());
    }
}

#[test]
fn a_game_lost_on_time_records_its_result_and_reason_and_still_opens() {
    let control = TimeControl::new(s(30), Increment::None).unwrap();
    let (game, mut clock, now) = timed_game(control, 5, s(5));
    // Black, to move, lets its clock run out.
    assert_eq!(game.position().side_to_move(), B);
    let flag = clock.flag_time().unwrap();
    assert_eq!(clock.flagged(flag), Some(B));
    clock.stop(flag + s(1));
    let mut record = game.export("2025-01-02");
    clock.write_record(&mut record, game.position(), flag + s(1));
    assert!(now < flag);
    let text = record.to_tgk();
    assert!(text.contains("[Result \"1-0\"]"), "{text}");
    assert!(text.contains(&format!("[Termination \"{TIME_FORFEIT}\"]")), "{text}");
    let (_, read) = import_record(&text).unwrap();
    assert_eq!(read.tag("Termination"), Some(TIME_FORFEIT));
    assert_eq!(read.claim(), Ok(Some(Claim::Win(W))));
}

#[test]
fn clock_comments_read_as_players_write_them() {
    assert_eq!(parse_clock("0:02:31"), Ok(s(151)));
    assert_eq!(parse_clock("1:00:00"), Ok(s(3_600)));
    assert_eq!(parse_clock("2:31"), Ok(s(151)), "M:SS");
    assert_eq!(parse_clock("0:00:09.4"), Ok(9_400));
    assert_eq!(parse_clock("0:00:09.45"), Ok(9_450));
    assert_eq!(clock_text(s(151)), "0:02:31");
    assert_eq!(clock_text(9_400), "0:00:09.4");
    assert_eq!(clock_text(1), "0:00:00.1", "time left never reads as a fallen flag");
    let text = "1. 76 { [%clk 0:02:58] [%eval 0.3] } 98 {think [%clk 0:02:59]}\n2. 66";
    let game = read_games(text).remove(0).unwrap();
    let clocks: Vec<_> = game.moves.iter().map(|m| m.clock).collect();
    assert_eq!(clocks, [Some(s(178)), Some(s(179)), None]);
    assert!(game.ignored.is_empty());
}

#[test]
fn a_malformed_clock_comment_is_ignored_with_its_reason_and_the_game_still_reads() {
    for bad in ["0:2:31", "0:60:00", "abc", "0:02:31.1234", "", "1:2:3:4", "-1:00:00", "0:02:31."] {
        let err = parse_clock(bad).unwrap_err();
        assert!(err.contains("is not a clock time (expected H:MM:SS"), "{bad}: {err}");
    }
    let text = "[White \"a\"]\n1. 76 {[%clk 0:99:00]} 98\n2. 66 {[%clk 0:01:00} 87 {[%clk 0:01:00]} {[%clk 0:00:59]}\n";
    let game = read_games(text).remove(0).unwrap();
    assert_eq!(game.moves.len(), 4);
    let clocks: Vec<_> = game.moves.iter().map(|m| m.clock).collect();
    assert_eq!(clocks, [None, None, None, Some(s(60))]);
    let notes: Vec<String> = game.ignored.iter().map(|e| e.to_string()).collect();
    assert_eq!(notes.len(), 3, "{notes:?}");
    assert!(notes[0].starts_with("line 2, move 1 (white): '0:99:00' is not a clock time"), "{notes:?}");
    assert!(notes[1].contains("never closed with ']'"), "{notes:?}");
    assert!(notes[2].contains("second clock for the same move"), "{notes:?}");
    assert!(game.replay().is_ok());
}

#[test]
fn a_malformed_time_control_is_refused_with_a_message() {
    let cases = [
        ("", "no time control given"),
        ("abc", "not a number of seconds"),
        ("180+", "not a number of seconds"),
        ("180+x", "not a number of seconds"),
        ("180x2", "not a number of seconds"),
        ("-180+2", "not a number of seconds"),
        ("0+2", "white needs some time"),
        ("300+2/180+5", "the same increment or delay"),
        ("300/180/60", "more than two sides"),
        ("99999999999+0", "too long to be a time"),
        ("36001+0", "over the most a side may have"),
        ("180+601", "over the most a move may have"),
        ("0.0001+0", "not a whole number of milliseconds"),
    ];
    for (text, words) in cases {
        let err = TimeControl::from_tag(text).unwrap_err().to_string();
        assert!(err.contains(words), "{text:?}: {err}");
    }
    for text in ["?", "-"] {
        assert_eq!(TimeControl::from_tag(text), Ok(None), "PGN's unknown and untimed");
    }
    let record = read_games("[TimeControl \"3 minutes\"]\n1. 76\n").remove(0).unwrap();
    let err = TimeControl::of_record(&record).unwrap_err();
    assert!(err.to_string().contains("the TimeControl tag does not read"), "{err}");
    assert!(import_record("[TimeControl \"3 minutes\"]\n1. 76\n").is_ok(), "the game opens all the same");
}

#[test]
fn the_command_lines_clock_reads_minutes_and_seconds_a_move() {
    assert_eq!(TimeControl::parse_cli("3+2"), Ok(blitz()));
    assert_eq!(TimeControl::parse_cli(" 10+5 ").unwrap().preset(), Some(Preset::Rapid));
    assert_eq!(TimeControl::parse_cli("60").unwrap().preset(), Some(Preset::Classical));
    assert_eq!(TimeControl::parse_cli("60+0").unwrap().preset(), Some(Preset::Classical));
    let tenth = TimeControl::parse_cli("0.1+0").unwrap();
    assert_eq!((tenth.budget(W), tenth.increment()), (s(6), Increment::None));
    assert_eq!(TimeControl::parse_cli("1.5+0.5").unwrap().budget(B), s(90));
    assert_eq!(TimeControl::parse_cli("1.5+0.5").unwrap().increment(), Increment::Fischer(500));
    assert_eq!(TimeControl::parse_cli("5d3").unwrap().increment(), Increment::Delay(s(3)));
    for (text, words) in [
        ("", "no time control given"),
        ("three", "'three' is not a number of minutes"),
        ("3+two", "'two' is not a number of seconds"),
        ("3.+2", "not a number of minutes"),
        ("0", "needs some time"),
        ("0.00001", "not a whole number of milliseconds"),
    ] {
        let err = TimeControl::parse_cli(text).unwrap_err().to_string();
        assert!(err.contains(words), "{text:?}: {err}");
    }
}

#[test]
fn every_time_control_writes_a_tag_that_reads_back_to_itself() {
    let controls = [
        blitz(),
        Preset::Rapid.time_control(),
        Preset::Classical.time_control(),
        TimeControl::parse_cli("0.1").unwrap(),
        TimeControl::parse_cli("0.11+0.25").unwrap(),
        TimeControl::new(s(90), Increment::Delay(s(3))).unwrap(),
        TimeControl::with_odds(s(300), s(120), Increment::None).unwrap(),
    ];
    assert_eq!(blitz().tag(), "180+2");
    assert_eq!(Preset::Classical.time_control().tag(), "3600+0");
    assert_eq!(TimeControl::new(s(90), Increment::Delay(s(3))).unwrap().tag(), "90d3");
    for control in controls {
        assert_eq!(TimeControl::from_tag(&control.tag()), Ok(Some(control)), "{}", control.tag());
    }
}

#[test]
fn a_time_control_is_kept_in_the_settings_and_a_damaged_one_refused() {
    for control in [blitz(), TimeControl::with_odds(s(300), s(120), Increment::Delay(s(2))).unwrap()] {
        let stored = ron::to_string(&control).unwrap();
        assert_eq!(ron::from_str::<TimeControl>(&stored).unwrap(), control, "{stored}");
    }
    let err = ron::from_str::<TimeControl>("(white: 0, black: 1000, increment: None)").unwrap_err();
    assert!(err.to_string().contains("white needs some time"), "{err}");
}
