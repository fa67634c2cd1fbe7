//! The masters' openings: the tree built from the master games counts every game's moves and results as
//! the records give them, and a line is told where it left the masters' games.

use toguz::openings::{Openings, Results, numbered};
use toguz::rules::notation::read_games;
use toguz::rules::{Hole, Position, Side};

use crate::common::read_shared;

fn master() -> String {
    read_shared("data/master-games-2018.txt")
}

/// Each game's holes and result, read straight from the records (not through the tree).
fn records(text: &str) -> Vec<(Vec<Hole>, Option<String>)> {
    read_games(text)
        .into_iter()
        .filter_map(Result::ok)
        .map(|g| (g.moves.iter().map(|m| m.text.hole).collect(), g.tag("Result").map(str::to_string)))
        .collect()
}

#[test]
fn the_first_moves_count_every_master_game_and_its_result() {
    let text = master();
    let tree = Openings::from_games(&text);
    let games = records(&text);
    assert_eq!(tree.games() as usize, games.len());
    let first = tree.moves(&[]);
    assert_eq!(first.iter().map(|m| m.games).sum::<u32>() as usize, games.len());
    let mut total = Results::default();
    for m in &first {
        total.white += m.results.white;
        total.draws += m.results.draws;
        total.black += m.results.black;
    }
    let count = |r: &str| games.iter().filter(|(_, res)| res.as_deref() == Some(r)).count() as u32;
    assert_eq!(total, Results { white: count("1-0"), draws: count("1/2-1/2"), black: count("0-1") });
    assert!(first.windows(2).all(|w| w[0].games >= w[1].games), "most played first");
}

#[test]
fn the_moves_after_a_line_are_those_the_records_played_there_with_their_counts_and_results() {
    let text = master();
    let tree = Openings::from_games(&text);
    let games = records(&text);
    let line = games[0].0[..4].to_vec();
    let after: Vec<_> = games.iter().filter(|(moves, _)| moves.len() > 4 && moves[..4] == line[..]).collect();
    let masters = tree.moves(&line);
    assert!(!masters.is_empty());
    assert_eq!(masters.iter().map(|m| m.games).sum::<u32>() as usize, after.len());
    for m in masters {
        let these: Vec<_> = after.iter().filter(|(moves, _)| moves[4] == m.hole).collect();
        assert_eq!(m.games as usize, these.len(), "hole {}", m.hole);
        let white = these.iter().filter(|(_, r)| r.as_deref() == Some("1-0")).count() as u32;
        assert_eq!(m.results.white, white, "hole {}", m.hole);
    }
}

#[test]
fn a_line_leaves_the_masters_games_at_its_first_move_no_master_played_there() {
    let text = master();
    let tree = Openings::from_games(&text);
    let game = records(&text).swap_remove(0).0;
    assert_eq!(tree.left_at(&game), None, "a master game never leaves the tree");
    // Follow the game to its sixth move, then play a legal hole no master played there.
    let mut position = Position::start();
    for &hole in &game[..5] {
        position.play(hole).expect("the game replays");
    }
    let played: Vec<Hole> = tree.moves(&game[..5]).iter().map(|m| m.hole).collect();
    let Some(novelty) = position.legal_moves().find(|h| !played.contains(h)) else {
        panic!("every legal move after five moves of game 1 was played by a master");
    };
    let mut line = game[..5].to_vec();
    line.push(novelty);
    line.extend_from_slice(&game[6..8]);
    assert_eq!(tree.left_at(&line), Some(5));
    assert!(tree.moves(&line).is_empty(), "the tree runs out where the games do");
    assert_eq!(numbered(5), (3, Side::Black), "the sixth move is Black's third");
}
