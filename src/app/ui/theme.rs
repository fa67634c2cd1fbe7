//! Colours and the board's look. The wood, the holes, the kazans and the stones are painted on the CPU at
//! start-up (no image files to ship or load, and nothing a GPU must compile: the same on WebGL2 and
//! OpenGL ES 3), all lit by one light from the upper left, so the board reads as carved wood with stones
//! lying in it. Two sets ([`StoneSet`]): dark korgools on light wood, ivory stones on dark walnut.
//! Painting is deterministic (no randomness), so two starts draw the same board.
//!
//! A start paints only what the title shows (the stones, a hole, a kazan and the board of the window's
//! shape); the rest follows one image a frame once the title has been drawn ([`Unpainted`]), or all at once
//! as soon as another screen is entered, so no board is ever shown with an image missing. The board of the
//! other shape is painted only when the window takes that shape. Until its turn an image's handle holds
//! one clear texel.
//!
//! Side colours: the two players are told apart by lightness (ivory and charcoal) and by shape (a ring
//! for a tuzdik, a filled badge for a turn), never by hue alone, so they stay distinct for colour-blind
//! players.

use bevy::image::Image;
use bevy::prelude::*;
use bevy::sprite::{BorderRect, TextureSlicer};
use bevy::window::{PrimaryWindow, RequestRedraw};

#[cfg(target_arch = "wasm32")]
use crate::app::platform::web;
use crate::app::state::launch::Launch;
use crate::app::state::screen::Screen;
use crate::app::state::settings::{Settings, StoneSet};
pub use crate::app::ui::painting::{
    HOLE_DEPTH, KAZAN_DEPTH, Palette, RECESS_CORNER, RECESS_LIP, RECESS_TEXELS, RECESS_WALL, STONE_BALL,
    STONE_CELL, STONE_VARIANTS, hole_image, kazan_image, palette, stone_atlas, tuzdik_image, wood_image,
};
use crate::app::ui::painting::{disc, glow, image, ring, star};
use crate::rules::Side;

pub const BACKGROUND: Color = Color::srgb(0.13, 0.09, 0.07);
pub const TEXT: Color = Color::srgb(0.97, 0.93, 0.85);
pub const TEXT_DIM: Color = Color::srgba(0.97, 0.93, 0.85, 0.6);
pub const HIGHLIGHT: Color = Color::srgb(0.94, 0.89, 0.26);
/// A clock standing still: a dark chip, its time in the usual light text.
pub const CLOCK_IDLE: Color = Color::srgba(0.0, 0.0, 0.0, 0.35);
/// The clock that runs: a light chip, its time dark (`CLOCK_TEXT_LIT`), seen from across a table.
pub const CLOCK_RUNNING: Color = Color::srgb(0.96, 0.91, 0.76);
/// A clock in its last seconds, or whose flag fell.
pub const CLOCK_LOW: Color = Color::srgb(0.86, 0.22, 0.16);
/// The time on a lit clock.
pub const CLOCK_TEXT_LIT: Color = Color::srgb(0.12, 0.08, 0.05);
// Opaque: nothing under a panel (a result, a message, the title's buttons) may show through its card.
pub const PANEL: Color = Color::srgb(0.10, 0.07, 0.05);
pub const BUTTON: Color = Color::srgb(0.45, 0.27, 0.14);
pub const BUTTON_HOVER: Color = Color::srgb(0.55, 0.34, 0.18);
pub const BUTTON_PRESSED: Color = Color::srgb(0.35, 0.20, 0.10);
pub const BUTTON_SELECTED: Color = Color::srgb(0.78, 0.55, 0.20);
pub const WARNING: Color = Color::srgb(0.90, 0.38, 0.0);
/// Where a long-pressed hole's last stone lands: a cool light, never the warm yellow of the last move's
/// marks or the hint's ring, so each mark on the board means one thing at a glance.
pub const LANDING: Color = Color::srgb(0.45, 0.86, 0.97);
/// Words that say a task went right (a puzzle solved): green, not the yellow of a hint or a mark.
pub const SUCCESS: Color = Color::srgb(0.56, 0.87, 0.45);
/// Words that say a move was wrong: a soft red that reads on a panel, never the yellow of success.
pub const MISS: Color = Color::srgb(1.0, 0.56, 0.46);
/// Under words laid over a picture (the title's board): dark enough that [`TEXT_DIM`] reads at 4.5:1 or
/// more over the brightest thing the picture shows (an ivory stone).
pub const SCRIM: Color = Color::srgba(0.10, 0.07, 0.05, 0.75);

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

