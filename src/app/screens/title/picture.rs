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

use crate::app::board::layout::{BoardLayout, Orientation, text_scale};
use crate::app::board::stones::{PLACES, place_at, rule_counts};
use crate::app::platform::safe_area::SafeArea;
use crate::app::ui::theme::{self, Art};

/// How much of the board shows through: enough to see the game, little enough to read the words over it.
const SHOWN: f32 = 0.22;

/// One image of the picture: where it lies (the layout's frame), what it shows, and how it is cut.
struct Piece {
    rect: Rect,
    image: Handle<Image>,
    /// The stone's cell of the stones' atlas.
    cell: Option<Rect>,
    mode: NodeImageMode,
}

impl Piece {
    fn sliced(rect: Rect, image: Handle<Image>, slicer: TextureSlicer) -> Piece {
        Piece { rect, image, cell: None, mode: NodeImageMode::Sliced(slicer) }
    }
}

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
    let board = match layout.orientation {
        Orientation::Portrait => art.board_tall.clone(),
        Orientation::Landscape => art.board_wide.clone(),
    };
    let mut pieces: Vec<Piece> = Vec::with_capacity(PLACES + 163);
    pieces.push(Piece::sliced(layout.board, board, theme::board_slicer()));
    let stone = layout.stone / theme::STONE_BALL;
    let mut id = 0u8;
    for (i, &count) in counts.iter().enumerate() {
        let place = place_at(i);
        let image = if matches!(place, Place::Hole(..)) { art.hole.clone() } else { art.kazan.clone() };
        pieces.push(Piece::sliced(layout.place(place), image, theme::recess_slicer()));
        for k in 0..usize::from(count) {
            let at = layout.stone_position(place, k);
            pieces.push(Piece {
                rect: Rect::from_center_size(at, Vec2::splat(stone)),
                image: art.stones.clone(),
                cell: Some(theme::stone_cell(id)),
                mode: NodeImageMode::Stretch,
            });
            id = id.wrapping_add(1);
        }
    }
    let children: Vec<_> = pieces
        .into_iter()
        .map(|Piece { rect, image, cell, mode }| {
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
                ImageNode {
                    color: Color::srgba(1.0, 1.0, 1.0, SHOWN),
                    rect: cell,
                    image_mode: mode,
                    ..ImageNode::new(image)
                },
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
