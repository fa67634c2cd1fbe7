//! Where a start goes (issue 34): the marks of one start, each in milliseconds from its beginning, and
//! `toguz --startup-bench`, which prints them with the memory and the textures on the title and in a game.
//!
//! The beginning is the first mark, `run` (the game's code entered [`crate::app::run`]) on the desktop and
//! the phones; on the web it is the page's navigation, so `run` there holds the page, the module's
//! download, its compile and its instantiation (the page logs `module` when the download is in). Then:
//! `plugins` (Bevy's and the game's plugins built; on the web the renderer is still being made after it),
//! `schedules` (the renderer made: the first schedule begins), `painted` (the save read and the board's
//! images painted), `startup` (the start-up systems run), `first frame` (the first frame's systems ran),
//! `title drawn` (a frame was drawn with the title on screen and none of the pipelines our screens draw
//! with left to compile: what the player sees).
//!
//! The web build logs each mark on the console as `toguz:start NAME MS` (what `tests/web/startup.mjs`
//! reads). Invariant: a mark is made once per start; the marks are in the order they happened.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use bevy::prelude::*;
use bevy::render::render_asset::RenderAssets;
use bevy::render::render_resource::{CachedPipeline, PipelineCache, PipelineDescriptor};
use bevy::render::texture::GpuImage;
use bevy::render::view::ViewTarget;
use bevy::render::{ExtractSchedule, Render, RenderApp, RenderSystems};

use crate::ai::Level;
use crate::game::Mode;
use crate::rules::Side;

use crate::app::saves::persistence::SaveLoaded;
use crate::app::state::launch::Launch;
use crate::app::state::screen::Screen;
use crate::app::state::session::NewGame;
use crate::app::ui::theme::Paint;

/// The marks so far: a static, as the first ones are made before the app (and its resources) exist.
static MARKS: Mutex<Vec<(&'static str, f64)>> = Mutex::new(Vec::new());

/// Whether the frame being drawn had the screen the bench waits for on it (set in the main world's last
/// step, read by the render world when it extracts that frame).
static SHOWN: AtomicBool = AtomicBool::new(false);
/// The time (ms, as f64 bits) the render world drew the first frame with that screen and nothing left to
/// compile; 0 while none has been.
static DRAWN_AT: AtomicU64 = AtomicU64::new(0);
/// Whether `--startup-bench` runs: only then are the drawn frames watched after the title and the
/// textures counted (a player's start stops watching once its title is drawn).
static BENCH: AtomicBool = AtomicBool::new(false);
/// The pipelines other than the screens' still compiling when the title was drawn (the bench says them).
static COMPILING: Mutex<String> = Mutex::new(String::new());
/// The largest images on the GPU at the last frame drawn: bytes, width, height (the bench says them).
static LARGEST: Mutex<Vec<(u64, u32, u32)>> = Mutex::new(Vec::new());
/// The GPU's textures at the last frame drawn: the images (painted and read ones, the glyphs' atlases)
/// and the frame's own buffers (the view's targets), in bytes.
static IMAGE_BYTES: AtomicU64 = AtomicU64::new(0);
static TARGET_BYTES: AtomicU64 = AtomicU64::new(0);

#[cfg(not(target_arch = "wasm32"))]
static ORIGIN: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();

/// Milliseconds since the start began.
fn now_ms() -> f64 {
    #[cfg(target_arch = "wasm32")]
    {
        web_sys::window().and_then(|w| w.performance()).map_or(0.0, |p| p.now())
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        ORIGIN.get_or_init(std::time::Instant::now).elapsed().as_secs_f64() * 1000.0
    }
}

/// Notes that the start reached `name` now (the first mark on the desktop is the beginning).
pub fn mark(name: &'static str) {
    mark_at(name, now_ms());
}

fn mark_at(name: &'static str, ms: f64) {
    #[cfg(target_arch = "wasm32")]
    web_sys::console::log_1(&format!("toguz:start {name} {ms:.0}").into());
    MARKS.lock().unwrap_or_else(std::sync::PoisonError::into_inner).push((name, ms));
}

/// The marks of this start, in order.
pub fn marks() -> Vec<(&'static str, f64)> {
    MARKS.lock().unwrap_or_else(std::sync::PoisonError::into_inner).clone()
}

/// What the bench is waiting for.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    /// The title, drawn.
    Title,
    /// A game against the computer was asked for: its board, drawn.
    Game,
}

/// Frames let run after the board is first drawn before its memory is read: the stones settle in.
const GAME_SETTLE_FRAMES: u32 = 30;

