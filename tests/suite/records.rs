//! Game records: the notation, TGK, PlayOK exports, and the master games of 2018.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use toguz::rules::notation::{GameRecord, MoveText, read_games, replay_all};
use toguz::rules::{Position, Side};

use crate::common::{hole, read_data};

#[test]
fn all_742_master_games_replay_with_every_landing_hole_and_tuzdik_mark_matching() {
    let text = read_data("master-games-2018.txt");
    let games = replay_all(&text);
    assert_eq!(games.len(), 742);
    let mut moves = 0;
    for (game, result) in &games {
        let positions = result.as_ref().unwrap_or_else(|e| panic!("game {:?}: {e}", game.tag("Game")));
        moves += positions.len() - 1;
    }
    assert_eq!(moves, 50_980);
}

#[test]
fn move_notation_reads_tuzdik_marks_and_playok_kazan_counts() {
    let m = MoveText::parse("76").unwrap();
    assert_eq!((m.hole, m.landing, m.tuzdik, m.kazan), (hole(7), hole(6), false, None));
    assert!(MoveText::parse("36x").unwrap().tuzdik);
    assert!(MoveText::parse("68X").unwrap().tuzdik);
    assert_eq!(MoveText::parse("87(10)").unwrap().kazan, Some(10));
    let both = MoveText::parse("68X(15)").unwrap();
    assert!(both.tuzdik && both.kazan == Some(15));
    for bad in ["", "7", "70", "07", "7a", "76xx", "76(", "76(ab)", "76(1)(2)", "7 6", "766"] {
        assert!(MoveText::parse(bad).is_err(), "'{bad}' must be refused");
    }
    assert_eq!(MoveText::parse("36x").unwrap().to_string(), "36x");
}

fn random_game(seed: u64) -> (GameRecord, Position) {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut pos = Position::start();
    let mut outcomes = Vec::new();
    while !pos.is_over() {
        let moves: Vec<_> = pos.legal_moves().collect();
        let hole = moves[rng.random_range(0..moves.len())];
        outcomes.push(pos.play(hole).unwrap());
    }
    let tags = vec![
        ("White".to_string(), "Aigerim \"Ace\"".to_string()),
        ("Black".to_string(), "Bolot".to_string()),
    ];
    (GameRecord::from_outcomes(tags, &outcomes), pos)
}

#[test]
fn a_game_written_as_tgk_reads_back_and_replays_to_the_same_end() {
    for seed in 0..50 {
        let (record, end) = random_game(seed);
        let text = record.to_tgk();
        let games = read_games(&text);
        assert_eq!(games.len(), 1);
        let read = games[0].as_ref().unwrap();
        assert_eq!(read.tag("White"), Some("Aigerim \"Ace\""));
        assert_eq!(read.tag("Result"), Some("*"));
        let positions = read.replay().unwrap();
        assert_eq!(*positions.last().unwrap(), end, "seed {seed}");
    }
}

#[test]
fn a_wrong_landing_hole_is_reported_with_its_line_and_move_number() {
    let text = "[White \"a\"]\n[Black \"b\"]\n1. 76 98\n2. 66 88\n";
    let (_, result) = &replay_all(text)[0];
    let err = result.as_ref().unwrap_err();
    assert_eq!(err.line, 4);
    assert_eq!(err.mv, Some((2, Side::Black)));
    assert!(err.to_string().contains("lands in hole 7, not 8"), "{err}");
}

#[test]
fn a_missing_or_false_tuzdik_mark_is_reported() {
    // Game 1 of the master games makes a tuzdik on black's 5th move: 36x.
    let good = "1. 76 98\n2. 66 87\n3. 12 76\n4. 25 78\n5. 48 36x\n";
    assert!(replay_all(good)[0].1.is_ok());
    let unmarked = good.replace("36x", "36");
    let err = replay_all(&unmarked)[0].1.clone().unwrap_err();
    assert_eq!(err.mv, Some((5, Side::Black)));
    assert!(err.message.contains("not marked x"), "{err}");
    let false_mark = good.replace("25 78", "25x 78");
    let err = replay_all(&false_mark)[0].1.clone().unwrap_err();
    assert_eq!((err.line, err.mv), (4, Some((4, Side::White))));
    assert!(err.message.contains("makes none"), "{err}");
}

