//! Short messages in the game: why a tap did nothing, a new tuzdik, where a record went. Each is shown to
//! the player it concerns, facing them, in a box placed where it hides nothing it speaks of.

use crate::app::board::input::Press;
use crate::app::board::layout::BoardLayout;
use crate::app::board::layout::Orientation;
use crate::app::board::sowing::Timeline;
use crate::app::board::view::shared_board;
use crate::app::computer::hint::HintState;
use crate::app::i18n::locale::Locale;
use crate::app::i18n::words::Who;
use crate::app::state::messages::Toast;
use crate::app::state::panels::{Panel, Panels};
use crate::app::state::screen::Screen;
use crate::app::state::session::LandingHint;
use crate::app::state::session::{BoardOwner, MovePlayed, NewGame, Session};
use crate::app::state::settings::{Settings, Starter};
use crate::game::Mode;
use crate::rules::{Place, Side};
use bevy::prelude::*;
use std::f32::consts::PI;

/// A message's box: the dark of the panels, opaque.
pub const MESSAGE_BACKGROUND: Color = Color::srgb(0.07, 0.045, 0.03);

/// The words of a message, in each message box.
#[derive(Component, Copy, Clone)]
pub(crate) struct ToastText;

/// The box the messages float in, over the board where they hide nothing they talk about. In hot-seat on a
/// shared board each player has one (`far` for the far player's, turned to face them): a message for
/// both is shown to both.
#[derive(Component, Copy, Clone)]
pub(crate) struct MessageBox {
    pub(crate) far: bool,
}

/// The message on screen and how long it stays.
#[derive(Resource, Default)]
pub struct ToastState {
    pub text: String,
    pub remaining: f32,
    /// On a shared board, the one seat the message is for (`Some(true)` the far player's): a refusal
    /// speaks to the player who asked. `None`: both players.
    pub seat: Option<bool>,
    /// Said of a change that lasts the rest of the game (a new tuzdik): it stays its whole time through
    /// the next move, which would otherwise clear it (a player's own tuzdik was gone as the computer
    /// started its reply, 0.4 s after it showed).
    pub lasting: bool,
}

/// A message for one player's seat on a shared board (`far`: `Some(true)` the far player's, `None` both):
/// why their own Undo or Hint does nothing now.
#[derive(Message, Clone, Debug)]
pub struct SeatToast {
    pub far: Option<bool>,
    pub words: String,
}

/// A new tuzdik is told in words once its stones have landed: it changes where stones go for the rest
/// of the game.
pub(crate) fn announce_tuzdik(
    mut played: MessageReader<MovePlayed>,
    session: Res<Session>,
    timeline: Res<Timeline>,
    locale: Res<Locale>,
    mut waiting: Local<Option<(Side, crate::rules::Hole, u64)>>,
    mut state: ResMut<ToastState>,
) {
    for m in played.read() {
        if let Some(hole) = m.outcome.new_tuzdik {
            *waiting = Some((m.outcome.side, hole, session.generation));
        }
    }
    let Some((side, hole, generation)) = *waiting else { return };
    if generation != session.generation {
        // Undone, or the game moved on.
        *waiting = None;
        return;
    }
    if !timeline.running() {
        *waiting = None;
        let key = format!("toast.{}_tuzdik", Who::of(&session.game.mode, side).key_part());
        let words = locale.f(&key, &[("hole", &hole)]);
        *state = ToastState { remaining: shown_for(&words), text: words, seat: None, lasting: true };
    }
}

/// Against the computer with White drawn by lot (the title's "By lot"), the game says who got White once
/// it is the person's turn: at once as White, after the computer's first move as Black. The draw was never
/// told, and a player left to wonder why the computer moved first.
pub(crate) fn announce_lot(
    mut new_games: MessageReader<NewGame>,
    settings: Res<Settings>,
    session: Res<Session>,
    timeline: Res<Timeline>,
    screen: Res<State<Screen>>,
    locale: Res<Locale>,
    mut waiting: Local<Option<Mode>>,
    mut toasts: MessageWriter<Toast>,
) {
    for NewGame(mode) in new_games.read() {
        let drawn = settings.starter == Starter::ByLot && matches!(mode, Mode::Computer { .. });
        *waiting = drawn.then_some(*mode);
    }
    let Some(mode @ Mode::Computer { human, .. }) = *waiting else { return };
    let game = &session.game;
    if *screen.get() != Screen::Game || session.owner != BoardOwner::Game || game.mode != mode {
        return;
    }
    if game.history().len() > 1 || game.is_over() {
        // Too late to say: the game is under way.
        *waiting = None;
    } else if game.is_human_turn() && !timeline.running() {
        *waiting = None;
        let key = match human {
            Side::White => "toast.lot_white",
            Side::Black => "toast.lot_black",
        };
        toasts.write(Toast(locale.t(key)));
    }
}

