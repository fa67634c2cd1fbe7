//! The player's standing on the ladder: their games won, drawn and lost against each level, and an
//! estimated rating (Elo) from those results, with the level that suits it.
//!
//! Each level has a strength on the PlayOK scale: the rungs tuned to a band (3 to 6) stand at their band's
//! middle, the others where the ladder's measured scores put them against their neighbours (docs/ai.md,
//! "The ladder"). The rating starts at the strength of the first level played, and moves after each
//! counted game by K times (score − expected score). Invariants: a game counts towards the rating only if
//! it was finished and had at most [`MAX_TAKEBACKS`] takebacks; the record counts every finished game.

use super::level::{LEVELS, Level};

/// A game with more takebacks than this does not count towards the rating.
pub const MAX_TAKEBACKS: u32 = 3;

/// Each rung's strength on the PlayOK scale, from rung 1: the tuned rungs at their band's middle
/// (1000–1199 at 1100, …), the others placed by the ladder's scores (docs/ai.md: level 2 wins 74% against
/// level 1 and loses 77% against level 3; level 7 wins 77% against level 6; level 8, 74% against level 7;
/// level 9, 90% against level 8).
const STRENGTH: [f64; LEVELS as usize] =
    [710.0, 890.0, 1100.0, 1300.0, 1500.0, 1700.0, 1900.0, 2080.0, 2460.0];

/// The Elo factor for the first games, while the estimate is rough, and after.
const K_FIRST: f64 = 40.0;
const K_LATER: f64 = 24.0;
const FIRST_GAMES: u32 = 10;

/// A level's strength on the PlayOK scale.
pub fn strength(level: Level) -> f64 {
    STRENGTH[usize::from(level.number() - 1)]
}

/// Games won, drawn and lost against one level.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Record {
    pub won: u32,
    pub drawn: u32,
    pub lost: u32,
}

impl Record {
    pub fn games(&self) -> u32 {
        self.won + self.drawn + self.lost
    }
}

/// How a finished game against the computer went for the player.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Score {
    Won,
    Drawn,
    Lost,
}

impl Score {
    fn points(self) -> f64 {
        match self {
            Score::Won => 1.0,
            Score::Drawn => 0.5,
            Score::Lost => 0.0,
        }
    }
}

/// The player's record per level and estimated rating.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Standing {
    records: [Record; LEVELS as usize],
    rating: Option<f64>,
    rated_games: u32,
}

impl Standing {
    /// The standing after `games`, oldest first: each a level, how it went, and its takebacks.
    pub fn from_games(games: impl IntoIterator<Item = (Level, Score, u32)>) -> Standing {
        let mut standing = Standing::default();
        for (level, score, takebacks) in games {
            standing.add(level, score, takebacks);
        }
        standing
    }

    /// Counts one finished game.
    pub fn add(&mut self, level: Level, score: Score, takebacks: u32) {
        let record = &mut self.records[usize::from(level.number() - 1)];
        match score {
            Score::Won => record.won += 1,
            Score::Drawn => record.drawn += 1,
            Score::Lost => record.lost += 1,
        }
        if takebacks > MAX_TAKEBACKS {
            return;
        }
        let them = strength(level);
        let me = self.rating.unwrap_or(them);
        let expected = 1.0 / (1.0 + 10f64.powf((them - me) / 400.0));
        let k = if self.rated_games < FIRST_GAMES { K_FIRST } else { K_LATER };
        self.rating = Some(me + k * (score.points() - expected));
        self.rated_games += 1;
    }

    pub fn record(&self, level: Level) -> Record {
        self.records[usize::from(level.number() - 1)]
    }

    /// The estimated rating, rounded, once a game has counted.
    pub fn rating(&self) -> Option<u32> {
        self.rating.map(|r| r.round().max(0.0) as u32)
    }

    /// The level to play next: the one whose strength is nearest the rating, but at least the one above
    /// the highest level the player has won more games than lost against (the result of a win offers
    /// that level, and the sheet says the same); `None` before any game has counted.
    pub fn suggested(&self) -> Option<Level> {
        let rating = self.rating?;
        let nearest = Level::all()
            .min_by(|&a, &b| (strength(a) - rating).abs().total_cmp(&(strength(b) - rating).abs()))?;
        let beaten = Level::all().rev().find(|&l| {
            let r = self.record(l);
            r.won > r.lost
        });
        let above_beaten = beaten.map(|l| l.next().unwrap_or(l));
        Some(above_beaten.map_or(nearest, |b| b.max(nearest)))
    }
}
