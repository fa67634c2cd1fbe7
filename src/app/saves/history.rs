//! The games played: every game with a move in it is kept as it stands (finished, or left unfinished when
//! another began), the latest 200, in `history.ron` beside the save, written atomically as the save is.
//! "Games" on the title lists them, newest first, a page at a time; a game opens in review.
//!
//! Nothing played is lost without the player being told. A history file that cannot be read (damaged,
//! not text, not allowed) is set aside (`history.ron.damaged`, numbered: `storage`) and a fresh one
//! begun; one that can be read but holds what this version cannot use (a game that no longer replays, a
//! newer version's fields) is copied aside before anything is written over it; the save is never
//! touched. A write never writes this copy's memory over the file: it reads what is stored, keeps every
//! game there (another copy of the app, in another window or tab, may have added some, and the games this
//! version cannot show stay too), puts in this copy's own games by id, and writes the newest `KEEP`, under
//! a lock against another copy's write. The history's writes share the save's queue, so a finished game is
//! in the history before the save lets it go.

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use crate::app::platform::storage::copy_aside;
use crate::app::platform::storage::exclusive;
use crate::app::platform::storage::read;
use crate::app::platform::storage::set_aside;
use crate::app::platform::storage::write;
use crate::app::saves::persistence::SaveLoaded;
use crate::app::saves::persistence::SaveWritten;
use crate::app::saves::persistence::{SavePath, SaveWriter, Told};
use crate::app::state::clock::{ClockTime, GameClock};
use crate::app::state::screen::Screen;
use crate::app::state::session::Session;
use crate::game::SavedMoves;

const FILE: &str = "history.ron";
const VERSION: u32 = 1;
/// Games kept: the oldest goes when a new one would make more.
pub const KEEP: usize = 200;

/// One game of the history.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PastGame {
    /// The day it began, `YYYY-MM-DD` (UTC).
    pub date: String,
    pub game: SavedMoves,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HistoryFile {
    pub version: u32,
    /// Oldest first.
    pub games: Vec<PastGame>,
}

/// The games played, oldest first.
#[derive(Resource, Default, Clone, Debug)]
pub struct History {
    pub games: Vec<PastGame>,
    /// Where it is written; `None` keeps it in memory (no save, or a file that could be neither read nor
    /// set aside: writing would destroy it).
    path: Option<PathBuf>,
    /// The games this copy of the app played or brought in: its version of them is the one written.
    touched: HashSet<u64>,
    /// What the last write found stored and wrote (another copy's games with ours), for the list.
    written: Arc<Mutex<Option<Vec<PastGame>>>>,
}

/// Something about the history the title says in words (a locale key), until the player leaves it.
#[derive(Resource, Default, Clone, Debug)]
pub struct HistoryNotice(pub Option<String>);

/// What the player is told about the history: locale keys.
pub const NOTICE_HISTORY_DAMAGED: &str = "notice.history_damaged";
pub const NOTICE_HISTORY_UNREADABLE: &str = "notice.history_unreadable";
pub const NOTICE_HISTORY_KEPT_ASIDE: &str = "notice.history_kept_aside";
pub const NOTICE_HISTORY_NOT_KEPT: &str = "notice.history_not_kept";

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<History>()
        .init_resource::<HistoryNotice>()
        // After the save's path is chosen, before the title is built.
        .add_systems(PreStartup, load_history.after(SaveLoaded))
        // Queued before the save's write of the same frame: the history holds a finished game first.
        .add_systems(Last, keep_the_game.before(SaveWritten));
}

/// Reads the history file's text. A file that is not a history gives the reason.
pub fn read_history_text(text: &str) -> Result<Vec<PastGame>, String> {
    read_history_file(text).map(|file| replayable(file.games))
}

/// The file as it is stored, every game in it, whether or not it replays.
fn read_history_file(text: &str) -> Result<HistoryFile, String> {
    ron::from_str(text).map_err(|e| e.to_string())
}

/// The games that replay through the rules: the ones the list can show.
fn replayable(games: Vec<PastGame>) -> Vec<PastGame> {
    games.into_iter().filter(|g| g.game.game().is_ok()).collect()
}

fn load_history(path: Res<SavePath>, mut history: ResMut<History>, mut notice: ResMut<HistoryNotice>) {
    let Some(path) = path.0.as_ref().map(|p| p.with_file_name(FILE)) else { return };
    let file = match read(&path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Ok(text) => read_history_file(&text).map(Some),
        // Not text, not allowed, …: whatever the reason, it is not a file to write over.
        Err(e) => Err(e.to_string()),
    };
    match file {
        Ok(None) => {}
        // What this version cannot use is copied aside by the first write, before it writes over it.
        Ok(Some(file)) => history.games = replayable(file.games),
        Err(e) => match set_aside(&path, "damaged") {
            Ok(_) => {
                warn!("the history could not be read, kept aside: {e}");
                notice.0 = Some(NOTICE_HISTORY_DAMAGED.into());
            }
            Err(aside) => {
                warn!("the history could not be read: {e}");
                // Neither read nor moved: written over, it would be lost. The games played now stay in
                // memory only, and the player knows it.
                warn!("could not keep the history aside: {aside}");
                notice.0 = Some(NOTICE_HISTORY_UNREADABLE.into());
                return;
            }
        },
    }
    history.path = Some(path);
}

