//! The title's first screen: the game's name and subtitle over a dimmed picture of the board (the game
//! waiting to be continued, or the start), what must be told about the save, and at most five actions,
//! always in the same order and each always in the same place: **Continue** (only when a saved game has
//! moves: at the top, largest and lit, with the saved game's words under it), **Play**, **Two players**,
//! **Learn to play** (lit for a new player), and under them a small row: **Puzzles**, **Games** (the games
//! played) and **Settings**. Play, Two players and Settings open their sheets (`sheets`); Puzzles opens
//! the training; Games the list of the games played (`menus::games`).
//!
//! Invariant: the player's history changes how the actions look, never where they are. Continue's place
//! is kept for it when no game waits (`continue_place`), and a new player's Learn to play is lit where it
//! always is rather than moved first: players who learn where Play is keep tapping there, and when it moved
//! (Learn first for a new player, Continue coming and going) they aimed at Play and got Two players.
//!
//! It is laid out for the screen it is on: one column on a phone, the name beside the actions on a phone
//! held sideways or a tablet lying down, tighter on short screens, so that everything fits without
//! scrolling. It is built again when the window, the save, the notices or the language change.

use bevy::prelude::*;

use crate::app::i18n::locale::{Locale, Tr};
use crate::app::i18n::words::saved_game_words;
use crate::app::menus::games::open_list as open_games_list;
use crate::app::platform::safe_area::SafeArea;
use crate::app::saves::history::HistoryNotice;
use crate::app::saves::persistence::resume_saved;
use crate::app::saves::persistence::{SaveNotice, SavedGame};
use crate::app::screens::lessons::list::open_lessons;
use crate::app::screens::title::clock_sheet::{CustomClockView, keep_card_top, show_custom_clock};
use crate::app::screens::title::ladder::show_chosen_record;
use crate::app::screens::title::picture::board_picture;
use crate::app::screens::title::sheets::{mark_selected, open, show_sheet};
use crate::app::state::panels::Sheet;
use crate::app::state::screen::Screen;
use crate::app::state::settings::Settings;
use crate::app::state::view::ViewSize;
use crate::app::ui::theme;
use crate::app::ui::theme::{Art, DisplayFace};
use crate::app::ui::widgets::{
    Tap, button_words, labelled, lit_labelled, on_tap, padded_labelled, page, sized_node, spawn_if, text,
};

#[derive(Component)]
struct TitleRoot;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<CustomClockView>()
        .add_systems(
            Update,
            (rebuild_title, show_sheet, mark_selected, show_chosen_record, show_custom_clock)
                .chain()
                .run_if(in_state(Screen::Title)),
        )
        .add_systems(
            PostUpdate,
            keep_card_top.before(bevy::ui::UiSystems::Layout).run_if(in_state(Screen::Title)),
        )
        .add_systems(
            OnExit(Screen::Title),
            |mut notice: ResMut<SaveNotice>, mut history: ResMut<HistoryNotice>| {
                // The player has read them; they are not shown again.
                notice.0 = None;
                history.0 = None;
            },
        );
}

/// Sizes for the screen at hand.
#[derive(Copy, Clone)]
struct Metrics {
    title: f32,
    subtitle: f32,
    /// Continue's words, larger than the other actions' (it has a place of its own: nothing moves).
    first: f32,
    action: f32,
    small: f32,
    gap: f32,
    /// How wide the column of actions is.
    actions: f32,
    /// The name beside the actions, not above them.
    side_by_side: bool,
}

impl Metrics {
    fn for_window(size: Vec2) -> Metrics {
        let side_by_side = size.x > size.y && size.x >= 600.0;
        // A tablet's larger type comes from `UiScale` (see `layout::text_scale`).
        if size.y < 700.0 {
            Metrics {
                title: 32.0,
                subtitle: 14.0,
                first: 22.0,
                action: 19.0,
                // Three to the small row (the puzzles, the games, the settings): on a phone on its side
                // Kyrgyz's ran past the edge at 16.
                small: 14.0,
                gap: 6.0,
                actions: 290.0,
                side_by_side,
            }
        } else {
            Metrics {
                title: 42.0,
                subtitle: 16.0,
                first: 26.0,
                action: 21.0,
                small: 17.0,
                gap: 12.0,
                actions: 310.0,
                side_by_side,
            }
        }
    }
}

