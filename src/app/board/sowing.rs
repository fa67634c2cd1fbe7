//! The sowing animation, driven by the rules' trace of the move: the stones leave their hole and drop one
//! by one along a short arc into the following holes; stones sown into a tuzdik go on to its owner's
//! kazan; a capture or a new tuzdik flies to the mover's kazan. A move that ends the game because a side
//! has no stone left is followed by the count-in: the stones still on the board sweep, hole by hole, into
//! the kazan of the side they lie on (as the rules score them). The counts follow the stones as they land.
//! Calm (`Calm`), stones glide without lifting and the count-in is one sweep.
//! When the animation ends (or a tap cuts it short) the view snaps to the board at rest
//! (`stones::counts_at_rest`), so every stone entity always ends where the rules say.

use std::time::Duration;

use bevy::prelude::*;
use bevy_tweening::lens::Lens;
use bevy_tweening::{Delay, Sequence, Tween, TweenAnim};

use crate::rules::{Hole, Place, Side};

use crate::app::board::layout::BoardLayout;
use crate::app::board::stones::rule_counts;
use crate::app::board::stones::{ShownCounts, StoneSlots, StoneView, counts_at_rest, place_index};
use crate::app::state::screen::Frame;
use crate::app::state::screen::OnBoard;
use crate::app::state::session::{BoardReset, MovePlayed, Session};
use crate::app::state::settings::{Calm, Settings, Speed, SpeedFloor};

/// The pause between the game's last move landing and the count-in, in seconds: the move is seen first.
const COUNT_IN_PAUSE: f32 = 0.45;

/// Between two holes' sweeps in the count-in, in seconds.
const COUNT_IN_STEP: f32 = 0.16;

/// A stone's flight: a parabola between two points, lifted towards the viewer at the top of its arc
/// (calm: a straight glide at the board's height, `lifted` false).
struct ArcLens {
    start: Vec3,
    end: Vec3,
    height: f32,
    lifted: bool,
}

impl Lens<Transform> for ArcLens {
    fn lerp(&mut self, mut target: Mut<'_, Transform>, ratio: f32) {
        let lift = if self.lifted { 4.0 * ratio * (1.0 - ratio) } else { 0.0 };
        let mut p = self.start.lerp(self.end, ratio);
        p.y += self.height * lift;
        // Flying stones pass above resting ones.
        p.z = if ratio < 1.0 { 20.0 + lift } else { self.end.z };
        target.translation = p;
        target.scale = Vec3::splat(1.0 + 0.22 * lift);
    }
}

/// The running animation: when each count changes, and when it all ends.
#[derive(Resource, Default, Debug)]
pub struct Timeline {
    pub elapsed: f32,
    pub end: f32,
    /// (time, place index, change), sorted by time.
    events: Vec<(f32, usize, i8)>,
    next: usize,
    /// (time, sound), sorted by time.
    cues: Vec<(f32, Cue)>,
    next_cue: usize,
}

/// A sound the animation asks for.
#[derive(Message, Copy, Clone, Debug, PartialEq, Eq)]
pub enum Cue {
    /// A stone drops into a hole or a kazan.
    Stone,
    /// A capture (or a new tuzdik's stones) is taken to the kazan.
    Capture,
    /// A new tuzdik.
    Tuzdik,
}

impl Timeline {
    pub fn running(&self) -> bool {
        self.end > 0.0
    }
}

/// Ask the running animation to finish at once.
#[derive(Message, Copy, Clone, Debug)]
pub struct FinishAnimation;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Timeline>()
        .add_message::<FinishAnimation>()
        .add_message::<Cue>()
        .add_systems(
            Update,
            (finish_on_request, start_animation, advance_timeline)
                .chain()
                .in_set(Frame::Animate)
                .run_if(in_state(OnBoard)),
        )
        .add_systems(OnExit(OnBoard), |mut t: ResMut<Timeline>| {
            *t = Timeline::default();
        });
}

fn flight(interval: f32) -> f32 {
    (interval * 2.2).clamp(0.16, 0.5)
}

fn tween_to(start: Vec3, end: Vec3, seconds: f32, stone: f32, lifted: bool) -> Tween {
    let distance = start.truncate().distance(end.truncate());
    Tween::new(
        EaseFunction::SineInOut,
        Duration::from_secs_f32(seconds.max(0.01)),
        ArcLens { start, end, height: (distance * 0.25).clamp(stone, stone * 5.0), lifted },
    )
}

/// One stone's part in a move: waits and flights, from the move's start.
#[derive(Default)]
struct Plan {
    /// When the stone's last step ends.
    cursor: f32,
    steps: Vec<Step>,
}

