//! The title's first screen: the game's name and subtitle over a dimmed picture of the board (the game
//! waiting to be continued, or the start), what must be told about the save, and at most five actions:
//! **Continue** (only when a saved game has moves; then first, largest and lit, with the saved game's
//! words under it), **Play**, **Two players**, **Learn to play** (first, largest and lit for a new
//! player), and under them a small row: **Puzzles** and **Settings**. Play, Two players and Settings open
//! their sheets (`sheets`); Puzzles opens the training.
//!
//! It is laid out for the screen it is on: one column on a phone, the name beside the actions on a phone
//! held sideways or a tablet lying down, tighter on short screens, so that everything fits without
//! scrolling. It is built again when the window, the save, the notices or the language change.

use bevy::prelude::*;

use crate::app::i18n::locale::{Locale, Tr};
use crate::app::i18n::words::saved_game_words;
use crate::app::platform::safe_area::SafeArea;
use crate::app::saves::history::HistoryNotice;
use crate::app::saves::persistence::resume_saved;
use crate::app::saves::persistence::{SaveNotice, SavedGame};
use crate::app::screens::lessons::list::open_lessons;
use crate::app::screens::title::clock_sheet::{CustomClockView, keep_card_top, show_custom_clock};
use crate::app::screens::title::picture::board_picture;
use crate::app::screens::title::sheets::{mark_selected, open, show_sheet};
use crate::app::state::panels::Sheet;
use crate::app::state::screen::Screen;
use crate::app::state::settings::Settings;
use crate::app::state::view::ViewSize;
use crate::app::ui::theme;
use crate::app::ui::theme::{Art, DisplayFace};
use crate::app::ui::widgets::{
    Tap, labelled, lit_labelled, on_tap, padded_labelled, page, sized_node, spawn_if, text,
};

#[derive(Component)]
struct TitleRoot;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<CustomClockView>()
        .add_systems(
            Update,
            (rebuild_title, show_sheet, mark_selected, show_custom_clock)
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
    /// The first action's words (Continue, or Learn to play for a new player).
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
                small: 16.0,
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

/// The column of actions: Continue with the saved game's words under it (`waiting`), or Learn to play
/// first for a new player; Play, Two players; Learn to play for the others; the puzzles and Settings, small, last.
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
            spawn_if(waiting.is_some(), || (first_action("title.continue", m), on_tap(resume_saved))),
            SpawnIter(waiting.into_iter().map(move |words| {
                (
                    Name::new("Saved game"),
                    text(words, m.subtitle, theme::TEXT_DIM),
                    TextLayout::justify(Justify::Center),
                    Node {
                        margin: UiRect::bottom(px(m.gap)),
                        padding: UiRect::axes(px(8), px(2)),
                        border_radius: BorderRadius::all(px(8)),
                        ..default()
                    },
                    BackgroundColor(theme::SCRIM),
                )
            })),
            // A new player is shown how to play first.
            spawn_if(new_player, || (first_action("title.learn", m), on_tap(open_lessons(Screen::Title)))),
            Spawn((labelled("title.play", m.action), on_tap(open(Sheet::Play)))),
            Spawn((labelled("title.hotseat", m.action), on_tap(open(Sheet::TwoPlayers)))),
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
                        padded_labelled("title.training", m.small, 14.0),
                        on_tap(|_: On<Tap>, mut next: ResMut<NextState<Screen>>| next.set(Screen::Training))
                    ),
                    (padded_labelled("title.settings", m.small, 14.0), on_tap(open(Sheet::Settings))),
                ],
            )),
        )),
    )
}

/// The first action, larger and lit: Continue, or Learn to play for a new player.
fn first_action(key: &'static str, m: Metrics) -> impl Bundle {
    lit_labelled(key, m.first, sized_node(16.0, 64.0))
}

/// Someone who has neither begun a lesson nor a game: "Learn to play" comes first and large.
fn new_player(settings: &Settings, saved: &SavedGame) -> bool {
    settings.lessons.done.is_empty() && settings.lessons.reached.is_empty() && saved.0.is_none()
}