fn rebuild_title(
    mut commands: Commands,
    view: Res<ViewSize>,
    safe: Res<SafeArea>,
    saved: Res<SavedGame>,
    notice: Res<SaveNotice>,
    history_notice: Res<HistoryNotice>,
    locale: Res<Locale>,
    settings: Res<Settings>,
    art: Option<Res<Art>>,
    roots: Query<Entity, With<TitleRoot>>,
    mut was_new: Local<Option<bool>>,
) {
    let new_player = new_player(&settings, &saved);
    let stale = *was_new != Some(new_player)
        || view.is_changed()
        || safe.is_changed()
        || saved.is_changed()
        || notice.is_changed()
        || history_notice.is_changed()
        || locale.is_changed();
    if !roots.is_empty() && !stale {
        return;
    }
    *was_new = Some(new_player);
    for root in &roots {
        commands.entity(root).despawn();
    }
    let notices: Vec<&String> = notice.0.iter().chain(&history_notice.0).collect();
    let m = Metrics::for_window(view.0);
    // What the player must be told: a damaged locale file, or something about the save.
    let notices: Vec<String> = locale
        .problem
        .iter()
        .map(|language| locale.f("notice.locale_damaged", &[("language", language)]))
        .chain(notices.iter().map(|key| locale.t(key)))
        .collect();
    // A game with no move in it is not worth continuing; under Continue, what the saved game is.
    let waiting = saved.0.as_ref().filter(|g| !g.moves.is_empty()).map(|g| saved_game_words(&locale, g));
    let game = saved.0.as_ref().and_then(|g| g.game().ok());
    commands
        .spawn((
            Name::new("Title screen"),
            TitleRoot,
            page(m.gap, safe.padding(12.0)),
            DespawnOnExit(Screen::Title),
        ))
        .with_children(|page| {
            if let Some(art) = art.as_deref() {
                page.spawn(board_picture(view.0, &safe, art, game.as_ref().map(|g| g.position())));
            }
            page.spawn((
                Name::new("Title body"),
                Node {
                    flex_direction: if m.side_by_side { FlexDirection::Row } else { FlexDirection::Column },
                    align_items: AlignItems::Center,
                    justify_content: JustifyContent::Center,
                    column_gap: px(32),
                    row_gap: px(m.gap * 1.5),
                    width: percent(100),
                    max_width: px(1000),
                    ..default()
                },
                children![name_and_notices(notices, m), actions(waiting, new_player, m)],
            ));
        });
}

/// The game's name and subtitle, and what the player must be told.
fn name_and_notices(notices: Vec<String>, m: Metrics) -> impl Bundle {
    (
        Name::new("Name and notices"),
        Node {
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::Center,
            row_gap: px(m.gap),
            flex_basis: if m.side_by_side { percent(50) } else { auto() },
            flex_shrink: 1.0,
            padding: UiRect::axes(px(14), px(6)),
            border_radius: BorderRadius::all(px(14)),
            ..default()
        },
        // Ivory stones in the picture behind showed through the dim subtitle (2.8:1).
        BackgroundColor(theme::SCRIM),
        Children::spawn((
            Spawn((
                Name::new("Game name"),
                Tr("game.name"),
                DisplayFace,
                text("", m.title, theme::TEXT),
                TextLayout::justify(Justify::Center),
            )),
            Spawn((
                Name::new("Subtitle"),
                Tr("game.subtitle"),
                text("", m.subtitle, theme::TEXT_DIM),
                TextLayout::justify(Justify::Center),
            )),
            SpawnIter(notices.into_iter().map(move |message| {
                (
                    Name::new("Save notice"),
                    text(message, m.subtitle, theme::WARNING),
                    TextLayout::justify(Justify::Center),
                    Node { max_width: percent(100), margin: UiRect::top(px(m.gap)), ..default() },
                )
            })),
        )),
    )
}

