//! Looking back at a game: the move list, the last move on the board, review and "Play from here", as a
//! player who knows a game's record (or Lichess, or PlayOK) expects them.

use bevy::prelude::*;
use toguz::app::board::last_move::LastMoveMark;
use toguz::app::board::layout::BoardLayout;
use toguz::app::screens::review::move_list::MoveCell;
use toguz::app::state::panels::{Panel, Panels};
use toguz::app::state::screen::Screen;
use toguz::app::state::session::Session;
use toguz::app::ui::widgets::Selected;
use toguz::rules::Side;
use toguz::rules::notation::MoveText;

use bevy::input::touch::{TouchInput, TouchPhase};
use toguz::app::screens::review::shown::Review;
use toguz::game::Game;

use super::flows::{
    PHONE, PHONE_SIDEWAYS, SMALL_PHONE, TABLET, assert_board_whole, assert_nothing_clipped, flushed_save,
    frames, has_button, moves, press, save_dir, screen, start_app, start_hot_seat, tap_hole, window_entity,
};
use super::lifecycle::system_back;

/// The list's cells as shown: (move index, text, lit).
pub(crate) fn cells(app: &mut App) -> Vec<(usize, String, bool)> {
    let mut q = app.world_mut().query::<(&MoveCell, &Children, &InheritedVisibility, Has<Selected>)>();
    let cells: Vec<(usize, Entity, bool)> = q
        .iter(app.world())
        .filter(|(_, _, v, _)| v.get())
        .map(|(c, children, _, lit)| (c.0, children[0], lit))
        .collect();
    let mut found: Vec<_> = cells
        .into_iter()
        .map(|(i, label, lit)| (i, app.world().get::<Text>(label).unwrap().0.clone(), lit))
        .collect();
    found.sort();
    found
}

