//! The masters' openings: the tree built from the master games counts every game's moves and results as
//! the records give them, and a line is told where it left the masters' games; the shipped file is
//! exactly the theory of those games (the moves at least two games played, and one step more), every
//! line of it replays through the rules, and a damaged file is refused with its reason.

use std::path::PathBuf;
use std::process::Command;

use toguz::openings::{self, Openings, Results, THEORY_GAMES, numbered};
use toguz::rules::notation::read_games;
use toguz::rules::{Hole, Position, Side};

use crate::common::{data, hole, read_data};

fn master() -> String {
    read_data("master-games-2018.txt")
}

fn shipped_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("assets").join(openings::FILE)
}

fn shipped_text() -> String {
    let path = shipped_path();
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

fn shipped() -> Openings {
    Openings::parse(&shipped_text()).unwrap_or_else(|e| panic!("the shipped openings do not read: {e}"))
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
fn the_first_moves_count_every_master_game_and_its_result_in_the_built_and_the_shipped_tree() {
    let text = master();
    let games = records(&text);
    let count = |r: &str| games.iter().filter(|(_, res)| res.as_deref() == Some(r)).count() as u32;
    for (name, tree) in [("built", Openings::from_games(&text)), ("shipped", shipped())] {
        assert_eq!(tree.games() as usize, games.len(), "{name}");
        assert_eq!(tree.node_games(&[]), Some(tree.games()), "{name}: every game starts at the start");
        let first = tree.moves(&[]);
        assert_eq!(first.iter().map(|m| m.games).sum::<u32>() as usize, games.len(), "{name}");
        let mut total = Results::default();
        for m in &first {
            total.white += m.results.white;
            total.draws += m.results.draws;
            total.black += m.results.black;
        }
        assert_eq!(
            total,
            Results { white: count("1-0"), draws: count("1/2-1/2"), black: count("0-1") },
            "{name}"
        );
        assert!(first.windows(2).all(|w| w[0].games >= w[1].games), "{name}: most played first");
    }
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

/// Visits every line of `tree` (from the start) that has moves after it, with those moves.
fn each_line(tree: &Openings, mut visit: impl FnMut(&[Hole], &[toguz::openings::MasterMove])) {
    let mut stack = vec![Vec::new()];
    while let Some(line) = stack.pop() {
        let moves = tree.moves(&line);
        visit(&line, &moves);
        for m in moves {
            let mut next = line.clone();
            next.push(m.hole);
            stack.push(next);
        }
    }
}

#[test]
fn the_shipped_openings_are_exactly_the_theory_of_the_master_games() {
    let full = Openings::from_games(&master());
    let text = shipped_text();
    assert_eq!(
        full.theory().to_text().expect("writes"),
        text,
        "the file is not made from the master games now"
    );
    let shipped = shipped();
    assert_eq!(shipped.to_text().expect("writes"), text, "read and written again, the file is the same");
    // The theory (docs/content.md), asked of the full tree: where every move of the line so far was
    // played by two games or more, the shipped moves are the masters' moves with their counts; after a
    // move one game played, nothing.
    let mut theory_moves = 0;
    let mut leaves = 0;
    each_line(&full, |line, moves| {
        // The games that reached a line only fall along it, so this says every move so far was theory.
        let reached = full.node_games(line).expect("a line of the tree");
        if reached >= THEORY_GAMES {
            assert_eq!(shipped.moves(line), moves, "after {line:?}");
            theory_moves += moves.iter().filter(|m| m.games >= THEORY_GAMES).count();
            leaves += moves.iter().filter(|m| m.games < THEORY_GAMES).count();
        } else if full.node_games(&line[..line.len() - 1]) >= Some(THEORY_GAMES) {
            assert!(shipped.moves(line).is_empty(), "a line one game played goes on after {line:?}");
        }
    });
    assert_eq!(shipped.move_count(), theory_moves + leaves);
    assert!(theory_moves > 1000 && leaves > 500, "{theory_moves} moves of theory, {leaves} single steps");
}

#[test]
fn every_line_of_the_shipped_openings_replays_through_the_rules() {
    let tree = shipped();
    let mut lines = 0;
    each_line(&tree, |line, moves| {
        let mut position = Position::start();
        for &h in line {
            position.play(h).unwrap_or_else(|e| panic!("{line:?}: {e}"));
        }
        for m in moves {
            position.check(m.hole).unwrap_or_else(|e| panic!("{line:?} then {}: {e}", m.hole));
        }
        lines += 1;
    });
    assert!(lines > 1000, "only {lines} positions with moves");
}

#[test]
fn a_master_games_own_line_leaves_the_shipped_openings_one_move_after_no_other_game_played_it() {
    let shipped = shipped();
    let games: Vec<Vec<Hole>> = records(&master()).into_iter().map(|(moves, _)| moves).collect();
    for (i, game) in games.iter().enumerate() {
        // The first ply no other game shares (counted on the records, not the tree).
        let unique = games
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != i)
            .map(|(_, other)| game.iter().zip(other).take_while(|(a, b)| a == b).count())
            .max()
            .unwrap_or(0);
        let expected = (unique + 1 < game.len()).then_some(unique + 1);
        assert_eq!(shipped.left_at(game), expected, "game {}: unique from ply {unique}", i + 1);
        if unique < game.len() {
            assert_eq!(shipped.node_games(&game[..=unique]), Some(1), "game {}", i + 1);
        }
        assert!(shipped.node_games(&game[..unique]) >= Some(THEORY_GAMES), "game {}", i + 1);
    }
}

/// A hand-made file: White 1, Black 1, White 1 (a single stone moves on), Black 1; three games.
const SMALL: &str = "(games:3,nodes:[[(1,3,1,1,1,1)],[(1,2,1,0,1,2)],[(1,2,1,0,1,3)],[(1,2,1,0,1,4)],[]])";

#[test]
fn a_damaged_openings_file_is_refused_with_a_message_naming_the_problem() {
    let small = Openings::parse(SMALL).expect("the hand-made file reads");
    assert_eq!(small.node_games(&[hole(1), hole(1)]), Some(2));
    assert_eq!(small.node_games(&[hole(2)]), None, "a line the file does not hold");
    let refused = |text: &str, named: &str| {
        let error = Openings::parse(text).expect_err(text);
        assert!(error.contains(named), "{text}: '{error}' does not say '{named}'");
    };
    refused(&SMALL.replace("(1,2,1,0,1,4)", "(1,2,1,0,1,9)"), "child node 9 is out of range (5 nodes)");
    refused(&SMALL.replace("(1,2,1,0,1,2)", "(10,2,1,0,1,2)"), "node 1, move 1: 10 is not a hole");
    refused(
        &SMALL.replace("(1,3,1,1,1,1)", "(1,1,1,0,0,1)"),
        "node 0, move 1 (hole 1): the counts do not add up",
    );
    refused(
        &SMALL.replace("(1,2,1,0,1,3)", "(1,2,2,0,0,3)"),
        "node 1, move 1 (hole 1): the results do not add up: 2/0/0",
    );
    refused(&SMALL.replace("(1,2,1,0,1,2)", "(1,2,2,0,1,2)"), "more results than its 2 games");
    refused(&SMALL.replace("(games:3", "(games:2"), "more than the file's 2");
    // White's hole 1 is empty after its single stone moved on.
    let illegal = SMALL.replace(",[]])", ",[(1,1,1,0,0,5)],[]])");
    refused(&illegal, "the line 1 1 1 1 1: move 1: hole 1 is empty");
    refused(&SMALL.replace("(1,2,1,0,1,4)", "(1,2,1,0,1,2)"), "node 2 is already the child of node 1");
    refused(&SMALL.replace("(1,2,1,0,1,4)", "(1,2,1,0,1,0)"), "child node 0 is the start");
    refused(&SMALL.replace("[(1,2,1,0,1,2)]", "[(1,2,1,0,1,2),(1,1,0,0,0,4)]"), "hole 1 is listed twice");
    refused(&SMALL.replace("[(1,2,1,0,1,4)],[]", "[],[]"), "node 4 is not reached from the start");
    refused("(games:0,nodes:[])", "no node");
    // Counts as large as the file can hold are summed without overflowing.
    let max = u32::MAX;
    let huge =
        format!("(games:{max},nodes:[[(1,{max},{max},0,0,1)],[(1,{max},0,0,0,2),(2,{max},0,0,0,3)],[],[]])");
    refused(&huge, "node 0, move 1 (hole 1): the counts do not add up");
    refused(&SMALL.replace("games:", "gmaes:"), "not a file of openings");
    // A cut file never panics: it is refused.
    let text = shipped_text();
    for cut in (1..20).map(|k| text.len() * k / 20) {
        assert!(Openings::parse(&text[..cut]).is_err(), "cut at {cut}");
    }
}

#[test]
fn the_engine_writes_the_openings_file_whole_and_asks_for_its_output() {
    let dir = std::env::temp_dir().join(format!("toguz-openings-{}", std::process::id()));
    let out = dir.join("new").join("masters.ron");
    let master = data("master-games-2018.txt");
    let run = Command::new(env!("CARGO_BIN_EXE_toguz-engine"))
        .arg("openings")
        .arg(&master)
        .arg("--out")
        .arg(&out)
        .output()
        .expect("the engine runs");
    let written = std::fs::read_to_string(&out);
    let left: Vec<_> = std::fs::read_dir(out.parent().expect("a folder")).map_or_else(
        |_| Vec::new(),
        |d| d.flatten().map(|e| e.file_name().to_string_lossy().into_owned()).collect(),
    );
    let _ = std::fs::remove_dir_all(&dir);
    assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stderr));
    assert_eq!(
        written.expect("the file is written"),
        shipped_text(),
        "the shipped file is what the command writes"
    );
    assert_eq!(left, ["masters.ron"], "no temporary file is left beside it");
    let run =
        Command::new(env!("CARGO_BIN_EXE_toguz-engine")).arg("openings").arg(&master).output().expect("runs");
    assert_eq!(run.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&run.stderr).contains("--out PATH is needed"));
}
