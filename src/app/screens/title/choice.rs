//! A choice of the title's sheets kept in the settings (the level, who starts, the speed, the two players'
//! clock): each button that makes one carries its [`Choice`], and `sheets::mark_selected` lights the one
//! kept. A leaf: the sheets and the ladder both make choices.

use bevy::prelude::*;

use crate::ai::Level;

use crate::app::state::settings::{ClockChoice, Settings, Speed, Starter};

/// A choice kept in the settings, shown selected while it is the one kept.
#[derive(Component, Copy, Clone, PartialEq, Eq)]
pub(crate) enum Choice {
    Level(Level),
    Starter(Starter),
    Speed(Speed),
    /// The two players' clock: none, a preset, or the custom one.
    Clock(ClockChoice),
}

impl Choice {
    /// Whether it is the choice kept in `settings`.
    pub(crate) fn is_kept(self, settings: &Settings) -> bool {
        match self {
            Choice::Level(l) => settings.level == l,
            Choice::Starter(s) => settings.starter == s,
            Choice::Speed(s) => settings.speed == s,
            Choice::Clock(c) => settings.clock == c,
        }
    }

    /// Keeps it in `settings`.
    pub(crate) fn keep(self, settings: &mut Settings) {
        match self {
            Choice::Level(l) => settings.level = l,
            Choice::Starter(s) => settings.starter = s,
            Choice::Speed(s) => settings.speed = s,
            Choice::Clock(c) => settings.clock = c,
        }
    }
}