/// How long a message stays: long enough to read it at about 15 characters a second, and never under
/// 2.6 s. A new player missed what the computer's tuzdik meant: its 80 characters were gone in 2.6 s.
fn shown_for(text: &str) -> f32 {
    (text.chars().count() as f32 / 15.0).max(2.6)
}

pub(crate) fn collect_toasts(
    time: Res<Time>,
    mut played: MessageReader<MovePlayed>,
    mut toasts: MessageReader<Toast>,
    mut seat_toasts: MessageReader<SeatToast>,
    mut state: ResMut<ToastState>,
    panels: Res<Panels>,
) {
    if panels.top() == Some(Panel::MoveList) {
        // Over the move list the message floats over the panel (`toast`); here it would show through.
        toasts.clear();
        seat_toasts.clear();
        return;
    }
    if played.read().count() > 0 && !state.lasting {
        // A move changes the board: what was said about the board before it ("Wait: the computer is
        // thinking", "White's turn", a landing) is stale. What the move itself says comes after.
        state.text.clear();
        state.remaining = 0.0;
    }
    for t in toasts.read() {
        *state = ToastState { text: t.0.clone(), remaining: shown_for(&t.0), seat: None, lasting: false };
    }
    for t in seat_toasts.read() {
        *state =
            ToastState { text: t.words.clone(), remaining: shown_for(&t.words), seat: t.far, lasting: false };
    }
    if state.remaining > 0.0 {
        state.remaining -= time.delta_secs();
        if state.remaining <= 0.0 {
            state.text.clear();
            state.lasting = false;
        }
    }
}

/// Where a message may sit on an upright phone's board, as shares of the board's height from its bottom,
/// best first: the middle, then away from it; with a finger down, the half away from the finger first, so
/// the hand does not hide the words.
pub(crate) fn message_heights(finger: Option<bool>, far_copy: Option<bool>) -> &'static [f32] {
    match (far_copy, finger) {
        // In hot-seat each player's copy keeps to their own half.
        (Some(false), _) => &[0.3, 0.2, 0.4, 0.12, 0.45],
        (Some(true), _) => &[0.7, 0.8, 0.6, 0.88, 0.55],
        (None, Some(true)) => &[0.7, 0.8, 0.6, 0.88, 0.5, 0.3],
        (None, Some(false)) => &[0.3, 0.2, 0.4, 0.12, 0.5, 0.7],
        (None, None) => &[0.5, 0.35, 0.65, 0.2, 0.8, 0.1, 0.9],
    }
}

/// The holes a message may be about, which it must not hide: the hole under a finger, the hole the
/// landing hint lights, and the tuzdiks.
pub(crate) fn message_subjects(
    layout: &BoardLayout,
    press: &Press,
    hint: &LandingHint,
    advice: &HintState,
    session: &Session,
) -> Vec<Rect> {
    let mut subjects: Vec<Rect> =
        press.down.iter().filter_map(|p| p.hole).map(|(side, hole)| layout.hole(side, hole)).collect();
    if let Some((_, landing)) = hint.0 {
        subjects.push(layout.hole(landing.side, landing.hole));
    }
    // The Hint button's advice names a hole of the side to move, ringed on the board: the words must not
    // sit on it (they covered it for three seconds on a small phone).
    if let Some((_, hole)) = advice.shown {
        subjects.push(layout.hole(session.game.position().side_to_move(), hole));
    }
    for owner in Side::BOTH {
        if let Some(hole) = session.game.position().tuzdik(owner) {
            subjects.push(layout.hole(owner.opponent(), hole));
        }
    }
    subjects
}

/// The stretch of `inner` across a board lying on its side that leaves both kazans' counts clear: the
/// counts sit at the kazans' ends, one at each end of the board.
pub(crate) fn clear_of_kazan_counts(layout: &BoardLayout, inner: Rect) -> Rect {
    let mut span = inner;
    for side in Side::BOTH {
        let kazan = layout.kazan(side);
        let count = layout.count_position(Place::Kazan(side));
        // The badge's radius (as `board::view` draws it) and a little air.
        let reach = (kazan.size().min_element() * 1.1).clamp(34.0, 64.0) / 2.0 + 6.0;
        if count.x < kazan.center().x {
            span.min.x = span.min.x.max(count.x + reach);
        } else {
            span.max.x = span.max.x.min(count.x - reach);
        }
    }
    if span.width() > inner.width() / 2.0 { span } else { inner }
}