#[test]
fn an_illegal_move_in_a_record_is_reported_not_played() {
    // After 1. 21, black's first hole (10 stones) is captured: black cannot play it.
    let err = replay_all("1. 21 19\n")[0].1.clone().unwrap_err();
    assert_eq!(err.mv, Some((1, Side::Black)));
    assert!(err.message.contains("hole 1 is empty"), "{err}");
}

/// A PlayOK-style export of a real game: captures carry the mover's kazan, tuzdiks an upper-case X,
/// comments in braces, and a result with a comment.
fn playok_export(moves: usize) -> String {
    let master = read_data("master-games-2018.txt");
    let game = read_games(&master).into_iter().next().unwrap().unwrap();
    let mut pos = Position::start();
    let mut text = String::from(
        "[Event \"PlayOK\"]\n[Site \"PlayOK\"]\n[Date \"2024.05.01\"]\n[Round \"-\"]\n[White \"aibek\"]\n[Black \"dana\"]\n[Result \"0-1\"]\n[Time \"20:15:04\"]\n\n",
    );
    for (ply, mv) in game.moves.iter().take(moves).enumerate() {
        if ply % 2 == 0 {
            text.push_str(&format!("{}. ", ply / 2 + 1));
        }
        let side = pos.side_to_move();
        let o = pos.play(mv.text.hole).unwrap();
        let mut word = format!("{}{}", o.hole, o.landing.1);
        if o.new_tuzdik.is_some() {
            word.push('X');
        }
        if o.captured > 0 || o.new_tuzdik.is_some() {
            word.push_str(&format!("({})", pos.kazan(side)));
        }
        text.push_str(&word);
        text.push(if ply % 7 == 3 { '\n' } else { ' ' });
        if ply == 4 {
            text.push_str("{a long think,\n over two lines} ");
        }
    }
    text.push_str("0-1 {zero}\n");
    text
}

#[test]
fn playok_exports_read_with_kazan_counts_uppercase_tuzdiks_and_comments() {
    let text = playok_export(60);
    let games = replay_all(&text);
    assert_eq!(games.len(), 1);
    let (game, result) = &games[0];
    assert_eq!(game.tag("White"), Some("aibek"));
    assert_eq!(game.result_token.as_deref(), Some("0-1"));
    assert_eq!(result.as_ref().unwrap().len(), 61);
    assert!(text.contains('X') && text.contains('('), "the sample must exercise X and (n)");
}

#[test]
fn a_wrong_playok_kazan_count_is_reported() {
    let text = playok_export(20);
    let start = text.find('(').unwrap();
    let end = text[start..].find(')').unwrap() + start;
    let wrong = format!("{}(161{}", &text[..start], &text[end..]);
    let err = replay_all(&wrong)[0].1.clone().unwrap_err();
    assert!(err.message.contains("not 161"), "{err}");
}

#[test]
fn several_games_in_one_file_are_read_separately_and_a_bad_one_does_not_hide_the_rest() {
    let text = "[Game \"1\"]\n1. 76 98\n\n[Game \"2\"]\n1. 7\n\n[Game \"3\"]\n1. 76 98\n";
    let games = replay_all(text);
    assert_eq!(games.len(), 3);
    assert!(games[0].1.is_ok());
    let err = games[1].1.as_ref().unwrap_err();
    assert_eq!(err.line, 5);
    assert!(games[2].1.is_ok());
    assert_eq!(games[2].0.tag("Game"), Some("3"));
}

#[test]
fn windows_line_endings_and_a_byte_order_mark_are_read() {
    let text = "\u{feff}[White \"a\"]\r\n[Black \"b\"]\r\n\r\n1. 76 98\r\n2. 66 87\r\n";
    let games = replay_all(text);
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].0.tag("White"), Some("a"));
    assert_eq!(games[0].1.as_ref().unwrap().len(), 5);
}

