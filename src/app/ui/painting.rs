//! The board's images, painted on the CPU from a palette: pure functions of their inputs, so painting
//! is deterministic (two starts draw the same board) and the same on every platform. `ui::theme` decides
//! when each is painted and holds the handles ([`crate::app::ui::theme::Art`]).

use bevy::asset::RenderAssetUsages;
use bevy::image::Image;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};

use crate::app::state::settings::StoneSet;
use crate::rules::Side;

/// The colours of one set of stones and the wood they lie on, in sRGB.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Palette {
    /// The wood's two tones: between the grain lines, and along them.
    pub wood: [[f32; 3]; 2],
    /// The floor of a hole, where the stones lie.
    pub floor: [f32; 3],
    /// The stones' own colour (before light and shade).
    pub stone: [f32; 3],
    /// How much the stones show their grain rings (wooden korgools do, ivory hardly).
    pub stone_grain: f32,
    /// Text written on the wood itself (the holes' numbers).
    pub ink: Color,
}

/// The palette of a set of stones.
pub fn palette(set: StoneSet) -> Palette {
    match set {
        // Dark walnut or apricot korgools on a light, oiled board: the traditional look.
        StoneSet::Korgool => Palette {
            wood: [[0.82, 0.64, 0.42], [0.70, 0.51, 0.31]],
            floor: [0.76, 0.57, 0.37],
            stone: [0.36, 0.20, 0.10],
            stone_grain: 0.18,
            // At least 4.5:1 on the wood's darkest grain (0.22, 0.13, 0.07 was 4.4:1 there).
            ink: Color::srgb(0.15, 0.08, 0.03),
        },
        // Ivory stones on dark walnut.
        StoneSet::Ivory => Palette {
            wood: [[0.40, 0.25, 0.15], [0.28, 0.16, 0.09]],
            floor: [0.24, 0.14, 0.08],
            stone: [0.93, 0.88, 0.78],
            stone_grain: 0.04,
            ink: Color::srgb(0.93, 0.86, 0.74),
        },
    }
}

/// The one light every painted image is lit by: from the upper left, in image coordinates (x right,
/// y down, z towards the viewer).
const LIGHT: [f32; 3] = [-0.477, -0.583, 0.657];

/// The ball's diameter as a share of its stone image: the rest of the image is its soft contact shadow,
/// down and to the right, away from the light. A stone's sprite is drawn `1 / STONE_BALL` times the
/// layout's stone, so the ball itself is the layout's diameter.
pub const STONE_BALL: f32 = 0.80;
/// How many variants of the stone the atlas holds, side by side (each a little different in size, tone
/// and grain, so a hole looks like a hole of stones, not a grid).
pub const STONE_VARIANTS: usize = 4;
/// The side of one stone's cell in the atlas, in texels.
pub const STONE_CELL: u32 = 96;

/// An image from a function of the texel's centre (in 0..1 across and down) giving a premultiplied
/// linear colour, `samples`×`samples` supersampled for smooth edges.
///
/// Painted in bands of rows on every core where there are threads (not in a browser): the start waits for
/// the title's images, and a texel depends on nothing but its place, so the bands give the same bytes as
/// one pass.
pub fn image(width: u32, height: u32, samples: u32, pixel: impl Fn(f32, f32) -> [f32; 4] + Sync) -> Image {
    let row_bytes = (width * 4) as usize;
    let mut data = vec![0u8; row_bytes * height as usize];
    let paint_rows = |rows: &mut [u8], first: u32| {
        for (i, row) in rows.chunks_mut(row_bytes).enumerate() {
            paint_row(row, first + i as u32, width, height, samples, &pixel);
        }
    };
    let threads = painting_threads().min(height.max(1) as usize);
    if threads <= 1 {
        paint_rows(&mut data, 0);
    } else {
        let band = height.div_ceil(threads as u32);
        std::thread::scope(|scope| {
            for (k, rows) in data.chunks_mut(row_bytes * band as usize).enumerate() {
                let paint_rows = &paint_rows;
                scope.spawn(move || paint_rows(rows, k as u32 * band));
            }
        });
    }
    Image::new(
        Extent3d { width, height, depth_or_array_layers: 1 },
        TextureDimension::D2,
        data,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::RENDER_WORLD | RenderAssetUsages::MAIN_WORLD,
    )
}

