//! One test per rule of the seeds, and one per "common mistake" they list.

use toguz::rules::{EndReason, IllegalMove, LandingEffect, Place, Position, Side, Status, TuzdikRefusal};

use crate::common::{board, hole, with_kazans};

const W: Side = Side::White;
const B: Side = Side::Black;

#[test]
fn start_position_has_nine_stones_in_each_of_eighteen_holes_and_empty_kazans() {
    let p = Position::start();
    for side in Side::BOTH {
        assert_eq!(p.row(side), [9; 9]);
        assert_eq!(p.kazan(side), 0);
        assert_eq!(p.tuzdik(side), None);
    }
    assert_eq!(p.side_to_move(), W, "white moves first");
    assert_eq!(p.status(), Status::Ongoing);
}

#[test]
fn first_stone_goes_back_into_the_hole_it_was_taken_from() {
    // Common mistake: putting the first stone into the next hole.
    let mut p = Position::start();
    let o = p.play(hole(1)).unwrap();
    assert_eq!(p.row(W), [1, 10, 10, 10, 10, 10, 10, 10, 10]);
    assert_eq!(p.row(B), [9; 9]);
    assert_eq!(o.trace()[0], Place::Hole(W, hole(1)));
    assert_eq!(o.landing, (W, hole(9)));
    assert_eq!(o.notation(), "19");
}

#[test]
fn a_single_stone_moves_to_the_next_hole_and_empties_its_own() {
    let mut p = board([0, 0, 1, 0, 0, 0, 0, 0, 0], [5; 9], [0, 0], W);
    let o = p.play(hole(3)).unwrap();
    assert_eq!(p.row(W), [0, 0, 0, 1, 0, 0, 0, 0, 0]);
    assert_eq!(o.trace(), &[Place::Hole(W, hole(4))]);
}

#[test]
fn sowing_runs_counter_clockwise_onto_the_opponents_side() {
    let mut p = Position::start();
    p.play(hole(5)).unwrap(); // white 5..9 own side, then black 1..4
    assert_eq!(p.row(W), [9, 9, 9, 9, 1, 10, 10, 10, 10]);
    assert_eq!(p.row(B), [10, 10, 10, 0, 9, 9, 9, 9, 9], "black 4 reached 10 and was captured");
    assert_eq!(p.kazan(W), 10);
}

#[test]
fn sowing_that_goes_all_the_way_round_fills_the_starting_hole_again() {
    let mut p = board([20, 1, 1, 1, 1, 1, 1, 1, 1], [1; 9], [0, 0], W);
    let o = p.play(hole(1)).unwrap();
    assert_eq!(o.trace().len(), 20);
    assert_eq!(p.row(W), [2, 3, 2, 2, 2, 2, 2, 2, 2]);
    assert_eq!(p.row(B), [2; 9]);
    assert_eq!(o.landing, (W, hole(2)), "the 20th stone lands in white's 2nd hole");
}

#[test]
fn kazans_never_receive_sown_stones() {
    // Common mistake: expecting the last stone to fall into the kazan.
    let mut p = board([0, 0, 0, 0, 0, 0, 0, 0, 30], [1; 9], [0, 0], W);
    let kazans = [p.kazan(W), p.kazan(B)];
    let o = p.play(hole(9)).unwrap();
    assert!(o.trace().iter().all(|place| matches!(place, Place::Hole(..))));
    assert_eq!(o.trace().len(), 30);
    assert_eq!(o.captured, 0, "the last stone lands on white's 2nd hole, white's own side");
    assert_eq!([p.kazan(W), p.kazan(B)], kazans);
}