#[test]
fn malformed_tags_and_unclosed_comments_get_clear_messages() {
    let err = read_games("[White aibek]\n1. 76\n").remove(0).unwrap_err();
    assert!(err.message.contains("double quotes"), "{err}");
    let err = read_games("1. 76 {never closed\n").remove(0).unwrap_err();
    assert!(err.message.contains("never closed"), "{err}");
    let err = read_games("1. 76 98 1-0 55\n").remove(0).unwrap_err();
    assert!(err.message.contains("after the result"), "{err}");
}

/// What the reader made of `text`: every game replayed holds its 162 stones at every step, and every
/// refusal says why, on a line of the text.
fn assert_replayed_or_refused_with_reason(text: &str) {
    let lines = text.lines().count().max(1);
    for (_, replay) in replay_all(text) {
        match replay {
            Ok(positions) => {
                for p in positions {
                    let on_board: u32 = p.holes().iter().map(|&n| u32::from(n)).sum();
                    let total = on_board + u32::from(p.kazan(Side::White)) + u32::from(p.kazan(Side::Black));
                    assert_eq!(total, 162, "a replayed position keeps every stone: {text:?}");
                }
            }
            Err(e) => {
                assert!(!e.message.is_empty(), "a refusal says why: {text:?}");
                assert!((1..=lines + 1).contains(&e.line), "line {} of {lines}: {text:?}", e.line);
            }
        }
    }
}

#[test]
fn random_bytes_never_crash_the_record_reader() {
    let mut rng = StdRng::seed_from_u64(7);
    let alphabet = b"0123456789xX(){}[]\". \n-/*#;abc\xc3\xa9\xff";
    for _ in 0..3000 {
        let len = rng.random_range(0..200);
        let bytes: Vec<u8> = (0..len).map(|_| alphabet[rng.random_range(0..alphabet.len())]).collect();
        assert_replayed_or_refused_with_reason(&String::from_utf8_lossy(&bytes));
        let raw: Vec<u8> = (0..len).map(|_| rng.random()).collect();
        assert_replayed_or_refused_with_reason(&String::from_utf8_lossy(&raw));
    }
}

#[test]
fn mutated_master_games_never_crash_and_are_either_replayed_or_rejected() {
    let master = read_data("master-games-2018.txt");
    let first_games: String = master.split("[Game \"6\"]").next().unwrap().to_string();
    let mut rng = StdRng::seed_from_u64(11);
    let mut rejected = 0;
    for _ in 0..400 {
        let mut bytes = first_games.clone().into_bytes();
        for _ in 0..rng.random_range(1..4) {
            let i = rng.random_range(0..bytes.len());
            match rng.random_range(0..3) {
                0 => bytes[i] = b"0123456789x \n[]{}"[rng.random_range(0..17)],
                1 => {
                    bytes.remove(i);
                }
                _ => bytes.insert(i, b"0123456789x"[rng.random_range(0..11)]),
            }
        }
        let text = String::from_utf8_lossy(&bytes);
        rejected += replay_all(&text).iter().filter(|(_, r)| r.is_err()).count();
    }
    assert!(rejected > 100, "mutations must be caught, only {rejected} rejections");
}

// Records in and out of the app: export, then import by paste.

use toguz::ai::Level;
use toguz::game::{Game, ImportError, Mode, import_record};

fn some_game(mode: Mode, plies: usize, seed: u64) -> Game {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut game = Game::new(mode);
    while game.history().len() < plies && !game.status().is_over() {
        let moves: Vec<_> = game.position().legal_moves().collect();
        game.play(moves[rng.random_range(0..moves.len())]).unwrap();
    }
    game
}

#[test]
fn an_exported_game_imports_as_the_same_game_with_its_players_date_result_and_level() {
    let game = some_game(Mode::Computer { level: Level::MEDIUM, human: Side::Black }, 400, 5);
    let text = game.export("2026-11-30").to_tgk();
    for tag in
        ["[White \"Computer (Medium)\"]", "[Black \"Player\"]", "[Date \"2026.11.30\"]", "[Level \"Medium\"]"]
    {
        assert!(text.contains(tag), "{tag} in\n{text}");
    }
    let result = match game.status() {
        toguz::rules::Status::Finished(o) => match o.winner {
            Some(Side::White) => "1-0",
            Some(Side::Black) => "0-1",
            None => "1/2-1/2",
        },
        toguz::rules::Status::Ongoing => "*",
    };
    assert!(text.contains(&format!("[Result \"{result}\"]")));
    let (back, record) = import_record(&text).unwrap();
    assert_eq!(back.moves(), game.moves());
    assert_eq!(back.position(), game.position());
    assert_eq!(back.mode, game.mode, "the app's own record names its player and the computer's level");
    assert_eq!(record.tag("Date"), Some("2026.11.30"));
}

