//! Where everything sits on the screen, for any window size: pure geometry, recomputed on resize or flip.
//!
//! Landscape (a tablet): two rows of nine holes with the two kazans between them, the near side's row at the
//! bottom. Portrait (a phone): nine holes across 390 pixels would make holes narrower than a finger, so the
//! board turns a quarter: the near side's holes run up the right column, the far side's down the left
//! column, the kazans side by side in the middle. Sowing still runs counter-clockwise on screen.
//!
//! Coordinates are Bevy's 2D world coordinates: logical pixels, origin at the window's centre, y up.
//!
//! Invariants of the stones' places: a stone's place depends on its place and its index alone (nothing
//! lying moves when another lands, and the sowing flies each stone to its slot); every stone lies inside
//! its hole's or kazan's outline as drawn (`painting::recess` cut by `theme::recess_slicer`, rounded
//! corners included); the stones of a hole's pattern and of a kazan's rows never overlap, and past them
//! a second layer rests in the hollows of the first.

use bevy::math::{Rect, Vec2};

use crate::app::ui::theme::{
    HOLE_DEPTH, KAZAN_DEPTH, RECESS_CORNER, RECESS_CORNER_SCALE, RECESS_LIP, RECESS_TEXELS, RECESS_WALL,
};
use crate::rules::{Hole, Place, Side};

// The screen's rooms (the bars, a lesson's panel, review's analysis) are `rooms`'; named here too, where
// the board's callers have always found them.
pub use crate::app::board::rooms::{
    BOTTOM_BAR, TOP_BAR, analysis_room, bar_heights, lesson_room, text_scale,
};

/// Every hole must be at least this big a touch target (Apple's and Google's guidance: 44 pt / 48 dp).
pub const MIN_TOUCH: f32 = 44.0;
/// The strip along each player's edge of the board where the holes' counts are written.
pub const LABEL_BAND: f32 = 26.0;
/// Stones every hole shows as a tidy pattern of pairs, whatever the screen; beyond its capacity, a heap
/// with its number.
pub const PATTERN_STONES: usize = 20;
/// Stones a roomy hole (a tablet's) shows as pairs, where its stones stay [`COUNTABLE`] or larger. Not
/// more: room for 40 made a tablet's stones so small that a hole's nine lay bunched along its outer edge;
/// 30 draws them 26 to 28 px on a 1366×1024 tablet, and a hole holds more than 30 stones rarely enough
/// that a heap with its number is fine there.
pub const ROOMY_STONES: usize = 30;
/// The diameter, in logical pixels, a stone needs to be counted at a glance on a phone (about 2.2 mm on
/// a 390-point-wide phone): holes of up to [`PATTERN_STONES`] show their stones at least this large
/// wherever the hole has the room.
pub const COUNTABLE: f32 = 14.0;
/// The largest stone drawn, however large the screen.
const LARGEST_STONE: f32 = 48.0;
/// The gap between two pairs of a row, as a share of the stone's diameter: a pair reads as a pair
/// because its stones touch while pairs stand apart.
const PAIR_GAP: f32 = 0.30;
/// The gap between two rows of a hole, as a share of the stone's diameter: at least `ROW_GAP`, and up
/// to `MAX_ROW_GAP` where the hole has depth to spare, so that its rows stand apart instead of touching.
const ROW_GAP: f32 = 0.05;
const MAX_ROW_GAP: f32 = 0.25;
/// The gap between two stones of a kazan, across and along it, as a share of the stone's diameter.
const KAZAN_GAP: f32 = 0.08;
/// The share of its wall next to the outline that a place's stones keep clear of: they may rest against
/// the wall, never on the lip or past it.
const RIM_CLEARANCE: f32 = 0.1;
/// How much closer to the middle of its place each layer of a heap past the first two lies, as a share
/// of the way: the heap narrows as it rises (down to [`HEAP_TOP`] of the pattern's spread), and so stays
/// inside the place.
const HEAP_NARROWING: f32 = 0.15;
const HEAP_TOP: f32 = 0.4;

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Orientation {
    Landscape,
    Portrait,
}

