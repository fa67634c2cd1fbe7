//! The sheets over the title, each a panel of [`Panels`] ([`Panel::Sheet`]): **Play** (the level, who
//! starts, and Start against the computer), **Two players** (turning the board each turn, the clock: none,
//! blitz, rapid, classical or a custom one set with steppers, and Start for hot-seat) and **Settings**
//! (sowing speed, motion, sound, vibration, the stones' look, the holes' counts, language, the games
//! played: the game menu's settings, with the same buttons, `ui::setting_buttons`; and the puzzles'
//! training beside the games played).
//!
//! Invariants: every choice shown selected is the one in [`Settings`], which is saved, so a sheet opens on
//! the last choices made; the custom clock shows only while it is the clock chosen, and every value its
//! steppers give is a valid [`TimeControl`] (a step that would not be one does nothing); Start does what
//! the old title's play buttons did (a game under way is not thrown away without asking:
//! `new_game_or_ask`); only the panel on top is drawn, so the new-game question, the language list and the
//! games played take the sheet's place, and dropping them shows the sheet again as it was; every sheet has
//! a visible Close, and a tap on the dimmed title around a sheet, or the system Back (`screens::back`),
//! closes it too; leaving the title forgets it.

use bevy::prelude::*;

use crate::ai::Level;
use crate::clock::{Increment, Preset, TimeControl};
use crate::game::Mode;
use crate::rules::Side;

use crate::app::i18n::locale::{Locale, Tr};
use crate::app::i18n::words;
use crate::app::menus::confirm::new_game_or_ask;
use crate::app::menus::games::open_list as open_games_list;
use crate::app::menus::language::open_list as open_language_list;
use crate::app::platform::safe_area::SafeArea;
use crate::app::saves::history::History;
use crate::app::saves::persistence::SavedGame;
use crate::app::state::panels::{Panel, Panels, Sheet, is_sheet, sheet_on_top};
use crate::app::state::screen::Screen;
use crate::app::state::session::{NewGame, human_side};
use crate::app::state::settings::{ClockChoice, Settings, Speed, Starter};
use crate::app::state::view::ViewSize;
use crate::app::ui::setting_buttons::{
    Setting, half_setting_button, half_width, language_button, pair_row, setting_button,
};
use crate::app::ui::theme;
use crate::app::ui::theme::DisplayFace;
use crate::app::ui::widgets::{
    Selected, Tap, TapAction, button_node, card, lit_labelled, on_tap, padded_labelled, panel_backdrop,
    shaped_button, shaped_labelled, spawn_if, text,
};

/// Opens `sheet` (the title's buttons).
pub(crate) fn open(sheet: Sheet) -> impl FnMut(On<Tap>, ResMut<Panels>) {
    move |_, mut panels| panels.open(Panel::Sheet(sheet))
}

/// A choice kept in the settings, shown selected while it is the one kept.
#[derive(Component, Copy, Clone, PartialEq, Eq)]
pub(crate) enum Choice {
    Level(Level),
    Starter(Starter),
    Speed(Speed),
    /// The two players' clock: none, a preset, or the custom one.
    Clock(ClockChoice),
}

impl Choice {
    /// Whether it is the choice kept in `settings`.
    fn is_kept(self, settings: &Settings) -> bool {
        match self {
            Choice::Level(l) => settings.level == l,
            Choice::Starter(s) => settings.starter == s,
            Choice::Speed(s) => settings.speed == s,
            Choice::Clock(c) => settings.clock == c,
        }
    }

    /// Keeps it in `settings`.
    fn keep(self, settings: &mut Settings) {
        match self {
            Choice::Level(l) => settings.level = l,
            Choice::Starter(s) => settings.starter = s,
            Choice::Speed(s) => settings.speed = s,
            Choice::Clock(c) => settings.clock = c,
        }
    }
}

#[derive(Component)]
pub(crate) struct SheetRoot;

