//! The tutorial's lessons as data: every file reads, every board is a real position, every caption's claim
//! is what the rules do, and every step that asks for a tap has a right answer and an explained wrong one.

use toguz::lesson::{Course, CourseEntry, Kind, Lesson, Tapped, Verdict, Why, check_lesson};
use toguz::rules::{Position, Side, TuzdikRefusal};

fn assets() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets")
}

pub fn course() -> Course {
    let index = std::fs::read_to_string(assets().join(Course::INDEX)).expect("the course index is there");
    Course::parse(&index, |path| std::fs::read_to_string(assets().join(path)).map_err(|e| e.to_string()))
        .expect("the course index reads")
}

fn lessons() -> Vec<(String, Lesson)> {
    course()
        .lessons
        .into_iter()
        .map(|CourseEntry { id, lesson }| {
            let lesson = lesson.unwrap_or_else(|e| panic!("lesson '{id}' does not read: {e}"));
            (id, lesson)
        })
        .collect()
}

#[test]
fn every_lesson_reads_and_every_caption_claim_is_what_the_rules_do() {
    for (id, lesson) in lessons() {
        check_lesson(&lesson).unwrap_or_else(|e| panic!("lesson '{id}': {e}"));
    }
}

#[test]
fn the_course_teaches_the_board_moves_captures_tuzdik_limits_end_hint_mistakes_and_strategy() {
    let ids: Vec<String> = lessons().into_iter().map(|(id, _)| id).collect();
    for wanted in ["board", "move", "captures", "tuzdik", "limits", "end", "hint", "mistakes", "strategy"] {
        assert!(ids.iter().any(|id| id == wanted), "no lesson '{wanted}' in {ids:?}");
    }
}

#[test]
fn every_lesson_lets_the_learner_act_and_not_only_read() {
    for (id, lesson) in lessons() {
        assert!(lesson.steps.iter().any(|s| s.asks()), "lesson '{id}' never asks the learner to tap");
    }
}

#[test]
fn the_lessons_show_each_limit_on_the_tuzdik_and_each_way_a_game_ends() {
    use toguz::lesson::{Effect, End, Refusal};
    let claims: Vec<_> = lessons().into_iter().flat_map(|(_, l)| l.steps).filter_map(|s| s.claim).collect();
    for refusal in [Refusal::SecondTuzdik, Refusal::NinthHole, Refusal::Symmetric] {
        assert!(
            claims.iter().any(|c| c.effect == Some(Effect::Refused(refusal))),
            "no step shows the {refusal:?} limit"
        );
    }
    assert!(claims.iter().any(|c| matches!(c.ends, Some(End::Reaches82(_)))), "no step reaches 82");
    assert!(claims.iter().any(|c| c.ends == Some(End::Draw81)), "no step ends 81-81");
    assert!(claims.iter().any(|c| matches!(c.ends, Some(End::NoMoves(_)))), "no step ends with no move");
    assert!(claims.iter().any(|c| matches!(c.effect, Some(Effect::IntoTuzdik(_)))), "no stone into a tuzdik");
}

#[test]
fn a_damaged_lesson_file_is_refused_with_its_reason_and_spoils_no_other_lesson() {
    let index = r#"(lessons: ["good", "broken", "missing"])"#;
    let good = r#"(title: "lesson.board.title", summary: "s", steps: [(caption: "x", kind: Read)])"#;
    let course = Course::parse(index, |path| match path {
        "tutorial/good.lesson.ron" => Ok(good.to_string()),
        "tutorial/broken.lesson.ron" => {
            Ok("(title: \"t\", summary: \"s\", steps: [(caption: \"x\", kind: Juggle)])".into())
        }
        _ => Err("file not found".into()),
    })
    .unwrap();
    assert!(course.lessons[0].lesson.is_ok());
    let broken = course.lessons[1].lesson.as_ref().unwrap_err();
    assert!(broken.contains("Juggle"), "the reason names what is wrong: {broken}");
    assert!(course.lessons[2].lesson.as_ref().unwrap_err().contains("not found"));
    assert!(Course::parse("not ron at all", |_| Ok(String::new())).is_err());
}

#[test]
fn a_lesson_board_that_is_not_a_position_of_162_stones_is_refused_with_the_step() {
    let text = r#"(title: "t", summary: "s", steps: [
        (caption: "x", kind: Read),
        (board: Position("9,9,9,9,9,9,9,9,9 9,9,9,9,9,9,9,9,8 0,0 0,0 w"), caption: "y", kind: Read),
    ])"#;
    let e = Lesson::parse(text).unwrap_err();
    assert!(e.contains("step 2") && e.contains("161"), "{e}");
    let e =
        Lesson::parse(r#"(title: "t", summary: "s", steps: [(caption: "x", kind: Watch(10))])"#).unwrap_err();
    assert!(e.contains("step 1"), "{e}");
}

fn guess(hole: u8) -> toguz::lesson::Step {
    toguz::lesson::Step {
        board: Default::default(),
        caption: "c".into(),
        marks: vec![],
        kind: Kind::Guess(hole),
        after: None,
        claim: None,
    }
}

#[test]
fn a_guess_counted_from_the_next_hole_is_told_that_the_first_stone_goes_back_into_its_own_hole() {
    // From the start, White's hole 7 (9 stones) lands on Black's hole 6: counted from hole 8, it would be 7.
    let start = Position::start();
    let h = crate::common::hole;
    assert_eq!(guess(7).judge(&start, Tapped::Hole(Side::Black, h(6))), Verdict::Right(Some(h(7))));
    assert_eq!(
        guess(7).judge(&start, Tapped::Hole(Side::Black, h(7))),
        Verdict::Wrong(Why::FirstStoneBack { hole: 7, stones: 9 }, Some(h(7)))
    );
    assert_eq!(
        guess(7).judge(&start, Tapped::Kazan(Side::White)),
        Verdict::Wrong(Why::KazanNeverSown { hole: 7, stones: 9 }, Some(h(7)))
    );
    assert!(matches!(
        guess(7).judge(&start, Tapped::Hole(Side::White, h(2))),
        Verdict::Wrong(Why::Count { .. }, _)
    ));
}

#[test]
fn a_move_asked_to_take_stones_that_lands_on_an_odd_count_is_told_the_count() {
    let step = toguz::lesson::Step { kind: Kind::Do(toguz::lesson::Target::Takes), ..guess(1) };
    let start = Position::start();
    let h = crate::common::hole;
    // Hole 1's nine stones end on White's hole 9: the mover's own side.
    assert_eq!(
        step.judge(&start, Tapped::Hole(Side::White, h(1))),
        Verdict::Wrong(Why::LandsOwnSide { lands: 9 }, Some(h(1)))
    );
    // Hole 3 lands on Black's 2, which then holds 10: taken.
    assert_eq!(step.judge(&start, Tapped::Hole(Side::White, h(3))), Verdict::Right(Some(h(3))));
    assert_eq!(step.judge(&start, Tapped::Hole(Side::Black, h(3))), Verdict::Wrong(Why::TheirHole, None));
    // A tuzdik on the 9th is refused: the reason is the rule's own.
    let nine: Position = "0,0,0,0,0,0,0,0,10 9,9,9,9,9,9,9,9,2 30,48 0,0 w".parse().unwrap();
    let step = toguz::lesson::Step { kind: Kind::Do(toguz::lesson::Target::Tuzdik), ..guess(1) };
    assert_eq!(
        step.judge(&nine, Tapped::Hole(Side::White, h(9))),
        Verdict::Wrong(Why::Refused { hole: 9, why: TuzdikRefusal::NinthHole }, Some(h(9)))
    );
}