/// The geometry of the board for one window size and one choice of near side.
#[derive(bevy::prelude::Resource, Clone, Debug, PartialEq)]
pub struct BoardLayout {
    pub window: Vec2,
    pub orientation: Orientation,
    /// The side whose holes are nearest the viewer (bottom row, or right column).
    pub near: Side,
    /// The wooden board.
    pub board: Rect,
    holes: [[Rect; 9]; 2],
    kazans: [Rect; 2],
    /// Stone diameter.
    pub stone: f32,
    /// Heights of the HUD's top and bottom bars, the system's insets included.
    pub top_bar: f32,
    pub bottom_bar: f32,
    /// The strip along each player's edge where the counts are written.
    pub band: f32,
}

/// A rectangle that is never negative: in a window too small for the board (a split-screen strip, a
/// browser with its tools docked) the sums above go below zero, and `Rect::from_center_size` panics on a
/// negative size. The board then shrinks to nothing and [`too_small`] covers it with a card instead.
fn rect(center: Vec2, size: Vec2) -> Rect {
    let size = Vec2::new(finite_or_zero(size.x), finite_or_zero(size.y));
    Rect::from_center_size(center, size)
}

fn finite_or_zero(v: f32) -> f32 {
    if v.is_finite() { v.max(0.0) } else { 0.0 }
}

/// The smallest window, in logical pixels, whose board still has holes a finger can tell apart; below it
/// the screen shows a card asking for a larger window instead of a board too small to play.
pub const MIN_WINDOW: Vec2 = Vec2::new(240.0, 240.0);

/// The smallest hole, in logical pixels, the board is drawn with; below it, the card.
pub const MIN_HOLE: f32 = 16.0;

/// Whether the window is too small to play in (a strip of a split screen, a window dragged small, a
/// window so wide and short that its holes are slivers).
pub fn too_small(window: Vec2) -> bool {
    if !(window.x >= MIN_WINDOW.x && window.y >= MIN_WINDOW.y) {
        return true;
    }
    let hole = BoardLayout::new(window, Side::White).hole(Side::White, Hole::from_index(0)).size();
    hole.min_element() < MIN_HOLE
}

impl BoardLayout {
    pub fn new(window: Vec2, near: Side) -> BoardLayout {
        BoardLayout::with_insets(window, near, [0.0; 4])
    }

    /// The layout inside a window whose edges the system covers by `insets` (top, right, bottom, left):
    /// the bars grow by the top and bottom insets, the board stays clear of the side ones.
    pub fn with_insets(window: Vec2, near: Side, insets: [f32; 4]) -> BoardLayout {
        BoardLayout::with_room(window, near, insets, [0.0; 4])
    }