enum Step {
    Wait(f32),
    Fly(Tween),
}

impl Plan {
    /// Flies at `start` (or as soon as the previous flight ends), for `seconds`.
    fn fly(&mut self, start: f32, seconds: f32, tween: Tween) {
        if start > self.cursor + 1e-4 {
            self.steps.push(Step::Wait(start - self.cursor));
            self.cursor = start;
        }
        self.steps.push(Step::Fly(tween));
        self.cursor += seconds;
    }

    fn into_anim(self) -> Option<TweenAnim> {
        let mut sequence = Sequence::with_capacity(self.steps.len());
        let mut typed = false;
        for step in self.steps {
            sequence = match step {
                Step::Wait(s) => sequence.then(Delay::new(Duration::from_secs_f32(s))),
                Step::Fly(t) => {
                    typed = true;
                    sequence.then(t)
                }
            };
        }
        typed.then(|| TweenAnim::new(sequence))
    }
}

fn start_animation(
    mut played: MessageReader<MovePlayed>,
    (settings, floor): (Res<Settings>, Res<SpeedFloor>),
    calm: Res<Calm>,
    session: Res<Session>,
    layout: Option<Res<BoardLayout>>,
    mut slots: ResMut<StoneSlots>,
    mut shown: ResMut<ShownCounts>,
    mut timeline: ResMut<Timeline>,
    mut reset: MessageWriter<BoardReset>,
    stones: Query<&Transform, With<StoneView>>,
    mut commands: Commands,
) {
    let moves: Vec<MovePlayed> = played.read().cloned().collect();
    let Some(last) = moves.last() else { return };
    let Some(layout) = layout else { return };
    let speed = floor.of(settings.speed);
    // Only the last move is animated; anything before it (or a running animation) lands at once.
    if speed == Speed::Instant || moves.len() > 1 || timeline.running() {
        *timeline = Timeline::default();
        if speed == Speed::Instant || moves.len() > 1 {
            reset.write(BoardReset);
            return;
        }
    }
    // The view must start from the position before the move.
    let before = rule_counts(&last.before);
    slots.reassign(&before);
    shown.0 = before;
    let o = &last.outcome;
    let origin = place_index(Place::Hole(o.side, o.hole));
    let movers: Vec<Entity> = std::mem::take(&mut slots.places[origin]);
    let interval = speed.stone_interval(movers.len());
    let mut events: Vec<(f32, usize, i8)> = vec![(0.0, origin, -(movers.len() as i8))];
    let mut cues: Vec<(f32, Cue)> = Vec::new();
    let fly = flight(interval);
    let lifted = !calm.0;
    let mut plans: std::collections::HashMap<Entity, Plan> = std::collections::HashMap::new();
    let z = |k: usize| 3.0 + k as f32 * 0.001;
    let mut sow_end = 0.0f32;
    for (k, (&stone, (&dest, &(side, hole)))) in
        movers.iter().zip(o.trace().iter().zip(o.sown_holes())).enumerate()
    {
        let d = place_index(dest);
        let slot = slots.places[d].len();
        slots.places[d].push(stone);
        let start = stones.get(stone).map_or(Vec3::ZERO, |t| t.translation);
        let end = layout.stone_position(dest, slot).extend(z(slot));
        let delay = k as f32 * interval;
        let plan = plans.entry(stone).or_default();
        let mut arrive = delay + fly;
        if dest == Place::Hole(side, hole) {
            plan.fly(delay, fly, tween_to(start, end, fly, layout.stone, lifted));
        } else {
            // Through the tuzdik and on to its owner's kazan.
            let tuzdik = layout.hole(side, hole).center().extend(10.0);
            plan.fly(delay, fly, tween_to(start, tuzdik, fly, layout.stone, lifted));
            plan.fly(arrive, fly * 1.4, tween_to(tuzdik, end, fly * 1.4, layout.stone, lifted));
            arrive += fly * 1.4;
        }
        events.push((arrive, d, 1));
        cues.push((arrive, Cue::Stone));
        sow_end = sow_end.max(arrive);
    }
    let mut end = sow_end;
    let taken = o.captured + if o.new_tuzdik.is_some() { 3 } else { 0 };
    // The learner's pace pauses on the capture before taking it; otherwise it follows at once.
    let pause = if speed == Speed::Slow { 0.5 } else { 0.12 };
    if o.new_tuzdik.is_some() {
        cues.push((sow_end, Cue::Tuzdik));
    } else if taken > 0 {
        cues.push((sow_end + pause, Cue::Capture));
    }
    if taken > 0 {
        // The capture (or the new tuzdik's three stones) flies to the mover's kazan.
        let (ls, lh) = o.landing;
        let from = place_index(Place::Hole(ls, lh));
        let kazan = Place::Kazan(o.side);
        let k = place_index(kazan);
        let taken_stones: Vec<Entity> = slots.places[from].drain(..).collect();
        // The captured stones go to the kazan together, as a hand sweeps them (they flew one at a time).
        let sweep = (fly * 1.5).max(0.3);
        for (i, stone) in taken_stones.into_iter().enumerate() {
            let slot = slots.places[k].len();
            slots.places[k].push(stone);
            let start_time = sow_end + pause + i as f32 * 0.008;
            let start = layout.stone_position(Place::Hole(ls, lh), i).extend(z(i));
            let target = layout.stone_position(kazan, slot).extend(z(slot));
            // The stone may be one that just flew in: its plan goes on after its arrival.
            plans.entry(stone).or_default().fly(
                start_time,
                sweep,
                tween_to(start, target, sweep, layout.stone, lifted),
            );
            events.push((start_time, from, -1));
            events.push((start_time + sweep, k, 1));
            end = end.max(start_time + sweep);
        }
    }
    // The game ends with this move because a side has no stone left: the stones still on the board go
    // to the kazans of the sides they lie on, hole by hole from the first (calm: all together), once the
    // move has been seen. The board then rests as `counts_at_rest` shows it, kazans holding the score.
    let at_rest = counts_at_rest(&session);
    let counted_in = (0..18).any(|i| at_rest[i] != slots.places[i].len() as u8);
    if counted_in {
        let start_all = end + COUNT_IN_PAUSE;
        let sweep = (fly * 1.5).max(0.3);
        for hole in Hole::all() {
            for side in Side::BOTH {
                let from = place_index(Place::Hole(side, hole));
                let left: Vec<Entity> = slots.places[from].drain(..).collect();
                if left.is_empty() {
                    continue;
                }
                let kazan = Place::Kazan(side);
                let k = place_index(kazan);
                let step = if calm.0 { 0.0 } else { f32::from(hole.number() - 1) * COUNT_IN_STEP };
                let start_time = start_all + step;
                for (i, stone) in left.into_iter().enumerate() {
                    let slot = slots.places[k].len();
                    slots.places[k].push(stone);
                    let t = start_time + i as f32 * 0.008;
                    let start = layout.stone_position(Place::Hole(side, hole), i).extend(z(i));
                    let target = layout.stone_position(kazan, slot).extend(z(slot));
                    plans.entry(stone).or_default().fly(
                        t,
                        sweep,
                        tween_to(start, target, sweep, layout.stone, lifted),
                    );
                    events.push((t, from, -1));
                    events.push((t + sweep, k, 1));
                    end = end.max(t + sweep);
                }
                cues.push((start_time + sweep, Cue::Stone));
            }
        }
    }
    for (stone, plan) in plans {
        if let Some(anim) = plan.into_anim() {
            commands.entity(stone).insert(anim);
        }
    }
    events.sort_by(|a, b| a.0.total_cmp(&b.0));
    cues.sort_by(|a, b| a.0.total_cmp(&b.0));
    *timeline = Timeline { elapsed: 0.0, end: end + 0.05, events, next: 0, cues, next_cue: 0 };
}

