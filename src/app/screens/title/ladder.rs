//! The Play sheet's ladder: one button per level (its number and name, the PlayOK rating it plays like
//! where it is tuned to one, and "suggested" on the level that suits the player's rating), the player's
//! rating, and their record against the level chosen.
//!
//! Invariants: the level lit is the one in `Settings` (the sheets' `Choice`); the words are the language
//! on screen's, built with the sheet (which is built again when the language, the window or the games
//! played change); the chosen level's record follows the choice at once ([`show_chosen_record`]).

use bevy::prelude::*;

use crate::ai::Level;
use crate::ai::rating::Standing;

use crate::app::i18n::locale::Locale;
use crate::app::i18n::words::{level_key, level_label};
use crate::app::saves::standing::PlayerStanding;
use crate::app::screens::title::choice::Choice;
use crate::app::screens::title::metrics::Metrics;
use crate::app::state::settings::Settings;
use crate::app::ui::theme;
use crate::app::ui::widgets::{Tap, on_tap, shaped_button, text};

/// The line under the ladder with the chosen level's games won, drawn and lost.
#[derive(Component)]
pub(crate) struct ChosenRecord;

/// The grid of levels: three to a row on a short screen (the ladder beside the other choices), two on a
/// phone upright.
pub(crate) fn ladder_grid(m: Metrics, locale: &Locale, standing: &Standing) -> impl Bundle {
    // A new player is shown where to begin: level 1.
    let suggested = standing.suggested().or(Some(Level::EASY));
    let buttons: Vec<_> =
        Level::all().map(|level| level_button(level, m, locale, suggested == Some(level))).collect();
    (
        Name::new("Ladder"),
        Node {
            display: Display::Grid,
            grid_template_columns: RepeatedGridTrack::flex(if m.short { 3 } else { 2 }, 1.0),
            row_gap: px(m.gap / 2.0),
            column_gap: px(m.gap / 2.0),
            ..default()
        },
        Children::spawn(SpawnIter(buttons.into_iter())),
    )
}

/// One level: "4. Club player" and, smaller, "plays like 1200" and "suggested".
fn level_button(level: Level, m: Metrics, locale: &Locale, suggested: bool) -> impl Bundle {
    let name = level_label(locale, level);
    let mut small: Vec<String> = Vec::new();
    if let Some(rating) = level.settings().rating {
        small.push(locale.f("level.plays_like", &[("rating", &rating)]));
    }
    if suggested {
        small.push(locale.t("level.suggested"));
    }
    let small_size = if m.short { 11.0 } else { 12.0 };
    let node = Node {
        flex_direction: FlexDirection::Column,
        justify_content: JustifyContent::Center,
        align_items: AlignItems::Center,
        padding: UiRect::axes(px(if m.short { 2.0 } else { 4.0 }), px(if m.short { 3.0 } else { 5.0 })),
        min_height: px(44),
        border_radius: BorderRadius::all(px(12)),
        border: UiRect::all(px(2)),
        ..default()
    };
    let choice = Choice::Level(level);
    (
        shaped_button(format!("Level {}", level.number()), m.choice, node),
        choice,
        on_tap(move |_: On<Tap>, mut settings: ResMut<Settings>| choice.keep(&mut settings)),
        Children::spawn((
            Spawn((
                text(name, m.choice - 3.0, theme::TEXT),
                TextLayout::justify(Justify::Center),
                Pickable::IGNORE,
            )),
            SpawnIter(small.into_iter().map(move |words| {
                (
                    text(words, small_size, theme::TEXT_DIM),
                    TextLayout::justify(Justify::Center),
                    Pickable::IGNORE,
                )
            })),
        )),
    )
}

/// The player's rating (or how to get one) and their record against the level chosen.
pub(crate) fn standing_lines(m: Metrics, locale: &Locale, standing: &Standing) -> impl Bundle {
    let rating = match standing.rating() {
        Some(rating) => locale.f("title.your_rating", &[("rating", &rating)]),
        None => locale.t("title.no_rating"),
    };
    (
        Name::new("Standing"),
        Node {
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::Center,
            row_gap: px(2),
            ..default()
        },
        children![
            (text(rating, m.label, theme::TEXT), TextLayout::justify(Justify::Center)),
            (ChosenRecord, text("", m.label - 1.0, theme::TEXT_DIM), TextLayout::justify(Justify::Center)),
        ],
    )
}

/// The chosen level's record, in the language on screen ("Club player: won 2 · drawn 0 · lost 1").
pub(crate) fn show_chosen_record(
    settings: Res<Settings>,
    standing: Res<PlayerStanding>,
    locale: Res<Locale>,
    mut lines: Query<(&mut Text, Ref<ChosenRecord>)>,
) {
    let asked = settings.is_changed() || standing.is_changed() || locale.is_changed();
    for (mut line, marker) in &mut lines {
        // Written when the sheet is built and when the choice, the games or the language change.
        if !asked && !marker.is_added() {
            continue;
        }
        let level = settings.level;
        let record = standing.0.record(level);
        let said = format!(
            "{}: {}",
            locale.t(level_key(level)),
            locale
                .f("level.record", &[("won", &record.won), ("drawn", &record.drawn), ("lost", &record.lost)])
        );
        if line.0 != said {
            line.0 = said;
        }
    }
}
