//! The move list: the game's moves in the standard notation (`76`, `36x`), numbered in pairs as a record
//! writes them, a page at a time, over the game (from the in-game menu or the game-over panel) or over
//! review. The move shown is lit, in the list as on the board (`last_move`); a move tapped opens review
//! there. Opened from the menu, the game-over panel and review; it
//! faces the far player when they opened it from their menu.

use crate::app::board::layout::text_scale;
use crate::app::i18n::locale::{Locale, Tr};
use crate::app::i18n::words::player_short;
use crate::app::screens::review::shown::Review;
use crate::app::screens::review::shown::ReviewAt;
use crate::app::state::messages::ExportRecord;
use crate::app::state::panels::{Panel, Panels};
use crate::app::state::screen::Frame;
use crate::app::state::screen::OnBoard;
use crate::app::state::screen::Screen;
use crate::app::state::session::Session;
use crate::app::state::view::ViewSize;
use crate::app::ui::theme;
use crate::app::ui::theme::DisplayFace;
use crate::app::ui::widgets::{Selected, Tap, card, on_tap, padded_labelled, panel_backdrop, spawn_if, text};
use crate::game::Row;
use crate::game::rows;
use crate::rules::Side;
use bevy::prelude::*;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<MoveListFrom>().add_systems(
        Update,
        show_list.in_set(Frame::View).run_if(in_state(Screen::Game).or_else(in_state(Screen::Review))),
    );
}

/// The first pair the list shows, when the player has paged through a game longer than the screen
/// holds; `None`: the page with the move shown on the board (the latest, in a game).
#[derive(Resource, Default, Clone, Copy, PartialEq, Eq)]
pub struct MoveListFrom(pub Option<usize>);

/// Which pairs of a game's `total` fit a list of `room` lines starting at pair `from`: the pairs shown,
/// and whether a line leads to earlier pairs and one to later pairs (each takes a line).
pub(crate) fn page(total: usize, room: usize, from: usize) -> (std::ops::Range<usize>, bool, bool) {
    let room = room.max(3);
    if total <= room {
        return (0..total, false, false);
    }
    let from = from.min(total - (room - 1));
    let earlier = from > 0;
    let mut lines = room - usize::from(earlier);
    let later = total - from > lines;
    lines -= usize::from(later);
    (from..(from + lines).min(total), earlier, later)
}

/// Where the list opens: the page that holds pair `lit` (the latest page when it is there).
pub(crate) fn page_start(total: usize, room: usize, lit: Option<usize>) -> usize {
    let room = room.max(3);
    let latest = total.saturating_sub(room - 1);
    match lit {
        Some(row) if total > room && row < latest => row.saturating_sub((room - 2) / 2),
        _ => latest,
    }
}

/// One move in the list, a button: its index in the game (0 for the first move).
#[derive(Component, Copy, Clone, Debug, PartialEq, Eq)]
pub struct MoveCell(pub usize);

#[derive(Component)]
pub(crate) struct MoveListRoot;

/// Width of one column of move pairs (number, white's move, black's move), and of a row.
pub(crate) const COLUMN_WIDTH: f32 = 100.0;

/// A line of the list, and so each move's button: a finger's target (Apple's and Google's 44 points).
/// At 26 pixels a move was easily missed for the one above or below it.
pub(crate) const ROW_HEIGHT: f32 = 44.0;

/// How many columns and rows of pairs the screen holds without scrolling: as many columns as the width
/// leaves (three on a phone upright, up to six), and as many rows as the height leaves; a longer game is
/// shown a page at a time.
pub(crate) fn list_room(view: Vec2) -> (usize, usize) {
    let scale = text_scale(view);
    let (w, h) = (view.x / scale, view.y / scale);
    // The card takes at most 94% of the width, with its padding.
    let columns = (((w * 0.94 - 28.0) / (COLUMN_WIDTH + 4.0)).floor() as usize).clamp(3, 6);
    // The title, the legend, who plays each column, the buttons, the gaps and the card's own padding: the
    // legend takes three lines in three columns, one or two in a wider card.
    let around = if columns > 3 { 230.0 } else { 280.0 };
    let rows = ((h - around) / ROW_HEIGHT).floor().clamp(2.0, 14.0) as usize;
    (columns, rows)
}

/// Opens the list (the menu's, the game-over panel's and the review's "Moves").
pub fn open_list(_: On<Tap>, mut panels: ResMut<Panels>) {
    panels.open(Panel::MoveList);
}

