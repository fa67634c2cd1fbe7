//! Touch and mouse on the board. A tap on one of your holes plays it; a tap anywhere during an animation
//! finishes it; a long press (0.4 s) lights the hole where the last stone will land and says what happens
//! there (not on Hard, where a press of any length plays); lifting the finger then plays nothing. Taps that
//! cannot play get a short reason, and a [`TapRefused`] for whoever makes it felt (`board::haptics`).
//!
//! Each finger is tracked by its touch id: a move is played by the finger that pressed the hole, lifted on
//! that hole, never by a cancelled touch (palm rejection, a system gesture), and only if the position did
//! not change in between (a finger held down while the computer's reply landed plays nothing).
//!
//! Input is read from Bevy's `Touches` and mouse state (not from picking), so the headless tests drive it
//! with the same touch messages a phone sends.

use bevy::ecs::system::SystemParam;
use bevy::input::touch::Touches;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use crate::game::Mode;
use crate::lesson::Tapped;
use crate::rules::{Hole, Side};

use crate::app::board::layout::BoardLayout;
use crate::app::board::layout::too_small;
use crate::app::board::sowing::{FinishAnimation, Timeline};
use crate::app::i18n::locale::Locale;
use crate::app::i18n::words;
use crate::app::state::messages::Toast;
use crate::app::state::panels::Panels;
use crate::app::state::screen::Frame;
use crate::app::state::screen::OnBoard;
use crate::app::state::screen::Screen;
use crate::app::state::session::{BoardOwner, LandingHint, PlayHole, Session};
use crate::app::state::view::ViewSize;
use crate::app::ui::theme::{self, Art};
use crate::app::ui::widgets::CoversBoard;

/// How long a press must last to show the landing hint.
pub const LONG_PRESS: f32 = 0.4;

/// The pointer holding a hole: the mouse button or one finger, told apart by the touch id.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pointer {
    Mouse,
    Finger(u64),
}

/// Fingers (or the mouse button) down on the board, each tracked on its own: a move is played only by
/// the pointer that pressed the hole, lifting on that same hole, and never on a cancel.
#[derive(Resource, Default, Debug, Clone)]
pub struct Press {
    pub down: Vec<PressState>,
}

#[derive(Debug, Clone, Copy)]
pub struct PressState {
    pub pointer: Pointer,
    pub hole: Option<(Side, Hole)>,
    /// A kazan pressed (lessons ask where a stone goes, and a kazan can be the answer).
    pub kazan: Option<Side>,
    pub held: f32,
    /// The press finished an animation (or was otherwise used up): its release plays nothing.
    pub consumed: bool,
    pub hint_shown: bool,
    /// The session generation when the finger went down: if the position changes before it lifts (the
    /// computer's reply landed), the tap was meant for a board the player no longer sees.
    pub generation: u64,
}

/// A landing hint left on screen after the finger lifted, so it can be read: for how long, and for
/// which position.
#[derive(Resource, Default, Debug, Clone, Copy)]
pub struct HintLinger {
    pub left: f32,
    pub generation: u64,
}

/// How long the landing hint stays after the finger lifts.
pub const HINT_LINGER: f32 = 2.0;

/// A tap on the board during a lesson, for the tutorial to judge.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardTap(pub Tapped);

/// A tap on a hole that played nothing, for a reason the player is told (not their turn, the computer's
/// turn, an empty hole, the game over, the board changed under the finger): felt as well as read.
#[derive(Message, Copy, Clone, Debug, PartialEq, Eq)]
pub struct TapRefused;

/// Whether something covers the board, so that it takes no taps: a panel of [`Panels`], a dimmed screen
/// shown over it (the game's result, a lesson's end), a finished game whose result is coming, or review
/// (a board shown, not played on). Derived from what is on screen each time it is asked: no feature
/// keeps a flag of its own in step.
#[derive(SystemParam)]
pub struct BoardCover<'w, 's> {
    panels: Res<'w, Panels>,
    session: Res<'w, Session>,
    timeline: Res<'w, Timeline>,
    screens: Query<'w, 's, &'static Visibility, With<CoversBoard>>,
}

