//! Learn to play: the lesson list and the lessons, on the real board with the real stones, sowing and
//! sounds. A lesson is data (`assets/tutorial`, read by [`crate::lesson`]); what a tap means in a step is
//! decided there by asking the rules, and this plugin only plays the moves and shows the words.
//!
//! A lesson borrows the board: the game in progress is set aside when a lesson opens and brought back,
//! untouched, when the learner leaves, so "Rules" in the in-game menu loses nothing. How far the learner
//! went (lessons done, the step reached) is saved with the settings.

use std::collections::HashMap;

use bevy::asset::io::Reader;
use bevy::asset::{AssetLoader, LoadContext, LoadState};
use bevy::prelude::*;

use crate::game::{Game, Mode};
use crate::lesson::{Course, Kind, Lesson, Mark, Step, Target, Verdict, Why};
use crate::rules::{Hole, IllegalMove, Position, Side, TuzdikRefusal};

use super::board::ViewSize;
use super::input::{BoardBlocked, BoardTap, LandingHint};
use super::layout::{self, BoardLayout};
use super::locale::{Locale, Tr};
use super::safe_area::SafeArea;
use super::sowing::Timeline;
use super::theme::{self, Art};
use super::widgets::{Tap, backdrop, button, card, english, labelled_button, page, text};
use super::{BoardReset, PlayHole, Screen, Session, Settings, Toast, words};

/// The course, as the asset server read it.
#[derive(Asset, TypePath, Debug)]
pub struct CourseFile(pub Result<Course, String>);

/// Reads `tutorial/course.ron` and every lesson it lists. A damaged lesson spoils only itself: the list
/// shows why it cannot be opened.
#[derive(Default, TypePath)]
struct CourseLoader;

impl AssetLoader for CourseLoader {
    type Asset = CourseFile;
    type Settings = ();
    type Error = std::io::Error;

    async fn load(
        &self,
        reader: &mut dyn Reader,
        _: &(),
        context: &mut LoadContext<'_>,
    ) -> Result<CourseFile, std::io::Error> {
        let mut bytes = Vec::new();
        reader.read_to_end(&mut bytes).await?;
        let index = String::from_utf8_lossy(&bytes).into_owned();
        let ids = match Course::ids(&index) {
            Ok(ids) => ids,
            Err(e) => return Ok(CourseFile(Err(e))),
        };
        let mut files = HashMap::new();
        for id in ids {
            let path = Course::lesson_path(&id);
            let text = match context.read_asset_bytes(path.clone()).await {
                Ok(bytes) => String::from_utf8(bytes).map_err(|e| e.to_string()),
                Err(e) => Err(e.to_string()),
            };
            files.insert(path, text);
        }
        let course = Course::parse(&index, |path| files.remove(path).unwrap_or(Err("not read".into())));
        Ok(CourseFile(course))
    }

    fn extensions(&self) -> &[&str] {
        &["course.ron"]
    }
}

/// The course being loaded, or loaded.
#[derive(Resource)]
pub struct CourseHandle(pub Handle<CourseFile>);

/// The screen the lesson list goes back to.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct LessonsFrom(pub Screen);

impl Default for LessonsFrom {
    fn default() -> Self {
        LessonsFrom(Screen::Title)
    }
}

/// The game set aside while a lesson has the board.
#[derive(Resource, Default)]
struct SetAside(Option<Session>);

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
    /// The learner's wrong move has been shown: the step starts again in a moment.
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

    fn go_to(&mut self, step: usize) {
        self.step = step;
        self.feedback = Feedback::None;
        self.set_up = true;
    }
}

#[derive(Component)]
struct ListRoot;

#[derive(Component)]
struct LessonUi;

#[derive(Component)]
enum LessonText {
    Title,
    Caption,
    Feedback,
}

#[derive(Component)]
struct NextButton;

#[derive(Component)]
struct BackButton;

#[derive(Component)]
struct CompleteCard;

#[derive(Component)]
struct LessonMark;

/// The caption's size: smaller on a small phone.
fn caption_size(window: Vec2) -> f32 {
    if window.y < 700.0 { 15.0 } else { 17.0 }
}

/// What is said under the caption, a size below it.
fn small_size(window: Vec2) -> f32 {
    caption_size(window) - 2.0
}

