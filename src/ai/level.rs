//! The three levels. Every setting of every level lives here, in [`Level::settings`].

use rand::Rng;
use serde::{Deserialize, Serialize};

use crate::rules::{Hole, Position};

use super::search::{Iteration, Limits, Search, WIN_BOUND};
use super::tt::{DEFAULT_MIB, Table};

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Level {
    Easy,
    Medium,
    Hard,
}

/// How a level plays.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct LevelSettings {
    /// Search limits for one move.
    pub limits: Limits,
    /// Hash table size.
    pub table_mib: usize,
    /// Chance (0..1) of not playing the best move on a given turn.
    pub error_chance: f64,
    /// An error never gives away more than this (hundredths of a stone) against the best move, so the
    /// level errs like a beginner, not like a random player.
    pub max_error: i32,
    /// Whether a long press shows where the last stone lands (the seeds: not on Hard).
    pub long_press_hint: bool,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Easy, Level::Medium, Level::Hard];

    pub fn settings(self) -> LevelSettings {
        match self {
            // Looks 3 plies ahead, sees every root move's score, and one move in three picks a worse
            // move that costs at most 4 stones: it plays sensibly and still loses to Medium regularly.
            Level::Easy => LevelSettings {
                limits: Limits { depth: Some(3), nodes: None, movetime_ms: None },
                table_mib: 1,
                error_chance: 0.33,
                max_error: 400,
                long_press_hint: true,
            },
            // "Calculates a few moves ahead": 6 plies, no deliberate errors.
            Level::Medium => LevelSettings {
                limits: Limits { depth: Some(6), nodes: None, movetime_ms: None },
                table_mib: 4,
                error_chance: 0.0,
                max_error: 0,
                long_press_hint: true,
            },
            // Full strength within about a second.
            Level::Hard => LevelSettings {
                limits: Limits { depth: None, nodes: None, movetime_ms: Some(1000) },
                table_mib: DEFAULT_MIB,
                error_chance: 0.0,
                max_error: 0,
                long_press_hint: false,
            },
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        }
    }

    pub fn parse(word: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.name().eq_ignore_ascii_case(word))
    }

    /// A search of `pos` set up as this level plays, reusing `table` if given.
    pub fn search(self, pos: Position, limits: Option<Limits>, table: Option<Table>) -> Search {
        let s = self.settings();
        let table = table.unwrap_or_else(|| Table::new(s.table_mib));
        let search = Search::with_table(pos, limits.unwrap_or(s.limits), table);
        if s.error_chance > 0.0 { search.all_root_scores() } else { search }
    }

    /// The move this level plays from a finished search.
    pub fn pick(self, result: &Iteration, rng: &mut impl Rng) -> Option<Hole> {
        let best = *result.pv.first()?;
        let s = self.settings();
        if s.error_chance <= 0.0 || result.root_scores.len() < 2 || !rng.random_bool(s.error_chance) {
            return Some(best);
        }
        let top = result.root_scores.iter().map(|&(_, score)| score).max()?;
        // Never throw away a forced win, never pick a forced loss when something else exists.
        if top >= WIN_BOUND {
            return Some(best);
        }
        let candidates: Vec<Hole> = result
            .root_scores
            .iter()
            .filter(|&&(mv, score)| mv != best && score > -WIN_BOUND && top - score <= s.max_error)
            .map(|&(mv, _)| mv)
            .collect();
        if candidates.is_empty() {
            return Some(best);
        }
        Some(candidates[rng.random_range(0..candidates.len())])
    }
}

/// Someone who plays moves: a level, or a uniformly random player (the ladder's bottom rung).
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum Player {
    Random,
    Level(Level),
    /// A level with other limits (e.g. Hard at a fixed depth, for reproducible matches).
    Custom(Level, Limits),
}

impl Player {
    pub fn parse(word: &str) -> Option<Player> {
        if word.eq_ignore_ascii_case("random") {
            return Some(Player::Random);
        }
        if let Some(level) = Level::parse(word) {
            return Some(Player::Level(level));
        }
        // level:depth=N / level:nodes=N / level:movetime=N
        let (level, limit) = word.split_once(':')?;
        let level = Level::parse(level)?;
        let (key, value) = limit.split_once('=')?;
        let value: u64 = value.parse().ok()?;
        let limits = match key {
            "depth" => Limits { depth: Some(u8::try_from(value).ok()?), ..Limits::default() },
            "nodes" => Limits { nodes: Some(value), ..Limits::default() },
            "movetime" => Limits { movetime_ms: Some(value), ..Limits::default() },
            _ => return None,
        };
        Some(Player::Custom(level, limits))
    }

    /// Chooses a move, searching on the calling thread.
    pub fn choose(&self, pos: &Position, rng: &mut impl Rng, clock: impl Fn() -> u64) -> Option<Hole> {
        let moves: Vec<Hole> = pos.legal_moves().collect();
        if moves.is_empty() {
            return None;
        }
        let (level, limits) = match *self {
            Player::Random => return Some(moves[rng.random_range(0..moves.len())]),
            Player::Level(level) => (level, None),
            Player::Custom(level, limits) => (level, Some(limits)),
        };
        let mut search = level.search(*pos, limits, None);
        let result = super::search::search_blocking(&mut search, clock);
        level.pick(&result, rng)
    }
}
