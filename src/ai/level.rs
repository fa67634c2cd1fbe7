//! The ladder of levels, from 1 (a newcomer's opponent) to [`LEVELS`] (full strength). Every setting of
//! every level lives here, in [`Level::settings`]; docs/ai.md measures the ladder.
//!
//! Invariants: a [`Level`] is always a rung that exists (1..=[`LEVELS`]); the three levels of before keep
//! their words (`easy`, `medium`, `hard`) and their saved names, and read back as their rungs. A save that
//! names a rung that no longer exists reads as the nearest one, and [`take_out_of_range`] tells it once.

use std::sync::atomic::{AtomicU8, Ordering};

use rand::Rng;
use serde::{Deserialize, Serialize};

use crate::rules::{Hole, Position};

use super::eval::Weights;
use super::person::{LIKES_1000, LIKES_1200, LIKES_1400, LIKES_1600, PERSON_DEPTH, Person};
use super::search::{Iteration, Limits, Search, WIN_BOUND};
use super::tt::{DEFAULT_MIB, Table};
use super::weights::WEIGHTS;

/// How many rungs the ladder has.
pub const LEVELS: u8 = 9;

/// A rung of the ladder: 1 (Easy) to [`LEVELS`] (Hard).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(from = "StoredLevel", into = "StoredLevel")]
pub struct Level(u8);

/// A level as saves hold it: the three levels of before by name (so older saves read as they are, and
/// an older app reads these rungs), the others by number.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename = "Level")]
enum StoredLevel {
    Easy,
    Medium,
    Hard,
    Rung(u8),
}

/// The last out-of-range rung a save named (0: none since last asked).
static OUT_OF_RANGE: AtomicU8 = AtomicU8::new(0);

/// The rung a save named that no longer exists (it read as the nearest rung), once: the app says so
/// after reading its saves.
pub fn take_out_of_range() -> Option<u8> {
    Some(OUT_OF_RANGE.swap(0, Ordering::Relaxed)).filter(|&n| n != 0)
}

impl From<StoredLevel> for Level {
    fn from(stored: StoredLevel) -> Level {
        match stored {
            StoredLevel::Easy => Level::EASY,
            StoredLevel::Medium => Level::MEDIUM,
            StoredLevel::Hard => Level::HARD,
            StoredLevel::Rung(n) => Level::new(n).unwrap_or_else(|| {
                OUT_OF_RANGE.store(n.max(1), Ordering::Relaxed);
                Level::nearest(i64::from(n))
            }),
        }
    }
}

impl From<Level> for StoredLevel {
    fn from(level: Level) -> StoredLevel {
        match level {
            Level::EASY => StoredLevel::Easy,
            Level::MEDIUM => StoredLevel::Medium,
            Level::HARD => StoredLevel::Hard,
            Level(n) => StoredLevel::Rung(n),
        }
    }
}

/// How a level plays.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct LevelSettings {
    /// Search limits for one move.
    pub limits: Limits,
    /// Hash table size.
    pub table_mib: usize,
    /// The mistakes the level makes on purpose (Easy); `None` for none.
    pub blunders: Option<Blunders>,
    /// How the level chooses like a person of a rating band; `None` for a plain search.
    pub person: Option<Person>,
    /// The PlayOK rating of the players it plays like, where it is tuned to a band.
    pub rating: Option<u16>,
    /// The least time its reply takes in the app, in seconds, once the person's move has landed: a
    /// person's pace on the person-like rungs; the three levels of before keep theirs (the top one thinks
    /// its full second anyway).
    pub think_s: f32,
    /// Whether a long press shows where the last stone lands (the seeds: not on Hard).
    pub long_press_hint: bool,
}

/// A beginner's mistakes, each of a kind a person makes. Even a whim is not any move: the second look
/// (`max_loss`) still stops a move that gives away a great deal at once.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Blunders {
    /// Chance, each turn, of looking only at its own move: it then walks into a capture and does not
    /// see the opponent's tuzdik threat.
    pub careless: f64,
    /// Chance, each turn and each hole, that the hole is not considered: a capture or a defence there
    /// goes unseen.
    pub overlook: f64,
    /// A second look: a move that loses more than this (hundredths of a stone) against the best move,
    /// as far as the level looked this turn, is noticed and not played.
    pub max_loss: i32,
    /// How much of a tuzdik's worth beyond its three stones (the tuned weights: what it will bring in)
    /// the level counts, from 0 to 1. A beginner sees the three stones and not the income, so it does
    /// not hurry to make one, nor to stop the opponent's.
    pub tuzdik_worth: f64,
    /// How close two moves may be (hundredths of a stone) and still look alike: each move it sees is
    /// scored up to this much better than it is, at random, so it often plays the second or third best.
    pub noise: i32,
    /// Chance, each turn, of playing on a whim: any move it sees, as long as the second look lets it
    /// through. A capture on offer is then left where it is.
    pub whim: f64,
}

