//! The puzzles' progress (issue 35), a card opened from the puzzles' menu: the rating and the puzzles
//! played, each theme's tries, clean solves and rating, the weakest theme offered as the next practice,
//! the missed puzzles to replay in one go, and the drills' bests.
//!
//! Invariants: the card is a panel of [`Panels`] ([`Panel::PuzzleProgress`], opened over the menu: Back
//! goes back to it); what it shows is `puzzle::Progress`'s to count (`theme_stats`, `weakest`, `missed`),
//! over the puzzles as read; a choice reaches the puzzles only as a [`PuzzleChoice`].

use bevy::prelude::*;

use crate::puzzle::{Progress, Puzzle, Theme, ThemeStats};

use crate::app::i18n::locale::Locale;
use crate::app::screens::training::calendar::today;
use crate::app::screens::training::choose::{
    PuzzleChoice, card_body, card_column, card_heading, card_sizes, theme_key,
};
use crate::app::screens::training::set::{PuzzleSet, PuzzleSetHandle, puzzles};
use crate::app::state::panels::{Panel, Panels};
use crate::app::state::screen::{Frame, Screen};
use crate::app::state::settings::Settings;
use crate::app::state::view::ViewSize;
use crate::app::ui::theme;
use crate::app::ui::widgets::{Tap, button_node, card, on_tap, panel_backdrop, shaped_button, text};

#[derive(Component)]
struct ProgressCard;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        show_progress.in_set(Frame::View).run_if(
            in_state(Screen::Training).and_then(
                resource_changed::<Panels>
                    .or_else(resource_changed::<Locale>)
                    .or_else(resource_changed::<ViewSize>),
            ),
        ),
    );
}

/// Closes the card and the menu under it: a choice made here starts at once.
fn close_both(panels: &mut Panels) {
    panels.close(|p| matches!(p, Panel::PuzzleMenu | Panel::PuzzleProgress));
}

fn show_progress(
    mut commands: Commands,
    panels: Res<Panels>,
    settings: Res<Settings>,
    locale: Res<Locale>,
    view: Res<ViewSize>,
    cards: Query<Entity, With<ProgressCard>>,
    (handle, sets, assets): (
        Option<Res<PuzzleSetHandle>>,
        Option<Res<Assets<PuzzleSet>>>,
        Option<Res<AssetServer>>,
    ),
) {
    for card in &cards {
        commands.entity(card).despawn();
    }
    if panels.top() != Some(Panel::PuzzleProgress) {
        return;
    }
    let all: &[Puzzle] = match puzzles(handle.as_deref(), sets.as_deref(), assets.as_deref()) {
        Some(Ok(all)) => all,
        _ => &[],
    };
    let progress = &settings.training;
    let short = view.0.y < 500.0;
    let (font, heading, gap) = card_sizes(view.0);
    // Seven rows of the table and three buttons: a size less than the menu's.
    let (font, gap) = (font - 1.0, gap - 1.0);
    let weakest = progress.weakest(all);
    let missed = progress.missed().len();
    // A phone on its side is too short for one column: the table beside the choices.
    let column = |grow: f32| card_column(short, gap, grow);
    commands
        .spawn((
            panel_backdrop("Button Close the progress", 41),
            ProgressCard,
            DespawnOnExit(Screen::Training),
        ))
        .with_children(|b| {
            b.spawn(card(if short { 780.0 } else { 380.0 }, 14.0, gap, AlignItems::Stretch)).with_children(
                |c| {
                    c.spawn(card_body(short, gap)).with_children(|body| {
                        body.spawn(column(1.3)).with_children(|left| {
                            left.spawn(card_heading("drill.progress", heading));
                            left.spawn((
                                Name::new("Progress overall"),
                                text(overall(&locale, progress), font, theme::TEXT),
                                Node { align_self: AlignSelf::Center, ..default() },
                            ));
                            left.spawn(table(&locale, progress, all, weakest, font));
                        });
                        body.spawn(column(1.0)).with_children(|right| {
                            if let Some(weak) = weakest {
                                right.spawn(practise(&locale, weak, font));
                            }
                            if missed > 0 {
                                right.spawn(replay_missed(&locale, missed, font));
                            }
                            right.spawn((
                                Name::new("Progress bests"),
                                text(bests(&locale, progress), font - 2.0, theme::TEXT_DIM),
                                Node { align_self: AlignSelf::Center, ..default() },
                            ));
                            right.spawn((
                                choice("Close", locale.t("moves.close"), font, theme::TEXT),
                                on_tap(|_: On<Tap>, mut panels: ResMut<Panels>| {
                                    panels.close(|p| *p == Panel::PuzzleProgress);
                                }),
                            ));
                        });
                    });
                },
            );
        });
}

