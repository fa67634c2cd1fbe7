//! The game clock at the table: which game it belongs to, when it runs, the press as a move is played,
//! the flag, and each seat's clock in its bar (the right way up for its player, lit while it runs, red in
//! its last ten seconds with a tock and a tick of vibration each second). Tapping a running clock pauses
//! the game (`table`: the cover, Resume on both seats).
//!
//! Invariants: the clock runs only while its own game is on the board, not over, with nothing paused,
//! no stone in flight and the app in front: on any other screen (review, a lesson over the game), under
//! a card or the pause's cover, in the background or while a move's stones are being sown it stands
//! still, and it goes on where it stopped; the flag is looked at before the frame's moves reach the
//! rules, so a move played after the time ran out is not played; a move presses the clock in the frame
//! the rules take it (the tap's frame), and the next player's time starts once its stones have landed:
//! the board is theirs to play only then (a tap during the sowing hurries it, and plays nothing). A
//! timed game sows at least at Fast, so the wait is short.

use bevy::prelude::*;

use crate::app::board::layout::BoardLayout;
use crate::app::board::sowing::{Cue, Timeline};
use crate::app::board::view::shared_board;
use crate::app::platform::lifecycle::InBackground;
use crate::app::platform::safe_area::SafeArea;
use crate::app::saves::persistence::SavedGame;
use crate::app::screens::game::bars::{BarClock, BarClockText, bar_in_two_lines};
use crate::app::state::clock::{ClockOverride, ClockTime, GameClock, clock_text};
use crate::app::state::panels::{Panel, Panels};
use crate::app::state::screen::{Frame, Screen};
use crate::app::state::session::{BoardOwner, EndGame, MovePlayed, Moves, Session};
use crate::app::state::settings::{Calm, Settings, Speed, SpeedFloor};
use crate::app::ui::theme;
use crate::clock::{Clock, ClockState, LAST_SECONDS_MS, result_on_time};
use crate::game::{Ending, Mode};
use crate::rules::Side;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            (adopt_clock, timed_pace, run_clock).chain().in_set(Frame::Rules).before(Moves),
            press_clock.in_set(Frame::Rules).after(Moves),
            show_clocks.in_set(Frame::View),
        ),
    )
    .add_systems(OnExit(Screen::Game), |mut floor: ResMut<SpeedFloor>| {
        floor.set_if_neq(SpeedFloor(None));
    });
}

/// A timed game sows at least at Fast: the next player's clock waits for the stones to land, and the
/// players' game should not wait on a slow flight (Normal took 1.4–1.5 s a move).
fn timed_pace(
    session: Res<Session>,
    screen: Res<State<Screen>>,
    clock: Res<GameClock>,
    mut floor: ResMut<SpeedFloor>,
) {
    if *screen.get() != Screen::Game {
        return;
    }
    let timed = session.owner == BoardOwner::Game && clock.of(session.game.id).is_some();
    floor.set_if_neq(SpeedFloor(timed.then_some(Speed::Fast)));
}

/// Gives the game on the board its clock when the game is new to the clock: a game continued keeps the
/// time it had (and opens paused, so no one's time runs while the players sit down); a new two-player
/// game takes the launch's `--clock` or the settings' choice; any other game has none.
fn adopt_clock(
    session: Res<Session>,
    screen: Res<State<Screen>>,
    saved: Res<SavedGame>,
    settings: Res<Settings>,
    launch_clock: Res<ClockOverride>,
    mut clock: ResMut<GameClock>,
    mut panels: ResMut<Panels>,
) {
    let game = &session.game;
    if session.owner != BoardOwner::Game || *screen.get() != Screen::Game || clock.game == game.id {
        return;
    }
    let kept = saved.0.as_ref().filter(|s| s.id == game.id).and_then(|s| s.clock.clone());
    let new = match (kept, game.mode) {
        (Some(kept), _) => {
            if !game.is_over() && !game.history().is_empty() {
                panels.open(Panel::Pause);
            }
            Some(Clock::resumed(kept.control, kept.left, kept.times))
        }
        (None, Mode::HotSeat) if game.history().is_empty() && !game.is_over() => {
            launch_clock.0.or(settings.time_control()).map(Clock::new)
        }
        (None, _) => None,
    };
    *clock = GameClock { clock: new, game: game.id };
}

