//! After the game: the computer's view in review (the whole game judged move by move while frames keep
//! ticking, the graph tapped to jump, the moves that lost most marked with the better move and reasons that
//! vary, the few moves that changed the game named in words, and never a hidden hint in a game still being
//! played), and records out and in (export, paste, a dropped file).

use std::time::Instant;

use bevy::prelude::*;
use toguz::ai::analysis::{
    BEGINNER_MISTAKE_STONES, DECISIVE_STONES, MISTAKE_STONES, Verdict, analyse, shown_reasons,
};
use toguz::ai::{Hint, Level, Player, Reason};
use toguz::app::i18n::locale::{Lang, Locale};
use toguz::app::saves::history::{HistoryFile, PastGame};
use toguz::app::screens::review::analysis::Analysis;
use toguz::app::screens::review::said::{eval_words, marked, mistake_stones, mistake_words, summary_words};
use toguz::app::screens::review::screen::left_theory_words;
use toguz::app::screens::review::shown::Review;
use toguz::app::state::screen::Screen;
use toguz::app::state::session::Session;
use toguz::engine::tools::play_game;
use toguz::game::Mode;
use toguz::game::SavedMoves;
use toguz::game::{Game, move_label};
use toguz::rules::{Hole, Position, Side, Status};

use super::flows::{
    PHONE, TABLET, button, frames, has_button, moves, open_games, press, save_dir, screen,
    start_against_computer, start_app, tap_hole, touch_tap_arriving, wait_for_moves,
};

/// A finished game between two random players, kept in the history of `dir` as a hot-seat game.
fn finished_game_in_history(dir: &std::path::Path, seed: u64) -> Vec<u8> {
    finished_game_of_mode_in_history(dir, seed, Mode::HotSeat)
}

/// A finished game between two random players, kept in the history of `dir` as played in `mode`.
fn finished_game_of_mode_in_history(dir: &std::path::Path, seed: u64, mode: Mode) -> Vec<u8> {
    let (status, holes) = play_game(&Player::Random, &Player::Random, &[], seed);
    assert!(matches!(status, Status::Finished(_)));
    let game = SavedMoves {
        mode,
        start: None,
        moves: holes.clone(),
        id: 42,
        ending: None,
        clock: None,
        takebacks: 0,
    };
    let file = HistoryFile { version: 1, games: vec![PastGame { date: "2026-11-30".into(), game }] };
    std::fs::write(dir.join("history.ron"), ron::to_string(&file).unwrap()).unwrap();
    holes
}

/// Runs frames until the analysis has judged every move; returns how many frames that took.
fn frames_until_analysed(app: &mut App) -> usize {
    let start = Instant::now();
    let mut ticks = 0;
    while !app.world().resource::<Analysis>().is_done() && ticks < 10_000 {
        app.update();
        crate::app::settle(app);
        ticks += 1;
    }
    let analysis = app.world().resource::<Analysis>();
    assert!(analysis.is_done(), "the analysis finished");
    eprintln!("{} moves analysed in {:?} over {ticks} frames", analysis.total(), start.elapsed());
    ticks
}

/// The texts on screen.
pub(crate) fn texts(app: &mut App) -> Vec<String> {
    let mut q = app.world_mut().query::<(&Text, &InheritedVisibility)>();
    q.iter(app.world()).filter(|(_, v)| v.get()).map(|(t, _)| t.0.clone()).collect()
}

/// Words as a player reads them: the spaces that hold a number to its words are spaces.
pub(crate) fn read(text: &str) -> String {
    text.replace('\u{a0}', " ")
}

/// Taps the evaluation graph's plot (right of the players' names) at `fraction` of its width (0 at its
/// left edge).
fn tap_graph(app: &mut App, fraction: f32) {
    let plot = super::flows::named_rect(app, "Graph plot").expect("the graph's plot");
    touch_tap_arriving(app, Vec2::new(plot.min.x + fraction * plot.width(), plot.center().y));
}

/// In review of a finished game: waits for the analysis and shows the first move it marks, if any.
pub(crate) fn show_a_marked_move(app: &mut App) {
    frames_until_analysed(app);
    let verdicts = app.world().resource::<Analysis>().verdicts.clone();
    if let Some(i) = verdicts.iter().position(|v| v.is_mistake()) {
        tap_graph(app, (i as f32 + 0.5) / verdicts.len() as f32);
        assert_eq!(app.world().resource::<Review>().at, i + 1);
        frames(app, 2);
    }
}

