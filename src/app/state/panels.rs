//! What covers the board: one stack of panels ([`Panels`]) that every panel, sheet, question and list
//! opens through. A leaf of the shared vocabulary: each feature draws its own panel, and asks this stack
//! whether it is the one on top.
//!
//! Invariants: only the panel on top is drawn (one card, one Close, one border on screen at a time); the
//! system Back and a tap beside the card close the top one and show the one under it as it was; the board
//! takes taps only while the stack is empty (`board::input::BoardCover`); leaving a screen closes every
//! panel opened over it. Nothing else in the app says whether a panel is open.

use bevy::prelude::*;

use crate::app::state::clock::Offer;
use crate::clock::Clock;
use crate::game::Mode;
use crate::rules::Side;

use crate::app::state::screen::Screen;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Panels>();
    for screen in Screen::ALL {
        app.add_systems(OnExit(screen), |mut panels: ResMut<Panels>| panels.clear());
    }
}

/// A panel over the board or the title.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Panel {
    /// A sheet of the title: against the computer, two players, or the settings.
    Sheet(Sheet),
    /// The eight languages, each written in itself.
    Language,
    /// The games played (the title's Settings), showing a page of them (0: the newest).
    Games { page: usize },
    /// A question that loses something if answered yes.
    Question(Question),
    /// The game's menu.
    Menu,
    /// The game's moves, a row each.
    MoveList,
    /// The puzzles' menu: the day's puzzle, Storm, Streak, a theme, the progress, the masters' openings.
    PuzzleMenu,
    /// The puzzles' progress: each theme's tries and rating, the one to practise, the missed ones.
    PuzzleProgress,
    /// A Storm's end: the score, the bests, the run's puzzles to look at again.
    DrillOver,
    /// A player's first Storm or first Streak: its rules, over its first puzzle, with Start.
    DrillRules,
    /// A timed game paused: the clocks stopped, the board covered, Resume on both seats.
    Pause,
    /// One seat's offer to the other, with Accept and Decline on the other seat.
    Offer(Offer),
}

/// The title's sheets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sheet {
    /// Against the computer: level, who starts, Start.
    Play,
    /// Hot-seat: the board's turning, Start.
    TwoPlayers,
    /// Speed, sound, vibration, stones, counts, motion, language, the puzzles, the games played.
    Settings,
}

/// A question asked before something is lost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Question {
    /// "Start a new game? The unfinished one will be lost."
    NewGame(Mode),
    /// Review's "Play from here": the game set aside would be lost.
    PlayFromHere,
    /// Leaving a puzzle after a wrong move, for this screen: it counts as missed.
    LeavePuzzle(Screen),
    /// "Resign? White wins.", asked of the side resigning.
    Resign(Side),
}

/// The panels open, bottom first; the last is on top and the only one drawn.
#[derive(Resource, Default, Clone, Debug, PartialEq, Eq)]
pub struct Panels {
    stack: Vec<Panel>,
    /// The panels face the far seat (the menu opened from the far player's bar on a shared board).
    pub faces_far: bool,
}

impl Panels {
    /// The panel drawn, if any.
    pub fn top(&self) -> Option<Panel> {
        self.stack.last().copied()
    }

    /// Whether anything covers the board.
    pub fn any(&self) -> bool {
        !self.stack.is_empty()
    }

    /// Whether `panel` is open, on top or under another.
    pub fn contains(&self, panel: Panel) -> bool {
        self.stack.contains(&panel)
    }

    /// Whether a panel of this kind is open (any page of the games, any question, any sheet).
    pub fn has(&self, kind: impl Fn(&Panel) -> bool) -> bool {
        self.stack.iter().any(kind)
    }

    /// Opens `panel` on top of what is open. A panel already open moves to the top rather than show twice.
    pub fn open(&mut self, panel: Panel) {
        self.stack.retain(|p| !same_kind(p, &panel));
        self.stack.push(panel);
    }

    /// `panel` takes the place of the one on top (the move list opened from the menu: closing it goes
    /// back to the game, not to the menu).
    pub fn replace_top(&mut self, panel: Panel) {
        self.stack.pop();
        self.open(panel);
    }

    /// Closes the panel on top (Back, a tap beside it, its Close); whether there was one.
    pub fn close_top(&mut self) -> bool {
        self.stack.pop().is_some()
    }

    /// Closes every panel of this kind, and those opened over it.
    pub fn close(&mut self, kind: impl Fn(&Panel) -> bool) {
        if let Some(at) = self.stack.iter().position(kind) {
            self.stack.truncate(at);
        }
    }

    /// Closes everything.
    pub fn clear(&mut self) {
        self.stack.clear();
        self.faces_far = false;
    }

    /// The page of the games shown, while their list is open.
    pub fn games_page(&self) -> Option<usize> {
        self.stack.iter().find_map(|p| match p {
            Panel::Games { page } => Some(*page),
            _ => None,
        })
    }

    /// Shows another page of the games, if their list is open.
    pub fn set_games_page(&mut self, page: usize) {
        for p in &mut self.stack {
            if let Panel::Games { page: shown } = p {
                *shown = page;
            }
        }
    }
}

/// Two panels of one kind (two pages of the games, two questions) are never open at once.
fn same_kind(a: &Panel, b: &Panel) -> bool {
    std::mem::discriminant(a) == std::mem::discriminant(b)
}

/// The sheet on top, if a sheet is.
pub fn sheet_on_top(panels: &Panels) -> Option<Sheet> {
    match panels.top() {
        Some(Panel::Sheet(sheet)) => Some(sheet),
        _ => None,
    }
}

/// Whether this is a sheet's panel.
pub fn is_sheet(panel: &Panel) -> bool {
    matches!(panel, Panel::Sheet(_))
}

/// Whether the board is hidden from the players: a timed game under way (its clocks started, not over)
/// with a card over the board. The card holds both clocks (no one can play under it), so the board goes
/// under a cover with it, or a seat could open the menu and study the board on no one's time. The pause's
/// own cover is one of these.
pub fn board_hidden(panels: &Panels, clock: Option<&Clock>, over: bool) -> bool {
    let started = clock.is_some_and(|c| c.running().is_some() || c.is_paused());
    // The pause hides it whatever the clock's state (a game restored from the save opens paused with
    // no clock running yet: the UI map said `cover 0` over the pause's cover).
    !over && (panels.contains(Panel::Pause) || (started && panels.any()))
}