impl Blunders {
    /// The evaluation as the level sees it: the tuned weights with a tuzdik's worth scaled down.
    pub fn weights(&self) -> Weights {
        Weights {
            tuzdik: WEIGHTS.tuzdik.map(|w| (f64::from(w) * self.tuzdik_worth).round() as i32),
            ..WEIGHTS
        }
    }
}

impl Level {
    pub const EASY: Level = Level(1);
    pub const MEDIUM: Level = Level(8);
    pub const HARD: Level = Level(LEVELS);

    /// The rung of a number, if there is one.
    pub fn new(number: u8) -> Option<Level> {
        (1..=LEVELS).contains(&number).then_some(Level(number))
    }

    /// The rung nearest a number.
    pub fn nearest(number: i64) -> Level {
        Level(number.clamp(1, i64::from(LEVELS)) as u8)
    }

    /// Every rung, from the bottom.
    pub fn all() -> impl DoubleEndedIterator<Item = Level> + ExactSizeIterator {
        (1..=LEVELS).map(Level)
    }

    pub fn number(self) -> u8 {
        self.0
    }

    /// The rung above, if any.
    pub fn next(self) -> Option<Level> {
        Level::new(self.0 + 1)
    }

    pub fn settings(self) -> LevelSettings {
        let person = |likes, tau, rating: Option<u16>, think_s: f32| LevelSettings {
            limits: Limits { depth: Some(PERSON_DEPTH), nodes: None, movetime_ms: None },
            table_mib: 4,
            blunders: None,
            person: Some(Person { likes, tau }),
            rating,
            think_s,
            long_press_hint: true,
        };
        match self.0 {
            // Someone who has just learned the rules: looks at its move and the reply, but on three turns
            // in five forgets the reply, overlooks half the holes, cannot tell moves 6 stones apart, on
            // three turns in ten plays any move it sees, stops only a move that loses more than 25
            // stones, and counts a tuzdik as its three stones. Set so that a beginner's play (the
            // `beginner` player: the biggest capture) wins about two games in three against it, and a
            // player who moves at random is not swept away in the first moves (figures from
            // `toguz-engine match`, docs/ai.md).
            1 => LevelSettings {
                limits: Limits { depth: Some(2), nodes: None, movetime_ms: None },
                table_mib: 1,
                blunders: Some(Blunders {
                    careless: 0.6,
                    overlook: 0.5,
                    max_loss: 2500,
                    noise: 600,
                    whim: 0.3,
                    tuzdik_worth: 0.0,
                }),
                person: None,
                rating: None,
                think_s: 0.45,
                long_press_hint: true,
            },
            // Person-like levels (src/ai/person.rs): a band's likes, and a tau that makes the level err as
            // often and as much as the band (docs/ai.md, "The ladder"). Rung 2 has the 1000s' likes with a
            // loose hand: below every band the data holds enough games of.
            2 => person(LIKES_1000, 1.4, None, 0.7),
            3 => person(LIKES_1000, 0.9, Some(1000), 0.8),
            4 => person(LIKES_1200, 0.95, Some(1200), 0.9),
            5 => person(LIKES_1400, 0.88, Some(1400), 1.0),
            6 => person(LIKES_1600, 0.65, Some(1600), 1.0),
            // A firmer hand than any band's: the 1600s' likes, mostly their favourite move.
            7 => person(LIKES_1600, 0.3, None, 1.0),
            // "Calculates a few moves ahead": 6 plies, no deliberate errors (the Medium of before).
            8 => LevelSettings {
                limits: Limits { depth: Some(6), nodes: None, movetime_ms: None },
                table_mib: 4,
                blunders: None,
                person: None,
                rating: None,
                think_s: 0.45,
                long_press_hint: true,
            },
            // Full strength within about a second (the Hard of before).
            _ => LevelSettings {
                limits: Limits { depth: None, nodes: None, movetime_ms: Some(1000) },
                table_mib: DEFAULT_MIB,
                blunders: None,
                person: None,
                rating: None,
                think_s: 0.45,
                long_press_hint: false,
            },
        }
    }