/// Starts, stops, pauses and resumes the clock with the game, and ends the game when a flag falls.
///
/// The clocks start with the game's first move, as online play has it: White's first move is free, and
/// no one's time runs while the players sit down. Any card over the board (the menu, a question, an
/// offer, the pause) holds both clocks: the board under it takes no tap, so the side to move could not
/// play while its time ran (one seat's menu stopped the other from moving); the board is hidden under
/// such a card (`table`), so a held clock is no free time to study it. The stones of the last move in
/// flight hold them too: the next player's time starts when the board is theirs.
fn run_clock(
    time: ClockTime,
    session: Res<Session>,
    screen: Res<State<Screen>>,
    timeline: Res<Timeline>,
    mut panels: ResMut<Panels>,
    background: Res<InBackground>,
    mut clock: ResMut<GameClock>,
    mut end: MessageWriter<EndGame>,
) {
    let now = time.now();
    let game = &session.game;
    // Looked at without touching: the clock is changed only when something happens to it.
    let Some(look) = clock.of(game.id) else { return };
    let started = look.running().is_some() || look.is_paused();
    if game.is_over() {
        if started && let Some(c) = clock.of_mut(game.id) {
            c.stop(now);
        }
        return;
    }
    if let Some(flagged) = look.flagged(now) {
        let winner = result_on_time(game.position(), flagged).winner();
        end.write(EndGame { ending: Ending::Time { flagged, winner }, generation: session.generation });
        return;
    }
    let away = *screen.get() != Screen::Game || session.owner != BoardOwner::Game;
    let hold = away || panels.any() || background.0 || timeline.running();
    // Going to the background pauses the game: the players find it covered when they come back.
    if background.0 && started && !panels.contains(Panel::Pause) {
        panels.open(Panel::Pause);
    }
    let to_move = game.position().side_to_move();
    let begun = !game.history().is_empty();
    // Touched only when something changes: running while it may, standing still while it must.
    match (hold, look.running().is_some(), look.is_paused()) {
        (true, true, _) => {
            let _ = clock.of_mut(game.id).map(|c| c.pause(now));
        }
        (false, false, true) => {
            let _ = clock.of_mut(game.id).map(|c| c.resume(now));
        }
        (false, false, false) if begun => {
            let _ = clock.of_mut(game.id).map(|c| c.start(to_move, now));
        }
        _ => {}
    }
}

/// A move presses the mover's clock as the rules take it: the mover's time stops and earns its increment,
/// and the turn passes to the other side, whose clock waits, held, until the move's stones have landed
/// (`run_clock` lets it go in the first frame with none in flight: at once for a move not animated).
fn press_clock(
    time: ClockTime,
    session: Res<Session>,
    mut played: MessageReader<MovePlayed>,
    mut clock: ResMut<GameClock>,
) {
    let now = time.now();
    for moved in played.read() {
        let Some(c) = clock.of_mut(session.game.id) else { continue };
        if c.running() != Some(moved.outcome.side) {
            // The game's first move (the clocks start with it), or a move played in the frame a card
            // closed: the mover's clock starts as it plays, and the press passes the turn's time on.
            let _ = c.start(moved.outcome.side, now);
        }
        if c.press(now).is_ok() {
            let _ = c.pause(now);
        }
    }
}

