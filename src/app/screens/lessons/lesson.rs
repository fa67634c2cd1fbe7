//! A lesson being taken, on the real board: its steps, what a tap means in each (asked of
//! [`crate::lesson`], which asks the rules), the moves it plays and the marks it draws. The game in
//! progress is set aside when a lesson opens and brought back, untouched, when the learner leaves.
//!
//! A wrong move is played out, shown a moment, and the step's board put back. A tap made meanwhile is
//! never lost: it is held, cuts the showing short, and is judged as the step's answer once the board is
//! back; and the board is not put back under a finger that is tapping it (that tap would be refused as
//! meant for a board no longer shown).

use crate::app::board::input::{BoardTap, Press};
use crate::app::board::layout::BoardLayout;
use crate::app::board::sowing::Timeline;
use crate::app::i18n::locale::Locale;
use crate::app::i18n::words;
use crate::app::i18n::words::why_words;
use crate::app::screens::lessons::course::CourseFile;
use crate::app::screens::lessons::course::CourseHandle;
use crate::app::screens::lessons::course::course;
use crate::app::state::launch::Launch;
use crate::app::state::messages::Toast;
use crate::app::state::screen::Screen;
use crate::app::state::session::{BoardOwner, LandingHint, PlayHole, Session, SessionControl};
use crate::app::state::settings::Settings;
use crate::app::ui::theme::{self, Art};
use crate::game::{Game, Mode};
use crate::lesson::{Kind, Lesson, Mark, Step, Tapped, Verdict};
use crate::rules::{Hole, Position, Side};
use bevy::prelude::*;

/// A lesson being taken.
#[derive(Resource, Debug)]
pub struct LessonRun {
    pub id: String,
    pub lesson: Lesson,
    boards: Vec<Position>,
    pub step: usize,
    pub phase: Phase,
    pub feedback: Feedback,
    /// The lesson is finished: the card saying so is up.
    pub complete: bool,
    /// The step's board is to be set up.
    set_up: bool,
    /// A tap made while a wrong move was shown and the step put back: the step's answer, judged once its
    /// board is back (it was dropped, and the learner had to tap again, which felt broken).
    held: Option<Tapped>,
}

impl LessonRun {
    pub fn new(id: String, lesson: Lesson, step: usize) -> Option<LessonRun> {
        let boards = lesson.boards().ok()?;
        let step = step.min(lesson.steps.len() - 1);
        Some(LessonRun {
            id,
            lesson,
            boards,
            step,
            phase: Phase::Ready { since: 0.0 },
            feedback: Feedback::None,
            complete: false,
            set_up: true,
            held: None,
        })
    }

    pub fn current(&self) -> &Step {
        &self.lesson.steps[self.step]
    }

    pub fn start(&self) -> &Position {
        &self.boards[self.step]
    }

    /// Whether Next may be tapped.
    pub fn can_go_on(&self) -> bool {
        !self.complete && (matches!(self.current().kind, Kind::Read) || self.phase == Phase::Done)
    }

    pub(crate) fn go_to(&mut self, step: usize) {
        self.step = step;
        self.feedback = Feedback::None;
        self.set_up = true;
        // A tap held from before answers nothing on another board (or the step begun again).
        self.held = None;
    }
}

/// Where a step stands.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Phase {
    /// On screen, waiting for the learner (or, in a watch step, about to play).
    Ready { since: f32 },
    /// Its move is being sown: the right one, or the learner's wrong one being shown.
    Sowing { generation: u64, right: bool },
    /// Answered (or watched): Next goes on.
    Done,
    /// The learner's wrong move has been shown: the step starts again in a moment, or at once on a tap
    /// (held, then judged on the step's board).
    ShownWrong { left: f32 },
}

/// What is said under the caption.
#[derive(Clone, Debug, PartialEq)]
pub enum Feedback {
    None,
    /// Why the tap was not the answer.
    Wrong(String),
    /// Right, with the step's explanation (a locale key).
    Right(Option<String>),
    /// Something the board said (the landing hint).
    Note(String),
}

