//! A player's training over the puzzles, saved with the settings: the Elo rating overall and in each theme,
//! the stars of each puzzle tried, the missed puzzles coming back on their days (spaced repetition), the
//! next puzzle and the puzzle of the day, the drills' records (`crate::drill`), and what the dashboard
//! shows of each theme.
//!
//! Invariants: a save from before a field was added reads with that field's default (`serde(default)`);
//! nothing here depends on the order the puzzles were read in (ties go to the first id); the rating stays
//! a number (a damaged one reads as the start's).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::drill::Records;
use crate::puzzle::{PROVISIONAL, Puzzle, REVIEW_DAYS, START_RATING, THEME_WINDOW, Theme};

/// How a finished puzzle went.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Solve {
    /// Solved at the first try with no hint.
    Clean,
    /// Solved with this many hints and no wrong move.
    Hinted(u8),
    /// A wrong move was played (or the puzzle was given up).
    Missed,
}

impl Solve {
    /// Stars earned: 3 clean, one fewer a hint (at least 1), none for a miss.
    pub fn stars(self) -> u8 {
        match self {
            Solve::Clean => 3,
            Solve::Hinted(h) => 3u8.saturating_sub(h).max(1),
            Solve::Missed => 0,
        }
    }

    /// Elo's actual score.
    fn score(self) -> f64 {
        match self {
            Solve::Clean => 1.0,
            Solve::Hinted(_) => 0.5,
            Solve::Missed => 0.0,
        }
    }
}

/// A missed puzzle waiting to come back.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Due {
    /// The day (days since 1970-01-01) it is due.
    pub day: i64,
    /// How many of [`REVIEW_DAYS`] it has been through.
    pub stage: u8,
}

/// A player's training, saved with the settings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Progress {
    pub rating: f64,
    /// Puzzles finished (the first ones move the rating faster).
    pub played: u32,
    /// The best stars earned on each puzzle tried, by id (0: tried, never solved).
    pub stars: BTreeMap<String, u8>,
    /// Missed puzzles and when each comes back, by id.
    pub due: BTreeMap<String, Due>,
    /// The theme the player chose to train, none for every theme. (A save from before it reads as none:
    /// the struct's `serde(default)` fills every field a save lacks.)
    pub theme: Option<Theme>,
    /// The day (days since 1970-01-01) the daily puzzle was last solved.
    pub daily_done: Option<i64>,
    /// The rating in each theme, moved by that theme's puzzles alone (none until one of it is finished).
    pub themes: BTreeMap<Theme, ThemeRating>,
    /// Storm's and Streak's bests, and the streak under way.
    pub drills: Records,
    /// A puzzle given a wrong move and not finished yet: counted as missed at the next start if the app is
    /// killed first (a miss is not undone by a kill).
    pub pending_miss: Option<String>,
}

/// The rating in one theme.
#[derive(Copy, Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ThemeRating {
    pub rating: f64,
    /// The theme's puzzles finished (the first ones move its rating faster).
    pub played: u32,
}

/// What the dashboard shows of one theme.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct ThemeStats {
    pub theme: Theme,
    /// The theme's puzzles in the set.
    pub puzzles: usize,
    /// Tried at least once.
    pub tried: usize,
    /// Solved with three stars (at the first try, no hint), at least once.
    pub clean: usize,
    /// Missed and still coming back.
    pub missed: usize,
    /// The rating in the theme, once one of its puzzles was finished.
    pub rating: Option<f64>,
}

/// A theme tried fewer times than this is offered before any other as the one to practise: its rating says
/// little yet.
pub const FEW_TRIED: usize = 3;

impl Default for Progress {
    fn default() -> Self {
        Progress {
            rating: START_RATING,
            played: 0,
            stars: BTreeMap::new(),
            due: BTreeMap::new(),
            theme: None,
            daily_done: None,
            themes: BTreeMap::new(),
            drills: Records::default(),
            pending_miss: None,
        }
    }
}