#[test]
fn a_game_played_on_from_a_set_position_exports_its_start_and_imports_from_it() {
    let earlier = some_game(Mode::HotSeat, 30, 9);
    let mut game = Game::from_position(Mode::HotSeat, *earlier.position());
    for _ in 0..6 {
        let mv = game.position().legal_moves().next().unwrap();
        game.play(mv).unwrap();
    }
    let text = game.export("2026-12-01").to_tgk();
    assert!(text.contains(&format!("[Position \"{}\"]", earlier.position())), "{text}");
    let (back, _) = import_record(&text).unwrap();
    assert_eq!(back.start(), *earlier.position());
    assert_eq!(back.moves(), game.moves());
    // Without the tag the same moves do not replay from the usual start (or end elsewhere).
    let without: String =
        text.lines().filter(|l| !l.starts_with("[Position")).map(|l| format!("{l}\n")).collect();
    assert!(import_record(&without).map_or(true, |(g, _)| g.position() != game.position()));
}

#[test]
fn a_pasted_playok_export_imports() {
    let (game, record) = import_record(&playok_export(40)).unwrap();
    assert_eq!(game.history().len(), 40);
    assert_eq!(game.mode, Mode::HotSeat, "someone else's game: two players");
    assert_eq!(record.tag("White"), Some("aibek"));
}

#[test]
fn a_corrupted_record_is_refused_with_its_line_and_move_number_and_text_without_moves_is_no_game() {
    let game = some_game(Mode::HotSeat, 20, 3);
    let text = game.export("2026-11-30").to_tgk();
    // Move 6 of white's: its landing hole changed (the line of the sixth pair is the tags' 7 plus 6).
    let lines: Vec<&str> = text.lines().collect();
    let sixth = lines.iter().position(|l| l.starts_with("6.")).unwrap();
    let mut words: Vec<String> = lines[sixth].split(' ').map(str::to_string).collect();
    let wrong = if words[1].as_bytes()[1] == b'1' { '2' } else { '1' };
    words[1] = format!("{}{wrong}{}", &words[1][..1], &words[1][2..]);
    let mut broken = lines.iter().map(|l| l.to_string()).collect::<Vec<_>>();
    broken[sixth] = words.join(" ");
    match import_record(&broken.join("\n")) {
        Err(ImportError::Refused(e)) => {
            assert_eq!(e.line, sixth + 1, "{e}");
            assert_eq!(e.mv, Some((6, Side::White)), "{e}");
        }
        other => panic!("expected a refusal, got {other:?}"),
    }
    assert_eq!(import_record("").unwrap_err(), ImportError::NoGame);
    assert_eq!(import_record("[Event \"x\"]\n").unwrap_err(), ImportError::NoGame);
    assert!(matches!(import_record("hello there"), Err(ImportError::Refused(e)) if e.line == 1));
    assert!(matches!(import_record("[Position \"nonsense\"]\n1. 76\n"), Err(ImportError::Refused(_))));
}

// Issue 19: what a damaged record may cost (items 9, 10 and 12).

#[test]
fn an_unclosed_comment_does_not_swallow_the_next_games() {
    let master = read_data("master-games-2018.txt");
    let at = master.find("5. 48 36x").unwrap();
    let broken = format!("{}{{{}", &master[..at], &master[at..]);
    let line = broken[..at].lines().count() + 1;
    let games = replay_all(&broken);
    assert_eq!(games.len(), 742, "one failed game, not one game");
    let err = games[0].1.as_ref().unwrap_err();
    assert!(err.message.contains("never closed"), "{err}");
    assert_eq!(err.line, line, "the line where the comment opens: {err}");
    for (game, result) in &games[1..] {
        assert!(result.is_ok(), "game {:?}: {result:?}", game.tag("Game"));
    }
    assert_eq!(games[1].0.tag("Game"), Some("2"));
    // A comment closed on its own line, or over lines, is read as before; one that opens before a
    // game's tags costs nothing.
    let text = "{ from the club's book\n[Game \"1\"]\n1. 76 {a long\nthink} 98\n";
    let games = replay_all(text);
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].1.as_ref().map(Vec::len), Ok(3));
}

