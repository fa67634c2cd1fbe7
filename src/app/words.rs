//! The game's sentences in the player's language, built from the locale's messages and the rules' facts.
//! Players are named the same way everywhere (bars, results, hints, refusals): against the computer it is
//! "you" and "the computer", in hot-seat "White" and "Black".

use crate::ai::{Level, Reason};
use crate::game::Mode;
use crate::rules::{Hole, IllegalMove, Landing, LandingEffect, Side, TuzdikRefusal};

use super::locale::Locale;

/// Who a side is in this game: the person, the computer, or White / Black in hot-seat.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Who {
    You,
    Computer,
    White,
    Black,
}

impl Who {
    pub fn of(mode: &Mode, side: Side) -> Who {
        match mode {
            Mode::Computer { human, .. } if *human == side => Who::You,
            Mode::Computer { .. } => Who::Computer,
            Mode::HotSeat => match side {
                Side::White => Who::White,
                Side::Black => Who::Black,
            },
        }
    }

    /// The part of a key that names this player: `result.you_win`, `landing.white_hole`...
    pub fn key_part(self) -> &'static str {
        match self {
            Who::You => "you",
            Who::Computer => "computer",
            Who::White => "white",
            Who::Black => "black",
        }
    }
}

pub fn level_key(level: Level) -> &'static str {
    match level {
        Level::Easy => "level.easy",
        Level::Medium => "level.medium",
        Level::Hard => "level.hard",
    }
}

/// A player in a score line: "You", "Computer", "White".
pub fn player_short(locale: &Locale, mode: &Mode, side: Side) -> String {
    locale.t(match Who::of(mode, side) {
        Who::You => "player.you",
        Who::Computer => "player.computer",
        Who::White => "player.white",
        Who::Black => "player.black",
    })
}

/// The name in a player's bar: "You", "Computer · Medium", "White".
pub fn bar_name(locale: &Locale, mode: &Mode, side: Side) -> String {
    match mode {
        Mode::Computer { level, human } if *human != side => {
            locale.f("player.computer_level", &[("level", &locale.t(level_key(*level)))])
        }
        _ => player_short(locale, mode, side),
    }
}

pub fn stones(locale: &Locale, n: i64) -> String {
    locale.n("count.stones", n, &[])
}

pub fn moves(locale: &Locale, n: i64) -> String {
    locale.n("count.moves", n, &[])
}

/// Why a hole cannot be played.
pub fn illegal(locale: &Locale, e: IllegalMove) -> String {
    match e {
        IllegalMove::Empty(h) => locale.f("toast.empty", &[("hole", &h)]),
        IllegalMove::OpponentTuzdik(h) => locale.f("toast.opponent_tuzdik", &[("hole", &h)]),
        IllegalMove::GameOver => locale.t("toast.game_over"),
    }
}

/// One reason of a hint: "captures 10 stones", "wins in 3 moves".
pub fn reason(locale: &Locale, reason: &Reason) -> String {
    match *reason {
        Reason::ForcesWin(n) => locale.f("reason.wins_in", &[("moves", &moves(locale, n.into()))]),
        Reason::HoldsOut(n) => locale.f("reason.holds_out", &[("moves", &moves(locale, n.into()))]),
        Reason::Captures(n) => locale.f("reason.captures", &[("stones", &stones(locale, n.into()))]),
        Reason::MakesTuzdik(h) => locale.f("reason.makes_tuzdik", &[("hole", &h)]),
        Reason::Saves(n) => locale.f("reason.saves", &[("stones", &stones(locale, n.into()))]),
        Reason::BlocksTuzdik => locale.t("reason.blocks_tuzdik"),
        Reason::GainsOverLine { stones: s, moves: m } => locale
            .f("reason.gains", &[("stones", &stones(locale, s.into())), ("moves", &moves(locale, m.into()))]),
        Reason::KeepsMoves => locale.t("reason.keeps_moves"),
    }
}

/// The long-press hint in words: where the last stone of `hole` lands and what happens there.
pub fn landing(locale: &Locale, mode: &Mode, hole: Hole, landing: &Landing) -> String {
    let who = Who::of(mode, landing.side);
    let place = locale.f(&format!("landing.{}_hole", who.key_part()), &[("hole", &landing.hole)]);
    let effect = match landing.effect {
        LandingEffect::Nothing => locale.t("effect.nothing"),
        LandingEffect::Capture(n) => locale.f("effect.captures", &[("stones", &stones(locale, n.into()))]),
        LandingEffect::Tuzdik => locale.t("effect.tuzdik"),
        LandingEffect::TuzdikRefused(why) => locale.t(match why {
            TuzdikRefusal::AlreadyHasOne => "effect.refused_one",
            TuzdikRefusal::NinthHole => "effect.refused_ninth",
            TuzdikRefusal::Symmetric => "effect.refused_mirror",
        }),
        LandingEffect::IntoTuzdik(_) => locale.t("effect.into_tuzdik"),
    };
    locale.f("landing.text", &[("hole", &hole), ("place", &place), ("effect", &effect)])
}