impl BoardCover<'_, '_> {
    pub fn covered(&self) -> bool {
        let game_ended =
            self.session.owner == BoardOwner::Game && self.session.game.is_over() && !self.timeline.running();
        self.panels.any()
            || self.session.owner == BoardOwner::Review
            || game_ended
            || self.screens.iter().any(|v| *v != Visibility::Hidden)
    }
}

#[derive(Component)]
struct HintGlow;

#[derive(Component)]
struct PressMark;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Press>()
        .init_resource::<HintLinger>()
        .add_message::<BoardTap>()
        .add_message::<TapRefused>()
        .add_systems(OnEnter(OnBoard), spawn_marks)
        .add_systems(OnExit(OnBoard), |mut p: ResMut<Press>, mut h: ResMut<LandingHint>| {
            p.down.clear();
            h.0 = None;
        })
        .add_systems(Update, read_pointer.in_set(Frame::Input).run_if(in_state(OnBoard)))
        .add_systems(Update, show_marks.in_set(Frame::View).run_if(in_state(OnBoard)));
}

fn spawn_marks(mut commands: Commands, art: Res<Art>) {
    commands.spawn((
        Name::new("Landing hint glow"),
        HintGlow,
        Sprite { image: art.glow.clone(), color: theme::LANDING.with_alpha(0.85), ..default() },
        Transform::default(),
        Visibility::Hidden,
        DespawnOnExit(OnBoard),
    ));
    commands.spawn((
        Name::new("Pressed hole mark"),
        PressMark,
        Sprite { image: art.ring.clone(), color: Color::srgba(1.0, 1.0, 1.0, 0.5), ..default() },
        Transform::default(),
        Visibility::Hidden,
        DespawnOnExit(OnBoard),
    ));
}

/// Where the pointer is, in board coordinates (logical pixels, origin at the centre, y up).
fn to_board(screen: Vec2, view: Vec2) -> Vec2 {
    Vec2::new(screen.x - view.x / 2.0, view.y / 2.0 - screen.y)
}

/// What the pointers did this frame.
#[derive(Default)]
pub(crate) struct PointerFrame {
    /// Pressed this frame, with where (window coordinates).
    pub pressed: Vec<(Pointer, Vec2)>,
    /// Lifted, with where; `None` for a cancelled touch.
    pub released: Vec<(Pointer, Option<Vec2>)>,
}

/// The fingers and the mouse over the board, with the view that places them on it: what the board's
/// input and review's swipes read.
#[derive(SystemParam)]
pub(crate) struct BoardPointers<'w, 's> {
    touches: Res<'w, Touches>,
    mouse: Option<Res<'w, ButtonInput<MouseButton>>>,
    window: Query<'w, 's, &'static Window, With<PrimaryWindow>>,
    view: Res<'w, ViewSize>,
}

impl BoardPointers<'_, '_> {
    /// What the pointers did this frame.
    pub fn frame(&self) -> PointerFrame {
        let cursor = self.window.single().ok().and_then(Window::cursor_position);
        pointer_frame(&self.touches, self.mouse.as_deref(), cursor)
    }

    /// A point of the window in board coordinates.
    pub fn on_board(&self, at: Vec2) -> Vec2 {
        to_board(at, self.view.0)
    }
}

fn pointer_frame(
    touches: &Touches,
    mouse: Option<&ButtonInput<MouseButton>>,
    cursor: Option<Vec2>,
) -> PointerFrame {
    let mut frame = PointerFrame::default();
    for t in touches.iter_just_pressed() {
        frame.pressed.push((Pointer::Finger(t.id()), t.position()));
    }
    for t in touches.iter_just_released() {
        frame.released.push((Pointer::Finger(t.id()), Some(t.position())));
    }
    for t in touches.iter_just_canceled() {
        frame.released.push((Pointer::Finger(t.id()), None));
    }
    if let Some(mouse) = mouse {
        if mouse.just_pressed(MouseButton::Left)
            && let Some(c) = cursor
        {
            frame.pressed.push((Pointer::Mouse, c));
        }
        if mouse.just_released(MouseButton::Left) {
            frame.released.push((Pointer::Mouse, cursor));
        }
    }
    frame
}

