//! The engine's text protocol, driven in-process line by line.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use toguz::engine::{Engine, Flow};

fn ask(engine: &mut Engine, line: &str) -> Vec<String> {
    let mut out = Vec::new();
    engine.command(line, &mut out).unwrap();
    String::from_utf8(out).unwrap().lines().map(str::to_string).collect()
}

#[test]
fn d_shows_the_position_string_legal_moves_and_status() {
    let mut e = Engine::new();
    assert_eq!(ask(&mut e, "isready"), ["readyok"]);
    assert_eq!(
        ask(&mut e, "d"),
        ["fen 9,9,9,9,9,9,9,9,9 9,9,9,9,9,9,9,9,9 0,0 0,0 w", "legal 1 2 3 4 5 6 7 8 9", "status ongoing"]
    );
    assert!(ask(&mut e, "position startpos moves 2").is_empty());
    assert_eq!(
        ask(&mut e, "d"),
        [
            "fen 9,1,10,10,10,10,10,10,10 0,9,9,9,9,9,9,9,9 10,0 0,0 b",
            "legal 2 3 4 5 6 7 8 9",
            "status ongoing"
        ]
    );
}

#[test]
fn a_finished_game_shows_no_legal_moves_and_keeps_its_kazans() {
    let mut e = Engine::new();
    ask(&mut e, "position fen 5,0,0,0,0,0,0,0,1 1,0,0,0,0,0,0,0,0 78,77 0,0 w moves 9");
    assert_eq!(
        ask(&mut e, "d"),
        ["fen 5,0,0,0,0,0,0,0,0 0,0,0,0,0,0,0,0,0 80,77 0,0 b", "legal", "status white"]
    );
    assert_eq!(ask(&mut e, "perft 3"), ["perft 3 0"]);
}

#[test]
fn perft_answers_with_its_depth_and_count() {
    let mut e = Engine::new();
    assert_eq!(ask(&mut e, "perft 1"), ["perft 1 9"]);
    assert_eq!(ask(&mut e, "perft 4"), ["perft 4 5199"]);
    assert_eq!(ask(&mut e, "perft 0"), ["perft 0 1"]);
}

#[test]
fn malformed_or_illegal_commands_get_one_error_line_and_change_nothing() {
    let mut e = Engine::new();
    ask(&mut e, "position startpos moves 1");
    let before = ask(&mut e, "d");
    for bad in [
        "frobnicate",
        "position",
        "position startpos moves 1 1 0",
        "position startpos moves 2 1",
        "position startpos moves x",
        "position startpos mvoes 1",
        "position fen 9,9,9 9,9,9 0,0 0,0 w",
        "position fen 9,9,9,9,9,9,9,9,9 9,9,9,9,9,9,9,9,9 0,5 0,0 w",
        "position fen 9,9,9,9,9,9,9,9,9 9,9,9,9,9,9,9,9,9 0,0 0,0",
        "perft",
        "perft -1",
        "perft two",
        "position fen 5,0,0,0,0,0,0,0,1 1,0,0,0,0,0,0,0,0 78,77 0,0 w moves 9 1",
    ] {
        let answer = ask(&mut e, bad);
        assert_eq!(answer.len(), 1, "{bad}: {answer:?}");
        assert!(answer[0].starts_with("error "), "{bad}: {answer:?}");
        assert_eq!(ask(&mut e, "d"), before, "{bad} must change nothing");
    }
    assert!(ask(&mut e, "position startpos moves 2 1")[0].contains("hole 1 is empty"));
    assert!(
        ask(&mut e, "position fen 5,0,0,0,0,0,0,0,1 1,0,0,0,0,0,0,0,0 78,77 0,0 w moves 9 1")[0]
            .contains("game is over")
    );
}

#[test]
fn quit_ends_the_session_and_blank_lines_are_ignored() {
    let mut e = Engine::new();
    let mut out = Vec::new();
    assert_eq!(e.command("", &mut out).unwrap(), Flow::Continue);
    assert!(out.is_empty());
    assert_eq!(e.command("quit", &mut out).unwrap(), Flow::Quit);
    let mut out = Vec::new();
    toguz::engine::run(&b"isready\nd\nquit\nisready\n"[..], &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert_eq!(text.lines().count(), 4, "nothing is answered after quit: {text}");
}

#[test]
fn random_command_lines_never_crash_the_engine() {
    let mut rng = StdRng::seed_from_u64(3);
    let words = [
        "position", "startpos", "fen", "moves", "d", "perft", "isready", "1", "9", "0", "10", "-3", "w", "b",
        "9,9", "0,0", "go", "hint", "depth",
    ];
    let mut e = Engine::new();
    for _ in 0..3000 {
        let n = rng.random_range(0..8);
        let line: Vec<&str> = (0..n).map(|_| words[rng.random_range(0..words.len())]).collect();
        let line = line.join(" ");
        if line.starts_with("perft")
            && line.split_whitespace().nth(1).and_then(|d| d.parse::<u32>().ok()).is_some_and(|d| d > 4)
        {
            continue;
        }
        let mut out = Vec::new();
        e.command(&line, &mut out).unwrap();
    }
    let mut out = Vec::new();
    toguz::engine::run(&b"isready\n\xff\xfe\nd\n"[..], &mut out).unwrap();
    assert!(String::from_utf8(out).unwrap().contains("error input is not UTF-8"));
}
