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
use crate::app::state::session::LandingHint;
use crate::app::state::session::{MovePlayed, Session};
use crate::app::state::settings::Settings;
use crate::rules::Side;
use bevy::prelude::*;
use std::f32::consts::PI;

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
}

/// A new tuzdik is told in words once its stones have landed: it changes where stones go for the rest
/// of the game.
pub(crate) fn announce_tuzdik(
    mut played: MessageReader<MovePlayed>,
    session: Res<Session>,
    timeline: Res<Timeline>,
    locale: Res<Locale>,
    mut waiting: Local<Option<(Side, crate::rules::Hole, u64)>>,
    mut toasts: MessageWriter<Toast>,
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
        toasts.write(Toast(locale.f(&key, &[("hole", &hole)])));
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
    mut state: ResMut<ToastState>,
    panels: Res<Panels>,
) {
    if panels.top() == Some(Panel::MoveList) {
        // Over the move list the message floats over the panel (`toast`); here it would show through.
        toasts.clear();
        return;
    }
    if played.read().count() > 0 {
        // A move changes the board: what was said about the board before it ("Wait: the computer is
        // thinking", "White's turn", a landing) is stale. What the move itself says comes after.
        state.text.clear();
        state.remaining = 0.0;
    }
    for t in toasts.read() {
        state.text = t.0.clone();
        state.remaining = shown_for(&t.0);
    }
    if state.remaining > 0.0 {
        state.remaining -= time.delta_secs();
        if state.remaining <= 0.0 {
            state.text.clear();
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
            let display = if message.far && !shared { Display::None } else { Display::Flex };
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
            let left = px((inner.min.x + layout.window.x / 2.0) / scale);
            let width = px(inner.width() / scale);
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
        // Nearly opaque: stones and hole edges must not show through the words.
        let want = if toast.text.is_empty() { Color::NONE } else { Color::srgba(0.07, 0.045, 0.03, 0.92) };
        if bg.0 != want {
            bg.0 = want;
        }
    }
}
