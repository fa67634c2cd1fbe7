//! Where a lesson, a puzzle and the openings put their words around the board: a header in the top bar (a close mark,
//! a title, one button) and a panel under the board upright, beside it on its side, in the room
//! `board::layout::lesson_room` keeps for it. A leaf: the lessons, the training and the openings lay out
//! their own words inside these two boxes (`spawn_header_and_panel`).
//!
//! Invariant: both boxes follow the safe area (a notch, a home bar) and the layout's bars, so nothing in
//! them sits under the system's own.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use crate::app::board::layout::{self, BoardLayout};
use crate::app::platform::safe_area::SafeArea;
use crate::app::screens::game::messages::clear_of_kazan_counts;
use crate::app::state::panels::Panels;
use crate::app::state::screen::Screen;
use crate::app::state::view::ViewSize;
use crate::app::ui::theme;
use crate::app::ui::toast::{ToastBox, ToastCard};
use crate::app::ui::widgets::{Tap, button, on_tap, text};
use crate::rules::{Hole, Side};

/// The caption's size: smaller on a small phone.
pub(crate) fn caption_size(window: Vec2) -> f32 {
    if window.y < 700.0 { 15.0 } else { 17.0 }
}

/// What is said under the caption, a size below it.
pub(crate) fn small_size(window: Vec2) -> f32 {
    caption_size(window) - 2.0
}

/// The header's margin at each side, in UI pixels, as the game's bars keep (`game::bars`).
pub(crate) const HEADER_EDGE: f32 = 10.0;

/// The header over the board, in the top bar: its items spread from side to side. `scale` is the UI's.
pub(crate) fn header_node(window: Vec2, layout: &BoardLayout, safe: &SafeArea, scale: f32) -> Node {
    let s = |v: f32| px(v / scale);
    // On a short screen the bar is no taller than a button: no room to spare above or below.
    let compact = window.y < 560.0;
    Node {
        position_type: PositionType::Absolute,
        top: px(0),
        left: px(0),
        width: percent(100),
        height: s(layout.top_bar),
        // The game's bars' margin, in UI pixels: on a tablet the header's buttons sat 8 pixels from the
        // screen's edge, the bars' 14.
        padding: UiRect {
            top: s(safe.top + if compact { 2.0 } else { 4.0 }),
            left: px(safe.left / scale + HEADER_EDGE),
            right: px(safe.right / scale + HEADER_EDGE),
            bottom: px(if compact { 2 } else { 4 }),
        },
        justify_content: JustifyContent::SpaceBetween,
        align_items: AlignItems::Center,
        column_gap: px(8),
        ..default()
    }
}

/// The panel for the words and buttons: under the board upright, beside it on its side.
pub(crate) fn panel_node(window: Vec2, layout: &BoardLayout, safe: &SafeArea, scale: f32) -> Node {
    let s = |v: f32| px(v / scale);
    let room = layout::lesson_room(window);
    let mut panel = Node {
        position_type: PositionType::Absolute,
        flex_direction: FlexDirection::Column,
        justify_content: JustifyContent::SpaceBetween,
        row_gap: px(6),
        ..default()
    };
    if room[1] > 0.0 {
        panel.right = px(0);
        panel.top = s(layout.top_bar);
        panel.bottom = px(0);
        panel.width = s(room[1] + safe.right);
        panel.padding =
            UiRect { top: px(6), left: px(8), right: s(safe.right + 10.0), bottom: s(safe.bottom + 10.0) };
    } else {
        panel.left = px(0);
        panel.bottom = px(0);
        panel.width = percent(100);
        panel.height = s(layout.bottom_bar);
        panel.padding = UiRect {
            top: px(8),
            left: s(safe.left + 12.0),
            right: s(safe.right + 12.0),
            bottom: s(safe.bottom + 8.0),
        };
    }
    panel
}

/// The header's close mark, the same in every language (it leaves room for the title on a phone): a tap
/// goes to `back_to`. `name` is its English name, by which tests and the inspector find it.
pub(crate) fn close_mark(name: &str, size: f32, back_to: Screen) -> impl Bundle {
    (close_look(name, size), on_tap(move |_: On<Tap>, mut next: ResMut<NextState<Screen>>| next.set(back_to)))
}

/// The close mark's look alone, for a screen that decides what closing does (give it an `on_tap`).
pub(crate) fn close_look(name: &str, size: f32) -> impl Bundle {
    (button(name, size), children![(text("×", size * 1.25, theme::TEXT), Pickable::IGNORE)])
}

/// The header's title between its two buttons, centred, giving way first when the bar is narrow; `which`
/// marks it for the screen that writes its words.
pub(crate) fn header_title(name: &'static str, size: f32, which: impl Bundle) -> impl Bundle {
    (
        Name::new(name),
        which,
        text("", size, theme::TEXT),
        TextLayout::justify(Justify::Center),
        Node { flex_shrink: 1.0, ..default() },
    )
}

/// What a screen's header and panel are laid out from: the window, its insets, the UI's scale and the
/// board's layout.
#[derive(SystemParam)]
pub(crate) struct PanelRoom<'w> {
    view: Res<'w, ViewSize>,
    safe: Res<'w, SafeArea>,
    ui_scale: Option<Res<'w, UiScale>>,
    layout: Option<Res<'w, BoardLayout>>,
}

impl PanelRoom<'_> {
    /// Whether the header and panel must be built again: none is built yet, or the window, its insets
    /// or the board changed (a phone turned, a notch, a new board). `false` until the board is laid out.
    pub(crate) fn needs_building(&self, built: bool) -> bool {
        let Some(layout) = &self.layout else { return false };
        !built || self.view.is_changed() || self.safe.is_changed() || layout.is_changed()
    }

    /// The window's size in logical pixels.
    pub(crate) fn window(&self) -> Vec2 {
        self.view.0
    }
}