#[test]
fn the_move_list_shows_every_move_in_the_records_notation_with_the_last_one_lit() {
    for size in [PHONE, TABLET] {
        let dir = save_dir("move-list");
        let mut app = start_app(size, &dir);
        start_hot_seat(&mut app);
        frames(&mut app, 3);
        press(&mut app, "Menu");
        press(&mut app, "Moves");
        assert!(app.world().resource::<Panels>().contains(Panel::MoveList));
        assert!(cells(&mut app).is_empty(), "no moves yet");
        press(&mut app, "Close");
        for (side, hole) in
            [(Side::White, 7), (Side::Black, 3), (Side::White, 2), (Side::Black, 9), (Side::White, 1)]
        {
            tap_hole(&mut app, side, hole);
        }
        let expected: Vec<String> = app
            .world()
            .resource::<Session>()
            .game
            .history()
            .iter()
            .map(|p| MoveText::of(&p.outcome).to_string())
            .collect();
        press(&mut app, "Menu");
        press(&mut app, "Moves");
        let shown = cells(&mut app);
        assert_eq!(shown.iter().map(|c| c.1.clone()).collect::<Vec<_>>(), expected, "at {size}");
        let lit: Vec<usize> = shown.iter().filter(|c| c.2).map(|c| c.0).collect();
        assert_eq!(lit, [4], "only the last move is lit");
        // The list took the menu's place: Back closes it, back to the game, untouched.
        assert!(!has_button(&mut app, "Resume"), "the menu made way for the list");
        system_back(&mut app);
        assert!(!app.world().resource::<Panels>().contains(Panel::MoveList));
        assert_eq!(screen(&app), Screen::Game);
        assert!(has_button(&mut app, "Menu"));
        assert_eq!(app.world().resource::<Session>().game.history().len(), 5);
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn the_last_move_is_marked_on_its_hole_and_where_its_last_stone_landed() {
    let dir = save_dir("last-move");
    let mut app = start_app(PHONE, &dir);
    start_hot_seat(&mut app);
    frames(&mut app, 3);
    let visible = |app: &mut App| {
        let mut q = app.world_mut().query::<(&LastMoveMark, &Visibility)>();
        q.iter(app.world()).filter(|(_, v)| **v == Visibility::Visible).count()
    };
    assert_eq!(visible(&mut app), 0, "no move, no mark");
    for (side, hole) in [(Side::White, 7), (Side::Black, 4)] {
        tap_hole(&mut app, side, hole);
        let last = app.world().resource::<Session>().game.last_move().cloned().unwrap();
        let layout = app.world().resource::<BoardLayout>().clone();
        let mut q = app.world_mut().query::<(&LastMoveMark, &Transform, &Visibility)>();
        let marks: Vec<_> = q.iter(app.world()).map(|(m, t, v)| (*m, t.translation.truncate(), *v)).collect();
        assert_eq!(marks.len(), 2);
        for (mark, at, visibility) in marks {
            assert_eq!(visibility, Visibility::Visible);
            let (side, hole) = if mark == LastMoveMark::From { (last.side, last.hole) } else { last.landing };
            assert!(at.distance(layout.hole(side, hole).center()) < 0.5, "{mark:?} on {side} {hole}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn every_move_of_a_long_game_is_reached_from_the_move_list_page_by_page() {
    for size in [SMALL_PHONE, PHONE_SIDEWAYS] {
        long_move_list_by_pages(size);
    }
}

fn long_move_list_by_pages(size: Vec2) {
    let dir = save_dir("long-move-list");
    let mut app = start_app(size, &dir);
    start_hot_seat(&mut app);
    frames(&mut app, 3);
    let game = super::flows::finished_game();
    let total = game.history().len();
    {
        let world = app.world_mut();
        let generation = world.resource::<Session>().generation + 1;
        *world.resource_mut::<Session>() =
            Session { game, generation, owner: toguz::app::state::session::BoardOwner::Game };
        world.write_message(toguz::app::state::session::BoardReset);
    }
    frames(&mut app, 4);
    press(&mut app, "Moves");
    let latest = cells(&mut app);
    assert!(latest.len() < total, "a game of {total} moves is longer than a page at {size}");
    assert_eq!(
        latest.last().map(|c| (c.0, c.2)),
        Some((total - 1, true)),
        "the list opens at the last move, lit"
    );
    assert!(!has_button(&mut app, "Later moves"), "nothing after the last page");
    // Paging back reaches the first move, every move on some page, with no gap between pages.
    let mut seen: Vec<usize> = latest.iter().map(|c| c.0).collect();
    let mut pages = 1;
    while has_button(&mut app, "Earlier moves") {
        press(&mut app, "Earlier moves");
        let page = cells(&mut app);
        let (first, last) = (page.first().unwrap().0, page.last().unwrap().0);
        assert!(
            last + 1 >= *seen.iter().min().unwrap(),
            "page {pages} ({first}..={last}) meets the one after it"
        );
        seen.extend(page.iter().map(|c| c.0));
        pages += 1;
        assert!(pages < 20, "paging back ends");
    }
    seen.sort();
    seen.dedup();
    assert_eq!(
        seen,
        (0..total).collect::<Vec<_>>(),
        "every move of {total} on one of {pages} pages at {size}"
    );
    assert_nothing_clipped(&mut app, size, &format!("the first page at {size}"));
    assert!(has_button(&mut app, "Later moves"), "the first page leads on");
    // The first move opens the review there; the list opened in review shows the page with that move.
    press(&mut app, "Move 1");
    assert_eq!(screen(&app), Screen::Review);
    assert_eq!(review_at(&app), 1);
    press(&mut app, "Moves");
    let page = cells(&mut app);
    assert_eq!(
        page.first().map(|c| (c.0, c.2)),
        Some((0, true)),
        "the list in review opens at the move shown"
    );
    press(&mut app, "Later moves");
    let next = cells(&mut app);
    let (before, after) = (page.last().unwrap().0, next.last().unwrap().0);
    assert!(
        after > before && next.first().unwrap().0 <= before + 1,
        "and pages on: up to {before}, then up to {after}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Plays these holes in hot-seat from the title, alternating sides from white.
pub(crate) fn hot_seat_game(app: &mut App, holes: &[u8]) {
    start_hot_seat(app);
    frames(app, 3);
    for (i, &hole) in holes.iter().enumerate() {
        tap_hole(app, if i % 2 == 0 { Side::White } else { Side::Black }, hole);
    }
}

fn review_at(app: &App) -> usize {
    app.world().resource::<Review>().at
}

fn key_press(app: &mut App, key: KeyCode) {
    use bevy::input::ButtonState;
    use bevy::input::keyboard::{Key, KeyboardInput};
    let window = window_entity(app);
    for state in [ButtonState::Pressed, ButtonState::Released] {
        let logical_key = Key::Unidentified(bevy::input::keyboard::NativeKey::Unidentified);
        app.world_mut().write_message(KeyboardInput {
            key_code: key,
            logical_key,
            state,
            text: None,
            repeat: false,
            window,
        });
    }
    frames(app, 2);
}

/// A finger drawn across the board by `dx` pixels.
fn swipe(app: &mut App, dx: f32) {
    let layout = app.world().resource::<BoardLayout>().clone();
    let c = layout.board.center();
    let from = Vec2::new(c.x + layout.window.x / 2.0, layout.window.y / 2.0 - c.y);
    let window = window_entity(app);
    for (phase, at) in [(TouchPhase::Started, from), (TouchPhase::Moved, from + Vec2::new(dx / 2.0, 0.0))] {
        app.world_mut().write_message(TouchInput { phase, position: at, window, force: None, id: 77 });
        frames(app, 1);
    }
    let end = TouchInput {
        phase: TouchPhase::Ended,
        position: from + Vec2::new(dx, 0.0),
        window,
        force: None,
        id: 77,
    };
    app.world_mut().write_message(end);
    frames(app, 3);
}

#[test]
fn review_steps_through_the_game_by_buttons_swipes_and_the_list_and_leaves_the_game_untouched() {
    let dir = save_dir("review");
    let mut app = start_app(PHONE, &dir);
    hot_seat_game(&mut app, &[7, 3, 2, 9, 1]);
    let game: Game = app.world().resource::<Session>().game.clone();
    press(&mut app, "Menu");
    press(&mut app, "Moves");
    press(&mut app, "Review");
    assert_eq!(screen(&app), Screen::Review);
    assert_eq!(review_at(&app), 5, "review opens at the last move");
    press(&mut app, "First move");
    assert_eq!(*app.world().resource::<Session>().game.position(), game.start());
    assert_board_whole_in_review(&mut app);
    press(&mut app, "Next move");
    assert!(
        app.world().resource::<toguz::app::board::sowing::Timeline>().running(),
        "a step forward is sown again"
    );
    frames(&mut app, 200);
    assert_eq!(moves(&app), [7]);
    assert_board_whole_in_review(&mut app);
    swipe(&mut app, -120.0);
    frames(&mut app, 200);
    assert_eq!(review_at(&app), 2, "a swipe to the left goes forward");
    swipe(&mut app, 120.0);
    assert_eq!(review_at(&app), 1, "a swipe to the right goes back");
    press(&mut app, "Last move");
    assert_eq!(review_at(&app), 5);
    // A keyboard steps too: the arrows as ‹ ›, Home and End as « ».
    for (key, at) in
        [(KeyCode::ArrowLeft, 4), (KeyCode::Home, 0), (KeyCode::ArrowRight, 1), (KeyCode::End, 5)]
    {
        key_press(&mut app, key);
        frames(&mut app, 200);
        assert_eq!(review_at(&app), at, "after {key:?}");
    }
    press(&mut app, "Previous move");
    assert_eq!(*app.world().resource::<Session>().game.position(), game.history()[4].before);
    // A move tapped in the list shows the position after it.
    press(&mut app, "Moves");
    let lit: Vec<usize> = cells(&mut app).iter().filter(|c| c.2).map(|c| c.0).collect();
    assert_eq!(lit, [3], "the list lights the move the board shows");
    press(&mut app, "Move 2");
    assert_eq!(review_at(&app), 2);
    assert!(!app.world().resource::<Panels>().contains(Panel::MoveList));
    assert_eq!(
        flushed_save(&mut app, &dir).game.map(|g| g.moves),
        Some(vec![7, 3, 2, 9, 1]),
        "nothing of the review is saved"
    );
    // Back (the system's, or the button) returns to the game as it was.
    super::lifecycle::system_back(&mut app);
    assert_eq!(screen(&app), Screen::Game);
    assert_eq!(moves(&app), [7, 3, 2, 9, 1]);
    assert_board_whole(&mut app);
    tap_hole(&mut app, Side::Black, 5);
    assert_eq!(moves(&app).len(), 6, "the game goes on");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The board in review: the same checks as in a game, on the review screen.
fn assert_board_whole_in_review(app: &mut App) {
    assert_eq!(screen(app), Screen::Review);
    let counts = toguz::app::board::stones::counts_at_rest(app.world().resource::<Session>());
    let shown = app.world().resource::<toguz::app::board::stones::StoneSlots>().counts();
    assert_eq!(shown, counts, "the stones are where the rules say");
}

#[test]
fn play_from_here_starts_a_new_game_from_the_reviewed_position_and_it_survives_a_restart() {
    let dir = save_dir("play-from-here");
    let reviewed = {
        let mut app = start_app(PHONE, &dir);
        hot_seat_game(&mut app, &[7, 3, 2, 9]);
        press(&mut app, "Menu");
        press(&mut app, "Moves");
        press(&mut app, "Move 2");
        assert_eq!(screen(&app), Screen::Review, "a move tapped in the game's list opens review there");
        let reviewed = *app.world().resource::<Session>().game.position();
        // Looking back never shortens the game kept: not in the save, not in the history.
        let saved = flushed_save(&mut app, &dir);
        assert_eq!(saved.game.map(|g| g.moves), Some(vec![7, 3, 2, 9]));
        let history = &app.world().resource::<toguz::app::saves::history::History>().games;
        assert_eq!(history.iter().map(|g| g.game.moves.clone()).collect::<Vec<_>>(), [vec![7, 3, 2, 9]]);
        // The game set aside is unfinished: the new game would replace it, so the player is asked.
        press(&mut app, "Play from here");
        assert_eq!(screen(&app), Screen::Review);
        press(&mut app, "Stay in the review");
        assert_eq!(screen(&app), Screen::Review);
        assert_eq!(app.world().resource::<Review>().game.moves(), [7, 3, 2, 9]);
        press(&mut app, "Play from here");
        // The question's own button: the bar's is under the question.
        press(&mut app, "Play from here");
        frames(&mut app, 2);
        assert_eq!(screen(&app), Screen::Game);
        assert_eq!(*app.world().resource::<Session>().game.position(), reviewed);
        assert!(moves(&app).is_empty(), "a new game");
        tap_hole(&mut app, Side::White, 5);
        let history = &app.world().resource::<toguz::app::saves::history::History>().games;
        let kept: Vec<Vec<u8>> = history.iter().map(|g| g.game.moves.clone()).collect();
        assert_eq!(kept, [vec![7, 3, 2, 9], vec![5]], "the game played on from is kept whole");
        reviewed
    };
    let mut app = start_app(PHONE, &dir);
    press(&mut app, "Continue");
    frames(&mut app, 3);
    let game = app.world().resource::<Session>().game.clone();
    assert_eq!(game.start(), reviewed, "the game restarts from the reviewed position");
    assert_eq!(game.moves(), [5]);
    assert_board_whole(&mut app);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn review_after_undo_redo_and_a_restored_save_shows_exactly_the_games_moves() {
    let dir = save_dir("review-undo");
    {
        let mut app = start_app(PHONE, &dir);
        hot_seat_game(&mut app, &[7, 3, 2, 9]);
        // Each player takes back their own move: Black's 9 from the far bar, then White's 2.
        press(&mut app, "Undo (far side)");
        press(&mut app, "Undo");
        press(&mut app, "Redo");
        frames(&mut app, 5);
        assert_eq!(moves(&app), [7, 3, 2]);
        press(&mut app, "Menu");
        press(&mut app, "Moves");
        press(&mut app, "Review");
        assert_eq!(app.world().resource::<Review>().game.moves(), [7, 3, 2]);
        press(&mut app, "Back to the game");
        assert_eq!(moves(&app), [7, 3, 2]);
        // Black's 9 is still to redo, from Black's own bar.
        assert!(has_button(&mut app, "Redo (far side)"), "the redo line is still there after a review");
    }
    let mut app = start_app(PHONE, &dir);
    press(&mut app, "Continue");
    frames(&mut app, 3);
    press(&mut app, "Menu");
    press(&mut app, "Moves");
    press(&mut app, "Review");
    assert_eq!(app.world().resource::<Review>().game.moves(), [7, 3, 2]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A new player's try (issue 32): the move list's moves were 26 pixels tall, and a finger took the move
/// above or below. Every move is a target at least 44 pixels tall, and the pages still fit the screen.
#[test]
fn every_move_in_the_list_is_a_finger_sized_target() {
    use super::flows::named_rect;
    for size in [SMALL_PHONE, PHONE, PHONE_SIDEWAYS, TABLET] {
        let dir = save_dir("move-targets");
        let mut app = start_app(size, &dir);
        start_hot_seat(&mut app);
        frames(&mut app, 3);
        let game = super::flows::finished_game();
        {
            let world = app.world_mut();
            let generation = world.resource::<Session>().generation + 1;
            *world.resource_mut::<Session>() =
                Session { game, generation, owner: toguz::app::state::session::BoardOwner::Game };
            world.write_message(toguz::app::state::session::BoardReset);
        }
        frames(&mut app, 4);
        press(&mut app, "Moves");
        let shown = cells(&mut app);
        assert!(shown.len() > 10, "{size}: a page holds a good part of the game");
        for (i, _, _) in &shown {
            let r = named_rect(&mut app, &format!("Button Move {}", i + 1)).expect("a move's button");
            assert!(r.height() >= 44.0, "{size}: move {} is {} pixels tall", i + 1, r.height());
        }
        assert_nothing_clipped(&mut app, size, &format!("the move list at {size}"));
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// A new player's try (issue 32): the record's "copied" floated over the board's top rows once the move
/// list was closed. Over review's board it covers no hole; over the game's it leaves with the list.
#[test]
fn the_export_message_covers_no_hole_once_the_list_is_closed() {
    use super::flows::named_rect;
    use toguz::app::ui::toast::FloatingToast;
    for size in [PHONE, PHONE_SIDEWAYS, TABLET] {
        let dir = save_dir("export-message");
        let mut app = start_app(size, &dir);
        hot_seat_game(&mut app, &[7, 3, 2, 5]);
        press(&mut app, "Menu");
        press(&mut app, "Moves");
        press(&mut app, "Export");
        frames(&mut app, 3);
        assert!(app.world().resource::<FloatingToast>().shown().is_some(), "{size}: the export is told");
        press(&mut app, "Close");
        frames(&mut app, 3);
        assert!(named_rect(&mut app, "Floating message").is_none(), "{size}: the game's board is left clear");
        press(&mut app, "Menu");
        press(&mut app, "Moves");
        press(&mut app, "Review");
        press(&mut app, "Moves");
        press(&mut app, "Export");
        press(&mut app, "Close");
        frames(&mut app, 3);
        assert_eq!(screen(&app), Screen::Review);
        let said = named_rect(&mut app, "Floating message").expect("the message over review");
        let layout = app.world().resource::<BoardLayout>().clone();
        for side in Side::BOTH {
            for hole in toguz::rules::Hole::all() {
                let h = layout.hole(side, hole);
                let on_screen = Rect::from_center_size(
                    Vec2::new(h.center().x + size.x / 2.0, size.y / 2.0 - h.center().y),
                    h.size(),
                );
                assert!(
                    said.intersect(on_screen).is_empty(),
                    "{size}: '{said:?}' covers {side}'s hole {hole}"
                );
            }
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// A new player's try (issue 46): the caption under review's move counter ("Black left the masters'
/// games on move 2 (hole 5)") ran out of its button between the arrows. It wraps inside the button, in
/// every language on the smallest phone.
#[test]
fn the_caption_under_the_move_counter_fits_inside_its_button_in_every_language() {
    let dir = save_dir("review-caption");
    for lang in toguz::app::i18n::locale::Lang::ALL {
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        super::flows::with_language(&dir, lang);
        let mut app = start_app(SMALL_PHONE, &dir);
        start_hot_seat(&mut app);
        frames(&mut app, 3);
        // A random game from the start: it leaves the masters' games within its first moves.
        let game = super::flows::finished_game();
        {
            let world = app.world_mut();
            let generation = world.resource::<Session>().generation + 1;
            *world.resource_mut::<Session>() =
                Session { game, generation, owner: toguz::app::state::session::BoardOwner::Game };
            world.write_message(toguz::app::state::session::BoardReset);
        }
        frames(&mut app, 4);
        press(&mut app, "Moves");
        press(&mut app, "Review");
        assert_eq!(screen(&app), Screen::Review);
        // The book is read off the frame: the caption comes once it is.
        let captions = |app: &mut App| {
            let mut q = app.world_mut().query::<(&Text, &ChildOf, &ComputedNode)>();
            let mut names = app.world_mut().query::<&Name>();
            q.iter(app.world())
                .filter(|(t, parent, node)| {
                    !t.0.is_empty()
                        && node.size().y > 0.0
                        && names.get(app.world(), parent.parent()).is_ok_and(|n| n.as_str() == "Button Moves")
                })
                .count()
        };
        for _ in 0..600 {
            if captions(&mut app) >= 2 {
                break;
            }
            app.update();
        }
        assert_eq!(captions(&mut app), 2, "{}: the counter and its caption", lang.code());
        assert_nothing_clipped(&mut app, SMALL_PHONE, &format!("{}, review's counter", lang.code()));
    }
    let _ = std::fs::remove_dir_all(&dir);
}
