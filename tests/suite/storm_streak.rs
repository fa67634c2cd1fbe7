//! The drills in the app, headless, played by taps (issue 35): a Storm from the puzzles' menu (a right
//! move counts and its combo earns time, a wrong one takes ten seconds and the next puzzle comes at once,
//! the end card when the time runs out with the day's best kept, its puzzles looked at again unrated); a
//! Streak (its one skip, greyed as used once spent, its end at the first miss, resumed at the same puzzle
//! after a restart); the rules told on a card over a player's first Storm and first Streak, once each
//! (issue 46); the progress card (each theme, the weakest offered, the missed puzzles replayed in one go);
//! the cards fit every screen.

use std::time::Duration;

use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use toguz::app::i18n::locale::Lang;
use toguz::app::saves::persistence::{SaveFile, VERSION, to_text, write_atomically};
use toguz::app::screens::training::calendar::today;
use toguz::app::screens::training::drill_run::{Drill, StormRun};
use toguz::app::screens::training::screen::Phase;
use toguz::app::state::panels::{Panel, Panels};
use toguz::app::state::settings::{Settings, Speed, SpeedFloor};
use toguz::drill::{COMBO_BONUS, STORM_MISS_MS, STORM_MS};
use toguz::rules::Hole;

use super::flows::{
    FRAME, PHONE, PHONE_SIDEWAYS, SMALL_PHONE, TABLET, assert_nothing_clipped, flushed_save, frames,
    has_button, press, save_dir, start_app,
};
use super::motion::touch_hole;
use super::training::{open_training, position, run, settle, solution, solve};

/// From the puzzles' menu to the drill's first puzzle on the board, the card of its rules closed by its
/// Start where it is shown (a player's first Storm, first Streak).
fn choose(app: &mut App, label: &str) {
    pose_drill(app, label);
    if app.world().resource::<Panels>().top() == Some(Panel::DrillRules) {
        press(app, "Start");
        frames(app, 3);
    }
    assert_eq!(app.world().resource::<Panels>().top(), None, "'{label}': nothing over the board");
}

/// From the puzzles' menu to the drill's first puzzle posed, whatever card is over it.
fn pose_drill(app: &mut App, label: &str) {
    press(app, "Menu");
    press(app, label);
    for _ in 0..600 {
        app.update();
        if run(app).phase == Phase::Solving {
            break;
        }
    }
    frames(app, 3);
    assert_eq!(run(app).phase, Phase::Solving, "'{label}' poses a puzzle");
}

/// Every visible text on screen, one after another.
fn words_on_screen(app: &mut App) -> String {
    let mut q = app.world_mut().query::<(&Text, &InheritedVisibility)>();
    q.iter(app.world()).filter(|(_, v)| v.get()).map(|(t, _)| t.0.clone()).collect::<Vec<_>>().join(" | ")
}

/// A legal move of the player that is not the puzzle's answer.
fn wrong_hole(app: &App) -> u8 {
    let pos = position(app);
    let right = solution(app)[0];
    Hole::all()
        .map(|h| h.number())
        .find(|&n| n != right && pos.check(Hole::new(n).unwrap()).is_ok())
        .expect("a puzzle's position has another legal move")
}

/// A wrong move, by a tap.
fn play_wrong(app: &mut App) {
    let (side, hole) = (position(app).side_to_move(), wrong_hole(app));
    touch_hole(app, side, hole);
}

fn storm_left(app: &App) -> u64 {
    let now = app.world().resource::<Time<Real>>().elapsed().as_millis() as u64;
    match &run(app).drill {
        Drill::Storm(s) => s.storm.left(now),
        other => panic!("a Storm runs, not {other:?}"),
    }
}

fn storm(app: &App) -> toguz::drill::Storm {
    match &run(app).drill {
        Drill::Storm(s) => s.storm.clone(),
        other => panic!("a Storm runs, not {other:?}"),
    }
}