/// The part of the stones' atlas a stone draws: its variant's cell.
pub fn stone_cell(id: u8) -> Rect {
    let i = usize::from(id) % STONE_VARIANTS;
    let c = STONE_CELL as f32;
    Rect::new(i as f32 * c, 0.0, (i + 1) as f32 * c, c)
}

/// How a hole's or a kazan's image is cut, so that its rounded rim keeps its shape at any size: its lip
/// and corner (48 texels) at each edge, drawn at most [`RECESS_CORNER_SCALE`] of their size (19 logical
/// pixels), less on a place narrower than the image.
pub fn recess_slicer() -> TextureSlicer {
    TextureSlicer {
        border: BorderRect::all(RECESS_LIP + RECESS_CORNER),
        max_corner_scale: RECESS_CORNER_SCALE,
        ..default()
    }
}

/// The most a recess's corners are scaled ([`recess_slicer`]); the board's layout reads it to keep the
/// stones inside the rounded corners as drawn.
pub const RECESS_CORNER_SCALE: f32 = 0.4;

/// How a ring drawn around a hole or a kazan is cut: its quarter circles are the corners and its band
/// the sides, so around a long hole it is a rounded rectangle with a band of one width (stretched whole, it
/// was an oval, thick on its long sides), its corners at most 28 logical pixels round. The borders leave
/// the ring's top and bottom four texels to stretch: Bevy slices nothing whose borders meet.
pub fn ring_slicer() -> TextureSlicer {
    TextureSlicer { border: BorderRect::all(62.0), max_corner_scale: 0.45, ..default() }
}

/// How the board's image is cut: its bevelled edge and rounded corners keep their size.
pub fn board_slicer() -> TextureSlicer {
    TextureSlicer { border: BorderRect::all(56.0), max_corner_scale: 0.45, ..default() }
}

/// The painted images, made at start-up and painted again when the player chooses other stones.
#[derive(Resource, Clone)]
pub struct Art {
    /// The stones' atlas: [`STONE_VARIANTS`] cells of [`STONE_CELL`] texels side by side.
    pub stones: Handle<Image>,
    /// A hole and a kazan, carved into the wood (drawn sliced: [`recess_slicer`]).
    pub hole: Handle<Image>,
    pub kazan: Handle<Image>,
    /// The board, its grain along its length: a wide board (a tablet's rows) and a tall one (a phone's
    /// columns), drawn sliced ([`board_slicer`]).
    pub board_wide: Handle<Image>,
    pub board_tall: Handle<Image>,
    /// The tuzdik's carved ring, in its owner's tone: White's, then Black's.
    pub tuzdik: [Handle<Image>; 2],
    pub ring: Handle<Image>,
    pub glow: Handle<Image>,
    pub disc: Handle<Image>,
    /// A five-pointed star, white to be tinted: a puzzle's stars (the bundled fonts have no star glyph).
    pub star: Handle<Image>,
}

/// A text set in the display face (the game's name, the headings of screens and panels): its font is given
/// when it appears. The face has every letter of the eight languages (`tests/suite/locale.rs` checks it), so
/// no language needs the body font instead.
#[derive(Component, Clone, Copy, Debug, Default)]
pub struct DisplayFace;

fn use_display_face(fonts: Option<Res<Fonts>>, mut texts: Query<&mut TextFont, Added<DisplayFace>>) {
    let Some(fonts) = fonts else { return };
    for mut font in &mut texts {
        font.font = fonts.display.clone().into();
    }
}

/// The set of stones the images show now.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PaintedSet(pub StoneSet);

/// Painting the images: after the save is read (`saves::persistence` orders it), so the player's own
/// stones are the ones painted first.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Paint;

pub(crate) fn plugin(app: &mut App) {
    use_bundled_font(app);
    add_display_font(app);
    app.init_resource::<Unpainted>()
        .add_systems(PreStartup, paint.in_set(Paint))
        .add_systems(Update, (repaint_on_change, paint_later, use_display_face).chain());
}

