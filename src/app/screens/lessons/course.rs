//! The course as data: `tutorial/course.ron` and every lesson it lists, read by the asset server into
//! [`crate::lesson::Course`]. A damaged lesson spoils only itself: the list shows why it cannot be opened.

use crate::lesson::{Course, Lesson};
use bevy::asset::io::Reader;
use bevy::asset::{AssetLoader, LoadContext};
use bevy::prelude::*;

use crate::app::state::content::read_content;
use std::collections::HashMap;

/// The course, as the asset server read it.
#[derive(Asset, TypePath, Debug)]
pub struct CourseFile(pub Result<Course, String>);

/// Reads `tutorial/course.ron` and every lesson it lists. A damaged lesson spoils only itself: the list
/// shows why it cannot be opened.
#[derive(Default, TypePath)]
pub(crate) struct CourseLoader;

impl AssetLoader for CourseLoader {
    type Asset = CourseFile;
    type Settings = ();
    type Error = std::io::Error;

    async fn load(
        &self,
        reader: &mut dyn Reader,
        _: &(),
        context: &mut LoadContext<'_>,
    ) -> Result<CourseFile, std::io::Error> {
        let mut bytes = Vec::new();
        reader.read_to_end(&mut bytes).await?;
        let index = String::from_utf8_lossy(&bytes).into_owned();
        let ids = match Course::ids(&index) {
            Ok(ids) => ids,
            Err(e) => return Ok(CourseFile(Err(e))),
        };
        let mut files = HashMap::new();
        for id in ids {
            let path = Course::lesson_path(&id);
            let text = match context.read_asset_bytes(path.clone()).await {
                Ok(bytes) => String::from_utf8(bytes).map_err(|e| e.to_string()),
                Err(e) => Err(e.to_string()),
            };
            files.insert(path, text);
        }
        let course = Course::parse(&index, |path| files.remove(path).unwrap_or(Err("not read".into())));
        Ok(CourseFile(course))
    }

    fn extensions(&self) -> &[&str] {
        &["course.ron"]
    }
}

/// The course being loaded, or loaded.
#[derive(Resource)]
pub struct CourseHandle(pub Handle<CourseFile>);

pub(crate) fn load_course(mut commands: Commands, assets: Option<Res<AssetServer>>) {
    if let Some(assets) = assets {
        commands.insert_resource(CourseHandle(assets.load(Course::INDEX)));
    }
}

/// The course if it has been read: `Err` says why it cannot be.
pub fn course<'a>(
    handle: Option<&CourseHandle>,
    files: Option<&'a Assets<CourseFile>>,
    assets: Option<&AssetServer>,
) -> Option<Result<&'a Course, String>> {
    read_content(handle.map(|h| &h.0), files, assets, |file: &CourseFile| &file.0)
}

/// The lesson after `id` in the course, if there is one that reads.
pub(crate) fn next_lesson_id(
    handle: Option<&CourseHandle>,
    files: Option<&Assets<CourseFile>>,
    id: &str,
) -> Option<(String, Lesson)> {
    let course = files?.get(&handle?.0)?.0.as_ref().ok()?;
    let at = course.lessons.iter().position(|e| e.id == id)?;
    course.lessons[at + 1..].iter().find_map(|e| e.lesson.as_ref().ok().map(|l| (e.id.clone(), l.clone())))
}