pub(crate) fn plugin(app: &mut App) {
    // Only a start that draws is measured: the headless tests have no render world (and no start).
    let Some(render) = app.get_sub_app_mut(RenderApp) else { return };
    render
        .add_systems(ExtractSchedule, extract_shown)
        .add_systems(Render, note_drawn.in_set(RenderSystems::Cleanup));
    app.add_systems(PreStartup, (|| mark("schedules")).before(SaveLoaded))
        .add_systems(PreStartup, (|| mark("painted")).after(Paint))
        .add_systems(Startup, begin_bench)
        .add_systems(PostStartup, || mark("startup"))
        .add_systems(
            Last,
            (first_frame, note_shown, note_title_drawn, drive_bench.run_if(resource_exists::<Stage>)).chain(),
        );
}

/// `--startup-bench` (the launch is there from the first schedule on: `app::run` inserts it).
fn begin_bench(mut commands: Commands, launch: Option<Res<Launch>>) {
    if launch.is_some_and(|l| l.startup_bench) {
        BENCH.store(true, Ordering::Relaxed);
        commands.insert_resource(Stage::Title);
    }
}

fn first_frame(mut done: Local<bool>) {
    if !*done {
        *done = true;
        mark("first frame");
    }
}

/// Tells the render world which screen this frame shows: the title, or (for the bench's second stage)
/// a game's board.
fn note_shown(screen: Res<State<Screen>>, stage: Option<Res<Stage>>) {
    let wanted = match stage.map(|s| *s) {
        Some(Stage::Game) => Screen::Game,
        _ => Screen::Title,
    };
    SHOWN.store(*screen.get() == wanted, Ordering::Relaxed);
}

fn note_title_drawn(mut done: Local<bool>, stage: Option<Res<Stage>>) {
    if *done || stage.is_some_and(|s| *s != Stage::Title) {
        return;
    }
    let at = f64::from_bits(DRAWN_AT.load(Ordering::Relaxed));
    if at > 0.0 {
        *done = true;
        mark_at("title drawn", at);
    }
}

/// The render world's copy of [`SHOWN`] for the frame it extracted.
#[derive(Resource, Default)]
struct ShownThisFrame(bool);

fn extract_shown(mut commands: Commands) {
    commands.insert_resource(ShownThisFrame(SHOWN.load(Ordering::Relaxed)));
}

/// The pipelines our screens draw with, by Bevy's labels: the UI's nodes, images, slices, gradients,
/// shadows and materials, the sprites, the tone mapping and the copy to the window. The others Bevy
/// makes at start (the 3D parts of its core pipeline) draw nothing of ours: a frame does not wait for
/// them, nor does the player. On WebGL2 one of them never compiles (its shader is never loaded), so
/// waiting for every pipeline never ended there.
const SCREEN_PIPELINES: [&str; 9] = [
    "ui_pipeline",
    "ui_texture_slice_pipeline",
    "ui_gradient_pipeline",
    "box_shadow_pipeline",
    "ui_material_pipeline",
    "sprite_pipeline",
    "tonemapping pipeline",
    "blit pipeline",
    "upscaling",
];

/// A pipeline's label, or "" for one without.
fn pipeline_label(pipeline: &CachedPipeline) -> &str {
    match &pipeline.descriptor {
        PipelineDescriptor::RenderPipelineDescriptor(d) => d.label.as_deref().unwrap_or(""),
        PipelineDescriptor::ComputePipelineDescriptor(d) => d.label.as_deref().unwrap_or(""),
    }
}

/// After a frame is drawn: the first one with the screen waited for and none of the screens' pipelines
/// left compiling is the one the player sees whole. For the bench the textures are counted at every
/// frame (a sum over a few dozen), and what was still compiling then is kept to be said.
fn note_drawn(
    shown: Option<Res<ShownThisFrame>>,
    cache: Res<PipelineCache>,
    images: Option<Res<RenderAssets<GpuImage>>>,
    targets: Query<&ViewTarget>,
) {
    let bench = BENCH.load(Ordering::Relaxed);
    if !bench && DRAWN_AT.load(Ordering::Relaxed) != 0 {
        return;
    }
    let waiting: Vec<usize> = cache.waiting_pipelines().collect();
    let labels: Vec<&str> = cache
        .pipelines()
        .enumerate()
        .filter(|(id, _)| waiting.contains(id))
        .map(|(_, p)| pipeline_label(p))
        .collect();
    let screen_waits = labels.iter().any(|label| SCREEN_PIPELINES.contains(label));
    if shown.is_some_and(|s| s.0) && !screen_waits && DRAWN_AT.load(Ordering::Relaxed) == 0 {
        DRAWN_AT.store(now_ms().to_bits(), Ordering::Relaxed);
        if bench {
            let others = if labels.is_empty() { "none".to_string() } else { labels.join(", ") };
            *COMPILING.lock().unwrap_or_else(|e| e.into_inner()) = others;
        }
    }
    if !bench {
        return;
    }
    if let Some(images) = images {
        let mut sizes: Vec<(u64, u32, u32)> = images
            .iter()
            .map(|(_, image)| (texture_bytes(&image.texture), image.texture.width(), image.texture.height()))
            .collect();
        IMAGE_BYTES.store(sizes.iter().map(|s| s.0).sum(), Ordering::Relaxed);
        sizes.sort_unstable_by(|a, b| b.cmp(a));
        sizes.truncate(4);
        *LARGEST.lock().unwrap_or_else(|e| e.into_inner()) = sizes;
    }
    let mut frame = 0;
    for target in &targets {
        frame += texture_bytes(target.main_texture()) + texture_bytes(target.main_texture_other());
        frame += target.sampled_main_texture().map_or(0, texture_bytes);
    }
    TARGET_BYTES.store(frame, Ordering::Relaxed);
}

