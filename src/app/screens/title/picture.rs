//! The board behind the title's name: a still, dimmed picture of the game waiting to be continued (or
//! of the start), laid out as the game lays its board out on this window (`board::layout`), painted with
//! the board's own images (`ui::theme::Art`).
//!
//! It is made of UI nodes under the title's words, not of the board's entities: the board view, its
//! input and its animation live only while a board is on screen (`OnBoard`), and the title must stay a
//! screen with no board to tap. Nothing in it moves, so a title at rest still draws nothing
//! (`screens::rest`); nothing in it takes a tap (`Pickable::IGNORE`).

use bevy::prelude::*;

use crate::rules::{Place, Position, Side};

use crate::app::board::layout::{BoardLayout, Orientation, PATTERN_STONES, text_scale};
use crate::app::board::stones::{PLACES, place_at, rule_counts};
use crate::app::platform::safe_area::SafeArea;
use crate::app::ui::theme::Art;

/// How much of the board shows through: enough to see the game, little enough to read the words over it.
const SHOWN: f32 = 0.22;

/// The picture, filling the title's page from its corner: the board of `position` (the start if `None`)
/// on a window of `window` logical pixels, clear of the system's insets.
pub(crate) fn board_picture(
    window: Vec2,
    safe: &SafeArea,
    art: &Art,
    position: Option<&Position>,
) -> impl Bundle {
    let layout =
        BoardLayout::with_insets(window, Side::White, [safe.top, safe.right, safe.bottom, safe.left]);
    let counts = position.map_or_else(|| rule_counts(&Position::start()), rule_counts);
    // UI pixels grow with `UiScale`; the layout is in the window's logical pixels.
    let scale = text_scale(window);
    let portrait = layout.orientation == Orientation::Portrait;
    let mut pieces: Vec<(Rect, Handle<Image>)> = Vec::with_capacity(PLACES + 162);
    pieces.push((layout.board, art.board.clone()));
    for (i, &count) in counts.iter().enumerate() {
        let place = place_at(i);
        let image = match (place, portrait) {
            (Place::Hole(..), false) => art.hole.clone(),
            (Place::Hole(..), true) => art.hole_wide.clone(),
            (Place::Kazan(_), false) => art.kazan.clone(),
            (Place::Kazan(_), true) => art.kazan_wide.clone(),
        };
        pieces.push((layout.place(place), image));
        let shown = if matches!(place, Place::Hole(..)) {
            usize::from(count).min(PATTERN_STONES)
        } else {
            usize::from(count)
        };
        for k in 0..shown {
            let at = layout.stone_position(place, k);
            pieces.push((Rect::from_center_size(at, Vec2::splat(layout.stone)), art.stone.clone()));
        }
    }
    let children: Vec<_> = pieces
        .into_iter()
        .map(|(rect, image)| {
            // From the layout's centred, y-up frame to the page's top-left, y-down one.
            let left = (rect.min.x + window.x / 2.0) / scale;
            let top = (window.y / 2.0 - rect.max.y) / scale;
            (
                Node {
                    position_type: PositionType::Absolute,
                    left: px(left),
                    top: px(top),
                    width: px(rect.width() / scale),
                    height: px(rect.height() / scale),
                    ..default()
                },
                ImageNode { color: Color::srgba(1.0, 1.0, 1.0, SHOWN), ..ImageNode::new(image) },
                Pickable::IGNORE,
            )
        })
        .collect();
    (
        Name::new("Board picture"),
        Node {
            position_type: PositionType::Absolute,
            left: px(0),
            top: px(0),
            width: percent(100),
            height: percent(100),
            ..default()
        },
        Pickable::IGNORE,
        Children::spawn(children),
    )
}
