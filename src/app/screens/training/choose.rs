//! What to train on, in a card over the training's board (its Menu): the puzzle of the day (the same for
//! everyone on a date), a Storm, a Streak (the one under way resumed), a theme (or all of them, mixed), the
//! progress by theme, and the masters' openings. The theme chosen is saved with the settings
//! (`puzzle::Progress::theme`).
//!
//! Invariants: the card is a panel of [`Panels`] ([`Panel::PuzzleMenu`]), so the board takes no tap while
//! it is open, nor the tap that closes it; a choice
//! reaches the puzzles only as a [`PuzzleChoice`] message (the screen that poses puzzles decides what it
//! means), so this file knows nothing of a puzzle in progress.

use bevy::prelude::*;

use crate::puzzle::Theme;

use crate::app::i18n::locale::{Locale, Tr};
use crate::app::screens::training::calendar::today;
use crate::app::state::panels::{Panel, Panels};
use crate::app::state::screen::{Frame, Screen};
use crate::app::state::settings::Settings;
use crate::app::state::view::ViewSize;
use crate::app::ui::theme::{self, DisplayFace};
use crate::app::ui::widgets::{
    Tap, button_node, card, english, on_tap, panel_backdrop, shaped_button, sized_node, text,
};

/// What the player chose in the card.
#[derive(Message, Copy, Clone, Debug, PartialEq, Eq)]
pub enum PuzzleChoice {
    /// The puzzle of the day.
    Daily,
    /// Puzzles of a theme (`None`: all, mixed) from now on.
    Theme(Option<Theme>),
    /// Three minutes against the clock.
    Storm,
    /// Puzzles in a row until the first miss (the one under way resumed).
    Streak,
    /// Every missed puzzle still coming back, in one go.
    Missed,
}

/// The player asks to leave the puzzles for this screen (the close mark, the system Back, the openings
/// in the card): the screen that poses puzzles decides whether to ask first.
#[derive(Message, Copy, Clone, Debug, PartialEq, Eq)]
pub struct LeavePuzzles(pub Screen);

#[derive(Component)]
pub(crate) struct Chooser;

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<PuzzleChoice>().add_message::<LeavePuzzles>().add_systems(
        Update,
        show_chooser.in_set(Frame::View).run_if(
            in_state(Screen::Training)
                .and_then(resource_changed::<Panels>.or_else(resource_changed::<ViewSize>)),
        ),
    );
}

/// The panel's Menu button: opens the card.
pub(crate) fn open_chooser(_: On<Tap>, mut panels: ResMut<Panels>) {
    panels.open(Panel::PuzzleMenu);
}

/// Closes the card.
fn close_card(panels: &mut Panels) {
    panels.close(|p| *p == Panel::PuzzleMenu);
}

/// The card's choices, in the order shown: all themes first, then each.
fn theme_choices() -> impl Iterator<Item = Option<Theme>> {
    std::iter::once(None).chain(Theme::ALL.into_iter().map(Some))
}