    /// As [`BoardLayout::with_insets`], with `room` (top, right, bottom, left) kept beside the board for a
    /// panel of the screen: the bars keep the size the window gives them, and the room lies between
    /// them and the board.
    pub fn with_room(window: Vec2, near: Side, insets: [f32; 4], room: [f32; 4]) -> BoardLayout {
        let [inset_top, inset_right, inset_bottom, inset_left] = insets.map(|v| v.max(0.0));
        let [room_top, room_right, room_bottom, room_left] = room.map(|v| v.max(0.0));
        let orientation = if window.y >= window.x { Orientation::Portrait } else { Orientation::Landscape };
        let margin = (window.x.min(window.y) * 0.025).clamp(6.0, 24.0);
        let (top_bar, bottom_bar) = bar_heights(window - Vec2::new(0.0, inset_top + inset_bottom));
        let (top_bar, bottom_bar) = (top_bar + inset_top + room_top, bottom_bar + inset_bottom + room_bottom);
        let (inset_left, inset_right) = (inset_left + room_left, inset_right + room_right);
        let top = window.y / 2.0 - top_bar;
        let bottom = -window.y / 2.0 + bottom_bar;
        let area = Rect::new(
            -window.x / 2.0 + margin + inset_left,
            bottom,
            window.x / 2.0 - margin - inset_right,
            top,
        );
        let pad = margin * 0.8;
        let band = if window.y < 560.0 { LABEL_BAND * 0.8 } else { LABEL_BAND * text_scale(window) };
        let far = near.opponent();
        let mut holes = [[Rect::default(); 9]; 2];
        let mut kazans = [Rect::default(); 2];
        let board;
        match orientation {
            Orientation::Landscape => {
                // Rows of nine holes: hole width from the width, rows from the height.
                let w = area.width() - 2.0 * pad;
                // Bounded by the height too: a window far wider than tall left no room for the rows.
                let gap = (w / 9.0 * 0.08).max(3.0).min((area.height() * 0.04).max(1.0));
                let hole_w = (w - 8.0 * gap) / 9.0;
                let h = area.height() - 2.0 * pad - 2.0 * band;
                let kazan_h = (h * 0.13).clamp(24.0, 120.0);
                let row_h = ((h - 2.0 * kazan_h - 3.0 * gap) / 2.0).min(hole_w * 2.6);
                let used = 2.0 * row_h + 2.0 * kazan_h + 3.0 * gap + 2.0 * pad + 2.0 * band;
                board = rect(area.center(), Vec2::new(area.width(), used));
                let left = board.min.x + pad + hole_w / 2.0;
                let near_y = board.min.y + pad + band + row_h / 2.0;
                let far_y = board.max.y - pad - band - row_h / 2.0;
                for i in 0..9 {
                    let x = left + i as f32 * (hole_w + gap);
                    let size = Vec2::new(hole_w, row_h);
                    // Near row: hole 1 on the left. Far row: its hole 1 on the right (its own left).
                    holes[near.index()][i] = rect(Vec2::new(x, near_y), size);
                    holes[far.index()][8 - i] = rect(Vec2::new(x, far_y), size);
                }
                let kazan_w = board.width() - 2.0 * pad;
                let near_k = near_y + row_h / 2.0 + gap + kazan_h / 2.0;
                kazans[near.index()] = rect(Vec2::new(board.center().x, near_k), Vec2::new(kazan_w, kazan_h));
                kazans[far.index()] =
                    rect(Vec2::new(board.center().x, near_k + kazan_h + gap), Vec2::new(kazan_w, kazan_h));
            }
            Orientation::Portrait => {
                let h = area.height() - 2.0 * pad;
                let gap = (h / 9.0 * 0.07).max(3.0).min((area.width() * 0.04).max(1.0));
                let hole_h = (h - 8.0 * gap) / 9.0;
                let w = area.width() - 2.0 * pad - 2.0 * band;
                let kazan_w = (w * 0.11).clamp(30.0, 90.0);
                let col_w = ((w - 2.0 * kazan_w - 3.0 * gap) / 2.0).min(hole_h * 2.6);
                let used = 2.0 * col_w + 2.0 * kazan_w + 3.0 * gap + 2.0 * pad + 2.0 * band;
                board = rect(area.center(), Vec2::new(used, area.height()));
                let bottom_y = board.min.y + pad + hole_h / 2.0;
                let near_x = board.max.x - pad - band - col_w / 2.0;
                let far_x = board.min.x + pad + band + col_w / 2.0;
                for i in 0..9 {
                    let y = bottom_y + i as f32 * (hole_h + gap);
                    let size = Vec2::new(col_w, hole_h);
                    // Near column: hole 1 at the bottom, going up. Far column: its hole 1 at the top.
                    holes[near.index()][i] = rect(Vec2::new(near_x, y), size);
                    holes[far.index()][8 - i] = rect(Vec2::new(far_x, y), size);
                }
                let kazan_h = board.height() - 2.0 * pad;
                let near_k = near_x - col_w / 2.0 - gap - kazan_w / 2.0;
                kazans[near.index()] = rect(Vec2::new(near_k, board.center().y), Vec2::new(kazan_w, kazan_h));
                kazans[far.index()] =
                    rect(Vec2::new(near_k - kazan_w - gap, board.center().y), Vec2::new(kazan_w, kazan_h));
            }
        }
        let hole = holes[0][0];
        let stone = stone_diameter(hole.size());
        BoardLayout { window, orientation, near, board, holes, kazans, stone, top_bar, bottom_bar, band }
    }

    pub fn hole(&self, side: Side, hole: Hole) -> Rect {
        self.holes[side.index()][usize::from(hole.number() - 1)]
    }

    pub fn kazan(&self, side: Side) -> Rect {
        self.kazans[side.index()]
    }

