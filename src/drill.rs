//! Puzzles against the clock and in a row (issue 35): Storm and Streak, as rules of their own. Pure Rust
//! (no Bevy): the caller gives the time at each event, in milliseconds on any steady clock, so every rule is
//! tested to the millisecond; whether a move solves a puzzle is `puzzle::Attempt`'s to say (it asks the
//! rules), not this file's.
//!
//! - **Storm**: three minutes, started by the first move. Each right move adds one to the combo; reaching a
//!   combo of 5, 12, 20 and 30 earns 3, 5, 7 and 10 seconds, and every 10 beyond 30 another 10. A wrong move
//!   takes 10 seconds off, ends the combo and moves on to the next puzzle. The score is the puzzles solved.
//! - **Streak**: puzzles of rising difficulty until the first miss; one skip a streak (a free pass, one a
//!   run: once used it is gone until the next streak). A streak is plain data ([`Streak`] is saved as it
//!   happens), so one left in the middle resumes at the same puzzle.
//!
//! The records ([`Records`]) also keep whether each drill's rules were shown to the player, once.
//!
//! Invariants: a Storm's time left never goes below zero, and once it is zero (or its puzzles are used up)
//! nothing more is counted; a Streak counts nothing after its miss; the order of puzzles is fixed by a seed,
//! from easy to hard (`puzzle::rising`, which the caller asks: this file needs nothing of the puzzles but
//! their ids, so the puzzles' progress can keep these records without an import circle), so a run can be
//! replayed and tested.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// A Storm's time at the start.
pub const STORM_MS: u64 = 180_000;
/// What a wrong move costs in a Storm.
pub const STORM_MISS_MS: u64 = 10_000;
/// The combos that earn time, and what each earns (the Storm's first card says them from here).
pub const COMBO_BONUS: [(u32, u64); 4] = [(5, 3_000), (12, 5_000), (20, 7_000), (30, 10_000)];
/// Past the last level, every this many right moves earn the last level's time again.
pub const COMBO_EVERY: u32 = 10;

/// The time a combo earns as it is reached (zero for a combo that is not a level).
pub fn combo_bonus(combo: u32) -> u64 {
    if let Some(&(_, ms)) = COMBO_BONUS.iter().find(|(level, _)| *level == combo) {
        return ms;
    }
    let (last, ms) = COMBO_BONUS[COMBO_BONUS.len() - 1];
    if combo > last && (combo - last).is_multiple_of(COMBO_EVERY) { ms } else { 0 }
}

/// The next combo that earns time after `combo`, and what it earns (the combo meter's goal).
pub fn next_bonus(combo: u32) -> (u32, u64) {
    // Within the next `COMBO_EVERY` past the last level there is always one.
    (combo + 1..)
        .map(|c| (c, combo_bonus(c)))
        .find(|&(_, ms)| ms > 0)
        .unwrap_or((combo + COMBO_EVERY, COMBO_BONUS[COMBO_BONUS.len() - 1].1))
}

/// One Storm run.
#[derive(Clone, Debug, PartialEq)]
pub struct Storm {
    /// The run's puzzles by id, easy to hard.
    pub queue: Vec<String>,
    /// The puzzle being solved.
    pub index: usize,
    /// When the first move was made (the clock runs from it); none before.
    started_at: Option<u64>,
    /// The time the run has to spend: the start's, plus what combos earned, less what misses cost.
    banked: u64,
    pub combo: u32,
    pub best_combo: u32,
    pub solved: u32,
    pub misses: u32,
    /// Each puzzle finished, in order, and whether it was solved: to look at again at the end.
    pub results: Vec<(String, bool)>,
}

impl Storm {
    pub fn new(queue: Vec<String>) -> Storm {
        Storm {
            queue,
            index: 0,
            started_at: None,
            banked: STORM_MS,
            combo: 0,
            best_combo: 0,
            solved: 0,
            misses: 0,
            results: Vec::new(),
        }
    }

    /// The time left at `now`.
    pub fn left(&self, now: u64) -> u64 {
        match self.started_at {
            None => self.banked,
            Some(at) => self.banked.saturating_sub(now.saturating_sub(at)),
        }
    }

    /// Whether the clock runs: the first move was made.
    pub fn started(&self) -> bool {
        self.started_at.is_some()
    }

    /// Whether the run is over at `now`: its time spent, or its puzzles used up.
    pub fn is_over(&self, now: u64) -> bool {
        self.left(now) == 0 || self.index >= self.queue.len()
    }

    /// The puzzle to solve, while the run goes on.
    pub fn current(&self, now: u64) -> Option<&str> {
        (!self.is_over(now)).then(|| self.queue[self.index].as_str())
    }