/// Sizes for the window at hand: a phone held sideways is too short for a sheet in one column.
#[derive(Copy, Clone)]
struct Metrics {
    heading: f32,
    label: f32,
    choice: f32,
    action: f32,
    gap: f32,
    pad: f32,
    width: f32,
    short: bool,
}

impl Metrics {
    fn for_window(size: Vec2) -> Metrics {
        // The sheet's height is counted in UI pixels: a tablet's `UiScale` makes everything larger.
        let short = size.y < SHORT;
        if short {
            Metrics {
                heading: 20.0,
                label: 14.0,
                choice: 16.0,
                action: 20.0,
                gap: 6.0,
                pad: 12.0,
                width: 600.0,
                short,
            }
        } else {
            Metrics {
                heading: 24.0,
                label: 15.0,
                choice: 18.0,
                action: 22.0,
                gap: 10.0,
                pad: 20.0,
                width: 380.0,
                short,
            }
        }
    }

    /// The Two players sheet's sizes: its heading kept to one line on a phone ("Двое на одном устройстве"
    /// left a word alone on the second), and tighter gaps on a small phone, where the custom clock's block
    /// must fit under the choices.
    fn for_two_players(self, size: Vec2) -> Metrics {
        if self.short {
            return self;
        }
        let heading = if size.x < NARROW { 21.0 } else { self.heading };
        if size.y < TIGHT {
            Metrics { heading, gap: 6.0, pad: 14.0, ..self }
        } else {
            Metrics { heading, ..self }
        }
    }
}

/// Below this height (a phone held sideways) the Settings sheet puts its buttons in two columns.
const SHORT: f32 = 560.0;
/// Below this width (a phone upright) the Two players sheet's heading is smaller.
const NARROW: f32 = 480.0;
/// Below this height (a small phone) the Two players sheet's gaps are tighter.
const TIGHT: f32 = 720.0;

/// Builds the sheet on top again whenever the panels, the window, the language or the games played change;
/// a panel over it (the question, the languages, the games) takes it away: a sheet's edges showed around
/// their cards.
pub(crate) fn show_sheet(
    panels: Res<Panels>,
    view: Res<ViewSize>,
    safe: Res<SafeArea>,
    locale: Res<Locale>,
    history: Res<History>,
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
    let m = if sheet == Sheet::TwoPlayers { m.for_two_players(view.0) } else { m };
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
    let width = if sheet == Sheet::Settings { m.width } else { m.width.min(420.0) };
    let sheet_card = (Name::new(format!("{sheet:?} sheet")), card(width, m.pad, m.gap, AlignItems::Stretch));
    match sheet {
        Sheet::Play => root.with_child((sheet_card, play_sheet(m))),
        Sheet::TwoPlayers => {
            // The custom clock's block opens as the custom clock is: with its odds, its delay.
            *clock_view = CustomClockView::of(&settings.custom_clock);
            // Sideways, the custom clock sits beside the choices: the card widens while it shows.
            let wide = if m.short { WIDE } else { width };
            root.with_child((sheet_card, ClockPart::Card { narrow: width, wide }, two_players_sheet(m)))
        }
        Sheet::Settings => root.with_child((sheet_card, settings_sheet(m, has_history))),
    };
}