    pub fn place(&self, place: Place) -> Rect {
        match place {
            Place::Hole(side, hole) => self.hole(side, hole),
            Place::Kazan(side) => self.kazan(side),
        }
    }

    /// The direction from a side's holes towards its player: where that player's edge of the board is.
    pub fn towards_player(&self, side: Side) -> Vec2 {
        let near = side == self.near;
        match (self.orientation, near) {
            (Orientation::Landscape, true) => Vec2::NEG_Y,
            (Orientation::Landscape, false) => Vec2::Y,
            (Orientation::Portrait, true) => Vec2::X,
            (Orientation::Portrait, false) => Vec2::NEG_X,
        }
    }

    /// The frame a place's stone pattern is laid in: the room inside its outline as drawn
    /// ([`stone_room`]), rows advancing `up` and stones running `right` from `start`. A hole's rows count
    /// from its player's edge of the board; a kazan's along its length from its own count's end, which
    /// they keep clear of (the badge there is never covered).
    fn pattern_frame(&self, place: Place) -> Frame {
        let r = self.place(place);
        let kazan = matches!(place, Place::Kazan(_));
        let up = match (place, self.orientation) {
            (Place::Hole(side, _), Orientation::Landscape) => -self.towards_player(side),
            // Portrait holes are wide and short: pairs run along their width, rows go up.
            (Place::Hole(..), Orientation::Portrait) => Vec2::Y,
            (Place::Kazan(side), _) => -self.kazan_count_end(side),
        };
        let right = Vec2::new(up.y, -up.x);
        let (room, corner) = stone_room(r.size(), if kazan { KAZAN_DEPTH } else { HOLE_DEPTH });
        let inset = (r.size() - room).dot(up.abs()) / 2.0;
        // A kazan's stones start this far past its count's end (the room already starts `inset` in).
        let badge = if kazan { (r.size().min_element() * 1.15 - inset).max(0.0) } else { 0.0 };
        let along = (room.dot(up.abs()) - badge).max(0.0);
        let across = room.dot(right.abs());
        let start = r.center() - up * (along - badge) / 2.0 - right * across / 2.0;
        Frame { start, up, right, across, along, corner }
    }

    /// The end of a kazan where its count is shown: the near kazan's at the bottom (or left), the far
    /// kazan's at the top (or right).
    fn kazan_count_end(&self, side: Side) -> Vec2 {
        match (self.orientation, side == self.near) {
            (Orientation::Portrait, true) => Vec2::NEG_Y,
            (Orientation::Portrait, false) => Vec2::Y,
            (Orientation::Landscape, true) => Vec2::NEG_X,
            (Orientation::Landscape, false) => Vec2::X,
        }
    }

    /// How many stones a place shows in its tidy pattern (a hole's pairs, a kazan's rows); beyond, they
    /// heap up.
    pub fn capacity(&self, place: Place) -> usize {
        let frame = self.pattern_frame(place);
        Pattern::fit(&frame, self.stone, matches!(place, Place::Kazan(_))).capacity()
    }

    /// Where the `index`-th stone of a place sits. In a hole, stones come in pairs side by side, two
    /// pairs to a row, rows from the player's edge, so odd and even and fours read at a glance; a wide
    /// hole fills its next band of two pairs once the first is full. A hole fills from its middle
    /// outwards (a tablet's tall hole kept its few stones in a clump at its outer end). A kazan lays its
    /// stones in rows across its trough, the rows filling its length from the middle outwards. Past the
    /// pattern, a second layer rests in the hollows between the first layer's stones, from the middle
    /// out; a third and further layers lie over the first two, each drawn in towards the middle, and the
    /// count (always shown for a heap) tells the number. Every stone lies inside the place's outline as
    /// drawn, rounded corners included (a new player saw a hole's corner stone run over its rim). A
    /// stone's place depends on its index alone, so nothing already lying moves when another lands.
    pub fn stone_position(&self, place: Place, index: usize) -> Vec2 {
        let d = self.stone;
        let frame = self.pattern_frame(place);
        let pattern = Pattern::fit(&frame, d, matches!(place, Place::Kazan(_)));
        if pattern.capacity() == 0 {
            // Not even one stone fits the pattern (a sliver of a window): scattered inside the place.
            let r = self.place(place);
            let inner = (r.size() - Vec2::splat(d * 1.2)).max(Vec2::ZERO);
            return r.center()
                + Vec2::new((jitter(index, 1) - 0.5) * inner.x, (jitter(index, 2) - 0.5) * inner.y);
        }
        let at = pattern.position(index);
        frame.start + frame.right * at.x + frame.up * at.y
    }

