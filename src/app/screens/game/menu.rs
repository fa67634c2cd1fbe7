//! The in-game menu: speed, motion (full or calm), sound, vibration, the stones' look, the holes' counts, the board's turning,
//! language, rules, new game, the move list. It opens facing whoever opened it (the far player's bar turns
//! it to them) and fits one column or two.

use crate::app::board::layout::{BoardLayout, text_scale};
use crate::app::board::view::shared_board;
use crate::app::i18n::locale::Tr;
use crate::app::menus::confirm::new_game_or_ask;
use crate::app::menus::language::open_list;
use crate::app::screens::game::table::{draw_button, resign_button};
use crate::app::screens::lessons::list::open_lessons;
use crate::app::state::panels::{Panel, Panels};
use crate::app::state::screen::Screen;
use crate::app::state::session::human_side;
use crate::app::state::session::{NewGame, Session};
use crate::app::state::settings::Settings;
use crate::app::state::view::ViewSize;
use crate::app::ui::setting_buttons::{
    Setting, half_setting_button, half_width, language_button, pair_row, setting_button,
};
use crate::app::ui::theme;
use crate::app::ui::theme::DisplayFace;
use crate::app::ui::widgets::{
    Backdrop, FarSeatCopy, PanelCard, SeatCard, Tap, backdrop, card, close_top, labelled, on_tap,
    shaped_labelled, sized_node, text,
};
use crate::game::Mode;
use bevy::prelude::*;
use std::f32::consts::PI;

#[derive(Component)]
pub(crate) struct MenuPanel;

#[derive(Component)]
pub(crate) struct MenuCard;

#[derive(Component)]
pub(crate) struct MenuButtons;

/// The menu's title: smaller on a short screen.
#[derive(Component)]
pub(crate) struct MenuTitle;

/// Below this height the menu's buttons go in two columns (one, packed closer, on a narrow window).
pub(crate) const MENU_ONE_COLUMN_HEIGHT: f32 = 680.0;

/// The two-column card's width: a window narrower than this keeps one column, packed closer.
const MENU_TWO_COLUMNS_WIDTH: f32 = 640.0;

/// A short window at least this wide (a phone held sideways, 844×390) takes the menu in three columns:
/// in two its five rows cut through the top bar.
const MENU_THREE_COLUMNS_WIDTH: f32 = 780.0;

/// The one-column card's width on a phone, and on a roomier screen (a tablet, counted in UI pixels),
/// where the half-width settings keep their name and state on one line («Скорость: / Обычно» wrapped
/// on a tablet with room to spare).
const MENU_NARROW: f32 = 340.0;
const MENU_ROOMY: f32 = 420.0;

#[derive(Component)]
pub(crate) struct FlipButton;

/// The menu's first button, which closes it: "Resume" while the game goes on.
#[derive(Component)]
pub(crate) struct ResumeButton;

/// Over a finished game "Resume" promised a game to go on with and brought back the result: there the
/// button says where it goes, "Back to the result" (its name stays "Resume" for the tests and the map).
pub(crate) fn name_resume(
    session: Res<Session>,
    buttons: Query<&Children, With<ResumeButton>>,
    mut words: Query<&mut Tr>,
) {
    let key = if session.game.is_over() { "menu.back_to_result" } else { "menu.resume" };
    for children in &buttons {
        for child in children.iter() {
            if let Ok(mut tr) = words.get_mut(child)
                && tr.0 != key
            {
                tr.0 = key;
            }
        }
    }
}

pub(crate) fn spawn_menu(commands: &mut Commands) {
    commands.spawn((
        panel("Button Close the menu"),
        MenuPanel,
        Backdrop,
        on_tap(close_top),
        children![(
            card(340.0, 22.0, 10.0, AlignItems::Stretch),
            MenuCard,
            UiTransform::IDENTITY,
            children![
                (
                    Tr("menu.title"),
                    MenuTitle,
                    DisplayFace,
                    text("", 28.0, theme::TEXT),
                    Node { align_self: AlignSelf::Center, ..default() },
                ),
                (
                    Name::new("Menu buttons"),
                    MenuButtons,
                    Node {
                        display: Display::Grid,
                        grid_template_columns: RepeatedGridTrack::flex(1, 1.0),
                        row_gap: px(10),
                        column_gap: px(10),
                        ..default()
                    },
                    menu_buttons(),
                ),
            ],
        )],
    ));
}

