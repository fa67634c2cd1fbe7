//! "Games" on the title: the games kept (`saves::history`), newest first, a page at a time; a game opens
//! in review (a [`ReviewPast`] message: this list knows nothing of the review screen).

use crate::app::board::layout::text_scale;
use crate::app::i18n::locale::{Locale, Tr};
use crate::app::i18n::words::result_text;
use crate::app::i18n::words::saved_game_words;
use crate::app::saves::history::{History, PastGame};
use crate::app::state::messages::PasteRecord;
use crate::app::state::messages::ReviewPast;
use crate::app::state::screen::{Frame, Screen};
use crate::app::state::view::ViewSize;
use crate::app::ui::theme;
use crate::app::ui::theme::DisplayFace;
use crate::app::ui::widgets::{
    Backdrop, Tap, backdrop, button, card, labelled_button, padded_labelled_button, text,
};
use crate::rules::Status;
use bevy::prelude::*;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<HistoryList>()
        .add_systems(Update, show_list.run_if(in_state(Screen::Title)))
        .add_systems(OnExit(Screen::Title), |mut list: ResMut<HistoryList>| list.open = false)
        // A game looked at from the list returns to the list.
        .add_systems(
            OnTransition { exited: Screen::Review, entered: Screen::Title },
            |mut list: ResMut<HistoryList>| list.open = true,
        )
        .add_systems(Update, close_for_review.in_set(Frame::View));
}

/// A game opened in review from the title (from this list, or a record pasted) closes the list over it.
fn close_for_review(mut opened: MessageReader<ReviewPast>, mut list: ResMut<HistoryList>) {
    if opened.read().count() > 0 && list.open {
        list.open = false;
    }
}

/// The history list on the title: open, and the page shown (0 for the newest games).
#[derive(Resource, Default, Clone, Copy, PartialEq, Eq)]
pub struct HistoryList {
    pub open: bool,
    pub page: usize,
}

#[derive(Component)]
struct HistoryRoot;

/// Opens the list ("Games" on the title).
pub fn open_list(_: On<Tap>, mut list: ResMut<HistoryList>) {
    *list = HistoryList { open: true, page: 0 };
}

/// How many games a page holds at this window size.
fn per_page(view: Vec2) -> usize {
    let scale = text_scale(view);
    let h = view.y / scale;
    // Each game's button is 56 pixels and a gap, or up to 80 on a narrow phone, where its first line wraps
    // in the longer languages; the title, the page buttons and the card take 200.
    let row = if view.x / scale < GAME_ONE_LINE_WIDTH { 86.0 } else { 62.0 };
    (((h - 200.0) / row).floor() as usize).clamp(2, 8)
}

fn show_list(
    list: Res<HistoryList>,
    history: Res<History>,
    locale: Res<Locale>,
    view: Res<ViewSize>,
    roots: Query<Entity, With<HistoryRoot>>,
    mut commands: Commands,
) {
    if !list.is_changed() && !locale.is_changed() && !view.is_changed() && !history.is_changed() {
        return;
    }
    for root in &roots {
        commands.entity(root).despawn();
    }
    if !list.open {
        return;
    }
    let per_page = per_page(view.0);
    let pages = history.games.len().div_ceil(per_page).max(1);
    let page = list.page.min(pages - 1);
    let newest_first: Vec<&PastGame> =
        history.games.iter().rev().skip(page * per_page).take(per_page).collect();
    commands
        .spawn((
            backdrop("Button Close the games", 0.55, 30),
            HistoryRoot,
            Backdrop,
            DespawnOnExit(Screen::Title),
        ))
        .observe(|_: On<Tap>, mut list: ResMut<HistoryList>| list.open = false)
        .with_children(|overlay| {
            overlay
                .spawn((Name::new("Games played"), card(340.0, 16.0, 8.0, AlignItems::Stretch)))
                .with_children(|card| {
                    card.spawn((
                        Tr("history.title"),
                        DisplayFace,
                        text("", 24.0, theme::TEXT),
                        Node { align_self: AlignSelf::Center, ..default() },
                    ));
                    for (i, past) in newest_first.into_iter().enumerate() {
                        game_button(card, &locale, past, page * per_page + i + 1);
                    }
                    // A record from a club or from PlayOK joins the list.
                    labelled_button(card, "records.import", 17.0, ()).observe(
                        |_: On<Tap>, mut paste: MessageWriter<PasteRecord>| {
                            paste.write(PasteRecord);
                        },
                    );
                    card.spawn(Node {
                        column_gap: px(8),
                        justify_content: JustifyContent::Center,
                        ..default()
                    })
                    .with_children(|row| {
                        if page > 0 {
                            padded_labelled_button(row, "history.newer", 17.0, 10.0, ()).observe(
                                |_: On<Tap>, mut list: ResMut<HistoryList>| {
                                    list.page = list.page.saturating_sub(1);
                                },
                            );
                        }
                        labelled_button(row, "moves.close", 17.0, ())
                            .observe(|_: On<Tap>, mut list: ResMut<HistoryList>| list.open = false);
                        if page + 1 < pages {
                            padded_labelled_button(row, "history.older", 17.0, 10.0, ())
                                .observe(|_: On<Tap>, mut list: ResMut<HistoryList>| list.page += 1);
                        }
                    });
                });
        });
}

/// A game of the list: who played and how far, then the day and the result. Tapped, it opens in review.
fn game_button(card: &mut ChildSpawnerCommands, locale: &Locale, past: &PastGame, nth: usize) {
    let Ok(game) = past.game.game() else { return };
    let result = match game.status() {
        Status::Finished(_) => {
            result_text(locale, &game.mode, &game.status()).map_or_else(String::new, |r| r.0)
        }
        Status::Ongoing => locale.t("history.unfinished"),
    };
    let who = saved_game_words(locale, &past.game);
    card.spawn(button(format!("Game {nth}"), 16.0))
        .insert(Node {
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::Start,
            padding: UiRect::axes(px(12), px(6)),
            // A first line that wraps to two grows the button: the date and result stay inside it.
            min_height: px(56),
            justify_content: JustifyContent::Center,
            border_radius: BorderRadius::all(px(12)),
            border: UiRect::all(px(2)),
            ..default()
        })
        .with_children(|b| {
            b.spawn((text(who, 16.0, theme::TEXT), Pickable::IGNORE));
            b.spawn((text(format!("{} · {result}", past.date), 13.0, theme::TEXT_DIM), Pickable::IGNORE));
        })
        .observe(move |_: On<Tap>, mut review: MessageWriter<ReviewPast>, mut list: ResMut<HistoryList>| {
            list.open = false;
            review.write(ReviewPast(game.clone()));
        });
}

/// Narrower than this (UI pixels) a game's first line ("Against the computer (Medium), 23 moves") may wrap.
const GAME_ONE_LINE_WIDTH: f32 = 480.0;
