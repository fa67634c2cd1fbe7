//! The start-up note, `start.ron` beside the save: a start that died before it drew is not repeated.
//! A driver that aborts while the first frame is prepared (Bevy 0.19.1 on the PowerVR Vulkan of Pixel 10
//! and 11 phones, bevyengine/bevy#25788 and #23754; broken Vulkan on older phones) would abort the same way
//! at every launch. So before the renderer asks for a GPU, [`begin_start`] notes which renderer this start
//! asks for; once the first frames are drawn ([`DRAWN_FRAMES`]) the note is cleared. A start that finds
//! the note of one that never drew asks for the other renderer (OpenGL instead of Vulkan; back to the
//! usual one if OpenGL was what died), and keeps to it while it works. Settings shows what draws and lets
//! a player choose the next start's renderer; an Android adapter known to fail on Vulkan is moved to
//! OpenGL for the next start.
//!
//! Invariants: the note is written whole or not at all (`platform::storage`); a note that cannot be read
//! (damaged, from an older version) counts as none: the start asks for the usual renderer and says so in
//! the log. Where there is no second renderer (iOS: Metal; the browser: WebGL2) a note left behind is only
//! reported. For the checks, `TOGUZ_ABORT_BEFORE_FIRST_FRAME=1` aborts the process before its first
//! frame, after the GPU was asked for, as such a driver does.

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use bevy::render::renderer::RenderAdapterInfo;
use bevy::render::settings::{Backends, RenderCreation, WgpuSettings};
use serde::{Deserialize, Serialize};

use crate::app::platform::storage;
use crate::app::state::renderer::{RendererChoice, RendererKind, Renderers};

/// The note's file name, beside the save.
pub const FILE: &str = "start.ron";

/// Frames of the app's loop after which the start counts as one that draws: the renderer draws a frame
/// behind the loop, and a driver that fails on the first pipelines fails within the first few.
pub const DRAWN_FRAMES: u32 = 10;

/// Adapters whose Vulkan driver aborts Bevy 0.19.1's first frame (the issues above): on Android they are
/// moved to OpenGL for the next start even when this one drew.
const KNOWN_BAD_VULKAN: [&str; 1] = ["PowerVR D-Series"];

/// What `start.ron` holds.
#[derive(Serialize, Deserialize, Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct StartNote {
    /// The renderer the next start asks for.
    pub next: RendererChoice,
    /// Set before a start asks for a GPU to what it asked for; cleared once it drew.
    pub starting: Option<RendererChoice>,
    /// The choice was made by a fallback, not by the player.
    pub fell_back: bool,
}

/// Where the note lives; `None` in the headless tests and for screenshots (nothing is noted).
#[derive(Resource, Clone, Debug, Default)]
pub struct NotePath(pub Option<PathBuf>);

/// What [`begin_start`] had to say, said in the log once the log is up.
#[derive(Resource, Clone, Debug, Default)]
pub struct StartSaid(pub Vec<String>);

/// Reads the note in `dir`, decides what this start asks for, and notes it before the GPU is asked for.
/// `can_switch`: the platform offers a second renderer. The lines returned are for the log.
pub fn begin_start(dir: Option<&Path>, can_switch: bool) -> (Renderers, Vec<String>) {
    let mut said = Vec::new();
    let path = dir.map(|d| d.join(FILE));
    let mut note = match path.as_deref().map(storage::read) {
        Some(Ok(text)) => ron::from_str::<StartNote>(&text).unwrap_or_else(|e| {
            said.push(format!(
                "renderer: the start note could not be read ({e}); the usual renderer is used"
            ));
            StartNote::default()
        }),
        _ => StartNote::default(),
    };
    if let Some(died) = note.starting {
        if can_switch {
            note.next = died.other();
            note.fell_back = true;
            said.push(format!(
                "renderer: the last start asked for {} and never drew its first frame; this one asks for {}",
                Renderers::choice_name(died),
                Renderers::choice_name(note.next)
            ));
        } else {
            said.push(format!(
                "renderer: the last start never drew its first frame; {} is the only renderer here",
                Renderers::choice_name(RendererChoice::Usual)
            ));
        }
    }
    if !can_switch {
        note.next = RendererChoice::Usual;
    }
    let asked = note.next;
    note.starting = Some(asked);
    if let Some(path) = &path
        && let Err(e) = storage::write(path, &to_text(&note))
    {
        said.push(format!("renderer: the start note could not be written ({e})"));
    }
    let renderers =
        Renderers { running: None, asked, next: note.next, fell_back: note.fell_back, can_switch };
    (renderers, said)
}

