//! The "Hint" button: the computer's best move for the person, with the reason in words (captures N, makes
//! a tuzdik, saves N stones...) and the hole lit. Searched cooperatively on the async pool like the
//! computer's own moves; a hint for a position that has since changed is dropped. Not on Hard, nor in a
//! timed game (the players' own, on the clock).

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use bevy::prelude::*;

use crate::ai::{self, Hint, Limits, Search};
use crate::rules::{Hole, Position};

use crate::app::board::layout::BoardLayout;
use crate::app::computer::ai_task::run_cooperatively;
use crate::app::computer::search_task::{SearchTask, Searches};
use crate::app::i18n::locale::Locale;
use crate::app::i18n::words;
use crate::app::state::clock::GameClock;
use crate::app::state::messages::Toast;
use crate::app::state::screen::Frame;
use crate::app::state::screen::Screen;
use crate::app::state::session::Session;
use crate::app::ui::theme::{self, Art};

/// Deep enough for sound advice, quick enough to answer within a second on a phone.
pub const HINT_LIMITS: Limits = Limits { depth: Some(12), nodes: Some(1_500_000), movetime_ms: Some(1500) };

/// Ask for a hint for the side to move.
#[derive(Message, Copy, Clone, Debug)]
pub struct HintRequest;

/// The hint being searched, and the one on show.
#[derive(Resource, Default)]
pub struct HintState {
    task: Option<(u64, SearchTask<Option<Hint>>)>,
    /// The suggested hole (on the side to move) and the session generation it belongs to.
    pub shown: Option<(u64, Hole)>,
}

#[derive(Component)]
struct HintRing;

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<HintRequest>()
        .init_resource::<HintState>()
        .add_systems(OnEnter(Screen::Game), spawn_ring)
        .add_systems(OnExit(Screen::Game), |mut h: ResMut<HintState>| *h = HintState::default())
        .add_systems(
            Update,
            (start_hint, finish_hint, show_ring).chain().in_set(Frame::View).run_if(in_state(Screen::Game)),
        );
}

fn spawn_ring(mut commands: Commands, art: Res<Art>) {
    commands.spawn((
        Name::new("Hint ring"),
        HintRing,
        Sprite { image: art.ring.clone(), color: theme::HIGHLIGHT, ..default() },
        Transform::default(),
        Visibility::Hidden,
        DespawnOnExit(Screen::Game),
    ));
}

async fn search_hint(position: Position, cancel: Arc<AtomicBool>) -> Option<Hint> {
    let result = run_cooperatively(Search::new(position, HINT_LIMITS, 8), &cancel).await?;
    ai::hint(&position, &result)
}

fn start_hint(
    mut requests: MessageReader<HintRequest>,
    searches: Res<Searches>,
    session: Res<Session>,
    locale: Res<Locale>,
    mut state: ResMut<HintState>,
    mut toasts: MessageWriter<Toast>,
    clock: Res<GameClock>,
) {
    if requests.read().count() == 0 {
        return;
    }
    let game = &session.game;
    if !game.mode.landing_hint_allowed() {
        toasts.write(Toast(locale.t("toast.no_hints_hard")));
        return;
    }
    if clock.of(game.id).is_some() {
        toasts.write(Toast(locale.t("toast.no_hints_timed")));
        return;
    }
    if !game.is_human_turn() {
        toasts.write(Toast(locale.t("toast.hints_own_turn")));
        return;
    }
    if state.task.as_ref().is_some_and(|(g, _)| *g == session.generation) {
        return;
    }
    let position = *game.position();
    state.task = Some((session.generation, searches.spawn(move |cancel| search_hint(position, cancel))));
    toasts.write(Toast(locale.t("toast.looking")));
}

fn finish_hint(
    session: Res<Session>,
    locale: Res<Locale>,
    mut state: ResMut<HintState>,
    mut toasts: MessageWriter<Toast>,
) {
    if state.shown.is_some_and(|(g, _)| g != session.generation) {
        state.shown = None;
    }
    let Some((generation, task)) = state.task.as_mut() else { return };
    if *generation != session.generation {
        state.task = None;
        return;
    }
    let Some(result) = task.poll() else { return };
    let generation = *generation;
    state.task = None;
    if let Some(hint) = result {
        // A forced result already says how it ends ("wins in 3 moves"): no stone count after it.
        let reasons = hint.reasons.iter().map(|r| words::reason(&locale, r)).collect::<Vec<_>>().join(", ");
        // The reasons say what the move does; the search's evaluation is not shown: a number of stones
        // below zero on a recommended move puzzles more than it tells.
        let text = locale.f("hint.play", &[("hole", &hint.hole), ("reasons", &reasons)]);
        toasts.write(Toast(text));
        state.shown = Some((generation, hint.hole));
    }
}

fn show_ring(
    state: Res<HintState>,
    session: Res<Session>,
    layout: Option<Res<BoardLayout>>,
    time: Res<Time>,
    mut ring: Query<(&mut Transform, &mut Visibility, &mut Sprite), With<HintRing>>,
) {
    let (Some(layout), Ok((mut transform, mut visibility, mut sprite))) = (layout, ring.single_mut()) else {
        return;
    };
    match state.shown {
        Some((_, hole)) => {
            let r = layout.hole(session.game.position().side_to_move(), hole);
            let pulse = 1.0 + 0.05 * (time.elapsed_secs() * 5.0).sin();
            transform.translation = r.center().extend(2.7);
            sprite.custom_size = Some(Vec2::splat(r.size().min_element() * 1.05 * pulse));
            *visibility = Visibility::Visible;
        }
        None => *visibility = Visibility::Hidden,
    }
}