    /// Where a place's count is written: a hole's, a badge at the player's edge of the hole, in the middle
    /// of the wood between the hole and the board's edge (the band and the board's padding), so that it
    /// is as clear of the hole as of the edge. In the band's middle a tablet's badges touched their holes
    /// while its wider padding left wood to spare on the other side.
    pub fn count_position(&self, place: Place) -> Vec2 {
        let r = self.place(place);
        match place {
            Place::Hole(side, _) => {
                let toward = self.towards_player(side);
                let edge = r.center() + toward * (r.size().dot(toward.abs()) / 2.0);
                let board_edge = self.board.center() + toward * (self.board.size().dot(toward.abs()) / 2.0);
                edge + toward * ((board_edge - edge).dot(toward) / 2.0)
            }
            Place::Kazan(side) => {
                let end = self.kazan_count_end(side);
                let room = r.size().dot(end.abs()) / 2.0 - r.size().min_element() * 0.55;
                r.center() + end * room
            }
        }
    }

    /// Where a hole's number is written: small, in the band at its player's edge, beside the hole's count
    /// (to that player's left), where no stone lies over it: near the end of the hole's stretch of the
    /// band, and never closer to the count than its badge and the number's own size allow.
    pub fn number_position(&self, side: Side, hole: Hole) -> Vec2 {
        let r = self.hole(side, hole);
        let toward = self.towards_player(side);
        let left = Vec2::new(toward.y, -toward.x);
        let half = r.size().dot(left.abs()) / 2.0;
        let s = self.text_scale();
        // On a narrow hole (a phone held sideways) the number sits a little further out, clear of a
        // two-digit badge ("4" ran into "19"), but never past the middle of the way to the next hole's
        // count.
        let pitch = (self.hole(side, Hole::from_index(1)).center()
            - self.hole(side, Hole::from_index(0)).center())
        .length();
        let narrow = (22.0 * s).min(pitch / 2.0).max(19.0 * s);
        self.count_position(Place::Hole(side, hole)) + left * (half - 9.0 * s).max(narrow)
    }

    /// The middle of a hole's inner edge (the one away from its player): where a lesson's large number for
    /// a marked hole sits, clear of the counts in the band.
    pub fn hole_inner_edge(&self, side: Side, hole: Hole) -> Vec2 {
        let r = self.hole(side, hole);
        let away = -self.towards_player(side);
        r.center() + away * (r.size().dot(away.abs()) / 2.0 - 8.0)
    }

    /// Font size for counts.
    pub fn label_size(&self) -> f32 {
        20.0 * self.text_scale()
    }

    /// Font size for a hole's count of `stones`: two digits are set smaller, so that they stay inside the
    /// round badge (they spilled over its rim).
    pub fn hole_count_size(&self, stones: u8) -> f32 {
        if stones >= 10 { self.label_size() * 0.78 } else { self.label_size() }
    }

    /// How much larger than on a phone text is drawn on this board.
    pub fn text_scale(&self) -> f32 {
        text_scale(self.window)
    }

    /// The hole under a point, if any (hit areas reach a little beyond the drawn hole).
    pub fn hole_at(&self, point: Vec2) -> Option<(Side, Hole)> {
        for side in Side::BOTH {
            for hole in Hole::all() {
                if self.hole(side, hole).inflate(2.0).contains(point) {
                    return Some((side, hole));
                }
            }
        }
        None
    }

    /// The kazan under a point, if any.
    pub fn kazan_at(&self, point: Vec2) -> Option<Side> {
        Side::BOTH.into_iter().find(|&side| self.kazan(side).inflate(2.0).contains(point))
    }
}

/// Whether a hole's count is shown: always when the player keeps counts on, and for a heap whatever the
/// setting, since a heap cannot be counted by eye. Kazans (the score) always show theirs.
pub fn count_shown(counts_on: bool, stones: u8, capacity: usize) -> bool {
    counts_on || usize::from(stones) > capacity
}