/// The column of actions, in one order whatever the player's history: Continue's place (`continue_place`),
/// Play, Two players, Learn to play (lit for a new player), then the puzzles and Settings, small, last.
fn actions(waiting: Option<String>, new_player: bool, m: Metrics) -> impl Bundle {
    (
        Name::new("Actions"),
        Node {
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::Stretch,
            row_gap: px(m.gap),
            width: px(m.actions),
            max_width: percent(100),
            flex_shrink: 0.0,
            ..default()
        },
        Children::spawn((
            Spawn(continue_place(waiting, m)),
            Spawn((labelled("title.play", m.action), on_tap(open(Sheet::Play)))),
            Spawn((labelled("title.hotseat", m.action), on_tap(open(Sheet::TwoPlayers)))),
            // A new player is shown how to play by colour, not by place: the same box as the buttons
            // around it, lit as the choice to make (a larger one would push the row under it down).
            spawn_if(new_player, || {
                (
                    lit_labelled("title.learn", m.action, sized_node(16.0, 64.0)),
                    on_tap(open_lessons(Screen::Title)),
                )
            }),
            spawn_if(!new_player, || {
                (labelled("title.learn", m.action), on_tap(open_lessons(Screen::Title)))
            }),
            // The rest, one tap away: small, at the end, each at its own width. The puzzles are here, not
            // only in Settings, where a new player never looked for them.
            Spawn((
                Name::new("Settings row"),
                Node {
                    justify_content: JustifyContent::Center,
                    column_gap: px(m.gap.max(8.0)),
                    margin: UiRect::top(px(m.gap)),
                    ..default()
                },
                children![
                    (
                        padded_labelled("title.training", m.small, 8.0),
                        on_tap(|_: On<Tap>, mut next: ResMut<NextState<Screen>>| next.set(Screen::Training))
                    ),
                    // The games played, from the title itself (a new player looked for them there, and
                    // found them only in Settings); always in the row, so nothing moves when the first
                    // game is kept (an empty list says how to bring one in).
                    (padded_labelled("title.history", m.small, 8.0), on_tap(open_games_list)),
                    (padded_labelled("title.settings", m.small, 8.0), on_tap(open(Sheet::Settings))),
                ],
            )),
        )),
    )
}

/// Continue's place at the top of the actions, as tall whether or not a game waits, so that the buttons
/// under it never move (a polished game's menu keeps its buttons still and lets the Continue slot fill
/// or stay empty; on a centred column, Continue coming and going moved every other button by half its
/// height). One grid cell holds two things laid over each other: a hidden stand-in as tall as Continue
/// and two lines of the saved game's words (the most they take: a line too long breaks at the comma,
/// `words::glue_last_clause`), and, when a game waits (`waiting`: its words), Continue itself, larger and
/// lit, with its words under it, set at the bottom of the cell so that they sit just above Play. The
/// cell is as tall as the taller of the two: words longer than the stand-in would grow it rather than
/// overlap the game's name.
fn continue_place(waiting: Option<String>, m: Metrics) -> impl Bundle {
    (
        Name::new("Continue place"),
        Node { display: Display::Grid, grid_template_columns: RepeatedGridTrack::flex(1, 1.0), ..default() },
        Children::spawn((
            Spawn((
                Name::new("Continue place kept"),
                in_continue_cell(AlignSelf::Stretch),
                // Laid out, never drawn nor tapped. Not a `Button` either: a hidden one is skipped by a
                // finger, the tests and the UI map, but a stand-in should not be one to anything else.
                Visibility::Hidden,
                children![
                    (sized_node(16.0, 64.0), button_words("title.continue", m.first)),
                    (text("-\n-", m.subtitle, theme::TEXT_DIM), saved_words_node(m)),
                ],
            )),
            SpawnIter(waiting.into_iter().map(move |words| {
                (
                    Name::new("Continue and its game"),
                    in_continue_cell(AlignSelf::End),
                    children![
                        (
                            lit_labelled("title.continue", m.first, sized_node(16.0, 64.0)),
                            on_tap(resume_saved)
                        ),
                        (
                            Name::new("Saved game"),
                            text(words, m.subtitle, theme::TEXT_DIM),
                            TextLayout::justify(Justify::Center),
                            saved_words_node(m),
                            BackgroundColor(theme::SCRIM),
                        ),
                    ],
                )
            })),
        )),
    )
}

/// A column in the one cell of `continue_place` (both of its children share it), set in it by `align`.
fn in_continue_cell(align: AlignSelf) -> Node {
    Node {
        grid_row: GridPlacement::start(1),
        grid_column: GridPlacement::start(1),
        align_self: align,
        // As wide as the column, like the buttons under it.
        justify_self: JustifySelf::Stretch,
        flex_direction: FlexDirection::Column,
        align_items: AlignItems::Stretch,
        ..default()
    }
}

/// The box of the saved game's words under Continue, the same for its hidden stand-in (the two must be
/// as tall for the same lines).
fn saved_words_node(m: Metrics) -> Node {
    Node {
        margin: UiRect::bottom(px(m.gap)),
        padding: UiRect::axes(px(8), px(2)),
        border_radius: BorderRadius::all(px(8)),
        ..default()
    }
}

/// Someone who has neither begun a lesson nor a game: "Learn to play" is lit for them.
fn new_player(settings: &Settings, saved: &SavedGame) -> bool {
    settings.lessons.done.is_empty() && settings.lessons.reached.is_empty() && saved.0.is_none()
}
