//! Each player's bar around the board: badge, name, kazan and whose turn it is, with Undo, Redo, Hint and
//! Menu. Under 560 px the turn takes its own line above the buttons, so no language loses it; in hot-seat
//! on a shared board the far player's bar is turned to face them and serves only its own player.

use crate::app::board::layout::{BOTTOM_BAR, BoardLayout, TOP_BAR};
use crate::app::board::sowing::Timeline;
use crate::app::board::stones::{ShownCounts, place_index};
use crate::app::board::view::{needs_six_nine_mark, shared_board};
use crate::app::computer::ai_task::Thinking;
use crate::app::computer::hint::HintRequest;
use crate::app::i18n::locale::Locale;
use crate::app::i18n::words::{self};
use crate::app::platform::safe_area::SafeArea;
use crate::app::screens::game::menu::open_menu;
use crate::app::screens::game::messages::SeatToast;
use crate::app::state::clock::{GameClock, Offer};
use crate::app::state::panels::{Panel, Panels};
use crate::app::state::session::Session;
use crate::app::state::settings::Settings;
use crate::app::ui::theme;
use crate::app::ui::widgets::{Tap, button_words, english, on_tap, sized_button, text};
use crate::rules::Place;
use crate::rules::Side;
use bevy::prelude::*;
use std::f32::consts::PI;

pub use crate::app::state::messages::{Redo, Undo};

#[derive(Component, Copy, Clone)]
pub(crate) struct PlayerBar {
    /// True for the bar at the top of the screen (the far side's).
    top: bool,
}

#[derive(Component, Copy, Clone)]
pub(crate) struct BarName {
    top: bool,
}

#[derive(Component, Copy, Clone)]
pub(crate) struct BarKazan {
    top: bool,
}

#[derive(Component, Copy, Clone)]
pub(crate) struct BarStatus {
    top: bool,
}

#[derive(Component, Copy, Clone)]
pub(crate) struct BarBadge {
    top: bool,
}

/// The badge, name and whose turn it is: one block of the bar, which gets a line of its own when the row
/// of controls leaves it no room (a phone upright, in the longer languages).
#[derive(Component, Copy, Clone)]
pub(crate) struct BarInfo {
    top: bool,
}

/// The name over the status, or beside it on the info's own line.
#[derive(Component, Copy, Clone)]
pub(crate) struct BarWords {
    top: bool,
}

/// Narrower than this (in UI pixels) the bar's row of controls leaves too little room beside it for the
/// name and whose turn it is in every language (Russian's "Вернуть Повторить Совет Меню" takes 300 of a
/// small phone's 360): the player's block takes a line of its own above the controls.
pub(crate) const ONE_LINE_WIDTH: f32 = 560.0;

/// Whether a bar shows its player on a line of its own above its controls: when it has controls (the near
/// bar; the far one when it faces the far player), the screen is narrow, and the bar tall enough for the
/// two lines (a phone upright: 72 and 84 pixels).
pub(crate) fn bar_in_two_lines(layout: &BoardLayout, safe: &SafeArea, top: bool, turned: bool) -> bool {
    let scale = layout.text_scale();
    let controls = !top || turned;
    let width = (layout.window.x - safe.left - safe.right) / scale;
    let height = if top { layout.top_bar - safe.top } else { layout.bottom_bar - safe.bottom } / scale;
    controls && width < ONE_LINE_WIDTH && height >= 70.0
}

#[derive(Component)]
pub(crate) struct UndoButton;

#[derive(Component)]
pub(crate) struct RedoButton;

#[derive(Component)]
pub(crate) struct HintButton;

/// One of a bar's buttons: Undo, Redo, Hint, Menu (the clock's chip is not one: `clock` shows it).
#[derive(Component)]
pub(crate) struct BarControl;

/// A control in the far player's bar, shown only when that bar faces the far player.
#[derive(Component, Clone, Copy)]
pub(crate) struct FarControl;

/// "Kazan in the top bar": names the tests and the inspector find the bars' parts by.
pub(crate) fn bar_part(what: &str, top: bool) -> String {
    format!("{what} in the {} bar", if top { "top" } else { "bottom" })
}

