//! Settings and the game in progress survive a restart. The save is a small RON file written atomically
//! (a temporary file, flushed, then renamed over the old one), so a crash mid-write never loses the last
//! good save. A save that cannot be read is moved aside, not overwritten, and the player is told.

use std::io::Write;
use std::path::{Path, PathBuf};

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use crate::game::{Game, Mode};

use super::{BoardReset, Screen, Session, Settings};

const FILE: &str = "save.ron";
const VERSION: u32 = 1;

/// A game to continue: its mode and the holes played.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SavedMoves {
    pub mode: Mode,
    pub moves: Vec<u8>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SaveFile {
    pub version: u32,
    pub settings: Settings,
    pub game: Option<SavedMoves>,
}

/// The unfinished game found at start-up, offered as "Continue".
#[derive(Resource, Default, Clone, Debug)]
pub struct SavedGame(pub Option<SavedMoves>);

/// Where the save lives; `None` keeps everything in memory (screenshots, tests).
#[derive(Resource, Clone, Debug)]
pub struct SavePath(pub Option<PathBuf>);

/// A problem with the save, shown on the title screen.
#[derive(Resource, Default, Clone, Debug)]
pub struct SaveNotice(pub Option<String>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SavedGame>()
        .init_resource::<SaveNotice>()
        .add_systems(PreStartup, choose_path)
        .add_systems(Startup, load_save)
        .add_systems(Last, write_save);
}

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

/// Writes `text` to `path` so that the file is always either the old or the new content.
pub fn write_atomically(path: &Path, text: &str) -> std::io::Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let tmp = path.with_extension("ron.tmp");
    {
        let mut file = std::fs::File::create(&tmp)?;
        file.write_all(text.as_bytes())?;
        file.sync_all()?;
    }
    std::fs::rename(&tmp, path)
}

/// Reads a save: `Ok(None)` when there is none, `Err` with a reason when it is unreadable.
pub fn read_save(path: &Path) -> Result<Option<SaveFile>, String> {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(format!("cannot read {}: {e}", path.display())),
    };
    let save: SaveFile = ron::from_str(&text).map_err(|e| format!("the saved data is damaged ({e})"))?;
    if save.version != VERSION {
        return Err(format!("the save is from another version ({})", save.version));
    }
    if let Some(game) = &save.game {
        Game::from_moves(game.mode, &game.moves)
            .map_err(|e| format!("the saved game does not replay: {e}"))?;
    }
    Ok(Some(save))
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
    match read_save(path) {
        Ok(Some(save)) => {
            *settings = save.settings;
            saved.0 = save.game;
        }
        Ok(None) => {}
        Err(reason) => {
            // Keep the damaged file for inspection; never overwrite it silently.
            let aside = path.with_extension("ron.damaged");
            let kept = std::fs::rename(path, &aside).is_ok();
            notice.0 = Some(if kept {
                format!(
                    "Your saved game could not be restored: {reason}. It was kept as {}.",
                    aside.display()
                )
            } else {
                format!("Your saved game could not be restored: {reason}.")
            });
        }
    }
}

/// Saves after every change of the settings or the game.
fn write_save(
    path: Res<SavePath>,
    settings: Res<Settings>,
    session: Res<Session>,
    screen: Res<State<Screen>>,
    mut saved: ResMut<SavedGame>,
    mut last: Local<Option<SaveFile>>,
    mut notice: ResMut<SaveNotice>,
) {
    let Some(path) = &path.0 else { return };
    if last.is_some() && !settings.is_changed() && !session.is_changed() && !screen.is_changed() {
        return;
    }
    let game = if *screen.get() == Screen::Game && !session.game.status().is_over() {
        Some(SavedMoves { mode: session.game.mode, moves: session.game.moves() })
    } else if *screen.get() == Screen::Game {
        None
    } else {
        saved.0.clone()
    };
    let save = SaveFile { version: VERSION, settings: settings.clone(), game };
    if last.as_ref() == Some(&save) {
        return;
    }
    match write_atomically(path, &to_text(&save)) {
        Ok(()) => {
            saved.0 = save.game.clone();
            *last = Some(save);
        }
        Err(e) => {
            notice.0 = Some(format!("Could not save: {e}"));
            *last = Some(save);
        }
    }
}

/// "Continue": the saved game, replayed through the rules.
pub fn resume_saved(
    _: On<Pointer<Click>>,
    saved: Res<SavedGame>,
    mut session: ResMut<Session>,
    mut reset: MessageWriter<BoardReset>,
    mut next: ResMut<NextState<Screen>>,
    mut notice: ResMut<SaveNotice>,
) {
    let Some(data) = &saved.0 else { return };
    match Game::from_moves(data.mode, &data.moves) {
        Ok(game) => {
            let generation = session.generation + 1;
            *session = Session { game, generation };
            reset.write(BoardReset);
            next.set(Screen::Game);
        }
        Err(e) => notice.0 = Some(format!("The saved game could not be restored: {e}")),
    }
}