/// The Play sheet's children: the level, who starts, and Start against the computer.
fn play_sheet(m: Metrics) -> impl Bundle {
    let levels = Level::ALL.map(|level| choice_button(words::level_key(level), Choice::Level(level), m));
    children![
        heading("title.against_computer", m),
        label("title.level", m),
        row(m, Children::spawn(SpawnIter(levels.into_iter()))),
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

/// The Two players sheet's clocks, each with the locale key of its name.
const CLOCKS: [(&str, ClockChoice); 5] = [
    ("sheet.clock_off", ClockChoice::Off),
    ("sheet.clock_blitz", ClockChoice::Preset(Preset::Blitz)),
    ("sheet.clock_rapid", ClockChoice::Preset(Preset::Rapid)),
    ("sheet.clock_classical", ClockChoice::Preset(Preset::Classical)),
    ("sheet.clock_custom", ClockChoice::Custom),
];

/// The main times the custom clock's steppers go through, in minutes: fine steps where a minute counts.
const MINUTES: [u64; 12] = [1, 2, 3, 5, 10, 15, 20, 30, 45, 60, 90, 120];
/// The increments or delays they go through, in seconds.
const SECONDS: [u64; 10] = [0, 1, 2, 3, 5, 10, 15, 20, 30, 60];

/// The Two players card's width on a short screen while the custom clock shows beside the choices (less
/// on a narrower screen: a card is at most 94% of it).
const WIDE: f32 = 780.0;

/// What the custom clock's block shows beyond the time control itself: whether each side has its own
/// time (time odds) and whether the seconds are a delay. Kept apart from the time control because odds with
/// equal times, or a delay of no seconds, are the same time control as without: the player who turned
/// them on sees them stay on. Read from the custom clock each time the sheet is built.
#[derive(Resource, Default, Clone, Copy, Debug)]
pub(crate) struct CustomClockView {
    odds: bool,
    delay: bool,
}

impl CustomClockView {
    fn of(clock: &TimeControl) -> CustomClockView {
        CustomClockView { odds: clock.has_odds(), delay: matches!(clock.increment(), Increment::Delay(_)) }
    }

    /// Whether the sides' times are set one by one.
    fn odds(self, clock: &TimeControl) -> bool {
        self.odds || clock.has_odds()
    }

    /// Whether the seconds are a delay rather than an increment.
    fn delay(self, clock: &TimeControl) -> bool {
        match clock.increment() {
            Increment::Fischer(_) => false,
            Increment::Delay(_) => true,
            Increment::None => self.delay,
        }
    }
}

/// A value of the custom clock a stepper sets.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum Field {
    /// Both sides' main time, without time odds.
    Minutes,
    White,
    Black,
    /// The increment or the delay.
    Seconds,
}

impl Field {
    /// Its value in `clock`, ms.
    fn ms(self, clock: &TimeControl) -> u64 {
        match self {
            Field::Minutes | Field::White => clock.budget(Side::White),
            Field::Black => clock.budget(Side::Black),
            Field::Seconds => match clock.increment() {
                Increment::None => 0,
                Increment::Fischer(ms) | Increment::Delay(ms) => ms,
            },
        }
    }

    /// Its unit, ms, and the values its stepper goes through, in that unit.
    fn steps(self) -> (u64, &'static [u64]) {
        match self {
            Field::Seconds => (1_000, &SECONDS),
            Field::Minutes | Field::White | Field::Black => (60_000, &MINUTES),
        }
    }

    /// The next value of its steps up or down from `ms`, if any: a value set elsewhere, between two steps,
    /// goes to the nearest one that way.
    fn next(self, ms: u64, up: bool) -> Option<u64> {
        let (unit, steps) = self.steps();
        let mut values = steps.iter().map(|v| v * unit);
        if up { values.find(|&v| v > ms) } else { values.rev().find(|&v| v < ms) }
    }
}

/// `clock` with `field` one step up or down; none at the end of its steps. Built by
/// [`TimeControl::with_odds`], so never a time control that cannot be: one it refuses is no step.
fn stepped(clock: &TimeControl, view: CustomClockView, field: Field, up: bool) -> Option<TimeControl> {
    let ms = field.next(field.ms(clock), up)?;
    let (white, black, increment) = (clock.budget(Side::White), clock.budget(Side::Black), clock.increment());
    match field {
        Field::Minutes => TimeControl::with_odds(ms, ms, increment),
        Field::White => TimeControl::with_odds(ms, black, increment),
        Field::Black => TimeControl::with_odds(white, ms, increment),
        Field::Seconds => TimeControl::with_odds(white, black, per_move(ms, view.delay(clock))),
    }
    .ok()
}

/// `ms` a move as an increment or a delay.
fn per_move(ms: u64, delay: bool) -> Increment {
    if delay { Increment::Delay(ms) } else { Increment::Fischer(ms) }
}

/// A part of the Two players sheet that the clock chosen reshapes ([`show_custom_clock`]).
#[derive(Component, Copy, Clone, PartialEq, Debug)]
pub(crate) enum ClockPart {
    /// The custom clock's block: shown while the custom clock is chosen.
    Custom,
    /// The one stepper of both sides' time: without time odds.
    SameTimes,
    /// White's and Black's steppers: with time odds.
    OddsTimes,
    /// The card: `wide` while the custom clock shows, `narrow` otherwise.
    Card { narrow: f32, wide: f32 },
    /// The choices and the custom clock with Start: one column, or on a `short` screen, while the custom
    /// clock shows, two side by side.
    Body { short: bool },
}

/// Words of the custom clock's block, written by [`show_custom_clock`].
#[derive(Component, Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum ClockWords {
    /// A stepper's value: "Minutes: 5", "White: 5 min", "Increment: 3 s".
    Value(Field),
    /// "Time odds: off".
    Odds,
    /// "Per move: increment" or "delay".
    Kind,
}