/// The far player's bar, at the top of the screen: its controls are marked [`FarControl`] and named for the
/// far side ("Button Undo (far side)").
pub(crate) fn top_bar() -> impl Bundle {
    player_bar(true, FarControl)
}

/// The near player's bar, at the bottom of the screen.
pub(crate) fn bottom_bar() -> impl Bundle {
    player_bar(false, ())
}

/// A player's bar; `far` marks the controls of the top bar ([`FarControl`]), nothing in the bottom one.
fn player_bar(top: bool, far: impl Bundle + Copy) -> impl Bundle {
    let height = if top { TOP_BAR } else { BOTTOM_BAR };
    (
        Name::new(if top { "Top bar" } else { "Bottom bar" }),
        PlayerBar { top },
        Node {
            width: percent(100),
            height: px(height),
            padding: UiRect::axes(px(10), px(6)),
            align_items: AlignItems::Center,
            justify_content: JustifyContent::SpaceBetween,
            column_gap: px(6),
            ..default()
        },
        BackgroundColor(Color::srgba(0.0, 0.0, 0.0, 0.25)),
        UiTransform::IDENTITY,
        // Both bars have the controls: the far bar's show in hot-seat on a shared tablet, where that bar
        // faces the far player.
        children![
            (
                bar_control("hud.undo", "Undo", top),
                UndoButton,
                far,
                on_tap(
                    move |_: On<Tap>,
                          asked: UndoAsked,
                          mut undo: MessageWriter<Undo>,
                          clock: Res<GameClock>,
                          mut panels: ResMut<Panels>| {
                        if let Some(refusal) = asked.refusal(top) {
                            asked.say(refusal, top);
                        } else if let Some(from) = asked.takeback_asker(&clock) {
                            // In a timed game a takeback is the other seat's to grant.
                            panels.open(Panel::Offer(Offer::Takeback { from }));
                        } else {
                            undo.write(Undo);
                        }
                    },
                ),
            ),
            // Shown only while there is something to redo: right after an undo (on a shared board, in the
            // bar of the player who undid). Its place is kept on a bar of two lines (`update_bars`).
            (
                bar_control("hud.redo", "Redo", top),
                RedoButton,
                far,
                on_tap(|_: On<Tap>, mut redo: MessageWriter<Redo>| {
                    redo.write(Redo);
                }),
            ),
            bar_info(top),
            (
                BarKazan { top },
                Name::new(bar_part("Kazan", top)),
                text("0", 26.0, theme::TEXT),
                Node::default(),
                BorderColor::all(theme::TEXT),
            ),
            (
                bar_control("hud.hint", "Hint", top),
                HintButton,
                far,
                on_tap(move |_: On<Tap>, asked: UndoAsked, mut hint: MessageWriter<HintRequest>| {
                    if let Some(refusal) = asked.hint_refusal(top) {
                        asked.say(refusal, top);
                    } else {
                        hint.write(HintRequest);
                    }
                }),
            ),
            (
                bar_control("hud.menu", "Menu", top),
                far,
                // The menu opens facing whoever opened it: from the far bar, turned to the far player.
                on_tap(move |_: On<Tap>, mut panels: ResMut<Panels>| open_menu(&mut panels, top)),
            ),
        ],
    )
}

/// One of a bar's controls, saying `key`: named after its English words in the bottom bar, "Button
/// {name} (far side)" in the top one.
fn bar_control(key: &'static str, name: &str, top: bool) -> impl Bundle {
    let label = if top { format!("{name} (far side)") } else { english(key) };
    (sized_button(label, 15.0, 6.0, 48.0), button_words(key, 15.0), BarControl)
}

/// A seat's clock in its bar: the top bar's (the far seat's) or the bottom one's.
#[derive(Component, Copy, Clone)]
pub(crate) struct BarClock {
    pub(crate) top: bool,
}

/// The time written on a [`BarClock`].
#[derive(Component, Copy, Clone)]
pub(crate) struct BarClockText {
    pub(crate) top: bool,
}