/// Closes the list: what it was opened over shows again.
fn close_list(_: On<Tap>, mut panels: ResMut<Panels>) {
    panels.close(|p| *p == Panel::MoveList);
}

pub(crate) fn show_list(
    panels: Res<Panels>,
    mut was_shown: Local<bool>,
    locale: Res<Locale>,
    session: Res<Session>,
    review: Option<Res<Review>>,
    view: Res<ViewSize>,
    mut from: ResMut<MoveListFrom>,
    roots: Query<Entity, With<MoveListRoot>>,
    mut commands: Commands,
) {
    let shown = panels.top() == Some(Panel::MoveList);
    let opened = shown != *was_shown;
    *was_shown = shown;
    let changed = session.is_changed() || review.as_ref().is_some_and(|r| r.is_changed());
    if opened || changed {
        // Opened, or the game or the move shown changed: back to the page with the move shown.
        from.bypass_change_detection().0 = None;
    }
    let paged = from.is_changed();
    if !opened && !locale.is_changed() && !(shown && (changed || view.is_changed() || paged)) {
        return;
    }
    for root in &roots {
        commands.entity(root).despawn();
    }
    if !shown {
        return;
    }
    // In review the list is the whole game's, lit at the move the board shows.
    let (game, lit) = match &review {
        Some(r) => (&r.game, r.at.checked_sub(1)),
        None => (&session.game, session.game.history().len().checked_sub(1)),
    };
    let all = rows(game);
    let (columns, rows_per_column) = list_room(view.0);
    let room = columns * rows_per_column;
    // A long game opens at the page with the move shown (the latest in a game); a line at each end
    // of the page leads to the pairs before and after it.
    let lit_row =
        lit.and_then(|i| all.iter().position(|(_, pair)| pair.iter().flatten().any(|(m, _)| *m == i)));
    let start = from.0.unwrap_or_else(|| page_start(all.len(), room, lit_row));
    let (shown, earlier, later) = page(all.len(), room, start);
    let mut entries: Vec<Entry> = all[shown.clone()].iter().map(Entry::Pair).collect();
    if earlier {
        let to = shown.start.saturating_sub(room.saturating_sub(2));
        entries.insert(0, Entry::Earlier { last: shown.start, to });
    }
    if later {
        entries.push(Entry::Later { first: shown.end + 1, last: all.len(), to: shown.end });
    }
    let in_review = review.is_some();
    commands
        .spawn((
            panel_backdrop("Button Close the move list", 30),
            MoveListRoot,
            // Between the game and its review the list closes itself; off the board it goes.
            DespawnOnExit(OnBoard),
        ))
        .with_children(|overlay| {
            let width = columns as f32 * COLUMN_WIDTH + (columns - 1) as f32 * 4.0 + 28.0;
            overlay
                .spawn((Name::new("Move list"), card(width, 12.0, 10.0, AlignItems::Stretch)))
                .with_children(|card| {
                    card.spawn((
                        Tr("moves.title"),
                        DisplayFace,
                        text("", 24.0, theme::TEXT),
                        Node { align_self: AlignSelf::Center, ..default() },
                    ));
                    card.spawn((
                        Tr("moves.legend"),
                        text("", 13.0, theme::TEXT_DIM),
                        TextLayout::justify(Justify::Center),
                        // Layout first measures text at its narrowest (a word a line) and would size the card
                        // for that: three lines at most are room enough at a phone's width.
                        Node {
                            width: percent(100),
                            max_height: px(54),
                            overflow: Overflow::clip(),
                            ..default()
                        },
                    ));
                    // Who each column of a pair is: the player's own names for the sides.
                    let columns = locale.f(
                        "moves.columns",
                        &[
                            ("white", &player_short(&locale, &game.mode, Side::White)),
                            ("black", &player_short(&locale, &game.mode, Side::Black)),
                        ],
                    );
                    card.spawn((
                        Name::new("Move columns' players"),
                        text(columns, 13.0, theme::TEXT),
                        TextLayout::justify(Justify::Center),
                        Node {
                            width: percent(100),
                            max_height: px(36),
                            overflow: Overflow::clip(),
                            ..default()
                        },
                    ));
                    if all.is_empty() {
                        card.spawn((
                            Tr("moves.none"),
                            text("", 17.0, theme::TEXT_DIM),
                            Node { align_self: AlignSelf::Center, ..default() },
                        ));
                    }
                    card.spawn((
                        Name::new("Move columns"),
                        Node { column_gap: px(4), justify_content: JustifyContent::Center, ..default() },
                    ))
                    .with_children(|grid| {
                        // A column fills before the next begins, as a printed record reads.
                        let per_column = rows_per_column;
                        for column in entries.chunks(per_column) {
                            grid.spawn(Node { flex_direction: FlexDirection::Column, ..default() })
                                .with_children(|col| {
                                    for entry in column {
                                        move_row(col, *entry, lit);
                                    }
                                });
                        }
                    });
                    card.spawn(list_buttons(in_review, !all.is_empty()));
                });
        });
}

