//! The app's game model: whose turn a tap may take, undo, saving and restoring.

use toguz::ai::Level;
use toguz::game::{Game, Mode};
use toguz::rules::{Hole, Side, Status};

use crate::common::hole as h;

#[test]
fn against_the_computer_only_the_persons_side_is_theirs_to_play() {
    let mut g = Game::new(Mode::Computer { level: Level::MEDIUM, human: Side::White });
    assert!(g.is_human_turn());
    g.play(h(7)).unwrap();
    assert!(g.is_computer_turn());
    assert!(!g.is_human_turn());
    let black = Game::new(Mode::Computer { level: Level::EASY, human: Side::Black });
    assert!(black.is_computer_turn(), "the computer moves first when the person takes black");
}

#[test]
fn undo_against_the_computer_takes_back_the_persons_move_and_the_reply() {
    let mut g = Game::new(Mode::Computer { level: Level::MEDIUM, human: Side::White });
    assert!(!g.can_undo());
    g.play(h(7)).unwrap();
    g.play(h(3)).unwrap();
    g.play(h(2)).unwrap();
    g.play(h(4)).unwrap();
    assert_eq!(g.undo(), 2);
    assert_eq!(g.moves(), [7, 3]);
    assert!(g.is_human_turn());
    // Undo while the computer is thinking (the person has just moved): that move alone goes back.
    g.play(h(1)).unwrap();
    assert_eq!(g.undo(), 1);
    assert_eq!(g.moves(), [7, 3]);
    assert_eq!(g.undo(), 2);
    assert!(g.moves().is_empty());
    assert_eq!(g.undo(), 0);
}

#[test]
fn redo_replays_what_undo_took_back_until_a_new_move_is_played() {
    let mut g = Game::new(Mode::Computer { level: Level::MEDIUM, human: Side::White });
    assert!(!g.can_redo());
    for n in [7, 3, 2, 4, 9, 1] {
        g.play(h(n)).unwrap();
    }
    let end = *g.position();
    assert_eq!(g.undo(), 2);
    assert_eq!(g.undo(), 2);
    assert_eq!(g.moves(), [7, 3]);
    // Against the computer a redo brings back the person's move and the reply, as undo took them.
    let replayed: Vec<u8> = g.redo().iter().map(|o| o.hole.number()).collect();
    assert_eq!(replayed, [2, 4]);
    assert!(g.is_human_turn());
    assert_eq!(g.redo().len(), 2);
    assert_eq!(*g.position(), end);
    assert!(!g.can_redo());
    assert!(g.redo().is_empty());
    // Replaying the undone move by hand keeps the rest of the line; another move ends it.
    g.undo();
    g.undo();
    g.play(h(2)).unwrap();
    assert!(g.can_redo());
    g.play(h(4)).unwrap();
    g.play(h(8)).unwrap();
    assert!(!g.can_redo(), "a new move ends the redo line");
    assert_eq!(g.moves(), [7, 3, 2, 4, 8]);
}

#[test]
fn redo_in_hot_seat_replays_one_move_at_a_time() {
    let mut g = Game::new(Mode::HotSeat);
    for n in [7, 3, 2] {
        g.play(h(n)).unwrap();
    }
    g.undo();
    g.undo();
    assert_eq!(g.redo().len(), 1);
    assert_eq!(g.moves(), [7, 3]);
    assert_eq!(g.redo().len(), 1);
    assert_eq!(g.moves(), [7, 3, 2]);
    assert!(!g.can_redo());
}

#[test]
fn undo_when_the_computer_moved_first_never_takes_back_its_opening_move() {
    let mut g = Game::new(Mode::Computer { level: Level::MEDIUM, human: Side::Black });
    g.play(h(5)).unwrap(); // the computer
    assert!(!g.can_undo(), "the person has not moved yet");
    g.play(h(2)).unwrap();
    g.play(h(9)).unwrap();
    assert_eq!(g.undo(), 2);
    assert_eq!(g.moves(), [5]);
    assert!(g.is_human_turn());
}

#[test]
fn hot_seat_alternates_sides_and_undoes_one_move_at_a_time() {
    let mut g = Game::new(Mode::HotSeat);
    assert_eq!(g.position().side_to_move(), Side::White);
    g.play(h(7)).unwrap();
    assert!(g.is_human_turn());
    assert_eq!(g.position().side_to_move(), Side::Black);
    g.play(h(3)).unwrap();
    assert_eq!(g.position().side_to_move(), Side::White);
    assert_eq!(g.undo(), 1);
    assert_eq!(g.position().side_to_move(), Side::Black);
}

