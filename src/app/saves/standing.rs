//! The player's standing on the ladder ([`PlayerStanding`]): their record per level and estimated rating,
//! worked out again from the games played whenever they change. The games played are the one source: a
//! finished game is in them before anything reads the standing, and nothing else is saved.
//!
//! Invariants: only games against the computer from the usual start count (a game played on from a
//! reviewed position or a puzzle is not a game against a level); an unfinished game counts for nothing;
//! `ai::rating` decides what counts towards the rating.

use bevy::prelude::*;

use crate::ai::rating::{Score, Standing};
use crate::game::Mode;

use crate::app::saves::history::{History, PastGame};

/// The player's standing on the ladder, from the games played.
#[derive(Resource, Default, Clone, Debug)]
pub struct PlayerStanding(pub Standing);

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<PlayerStanding>().add_systems(PreUpdate, follow_history);
}

fn follow_history(history: Res<History>, mut standing: ResMut<PlayerStanding>) {
    if history.is_changed() {
        standing.0 = standing_of(&history.games);
    }
}

/// The standing the games played (oldest first) give.
pub fn standing_of(games: &[PastGame]) -> Standing {
    Standing::from_games(games.iter().filter_map(|past| {
        let saved = &past.game;
        let Mode::Computer { level, human } = saved.mode else { return None };
        if saved.start.is_some() {
            return None;
        }
        let finish = saved.game().ok()?.finish()?;
        let score = match finish.winner() {
            Some(side) if side == human => Score::Won,
            Some(_) => Score::Lost,
            None => Score::Drawn,
        };
        Some((level, score, saved.takebacks))
    }))
}
