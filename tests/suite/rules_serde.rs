//! The rules' types as saves and assets store them (serde): the stored form stays what it was, and what
//! is read keeps the types' invariants (a hole is 1..9, a position could occur) or is refused with a reason.

use toguz::rules::{Hole, Place, Position, Side};

use crate::common::{board, hole};

fn refusal<T: serde::de::DeserializeOwned + std::fmt::Debug>(text: &str) -> String {
    match ron::from_str::<T>(text) {
        Ok(value) => panic!("{text} was read as {value:?}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn a_hole_is_stored_as_its_number_and_read_back() {
    let stored = ron::to_string(&hole(5)).unwrap();
    assert_eq!(stored, "(5)", "the stored form is unchanged");
    for h in Hole::all() {
        assert_eq!(ron::from_str::<Hole>(&ron::to_string(&h).unwrap()).unwrap(), h);
    }
    let place = Place::Hole(Side::Black, hole(9));
    assert_eq!(ron::from_str::<Place>(&ron::to_string(&place).unwrap()).unwrap(), place);
}

#[test]
fn a_saved_hole_0_or_10_is_refused_with_a_message() {
    for (text, number) in [("(0)", 0), ("(10)", 10), ("Hole(0)", 0), ("(255)", 255)] {
        let message = refusal::<Hole>(text);
        assert!(message.contains(&format!("{number} is not a hole number (1 to 9)")), "{text}: {message}");
    }
    let message = refusal::<Place>("Hole(White, (10))");
    assert!(message.contains("10 is not a hole number (1 to 9)"), "{message}");
    assert_eq!(Hole::try_from(0).unwrap_err().to_string(), "0 is not a hole number (1 to 9)");
    assert_eq!(Hole::try_from(9), Ok(Hole::NINTH));
}

#[test]
fn a_hole_index_0_to_8_is_holes_1_to_9() {
    let numbers: Vec<u8> = (0..9).map(|i| Hole::from_index(i).number()).collect();
    assert_eq!(numbers, [1, 2, 3, 4, 5, 6, 7, 8, 9]);
    assert!(Hole::all().eq((0..9).map(Hole::from_index)));
}

#[test]
#[should_panic(expected = "hole index 9 is out of range (0 to 8)")]
fn a_hole_index_of_9_is_a_bug_that_panics_with_a_message() {
    Hole::from_index(9);
}

/// The start as a save stores it, field by field.
const START: &str = "(holes:(9,9,9,9,9,9,9,9,9,9,9,9,9,9,9,9,9,9),kazans:(0,0),tuzdiks:(0,0),side:White)";

#[test]
fn a_valid_position_round_trips_in_its_stored_form() {
    assert_eq!(ron::to_string(&Position::start()).unwrap(), START, "the stored form is unchanged");
    assert_eq!(ron::from_str::<Position>(START).unwrap(), Position::start());
    // With tuzdiks on both sides, Black to move.
    let pos = board([0, 5, 9, 2, 0, 0, 3, 1, 11], [4, 0, 6, 7, 9, 0, 2, 8, 1], [2, 6], Side::Black);
    let stored = ron::to_string(&pos).unwrap();
    assert_eq!(ron::from_str::<Position>(&stored).unwrap(), pos, "{stored}");
}

#[test]
fn a_saved_position_whose_stones_do_not_sum_to_162_is_refused() {
    let message = refusal::<Position>(&START.replace("kazans:(0,0)", "kazans:(1,0)"));
    assert!(message.contains("the position holds 163 stones, not 162"), "{message}");
    let message = refusal::<Position>(&START.replace("(9,9,9,", "(8,9,9,"));
    assert!(message.contains("the position holds 161 stones, not 162"), "{message}");
}

#[test]
fn a_saved_position_with_an_impossible_tuzdik_is_refused() {
    // White's 2nd and Black's 2nd holes emptied into the kazans: room for a tuzdik on either.
    let with_tuzdiks = |tuzdiks: &str| {
        format!("(holes:(9,0,9,9,9,9,9,9,9,9,0,9,9,9,9,9,9,9),kazans:(9,9),{tuzdiks},side:White)")
    };
    assert!(ron::from_str::<Position>(&with_tuzdiks("tuzdiks:(2,0)")).is_ok());
    assert!(ron::from_str::<Position>(&with_tuzdiks("tuzdiks:(0,2)")).is_ok());
    for (tuzdiks, reason) in [
        ("tuzdiks:(3,0)", "white's tuzdik (hole 3) must hold no stones"),
        ("tuzdiks:(9,0)", "white's tuzdik cannot be a 9th hole"),
        ("tuzdiks:(2,2)", "the two tuzdiks cannot have the same number"),
        ("tuzdiks:(10,0)", "tuzdiks: '10' is not a hole number 0..9"),
    ] {
        let message = refusal::<Position>(&with_tuzdiks(tuzdiks));
        assert!(message.contains(reason), "{tuzdiks}: {message}");
    }
}
