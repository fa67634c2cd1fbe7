//! A file written whole or not at all, for the app's saves and the engine's generated data alike: the
//! text goes to a file beside the old one under a name of its own (the process id and a counter, so two
//! writers never share one), is synced, renamed over the old file, and the folder synced so that a power
//! cut cannot bring the old file back; a write that fails takes its temporary file with it.
//!
//! Invariant: at every moment `path` holds the whole old text or the whole new one. Pure Rust, no Bevy;
//! not for the browser, which has no files (the app's storage keeps its own `localStorage` path).

use std::io::{self, Write};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};

/// Numbers this process's temporary files: with the process id, a name no other write uses.
static WRITES: AtomicU64 = AtomicU64::new(0);

/// Replaces the file at `path` with `text`, whole or not at all; makes its folder when there is none.
pub fn write_whole(path: &Path, text: &str) -> io::Result<()> {
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty());
    if let Some(dir) = dir {
        std::fs::create_dir_all(dir)?;
    }
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let number = WRITES.fetch_add(1, Ordering::Relaxed);
    let tmp = path.with_file_name(format!("{name}.{}-{number}.tmp", std::process::id()));
    let written = (|| {
        let mut file = std::fs::File::create(&tmp)?;
        file.write_all(text.as_bytes())?;
        file.sync_all()?;
        drop(file);
        std::fs::rename(&tmp, path)
    })();
    if let Err(e) = written {
        let _ = std::fs::remove_file(&tmp);
        return Err(e);
    }
    // The rename is in the folder's own data: synced, the new name survives a power cut. The file is in
    // place already, so a system that cannot sync a folder (some refuse it) loses nothing here.
    #[cfg(unix)]
    if let Some(dir) = dir {
        let _ = std::fs::File::open(dir).and_then(|d| d.sync_all());
    }
    Ok(())
}
