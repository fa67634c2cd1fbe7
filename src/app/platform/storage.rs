//! Where the saves live: files on the desktop and on phones, the browser's localStorage on the web (one
//! item per file, keyed by the file's path: `toguz/save.ron`, `toguz/history.ron`). Either way a write
//! leaves the whole new text or the whole old one: a file is written as `crate::files::write_whole` writes
//! (beside the old one under a name of its own, synced, renamed over it, the folder synced; the engine's
//! generated data is written the same way).
//! An item is replaced by one `setItem`, which the browser applies whole or refuses (the storage is full,
//! or turned off for the page), and a refusal is an error like a failed write.
//!
//! A file this version cannot use whole is set aside (moved, or copied when it is still read) under a
//! numbered name, `save.ron.damaged`, `save.ron.damaged.2`, …: a copy set aside is never overwritten by
//! the next one. At most `ASIDE_KEPT` are kept for each file and kind; past that the first one (often the
//! one that mattered) stays, the second oldest goes and the others move down.

use std::io;
use std::path::{Path, PathBuf};

/// Copies set aside for one file and one kind (`damaged`, `kept`), at most. Fewer in a browser: a page's
/// storage holds about 5 MB, and a history of 200 games is about 0.5 MB.
pub const ASIDE_KEPT: usize = if cfg!(target_arch = "wasm32") { 3 } else { 10 };

/// The text stored at `path`; an error of kind `NotFound` when there is none.
pub fn read(path: &Path) -> io::Result<String> {
    imp::read(path)
}

/// Replaces what is stored at `path` with `text`, whole or not at all.
pub fn write(path: &Path, text: &str) -> io::Result<()> {
    imp::write(path, text)
}

/// Puts `text` at `path` at once, on the calling thread: not synced and not written beside the old text,
/// so a crash of the device (not of the app) may leave it torn or old. For a small note written often
/// (a running clock's last known times), whose reader takes a torn note as none; a kill of the app keeps
/// it, as the system holds what was written.
pub fn write_quick(path: &Path, text: &str) -> io::Result<()> {
    imp::write_quick(path, text)
}

/// The `n`th name (from 1) for a copy of `path` set aside as `kind`: `save.ron.damaged`, then
/// `save.ron.damaged.2`, ….
pub fn aside_name(path: &Path, kind: &str, n: usize) -> PathBuf {
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let name = if n <= 1 { format!("{name}.{kind}") } else { format!("{name}.{kind}.{n}") };
    path.with_file_name(name)
}

/// Moves what is stored at `path` aside as `kind`, under a name no earlier copy holds; where it went.
pub fn set_aside(path: &Path, kind: &str) -> io::Result<PathBuf> {
    let aside = free_aside_name(path, kind)?;
    imp::rename(path, &aside)?;
    Ok(aside)
}

/// Copies what is stored at `path` aside as `kind` (the file stays, to be read); where the copy went.
pub fn copy_aside(path: &Path, kind: &str) -> io::Result<PathBuf> {
    let aside = free_aside_name(path, kind)?;
    imp::copy(path, &aside)?;
    Ok(aside)
}

/// The first name not taken; when all `ASIDE_KEPT` are, the second oldest copy makes room.
fn free_aside_name(path: &Path, kind: &str) -> io::Result<PathBuf> {
    if let Some(n) = (1..=ASIDE_KEPT).find(|&n| !imp::exists(&aside_name(path, kind, n))) {
        return Ok(aside_name(path, kind, n));
    }
    imp::remove(&aside_name(path, kind, 2))?;
    for n in 3..=ASIDE_KEPT {
        imp::rename(&aside_name(path, kind, n), &aside_name(path, kind, n - 1))?;
    }
    Ok(aside_name(path, kind, ASIDE_KEPT))
}

/// Runs `write` while no other copy of the app on this device runs its own for `path` (a lock file
/// beside it, `history.ron.lock`), so that a read, a merge and a write are one step for both. In a
/// browser a tab's script runs alone between its awaits: nothing to take.
pub fn exclusive<T>(path: &Path, write: impl FnOnce() -> T) -> io::Result<T> {
    imp::exclusive(path, write)
}

#[cfg(not(target_arch = "wasm32"))]
mod imp {
    use std::io;
    use std::path::Path;

    use crate::files::write_whole;

    pub fn read(path: &Path) -> io::Result<String> {
        std::fs::read_to_string(path)
    }

    pub fn write(path: &Path, text: &str) -> io::Result<()> {
        write_whole(path, text)
    }

    pub fn write_quick(path: &Path, text: &str) -> io::Result<()> {
        std::fs::write(path, text)
    }

    pub fn exists(path: &Path) -> bool {
        path.symlink_metadata().is_ok()
    }

    pub fn rename(from: &Path, to: &Path) -> io::Result<()> {
        std::fs::rename(from, to)
    }

    pub fn copy(from: &Path, to: &Path) -> io::Result<()> {
        std::fs::copy(from, to).map(|_| ())
    }

    pub fn remove(path: &Path) -> io::Result<()> {
        std::fs::remove_file(path)
    }

    pub fn exclusive<T>(path: &Path, write: impl FnOnce() -> T) -> io::Result<T> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)?;
        }
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let lock = std::fs::File::options()
            .create(true)
            .truncate(false)
            .write(true)
            .open(path.with_file_name(format!("{name}.lock")))?;
        // Released when the file is closed, even if this process is killed mid-write.
        lock.lock()?;
        Ok(write())
    }
}

#[cfg(target_arch = "wasm32")]
mod imp {
    use std::io;
    use std::path::Path;

    use wasm_bindgen::JsValue;

    fn storage() -> io::Result<web_sys::Storage> {
        web_sys::window().and_then(|w| w.local_storage().ok().flatten()).ok_or_else(|| {
            io::Error::new(io::ErrorKind::Unsupported, "the browser keeps no local storage for this page")
        })
    }

    fn key(path: &Path) -> String {
        path.to_string_lossy().into_owned()
    }

    /// `QuotaExceededError` (the storage is full) or `SecurityError` (storage turned off), by name.
    fn refused(e: JsValue) -> io::Error {
        let name = js_sys::Reflect::get(&e, &JsValue::from_str("name")).ok().and_then(|n| n.as_string());
        io::Error::other(name.unwrap_or_else(|| format!("{e:?}")))
    }

    pub fn read(path: &Path) -> io::Result<String> {
        storage()?.get_item(&key(path)).map_err(refused)?.ok_or_else(|| io::ErrorKind::NotFound.into())
    }

    pub fn write(path: &Path, text: &str) -> io::Result<()> {
        storage()?.set_item(&key(path), text).map_err(refused)
    }

    pub fn write_quick(path: &Path, text: &str) -> io::Result<()> {
        write(path, text)
    }

    pub fn exists(path: &Path) -> bool {
        read(path).is_ok()
    }

    pub fn rename(from: &Path, to: &Path) -> io::Result<()> {
        copy(from, to)?;
        storage()?.remove_item(&key(from)).map_err(refused)
    }

    pub fn copy(from: &Path, to: &Path) -> io::Result<()> {
        write(to, &read(from)?)
    }

    pub fn remove(path: &Path) -> io::Result<()> {
        storage()?.remove_item(&key(path)).map_err(refused)
    }

    pub fn exclusive<T>(_path: &Path, write: impl FnOnce() -> T) -> io::Result<T> {
        Ok(write())
    }
}