#[test]
fn a_storm_counts_a_solved_puzzle_and_a_wrong_move_takes_ten_seconds_and_moves_on_at_once() {
    let dir = save_dir("storm-moves");
    let mut app = start_app(PHONE, &dir);
    open_training(&mut app);
    choose(&mut app, "Storm");
    assert!(has_button(&mut app, "Menu"), "the menu stays to leave a Storm");
    assert!(!has_button(&mut app, "Hint"), "a Storm gives no hint");
    assert_eq!(
        app.world().resource::<SpeedFloor>().0,
        Some(Speed::Fast),
        "a Storm sows at least fast: its clock runs while the stones fly"
    );
    frames(&mut app, 60);
    assert_eq!(storm_left(&app), STORM_MS, "the clock waits for the first move");
    let first = run(&app).puzzle.clone().unwrap();
    let rating = app.world().resource::<Settings>().training.rating;
    solve(&mut app);
    assert_eq!(storm(&app).solved, 1, "the puzzle solved counts");
    assert_eq!(run(&app).phase, Phase::Solving, "the next puzzle is posed once the board is still");
    assert_ne!(run(&app).puzzle.as_ref().unwrap().id, first.id);
    assert!(storm_left(&app) < STORM_MS, "the clock runs from the first move");
    assert_eq!(app.world().resource::<Settings>().training.rating, rating, "a Storm moves no rating");
    let second = run(&app).puzzle.clone().unwrap();
    let before = storm_left(&app);
    play_wrong(&mut app);
    frames(&mut app, 3);
    let after = storm(&app);
    assert_eq!((after.misses, after.combo), (1, 0), "the miss counted, the combo ended");
    let lost = before - storm_left(&app);
    assert!((STORM_MISS_MS..STORM_MISS_MS + 500).contains(&lost), "ten seconds off (and the frames): {lost}");
    assert_eq!(run(&app).phase, Phase::Solving, "the next puzzle at once");
    assert_ne!(run(&app).puzzle.as_ref().unwrap().id, second.id);
    assert_eq!(after.results, vec![(first.id.clone(), true), (second.id.clone(), false)]);
    press(&mut app, "Close the training");
    frames(&mut app, 3);
    assert_eq!(app.world().resource::<SpeedFloor>().0, None, "the player's own speed once the Storm is left");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_storm_ends_when_its_time_runs_out_keeps_the_days_best_and_its_puzzles_can_be_looked_at_again() {
    let dir = save_dir("storm-end");
    let mut app = start_app(TABLET, &dir);
    open_training(&mut app);
    choose(&mut app, "Storm");
    let first = run(&app).puzzle.clone().unwrap();
    solve(&mut app);
    // Three minutes in a few frames.
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_secs(20)));
    frames(&mut app, 10);
    app.insert_resource(TimeUpdateStrategy::ManualDuration(FRAME));
    frames(&mut app, 5);
    assert_eq!(run(&app).phase, Phase::Over, "the Storm is over");
    assert_eq!(app.world().resource::<Panels>().top(), Some(Panel::DrillOver), "its end card is up");
    assert!(has_button(&mut app, "Play again"));
    let drills = app.world().resource::<Settings>().training.drills.clone();
    assert_eq!((drills.storm_best, drills.storm_best_on(today())), (1, 1), "the best and the day's best");
    assert_eq!(flushed_save(&mut app, &dir).settings.training.drills, drills, "kept in the save");
    // It opened by itself: a tap that lands on it at once (a finger on its way to a hole) is not taken.
    press(&mut app, "Storm puzzle 1");
    assert_eq!(app.world().resource::<Panels>().top(), Some(Panel::DrillOver), "the card ignored the tap");
    assert_eq!(run(&app).phase, Phase::Over, "no puzzle was opened");
    frames(&mut app, 20);
    // Closed for a look at the board, the card comes back from the panel's Results.
    press(&mut app, "Close");
    assert_eq!(app.world().resource::<Panels>().top(), None);
    press(&mut app, "Results");
    assert_eq!(app.world().resource::<Panels>().top(), Some(Panel::DrillOver), "the results again");
    // A taps on the board now counts for nothing.
    let rating = app.world().resource::<Settings>().training.rating;
    press(&mut app, "Storm puzzle 1");
    for _ in 0..300 {
        app.update();
        if run(&app).phase == Phase::Solving {
            break;
        }
    }
    assert_eq!(run(&app).puzzle.as_ref().unwrap().id, first.id, "the run's first puzzle, looked at again");
    solve(&mut app);
    assert_eq!(run(&app).phase, Phase::Solved);
    assert_eq!(app.world().resource::<Settings>().training.rating, rating, "looked at again, not rated");
    press(&mut app, "Results");
    frames(&mut app, 3);
    assert_eq!(app.world().resource::<Panels>().top(), Some(Panel::DrillOver), "back to the results");
    press(&mut app, "Play again");
    for _ in 0..300 {
        app.update();
        if run(&app).phase == Phase::Solving {
            break;
        }
    }
    assert_eq!((storm(&app).solved, storm_left(&app)), (0, STORM_MS), "a new Storm");
    let _ = std::fs::remove_dir_all(&dir);
}

