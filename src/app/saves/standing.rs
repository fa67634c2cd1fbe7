//! The player's standing on the ladder ([`PlayerStanding`]): their record per level and estimated rating,
//! worked out again from the games played when they have changed and the title shows (its Play sheet and
//! the UI map's `rating` line are the standing's readers). The games played are the one source, and
//! nothing else is saved. Not during a game: the game under way is written into the games played at every
//! move, and replaying all of them at every move was work for no one.
//!
//! Invariants: only games against the computer from the usual start count (a game played on from a
//! reviewed position or a puzzle is not a game against a level); an unfinished game counts for nothing;
//! `ai::rating` decides what counts towards the rating.

use bevy::prelude::*;

use crate::ai::rating::{Score, Standing};
use crate::game::Mode;

use crate::app::saves::history::{History, PastGame};
use crate::app::state::screen::Screen;

/// The player's standing on the ladder, from the games played.
#[derive(Resource, Default, Clone, Debug)]
pub struct PlayerStanding(pub Standing);

pub(crate) fn plugin(app: &mut App) {
    // Change detection compares with this system's last run: the games' changes during a game are seen on
    // the title's first frame.
    app.init_resource::<PlayerStanding>()
        .add_systems(PreUpdate, follow_history.run_if(in_state(Screen::Title)));
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