/// A watched step's rule and what the move did, both on a small phone's panel.
const WATCHED_SIZE: f32 = 12.0;

/// How long a watch step shows the board before its move plays.
const WATCH_PAUSE: f32 = 0.7;
/// How long the learner's wrong move stays on the board before the step starts again.
const WRONG_SHOWN: f32 = 1.8;

pub(super) fn plugin(app: &mut App) {
    if app.world().get_resource::<AssetServer>().is_some() {
        app.init_asset::<CourseFile>().register_asset_loader(CourseLoader);
    }
    app.init_resource::<LessonsFrom>()
        .init_resource::<SetAside>()
        .add_systems(Startup, load_course)
        .add_systems(OnEnter(Screen::Lesson), set_aside_the_game)
        .add_systems(OnExit(Screen::Lesson), bring_back_the_game)
        .add_systems(Update, rebuild_list.run_if(in_state(Screen::Lessons)))
        .add_systems(Update, open_launch_lesson)
        .add_systems(Update, drive_lesson.in_set(super::Frame::Input).run_if(in_state(Screen::Lesson)))
        .add_systems(
            Update,
            (rebuild_lesson_ui, show_lesson, show_marks)
                .chain()
                .in_set(super::Frame::View)
                .run_if(in_state(Screen::Lesson)),
        );
}

fn load_course(mut commands: Commands, assets: Option<Res<AssetServer>>) {
    if let Some(assets) = assets {
        commands.insert_resource(CourseHandle(assets.load(Course::INDEX)));
    }
}

/// The course if it has been read: `Err` says why it cannot be.
pub fn course<'a>(
    handle: Option<&CourseHandle>,
    files: Option<&'a Assets<CourseFile>>,
    assets: Option<&AssetServer>,
) -> Option<Result<&'a Course, String>> {
    let handle = handle?;
    if let Some(file) = files.and_then(|f| f.get(&handle.0)) {
        return Some(file.0.as_ref().map_err(Clone::clone));
    }
    match assets.map(|a| a.load_state(&handle.0)) {
        Some(LoadState::Failed(e)) => Some(Err(e.to_string())),
        _ => None,
    }
}

