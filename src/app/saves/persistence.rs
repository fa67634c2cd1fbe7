//! Settings and the game in progress survive a restart. The save is a small RON file written atomically
//! (`storage`), so a crash mid-write never loses the last good save. The writing happens on the I/O task
//! pool, never in a frame, through one queue for the save and the history: writes land in the order they
//! were made (the history holds a finished game before the save lets it go), and the waiting ones land
//! before the app quits or goes to the background (`Suspended`, the message Bevy sends).
//!
//! The save is read before the first screen is built, so the title can offer "Continue". What cannot be
//! read is kept as far as it can be (the settings survive a game that no longer replays, or a save from
//! another version), and the file as it was is copied aside before the first write drops the rest; a
//! file that cannot be read at all is moved aside, never overwritten. The player is told in words, and a
//! write that fails is said once.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use bevy::prelude::*;
use bevy::tasks::futures_lite::future;
use bevy::tasks::{IoTaskPool, Task};
use serde::{Deserialize, Serialize};

use crate::app::i18n::locale::Locale;
use crate::app::platform::storage::copy_aside;
use crate::app::platform::storage::read;
use crate::app::platform::storage::set_aside;
use crate::app::platform::storage::write;
use crate::app::platform::storage::write_quick;
use crate::app::state::clock::{ClockTime, GameClock};
use crate::app::state::launch::Launch;
use crate::app::state::messages::Toast;
use crate::app::state::screen::Screen;
use crate::app::state::session::{BoardOwner, Session, SessionControl};
use crate::app::state::settings::Settings;
use crate::app::ui::theme::Paint;
use crate::app::ui::widgets::Tap;
use crate::game::SavedMoves;

const FILE: &str = "save.ron";
pub const VERSION: u32 = 1;

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
    /// The file was read, but not all of it is used (a game that no longer replays, a newer version's
    /// fields): a copy is kept aside before the first write rewrites it without them.
    pub keep_copy: bool,
    /// The details, for the log.
    pub detail: Option<String>,
}

/// What the title screen says about the save: locale keys.
pub const NOTICE_DAMAGED: &str = "notice.damaged";
/// The save named a level the ladder no longer has: the nearest one is played.
pub const NOTICE_LEVEL_GONE: &str = "notice.level_gone";
pub const NOTICE_GAME_LOST: &str = "notice.game_lost";
pub const NOTICE_UNREADABLE: &str = "notice.unreadable";
pub const NOTICE_NOT_SAVED: &str = "notice.not_saved";
/// The game was lost, and the file as it was is kept aside.
pub const NOTICE_GAME_KEPT_ASIDE: &str = "notice.game_kept_aside";
/// A newer version's save: read, and a copy kept aside as it was.
pub const NOTICE_NEWER_KEPT_ASIDE: &str = "notice.newer_kept_aside";

/// What a write has to tell: the player's sentence (a locale key), and the details for the log.
#[derive(Clone, Debug, PartialEq)]
pub struct Told {
    pub key: &'static str,
    pub detail: String,
}

/// One write, done off the frame: what it has to tell, if anything.
type Job = Box<dyn FnOnce() -> Vec<Told> + Send>;

#[derive(Default)]
struct Queue {
    /// Oldest first, with the file each one writes.
    waiting: std::collections::VecDeque<(PathBuf, Job)>,
    told: Vec<Told>,
}

/// The writes on their way to the storage, for every file (the save and the history): one queue, landed
/// in the order they were made, so that the history holds a finished game before the save lets it go. A
/// write made while an older one to the same file still waits replaces it (the newer text holds it).
/// `flush` lands what waits on the calling thread, without waiting for the pool to get to it.
#[derive(Resource, Default)]
pub struct SaveWriter {
    queue: Arc<Mutex<Queue>>,
    /// Held while writes land: one at a time, in order, whichever thread lands them.
    landing: Arc<Mutex<()>>,
    /// Writes wait for `flush` or `land` (a test's slow storage).
    stalled: bool,
    /// The pool's work, kept until done: a task dropped is a task cancelled.
    pending: Vec<Task<usize>>,
}

fn locked<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    // A write that panicked left nothing half-done in the queue: go on with it.
    mutex.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Lands up to `most` waiting writes, in order; how many landed.
