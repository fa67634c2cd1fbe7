//! Storm and Streak (`drill`), rule by rule: a Storm's three minutes, the time a combo earns and a miss
//! costs, the end at zero; a Streak's single skip, its end at the first miss, and its resumption from the
//! save; the puzzles' order from easy to hard. And the progress the dashboard shows: each theme's rating
//! and counts, the weakest theme, the missed puzzles to replay.

use toguz::drill::{Records, STORM_MISS_MS, STORM_MS, Storm, Streak, combo_bonus, next_bonus};
use toguz::puzzle::rising;
use toguz::puzzle::{Progress, Puzzle, START_RATING, Solve, Theme};

use super::puzzles::shipped;

fn queue(n: usize) -> Vec<String> {
    (0..n).map(|i| format!("p{i}")).collect()
}

#[test]
fn a_storm_runs_three_minutes_from_its_first_move_not_from_its_opening() {
    let mut storm = Storm::new(queue(50));
    assert_eq!(storm.left(99_000), STORM_MS, "no time runs before the first move");
    storm.right_move(100_000);
    assert_eq!(storm.left(100_000 + 60_000), STORM_MS - 60_000);
    assert_eq!(storm.left(100_000 + STORM_MS), 0);
    assert!(storm.is_over(100_000 + STORM_MS), "the run ends when its time is spent");
    assert_eq!(storm.current(100_000 + STORM_MS), None);
    assert_eq!(storm.solved(100_000 + STORM_MS + 1), None, "a move after the end counts for nothing");
    assert_eq!(storm.solved, 0);
}

#[test]
fn a_storm_combo_earns_3_5_7_and_10_seconds_at_5_12_20_and_30_then_10_every_10() {
    let earned: Vec<(u32, u64)> = (1..=60).map(|c| (c, combo_bonus(c))).filter(|(_, ms)| *ms > 0).collect();
    assert_eq!(
        earned,
        [(5, 3_000), (12, 5_000), (20, 7_000), (30, 10_000), (40, 10_000), (50, 10_000), (60, 10_000)]
    );
    // Played: five right moves in a row at the same instant leave three seconds more than the start.
    let mut storm = Storm::new(queue(50));
    for _ in 0..4 {
        assert_eq!(storm.right_move(0), Some(0));
    }
    assert_eq!(storm.solved(0), Some(3_000), "the fifth right move in a row earns 3 s");
    assert_eq!(storm.left(0), STORM_MS + 3_000);
    assert_eq!((storm.combo, storm.solved, storm.index), (5, 1, 1));
}

#[test]
fn a_storm_miss_takes_ten_seconds_ends_the_combo_and_moves_on() {
    let mut storm = Storm::new(queue(50));
    storm.right_move(0);
    storm.right_move(1_000);
    storm.missed(2_000);
    assert_eq!(storm.left(2_000), STORM_MS - 2_000 - STORM_MISS_MS);
    assert_eq!((storm.combo, storm.best_combo, storm.misses, storm.index), (0, 2, 1, 1));
    assert_eq!(storm.results, [("p0".to_string(), false)], "the missed puzzle is kept to look at again");
    // A miss with less than ten seconds left ends the run at zero, never below.
    let late = STORM_MS - 4_000;
    storm.missed(late);
    assert_eq!(storm.left(late), 0);
    assert!(storm.is_over(late));
}

#[test]
fn a_storm_ends_when_its_puzzles_are_used_up() {
    let mut storm = Storm::new(queue(2));
    storm.solved(0);
    storm.missed(1);
    assert!(storm.is_over(2) && storm.left(2) > 0, "over with time left: nothing more to solve");
    assert_eq!(storm.results, [("p0".to_string(), true), ("p1".to_string(), false)]);
}

#[test]
fn a_streak_skips_once_counts_solved_puzzles_and_ends_at_the_first_miss() {
    let mut streak = Streak::new(queue(10));
    streak.solved();
    streak.solved();
    assert!(streak.skip(), "one skip a streak");
    assert_eq!((streak.count, streak.current()), (2, Some("p3")), "a skip moves on without counting");
    assert!(!streak.skip(), "and only one");
    assert_eq!(streak.current(), Some("p3"), "a refused skip stays on the puzzle");
    streak.solved();
    streak.miss();
    assert!(streak.is_over());
    assert_eq!(streak.current(), None);
    streak.solved();
    assert_eq!(streak.count, 3, "nothing counts after the miss");
}

