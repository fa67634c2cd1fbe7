//! Colours and the board's look. The wood, the holes and the stones are painted procedurally at start-up
//! (no image files to ship or load), with soft shading so the board reads as carved wood, not a diagram.
//!
//! Side colours: the two players are told apart by lightness (ivory and charcoal) and by shape (a ring
//! for a tuzdik, a filled badge for a turn), never by hue alone, so they stay distinct for colour-blind
//! players.

use bevy::asset::RenderAssetUsages;
use bevy::image::Image;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};

use crate::rules::Side;

pub const BACKGROUND: Color = Color::srgb(0.13, 0.09, 0.07);
pub const TEXT: Color = Color::srgb(0.97, 0.93, 0.85);
pub const TEXT_DIM: Color = Color::srgba(0.97, 0.93, 0.85, 0.6);
pub const HIGHLIGHT: Color = Color::srgb(0.94, 0.89, 0.26);
// Opaque: nothing under a panel (a result, a message, the title's buttons) may show through its card.
pub const PANEL: Color = Color::srgb(0.10, 0.07, 0.05);
pub const BUTTON: Color = Color::srgb(0.45, 0.27, 0.14);
pub const BUTTON_HOVER: Color = Color::srgb(0.55, 0.34, 0.18);
pub const BUTTON_PRESSED: Color = Color::srgb(0.35, 0.20, 0.10);
pub const BUTTON_SELECTED: Color = Color::srgb(0.78, 0.55, 0.20);
pub const WARNING: Color = Color::srgb(0.90, 0.38, 0.0);

/// A player's colour: ivory for white, charcoal for black.
pub fn side_color(side: Side) -> Color {
    match side {
        Side::White => Color::srgb(0.96, 0.93, 0.86),
        Side::Black => Color::srgb(0.11, 0.10, 0.10),
    }
}

/// Text that reads on a side's colour.
pub fn side_ink(side: Side) -> Color {
    match side {
        Side::White => Color::srgb(0.12, 0.10, 0.08),
        Side::Black => Color::srgb(0.96, 0.93, 0.86),
    }
}

/// The painted images, made once.
#[derive(Resource, Clone)]
pub struct Art {
    pub stone: Handle<Image>,
    /// Tall hole and kazan (landscape rows), and their wide twins (portrait columns).
    pub hole: Handle<Image>,
    pub hole_wide: Handle<Image>,
    pub kazan: Handle<Image>,
    pub kazan_wide: Handle<Image>,
    pub board: Handle<Image>,
    pub ring: Handle<Image>,
    pub glow: Handle<Image>,
    pub disc: Handle<Image>,
}

pub(crate) fn plugin(app: &mut App) {
    use_bundled_font(app);
    add_display_font(app);
    app.add_systems(PreStartup, paint);
}

fn paint(mut commands: Commands, images: Option<ResMut<Assets<Image>>>) {
    // Headless runs (tests) have no asset storage: the board works the same with empty images.
    let Some(mut images) = images else {
        let none = Handle::<Image>::default();
        commands.insert_resource(Art {
            stone: none.clone(),
            hole: none.clone(),
            hole_wide: none.clone(),
            kazan: none.clone(),
            kazan_wide: none.clone(),
            board: none.clone(),
            ring: none.clone(),
            glow: none.clone(),
            disc: none,
        });
        return;
    };
    let art = Art {
        stone: images.add(stone()),
        hole: images.add(recess(96, 192, 40.0, [0.23, 0.13, 0.07])),
        hole_wide: images.add(recess(192, 96, 40.0, [0.23, 0.13, 0.07])),
        kazan: images.add(recess(96, 384, 40.0, [0.20, 0.11, 0.06])),
        kazan_wide: images.add(recess(384, 96, 40.0, [0.20, 0.11, 0.06])),
        board: images.add(wood(512, 512)),
        ring: images.add(ring(128)),
        glow: images.add(glow(128)),
        disc: images.add(disc(64)),
    };
    commands.insert_resource(art);
}