fn read_pointer(
    time: Res<Time>,
    pointers: BoardPointers,
    layout: Option<Res<BoardLayout>>,
    cover: BoardCover,
    timeline: Res<Timeline>,
    session: Res<Session>,
    locale: Res<Locale>,
    mut press: ResMut<Press>,
    mut linger: ResMut<HintLinger>,
    mut hint: ResMut<LandingHint>,
    mut play: MessageWriter<PlayHole>,
    mut toasts: MessageWriter<Toast>,
    (mut finish, mut board_taps, screen, mut refused): (
        MessageWriter<FinishAnimation>,
        MessageWriter<BoardTap>,
        Res<State<Screen>>,
        MessageWriter<TapRefused>,
    ),
) {
    let Some(layout) = layout else { return };
    let blocked = cover.covered();
    let mut frame = pointers.frame();
    if screen.is_changed() {
        // A press in the frame the board appears was aimed at the button that opened it (a click, or a
        // tap whose press and release arrive together): it must not fall through onto a hole.
        frame.pressed.clear();
    }
    if linger.left > 0.0 {
        linger.left -= time.delta_secs();
        if linger.left <= 0.0 || linger.generation != session.generation {
            linger.left = 0.0;
            hint.0 = None;
        }
    }
    let pressed_now: Vec<Pointer> = frame.pressed.iter().map(|(p, _)| *p).collect();
    for &(pointer, at) in &frame.pressed {
        press.down.retain(|p| p.pointer != pointer);
        if linger.left > 0.0 {
            // A new press replaces the hint left on screen.
            linger.left = 0.0;
            hint.0 = None;
        }
        // Under the card of a window too small to play in, the holes are specks no finger can aim at.
        if blocked || too_small(layout.window) {
            continue;
        }
        let hole = layout.hole_at(pointers.on_board(at));
        let kazan = layout.kazan_at(pointers.on_board(at));
        let consumed = timeline.running();
        if consumed {
            // A tap during an animation finishes it at once.
            finish.write(FinishAnimation);
        }
        press.down.push(PressState {
            pointer,
            hole,
            kazan,
            held: 0.0,
            consumed,
            hint_shown: false,
            generation: session.generation,
        });
    }
    let hint_allowed = session.game.mode.landing_hint_allowed();
    for state in press.down.iter_mut() {
        // How long a finger is held counts from the end of the frame it landed in: that frame's time
        // mostly passed before it landed. A finger lifted this frame is a tap, however long the frame:
        // on a slow frame (the first after a pause, a phone that stutters) a quick tap must not turn
        // into a long press because the frames around it were long.
        if pressed_now.contains(&state.pointer) || frame.released.iter().any(|(p, _)| *p == state.pointer) {
            continue;
        }
        state.held += time.delta_secs();
        // On Hard there is no landing hint: a press of any length is a tap.
        if hint_allowed && !state.consumed && !state.hint_shown && state.held >= LONG_PRESS {
            state.hint_shown = true;
            if let Some((side, hole)) = state.hole {
                show_hint(&locale, &session, side, hole, &mut hint, &mut toasts);
            }
        }
    }
    for (pointer, at) in frame.released {
        let Some(i) = press.down.iter().position(|p| p.pointer == pointer) else { continue };
        let state = press.down.remove(i);
        if state.hint_shown && hint.0.is_some() {
            // The hint stays a moment after the finger lifts, so it can be read.
            *linger = HintLinger { left: HINT_LINGER, generation: session.generation };
        }
        let lifted_on = at.and_then(|at| layout.hole_at(pointers.on_board(at)));
        let lifted_on_kazan = at.and_then(|at| layout.kazan_at(pointers.on_board(at)));
        if state.consumed || state.hint_shown || lifted_on != state.hole || blocked {
            continue;
        }
        if state.generation != session.generation {
            toasts.write(Toast(locale.t("toast.board_changed")));
            refused.write(TapRefused);
            continue;
        }
        if session.owner.is_practice() {
            // In a lesson the tutorial decides what a tap means: any hole, or a kazan, can be an answer.
            let tapped = match (state.hole, state.kazan) {
                (Some((side, hole)), _) => Some(Tapped::Hole(side, hole)),
                (None, Some(side)) if lifted_on_kazan == Some(side) => Some(Tapped::Kazan(side)),
                _ => None,
            };
            if let Some(tapped) = tapped {
                board_taps.write(BoardTap(tapped));
            }
            continue;
        }
        if let Some((side, hole)) = state.hole
            && !tap(&locale, &session, side, hole, &mut play, &mut toasts)
        {
            refused.write(TapRefused);
        }
    }
}

