//! Content the asset server reads (the lessons, the puzzles, the masters' openings): each is an asset
//! holding `Result<T, String>`, the data or why it cannot be used. A leaf: the screens that read content
//! ask here whether it is read yet.

use bevy::asset::LoadState;
use bevy::prelude::*;

/// The data of the asset behind `handle` once read (`Err`: why it cannot be used, whether the file was
/// damaged or could not be read at all); `None` while it is being read, or before it is asked for.
pub fn read_content<'a, A: Asset, T>(
    handle: Option<&Handle<A>>,
    assets: Option<&'a Assets<A>>,
    server: Option<&AssetServer>,
    data: impl Fn(&'a A) -> &'a Result<T, String>,
) -> Option<Result<&'a T, String>> {
    let handle = handle?;
    if let Some(asset) = assets.and_then(|a| a.get(handle)) {
        return Some(data(asset).as_ref().map_err(Clone::clone));
    }
    match server.map(|s| s.load_state(handle)) {
        Some(LoadState::Failed(e)) => Some(Err(e.to_string())),
        _ => None,
    }
}