/// `--tutorial LESSON:STEP`: opens the lesson at that step once the course is read.
fn open_launch_lesson(
    launch: Option<Res<super::Launch>>,
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

/// Opens the lesson list from the title or the in-game menu.
pub fn open_lessons(from: Screen) -> impl FnMut(On<Tap>, ResMut<LessonsFrom>, ResMut<NextState<Screen>>) {
    move |_, mut lessons_from, mut next| {
        lessons_from.0 = from;
        next.set(Screen::Lessons);
    }
}

// The lesson list.

#[allow(clippy::too_many_arguments)]
fn rebuild_list(
    mut commands: Commands,
    view: Res<ViewSize>,
    safe: Res<SafeArea>,
    locale: Res<Locale>,
    settings: Res<Settings>,
    handle: Option<Res<CourseHandle>>,
    files: Option<Res<Assets<CourseFile>>>,
    assets: Option<Res<AssetServer>>,
    roots: Query<Entity, With<ListRoot>>,
    mut shown: Local<Option<bool>>,
) {
    let state = course(handle.as_deref(), files.as_deref(), assets.as_deref());
    let loaded = state.is_some();
    let stale = view.is_changed()
        || safe.is_changed()
        || locale.is_changed()
        || settings.is_changed()
        || *shown != Some(loaded)
        || roots.is_empty();
    if !stale {
        return;
    }
    *shown = Some(loaded);
    for root in &roots {
        commands.entity(root).despawn();
    }
    let size = view.0;
    let two_columns = size.x > size.y;
    let compact = size.y < 700.0;
    let (title_size, row_title, row_text) = if compact { (22.0, 16.0, 13.0) } else { (26.0, 19.0, 15.0) };
    commands
        .spawn((
            Name::new("Lesson list"),
            ListRoot,
            page(if compact { 6.0 } else { 10.0 }, safe.padding(10.0)),
            DespawnOnExit(Screen::Lessons),
        ))
        .with_children(|page| {
            page.spawn(Node {
                width: percent(100),
                max_width: px(900),
                justify_content: JustifyContent::SpaceBetween,
                align_items: AlignItems::Center,
                ..default()
            })
            .with_children(|head| {
                labelled_button(head, "lessons.back", row_title, ()).observe(
                    |_: On<Tap>, from: Res<LessonsFrom>, mut next: ResMut<NextState<Screen>>| {
                        next.set(from.0)
                    },
                );
                head.spawn((
                    Tr("lessons.title"),
                    text("", title_size, theme::TEXT),
                    TextLayout::justify(Justify::Center),
                    Node { flex_shrink: 1.0, margin: UiRect::horizontal(px(8)), ..default() },
                ));
                // Keeps the title centred.
                head.spawn(Node { width: px(64), ..default() });
            });
            let course = match state {
                None => {
                    page.spawn((Tr("lessons.loading"), text("", row_text, theme::TEXT_DIM)));
                    return;
                }
                Some(Err(e)) => {
                    warn!("the lessons could not be read: {e}");
                    page.spawn((
                        text(locale.f("lessons.unreadable", &[("error", &e)]), row_text, theme::WARNING),
                        TextLayout::justify(Justify::Center),
                    ));
                    return;
                }
                Some(Ok(course)) => course,
            };
            page.spawn((
                Name::new("Lessons"),
                Node {
                    width: percent(100),
                    max_width: px(900),
                    flex_wrap: FlexWrap::Wrap,
                    justify_content: JustifyContent::Center,
                    column_gap: px(10),
                    row_gap: px(if compact { 5 } else { 8 }),
                    ..default()
                },
            ))
            .with_children(|list| {
                for (i, entry) in course.lessons.iter().enumerate() {
                    lesson_row(list, i, entry, &locale, &settings, two_columns, row_title, row_text);
                }
            });
        });
}

#[allow(clippy::too_many_arguments)]
fn lesson_row(
    list: &mut ChildSpawnerCommands,
    i: usize,
    entry: &crate::lesson::CourseEntry,
    locale: &Locale,
    settings: &Settings,
    two_columns: bool,
    title_size: f32,
    text_size: f32,
) {
    let (title, status, summary, color) = match &entry.lesson {
        Ok(lesson) => {
            let status = if settings.lessons.done.contains(&entry.id) {
                locale.t("lessons.done")
            } else if let Some(&step) = settings.lessons.reached.get(&entry.id) {
                locale.f("lessons.progress", &[("step", &(step + 1)), ("total", &lesson.steps.len())])
            } else {
                String::new()
            };
            let summary = locale.t(&lesson.summary);
            (locale.t(&lesson.title), status, summary, theme::TEXT_DIM)
        }
        Err(e) => {
            warn!("lesson '{}' could not be read: {e}", entry.id);
            (entry.id.clone(), String::new(), locale.f("lessons.damaged", &[("error", e)]), theme::WARNING)
        }
    };
    let name = match &entry.lesson {
        Ok(lesson) => english(&lesson.title),
        Err(_) => entry.id.clone(),
    };
    let mut row = list.spawn(button(format!("Lesson {name}"), title_size));
    // The row's own shape replaces the button's.
    row.insert(Node {
        width: if two_columns { percent(48) } else { percent(100) },
        max_width: px(560),
        padding: UiRect::axes(px(14), px(if text_size < 15.0 { 4 } else { 8 })),
        min_height: px(44),
        justify_content: JustifyContent::SpaceBetween,
        align_items: AlignItems::Center,
        column_gap: px(10),
        border_radius: BorderRadius::all(px(12)),
        border: UiRect::all(px(2)),
        ..default()
    });
    row.with_children(|r| {
        r.spawn((text(format!("{}", i + 1), title_size, theme::HIGHLIGHT), Pickable::IGNORE));
        r.spawn((
            Node { flex_direction: FlexDirection::Column, flex_grow: 1.0, flex_shrink: 1.0, ..default() },
            Pickable::IGNORE,
        ))
        .with_children(|c| {
            c.spawn((text(title, title_size, theme::TEXT), Pickable::IGNORE));
            c.spawn((text(summary, text_size, color), Pickable::IGNORE));
        });
        if !status.is_empty() {
            // The status keeps its line; the title and summary beside it wrap instead.
            r.spawn((
                text(status, text_size, theme::HIGHLIGHT),
                TextLayout::no_wrap(),
                Node { flex_shrink: 0.0, ..default() },
                Pickable::IGNORE,
            ));
        }
    });
    if let Ok(lesson) = &entry.lesson {
        let id = entry.id.clone();
        let lesson = lesson.clone();
        row.observe(
            move |_: On<Tap>,
                  mut commands: Commands,
                  settings: Res<Settings>,
                  mut next: ResMut<NextState<Screen>>| {
                if let Some(run) = open_lesson(&id, lesson.clone(), &settings) {
                    commands.insert_resource(run);
                    next.set(Screen::Lesson);
                }
            },
        );
    }
}

/// A lesson from where the learner left it (from its start once it is done).
fn open_lesson(id: &str, lesson: Lesson, settings: &Settings) -> Option<LessonRun> {
    let step = if settings.lessons.done.contains(id) {
        0
    } else {
        settings.lessons.reached.get(id).copied().unwrap_or(0)
    };
    LessonRun::new(id.to_string(), lesson, step)
}

// Taking a lesson.

fn set_aside_the_game(mut session: ResMut<Session>, mut aside: ResMut<SetAside>) {
    if aside.0.is_none() && !session.lesson {
        let generation = session.generation + 1;
        let game = std::mem::replace(
            &mut *session,
            Session { game: Game::new(Mode::HotSeat), generation, lesson: true },
        );
        aside.0 = Some(game);
    }
}

fn bring_back_the_game(
    mut session: ResMut<Session>,
    mut aside: ResMut<SetAside>,
    mut reset: MessageWriter<BoardReset>,
    mut hint: ResMut<LandingHint>,
    mut blocked: ResMut<BoardBlocked>,
    mut commands: Commands,
) {
    if let Some(mut game) = aside.0.take() {
        // Newer than anything the lesson asked for, so no late message acts on the game.
        game.generation = session.generation + 1;
        *session = game;
        reset.write(BoardReset);
    }
    hint.0 = None;
    blocked.0 = false;
    commands.remove_resource::<LessonRun>();
}

#[allow(clippy::too_many_arguments)]
fn drive_lesson(
    time: Res<Time>,
    run: Option<ResMut<LessonRun>>,
    mut session: ResMut<Session>,
    mut settings: ResMut<Settings>,
    timeline: Res<Timeline>,
    mut hint: ResMut<LandingHint>,
    locale: Res<Locale>,
    mut taps: MessageReader<BoardTap>,
    mut toasts: MessageReader<Toast>,
    mut play: MessageWriter<PlayHole>,
    mut reset: MessageWriter<BoardReset>,
    mut blocked: ResMut<BoardBlocked>,
) {
    let Some(mut run) = run else { return };
    let run = &mut *run;
    if blocked.0 != run.complete {
        blocked.0 = run.complete;
    }
    if run.set_up {
        run.set_up = false;
        let generation = session.generation + 1;
        *session =
            Session { game: Game::from_position(Mode::HotSeat, *run.start()), generation, lesson: true };
        reset.write(BoardReset);
        // A hint left from the step before must not answer this one.
        hint.0 = None;
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
    for Toast(message) in toasts.read() {
        // What the board says (the landing hint, an empty hole) shows under the caption.
        if matches!(run.phase, Phase::Ready { .. }) {
            run.feedback = Feedback::Note(message.clone());
        }
    }
    let dt = time.delta_secs();
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
            if let (Kind::Hold(_), Some((hole, _))) = (&kind, hint.0) {
                let verdict = run.current().held(hole);
                answer(run, verdict, &session, &locale, &mut play);
                return;
            }
            for BoardTap(tapped) in taps.read() {
                let verdict = run.current().judge(run.start(), *tapped);
                if verdict == Verdict::NotAsked {
                    run.feedback = Feedback::Note(locale.t("why.tap_next"));
                    continue;
                }
                answer(run, verdict, &session, &locale, &mut play);
                break;
            }
        }
        Phase::Sowing { generation, right } => {
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
            if left - dt <= 0.0 {
                // The step starts again; the reason stays on screen, but not the promise that it will
                // start again (it had, and the words still said "in a moment").
                let again = format!(" {}", locale.t("lesson.shown"));
                if let Feedback::Wrong(said) = &mut run.feedback
                    && let Some(why) = said.strip_suffix(&again)
                {
                    *said = why.to_string();
                }
                run.set_up = true;
            } else {
                run.phase = Phase::ShownWrong { left: left - dt };
            }
        }
        Phase::Done => {}
    }
    // Taps on the board mean nothing while a move is sown or once the step is answered.
    taps.clear();
}