/// A game played to its end by the rules, as the app exports it.
fn finished_export(seed: u64) -> (String, Game) {
    let game = some_game(Mode::HotSeat, 1000, seed);
    assert!(game.status().is_over());
    (game.export("2026-12-02").to_tgk(), game)
}

#[test]
fn a_record_whose_result_contradicts_its_finished_game_is_refused() {
    let (text, game) = finished_export(4);
    let result = toguz::rules::notation::Claim::of(game.status()).unwrap().to_string();
    assert!(import_record(&text).is_ok());
    let other = if result == "1-0" { "0-1" } else { "1-0" };
    let lying = text.replace(&format!("[Result \"{result}\"]"), &format!("[Result \"{other}\"]"));
    match import_record(&lying) {
        Err(ImportError::Refused(e)) => {
            assert!(
                e.message.contains(&format!("end the game {result}, but the record gives {other}")),
                "{e}"
            )
        }
        other => panic!("expected a refusal, got {other:?}"),
    }
    assert!(replay_all(&lying)[0].1.is_err(), "the engine's replay refuses it too");
    // The Result tag and the result after the moves must agree.
    let both = "[Result \"1-0\"]\n1. 76 98 0-1\n";
    let err = replay_all(both)[0].1.clone().unwrap_err();
    assert!(err.message.contains("Result tag says 1-0"), "{err}");
}

#[test]
fn a_record_cut_off_mid_game_is_kept_unfinished_and_says_so() {
    use toguz::rules::notation::{Claim, Ending};
    let (text, game) = finished_export(6);
    let (whole, record) = import_record(&text).unwrap();
    assert_eq!(record.ending(whole.position()), Ending::Finished);
    assert_eq!(record.ending(whole.position()).note(), None);
    // The paste lost its last lines: the moves that are left replay, but the game is not over.
    let cut: String = text.lines().take(text.lines().count() - 5).map(|l| format!("{l}\n")).collect();
    let (part, record) = import_record(&cut).unwrap();
    assert!(!part.status().is_over());
    let claim = Claim::of(game.status()).unwrap();
    assert_eq!(record.ending(part.position()), Ending::Unfinished(claim));
    let note = record.ending(part.position()).note().unwrap();
    assert!(note.contains("stop before the game ends") && note.contains(&claim.to_string()), "{note}");
    // A game in progress, exported as such, has nothing to say.
    let going = some_game(Mode::HotSeat, 20, 6);
    let (back, record) = import_record(&going.export("2026-12-02").to_tgk()).unwrap();
    assert_eq!(record.ending(back.position()), Ending::Ongoing);
}

/// A game played on from a position where black moves, as the app exports it.
fn black_begins() -> (Game, String) {
    let earlier = some_game(Mode::HotSeat, 31, 12);
    assert_eq!(earlier.position().side_to_move(), Side::Black);
    let mut game = Game::from_position(Mode::HotSeat, *earlier.position());
    let mut rng = StdRng::seed_from_u64(1);
    for _ in 0..7 {
        let moves: Vec<_> = game.position().legal_moves().collect();
        game.play(moves[rng.random_range(0..moves.len())]).unwrap();
    }
    let text = game.export("2026-12-02").to_tgk();
    (game, text)
}