/// A seat's clock, for its bar: hidden until the game has a clock. A tap on it pauses the game.
pub(crate) fn bar_clock(top: bool) -> impl Bundle {
    (
        BarClock { top },
        Name::new(if top { "Clock in the top bar" } else { "Clock in the bottom bar" }),
        Button,
        Node {
            display: Display::None,
            flex_shrink: 0.0,
            margin: UiRect::left(Val::Auto),
            padding: UiRect::axes(px(10), px(2)),
            min_width: px(76),
            justify_content: JustifyContent::Center,
            border_radius: BorderRadius::all(px(8)),
            ..default()
        },
        BackgroundColor(theme::CLOCK_IDLE),
        UiTransform::IDENTITY,
        on_tap(pause_from_clock),
        children![(BarClockText { top }, text("", 24.0, theme::TEXT), Pickable::IGNORE)],
    )
}

/// A tap on a running clock pauses the game; on a stopped one nothing happens (the game is over, or
/// already paused).
fn pause_from_clock(_: On<Tap>, session: Res<Session>, clock: Res<GameClock>, mut panels: ResMut<Panels>) {
    if clock.of(session.game.id).is_some_and(|c| c.running().is_some()) && !session.game.is_over() {
        panels.open(Panel::Pause);
    }
}

/// The badge, the name and whose turn it is.
fn bar_info(top: bool) -> impl Bundle {
    (
        BarInfo { top },
        Name::new(bar_part("Player", top)),
        Node {
            flex_direction: FlexDirection::Row,
            align_items: AlignItems::Center,
            column_gap: px(8),
            flex_grow: 1.0,
            flex_shrink: 1.0,
            min_width: px(0),
            // Text measured while the row shrinks can ask for more height than it then takes.
            max_height: percent(100),
            overflow: Overflow::clip(),
            ..default()
        },
        children![
            (
                BarBadge { top },
                Node {
                    width: px(18),
                    height: px(18),
                    flex_shrink: 0.0,
                    border_radius: BorderRadius::all(px(9)),
                    border: UiRect::all(px(2)),
                    ..default()
                },
                BorderColor::all(Color::srgba(1.0, 1.0, 1.0, 0.5)),
                BackgroundColor(Color::WHITE),
            ),
            (
                BarWords { top },
                Node {
                    flex_direction: FlexDirection::Column,
                    min_width: px(0),
                    flex_shrink: 1.0,
                    ..default()
                },
                children![
                    (BarName { top }, Name::new(bar_part("Name", top)), text("", 16.0, theme::TEXT)),
                    (BarStatus { top }, Name::new(bar_part("Status", top)), text("", 12.0, theme::TEXT_DIM)),
                ],
            ),
            // The seat's clock, at the block's far end, in a timed game.
            bar_clock(top),
        ],
    )
}

/// What an Undo or Hint button asks of the game. In hot-seat on a shared board each player has their own
/// Undo, and it takes back only its player's own move: the far player's Undo took back the near player's
/// last move without asking them.
#[derive(bevy::ecs::system::SystemParam)]
pub(crate) struct UndoAsked<'w> {
    session: Res<'w, Session>,
    settings: Res<'w, Settings>,
    layout: Option<Res<'w, BoardLayout>>,
    locale: Res<'w, Locale>,
    toasts: MessageWriter<'w, SeatToast>,
}