/// A screen's two boxes, each marked `marker` and gone when the screen is left: the header (named
/// `"{name} header"`, its items `header`) and the panel (`"{name} panel"`, its items `panel`), each a list
/// of children (`children![…]`). The caller despawns the old ones first.
pub(crate) fn spawn_header_and_panel(
    commands: &mut Commands,
    room: &PanelRoom,
    name: &str,
    marker: impl Component + Clone,
    screen: Screen,
    header: impl Bundle,
    panel: impl Bundle,
) {
    let Some(layout) = room.layout.as_deref() else { return };
    let scale = room.ui_scale.as_ref().map_or(1.0, |s| s.0);
    let size = room.view.0;
    commands.spawn((
        Name::new(format!("{name} header")),
        marker.clone(),
        header_node(size, layout, &room.safe, scale),
        DespawnOnExit(screen),
        header,
    ));
    commands.spawn((
        Name::new(format!("{name} panel")),
        marker,
        panel_node(size, layout, &room.safe, scale),
        BackgroundColor(theme::PANEL),
        DespawnOnExit(screen),
        panel,
    ));
}

/// The floating message (`ui::toast`) over a board keeps off its holes (the record's "copied", at the top
/// of the screen, covered the board's top rows): on a board lying across, between the two rows of holes,
/// over the kazans, or beside the board when it is too tall for that band; on an upright board, above it,
/// in the header's room, or under it when it is too tall for that room. Off the board, or over a panel
/// that hides it (the move list), it floats near the top of the screen.
pub(crate) fn place_floating_message(
    layout: Option<Res<BoardLayout>>,
    screen: Res<State<Screen>>,
    panels: Res<Panels>,
    safe: Res<SafeArea>,
    ui_scale: Option<Res<UiScale>>,
    mut boxes: Query<&mut Node, With<ToastBox>>,
    cards: Query<&ComputedNode, With<ToastCard>>,
) {
    let Ok(mut node) = boxes.single_mut() else { return };
    let scale = ui_scale.map_or(1.0, |s| s.0);
    let on_board =
        matches!(screen.get(), Screen::Lesson | Screen::Review | Screen::Training | Screen::Openings);
    // The card's height as last laid out, in the window's pixels.
    let height = cards.single().map_or(0.0, |c| c.size().y * c.inverse_scale_factor() * scale);
    let place = match layout.as_deref().filter(|_| on_board && !panels.any()) {
        None => None,
        Some(layout) => match layout.orientation {
            layout::Orientation::Landscape => beside_the_rows(layout, height),
            layout::Orientation::Portrait => above_or_under(layout, &safe, height),
        },
    };
    // Where it goes, in the window's pixels: its top (or its bottom), its left and its width.
    let (top, bottom, left, width) = match place {
        None => (percent(9), Val::Auto, px(0), percent(100)),
        Some(Place { top, bottom, span }) => {
            let at = |v: Option<f32>| v.map_or(Val::Auto, |v| px(v / scale));
            let left = px((layout.as_deref().map_or(0.0, |l| l.window.x) / 2.0 + span.min.x) / scale);
            (at(top), at(bottom), left, px(span.width() / scale))
        }
    };
    if node.top != top || node.bottom != bottom || node.left != left || node.width != width {
        node.top = top;
        node.bottom = bottom;
        node.left = left;
        node.width = width;
        node.right = Val::Auto;
    }
}

/// Where the floating message goes over a board, in the window's pixels: its top or its bottom edge, and
/// its stretch across (in the board's coordinates, from the window's centre).
struct Place {
    top: Option<f32>,
    bottom: Option<f32>,
    span: Rect,
}

/// On a board lying across: between the rows of holes, clear of the kazans' counts, when the message is
/// no taller than that band; else in the room beside the board, when there is some.
fn beside_the_rows(layout: &BoardLayout, height: f32) -> Option<Place> {
    let window = layout.window;
    let rows = |side: Side| Hole::all().map(move |h| layout.hole(side, h));
    let near_top = rows(layout.near).map(|r| r.max.y).fold(f32::MIN, f32::max);
    let far_bottom = rows(layout.near.opponent()).map(|r| r.min.y).fold(f32::MAX, f32::min);
    if height + 4.0 <= far_bottom - near_top {
        let middle = window.y / 2.0 - (near_top + far_bottom) / 2.0;
        let span = clear_of_kazan_counts(layout, layout.board);
        return Some(Place { top: Some(middle - height / 2.0), bottom: None, span });
    }
    let right = window.x / 2.0;
    let room = Rect::new(layout.board.max.x + 8.0, -window.y / 2.0, right - 8.0, window.y / 2.0);
    (room.width() >= 200.0 && height <= window.y - 16.0).then(|| Place {
        top: Some((window.y - height) / 2.0),
        bottom: None,
        span: room,
    })
}

/// On an upright board: above it, in the header's room, or under it; `None` when neither has the room.
fn above_or_under(layout: &BoardLayout, safe: &SafeArea, height: f32) -> Option<Place> {
    let window = layout.window;
    let board_top = window.y / 2.0 - layout.board.max.y;
    let board_bottom = window.y / 2.0 - layout.board.min.y;
    let span = layout.board;
    if height + 4.0 <= board_top - safe.top {
        Some(Place { top: None, bottom: Some(window.y - board_top + 2.0), span })
    } else if height + 4.0 <= window.y - safe.bottom - board_bottom {
        Some(Place { top: Some(board_bottom + 2.0), bottom: None, span })
    } else {
        None
    }
}
