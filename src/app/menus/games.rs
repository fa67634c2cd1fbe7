//! "Games" on the title: the games kept (`saves::history`), newest first, a page at a time, as a panel of
//! [`Panels`] ([`Panel::Games`]) over the Settings sheet it is opened from; a game opens in review (a
//! [`ReviewPast`] message: this list knows nothing of the review screen), and coming back from review shows
//! the list again, on the page it was left at.

use crate::app::board::layout::text_scale;
use crate::app::i18n::locale::{Locale, Tr};
use crate::app::i18n::words::saved_game_words;
use crate::app::i18n::words::{ending_words, game_result_text};
use crate::app::saves::history::{History, PastGame};
use crate::app::state::messages::PasteRecord;
use crate::app::state::messages::ReviewPast;
use crate::app::state::panels::{Panel, Panels, Sheet};
use crate::app::state::screen::{Frame, Screen};
use crate::app::state::view::ViewSize;
use crate::app::ui::theme;
use crate::app::ui::theme::DisplayFace;
use crate::app::ui::widgets::{
    Tap, card, labelled, on_tap, padded_labelled, panel_backdrop, shaped_button, spawn_if, text,
};
use crate::game::{Ending, Mode};
use bevy::prelude::*;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<LastPage>()
        .add_systems(Update, show_list.run_if(in_state(Screen::Title)))
        // A game looked at from the list returns to the list, over the sheet it was opened from.
        .add_systems(
            OnTransition { exited: Screen::Review, entered: Screen::Title },
            |mut panels: ResMut<Panels>, last: Res<LastPage>| {
                if let Some(page) = last.0 {
                    panels.open(Panel::Sheet(Sheet::Settings));
                    panels.open(Panel::Games { page });
                }
            },
        )
        .add_systems(Update, remember_page.in_set(Frame::View));
}

/// The page of the list a game was opened in review from (`None` when review was opened otherwise), so
/// that coming back shows it again.
#[derive(Resource, Default, Clone, Copy, PartialEq, Eq, Debug)]
struct LastPage(Option<usize>);

/// A game opened in review from the title (from this list, or a record pasted) leaves the title: the page
/// the list showed is kept for the way back.
fn remember_page(mut opened: MessageReader<ReviewPast>, panels: Res<Panels>, mut last: ResMut<LastPage>) {
    if opened.read().count() > 0 {
        last.0 = panels.games_page();
    }
}

#[derive(Component)]
struct HistoryRoot;

/// Opens the list ("Games" on the title).
pub fn open_list(_: On<Tap>, mut panels: ResMut<Panels>) {
    panels.open(Panel::Games { page: 0 });
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
    panels: Res<Panels>,
    history: Res<History>,
    locale: Res<Locale>,
    view: Res<ViewSize>,
    roots: Query<Entity, With<HistoryRoot>>,
    mut commands: Commands,
) {
    if !panels.is_changed() && !locale.is_changed() && !view.is_changed() && !history.is_changed() {
        return;
    }
    for root in &roots {
        commands.entity(root).despawn();
    }
    let Some(Panel::Games { page }) = panels.top() else { return };
    let per_page = per_page(view.0);
    let pages = history.games.len().div_ceil(per_page).max(1);
    let page = page.min(pages - 1);
    // The page's games, newest first.
    let games: Vec<_> = history
        .games
        .iter()
        .rev()
        .skip(page * per_page)
        .take(per_page)
        .enumerate()
        .filter_map(|(i, past)| game_button(&locale, past, page * per_page + i + 1))
        .collect();
    commands.spawn((
        panel_backdrop("Button Close the games", 30),
        HistoryRoot,
        DespawnOnExit(Screen::Title),
        children![(
            Name::new("Games played"),
            card(340.0, 16.0, 8.0, AlignItems::Stretch),
            Children::spawn((
                Spawn((
                    Tr("history.title"),
                    DisplayFace,
                    text("", 24.0, theme::TEXT),
                    Node { align_self: AlignSelf::Center, ..default() },
                )),
                SpawnIter(games.into_iter()),
                // A record from a club or from PlayOK joins the list.
                Spawn((
                    labelled("records.import", 17.0),
                    on_tap(|_: On<Tap>, mut paste: MessageWriter<PasteRecord>| {
                        paste.write(PasteRecord);
                    }),
                )),
                Spawn((
                    Node { column_gap: px(8), justify_content: JustifyContent::Center, ..default() },
                    Children::spawn((
                        spawn_if(page > 0, || {
                            (
                                padded_labelled("history.newer", 17.0, 10.0),
                                on_tap(move |_: On<Tap>, mut panels: ResMut<Panels>| {
                                    panels.set_games_page(page - 1)
                                }),
                            )
                        }),
                        Spawn((labelled("moves.close", 17.0), on_tap(close_list))),
                        spawn_if(page + 1 < pages, || {
                            (
                                padded_labelled("history.older", 17.0, 10.0),
                                on_tap(move |_: On<Tap>, mut panels: ResMut<Panels>| {
                                    panels.set_games_page(page + 1)
                                }),
                            )
                        }),
                    )),
                )),
            )),
        )],
    ));
}

/// A game of the list: who played and how far, then the day and the result. Tapped, it opens in review.
/// `None` for a game that cannot be read back.
fn game_button(locale: &Locale, past: &PastGame, nth: usize) -> Option<impl Bundle> {
    let Ok(game) = past.game.game() else { return None };
    // How it ended when the board did not end it: "White wins · on time".
    let result = match (game_result_text(locale, &game), game.ending()) {
        (Some((title, _)), Some(ending)) => {
            format!("{title} · {}", history_ending(locale, &game.mode, ending))
        }
        (Some((title, _)), None) => title,
        (None, _) => locale.t("history.unfinished"),
    };
    let who = saved_game_words(locale, &past.game);
    Some((
        shaped_button(
            format!("Game {nth}"),
            16.0,
            Node {
                flex_direction: FlexDirection::Column,
                align_items: AlignItems::Start,
                padding: UiRect::axes(px(12), px(6)),
                // A first line that wraps to two grows the button: the date and result stay inside it.
                min_height: px(56),
                justify_content: JustifyContent::Center,
                border_radius: BorderRadius::all(px(12)),
                border: UiRect::all(px(2)),
                ..default()
            },
        ),
        children![
            (text(who, 16.0, theme::TEXT), Pickable::IGNORE),
            (text(format!("{} · {result}", past.date), 13.0, theme::TEXT_DIM), Pickable::IGNORE),
        ],
        on_tap(move |_: On<Tap>, mut review: MessageWriter<ReviewPast>| {
            review.write(ReviewPast(game.clone()));
        }),
    ))
}

/// Closes the list: the Settings sheet it was opened from shows again.
fn close_list(_: On<Tap>, mut panels: ResMut<Panels>) {
    panels.close(|p| matches!(p, Panel::Games { .. }));
}

/// Narrower than this (UI pixels) a game's first line ("Against the computer (Medium), 23 moves") may wrap.
const GAME_ONE_LINE_WIDTH: f32 = 480.0;

/// The history's words for how a game ended off the board: who resigned or ran out of time; a draw agreed
/// is only "by agreement" after "Draw".
fn history_ending(locale: &Locale, mode: &Mode, ending: Ending) -> String {
    match ending {
        Ending::Agreed => locale.t("history.agreed"),
        _ => ending_words(locale, mode, ending),
    }
}