/// The threads painting shares out its rows to: the cores there are, at most 8; one in a browser, where
/// a thread cannot be started.
fn painting_threads() -> usize {
    if cfg!(target_arch = "wasm32") {
        1
    } else {
        std::thread::available_parallelism().map_or(1, |n| n.get()).min(8)
    }
}

/// One row `y` of an image: its texels' sRGB bytes and alpha.
fn paint_row(
    row: &mut [u8],
    y: u32,
    width: u32,
    height: u32,
    samples: u32,
    pixel: &impl Fn(f32, f32) -> [f32; 4],
) {
    let n = samples.max(1);
    let weight = 1.0 / (n * n) as f32;
    for (x, texel) in (0..width).zip(row.chunks_exact_mut(4)) {
        let mut acc = [0.0f32; 4];
        for sy in 0..n {
            for sx in 0..n {
                let (dx, dy) = ((sx as f32 + 0.5) / n as f32, (sy as f32 + 0.5) / n as f32);
                let p = pixel((x as f32 + dx) / width as f32, (y as f32 + dy) / height as f32);
                for i in 0..4 {
                    acc[i] += p[i] * weight;
                }
            }
        }
        // Premultiplied colours average correctly at the edges; undo it for storage.
        let a = acc[3].clamp(0.0, 1.0);
        for (byte, c) in texel.iter_mut().zip(&acc[..3]) {
            *byte = srgb_byte(if a > 0.0 { c / a } else { 0.0 });
        }
        texel[3] = (a * 255.0).round() as u8;
    }
}

/// Steps of [`srgb_byte`]'s table: fine enough that no sRGB byte is skipped in the dark (one step is under
/// half a byte's there).
const SRGB_STEPS: usize = 8192;

/// A linear value in 0..1 as an sRGB byte, from a table: the conversion's power was the painting's costliest
/// step (three a texel, a million texels at the start).
fn srgb_byte(linear: f32) -> u8 {
    static TABLE: std::sync::OnceLock<Vec<u8>> = std::sync::OnceLock::new();
    let table = TABLE.get_or_init(|| {
        (0..SRGB_STEPS).map(|i| (to_srgb(i as f32 / (SRGB_STEPS - 1) as f32) * 255.0).round() as u8).collect()
    });
    table[(linear.clamp(0.0, 1.0) * (SRGB_STEPS - 1) as f32).round() as usize]
}

fn to_srgb(linear: f32) -> f32 {
    if linear <= 0.003_130_8 { linear * 12.92 } else { 1.055 * linear.powf(1.0 / 2.4) - 0.055 }
}

fn to_linear(srgb: f32) -> f32 {
    if srgb <= 0.040_45 { srgb / 12.92 } else { ((srgb + 0.055) / 1.055).powf(2.4) }
}

fn linear(rgb: [f32; 3]) -> [f32; 3] {
    rgb.map(to_linear)
}

fn scale(rgb: [f32; 3], k: f32) -> [f32; 3] {
    rgb.map(|c| c * k)
}

fn mix(a: [f32; 3], b: [f32; 3], t: f32) -> [f32; 3] {
    [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t]
}

