//! The screen's rooms around the board, for any window size: how large text and controls are drawn, the
//! HUD's bars, and the room a lesson's panel or review's analysis takes beside or under the board. Pure
//! geometry (logical pixels), a leaf: `layout` lays the board in what these leave.

use bevy::math::Vec2;

/// Height kept free for the top and bottom bars of the HUD.
pub const TOP_BAR: f32 = 72.0;
pub const BOTTOM_BAR: f32 = 84.0;
/// How much larger text and controls are drawn on this screen: 1 on a phone, up to 1.4 on a tablet read
/// from arm's length.
pub fn text_scale(window: Vec2) -> f32 {
    (window.min_element() / 600.0).clamp(1.0, 1.4)
}

/// The HUD's bars: slimmer on a short screen (a phone held sideways), larger with the text on a tablet.
/// The top bar holds a finger-sized button (44) with a little air: at 44 a lesson's × and Skip the
/// lesson touched the screen's top edge and read as cut off.
pub fn bar_heights(window: Vec2) -> (f32, f32) {
    if window.y < 560.0 {
        (48.0, 52.0)
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