#[test]
fn a_streak_left_in_the_middle_resumes_at_the_same_puzzle_from_the_save_and_the_best_is_kept() {
    let mut records = Records::default();
    let mut streak = Streak::new(queue(10));
    streak.solved();
    records.streak_changed(&streak);
    streak.skip();
    streak.solved();
    records.streak_changed(&streak);
    // The save, written as it happened, read back after a restart.
    let text = ron::to_string(&records).unwrap();
    let mut back: Records = ron::from_str(&text).unwrap();
    let resumed = back.streak.clone().expect("a streak under way is kept");
    assert_eq!((resumed.current(), resumed.count, resumed.skip_left), (Some("p3"), 2, false));
    let mut resumed = resumed;
    resumed.miss();
    back.streak_changed(&resumed);
    assert_eq!(
        (back.streak.clone(), back.streak_best),
        (None, 2),
        "an ended streak is not resumed; its count kept"
    );
    // A save from before the drills reads with no records.
    assert_eq!(ron::from_str::<Records>("()").unwrap(), Records::default());
}

#[test]
fn storm_scores_keep_the_best_of_each_day_and_the_best_ever() {
    let mut records = Records::default();
    assert!(records.storm_ended(12, 100));
    assert!(!records.storm_ended(9, 100));
    assert!(!records.storm_ended(7, 101));
    assert_eq!((records.storm_best_on(100), records.storm_best_on(101), records.storm_best), (12, 7, 12));
    for day in 102..200 {
        records.storm_ended(1, day);
    }
    assert!(records.storm_days.len() <= 30, "old days are let go");
    assert!(records.storm_ended(13, 200), "a new best is told");
}

#[test]
fn the_drills_puzzles_rise_from_easy_to_hard_and_a_seed_gives_the_same_run() {
    let puzzles = shipped();
    let run = rising(&puzzles, 60, 7);
    assert_eq!(run.len(), 60);
    assert_eq!(run, rising(&puzzles, 60, 7), "the same seed, the same run");
    assert_ne!(run, rising(&puzzles, 60, 8), "another seed, another run");
    let rating = |id: &String| puzzles.iter().find(|p| &p.id == id).expect("a shipped puzzle").rating;
    let ratings: Vec<u32> = run.iter().map(rating).collect();
    assert!(
        ratings.windows(2).all(|w| w[0] <= w[1]),
        "each puzzle at least as hard as the one before: {ratings:?}"
    );
    let mut all: Vec<u32> = puzzles.iter().map(|p| p.rating).collect();
    all.sort_unstable();
    let band = all.len() / 60;
    assert!(ratings[0] <= all[band], "the first among the easiest sixtieth: {}", ratings[0]);
    assert!(ratings[59] >= all[all.len() - 1 - band], "the last among the hardest: {}", ratings[59]);
    let mut ids = run.clone();
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), run.len(), "no puzzle twice");
    assert_eq!(rising(&puzzles[..5], 60, 1).len(), 5, "no more than there are");
}

fn of_theme(theme: Theme, n: usize) -> Vec<Puzzle> {
    shipped().into_iter().filter(|p| p.theme == theme).take(n).collect()
}

#[test]
fn a_storm_combo_meter_names_the_next_combo_that_earns_time_and_what_it_earns() {
    assert_eq!(next_bonus(0), (5, 3_000));
    assert_eq!(next_bonus(5), (12, 5_000));
    assert_eq!(next_bonus(29), (30, 10_000));
    assert_eq!(next_bonus(30), (40, 10_000));
    assert_eq!(next_bonus(47), (50, 10_000));
}

