//! The player's choices, kept between sessions (written with the save by `saves::persistence`): the
//! speed, the level, who starts, the board's turning, the sound, the vibration, the language, the stones'
//! look, whether the holes' counts show, whether motion is reduced, the lessons' progress and the
//! puzzles' training, and the two players' clock. A field added later takes its default from a save that
//! lacks it (`serde(default)`).
//! The language on screen follows them here, and so does [`Calm`]: the player's "reduce motion" or the
//! system's, read at start and on every return from the background.

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use bevy::ecs::system::NonSendMarker;

use crate::ai::Level;
use crate::app::i18n::locale::{Lang, Locale, apply_translations};
use crate::app::platform::lifecycle::{FollowLifecycle, InBackground};
use crate::app::platform::motion::system_reduces_motion;
use crate::clock::{Increment, Preset, TimeControl};

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Settings>()
        .init_resource::<Calm>()
        .init_resource::<SpeedFloor>()
        .add_systems(PreUpdate, follow_calm.after(FollowLifecycle))
        .add_systems(PostUpdate, follow_settings.before(apply_translations));
}

/// Motion kept calm: the player asked for it in the settings, or the device asks every app for it. Calm,
/// stones glide without lifting, a capture goes to the kazan in one sweep, nothing pops, bounces or fades:
/// what the game says is the same, only told without flourish.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Calm(pub bool);

/// A screen's wish for stones sown at least this fast, whatever the player's speed (a Storm, whose clock
/// runs while they fly); none elsewhere.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub struct SpeedFloor(pub Option<Speed>);

impl SpeedFloor {
    /// The speed to sow at: the player's, or the floor where that is faster.
    pub fn of(self, chosen: Speed) -> Speed {
        self.0.map_or(chosen, |floor| chosen.max(floor))
    }
}

/// How fast stones are sown, slowest first.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Speed {
    Slow,
    #[default]
    Normal,
    Fast,
    Instant,
}

impl Speed {
    pub const ALL: [Speed; 4] = [Speed::Slow, Speed::Normal, Speed::Fast, Speed::Instant];

    /// Seconds between two stones leaving the hand, for a move of `stones` stones. Slow is the learner's
    /// pace, one stone at a time whatever the move; Normal and Fast sow a long move faster, so that a move
    /// and its capture stay lively (Normal: a 10-stone move and its capture in about 1.3 s; it took 3.1 s
    /// when every stone kept the learner's pace).
    pub fn stone_interval(self, stones: usize) -> f32 {
        let (pace, budget): (f32, f32) = match self {
            Speed::Slow => return 0.26,
            Speed::Normal => (0.08, 0.8),
            Speed::Fast => (0.04, 0.4),
            Speed::Instant => return 0.0,
        };
        pace.min(budget / stones.saturating_sub(1).max(1) as f32)
    }

    /// The locale key of its name.
    pub fn key(self) -> &'static str {
        match self {
            Speed::Slow => "speed.slow",
            Speed::Normal => "speed.normal",
            Speed::Fast => "speed.fast",
            Speed::Instant => "speed.instant",
        }
    }
}

/// Who starts a game against the computer.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Starter {
    #[default]
    Me,
    Computer,
    /// Drawn by lot, as seed 003 says ("Decidirem a sorts qui comença").
    ByLot,
}

/// The stones and the wood they lie on: dark wooden korgools on light wood (the traditional look), or
/// ivory stones on dark walnut.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum StoneSet {
    #[default]
    Korgool,
    Ivory,
}

impl StoneSet {
    pub const ALL: [StoneSet; 2] = [StoneSet::Korgool, StoneSet::Ivory];

    /// The locale key of its name.
    pub fn key(self) -> &'static str {
        match self {
            StoneSet::Korgool => "stones.korgool",
            StoneSet::Ivory => "stones.ivory",
        }
    }
}