impl Progress {
    /// Records a finished puzzle on `day` (days since 1970-01-01): the rating, the stars, the reviews.
    pub fn finish(&mut self, puzzle: &Puzzle, solve: Solve, day: i64) {
        if self.pending_miss.as_deref() == Some(puzzle.id.as_str()) {
            self.pending_miss = None;
        }
        let rating = self.sound_rating();
        // Every theme's rating starts where the player's did: started from the player's rating of the
        // moment, a theme met late would begin high and a miss there read as stronger than clean solves
        // in a theme met first.
        let in_theme =
            self.themes.entry(puzzle.theme).or_insert(ThemeRating { rating: START_RATING, played: 0 });
        let theme_rating = if in_theme.rating.is_finite() { in_theme.rating } else { START_RATING };
        in_theme.rating = elo(theme_rating, in_theme.played, puzzle, solve);
        in_theme.played = in_theme.played.saturating_add(1);
        self.rating = elo(rating, self.played, puzzle, solve);
        self.played = self.played.saturating_add(1);
        let stars = self.stars.entry(puzzle.id.clone()).or_insert(0);
        *stars = (*stars).max(solve.stars());
        match (solve, self.due.get(&puzzle.id).copied()) {
            (Solve::Missed, _) => {
                self.due.insert(puzzle.id.clone(), Due { day: day.saturating_add(REVIEW_DAYS[0]), stage: 1 });
            }
            // Solved on or after its day: on to the next interval, or done after the last.
            (_, Some(due)) if day >= due.day => match REVIEW_DAYS.get(usize::from(due.stage)) {
                Some(&days) => {
                    self.due.insert(
                        puzzle.id.clone(),
                        Due { day: day.saturating_add(days), stage: due.stage.saturating_add(1) },
                    );
                }
                None => {
                    self.due.remove(&puzzle.id);
                }
            },
            _ => {}
        }
    }

    /// The rating [`Progress::finish`] leaves after `puzzle` finished as `solve`, without recording it: a
    /// miss is certain from the wrong move on, and its cost is told then, before the puzzle is finished.
    pub fn rating_after(&self, puzzle: &Puzzle, solve: Solve) -> f64 {
        elo(self.sound_rating(), self.played, puzzle, solve)
    }

    /// The ids due on `day`, earliest first.
    pub fn due_on(&self, day: i64) -> Vec<&str> {
        let mut due: Vec<_> = self.due.iter().filter(|(_, d)| d.day <= day).collect();
        due.sort_by_key(|(id, d)| (d.day, id.as_str()));
        due.into_iter().map(|(id, _)| id.as_str()).collect()
    }

    /// Counts the puzzle left after a wrong move by a killed app as missed on `day`, and forgets it either
    /// way. Whether one was counted (not when the set no longer holds it).
    pub fn settle_pending(&mut self, puzzles: &[Puzzle], day: i64) -> bool {
        let Some(id) = self.pending_miss.take() else { return false };
        match puzzles.iter().find(|p| p.id == id) {
            Some(puzzle) => {
                self.finish(puzzle, Solve::Missed, day);
                true
            }
            None => false,
        }
    }

    /// Every puzzle missed and still coming back, whatever its day, earliest due first: to replay in one go.
    pub fn missed(&self) -> Vec<&str> {
        self.due_on(i64::MAX)
    }

    /// What the dashboard shows of each theme, in [`Theme::ALL`]'s order.
    pub fn theme_stats(&self, puzzles: &[Puzzle]) -> Vec<ThemeStats> {
        Theme::ALL
            .into_iter()
            .map(|theme| {
                let of_theme = || puzzles.iter().filter(move |p| p.theme == theme);
                let stars = |p: &Puzzle| self.stars.get(&p.id).copied();
                ThemeStats {
                    theme,
                    puzzles: of_theme().count(),
                    tried: of_theme().filter(|p| stars(p).is_some()).count(),
                    clean: of_theme().filter(|p| stars(p) == Some(3)).count(),
                    missed: of_theme().filter(|p| self.due.contains_key(&p.id)).count(),
                    rating: self.themes.get(&theme).map(|t| t.rating).filter(|r| r.is_finite()),
                }
            })
            .collect()
    }

    /// The theme to practise next: one barely tried (fewer than [`FEW_TRIED`], the least tried first), else
    /// the one with the lowest rating (the player's own where a theme has none yet: a save from before the
    /// themes' ratings), the lower share solved clean between equals. Only themes with a puzzle left to
    /// give (untried, or short of three stars); none when every puzzle has its three stars.
    pub fn weakest(&self, puzzles: &[Puzzle]) -> Option<Theme> {
        let stats = self.theme_stats(puzzles);
        let open: Vec<&ThemeStats> = stats.iter().filter(|s| s.clean < s.puzzles).collect();
        if let Some(few) = open.iter().filter(|s| s.tried < FEW_TRIED).min_by_key(|s| s.tried) {
            return Some(few.theme);
        }
        let overall = self.sound_rating();
        let share = |s: &ThemeStats| s.clean as f64 / s.tried.max(1) as f64;
        open.into_iter()
            .min_by(|a, b| {
                let (ra, rb) = (a.rating.unwrap_or(overall), b.rating.unwrap_or(overall));
                ra.total_cmp(&rb).then_with(|| share(a).total_cmp(&share(b)))
            })
            .map(|s| s.theme)
    }