    /// A right move at `now` (not the puzzle's last: [`Storm::solved`] is that): the combo grows, and the
    /// time it earns is added. What it earned, if the run went on.
    pub fn right_move(&mut self, now: u64) -> Option<u64> {
        if self.is_over(now) {
            return None;
        }
        self.started_at.get_or_insert(now);
        self.combo += 1;
        self.best_combo = self.best_combo.max(self.combo);
        let bonus = combo_bonus(self.combo);
        self.banked += bonus;
        Some(bonus)
    }

    /// The puzzle's last right move at `now`: counted as a right move, the puzzle solved, the next one up.
    pub fn solved(&mut self, now: u64) -> Option<u64> {
        let bonus = self.right_move(now)?;
        self.solved += 1;
        self.finish(true);
        Some(bonus)
    }

    /// A wrong move at `now`: ten seconds off, the combo ended, the puzzle missed and the next one up.
    pub fn missed(&mut self, now: u64) {
        if self.is_over(now) {
            return;
        }
        let at = *self.started_at.get_or_insert(now);
        // Never below the time already spent: the time left stops at zero.
        self.banked = self.banked.saturating_sub(STORM_MISS_MS).max(now.saturating_sub(at));
        self.combo = 0;
        self.misses += 1;
        self.finish(false);
    }

    fn finish(&mut self, solved: bool) {
        self.results.push((self.queue[self.index].clone(), solved));
        self.index += 1;
    }
}

/// One Streak: saved as it is, so that a restart resumes it at the same puzzle.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Streak {
    /// The streak's puzzles by id, easy to hard.
    pub queue: Vec<String>,
    /// The puzzle being solved.
    pub index: usize,
    /// Puzzles solved in a row.
    pub count: u32,
    /// Whether the one skip is still there.
    pub skip_left: bool,
    /// Missed: the streak is over.
    pub missed: bool,
}

impl Streak {
    pub fn new(queue: Vec<String>) -> Streak {
        Streak { queue, index: 0, count: 0, skip_left: true, missed: false }
    }

    pub fn is_over(&self) -> bool {
        self.missed || self.index >= self.queue.len()
    }

    /// The puzzle to solve, while the streak goes on.
    pub fn current(&self) -> Option<&str> {
        (!self.is_over()).then(|| self.queue[self.index].as_str())
    }

    /// The puzzle solved: one more in the row, the next one up.
    pub fn solved(&mut self) {
        if !self.is_over() {
            self.count += 1;
            self.index += 1;
        }
    }

    /// The one skip: the next puzzle up, the count as it was. Whether it was there to use.
    pub fn skip(&mut self) -> bool {
        if self.is_over() || !self.skip_left {
            return false;
        }
        self.skip_left = false;
        self.index += 1;
        true
    }

    /// A wrong move: the streak ends at its count.
    pub fn miss(&mut self) {
        if !self.is_over() {
            self.missed = true;
        }
    }
}

/// The drills' records, saved with the player's training.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Records {
    pub storm_best: u32,
    /// The best Storm score of each day (days since 1970-01-01) played; the last few days kept.
    pub storm_days: BTreeMap<i64, u32>,
    pub streak_best: u32,
    /// The streak under way, if one is: resumed after a restart.
    pub streak: Option<Streak>,
    /// A Storm's rules were shown, on the card over the player's first Storm: not shown again. (A save
    /// from before it reads as not shown: the struct's `serde(default)`.)
    pub storm_told: bool,
    /// A Streak's rules were shown, on the card over the player's first Streak.
    pub streak_told: bool,
}

/// The days of Storm scores kept.
const STORM_DAYS_KEPT: usize = 30;

impl Records {
    /// A Storm run ended on `day` with `score`: the day's and the overall bests. Whether it beat the overall.
    pub fn storm_ended(&mut self, score: u32, day: i64) -> bool {
        let today = self.storm_days.entry(day).or_insert(0);
        *today = (*today).max(score);
        while self.storm_days.len() > STORM_DAYS_KEPT {
            self.storm_days.pop_first();
        }
        let beaten = score > self.storm_best;
        self.storm_best = self.storm_best.max(score);
        beaten
    }

    /// The best Storm score of `day`.
    pub fn storm_best_on(&self, day: i64) -> u32 {
        self.storm_days.get(&day).copied().unwrap_or(0)
    }

    /// The streak as it stands now, kept to be resumed while it goes on; its count the best if it is.
    pub fn streak_changed(&mut self, streak: &Streak) {
        self.streak_best = self.streak_best.max(streak.count);
        self.streak = (!streak.is_over()).then(|| streak.clone());
    }
}