/// Where a place's stones are laid: from `start`, rows advancing `up` and stones running `right`, over
/// `across` by `along` (inside the outline, clear of a kazan's badge), in a room whose corners are
/// `corner` round.
#[derive(Copy, Clone, Debug, PartialEq)]
struct Frame {
    start: Vec2,
    up: Vec2,
    right: Vec2,
    across: f32,
    along: f32,
    corner: f32,
}

/// The rounded rectangle a place's stones lie in, as its size and its corners' radius: the outline of a
/// recess `depth` deep as drawn (its image's outline, lip and corners scaled as `theme::recess_slicer`
/// scales them: with the place's smaller side, at most [`RECESS_CORNER_SCALE`]), less
/// [`RIM_CLEARANCE`] of its wall. A function of the place's size alone.
fn stone_room(size: Vec2, depth: f32) -> (Vec2, f32) {
    let scale = (size / RECESS_TEXELS).min_element().clamp(0.0, RECESS_CORNER_SCALE);
    let clear = RECESS_WALL * depth * scale * RIM_CLEARANCE;
    let inset = RECESS_LIP * scale + clear;
    let room = (size - Vec2::splat(2.0 * inset)).max(Vec2::ZERO);
    (room, (RECESS_CORNER * scale - clear).max(0.0))
}

/// How a place's stones lie: a grid of `columns` across (pairs in a hole, single stones in a kazan)
/// and `rows` along, centred in its frame, then the hollows between them.
#[derive(Copy, Clone, Debug, PartialEq)]
struct Pattern {
    d: f32,
    kazan: bool,
    columns: usize,
    rows: usize,
    /// From one row's centre to the next's.
    row_step: f32,
    /// Where the grid starts in the frame, across and along: the grid is centred in it.
    x0: f32,
    y0: f32,
    across: f32,
    along: f32,
}

impl Pattern {
    fn fit(frame: &Frame, d: f32, kazan: bool) -> Pattern {
        let (columns, rows, row_gap) = grid_fit(Vec2::new(frame.across, frame.along), frame.corner, d, kazan);
        let (width, gap) = column_shape(d, kazan);
        let used_across = columns as f32 * (width + gap) - gap;
        let used_along = rows as f32 * (d + row_gap) - row_gap;
        Pattern {
            d,
            kazan,
            columns,
            rows,
            row_step: d + row_gap,
            x0: (frame.across - used_across) / 2.0,
            y0: (frame.along - used_along) / 2.0,
            across: frame.across,
            along: frame.along,
        }
    }

    /// The stones of the first layer: pairs in a hole, one stone a column in a kazan.
    fn capacity(&self) -> usize {
        let per_column = if self.kazan { 1 } else { 2 };
        per_column * self.columns * self.rows
    }

    fn column_step(&self) -> f32 {
        let (width, gap) = column_shape(self.d, self.kazan);
        width + gap
    }

    /// The hollows of the first layer where the second's stones rest, across and along: between two
    /// rows, in a hole at the middle of each pair and between two pairs, in a kazan between two stones.
    fn hollow_grid(&self) -> (usize, usize) {
        let across =
            if self.kazan { self.columns.saturating_sub(1) } else { (2 * self.columns).saturating_sub(1) };
        (across, self.rows.saturating_sub(1))
    }

    /// The place of the `index`-th stone in the frame (across, along): the first layer's slots, then the
    /// hollows, then both again, drawn in towards the middle, layer after layer.
    fn position(&self, index: usize) -> Vec2 {
        let capacity = self.capacity();
        let (across, along) = self.hollow_grid();
        let two_layers = capacity + across * along;
        let (lift, k) = (index / two_layers, index % two_layers);
        let at = if k < capacity { self.slot(k) } else { self.hollow(k - capacity) };
        if lift == 0 {
            return at;
        }
        // The grid is centred in the frame: drawn towards the middle, a stone stays inside the grid's
        // outer stones, and so inside the outline.
        let middle = Vec2::new(self.across, self.along) / 2.0;
        middle + (at - middle) * (1.0 - HEAP_NARROWING * lift as f32).max(HEAP_TOP)
    }