fn streak(app: &App) -> toguz::drill::Streak {
    run(app).drill.streak().cloned().expect("a Streak runs")
}

#[test]
fn a_streak_skips_once_resumes_at_the_same_puzzle_after_a_restart_and_ends_at_the_first_miss() {
    let dir = save_dir("streak");
    let mut app = start_app(PHONE, &dir);
    open_training(&mut app);
    choose(&mut app, "Streak");
    assert!(!has_button(&mut app, "Hint"), "a Streak gives no hint");
    solve(&mut app);
    assert_eq!((streak(&app).count, streak(&app).index), (1, 1), "one in a row");
    assert_eq!(run(&app).phase, Phase::Solving);
    press(&mut app, "Skip");
    frames(&mut app, 5);
    assert_eq!((streak(&app).count, streak(&app).index, streak(&app).skip_left), (1, 2, false), "skipped");
    assert!(!has_button(&mut app, "Skip"), "one skip a streak");
    // Spent, not vanished: in sight, greyed, and the words say why it is gone.
    assert!(has_button(&mut app, "Skip used"), "the used skip says so");
    assert!(run(&app).said.contains("your one Skip"), "said over the next puzzle: {}", run(&app).said);
    let before = app.world().resource::<Settings>().training.drills.streak.clone();
    press(&mut app, "Skip used");
    frames(&mut app, 3);
    assert_eq!(
        app.world().resource::<Settings>().training.drills.streak,
        before,
        "a spent skip does nothing"
    );
    let posed = run(&app).puzzle.clone().unwrap();
    flushed_save(&mut app, &dir);
    drop(app);

    let mut app = start_app(PHONE, &dir);
    open_training(&mut app);
    press(&mut app, "Menu");
    frames(&mut app, 2);
    press(&mut app, "Streak");
    for _ in 0..300 {
        app.update();
        if run(&app).phase == Phase::Solving && run(&app).drill.streak().is_some() {
            break;
        }
    }
    frames(&mut app, 3);
    assert_eq!(app.world().resource::<Panels>().top(), None, "its rules were told at the first streak");
    assert_eq!(run(&app).puzzle.as_ref().unwrap().id, posed.id, "resumed at the same puzzle");
    assert_eq!((streak(&app).count, streak(&app).skip_left), (1, false), "with its count and its skip used");
    assert!(has_button(&mut app, "Skip used"), "resumed with its skip spent, in sight");
    play_wrong(&mut app);
    settle(&mut app);
    assert_eq!(run(&app).phase, Phase::Over, "the streak ends at its miss");
    assert!(run(&app).said.contains("ends at 1"), "said: {}", run(&app).said);
    let drills = app.world().resource::<Settings>().training.drills.clone();
    assert_eq!((drills.streak_best, drills.streak.is_none()), (1, true), "its best kept, none under way");
    assert_eq!(flushed_save(&mut app, &dir).settings.training.drills, drills);
    press(&mut app, "Play again");
    for _ in 0..300 {
        app.update();
        if run(&app).phase == Phase::Solving {
            break;
        }
    }
    assert_eq!((streak(&app).count, streak(&app).index), (0, 0), "a new streak");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_progress_card_shows_each_theme_offers_the_weakest_and_replays_the_missed_puzzles_in_one_go() {
    let dir = save_dir("progress");
    let mut app = start_app(PHONE, &dir);
    open_training(&mut app);
    let missed = run(&app).puzzle.clone().unwrap();
    play_wrong(&mut app);
    settle(&mut app);
    press(&mut app, "Next puzzle");
    frames(&mut app, 5);
    press(&mut app, "Menu");
    press(&mut app, "Your progress");
    assert_eq!(app.world().resource::<Panels>().top(), Some(Panel::PuzzleProgress));
    assert!(has_button(&mut app, "Practise the weakest theme"));
    let stats = app.world().resource::<Settings>().training.theme_stats(&super::puzzles::shipped());
    let of_missed = stats.iter().find(|s| s.theme == missed.theme).unwrap();
    assert_eq!((of_missed.tried, of_missed.clean, of_missed.missed), (1, 0, 1), "the miss in its theme");
    assert!(of_missed.rating.is_some_and(|r| r < toguz::puzzle::START_RATING), "its rating went down");
    press(&mut app, "Replay the missed puzzles");
    for _ in 0..300 {
        app.update();
        if run(&app).phase == Phase::Solving {
            break;
        }
    }
    frames(&mut app, 3);
    assert_eq!(run(&app).puzzle.as_ref().unwrap().id, missed.id, "the missed puzzle, again");
    assert!(matches!(run(&app).drill, Drill::Missed { .. }));
    solve(&mut app);
    press(&mut app, "Next puzzle");
    frames(&mut app, 5);
    assert_eq!(run(&app).drill, Drill::Puzzles, "every missed puzzle replayed: back to the puzzles");
    assert_eq!(app.world().resource::<Panels>().top(), None);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A player with a history: missed puzzles in two themes, a streak under way, the drills' bests, in `lang`.
fn seasoned_player(dir: &std::path::Path, lang: Lang) {
    let all = super::puzzles::shipped();
    let mut training = toguz::puzzle::Progress::default();
    for (i, puzzle) in all.iter().take(12).enumerate() {
        let solve = if i % 3 == 0 { toguz::puzzle::Solve::Missed } else { toguz::puzzle::Solve::Clean };
        training.finish(puzzle, solve, today() - 2);
    }
    let mut streak = toguz::drill::Streak::new(all.iter().take(20).map(|p| p.id.clone()).collect());
    streak.solved();
    training.drills.streak_changed(&streak);
    training.drills.storm_ended(23, today());
    let settings = Settings { lang: Some(lang), training, ..Settings::default() };
    let save = SaveFile { version: VERSION, settings, game: None };
    write_atomically(&dir.join("save.ron"), &to_text(&save)).unwrap();
}

#[test]
fn the_puzzles_menu_the_progress_and_a_long_storms_end_card_fit_every_screen_in_the_longest_languages() {
    let dir = save_dir("drill-cards-fit");
    for lang in [Lang::Ru, Lang::Kk, Lang::Vi, Lang::Fr] {
        for size in [SMALL_PHONE, PHONE, PHONE_SIDEWAYS, TABLET] {
            let what = format!("{} at {size}", lang.code());
            seasoned_player(&dir, lang);
            let mut app = start_app(size, &dir);
            open_training(&mut app);
            press(&mut app, "Menu");
            assert!(has_button(&mut app, "Streak"), "{what}: the streak under way offered");
            assert_nothing_clipped(&mut app, size, &format!("{what}, the puzzles' menu"));
            press(&mut app, "Your progress");
            assert!(has_button(&mut app, "Replay the missed puzzles"), "{what}");
            assert_nothing_clipped(&mut app, size, &format!("{what}, the progress"));
            // A Storm of fifty puzzles, over: its end card.
            app.world_mut().resource_mut::<Panels>().clear();
            let queue: Vec<String> =
                super::puzzles::shipped().iter().take(60).map(|p| p.id.clone()).collect();
            let mut storm = toguz::drill::Storm::new(queue);
            for i in 0..50 {
                if i % 4 == 3 {
                    storm.missed(0);
                } else {
                    storm.solved(0);
                }
            }
            let ended = StormRun { storm, best_before: 40, day_before: 12, day: today(), over: true };
            let mut run =
                app.world_mut().resource_mut::<toguz::app::screens::training::screen::TrainingRun>();
            run.drill = Drill::Storm(ended);
            run.phase = Phase::Over;
            run.show_end = true;
            frames(&mut app, 4);
            assert!(has_button(&mut app, "Storm puzzle 50"), "{what}: every puzzle of the run");
            assert_nothing_clipped(&mut app, size, &format!("{what}, a Storm's end card"));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_wrong_move_counts_as_missed_even_when_the_app_is_killed_before_the_puzzle_is_finished() {
    let dir = save_dir("miss-kill");
    let mut app = start_app(PHONE, &dir);
    open_training(&mut app);
    let missed = run(&app).puzzle.clone().unwrap();
    play_wrong(&mut app);
    settle(&mut app);
    assert_eq!(run(&app).phase, Phase::Missed);
    // Killed: nothing more than what is saved already.
    flushed_save(&mut app, &dir);
    drop(app);
    let mut app = start_app(PHONE, &dir);
    open_training(&mut app);
    let training = app.world().resource::<Settings>().training.clone();
    assert_eq!(training.stars.get(&missed.id), Some(&0), "the puzzle counted as tried and missed");
    assert!(training.due.contains_key(&missed.id), "it comes back");
    assert!(training.rating < toguz::puzzle::START_RATING, "the miss cost its rating");
    assert_eq!(training.pending_miss, None);
    assert_eq!(flushed_save(&mut app, &dir).settings.training, training, "and that is saved");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_missed_puzzle_of_five_moves_comes_back_and_the_computer_replies_between_the_players_moves() {
    let dir = save_dir("long-puzzle");
    let all = super::puzzles::shipped();
    let long = all.iter().find(|p| p.solution.len() == 5).expect("the set has puzzles of five moves");
    let mut training = toguz::puzzle::Progress::default();
    training.finish(long, toguz::puzzle::Solve::Missed, today() - 1);
    let save =
        SaveFile { version: VERSION, settings: Settings { training, ..Settings::default() }, game: None };
    write_atomically(&dir.join("save.ron"), &to_text(&save)).unwrap();
    let mut app = start_app(PHONE, &dir);
    open_training(&mut app);
    assert_eq!(run(&app).puzzle.as_ref().unwrap().id, long.id, "the missed puzzle is due today");
    // `solve` checks the board after each of the computer's replies.
    solve(&mut app);
    assert_eq!(run(&app).phase, Phase::Solved);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 46: a new player met a clock, combos and a vanishing Skip with nothing said. A player's first Storm
/// and first Streak tell their rules on a card over the first puzzle (the numbers are the drills' own),
/// Start closes it, and it is not shown again (kept in the save, which an older save without it still
/// reads as not shown).
#[test]
fn a_first_storm_and_a_first_streak_explain_their_rules_before_the_first_puzzle() {
    let dir = save_dir("drill-rules");
    let mut app = start_app(PHONE, &dir);
    open_training(&mut app);
    pose_drill(&mut app, "Storm");
    assert_eq!(app.world().resource::<Panels>().top(), Some(Panel::DrillRules), "the Storm's rules first");
    let words = words_on_screen(&mut app);
    assert!(words.contains(&format!("{} minutes", STORM_MS / 60_000)), "the Storm's time: {words}");
    for (combo, ms) in COMBO_BONUS {
        assert!(words.contains(&format!("{combo}: +{} s", ms / 1_000)), "the combo of {combo}: {words}");
    }
    assert!(words.contains(&format!("takes {} s off", STORM_MISS_MS / 1_000)), "a miss's cost: {words}");
    assert!(words.contains("ends the combo"), "{words}");
    assert_eq!(storm_left(&app), STORM_MS, "reading the rules costs no time");
    assert_nothing_clipped(&mut app, PHONE, "the Storm's rules");
    press(&mut app, "Start");
    frames(&mut app, 3);
    assert_eq!(app.world().resource::<Panels>().top(), None, "Start closes the card");
    solve(&mut app);
    assert_eq!(storm(&app).solved, 1, "and the Storm is played as usual");
    let drills = app.world().resource::<Settings>().training.drills.clone();
    assert!(drills.storm_told && !drills.streak_told, "the Storm's rules told, the Streak's not yet");
    assert!(flushed_save(&mut app, &dir).settings.training.drills.storm_told, "kept in the save");
    pose_drill(&mut app, "Storm");
    assert_eq!(app.world().resource::<Panels>().top(), None, "a second Storm starts at once");

    pose_drill(&mut app, "Streak");
    assert_eq!(app.world().resource::<Panels>().top(), Some(Panel::DrillRules), "the Streak's rules first");
    let words = words_on_screen(&mut app);
    assert!(words.contains("The first wrong move ends the streak"), "{words}");
    assert!(words.contains("One Skip a streak") && words.contains("gone until your next streak"), "{words}");
    press(&mut app, "Start");
    frames(&mut app, 3);
    assert_eq!(app.world().resource::<Panels>().top(), None);
    assert!(has_button(&mut app, "Skip"), "the skip there to use");
    assert!(app.world().resource::<Settings>().training.drills.streak_told);
    // The card says the rules in the longest languages without being cut, on the smallest screens.
    drop(app);
    for lang in [Lang::Ru, Lang::Kk, Lang::Vi, Lang::Fr] {
        for size in [SMALL_PHONE, PHONE_SIDEWAYS] {
            let settings = Settings { lang: Some(lang), ..Settings::default() };
            let save = SaveFile { version: VERSION, settings, game: None };
            write_atomically(&dir.join("save.ron"), &to_text(&save)).unwrap();
            let mut app = start_app(size, &dir);
            open_training(&mut app);
            // The buttons are named in English whatever the language on screen.
            for drill in ["Storm", "Streak"] {
                let what = format!("{} at {size}, the {drill}'s rules", lang.code());
                pose_drill(&mut app, drill);
                assert_eq!(app.world().resource::<Panels>().top(), Some(Panel::DrillRules), "{what}");
                assert_nothing_clipped(&mut app, size, &what);
                press(&mut app, "Start");
            }
        }
    }
    // A save from before the card reads as never shown.
    let old: toguz::drill::Records = ron::from_str("(storm_best: 12, streak_best: 4)").unwrap();
    assert_eq!((old.storm_best, old.storm_told, old.streak_told), (12, false, false));
    let _ = std::fs::remove_dir_all(&dir);
}

/// The centres of the buttons labelled `labels` that a finger reaches, each inside the window `size`.
fn assert_reachable_inside(app: &mut App, size: Vec2, labels: &[&str], what: &str) {
    let all = super::flows::buttons(app);
    for label in labels {
        let at = all.iter().find(|(l, _, _)| l == label).map(|(_, _, at)| *at).unwrap_or_else(|| {
            panic!("{what}: no '{label}' under a finger: {:?}", super::flows::labels(&all))
        });
        assert!(
            at.x > 0.0 && at.y > 0.0 && at.x < size.x && at.y < size.y,
            "{what}: '{label}' at {at} is off the {size} screen"
        );
    }
}

/// A wrong move, then the card of the miss: its `buttons` reachable on the screen and nothing cut off.
fn assert_missed_card_fits(app: &mut App, size: Vec2, buttons: &[&str], what: &str) {
    play_wrong(app);
    settle(app);
    // The words under the board shrink a pixel a frame until the buttons are on the screen.
    frames(app, 12);
    assert_reachable_inside(app, size, buttons, what);
    let said = words_on_screen(app);
    assert_nothing_clipped(app, size, &format!("{what} ({said})"));
}

#[test]
fn a_missed_puzzle_and_a_missed_streak_keep_their_buttons_on_every_screen_in_every_language() {
    let dir = save_dir("miss-cards-fit");
    for lang in Lang::ALL {
        for size in [SMALL_PHONE, PHONE, PHONE_SIDEWAYS, TABLET] {
            let what = format!("{} at {size}", lang.code());
            let _ = std::fs::remove_dir_all(&dir);
            super::flows::with_language(&dir, lang);
            let mut app = start_app(size, &dir);
            open_training(&mut app);
            assert_missed_card_fits(
                &mut app,
                size,
                &["Menu", "Try again", "Next puzzle"],
                &format!("{what}, a missed puzzle"),
            );
            choose(&mut app, "Streak");
            assert_missed_card_fits(
                &mut app,
                size,
                &["Menu", "Play again"],
                &format!("{what}, a missed Streak"),
            );
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
