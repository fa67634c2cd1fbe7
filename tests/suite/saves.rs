//! What the player keeps, whatever happens to the files: a move made just before the app leaves the
//! screen, damaged files set aside one beside the other, originals kept before a rewrite drops what this
//! version cannot use, a finished game's result, and two copies of the app on one folder.

use std::path::Path;

use bevy::prelude::*;
use bevy::window::AppLifecycle;
use toguz::app::platform::storage::{ASIDE_KEPT, aside_name, set_aside};
use toguz::app::saves::history::{
    History, HistoryNotice, NOTICE_HISTORY_DAMAGED, NOTICE_HISTORY_KEPT_ASIDE, NOTICE_HISTORY_NOT_KEPT,
    PastGame, read_history_text,
};
use toguz::app::saves::persistence::{
    NOTICE_GAME_KEPT_ASIDE, NOTICE_NEWER_KEPT_ASIDE, SaveFile, SaveNotice, SaveWriter, VERSION, read_save,
    to_text, write_atomically,
};
use toguz::app::state::messages::Toast;
use toguz::app::state::screen::Screen;
use toguz::app::state::session::Session;
use toguz::app::state::settings::{Settings, Speed};
use toguz::game::{Mode, SavedMoves};
use toguz::rules::Side;

use super::flows::{PHONE, finished_game, frames, press, save_dir, start_app, start_hot_seat, tap_hole};

fn history_on_disk(dir: &Path) -> Vec<PastGame> {
    read_history_text(&std::fs::read_to_string(dir.join("history.ron")).expect("a history file")).unwrap()
}

fn writer(app: &mut App) -> Mut<'_, SaveWriter> {
    app.world_mut().resource_mut::<SaveWriter>()
}

/// The files of `dir` whose names hold `part`.
fn files_with(dir: &Path, part: &str) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains(part))
        .collect();
    names.sort();
    names
}

/// A hot-seat game on the board, `moves` played.
fn play_hot_seat(app: &mut App, moves: &[(Side, u8)]) {
    start_hot_seat(app);
    frames(app, 3);
    for &(side, hole) in moves {
        tap_hole(app, side, hole);
    }
}