/// Places the message boxes between the two rows of counts (never over a bar or a count): on a board
/// lying across, over the kazans; on an upright phone, at the first height of [`message_heights`] where
/// the words cover none of the holes they talk about (the landing hint hid the hole it lit, the tuzdik
/// message the tuzdik, the Hint button's words the hole it advised). In hot-seat on a shared board both players get the message, each facing them.
pub(crate) fn update_messages(
    toast: Res<ToastState>,
    layout: Option<Res<BoardLayout>>,
    ui_scale: Option<Res<UiScale>>,
    press: Res<Press>,
    hint: Res<LandingHint>,
    advice: Res<HintState>,
    session: Res<Session>,
    settings: Res<Settings>,
    mut boxes: Query<(&MessageBox, &mut Node, &mut UiTransform, &ComputedNode), Without<ToastText>>,
    mut toast_text: Query<(&mut Text, &mut BackgroundColor), With<ToastText>>,
) {
    if let Some(layout) = layout {
        // UI lengths are in pixels scaled by UiScale; the layout's are not.
        let scale = ui_scale.map_or(1.0, |s| s.0);
        let inner = layout.board.inflate(-(layout.band + 8.0));
        let board = layout.board;
        let shared = shared_board(&session, &settings);
        let finger_low = press
            .down
            .last()
            .and_then(|p| p.hole)
            .map(|(side, hole)| layout.hole(side, hole).center().y < board.center().y);
        let subjects = message_subjects(&layout, &press, &hint, &advice, &session);
        for (message, mut node, mut transform, computed) in &mut boxes {
            // A message for one seat shows only to it.
            let other_seat = shared && toast.seat.is_some_and(|far| far != message.far);
            let display = if (message.far && !shared) || other_seat { Display::None } else { Display::Flex };
            if node.display != display {
                node.display = display;
            }
            // The box's height as last laid out, in the layout's pixels.
            let height = (computed.size().y * computed.inverse_scale_factor()).max(24.0);
            let y = match layout.orientation {
                Orientation::Portrait => {
                    let copy = shared.then_some(message.far);
                    let lowest = inner.min.y + height / 2.0;
                    let highest = (inner.max.y - height / 2.0).max(lowest);
                    let at = |share: f32| (board.min.y + board.height() * share).clamp(lowest, highest);
                    let free = |y: f32| {
                        subjects.iter().all(|r| r.max.y < y - height / 2.0 || r.min.y > y + height / 2.0)
                    };
                    let heights = message_heights(finger_low, copy);
                    heights.iter().map(|&f| at(f)).find(|&y| free(y)).unwrap_or_else(|| at(heights[0]))
                }
                // Between the rows lie the kazans; in hot-seat each copy over its player's kazan.
                Orientation::Landscape if shared => {
                    let side = if message.far { layout.near.opponent() } else { layout.near };
                    layout.kazan(side).center().y
                }
                Orientation::Landscape => board.center().y,
            };
            // Lying across, the words keep clear of the kazans' counts at the kazans' ends (a long message
            // spread over the far player's count).
            let span = match layout.orientation {
                Orientation::Landscape => clear_of_kazan_counts(&layout, inner),
                Orientation::Portrait => inner,
            };
            let left = px((span.min.x + layout.window.x / 2.0) / scale);
            let width = px(span.width() / scale);
            let top = px(((layout.window.y / 2.0 - y) - height / 2.0) / scale);
            if node.left != left || node.width != width || node.top != top {
                node.left = left;
                node.width = width;
                node.top = top;
            }
            let rotation = if message.far { Rot2::radians(PI) } else { Rot2::IDENTITY };
            if transform.rotation != rotation {
                transform.rotation = rotation;
            }
        }
    }
    for (mut text, mut bg) in &mut toast_text {
        if text.0 != toast.text {
            text.0 = toast.text.clone();
        }
        // Opaque: stones and hole edges must not show through the words. Blending is done in linear light,
        // where 8% of the bright wood is a quarter of the brightness: at 0.92 the kazans' stones read as
        // dark blots through a tablet's message.
        let want = if toast.text.is_empty() { Color::NONE } else { MESSAGE_BACKGROUND };
        if bg.0 != want {
            bg.0 = want;
        }
    }
}
