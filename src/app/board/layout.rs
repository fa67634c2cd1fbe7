//! Where everything sits on the screen, for any window size: pure geometry, recomputed on resize or flip.
//!
//! Landscape (a tablet): two rows of nine holes with the two kazans between them, the near side's row at the
//! bottom. Portrait (a phone): nine holes across 390 pixels would make holes narrower than a finger, so the
//! board turns a quarter: the near side's holes run up the right column, the far side's down the left
//! column, the kazans side by side in the middle. Sowing still runs counter-clockwise on screen.
//!
//! Coordinates are Bevy's 2D world coordinates: logical pixels, origin at the window's centre, y up.

use bevy::math::{Rect, Vec2};

use crate::rules::{Hole, Place, Side};

/// Height kept free for the top and bottom bars of the HUD.
pub const TOP_BAR: f32 = 72.0;
pub const BOTTOM_BAR: f32 = 84.0;
/// Every hole must be at least this big a touch target (Apple's and Google's guidance: 44 pt / 48 dp).
pub const MIN_TOUCH: f32 = 44.0;
/// The strip along each player's edge of the board where the holes' counts are written.
pub const LABEL_BAND: f32 = 26.0;
/// Stones a hole shows as a tidy pattern of pairs; beyond, a pile with its number.
pub const PATTERN_STONES: usize = 40;

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

/// How much larger text and controls are drawn on this screen: 1 on a phone, up to 1.4 on a tablet read
/// from arm's length.
pub fn text_scale(window: Vec2) -> f32 {
    (window.min_element() / 600.0).clamp(1.0, 1.4)
}

/// The HUD's bars: slimmer on a short screen (a phone held sideways), larger with the text on a tablet.
pub fn bar_heights(window: Vec2) -> (f32, f32) {
    if window.y < 560.0 {
        (44.0, 52.0)
    } else {
        let s = text_scale(window);
        (TOP_BAR * s, BOTTOM_BAR * s)
    }
}

/// The room a lesson's caption and controls take beside the board, as extra insets (top, right, bottom,
/// left) in logical pixels: under the board when the screen is upright, beside it when it lies on its side.
pub fn lesson_room(window: Vec2) -> [f32; 4] {
    let s = text_scale(window);
    if window.x > window.y {
        [0.0, (300.0 * s).min(window.x * 0.4), 0.0, 0.0]
    } else {
        // A small phone keeps its holes finger-sized: its panel shows the caption or what is said about
        // the answer, one at a time; a taller one shows both.
        let room = if window.y < 700.0 {
            100.0
        } else if window.y < 760.0 {
            150.0
        } else {
            190.0
        };
        [0.0, 0.0, room * s, 0.0]
    }
}

