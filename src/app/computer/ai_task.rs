//! The computer's move, searched on Bevy's `AsyncComputeTaskPool`. The search advances a slice of nodes
//! at a time and yields between slices, so it never blocks a frame, even where the pool runs on the main
//! thread (WebAssembly). A result is used only if the game is still where it was when the search began:
//! every change of the game bumps the session's generation, and a stale result is dropped.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use bevy::platform::time::Instant;
use bevy::prelude::*;
use rand::SeedableRng;
use rand::rngs::StdRng;

use crate::ai::tt::Table;
use crate::ai::{Iteration, Level, Search, Step};
use crate::game::Mode;
use crate::rules::{Hole, Position};

use crate::app::board::sowing::Timeline;
use crate::app::computer::search_task::{SearchTask, Searches};
use crate::app::platform::lifecycle::{FollowLifecycle, InBackground};
use crate::app::state::screen::Frame;
use crate::app::state::screen::Screen;
use crate::app::state::session::{PlayHole, Session};

/// Slots of the search's table made between two looks at the clock (a MiB).
const TABLE_PIECE: usize = 1 << 16;

/// Nodes per slice: well under a millisecond on a phone.
pub const SLICE_NODES: u64 = 2_000;
/// The computer's reply never appears faster than this after the person's move lands: an instant
/// reply feels abrupt and hides what happened. A level's own pace (`LevelSettings::think_s`) may be
/// slower: a person-like level takes a person's time.
pub const MIN_THINK: f32 = 0.45;

/// The computer's search in flight.
#[derive(Resource, Default)]
pub struct Thinking {
    task: Option<SearchTask<Option<Hole>>>,
    /// The session generation the search was started for.
    pub generation: u64,
    /// Seconds since it started.
    pub elapsed: f32,
    /// A found move waiting for `MIN_THINK`.
    ready: Option<Hole>,
}

impl Thinking {
    pub fn is_thinking(&self) -> bool {
        self.task.is_some() || self.ready.is_some()
    }

    /// Stops the search in flight, if any.
    pub fn cancel(&mut self) {
        self.task = None;
        self.ready = None;
    }
}

/// Holds the computer back (screenshots of a set-up position).
#[derive(Resource, Default)]
pub struct AiPaused(pub bool);

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Thinking>()
        .init_resource::<AiPaused>()
        .add_systems(
            Update,
            (start_thinking, poll_thinking).chain().in_set(Frame::Input).run_if(in_state(Screen::Game)),
        )
        .add_systems(PreUpdate, stop_in_background.after(FollowLifecycle))
        .add_systems(OnExit(Screen::Game), |mut t: ResMut<Thinking>| t.cancel());
}

/// Going to the background stops the search: it is searched again from the same position on return, and
/// nothing is lost but a few moments.
fn stop_in_background(background: Res<InBackground>, mut thinking: ResMut<Thinking>) {
    if background.is_changed() && background.0 {
        thinking.cancel();
    }
}

/// How long the search runs before it lets others go on. On a native thread it yields after every slice.
/// In a browser the pool runs on the page's own thread, in microtasks that the page runs to the last before
/// it draws or reads a touch: there the search keeps going for a few milliseconds, then gives the page a
/// real turn (`yield_to_others`).
#[cfg(not(target_arch = "wasm32"))]
const TURN: std::time::Duration = std::time::Duration::ZERO;
#[cfg(target_arch = "wasm32")]
const TURN: std::time::Duration = std::time::Duration::from_millis(5);

/// Runs a search as a future: slices of nodes, then a yield, until it is done or cancelled.
pub async fn run_cooperatively(search: Search, cancel: &AtomicBool) -> Option<Iteration> {
    run_in_turns(search, cancel).await.0
}

/// [`run_cooperatively`], also telling the longest time it kept the thread without a yield: on the web,
/// what the search can add to a frame.
async fn run_in_turns(mut search: Search, cancel: &AtomicBool) -> (Option<Iteration>, std::time::Duration) {
    let start = Instant::now();
    let mut turns = Turns::new();
    loop {
        if cancel.load(Ordering::Relaxed) {
            return (None, turns.longest());
        }
        match search.step(SLICE_NODES, start.elapsed().as_millis() as u64) {
            Step::Done(result) => return (Some(result), turns.longest()),
            Step::Pending => turns.pass().await,
        }
    }
}

/// Work that shares the thread: between two pieces of it, [`Turns::pass`] gives the thread back once the
/// turn has lasted [`TURN`], and the longest turn is kept.
struct Turns {
    since: Instant,
    longest: std::time::Duration,
}

impl Turns {
    fn new() -> Turns {
        Turns { since: Instant::now(), longest: std::time::Duration::ZERO }
    }