/// The sign on a stepper's – or +, dimmed where the stepper can go no further that way.
#[derive(Component, Copy, Clone, Debug)]
pub(crate) struct StepSign {
    field: Field,
    up: bool,
}

/// The custom clock's block: time odds and increment or delay, then the steppers of the minutes and
/// seconds. Hidden until the custom clock is chosen.
fn custom_clock(m: Metrics) -> impl Bundle {
    // Side by side on a short screen, the toggles' names ("Ventaja de tiempo:") keep to one line.
    let font = m.choice - if m.short { 3.0 } else { 2.0 };
    (
        Name::new("Custom clock"),
        ClockPart::Custom,
        Node {
            display: Display::None,
            flex_direction: FlexDirection::Column,
            row_gap: px(m.gap),
            ..default()
        },
        children![
            // One above the other, each on one line, on a phone; side by side, each its name over its state,
            // beside the choices on a short screen.
            (
                Name::new("Clock toggles"),
                Node {
                    flex_direction: if m.short { FlexDirection::Row } else { FlexDirection::Column },
                    column_gap: px(m.gap),
                    row_gap: px(m.gap),
                    ..default()
                },
                children![
                    toggle("Time odds", ClockWords::Odds, font, m.short, on_tap(switch_odds)),
                    toggle("Per move", ClockWords::Kind, font, m.short, on_tap(switch_kind)),
                ],
            ),
            (
                Name::new("Clock steppers"),
                // Two to a line; with time odds the seconds' stepper goes under White's and Black's.
                Node {
                    flex_wrap: FlexWrap::Wrap,
                    justify_content: JustifyContent::SpaceEvenly,
                    row_gap: px(m.gap),
                    ..default()
                },
                children![
                    stepper("Minutes", Field::Minutes, ClockPart::SameTimes, m),
                    stepper("White", Field::White, ClockPart::OddsTimes, m),
                    stepper("Black", Field::Black, ClockPart::OddsTimes, m),
                    stepper("Seconds", Field::Seconds, (), m),
                ],
            ),
        ],
    )
}

/// A button named `name` whose words `words` say a state of the custom clock; `switch` changes it. Full
/// width, or `half` of a row with its name over its state ([`TwoLines`]).
fn toggle(name: &str, words: ClockWords, font: f32, half: bool, switch: TapAction) -> impl Bundle {
    let node = if half {
        half_width()
    } else {
        Node {
            flex_direction: FlexDirection::Column,
            ..button_node(UiRect::axes(px(10), px(8)), Vec2::splat(44.0))
        }
    };
    (
        shaped_button(name, font, node),
        children![(
            words,
            TwoLines(half),
            text("", font, theme::TEXT),
            TextLayout::justify(Justify::Center),
            Pickable::IGNORE
        )],
        switch,
    )
}

