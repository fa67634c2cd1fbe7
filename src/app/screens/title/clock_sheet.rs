//! The Two players sheet's clock: its choices (none, blitz, rapid, classical, custom) and the custom
//! clock's block (time odds, increment or delay, and the steppers of the minutes and seconds), shown only
//! while the custom clock is chosen ([`show_custom_clock`]).
//!
//! Invariants: every value the steppers give is a valid [`TimeControl`], built by
//! [`TimeControl::with_odds`] (a step that would not be one does nothing); what the block shows is the
//! custom clock kept in [`Settings`], with [`CustomClockView`] for what the time control alone cannot show.
//! The card's top stays where it first showed once the clock is changed ([`keep_card_top`]): a tap on
//! Custom grows the card downwards instead of moving the button under the finger.

use bevy::prelude::*;

use crate::app::i18n::locale::Locale;
use crate::app::screens::title::metrics::Metrics;
use crate::app::state::settings::{ClockChoice, Settings};
use crate::app::ui::setting_buttons::half_width;
use crate::app::ui::theme;
use crate::app::ui::widgets::{Tap, TapAction, button_node, on_tap, shaped_button, text};
use crate::clock::{Increment, Preset, TimeControl};
use crate::rules::Side;

/// The Two players sheet's clocks, each with the locale key of its name.
pub(crate) const CLOCKS: [(&str, ClockChoice); 5] = [
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
pub(crate) const WIDE: f32 = 780.0;

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
    pub(crate) fn of(clock: &TimeControl) -> CustomClockView {
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

/// Where the Two players card's top stays, in logical pixels below the top of the room the sheet gives
/// it. From the card's first frame: centred with room kept below it for its tallest form (the custom
/// clock with time odds), from an estimate of the rows not yet shown ([`keep_card_top`]); from the first
/// change of what the custom clock shows on, kept, so the choices above stay under the finger (centred
/// again, the card jumped up half of the custom block when Custom was tapped, and a second tap on Time
/// odds landed on Per move when the card rose to fit), and raised only as far as a taller card needs.
#[derive(Component, Default, Debug)]
pub(crate) struct KeptTop {
    top: f32,
    /// The rows the custom clock adds, estimated from the sheet's sizes: its whole block with time odds,
    /// and the second line of steppers time odds adds. Zero on a short screen (sideways), where the block
    /// sits beside the choices.
    block: f32,
    odds_line: f32,
    /// What the custom clock showed (chosen, with time odds) when the card was first laid out.
    opened: Option<(bool, bool)>,
    /// Whether that changed since: from then on the top is kept.
    kept: bool,
}

impl KeptTop {
    pub(crate) fn for_sheet(m: Metrics) -> KeptTop {
        if m.short {
            return KeptTop::default();
        }
        // A toggle is a button of at least 44 px; a stepper line is its words over its – and + (44 px).
        let toggle = 44.0 + m.gap;
        let odds_line = (m.label + 1.0) * 1.4 + 4.0 + 44.0 + m.gap;
        KeptTop { block: m.gap + 2.0 * toggle + 2.0 * odds_line, odds_line, ..default() }
    }

    /// How much taller the card can still grow, with what it shows now.
    fn to_come(&self, custom: bool, odds: bool) -> f32 {
        match (custom, odds) {
            (false, _) => self.block,
            (true, false) => self.odds_line,
            (true, true) => 0.0,
        }
    }
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
pub(crate) fn custom_clock(m: Metrics) -> impl Bundle {
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

/// Places the Two players card ([`KeptTop`]) before the layout, from the sizes the last layout gave:
/// until the custom clock's rows change, centred with the rows still to come kept free below it (a bottom
/// margin, right from the card's first frame: placed a frame later, the card moved under a finger, or a
/// script, that tapped it at once); from then on at the top it had, raised only as far as it needs to fit.
pub(crate) fn keep_card_top(
    settings: Res<Settings>,
    view: Res<CustomClockView>,
    rooms: Query<(&ComputedNode, &UiGlobalTransform)>,
    mut cards: Query<(&mut KeptTop, &ComputedNode, &UiGlobalTransform, &ChildOf, &mut Node)>,
) {
    let custom = settings.clock == ClockChoice::Custom;
    let shows = (custom, view.odds(&settings.custom_clock));
    for (mut kept, card, at, parent, mut node) in &mut cards {
        // At the last layout, once there was one: the room left beside the card, and where the card's top
        // was drawn (below the room's padding), in logical pixels.
        let last = rooms.get(parent.parent()).ok().filter(|_| card.size().y > 0.0).map(|(room, room_at)| {
            let padding = room.padding();
            let scale = room.inverse_scale_factor();
            let free = room.size().y - padding.min_inset.y - padding.max_inset.y - card.size().y;
            let room_top = room_at.translation.y - room.size().y / 2.0 + padding.min_inset.y;
            let drawn = at.translation.y - card.size().y / 2.0 - room_top;
            ((free * scale).max(0.0), (drawn * scale).max(0.0))
        });
        let opened = *kept.opened.get_or_insert(shows);
        let was_kept = kept.kept;
        kept.kept |= opened != shows;
        let (align, top, below) = if kept.kept {
            match last {
                Some((free, _)) if was_kept => kept.top = kept.top.min(free),
                // The frame the custom clock's rows change: the top stays where it was drawn.
                Some((_, drawn)) => kept.top = drawn,
                None => {}
            }
            (AlignSelf::FlexStart, kept.top, 0.0)
        } else {
            let to_come = kept.to_come(shows.0, shows.1);
            (AlignSelf::Auto, 0.0, last.map_or(to_come, |(free, _)| to_come.min(free)))
        };
        let (top, below) = (px(top), px(below));
        if node.align_self != align || node.margin.top != top || node.margin.bottom != below {
            node.align_self = align;
            node.margin.top = top;
            node.margin.bottom = below;
        }
    }
}