impl UndoAsked<'_> {
    /// The side of the bar at the top (`top`) or bottom, when its player has a bar of their own: on a
    /// shared board. Elsewhere one bar serves whoever holds the device, and nothing is refused.
    pub(crate) fn seat(&self, top: bool) -> Option<Side> {
        let near = self.layout.as_ref()?.near;
        shared_board(&self.session, &self.settings).then_some(if top { near.opponent() } else { near })
    }

    /// Why the Undo of a bar may not take back the last move, if it may not.
    pub(crate) fn refusal(&self, top: bool) -> Option<String> {
        let mine = self.seat(top)?;
        let last = self.session.game.last_move()?;
        (last.side != mine).then(|| {
            let player = words::player_short(&self.locale, &self.session.game.mode, last.side);
            self.locale.f("toast.undo_theirs", &[("player", &player)])
        })
    }

    /// In a timed hot-seat game, the side asking to take back its last move: the other seat answers.
    pub(crate) fn takeback_asker(&self, clock: &GameClock) -> Option<Side> {
        let game = &self.session.game;
        clock.of(game.id)?;
        matches!(game.mode, crate::game::Mode::HotSeat).then_some(())?;
        game.last_move().map(|m| m.side)
    }

    /// Why the Hint of a bar may not be asked now: a hint is for the player whose turn it is (the far
    /// player's Hint on the near player's turn showed the near player their best move).
    pub(crate) fn hint_refusal(&self, top: bool) -> Option<String> {
        let mine = self.seat(top)?;
        let to_move = self.session.game.position().side_to_move();
        (!self.session.game.is_over() && to_move != mine).then(|| {
            let player = words::player_short(&self.locale, &self.session.game.mode, to_move);
            self.locale.f("toast.hint_theirs", &[("player", &player)])
        })
    }

    /// Says why to the player of the bar (at the top when `top`) who asked: on a shared board only their
    /// copy of the message shows ("It is White's turn: only they can ask", shown to White too, spoke of
    /// White as of someone else).
    pub(crate) fn say(mut self, words: String, top: bool) {
        let seat = self.seat(top).map(|_| top);
        self.toasts.write(SeatToast { far: seat, words });
    }
}

/// What the board shows: while a move is being sown, the position before it (the bars must not run
/// ahead of the stones); otherwise the rules' position.
pub(crate) fn board_side_to_move(session: &Session, timeline: &Timeline) -> Option<Side> {
    let pos = session.game.position();
    match session.game.last_move() {
        Some(last) if timeline.running() => Some(last.side),
        // Over on the board, or by the clock or the players: no one is to move.
        _ if session.game.is_over() => None,
        _ => Some(pos.side_to_move()),
    }
}