    /// The `k`-th slot of the first layer. A hole: pair by pair ([`Pattern::hole_cell`]), the first stone
    /// of a pair on its left. A kazan: row by row from the middle of its length outwards, each row
    /// across its width.
    fn slot(&self, k: usize) -> Vec2 {
        let d = self.d;
        let (row, x) = if self.kazan {
            let columns = self.columns.max(1);
            let x = self.x0 + d / 2.0 + (k % columns) as f32 * self.column_step();
            (centre_out(k / columns, self.rows), x)
        } else {
            let (row, pair) = self.hole_cell(k / 2);
            let within = if k.is_multiple_of(2) { d / 2.0 } else { 1.5 * d };
            (row, self.x0 + pair as f32 * self.column_step() + within)
        };
        Vec2::new(x, self.y0 + d / 2.0 + row as f32 * self.row_step)
    }

    /// The `k`-th hollow of the first layer: rows of hollows from the middle of the place outwards, each
    /// from its middle outwards. A hollow's stone touches no other of its layer, and lies a good part of
    /// a stone off each stone below it, so none hides another.
    fn hollow(&self, k: usize) -> Vec2 {
        let d = self.d;
        let (across, along) = self.hollow_grid();
        let (column, row) = (centre_out(k % across, across), centre_out(k / across, along));
        let x = if self.kazan {
            self.x0 + d / 2.0 + (column as f32 + 0.5) * self.column_step()
        } else {
            // Even: the middle of a pair; odd: the gap between two pairs.
            let pair = self.x0 + (column / 2) as f32 * self.column_step();
            if column.is_multiple_of(2) { pair + d } else { pair + 2.0 * d + PAIR_GAP * d / 2.0 }
        };
        Vec2::new(x, self.y0 + d / 2.0 + (row as f32 + 0.5) * self.row_step)
    }

    /// Where a hole's `pair`-th pair lies, as (row, column of pairs). The first pairs fill a band two
    /// pairs wide in the middle of the hole's width, row by row from the middle of its depth outwards, so
    /// nine stones read as 4 + 4 + 1 in any hole and a few lie in the middle of it, not at one end (a
    /// tablet's holes kept their stones in a clump at one end). Past that band, one column of pairs at a
    /// time, alternately on either side of it.
    fn hole_cell(&self, pair: usize) -> (usize, usize) {
        let rows = self.rows.max(1);
        let width = self.columns.clamp(1, 2);
        let first = self.columns.saturating_sub(width) / 2;
        if pair < width * rows {
            return (centre_out(pair / width, rows), first + pair % width);
        }
        let rest = pair - width * rows;
        let (column, row) = (rest / rows, rest % rows);
        let mut outer = Vec::with_capacity(self.columns);
        for step in 1..=self.columns {
            if let Some(left) = first.checked_sub(step) {
                outer.push(left);
            }
            if first + width - 1 + step < self.columns {
                outer.push(first + width - 1 + step);
            }
        }
        // Past every column (not reached: the first layer holds `capacity` stones).
        let col = outer.get(column).copied().unwrap_or(self.columns + column);
        (centre_out(row, rows), col)
    }
}

/// A column of a place's grid, as its width and the gap to the next: a pair and the gap between pairs
/// in a hole, a stone and [`KAZAN_GAP`] in a kazan.
fn column_shape(d: f32, kazan: bool) -> (f32, f32) {
    if kazan { (d, KAZAN_GAP * d) } else { (2.0 * d, PAIR_GAP * d) }
}

/// How many things `width` wide, `gap` apart, fit a length.
fn fitting(length: f32, width: f32, gap: f32) -> usize {
    ((length + gap) / (width + gap) + 1e-4).floor().max(0.0) as usize
}