/// The renderer's settings for what a start asks for: OpenGL alone, or the platform's usual ones.
pub fn render_creation(asked: RendererChoice) -> RenderCreation {
    let settings = match asked {
        RendererChoice::Usual => WgpuSettings::default(),
        RendererChoice::Gl => WgpuSettings { backends: Some(Backends::GL), ..default() },
    };
    RenderCreation::Automatic(Box::new(settings))
}

fn to_text(note: &StartNote) -> String {
    ron::ser::to_string_pretty(note, ron::ser::PrettyConfig::default()).unwrap_or_default()
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Renderers>()
        .init_resource::<NotePath>()
        .init_resource::<StartSaid>()
        .add_systems(Startup, |said: Res<StartSaid>| said.0.iter().for_each(|line| warn!("{line}")))
        .add_systems(First, abort_before_first_frame)
        .add_systems(Last, (learn_running, clear_once_drawn, keep_next).chain());
}

/// The test hook: with `TOGUZ_ABORT_BEFORE_FIRST_FRAME=1`, a start that noted itself dies before its first
/// frame, as a failing driver makes it.
fn abort_before_first_frame(note: Res<NotePath>, mut done: Local<bool>) {
    if *done {
        return;
    }
    *done = true;
    if note.0.is_some() && std::env::var("TOGUZ_ABORT_BEFORE_FIRST_FRAME").is_ok_and(|v| v == "1") {
        error!("TOGUZ_ABORT_BEFORE_FIRST_FRAME=1: aborting before the first frame");
        std::process::abort();
    }
}

/// Notes what draws once the renderer is up; on Android, an adapter known to fail on Vulkan is moved to
/// OpenGL for the next start.
fn learn_running(adapter: Option<Res<RenderAdapterInfo>>, mut renderers: ResMut<Renderers>) {
    let Some(adapter) = adapter else { return };
    if renderers.running.is_some() {
        return;
    }
    // wgpu's backend by its name: Bevy does not re-export the enum.
    let kind = match adapter.backend.to_str() {
        "vulkan" => RendererKind::Vulkan,
        "gl" if cfg!(target_arch = "wasm32") => RendererKind::WebGl2,
        "gl" => RendererKind::Gl,
        "metal" => RendererKind::Metal,
        "dx12" => RendererKind::Dx12,
        _ => RendererKind::Other,
    };
    renderers.running = Some(kind);
    info!("renderer: {} on {} ({})", kind.name(), adapter.name, adapter.driver_info);
    let known_bad = KNOWN_BAD_VULKAN.iter().any(|bad| adapter.name.starts_with(bad));
    if cfg!(target_os = "android") && kind == RendererKind::Vulkan && known_bad && renderers.can_switch {
        warn!("renderer: {} is known to fail on Vulkan; the next start uses OpenGL ES", adapter.name);
        renderers.next = RendererChoice::Gl;
        renderers.fell_back = true;
    }
}

/// Clears the note once the start drew its first frames.
fn clear_once_drawn(note: Res<NotePath>, renderers: Res<Renderers>, mut frames: Local<u32>) {
    if *frames > DRAWN_FRAMES {
        return;
    }
    *frames += 1;
    if *frames <= DRAWN_FRAMES {
        return;
    }
    if let Some(path) = &note.0 {
        write_note(path, &renderers, None);
    }
}

/// Keeps the player's choice of the next start's renderer in the note.
fn keep_next(note: Res<NotePath>, renderers: Res<Renderers>, mut last: Local<Option<RendererChoice>>) {
    let Some(path) = &note.0 else { return };
    let first = last.is_none();
    if last.replace(renderers.next) == Some(renderers.next) || first && renderers.next == renderers.asked {
        return;
    }
    write_note(path, &renderers, None);
}

fn write_note(path: &Path, renderers: &Renderers, starting: Option<RendererChoice>) {
    let note = StartNote { next: renderers.next, starting, fell_back: renderers.fell_back };
    if let Err(e) = storage::write(path, &to_text(&note)) {
        warn!("renderer: the start note could not be written ({e})");
    }
}