/// The images a start leaves for after its first frames, in the order they are painted.
#[derive(Resource, Default, Debug)]
pub struct Unpainted(pub Vec<Later>);

/// An image of [`Art`] painted after the title is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Later {
    BoardWide,
    BoardTall,
    Tuzdik(Side),
    Ring,
    Glow,
    Disc,
    Star,
}

/// Frames run before the images left for later are painted: the title's first frame is drawn by then.
const FRAMES_BEFORE_LATER: u32 = 3;

impl Later {
    fn handle(self, art: &Art) -> &Handle<Image> {
        match self {
            Later::BoardWide => &art.board_wide,
            Later::BoardTall => &art.board_tall,
            Later::Tuzdik(side) => &art.tuzdik[side.index()],
            Later::Ring => &art.ring,
            Later::Glow => &art.glow,
            Later::Disc => &art.disc,
            Later::Star => &art.star,
        }
    }

    fn paint(self, p: &Palette) -> Image {
        match self {
            Later::BoardWide => wood_image(p, 1024, 512),
            Later::BoardTall => wood_image(p, 512, 1024),
            Later::Tuzdik(side) => tuzdik_image(side),
            Later::Ring => ring(128),
            Later::Glow => glow(128),
            Later::Disc => disc(64),
            Later::Star => star(64),
        }
    }
}

/// One clear texel: what an image left for later holds until it is painted.
fn clear_texel() -> Image {
    image(1, 1, 1, |_, _| [0.0; 4])
}

fn paint(
    mut commands: Commands,
    images: Option<ResMut<Assets<Image>>>,
    settings: Option<Res<Settings>>,
    windows: Query<&Window, With<PrimaryWindow>>,
    launch: Option<Res<Launch>>,
) {
    let set = settings.map_or_else(StoneSet::default, |s| s.stones);
    commands.insert_resource(PaintedSet(set));
    // Headless runs (tests) have no asset storage: the board works the same with empty images.
    let Some(mut images) = images else {
        let none = Handle::<Image>::default();
        commands.insert_resource(Art {
            stones: none.clone(),
            hole: none.clone(),
            kazan: none.clone(),
            board_wide: none.clone(),
            board_tall: none.clone(),
            tuzdik: [none.clone(), none.clone()],
            ring: none.clone(),
            glow: none.clone(),
            disc: none.clone(),
            star: none,
        });
        return;
    };
    let started = web_time::Instant::now();
    let p = palette(set);
    // The board of the window's shape (`board::layout` stands it up when the window is at least as tall as
    // it is wide).
    let other = other_board(board_shown(windows.iter().next()));
    let mut left = vec![
        other,
        Later::Tuzdik(Side::White),
        Later::Tuzdik(Side::Black),
        Later::Ring,
        Later::Glow,
        Later::Disc,
        Later::Star,
    ];
    // A screenshot shows a screen at once: everything is painted before its first frame.
    if launch.is_some_and(|l| l.screenshot.is_some()) {
        left.clear();
    }
    let (stones, hole, kazan) =
        (images.add(stone_atlas(&p)), images.add(hole_image(&p)), images.add(kazan_image(&p)));
    let mut add =
        |l: Later| if left.contains(&l) { images.add(clear_texel()) } else { images.add(l.paint(&p)) };
    let art = Art {
        stones,
        hole,
        kazan,
        board_wide: add(Later::BoardWide),
        board_tall: add(Later::BoardTall),
        tuzdik: [add(Later::Tuzdik(Side::White)), add(Later::Tuzdik(Side::Black))],
        ring: add(Later::Ring),
        glow: add(Later::Glow),
        disc: add(Later::Disc),
        star: add(Later::Star),
    };
    commands.insert_resource(art);
    commands.insert_resource(Unpainted(left));
    debug!("the title's images painted in {} ms", started.elapsed().as_millis());
}

/// The board the screen shows now: `board::layout` stands it up when the window is at least as tall as it
/// is wide; a window not yet known counts as a phone's. On the web it is the page's shape: the game's
/// window takes the canvas's size only a few frames into the start (it has Bevy's wide default until
/// then), and a phone's start painted the wide board first, then the tall one, before its title.
fn board_shown(window: Option<&Window>) -> Later {
    let tall = window.is_none_or(|w| w.height() >= w.width());
    #[cfg(target_arch = "wasm32")]
    let tall = web::page_is_tall().unwrap_or(tall);
    if tall { Later::BoardTall } else { Later::BoardWide }
}