/// The game set aside while a lesson has the board.
#[derive(Resource, Default)]
pub(crate) struct SetAside(Option<Session>);

#[derive(Component)]
pub(crate) struct LessonMark;

/// How long a watch step shows the board before its move plays.
pub(crate) const WATCH_PAUSE: f32 = 0.7;

/// How long the learner's wrong move stays on the board before the step starts again.
pub(crate) const WRONG_SHOWN: f32 = 1.8;

/// `--tutorial LESSON:STEP`: opens the lesson at that step once the course is read.
pub(crate) fn open_launch_lesson(
    launch: Option<Res<Launch>>,
    handle: Option<Res<CourseHandle>>,
    files: Option<Res<Assets<CourseFile>>>,
    assets: Option<Res<AssetServer>>,
    mut done: Local<bool>,
    mut commands: Commands,
    mut next: ResMut<NextState<Screen>>,
) {
    let Some((id, step)) = launch.as_ref().and_then(|l| l.tutorial.clone()) else { return };
    if *done {
        return;
    }
    let Some(state) = course(handle.as_deref(), files.as_deref(), assets.as_deref()) else { return };
    *done = true;
    let lesson = state.and_then(|course| {
        let entry = course.get(&id).ok_or_else(|| format!("no lesson '{id}'"))?;
        entry.lesson.clone().map_err(|e| format!("lesson '{id}': {e}"))
    });
    match lesson.map(|lesson| LessonRun::new(id.clone(), lesson, step - 1)) {
        Ok(Some(run)) => {
            commands.insert_resource(run);
            next.set(Screen::Lesson);
        }
        Ok(None) => eprintln!("toguz: --tutorial: lesson '{id}' does not set up"),
        Err(e) => eprintln!("toguz: --tutorial: {e}"),
    }
}

/// A lesson from where the learner left it (from its start once it is done).
pub(crate) fn open_lesson(id: &str, lesson: Lesson, settings: &Settings) -> Option<LessonRun> {
    let step = if settings.lessons.done.contains(id) {
        0
    } else {
        settings.lessons.reached.get(id).copied().unwrap_or(0)
    };
    LessonRun::new(id.to_string(), lesson, step)
}

pub(crate) fn set_aside_the_game(mut board: SessionControl, mut aside: ResMut<SetAside>) {
    if aside.0.is_none() && !board.get().owner.is_practice() {
        aside.0 = Some(board.set_aside(Game::new(Mode::HotSeat), BoardOwner::Lesson));
    }
}

pub(crate) fn bring_back_the_game(
    mut board: SessionControl,
    mut aside: ResMut<SetAside>,
    mut commands: Commands,
) {
    if let Some(game) = aside.0.take() {
        // Newer than anything the lesson asked for, so no late message acts on the game.
        board.restore(game);
    }
    commands.remove_resource::<LessonRun>();
}

