//! Learning to play, as a learner goes: from the title into the lessons, every lesson walked to its end by
//! touch (a wrong answer first wherever a step asks for one), a right tap made while a wrong one is undone,
//! the progress kept across a restart, "Rules" in the middle of a game, and a damaged lesson file.

use std::path::Path;

use bevy::input::touch::{TouchInput, TouchPhase};
use bevy::prelude::*;
use toguz::app::board::layout::BoardLayout;
use toguz::app::screens::lessons::lesson::{Feedback, LessonRun, Phase};
use toguz::app::state::screen::Screen;
use toguz::app::state::session::Session;
use toguz::app::state::settings::Settings;
use toguz::app::ui::widgets::english;
use toguz::lesson::{Kind, Tapped, Target, Verdict, all_taps};
use toguz::rules::Side;

use super::flows::{
    PHONE, PHONE_SIDEWAYS, TABLET, assert_nothing_clipped, choose_in_settings, click, flushed_save, frames,
    has_button, moves, press, save_dir, screen, start_app, start_app_with_assets, start_hot_seat, tap_hole,
    window_entity,
};

/// Runs frames until `done` holds: at most `limit` frames, or longer while what it waits for may be
/// the asset server's reading on its own threads, which lands in the frame after it is read (so it
/// cannot be waited for between frames). A headless frame takes microseconds, so on a machine busy with
/// something else 600 frames could pass before the lessons were read (CI failed so); past `limit`
/// frames each frame yields the thread to the loader, for up to 30 s. The searches a frame starts are
/// let end before the next (`app::frames_until`).
fn until(app: &mut App, limit: usize, done: impl Fn(&mut App) -> bool) -> bool {
    let start = std::time::Instant::now();
    let mut frame = 0;
    while frame < limit || start.elapsed() < std::time::Duration::from_secs(30) {
        if done(app) {
            return true;
        }
        app.update();
        crate::app::settle(app);
        frame += 1;
        if frame >= limit {
            std::thread::yield_now();
        }
    }
    done(app)
}

fn run(app: &App) -> &LessonRun {
    app.world().get_resource::<LessonRun>().expect("a lesson is open")
}

/// The centre of a tapped place, in window coordinates.
fn place_on_screen(app: &App, tapped: Tapped) -> Vec2 {
    let layout = app.world().resource::<BoardLayout>();
    let c = match tapped {
        Tapped::Hole(side, hole) => layout.hole(side, hole).center(),
        Tapped::Kazan(side) => layout.kazan(side).center(),
    };
    Vec2::new(c.x + layout.window.x / 2.0, layout.window.y / 2.0 - c.y)
}

fn touch(app: &mut App, at: Vec2, id: u64, hold_frames: usize) {
    let window = window_entity(app);
    app.world_mut().write_message(TouchInput {
        phase: TouchPhase::Started,
        position: at,
        window,
        force: None,
        id,
    });
    frames(app, hold_frames.max(1));
    app.world_mut().write_message(TouchInput {
        phase: TouchPhase::Ended,
        position: at,
        window,
        force: None,
        id,
    });
    frames(app, 2);
}

fn open_list_from_title(app: &mut App) {
    press(app, "Learn to play");
    assert_eq!(screen(app), Screen::Lessons);
    assert!(until(app, 600, |app| has_button(app, "Lesson The board")), "the lessons are read and listed");
}