/// Whether a toggle's words are its name over its state: in half of a row, "Фора по времени: вкл" broke
/// before its state and "Time odds: off" did not; on two lines of their own every language reads alike.
#[derive(Component, Copy, Clone, Debug)]
pub(crate) struct TwoLines(bool);

/// Time odds on or off; off, both sides take White's time.
fn switch_odds(_: On<Tap>, mut settings: ResMut<Settings>, mut view: ResMut<CustomClockView>) {
    let clock = settings.custom_clock;
    if view.odds(&clock) {
        view.odds = false;
        if let Ok(even) = TimeControl::new(clock.budget(Side::White), clock.increment()) {
            settings.custom_clock = even;
        }
    } else {
        view.odds = true;
    }
}

/// The seconds a move as an increment, or as a delay.
fn switch_kind(_: On<Tap>, mut settings: ResMut<Settings>, mut view: ResMut<CustomClockView>) {
    let clock = settings.custom_clock;
    view.delay = !view.delay(&clock);
    let increment = per_move(Field::Seconds.ms(&clock), view.delay);
    if let Ok(changed) =
        TimeControl::with_odds(clock.budget(Side::White), clock.budget(Side::Black), increment)
    {
        settings.custom_clock = changed;
    }
}

/// A value of the custom clock over its – and +: `name` names its buttons ("Minutes +"); `part` says when
/// it shows (`()`: always).
fn stepper(name: &str, field: Field, part: impl Bundle, m: Metrics) -> impl Bundle {
    (
        Name::new(format!("{name} stepper")),
        part,
        Node {
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::Center,
            row_gap: px(4),
            width: percent(48),
            ..default()
        },
        children![
            (
                ClockWords::Value(field),
                text("", m.label + 1.0, theme::TEXT),
                TextLayout::justify(Justify::Center)
            ),
            (
                Node { column_gap: px(m.gap), ..default() },
                children![step_button(name, field, false, m), step_button(name, field, true, m)],
            ),
        ],
    )
}

/// A stepper's – or +.
fn step_button(name: &str, field: Field, up: bool, m: Metrics) -> impl Bundle {
    // The name in plain ASCII, for the tests; the sign drawn is an en dash, which the font has (it has no
    // minus sign).
    let (named, sign) = if up { ("+", "+") } else { ("-", "\u{2013}") };
    (
        shaped_button(
            format!("{name} {named}"),
            m.choice,
            button_node(UiRect::axes(px(8), px(2)), Vec2::new(52.0, 44.0)),
        ),
        children![(StepSign { field, up }, text(sign, m.choice + 4.0, theme::TEXT), Pickable::IGNORE)],
        on_tap(move |_: On<Tap>, mut settings: ResMut<Settings>, view: Res<CustomClockView>| {
            if let Some(clock) = stepped(&settings.custom_clock, *view, field, up) {
                settings.custom_clock = clock;
            }
        }),
    )
}

/// Where a value goes in a message while its words are put together: a character no message holds.
const SLOT: char = '\u{1}';

/// The message `key` with `value` in its slot `slot`, kept whole: a line may break after the name ("White:"),
/// never inside the value and its unit ("5 min"), nor before a French colon.
fn held(locale: &Locale, key: &str, slot: &str, value: &str) -> String {
    let template = locale.f(key, &[(slot, &SLOT)]);
    let (before, after) = template.split_once(SLOT).unwrap_or((&template, ""));
    let keep = |s: &str| s.replace(' ', "\u{a0}");
    format!("{}{}{}", before.replace(" :", "\u{a0}:"), keep(value), keep(after))
}