pub(crate) fn drive_lesson(
    time: Res<Time>,
    run: Option<ResMut<LessonRun>>,
    mut board: SessionControl,
    mut settings: ResMut<Settings>,
    timeline: Res<Timeline>,
    locale: Res<Locale>,
    mut taps: MessageReader<BoardTap>,
    mut toasts: MessageReader<Toast>,
    mut play: MessageWriter<PlayHole>,
    press: Res<Press>,
) {
    let Some(mut run) = run else { return };
    let run = &mut *run;
    if run.set_up {
        run.set_up = false;
        // A new board: a hint left from the step before must not answer this one.
        board.replace(Game::from_position(Mode::HotSeat, *run.start()), BoardOwner::Lesson);
        run.phase = Phase::Ready { since: 0.0 };
        if settings.lessons.reached.get(&run.id) != Some(&run.step)
            && !settings.lessons.done.contains(&run.id)
        {
            settings.lessons.reached.insert(run.id.clone(), run.step);
        }
        taps.clear();
        toasts.clear();
        return;
    }
    let hint = board.hint().0;
    for Toast(message) in toasts.read() {
        // What the board says (the landing hint, an empty hole) shows under the caption, the hint in the
        // lesson's words.
        if matches!(run.phase, Phase::Ready { .. }) {
            let note = in_lesson_words(message, board.hint(), &locale).unwrap_or_else(|| message.clone());
            run.feedback = Feedback::Note(note);
        }
    }
    let dt = time.delta_secs();
    let session = board.get();
    match run.phase {
        Phase::Ready { since } => {
            run.phase = Phase::Ready { since: since + dt };
            let kind = run.current().kind.clone();
            if let Kind::Watch(n) = kind
                && since + dt >= WATCH_PAUSE
                && let Some(hole) = Hole::new(n)
            {
                play.write(PlayHole { hole, generation: session.generation });
                run.phase = Phase::Sowing { generation: session.generation, right: true };
                return;
            }
            if let (Kind::Hold(_), Some((hole, _))) = (&kind, hint) {
                let verdict = run.current().held(hole);
                answer(run, verdict, session, &locale, &mut play);
                return;
            }
            // A tap held while the step was put back comes first: it was made first.
            let held = run.held.take();
            for tapped in held.into_iter().chain(taps.read().map(|BoardTap(tapped)| *tapped)) {
                let verdict = run.current().judge(run.start(), tapped);
                if verdict == Verdict::NotAsked {
                    run.feedback = Feedback::Note(locale.t("why.tap_next"));
                    continue;
                }
                answer(run, verdict, session, &locale, &mut play);
                break;
            }
        }
        Phase::Sowing { generation, right } => {
            if !right {
                hold_taps(run, &mut taps);
            }
            if session.generation > generation && !timeline.running() {
                run.phase = if right {
                    if !matches!(run.current().kind, Kind::Watch(_)) || run.current().after.is_some() {
                        run.feedback = Feedback::Right(run.current().after.clone());
                    }
                    Phase::Done
                } else {
                    Phase::ShownWrong { left: WRONG_SHOWN }
                };
            }
        }
        Phase::ShownWrong { left } => {
            hold_taps(run, &mut taps);
            // A finger down on a place of the shown board that may yet lift as a tap: the board is not
            // put back under it, or its tap would be refused as meant for a board no longer shown.
            let tapping = press.down.iter().any(|p| {
                p.generation == session.generation
                    && !p.consumed
                    && !p.hint_shown
                    && (p.hole.is_some() || p.kazan.is_some())
            });
            if (run.held.is_some() || left - dt <= 0.0) && !tapping {
                // The step starts again; the reason stays on screen, but not the promise that it will
                // start again (it had, and the words still said "in a moment").
                let again = format!(" {}", locale.t("lesson.shown"));
                if let Feedback::Wrong(said) = &mut run.feedback
                    && let Some(why) = said.strip_suffix(&again)
                {
                    *said = why.to_string();
                }
                // Back at once, not through `set_up`, which drops taps as a new step must: the tap held,
                // or one made from now on, is judged on the step's board from the next frame.
                board.replace(Game::from_position(Mode::HotSeat, *run.start()), BoardOwner::Lesson);
                run.phase = Phase::Ready { since: 0.0 };
                return;
            }
            run.phase = Phase::ShownWrong { left: left - dt };
        }
        Phase::Done => {}
    }
    // Taps on the board mean nothing while the right move is sown or once the step is answered (while a
    // wrong one is shown they were held above).
    taps.clear();
}

/// Holds the taps made while the learner's wrong move is shown: the last is the learner's answer now.
fn hold_taps(run: &mut LessonRun, taps: &mut MessageReader<BoardTap>) {
    if let Some(BoardTap(tapped)) = taps.read().last() {
        run.held = Some(*tapped);
    }
}

