//! The clock of the game on the board ([`GameClock`]), shared by the game screen that runs it, the bars
//! that show it, the save that keeps it and the UI map that lists it; and the offers one seat makes the
//! other ([`Offer`]: a draw, a takeback) with the messages that answer them.
//!
//! Invariants: the clock belongs to one game, the one whose id it carries: a clock is never shown or run
//! for another game; its time is real milliseconds since the app started, read at the moment it is asked
//! for ([`ClockTime`]), except where a headless test steps the time by hand
//! (`TimeUpdateStrategy::ManualDuration`): there it is the frame's time, so a minute of frames is a minute
//! on the clock.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;

use crate::clock::{Clock, TimeControl};
use crate::game::{Game, SavedClock, SavedMoves};
use crate::rules::Side;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<GameClock>().init_resource::<ClockOverride>().add_message::<Answer>();
}

/// The game's clock: none for an untimed game.
#[derive(Resource, Default, Clone, Debug)]
pub struct GameClock {
    pub clock: Option<Clock>,
    /// The id of the game the clock belongs to.
    pub game: u64,
}

impl GameClock {
    /// The clock of the game `id`, if that game is timed.
    pub fn of(&self, id: u64) -> Option<&Clock> {
        self.clock.as_ref().filter(|_| self.game == id)
    }

    /// The clock of the game `id`, to press, pause or stop.
    pub fn of_mut(&mut self, id: u64) -> Option<&mut Clock> {
        let game = self.game;
        self.clock.as_mut().filter(|_| game == id)
    }

    /// `game` as the save and the history keep it, with its clock's times at `now` if it is timed.
    pub fn saved_game(&self, game: &Game, now: u64) -> SavedMoves {
        SavedMoves { clock: self.saved(game.id, now), ..SavedMoves::of(game) }
    }

    /// The clock of the game `id` as the save keeps it: each side's time left at `now`.
    pub fn saved(&self, id: u64, now: u64) -> Option<SavedClock> {
        self.of(id).map(|clock| SavedClock {
            control: *clock.control(),
            left: [clock.remaining(Side::White, now), clock.remaining(Side::Black, now)],
            times: clock.times().to_vec(),
        })
    }
}

/// A time control given at launch (`toguz --clock M+S`): the next two-player game takes it instead of
/// the settings' choice, without changing the player's settings.
#[derive(Resource, Default, Clone, Copy, Debug)]
pub struct ClockOverride(pub Option<TimeControl>);

/// The clock's time base: milliseconds since the app started.
///
/// Read from the system's clock when asked, not from the frame's start: with pipelined rendering Bevy's
/// `Time<Real>` is the instant the last frame was drawn, and after a rest (`screens::rest`: no frame for
/// up to a second) a move tapped then was pressed a second late and the clocks jumped as the turn passed.
/// A test that steps the time by hand reads the frame's time, exact to the millisecond.
#[derive(SystemParam)]
pub struct ClockTime<'w> {
    time: Res<'w, Time<Real>>,
    strategy: Option<Res<'w, TimeUpdateStrategy>>,
}

impl ClockTime<'_> {
    /// Now, in milliseconds since the app started.
    pub fn now(&self) -> u64 {
        let stepped = matches!(
            self.strategy.as_deref(),
            Some(TimeUpdateStrategy::ManualDuration(_) | TimeUpdateStrategy::ManualInstant(_))
        );
        let since = if stepped { self.time.elapsed() } else { self.time.startup().elapsed() };
        since.as_millis() as u64
    }
}

/// How a clock writes its time: `1:02:03` from an hour, `4:05` from twenty seconds (whole seconds, rounded
/// up, so it reads 0:00 only when the flag falls), tenths below that (`9.4`), as the flag comes near.
pub fn clock_text(ms: u64) -> String {
    if ms >= 20_000 {
        let seconds = ms.div_ceil(1_000);
        let (h, m, s) = (seconds / 3_600, seconds / 60 % 60, seconds % 60);
        if h > 0 { format!("{h}:{m:02}:{s:02}") } else { format!("{m}:{s:02}") }
    } else {
        let tenths = ms / 100;
        format!("{}.{}", tenths / 10, tenths % 10)
    }
}

/// What one seat asks the other, waiting for its answer ([`crate::app::state::panels::Panel::Offer`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Offer {
    /// `from` offers a draw.
    Draw { from: Side },
    /// `from` asks to take back their last move (a timed game's Undo).
    Takeback { from: Side },
}

impl Offer {
    /// The side that asked.
    pub fn from(self) -> Side {
        match self {
            Offer::Draw { from } | Offer::Takeback { from } => from,
        }
    }
}

/// The other seat's answer to an [`Offer`].
#[derive(Message, Clone, Copy, Debug)]
pub struct Answer {
    pub offer: Offer,
    pub accepted: bool,
}
