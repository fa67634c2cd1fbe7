//! The sheets over the title, each a panel of [`Panels`] ([`Panel::Sheet`]): **Play** (the level, who
//! starts, and Start against the computer), **Two players** (turning the board each turn, the clock: none,
//! blitz, rapid, classical or a custom one set with steppers, and Start for hot-seat) and **Settings**
//! (sowing speed, motion, sound, vibration, the stones' look, the holes' counts, language, the games
//! played: the game menu's settings, with the same buttons, `ui::setting_buttons`; and the puzzles'
//! training beside the games played).
//!
//! Invariants: every choice shown selected is the one in [`Settings`], which is saved, so a sheet opens on
//! the last choices made; the custom clock shows only while it is the clock chosen (`clock_sheet` owns
//! its block and its steppers); Start does what
//! the old title's play buttons did (a game under way is not thrown away without asking:
//! `new_game_or_ask`); only the panel on top is drawn, so the new-game question, the language list and the
//! games played take the sheet's place, and dropping them shows the sheet again as it was; every sheet has
//! a visible Close, and a tap on the dimmed title around a sheet, or the system Back (`screens::back`),
//! closes it too; leaving the title forgets it.

use bevy::prelude::*;

use crate::ai::rating::Standing;
use crate::game::Mode;

use crate::app::i18n::locale::{Locale, Tr};
use crate::app::menus::confirm::new_game_or_ask;
use crate::app::menus::games::open_list as open_games_list;
use crate::app::menus::language::open_list as open_language_list;
use crate::app::platform::safe_area::SafeArea;
use crate::app::saves::history::History;
use crate::app::saves::persistence::SavedGame;
use crate::app::saves::standing::PlayerStanding;
use crate::app::screens::title::choice::Choice;
use crate::app::screens::title::clock_sheet::{
    CLOCKS, ClockPart, CustomClockView, KeptTop, WIDE, custom_clock,
};
use crate::app::screens::title::ladder::{ladder_grid, standing_lines};
use crate::app::screens::title::metrics::Metrics;
use crate::app::state::panels::{Panel, Panels, Sheet, is_sheet, sheet_on_top};
use crate::app::state::renderer::can_switch;
use crate::app::state::screen::Screen;
use crate::app::state::session::{NewGame, human_side};
use crate::app::state::settings::{Settings, Speed, Starter};
use crate::app::state::view::ViewSize;
use crate::app::ui::setting_buttons::{
    Setting, half_setting_button, half_width, language_button, pair_row, renderer_button, setting_button,
};
use crate::app::ui::theme;
use crate::app::ui::theme::DisplayFace;
use crate::app::ui::widgets::{
    Selected, Tap, TapAction, button_node, card, lit_labelled, on_tap, padded_labelled, panel_backdrop,
    shaped_labelled, spawn_if, text,
};

/// Opens `sheet` (the title's buttons).
pub(crate) fn open(sheet: Sheet) -> impl FnMut(On<Tap>, ResMut<Panels>) {
    move |_, mut panels| panels.open(Panel::Sheet(sheet))
}

#[derive(Component)]
pub(crate) struct SheetRoot;