#[test]
fn a_finished_game_is_analysed_move_by_move_while_frames_tick_and_its_graph_jumps_to_a_move() {
    for size in [PHONE, TABLET] {
        let dir = save_dir("analysis");
        let holes = finished_game_in_history(&dir, 7);
        let mut app = start_app(size, &dir);
        open_games(&mut app);
        // Frames are counted from the tap that opens the review: a fast search may judge a move in each
        // of the frames before the wait begins.
        let opened = app.world().resource::<bevy::diagnostic::FrameCount>().0;
        press(&mut app, "Game 1");
        frames(&mut app, 3);
        assert_eq!(screen(&app), Screen::Review);
        frames_until_analysed(&mut app);
        let ticks = (app.world().resource::<bevy::diagnostic::FrameCount>().0 - opened) as usize;
        let analysis = app.world().resource::<Analysis>();
        assert_eq!(analysis.verdicts.len(), holes.len());
        assert!(analysis.verdicts.iter().zip(&holes).all(|(v, &h)| v.hole.number() == h));
        // One search a position, each in slices between frames: never the whole game in one frame.
        assert!(ticks >= holes.len(), "{ticks} frames for {} moves", holes.len());
        // At a move it does not mark, the line names the few moves that changed the game, in words.
        let words: Vec<String> = texts(&mut app).iter().map(|t| read(t)).collect();
        assert!(
            words.iter().any(|t| t.starts_with("The moves that changed the game most: move ")
                || t.starts_with("The moves that changed the game most: White's move ")
                || t.starts_with("The moves that changed the game most: Black's move ")),
            "{words:?}"
        );
        // The panel keeps clear of the board.
        let board = app.world().resource::<toguz::app::board::layout::BoardLayout>().board;
        let (graph, _) = button(&mut app, "Evaluation graph");
        let node = app.world().get::<ComputedNode>(graph).unwrap().size();
        assert!(node.x > 100.0 && node.y >= 28.0, "a graph a finger can use: {node}");
        assert!(board.height() > 200.0);
        // Its key names who leads above the line and who below, beside the plot rather than under its
        // areas.
        let centre = app.world().get::<UiGlobalTransform>(graph).unwrap().translation.y;
        let mut keys = app.world_mut().query::<(&Name, &Text, &UiGlobalTransform)>();
        let mut key = |side: &str| {
            keys.iter(app.world())
                .find(|(n, ..)| n.as_str() == format!("Graph key {side}"))
                .map(|(_, t, at)| (t.0.clone(), at.translation.y))
                .unwrap_or_else(|| panic!("a key for {side}"))
        };
        let (white, black) = (key("white"), key("black"));
        assert_eq!(
            (white.0.as_str(), black.0.as_str()),
            ("White", "Black"),
            "the players' names in hot-seat"
        );
        assert!(
            white.1 < centre && black.1 > centre,
            "white above the line, black below: {white:?} {black:?}"
        );
        let plot = super::flows::named_rect(&mut app, "Graph plot").expect("the graph's plot");
        let keys = super::flows::named_rect(&mut app, "Graph keys").expect("the graph's names");
        assert!(keys.max.x <= plot.min.x + 0.5, "the names {keys:?} beside the plot {plot:?}");

        // The middle of the graph shows the position after the move in the middle of the game.
        tap_graph(&mut app, 0.5);
        let n = holes.len();
        assert_eq!(app.world().resource::<Review>().at, n / 2 + 1);
        assert_eq!(moves(&app), holes[..n / 2 + 1]);

        // A move marked on the graph: tapped, the line names the better move and why.
        let verdicts = app.world().resource::<Analysis>().verdicts.clone();
        let (i, marked) =
            verdicts.iter().enumerate().find(|(_, v)| v.is_mistake()).expect("random play errs");
        tap_graph(&mut app, (i as f32 + 0.5) / n as f32);
        assert_eq!(app.world().resource::<Review>().at, i + 1);
        frames(&mut app, 2);
        let better = marked.better.as_ref().unwrap();
        let words: Vec<String> = texts(&mut app).iter().map(|t| read(t)).collect();
        let line = words.iter().find(|t| t.contains(" lost ")).unwrap_or_else(|| panic!("{words:?}"));
        assert!(line.contains(&format!("hole {} was better", better.hole)), "{line}");
        // Opened again (at its last move, as it was left), the game analysed before shows its view at once.
        press(&mut app, "Last move");
        frames(&mut app, 3);
        press(&mut app, "Done");
        press(&mut app, "Game 1");
        frames(&mut app, 3);
        let words: Vec<String> = texts(&mut app).iter().map(|t| read(t)).collect();
        assert!(
            words.iter().any(|t| t.starts_with("The moves that changed the game") || t.contains(" lost ")),
            "{words:?}"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// A game against Easy, one move each, with the move list open.
fn game_against_easy_in_the_move_list(dir: &std::path::Path) -> App {
    let mut app = start_app(PHONE, dir);
    start_against_computer(&mut app);
    frames(&mut app, 3);
    tap_hole(&mut app, Side::White, 7);
    wait_for_moves(&mut app, 2);
    press(&mut app, "Menu");
    press(&mut app, "Moves");
    app
}

#[test]
fn the_computer_s_view_beside_a_sideways_phone_s_board_fits_its_longest_words_in_every_language() {
    use toguz::app::i18n::locale::Lang;
    let dir = save_dir("analysis-sideways-words");
    for lang in Lang::ALL {
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        finished_game_in_history(&dir, 5);
        super::flows::with_language(&dir, lang);
        let size = super::flows::PHONE_SIDEWAYS;
        let mut app = start_app(size, &dir);
        open_games(&mut app);
        press(&mut app, "Game 1");
        frames_until_analysed(&mut app);
        // The widest lead before the end: the longest words beside the bar.
        let verdicts = app.world().resource::<Analysis>().verdicts.clone();
        let (i, _) = verdicts[..verdicts.len() - 1]
            .iter()
            .enumerate()
            .max_by(|a, b| a.1.after.abs().total_cmp(&b.1.after.abs()))
            .unwrap();
        app.world_mut().write_message(toguz::app::screens::review::shown::ReviewAt(Some(i + 1)));
        frames(&mut app, 4);
        let what = format!("{} at {size}, move {}", lang.code(), i + 1);
        // The words and the bar beside them stay on the screen (the bar once ran off its right edge).
        let mut q = app.world_mut().query::<(&Name, &ComputedNode, &UiGlobalTransform)>();
        let s = 1.0 / super::flows::WINDOW_SCALE;
        let mut rect = |name: &str| {
            q.iter(app.world())
                .find(|(n, ..)| n.as_str() == name)
                .map(|(_, node, at)| Rect::from_center_size(at.translation * s, node.size() * s))
                .unwrap_or_else(|| panic!("{name}"))
        };
        let (bar, graph) = (rect("Evaluation bar"), rect("Button Evaluation graph"));
        assert!(
            bar.max.x <= graph.max.x + 1.0 && bar.width() >= 20.0,
            "{what}: the bar at {bar:?}, the graph {graph:?}"
        );
        super::flows::assert_texts_whole(&mut app, &what);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_computer_s_view_moves_beside_the_board_when_the_phone_is_turned_and_back() {
    let dir = save_dir("analysis-turned");
    finished_game_in_history(&dir, 5);
    let mut app = start_app(PHONE, &dir);
    open_games(&mut app);
    press(&mut app, "Game 1");
    frames_until_analysed(&mut app);
    // The panel as laid out: under the board upright, beside it sideways, with nothing of the other
    // orientation's edges left over (a turned phone once kept the upright panel over the board). The
    // headless UI does not follow a window's new size, so the panel's own edges are what is checked.
    let panel = |app: &mut App| -> Node {
        let mut q = app.world_mut().query::<(&Name, &Node)>();
        q.iter(app.world())
            .find(|(n, _)| n.as_str() == "Analysis panel")
            .map(|(_, node)| node.clone())
            .unwrap()
    };
    for (size, beside) in [(super::flows::PHONE_SIDEWAYS, true), (PHONE, false)] {
        let window = super::flows::window_entity(&mut app);
        app.world_mut().get_mut::<Window>(window).unwrap().resolution.set(size.x, size.y);
        frames(&mut app, 10);
        let node = panel(&mut app);
        if beside {
            assert_eq!(
                (node.left, node.height, node.width),
                (Val::Auto, Val::Auto, Val::Px(260.0)),
                "{node:?}"
            );
            // Between the bars: under the top one, over the bottom one.
            let (top, bottom) = toguz::app::board::layout::bar_heights(size);
            assert_eq!((node.right, node.top, node.bottom), (Val::Px(0.0), Val::Px(top), Val::Px(bottom)));
        } else {
            assert_eq!(
                (node.top, node.width, node.height),
                (Val::Auto, Val::Auto, Val::Px(124.0)),
                "{node:?}"
            );
            assert_eq!((node.left, node.right, node.bottom), (Val::Px(0.0), Val::Px(0.0), Val::Px(84.0)));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_game_in_play_against_the_computer_is_not_analysed_until_it_is_over() {
    let dir = save_dir("analysis-hidden");
    let mut app = game_against_easy_in_the_move_list(&dir);
    press(&mut app, "Review");
    assert_eq!(screen(&app), Screen::Review);
    frames(&mut app, 60);
    assert!(!has_button(&mut app, "Evaluation graph"), "no graph during play");
    assert!(!has_button(&mut app, "Show the computer's view"), "nor a way to ask for it");
    assert!(app.world().resource::<Analysis>().verdicts.is_empty(), "nothing analysed");
    assert!(!texts(&mut app).iter().any(|t| t.contains("ahead by") || t.contains("Even")));
    // Said, not left to be wondered at (a new player looked for the view and found nothing).
    let shown = app.world().resource::<toguz::app::ui::toast::FloatingToast>().shown().map(str::to_string);
    assert!(
        shown.as_deref().is_some_and(|t| t.contains("once it is over")),
        "the player is told when the view comes: {shown:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_unfinished_hot_seat_game_is_analysed_only_when_the_players_ask_and_a_finished_one_at_once() {
    let dir = save_dir("analysis-ask");
    let mut app = start_app(PHONE, &dir);
    super::review::hot_seat_game(&mut app, &[7, 3, 2]);
    press(&mut app, "Menu");
    press(&mut app, "Moves");
    press(&mut app, "Review");
    frames(&mut app, 30);
    assert!(!has_button(&mut app, "Evaluation graph"));
    assert!(app.world().resource::<Analysis>().verdicts.is_empty());
    press(&mut app, "Show the computer's view");
    frames_until_analysed(&mut app);
    assert_eq!(app.world().resource::<Analysis>().verdicts.len(), 3);
    assert!(has_button(&mut app, "Evaluation graph"));
    assert!(!has_button(&mut app, "Show the computer's view"));
    // The review still steps and returns to the game as it was.
    press(&mut app, "Back to the game");
    frames(&mut app, 3);
    assert_eq!(screen(&app), Screen::Game);
    assert_eq!(moves(&app), [7, 3, 2]);
    assert!(matches!(app.world().resource::<Session>().game.mode, Mode::HotSeat));
    let _ = std::fs::remove_dir_all(&dir);
}

// Records out and in.

/// The floating message on the title and in review, or the game's message bar.
fn message(app: &mut App) -> String {
    let floating = app.world().resource::<toguz::app::ui::toast::FloatingToast>().text.clone();
    if floating.is_empty() {
        app.world().resource::<toguz::app::screens::game::messages::ToastState>().text.clone()
    } else {
        floating
    }
}

fn history_moves(app: &App) -> Vec<Vec<u8>> {
    app.world()
        .resource::<toguz::app::saves::history::History>()
        .games
        .iter()
        .map(|g| g.game.moves.clone())
        .collect()
}

#[test]
fn an_exported_game_pasted_back_opens_as_kept_and_dropped_on_another_install_opens_in_review() {
    let dir = save_dir("records-round-trip");
    let mut app = start_app(PHONE, &dir);
    super::review::hot_seat_game(&mut app, &[7, 3, 2, 9, 1]);
    press(&mut app, "Menu");
    press(&mut app, "Moves");
    press(&mut app, "Export");
    assert!(
        app.world().resource::<toguz::app::screens::game::messages::ToastState>().text.is_empty(),
        "the message floats over the list, not also in the game under it"
    );
    // On the desktop the record is a file beside the saves, named in the message (over the list).
    let files: Vec<_> = std::fs::read_dir(dir.join("records")).unwrap().flatten().map(|e| e.path()).collect();
    assert_eq!(files.len(), 1);
    let text = std::fs::read_to_string(&files[0]).unwrap();
    assert!(text.contains("[White \"White\"]") && text.contains("[Result \"*\"]"), "{text}");
    let said = app.world().resource::<toguz::app::ui::toast::FloatingToast>().text.clone();
    assert!(said.contains(&files[0].display().to_string()), "{said}");

    let played = app.world().resource::<Session>().game.id;
    press(&mut app, "Close");
    press(&mut app, "Menu");
    press(&mut app, "Quit to title");
    frames(&mut app, 3);
    // The title counts every move, each player's: five (issue 46), not the record's three numbers.
    assert!(
        texts(&mut app).iter().any(|t| t == "Two players, 5\u{a0}moves\u{a0}played"),
        "{:?}",
        texts(&mut app)
    );
    // Pasted back here: the game kept already opens, not a copy of it.
    open_games(&mut app);
    press(&mut app, "Paste a record");
    frames(&mut app, 3);
    assert_eq!(screen(&app), Screen::Review, "the record opens in review");
    assert_eq!(app.world().resource::<Review>().game.id, played);
    assert_eq!(message(&mut app), "This game is already in Games: here it is.");
    assert_eq!(history_moves(&app), [vec![7, 3, 2, 9, 1]]);

    // On another phone (a friend's, an empty data folder) the file opens as a game of its own.
    let other = save_dir("records-round-trip-other");
    let mut friend = start_app(PHONE, &other);
    let window = super::flows::window_entity(&mut friend);
    friend
        .world_mut()
        .write_message(bevy::window::FileDragAndDrop::DroppedFile { window, path_buf: files[0].clone() });
    frames(&mut friend, 3);
    assert_eq!(screen(&friend), Screen::Review);
    assert_eq!(friend.world().resource::<Review>().game.moves(), [7, 3, 2, 9, 1]);
    // Every move, as the title counts them: five, though the record numbers three.
    assert_eq!(message(&mut friend), "Record opened (5 moves) and kept in Games.");
    assert_eq!(history_moves(&friend), [vec![7, 3, 2, 9, 1]]);
    // Not a game in play there: the computer's view is there at once.
    frames_until_analysed(&mut friend);
    assert_eq!(friend.world().resource::<Analysis>().verdicts.len(), 5);
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&other);
}

#[test]
fn the_game_in_play_against_the_computer_exported_and_pasted_back_shows_no_computer_view() {
    let dir = save_dir("records-no-leak");
    let mut app = game_against_easy_in_the_move_list(&dir);
    press(&mut app, "Export");
    press(&mut app, "Close");
    press(&mut app, "Menu");
    press(&mut app, "Quit to title");
    frames(&mut app, 3);
    open_games(&mut app);
    press(&mut app, "Paste a record");
    frames(&mut app, 30);
    assert_eq!(screen(&app), Screen::Review);
    assert!(
        matches!(app.world().resource::<Review>().game.mode, Mode::Computer { .. }),
        "the record says who played"
    );
    assert!(!has_button(&mut app, "Evaluation graph"), "no hidden hint through a record");
    assert!(app.world().resource::<Analysis>().verdicts.is_empty());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_damaged_record_dropped_on_the_window_is_refused_with_its_line_and_move_and_nothing_kept_changes() {
    let dir = save_dir("records-refused");
    let holes = finished_game_in_history(&dir, 11);
    let kept = std::fs::read(dir.join("history.ron")).unwrap();
    let mut app = start_app(PHONE, &dir);
    let game = toguz::game::Game::from_moves(Mode::HotSeat, &holes).unwrap();
    let good = game.export("2026-11-30").to_tgk();
    // White's third move lands elsewhere than the record says: line 7 of tags, then the third pair.
    let mut lines: Vec<String> = good.lines().map(str::to_string).collect();
    let third = lines.iter().position(|l| l.starts_with("3.")).unwrap();
    let mut words: Vec<String> = lines[third].split(' ').map(str::to_string).collect();
    let landing = words[1].as_bytes()[1];
    let wrong = if landing == b'1' { '2' } else { '1' };
    words[1] = format!("{}{wrong}{}", &words[1][..1], &words[1][2..]);
    lines[third] = words.join(" ");
    let window = super::flows::window_entity(&mut app);
    let drop_file = |app: &mut App, name: &str, text: &str| {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        app.world_mut().write_message(bevy::window::FileDragAndDrop::DroppedFile { window, path_buf: path });
        frames(app, 3);
    };
    drop_file(&mut app, "bad.tgk", &lines.join("\n"));
    assert_eq!(screen(&app), Screen::Title);
    let said = message(&mut app);
    assert!(said.starts_with(&format!("Not opened: line {}, move 3: ", third + 1)), "{said}");
    assert!(said.ends_with("Nothing was changed."), "{said}");
    frames(&mut app, 10);
    assert_eq!(std::fs::read(dir.join("history.ron")).unwrap(), kept, "the history file is untouched");
    assert_eq!(history_moves(&app), std::slice::from_ref(&holes));

    drop_file(&mut app, "notes.txt", "shopping: bread, milk\n");
    assert!(message(&mut app).starts_with("Not opened: line 1"), "{}", message(&mut app));
    // The whole record, undamaged: the game kept already opens (the history holds it once).
    drop_file(&mut app, "good.tgk", &good);
    assert_eq!(screen(&app), Screen::Review);
    assert_eq!(app.world().resource::<Review>().game.moves(), holes);
    assert_eq!(message(&mut app), "This game is already in Games: here it is.");
    assert_eq!(history_moves(&app).len(), 1);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn review_at_the_start_says_even_and_a_lead_is_told_as_the_computers_estimate() {
    let dir = save_dir("analysis-start");
    finished_game_in_history(&dir, 11);
    let mut app = start_app(PHONE, &dir);
    open_games(&mut app);
    press(&mut app, "Game 1");
    frames(&mut app, 3);
    frames_until_analysed(&mut app);
    press(&mut app, "First move");
    frames(&mut app, 3);
    assert_eq!(app.world().resource::<Review>().at, 0);
    let label = |app: &mut App| {
        let mut q = app.world_mut().query::<(&Text, &ChildOf)>();
        let mut names = app.world_mut().query::<&Name>();
        let found: Vec<String> = q
            .iter(app.world())
            .filter(|(_, p)| names.get(app.world(), p.parent()).is_ok_and(|n| n.as_str() == "Evaluation"))
            .map(|(t, _)| t.0.clone())
            .collect();
        found.into_iter().next().expect("the evaluation's words")
    };
    assert_eq!(label(&mut app), "Even", "the start is level by the rules");
    // Further on, a lead is the computer's estimate, and says so.
    press(&mut app, "Last move");
    let mut lead = None;
    for _ in 0..200 {
        let words = label(&mut app);
        if words.contains("ahead") || words.contains("winning") {
            lead = Some(words);
            break;
        }
        press(&mut app, "Previous move");
    }
    let lead = lead.expect("a random game has a lead somewhere");
    assert!(lead.starts_with("Estimate: "), "{lead}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A game of `mode` (the moves of a random game) and the computer's verdict that its move `at` lost 11
/// stones where another hole captured 10.
fn marked_move(mode: Mode, at: usize) -> (Game, Verdict) {
    let (_, holes) = play_game(&Player::Random, &Player::Random, &[], 3);
    let game = Game::from_moves(mode, &holes).unwrap();
    let played = &game.history()[at - 1];
    let hole = played.outcome.hole;
    let better = Hole::new(hole.number() % 9 + 1).unwrap();
    let verdict = Verdict {
        hole,
        side: played.outcome.side,
        before: 0.0,
        after: -11.0,
        loss: 11.0,
        better: Some(Hint { hole: better, reasons: vec![Reason::Captures(10)], eval_stones: 0.0 }),
        forced_after: None,
    };
    (game, verdict)
}

/// The numbers a text names, in order.
fn numbers(text: &str) -> Vec<u32> {
    text.split(|c: char| !c.is_ascii_digit()).filter_map(|n| n.parse().ok()).collect()
}

/// Against the computer as White, as Black, and in hot-seat: move 23 (White's twelfth) is "you", "the
/// computer" and "White"; move 24 (Black's twelfth) "the computer", "you" and "Black".
const MODES: [Mode; 3] = [
    Mode::Computer { level: Level::EASY, human: Side::White },
    Mode::Computer { level: Level::EASY, human: Side::Black },
    Mode::HotSeat,
];

#[test]
fn review_s_words_name_the_player_the_move_and_the_holes_in_a_sentence_of_their_own_in_every_language() {
    for lang in Lang::ALL {
        let locale = Locale::new(lang);
        let code = lang.code();
        let filled = |text: &str| {
            assert!(
                !text.contains('{') && !text.contains("analysis.") && !text.contains("review."),
                "{code}: {text}"
            );
        };
        for at in [23, 24] {
            let mut mistakes = Vec::new();
            let mut theory = Vec::new();
            for mode in MODES {
                let (game, verdict) = marked_move(mode, at);
                assert_eq!(move_label(&game, at).unwrap().split(['.', '…']).next(), Some("12"));
                let better = verdict.better.as_ref().unwrap().hole;
                let (hole, better) = (u32::from(verdict.hole.number()), u32::from(better.number()));
                // "Your move 12, hole 7, lost 11 stones; hole 8 was better: captures 10 stones."
                let line = mistake_words(&locale, &game, at, &verdict).expect("a mistake is told");
                filled(&line);
                let named = numbers(&line);
                for n in [12, hole, 11, better, 10] {
                    assert!(named.contains(&n), "{code}: '{line}' names {n}");
                }
                mistakes.push(line);
                // "You left the masters' games on move 12 (hole 7)"
                let left = left_theory_words(&locale, &game, at);
                filled(&left);
                assert!(numbers(&left) == [12, hole] || numbers(&left) == [hole, 12], "{code}: '{left}'");
                theory.push(left);
            }
            for said in [&mistakes, &theory] {
                let differ: std::collections::BTreeSet<&String> = said.iter().collect();
                assert_eq!(
                    differ.len(),
                    said.len(),
                    "{code}: each player has a sentence of its own: {said:?}"
                );
            }
        }
        // The estimate: a lead in stones, or a game won, for each player.
        let mut leads = Vec::new();
        for stones in [11.0, -11.0, DECISIVE_STONES, -DECISIVE_STONES] {
            let said: Vec<String> = MODES.iter().map(|mode| eval_words(&locale, mode, stones)).collect();
            for words in &said {
                filled(words);
                let lead = if stones.abs() < DECISIVE_STONES { vec![11] } else { vec![] };
                assert_eq!(numbers(words), lead, "{code}: '{words}'");
            }
            leads.extend(said);
        }
        let differ: std::collections::BTreeSet<&String> = leads.iter().collect();
        // A lead and a won game, each for you, the computer, White and Black.
        assert_eq!(differ.len(), 8, "{code}: each player leads and wins in words of its own: {leads:?}");
    }
}

#[test]
fn a_mistake_in_review_reads_as_a_sentence_naming_the_player_the_move_and_the_holes() {
    let english = Locale::new(Lang::En);
    let [as_white, _, hot_seat] = MODES;
    let (game, verdict) = marked_move(as_white, 23);
    let (hole, better) = (verdict.hole, verdict.better.as_ref().unwrap().hole);
    assert_eq!(
        read(&mistake_words(&english, &game, 23, &verdict).unwrap()),
        format!("Your move 12, hole {hole}, lost 11 stones; hole {better} was better: captures 10 stones.")
    );
    assert_eq!(
        read(&left_theory_words(&english, &game, 23)),
        format!("You left the masters' games on move 12 (hole {hole})")
    );
    assert_eq!(read(&eval_words(&english, &as_white, 11.0)), "Estimate: you are ahead by 11 stones");
    assert_eq!(eval_words(&english, &as_white, -DECISIVE_STONES), "Estimate: the computer is winning");
    let (game, verdict) = marked_move(hot_seat, 24);
    let (hole, better) = (verdict.hole, verdict.better.as_ref().unwrap().hole);
    assert_eq!(
        read(&mistake_words(&english, &game, 24, &verdict).unwrap()),
        format!(
            "Black's move 12, hole {hole}, lost 11 stones; hole {better} was better: captures 10 stones."
        )
    );
    // Russian: the verb agrees with the player, the stones take their case.
    let russian = Locale::new(Lang::Ru);
    let as_black = Mode::Computer { level: Level::EASY, human: Side::Black };
    let (game, verdict) = marked_move(as_black, 23);
    let (hole, better) = (verdict.hole, verdict.better.as_ref().unwrap().hole);
    assert_eq!(
        read(&mistake_words(&russian, &game, 23, &verdict).unwrap()),
        format!(
            "Ход 12 компьютера (лунка {hole}) стоил 11 камней; лучше была лунка {better}: берёт 10 камней."
        )
    );
    assert_eq!(
        read(&left_theory_words(&russian, &game, 23)),
        format!("Компьютер ушёл от партий мастеров на ходе 12 (лунка {hole})")
    );
    assert_eq!(eval_words(&russian, &as_black, 2.0 * DECISIVE_STONES), "Оценка: компьютер выигрывает");
    assert_eq!(eval_words(&russian, &as_black, -DECISIVE_STONES), "Оценка: вы выигрываете");
    assert_eq!(read(&eval_words(&russian, &hot_seat, -22.0)), "Оценка: чёрные впереди на 22 камня");
}

#[test]
fn the_computer_s_estimate_wraps_inside_its_panel_on_tablets_and_phones_in_russian_and_kazakh() {
    let dir = save_dir("analysis-estimate-fits");
    for lang in [Lang::Ru, Lang::Kk] {
        for size in [TABLET, Vec2::new(1024.0, 1366.0), PHONE] {
            let _ = std::fs::remove_dir_all(&dir);
            std::fs::create_dir_all(&dir).unwrap();
            finished_game_of_mode_in_history(&dir, 5, MODES[0]);
            super::flows::with_language(&dir, lang);
            let mut app = start_app(size, &dir);
            open_games(&mut app);
            press(&mut app, "Game 1");
            frames_until_analysed(&mut app);
            // The computer's widest lead before the end: the longest words ("Оценка: компьютер впереди на
            // 38 камней" ran past a tablet's side panel).
            let verdicts = app.world().resource::<Analysis>().verdicts.clone();
            let (i, _) = verdicts[..verdicts.len() - 1]
                .iter()
                .enumerate()
                .filter(|(_, v)| v.after.abs() < DECISIVE_STONES)
                .max_by(|a, b| (-a.1.after).total_cmp(&-b.1.after))
                .unwrap();
            app.world_mut().write_message(toguz::app::screens::review::shown::ReviewAt(Some(i + 1)));
            frames(&mut app, 4);
            let what = format!("{} at {size}, move {}", lang.code(), i + 1);
            let s = 1.0 / super::flows::WINDOW_SCALE;
            let mut q = app.world_mut().query::<(Entity, &Name, &ComputedNode, &UiGlobalTransform)>();
            let panel = q
                .iter(app.world())
                .find(|(_, n, ..)| n.as_str() == "Analysis panel")
                .map(|(_, _, node, at)| Rect::from_center_size(at.translation * s, node.size() * s))
                .expect("the computer's view");
            let row = q.iter(app.world()).find(|(_, n, ..)| n.as_str() == "Evaluation").unwrap().0;
            let mut texts = app.world_mut().query::<(
                &Text,
                &bevy::text::TextLayoutInfo,
                &ComputedNode,
                &UiGlobalTransform,
                &ChildOf,
            )>();
            let (words, laid_out, label) = texts
                .iter(app.world())
                .find(|(.., parent)| parent.parent() == row)
                .map(|(t, laid_out, node, at, _)| {
                    // The layout's size is in the UI's units, before its scale.
                    let size = laid_out.size * laid_out.scale_factor * s;
                    (t.0.clone(), size, Rect::from_center_size(at.translation * s, node.size() * s))
                })
                .expect("the estimate's words");
            assert!(words.contains(&lang_computer(lang)), "{what}: the computer leads: '{words}'");
            // The words within their node (a wrapped line's last space may hang past it), and their node
            // within the panel and the window.
            let words_end = label.min.x + laid_out.x;
            assert!(
                words_end <= label.max.x + 8.0 && label.max.x <= panel.max.x + 1.0 && label.max.x <= size.x,
                "{what}: '{words}' ({laid_out}) at {label:?} runs past its panel {panel:?}"
            );
            super::flows::assert_texts_whole(&mut app, &what);
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// "the computer" in the estimate's words of `lang`.
fn lang_computer(lang: Lang) -> String {
    Locale::new(lang).t("player.computer").to_lowercase()
}

/// The verdicts on every move of `game`: each loses the stones `losses` gives it (by the move's index, from
/// 0), the others nothing; a move that lost `MISTAKE_STONES` or more has a better move, with `reasons`.
fn verdicts_losing(game: &Game, losses: &[(usize, f32)], reasons: &[Reason]) -> Vec<Verdict> {
    game.history()
        .iter()
        .enumerate()
        .map(|(i, played)| {
            let loss = losses.iter().find(|(at, _)| *at == i).map_or(0.0, |(_, loss)| *loss);
            let hole = played.outcome.hole;
            let better = Hole::new(hole.number() % 9 + 1).unwrap();
            Verdict {
                hole,
                side: played.outcome.side,
                before: 0.0,
                after: -loss,
                loss,
                better: (loss >= MISTAKE_STONES).then(|| Hint {
                    hole: better,
                    reasons: reasons.to_vec(),
                    eval_stones: 0.0,
                }),
                forced_after: None,
            }
        })
        .collect()
}

/// A new player's try (issue 46): after a clear win against Easy, review said "You: 20" moves had lost 3
/// stones or more. It names the few moves that changed the game instead, the largest losses first, each
/// as a player reads a move ("move 9, hole 4", never "9. 41"); against Easy only a move that lost 5 stones
/// or more counts, and against the computer only the person's own moves are named.
#[test]
fn the_review_names_at_most_three_moves_that_changed_the_game_in_words() {
    let english = Locale::new(Lang::En);
    let (_, holes) = play_game(&Player::Random, &Player::Random, &[], 3);
    let easy = Mode::Computer { level: Level::EASY, human: Side::White };
    let medium = Mode::Computer { level: Level::MEDIUM, human: Side::White };
    assert_eq!(mistake_stones(&easy), BEGINNER_MISTAKE_STONES);
    assert_eq!((mistake_stones(&medium), mistake_stones(&Mode::HotSeat)), (MISTAKE_STONES, MISTAKE_STONES));
    // White's moves are the even indices: 4 is White's third move, 16 its ninth, 22 its twelfth; 5 is
    // Black's third.
    let losses = [(2, 4.0), (4, 9.0), (5, 15.0), (10, 6.0), (16, 12.0), (20, 3.5), (22, 7.0)];
    let game = Game::from_moves(easy, &holes).unwrap();
    let verdicts = verdicts_losing(&game, &losses, &[Reason::Captures(4)]);
    let hole = |i: usize| game.history()[i].outcome.hole;
    assert!(!marked(&easy, &verdicts[2]) && marked(&easy, &verdicts[10]), "against Easy, from 5 stones");
    assert!(marked(&medium, &verdicts[2]), "against Medium, from 3 stones");
    let said = read(&summary_words(&english, &game, &verdicts, 3));
    assert_eq!(
        said,
        format!(
            "Your moves that changed the game most: move 9, hole {}, lost 12 stones; move 3, hole {}, lost \
             9 stones; move 12, hole {}, lost 7 stones. Tap the graph to jump.",
            hole(16),
            hole(4),
            hole(22)
        )
    );
    assert!(!said.contains(&move_label(&game, 17).unwrap()), "no notation: {said}");
    // Fewer when the line has room for fewer; none marked, said kindly.
    assert_eq!(read(&summary_words(&english, &game, &verdicts, 1)).matches(" lost ").count(), 1);
    let small = verdicts_losing(&game, &[(2, 4.0), (20, 3.5)], &[Reason::Captures(4)]);
    assert_eq!(
        read(&summary_words(&english, &game, &small, 3)),
        "None of your moves lost 5 stones or more. Tap the graph to jump."
    );
    // In hot-seat both players' moves, each naming its player.
    let game = Game::from_moves(Mode::HotSeat, &holes).unwrap();
    let verdicts = verdicts_losing(&game, &losses, &[Reason::Captures(4)]);
    assert_eq!(
        read(&summary_words(&english, &game, &verdicts, 3)),
        format!(
            "The moves that changed the game most: Black's move 3, hole {}, lost 15 stones; White's move 9, \
             hole {}, lost 12 stones; White's move 3, hole {}, lost 9 stones. Tap the graph to jump.",
            hole(5),
            hole(16),
            hole(4)
        )
    );
    // Every language fills its sentence and names the moves and holes (as White against Easy and in
    // hot-seat, the same three moves).
    for lang in Lang::ALL {
        let locale = Locale::new(lang);
        for mode in [MODES[0], MODES[2]] {
            let game = Game::from_moves(mode, &holes).unwrap();
            let verdicts = verdicts_losing(&game, &losses, &[Reason::Captures(4)]);
            let said = summary_words(&locale, &game, &verdicts, 3);
            assert!(!said.contains('{') && !said.contains("analysis."), "{}: {said}", lang.code());
            let named = numbers(&said);
            for n in [9, u32::from(hole(16).number()), 12] {
                assert!(named.contains(&n), "{}: '{said}' names {n}", lang.code());
            }
            assert!(said.matches(';').count() <= 2, "{}: three at most: {said}", lang.code());
        }
    }
}

/// Whether each of these marked moves is told only "keeps moves for later".
fn both_vague(pair: &[Vec<Reason>]) -> bool {
    pair.iter().all(|reasons| *reasons == [Reason::KeepsMoves])
}

/// A new player's try (issue 46): "keeps moves for later" came back move after move and said nothing. Of
/// two marked moves in a row, the second is not told the same vague words: it gets what the search
/// counts, in stones.
#[test]
fn the_reasons_of_consecutive_moves_are_not_the_same_vague_words() {
    let english = Locale::new(Lang::En);
    let (_, holes) = play_game(&Player::Random, &Player::Random, &[], 3);
    let game = Game::from_moves(Mode::HotSeat, &holes).unwrap();
    // Four marked moves in a row with nothing concrete to say, a small loss between them (not marked),
    // then one that captures.
    let mut verdicts =
        verdicts_losing(&game, &[(2, 4.0), (3, 1.0), (4, 6.0), (6, 5.0), (8, 8.0)], &[Reason::KeepsMoves]);
    verdicts[10] = verdicts_losing(&game, &[(10, 9.0)], &[Reason::Captures(4)]).swap_remove(10);
    let counted = |v: &Verdict| marked(&Mode::HotSeat, v);
    let marked_moves: Vec<usize> = (0..verdicts.len()).filter(|&i| counted(&verdicts[i])).collect();
    assert_eq!(marked_moves, [2, 4, 6, 8, 10]);
    let told: Vec<Vec<Reason>> = marked_moves.iter().map(|&i| shown_reasons(&verdicts, i, counted)).collect();
    for pair in told.windows(2) {
        assert!(!both_vague(pair), "two marked moves in a row told the same vague words: {told:?}");
    }
    assert_eq!(told[1], [Reason::Outscores { stones: 6, moves: 3 }]);
    assert_eq!(told[4], [Reason::Captures(4)], "a concrete reason is told as it is");
    // In words: the second names its stones.
    let mut second = verdicts[4].clone();
    second.better.as_mut().unwrap().reasons = told[1].clone();
    let line = read(&mistake_words(&english, &game, 5, &second).unwrap());
    assert!(
        line.ends_with("was better: by the computer's count, 6 stones better over the next 3 moves."),
        "{line}"
    );
    let mut first = verdicts[2].clone();
    first.better.as_mut().unwrap().reasons = told[0].clone();
    assert_ne!(
        read(&mistake_words(&english, &game, 3, &first).unwrap()).split(": ").last(),
        line.split(": ").last()
    );
}

/// The reasons review gives against the move played (a capture given away, a tuzdik opened, holes left
/// to play, a reserve spent, stones sent across) are true on the board: each is checked against the rules
/// in the position the move was played from, over a whole game analysed. And the words never repeat the
/// vague "keeps moves for later" for two marked moves in a row.
#[test]
fn every_reason_review_gives_against_the_move_played_is_true_on_the_board() {
    let (_, numbers) = play_game(&Player::Random, &Player::Random, &[], 5);
    let holes: Vec<Hole> = numbers.iter().map(|&n| Hole::new(n).unwrap()).collect();
    let verdicts = analyse(Position::start(), &holes);
    assert_eq!(verdicts.len(), holes.len());
    let after = |pos: &Position, hole: Hole| {
        let mut p = *pos;
        p.play_unchecked(hole);
        p
    };
    // The opponent's best capture at once, and whether it can make a tuzdik: it is their move.
    let threat = |p: &Position| {
        let previews: Vec<_> = p.legal_moves().map(|h| p.preview(h)).collect();
        (previews.iter().map(|v| v.captured).max().unwrap_or(0), previews.iter().any(|v| v.tuzdik.is_some()))
    };
    let mut pos = Position::start();
    let mut concrete = 0;
    for (v, &played) in verdicts.iter().zip(&holes) {
        if let Some(better) = &v.better {
            let me = pos.side_to_move();
            let (with_better, with_played) = (after(&pos, better.hole), after(&pos, played));
            let playable = |p: &Position| p.row(me).iter().filter(|&&n| n > 0).count() as u8;
            for reason in &better.reasons {
                let true_here = match *reason {
                    Reason::DeniesCapture(n) => threat(&with_played).0 == n && threat(&with_better).0 == 0,
                    Reason::GivesLess { given, instead } => {
                        threat(&with_better).0 == given && threat(&with_played).0 == instead
                    }
                    Reason::AvoidsTuzdik => threat(&with_played).1 && !threat(&with_better).1,
                    Reason::KeepsHoles { holes, instead } => {
                        playable(&with_better) == holes && playable(&with_played) == instead
                    }
                    Reason::KeepsReserve { hole, stones } => hole == played && pos.stones(me, hole) == stones,
                    Reason::KeepsOnSide(n) => {
                        with_better.stones_on_side(me) == with_played.stones_on_side(me) + n
                    }
                    _ => true,
                };
                assert!(true_here, "{reason:?} for hole {} against {played} in {pos}", better.hole);
                concrete += usize::from(*reason != Reason::KeepsMoves);
            }
        }
        pos.play_unchecked(played);
    }
    assert!(concrete > 0, "a random game has moves to explain");
    let counted = |v: &Verdict| marked(&Mode::HotSeat, v);
    let told: Vec<Vec<Reason>> = (0..verdicts.len())
        .filter(|&i| counted(&verdicts[i]))
        .map(|i| shown_reasons(&verdicts, i, counted))
        .collect();
    assert!(!told.windows(2).any(both_vague), "{told:?}");
}