#[test]
fn a_saved_game_restores_and_a_corrupt_one_is_refused_with_a_reason() {
    let mut g = Game::new(Mode::HotSeat);
    for n in [7, 3, 2, 4] {
        g.play(h(n)).unwrap();
    }
    let restored = Game::from_moves(Mode::HotSeat, &g.moves()).unwrap();
    assert_eq!(restored.position(), g.position());
    let err = Game::from_moves(Mode::HotSeat, &[2, 1]).unwrap_err();
    assert!(err.0.contains("move 2") && err.0.contains("empty"), "{err}");
    let err = Game::from_moves(Mode::HotSeat, &[12]).unwrap_err();
    assert!(err.0.contains("not a hole"), "{err}");
}

#[test]
fn a_finished_game_records_its_result_and_replays() {
    let mut g = Game::new(Mode::HotSeat);
    let mut i = 0;
    while g.status() == Status::Ongoing {
        let moves: Vec<Hole> = g.position().legal_moves().collect();
        g.play(moves[i % moves.len()]).unwrap();
        i += 7;
    }
    let record = g.record("Aigerim", "Bolot", "2026.11.30");
    let positions = record.replay().unwrap();
    assert_eq!(positions.last(), Some(g.position()));
    assert_ne!(record.tag("Result"), Some("*"));
    assert!(!g.is_human_turn() && !g.is_computer_turn());
    assert!(!Mode::Computer { level: Level::HARD, human: Side::White }.landing_hint_allowed());
    assert!(Mode::HotSeat.landing_hint_allowed());
}

#[test]
fn a_game_ended_by_resignation_takes_no_move_no_undo_and_no_redo_and_names_the_winner() {
    let mut game = Game::new(Mode::HotSeat);
    game.play(h(7)).unwrap();
    game.undo();
    game.play(h(3)).unwrap();
    assert_eq!(game.end(toguz::game::Ending::Resigned(Side::Black)), Ok(()));
    assert!(game.is_over() && !game.position().is_over(), "over, though the board is not");
    assert!(game.play(h(1)).is_err(), "an ended game takes no move");
    assert!(!game.can_undo() && game.undo() == 0, "nor undo");
    assert!(!game.can_redo() && game.redo().is_empty(), "nor redo");
    assert!(game.end(toguz::game::Ending::Agreed).is_err(), "and it ends once");
    assert_eq!(game.finish().and_then(|f| f.winner()), Some(Side::White));
    assert!(!game.is_human_turn() && !game.is_computer_turn());
}

#[test]
fn a_games_end_off_the_board_is_kept_in_its_record_and_in_its_save_and_read_back() {
    use toguz::game::{Ending, SavedMoves, import_record};
    for ending in [
        Ending::Resigned(Side::White),
        Ending::Agreed,
        Ending::Time { flagged: Side::Black, winner: Some(Side::White) },
        Ending::Time { flagged: Side::Black, winner: None },
    ] {
        let mut game = Game::new(Mode::HotSeat);
        for n in [7, 3, 1] {
            game.play(h(n)).unwrap();
        }
        game.end(ending).unwrap();
        let text = game.export("2026-12-05").to_tgk();
        let (back, _) = import_record(&text).expect("the record reads back");
        assert_eq!(back.ending(), Some(ending), "{text}");
        let saved = SavedMoves::of(&game);
        let ron = ron::to_string(&saved).unwrap();
        let restored: SavedMoves = ron::from_str(&ron).unwrap();
        assert_eq!(restored.game().unwrap().ending(), Some(ending));
    }
}

#[test]
fn the_computer_takes_a_draw_only_when_it_stands_worse_or_an_even_game_is_late() {
    use toguz::ai::draw::accepts_draw;
    use toguz::rules::Position;
    // At the start the game is even and young: it plays on.
    assert!(!accepts_draw(&Position::start(), Side::Black));
    // Black's kazan far behind: Black takes the draw, White (ahead) does not.
    let behind = crate::common::with_kazans([5; 9], [4; 9], [60, 21], [0, 0], Side::White);
    assert!(accepts_draw(&behind, Side::Black));
    assert!(!accepts_draw(&behind, Side::White));
}
