//! The Bevy app, in folders by layer (arrows point down only; `.ci/app-imports.py` checks it):
//! `platform`, `i18n`, `state`, `ui`, `board`, `computer`, `saves`, `menus`, `screens`, `dev`. The
//! session (`state::session`) holds the game; the board view follows it; the sowing animation plays the
//! rules' trace of each move. This file only composes the folders' plugins.

pub mod board;
pub mod computer;
pub mod dev;
pub mod i18n;
pub mod menus;
pub mod platform;
pub mod saves;
pub mod screens;
pub mod state;
pub mod ui;

use std::time::Duration;

use bevy::prelude::*;
use bevy::winit::{UpdateMode, WinitSettings};

#[cfg(target_os = "linux")]
use crate::app::platform::desktop_gl;
use crate::app::saves::persistence::default_dir;
use crate::app::saves::renderer::{FILE as START_NOTE, NotePath, StartSaid, begin_start, render_creation};
use crate::app::state::launch::{Launch, main_window};
use crate::app::state::renderer::{RendererChoice, Renderers, can_switch};
use crate::app::ui::theme::{self, spawn_camera};

/// Everything but the window and renderer: what the headless tests run.
pub struct GamePlugins;

impl Plugin for GamePlugins {
    fn build(&self, app: &mut App) {
        app.add_plugins((
            state::plugin,
            bevy_tweening::TweeningPlugin,
            platform::plugin,
            i18n::plugin,
            ui::plugin,
            board::plugin,
            computer::plugin,
            saves::plugin,
            menus::plugin,
            screens::plugin,
            dev::plugin,
        ));
    }
}

/// Builds and runs the app: desktop and mobile share this.
pub fn run(launch: Launch) {
    dev::startup::mark("run");
    let mut app = App::new();
    // Before the renderer asks for a GPU: a start that died before it drew is not repeated
    // (`saves::renderer`). Screenshots note nothing: a tool's run is no start of the player's app.
    let (renderers, mut said, note) = if launch.screenshot.is_none() {
        let dir = default_dir();
        let (renderers, said) = begin_start(dir.as_deref(), can_switch());
        (renderers, said, dir.map(|d| d.join(START_NOTE)))
    } else {
        (Renderers::default(), Vec::new(), None)
    };
    let window = main_window(&launch, renderers.asked);
    let plugins = DefaultPlugins.set(WindowPlugin { primary_window: Some(window), ..default() });
    let plugins = if renderers.asked == RendererChoice::Gl {
        // On Linux the game makes the OpenGL renderer itself (`platform::desktop_gl`: why).
        #[cfg(target_os = "linux")]
        let creation = desktop_gl::render_creation();
        #[cfg(not(target_os = "linux"))]
        let creation: Result<bevy::render::settings::RenderCreation, String> = Err(String::new());
        let creation = creation.unwrap_or_else(|why| {
            if !why.is_empty() {
                said.push(format!(
                    "renderer: OpenGL through the X server failed ({why}); Bevy's own is tried"
                ));
            }
            render_creation(renderers.asked)
        });
        plugins.set(bevy::render::RenderPlugin { render_creation: creation, ..default() })
    } else {
        plugins
    };
    app.insert_resource(renderers).insert_resource(StartSaid(said)).insert_resource(NotePath(note));
    // In a browser every asset comes over HTTP: no `.meta` file is asked for beside each (a 404 apiece).
    #[cfg(target_arch = "wasm32")]
    let plugins =
        plugins.set(bevy::asset::AssetPlugin { meta_check: bevy::asset::AssetMetaCheck::Never, ..default() });
    app.insert_resource(ClearColor(theme::BACKGROUND))
        .add_plugins(plugins)
        .add_plugins(GamePlugins)
        .add_plugins((dev::screenshot::plugin, dev::startup::plugin))
        .add_systems(Startup, spawn_camera);
    dev::startup::mark("plugins");
    // A board at rest draws nothing: frames come for input, window events, what `screens::rest` asks
    // for while something moves, and once a second. Screenshots keep every frame (their clock is fixed).
    if launch.screenshot.is_none() {
        let rest = UpdateMode::reactive(Duration::from_secs(1));
        let away = UpdateMode::reactive_low_power(Duration::from_secs(5));
        app.insert_resource(WinitSettings { focused_mode: rest, unfocused_mode: away });
    }
    if launch.screenshot.is_some() {
        // Screenshots advance time by a fixed 60 Hz frame, however slowly software rendering draws, so
        // `--after-ms` shows the same instant of the animation every time.
        app.insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(
            std::time::Duration::from_micros(16_667),
        ));
    }
    app.insert_resource(launch);
    app.run();
}
