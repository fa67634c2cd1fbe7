//! A new tuzdik has its moment: once its stones have landed, its ring grows in from larger and settles
//! with a little give ([`Pop`]) while a glow swells and fades over the hole ([`Glow`]); the words come with
//! it (`screens::game::messages`). The glow is also how the result's moment lights the winner's kazan
//! (`screens::game::result`).
//!
//! Invariants: a pop and a glow end by themselves (a glow is despawned, a pop leaves the ring at its
//! resting size); both carry `Flourish`, so the app draws while they last and rests after; calm
//! (`Calm`) starts none, and the ring simply appears; an undo or a new game before the stones land
//! cancels the moment.

use bevy::math::curve::{Curve, EaseFunction};
use bevy::prelude::*;

use crate::app::board::layout::BoardLayout;
use crate::app::board::sowing::Timeline;
use crate::app::board::stones::TuzdikMark;
use crate::app::state::screen::{Frame, OnBoard};
use crate::app::state::session::{MovePlayed, Session};
use crate::app::state::settings::Calm;
use crate::app::ui::flourish::Flourish;
use crate::app::ui::theme::{self, Art};
use crate::rules::{Hole, Side};

/// How long a new tuzdik's ring takes to settle, in seconds.
pub const POP: f32 = 0.5;

/// How much larger the ring starts than it rests.
const POP_GROWTH: f32 = 0.7;

/// A mark arriving: it shrinks from `1 + POP_GROWTH` times its size to its own, overshooting a little.
#[derive(Component, Clone, Copy, Debug, Default)]
pub struct Pop {
    pub age: f32,
}

/// A light over a place that swells and fades: its brightness rises and falls `pulses` times in `life`
/// seconds, up to `peak`, while it grows by `swell` of its size.
#[derive(Component, Clone, Copy, Debug)]
pub struct Glow {
    pub age: f32,
    pub life: f32,
    pub pulses: f32,
    pub peak: f32,
    pub size: Vec2,
    pub swell: f32,
    pub color: Color,
}

/// A glow's sprite, ready to spawn at `at` (z included): despawned when its life is over.
pub fn glow(art: &Art, at: Vec3, glow: Glow) -> impl Bundle {
    (
        Name::new("Glow"),
        Sprite {
            image: art.glow.clone(),
            color: glow.color.with_alpha(0.0),
            custom_size: Some(glow.size),
            ..default()
        },
        Transform::from_translation(at),
        glow,
        Flourish,
        DespawnOnExit(OnBoard),
    )
}

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (mark_new_tuzdik, settle_pops, fade_glows).chain().in_set(Frame::View).run_if(in_state(OnBoard)),
    );
}

/// Waits for a new tuzdik's stones to land, then gives the ring its moment.
fn mark_new_tuzdik(
    mut played: MessageReader<MovePlayed>,
    session: Res<Session>,
    timeline: Res<Timeline>,
    calm: Res<Calm>,
    layout: Option<Res<BoardLayout>>,
    art: Res<Art>,
    marks: Query<(Entity, &TuzdikMark)>,
    mut waiting: Local<Option<(Side, Hole, u64)>>,
    mut commands: Commands,
) {
    for m in played.read() {
        if let Some(hole) = m.outcome.new_tuzdik {
            *waiting = Some((m.outcome.side, hole, session.generation));
        }
    }
    let Some((owner, hole, generation)) = *waiting else { return };
    if generation != session.generation {
        // Undone, or the game moved on before the stones landed.
        *waiting = None;
        return;
    }
    if timeline.running() {
        return;
    }
    *waiting = None;
    let Some(layout) = layout else { return };
    if calm.0 {
        return;
    }
    for (entity, mark) in &marks {
        if mark.0 == owner {
            commands.entity(entity).insert((Pop::default(), Flourish));
        }
    }
    let place = layout.hole(owner.opponent(), hole);
    let size = Vec2::splat(place.size().min_element() * 1.5);
    let light =
        Glow { age: 0.0, life: 0.9, pulses: 1.0, peak: 0.85, size, swell: 0.35, color: theme::HIGHLIGHT };
    commands.spawn(glow(&art, place.center().extend(2.2), light));
}

/// The ring shrinks to its size with an ease that overshoots (a stone set down firmly), then rests.
fn settle_pops(time: Res<Time>, mut pops: Query<(Entity, &mut Pop, &mut Transform)>, mut commands: Commands) {
    for (entity, mut pop, mut transform) in &mut pops {
        pop.age += time.delta_secs();
        let t = (pop.age / POP).clamp(0.0, 1.0);
        if t >= 1.0 {
            transform.scale = Vec3::ONE;
            commands.entity(entity).remove::<(Pop, Flourish)>();
            continue;
        }
        let settled = EaseFunction::BackOut.sample_clamped(t);
        transform.scale = Vec3::splat(1.0 + POP_GROWTH * (1.0 - settled));
    }
}

/// A glow's light rises and falls as a squared sine (soft at both ends), and it grows as it fades.
fn fade_glows(time: Res<Time>, mut glows: Query<(Entity, &mut Glow, &mut Sprite)>, mut commands: Commands) {
    for (entity, mut glow, mut sprite) in &mut glows {
        glow.age += time.delta_secs();
        let t = (glow.age / glow.life).clamp(0.0, 1.0);
        if t >= 1.0 {
            commands.entity(entity).despawn();
            continue;
        }
        let light = (std::f32::consts::PI * glow.pulses * t).sin().powi(2);
        sprite.color = glow.color.with_alpha(glow.peak * light);
        sprite.custom_size = Some(glow.size * (1.0 + glow.swell * t));
    }
}
