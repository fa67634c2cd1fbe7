//! Touch the player can feel: a light tick as stones land, a firmer knock for a capture or a new tuzdik,
//! a double pulse when a tap is refused. It follows the same [`Cue`]s as the sounds and the board's
//! [`TapRefused`]; the device's call is `platform::haptics::feel`. Off with the menu's "Vibration".
//!
//! Invariants: ticks are spaced, at least [`TICK_GAP`] apart, so a fast sowing is a run of taps, never a
//! buzz (stones closer than that are not felt one by one); at most one feel a frame, the strongest asked
//! for. Nothing is felt with the setting off or in the background, and nothing is owed for later: what
//! was not felt then is dropped. [`Felt`] counts what was asked of the device, so the headless tests
//! (where the device does nothing) can check the pacing.

use bevy::ecs::system::NonSendMarker;
use bevy::prelude::*;

use crate::app::board::input::TapRefused;
use crate::app::board::sowing::Cue;
use crate::app::platform::haptics::{Feel, feel};
use crate::app::platform::lifecycle::InBackground;
use crate::app::state::screen::Frame;
use crate::app::state::settings::Settings;

/// The least time between a tick and the feel before it, in seconds of the game's clock. Motors blur
/// pulses closer than about 50 ms into a hum; Normal sows a 9-stone move at 80 ms a stone, which a 60 Hz
/// frame can round down to 67 ms (64 ms at the tests' 16 ms frames): 60 ms keeps every stone of it felt
/// while a long or Fast move, sown faster, is felt every other stone or so (about 16 ticks a second).
pub const TICK_GAP: f64 = 0.06;

/// What was asked of the device since the app started, and when the last feel was.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct Felt {
    pub ticks: u32,
    pub firm: u32,
    pub refusals: u32,
    /// The game clock's seconds at the last feel of any kind: the next tick waits [`TICK_GAP`] after it.
    pub last: Option<f64>,
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Felt>().add_systems(Update, feel_the_board.after(Frame::Animate));
}

/// Runs after the frame's taps and animation, so a stone is felt in the frame it lands. The
/// `NonSendMarker` keeps it on the main thread: iOS's feedback generators may be used there only
/// (Bevy runs other systems on its worker threads); Android and the browser accept any thread.
fn feel_the_board(
    _main_thread: NonSendMarker,
    time: Res<Time>,
    settings: Res<Settings>,
    background: Res<InBackground>,
    mut cues: MessageReader<Cue>,
    mut refused: MessageReader<TapRefused>,
    mut felt: ResMut<Felt>,
) {
    // Read everything, felt or not: a cue left unread would be felt late, when the setting comes back on.
    let mut wanted = None;
    if refused.read().count() > 0 {
        wanted = Some(Feel::Refusal);
    }
    for cue in cues.read() {
        let kind = match cue {
            Cue::Stone => Feel::Tick,
            Cue::Capture | Cue::Tuzdik => Feel::Firm,
        };
        // The strongest of the frame: a capture's knock covers the stone that landed with it.
        wanted = wanted.max(Some(kind));
    }
    let Some(kind) = wanted else { return };
    if !settings.haptics || background.0 {
        return;
    }
    let now = time.elapsed_secs_f64();
    if kind == Feel::Tick && felt.last.is_some_and(|last| now - last < TICK_GAP - 1e-6) {
        return;
    }
    feel(kind);
    felt.last = Some(now);
    match kind {
        Feel::Tick => felt.ticks += 1,
        Feel::Firm => felt.firm += 1,
        Feel::Refusal => felt.refusals += 1,
    }
}
