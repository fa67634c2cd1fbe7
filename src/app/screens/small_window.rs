//! The card that stands in for every screen in a window too small to play in (a strip of a split screen,
//! a freeform window dragged small, a browser with its developer tools docked): it asks for a larger
//! window. The board's layout stays finite and non-negative at any size (`layout.rs`); this card is what
//! the player sees instead of a board of holes too small to tell apart.
//!
//! Invariant: the card is shown exactly while [`layout::too_small`] holds for the view's size, above every
//! panel, and it takes every tap, so nothing under it acts on a tap the player could not aim.

use bevy::prelude::*;

use crate::app::board::layout;
use crate::app::i18n::locale::Tr;
use crate::app::state::view::ViewSize;
use crate::app::ui::theme;
use crate::app::ui::widgets::{TapBarrier, text};

/// The card's root: the whole window.
#[derive(Component)]
pub struct SmallWindowCard;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_card)
        .add_systems(PostUpdate, show_card.before(bevy::ui::UiSystems::Layout));
}

fn spawn_card(mut commands: Commands) {
    commands.spawn((
        Name::new("Make the window larger"),
        SmallWindowCard,
        TapBarrier,
        Node {
            position_type: PositionType::Absolute,
            width: percent(100),
            height: percent(100),
            padding: UiRect::all(px(8)),
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            overflow: Overflow::clip(),
            display: Display::None,
            ..default()
        },
        BackgroundColor(theme::BACKGROUND),
        GlobalZIndex(1000),
        children![(
            Tr("window.too_small"),
            text("", 14.0, theme::TEXT),
            TextLayout::justify(Justify::Center)
        )],
    ));
}

fn show_card(
    view: Option<Res<ViewSize>>,
    added: Query<(), Added<SmallWindowCard>>,
    mut cards: Query<&mut Node, With<SmallWindowCard>>,
) {
    let Some(view) = view else { return };
    if !view.is_changed() && added.is_empty() {
        return;
    }
    let display = if layout::too_small(view.0) { Display::Flex } else { Display::None };
    for mut node in &mut cards {
        if node.display != display {
            node.display = display;
        }
    }
}