pub(crate) fn update_bars(
    locale: Res<Locale>,
    session: Res<Session>,
    settings: Res<Settings>,
    safe: Res<SafeArea>,
    layout: Option<Res<BoardLayout>>,
    thinking: Res<Thinking>,
    timeline: Res<Timeline>,
    shown: Res<ShownCounts>,
    clock: Res<GameClock>,
    mut bars: Query<(&PlayerBar, &mut UiTransform, &mut Node), Without<UndoButton>>,
    mut names: Query<(&BarName, &mut Text), (Without<BarKazan>, Without<BarStatus>)>,
    mut kazans: Query<
        (&BarKazan, &mut Text, &mut Node),
        (Without<BarName>, Without<BarStatus>, Without<PlayerBar>),
    >,
    mut statuses: Query<(&BarStatus, &mut Text), (Without<BarName>, Without<BarKazan>)>,
    mut badges: Query<(&BarBadge, &mut BackgroundColor, &mut BorderColor)>,
    mut controls: Query<
        (&mut Node, &mut Visibility, Has<UndoButton>, Has<RedoButton>, Has<HintButton>, Has<FarControl>),
        (With<BarControl>, Without<PlayerBar>, Without<BarKazan>),
    >,
) {
    let Some(layout) = layout else { return };
    let near = layout.near;
    let side_of = |top: bool| if top { near.opponent() } else { near };
    let mode = session.game.mode;
    let turned = shared_board(&session, &settings);
    let animating = timeline.running();
    let to_move = board_side_to_move(&session, &timeline);
    // The bars are laid out in the layout's pixels; the UI draws in pixels scaled by `UiScale`.
    let scale = layout.text_scale();
    for (bar, mut transform, mut node) in &mut bars {
        let height = px(if bar.top { layout.top_bar } else { layout.bottom_bar } / scale);
        if node.height != height {
            node.height = height;
        }
        let rotated = bar.top && turned;
        let rotation = if rotated { Rot2::radians(PI) } else { Rot2::IDENTITY };
        if transform.rotation != rotation {
            transform.rotation = rotation;
        }
        // Keep the bar's content clear of the status bar, the notch and the gesture bar.
        let (top_pad, bottom_pad) = outer_pads(&safe, bar.top, turned);
        // Two lines (the player over the controls) need the bar's whole height.
        let edge = if bar_in_two_lines(&layout, &safe, bar.top, turned) { 2.0 } else { 6.0 };
        let padding = UiRect {
            left: px(10.0 + safe.left / scale),
            right: px(10.0 + safe.right / scale),
            top: px(edge + top_pad / scale),
            bottom: px(edge + bottom_pad / scale),
        };
        if node.padding != padding {
            node.padding = padding;
        }
    }
    for (name, mut text) in &mut names {
        let value = words::bar_name(&locale, &mode, side_of(name.top));
        if text.0 != value {
            text.0 = value;
        }
    }
    for (kazan, mut text, mut node) in &mut kazans {
        // The bars count what the board shows, stone by stone as they land.
        let value = shown.0[place_index(Place::Kazan(side_of(kazan.top)))].to_string();
        let border = if turned && needs_six_nine_mark(&value) { UiRect::bottom(px(2)) } else { UiRect::ZERO };
        if node.border != border {
            node.border = border;
        }
        if text.0 != value {
            text.0 = value;
        }
    }
    for (status, mut text) in &mut statuses {
        let side = side_of(status.top);
        let last = session.game.last_move().filter(|o| o.side == side);
        let value = if to_move == Some(side) && animating {
            locale.t("status.sowing")
        } else if to_move == Some(side) {
            if !mode.is_human(side) && thinking.is_thinking() {
                locale.t("status.thinking")
            } else {
                locale.t("status.to_move")
            }
        } else if let Some(o) = last {
            locale.f("status.played", &[("hole", &o.hole)])
        } else {
            String::new()
        };
        if text.0 != value {
            text.0 = value;
        }
    }
    for (badge, mut color, mut rim) in &mut badges {
        let side = side_of(badge.top);
        // The badge is lit for the player whose turn the board shows, its rim too: Black's charcoal disc
        // on the dark bar read by its rim alone, and a faint rim left Black's turn hard to see.
        let lit = to_move == Some(side);
        let alpha = if lit { 1.0 } else { 0.35 };
        color.set_if_neq(BackgroundColor(theme::side_color(side).with_alpha(alpha)));
        rim.set_if_neq(BorderColor::all(Color::srgba(1.0, 1.0, 1.0, if lit { 0.95 } else { 0.3 })));
    }
    for (mut node, mut visibility, undo, redo, hint, far) in &mut controls {
        // On a shared board what undo took back is replayed by the player who undid it: the one to move
        // now (the near bar offered Redo after the far player's Undo).
        let mine = if far { near.opponent() } else { near };
        let redo_theirs = turned && session.game.position().side_to_move() != mine;
        // A timed game replays nothing: a move replayed would be a move played without the clock.
        let timed = clock.of(session.game.id).is_some();
        let no_redo = !session.game.can_redo() || redo_theirs || timed;
        // A bar whose controls have a line of their own spreads them along it: there Redo keeps its place
        // while there is nothing to redo, or Hint jumped sideways when it appeared. On one line the
        // player's block gives it room.
        let keeps_place = bar_in_two_lines(&layout, &safe, far, turned);
        // A timed game is the players' own: the computer's advice is no part of it (either seat could ask
        // it on the other's time).
        let display = if (far && !turned)
            || (hint && (!mode.landing_hint_allowed() || timed))
            || (redo && no_redo && !keeps_place)
        {
            Display::None
        } else {
            Display::Flex
        };
        if node.display != display {
            node.display = display;
        }
        // A finished game has no move to hint at: Hint keeps its place, hidden (tapped after a
        // resignation, it did nothing).
        if hint {
            let want = if session.game.is_over() { Visibility::Hidden } else { Visibility::Inherited };
            if *visibility != want {
                *visibility = want;
            }
        }
        if redo {
            let want = if no_redo { Visibility::Hidden } else { Visibility::Inherited };
            if *visibility != want {
                *visibility = want;
            }
        }
        // Undo keeps its place when there is nothing to undo, so the bar does not jump after the first
        // move.
        if undo {
            // On a shared board a player's Undo shows only while the last move is their own: it takes back
            // nothing else.
            let theirs = turned && session.game.last_move().is_some_and(|m| m.side != mine);
            let want =
                if session.game.can_undo() && !theirs { Visibility::Inherited } else { Visibility::Hidden };
            if *visibility != want {
                *visibility = want;
            }
        }
    }
}