/// The board of the other shape.
fn other_board(board: Later) -> Later {
    if board == Later::BoardTall { Later::BoardWide } else { Later::BoardTall }
}

/// Paints the images a start left for later: one a frame on the title once it has been drawn (asking for
/// the next frame, as a title at rest draws none), all at once on any other screen. The board the window
/// shows now is painted at once (the web's canvas may have taken its shape after the start painted); the
/// board of the other shape waits until the window takes that shape (a tablet turned): a window of one
/// shape never shows it, and painted it held a second copy of the wood on the GPU (2 MB).
fn paint_later(
    mut unpainted: ResMut<Unpainted>,
    mut frames: Local<u32>,
    art: Option<Res<Art>>,
    painted: Option<Res<PaintedSet>>,
    images: Option<ResMut<Assets<Image>>>,
    screen: Option<Res<State<Screen>>>,
    windows: Query<&Window, With<PrimaryWindow>>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let (Some(art), Some(painted), Some(mut images)) = (art, painted, images) else { return };
    let shown = board_shown(windows.iter().next());
    let hidden = other_board(shown);
    // Nothing left, or only the board of the other shape, which waits for the window to turn: the list is
    // not touched (sorted each frame, it was marked changed each frame for as long as the app ran).
    if unpainted.0.iter().all(|l| *l == hidden) {
        return;
    }
    *frames += 1;
    let on_title = screen.is_none_or(|s| *s.get() == Screen::Title);
    // The board on screen goes first, the other board last (and it is not painted).
    unpainted.0.sort_by_key(|l| {
        if *l == shown {
            0
        } else if *l == hidden {
            2
        } else {
            1
        }
    });
    let ready = unpainted.0.iter().filter(|l| **l != hidden).count();
    let count = if !on_title {
        ready
    } else if unpainted.0[0] == shown || *frames >= FRAMES_BEFORE_LATER {
        1
    } else {
        0
    };
    let p = palette(painted.0);
    for later in unpainted.0.drain(..count) {
        if let Err(e) = images.insert(later.handle(&art).id(), later.paint(&p)) {
            warn!("the board's images could not all be painted: {e:?}");
        }
    }
    if ready > count {
        redraw.write(RequestRedraw);
    }
}

/// The player chose other stones: the images that depend on the set are painted again in place, so
/// every sprite showing them changes with no entity touched.
fn repaint_on_change(
    unpainted: Res<Unpainted>,
    settings: Option<Res<Settings>>,
    painted: Option<ResMut<PaintedSet>>,
    art: Option<Res<Art>>,
    images: Option<ResMut<Assets<Image>>>,
) {
    let (Some(settings), Some(mut painted), Some(art), Some(mut images)) = (settings, painted, art, images)
    else {
        return;
    };
    if !settings.is_changed() || painted.0 == settings.stones {
        return;
    }
    painted.0 = settings.stones;
    let p = palette(settings.stones);
    // A board not painted yet keeps its clear texel: it is painted in the new set when its turn comes.
    let boards = [Later::BoardWide, Later::BoardTall].into_iter().filter(|b| !unpainted.0.contains(b));
    let boards: Vec<(&Handle<Image>, Image)> = boards.map(|b| (b.handle(&art), b.paint(&p))).collect();
    let set = [(&art.stones, stone_atlas(&p)), (&art.hole, hole_image(&p)), (&art.kazan, kazan_image(&p))];
    for (handle, image) in set.into_iter().chain(boards) {
        if let Err(e) = images.insert(handle.id(), image) {
            warn!("the board's look could not be changed: {e:?}");
        }
    }
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
    // No multisampling: every edge the game draws is smoothed already (the painted images' own soft edges,
    // the panels' rounded corners in the UI's shader), and four samples a pixel made the largest buffer of
    // the frame (47 MB on a phone of 1170x2532, 90 MB on a 12.9-inch iPad) and the software renderers'
    // longest work.
    commands.spawn((Name::new("Camera"), Camera2d, Msaa::Off));
}