/// The landing hint's words as a lesson says them, if `message` is the hint lit on the board: the learner
/// plays White, and the hint named White's holes "White's hole 3" where the lesson says "your hole 3"
/// (the lesson's board holds a hot-seat game, and the board speaks of it so).
fn in_lesson_words(message: &str, hint: &LandingHint, locale: &Locale) -> Option<String> {
    let (hole, landing) = hint.0?;
    (message == words::landing(locale, &Mode::HotSeat, hole, &landing))
        .then(|| words::lesson_landing(locale, hole, &landing))
}

/// The landing hint floating over a lesson's board speaks to the learner as the lesson does (see
/// [`in_lesson_words`]): its words are changed before anything shows them.
pub(crate) fn speak_to_the_learner(
    mut toasts: MessageMutator<Toast>,
    hint: Res<LandingHint>,
    locale: Res<Locale>,
) {
    for Toast(message) in toasts.read() {
        if let Some(ours) = in_lesson_words(message, &hint, &locale) {
            *message = ours;
        }
    }
}

/// Acts on the verdict: plays the move (right, or wrong to show what it does) and says why.
pub(crate) fn answer(
    run: &mut LessonRun,
    verdict: Verdict,
    session: &Session,
    locale: &Locale,
    play: &mut MessageWriter<PlayHole>,
) {
    match verdict {
        Verdict::NotAsked => {}
        Verdict::Right(Some(hole)) => {
            play.write(PlayHole { hole, generation: session.generation });
            run.feedback = Feedback::None;
            run.phase = Phase::Sowing { generation: session.generation, right: true };
        }
        Verdict::Right(None) => {
            run.feedback = Feedback::Right(run.current().after.clone());
            run.phase = Phase::Done;
        }
        Verdict::Wrong(why, shown) => {
            let mut said = why_words(locale, why);
            if shown.is_some() {
                // The move plays out, then the board goes back: say so, or it looks like a gain then lost.
                said = format!("{said} {}", locale.t("lesson.shown"));
            }
            run.feedback = Feedback::Wrong(said);
            if let Some(hole) = shown {
                play.write(PlayHole { hole, generation: session.generation });
                run.phase = Phase::Sowing { generation: session.generation, right: false };
            }
        }
    }
}

