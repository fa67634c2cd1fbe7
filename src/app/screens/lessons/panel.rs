//! A lesson's words and buttons: its name and step in the top bar; the caption, what is said about the
//! answer, and Back, Again and Next under the board (beside it on a screen on its side); the card at the
//! end. On a small phone a watched step keeps its rule over what the move did.

use crate::app::board::layout::lesson_room;
use crate::app::i18n::locale::{Locale, Tr};
use crate::app::screens::board_panel::{
    PanelRoom, caption_size, close_mark, header_title, small_size, spawn_header_and_panel,
};
use crate::app::screens::lessons::course::CourseFile;
use crate::app::screens::lessons::course::CourseHandle;
use crate::app::screens::lessons::course::next_lesson_id;
use crate::app::screens::lessons::lesson::Feedback;
use crate::app::screens::lessons::lesson::LessonRun;
use crate::app::screens::lessons::lesson::Phase;
use crate::app::screens::lessons::lesson::open_lesson;
use crate::app::state::screen::Screen;
use crate::app::state::settings::Settings;
use crate::app::state::view::ViewSize;
use crate::app::ui::theme::{self, DisplayFace};
use crate::app::ui::widgets::{
    Tap, backdrop, card, labelled, on_tap, shaped_labelled, sized_node, spawn_if, text,
};
use crate::lesson::{Kind, Step, Target};
use bevy::prelude::*;

#[derive(Component, Clone)]
pub(crate) struct LessonUi;

#[derive(Component)]
pub(crate) enum LessonText {
    Title,
    Caption,
    Feedback,
}

#[derive(Component)]
pub(crate) struct NextButton;

#[derive(Component)]
pub(crate) struct BackButton;

#[derive(Component)]
pub(crate) struct CompleteCard;

/// A watched step's rule and what the move did, both on a small phone's panel.
pub(crate) const WATCHED_SIZE: f32 = 12.0;

pub(crate) fn rebuild_lesson_ui(
    mut commands: Commands,
    room: PanelRoom,
    roots: Query<Entity, With<LessonUi>>,
    cards: Query<Entity, With<CompleteCard>>,
    run: Option<Res<LessonRun>>,
    course: (Option<Res<CourseHandle>>, Option<Res<Assets<CourseFile>>>),
    mut card_shown: Local<bool>,
) {
    let complete = run.as_ref().is_some_and(|r| r.complete);
    if complete != *card_shown {
        *card_shown = complete;
        let last = run
            .as_ref()
            .is_some_and(|run| next_lesson_id(course.0.as_deref(), course.1.as_deref(), &run.id).is_none());
        rebuild_card(&mut commands, &cards, complete, last);
    }
    if !room.needs_building(!roots.is_empty()) {
        return;
    }
    for root in &roots {
        commands.entity(root).despawn();
    }
    let (caption_size, small) = (caption_size(room.window()), small_size(room.window()));
    // The buttons' words keep less room around them where the panel is narrow (beside the board, or a
    // small phone): with the usual padding the three ran past its edge.
    let narrow = lesson_room(room.window())[1] > 0.0 || room.window().x < 400.0;
    let pad = if narrow { 8.0 } else { 16.0 };
    // The header, in the top bar; the panel under the board (beside it on its side).
    spawn_header_and_panel(
        &mut commands,
        &room,
        "Lesson",
        LessonUi,
        Screen::Lesson,
        children![
            close_mark("Close the lesson", small, Screen::Lessons),
            header_title("Lesson title", small, LessonText::Title),
            (labelled("lesson.skip", small), on_tap(skip_lesson)),
        ],
        children![
            (
                Node { flex_direction: FlexDirection::Column, row_gap: px(6), ..default() },
                children![
                    (Name::new("Lesson caption"), LessonText::Caption, text("", caption_size, theme::TEXT)),
                    (Name::new("Lesson feedback"), LessonText::Feedback, text("", small, theme::HIGHLIGHT)),
                ],
            ),
            (
                // Wrapped rather than past the panel's edge where the three do not fit one line (French
                // and Vietnamese beside the board on a phone on its side). Laid from the right, Next first:
                // Next keeps the right end and Back is the one that goes to a line of its own.
                Node {
                    flex_direction: FlexDirection::RowReverse,
                    justify_content: JustifyContent::SpaceBetween,
                    flex_wrap: FlexWrap::Wrap,
                    column_gap: px(8),
                    row_gap: px(6),
                    ..default()
                },
                children![
                    (
                        shaped_labelled("lesson.next", caption_size, sized_node(pad, 64.0)),
                        NextButton,
                        on_tap(step_next)
                    ),
                    (
                        shaped_labelled("lesson.again", caption_size, sized_node(pad, 64.0)),
                        on_tap(|_: On<Tap>, run: Option<ResMut<LessonRun>>| {
                            if let Some(mut run) = run {
                                let step = run.step;
                                run.go_to(step);
                            }
                        }),
                    ),
                    (
                        shaped_labelled("lesson.back", caption_size, sized_node(pad, 64.0)),
                        BackButton,
                        on_tap(step_back)
                    ),
                ],
            ),
        ],
    );
}

pub(crate) fn rebuild_card(
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
    commands.spawn((
        backdrop("Lesson complete", 0.45, 20),
        CompleteCard,
        DespawnOnExit(Screen::Lesson),
        children![(
            card(340.0, 22.0, 14.0, AlignItems::Center),
            Children::spawn((
                Spawn((Tr("lesson.complete"), DisplayFace, text("", 28.0, theme::TEXT))),
                spawn_if(last, || {
                    (
                        Tr("lesson.course_done"),
                        text("", 17.0, theme::TEXT_DIM),
                        TextLayout::justify(Justify::Center),
                    )
                }),
                Spawn((
                    // The card's width, each line of buttons centred on it: where the two buttons do not
                    // fit one line (a phone's card, longer words) each stood at the card's left.
                    Node {
                        width: percent(100),
                        column_gap: px(12),
                        row_gap: px(10),
                        flex_wrap: FlexWrap::Wrap,
                        justify_content: JustifyContent::Center,
                        ..default()
                    },
                    Children::spawn((
                        spawn_if(!last, || (labelled("lesson.next_lesson", 20.0), on_tap(skip_lesson))),
                        Spawn((
                            labelled("lesson.all_lessons", 20.0),
                            on_tap(
                                |_: On<Tap>, mut next: ResMut<NextState<Screen>>| next.set(Screen::Lessons)
                            ),
                        )),
                    )),
                )),
            )),
        )],
    ));
}

pub(crate) fn step_back(_: On<Tap>, run: Option<ResMut<LessonRun>>) {
    if let Some(mut run) = run
        && run.step > 0
    {
        let step = run.step - 1;
        run.go_to(step);
    }
}

pub(crate) fn step_next(_: On<Tap>, run: Option<ResMut<LessonRun>>, mut settings: ResMut<Settings>) {
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
pub(crate) fn skip_lesson(
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

pub(crate) fn show_lesson(
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
pub(crate) fn prompt(locale: &Locale, step: &Step, phase: Phase) -> String {
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