/// Builds the sheet on top again whenever the panels, the window, the language or the games played change;
/// a panel over it (the question, the languages, the games) takes it away: a sheet's edges showed around
/// their cards.
pub(crate) fn show_sheet(
    panels: Res<Panels>,
    view: Res<ViewSize>,
    safe: Res<SafeArea>,
    locale: Res<Locale>,
    (history, standing): (Res<History>, Res<PlayerStanding>),
    settings: Res<Settings>,
    mut clock_view: ResMut<CustomClockView>,
    mut starting: MessageReader<NewGame>,
    roots: Query<Entity, With<SheetRoot>>,
    mut commands: Commands,
) {
    // A game starts in this frame: the sheet is not built again for the last frame of the title.
    let leaving = starting.read().count() > 0;
    let stale = panels.is_changed()
        || view.is_changed()
        || safe.is_changed()
        || locale.is_changed()
        || history.is_changed()
        || standing.is_changed()
        || leaving;
    if !stale {
        return;
    }
    for root in &roots {
        commands.entity(root).despawn();
    }
    let Some(sheet) = sheet_on_top(&panels) else { return };
    if leaving {
        return;
    }
    let m = Metrics::for_window(view.0);
    // The Two players sheet and the Play sheet (nine levels) are the tallest: tighter on a small phone.
    let m = if matches!(sheet, Sheet::TwoPlayers | Sheet::Play) { m.for_two_players(view.0) } else { m };
    let has_history = !history.games.is_empty();
    let mut root = commands.spawn((
        panel_backdrop("Button Close the sheet", 20),
        SheetRoot,
        DespawnOnExit(Screen::Title),
    ));
    // Clear of the system's insets: a sheet never sits under a notch or the home indicator.
    root.insert(Node {
        position_type: PositionType::Absolute,
        width: percent(100),
        height: percent(100),
        justify_content: JustifyContent::Center,
        align_items: AlignItems::Center,
        padding: safe.padding(4.0),
        ..default()
    });
    // The Settings sheet, and the Play sheet on a short screen (its ladder beside the other choices), take
    // the short screen's width.
    let wide = sheet == Sheet::Settings || (sheet == Sheet::Play && m.short);
    let width = if wide { m.width } else { m.width.min(420.0) };
    let sheet_card = (Name::new(format!("{sheet:?} sheet")), card(width, m.pad, m.gap, AlignItems::Stretch));
    match sheet {
        Sheet::Play => root.with_child((sheet_card, play_sheet(m, &locale, &standing.0))),
        Sheet::TwoPlayers => {
            // The custom clock's block opens as the custom clock is: with its odds, its delay.
            *clock_view = CustomClockView::of(&settings.custom_clock);
            // Sideways, the custom clock sits beside the choices: the card widens while it shows.
            let wide = if m.short { WIDE } else { width };
            root.with_child((
                sheet_card,
                ClockPart::Card { narrow: width, wide },
                KeptTop::for_sheet(m),
                two_players_sheet(m),
            ))
        }
        Sheet::Settings => root.with_child((sheet_card, settings_sheet(m, has_history))),
    };
}

/// The Play sheet's children: the ladder (`ladder`), the player's standing, who starts, and Start against
/// the computer. On a short screen (a phone held sideways) the ladder stands beside the rest.
fn play_sheet(m: Metrics, locale: &Locale, standing: &Standing) -> impl Bundle {
    // Side by side, each column has its share of the width: a text measured in a column of no width (a
    // flex basis of 0) took a line a word and made the sheet twice the screen's height.
    let column = |share: f32| Node {
        flex_direction: FlexDirection::Column,
        justify_content: JustifyContent::Center,
        row_gap: px(m.gap),
        width: if m.short { percent(share) } else { auto() },
        ..default()
    };
    children![
        heading("title.against_computer", m),
        (
            Name::new("Play body"),
            Node {
                flex_direction: if m.short { FlexDirection::Row } else { FlexDirection::Column },
                column_gap: px(m.gap * 2.0),
                row_gap: px(m.gap),
                ..default()
            },
            children![
                (
                    Name::new("Play levels"),
                    column(62.0),
                    children![label("title.level", m), ladder_grid(m, locale, standing)],
                ),
                (
                    Name::new("Play start"),
                    column(36.0),
                    children![
                        standing_lines(m, locale, standing),
                        label("title.who_starts", m),
                        row(
                            m,
                            children![
                                choice_button("title.me", Choice::Starter(Starter::Me), m),
                                choice_button("title.computer", Choice::Starter(Starter::Computer), m),
                                choice_button("title.by_lot", Choice::Starter(Starter::ByLot), m),
                            ],
                        ),
                        start_row(
                            m,
                            on_tap(
                                |_: On<Tap>,
                                 settings: Res<Settings>,
                                 saved: Res<SavedGame>,
                                 mut panels: ResMut<Panels>,
                                 mut new_game: MessageWriter<NewGame>| {
                                    let human = human_side(settings.starter);
                                    let mode = Mode::Computer { level: settings.level, human };
                                    new_game_or_ask(mode, unfinished(&saved), &mut panels, &mut new_game);
                                },
                            ),
                        ),
                    ],
                ),
            ],
        ),
    ]
}