fn smooth(edge0: f32, edge1: f32, x: f32) -> f32 {
    let t = ((x - edge0) / (edge1 - edge0)).clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

/// Premultiplied RGBA from a linear colour and coverage.
fn premul(rgb: [f32; 3], a: f32) -> [f32; 4] {
    [rgb[0] * a, rgb[1] * a, rgb[2] * a, a]
}

/// `top` laid over `below`, both premultiplied.
fn over(top: [f32; 4], below: [f32; 4]) -> [f32; 4] {
    let k = 1.0 - top[3];
    [top[0] + below[0] * k, top[1] + below[1] * k, top[2] + below[2] * k, top[3] + below[3] * k]
}

/// A number in 0..1 from a texel and a salt, for the wood's fine fibres: the same on every device.
fn hash(x: f32, y: f32, salt: u32) -> f32 {
    let mut h = (x as i32 as u32).wrapping_mul(374_761_393)
        ^ (y as i32 as u32).wrapping_mul(668_265_263)
        ^ salt.wrapping_mul(2_246_822_519);
    h = (h ^ (h >> 13)).wrapping_mul(1_274_126_177);
    (h ^ (h >> 16)) as f32 / u32::MAX as f32
}

/// The stones' atlas: [`STONE_VARIANTS`] lit balls, each with a soft contact shadow down and to the
/// right. A ball: diffuse light from [`LIGHT`], a glossy highlight, a darker rim that sets it off the
/// floor, and (wooden korgools) faint growth rings.
pub fn stone_atlas(p: &Palette) -> Image {
    let cells = STONE_VARIANTS as f32;
    let base = linear(p.stone);
    let grain = p.stone_grain;
    image(STONE_CELL * STONE_VARIANTS as u32, STONE_CELL, 2, move |u, v| {
        let cell = (u * cells).floor().min(cells - 1.0);
        let variant = cell as u32;
        let (cu, cv) = (u * cells - cell, v);
        // Each variant: a slightly different size, tone and grain.
        let size = STONE_BALL * (0.97 + 0.03 * hash(variant as f32, 1.0, 7));
        let tone = 0.94 + 0.12 * hash(variant as f32, 2.0, 11);
        let phase = hash(variant as f32, 3.0, 13) * std::f32::consts::TAU;
        let radius = size / 2.0;
        let (x, y) = ((cu - 0.5) / radius, (cv - 0.5) / radius);
        let r = (x * x + y * y).sqrt();
        // The contact shadow: a soft disc offset away from the light.
        let (sx, sy) = (x - 0.16, y - 0.2);
        let sr = (sx * sx + sy * sy).sqrt();
        let shadow = 0.55 * (1.0 - smooth(0.75, 1.22, sr));
        let shade = [0.0, 0.0, 0.0, shadow];
        let edge = 1.5 / (STONE_CELL as f32 * radius);
        let coverage = 1.0 - smooth(1.0 - edge, 1.0 + edge, r);
        if coverage <= 0.0 {
            return shade;
        }
        let z = (1.0 - (r * r).min(1.0)).sqrt();
        let n = [x, y, z];
        let diffuse = (n[0] * LIGHT[0] + n[1] * LIGHT[1] + n[2] * LIGHT[2]).max(0.0);
        // Blinn-Phong: the half vector between the light and the viewer.
        let h = {
            let (hx, hy, hz) = (LIGHT[0], LIGHT[1], LIGHT[2] + 1.0);
            let l = (hx * hx + hy * hy + hz * hz).sqrt();
            [hx / l, hy / l, hz / l]
        };
        let spec = (n[0] * h[0] + n[1] * h[1] + n[2] * h[2]).max(0.0).powf(40.0) * 0.45;
        // Growth rings, seen slanting across the ball.
        let rings = ((x * 0.8 + y * 0.35 + 1.3) * 9.0 + phase + (y * 3.0).sin()).sin() * 0.5 + 0.5;
        let albedo = scale(base, tone * (1.0 - grain * rings));
        // Light bouncing from the floor keeps the shaded side from going black; the rim darkens a little.
        let rim = 1.0 - 0.35 * smooth(0.75, 1.0, r);
        let lit = scale(albedo, (0.28 + 0.95 * diffuse) * rim);
        let rgb = [lit[0] + spec, lit[1] + spec, lit[2] + spec];
        over(premul(rgb, coverage), shade)
    })
}

/// The signed distance from a point to a rounded rectangle `w`×`h` with corner radius `r`, centred in
/// it: negative inside.
fn rounded_rect_distance(px: f32, py: f32, w: f32, h: f32, r: f32) -> f32 {
    let qx = (px - w / 2.0).abs() - (w / 2.0 - r);
    let qy = (py - h / 2.0).abs() - (h / 2.0 - r);
    let outside = (qx.max(0.0).powi(2) + qy.max(0.0).powi(2)).sqrt();
    outside + qx.max(qy).min(0.0) - r
}

/// A recess's image, in texels: its side, how far in from the image's edge its outline lies (the lip
/// lies outside it), the radius of the outline's corners, and the width of the wall inside the outline
/// at depth 1. Public because the board's layout keeps the stones inside the outline as it is drawn
/// (`board::layout`): a stone at a hole's corner ran over the rounded rim.
pub const RECESS_TEXELS: f32 = 192.0;
pub const RECESS_LIP: f32 = 4.0;
pub const RECESS_CORNER: f32 = 44.0;
pub const RECESS_WALL: f32 = 14.0;
/// The depth a hole and a kazan are painted at (`recess`).
pub const HOLE_DEPTH: f32 = 1.0;
pub const KAZAN_DEPTH: f32 = 1.4;

/// A recess carved into the wood, [`RECESS_TEXELS`] square, cut by [`recess_slicer`]: a wall that is dark
/// on the side away from the light and lit on the side facing it, the lip's shadow falling across the
/// floor from the upper left, a worn, lighter lip on the far edge, and the floor darkening towards the
/// walls. `depth` deepens the wall and its shadow (a kazan is a deep trough).
fn recess(p: &Palette, depth: f32) -> Image {
    const SIZE: f32 = RECESS_TEXELS;
    const CORNER: f32 = RECESS_CORNER;
    const LIP: f32 = RECESS_LIP;
    let floor = linear(p.floor);
    let wood = linear(p.wood[0]);
    let wall_width = RECESS_WALL * depth;
    image(SIZE as u32, SIZE as u32, 2, move |u, v| {
        let (px, py) = (u * SIZE, v * SIZE);
        // The hole's outline lies `LIP` texels in from the image's edge, leaving room for the lip.
        let inner = |x: f32, y: f32| {
            rounded_rect_distance(x - LIP, y - LIP, SIZE - 2.0 * LIP, SIZE - 2.0 * LIP, CORNER)
        };
        let d = inner(px, py);
        // The outward direction of the rim, from the distance's slope.
        let (gx, gy) = {
            let e = 0.5;
            let gx = inner(px + e, py) - inner(px - e, py);
            let gy = inner(px, py + e) - inner(px, py - e);
            let l = (gx * gx + gy * gy).sqrt().max(1e-6);
            (gx / l, gy / l)
        };
        let facing = -(gx * LIGHT[0] + gy * LIGHT[1]);
        if d > 0.0 {
            // The lip around the hole: worn lighter where it faces the light, darker away from it.
            let band = 1.0 - smooth(0.0, 3.5, d);
            let k = facing.clamp(-1.0, 1.0);
            // A thin groove all round, then the lip lit or shaded.
            let groove = premul([0.0, 0.0, 0.0], 0.3 * (1.0 - smooth(0.0, 1.5, d)));
            let lip = if k > 0.0 {
                premul([1.0, 0.95, 0.85], 0.4 * k * band)
            } else {
                [0.0, 0.0, 0.0, -0.4 * k * band]
            };
            return over(groove, lip);
        }
        let coverage = 1.0 - smooth(-1.2, 0.0, d);
        // The wall: the stretch just inside the outline, sloping down to the floor.
        let into = -d;
        let wall = 1.0 - smooth(0.0, wall_width, into);
        let wall_light = (0.55 + 0.65 * facing).clamp(0.15, 1.3);
        // The lip's shadow on the floor: from the upper left, where the wall stands between the floor and
        // the light; soft at its edge.
        let reach = 24.0 * depth;
        let toward_light = inner(px + LIGHT[0] * reach, py + LIGHT[1] * reach);
        let shadowed = smooth(-12.0 * depth, 3.0, toward_light);
        // The floor gathers less light near the walls.
        let occlusion = 0.7 + 0.3 * smooth(0.0, 36.0 * depth, into);
        let floor_lit = scale(floor, occlusion * (1.0 - 0.45 * shadowed));
        let wall_rgb = scale(mix(wood, floor, 0.6), wall_light * 0.85);
        let rgb = mix(floor_lit, wall_rgb, wall * 0.9);
        premul(rgb, coverage.clamp(0.0, 1.0))
    })
}

/// A hole.
pub fn hole_image(p: &Palette) -> Image {
    recess(p, HOLE_DEPTH)
}

/// A kazan: a deeper trough than a hole.
pub fn kazan_image(p: &Palette) -> Image {
    recess(p, KAZAN_DEPTH)
}

/// The board: oiled wood with its grain along the board's length, fine fibres, a few darker streaks, a
/// soft sheen from the light, and a bevelled, rounded edge (lit on the upper left). One sample a texel: the
/// grain is smooth enough, and it keeps the painting quick on a phone.
pub fn wood_image(p: &Palette, width: u32, height: u32) -> Image {
    let (light, dark) = (linear(p.wood[0]), linear(p.wood[1]));
    let (w, h) = (width as f32, height as f32);
    let along_x = width >= height;
    // The waves that depend on the place along the grain alone, or across it alone, are worked out once a
    // column or a row, not once a texel (a texel's centre is at half a texel): the wood was the costliest
    // image of the start, and a browser's sine is slow.
    let (along, across) = if along_x { (width, height) } else { (height, width) };
    let along_waves: Vec<(f32, f32)> = (0..along)
        .map(|i| {
            let s = i as f32 + 0.5;
            ((s * 0.004).sin() * 9.0, (s * 0.002).sin() * 1.8)
        })
        .collect();
    let across_waves: Vec<f32> = (0..across).map(|i| ((i as f32 + 0.5) * 0.013).sin() * 4.0).collect();
    image(width, height, 1, move |u, v| {
        // `s` runs along the grain, `t` across it.
        let (s, t) = if along_x { (u * w, v * h) } else { (v * h, u * w) };
        let (slow_warp, wide_bend) = along_waves[(s as usize).min(along_waves.len() - 1)];
        let warp = slow_warp
            + (s * 0.011 + t * 0.002).sin() * 3.0
            + across_waves[(t as usize).min(across_waves.len() - 1)];
        let lines = ((t + warp) * 0.23).sin() * 0.5 + 0.5;
        let wide = (t * 0.031 + wide_bend).sin() * 0.5 + 0.5;
        let wide = wide * wide * wide;
        let fibre =
            hash((s * 0.25).floor(), t.floor(), 3) * 0.5 + hash(s.floor(), (t * 0.5).floor(), 5) * 0.5;
        let grain = (0.55 * lines * lines * lines.sqrt() + 0.35 * wide + 0.10 * fibre).clamp(0.0, 1.0);
        let mut rgb = mix(light, dark, grain);
        // A sheen across the board from the light, like oil on wood.
        let sheen = 1.0 + 0.08 * (1.0 - ((u - 0.3).powi(2) + (v - 0.25).powi(2)).sqrt() * 1.4).max(0.0);
        rgb = scale(rgb, sheen);
        // The edge: rounded corners and a bevel lit on the upper left, shaded on the lower right.
        let (px, py) = (u * w, v * h);
        let d = rounded_rect_distance(px, py, w, h, 40.0);
        let coverage = 1.0 - smooth(-1.5, 0.0, d);
        let bevel = 1.0 - smooth(0.0, 14.0, -d);
        // The bevel slopes down and out: lit where its outward direction points towards the light (inside
        // the bevel only: elsewhere its light would be multiplied by nothing).
        if bevel > 0.0 {
            let edge = |x: f32, y: f32| rounded_rect_distance(x, y, w, h, 40.0);
            let (gx, gy) = (edge(px + 0.5, py) - edge(px - 0.5, py), edge(px, py + 0.5) - edge(px, py - 0.5));
            let l = (gx * gx + gy * gy).sqrt().max(1e-6);
            let side = (gx * LIGHT[0] + gy * LIGHT[1]) / l;
            rgb = scale(rgb, 1.0 + bevel * 0.35 * side);
        }
        premul(rgb, coverage)
    })
}

/// The tuzdik's mark: a carved ring in its owner's tone (White's ivory with a dark groove, Black's
/// charcoal with a lit edge), told apart by lightness and by its rim, never by hue alone, and readable
/// on either wood.
pub fn tuzdik_image(owner: Side) -> Image {
    let (body, edge) = match owner {
        Side::White => ([0.93, 0.89, 0.80], [0.10, 0.07, 0.05]),
        Side::Black => ([0.10, 0.09, 0.09], [0.93, 0.89, 0.80]),
    };
    let (body, edge) = (linear(body), linear(edge));
    image(128, 128, 2, move |u, v| {
        let (x, y) = (u * 2.0 - 1.0, v * 2.0 - 1.0);
        let r = (x * x + y * y).sqrt();
        let outer = smooth(0.66, 0.70, r) * (1.0 - smooth(0.96, 0.99, r));
        let band = smooth(0.72, 0.75, r) * (1.0 - smooth(0.90, 0.93, r));
        // The ring is rounded: lit on its upper left, shaded on its lower right.
        let (nx, ny) = if r > 0.0 { (x / r, y / r) } else { (0.0, 0.0) };
        let across = ((r - 0.825) / 0.09).clamp(-1.0, 1.0);
        let light = 0.85 + 0.3 * (-(nx * LIGHT[0] + ny * LIGHT[1]) * across);
        let rgb = mix(edge, scale(body, light), band);
        premul(rgb, outer)
    })
}

/// A ring (the tuzdik mark and the landing highlight), white so that sprites tint it.
pub(crate) fn ring(size: u32) -> Image {
    image(size, size, 2, |u, v| {
        let (x, y) = (u * 2.0 - 1.0, v * 2.0 - 1.0);
        let r = (x * x + y * y).sqrt();
        let band = smooth(0.70, 0.76, r) * (1.0 - smooth(0.92, 0.98, r));
        premul([1.0, 1.0, 1.0], band)
    })
}

/// A soft glow, for the hole the long-press hint lights.
pub(crate) fn glow(size: u32) -> Image {
    image(size, size, 2, |u, v| {
        let (x, y) = (u * 2.0 - 1.0, v * 2.0 - 1.0);
        let r = (x * x + y * y).sqrt();
        premul([1.0, 1.0, 1.0], (1.0 - r).max(0.0).powf(1.5))
    })
}

/// A five-pointed star filling the image, its points up, its edge smoothed over a pixel or two.
pub(crate) fn star(size: u32) -> Image {
    image(size, size, 2, |u, v| {
        // Centred, y up, the star a little low so that it sits in the middle of its box.
        let (x, y) = (u * 2.0 - 1.0, 1.0 - v * 2.0 + 0.08);
        let r = (x * x + y * y).sqrt();
        let angle = x.atan2(y).rem_euclid(std::f32::consts::TAU / 5.0) - std::f32::consts::PI / 5.0;
        // The outline between a point (radius 1) and a notch (0.45), straight edges between them.
        let (outer, inner) = (0.98, 0.42);
        let t = angle.abs() / (std::f32::consts::PI / 5.0);
        let tip = Vec2::new(0.0, outer);
        let notch = Vec2::from_angle(std::f32::consts::FRAC_PI_2 - std::f32::consts::PI / 5.0) * inner;
        let edge = tip.lerp(notch, t).length();
        premul([1.0, 1.0, 1.0], 1.0 - smooth(edge - 0.04, edge, r))
    })
}

/// A filled disc, for count badges.
pub(crate) fn disc(size: u32) -> Image {
    image(size, size, 2, |u, v| {
        let (x, y) = (u * 2.0 - 1.0, v * 2.0 - 1.0);
        let r = (x * x + y * y).sqrt();
        premul([1.0, 1.0, 1.0], 1.0 - smooth(0.9, 1.0, r))
    })
}