#[test]
fn a_game_black_begins_is_numbered_and_its_errors_sided_from_its_own_start() {
    let (game, text) = black_begins();
    let moves: Vec<&str> = text.lines().filter(|l| !l.starts_with('[')).collect();
    assert!(moves[0].starts_with("1... ") && moves[0].split(' ').count() == 2, "{text}");
    assert!(moves[1].starts_with("2. ") && moves[1].split(' ').count() == 3, "{text}");
    let (back, _) = import_record(&text).unwrap();
    assert_eq!(back.moves(), game.moves());
    // Black's first move (1...), white's reply (2.), black's (2...): a landing hole broken in each, then
    // a word that is no move at all in its place.
    for (line, at, number, side) in [(0, 1, 1, Side::Black), (1, 1, 2, Side::White), (1, 2, 2, Side::Black)] {
        let words: Vec<&str> = moves[line].split(' ').collect();
        let word = words[at];
        let wrong = if word.as_bytes()[1] == b'1' { '2' } else { '1' };
        for replacement in [format!("{}{wrong}{}", &word[..1], &word[2..]), "7?".to_string()] {
            let mut changed: Vec<String> = words.iter().map(|w| w.to_string()).collect();
            changed[at] = replacement.clone();
            let broken = text.replace(moves[line], &changed.join(" "));
            match import_record(&broken) {
                Err(ImportError::Refused(e)) => assert_eq!(e.mv, Some((number, side)), "{replacement}: {e}"),
                other => panic!("expected a refusal, got {other:?}"),
            }
        }
    }
}

#[test]
fn a_refused_record_quotes_only_the_start_of_a_long_word() {
    let paste = format!("1. 76 {}\n", "9".repeat(3 << 20));
    match import_record(&paste) {
        Err(ImportError::Refused(e)) => {
            assert!(e.message.len() < 120, "{} bytes of message", e.message.len());
            assert!(e.message.starts_with(&format!("'{}…' is not a move", "9".repeat(20))), "{}", e.message);
        }
        other => panic!("expected a refusal, got {:?}", other.map(|_| ())),
    }
    let after = format!("1. 76 98 1-0 {}\n", "x".repeat(1000));
    let err = read_games(&after).remove(0).unwrap_err();
    assert!(err.message.len() < 60, "{err}");
    let position = format!("[Position \"{} 9,9,9,9,9,9,9,9,9 0,0 0,0 w\"]\n1. 76\n", "9,".repeat(100_000));
    match import_record(&position) {
        Err(ImportError::Refused(e)) => assert!(e.message.len() < 160, "{}", e.message),
        other => panic!("expected a refusal, got {:?}", other.map(|_| ())),
    }
}

#[test]
fn kazan_counts_are_written_one_way_plus_signs_and_leading_zeros_are_refused() {
    assert_eq!(MoveText::parse("87(10)").unwrap().kazan, Some(10));
    assert_eq!(MoveText::parse("87(0)").unwrap().kazan, Some(0));
    for bad in ["87(+10)", "87(010)", "87(-1)", "87( 10)", "+87"] {
        assert!(MoveText::parse(bad).is_err(), "'{bad}' must be refused");
    }
    assert_eq!(toguz::rules::plain_number::<u8>("7"), Some(7));
    for bad in ["+7", "07", "-7", " 7", "7 ", "", "256"] {
        assert_eq!(toguz::rules::plain_number::<u8>(bad), None, "'{bad}'");
    }
}

#[test]
fn analyse_judges_a_game_played_on_from_a_position_from_there() {
    let (game, text) = black_begins();
    let path = std::env::temp_dir().join(format!("toguz-analyse-{}.tgk", std::process::id()));
    std::fs::write(&path, &text).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_toguz-engine"))
        .arg("analyse")
        .arg(&path)
        .output()
        .unwrap();
    let _ = std::fs::remove_file(&path);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", String::from_utf8_lossy(&out.stderr));
    let lines: Vec<&str> = stdout.lines().collect();
    assert!(lines.last().unwrap().starts_with("7 moves analysed"), "{stdout}");
    // Judged from the Position tag: the same verdicts as the review's, from the game's own start.
    let holes: Vec<_> = game.history().iter().map(|p| p.outcome.hole).collect();
    let verdicts = toguz::ai::analysis::analyse(game.start(), &holes);
    let mut number = 1;
    for (i, (line, v)) in lines.iter().zip(&verdicts).enumerate() {
        let mark = if i % 2 == 0 { "…" } else { "." };
        if i % 2 == 1 {
            number += 1;
        }
        assert!(line.starts_with(&format!("{number}{mark} ")), "move {i}: {line}");
        assert!(line.contains(&format!("{:+6.1}", v.after)), "move {i}: {line}");
    }
}