fn image(width: u32, height: u32, pixel: impl Fn(f32, f32) -> [f32; 4]) -> Image {
    let mut data = Vec::with_capacity((width * height * 4) as usize);
    for y in 0..height {
        for x in 0..width {
            // 2×2 supersampling for smooth edges.
            let mut acc = [0.0f32; 4];
            for (dx, dy) in [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)] {
                let p = pixel((x as f32 + dx) / width as f32, (y as f32 + dy) / height as f32);
                for i in 0..4 {
                    acc[i] += p[i] / 4.0;
                }
            }
            // Premultiplied colours average correctly at the edges; undo it for storage.
            let a = acc[3].clamp(0.0, 1.0);
            for c in &acc[..3] {
                let v = if a > 0.0 { c / a } else { 0.0 };
                data.push((to_srgb(v.clamp(0.0, 1.0)) * 255.0).round() as u8);
            }
            data.push((a * 255.0).round() as u8);
        }
    }
    Image::new(
        Extent3d { width, height, depth_or_array_layers: 1 },
        TextureDimension::D2,
        data,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::RENDER_WORLD | RenderAssetUsages::MAIN_WORLD,
    )
}

fn to_srgb(linear: f32) -> f32 {
    if linear <= 0.003_130_8 { linear * 12.92 } else { 1.055 * linear.powf(1.0 / 2.4) - 0.055 }
}

