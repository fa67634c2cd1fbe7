//! The screens and the order of a frame's work: the vocabulary every feature schedules by. A leaf: it
//! uses nothing of the app.

use bevy::prelude::*;

pub(crate) fn plugin(app: &mut App) {
    app.init_state::<Screen>()
        .add_computed_state::<OnBoard>()
        .configure_sets(Update, (Frame::Input, Frame::Rules, Frame::Animate, Frame::View).chain());
}

/// The screens.
#[derive(States, Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Screen {
    #[default]
    Title,
    Game,
    /// The list of lessons.
    Lessons,
    /// A lesson, on the board.
    Lesson,
    /// A game looked back at, move by move, on the board.
    Review,
    /// Puzzles from the masters' games, on the board.
    Training,
    /// The masters' openings, walked on the board (from the training).
    Openings,
}

impl Screen {
    pub const ALL: [Screen; 7] = [
        Screen::Title,
        Screen::Game,
        Screen::Lessons,
        Screen::Lesson,
        Screen::Review,
        Screen::Training,
        Screen::Openings,
    ];
}

/// The order of a frame's work, so that a move shows in the frame the rules accept it: taps and the
/// computer ask for moves; the rules apply them; the animation starts; the view (board, bars, panels)
/// follows, never a frame behind the rules.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Frame {
    Input,
    Rules,
    Animate,
    View,
}

/// The board is on screen: in a game, a lesson, a review, a puzzle or the openings. The board, the stones, their animation and the
/// touch input live while it lasts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OnBoard;

impl bevy::state::state::ComputedStates for OnBoard {
    type SourceStates = Screen;
    fn compute(screen: Screen) -> Option<OnBoard> {
        matches!(screen, Screen::Game | Screen::Lesson | Screen::Review | Screen::Training | Screen::Openings)
            .then_some(OnBoard)
    }
}
