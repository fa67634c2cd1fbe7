//! The masters' moves lit on the board: a ring on each move's hole, brighter the more it was played, and
//! its share of the games on a badge at the hole's inner edge (clear of the counts in the band). The
//! openings and review both light them. A leaf.

use bevy::prelude::*;

use crate::openings::MasterMove;
use crate::rules::{Hole, Side};

use crate::app::board::layout::BoardLayout;
use crate::app::state::screen::Screen;
use crate::app::ui::theme::{self, Art};

/// A share as a whole percentage.
pub(crate) fn percent_of(part: u32, whole: u32) -> u32 {
    if whole == 0 { 0 } else { (f64::from(part) * 100.0 / f64::from(whole)).round() as u32 }
}

/// A share of the games on a hole's badge: "<1%" for a move a few games played, never "0%".
pub(crate) fn share_label(part: u32, whole: u32) -> String {
    match percent_of(part, whole) {
        0 if part > 0 => "<1%".into(),
        p => format!("{p}%"),
    }
}

/// Lights `moves` (the side to move's) on the board; every entity spawned carries `marker` (the caller
/// despawns them) and is gone when `screen` is left.
pub(crate) fn light_master_moves(
    commands: &mut Commands,
    art: &Art,
    layout: &BoardLayout,
    side: Side,
    moves: &[MasterMove],
    marker: impl Component + Clone,
    screen: Screen,
) {
    let total: u32 = moves.iter().map(|m| m.games).sum();
    let most = moves.iter().map(|m| m.games).max().unwrap_or(1).max(1) as f32;
    let hole_size = Hole::all().next().map_or(40.0, |h| layout.hole(side, h).size().min_element());
    let badge = (hole_size * 0.3).clamp(13.0, 28.0);
    let dark = Color::srgba(0.08, 0.05, 0.03, 0.85);
    for m in moves {
        let rect = layout.hole(side, m.hole);
        commands.spawn((
            Name::new(format!("Opening mark {}", m.hole)),
            marker.clone(),
            Sprite {
                image: art.ring.clone(),
                color: theme::HIGHLIGHT.with_alpha(0.3 + 0.65 * m.games as f32 / most),
                custom_size: Some(rect.size()),
                image_mode: SpriteImageMode::Sliced(theme::ring_slicer()),
                ..default()
            },
            Transform::from_translation(rect.center().extend(2.4)),
            DespawnOnExit(screen),
        ));
        let label = share_label(m.games, total);
        let at = layout.hole_inner_edge(side, m.hole);
        let width = badge * (0.9 + 0.5 * label.chars().count().saturating_sub(1) as f32);
        commands.spawn((
            Name::new(format!("Opening share {}", m.hole)),
            marker.clone(),
            Sprite {
                image: art.disc.clone(),
                color: theme::HIGHLIGHT,
                custom_size: Some(Vec2::new(width, badge * 1.2)),
                ..default()
            },
            Transform::from_translation(at.extend(4.0)),
            DespawnOnExit(screen),
        ));
        commands.spawn((
            marker.clone(),
            Text2d::new(label),
            TextFont { font_size: bevy::text::FontSize::Px(badge * 0.75), ..default() },
            TextColor(dark),
            Transform::from_translation(at.extend(4.1)),
            DespawnOnExit(screen),
        ));
    }
}
