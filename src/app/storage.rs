//! Where the saves live: files on the desktop and on phones, the browser's localStorage on the web (one
//! item per file, keyed by the file's path: `toguz/save.ron`, `toguz/history.ron`). Either way a write
//! leaves the whole new text or the whole old one: a file is written beside the old one, synced, then
//! renamed over it; an item is replaced by one `setItem`, which the browser applies whole or refuses (the
//! storage is full, or turned off for the page), and a refusal is an error like a failed write.

use std::io;
use std::path::Path;

/// The text stored at `path`; an error of kind `NotFound` when there is none.
pub fn read(path: &Path) -> io::Result<String> {
    imp::read(path)
}

/// Replaces what is stored at `path` with `text`, whole or not at all.
pub fn write(path: &Path, text: &str) -> io::Result<()> {
    imp::write(path, text)
}

/// Moves what is stored at `path` to `aside`: a damaged save kept for inspection, never overwritten.
pub fn set_aside(path: &Path, aside: &Path) -> io::Result<()> {
    imp::set_aside(path, aside)
}

#[cfg(not(target_arch = "wasm32"))]
mod imp {
    use std::io::{self, Write};
    use std::path::Path;

    pub fn read(path: &Path) -> io::Result<String> {
        std::fs::read_to_string(path)
    }

    pub fn write(path: &Path, text: &str) -> io::Result<()> {
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

    pub fn set_aside(path: &Path, aside: &Path) -> io::Result<()> {
        std::fs::rename(path, aside)
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

    pub fn set_aside(path: &Path, aside: &Path) -> io::Result<()> {
        let storage = storage()?;
        let text = read(path)?;
        storage.set_item(&key(aside), &text).map_err(refused)?;
        storage.remove_item(&key(path)).map_err(refused)
    }
}
