//! Learn to play: the lesson list and the lessons, on the real board with the real stones, sowing and
//! sounds. A lesson is data (`assets/tutorial`, read by [`crate::lesson`]); what a tap means in a step is
//! decided there by asking the rules, and these plugins only play the moves and show the words. This file
//! schedules them: the course (`course`), the list (`list`), a running lesson (`lesson`) and its words
//! and buttons (`panel`).
//!
//! A lesson borrows the board: the game in progress is set aside when a lesson opens and brought back,
//! untouched, when the learner leaves, so "Rules" in the in-game menu loses nothing. How far the learner
//! went (lessons done, the step reached) is saved with the settings.

use bevy::prelude::*;

use crate::app::screens::lessons::course::CourseFile;
use crate::app::screens::lessons::course::CourseLoader;
use crate::app::screens::lessons::course::load_course;
use crate::app::screens::lessons::lesson::SetAside;
use crate::app::screens::lessons::lesson::bring_back_the_game;
use crate::app::screens::lessons::lesson::drive_lesson;
use crate::app::screens::lessons::lesson::open_launch_lesson;
use crate::app::screens::lessons::lesson::set_aside_the_game;
use crate::app::screens::lessons::lesson::show_marks;
use crate::app::screens::lessons::lesson::speak_to_the_learner;
use crate::app::screens::lessons::list::LessonsFrom;
use crate::app::screens::lessons::list::rebuild_list;
use crate::app::screens::lessons::panel::rebuild_lesson_ui;
use crate::app::screens::lessons::panel::show_lesson;
use crate::app::state::screen::Frame;
use crate::app::state::screen::Screen;

pub(crate) fn plugin(app: &mut App) {
    if app.world().get_resource::<AssetServer>().is_some() {
        app.init_asset::<CourseFile>().register_asset_loader(CourseLoader);
    }
    app.init_resource::<LessonsFrom>()
        .init_resource::<SetAside>()
        .add_systems(Startup, load_course)
        .add_systems(OnEnter(Screen::Lesson), set_aside_the_game)
        .add_systems(OnExit(Screen::Lesson), bring_back_the_game)
        .add_systems(Update, rebuild_list.run_if(in_state(Screen::Lessons)))
        .add_systems(Update, open_launch_lesson)
        .add_systems(Update, drive_lesson.in_set(Frame::Input).run_if(in_state(Screen::Lesson)))
        // After the board has said what it says (in `Frame::Input`), before anything shows it.
        .add_systems(Update, speak_to_the_learner.in_set(Frame::Rules).run_if(in_state(Screen::Lesson)))
        .add_systems(
            Update,
            (rebuild_lesson_ui, show_lesson, show_marks)
                .chain()
                .in_set(Frame::View)
                .run_if(in_state(Screen::Lesson)),
        );
}

// The lesson list.

// Taking a lesson.

// The lesson's screen: a header (leave, the lesson's name and step, skip) and a panel under or beside the
// board (the caption, what was said, back, again, next).