fn advance_timeline(
    time: Res<Time>,
    mut cues: MessageWriter<Cue>,
    mut timeline: ResMut<Timeline>,
    mut shown: ResMut<ShownCounts>,
    mut reset: MessageWriter<BoardReset>,
) {
    if !timeline.running() {
        return;
    }
    timeline.elapsed += time.delta_secs();
    while let Some(&(t, place, delta)) = timeline.events.get(timeline.next) {
        if t > timeline.elapsed {
            break;
        }
        let count = &mut shown.0[place];
        *count = (i16::from(*count) + i16::from(delta)).clamp(0, 162) as u8;
        timeline.next += 1;
    }
    while let Some(&(t, cue)) = timeline.cues.get(timeline.next_cue) {
        if t > timeline.elapsed {
            break;
        }
        cues.write(cue);
        timeline.next_cue += 1;
    }
    if timeline.elapsed >= timeline.end {
        *timeline = Timeline::default();
        reset.write(BoardReset);
    }
}

fn finish_on_request(
    mut requests: MessageReader<FinishAnimation>,
    mut timeline: ResMut<Timeline>,
    mut reset: MessageWriter<BoardReset>,
) {
    if requests.read().count() > 0 && timeline.running() {
        *timeline = Timeline::default();
        reset.write(BoardReset);
    }
}