/// Walks the open lesson to its end: a wrong answer first in every step that asks, then the right one.
fn walk_lesson(app: &mut App, touch_id: &mut u64) -> usize {
    let id = run(app).id.clone();
    let mut walked = 0;
    loop {
        walked += 1;
        let (step, definition, start) = {
            let r = run(app);
            (r.step, r.current().clone(), *r.start())
        };
        let kind = definition.kind.clone();
        let judge = |t: Tapped| definition.judge(&start, t);
        let what = format!("lesson '{id}' step {}", step + 1);
        assert!(until(app, 300, |app| matches!(run(app).phase, Phase::Ready { .. })), "{what} is ready");
        match kind {
            Kind::Read => {}
            Kind::Watch(_) => {
                assert!(
                    until(app, 1500, |app| run(app).phase == Phase::Done),
                    "{what}: the demonstration plays"
                );
            }
            Kind::Do(_) | Kind::Guess(_) => {
                if let Kind::Do(Target::Hole(n)) = kind {
                    frames(app, 1);
                    let asked = english("lesson.prompt_do_hole").replace("{hole}", &n.to_string());
                    // The prompt asks for the hole: the caption above it does not ask a second time.
                    let caption = english(&definition.caption).to_lowercase();
                    assert!(!caption.contains("tap "), "{what}: the caption repeats the prompt: {caption}");
                    let said = super::analysis::texts(app);
                    assert!(
                        said.contains(&asked),
                        "{what}: the prompt asks for hole {n}, as the caption does: {said:?}"
                    );
                }
                let wrong = all_taps().into_iter().find(|&t| matches!(judge(t), Verdict::Wrong(..))).unwrap();
                *touch_id += 1;
                touch(app, place_on_screen(app, wrong), *touch_id, 1);
                let feedback = run(app).feedback.clone();
                assert!(
                    matches!(&feedback, Feedback::Wrong(why) if !why.is_empty() && !why.contains("why.")),
                    "{what}: a wrong tap ({wrong:?}) is told why, in words: {feedback:?}"
                );
                assert_eq!(run(app).step, step, "{what}: a wrong tap leaves the lesson on its step");
                assert!(
                    until(app, 1500, |app| matches!(run(app).phase, Phase::Ready { .. })
                        && app.world().resource::<Session>().game.position() == &start),
                    "{what}: after a wrong move is shown, the step starts again on its own board"
                );
                let again = english("lesson.shown");
                assert!(
                    !matches!(&run(app).feedback, Feedback::Wrong(why) if why.contains(&again)),
                    "{what}: once the step has started again, the words no longer say it will"
                );
                assert!(!has_button(app, "Next"), "{what}: no going on before the answer");
                let right = all_taps().into_iter().find(|&t| matches!(judge(t), Verdict::Right(_))).unwrap();
                *touch_id += 1;
                touch(app, place_on_screen(app, right), *touch_id, 1);
                assert!(
                    until(app, 1500, |app| run(app).phase == Phase::Done),
                    "{what}: the right answer plays"
                );
                assert!(
                    matches!(run(app).feedback, Feedback::Right(_)),
                    "{what}: the learner is told it was right"
                );
            }
            Kind::Hold(n) => {
                let hole = toguz::rules::Hole::new(n).unwrap();
                *touch_id += 1;
                touch(app, place_on_screen(app, Tapped::Hole(Side::White, hole)), *touch_id, 1);
                assert!(
                    matches!(run(app).feedback, Feedback::Wrong(_)),
                    "{what}: a short tap is told to hold longer"
                );
                *touch_id += 1;
                touch(app, place_on_screen(app, Tapped::Hole(Side::White, hole)), *touch_id, 40);
                assert_eq!(run(app).phase, Phase::Done, "{what}: holding the hole shows where it lands");
                assert!(
                    app.world().resource::<Session>().game.moves().is_empty(),
                    "{what}: holding plays nothing"
                );
            }
        }
        press(app, "Next");
        if run(app).complete {
            return walked;
        }
        assert_eq!(run(app).step, step + 1, "{what}: Next goes on");
    }
}

