//! The three levels. Every setting of every level lives here, in [`Level::settings`].

use rand::Rng;
use serde::{Deserialize, Serialize};

use crate::rules::{Hole, Position};

use super::eval::Weights;
use super::search::{Iteration, Limits, Search, WIN_BOUND};
use super::tt::{DEFAULT_MIB, Table};
use super::weights::WEIGHTS;

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
    /// The mistakes the level makes on purpose; `None` for none.
    pub blunders: Option<Blunders>,
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
    pub const ALL: [Level; 3] = [Level::Easy, Level::Medium, Level::Hard];

    pub fn settings(self) -> LevelSettings {
        match self {
            // Someone who has just learned the rules: looks at its move and the reply, but on three turns
            // in five forgets the reply, overlooks half the holes, cannot tell moves 6 stones apart, on
            // three turns in ten plays any move it sees, stops only a move that loses more than 25
            // stones, and counts a tuzdik as its three stones. Set so that a beginner's play (the
            // `beginner` player: the biggest capture) wins about two games in three against it, and a
            // player who moves at random is not swept away in the first moves (figures from
            // `toguz-engine match`, docs/ai.md). The Easy before (about even with `beginner`, 99% against
            // random, 32 stones ahead of a random mover after ten moves each) was too strong for a new
            // player.
            Level::Easy => LevelSettings {
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
                long_press_hint: true,
            },
            // "Calculates a few moves ahead": 6 plies, no deliberate errors.
            Level::Medium => LevelSettings {
                limits: Limits { depth: Some(6), nodes: None, movetime_ms: None },
                table_mib: 4,
                blunders: None,
                long_press_hint: true,
            },
            // Full strength within about a second.
            Level::Hard => LevelSettings {
                limits: Limits { depth: None, nodes: None, movetime_ms: Some(1000) },
                table_mib: DEFAULT_MIB,
                blunders: None,
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
        match s.blunders {
            Some(b) => search.all_root_scores().weights(b.weights()),
            None => search,
        }
    }

    /// The move this level plays from a finished search.
    pub fn pick(self, result: &Iteration, rng: &mut impl Rng) -> Option<Hole> {
        let best = *result.pv.first()?;
        let Some(b) = self.settings().blunders else { return Some(best) };
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
/// beginner. It is written as it is parsed: `random`, `beginner`, `easy`, `medium:depth=1`.
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
            Player::Level(level) => f.write_str(level.name()),
            Player::Custom(level, limits) => {
                write!(f, "{}", level.name())?;
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