/// Keeps the game on the board in the history, as it stands after every change.
fn keep_the_game(
    session: Res<Session>,
    screen: Res<State<Screen>>,
    mut history: ResMut<History>,
    mut writer: ResMut<SaveWriter>,
    (clock, time): (Res<GameClock>, ClockTime),
) {
    let written = history.written.lock().map(|mut w| w.take()).unwrap_or_default();
    if let Some(stored) = written {
        // Another copy's games join the list; this copy's own stay as they are in memory.
        let history = &mut *history;
        history.games = merged(Some(stored), &history.games, &history.touched);
    }
    if !session.is_changed() || *screen.get() != Screen::Game || session.owner.is_practice() {
        return;
    }
    let game = &session.game;
    if game.history().is_empty() {
        return;
    }
    // A timed game keeps its clock, for its record's `%clk`.
    let saved = clock.saved_game(game, time.now());
    match history.games.iter().position(|g| g.game.id == game.id) {
        Some(i) if history.games[i].game == saved => return,
        Some(i) => {
            history.games[i].game = saved;
            history.touched.insert(game.id);
        }
        None => history.add(PastGame { date: today(), game: saved }),
    }
    history.write(&mut writer);
}

/// The history to write: what is stored (another copy of the app may have added to it, and it keeps the
/// games this version cannot show), this copy's version of the games it played, by id, and those not
/// stored yet as the newest; the newest `KEEP`. With nothing stored, this copy's memory.
fn merged(stored: Option<Vec<PastGame>>, ours: &[PastGame], touched: &HashSet<u64>) -> Vec<PastGame> {
    let Some(mut games) = stored else { return ours.to_vec() };
    let mine = |id: u64| ours.iter().find(|g| g.game.id == id && touched.contains(&id));
    for past in &mut games {
        if let Some(mine) = mine(past.game.id) {
            *past = mine.clone();
        }
    }
    let known: HashSet<u64> = games.iter().map(|g| g.game.id).collect();
    games
        .extend(ours.iter().filter(|g| touched.contains(&g.game.id) && !known.contains(&g.game.id)).cloned());
    let extra = games.len().saturating_sub(KEEP);
    games.drain(..extra);
    games
}

/// Writes the history at `path`: what is stored, merged with `ours`, under the lock. What the write has
/// to tell: a stored file that could not be read (set aside), or a write that failed.
fn write_merged(
    path: &Path,
    ours: &[PastGame],
    touched: &HashSet<u64>,
    written: &Mutex<Option<Vec<PastGame>>>,
) -> Vec<Told> {
    let mut told = Vec::new();
    let tell = |key, detail: String| Told { key, detail: format!("{}: {detail}", path.display()) };
    let stored = match read(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Ok(text) => read_history_file(&text).map(Some),
        Err(e) => Err(e.to_string()),
    };
    let stored = match stored {
        Ok(None) => None,
        Ok(Some(file)) => {
            let (newer, count) = (file.version > VERSION, file.games.len());
            let games = replayable(file.games);
            if newer || games.len() < count {
                // Written over, the file would lose what this version cannot use (a game that no longer
                // replays, a newer version's fields): first a copy of it as it is.
                let detail =
                    format!("{} games that do not replay, version {}", count - games.len(), file.version);
                match copy_aside(path, "kept") {
                    Ok(_) => told.push(tell(NOTICE_HISTORY_KEPT_ASIDE, detail)),
                    Err(e) => {
                        told.push(tell(NOTICE_HISTORY_NOT_KEPT, format!("{detail}; not copied aside: {e}")));
                        return told;
                    }
                }
            }
            Some(games)
        }
        // Another copy of the app (a newer version, say) wrote what this one cannot read: set aside, not
        // written over.
        Err(e) => match set_aside(path, "damaged") {
            Ok(_) => {
                told.push(tell(NOTICE_HISTORY_DAMAGED, e));
                None
            }
            Err(aside) => {
                told.push(tell(NOTICE_HISTORY_NOT_KEPT, format!("{e}; not set aside: {aside}")));
                return told;
            }
        },
    };
    let games = merged(stored, ours, touched);
    let file = HistoryFile { version: VERSION, games };
    let text = ron::ser::to_string_pretty(&file, ron::ser::PrettyConfig::default()).unwrap_or_default();
    match write(path, &text) {
        Ok(()) => {
            if let Ok(mut w) = written.lock() {
                *w = Some(replayable(file.games));
            }
        }
        Err(e) => told.push(tell(NOTICE_HISTORY_NOT_KEPT, e.to_string())),
    }
    told
}

impl History {
    /// Adds a game as the newest, one this copy of the app played or brought in; the oldest goes when
    /// there would be more than `KEEP`.
    pub fn add(&mut self, past: PastGame) {
        self.touched.insert(past.game.id);
        self.games.push(past);
        let extra = self.games.len().saturating_sub(KEEP);
        self.games.drain(..extra);
    }

    /// Writes the history (merged with what is stored, atomically, off the frame, after every earlier
    /// write of the save or the history).
    pub fn write(&self, writer: &mut SaveWriter) {
        let Some(path) = self.path.clone() else { return };
        let (ours, touched, written) = (self.games.clone(), self.touched.clone(), self.written.clone());
        let target = path.clone();
        writer.write_with(target, move || {
            match exclusive(&path, || write_merged(&path, &ours, &touched, &written)) {
                Ok(told) => told,
                Err(e) => {
                    vec![Told { key: NOTICE_HISTORY_NOT_KEPT, detail: format!("{}: {e}", path.display()) }]
                }
            }
        });
    }
}

/// Today's date from the system clock, `YYYY-MM-DD` (UTC), with no calendar crate: days since 1970 to a
/// civil date (Howard Hinnant's algorithm).
pub fn today() -> String {
    // web_time: std's clock panics in a browser.
    let secs = web_time::SystemTime::now().duration_since(web_time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
    civil_date(secs / 86_400)
}

pub fn civil_date(days: u64) -> String {
    let z = days as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}
