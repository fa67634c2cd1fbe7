//! `toguz --frame-bench`: the frame budget while a Hard search runs and sowing animations play, with the
//! game's own systems driven headless (no renderer: software rendering here says nothing about a phone's
//! GPU). Prints the median and the worst frame.

use std::time::{Duration, Instant};

use bevy::app::Plugins;
use bevy::input::InputPlugin;
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;

use crate::ai::Level;
use crate::game::Mode;
use crate::rules::{Hole, Side};

use crate::app::board::sowing::Timeline;
use crate::app::computer::ai_task::Thinking;
use crate::app::saves::persistence::SavePath;
use crate::app::state::session::{NewGame, PlayHole, Session};
use crate::app::state::settings::{Settings, Speed};
use crate::app::state::view::ViewSize;

/// Frames at the start left out of the figures: they spawn the board.
const WARM_UP_FRAMES: usize = 5;

pub struct FrameReport {
    pub frames: usize,
    pub frames_thinking_and_animating: usize,
    pub median: Duration,
    pub p99: Duration,
    pub worst: Duration,
    /// Frames over a 60 Hz phone's budget for the game's own work.
    pub over_4ms: usize,
}

/// Plays `moves` person moves against Hard at normal speed, timing every frame in which the computer is
/// searching and stones are flying. `game` is the app's plugins (`GamePlugins`), handed in by the caller:
/// the bench sits below the module that composes them.
pub fn frame_bench<M>(moves: usize, game: impl Plugins<M>) -> FrameReport {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, InputPlugin))
        .add_plugins(game)
        .insert_resource(SavePath(None))
        .insert_resource(ViewSize(Vec2::new(390.0, 844.0)))
        .insert_resource(Settings { speed: Speed::Normal, ..Settings::default() });
    app.update();
    app.world_mut().write_message(NewGame(Mode::Computer { level: Level::HARD, human: Side::White }));
    app.update();
    let mut busy = Vec::new();
    let mut frames = 0;
    let mut played = 0;
    let deadline = Instant::now() + Duration::from_secs(30 * moves as u64);
    while played < moves && Instant::now() < deadline {
        let moves_before = app.world().resource::<Session>().game.history().len();
        let animating_before = app.world().resource::<Timeline>().running();
        let session = app.world().resource::<Session>();
        if session.game.is_over() {
            break;
        }
        if session.game.is_human_turn() && !app.world().resource::<Timeline>().running() {
            // The person plays their fullest hole: long sowings, captures, laps.
            let pos = *session.game.position();
            let hole =
                pos.legal_moves().max_by_key(|h| pos.stones(pos.side_to_move(), *h)).unwrap_or(Hole::NINTH);
            let generation = session.generation;
            app.world_mut().write_message(PlayHole { hole, generation });
            played += 1;
        }
        let t = Instant::now();
        app.update();
        let dt = t.elapsed();
        frames += 1;
        // The first frames build the board (162 stones, labels, the HUD): set-up, not play.
        let playing = frames > WARM_UP_FRAMES;
        if playing
            && app.world().resource::<Thinking>().is_thinking()
            && app.world().resource::<Timeline>().running()
        {
            busy.push(dt);
        }
        if dt > Duration::from_millis(2) {
            // Say what the slow frame did, so it can be looked into.
            let moved = app.world().resource::<Session>().game.history().len() != moves_before;
            let animating = app.world().resource::<Timeline>().running();
            let what = match (moved, animating_before, animating) {
                (true, _, _) => "a move was played",
                (false, true, false) => "an animation ended",
                (false, false, true) => "an animation started",
                _ => "nothing special",
            };
            eprintln!("frame {frames}: {:.2} ms, {what}", dt.as_secs_f64() * 1000.0);
        }
        // A phone's frame: the rest of 16 ms goes to rendering and idling.
        std::thread::sleep(Duration::from_millis(4));
    }
    busy.sort();
    let median = busy.get(busy.len() / 2).copied().unwrap_or_default();
    let worst = busy.last().copied().unwrap_or_default();
    let p99 = busy.get(busy.len() * 99 / 100).copied().unwrap_or_default();
    let over_4ms = busy.iter().filter(|d| **d > Duration::from_millis(4)).count();
    FrameReport { frames, frames_thinking_and_animating: busy.len(), median, p99, worst, over_4ms }
}