#[test]
fn a_new_player_learns_every_lesson_by_touch_and_the_progress_survives_a_restart() {
    let dir = save_dir("tutorial-walk");
    let mut ids = Vec::new();
    {
        let mut app = start_app(PHONE, &dir);
        // Quick sowing keeps the walk short; the steps are the same at any speed.
        choose_in_settings(&mut app, "Instant");
        open_list_from_title(&mut app);
        let titles: Vec<String> = {
            let handle =
                app.world().resource::<toguz::app::screens::lessons::course::CourseHandle>().0.clone();
            let files = app.world().resource::<Assets<toguz::app::screens::lessons::course::CourseFile>>();
            let course = files.get(&handle).unwrap().0.as_ref().unwrap();
            course
                .lessons
                .iter()
                .map(|e| {
                    ids.push(e.id.clone());
                    english(&e.lesson.as_ref().unwrap().title)
                })
                .collect()
        };
        press(&mut app, &format!("Lesson {}", titles[0]));
        assert_eq!(screen(&app), Screen::Lesson);
        let mut touch_id = 1000;
        for (i, id) in ids.iter().enumerate() {
            assert_eq!(&run(&app).id, id);
            let steps = run(&app).lesson.steps.len();
            assert_eq!(walk_lesson(&mut app, &mut touch_id), steps, "lesson '{id}' is walked step by step");
            assert!(
                app.world().resource::<Settings>().lessons.done.contains(id),
                "lesson '{id}' is marked done"
            );
            if i + 1 < ids.len() {
                press(&mut app, "Next lesson");
                frames(&mut app, 3);
            } else {
                assert!(!has_button(&mut app, "Next lesson"), "the last lesson has none after it");
                press(&mut app, "All lessons");
            }
        }
        assert_eq!(screen(&app), Screen::Lessons);
        let saved = flushed_save(&mut app, &dir);
        assert_eq!(saved.settings.lessons.done.len(), ids.len(), "every lesson is saved as done");
    }
    let mut app = start_app(PHONE, &dir);
    assert_eq!(app.world().resource::<Settings>().lessons.done.len(), ids.len(), "the progress came back");
    open_list_from_title(&mut app);
    let texts: Vec<String> = {
        let mut q = app.world_mut().query::<&Text>();
        q.iter(app.world()).map(|t| t.0.clone()).collect()
    };
    assert_eq!(
        texts.iter().filter(|t| *t == &english("lessons.done")).count(),
        ids.len(),
        "the list shows them done"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_lesson_left_half_way_opens_again_at_the_step_reached() {
    let dir = save_dir("tutorial-resume");
    {
        let mut app = start_app(PHONE, &dir);
        open_list_from_title(&mut app);
        press(&mut app, "Lesson The board");
        press(&mut app, "Next");
        press(&mut app, "Next");
        assert_eq!(run(&app).step, 2);
        press(&mut app, "Close the lesson");
        assert_eq!(screen(&app), Screen::Lessons);
        assert!(has_button(&mut app, "Lesson The board"));
        let _ = flushed_save(&mut app, &dir);
    }
    let mut app = start_app(PHONE, &dir);
    open_list_from_title(&mut app);
    press(&mut app, "Lesson The board");
    assert_eq!(run(&app).step, 2, "the lesson goes on where the learner left it");
    press(&mut app, "Back");
    assert_eq!(run(&app).step, 1, "Back goes to the step before");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn rules_from_the_menu_of_a_game_open_the_lessons_and_the_game_comes_back_untouched() {
    let dir = save_dir("tutorial-from-game");
    let mut app = start_app(PHONE, &dir);
    choose_in_settings(&mut app, "Fast");
    start_hot_seat(&mut app);
    frames(&mut app, 3);
    tap_hole(&mut app, Side::White, 7);
    tap_hole(&mut app, Side::Black, 3);
    assert_eq!(moves(&app), [7, 3]);
    press(&mut app, "Menu");
    press(&mut app, "Rules");
    assert_eq!(screen(&app), Screen::Lessons);
    assert!(until(&mut app, 600, |app| has_button(app, "Lesson The board")));
    press(&mut app, "Lesson The board");
    assert_eq!(screen(&app), Screen::Lesson);
    press(&mut app, "Next");
    let saved = flushed_save(&mut app, &dir);
    assert_eq!(saved.game.map(|g| g.moves), Some(vec![7, 3]), "the lesson never replaces the saved game");
    press(&mut app, "Close the lesson");
    press(&mut app, "Back");
    assert_eq!(screen(&app), Screen::Game, "Back returns to the game");
    frames(&mut app, 3);
    assert_eq!(moves(&app), [7, 3], "the game is as it was");
    assert_eq!(app.world().resource::<Session>().owner, toguz::app::state::session::BoardOwner::Game);
    tap_hole(&mut app, Side::White, 2);
    assert_eq!(moves(&app), [7, 3, 2], "and goes on");
    let _ = std::fs::remove_dir_all(&dir);
}

pub(crate) fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

#[test]
fn a_damaged_lesson_file_is_explained_in_the_list_and_the_other_lessons_still_open() {
    let dir = save_dir("tutorial-damaged");
    let assets = dir.join("assets");
    copy_dir(&Path::new(env!("CARGO_MANIFEST_DIR")).join("assets"), &assets);
    std::fs::write(
        assets.join("tutorial/captures.lesson.ron"),
        "(title: \"lesson.captures.title\", summary: \"lesson.captures.summary\", steps: [(",
    )
    .unwrap();
    let mut app = start_app_with_assets(PHONE, &dir, Some(&assets));
    open_list_from_title(&mut app);
    let texts: Vec<String> = {
        let mut q = app.world_mut().query::<&Text>();
        q.iter(app.world()).map(|t| t.0.clone()).collect()
    };
    let prefix = english("lessons.damaged").split('{').next().unwrap().to_string();
    assert!(
        texts.iter().any(|t| t.starts_with(&prefix) && t.len() > prefix.len()),
        "the list says the lesson could not be read, and why: {texts:?}"
    );
    press(&mut app, "Lesson captures");
    assert_eq!(screen(&app), Screen::Lessons, "a damaged lesson does not open");
    press(&mut app, "Lesson The board");
    assert_eq!(screen(&app), Screen::Lesson, "the others still do");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_lesson_step_fits_phones_upright_and_sideways_and_tablets() {
    for size in [super::flows::SMALL_PHONE, PHONE, PHONE_SIDEWAYS, TABLET] {
        let dir = save_dir("tutorial-fit");
        let mut app = start_app(size, &dir);
        open_list_from_title(&mut app);
        assert_nothing_clipped(&mut app, size, "the lesson list");
        press(&mut app, "Lesson The board");
        frames(&mut app, 5);
        assert_nothing_clipped(&mut app, size, "a lesson step");
        let layout = app.world().resource::<BoardLayout>().clone();
        for side in Side::BOTH {
            for hole in toguz::rules::Hole::all() {
                let r = layout.hole(side, hole);
                assert!(r.width().min(r.height()) >= 44.0, "{size}: holes stay finger-sized in a lesson");
            }
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// Issue 46: the buttons of the card a finished lesson shows stood at its left wherever the two did not
/// fit one line. Each line of them is centred on the card: in English on a phone (two lines) and a
/// tablet, and in Spanish, whose longer words take two lines too.
#[test]
fn the_lesson_done_cards_buttons_are_centred_on_the_card() {
    use toguz::app::i18n::locale::Lang;
    for (lang, size) in [(Lang::En, PHONE), (Lang::En, TABLET), (Lang::Es, PHONE)] {
        let what = format!("{} at {size}", lang.code());
        let dir = save_dir("tutorial-done-card");
        super::flows::with_language(&dir, lang);
        let mut app = start_app(size, &dir);
        open_list_from_title(&mut app);
        press(&mut app, "Lesson The board");
        frames(&mut app, 3);
        app.world_mut().resource_mut::<LessonRun>().complete = true;
        frames(&mut app, 3);
        // The backdrop centres the card on the screen.
        let middle = node_rect(&mut app, "Lesson complete").center().x;
        let buttons = [node_rect(&mut app, "Button Next lesson"), node_rect(&mut app, "Button All lessons")];
        let lines: Vec<Rect> = if (buttons[0].center().y - buttons[1].center().y).abs() < 1.0 {
            vec![buttons[0].union(buttons[1])]
        } else {
            buttons.to_vec()
        };
        for line in lines {
            assert!(
                (line.center().x - middle).abs() <= 1.5,
                "{what}: a line of the card's buttons is centred at {}, the card at {middle}",
                line.center().x
            );
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// The words of the first text node with this name.
fn lesson_text(app: &mut App, name: &str) -> String {
    let mut q = app.world_mut().query::<(&Name, &Text)>();
    q.iter(app.world()).find(|(n, _)| n.as_str() == name).map(|(_, t)| t.0.clone()).unwrap_or_default()
}

/// The on-screen rectangle of the first UI node with this name.
fn node_rect(app: &mut App, name: &str) -> Rect {
    let mut q = app.world_mut().query::<(&Name, &ComputedNode, &UiGlobalTransform)>();
    q.iter(app.world())
        .find(|(n, _, _)| n.as_str() == name)
        .map(|(_, node, t)| Rect::from_center_size(t.translation, node.size()))
        .unwrap_or_else(|| panic!("no '{name}' on screen"))
}

#[test]
fn every_step_of_every_lesson_fits_a_small_phone_and_one_on_its_side_in_every_language_with_its_longest_words()
 {
    use toguz::app::i18n::locale::{Lang, Locale};
    let dir = save_dir("tutorial-languages");
    let longest_why = ["why.kazan_never_sown", "why.first_stone_back", "why.count", "why.capture_not_tuzdik"];
    for lang in Lang::ALL {
        // Issue 46: on a phone on its side Vietnamese's Next ran past the right edge, and the header's
        // buttons past the top.
        for size in [super::flows::SMALL_PHONE, PHONE, PHONE_SIDEWAYS] {
            let what = format!("{} at {size}", lang.code());
            super::flows::with_language(&dir, lang);
            let mut app = start_app(size, &dir);
            open_list_from_title(&mut app);
            assert_nothing_clipped(&mut app, size, &format!("{what}, lesson list"));
            press(&mut app, "Lesson The board");
            frames(&mut app, 3);
            let locale = app.world().resource::<Locale>().clone();
            let course = super::lessons::course();
            for entry in course.lessons {
                let lesson = entry.lesson.unwrap();
                let steps = lesson.steps.len();
                let run = LessonRun::new(entry.id.clone(), lesson, 0).unwrap();
                app.world_mut().insert_resource(run);
                frames(&mut app, 2);
                for step in 0..steps {
                    // The longest thing that step can say under its caption: its answer, or a reason.
                    let said = {
                        let r = app.world().resource::<LessonRun>();
                        let after = r.lesson.steps[step].after.clone();
                        let after_text = after.as_ref().map(|k| locale.t(k)).unwrap_or_default();
                        let why = longest_why
                            .iter()
                            .map(|k| locale.t(k))
                            .max_by_key(|t| t.chars().count())
                            .unwrap();
                        if after_text.chars().count() + 8 > why.chars().count() {
                            Feedback::Right(after)
                        } else {
                            Feedback::Wrong(why)
                        }
                    };
                    {
                        let mut r = app.world_mut().resource_mut::<LessonRun>();
                        r.step = step;
                        r.phase = Phase::Done;
                        r.feedback = said;
                    }
                    frames(&mut app, 2);
                    let where_ = format!("{what}, lesson '{}' step {}", entry.id, step + 1);
                    assert_nothing_clipped(&mut app, size, &where_);
                    // Issue 18, 8c: a watched move's outcome does not take its rule's place.
                    let watched = {
                        let r = app.world().resource::<LessonRun>();
                        matches!(r.lesson.steps[step].kind, toguz::lesson::Kind::Watch(_))
                    };
                    if watched {
                        let caption = lesson_text(&mut app, "Lesson caption");
                        assert!(!caption.is_empty(), "{where_}: the watched step's rule is still on screen");
                    }
                    let words_bottom = node_rect(&mut app, "Lesson feedback").max.y;
                    let buttons_top = node_rect(&mut app, "Button Next").min.y;
                    assert!(
                        words_bottom <= buttons_top + 0.5,
                        "{where_}: the caption and what is said run into the buttons ({words_bottom} > {buttons_top})"
                    );
                    let title = node_rect(&mut app, "Lesson title");
                    let board_top = size.y / 2.0 - app.world().resource::<BoardLayout>().board.max.y;
                    assert!(
                        title.max.y <= board_top + 0.5,
                        "{where_}: the lesson's name runs onto the board"
                    );
                }
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_click_that_opens_the_board_never_falls_through_onto_a_hole_beneath_it() {
    let dir = save_dir("tutorial-fall-through");
    let mut app = start_app(PHONE, &dir);
    press(&mut app, "Two players");
    click(&mut app, "Start");
    frames(&mut app, 5);
    tap_hole(&mut app, Side::White, 7);
    click(&mut app, "Menu");
    click(&mut app, "Rules");
    assert!(until(&mut app, 600, |app| has_button(app, "Lesson The board")));
    click(&mut app, "Lesson The board");
    click(&mut app, "Close the lesson");
    // The list's Back sits where the game's board has a hole.
    let (_, at) = super::flows::button(&mut app, "Back");
    let layout_hole = {
        click(&mut app, "Back");
        let layout = app.world().resource::<BoardLayout>().clone();
        layout.hole_at(Vec2::new(at.x - layout.window.x / 2.0, layout.window.y / 2.0 - at.y))
    };
    assert!(layout_hole.is_some(), "the check needs a hole under the button");
    frames(&mut app, 5);
    assert_eq!(screen(&app), Screen::Game);
    assert_eq!(moves(&app), [7], "no move was played by the click that closed the list");
    let said = app.world().resource::<toguz::app::screens::game::messages::ToastState>().text.clone();
    assert!(said.is_empty(), "nothing is said about a tap the player never made: {said}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A new player's try (issue 32): holding a hole in a lesson said where its stone lands as "White's hole
/// 3", where the lesson calls the learner's holes "your hole 3". The landing hint speaks as the lesson does.
#[test]
fn a_lessons_landing_hint_calls_the_learners_holes_theirs() {
    use toguz::app::i18n::locale::Locale;
    use toguz::app::ui::toast::FloatingToast;
    let dir = save_dir("tutorial-your-hole");
    let mut app = start_app(PHONE, &dir);
    open_list_from_title(&mut app);
    press(&mut app, "Lesson The landing hint");
    assert!(until(&mut app, 300, |app| matches!(run(app).phase, Phase::Ready { .. })), "the lesson opens");
    press(&mut app, "Next");
    assert!(until(&mut app, 300, |app| matches!(run(app).phase, Phase::Ready { .. })), "its next step");
    let Kind::Hold(n) = run(&app).current().kind.clone() else { panic!("a step that asks to hold a hole") };
    let hole = toguz::rules::Hole::new(n).unwrap();
    let landing = run(&app).start().landing(hole).unwrap();
    assert_eq!(landing.side, Side::White, "this step's stone lands in one of the learner's holes");
    let at = place_on_screen(&app, Tapped::Hole(Side::White, hole));
    touch(&mut app, at, 1, 40);
    let locale = app.world().resource::<Locale>().clone();
    let yours = locale.f("landing.you_hole", &[("hole", &landing.hole)]);
    let whites = locale.f("landing.white_hole", &[("hole", &landing.hole)]);
    let said = app.world().resource::<FloatingToast>().text.clone();
    assert!(said.contains(&yours) && !said.contains(&whites), "the hint says '{yours}': '{said}'");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Opens `step` of the lesson `at` and taps its `wrong` answer: waits until the wrong move has been played
/// out and is shown, before the step's board is put back.
fn show_a_wrong_move(app: &mut App, at: &(String, toguz::lesson::Lesson, usize), wrong: Tapped, id: u64) {
    let (lesson_id, lesson, step) = at.clone();
    app.world_mut().insert_resource(LessonRun::new(lesson_id, lesson, step).expect("the step sets up"));
    frames(app, 3);
    assert!(matches!(run(app).phase, Phase::Ready { .. }), "the step is ready");
    let on_screen = place_on_screen(app, wrong);
    touch(app, on_screen, id, 1);
    assert!(
        until(app, 600, |app| matches!(run(app).phase, Phase::ShownWrong { .. })),
        "the wrong move is played out and shown"
    );
}

/// A new player's try: a wrong tap in a lesson is played out and shown a moment, then the step's board is
/// put back. The right tap made meanwhile (about 1.5 s after the wrong one) was dropped, and the learner
/// had to tap again. It is the step's answer, played on the step's own board: made while the wrong move
/// is shown, or with the finger still down as the showing ends (the board put back under the finger
/// refused its tap, as meant for a board no longer shown).
#[test]
fn a_right_tap_made_while_a_wrong_one_is_being_undone_is_not_lost() {
    let dir = save_dir("tutorial-tap-while-undone");
    let mut app = start_app(PHONE, &dir);
    open_list_from_title(&mut app);
    press(&mut app, "Lesson The board");
    assert_eq!(screen(&app), Screen::Lesson);
    // The course's first step that asks for a tap and plays a wrong one out before starting again.
    let (at, wrong, right, played) = super::lessons::course()
        .lessons
        .into_iter()
        .filter_map(|entry| Some((entry.id, entry.lesson.ok()?)))
        .find_map(|(id, lesson)| {
            (0..lesson.steps.len()).find_map(|step| {
                let r = LessonRun::new(id.clone(), lesson.clone(), step)?;
                let judge = |t: Tapped| r.current().judge(r.start(), t);
                let wrong =
                    all_taps().into_iter().find(|&t| matches!(judge(t), Verdict::Wrong(_, Some(_))))?;
                let (right, played) = all_taps().into_iter().find_map(|t| match judge(t) {
                    Verdict::Right(Some(hole)) => Some((t, hole)),
                    _ => None,
                })?;
                Some(((id.clone(), lesson.clone(), step), wrong, right, played))
            })
        })
        .expect("a step whose wrong answer is played out");
    let what = format!("lesson '{}' step {}", at.0, at.2 + 1);

    // The right tap half a second into the showing of the wrong move.
    show_a_wrong_move(&mut app, &at, wrong, 1);
    frames(&mut app, 30);
    assert!(matches!(run(&app).phase, Phase::ShownWrong { .. }), "{what}: the wrong move is still shown");
    // The right tap, its finger down for `held` frames: the step's answer, played on its own board once.
    let answer_right = |app: &mut App, id: u64, held: usize, when: &str| {
        let on_screen = place_on_screen(app, right);
        touch(app, on_screen, id, held);
        assert!(
            until(app, 600, |app| run(app).phase == Phase::Done),
            "{what}: the right tap {when} is played"
        );
        assert_eq!(moves(app), [played.number()], "{what}: on the step's own board, once");
        assert!(matches!(run(app).feedback, Feedback::Right(_)), "{what}: the learner is told it was right");
    };
    answer_right(&mut app, 2, 1, "made while the wrong move was shown");

    // The right tap's finger goes down as the showing is about to end, and lifts after it would have.
    show_a_wrong_move(&mut app, &at, wrong, 3);
    assert!(
        until(&mut app, 600, |app| matches!(run(app).phase, Phase::ShownWrong { left } if left < 0.05)),
        "{what}: the showing comes to its end"
    );
    answer_right(&mut app, 4, 8, "whose finger was down as the step went back");
    let _ = std::fs::remove_dir_all(&dir);
}