/// The Two players sheet's children: turning the board each turn, the clock, and Start for hot-seat. The
/// custom clock's block is always there, shown only while the custom clock is chosen
/// ([`show_custom_clock`]): under the choices on a phone; on a short screen the choices and the custom
/// clock with Start under it stand side by side, the two columns about as tall (a phone held sideways has
/// no room for the one above the other).
fn two_players_sheet(m: Metrics) -> impl Bundle {
    let clocks = CLOCKS.map(|(key, clock)| clock_button(key, Choice::Clock(clock), m));
    children![
        heading("title.two_players", m),
        (
            Name::new("Two players body"),
            ClockPart::Body { short: m.short },
            Node {
                flex_direction: FlexDirection::Column,
                column_gap: px(m.gap * 2.0),
                row_gap: px(m.gap),
                ..default()
            },
            children![
                (
                    Name::new("Two players choices"),
                    Node {
                        flex_direction: FlexDirection::Column,
                        row_gap: px(m.gap),
                        flex_grow: 1.0,
                        flex_basis: px(0),
                        ..default()
                    },
                    children![
                        // The clock's toggles' size (in half of a short screen's card, the Settings sheet's
                        // halves'): "Тақтаны әр жүрісте бұру: өшірулі" left its state alone on a second line.
                        setting_button(
                            "Turn the board",
                            Setting::Flip,
                            m.choice - if m.short { 3.0 } else { 2.0 }
                        ),
                        label("sheet.clock", m),
                        row(m, Children::spawn(SpawnIter(clocks.into_iter()))),
                    ],
                ),
                (
                    Name::new("Two players clock and start"),
                    // Beside the choices, Start keeps to the bottom of its column.
                    Node {
                        flex_direction: FlexDirection::Column,
                        justify_content: JustifyContent::SpaceBetween,
                        row_gap: px(m.gap),
                        flex_grow: 1.0,
                        flex_basis: px(0),
                        ..default()
                    },
                    children![custom_clock(m), two_players_start(m)],
                ),
            ],
        ),
    ]
}

/// The Two players sheet's Start (hot-seat), with its Close.
fn two_players_start(m: Metrics) -> impl Bundle {
    start_row(
        m,
        on_tap(
            |_: On<Tap>,
             saved: Res<SavedGame>,
             mut panels: ResMut<Panels>,
             mut new_game: MessageWriter<NewGame>| {
                new_game_or_ask(Mode::HotSeat, unfinished(&saved), &mut panels, &mut new_game);
            },
        ),
    )
}

/// The Settings sheet's children.
fn settings_sheet(m: Metrics, has_history: bool) -> impl Bundle {
    // A smaller type than the full-width buttons and the menu's narrow gap: most words keep to one line in
    // half of a small phone's card ("Piedras: madera" wrapped).
    let half = m.choice - 3.0;
    let speeds = Speed::ALL.map(|speed| choice_button(speed.key(), Choice::Speed(speed), m));
    // Alone (no games played yet), the puzzles' button takes the whole row.
    let places = Children::spawn((
        Spawn((
            half_labelled("title.training", half),
            on_tap(|_: On<Tap>, mut next: ResMut<NextState<Screen>>| next.set(Screen::Training)),
        )),
        spawn_if(has_history, || (half_labelled("title.history", half), on_tap(open_games_list))),
    ));
    children![
        heading("title.settings", m),
        label("title.speed", m),
        row(m, Children::spawn(SpawnIter(speeds.into_iter()))),
        // One column on a phone, the short settings two to a row as in the game's menu; two columns on a
        // short screen (a phone held sideways), where the column would not fit.
        (
            Name::new("Settings buttons"),
            Node {
                display: Display::Grid,
                grid_template_columns: RepeatedGridTrack::flex(if m.short { 2 } else { 1 }, 1.0),
                row_gap: px(m.gap),
                column_gap: px(m.gap),
                margin: UiRect::top(px(m.gap)),
                ..default()
            },
            children![
                pair_row(
                    8.0,
                    children![
                        half_setting_button("Sound", Setting::Sound, half),
                        half_setting_button("Vibration", Setting::Haptics, half),
                    ],
                ),
                pair_row(
                    8.0,
                    children![
                        half_setting_button("Stones", Setting::Stones, half),
                        half_setting_button("Counts", Setting::Counts, half),
                    ],
                ),
                // Motion beside the language, and the two places the sheet leads to (the puzzles, the games
                // played) side by side: the motion's row is the one the games played had to themselves, so
                // the sheet is no taller than before and still fits a small phone in every language.
                pair_row(
                    8.0,
                    children![
                        half_setting_button("Motion", Setting::Motion, half),
                        language_button(half, half_width(), on_tap(open_language_list)),
                    ],
                ),
                // Then the puzzles and the games played.
                pair_row(8.0, places),
                // What draws, and the next start's renderer: only where there is a second one.
                (
                    Name::new("Renderer row"),
                    Node {
                        display: if can_switch() { Display::Flex } else { Display::None },
                        flex_direction: FlexDirection::Column,
                        ..default()
                    },
                    children![renderer_button(half)],
                ),
            ],
        ),
        close_button(m),
    ]
}

/// A button of a [`pair_row`] that says `key`: what the tap does is attached by the caller.
fn half_labelled(key: &'static str, font: f32) -> impl Bundle {
    shaped_labelled(key, font, half_width())
}

