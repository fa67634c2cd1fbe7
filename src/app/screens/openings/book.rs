//! The masters' opening book as data: `openings/masters.ron`, read by the asset server into
//! [`crate::openings::Openings`], every line checked against the rules as it is read. A damaged file
//! keeps the openings closed with the reason on screen (and review says nothing of theory); it never
//! crashes the app.

use bevy::asset::io::Reader;
use bevy::asset::{AssetLoader, LoadContext};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use crate::app::state::content::read_content;

use crate::openings::{FILE, Openings};

/// The book, as the asset server read it; `Err` says why it cannot be used.
#[derive(Asset, TypePath, Debug)]
pub struct MasterBook(pub Result<Openings, String>);

#[derive(Default, TypePath)]
pub(crate) struct MasterBookLoader;

impl AssetLoader for MasterBookLoader {
    type Asset = MasterBook;
    type Settings = ();
    type Error = std::io::Error;

    async fn load(
        &self,
        reader: &mut dyn Reader,
        _: &(),
        _: &mut LoadContext<'_>,
    ) -> Result<MasterBook, std::io::Error> {
        let mut bytes = Vec::new();
        reader.read_to_end(&mut bytes).await?;
        let book =
            String::from_utf8(bytes).map_err(|e| e.to_string()).and_then(|text| Openings::parse(&text));
        Ok(MasterBook(book))
    }

    fn extensions(&self) -> &[&str] {
        &["masters.ron"]
    }
}

/// The book being read, or read.
#[derive(Resource)]
pub struct MasterBookHandle(pub Handle<MasterBook>);

pub(crate) fn plugin(app: &mut App) {
    app.init_asset::<MasterBook>().register_asset_loader(MasterBookLoader);
}

/// Starts reading the book (the first time the openings or a review open).
pub(crate) fn load_book(
    mut commands: Commands,
    assets: Option<Res<AssetServer>>,
    loaded: Option<Res<MasterBookHandle>>,
) {
    if let (Some(assets), None) = (assets, loaded) {
        commands.insert_resource(MasterBookHandle(assets.load(FILE)));
    }
}

/// The book if it has been read: `Err` says why it cannot be.
pub fn book<'a>(
    handle: Option<&MasterBookHandle>,
    books: Option<&'a Assets<MasterBook>>,
    assets: Option<&AssetServer>,
) -> Option<Result<&'a Openings, String>> {
    read_content(handle.map(|h| &h.0), books, assets, |book: &MasterBook| &book.0)
}

/// The book as a system reads it: what [`book`] is asked with, in one parameter.
#[derive(SystemParam)]
pub(crate) struct Book<'w> {
    handle: Option<Res<'w, MasterBookHandle>>,
    books: Option<Res<'w, Assets<MasterBook>>>,
    assets: Option<Res<'w, AssetServer>>,
}

impl Book<'_> {
    /// The book if it has been read: `Err` says why it cannot be.
    pub(crate) fn read(&self) -> Option<Result<&Openings, String>> {
        book(self.handle.as_deref(), self.books.as_deref(), self.assets.as_deref())
    }
}