/// The table: a heading row, then a row per theme, the weakest lit.
fn table(
    locale: &Locale,
    progress: &Progress,
    all: &[Puzzle],
    weakest: Option<Theme>,
    font: f32,
) -> impl Bundle {
    let heads = [
        locale.t("training.theme"),
        locale.t("drill.tried"),
        locale.t("drill.clean"),
        locale.t("drill.rating"),
    ];
    let rows: Vec<_> = progress
        .theme_stats(all)
        .iter()
        .map(|stats| {
            let ink = if Some(stats.theme) == weakest { theme::HIGHLIGHT } else { theme::TEXT };
            row(cells(locale, stats), font, ink)
        })
        .collect();
    (
        Node { flex_direction: FlexDirection::Column, row_gap: px(3), ..default() },
        Children::spawn((Spawn(row(heads, font - 2.0, theme::TEXT_DIM)), SpawnIter(rows.into_iter()))),
    )
}

/// "Practise next: Endgames": that theme's puzzles from now on.
fn practise(locale: &Locale, weak: Theme, font: f32) -> impl Bundle {
    let words = locale.f("drill.practise", &[("theme", &locale.t(theme_key(Some(weak))))]);
    (
        choice("Practise the weakest theme", words, font, theme::HIGHLIGHT),
        on_tap(
            move |_: On<Tap>,
                  mut panels: ResMut<Panels>,
                  mut settings: ResMut<Settings>,
                  mut choice: MessageWriter<PuzzleChoice>| {
                close_both(&mut panels);
                settings.training.theme = Some(weak);
                choice.write(PuzzleChoice::Theme(Some(weak)));
            },
        ),
    )
}

/// "Replay the 4 missed puzzles": every one still coming back, in one go.
fn replay_missed(locale: &Locale, missed: usize, font: f32) -> impl Bundle {
    (
        choice(
            "Replay the missed puzzles",
            locale.n("drill.replay_missed", missed as i64, &[]),
            font,
            theme::TEXT,
        ),
        on_tap(|_: On<Tap>, mut panels: ResMut<Panels>, mut choice: MessageWriter<PuzzleChoice>| {
            close_both(&mut panels);
            choice.write(PuzzleChoice::Missed);
        }),
    )
}

/// "Rating 1,040 · 57 puzzles".
fn overall(locale: &Locale, progress: &Progress) -> String {
    let rating = if progress.rating.is_finite() { progress.rating.round() as i64 } else { 0 };
    locale.n("drill.overall", i64::from(progress.played), &[("rating", &rating)])
}

/// "Storm: best 14, today 9 · Streak: best 12".
fn bests(locale: &Locale, progress: &Progress) -> String {
    let drills = &progress.drills;
    locale.f(
        "drill.records",
        &[
            ("storm", &drills.storm_best),
            ("today", &drills.storm_best_on(today())),
            ("streak", &drills.streak_best),
        ],
    )
}

/// A theme's row: its name, tried of its puzzles, solved clean, its rating (a dash before any).
fn cells(locale: &Locale, stats: &ThemeStats) -> [String; 4] {
    [
        locale.t(theme_key(Some(stats.theme))),
        format!("{}/{}", stats.tried, stats.puzzles),
        stats.clean.to_string(),
        stats.rating.map_or_else(|| "\u{2013}".to_string(), |r| (r.round() as i64).to_string()),
    ]
}

/// A row of the table: the theme's name takes what the numbers leave.
fn row(cells: [String; 4], size: f32, ink: Color) -> impl Bundle {
    let [name, tried, clean, rating] = cells;
    let number = |value: String| {
        (
            Node {
                min_width: px(size * 4.2),
                flex_shrink: 0.0,
                justify_content: JustifyContent::End,
                ..default()
            },
            children![text(value, size, ink)],
        )
    };
    (
        Node { column_gap: px(6), align_items: AlignItems::Center, ..default() },
        children![
            // The name takes what the numbers leave, and wraps there: a long one ("Комбинациялар") pushed
            // its row's numbers out of line.
            (
                Node { flex_grow: 1.0, flex_basis: px(0), min_width: px(0), ..default() },
                children![text(name, size, ink)]
            ),
            number(tried),
            number(clean),
            number(rating),
        ],
    )
}

/// A button of the card, named in English for the tests and the UI map, saying `words`.
fn choice(name: &str, words: String, font: f32, ink: Color) -> impl Bundle {
    (
        shaped_button(
            name.to_string(),
            font,
            button_node(UiRect::axes(px(10), px(10)), Vec2::new(64.0, 44.0)),
        ),
        children![(text(words, font, ink), TextLayout::justify(Justify::Center), Pickable::IGNORE)],
    )
}
