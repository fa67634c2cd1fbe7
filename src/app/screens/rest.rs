//! Resting: a board game spends most of its life waiting for a finger, so the app draws a frame only when
//! something changes. The window runs in Bevy's reactive mode (`app::run`): it wakes for input and window
//! events, and at least once a second. This plugin asks for the next frame (`RequestRedraw`) while
//! anything moves or counts down: stones in flight, a flourish (a screen's fade, a tuzdik's or a result's
//! moment), the computer's search, a hint's, review's, a puzzle's wrong move's or the openings' engine's,
//! a running game clock, a message on screen, a landing hint lingering, a finger or button held, the
//! lessons being read; and for [`GRACE`] after the last of these or the last input, so that what follows
//! a tap a frame later (a layout that fits itself, a lesson step that plays after its pause) is drawn at
//! once.
//! Invariant: at rest, after `GRACE`, no frame is asked for; the frame that wakes from rest advances the
//! animations' clock by at most [`WAKE_STEP`], so a move tapped then sows from its first stone (it
//! skipped the first 0.6 s, and a message lost as much, when the wait since the last frame counted as
//! play).

use std::time::Duration;

use bevy::input::keyboard::KeyboardInput;
use bevy::input::mouse::{MouseButtonInput, MouseWheel};
use bevy::input::touch::TouchInput;
use bevy::prelude::*;
use bevy::window::{CursorMoved, RequestRedraw, WindowResized};
use bevy_tweening::TweenAnim;

use crate::app::board::input::HintLinger;
use crate::app::board::sowing::Timeline;
use crate::app::computer::search_task::Searches;
use crate::app::screens::game::messages::ToastState;
use crate::app::screens::lessons::course::CourseHandle;
use crate::app::screens::training::screen::TrainingRun;
use crate::app::state::clock::GameClock;
use crate::app::state::screen::Screen;
use crate::app::ui::flourish::Flourish;
use crate::app::ui::toast::FloatingToast;

/// How long frames keep coming after the last thing that moved or the last input.
pub const GRACE: f32 = 3.0;

/// The most the game's clock advances in the frame that wakes from rest: about two frames.
pub const WAKE_STEP: Duration = Duration::from_millis(33);

/// The most it advances in a frame while awake: Bevy's own default.
const AWAKE_STEP: Duration = Duration::from_millis(250);

/// When something last moved or was touched (seconds of the app's clock); `None` before the first frame.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq)]
pub struct LastActivity(pub Option<f32>);

pub(crate) fn plugin(app: &mut App) {
    // Headless runs (tests) have no window plugin: the messages read here are registered if missing.
    app.add_message::<RequestRedraw>()
        .add_message::<CursorMoved>()
        .add_message::<WindowResized>()
        .add_message::<KeyboardInput>()
        .add_message::<MouseButtonInput>()
        .add_message::<MouseWheel>()
        .add_message::<TouchInput>()
        .init_resource::<LastActivity>()
        .add_systems(Last, keep_awake);
}

/// Input of any kind this frame.
#[derive(bevy::ecs::system::SystemParam)]
struct Input<'w, 's> {
    keys: MessageReader<'w, 's, KeyboardInput>,
    buttons: MessageReader<'w, 's, MouseButtonInput>,
    wheel: MessageReader<'w, 's, MouseWheel>,
    touches: MessageReader<'w, 's, TouchInput>,
    cursor: MessageReader<'w, 's, CursorMoved>,
    resized: MessageReader<'w, 's, WindowResized>,
    held_buttons: Option<Res<'w, ButtonInput<MouseButton>>>,
    held_fingers: Option<Res<'w, Touches>>,
}

impl Input<'_, '_> {
    fn any(&mut self) -> bool {
        let events = self.keys.read().count()
            + self.buttons.read().count()
            + self.wheel.read().count()
            + self.touches.read().count()
            + self.cursor.read().count()
            + self.resized.read().count();
        let held = self.held_buttons.as_ref().is_some_and(|b| b.get_pressed().next().is_some())
            || self.held_fingers.as_ref().is_some_and(|t| t.iter().next().is_some());
        events > 0 || held
    }
}

/// What moves or counts down.
#[derive(bevy::ecs::system::SystemParam)]
struct Moving<'w, 's> {
    timeline: Option<Res<'w, Timeline>>,
    tweens: Query<'w, 's, (), With<TweenAnim>>,
    flourishes: Query<'w, 's, (), With<Flourish>>,
    searches: Option<Res<'w, Searches>>,
    message: Option<Res<'w, ToastState>>,
    floating: Option<Res<'w, FloatingToast>>,
    linger: Option<Res<'w, HintLinger>>,
    screen: Option<Res<'w, State<Screen>>>,
    course: Option<Res<'w, CourseHandle>>,
    assets: Option<Res<'w, AssetServer>>,
    clock: Option<Res<'w, GameClock>>,
    training: Option<Res<'w, TrainingRun>>,
}

impl Moving<'_, '_> {
    fn any(&self) -> bool {
        let course_loading =
            self.course.as_ref().zip(self.assets.as_ref()).is_some_and(|(course, assets)| {
                !matches!(
                    assets.load_state(&course.0),
                    bevy::asset::LoadState::Loaded | bevy::asset::LoadState::Failed(_)
                )
            });
        self.timeline.as_ref().is_some_and(|t| t.running())
            || !self.tweens.is_empty()
            || !self.flourishes.is_empty()
            || self.searches.as_ref().is_some_and(|s| s.any())
            || self.message.as_ref().is_some_and(|m| m.remaining > 0.0)
            || self.floating.as_ref().is_some_and(|f| f.shown().is_some())
            || self.linger.as_ref().is_some_and(|l| l.left > 0.0)
            || self.screen.as_ref().is_some_and(|s| s.is_changed())
            || course_loading
            // A running game clock counts down on screen: its tenths would tick once a second at rest.
            || self.clock.as_ref().is_some_and(|c| c.clock.as_ref().is_some_and(|c| c.running().is_some()))
            // So does a Storm's, from its first move to its end.
            || self.training.as_ref().and_then(|t| t.drill.storm()).is_some_and(|s| s.storm.started() && !s.over)
    }
}

/// Asks for the next frame while anything moves, and for [`GRACE`] after.
fn keep_awake(
    mut time: ResMut<Time<Virtual>>,
    mut input: Input,
    moving: Moving,
    mut last: ResMut<LastActivity>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let now = time.elapsed_secs();
    // `|` not `||`: the input's messages are read every frame, whatever moves.
    if input.any() | moving.any() || last.0.is_none() {
        last.0 = Some(now);
    }
    let awake = last.0.is_some_and(|at| now - at < GRACE);
    if awake {
        redraw.write(RequestRedraw);
    }
    // Resting, the next frame comes after a wait (input, or a second): that wait is not play.
    let step = if awake { AWAKE_STEP } else { WAKE_STEP };
    if time.max_delta() != step {
        time.set_max_delta(step);
    }
}