#[test]
fn even_count_on_the_opponents_side_is_captured() {
    let mut p = board([0, 0, 0, 0, 0, 0, 0, 0, 3], [1, 5, 5, 5, 5, 5, 5, 5, 5], [0, 0], W);
    let before = p.kazan(W);
    let o = p.play(hole(9)).unwrap(); // w9, b1, b2: black 2 goes from 5 to 6
    assert_eq!(o.landing, (B, hole(2)));
    assert_eq!(o.captured, 6);
    assert_eq!(p.stones(B, hole(2)), 0);
    assert_eq!(p.kazan(W), before + 6);
}

#[test]
fn odd_count_on_the_opponents_side_takes_nothing() {
    let mut p = board([0, 0, 0, 0, 0, 0, 0, 0, 3], [1, 4, 5, 5, 5, 5, 5, 5, 5], [0, 0], W);
    let before = p.kazan(W);
    let o = p.play(hole(9)).unwrap(); // black 2 goes from 4 to 5
    assert_eq!(o.captured, 0);
    assert_eq!(p.stones(B, hole(2)), 5);
    assert_eq!(p.kazan(W), before);
    assert_eq!(p.side_to_move(), B, "the turn passes to the opponent");
}

#[test]
fn even_count_on_the_movers_own_side_takes_nothing() {
    let mut p = board([3, 1, 5, 0, 0, 0, 0, 0, 0], [5; 9], [0, 0], W);
    let before = p.kazan(W);
    let o = p.play(hole(1)).unwrap(); // w1, w2, w3: white 3 becomes 6
    assert_eq!(o.landing, (W, hole(3)));
    assert_eq!(o.captured, 0);
    assert_eq!(p.stones(W, hole(3)), 6);
    assert_eq!(p.kazan(W), before);
}

#[test]
fn exactly_three_on_the_opponents_side_makes_a_tuzdik_and_takes_its_stones() {
    let mut p = board([0, 0, 0, 0, 0, 0, 0, 4, 0], [5, 2, 5, 5, 5, 5, 5, 5, 5], [0, 0], W);
    let before = p.kazan(W);
    let o = p.play(hole(8)).unwrap(); // w8, w9, b1, b2: black 2 goes from 2 to 3
    assert_eq!(o.new_tuzdik, Some(hole(2)));
    assert_eq!(o.notation(), "82x");
    assert_eq!(p.tuzdik(W), Some(hole(2)));
    assert_eq!(p.tuzdik_owner(B, hole(2)), Some(W));
    assert_eq!(p.stones(B, hole(2)), 0);
    assert_eq!(p.kazan(W), before + 3);
}

#[test]
fn a_player_gets_only_one_tuzdik_per_game() {
    // Common mistake: trying for a second tuzdik. The move stands; nothing is taken.
    let mut p = board([0, 0, 0, 0, 0, 0, 0, 4, 0], [5, 2, 5, 5, 0, 5, 5, 5, 5], [5, 0], W);
    let before = p.kazan(W);
    let o = p.play(hole(8)).unwrap();
    assert_eq!(o.new_tuzdik, None);
    assert_eq!(o.tuzdik_refused, Some(TuzdikRefusal::AlreadyHasOne));
    assert_eq!(p.tuzdik(W), Some(hole(5)));
    assert_eq!(p.stones(B, hole(2)), 3);
    assert_eq!(p.kazan(W), before);
}

#[test]
fn the_opponents_ninth_hole_never_becomes_a_tuzdik() {
    let mut p = board([0, 0, 0, 0, 0, 0, 0, 0, 10], [5, 5, 5, 5, 5, 5, 5, 5, 2], [0, 0], W);
    let before = p.kazan(W);
    let o = p.play(hole(9)).unwrap(); // w9, then black 1..9: black 9 goes from 2 to 3
    assert_eq!(o.landing, (B, hole(9)));
    assert_eq!(o.new_tuzdik, None);
    assert_eq!(o.tuzdik_refused, Some(TuzdikRefusal::NinthHole));
    assert_eq!(p.stones(B, hole(9)), 3);
    assert_eq!(p.kazan(W), before);
}

