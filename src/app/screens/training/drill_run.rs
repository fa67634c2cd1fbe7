//! What the training poses (issue 35): puzzles one at a time, rated ([`Drill::Puzzles`]); a Storm against
//! the clock; a Streak until the first miss; the missed puzzles replayed in one go; a Storm's puzzle looked
//! at again. A leaf: the screen that poses puzzles holds a [`Drill`] in its run, and the drills' bar and
//! end card read it; the rules of Storm and Streak are `crate::drill`'s, not this file's.
//!
//! Invariants: only [`Drill::Puzzles`] and [`Drill::Missed`] move the player's rating (a Storm is played
//! against the clock, a Streak for its count: neither is a fair measure of one puzzle); a drill asks for
//! its puzzles by id and passes over an id the set no longer holds (a streak saved under an older set).

use bevy::prelude::*;

use crate::drill::{Storm, Streak};
use crate::puzzle::rising;
use crate::puzzle::{Progress, Puzzle};

use crate::app::screens::training::choose::PuzzleChoice;

/// The puzzles a Storm lines up: more than the best players solve in its time.
pub const STORM_PUZZLES: usize = 100;
/// The puzzles a Streak lines up, easy to hard.
pub const STREAK_PUZZLES: usize = 300;
/// How long a flash of time won or lost stays, in milliseconds.
pub const FLASH_MS: u64 = 1_200;

/// What the training poses.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum Drill {
    /// One puzzle after another, the next picked by the player's progress (or the puzzle of the day).
    #[default]
    Puzzles,
    Storm(StormRun),
    Streak(Streak),
    /// Every missed puzzle still coming back, earliest due first; rated as usual.
    Missed {
        queue: Vec<String>,
        index: usize,
    },
    /// A puzzle of the Storm that ended, looked at again, not rated; the Storm's results come back after.
    Again {
        id: String,
        after: StormRun,
    },
}

/// A Storm and what its end card needs.
#[derive(Clone, Debug, PartialEq)]
pub struct StormRun {
    pub storm: Storm,
    /// The best score ever before this run (a new best is said at the end).
    pub best_before: u32,
    /// The best score of the day before this run.
    pub day_before: u32,
    /// The day the run was played on (days since 1970-01-01).
    pub day: i64,
    /// The time ran out (or the puzzles did): the end card is up.
    pub over: bool,
}

/// Time won or lost in a Storm, shown for a moment by the clock.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Flash {
    /// Milliseconds won (above zero) or lost (below).
    pub ms: i64,
    /// When, on the Storm's clock.
    pub at: u64,
}

/// The box in the training's panel the drills' bar is drawn in (the time, the combo, the streak).
#[derive(Component, Clone, Copy, Debug)]
pub struct DrillBar;

impl Drill {
    /// The drill a choice in the puzzles' menu starts. A Streak under way is resumed where it was left.
    pub fn begin(
        choice: PuzzleChoice,
        puzzles: &[Puzzle],
        progress: &Progress,
        day: i64,
        seed: u64,
    ) -> Drill {
        match choice {
            PuzzleChoice::Daily | PuzzleChoice::Theme(_) => Drill::Puzzles,
            PuzzleChoice::Storm => Drill::Storm(StormRun {
                storm: Storm::new(rising(puzzles, STORM_PUZZLES, seed)),
                best_before: progress.drills.storm_best,
                day_before: progress.drills.storm_best_on(day),
                day,
                over: false,
            }),
            PuzzleChoice::Streak => match &progress.drills.streak {
                Some(streak) if !streak.is_over() => Drill::Streak(streak.clone()),
                _ => Drill::Streak(Streak::new(rising(puzzles, STREAK_PUZZLES, seed))),
            },
            PuzzleChoice::Missed => {
                Drill::Missed { queue: progress.missed().into_iter().map(String::from).collect(), index: 0 }
            }
        }
    }

    /// Whether the puzzles posed move the player's rating and come back when missed.
    pub fn rated(&self) -> bool {
        matches!(self, Drill::Puzzles | Drill::Missed { .. })
    }

    /// The id of the puzzle to pose next (none for plain puzzles, which the progress picks, or when the
    /// drill has none left). `now` is the Storm's clock.
    pub fn current(&self, now: u64) -> Option<&str> {
        match self {
            Drill::Puzzles => None,
            Drill::Storm(run) => run.storm.current(now),
            Drill::Streak(streak) => streak.current(),
            Drill::Missed { queue, index } => queue.get(*index).map(String::as_str),
            Drill::Again { id, .. } => Some(id),
        }
    }

    /// Passes over the puzzle asked for, which the set does not hold: nothing is counted for it.
    pub fn pass_unknown(&mut self) {
        match self {
            Drill::Storm(run) => run.storm.index += 1,
            Drill::Streak(streak) => streak.index += 1,
            Drill::Missed { index, .. } => *index += 1,
            Drill::Puzzles | Drill::Again { .. } => {}
        }
    }

    pub fn storm(&self) -> Option<&StormRun> {
        match self {
            Drill::Storm(run) => Some(run),
            _ => None,
        }
    }

    pub fn streak(&self) -> Option<&Streak> {
        match self {
            Drill::Streak(streak) => Some(streak),
            _ => None,
        }
    }
}

/// A seed for a drill's puzzles: the time, so each run differs.
pub fn seed() -> u64 {
    web_time::SystemTime::now().duration_since(web_time::UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64)
}

/// A puzzle of the set by id.
pub fn find<'a>(puzzles: &'a [Puzzle], id: &str) -> Option<&'a Puzzle> {
    puzzles.iter().find(|p| p.id == id)
}