    /// The rating, or the start's when a damaged save holds one that is not a number.
    fn sound_rating(&self) -> f64 {
        if self.rating.is_finite() { self.rating } else { START_RATING }
    }

    /// The next puzzle on `day`: a missed one that is due, else an untried one (of `theme`, if given)
    /// near the player's rating; once all are tried, the nearest without 3 stars.
    ///
    /// Among the untried puzzles within [`THEME_WINDOW`] of the nearest one's gap to the rating, the
    /// theme the player has tried least comes first (ties in [`Theme::ALL`]'s order), then the nearest
    /// of it: nearly half the set is `defence`, and the nearest alone would make a player meet mostly
    /// that.
    pub fn next<'a>(&self, puzzles: &'a [Puzzle], theme: Option<Theme>, day: i64) -> Option<&'a Puzzle> {
        let of_theme = |p: &&Puzzle| theme.is_none_or(|t| p.theme == t);
        for id in self.due_on(day) {
            if let Some(p) = puzzles.iter().filter(of_theme).find(|p| p.id == id) {
                return Some(p);
            }
        }
        let rating = self.sound_rating();
        let untried: Vec<&Puzzle> =
            puzzles.iter().filter(of_theme).filter(|p| !self.stars.contains_key(&p.id)).collect();
        if let Some(closest) = untried.iter().map(|p| gap(p, rating)).min_by(f64::total_cmp) {
            let near: Vec<&Puzzle> =
                untried.into_iter().filter(|p| gap(p, rating) <= closest + THEME_WINDOW).collect();
            let tried =
                |t: Theme| puzzles.iter().filter(|p| p.theme == t && self.stars.contains_key(&p.id)).count();
            // `min_by_key` keeps the first of equals: ties go in `Theme::ALL`'s order.
            let least = Theme::ALL
                .into_iter()
                .filter(|&t| near.iter().any(|p| p.theme == t))
                .min_by_key(|&t| tried(t));
            return nearest(near.into_iter().filter(|p| Some(p.theme) == least), rating);
        }
        let short_of_three = |p: &&Puzzle| self.stars.get(&p.id).is_some_and(|&s| s < 3);
        nearest(puzzles.iter().filter(of_theme).filter(short_of_three), rating)
    }
}

/// A rating after a puzzle (see the module `puzzle` on Elo): `played` puzzles before this one.
fn elo(rating: f64, played: u32, puzzle: &Puzzle, solve: Solve) -> f64 {
    let k = if played < PROVISIONAL { 40.0 } else { 20.0 };
    let expected = 1.0 / (1.0 + 10f64.powf((f64::from(puzzle.rating) - rating) / 400.0));
    (rating + k * (solve.score() - expected)).max(100.0)
}

/// How far a puzzle's rating is from the player's.
fn gap(puzzle: &Puzzle, rating: f64) -> f64 {
    (f64::from(puzzle.rating) - rating).abs()
}

/// The puzzle whose rating is nearest `rating`, the first id of equals (so the choice never depends on
/// the order the puzzles were read in).
fn nearest<'a>(candidates: impl Iterator<Item = &'a Puzzle>, rating: f64) -> Option<&'a Puzzle> {
    candidates.min_by(|a, b| gap(a, rating).total_cmp(&gap(b, rating)).then_with(|| a.id.cmp(&b.id)))
}

/// The puzzle of the day `day` (days since 1970-01-01): the same for everyone, from a fixed hash of the
/// date (not std's hasher, which may change between Rust versions) over the puzzles in id order.
pub fn daily(puzzles: &[Puzzle], day: i64) -> Option<&Puzzle> {
    let mut ids: Vec<&Puzzle> = puzzles.iter().collect();
    ids.sort_by(|a, b| a.id.cmp(&b.id));
    // SplitMix64's finaliser: consecutive days land far apart.
    let mut z = (day as u64).wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^= z >> 31;
    let n = ids.len() as u64;
    (n > 0).then(|| ids[(z % n) as usize])
}