fn show_chooser(
    mut commands: Commands,
    panels: Res<Panels>,
    settings: Res<Settings>,
    locale: Res<Locale>,
    view: Res<ViewSize>,
    cards: Query<Entity, With<Chooser>>,
) {
    for card in &cards {
        commands.entity(card).despawn();
    }
    if panels.top() != Some(Panel::PuzzleMenu) {
        return;
    }
    // A phone on its side is too short for the card's column: it goes wide, three themes to a row, and
    // the day's puzzle, the openings and Close share the last row.
    let short = view.0.y < 500.0;
    let (font, heading, gap) = card_sizes(view.0);
    let chosen = settings.training.theme;
    let daily_done = settings.training.daily_done == Some(today());
    // A streak under way is offered to resume, with its count.
    let streak_words = match &settings.training.drills.streak {
        Some(streak) => locale.f("drill.resume_streak", &[("n", &streak.count)]),
        None => locale.t("drill.streak"),
    };
    commands
        .spawn((panel_backdrop("Button Close the puzzle menu", 40), Chooser, DespawnOnExit(Screen::Training)))
        .with_children(|b| {
            let width = if short { 620.0 } else { 360.0 };
            b.spawn(card(width, 16.0, gap, AlignItems::Stretch)).with_children(|c| {
                c.spawn(card_heading("training.title", heading));
                let daily = if daily_done { "training.daily_done" } else { "training.daily" };
                if !short {
                    c.spawn(daily_choice(daily, font, sized_node(10.0, 64.0)));
                    c.spawn((
                        Node { column_gap: px(6), ..default() },
                        children![
                            storm_choice(font, grow()),
                            streak_choice(streak_words.clone(), font, grow())
                        ],
                    ));
                    c.spawn((
                        Tr("training.theme"),
                        text("", font - 2.0, theme::TEXT_DIM),
                        Node {
                            align_self: AlignSelf::Center,
                            margin: UiRect::top(px(gap / 2.0)),
                            ..default()
                        },
                    ));
                }
                if short {
                    c.spawn((
                        Node { column_gap: px(6), ..default() },
                        children![
                            daily_choice(daily, font, grow()),
                            storm_choice(font, grow()),
                            streak_choice(streak_words, font, grow()),
                        ],
                    ));
                }
                c.spawn(Node {
                    flex_wrap: FlexWrap::Wrap,
                    justify_content: JustifyContent::Center,
                    column_gap: px(6),
                    row_gap: px(6),
                    ..default()
                })
                .with_children(|grid| {
                    for theme in theme_choices() {
                        let node = Node {
                            flex_basis: percent(if short { 30 } else { 45 }),
                            flex_grow: 1.0,
                            ..button_node(UiRect::axes(px(10), px(10)), Vec2::new(64.0, 44.0))
                        };
                        theme_choice(grid, theme, font, theme == chosen, node);
                    }
                });
                if short {
                    c.spawn((
                        Node { column_gap: px(6), ..default() },
                        children![
                            progress_choice(font, grow()),
                            openings_choice(font, grow()),
                            close_choice(font, grow()),
                        ],
                    ));
                } else {
                    c.spawn((
                        Node { column_gap: px(6), ..default() },
                        children![progress_choice(font, grow()), openings_choice(font, grow())],
                    ));
                    c.spawn(close_choice(font, sized_node(10.0, 64.0)));
                }
            });
        });
}

/// The puzzles' cards' sizes (this menu, the progress, a Storm's end): the words', the heading's and the
/// gap between rows, smaller on a small phone.
pub(crate) fn card_sizes(window: Vec2) -> (f32, f32, f32) {
    if window.y < 700.0 { (15.0, 22.0, 6.0) } else { (17.0, 26.0, 10.0) }
}

/// A puzzles' card's body: its two columns side by side on a short screen (a phone on its side), one
/// above the other elsewhere.
pub(crate) fn card_body(short: bool, gap: f32) -> Node {
    Node {
        flex_direction: if short { FlexDirection::Row } else { FlexDirection::Column },
        column_gap: px(16),
        row_gap: px(gap),
        ..default()
    }
}

/// A column of a card's body ([`card_body`]), taking `grow` shares of the width when side by side.
pub(crate) fn card_column(short: bool, gap: f32, grow: f32) -> Node {
    Node {
        flex_direction: FlexDirection::Column,
        row_gap: px(gap),
        justify_content: JustifyContent::Center,
        flex_grow: grow,
        flex_basis: if short { px(0) } else { Val::Auto },
        ..default()
    }
}

/// A puzzles' card's heading: the message `key`, centred, in the display face.
pub(crate) fn card_heading(key: &'static str, size: f32) -> impl Bundle {
    (Tr(key), DisplayFace, text("", size, theme::TEXT), Node { align_self: AlignSelf::Center, ..default() })
}

/// A cell of the card's last row on a short screen: the three share it.
fn grow() -> Node {
    Node {
        flex_grow: 1.0,
        flex_basis: px(0),
        ..button_node(UiRect::axes(px(8), px(10)), Vec2::new(64.0, 44.0))
    }
}

