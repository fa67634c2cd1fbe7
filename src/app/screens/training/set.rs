//! The puzzles as data: `puzzles/index.ron` and every file it lists, read by the asset server into
//! [`crate::puzzle::Puzzle`]s, each checked against the rules as it is read. A damaged file keeps the
//! training closed with the reason on screen; it never crashes the app.

use bevy::asset::io::Reader;
use bevy::asset::{AssetLoader, LoadContext};
use bevy::prelude::*;

use crate::app::state::content::read_content;
use std::collections::HashMap;

use crate::puzzle::{DIR, INDEX, Puzzle, index_files, parse_all};

/// The puzzles, as the asset server read them; `Err` says why they cannot be used.
#[derive(Asset, TypePath, Debug)]
pub struct PuzzleSet(pub Result<Vec<Puzzle>, String>);

/// Reads the index and every puzzle file it lists.
#[derive(Default, TypePath)]
pub(crate) struct PuzzleSetLoader;

impl AssetLoader for PuzzleSetLoader {
    type Asset = PuzzleSet;
    type Settings = ();
    type Error = std::io::Error;

    async fn load(
        &self,
        reader: &mut dyn Reader,
        _: &(),
        context: &mut LoadContext<'_>,
    ) -> Result<PuzzleSet, std::io::Error> {
        let mut bytes = Vec::new();
        reader.read_to_end(&mut bytes).await?;
        let index = String::from_utf8_lossy(&bytes).into_owned();
        let names = match index_files(&index) {
            Ok(names) => names,
            Err(e) => return Ok(PuzzleSet(Err(e))),
        };
        let mut files = HashMap::new();
        for name in names {
            let text = match context.read_asset_bytes(format!("{DIR}/{name}")).await {
                Ok(bytes) => String::from_utf8(bytes).map_err(|e| e.to_string()),
                Err(e) => Err(e.to_string()),
            };
            files.insert(name, text);
        }
        let set = parse_all(&index, |name| files.remove(name).unwrap_or(Err("not read".into())));
        Ok(PuzzleSet(set))
    }

    fn extensions(&self) -> &[&str] {
        // Only the index: the puzzle files are read through it.
        &["index.ron"]
    }
}

/// The puzzles being loaded, or loaded.
#[derive(Resource)]
pub struct PuzzleSetHandle(pub Handle<PuzzleSet>);

pub(crate) fn plugin(app: &mut App) {
    app.init_asset::<PuzzleSet>().register_asset_loader(PuzzleSetLoader);
}

/// Starts reading the puzzles (the first time the training opens).
pub(crate) fn load_puzzles(
    mut commands: Commands,
    assets: Option<Res<AssetServer>>,
    loaded: Option<Res<PuzzleSetHandle>>,
) {
    if let (Some(assets), None) = (assets, loaded) {
        commands.insert_resource(PuzzleSetHandle(assets.load(format!("{DIR}/{INDEX}"))));
    }
}

/// The puzzles if they have been read: `Err` says why they cannot be.
pub fn puzzles<'a>(
    handle: Option<&PuzzleSetHandle>,
    sets: Option<&'a Assets<PuzzleSet>>,
    assets: Option<&AssetServer>,
) -> Option<Result<&'a [Puzzle], String>> {
    read_content(handle.map(|h| &h.0), sets, assets, |set: &PuzzleSet| &set.0).map(|r| r.map(Vec::as_slice))
}