/// The list's buttons: Review (over the game, when it has moves), Export (when there are moves), Close.
fn list_buttons(in_review: bool, any: bool) -> impl Bundle {
    (
        Node { column_gap: px(8), justify_content: JustifyContent::Center, ..default() },
        Children::spawn((
            spawn_if(!in_review && any, || {
                (
                    padded_labelled("menu.review", 18.0, 12.0),
                    on_tap(|_: On<Tap>, mut review: MessageWriter<ReviewAt>| {
                        review.write(ReviewAt(None));
                    }),
                )
            }),
            spawn_if(any, || (padded_labelled("records.export", 18.0, 12.0), on_tap(export_record))),
            Spawn((padded_labelled("moves.close", 18.0, 12.0), on_tap(close_list))),
        )),
    )
}

/// Exports the game on show: the one reviewed, or the one played.
fn export_record(
    _: On<Tap>,
    review: Option<Res<Review>>,
    session: Res<Session>,
    mut export: MessageWriter<ExportRecord>,
) {
    let game = review.map_or_else(|| session.game.clone(), |r| r.game.clone());
    export.write(ExportRecord(game));
}

/// A line of the list: a numbered pair, or a line standing for the pairs before or after the page (by
/// their numbers: no words to translate), which turns the page there.
#[derive(Clone, Copy)]
pub(crate) enum Entry<'a> {
    Pair(&'a Row),
    Earlier { last: usize, to: usize },
    Later { first: usize, last: usize, to: usize },
}

pub(crate) fn move_row(col: &mut ChildSpawnerCommands, entry: Entry, lit: Option<usize>) {
    let (label, to, name) = match entry {
        Entry::Pair(pair) => return pair_row(col, pair, lit),
        Entry::Earlier { last, to } => (format!("« 1–{last}"), to, "Button Earlier moves"),
        Entry::Later { first, last, to } => (format!("{first}–{last} »"), to, "Button Later moves"),
    };
    col.spawn((
        list_cell(name.to_string(), COLUMN_WIDTH),
        children![(text(label, 14.0, theme::TEXT), Pickable::IGNORE)],
        on_tap(move |_: On<Tap>, mut from: ResMut<MoveListFrom>| from.0 = Some(to)),
    ));
}

/// A button of the list, one line high: a move, or a line that turns the page.
pub(crate) fn list_cell(name: String, width: f32) -> impl Bundle {
    (
        Name::new(name),
        Button,
        Node {
            width: px(width),
            height: px(ROW_HEIGHT),
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            border_radius: BorderRadius::all(px(6)),
            ..default()
        },
        BackgroundColor(theme::BUTTON),
    )
}

/// One numbered pair: its number, then white's and black's moves, each a button to review it.
pub(crate) fn pair_row(col: &mut ChildSpawnerCommands, (number, pair): &Row, lit: Option<usize>) {
    col.spawn(Node {
        column_gap: px(2),
        width: px(COLUMN_WIDTH),
        height: px(ROW_HEIGHT),
        align_items: AlignItems::Center,
        ..default()
    })
    .with_children(|row| {
        row.spawn((
            text(format!("{number}."), 14.0, theme::TEXT_DIM),
            Node { width: px(24), ..default() },
            TextLayout::justify(Justify::Right),
        ));
        for cell in pair {
            let Some((i, notation)) = cell else {
                row.spawn((text("…", 16.0, theme::TEXT_DIM), Node { width: px(36), ..default() }));
                continue;
            };
            let i = *i;
            let mut cell = row.spawn((
                list_cell(format!("Button Move {}", i + 1), 36.0),
                MoveCell(i),
                children![(text(notation.clone(), 16.0, theme::TEXT), Pickable::IGNORE)],
                on_tap(move |_: On<Tap>, mut review: MessageWriter<ReviewAt>| {
                    review.write(ReviewAt(Some(i + 1)));
                }),
            ));
            if Some(i) == lit {
                cell.insert((Selected, BackgroundColor(theme::BUTTON_SELECTED)));
            }
        }
    });
}