/// A texture's bytes on the GPU: every mip level and layer, every sample.
fn texture_bytes(texture: &bevy::render::render_resource::Texture) -> u64 {
    let block = u64::from(texture.format().block_copy_size(None).unwrap_or(4));
    let (w, h) = (u64::from(texture.width()), u64::from(texture.height()));
    let layers = u64::from(texture.depth_or_array_layers());
    let mips: u64 =
        (0..texture.mip_level_count()).map(|level| (w >> level).max(1) * (h >> level).max(1)).sum();
    mips * layers * block * u64::from(texture.sample_count())
}

/// The process's resident memory, in bytes, where the system says it (Linux and Android).
fn resident_bytes() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

fn megabytes(bytes: u64) -> String {
    format!("{:.1} MB", bytes as f64 / 1_000_000.0)
}

/// Memory and textures now, as one line.
fn memory_line(place: &str) -> String {
    let rss = resident_bytes().map_or_else(|| "not known here".to_string(), megabytes);
    let images = IMAGE_BYTES.load(Ordering::Relaxed);
    let targets = TARGET_BYTES.load(Ordering::Relaxed);
    format!(
        "{place}: resident {rss}; GPU textures {} (images and glyph atlases {}, the frame's targets {})",
        megabytes(images + targets),
        megabytes(images),
        megabytes(targets)
    )
}

/// The largest images now, as one line.
fn largest_line() -> String {
    let largest = LARGEST.lock().unwrap_or_else(|e| e.into_inner());
    let each: Vec<String> = largest.iter().map(|(b, w, h)| format!("{w}x{h} {}", megabytes(*b))).collect();
    format!("largest images: {}", each.join(", "))
}

/// Prints the marks so far under `heading`, a line each with the time since the one before (the lines
/// `tests/window/startup_bench.sh` reads).
pub(crate) fn print_marks(heading: &str) {
    println!("{heading}:");
    let mut last = 0.0;
    for (name, ms) in marks() {
        println!("  {name:<12} {ms:>8.1} ms  (+{:.1})", ms - last);
        last = ms;
    }
}

/// `--startup-bench`: once the title is drawn, prints the marks and the memory, asks for a game against
/// the computer, prints the memory once its board has been drawn and settled, and quits.
fn drive_bench(
    mut stage: ResMut<Stage>,
    // The frames drawn while the game waits: a drawn board still lays out and fades in for some frames.
    mut frames: Local<u32>,
    launch: Res<Launch>,
    mut new_game: MessageWriter<NewGame>,
    mut exit: MessageWriter<AppExit>,
) {
    let drawn = f64::from_bits(DRAWN_AT.load(Ordering::Relaxed)) > 0.0;
    match *stage {
        Stage::Title if drawn => {
            print_marks(&format!("start-up at {}x{}", launch.size.x, launch.size.y));
            println!(
                "  other pipelines still compiling then: {}",
                COMPILING.lock().unwrap_or_else(|e| e.into_inner())
            );
            println!("  {}", memory_line("on the title"));
            println!("  {}", largest_line());
            DRAWN_AT.store(0, Ordering::Relaxed);
            *stage = Stage::Game;
            new_game.write(NewGame(Mode::Computer { level: Level::EASY, human: Side::White }));
        }
        Stage::Game if drawn => {
            *frames += 1;
            if *frames >= GAME_SETTLE_FRAMES {
                println!("  {}", memory_line("in a game"));
                println!("  {}", largest_line());
                exit.write(AppExit::Success);
            }
        }
        _ => {}
    }
}