/// The sheet's title.
fn heading(key: &'static str, m: Metrics) -> impl Bundle {
    (
        Name::new(format!("Heading {key}")),
        Tr(key),
        DisplayFace,
        text("", m.heading, theme::TEXT),
        TextLayout::justify(Justify::Center),
        Node { align_self: AlignSelf::Center, ..default() },
    )
}

/// The name of a row of choices.
fn label(key: &'static str, m: Metrics) -> impl Bundle {
    (
        Name::new(format!("Label {key}")),
        Tr(key),
        text("", m.label, theme::TEXT_DIM),
        Node { align_self: AlignSelf::Center, margin: UiRect::top(px(m.gap / 2.0)), ..default() },
    )
}

/// A row of choices, wrapped onto a second line where a language's words are long; `choices` are its
/// children.
fn row(m: Metrics, choices: impl Bundle) -> impl Bundle {
    (
        Name::new("Row"),
        Node {
            column_gap: px(m.gap),
            row_gap: px(m.gap),
            flex_wrap: FlexWrap::Wrap,
            justify_content: JustifyContent::Center,
            ..default()
        },
        choices,
    )
}

fn choice_button(key: &'static str, choice: Choice, m: Metrics) -> impl Bundle {
    (
        padded_labelled(key, m.choice, if m.short { 10.0 } else { 14.0 }),
        choice,
        on_tap(move |_: On<Tap>, mut settings: ResMut<Settings>| choice.keep(&mut settings)),
    )
}

/// A [`choice_button`] of the clocks' row, a little smaller: five clocks with their times in their names
/// take two or three lines of a small phone's card, not four.
fn clock_button(key: &'static str, choice: Choice, m: Metrics) -> impl Bundle {
    (
        padded_labelled(key, m.choice - 2.0, 8.0),
        choice,
        on_tap(move |_: On<Tap>, mut settings: ResMut<Settings>| choice.keep(&mut settings)),
    )
}

/// The sheet's Start, which does `start`, with a Close beside it: a sheet says how to leave it without
/// starting, on a phone where Back is a gesture a new player may not know.
fn start_row(m: Metrics, start: TapAction) -> impl Bundle {
    (
        Name::new("Start row"),
        Node { column_gap: px(m.gap), margin: UiRect::top(px(m.gap)), ..default() },
        children![
            close(m, button_node(UiRect::axes(px(12), px(10)), Vec2::new(64.0, 52.0))),
            (start_button(m), start)
        ],
    )
}

/// The Settings sheet's Close, under its buttons.
fn close_button(m: Metrics) -> impl Bundle {
    close(
        m,
        Node {
            align_self: AlignSelf::Center,
            margin: UiRect::top(px(m.gap / 2.0)),
            ..button_node(UiRect::axes(px(24), px(10)), Vec2::new(120.0, 44.0))
        },
    )
}

/// "Close", in the language on screen, in the box `node`: closes the sheet, as a tap beside it or Back does.
fn close(m: Metrics, node: Node) -> impl Bundle {
    (
        shaped_labelled("moves.close", m.choice, node),
        on_tap(|_: On<Tap>, mut panels: ResMut<Panels>| panels.close(is_sheet)),
    )
}

/// The sheet's big, lit Start.
fn start_button(m: Metrics) -> impl Bundle {
    lit_labelled(
        "title.start",
        m.action,
        Node {
            flex_grow: 1.0,
            ..button_node(UiRect::axes(px(16), px(if m.short { 8.0 } else { 14.0 })), Vec2::new(64.0, 52.0))
        },
    )
}

/// A saved game with moves in it: starting another would lose it.
fn unfinished(saved: &SavedGame) -> bool {
    saved.0.as_ref().is_some_and(|g| !g.moves.is_empty())
}

/// Lights the choices kept in the settings.
pub(crate) fn mark_selected(
    settings: Res<Settings>,
    mut commands: Commands,
    choices: Query<(Entity, &Choice, Has<Selected>, &Interaction)>,
    mut colors: Query<&mut BackgroundColor>,
) {
    for (entity, choice, selected, interaction) in &choices {
        let now = choice.is_kept(&settings);
        if now != selected {
            if now {
                commands.entity(entity).insert(Selected);
            } else {
                commands.entity(entity).remove::<Selected>();
            }
        }
        if *interaction == Interaction::None
            && let Ok(mut color) = colors.get_mut(entity)
        {
            color.0 = if now { theme::BUTTON_SELECTED } else { theme::BUTTON };
        }
    }
}