/// Shows each seat's clock in its bar, the right way up for its player: its time, lit while it runs,
/// red in its last seconds, a tock and a tick each second there (a little swell too, unless calm).
fn show_clocks(
    time: ClockTime,
    session: Res<Session>,
    clock: Res<GameClock>,
    layout: Option<Res<BoardLayout>>,
    (calm, safe, settings): (Res<Calm>, Res<SafeArea>, Res<Settings>),
    mut chips: Query<(&BarClock, &mut Node, &mut BackgroundColor, &mut UiTransform)>,
    mut texts: Query<(&BarClockText, &mut Text, &mut TextColor, &mut TextFont)>,
    mut cues: MessageWriter<Cue>,
    mut last_second: Local<Option<(Side, u64)>>,
) {
    let Some(layout) = layout else { return };
    let now = time.now();
    let timed = clock.of(session.game.id).filter(|_| session.owner == BoardOwner::Game);
    let side_of = |top: bool| if top { layout.near.opponent() } else { layout.near };
    let turned = shared_board(&session, &settings);
    for (chip, mut node, mut background, mut transform) in &mut chips {
        let display = if timed.is_some() { Display::Flex } else { Display::None };
        if node.display != display {
            node.display = display;
        }
        // On the player's line of a two-line bar the chip keeps to the line's height.
        let upright = if bar_in_two_lines(&layout, &safe, chip.top, turned) { 0.0 } else { 2.0 };
        let padding = UiRect::axes(px(10), px(upright));
        if node.padding != padding {
            node.padding = padding;
        }
        let Some(c) = timed else { continue };
        let side = side_of(chip.top);
        let color = match c.state(side, now) {
            ClockState::Flag => theme::CLOCK_LOW,
            _ if c.in_last_seconds(side, now) && c.running() == Some(side) => theme::CLOCK_LOW,
            ClockState::Running => theme::CLOCK_RUNNING,
            ClockState::Stopped => theme::CLOCK_IDLE,
        };
        background.set_if_neq(BackgroundColor(color));
        // Each second of the last ten swells the running clock a little, then lets it go.
        let remaining = c.remaining(side, now);
        let swell = if !calm.0 && c.running() == Some(side) && c.in_last_seconds(side, now) {
            let into_second = 1.0 - (remaining % 1_000) as f32 / 1_000.0;
            1.0 + 0.12 * (1.0 - into_second * 4.0).max(0.0)
        } else {
            1.0
        };
        let scale = Vec2::splat(swell);
        if transform.scale != scale {
            transform.scale = scale;
        }
    }
    let Some(c) = timed else { return };
    for (which, mut text, mut color, mut font) in &mut texts {
        let side = side_of(which.top);
        // As large as the bar lets it be, to be read across a table: on a bar of two lines (a phone
        // upright) the player's line holds it; a bar of one line (a tablet) gives it more.
        let bar = if which.top { layout.top_bar } else { layout.bottom_bar } / layout.text_scale();
        let size = if bar_in_two_lines(&layout, &safe, which.top, turned) {
            20.0
        } else {
            (bar * 0.42).clamp(20.0, 34.0).round()
        };
        if !matches!(font.font_size, FontSize::Px(now) if now == size) {
            font.font_size = FontSize::Px(size);
        }
        let value = clock_text(c.remaining(side, now));
        if text.0 != value {
            text.0 = value;
        }
        let running = c.running() == Some(side);
        let low = c.state(side, now) == ClockState::Flag || (running && c.in_last_seconds(side, now));
        // Dark on the light running chip; light on the dark resting one and on red.
        let want = if running && !low { theme::CLOCK_TEXT_LIT } else { theme::TEXT };
        color.set_if_neq(TextColor(want));
    }
    // A tock (and, where the device can, a tick) as each of the last ten seconds begins.
    if let Some(side) = c.running() {
        let remaining = c.remaining(side, now);
        if remaining > 0 && remaining <= LAST_SECONDS_MS {
            let second = remaining.div_ceil(1_000);
            if *last_second != Some((side, second)) {
                *last_second = Some((side, second));
                cues.write(Cue::Stone);
            }
        }
    }
}
