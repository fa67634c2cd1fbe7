//! The game on the board ([`Session`]: what the board is for, [`BoardOwner`], and its game) and the
//! messages that change it: a hole to play, a move the rules accepted, a board reset, a new game, a game
//! ended off the board. The one place where moves reach the rules is here (`apply_moves`): everything
//! else asks for a move with [`PlayHole`] and follows [`MovePlayed`]; the one place where a game ends
//! off the board is here too (`end_games`: a flag, a resignation, a draw agreed), asked with [`EndGame`]
//! and followed with [`GameEnded`].
//!
//! Invariants: the session's generation is bumped here and nowhere else, on every move
//! (`apply_moves`) and on every other change of the board ([`SessionControl`]); a change other than a
//! move snaps the view ([`BoardReset`]) and takes the landing hint away in the same call, so work
//! started for the old board (a search, a tap held down, a hint) can tell it is stale.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use rand::Rng;

use crate::app::i18n::locale::Locale;
use crate::app::i18n::words::illegal;
use crate::app::state::messages::Toast;
use crate::app::state::screen::{Frame, Screen};
use crate::app::state::settings::{Settings, Starter};
use crate::game::{Ending, Game, Mode};
use crate::rules::{Hole, Landing, MoveOutcome, Side};

pub(crate) fn plugin(app: &mut App) {
    app.insert_resource(Session::new(Mode::HotSeat))
        .init_resource::<LandingHint>()
        .add_message::<PlayHole>()
        .add_message::<MovePlayed>()
        .add_message::<BoardReset>()
        .add_message::<NewGame>()
        .add_message::<EndGame>()
        .add_message::<GameEnded>()
        .add_systems(
            Update,
            (start_new_game, end_games, apply_moves).chain().in_set(Frame::Rules).in_set(Moves),
        );
}

/// Where new games start, games end off the board and moves reach the rules (in `Frame::Rules`): the clock
/// looks at its flag before, and presses after.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Moves;

/// What the board is for now.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum BoardOwner {
    /// A game against the computer or between two players: saved, kept in the history.
    #[default]
    Game,
    /// A lesson's board.
    Lesson,
    /// A puzzle's board.
    Puzzle,
    /// The masters' openings, walked move by move.
    Openings,
    /// A game looked back at: shown, not played on.
    Review,
}

impl BoardOwner {
    /// A board to learn on (a lesson, a puzzle, the openings): the learner sits at the bottom (as White in
    /// a lesson, as the side to play in a puzzle: the game's `human`), taps are the screen's to judge,
    /// and nothing of it is saved.
    pub fn is_practice(self) -> bool {
        matches!(self, BoardOwner::Lesson | BoardOwner::Puzzle | BoardOwner::Openings)
    }
}

/// The game on the board: the single source of truth the view follows.
#[derive(Resource, Clone)]
pub struct Session {
    pub game: Game,
    /// Bumped on every change of the game (move, undo, new game), so that work started for an older
    /// state (a computer move) can tell it is stale. Only this file bumps it.
    pub generation: u64,
    /// What the board is for.
    pub owner: BoardOwner,
}

impl Session {
    pub fn new(mode: Mode) -> Session {
        Session { game: Game::new(mode), generation: 0, owner: BoardOwner::Game }
    }
}

/// The long-press hint on screen: the hole pressed and where its last stone lands.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq)]
pub struct LandingHint(pub Option<(Hole, Landing)>);

/// Every change of the board other than a move goes through here: a new game, a lesson's or a puzzle's
/// board, review's position, undo and redo, a game set aside coming back. Each call bumps the generation,
/// snaps the view to the rules and takes the landing hint away.
#[derive(SystemParam)]
pub struct SessionControl<'w> {
    session: ResMut<'w, Session>,
    reset: MessageWriter<'w, BoardReset>,
    hint: ResMut<'w, LandingHint>,
}

impl SessionControl<'_> {
    /// The session, to read.
    pub fn get(&self) -> &Session {
        &self.session
    }

    /// The landing hint on screen.
    pub fn hint(&self) -> &LandingHint {
        &self.hint
    }

    /// The landing hint, to light one (a screenshot's `--hint`).
    pub fn hint_mut(&mut self) -> &mut LandingHint {
        &mut self.hint
    }

    /// Puts `game` on the board for `owner`.
    pub fn replace(&mut self, game: Game, owner: BoardOwner) {
        self.session.game = game;
        self.session.owner = owner;
        self.renew();
    }

    /// Puts `game` on the board for `owner` as its last move, which the caller sends as [`MovePlayed`]
    /// so that the view sows it rather than snapping (review's step forward).
    pub fn replace_by_move(&mut self, game: Game, owner: BoardOwner) {
        self.session.game = game;
        self.session.owner = owner;
        self.session.generation += 1;
        self.hint.0 = None;
    }

    /// Changes the game in place (undo, redo); whether it changed. A change is a new board.
    pub fn change(&mut self, edit: impl FnOnce(&mut Game) -> bool) -> bool {
        let changed = edit(&mut self.session.game);
        if changed {
            self.renew();
        }
        changed
    }

    /// Takes the session off the board (a lesson or review sets the game aside), putting `game` there for
    /// `owner`; the session taken is given back with [`SessionControl::restore`].
    pub fn set_aside(&mut self, game: Game, owner: BoardOwner) -> Session {
        let aside = self.session.clone();
        self.replace(game, owner);
        aside
    }

    /// Brings back a session set aside, newer than anything started for the boards shown meanwhile.
    pub fn restore(&mut self, aside: Session) {
        self.replace(aside.game, aside.owner);
    }

    fn renew(&mut self) {
        self.session.generation += 1;
        self.reset.write(BoardReset);
        self.hint.0 = None;
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

/// Ends the game on the board off the board, if it is a game and not over yet: its clock's flag, a
/// resignation, a draw agreed. Asked for the game of `generation`: a request for an older board is dropped.
#[derive(Message, Copy, Clone, Debug)]
pub struct EndGame {
    pub ending: Ending,
    pub generation: u64,
}

/// The game was ended by an [`EndGame`]: the result's moment tells it.
#[derive(Message, Copy, Clone, Debug)]
pub struct GameEnded(pub Ending);

/// Starts a new game in `mode`.
#[derive(Message, Copy, Clone, Debug)]
pub struct NewGame(pub Mode);

/// The side whose holes are at the bottom (or right) of the screen.
pub fn near_side(session: &Session, settings: &Settings) -> Side {
    if session.owner.is_practice() {
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

/// The one place where a game ends off the board. It runs before the frame's moves: a flag that fell
/// before a tap's move reached the rules wins, and the move (asked for the older board) is dropped.
fn end_games(
    mut requests: MessageReader<EndGame>,
    mut board: SessionControl,
    mut ended: MessageWriter<GameEnded>,
) {
    for request in requests.read() {
        let current = board.get();
        if request.generation != current.generation || current.owner != BoardOwner::Game {
            continue;
        }
        if board.change(|game| game.end(request.ending).is_ok()) {
            ended.write(GameEnded(request.ending));
        }
    }
}

fn start_new_game(
    mut requests: MessageReader<NewGame>,
    mut board: SessionControl,
    mut next: ResMut<NextState<Screen>>,
) {
    if let Some(NewGame(mode)) = requests.read().last() {
        board.replace(Game::new(*mode), BoardOwner::Game);
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
