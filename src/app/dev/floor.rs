//! The start-up floor (issue 34): how soon Bevy alone, with the game's plugins, window and renderer
//! settings but none of the game's own work, draws a screen like the title: a camera, a text, a button
//! with rounded corners, a sliced image and a sprite (the pipelines the title draws with). It is what
//! cutting the game's own start can come down to at best. `toguz --startup-floor` prints its marks as
//! `--startup-bench` does and quits; in a browser the page opened with `?floor` logs them
//! (`tests/web/startup.mjs`).
//!
//! Invariant: the marks are the game's own (`dev::startup`), made at the same points of the start, so
//! the two starts compare mark by mark.

use bevy::asset::RenderAssetUsages;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
use bevy::sprite::{BorderRect, TextureSlicer};

use crate::app::dev::startup::{self, marks, print_marks};
#[cfg(not(any(target_os = "android", target_os = "ios", target_arch = "wasm32")))]
use crate::app::platform::first_frame;
use crate::app::state::launch::{Launch, main_window};
use crate::app::state::renderer::RendererChoice;
use crate::app::state::screen::Screen;
use crate::app::ui::theme;
use crate::app::ui::widgets::page;

/// Runs the floor's start in place of the game's.
pub fn run(mut launch: Launch) {
    startup::mark("run");
    // The bench's second stage (a game's board) is the game's: the floor reports on its own.
    launch.startup_bench = false;
    let mut app = App::new();
    let window = main_window(&launch, RendererChoice::default());
    let plugins = DefaultPlugins.set(WindowPlugin { primary_window: Some(window), ..default() });
    #[cfg(target_arch = "wasm32")]
    let plugins =
        plugins.set(bevy::asset::AssetPlugin { meta_check: bevy::asset::AssetMetaCheck::Never, ..default() });
    app.insert_resource(ClearColor(theme::BACKGROUND))
        .add_plugins(plugins)
        .init_state::<Screen>()
        .add_plugins(startup::plugin)
        .add_systems(Startup, spawn_screen)
        .add_systems(Last, report_and_quit);
    // The desktop's window opens hidden and is shown once drawn, as the game's is.
    #[cfg(not(any(target_os = "android", target_os = "ios", target_arch = "wasm32")))]
    app.add_plugins(first_frame::plugin);
    startup::mark("plugins");
    app.insert_resource(launch);
    app.run();
}

/// A title's worth of drawing: each pipeline the title draws with, once.
fn spawn_screen(mut commands: Commands, mut images: ResMut<Assets<Image>>) {
    commands.spawn((Camera2d, Msaa::Off));
    commands.spawn((
        Sprite::from_color(Color::srgb(0.6, 0.4, 0.2), Vec2::new(300.0, 600.0)),
        Transform::default(),
    ));
    let panel = images.add(theme_image());
    commands.spawn((
        // The title's page: a column over the game's background (the sprite under it is still drawn).
        page(16.0, UiRect::ZERO),
        children![
            (Text::new("Toguz Korgool"), TextFont { font_size: FontSize::Px(40.0), ..default() }),
            (
                Node {
                    width: px(300),
                    height: px(56),
                    border: UiRect::all(px(2)),
                    border_radius: BorderRadius::all(px(12)),
                    ..default()
                },
                BackgroundColor(Color::srgb(0.45, 0.27, 0.13)),
                BorderColor::all(Color::srgb(0.8, 0.6, 0.4)),
            ),
            (
                Node { width: px(300), height: px(56), ..default() },
                ImageNode {
                    image: panel,
                    image_mode: NodeImageMode::Sliced(TextureSlicer {
                        border: BorderRect::all(4.0),
                        ..default()
                    }),
                    ..default()
                },
            ),
        ],
    ));
}

/// A small image for the sliced node.
fn theme_image() -> Image {
    Image::new_fill(
        Extent3d { width: 16, height: 16, depth_or_array_layers: 1 },
        TextureDimension::D2,
        &[200, 150, 100, 255],
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::RENDER_WORLD,
    )
}

/// On the desktop, once the screen is drawn: the marks, as `--startup-bench` prints them, and quit (in a
/// browser they are on the console already, and a page does not quit).
fn report_and_quit(launch: Res<Launch>, mut done: Local<bool>, mut exit: MessageWriter<AppExit>) {
    if *done || cfg!(target_arch = "wasm32") || !marks().iter().any(|(name, _)| *name == "title drawn") {
        return;
    }
    *done = true;
    print_marks(&format!("start-up floor at {}x{}", launch.size.x, launch.size.y));
    exit.write(AppExit::Success);
}