/// Acts on the verdict: plays the move (right, or wrong to show what it does) and says why.
fn answer(
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

/// Why a tap was not the answer, in words.
pub fn why_words(locale: &Locale, why: Why) -> String {
    let hole = |key: &str, n: u8| locale.f(key, &[("hole", &n)]);
    match why {
        Why::TheirHole => locale.t("why.their_hole"),
        Why::KazanNotPlayable => locale.t("why.kazan_not_playable"),
        Why::OtherHole { asked } => hole("why.other_hole", asked),
        Why::Illegal(
            e @ (IllegalMove::Empty(_) | IllegalMove::OpponentTuzdik(_) | IllegalMove::GameOver),
        ) => words::illegal(locale, e),
        Why::LandsOwnSide { lands } => hole("why.lands_own_side", lands),
        Why::Odd { hole: n, count } => locale.f("why.odd", &[("hole", &n), ("count", &count)]),
        Why::Refused { why, .. } => sentence(locale.t(match why {
            TuzdikRefusal::AlreadyHasOne => "effect.refused_one",
            TuzdikRefusal::NinthHole => "effect.refused_ninth",
            TuzdikRefusal::Symmetric => "effect.refused_mirror",
        })),
        Why::IntoTuzdik { .. } => locale.t("why.into_tuzdik"),
        Why::CaptureNotTuzdik { hole: n, count } => {
            locale.f("why.capture_not_tuzdik", &[("hole", &n), ("count", &count)])
        }
        Why::KazanNeverSown { hole: n, .. } => hole("why.kazan_never_sown", n),
        Why::FirstStoneBack { hole: n, .. } => hole("why.first_stone_back", n),
        Why::LoneStoneMoves { hole: n } => hole("why.lone_stone", n),
        Why::Count { hole: n, .. } => hole("why.count", n),
        Why::TuzdikOwner { owner: Side::White } => locale.t("why.tuzdik_owner_you"),
        Why::TuzdikOwner { owner: Side::Black } => locale.t("why.tuzdik_owner_them"),
        Why::HoldLonger { hole: n } => hole("why.hold_longer", n),
    }
}

/// The landing hint's words as a sentence of their own: with a full stop.
fn sentence(mut text: String) -> String {
    if !text.ends_with(['.', '!', '?', '…']) {
        text.push('.');
    }
    text
}

// The lesson's screen: a header (leave, the lesson's name and step, skip) and a panel under or beside the
// board (the caption, what was said, back, again, next).

#[allow(clippy::too_many_arguments)]
fn rebuild_lesson_ui(
    mut commands: Commands,
    view: Res<ViewSize>,
    safe: Res<SafeArea>,
    ui_scale: Option<Res<UiScale>>,
    layout: Option<Res<BoardLayout>>,
    roots: Query<Entity, With<LessonUi>>,
    cards: Query<Entity, With<CompleteCard>>,
    run: Option<Res<LessonRun>>,
    course: (Option<Res<CourseHandle>>, Option<Res<Assets<CourseFile>>>),
    mut card_shown: Local<bool>,
) {
    let Some(layout) = layout else { return };
    let complete = run.as_ref().is_some_and(|r| r.complete);
    if complete != *card_shown {
        *card_shown = complete;
        let last = run
            .as_ref()
            .is_some_and(|run| next_lesson_id(course.0.as_deref(), course.1.as_deref(), &run.id).is_none());
        rebuild_card(&mut commands, &cards, complete, last);
    }
    if !roots.is_empty() && !view.is_changed() && !safe.is_changed() && !layout.is_changed() {
        return;
    }
    for root in &roots {
        commands.entity(root).despawn();
    }
    let scale = ui_scale.map_or(1.0, |s| s.0);
    let size = view.0;
    let room = layout::lesson_room(size);
    let s = |v: f32| px(v / scale);
    let compact = size.y < 560.0;
    let (caption_size, small) = (caption_size(size), small_size(size));
    // The header, in the top bar.
    commands
        .spawn((
            Name::new("Lesson header"),
            LessonUi,
            Node {
                position_type: PositionType::Absolute,
                top: px(0),
                left: px(0),
                width: percent(100),
                height: s(layout.top_bar),
                // On a short screen the bar is no taller than a button: no room to spare above or below.
                padding: UiRect {
                    top: s(safe.top + if compact { 0.0 } else { 4.0 }),
                    left: s(safe.left + 8.0),
                    right: s(safe.right + 8.0),
                    bottom: px(if compact { 0 } else { 4 }),
                },
                justify_content: JustifyContent::SpaceBetween,
                align_items: AlignItems::Center,
                column_gap: px(8),
                ..default()
            },
            DespawnOnExit(Screen::Lesson),
        ))
        .with_children(|head| {
            // A close mark, the same in every language, leaves room for the lesson's name on a phone.
            head.spawn(button("Close the lesson", small))
                .with_children(|b| {
                    b.spawn((text("×", small * 1.25, theme::TEXT), Pickable::IGNORE));
                })
                .observe(|_: On<Tap>, mut next: ResMut<NextState<Screen>>| next.set(Screen::Lessons));
            head.spawn((
                Name::new("Lesson title"),
                LessonText::Title,
                text("", small, theme::TEXT),
                TextLayout::justify(Justify::Center),
                Node { flex_shrink: 1.0, ..default() },
            ));
            labelled_button(head, "lesson.skip", small, ()).observe(skip_lesson);
        });
    // The panel: under the board upright, beside it on its side.
    let beside = room[1] > 0.0;
    let mut panel = Node {
        position_type: PositionType::Absolute,
        flex_direction: FlexDirection::Column,
        justify_content: JustifyContent::SpaceBetween,
        row_gap: px(6),
        ..default()
    };
    if beside {
        panel.right = px(0);
        panel.top = s(layout.top_bar);
        panel.bottom = px(0);
        panel.width = s(room[1] + safe.right);
        panel.padding =
            UiRect { top: px(6), left: px(8), right: s(safe.right + 10.0), bottom: s(safe.bottom + 10.0) };
    } else {
        panel.left = px(0);
        panel.bottom = px(0);
        panel.width = percent(100);
        panel.height = s(layout.bottom_bar);
        panel.padding = UiRect {
            top: px(8),
            left: s(safe.left + 12.0),
            right: s(safe.right + 12.0),
            bottom: s(safe.bottom + 8.0),
        };
    }
    commands
        .spawn((
            Name::new("Lesson panel"),
            LessonUi,
            panel,
            BackgroundColor(theme::PANEL),
            DespawnOnExit(Screen::Lesson),
        ))
        .with_children(|p| {
            p.spawn(Node { flex_direction: FlexDirection::Column, row_gap: px(6), ..default() })
                .with_children(|words| {
                    words.spawn((
                        Name::new("Lesson caption"),
                        LessonText::Caption,
                        text("", caption_size, theme::TEXT),
                    ));
                    words.spawn((
                        Name::new("Lesson feedback"),
                        LessonText::Feedback,
                        text("", small, theme::HIGHLIGHT),
                    ));
                });
            p.spawn(Node { justify_content: JustifyContent::SpaceBetween, column_gap: px(8), ..default() })
                .with_children(|row| {
                    labelled_button(row, "lesson.back", caption_size, BackButton).observe(step_back);
                    labelled_button(row, "lesson.again", caption_size, ()).observe(
                        |_: On<Tap>, run: Option<ResMut<LessonRun>>| {
                            if let Some(mut run) = run {
                                let step = run.step;
                                run.go_to(step);
                            }
                        },
                    );
                    labelled_button(row, "lesson.next", caption_size, NextButton).observe(step_next);
                });
        });
}

fn rebuild_card(
    commands: &mut Commands,
    cards: &Query<Entity, With<CompleteCard>>,
    complete: bool,
    last: bool,
) {
    for card in cards {
        commands.entity(card).despawn();
    }
    if !complete {
        return;
    }
    commands
        .spawn((backdrop("Lesson complete", 0.45, 20), CompleteCard, DespawnOnExit(Screen::Lesson)))
        .with_children(|p| {
            p.spawn(card(340.0, 22.0, 14.0, AlignItems::Center)).with_children(|c| {
                c.spawn((Tr("lesson.complete"), text("", 28.0, theme::TEXT)));
                if last {
                    c.spawn((
                        Tr("lesson.course_done"),
                        text("", 17.0, theme::TEXT_DIM),
                        TextLayout::justify(Justify::Center),
                    ));
                }
                c.spawn(Node { column_gap: px(12), row_gap: px(10), flex_wrap: FlexWrap::Wrap, ..default() })
                    .with_children(|row| {
                        if !last {
                            labelled_button(row, "lesson.next_lesson", 20.0, ()).observe(skip_lesson);
                        }
                        labelled_button(row, "lesson.all_lessons", 20.0, ()).observe(
                            |_: On<Tap>, mut next: ResMut<NextState<Screen>>| next.set(Screen::Lessons),
                        );
                    });
            });
        });
}

/// The lesson after `id` in the course, if there is one that reads.
fn next_lesson_id(
    handle: Option<&CourseHandle>,
    files: Option<&Assets<CourseFile>>,
    id: &str,
) -> Option<(String, Lesson)> {
    let course = files?.get(&handle?.0)?.0.as_ref().ok()?;
    let at = course.lessons.iter().position(|e| e.id == id)?;
    course.lessons[at + 1..].iter().find_map(|e| e.lesson.as_ref().ok().map(|l| (e.id.clone(), l.clone())))
}

fn step_back(_: On<Tap>, run: Option<ResMut<LessonRun>>) {
    if let Some(mut run) = run
        && run.step > 0
    {
        let step = run.step - 1;
        run.go_to(step);
    }
}

fn step_next(_: On<Tap>, run: Option<ResMut<LessonRun>>, mut settings: ResMut<Settings>) {
    let Some(mut run) = run else { return };
    if !run.can_go_on() {
        return;
    }
    if run.step + 1 < run.lesson.steps.len() {
        let step = run.step + 1;
        run.go_to(step);
    } else {
        run.complete = true;
        settings.lessons.done.insert(run.id.clone());
        settings.lessons.reached.remove(&run.id);
    }
}

/// Skips to the next lesson (or back to the list after the last); also "Next lesson" on the card.
fn skip_lesson(
    _: On<Tap>,
    run: Option<Res<LessonRun>>,
    handle: Option<Res<CourseHandle>>,
    files: Option<Res<Assets<CourseFile>>>,
    settings: Res<Settings>,
    mut commands: Commands,
    mut next: ResMut<NextState<Screen>>,
) {
    let Some(run) = run else { return };
    match next_lesson_id(handle.as_deref(), files.as_deref(), &run.id)
        .and_then(|(id, lesson)| open_lesson(&id, lesson, &settings))
    {
        Some(lesson) => commands.insert_resource(lesson),
        None => next.set(Screen::Lessons),
    }
}

#[allow(clippy::type_complexity)]
fn show_lesson(
    run: Option<Res<LessonRun>>,
    locale: Res<Locale>,
    mut texts: Query<(&LessonText, &mut Text, &mut TextColor, &mut TextFont)>,
    mut next: Query<&mut Visibility, (With<NextButton>, Without<BackButton>)>,
    mut back: Query<&mut Visibility, (With<BackButton>, Without<NextButton>)>,
    added: Query<(), Added<LessonText>>,
    view: Res<ViewSize>,
) {
    let Some(run) = run else { return };
    if !run.is_changed() && !locale.is_changed() && added.is_empty() && !view.is_changed() {
        return;
    }
    let step = run.current();
    // On a small phone the panel has room for the caption or for what is said about the answer. A watch
    // step keeps its rule, smaller and dimmed, over what the move did: the learner looks back at the rule
    // just then, and a watched move's outcome is short.
    let one_at_a_time = view.0.y < 700.0 && view.0.y >= view.0.x;
    let answered = matches!(run.feedback, Feedback::Wrong(_) | Feedback::Right(Some(_)));
    let watched = matches!(step.kind, Kind::Watch(_));
    let (caption_size, feedback_size) = if one_at_a_time && answered && watched {
        (WATCHED_SIZE, WATCHED_SIZE)
    } else {
        (caption_size(view.0), small_size(view.0))
    };
    for (which, mut text, mut color, mut font) in &mut texts {
        let size = match which {
            LessonText::Title => None,
            LessonText::Caption => Some(caption_size),
            LessonText::Feedback => Some(feedback_size),
        };
        if let Some(size) = size
            && font.font_size != FontSize::Px(size)
        {
            font.font_size = FontSize::Px(size);
        }
        let (value, tint) = match which {
            LessonText::Title => (
                format!("{} · {}/{}", locale.t(&run.lesson.title), run.step + 1, run.lesson.steps.len()),
                theme::TEXT,
            ),
            LessonText::Caption if one_at_a_time && answered && watched => {
                (locale.t(&step.caption), theme::TEXT_DIM)
            }
            LessonText::Caption if one_at_a_time && answered => (String::new(), theme::TEXT),
            LessonText::Caption => (locale.t(&step.caption), theme::TEXT),
            LessonText::Feedback => match &run.feedback {
                Feedback::None => (prompt(&locale, step, run.phase), theme::TEXT_DIM),
                Feedback::Wrong(why) => (why.clone(), theme::WARNING),
                Feedback::Note(note) => (note.clone(), theme::TEXT_DIM),
                Feedback::Right(after) => {
                    let mut said = if matches!(step.kind, Kind::Watch(_)) {
                        String::new()
                    } else {
                        locale.t("lesson.right")
                    };
                    if let Some(key) = after {
                        if !said.is_empty() {
                            said.push(' ');
                        }
                        said += &locale.t(key);
                    }
                    (said, theme::HIGHLIGHT)
                }
            },
        };
        if text.0 != value {
            text.0 = value;
        }
        color.0 = tint;
    }
    let shown = |on: bool| if on { Visibility::Inherited } else { Visibility::Hidden };
    for mut v in &mut next {
        *v = shown(run.can_go_on());
    }
    for mut v in &mut back {
        *v = shown(run.step > 0);
    }
}

/// What the learner is asked to do, while nothing else is said.
fn prompt(locale: &Locale, step: &Step, phase: Phase) -> String {
    if !matches!(phase, Phase::Ready { .. }) {
        return String::new();
    }
    match step.kind {
        Kind::Read | Kind::Watch(_) => String::new(),
        // A step that names its hole asks for that one, as its caption does.
        Kind::Do(Target::Hole(n)) => locale.f("lesson.prompt_do_hole", &[("hole", &n)]),
        Kind::Do(_) => locale.t("lesson.prompt_do"),
        // The caption asks the question; the board says nothing more before the answer.
        Kind::Guess(_) => String::new(),
        Kind::Hold(n) => locale.f("lesson.prompt_hold", &[("hole", &n)]),
    }
}

/// Lights what the step points at: holes, kazans, rows, and the path a move's stones take, numbered.
fn show_marks(
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
                custom_size: Some(rect.size() + Vec2::splat(rect.size().min_element() * 0.18)),
                image_mode: SpriteImageMode::Auto,
                ..default()
            },
            Transform::from_translation(rect.center().extend(2.4)),
            DespawnOnExit(Screen::Lesson),
        ));
    };
    // A numbered badge that reads over stones and over a ring: the sowing order light on dark, a hole's
    // own number dark on light (the ring's colour), so that the two are never taken for each other.
    let dark = Color::srgba(0.08, 0.05, 0.03, 0.85);
    let badge = |commands: &mut Commands, at: Vec2, label: String, size: f32, own_number: bool| {
        let (disc, ink, what) = if own_number {
            (theme::HIGHLIGHT, dark, "hole number")
        } else {
            (dark, theme::HIGHLIGHT, "path number")
        };
        let width = size * (0.9 + 0.55 * label.chars().count().saturating_sub(1) as f32);
        commands.spawn((
            Name::new(format!("Lesson mark: {what}")),
            LessonMark,
            Sprite {
                image: art.disc.clone(),
                color: disc,
                custom_size: Some(Vec2::new(width.max(size * 1.25), size * 1.25)),
                ..default()
            },
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
                    let at = layout.number_position(side, h);
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