/// The menu's thirteen buttons in ten rows, one under the other (two columns on a short screen: [`fit_menu`]).
pub(crate) fn menu_buttons() -> impl Bundle {
    children![
        (labelled("menu.resume", 20.0), ResumeButton, on_tap(close_menu)),
        // The list takes the menu's place: closing it goes back to the game.
        (
            labelled("moves.title", 20.0),
            on_tap(|_: On<Tap>, mut panels: ResMut<Panels>| panels.replace_top(Panel::MoveList)),
        ),
        // Short settings go two to a row, so the menu keeps ten rows and fits a small phone upright.
        pair_row(
            8.0,
            children![
                half_setting_button("Speed", Setting::Speed, 16.0),
                half_setting_button("Motion", Setting::Motion, 16.0),
            ],
        ),
        pair_row(
            8.0,
            children![
                half_setting_button("Sound", Setting::Sound, 16.0),
                half_setting_button("Vibration", Setting::Haptics, 16.0),
            ],
        ),
        pair_row(
            8.0,
            children![
                half_setting_button("Stones", Setting::Stones, 16.0),
                half_setting_button("Counts", Setting::Counts, 16.0),
            ],
        ),
        (setting_button("Flip", Setting::Flip, 18.0), FlipButton),
        language_button(18.0, sized_node(16.0, 64.0), on_tap(open_list)),
        // Resign and offer a draw while a game is played (`table`); the rules beside a new game, so the
        // menu keeps its ten rows.
        pair_row(8.0, children![resign_button(16.0, half_width()), draw_button(16.0, half_width())]),
        pair_row(
            8.0,
            children![
                (shaped_labelled("menu.rules", 16.0, half_width()), on_tap(open_lessons(Screen::Game))),
                (shaped_labelled("menu.new_game", 16.0, half_width()), on_tap(play_again)),
            ],
        ),
        (
            labelled("menu.quit", 20.0),
            on_tap(|_: On<Tap>, mut next: ResMut<NextState<Screen>>| next.set(Screen::Title)),
        ),
    ]
}

/// A phone held sideways is too short for twelve buttons in a column (about 650 pixels with the title):
/// there they go in three columns (two on a narrower window), on a wider card with less padding and a
/// smaller title, so Resume and Quit stay on screen. A short phone upright (360×640) is too narrow for
/// two: its one column is packed closer (about 590). The card sits below the top bar where it fits
/// there (it cut through the bar on a phone held sideways), else as low as the window lets it.
pub(crate) fn fit_menu(
    view: Res<ViewSize>,
    layout: Option<Res<BoardLayout>>,
    mut panels: Query<&mut Node, (With<MenuPanel>, Without<MenuCard>, Without<MenuButtons>)>,
    mut cards: Query<(&mut Node, &ComputedNode), (With<MenuCard>, Without<MenuButtons>)>,
    mut grids: Query<&mut Node, (With<MenuButtons>, Without<MenuCard>)>,
    mut titles: Query<&mut TextFont, With<MenuTitle>>,
) {
    let scale = text_scale(view.0);
    let short = view.0.y < MENU_ONE_COLUMN_HEIGHT;
    let columns = match short {
        true if view.0.x >= MENU_THREE_COLUMNS_WIDTH => 3,
        true if view.0.x >= MENU_TWO_COLUMNS_WIDTH => 2,
        _ => 1,
    };
    let width = match columns {
        3 => (view.0.x - 24.0).min(820.0),
        2 => MENU_TWO_COLUMNS_WIDTH,
        _ if view.0.x / scale >= 600.0 => MENU_ROOMY,
        _ => MENU_NARROW,
    };
    let gap = if short { 5.0 } else { 10.0 };
    for (mut card, computed) in &mut cards {
        let padding = UiRect::all(px(if short { 8.0 } else { 22.0 }));
        if card.width != px(width) || card.padding != padding || card.row_gap != px(gap) {
            card.width = px(width);
            card.padding = padding;
            card.row_gap = px(gap);
        }
        // Below the top bar, in UI pixels, when the card as last laid out fits there.
        let height = computed.size().y * computed.inverse_scale_factor();
        let bar = layout.as_ref().map_or(0.0, |l| l.top_bar) / scale;
        let room = view.0.y / scale - height - 2.0 * EDGE;
        let top = px(bar.min(room).max(0.0));
        for mut panel in &mut panels {
            if panel.padding.top != top {
                panel.padding.top = top;
            }
        }
    }
    for mut grid in &mut grids {
        let template = RepeatedGridTrack::flex(columns, 1.0);
        if grid.grid_template_columns != template || grid.row_gap != px(gap) {
            grid.grid_template_columns = template;
            grid.row_gap = px(gap);
        }
    }
    for mut font in &mut titles {
        let size = if short { 20.0 } else { 28.0 };
        if !matches!(font.font_size, FontSize::Px(now) if now == size) {
            font.font_size = FontSize::Px(size);
        }
    }
}