/// The player's choices, kept between sessions.
#[derive(Resource, Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    pub speed: Speed,
    pub level: Level,
    pub starter: Starter,
    /// Hot-seat on a phone: turn the board each turn so the side to move sits at the bottom.
    pub flip_each_turn: bool,
    /// The sounds of stones and captures.
    pub sound: bool,
    /// Stones, captures and refused taps felt, on a device that can vibrate (`board::haptics`).
    pub haptics: bool,
    /// The language chosen; `None` follows the system's.
    pub lang: Option<Lang>,
    /// The look of the stones and the board.
    pub stones: StoneSet,
    /// Each hole's count written beside it; off, the stones speak for themselves (a heap keeps its number,
    /// and the kazans always show the score).
    pub counts: bool,
    /// Motion kept calm whatever the system says (the system's own wish is followed as well: [`Calm`]).
    pub reduce_motion: bool,
    /// How far the learner went in the tutorial.
    pub lessons: LessonProgress,
    /// The puzzles' training: the player's puzzle rating, the stars, the missed puzzles coming back.
    pub training: crate::puzzle::Progress,
    /// The clock a two-player game starts with (the Two players sheet): none, a preset, or the custom one.
    pub clock: ClockChoice,
    /// The custom time control last set on the Two players sheet, kept while another choice is made.
    pub custom_clock: TimeControl,
}

/// The Two players sheet's clock.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum ClockChoice {
    /// No clock: the game as it always was.
    #[default]
    Off,
    /// Blitz, rapid or classical.
    Preset(Preset),
    /// [`Settings::custom_clock`].
    Custom,
}

/// The custom clock before the player sets one: five minutes and three seconds a move.
pub fn default_custom_clock() -> TimeControl {
    TimeControl::new(5 * 60_000, Increment::Fischer(3_000)).unwrap_or(Preset::Blitz.time_control())
}

impl Settings {
    /// The time control a two-player game starts with, if any.
    pub fn time_control(&self) -> Option<TimeControl> {
        match self.clock {
            ClockChoice::Off => None,
            ClockChoice::Preset(preset) => Some(preset.time_control()),
            ClockChoice::Custom => Some(self.custom_clock),
        }
    }
}

/// The lessons finished, and the step reached in each lesson begun.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct LessonProgress {
    pub done: std::collections::BTreeSet<String>,
    pub reached: std::collections::BTreeMap<String, usize>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            speed: Speed::Normal,
            level: Level::EASY,
            starter: Starter::Me,
            flip_each_turn: false,
            sound: true,
            haptics: true,
            lang: None,
            stones: StoneSet::Korgool,
            counts: true,
            reduce_motion: false,
            lessons: LessonProgress::default(),
            training: crate::puzzle::Progress::default(),
            clock: ClockChoice::Off,
            custom_clock: default_custom_clock(),
        }
    }
}

/// The language chosen in the settings, or the system's.
fn follow_settings(settings: Res<Settings>, mut locale: ResMut<Locale>, mut asked: Local<Option<Lang>>) {
    // The system's language is read at start and when the settings change, not every frame.
    if asked.is_some() && !settings.is_changed() {
        return;
    }
    let lang = settings.lang.unwrap_or_else(Lang::from_system);
    if *asked != Some(lang) {
        *asked = Some(lang);
        *locale = Locale::new(lang);
    }
}

/// Calm follows the setting, and the system's wish read at start and on each return from the background
/// (the player may have changed it meanwhile). `NonSendMarker`: iOS answers on the main thread only.
fn follow_calm(
    settings: Res<Settings>,
    background: Res<InBackground>,
    mut calm: ResMut<Calm>,
    mut system: Local<Option<bool>>,
    _main_thread: NonSendMarker,
) {
    if system.is_none() || (background.is_changed() && !background.0) {
        *system = Some(system_reduces_motion());
    }
    calm.set_if_neq(Calm(settings.reduce_motion || system.unwrap_or(false)));
}