#[test]
fn a_tuzdik_cannot_mirror_the_opponents_tuzdik() {
    // Black's tuzdik is white's 2nd hole, so white cannot make black's 2nd hole a tuzdik.
    let mut p = board([5, 0, 5, 5, 5, 5, 5, 4, 0], [5, 2, 5, 5, 5, 5, 5, 5, 5], [0, 2], W);
    let before = p.kazan(W);
    let o = p.play(hole(8)).unwrap();
    assert_eq!(o.landing, (B, hole(2)));
    assert_eq!(o.new_tuzdik, None);
    assert_eq!(o.tuzdik_refused, Some(TuzdikRefusal::Symmetric));
    assert_eq!(p.stones(B, hole(2)), 3);
    assert_eq!(p.kazan(W), before);
}

#[test]
fn stones_sown_into_a_tuzdik_go_to_its_owner_when_the_owner_sows() {
    let mut p = board([0, 0, 0, 0, 0, 0, 0, 0, 5], [5, 5, 0, 4, 5, 5, 5, 5, 5], [3, 0], W);
    let before = p.kazan(W);
    let o = p.play(hole(9)).unwrap(); // w9, b1, b2, b3 (white's tuzdik), b4
    assert_eq!(o.trace()[3], Place::Kazan(W));
    assert_eq!(o.sown_holes()[3], (B, hole(3)), "the stone went through the tuzdik hole");
    assert_eq!(o.through_tuzdik(), [1, 0]);
    assert_eq!(p.stones(B, hole(3)), 0, "a tuzdik always holds no stones");
    assert_eq!(p.kazan(W), before + 1);
}

#[test]
fn stones_sown_into_a_tuzdik_go_to_its_owner_whoever_sows() {
    // Common mistake: leaving to the opponent the stones that fall into your own tuzdik.
    let mut p = board([5; 9], [4, 5, 0, 5, 5, 5, 5, 5, 5], [3, 0], B);
    let (white_before, black_before) = (p.kazan(W), p.kazan(B));
    let o = p.play(hole(1)).unwrap(); // black sows b1, b2, b3 (white's tuzdik), b4
    assert_eq!(o.trace()[2], Place::Kazan(W));
    assert_eq!(p.kazan(W), white_before + 1);
    assert_eq!(p.kazan(B), black_before);
}

#[test]
fn a_last_stone_that_falls_into_a_tuzdik_goes_to_its_owner_and_captures_nothing() {
    let mut p = board([0, 0, 0, 0, 0, 0, 0, 0, 4], [5, 5, 0, 5, 5, 5, 5, 5, 5], [3, 0], W);
    let landing = p.landing(hole(9)).unwrap();
    assert_eq!((landing.side, landing.hole), (B, hole(3)));
    assert_eq!(landing.effect, LandingEffect::IntoTuzdik(W));
    let before = p.kazan(W);
    let o = p.play(hole(9)).unwrap();
    assert_eq!(o.notation(), "93");
    assert_eq!(o.captured, 0);
    assert_eq!(p.kazan(W), before + 1);
}

#[test]
fn a_player_cannot_play_the_opponents_tuzdik_on_their_own_side() {
    let mut p = board([5, 5, 5, 0, 5, 5, 5, 5, 5], [5; 9], [0, 4], W);
    assert_eq!(p.play(hole(4)), Err(IllegalMove::OpponentTuzdik(hole(4))));
    assert!(!p.legal_moves().contains(hole(4)));
    assert_eq!(p.side_to_move(), W, "an illegal move changes nothing");
}

#[test]
fn an_empty_hole_cannot_be_played() {
    let mut p = board([5, 0, 5, 5, 5, 5, 5, 5, 5], [5; 9], [0, 0], W);
    let before = p;
    assert_eq!(p.play(hole(2)), Err(IllegalMove::Empty(hole(2))));
    assert_eq!(p, before);
}