    /// Its name in English (`toguz-engine levels`; the app's words are in its locale files).
    pub fn name(self) -> &'static str {
        [
            "Newcomer",
            "Beginner",
            "Casual player",
            "Club player",
            "Skilled player",
            "Strong player",
            "Expert",
            "Master",
            "Champion",
        ][usize::from(self.0 - 1)]
    }

    /// The word that names it to the engine's tools and in records: the three levels of before by their
    /// words, the others as `levelN`.
    pub fn word(self) -> String {
        match self {
            Level::EASY => "easy".to_string(),
            Level::MEDIUM => "medium".to_string(),
            Level::HARD => "hard".to_string(),
            Level(n) => format!("level{n}"),
        }
    }

    /// `easy`, `medium`, `hard`, `levelN` or `N`, any case; `None` for anything else, a rung that does
    /// not exist included.
    pub fn parse(word: &str) -> Option<Level> {
        let word = word.to_ascii_lowercase();
        match word.as_str() {
            "easy" => Some(Level::EASY),
            "medium" => Some(Level::MEDIUM),
            "hard" => Some(Level::HARD),
            _ => {
                let digits = word.strip_prefix("level").unwrap_or(&word);
                Level::new(crate::rules::plain_number(digits)?)
            }
        }
    }

    /// A search of `pos` set up as this level plays this turn, reusing `table` if given. `limits`
    /// replaces the level's own (and its careless turns); `rng` decides this turn's carelessness, so
    /// pass the same one to [`Level::pick`].
    pub fn search(
        self,
        pos: Position,
        limits: Option<Limits>,
        table: Option<Table>,
        rng: &mut impl Rng,
    ) -> Search {
        let s = self.settings();
        let table = table.unwrap_or_else(|| Table::new(s.table_mib));
        let limits = limits.unwrap_or(match s.blunders {
            Some(b) if rng.random_bool(b.careless) => Limits { depth: Some(1), ..s.limits },
            _ => s.limits,
        });
        let search = Search::with_table(pos, limits, table);
        match (s.blunders, s.person) {
            (Some(b), _) => search.all_root_scores().weights(b.weights()),
            (None, Some(_)) => search.all_root_scores(),
            (None, None) => search,
        }
    }

    /// The move this level plays from a finished search.
    pub fn pick(self, result: &Iteration, rng: &mut impl Rng) -> Option<Hole> {
        let best = *result.pv.first()?;
        let settings = self.settings();
        if let Some(person) = settings.person {
            return person.pick(result, rng).or(Some(best));
        }
        let Some(b) = settings.blunders else { return Some(best) };
        let top = result.root_scores.iter().map(|&(_, score)| score).max()?;
        // A forced win is never let go, and a lost position is played out as well as it can be.
        if top >= WIN_BOUND || top <= -WIN_BOUND {
            return Some(best);
        }
        let whim = rng.random_bool(b.whim);
        let mut seen: Option<(Hole, i32)> = None;
        for &(mv, score) in &result.root_scores {
            if rng.random_bool(b.overlook) || top - score > b.max_loss {
                continue;
            }
            // On a whim every move it sees looks as good as any other.
            let looks =
                if whim { rng.random_range(0..=WIN_BOUND) } else { score + rng.random_range(0..=b.noise) };
            if seen.is_none_or(|(_, s)| looks > s) {
                seen = Some((mv, looks));
            }
        }
        Some(seen.map_or(best, |(mv, _)| mv))
    }
}

/// Someone who plays moves: a level, a uniformly random player (the ladder's bottom rung), or a
/// beginner. It is written as it is parsed: `random`, `beginner`, `easy`, `level4`, `medium:depth=1`.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum Player {
    Random,
    /// How a beginner plays, the person Easy is measured against: the biggest capture there is, else any
    /// move. A capture is what the move brings the mover's kazan as the rules count it (a captured hole,
    /// a new tuzdik's stones, stones sown into its own tuzdik); equal captures, and the moves when
    /// nothing is captured, are chosen among at random.
    Beginner,
    Level(Level),
    /// A level with other limits (e.g. Hard at a fixed depth, for reproducible matches).
    Custom(Level, Limits),
}

impl Player {
    pub fn parse(word: &str) -> Option<Player> {
        if word.eq_ignore_ascii_case("random") {
            return Some(Player::Random);
        }
        if word.eq_ignore_ascii_case("beginner") {
            return Some(Player::Beginner);
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
            Player::Beginner => return Some(biggest_capture(pos, &moves, rng)),
            Player::Level(level) => (level, None),
            Player::Custom(level, limits) => (level, Some(limits)),
        };
        let mut search = level.search(*pos, limits, None, rng);
        let result = super::search::search_blocking(&mut search, clock);
        level.pick(&result, rng)
    }
}

/// The beginner's move: one of the `moves` (not empty) that bring the mover's kazan the most, at random.
fn biggest_capture(pos: &Position, moves: &[Hole], rng: &mut impl Rng) -> Hole {
    // The rules say what each move gains: no rule is counted again here.
    let gains: Vec<u8> = moves
        .iter()
        .map(|&mv| {
            let mut after = *pos;
            after.play_unchecked(mv)
        })
        .collect();
    let most = gains.iter().copied().max().unwrap_or(0);
    let best: Vec<Hole> = moves.iter().zip(&gains).filter(|&(_, &g)| g == most).map(|(&mv, _)| mv).collect();
    best[rng.random_range(0..best.len())]
}

impl std::fmt::Display for Player {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Player::Random => f.write_str("random"),
            Player::Beginner => f.write_str("beginner"),
            Player::Level(level) => f.write_str(&level.word()),
            Player::Custom(level, limits) => {
                write!(f, "{}", level.word())?;
                let mut sep = ':';
                for (key, value) in [
                    ("depth", limits.depth.map(u64::from)),
                    ("nodes", limits.nodes),
                    ("movetime", limits.movetime_ms),
                ] {
                    if let Some(value) = value {
                        write!(f, "{sep}{key}={value}")?;
                        sep = ',';
                    }
                }
                Ok(())
            }
        }
    }
}
