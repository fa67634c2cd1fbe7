//! The game being played ([`Session`]) and the messages that change it: a hole to play, a move the
//! rules accepted, a board reset, a new game. The one place where moves reach the rules is here
//! (`apply_moves`): everything else asks for a move with [`PlayHole`] and follows [`MovePlayed`].

use bevy::prelude::*;
use rand::Rng;

use crate::app::i18n::locale::Locale;
use crate::app::i18n::words::illegal;
use crate::app::state::messages::Toast;
use crate::app::state::screen::{Frame, Screen};
use crate::app::state::settings::{Settings, Starter};
use crate::game::{Game, Mode};
use crate::rules::{Hole, MoveOutcome, Side};

pub(crate) fn plugin(app: &mut App) {
    app.insert_resource(Session::new(Mode::HotSeat))
        .add_message::<PlayHole>()
        .add_message::<MovePlayed>()
        .add_message::<BoardReset>()
        .add_message::<NewGame>()
        .add_systems(Update, (start_new_game, apply_moves).chain().in_set(Frame::Rules));
}

/// The game being played: the single source of truth the view follows.
#[derive(Resource)]
pub struct Session {
    pub game: Game,
    /// Bumped on every change of the game (move, undo, new game), so that work started for an older
    /// state (a computer move) can tell it is stale.
    pub generation: u64,
    /// The board of a lesson or a puzzle: the learner sits at the bottom (as White in a lesson, as the
    /// side to play in a puzzle: the game's `human`), taps are the lesson's or the puzzle's to judge, and
    /// nothing of it is saved.
    pub lesson: bool,
}

impl Session {
    pub fn new(mode: Mode) -> Session {
        Session { game: Game::new(mode), generation: 0, lesson: false }
    }
}

/// A request to play a hole for the side to move (from a tap or from the computer).
#[derive(Message, Copy, Clone, Debug)]
pub struct PlayHole {
    pub hole: Hole,
    /// The session generation the request was made for: a stale request is dropped.
    pub generation: u64,
}

/// A move the rules accepted: the animation plays it.
#[derive(Message, Clone, Debug)]
pub struct MovePlayed {
    pub outcome: MoveOutcome,
    pub before: crate::rules::Position,
}

/// The board changed other than by a move (undo, new game, restore): the view snaps to the rules.
#[derive(Message, Copy, Clone, Debug)]
pub struct BoardReset;

/// Starts a new game in `mode`.
#[derive(Message, Copy, Clone, Debug)]
pub struct NewGame(pub Mode);

/// The side whose holes are at the bottom (or right) of the screen.
pub fn near_side(session: &Session, settings: &Settings) -> Side {
    if session.lesson {
        return match session.game.mode {
            Mode::Computer { human, .. } => human,
            Mode::HotSeat => Side::White,
        };
    }
    match session.game.mode {
        Mode::Computer { human, .. } => human,
        Mode::HotSeat if settings.flip_each_turn => session.game.position().side_to_move(),
        Mode::HotSeat => Side::White,
    }
}

/// The one place where moves reach the rules.
fn apply_moves(
    mut requests: MessageReader<PlayHole>,
    mut session: ResMut<Session>,
    locale: Res<Locale>,
    mut played: MessageWriter<MovePlayed>,
    mut toasts: MessageWriter<Toast>,
) {
    for request in requests.read() {
        if request.generation != session.generation {
            continue;
        }
        let before = *session.game.position();
        match session.game.play(request.hole) {
            Ok(outcome) => {
                session.generation += 1;
                played.write(MovePlayed { outcome, before });
            }
            Err(e) => {
                toasts.write(Toast(illegal(&locale, e)));
            }
        }
    }
}

fn start_new_game(
    mut requests: MessageReader<NewGame>,
    mut session: ResMut<Session>,
    mut reset: MessageWriter<BoardReset>,
    mut next: ResMut<NextState<Screen>>,
) {
    if let Some(NewGame(mode)) = requests.read().last() {
        let generation = session.generation + 1;
        *session = Session { game: Game::new(*mode), generation, lesson: false };
        reset.write(BoardReset);
        next.set(Screen::Game);
    }
}

/// The person's side for a new game against the computer.
pub fn human_side(starter: Starter) -> Side {
    match starter {
        Starter::Me => Side::White,
        Starter::Computer => Side::Black,
        Starter::ByLot => {
            if rand::rng().random_bool(0.5) {
                Side::White
            } else {
                Side::Black
            }
        }
    }
}