fn land_writes(queue: &Mutex<Queue>, landing: &Mutex<()>, most: usize) -> usize {
    let _one_at_a_time = locked(landing);
    let mut landed = 0;
    while landed < most {
        let Some((_, job)) = locked(queue).waiting.pop_front() else { break };
        let told = job();
        locked(queue).told.extend(told);
        landed += 1;
    }
    landed
}

impl SaveWriter {
    /// Writes `text` over the save at `path` (or any file written whole), off the frame.
    pub fn write(&mut self, path: PathBuf, text: String) {
        let target = path.clone();
        self.write_with(target, move || match write_atomically(&path, &text) {
            Ok(()) => Vec::new(),
            Err(e) => vec![Told { key: NOTICE_NOT_SAVED, detail: format!("{}: {e}", path.display()) }],
        });
    }

    /// Queues `job`, which writes `path`, behind every earlier write.
    pub(crate) fn write_with(&mut self, path: PathBuf, job: impl FnOnce() -> Vec<Told> + Send + 'static) {
        {
            let mut queue = locked(&self.queue);
            if queue.waiting.back().is_some_and(|(last, _)| *last == path) {
                queue.waiting.pop_back();
            }
            queue.waiting.push_back((path, Box::new(job)));
        }
        if self.stalled {
            return;
        }
        let (queue, landing) = (self.queue.clone(), self.landing.clone());
        self.pending.push(IoTaskPool::get().spawn(async move { land_writes(&queue, &landing, usize::MAX) }));
    }

    /// What the landed writes had to tell (failures, files set aside), oldest first.
    pub fn poll(&mut self) -> Vec<Told> {
        self.pending.retain_mut(|task| future::block_on(future::poll_once(task)).is_none());
        std::mem::take(&mut locked(&self.queue).told)
    }

    /// Lands every waiting write, here and now.
    pub fn flush(&mut self) {
        land_writes(&self.queue, &self.landing, usize::MAX);
    }

    /// From now on writes wait for `flush` or `land`, as on a slow storage: a test sees each one land.
    pub fn stall(&mut self) {
        self.stalled = true;
    }

    /// Lands the `n` oldest waiting writes; how many there were.
    pub fn land(&mut self, n: usize) -> usize {
        land_writes(&self.queue, &self.landing, n)
    }

    /// The writes made but not landed yet.
    pub fn waiting(&self) -> usize {
        locked(&self.queue).waiting.len()
    }

    /// Drops the waiting writes, as the system ending the app would (a test's kill).
    pub fn lose_waiting(&mut self) {
        locked(&self.queue).waiting.clear();
    }
}

impl Drop for SaveWriter {
    fn drop(&mut self) {
        self.flush();
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<bevy::window::AppLifecycle>()
        .init_resource::<SavedGame>()
        .init_resource::<SaveNotice>()
        .init_resource::<SaveWriter>()
        // Before the first screen is built (the initial state's OnEnter runs before Startup).
        .add_systems(PreStartup, (choose_path, load_save).chain().in_set(SaveLoaded))
        // The board is painted in the player's own stones from the first frame.
        .configure_sets(PreStartup, Paint.after(SaveLoaded))
        .add_systems(Last, (write_save, finish_writes).chain().in_set(SaveWritten));
}

/// The save is written and the writes collected (Last): what must land before the save (the history)
/// is queued before it.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SaveWritten;

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

fn choose_path(mut commands: Commands, existing: Option<Res<SavePath>>, launch: Option<Res<Launch>>) {
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
    write(path, text)
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
        keep_copy: false,
        detail: Some(detail),
    };
    match ron::from_str::<SaveFile>(text) {
        // Another version's save keeps its settings, and its game if the game still replays; a newer
        // one may hold what this version cannot read, so a copy of it is kept.
        Ok(save) => match replayable(save.game) {
            Ok(game) => Loaded {
                settings: save.settings,
                game,
                notice: None,
                damaged: false,
                keep_copy: save.version > VERSION,
                detail: (save.version > VERSION).then(|| format!("a save of version {}", save.version)),
            },
            Err(detail) => Loaded {
                settings: save.settings,
                game: None,
                notice: Some(NOTICE_GAME_LOST.into()),
                damaged: false,
                keep_copy: true,
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
                    keep_copy: true,
                    detail: Some(e.to_string()),
                },
                None => fresh(NOTICE_DAMAGED, true, e.to_string()),
            }
        }
    }
}