fn smooth(edge0: f32, edge1: f32, x: f32) -> f32 {
    let t = ((x - edge0) / (edge1 - edge0)).clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

/// Premultiplied RGBA from a linear colour and coverage.
fn premul(rgb: [f32; 3], a: f32) -> [f32; 4] {
    [rgb[0] * a, rgb[1] * a, rgb[2] * a, a]
}

/// An ivory stone: a sphere lit from the upper left, with a soft rim.
fn stone() -> Image {
    image(64, 64, |u, v| {
        let (x, y) = (u * 2.0 - 1.0, v * 2.0 - 1.0);
        let r = (x * x + y * y).sqrt();
        let coverage = 1.0 - smooth(0.92, 1.0, r);
        let z = (1.0 - r * r).max(0.0).sqrt();
        let light = (-0.45 * x - 0.55 * y + 0.7 * z).max(0.0);
        let spec = light.powf(24.0) * 0.5;
        let base = [0.80, 0.72, 0.58];
        let shade = 0.45 + 0.6 * light;
        let rgb = [base[0] * shade + spec, base[1] * shade + spec, base[2] * shade + spec];
        premul(rgb, coverage)
    })
}

/// A hole carved into the wood: a rounded, darker recess with an inner shadow at its top edge.
fn recess(width: u32, height: u32, radius: f32, base: [f32; 3]) -> Image {
    let (w, h) = (width as f32, height as f32);
    image(width, height, move |u, v| {
        let (px, py) = (u * w, v * h);
        let d = rounded_rect_distance(px, py, w, h, radius.min(w / 2.0 - 1.0));
        let coverage = 1.0 - smooth(-1.0, 1.0, d);
        // Inner shadow: darker near the upper edge and the sides, as if light came from above.
        let edge = (-d / (w * 0.25)).clamp(0.0, 1.0);
        let shadow = 0.55 + 0.45 * edge * (0.6 + 0.4 * v);
        let grain = 0.93 + 0.07 * ((px * 0.11 + (py * 0.02).sin() * 3.0).sin());
        let rgb = [base[0] * shadow * grain, base[1] * shadow * grain, base[2] * shadow * grain];
        premul(rgb, coverage)
    })
}

fn rounded_rect_distance(px: f32, py: f32, w: f32, h: f32, r: f32) -> f32 {
    let qx = (px - w / 2.0).abs() - (w / 2.0 - r);
    let qy = (py - h / 2.0).abs() - (h / 2.0 - r);
    let outside = (qx.max(0.0).powi(2) + qy.max(0.0).powi(2)).sqrt();
    outside + qx.max(qy).min(0.0) - r
}

/// Warm wood with long grain lines and a few darker streaks.
fn wood(width: u32, height: u32) -> Image {
    image(width, height, |u, v| {
        let wave = (v * 40.0 + (u * 6.0).sin() * 1.5 + (u * 17.0).sin() * 0.3).sin();
        let streak = ((v * 7.0 + (u * 3.0).sin() * 0.4).sin() * 0.5 + 0.5).powf(6.0);
        let t = 0.5 + 0.5 * wave;
        let light = [0.55, 0.33, 0.16];
        let dark = [0.42, 0.24, 0.11];
        let mut rgb = [0.0; 3];
        for i in 0..3 {
            rgb[i] = light[i] * (1.0 - t * 0.35) + dark[i] * t * 0.35;
            rgb[i] *= 1.0 - 0.18 * streak;
        }
        premul(rgb, 1.0)
    })
}

/// A ring (the tuzdik mark and the landing highlight), white so that sprites tint it.
fn ring(size: u32) -> Image {
    image(size, size, |u, v| {
        let (x, y) = (u * 2.0 - 1.0, v * 2.0 - 1.0);
        let r = (x * x + y * y).sqrt();
        let band = smooth(0.70, 0.76, r) * (1.0 - smooth(0.92, 0.98, r));
        premul([1.0, 1.0, 1.0], band)
    })
}

/// A soft glow, for the hole the long-press hint lights.
fn glow(size: u32) -> Image {
    image(size, size, |u, v| {
        let (x, y) = (u * 2.0 - 1.0, v * 2.0 - 1.0);
        let r = (x * x + y * y).sqrt();
        premul([1.0, 1.0, 1.0], (1.0 - r).max(0.0).powf(1.5))
    })
}

/// A filled disc, for count badges.
fn disc(size: u32) -> Image {
    image(size, size, |u, v| {
        let (x, y) = (u * 2.0 - 1.0, v * 2.0 - 1.0);
        let r = (x * x + y * y).sqrt();
        premul([1.0, 1.0, 1.0], 1.0 - smooth(0.9, 1.0, r))
    })
}

/// The font every text uses: Noto Sans, subset to Latin with Vietnamese and Cyrillic with the Kazakh and
/// Kyrgyz letters (`assets/fonts`). It takes the place of Bevy's default font (ASCII only), so every text
/// gets it without naming it. It must be in place before the text plugin first registers the default.
pub(crate) fn use_bundled_font(app: &mut App) {
    if let Some(mut fonts) = app.world_mut().get_resource_mut::<Assets<Font>>() {
        let font = Font::from_bytes(FONT.to_vec());
        if let Err(e) = fonts.insert(AssetId::default(), font) {
            warn!("the bundled font could not be used: {e:?}");
        }
    }
}

/// The bundled font's file, compiled in so that it is there at the first frame on every platform.
pub const FONT: &[u8] = include_bytes!("../../../assets/fonts/NotoSans-Regular.ttf");

/// The display face's file: Roboto Slab Bold, subset to the letters of the game's languages
/// (`assets/fonts/subset.sh`), compiled in like the body font.
pub const DISPLAY_FONT: &[u8] = include_bytes!("../../../assets/fonts/RobotoSlab-Bold.otf");

/// The faces a text can ask for by name; a text that names none gets the body font (Noto Sans).
#[derive(Resource, Clone, Debug)]
pub struct Fonts {
    /// The game's name and headings: `TextFont { font: fonts.display.clone().into(), .. }`.
    pub display: Handle<Font>,
}

/// Adds the display face to the fonts and makes [`Fonts`]. Headless runs (tests) have no font storage:
/// there the display handle is the default one, the body font.
fn add_display_font(app: &mut App) {
    let display = match app.world_mut().get_resource_mut::<Assets<Font>>() {
        Some(mut fonts) => fonts.add(Font::from_bytes(DISPLAY_FONT.to_vec())),
        None => Handle::default(),
    };
    app.insert_resource(Fonts { display });
}

/// The one camera: the board and every panel are drawn through it.
pub fn spawn_camera(mut commands: Commands) {
    commands.spawn((Name::new("Camera"), Camera2d));
}