#[test]
fn eighty_two_stones_win_at_once() {
    let mut p = with_kazans([0, 0, 0, 0, 0, 0, 0, 0, 2], [1, 0, 0, 0, 0, 0, 0, 0, 0], [80, 79], [0, 0], W);
    let o = p.play(hole(9)).unwrap(); // w9, b1: black 1 becomes 2, captured: 82
    assert_eq!(p.kazan(W), 82);
    let Status::Finished(outcome) = o.status else { panic!("the game must be over") };
    assert_eq!(outcome.winner, Some(W));
    assert_eq!(outcome.reason, EndReason::Reached82(W));
    assert!(p.legal_moves().is_empty());
    assert_eq!(p.status().word(), "white");
}

#[test]
fn a_move_after_the_game_ended_is_refused() {
    let mut p = with_kazans([1, 0, 0, 0, 0, 0, 0, 0, 0], [5, 0, 0, 0, 0, 0, 0, 0, 0], [70, 86], [0, 0], W);
    assert_eq!(p.play(hole(1)), Err(IllegalMove::GameOver));
    assert!(p.legal_moves().is_empty());
}

#[test]
fn eighty_one_all_is_a_draw() {
    let mut p = with_kazans([0, 0, 0, 0, 0, 0, 0, 0, 1], [1, 0, 0, 0, 0, 0, 0, 0, 0], [79, 81], [0, 0], W);
    let o = p.play(hole(9)).unwrap(); // the lone stone moves to black 1: 2, captured
    let Status::Finished(outcome) = o.status else { panic!("the game must be over") };
    assert_eq!(outcome.winner, None);
    assert_eq!(outcome.reason, EndReason::Draw81);
    assert_eq!(outcome.score, [81, 81]);
    assert_eq!(p.status().word(), "draw");
}

#[test]
fn when_the_side_to_move_cannot_move_the_stones_left_go_to_the_side_they_are_on() {
    let mut p = with_kazans([5, 0, 0, 0, 0, 0, 0, 0, 1], [1, 0, 0, 0, 0, 0, 0, 0, 0], [78, 77], [0, 0], W);
    p.play(hole(9)).unwrap(); // black 1 becomes 2 and is captured: black has nothing to play
    assert_eq!(p.side_to_move(), B);
    assert!(p.legal_moves().is_empty());
    let Status::Finished(outcome) = p.status() else { panic!("the game must be over") };
    assert_eq!(outcome.reason, EndReason::NoMoves { stuck: B, left: [5, 0] });
    assert_eq!(outcome.score, [85, 77]);
    assert_eq!(outcome.winner, Some(W));
    // The position string keeps the kazans as the last move left them.
    assert_eq!(p.to_string(), "5,0,0,0,0,0,0,0,0 0,0,0,0,0,0,0,0,0 80,77 0,0 b");
}

#[test]
fn a_tuzdik_on_the_movers_side_leaves_the_mover_without_moves_when_the_rest_is_empty() {
    // Stones in black's tuzdik on white's side belong to black: they do not count as white's moves.
    let p = with_kazans([0, 0, 0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 4, 0, 0, 0, 0], [78, 80], [0, 5], W);
    let Status::Finished(outcome) = p.status() else { panic!("the game must be over") };
    assert_eq!(outcome.reason, EndReason::NoMoves { stuck: W, left: [0, 4] });
    assert_eq!(outcome.score, [78, 84]);
    assert_eq!(outcome.winner, Some(B));
}

