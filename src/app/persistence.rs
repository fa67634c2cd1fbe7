//! Settings and the game in progress survive a restart. The save is a small RON file written atomically
//! (a temporary file, synced, then renamed over the old one), so a crash mid-write never loses the last
//! good save. The writing happens on the I/O task pool, never in a frame; writes land in order, and the
//! pending ones are finished before the app quits or goes to the background.
//!
//! The save is read before the first screen is built, so the title can offer "Continue". What cannot be
//! read is kept as far as it can be (the settings survive a game that no longer replays, or a save from
//! another version); a file that cannot be read at all is moved aside, never overwritten, and the
//! player is told in words.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use bevy::prelude::*;
use bevy::tasks::futures_lite::future;
use bevy::tasks::{IoTaskPool, Task};
use serde::{Deserialize, Serialize};

use crate::game::{Game, Mode};

use super::widgets::Tap;
use super::{BoardReset, Screen, Session, Settings};

const FILE: &str = "save.ron";
pub const VERSION: u32 = 1;

/// A game to continue: its mode, where it started and the holes played.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SavedMoves {
    pub mode: Mode,
    /// The starting position as a position string, when it is not the usual start (a game played on
    /// from a reviewed position). Saves written before it existed have none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<String>,
    pub moves: Vec<u8>,
    /// The game's id in the history; saves written before it existed have none (0).
    #[serde(default)]
    pub id: u64,
}

impl SavedMoves {
    pub fn of(game: &Game) -> SavedMoves {
        let start = game.start();
        let start = (start != crate::rules::Position::start()).then(|| start.to_string());
        SavedMoves { mode: game.mode, start, moves: game.moves(), id: game.id }
    }

