//! The lesson list: every lesson of the course with what it teaches and whether it is done; a damaged one
//! says why it cannot be opened. It goes back to where it was opened from ([`LessonsFrom`]).

use crate::app::i18n::locale::{Locale, Tr};
use crate::app::platform::safe_area::SafeArea;
use crate::app::screens::lessons::course::CourseFile;
use crate::app::screens::lessons::course::CourseHandle;
use crate::app::screens::lessons::course::course;
use crate::app::screens::lessons::lesson::open_lesson;
use crate::app::state::screen::Screen;
use crate::app::state::settings::Settings;
use crate::app::state::view::ViewSize;
use crate::app::ui::theme::{self, DisplayFace};
use crate::app::ui::widgets::{Tap, english, labelled, on_tap, page, shaped_button, spawn_if, text};
use bevy::prelude::*;

/// The screen the lesson list goes back to.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct LessonsFrom(pub Screen);

impl Default for LessonsFrom {
    fn default() -> Self {
        LessonsFrom(Screen::Title)
    }
}

#[derive(Component)]
pub(crate) struct ListRoot;

/// Opens the lesson list from the title or the in-game menu.
pub fn open_lessons(from: Screen) -> impl FnMut(On<Tap>, ResMut<LessonsFrom>, ResMut<NextState<Screen>>) {
    move |_, mut lessons_from, mut next| {
        lessons_from.0 = from;
        next.set(Screen::Lessons);
    }
}

pub(crate) fn rebuild_list(
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
            page.spawn((
                Node {
                    width: percent(100),
                    max_width: px(900),
                    justify_content: JustifyContent::SpaceBetween,
                    align_items: AlignItems::Center,
                    ..default()
                },
                children![
                    (
                        labelled("lessons.back", row_title),
                        on_tap(|_: On<Tap>, from: Res<LessonsFrom>, mut next: ResMut<NextState<Screen>>| {
                            next.set(from.0)
                        }),
                    ),
                    (
                        Tr("lessons.title"),
                        DisplayFace,
                        text("", title_size, theme::TEXT),
                        TextLayout::justify(Justify::Center),
                        Node { flex_shrink: 1.0, margin: UiRect::horizontal(px(8)), ..default() },
                    ),
                    // Keeps the title centred.
                    Node { width: px(64), ..default() },
                ],
            ));
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

pub(crate) fn lesson_row(
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
    let mut row = list.spawn((
        // The row's own shape, not a button's.
        shaped_button(
            format!("Lesson {name}"),
            title_size,
            Node {
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
            },
        ),
        Children::spawn((
            Spawn((text(format!("{}", i + 1), title_size, theme::HIGHLIGHT), Pickable::IGNORE)),
            Spawn((
                Node { flex_direction: FlexDirection::Column, flex_grow: 1.0, flex_shrink: 1.0, ..default() },
                Pickable::IGNORE,
                children![
                    (text(title, title_size, theme::TEXT), Pickable::IGNORE),
                    (text(summary, text_size, color), Pickable::IGNORE),
                ],
            )),
            // The status keeps its line; the title and summary beside it wrap instead.
            spawn_if(!status.is_empty(), || {
                (
                    text(status, text_size, theme::HIGHLIGHT),
                    TextLayout::no_wrap(),
                    Node { flex_shrink: 0.0, ..default() },
                    Pickable::IGNORE,
                )
            }),
        )),
    ));
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
