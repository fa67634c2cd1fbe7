//! The masters' openings in the app, headless: they open from the training's menu on the start position
//! with the masters' first moves lit on their holes and listed with their figures; a tap on a lit hole
//! (or on its row) goes down the tree, Undo comes back up, the engine gives its figure for every master
//! move, and Back returns to the puzzles. Review tells where a game left the masters' games, and lights
//! the masters' moves while it is in them.

use bevy::prelude::*;
use toguz::app::screens::openings::book::{MasterBook, MasterBookHandle};
use toguz::app::screens::openings::screen::OpeningsWalk;
use toguz::app::state::screen::Screen;
use toguz::app::state::session::Session;
use toguz::openings::{FILE, Openings};
use toguz::rules::{Hole, Position, Side};

use super::flows::{
    PHONE, PHONE_SIDEWAYS, TABLET, assert_nothing_clipped, frames, has_button, press, save_dir, screen,
    start_app, start_hot_seat, tap_hole,
};
use super::motion::touch_hole;

/// The book the app ships, read as the app reads it.
fn book() -> Openings {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets").join(FILE);
    Openings::parse(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn walk(app: &App) -> &OpeningsWalk {
    app.world().resource::<OpeningsWalk>()
}

/// Whether the app has read the book (on the asset server's thread).
fn book_read(app: &App) -> bool {
    let world = app.world();
    let (Some(handle), Some(books)) =
        (world.get_resource::<MasterBookHandle>(), world.get_resource::<Assets<MasterBook>>())
    else {
        return false;
    };
    books.get(&handle.0).is_some()
}

/// Runs frames until the board is still, the book read and the engine has looked at the position shown.
fn settle(app: &mut App) {
    for _ in 0..3_000 {
        app.update();
        let still = !app.world().resource::<toguz::app::board::sowing::Timeline>().running();
        if still && book_read(app) && walk(app).engine_view().is_some() {
            frames(app, 3);
            return;
        }
    }
    panic!("the engine never gave its view");
}

/// From the title, through the training's menu, to the openings.
fn open_openings(app: &mut App) {
    press(app, "Settings");
    press(app, "Puzzles");
    frames(app, 30);
    press(app, "Menu");
    press(app, "Masters' openings");
    frames(app, 3);
    assert_eq!(screen(app), Screen::Openings);
    settle(app);
}

fn lit_holes(app: &mut App) -> Vec<String> {
    let mut q = app.world_mut().query::<&Name>();
    let mut lit: Vec<String> = q
        .iter(app.world())
        .filter_map(|n| n.as_str().strip_prefix("Opening mark ").map(str::to_string))
        .collect();
    lit.sort();
    lit
}

#[test]
fn the_openings_show_the_masters_first_moves_lit_on_the_board_with_the_engines_view() {
    let tree = book();
    let first = tree.moves(&[]);
    assert!(first.len() >= 3, "the masters open with several moves: {first:?}");
    for size in [PHONE, PHONE_SIDEWAYS, TABLET] {
        let dir = save_dir("openings-open");
        let mut app = start_app(size, &dir);
        open_openings(&mut app);
        assert_eq!(*app.world().resource::<Session>().game.position(), Position::start(), "{size}");
        let mut expected: Vec<String> = first.iter().map(|m| m.hole.to_string()).collect();
        expected.sort();
        assert_eq!(lit_holes(&mut app), expected, "{size}: every first move of the masters is lit");
        assert!(
            has_button(&mut app, &format!("Master move {}", first[0].hole)),
            "{size}: the most played is listed"
        );
        let view = walk(&app).engine_view().unwrap().clone();
        for m in &first {
            assert!(
                view.root_scores.iter().any(|(h, _)| *h == m.hole),
                "{size}: the engine scored the master move {}",
                m.hole
            );
        }
        assert_nothing_clipped(&mut app, size, &format!("{size}, the openings"));
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn a_tap_on_a_master_move_goes_down_the_tree_and_undo_comes_back() {
    let tree = book();
    let dir = save_dir("openings-walk");
    let mut app = start_app(PHONE, &dir);
    open_openings(&mut app);
    let first = tree.moves(&[])[0].hole;
    touch_hole(&mut app, Side::White, first.number());
    settle(&mut app);
    assert_eq!(walk(&app).line, vec![first], "the tap played the move");
    let mut after = Position::start();
    after.play(first).unwrap();
    assert_eq!(*app.world().resource::<Session>().game.position(), after, "the rules played it on the board");
    // Black's reply, from its row under the board.
    let reply = tree.moves(&[first])[0].hole;
    press(&mut app, &format!("Master move {reply}"));
    settle(&mut app);
    assert_eq!(walk(&app).line, vec![first, reply]);
    let mut expected: Vec<String> = tree.moves(&[first, reply]).iter().map(|m| m.hole.to_string()).collect();
    expected.sort();
    assert_eq!(lit_holes(&mut app), expected, "the masters' next moves are lit");
    press(&mut app, "Undo");
    settle(&mut app);
    assert_eq!(walk(&app).line, vec![first], "Undo goes one move back");
    assert_eq!(*app.world().resource::<Session>().game.position(), after);
    // A tap on the side not to move plays nothing.
    touch_hole(&mut app, Side::White, first.number());
    frames(&mut app, 5);
    assert_eq!(walk(&app).line, vec![first], "White's holes do not play on Black's turn");
    press(&mut app, "Close the openings");
    frames(&mut app, 5);
    assert_eq!(screen(&app), Screen::Training, "the openings close back to the puzzles");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Every text on screen.
fn texts(app: &mut App) -> Vec<String> {
    let mut q = app.world_mut().query::<&Text>();
    q.iter(app.world()).map(|t| t.0.clone()).collect()
}

#[test]
fn review_tells_where_a_game_left_the_masters_games() {
    let tree = book();
    // The masters' most played line for three moves, then a move none of them played there.
    let mut line: Vec<Hole> = Vec::new();
    for _ in 0..3 {
        line.push(tree.moves(&line)[0].hole);
    }
    let mut position = Position::start();
    for &h in &line {
        position.play(h).unwrap();
    }
    let masters: Vec<Hole> = tree.moves(&line).iter().map(|m| m.hole).collect();
    let off = position.legal_moves().find(|h| !masters.contains(h)).expect("a move the masters did not play");
    let dir = save_dir("openings-review");
    let mut app = start_app(PHONE, &dir);
    start_hot_seat(&mut app);
    frames(&mut app, 3);
    for (i, h) in line.iter().chain([&off]).enumerate() {
        tap_hole(&mut app, if i % 2 == 0 { Side::White } else { Side::Black }, h.number());
    }
    press(&mut app, "Menu");
    press(&mut app, "Moves");
    press(&mut app, "Review");
    assert_eq!(screen(&app), Screen::Review);
    // The book is read off the frame, on the asset server's thread.
    for _ in 0..600 {
        if texts(&mut app).iter().any(|t| t.contains("masters' games")) {
            break;
        }
        app.update();
    }
    // The fourth move of the game is Black's second.
    let said = texts(&mut app);
    let game = app.world().resource::<toguz::app::screens::review::shown::Review>().game.clone();
    // In words a new player reads: who, the move's number and the hole ("2... 55" was notation).
    assert_eq!(toguz::game::move_label(&game, 4).unwrap().split('…').next(), Some("2"));
    let left = format!("Black left the masters' games on move 2 (hole {off})");
    assert!(
        said.iter().any(|t| t.replace('\u{a0}', " ") == left),
        "the review at the last move says where the game left the masters: {said:?}"
    );
    press(&mut app, "First move");
    frames(&mut app, 5);
    let said = texts(&mut app);
    assert!(said.iter().any(|t| t == "In the masters' games"), "at the start, still in them: {said:?}");
    let mut first: Vec<String> = tree.moves(&[]).iter().map(|m| m.hole.to_string()).collect();
    first.sort();
    assert_eq!(lit_holes(&mut app), first, "the masters' first moves are lit in review too");
    press(&mut app, "Last move");
    frames(&mut app, 30);
    assert!(lit_holes(&mut app).is_empty(), "nothing is lit once the game has left the masters' games");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The figure of a text ("+1.5", "-2.0", "0.0"), where the whole text is one.
fn figure(text: &str) -> Option<f32> {
    (text.starts_with(['+', '-', '0']) && text.contains('.')).then(|| text.parse().ok()).flatten()
}

/// A new player's try (issue 32): on Black's move the masters' openings scored from White's side, and
/// Black's best move showed −2.2. The figures are the side to move's: the engine's best has the highest,
/// and its line says whose figure it is.
#[test]
fn the_engines_figures_are_for_the_side_to_move() {
    let tree = book();
    let dir = save_dir("openings-mover");
    let mut app = start_app(PHONE, &dir);
    open_openings(&mut app);
    let first = tree.moves(&[])[0].hole;
    touch_hole(&mut app, Side::White, first.number());
    settle(&mut app);
    assert_eq!(app.world().resource::<Session>().game.position().side_to_move(), Side::Black);
    let view = walk(&app).engine_view().unwrap().clone();
    let best = view.best();
    let shown = texts(&mut app);
    // Each master move's row ends with its figure.
    let rows: Vec<f32> = shown.iter().filter_map(|t| figure(t)).collect();
    assert!(!rows.is_empty(), "the master moves have figures: {shown:?}");
    let line = shown.iter().find(|t| t.starts_with("Engine:")).expect("the engine's line").clone();
    assert!(line.contains(&format!("hole {best},")) && line.ends_with("for Black"), "Black's figure: {line}");
    let said: f32 = line.split(", ").nth(1).and_then(|t| t.split(' ').next()).and_then(figure).unwrap();
    for row in &rows {
        assert!(said >= row - 0.05, "Black's best ({said}) scores below another of Black's moves ({row})");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