/// The room the review's analysis (the computer's view) takes beside the board, as extra insets (top,
/// right, bottom, left): a strip under the board when the screen is upright, a column beside it when it
/// lies on its side.
pub fn analysis_room(window: Vec2) -> [f32; 4] {
    let s = text_scale(window);
    if window.x > window.y {
        [0.0, (260.0 * s).min(window.x * 0.35), 0.0, 0.0]
    } else {
        let room = if window.y < 700.0 { 104.0 } else { 124.0 };
        [0.0, 0.0, room * s, 0.0]
    }
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
    let hole = BoardLayout::new(window, Side::White).hole(Side::White, Hole::new(1).expect("hole 1")).size();
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
        let stone = stone_diameter(hole.size(), orientation);
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

    /// The frame a place's stone pattern is laid in: the corner it starts from, the direction rows
    /// advance (`up`), the direction pairs run (`right`), and the room across and along.
    /// Holes fill from their player's edge of the board; kazans fill along their length from their own
    /// count's end (just past the badge), so a player's captures gather by their own count, not by the
    /// other kazan's.
    fn pattern_frame(&self, place: Place) -> (Vec2, Vec2, Vec2, f32, f32) {
        let r = self.place(place);
        let up = match (place, self.orientation) {
            (Place::Hole(side, _), Orientation::Landscape) => -self.towards_player(side),
            // Portrait holes are wide and short: pairs run along their width, rows go up.
            (Place::Hole(..), Orientation::Portrait) => Vec2::Y,
            (Place::Kazan(side), _) => -self.kazan_count_end(side),
        };
        let right = Vec2::new(up.y, -up.x);
        let inset = self.stone * 0.45;
        let size = r.size() - Vec2::splat(2.0 * inset);
        // Room left at the start of a kazan for its count's badge.
        let badge = if matches!(place, Place::Kazan(_)) { r.size().min_element() * 1.15 } else { 0.0 };
        let along = size.dot(up.abs()) - badge;
        let across = size.dot(right.abs());
        let start = r.center() - up * (along - badge) / 2.0 - right * across / 2.0;
        (start, up, right, across, along)
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

    /// How many stones a place shows in its tidy pattern of pairs.
    pub fn capacity(&self, place: Place) -> usize {
        let (_, _, _, across, along) = self.pattern_frame(place);
        let (pairs, rows) = grid(across, along, self.stone);
        2 * pairs * rows
    }

    /// Where the `index`-th stone of a place sits. Stones come in pairs side by side, two pairs to a row,
    /// rows from the player's edge, so odd and even and fours read at a glance; a wide hole fills its next
    /// band of two pairs once the first is full. Past the pattern's capacity stones heap up in a pile.
    pub fn stone_position(&self, place: Place, index: usize) -> Vec2 {
        let d = self.stone;
        let (start, up, right, across, along) = self.pattern_frame(place);
        let (pairs, rows) = grid(across, along, d);
        let capacity = 2 * pairs * rows;
        if index < capacity.min(if matches!(place, Place::Hole(..)) { PATTERN_STONES } else { usize::MAX }) {
            // Pairs fill bands two pairs wide, row after row, before the next band starts: nine stones read
            // as 4 + 4 + 1 in a wide phone hole as in a tall tablet one, never as a row of nine.
            let pair = index / 2;
            // Kazans keep filling row by row across their width, from their count's end.
            let band_pairs = if matches!(place, Place::Hole(..)) { 2 * rows.max(1) } else { pairs * rows };
            let band = pair / band_pairs;
            let within = pair % band_pairs;
            let widest = if matches!(place, Place::Hole(..)) { 2 } else { pairs.max(1) };
            let band_width = (pairs.saturating_sub(2 * band)).clamp(1, widest);
            let row = within / band_width;
            let col = 2 * band + within % band_width;
            let pair_w = 2.0 * d + pair_gap(d);
            // Centre the pairs across the hole.
            let used = pairs as f32 * pair_w - pair_gap(d);
            let x0 = (across - used) / 2.0;
            let x = x0 + col as f32 * pair_w + if index.is_multiple_of(2) { d / 2.0 } else { 1.5 * d };
            let y = d / 2.0 + row as f32 * (d + row_gap(d));
            start + right * x + up * y
        } else {
            // A pile: scattered deterministically over the place, so the heap looks natural but is stable.
            let r = self.place(place);
            let n = index as u32;
            let jitter = |k: u32| {
                let mut h = n.wrapping_mul(2_654_435_761).wrapping_add(k.wrapping_mul(40_503));
                h ^= h >> 15;
                h = h.wrapping_mul(2_246_822_519);
                h ^= h >> 13;
                (h % 10_000) as f32 / 10_000.0
            };
            // Every stone of the heap lies inside the place, whatever its count.
            let inner = (r.size() - Vec2::splat(d * 1.2)).max(Vec2::ZERO);
            r.center() + Vec2::new((jitter(1) - 0.5) * inner.x, (jitter(2) - 0.5) * inner.y)
        }
    }

    /// Where a place's count is written: a badge at the player's edge of the hole.
    pub fn count_position(&self, place: Place) -> Vec2 {
        let r = self.place(place);
        match place {
            Place::Hole(side, _) => {
                let toward = self.towards_player(side);
                r.center() + toward * (r.size().dot(toward.abs()) / 2.0 + self.band / 2.0)
            }
            Place::Kazan(side) => {
                let end = self.kazan_count_end(side);
                let room = r.size().dot(end.abs()) / 2.0 - r.size().min_element() * 0.55;
                r.center() + end * room
            }
        }
    }

    /// Where a hole's number is written: small, inside the hole at its inner edge.
    pub fn number_position(&self, side: Side, hole: Hole) -> Vec2 {
        let r = self.hole(side, hole);
        let away = -self.towards_player(side);
        r.center() + away * (r.size().dot(away.abs()) / 2.0 - 8.0)
    }

    /// Font size for counts.
    pub fn label_size(&self) -> f32 {
        20.0 * self.text_scale()
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

fn pair_gap(d: f32) -> f32 {
    d * 0.45
}

fn row_gap(d: f32) -> f32 {
    d * 0.12
}

/// Pairs per row and rows that fit; none where not even one pair fits (a kazan narrower than two stones on
/// a small phone's review: its stones then heap up inside it instead of running over its rim).
fn grid(across: f32, along: f32, d: f32) -> (usize, usize) {
    let pair_w = 2.0 * d + pair_gap(d);
    let pairs = ((across + pair_gap(d)) / pair_w).floor().max(0.0) as usize;
    let rows = ((along + row_gap(d)) / (d + row_gap(d))).floor().max(0.0) as usize;
    (pairs, rows)
}

/// The largest stone that lets a hole show 40 stones as pairs.
fn stone_diameter(hole: Vec2, orientation: Orientation) -> f32 {
    let _ = orientation;
    let (across, along) = (hole.x, hole.y);
    let mut d = 40.0;
    while d > 4.0 {
        let inset = d * 0.9;
        let (pairs, rows) = grid(across - inset, along - inset, d);
        if 2 * pairs * rows >= PATTERN_STONES {
            return d;
        }
        d -= 0.25;
    }
    d
}