#[test]
fn a_move_made_just_before_going_to_the_background_is_on_disk_in_the_save_and_the_history() {
    let dir = save_dir("suspended");
    let mut app = start_app(PHONE, &dir);
    // A slow storage: nothing lands unless the app makes it.
    writer(&mut app).stall();
    play_hot_seat(&mut app, &[(Side::White, 7), (Side::Black, 3)]);
    assert!(writer(&mut app).waiting() > 0, "the writes wait");
    // What Bevy 0.19 sends on the way to the background: `Suspended` alone (its `WillSuspend` is never sent).
    app.world_mut().write_message(AppLifecycle::Suspended);
    app.update();
    assert_eq!(writer(&mut app).waiting(), 0, "every write landed before the app froze");
    let save = read_save(&dir.join("save.ron")).expect("a save");
    assert_eq!(save.game.map(|g| g.moves), Some(vec![7, 3]));
    assert_eq!(history_on_disk(&dir).iter().map(|g| g.game.moves.clone()).collect::<Vec<_>>(), [vec![7, 3]]);
    // A later Bevy's `WillSuspend` is heard too.
    tap_hole(&mut app, Side::White, 2);
    app.world_mut().write_message(AppLifecycle::WillSuspend);
    app.update();
    assert_eq!(read_save(&dir.join("save.ron")).unwrap().game.map(|g| g.moves), Some(vec![7, 3, 2]));
    drop(app);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_second_damaged_history_keeps_the_first_one_set_aside() {
    let dir = save_dir("second-damage");
    for damage in ["first damage {{", "second damage {{"] {
        std::fs::write(dir.join("history.ron"), damage).unwrap();
        std::fs::write(dir.join("save.ron"), damage).unwrap();
        let mut app = start_app(PHONE, &dir);
        play_hot_seat(&mut app, &[(Side::White, 7)]);
        drop(app);
    }
    for file in ["history.ron", "save.ron"] {
        let read = |n| std::fs::read_to_string(aside_name(&dir.join(file), "damaged", n)).unwrap();
        assert_eq!(read(1), "first damage {{", "{file}: the first copy set aside is kept");
        assert_eq!(read(2), "second damage {{", "{file}: the second beside it");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn copies_set_aside_are_bounded_and_the_first_and_the_newest_stay() {
    let dir = save_dir("aside-bounded");
    let path = dir.join("history.ron");
    for n in 1..=ASIDE_KEPT + 3 {
        std::fs::write(&path, format!("damage {n}")).unwrap();
        set_aside(&path, "damaged").unwrap();
    }
    assert_eq!(files_with(&dir, "damaged").len(), ASIDE_KEPT);
    let read = |n| std::fs::read_to_string(aside_name(&path, "damaged", n)).unwrap();
    assert_eq!(read(1), "damage 1", "the first copy is never let go");
    assert_eq!(read(ASIDE_KEPT), format!("damage {}", ASIDE_KEPT + 3), "the newest is kept");
    assert_eq!(read(2), "damage 5", "the oldest after the first made room");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_failed_write_leaves_the_old_save_and_no_temporary_file_behind() {
    let dir = save_dir("failed-write");
    let path = dir.join("save.ron");
    // A folder where the save should be: the rename over it fails.
    std::fs::create_dir_all(path.join("in the way")).unwrap();
    assert!(write_atomically(&path, "(version: 1)").is_err());
    assert_eq!(files_with(&dir, "tmp"), Vec::<String>::new(), "the temporary file went with the failure");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Counts the messages shown to the player with `text`.
#[derive(Resource, Default)]
struct Said(Vec<String>);

#[test]
fn a_history_that_cannot_be_written_is_said_once_and_the_save_still_holds_the_game() {
    let dir = save_dir("history-not-written");
    // What stands in for a full storage: the history's lock cannot be taken.
    std::fs::create_dir_all(dir.join("history.ron.lock").join("in the way")).unwrap();
    let mut app = start_app(PHONE, &dir);
    app.init_resource::<Said>().add_systems(
        Update,
        |mut toasts: MessageReader<Toast>, mut said: ResMut<Said>| {
            said.0.extend(toasts.read().map(|t| t.0.clone()))
        },
    );
    play_hot_seat(&mut app, &[(Side::White, 7)]);
    writer(&mut app).flush();
    frames(&mut app, 3);
    tap_hole(&mut app, Side::Black, 3);
    writer(&mut app).flush();
    frames(&mut app, 3);
    let sentence = toguz::app::ui::widgets::english(NOTICE_HISTORY_NOT_KEPT);
    let said = &app.world().resource::<Said>().0;
    assert_eq!(said.iter().filter(|t| **t == sentence).count(), 1, "said once: {said:?}");
    assert_eq!(app.world().resource::<SaveNotice>().0.as_deref(), Some(NOTICE_HISTORY_NOT_KEPT));
    assert_eq!(read_save(&dir.join("save.ron")).unwrap().game.map(|g| g.moves), Some(vec![7, 3]));
    drop(app);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_history_that_is_not_text_is_set_aside_whole_and_the_player_is_told() {
    let dir = save_dir("history-not-text");
    let mut bytes =
        b"(version: 1, games: [(date: \"2026-01-01\", game: (mode: HotSeat, moves: [7]))]) ".to_vec();
    bytes.extend([0xff, 0xfe, 0x00]);
    std::fs::write(dir.join("history.ron"), &bytes).unwrap();
    let mut app = start_app(PHONE, &dir);
    assert_eq!(app.world().resource::<HistoryNotice>().0.as_deref(), Some(NOTICE_HISTORY_DAMAGED));
    play_hot_seat(&mut app, &[(Side::White, 5)]);
    drop(app);
    assert_eq!(std::fs::read(dir.join("history.ron.damaged")).unwrap(), bytes, "set aside as it was");
    assert_eq!(history_on_disk(&dir).len(), 1, "a new list began beside it");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_saved_game_that_no_longer_replays_is_kept_aside_before_the_settings_are_written() {
    let dir = save_dir("save-kept");
    let save = SaveFile {
        version: VERSION,
        settings: Settings { speed: Speed::Fast, ..Settings::default() },
        // Black's first move from White's side: the rules refuse it.
        game: Some(SavedMoves {
            mode: Mode::HotSeat,
            start: None,
            moves: vec![2, 1, 40],
            id: 9,
            ending: None,
            clock: None,
            takebacks: 0,
        }),
    };
    let text = to_text(&save);
    std::fs::write(dir.join("save.ron"), &text).unwrap();
    let mut app = start_app(PHONE, &dir);
    frames(&mut app, 3);
    assert_eq!(app.world().resource::<SaveNotice>().0.as_deref(), Some(NOTICE_GAME_KEPT_ASIDE));
    drop(app);
    assert_eq!(std::fs::read_to_string(dir.join("save.ron.kept")).unwrap(), text, "the original is kept");
    assert_eq!(read_save(&dir.join("save.ron")).unwrap().settings.speed, Speed::Fast);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_newer_versions_save_is_kept_aside_as_it_was_before_it_is_rewritten() {
    let dir = save_dir("save-newer");
    let newer = "(version: 7, settings: (speed: Slow), game: Some((mode: HotSeat, moves: [7, 3])), \
                 statistics: (played: 12))";
    std::fs::write(dir.join("save.ron"), newer).unwrap();
    let mut app = start_app(PHONE, &dir);
    frames(&mut app, 3);
    assert_eq!(app.world().resource::<SaveNotice>().0.as_deref(), Some(NOTICE_NEWER_KEPT_ASIDE));
    drop(app);
    assert_eq!(std::fs::read_to_string(dir.join("save.ron.kept")).unwrap(), newer);
    assert_eq!(read_save(&dir.join("save.ron")).unwrap().game.map(|g| g.moves), Some(vec![7, 3]));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_history_game_that_no_longer_replays_is_kept_aside_before_the_next_write() {
    let dir = save_dir("history-kept");
    let text = "(version: 1, games: [\
                (date: \"2026-01-01\", game: (mode: HotSeat, moves: [7, 3], id: 1)),\
                (date: \"2026-01-02\", game: (mode: HotSeat, moves: [2, 1, 40], id: 2))])";
    std::fs::write(dir.join("history.ron"), text).unwrap();
    let mut app = start_app(PHONE, &dir);
    assert_eq!(app.world().resource::<History>().games.len(), 1, "the list shows what replays");
    play_hot_seat(&mut app, &[(Side::White, 5)]);
    writer(&mut app).flush();
    frames(&mut app, 2);
    assert_eq!(app.world().resource::<SaveNotice>().0.as_deref(), Some(NOTICE_HISTORY_KEPT_ASIDE));
    drop(app);
    assert_eq!(std::fs::read_to_string(dir.join("history.ron.kept")).unwrap(), text, "the original is kept");
    assert_eq!(history_on_disk(&dir).len(), 2, "the game that replays and the new one");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_finished_game_is_in_the_history_before_the_save_lets_it_go() {
    let dir = save_dir("finished-order");
    let mut app = start_app(PHONE, &dir);
    play_hot_seat(&mut app, &[]);
    let finished = finished_game();
    let last = finished.moves().len();
    let mut almost = finished.truncated(last - 1);
    almost.id = finished.id;
    app.world_mut().resource_mut::<Session>().game = almost;
    frames(&mut app, 2);
    writer(&mut app).flush();
    writer(&mut app).stall();
    app.world_mut().resource_mut::<Session>().game = finished.clone();
    frames(&mut app, 2);
    // Whichever write the system's kill comes after, a game is never in neither place.
    loop {
        let save = read_save(&dir.join("save.ron")).unwrap();
        let kept = history_on_disk(&dir).into_iter().find(|g| g.game.id == finished.id).unwrap();
        match save.game {
            Some(game) => assert_eq!(game.moves.len(), last - 1, "the save holds the game still"),
            None => {
                assert_eq!(kept.game.moves.len(), last, "the save let the game go: the history holds its end")
            }
        }
        if writer(&mut app).land(1) == 0 {
            break;
        }
    }
    assert_eq!(read_save(&dir.join("save.ron")).unwrap().game, None, "in the end no Continue");
    drop(app);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn two_copies_of_the_app_on_one_folder_keep_each_others_games() {
    let dir = save_dir("two-copies");
    let mut first = start_app(PHONE, &dir);
    let mut second = start_app(PHONE, &dir);
    play_hot_seat(&mut first, &[(Side::White, 7)]);
    writer(&mut first).flush();
    play_hot_seat(&mut second, &[(Side::White, 3)]);
    writer(&mut second).flush();
    // The first copy plays on: it writes the history again, from what its memory holds.
    tap_hole(&mut first, Side::Black, 1);
    writer(&mut first).flush();
    frames(&mut first, 2);
    assert_eq!(first.world().resource::<History>().games.len(), 2, "the other copy's game joins the list");
    drop(first);
    drop(second);
    let mut kept: Vec<Vec<u8>> = history_on_disk(&dir).into_iter().map(|g| g.game.moves).collect();
    kept.sort();
    assert_eq!(kept, [vec![3], vec![7, 1]], "each copy's game, as it stands");
    assert_eq!(files_with(&dir, "tmp"), Vec::<String>::new());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn leaving_a_game_for_the_title_keeps_it_to_continue_after_a_kill() {
    let dir = save_dir("kill-on-title");
    let mut app = start_app(PHONE, &dir);
    writer(&mut app).stall();
    play_hot_seat(&mut app, &[(Side::White, 7)]);
    app.world_mut().resource_mut::<NextState<Screen>>().set(Screen::Title);
    app.world_mut().write_message(AppLifecycle::Suspended);
    frames(&mut app, 2);
    // The system ends the app without a word.
    writer(&mut app).lose_waiting();
    drop(app);
    let save = read_save(&dir.join("save.ron")).unwrap();
    assert_eq!(save.game.map(|g| g.moves), Some(vec![7]));
    let _ = std::fs::remove_dir_all(&dir);
}

/// The random sequence's dice: a seeded LCG, the same run every time.
struct Dice(u64);

impl Dice {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) as usize % n
    }
}

/// The games as the history on disk holds them, by id.
fn kept_games(dir: &Path) -> std::collections::HashMap<u64, Vec<u8>> {
    match std::fs::read_to_string(dir.join("history.ron")) {
        Ok(text) => {
            read_history_text(&text).unwrap().into_iter().map(|g| (g.game.id, g.game.moves)).collect()
        }
        Err(_) => Default::default(),
    }
}

/// The app as the player finds it on opening: their game continued, or a new one begun; writes stalled.
fn reopen(dir: &Path) -> App {
    let mut app = start_app(PHONE, dir);
    writer(&mut app).stall();
    if super::flows::has_button(&mut app, "Continue") {
        press(&mut app, "Continue");
    } else {
        start_hot_seat(&mut app);
    }
    frames(&mut app, 2);
    app
}

/// Plays `n` random moves of the game on the board (fewer if it ends).
fn play_random(app: &mut App, dice: &mut Dice, n: usize) {
    for _ in 0..n {
        {
            let mut session = app.world_mut().resource_mut::<Session>();
            let legal: Vec<toguz::rules::Hole> = session.game.position().legal_moves().collect();
            if legal.is_empty() {
                return;
            }
            let hole = legal[dice.below(legal.len())];
            session.game.play(hole).unwrap();
            session.generation += 1;
        }
        app.update();
    }
}

#[test]
fn random_moves_games_kills_damage_and_a_second_copy_never_lose_what_was_on_disk() {
    let dir = save_dir("random");
    let mut dice = Dice(20_260_101);
    // What the player was told is kept: every game as it stood at the last moment the writes landed.
    let mut durable: std::collections::HashMap<u64, Vec<u8>> = Default::default();
    let mut app = reopen(&dir);
    let current = |app: &App| {
        let game = &app.world().resource::<Session>().game;
        (game.id, game.moves())
    };
    for step in 0..60 {
        let what = dice.below(12);
        match what {
            // Moves, the most common thing a player does.
            0..=4 => {
                let n = 1 + dice.below(4);
                play_random(&mut app, &mut dice, n);
            }
            5 => play_random(&mut app, &mut dice, 400),
            6 => {
                {
                    let mut session = app.world_mut().resource_mut::<Session>();
                    session.game = toguz::game::Game::new(Mode::HotSeat);
                    session.generation += 1;
                }
                frames(&mut app, 1);
            }
            // To the background: what was played is on disk.
            7 => {
                app.world_mut().write_message(AppLifecycle::Suspended);
                app.update();
                let (id, moves) = current(&app);
                let on_disk = kept_games(&dir);
                for (id, moves) in &on_disk {
                    durable.insert(*id, moves.clone());
                }
                if !moves.is_empty() {
                    assert_eq!(
                        on_disk.get(&id),
                        Some(&moves),
                        "step {step}: the game on the board is on disk"
                    );
                }
            }
            // Killed after some of the waiting writes, or closed whole; or a second copy plays meanwhile.
            8..=11 => {
                if what == 10 {
                    // Its own new game: one game continued in two copies at once is played twice over.
                    let mut second = start_app(PHONE, &dir);
                    start_hot_seat(&mut second);
                    frames(&mut second, 2);
                    if super::flows::has_button(&mut second, "Start a new game") {
                        press(&mut second, "Start a new game");
                        frames(&mut second, 2);
                    }
                    play_random(&mut second, &mut dice, 3);
                    let (id, moves) = current(&second);
                    assert_eq!(
                        super::flows::screen(&second),
                        Screen::Game,
                        "step {step}: the second copy plays"
                    );
                    drop(second);
                    if !moves.is_empty() {
                        durable.insert(id, moves);
                    }
                    // The first copy plays on: its writes must keep the second's game.
                    play_random(&mut app, &mut dice, 2);
                }
                let (id, moves) = current(&app);
                let finished = app.world().resource::<Session>().game.status().is_over();
                if what == 8 {
                    let waiting = writer(&mut app).waiting();
                    let landed = dice.below(waiting + 1);
                    writer(&mut app).land(landed);
                    writer(&mut app).lose_waiting();
                }
                drop(app);
                let on_disk = kept_games(&dir);
                let save = read_save(&dir.join("save.ron"));
                if what != 8 && !moves.is_empty() {
                    assert_eq!(on_disk.get(&id), Some(&moves), "step {step}: closed, the game is kept");
                }
                if finished && save.as_ref().is_some_and(|s| s.game.is_none()) {
                    assert_eq!(
                        on_disk.get(&id),
                        Some(&moves),
                        "step {step}: no Continue, so the history has it"
                    );
                }
                // Kept in the history, or (after a damaged history) still in the save to continue.
                let to_continue = save.as_ref().and_then(|s| s.game.clone()).map(|g| (g.id, g.moves));
                for (id, moves) in &durable {
                    let kept = on_disk
                        .get(id)
                        .or(to_continue.as_ref().filter(|(i, _)| i == id).map(|(_, m)| m))
                        .unwrap_or_else(|| {
                            panic!("step {step}: game {id} {moves:?} was lost: {on_disk:?} {to_continue:?}")
                        });
                    assert!(kept.starts_with(moves), "step {step}: game {id} lost moves: {kept:?} {moves:?}");
                }
                durable = on_disk;
                if what == 11 {
                    // The storage damages the history: it is set aside whole, and the rest begins again.
                    let text = std::fs::read(dir.join("history.ron")).unwrap_or_default();
                    let damaged = text[..text.len() / 2].to_vec();
                    std::fs::write(dir.join("history.ron"), &damaged).unwrap();
                    let before = files_with(&dir, "history.ron.damaged");
                    app = reopen(&dir);
                    let after = files_with(&dir, "history.ron.damaged");
                    assert!(
                        after.len() > before.len() || after.len() == ASIDE_KEPT,
                        "step {step}: set aside"
                    );
                    let newest =
                        after.iter().find(|n| !before.contains(n)).unwrap_or(&after[after.len() - 1]);
                    assert_eq!(
                        std::fs::read(dir.join(newest)).unwrap(),
                        damaged,
                        "step {step}: kept as it was"
                    );
                    durable.clear();
                } else {
                    app = reopen(&dir);
                }
                // Continued from the save: the game goes on from there, whatever the history had beyond it.
                let (id, moves) = current(&app);
                if !moves.is_empty() {
                    durable.insert(id, moves);
                }
            }
            _ => unreachable!(),
        }
    }
    drop(app);
    let _ = std::fs::remove_dir_all(&dir);
}

/// `bytes` changed the way damage changes a file: cut short, a byte flipped, a byte added, or noise.
fn damaged(bytes: &[u8], dice: &mut Dice) -> Vec<u8> {
    let mut out = bytes.to_vec();
    match dice.below(4) {
        0 => out.truncate(dice.below(out.len().max(1))),
        1 if !out.is_empty() => {
            let i = dice.below(out.len());
            out[i] ^= 1 << dice.below(8);
        }
        2 => out.insert(dice.below(out.len() + 1), dice.below(256) as u8),
        _ => out = (0..dice.below(300)).map(|_| dice.below(256) as u8).collect(),
    }
    out
}

/// Whether some file of `dir` set aside from `name` holds exactly `bytes`.
fn kept_aside(dir: &Path, name: &str, bytes: &[u8]) -> bool {
    files_with(dir, &format!("{name}."))
        .iter()
        .filter(|n| !n.ends_with(".tmp") && !n.ends_with(".lock"))
        .any(|n| std::fs::read(dir.join(n)).is_ok_and(|b| b == bytes))
}

#[test]
fn damaged_saves_and_histories_never_crash_the_app_and_what_cannot_be_used_is_kept_aside_byte_for_byte() {
    let game = finished_game();
    let save = to_text(&SaveFile {
        version: VERSION,
        settings: Settings::default(),
        game: Some(SavedMoves::of(&game.truncated(30))),
    });
    let past = |g: &toguz::game::Game| PastGame { date: "2026-11-30".into(), game: SavedMoves::of(g) };
    let history = ron::to_string(&toguz::app::saves::history::HistoryFile {
        version: 1,
        games: vec![past(&game), past(&game.truncated(12))],
    })
    .unwrap();
    let mut dice = Dice(2026);
    // The readers alone, over many kinds of damage: an answer every time, never a panic.
    for _ in 0..2000 {
        let bad_save = damaged(save.as_bytes(), &mut dice);
        let _ = toguz::app::saves::persistence::read_save_text(&String::from_utf8_lossy(&bad_save));
        let bad_history = damaged(history.as_bytes(), &mut dice);
        let _ = read_history_text(&String::from_utf8_lossy(&bad_history));
    }
    // The app over damaged files on disk: it opens, plays, and keeps aside what it cannot use.
    let dir = save_dir("fuzzed-files");
    for round in 0..8 {
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let bad_save = damaged(save.as_bytes(), &mut dice);
        let bad_history = damaged(history.as_bytes(), &mut dice);
        std::fs::write(dir.join("save.ron"), &bad_save).unwrap();
        std::fs::write(dir.join("history.ron"), &bad_history).unwrap();
        let save_usable = std::str::from_utf8(&bad_save)
            .is_ok_and(|t| toguz::app::saves::persistence::read_save_text(t).notice.is_none());
        let history_usable = std::str::from_utf8(&bad_history)
            .ok()
            .and_then(|t| read_history_text(t).ok())
            .is_some_and(|games| games.iter().all(|g| g.game.game().is_ok()));
        {
            let mut app = start_app(PHONE, &dir);
            start_hot_seat(&mut app);
            // A save that still reads holds an unfinished game: a new one asks first.
            if super::flows::has_button(&mut app, "Start a new game") {
                press(&mut app, "Start a new game");
            }
            frames(&mut app, 2);
            tap_hole(&mut app, Side::White, 7);
            writer(&mut app).flush();
        }
        if !save_usable {
            assert!(kept_aside(&dir, "save.ron", &bad_save), "round {round}: the damaged save is kept aside");
        }
        if !history_usable {
            assert!(
                kept_aside(&dir, "history.ron", &bad_history),
                "round {round}: the damaged history is kept aside: {:?}",
                files_with(&dir, "history")
            );
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