    /// The game, replayed through the rules from its start.
    pub fn game(&self) -> Result<Game, crate::game::RestoreError> {
        let start = match &self.start {
            Some(text) => text
                .parse()
                .map_err(|e| crate::game::RestoreError(format!("the starting position '{text}': {e}")))?,
            None => crate::rules::Position::start(),
        };
        let mut game = Game::from_moves_at(self.mode, start, &self.moves)?;
        if self.id != 0 {
            game.id = self.id;
        }
        Ok(game)
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SaveFile {
    pub version: u32,
    pub settings: Settings,
    #[serde(default)]
    pub game: Option<SavedMoves>,
}

/// The unfinished game found at start-up, offered as "Continue".
#[derive(Resource, Default, Clone, Debug, PartialEq)]
pub struct SavedGame(pub Option<SavedMoves>);

/// Where the save lives; `None` keeps everything in memory (screenshots, tests).
#[derive(Resource, Clone, Debug)]
pub struct SavePath(pub Option<PathBuf>);

/// A problem with the save (a locale key); shown on the title screen in words until the player leaves it.
#[derive(Resource, Default, Clone, Debug)]
pub struct SaveNotice(pub Option<String>);

/// What was made of the file found at start-up.
#[derive(Clone, Debug, PartialEq)]
pub struct Loaded {
    pub settings: Settings,
    pub game: Option<SavedMoves>,
    /// What the player is told, if anything was lost.
    pub notice: Option<String>,
    /// The file could not be read at all: keep it aside rather than overwrite it.
    pub damaged: bool,
    /// The details, for the log.
    pub detail: Option<String>,
}

/// What the title screen says about the save: locale keys.
pub const NOTICE_DAMAGED: &str = "notice.damaged";
pub const NOTICE_GAME_LOST: &str = "notice.game_lost";
pub const NOTICE_UNREADABLE: &str = "notice.unreadable";
pub const NOTICE_NOT_SAVED: &str = "notice.not_saved";

/// Saves on their way to the disk.
#[derive(Resource, Default)]
pub struct SaveWriter {
    pending: Vec<Task<Result<(), String>>>,
    /// The number of the newest write that reached the disk: an older one that comes late is skipped.
    written: Arc<Mutex<u64>>,
    issued: u64,
}

impl SaveWriter {
    /// Writes `text` to `path` on the I/O pool. One writer serves one file: its writes are numbered, and a
    /// write that lands after a newer one is skipped.
    pub fn write(&mut self, path: PathBuf, text: String) {
        self.issued += 1;
        let number = self.issued;
        let written = self.written.clone();
        self.pending.push(IoTaskPool::get().spawn(async move {
            let mut newest = written.lock().map_err(|_| "the save writer failed".to_string())?;
            if number <= *newest {
                return Ok(());
            }
            write_atomically(&path, &text).map_err(|e| e.to_string())?;
            *newest = number;
            Ok(())
        }));
    }

    /// Collects the finished writes; the first failure, if any.
    pub fn poll(&mut self) -> Option<String> {
        let mut failure = None;
        self.pending.retain_mut(|task| match future::block_on(future::poll_once(task)) {
            Some(result) => {
                if let Err(e) = result {
                    failure.get_or_insert(e);
                }
                false
            }
            None => true,
        });
        failure
    }

    /// Waits for every pending write.
    pub fn flush(&mut self) {
        // In a browser the pool runs its work right after the frame, before the page can be closed or
        // reloaded: nothing is left to wait for, and blocking would hang the page.
        if cfg!(target_arch = "wasm32") {
            return;
        }
        for task in self.pending.drain(..) {
            if let Err(e) = future::block_on(task) {
                warn!("saving failed: {e}");
            }
        }
    }
}

impl Drop for SaveWriter {
    fn drop(&mut self) {
        // The single-threaded web build runs tasks only when the app ticks: waiting here would hang.
        #[cfg(not(target_arch = "wasm32"))]
        self.flush();
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<bevy::window::AppLifecycle>()
        .init_resource::<SavedGame>()
        .init_resource::<SaveNotice>()
        .init_resource::<SaveWriter>()
        // Before the first screen is built (the initial state's OnEnter runs before Startup).
        .add_systems(PreStartup, (choose_path, load_save).chain().in_set(SaveLoaded))
        .add_systems(Last, (write_save, finish_writes).chain());
}

/// The save's path is chosen and the save read (PreStartup): what else lives beside it can be read.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SaveLoaded;

/// The platform's place for app data.
pub fn default_dir() -> Option<PathBuf> {
    if let Ok(dir) = std::env::var("TOGUZ_DATA_DIR") {
        return Some(PathBuf::from(dir));
    }
    #[cfg(target_os = "android")]
    {
        return bevy::android::ANDROID_APP.get().and_then(|app| app.internal_data_path());
    }
    #[cfg(target_os = "ios")]
    {
        return std::env::var_os("HOME").map(|h| PathBuf::from(h).join("Library/Application Support/toguz"));
    }
    // In a browser: the prefix of the page's storage keys (`toguz/save.ron`).
    #[cfg(target_arch = "wasm32")]
    {
        return Some(PathBuf::from("toguz"));
    }
    #[allow(unreachable_code)]
    if let Some(dir) = std::env::var_os("XDG_DATA_HOME") {
        return Some(PathBuf::from(dir).join("toguz"));
    }
    std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/share/toguz"))
}

fn choose_path(mut commands: Commands, existing: Option<Res<SavePath>>, launch: Option<Res<super::Launch>>) {
    if existing.is_some() {
        return;
    }
    let headless_shot = launch.is_some_and(|l| l.screenshot.is_some());
    let path = if headless_shot { None } else { default_dir().map(|d| d.join(FILE)) };
    commands.insert_resource(SavePath(path));
}

/// Writes `text` to `path` so that the file is always either the old or the new content (a file, or in
/// a browser an item of the page's storage: `storage`).
pub fn write_atomically(path: &Path, text: &str) -> std::io::Result<()> {
    super::storage::write(path, text)
}

/// The saved game, if it still replays through the rules.
fn replayable(game: Option<SavedMoves>) -> Result<Option<SavedMoves>, String> {
    match game {
        Some(g) => match g.game() {
            Ok(_) => Ok(Some(g)),
            Err(e) => Err(format!("the saved game does not replay: {e}")),
        },
        None => Ok(None),
    }
}

/// Makes what it can of a save's text. Never fails: the worst case is the defaults and a notice.
pub fn read_save_text(text: &str) -> Loaded {
    let fresh = |notice: &str, damaged: bool, detail: String| Loaded {
        settings: Settings::default(),
        game: None,
        notice: Some(notice.to_string()),
        damaged,
        detail: Some(detail),
    };
    match ron::from_str::<SaveFile>(text) {
        // Another version's save keeps its settings, and its game if the game still replays.
        Ok(save) => match replayable(save.game) {
            Ok(game) => Loaded { settings: save.settings, game, notice: None, damaged: false, detail: None },
            Err(detail) => Loaded {
                settings: save.settings,
                game: None,
                notice: Some(NOTICE_GAME_LOST.into()),
                damaged: false,
                detail: Some(detail),
            },
        },
        Err(e) => {
            // The settings alone may still be readable (a save whose game part changed shape): serde
            // skips the fields it is not asked for, whatever their shape.
            #[derive(Deserialize)]
            struct SettingsOnly {
                settings: Settings,
            }
            let settings = ron::from_str::<SettingsOnly>(text).ok().map(|s| s.settings);
            match settings {
                Some(settings) => Loaded {
                    settings,
                    game: None,
                    notice: Some(NOTICE_GAME_LOST.into()),
                    damaged: false,
                    detail: Some(e.to_string()),
                },
                None => fresh(NOTICE_DAMAGED, true, e.to_string()),
            }
        }
    }
}

/// Reads the save at `path`: `None` when there is none.
pub fn read_save(path: &Path) -> Option<Loaded> {
    match super::storage::read(path) {
        Ok(text) => Some(read_save_text(&text)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => Some(Loaded {
            settings: Settings::default(),
            game: None,
            notice: Some(NOTICE_UNREADABLE.into()),
            damaged: e.kind() == std::io::ErrorKind::InvalidData,
            detail: Some(e.to_string()),
        }),
    }
}

pub fn to_text(save: &SaveFile) -> String {
    ron::ser::to_string_pretty(save, ron::ser::PrettyConfig::default()).unwrap_or_default()
}

fn load_save(
    path: Res<SavePath>,
    mut settings: ResMut<Settings>,
    mut saved: ResMut<SavedGame>,
    mut notice: ResMut<SaveNotice>,
) {
    let Some(path) = &path.0 else { return };
    let Some(loaded) = read_save(path) else { return };
    if let Some(detail) = &loaded.detail {
        warn!("save {}: {detail}", path.display());
    }
    if loaded.damaged {
        // Keep the damaged file for inspection; never overwrite it silently.
        let aside = path.with_extension("ron.damaged");
        if let Err(e) = super::storage::set_aside(path, &aside) {
            warn!("could not keep the damaged save aside: {e}");
        }
    }
    *settings = loaded.settings;
    saved.0 = loaded.game;
    notice.0 = loaded.notice;
}

/// Saves after every change of the settings or the game.
fn write_save(
    path: Res<SavePath>,
    settings: Res<Settings>,
    session: Res<Session>,
    screen: Res<State<Screen>>,
    mut saved: ResMut<SavedGame>,
    mut writer: ResMut<SaveWriter>,
    mut last: Local<Option<SaveFile>>,
) {
    let Some(path) = &path.0 else { return };
    if last.is_some() && !settings.is_changed() && !session.is_changed() && !screen.is_changed() {
        return;
    }
    let game = match screen.get() {
        Screen::Game if session.game.status().is_over() => None,
        Screen::Game => Some(SavedMoves::of(&session.game)),
        _ => saved.0.clone(),
    };
    let save = SaveFile { version: VERSION, settings: settings.clone(), game };
    if last.as_ref() == Some(&save) {
        return;
    }
    if saved.0 != save.game {
        saved.0 = save.game.clone();
    }
    writer.write(path.clone(), to_text(&save));
    *last = Some(save);
}

fn finish_writes(
    mut writer: ResMut<SaveWriter>,
    mut notice: ResMut<SaveNotice>,
    mut exits: MessageReader<AppExit>,
    mut lifecycle: MessageReader<bevy::window::AppLifecycle>,
    mut told: Local<bool>,
) {
    if let Some(e) = writer.poll() {
        warn!("saving failed: {e}");
        if !*told {
            *told = true;
            notice.0 = Some(NOTICE_NOT_SAVED.into());
        }
    }
    // Quitting, or going to the background where the system may end the app without a word.
    let leaving = exits.read().count() > 0
        || lifecycle.read().any(|l| matches!(l, bevy::window::AppLifecycle::WillSuspend));
    if leaving {
        writer.flush();
    }
}

/// "Continue": the saved game, replayed through the rules.
pub fn resume_saved(
    _: On<Tap>,
    saved: Res<SavedGame>,
    mut session: ResMut<Session>,
    mut reset: MessageWriter<BoardReset>,
    mut next: ResMut<NextState<Screen>>,
    mut notice: ResMut<SaveNotice>,
) {
    let Some(data) = &saved.0 else { return };
    match data.game() {
        Ok(game) => {
            let generation = session.generation + 1;
            *session = Session { game, generation, lesson: false };
            reset.write(BoardReset);
            next.set(Screen::Game);
        }
        Err(e) => {
            warn!("the saved game does not replay: {e}");
            notice.0 = Some(NOTICE_GAME_LOST.into());
        }
    }
}