/// The system's inset a bar keeps clear of at its own top and bottom edges: the status bar and notch for
/// the top bar, the gesture bar for the bottom one; a bar turned upside down has its outer edge at its
/// own bottom.
pub(crate) fn outer_pads(safe: &SafeArea, top: bool, turned: bool) -> (f32, f32) {
    let outer = if top { safe.top } else { safe.bottom };
    if top && !turned { (outer, 0.0) } else { (0.0, outer) }
}

/// What is pushed along a bar's line of controls by the room before it: the kazan and Hint.
type Pushed =
    (Or<(With<BarKazan>, With<HintButton>)>, Without<PlayerBar>, Without<BarInfo>, Without<BarWords>);

/// Lays each bar out in one line (controls, player, kazan, controls) or, where that line leaves the player
/// no room, in two: the badge, name and whose turn it is along the bar's inner top, the controls and the
/// kazan under them. Whose turn it is must never be squeezed out (it was, in Russian and Kazakh, on a
/// small phone once Redo showed). On two lines Hint and Menu keep together at the bar's end, whatever
/// comes and goes before them (spread along the line, Hint moved when Redo appeared or the kazan's count
/// grew a digit).
pub(crate) fn fit_bar_lines(
    layout: Option<Res<BoardLayout>>,
    safe: Res<SafeArea>,
    session: Res<Session>,
    settings: Res<Settings>,
    mut bars: Query<(&PlayerBar, &mut Node), (Without<BarInfo>, Without<BarWords>)>,
    mut infos: Query<(&BarInfo, &mut Node), (Without<PlayerBar>, Without<BarWords>)>,
    mut words: Query<(&BarWords, &mut Node), (Without<PlayerBar>, Without<BarInfo>)>,
    mut pushed: Query<(&mut Node, Option<&BarKazan>, Has<FarControl>), Pushed>,
) {
    let Some(layout) = layout else { return };
    let turned = shared_board(&session, &settings);
    let scale = layout.text_scale();
    let two = |top: bool| bar_in_two_lines(&layout, &safe, top, turned);
    for (bar, mut node) in &mut bars {
        let align = if two(bar.top) { AlignItems::FlexEnd } else { AlignItems::Center };
        if node.align_items != align {
            node.align_items = align;
        }
        // Undo, Redo, a kazan of two digits, Hint and Menu on a small phone's line in Russian: 343 pixels
        // of 340 with the wider gaps, and Hint and Menu ran past their place.
        let gap = px(if two(bar.top) { 4.0 } else { 6.0 });
        // On two lines Hint's own margin takes the room between the controls (`hints` below): spread
        // as well, the line ran past the bar's end.
        let justify = if two(bar.top) { JustifyContent::FlexStart } else { JustifyContent::SpaceBetween };
        if node.column_gap != gap || node.justify_content != justify {
            node.column_gap = gap;
            node.justify_content = justify;
        }
    }
    for (info, mut node) in &mut infos {
        let (position, top, left, right) = if two(info.top) {
            let (top_pad, _) = outer_pads(&safe, info.top, turned);
            (
                PositionType::Absolute,
                px(2.0 + top_pad / scale),
                px(10.0 + safe.left / scale),
                px(10.0 + safe.right / scale),
            )
        } else {
            (PositionType::Relative, Val::Auto, Val::Auto, Val::Auto)
        };
        if node.position_type != position || node.top != top || node.left != left || node.right != right {
            node.position_type = position;
            node.top = top;
            node.left = left;
            node.right = right;
        }
    }
    // The room of the controls' line goes either side of the kazan: Undo and Redo at one end, Hint and
    // Menu at the other.
    for (mut node, kazan, far) in &mut pushed {
        let top = kazan.map_or(far, |k| k.top);
        let margin = if two(top) { UiRect::left(Val::Auto) } else { UiRect::ZERO };
        if node.margin != margin {
            node.margin = margin;
        }
    }
    for (w, mut node) in &mut words {
        let (direction, align) = if two(w.top) {
            (FlexDirection::Row, AlignItems::Baseline)
        } else {
            (FlexDirection::Column, AlignItems::Stretch)
        };
        if node.flex_direction != direction || node.align_items != align {
            node.flex_direction = direction;
            node.align_items = align;
            node.column_gap = px(8);
        }
    }
}