#[test]
fn each_theme_keeps_its_own_rating_and_counts_tried_clean_and_missed() {
    let mut progress = Progress::default();
    let captures = of_theme(Theme::Capture, 2);
    let endgames = of_theme(Theme::Endgame, 1);
    progress.finish(&captures[0], Solve::Clean, 10);
    progress.finish(&captures[1], Solve::Hinted(1), 10);
    progress.finish(&endgames[0], Solve::Missed, 10);
    let all = shipped();
    let stats = progress.theme_stats(&all);
    let capture = stats.iter().find(|s| s.theme == Theme::Capture).unwrap();
    let endgame = stats.iter().find(|s| s.theme == Theme::Endgame).unwrap();
    let race = stats.iter().find(|s| s.theme == Theme::Race).unwrap();
    assert_eq!((capture.tried, capture.clean, capture.missed), (2, 1, 0));
    assert_eq!((endgame.tried, endgame.clean, endgame.missed), (1, 0, 1));
    assert_eq!((race.tried, race.rating), (0, None), "no rating before a puzzle of the theme");
    assert!(capture.rating.unwrap() > START_RATING && endgame.rating.unwrap() < START_RATING);
    assert_eq!(capture.puzzles, all.iter().filter(|p| p.theme == Theme::Capture).count());
}

#[test]
fn the_weakest_theme_is_the_least_tried_first_then_the_lowest_rated() {
    let all = shipped();
    let mut progress = Progress::default();
    assert_eq!(progress.weakest(&all), Some(Theme::ALL[0]), "nothing tried: the first theme");
    // Every theme tried three times, all clean but the endgames, all missed.
    for theme in Theme::ALL {
        let solve = if theme == Theme::Endgame { Solve::Missed } else { Solve::Clean };
        for puzzle in of_theme(theme, 3) {
            progress.finish(&puzzle, solve, 10);
        }
    }
    assert_eq!(progress.weakest(&all), Some(Theme::Endgame), "the lowest rated");
    progress.finish(&of_theme(Theme::Race, 4)[3], Solve::Clean, 10);
    assert_eq!(progress.weakest(&all), Some(Theme::Endgame), "still the endgames");
}

#[test]
fn every_missed_puzzle_still_coming_back_is_replayed_whatever_its_day() {
    let all = shipped();
    let mut progress = Progress::default();
    progress.finish(&all[0], Solve::Missed, 10);
    progress.finish(&all[1], Solve::Missed, 12);
    progress.finish(&all[2], Solve::Clean, 12);
    assert_eq!(progress.missed(), vec![all[0].id.as_str(), all[1].id.as_str()], "earliest due first");
    assert!(progress.due_on(10).is_empty(), "none due yet on the day missed");
}

#[test]
fn a_save_from_before_the_drills_reads_with_empty_records_and_no_theme_ratings() {
    let old = "(rating: 950.0, played: 12, stars: {}, due: {}, theme: None, daily_done: None)";
    let progress: Progress = ron::from_str(old).expect("an older save reads");
    assert_eq!(progress.rating, 950.0);
    assert_eq!(progress.drills, Records::default());
    assert!(progress.themes.is_empty());
}

#[test]
fn a_puzzle_left_after_a_wrong_move_is_counted_missed_once_whether_finished_or_settled_after_a_kill() {
    let all = shipped();
    let mut progress = Progress { pending_miss: Some(all[0].id.clone()), ..Progress::default() };
    assert!(progress.settle_pending(&all, 10), "a kill left a miss to count");
    assert_eq!((progress.played, progress.stars.get(&all[0].id)), (1, Some(&0)));
    assert!(progress.due.contains_key(&all[0].id));
    assert!(!progress.settle_pending(&all, 10), "counted once");
    progress.pending_miss = Some(all[1].id.clone());
    progress.finish(&all[1], Solve::Missed, 10);
    assert_eq!(
        (progress.pending_miss.clone(), progress.played),
        (None, 2),
        "finished: nothing left to settle"
    );
    progress.pending_miss = Some("gone-from-the-set".to_string());
    assert!(!progress.settle_pending(&all, 10), "a puzzle the set lost is dropped");
    assert_eq!((progress.pending_miss.clone(), progress.played), (None, 2));
}