/// The least room kept between the menu's card and the window's edge.
const EDGE: f32 = 4.0;

/// Closes the menu ("Resume").
fn close_menu(_: On<Tap>, mut panels: ResMut<Panels>) {
    panels.close(|p| *p == Panel::Menu);
}

/// Opens the menu, facing the far seat when `far` (its bar's Menu on a shared board).
pub(crate) fn open_menu(panels: &mut Panels, far: bool) {
    panels.open(Panel::Menu);
    panels.faces_far = far;
}

/// Turns the menu's card to the player who opened it, and every panel opened from it (the move list, the
/// languages, the new-game question: the far player read them upside down). Any other way of opening
/// them (the result's buttons, a screenshot) faces the near player; the panels face the near player
/// again once all of them are closed.
pub(crate) fn face_menu(
    mut panels: ResMut<Panels>,
    session: Res<Session>,
    settings: Res<Settings>,
    mut cards: Query<&mut UiTransform, (With<PanelCard>, Without<FarSeatCopy>, Without<SeatCard>)>,
) {
    if panels.faces_far && (!panels.any() || !shared_board(&session, &settings)) {
        panels.faces_far = false;
    }
    let rotation = if panels.faces_far { Rot2::radians(PI) } else { Rot2::IDENTITY };
    for mut transform in &mut cards {
        if transform.rotation != rotation {
            transform.rotation = rotation;
        }
    }
}

/// The texts of the result's panel that follow the game.
#[derive(Component, Copy, Clone, PartialEq, Eq)]
pub(crate) enum PanelText {
    Title,
    Reason,
}

/// A panel over the game (the result, the menu), hidden until it is wanted.
pub(crate) fn panel(name: &'static str) -> impl Bundle {
    (backdrop(name, 0.45, 10), Visibility::Hidden, DespawnOnExit(Screen::Game))
}

/// A new game in the same mode; against the computer, a new draw if the starter is by lot. A game under
/// way is not thrown away without asking.
pub(crate) fn play_again(
    _: On<Tap>,
    session: Res<Session>,
    settings: Res<Settings>,
    mut new_game: MessageWriter<NewGame>,
    mut panels: ResMut<Panels>,
) {
    panels.close(|p| *p == Panel::Menu);
    let mode = match session.game.mode {
        Mode::Computer { level, .. } => Mode::Computer { level, human: human_side(settings.starter) },
        Mode::HotSeat => Mode::HotSeat,
    };
    let unfinished = !session.game.history().is_empty() && !session.game.is_over();
    new_game_or_ask(mode, unfinished, &mut panels, &mut new_game);
}