/// Lights what the step points at: holes, kazans, rows, and the path a move's stones take, numbered.
pub(crate) fn show_marks(
    mut commands: Commands,
    run: Option<Res<LessonRun>>,
    layout: Option<Res<BoardLayout>>,
    art: Res<Art>,
    marks: Query<Entity, With<LessonMark>>,
    mut shown: Local<Option<(String, usize)>>,
) {
    let (Some(run), Some(layout)) = (run, layout) else { return };
    let same_step = shown.as_ref().is_some_and(|(id, step)| *id == run.id && *step == run.step);
    if same_step && !layout.is_changed() {
        return;
    }
    *shown = Some((run.id.clone(), run.step));
    for mark in &marks {
        commands.entity(mark).despawn();
    }
    let ring = |commands: &mut Commands, rect: Rect, name: &'static str| {
        commands.spawn((
            Name::new(name),
            LessonMark,
            Sprite {
                image: art.ring.clone(),
                color: theme::HIGHLIGHT.with_alpha(0.9),
                // Within the place itself: a row of rings drawn larger ran into each other and over the counts.
                custom_size: Some(rect.size()),
                image_mode: SpriteImageMode::Sliced(theme::ring_slicer()),
                ..default()
            },
            Transform::from_translation(rect.center().extend(2.4)),
            DespawnOnExit(Screen::Lesson),
        ));
    };
    // A numbered badge that reads over stones and over a ring: the sowing order light on dark, a hole's
    // own number dark on light (the ring's colour), so that the two are never taken for each other.
    let dark = Color::srgba(0.08, 0.05, 0.03, 0.95);
    let badge = |commands: &mut Commands, at: Vec2, label: String, size: f32, own_number: bool| {
        let (disc, ink, what) = if own_number {
            (theme::HIGHLIGHT, dark, "hole number")
        } else {
            (dark, theme::HIGHLIGHT, "path number")
        };
        let width = size * (0.9 + 0.55 * label.chars().count().saturating_sub(1) as f32);
        let disc_size = Vec2::new(width.max(size * 1.25), size * 1.25);
        // The sowing order's dark disc gets a rim of the light ink: on dark stones the disc alone did not
        // read as a badge, and its number seemed to lie under the stones.
        if !own_number {
            commands.spawn((
                Name::new("Lesson mark: path number rim"),
                LessonMark,
                Sprite {
                    image: art.disc.clone(),
                    color: theme::HIGHLIGHT,
                    custom_size: Some(disc_size + Vec2::splat(size * 0.18)),
                    ..default()
                },
                Transform::from_translation(at.extend(3.95)),
                DespawnOnExit(Screen::Lesson),
            ));
        }
        commands.spawn((
            Name::new(format!("Lesson mark: {what}")),
            LessonMark,
            Sprite { image: art.disc.clone(), color: disc, custom_size: Some(disc_size), ..default() },
            Transform::from_translation(at.extend(4.0)),
            DespawnOnExit(Screen::Lesson),
        ));
        commands.spawn((
            Name::new(format!("Lesson mark: {what} text")),
            LessonMark,
            Text2d::new(label),
            TextFont { font_size: bevy::text::FontSize::Px(size * 0.8), ..default() },
            TextColor(ink),
            Transform::from_translation(at.extend(4.1)),
            DespawnOnExit(Screen::Lesson),
        ));
    };
    let hole_size = Hole::all().next().map_or(40.0, |h| layout.hole(Side::White, h).size().min_element());
    let badge_size = (hole_size * 0.32).clamp(13.0, 30.0);
    let start = *run.start();
    for mark in &run.current().marks {
        match *mark {
            Mark::Hole(side, n) => {
                if let Some(h) = Hole::new(n) {
                    ring(&mut commands, layout.hole(side, h), "Lesson mark: hole");
                    // The ring runs over the hole's small number, which the caption often names: the
                    // number is shown again, large, beside the ring's inner edge.
                    let at = layout.hole_inner_edge(side, h);
                    badge(&mut commands, at, n.to_string(), badge_size, true);
                }
            }
            Mark::Kazan(side) => ring(&mut commands, layout.kazan(side), "Lesson mark: kazan"),
            Mark::Row(side) => {
                for h in Hole::all() {
                    ring(&mut commands, layout.hole(side, h), "Lesson mark: row");
                }
            }
            Mark::Path(n) => {
                let Some(h) = Hole::new(n) else { continue };
                let mut after = start;
                let Ok(outcome) = after.play(h) else { continue };
                ring(&mut commands, layout.hole(start.side_to_move(), h), "Lesson mark: path start");
                // Each hole's stone numbers, in sowing order ("1", or "2 · 20" on a second lap).
                let mut numbers: Vec<((Side, Hole), Vec<usize>)> = Vec::new();
                for (i, &place) in outcome.sown_holes().iter().enumerate() {
                    match numbers.iter_mut().find(|(p, _)| *p == place) {
                        Some((_, list)) => list.push(i + 1),
                        None => numbers.push((place, vec![i + 1])),
                    }
                }
                // A numbered badge in each hole the stones reach, in sowing order ("1", or "2·20" on a
                // second lap round the board).
                for ((side, hole), list) in numbers {
                    let label = list.iter().map(|n| n.to_string()).collect::<Vec<_>>().join("·");
                    badge(&mut commands, layout.hole(side, hole).center(), label, badge_size, false);
                }
            }
        }
    }
}