#[test]
fn the_long_press_hint_shows_where_the_last_stone_lands_and_what_happens() {
    let p = Position::start();
    let l = p.landing(hole(2)).unwrap(); // w2..w9, then black 1: 10 stones, even
    assert_eq!((l.side, l.hole), (B, hole(1)));
    assert_eq!(l.effect, LandingEffect::Capture(10));
    let l = p.landing(hole(1)).unwrap();
    assert_eq!((l.side, l.hole, l.effect), (W, hole(9), LandingEffect::Nothing));
    let t = board([0, 0, 0, 0, 0, 0, 0, 4, 0], [5, 2, 5, 5, 5, 5, 5, 5, 5], [0, 0], W);
    assert_eq!(t.landing(hole(8)).unwrap().effect, LandingEffect::Tuzdik);
    assert_eq!(t.landing(hole(1)), Err(IllegalMove::Empty(hole(1))));
}

#[test]
fn the_sowing_trace_lists_every_stone_in_order() {
    let mut p = Position::start();
    let o = p.play(hole(7)).unwrap();
    let expected = [
        Place::Hole(W, hole(7)),
        Place::Hole(W, hole(8)),
        Place::Hole(W, hole(9)),
        Place::Hole(B, hole(1)),
        Place::Hole(B, hole(2)),
        Place::Hole(B, hole(3)),
        Place::Hole(B, hole(4)),
        Place::Hole(B, hole(5)),
        Place::Hole(B, hole(6)),
    ];
    assert_eq!(o.trace(), &expected);
    assert_eq!(o.notation(), "76");
    assert_eq!(o.captured, 10);
}

#[test]
fn position_strings_are_read_and_written_exactly() {
    let text = "1,2,20,7,19,0,1,2,0 0,0,6,18,6,7,5,1,1 42,24 1,6 w";
    let p: Position = text.parse().unwrap();
    assert_eq!(p.to_string(), text);
    assert_eq!(p.tuzdik(W), Some(hole(1)));
    assert_eq!(p.tuzdik(B), Some(hole(6)));
    assert_eq!(Position::start().to_string(), "9,9,9,9,9,9,9,9,9 9,9,9,9,9,9,9,9,9 0,0 0,0 w");
}

#[test]
fn impossible_position_strings_are_refused_with_a_reason() {
    for (text, why) in [
        ("9,9,9,9,9,9,9,9,9 9,9,9,9,9,9,9,9,9 0,1 0,0 w", "163 stones"),
        ("9,9,9,9,9,9,9,9 9,9,9,9,9,9,9,9,9 9,0 0,0 w", "expected 9"),
        ("9,9,9,9,9,9,9,9,9 9,9,9,9,9,9,9,9,9 0,0 0,0 x", "not w or b"),
        ("9,9,9,9,9,9,9,9,9 9,9,9,9,9,9,9,9,0 0,9 9,0 w", "9th hole"),
        ("9,9,9,9,9,9,9,9,9 9,9,9,9,9,9,9,9,9 0,0 3,0 w", "no stones"),
        ("9,9,0,9,9,9,9,9,9 9,9,0,9,9,9,9,9,9 9,9 3,3 w", "same number"),
        ("9,9,9,9,9,9,9,9,9 9,9,9,9,9,9,9,9,9 0,0 0,0", "5 fields"),
        ("9,9,9,9,9,9,9,9,-1 9,9,9,9,9,9,9,9,9 0,0 0,0 w", "not a stone count"),
    ] {
        let err = text.parse::<Position>().expect_err(text).to_string();
        assert!(err.contains(why), "{text}: '{err}' should say '{why}'");
    }
}

#[test]
fn identical_positions_hash_alike_and_different_ones_apart() {
    let mut a = Position::start();
    let mut b = Position::start();
    a.play(hole(1)).unwrap();
    a.play(hole(1)).unwrap();
    b.play(hole(1)).unwrap();
    b.play(hole(1)).unwrap();
    assert_eq!(a.hash(), b.hash());
    let mut c = Position::start();
    c.play(hole(3)).unwrap();
    c.play(hole(1)).unwrap();
    assert_ne!(a.hash(), c.hash());
    let flipped: Position = a.to_string().replace(" w", " b").parse().unwrap();
    assert_ne!(a.hash(), flipped.hash(), "the side to move is part of the hash");
}