/// A tap on a hole: play it if it is the tapper's to play, else say why not. Whether it played.
fn tap(
    locale: &Locale,
    session: &Session,
    side: Side,
    hole: Hole,
    play: &mut MessageWriter<PlayHole>,
    toasts: &mut MessageWriter<Toast>,
) -> bool {
    let game = &session.game;
    let pos = game.position();
    if game.is_over() {
        toasts.write(Toast(locale.t("toast.game_over")));
        return false;
    }
    if game.is_computer_turn() {
        toasts.write(Toast(locale.t("toast.wait")));
        return false;
    }
    let to_move = pos.side_to_move();
    // The ring on a hole of the other row marks the tuzdik of the side to move: a tap on it says so (a new
    // player saw the ring and nothing said what it was).
    if side != to_move && pos.tuzdik(to_move) == Some(hole) {
        let key = match (game.mode, to_move) {
            (Mode::Computer { .. }, _) => "toast.ring_tuzdik_you",
            (Mode::HotSeat, Side::White) => "toast.ring_tuzdik_white",
            (Mode::HotSeat, Side::Black) => "toast.ring_tuzdik_black",
        };
        toasts.write(Toast(locale.t(key)));
        return false;
    }
    if side != to_move {
        let key = match (game.mode, to_move) {
            (Mode::HotSeat, Side::White) => "toast.white_turn",
            (Mode::HotSeat, Side::Black) => "toast.black_turn",
            (Mode::Computer { .. }, _) => "toast.computer_holes",
        };
        toasts.write(Toast(locale.t(key)));
        return false;
    }
    match pos.check(hole) {
        Ok(()) => {
            play.write(PlayHole { hole, generation: session.generation });
            true
        }
        Err(e) => {
            toasts.write(Toast(words::illegal(locale, e)));
            false
        }
    }
}

fn show_hint(
    locale: &Locale,
    session: &Session,
    side: Side,
    hole: Hole,
    hint: &mut LandingHint,
    toasts: &mut MessageWriter<Toast>,
) {
    let game = &session.game;
    if side != game.position().side_to_move() || !game.is_human_turn() {
        return;
    }
    light_landing(locale, game, hole, hint, toasts);
}

/// Lights where `hole`'s last stone lands and says what happens there.
pub fn light_landing(
    locale: &Locale,
    game: &crate::game::Game,
    hole: Hole,
    hint: &mut LandingHint,
    toasts: &mut MessageWriter<Toast>,
) {
    match game.position().landing(hole) {
        Ok(landing) => {
            hint.0 = Some((hole, landing));
            toasts.write(Toast(words::landing(locale, &game.mode, hole, &landing)));
        }
        Err(e) => {
            toasts.write(Toast(words::illegal(locale, e)));
        }
    }
}

fn show_marks(
    hint: Res<LandingHint>,
    press: Res<Press>,
    layout: Option<Res<BoardLayout>>,
    time: Res<Time>,
    mut glow: Query<(&mut Transform, &mut Visibility, &mut Sprite), (With<HintGlow>, Without<PressMark>)>,
    mut mark: Query<(&mut Transform, &mut Visibility, &mut Sprite), (With<PressMark>, Without<HintGlow>)>,
) {
    let Some(layout) = layout else { return };
    if let Ok((mut transform, mut visibility, mut sprite)) = glow.single_mut() {
        match hint.0 {
            Some((_, landing)) => {
                let r = layout.hole(landing.side, landing.hole);
                let pulse = 1.0 + 0.06 * (time.elapsed_secs() * 6.0).sin();
                transform.translation = r.center().extend(2.5);
                sprite.custom_size = Some(r.size() * 1.35 * pulse);
                *visibility = Visibility::Visible;
            }
            None => *visibility = Visibility::Hidden,
        }
    }
    if let Ok((mut transform, mut visibility, mut sprite)) = mark.single_mut() {
        match press.down.last().and_then(|p| p.hole.filter(|_| !p.consumed)) {
            Some((side, hole)) => {
                let r = layout.hole(side, hole);
                transform.translation = r.center().extend(2.6);
                sprite.custom_size = Some(Vec2::splat(r.size().min_element() * 1.1));
                *visibility = Visibility::Visible;
            }
            None => *visibility = Visibility::Hidden,
        }
    }
}