/// `words` ("Time odds: off") with their state on a line of its own ([`TwoLines`]).
fn two_lines(words: String) -> String {
    match words.rsplit_once(' ') {
        Some((name, state)) => format!("{name}\n{state}"),
        None => words,
    }
}

/// A time in `unit` ms as a number: whole, or with a decimal (a clock set elsewhere may hold seconds).
fn in_unit(ms: u64, unit: u64) -> String {
    if ms.is_multiple_of(unit) { (ms / unit).to_string() } else { format!("{:.1}", ms as f64 / unit as f64) }
}

impl ClockWords {
    fn words(self, clock: &TimeControl, view: CustomClockView, locale: &Locale) -> String {
        let on_off = |on: bool| locale.t(if on { "setting.on" } else { "setting.off" });
        match self {
            ClockWords::Value(field) => {
                let key = match field {
                    Field::Minutes => "sheet.clock_minutes",
                    Field::White => "sheet.clock_white_minutes",
                    Field::Black => "sheet.clock_black_minutes",
                    Field::Seconds if view.delay(clock) => "sheet.clock_delay",
                    Field::Seconds => "sheet.clock_increment",
                };
                held(locale, key, "n", &in_unit(field.ms(clock), field.steps().0))
            }
            ClockWords::Odds => held(locale, "sheet.clock_odds", "state", &on_off(view.odds(clock))),
            ClockWords::Kind => {
                let kind =
                    if view.delay(clock) { "sheet.clock_kind_delay" } else { "sheet.clock_kind_increment" };
                held(locale, "sheet.clock_per_move", "kind", &locale.t(kind))
            }
        }
    }
}

/// Shows the custom clock's block while the custom clock is chosen, with one stepper of the minutes or,
/// with time odds, White's and Black's; widens the card for it on a short screen; writes its words and
/// dims a stepper's sign at the end of its steps. Every frame of the title, before the layout: a tap shows
/// its effect in the frame it lands.
pub(crate) fn show_custom_clock(
    settings: Res<Settings>,
    locale: Res<Locale>,
    view: Res<CustomClockView>,
    added: Query<(), Added<ClockWords>>,
    mut parts: Query<(&ClockPart, &mut Node)>,
    mut words: Query<(&ClockWords, Option<&TwoLines>, &mut Text)>,
    mut signs: Query<(&StepSign, &mut TextColor)>,
) {
    if !settings.is_changed() && !locale.is_changed() && !view.is_changed() && added.is_empty() {
        return;
    }
    let clock = settings.custom_clock;
    let custom = settings.clock == ClockChoice::Custom;
    let odds = view.odds(&clock);
    for (part, mut node) in &mut parts {
        let shown = match *part {
            ClockPart::Custom => custom,
            ClockPart::SameTimes => !odds,
            ClockPart::OddsTimes => odds,
            ClockPart::Card { narrow, wide } => {
                let width = px(if custom { wide } else { narrow });
                if node.width != width {
                    node.width = width;
                }
                continue;
            }
            ClockPart::Body { short } => {
                let direction = if short && custom { FlexDirection::Row } else { FlexDirection::Column };
                if node.flex_direction != direction {
                    node.flex_direction = direction;
                }
                continue;
            }
        };
        let display = if shown { Display::Flex } else { Display::None };
        if node.display != display {
            node.display = display;
        }
    }
    for (which, lines, mut text) in &mut words {
        let now = which.words(&clock, *view, &locale);
        let now = if lines.is_some_and(|l| l.0) { two_lines(now) } else { now };
        if text.0 != now {
            text.0 = now;
        }
    }
    for (sign, mut color) in &mut signs {
        let can = stepped(&clock, *view, sign.field, sign.up).is_some();
        let now = if can { theme::TEXT } else { theme::TEXT_DIM };
        if color.0 != now {
            color.0 = now;
        }
    }
}