/// Reads the save at `path`: `None` when there is none.
pub fn read_save(path: &Path) -> Option<Loaded> {
    match read(path) {
        Ok(text) => Some(read_save_text(&text)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        // Whatever kept it from being read (not text, not allowed), the file is set aside, not written over.
        Err(e) => Some(Loaded {
            settings: Settings::default(),
            game: None,
            notice: Some(NOTICE_UNREADABLE.into()),
            damaged: true,
            keep_copy: false,
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
    let mut told = loaded.notice;
    if loaded.damaged {
        // Keep the damaged file for inspection; never overwrite it silently.
        if let Err(e) = set_aside(path, "damaged") {
            warn!("could not keep the damaged save aside: {e}");
        }
    } else if loaded.keep_copy {
        // The first write (this frame's settings) would drop what this version does not use.
        match copy_aside(path, "kept") {
            Ok(_) if told.is_some() => told = Some(NOTICE_GAME_KEPT_ASIDE.into()),
            Ok(_) => told = Some(NOTICE_NEWER_KEPT_ASIDE.into()),
            Err(e) => warn!("could not keep a copy of the save aside: {e}"),
        }
    }
    // A level the save names that the ladder no longer has: read as the nearest rung, said once.
    if crate::ai::level::take_out_of_range().is_some() && told.is_none() {
        told = Some(NOTICE_LEVEL_GONE.into());
    }
    *settings = loaded.settings;
    let mut game = loaded.game;
    // A clock that ran when the app was killed: charged up to its last note.
    if let Some(game) = &mut game
        && let Ok(text) = read(&beat_path(path))
        && let Ok(beat) = ron::from_str::<ClockBeat>(&text)
        && apply_beat(game, &beat)
    {
        info!("the clock charged up to its last note: {:?}", beat.left);
    }
    saved.0 = game;
    notice.0 = told;
}

/// How often a running clock's times are written with the save while nothing else changes (every move,
/// pause and quit writes it too).
pub const CLOCK_SAVED_EVERY_MS: u64 = 5_000;

/// How often a running clock's times are noted beside the save ([`ClockBeat`]): a start after the app was
/// killed (no quit, no going to the background) gives back at most this much thinking time.
pub const CLOCK_BEAT_EVERY_MS: u64 = 250;

/// A running clock's times at one moment, noted beside the save many times a second, unsynced (a small
/// file, `clock.ron`): the last moment the clock is known at. A killed app's save is up to
/// [`CLOCK_SAVED_EVERY_MS`] old; at the next start the note charges the side that was on move the time
/// it used since (a killed app gave back 1–4 s).
///
/// Read only for the game, and the move, it was noted at; and as a side's time only goes down while the
/// moves stay the same (a press changes them; a takeback and the move played again leave each side with
/// no more than before), each side takes the lesser of the save's time and the note's.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ClockBeat {
    pub game: u64,
    /// The moves played when it was noted.
    pub moves: usize,
    /// Each side's time left then, ms (white, black).
    pub left: [u64; 2],
}

/// Where the clock's note lives: beside the save.
pub fn beat_path(save: &Path) -> PathBuf {
    save.with_file_name("clock.ron")
}

/// The saved game's clock brought up to its last note, if the note is for that game at that move: the
/// time used between the save's last write and the app's end is charged. Whether anything was charged.
pub fn apply_beat(game: &mut SavedMoves, beat: &ClockBeat) -> bool {
    if beat.game != game.id || beat.moves != game.moves.len() {
        return false;
    }
    let Some(clock) = &mut game.clock else { return false };
    let mut charged = false;
    for (saved, noted) in clock.left.iter_mut().zip(beat.left) {
        if noted < *saved {
            *saved = noted;
            charged = true;
        }
    }
    charged
}

/// Saves after every change of the settings or the game, as the app quits or goes to the background, and
/// every few seconds while a clock runs.
///
/// A timed game's clock is saved as of the moment of writing: on the game screen with the time the side
/// to move has used so far; on another screen with the time it stopped at (the clock stands still off
/// the game screen). Saved only when a move was played, a game quit mid-turn gave that side its thinking
/// time back at the next start.
fn write_save(
    path: Res<SavePath>,
    settings: Res<Settings>,
    session: Res<Session>,
    screen: Res<State<Screen>>,
    mut saved: ResMut<SavedGame>,
    mut writer: ResMut<SaveWriter>,
    (clock, time): (Res<GameClock>, ClockTime),
    (mut exits, mut lifecycle): (MessageReader<AppExit>, MessageReader<bevy::window::AppLifecycle>),
    (mut last, mut written_at, mut beat_at): (Local<Option<SaveFile>>, Local<u64>, Local<u64>),
) {
    let Some(path) = &path.0 else { return };
    let now = time.now();
    let leaving = leaving(&mut exits, &mut lifecycle);
    let on_game = *screen.get() == Screen::Game;
    let ticking = on_game && clock.of(session.game.id).is_some_and(|c| c.running().is_some());
    if ticking && now.saturating_sub(*beat_at) >= CLOCK_BEAT_EVERY_MS {
        note_clock(path, &session, &clock, now);
        *beat_at = now;
    }
    let due = ticking && now.saturating_sub(*written_at) >= CLOCK_SAVED_EVERY_MS;
    // The clock changes when it starts, stops, pauses or is pressed: each is saved, so a timed game
    // continued later has the time it had.
    let changed = settings.is_changed() || session.is_changed() || screen.is_changed() || clock.is_changed();
    if last.is_some() && !changed && !leaving && !due {
        return;
    }
    let game = match screen.get() {
        Screen::Game if session.game.is_over() => None,
        Screen::Game => Some(clock.saved_game(&session.game, now)),
        // The game waiting on the title keeps the time its clock stopped at.
        _ => saved.0.clone().map(|mut game| {
            if let Some(times) = clock.saved(game.id, now) {
                game.clock = Some(times);
            }
            game
        }),
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
    *written_at = now;
}

/// Notes the running clock's times beside the save ([`ClockBeat`]): a few dozen bytes, on the frame.
fn note_clock(path: &Path, session: &Session, clock: &GameClock, now: u64) {
    let Some(saved) = clock.saved(session.game.id, now) else { return };
    let beat = ClockBeat { game: session.game.id, moves: session.game.moves().len(), left: saved.left };
    let Ok(text) = ron::to_string(&beat) else { return };
    if let Err(e) = write_quick(&beat_path(path), &text) {
        warn!("noting the clock: {e}");
    }
}

/// Whether the app quits or goes to the background this frame (each system reads the messages itself).
/// Bevy 0.19 sends `Suspended` (its `WillSuspend` becomes `Suspended` before it is sent); `WillSuspend` is
/// heard too, should a later Bevy send it.
fn leaving(
    exits: &mut MessageReader<AppExit>,
    lifecycle: &mut MessageReader<bevy::window::AppLifecycle>,
) -> bool {
    use bevy::window::AppLifecycle;
    exits.read().count() > 0
        || lifecycle.read().any(|l| matches!(l, AppLifecycle::Suspended | AppLifecycle::WillSuspend))
}

/// Tells the player, once each, what the writes had to say; lands every waiting write when the app quits
/// or goes to the background ([`leaving`]). iOS freezes the app soon after it leaves the screen and Android may end it: a move made just before must be on disk.
fn finish_writes(
    mut writer: ResMut<SaveWriter>,
    mut notice: ResMut<SaveNotice>,
    locale: Option<Res<Locale>>,
    mut toasts: MessageWriter<Toast>,
    mut exits: MessageReader<AppExit>,
    mut lifecycle: MessageReader<bevy::window::AppLifecycle>,
    mut told: Local<Vec<&'static str>>,
) {
    if leaving(&mut exits, &mut lifecycle) {
        writer.flush();
    }
    for Told { key, detail } in writer.poll() {
        warn!("saving: {detail}");
        if told.contains(&key) {
            continue;
        }
        told.push(key);
        // Said now, wherever the player is, and on the title until it is left.
        if let Some(locale) = &locale {
            toasts.write(Toast(locale.t(key)));
        }
        notice.0.get_or_insert_with(|| key.to_string());
    }
}

/// "Continue": the saved game, replayed through the rules.
pub fn resume_saved(
    _: On<Tap>,
    saved: Res<SavedGame>,
    mut board: SessionControl,
    mut next: ResMut<NextState<Screen>>,
    mut notice: ResMut<SaveNotice>,
) {
    let Some(data) = &saved.0 else { return };
    match data.game() {
        Ok(game) => {
            board.replace(game, BoardOwner::Game);
            next.set(Screen::Game);
        }
        Err(e) => {
            warn!("the saved game does not replay: {e}");
            notice.0 = Some(NOTICE_GAME_LOST.into());
        }
    }
}