    async fn pass(&mut self) {
        let turn = self.since.elapsed();
        self.longest = self.longest.max(turn);
        if turn >= TURN {
            yield_to_others().await;
            self.since = Instant::now();
        }
    }

    /// The longest turn, the one under way included.
    fn longest(&self) -> std::time::Duration {
        self.longest.max(self.since.elapsed())
    }
}

#[cfg(not(target_arch = "wasm32"))]
async fn yield_to_others() {
    bevy::tasks::futures_lite::future::yield_now().await;
}

/// A message the page posts to itself arrives as a new task: frames and touches run before it. (A plain
/// yield only queues another microtask; a zero timeout would do too, but browsers slow chained timers to
/// 4 ms.)
#[cfg(target_arch = "wasm32")]
async fn yield_to_others() {
    use wasm_bindgen::{JsCast, JsValue, closure::Closure};
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        let Ok(channel) = web_sys::MessageChannel::new() else {
            let _ = resolve.call0(&JsValue::UNDEFINED);
            return;
        };
        let (receiver, sender) = (channel.port1(), channel.port2());
        let go_on = resolve.clone();
        // The handler holds the channel, so that no port is collected before the message lands.
        let handler = Closure::once_into_js(move || {
            drop(channel);
            let _ = go_on.call0(&JsValue::UNDEFINED);
        });
        receiver.set_onmessage(Some(handler.unchecked_ref()));
        if sender.post_message(&JsValue::UNDEFINED).is_err() {
            let _ = resolve.call0(&JsValue::UNDEFINED);
        }
    });
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
}

/// The computer's move for `level`.
pub async fn think(position: Position, level: Level, seed: u64, cancel: Arc<AtomicBool>) -> Option<Hole> {
    let mut rng = StdRng::seed_from_u64(seed);
    let began = Instant::now();
    // The search's table (16 MiB on Hard) is made a piece at a time: in a browser, made at once, it kept
    // the page's thread for up to 25 ms.
    let mut table = Table::unmade(level.settings().table_mib);
    let mut turns = Turns::new();
    while !table.make_some(TABLE_PIECE) {
        turns.pass().await;
    }
    let made = turns.longest();
    let search = level.search(position, None, Some(table), &mut rng);
    let (result, longest) = run_in_turns(search, &cancel).await;
    #[cfg(target_arch = "wasm32")]
    if result.is_some() {
        // For the browser check: what the computer's turn could add to one frame.
        let line = format!(
            "toguz:search {} ms; table made in turns of {} ms at most; longest turn {} ms",
            began.elapsed().as_millis(),
            made.as_millis(),
            longest.as_millis()
        );
        web_sys::console::log_1(&line.into());
    }
    #[cfg(not(target_arch = "wasm32"))]
    let _ = (began, made, longest);
    level.pick(&result?, &mut rng)
}

fn start_thinking(
    searches: Res<Searches>,
    session: Res<Session>,
    paused: Res<AiPaused>,
    background: Res<InBackground>,
    mut thinking: ResMut<Thinking>,
) {
    if thinking.is_thinking() && thinking.generation != session.generation {
        // The game moved on (undo, new game) while the computer was thinking.
        thinking.cancel();
    }
    // The search starts at once, while the person's move is still being animated.
    if thinking.is_thinking() || paused.0 || background.0 || !session.game.is_computer_turn() {
        return;
    }
    let Mode::Computer { level, .. } = session.game.mode else { return };
    let position = *session.game.position();
    let seed = position.hash() ^ session.generation;
    thinking.task = Some(searches.spawn(move |cancel| think(position, level, seed, cancel)));
    thinking.generation = session.generation;
    thinking.elapsed = 0.0;
}

fn poll_thinking(
    time: Res<Time>,
    session: Res<Session>,
    timeline: Res<Timeline>,
    mut thinking: ResMut<Thinking>,
    mut play: MessageWriter<PlayHole>,
) {
    if !thinking.is_thinking() {
        return;
    }
    // The pause before the reply counts from when the person's move has landed.
    if !timeline.running() {
        thinking.elapsed += time.delta_secs();
    }
    if let Some(result) = thinking.task.as_mut().and_then(SearchTask::poll) {
        thinking.task = None;
        match result {
            Some(hole) => thinking.ready = Some(hole),
            None => return,
        }
    }
    let pace = match session.game.mode {
        Mode::Computer { level, .. } => level.settings().think_s.max(MIN_THINK),
        Mode::HotSeat => MIN_THINK,
    };
    if thinking.elapsed < pace {
        return;
    }
    if let Some(hole) = thinking.ready.take() {
        // Stale results never reach the rules: `apply_moves` checks the generation again.
        if thinking.generation == session.generation {
            play.write(PlayHole { hole, generation: thinking.generation });
        }
    }
}