/// The columns and rows of stones of diameter `d` that fit a room of `size` (across, along) whose corners
/// are `corner` round, and the gap between two rows. As many as fit its straight sides, less a row (or a
/// column, where that keeps more stones) while the stones at the grid's corners would cross the rounded
/// corners. A hole's rows spread over the depth left, up to [`MAX_ROW_GAP`], as far as its corners allow;
/// a kazan's keep [`KAZAN_GAP`].
fn grid_fit(size: Vec2, corner: f32, d: f32, kazan: bool) -> (usize, usize, f32) {
    let (width, gap) = column_shape(d, kazan);
    let (least, most) = if kazan { (KAZAN_GAP * d, KAZAN_GAP * d) } else { (ROW_GAP * d, MAX_ROW_GAP * d) };
    let mut columns = fitting(size.x, width, gap);
    let mut rows = fitting(size.y, d, least);
    while columns > 0 && rows > 0 {
        let used = columns as f32 * (width + gap) - gap;
        let room = along_within_corners(size.x - used, size.y, corner, d);
        if room + 1e-3 >= rows as f32 * d + (rows - 1) as f32 * least {
            let spread = if rows > 1 {
                ((room - rows as f32 * d) / (rows - 1) as f32).clamp(least, most)
            } else {
                least
            };
            return (columns, rows, spread);
        }
        if columns * (rows - 1) >= (columns - 1) * rows {
            rows -= 1;
        } else {
            columns -= 1;
        }
    }
    (columns, rows, least)
}

/// The length along a room that a grid's rows may take, edge to edge, when the stones at the ends of its
/// rows lie `slack / 2` in from the room's sides: all of it where those stones clear the rounded corners
/// wherever they lie along, less what keeps the corner stones inside the corners' arcs otherwise.
fn along_within_corners(slack: f32, along: f32, corner: f32, d: f32) -> f32 {
    let r = d / 2.0;
    // A corner stone's centre, from the room's side.
    let x = slack.max(0.0) / 2.0 + r;
    if corner <= r || x >= corner {
        return along;
    }
    // Inside an arc, a stone's centre lies no further than `corner - r` from the arc's centre.
    let reach = ((corner - r).powi(2) - (corner - x).powi(2)).max(0.0).sqrt();
    along - 2.0 * (corner - reach - r).max(0.0)
}

/// The `i`-th of `n` places counted from the middle outwards: the middle one (the lower middle of an
/// even count), then one further out on either side in turn.
fn centre_out(i: usize, n: usize) -> usize {
    if i >= n {
        return i;
    }
    let mid = (n - 1) / 2;
    let step = i.div_ceil(2);
    if i % 2 == 1 { mid + step } else { mid - step }
}

/// Pairs across and rows along that a hole of `size` lays out with stones of diameter `d`, inside its
/// outline as drawn, rounded corners included.
pub fn pattern_fit(size: Vec2, d: f32) -> (usize, usize) {
    let (room, corner) = stone_room(size, HOLE_DEPTH);
    let (pairs, rows, _) = grid_fit(room, corner, d, false);
    (pairs, rows)
}

/// The largest stone (in quarter pixels) with which a hole of `size` shows `n` stones as pairs, at least
/// two pairs to a row (so nine read 4 + 4 + 1); 4 px where none does.
pub fn largest_stone(size: Vec2, n: usize) -> f32 {
    let mut d = LARGEST_STONE;
    while d > 4.0 {
        let (pairs, rows) = pattern_fit(size, d);
        if pairs >= 2 && 2 * pairs * rows >= n {
            return d;
        }
        d -= 0.25;
    }
    d
}

/// The stone for a board whose holes are `hole` large: as large as lets a hole show
/// [`ROOMY_STONES`] as pairs, but never smaller than [`COUNTABLE`] where [`PATTERN_STONES`] still fit at
/// that size (a phone), nor smaller than the largest that fits [`PATTERN_STONES`] (a small phone).
fn stone_diameter(hole: Vec2) -> f32 {
    // Pairs run along x and rows along y in both orientations (see `pattern_frame`).
    largest_stone(hole, ROOMY_STONES).max(largest_stone(hole, PATTERN_STONES).min(COUNTABLE))
}

/// A number in 0..1 from a stone's index and a salt: the same every time, so a heap is stable.
fn jitter(index: usize, salt: u32) -> f32 {
    let mut h = (index as u32).wrapping_mul(2_654_435_761).wrapping_add(salt.wrapping_mul(40_503));
    h ^= h >> 15;
    h = h.wrapping_mul(2_246_822_519);
    h ^= h >> 13;
    (h % 10_000) as f32 / 10_000.0
}