/// The puzzle of the day.
fn daily_choice(key: &'static str, font: f32, node: Node) -> impl Bundle {
    (
        choice(key, font, theme::TEXT, node),
        on_tap(|_: On<Tap>, mut panels: ResMut<Panels>, mut choice: MessageWriter<PuzzleChoice>| {
            close_card(&mut panels);
            choice.write(PuzzleChoice::Daily);
        }),
    )
}

/// Storm: three minutes against the clock.
fn storm_choice(font: f32, node: Node) -> impl Bundle {
    (
        choice("drill.storm", font, theme::TEXT, node),
        on_tap(|_: On<Tap>, mut panels: ResMut<Panels>, mut choice: MessageWriter<PuzzleChoice>| {
            close_card(&mut panels);
            choice.write(PuzzleChoice::Storm);
        }),
    )
}

/// Streak, or the streak under way with its count (`words`).
fn streak_choice(words: String, font: f32, node: Node) -> impl Bundle {
    (
        shaped_button("Streak", font, node),
        children![(text(words, font, theme::TEXT), TextLayout::justify(Justify::Center), Pickable::IGNORE)],
        on_tap(|_: On<Tap>, mut panels: ResMut<Panels>, mut choice: MessageWriter<PuzzleChoice>| {
            close_card(&mut panels);
            choice.write(PuzzleChoice::Streak);
        }),
    )
}

/// The progress by theme, in a card over this one (`dashboard` draws it; Back comes back here).
fn progress_choice(font: f32, node: Node) -> impl Bundle {
    (
        choice("drill.progress", font, theme::TEXT, node),
        on_tap(|_: On<Tap>, mut panels: ResMut<Panels>| panels.open(Panel::PuzzleProgress)),
    )
}

/// The masters' openings.
fn openings_choice(font: f32, node: Node) -> impl Bundle {
    (
        choice("training.openings", font, theme::TEXT, node),
        on_tap(|_: On<Tap>, mut panels: ResMut<Panels>, mut leave: MessageWriter<LeavePuzzles>| {
            close_card(&mut panels);
            leave.write(LeavePuzzles(Screen::Openings));
        }),
    )
}

/// Close.
fn close_choice(font: f32, node: Node) -> impl Bundle {
    (
        choice("moves.close", font, theme::TEXT, node),
        on_tap(|_: On<Tap>, mut panels: ResMut<Panels>| close_card(&mut panels)),
    )
}

/// A theme's button (`which`: `None` for all, mixed); the chosen theme's is lit, its words and its rim.
fn theme_choice(grid: &mut ChildSpawnerCommands, which: Option<Theme>, font: f32, lit: bool, node: Node) {
    let ink = if lit { theme::HIGHLIGHT } else { theme::TEXT };
    let mut button = grid.spawn((
        choice(theme_key(which), font, ink, node),
        on_tap(
            move |_: On<Tap>,
                  mut panels: ResMut<Panels>,
                  mut settings: ResMut<Settings>,
                  mut choice: MessageWriter<PuzzleChoice>| {
                close_card(&mut panels);
                settings.training.theme = which;
                choice.write(PuzzleChoice::Theme(which));
            },
        ),
    ));
    if lit {
        button.insert(BorderColor::all(theme::HIGHLIGHT));
    }
}

/// A button of the card saying `key` in `ink`, in the box `node`.
fn choice(key: &'static str, font: f32, ink: Color, node: Node) -> impl Bundle {
    let label = english(key);
    (
        shaped_button(label.clone(), font, node),
        children![(Tr(key), text(label, font, ink), TextLayout::justify(Justify::Center), Pickable::IGNORE)],
    )
}

/// The locale key of a theme's name (`None`: all themes, mixed).
pub fn theme_key(theme: Option<Theme>) -> &'static str {
    match theme {
        None => "training.theme.all",
        Some(Theme::Capture) => "training.theme.capture",
        Some(Theme::Tuzdik) => "training.theme.tuzdik",
        Some(Theme::Defence) => "training.theme.defence",
        Some(Theme::Endgame) => "training.theme.endgame",
        Some(Theme::Race) => "training.theme.race",
        Some(Theme::Combination) => "training.theme.combination",
    }
}
