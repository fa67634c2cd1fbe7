//! The Bevy app: one plugin per feature, in the style of bevy_new_2d. The rules resource ([`Session`])
//! holds the game; the board view follows it; the sowing animation plays the rules' trace of each move.

pub mod ai_task;
pub mod analysis;
#[cfg(target_os = "android")]
pub mod android;
pub mod bench;
pub mod board;
pub mod confirm;
pub mod hint;
pub mod history;
pub mod hud;
pub mod input;
pub mod language;
pub mod last_move;
pub mod launch;
pub mod layout;
pub mod lifecycle;
pub mod locale;
pub mod persistence;
pub mod records;
pub mod review;
pub mod safe_area;
pub mod screenshot;
pub mod small_window;
pub mod sound;
pub mod sowing;
pub mod storage;
pub mod theme;
pub mod title;
pub mod toast;
pub mod tutorial;
pub mod ui_map;
#[cfg(target_arch = "wasm32")]
pub mod web;
pub mod widgets;
pub mod words;

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use crate::ai::Level;
use crate::game::{Game, Mode};
use crate::rules::{Hole, MoveOutcome, Side};

pub use launch::Launch;

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
}

/// The board is on screen: in a game, a lesson or a review. The board, the stones, their animation and the
/// touch input live while it lasts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OnBoard;

impl bevy::state::state::ComputedStates for OnBoard {
    type SourceStates = Screen;
    fn compute(screen: Screen) -> Option<OnBoard> {
        matches!(screen, Screen::Game | Screen::Lesson | Screen::Review).then_some(OnBoard)
    }
}

/// The game being played: the single source of truth the view follows.
#[derive(Resource)]
pub struct Session {
    pub game: Game,
    /// Bumped on every change of the game (move, undo, new game), so that work started for an older
    /// state (a computer move) can tell it is stale.
    pub generation: u64,
    /// The board of a lesson: the learner sits at the bottom as White, and nothing of it is saved.
    pub lesson: bool,
}

impl Session {
    pub fn new(mode: Mode) -> Session {
        Session { game: Game::new(mode), generation: 0, lesson: false }
    }
}

/// How fast stones are sown.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Speed {
    Slow,
    #[default]
    Normal,
    Fast,
    Instant,
}

impl Speed {
    pub const ALL: [Speed; 4] = [Speed::Slow, Speed::Normal, Speed::Fast, Speed::Instant];

    /// Seconds between two stones leaving the hand, for a move of `stones` stones. Slow is the learner's
    /// pace, one stone at a time whatever the move; Normal and Fast sow a long move faster, so that a move
    /// and its capture stay lively (Normal: a 10-stone move and its capture in about 1.3 s; it took 3.1 s
    /// when every stone kept the learner's pace).
    pub fn stone_interval(self, stones: usize) -> f32 {
        let (pace, budget): (f32, f32) = match self {
            Speed::Slow => return 0.26,
            Speed::Normal => (0.08, 0.8),
            Speed::Fast => (0.04, 0.4),
            Speed::Instant => return 0.0,
        };
        pace.min(budget / stones.saturating_sub(1).max(1) as f32)
    }

    /// The locale key of its name.
    pub fn key(self) -> &'static str {
        match self {
            Speed::Slow => "speed.slow",
            Speed::Normal => "speed.normal",
            Speed::Fast => "speed.fast",
            Speed::Instant => "speed.instant",
        }
    }
}

/// Who starts a game against the computer.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Starter {
    #[default]
    Me,
    Computer,
    /// Drawn by lot, as seed 003 says ("Decidirem a sorts qui comença").
    ByLot,
}

/// The player's choices, kept between sessions.
#[derive(Resource, Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    pub speed: Speed,
    pub level: Level,
    pub starter: Starter,
    /// Hot-seat on a phone: turn the board each turn so the side to move sits at the bottom.
    pub flip_each_turn: bool,
    /// The sounds of stones and captures.
    pub sound: bool,
    /// The language chosen; `None` follows the system's.
    pub lang: Option<locale::Lang>,
    /// How far the learner went in the tutorial.
    pub lessons: LessonProgress,
}

/// The lessons finished, and the step reached in each lesson begun.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct LessonProgress {
    pub done: std::collections::BTreeSet<String>,
    pub reached: std::collections::BTreeMap<String, usize>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            speed: Speed::Normal,
            level: Level::Easy,
            starter: Starter::Me,
            flip_each_turn: false,
            sound: true,
            lang: None,
            lessons: LessonProgress::default(),
        }
    }
}

/// A request to play a hole for the side to move (from a tap or from the computer).
#[derive(Message, Copy, Clone, Debug)]
pub struct PlayHole {
    pub hole: Hole,
    /// The session generation the request was made for: a stale request is dropped.
    pub generation: u64,
}

/// A move the rules accepted: the animation plays it.
#[derive(Message, Clone, Debug)]
pub struct MovePlayed {
    pub outcome: MoveOutcome,
    pub before: crate::rules::Position,
}

/// The board changed other than by a move (undo, new game, restore): the view snaps to the rules.
#[derive(Message, Copy, Clone, Debug)]
pub struct BoardReset;

/// A short message for the player, e.g. why a tap did nothing.
#[derive(Message, Clone, Debug)]
pub struct Toast(pub String);

/// In review: start a new game, in the reviewed game's mode, from the position shown.
#[derive(Message, Copy, Clone, Debug)]
pub struct PlayFromHere;

/// Export the game looked at (in review) or played (in the game) as a record: to the clipboard, and to a
/// file on the desktop.
#[derive(Message, Copy, Clone, Debug)]
pub struct ExportRecord;

/// Open the record on the clipboard: kept in the games played, then shown in review.
#[derive(Message, Copy, Clone, Debug)]
pub struct PasteRecord;

/// Starts a new game in `mode`.
#[derive(Message, Copy, Clone, Debug)]
pub struct NewGame(pub Mode);

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

/// Everything but the window and renderer: what the headless tests run.
pub struct GamePlugins;

impl Plugin for GamePlugins {
    fn build(&self, app: &mut App) {
        app.init_state::<Screen>()
            .add_computed_state::<OnBoard>()
            .init_resource::<Settings>()
            .insert_resource(Session::new(Mode::HotSeat))
            .add_message::<PlayHole>()
            .add_message::<MovePlayed>()
            .add_message::<BoardReset>()
            .add_message::<Toast>()
            .add_message::<NewGame>()
            .add_message::<ExportRecord>()
            .add_message::<PasteRecord>()
            .add_plugins(bevy_tweening::TweeningPlugin)
            .configure_sets(Update, (Frame::Input, Frame::Rules, Frame::Animate, Frame::View).chain())
            .add_systems(Update, (start_new_game, apply_moves).chain().in_set(Frame::Rules));
        use_bundled_font(app);
        app.add_plugins((
            locale::plugin,
            language::plugin,
            confirm::plugin,
            widgets::plugin,
            safe_area::plugin,
            theme::plugin,
            board::plugin,
            sowing::plugin,
            input::plugin,
            ai_task::plugin,
            hud::plugin,
            hint::plugin,
            title::plugin,
        ));
        app.add_plugins((tutorial::plugin, persistence::plugin, sound::plugin, lifecycle::plugin));
        app.add_plugins((
            review::plugin,
            analysis::plugin,
            records::plugin,
            last_move::plugin,
            history::plugin,
            toast::plugin,
            ui_map::plugin,
            small_window::plugin,
        ));
        #[cfg(target_arch = "wasm32")]
        app.add_plugins(web::plugin);
        #[cfg(target_os = "android")]
        app.add_plugins(android::plugin);
    }
}

/// The font every text uses: Noto Sans, subset to Latin with Vietnamese and Cyrillic with the Kazakh and
/// Kyrgyz letters (`assets/fonts`). It takes the place of Bevy's default font (ASCII only), so every text
/// gets it without naming it. It must be in place before the text plugin first registers the default.
fn use_bundled_font(app: &mut App) {
    if let Some(mut fonts) = app.world_mut().get_resource_mut::<Assets<Font>>() {
        let font = Font::from_bytes(FONT.to_vec());
        if let Err(e) = fonts.insert(AssetId::default(), font) {
            warn!("the bundled font could not be used: {e:?}");
        }
    }
}

/// The bundled font's file, compiled in so that it is there at the first frame on every platform.
pub const FONT: &[u8] = include_bytes!("../../assets/fonts/NotoSans-Regular.ttf");

/// The one place where moves reach the rules.
fn apply_moves(
    mut requests: MessageReader<PlayHole>,
    mut session: ResMut<Session>,
    locale: Res<locale::Locale>,
    mut played: MessageWriter<MovePlayed>,
    mut toasts: MessageWriter<Toast>,
) {
    for request in requests.read() {
        if request.generation != session.generation {
            continue;
        }
        let before = *session.game.position();
        match session.game.play(request.hole) {
            Ok(outcome) => {
                session.generation += 1;
                played.write(MovePlayed { outcome, before });
            }
            Err(e) => {
                toasts.write(Toast(words::illegal(&locale, e)));
            }
        }
    }
}

fn start_new_game(
    mut requests: MessageReader<NewGame>,
    mut session: ResMut<Session>,
    mut reset: MessageWriter<BoardReset>,
    mut next: ResMut<NextState<Screen>>,
) {
    if let Some(NewGame(mode)) = requests.read().last() {
        let generation = session.generation + 1;
        *session = Session { game: Game::new(*mode), generation, lesson: false };
        reset.write(BoardReset);
        next.set(Screen::Game);
    }
}

/// The side whose holes are at the bottom (or right) of the screen.
pub fn near_side(session: &Session, settings: &Settings) -> Side {
    if session.lesson {
        return Side::White;
    }
    match session.game.mode {
        Mode::Computer { human, .. } => human,
        Mode::HotSeat if settings.flip_each_turn => session.game.position().side_to_move(),
        Mode::HotSeat => Side::White,
    }
}

/// Builds and runs the app: desktop and mobile share this.
pub fn run(launch: Launch) {
    let mut app = App::new();
    let plugins = DefaultPlugins.set(WindowPlugin { primary_window: Some(window(&launch)), ..default() });
    // In a browser every asset comes over HTTP: no `.meta` file is asked for beside each (a 404 apiece).
    #[cfg(target_arch = "wasm32")]
    let plugins =
        plugins.set(bevy::asset::AssetPlugin { meta_check: bevy::asset::AssetMetaCheck::Never, ..default() });
    app.insert_resource(ClearColor(theme::BACKGROUND))
        .add_plugins(plugins)
        .add_plugins(GamePlugins)
        .add_plugins(screenshot::plugin)
        .add_systems(Startup, spawn_camera);
    if launch.screenshot.is_some() {
        // Screenshots advance time by a fixed 60 Hz frame, however slowly software rendering draws, so
        // `--after-ms` shows the same instant of the animation every time.
        app.insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(
            std::time::Duration::from_micros(16_667),
        ));
    }
    app.insert_resource(launch);
    app.run();
}

/// The main window: on a phone or a tablet the whole screen, whatever its size (the layout adapts); on
/// the desktop a window of the size asked for (a phone's by default).
fn window(launch: &Launch) -> Window {
    let mut window = Window { title: "Toguz Korgool".into(), ..default() };
    if cfg!(any(target_os = "android", target_os = "ios")) {
        window.mode = bevy::window::WindowMode::BorderlessFullscreen(bevy::window::MonitorSelection::Current);
        window.resizable = false;
    } else if cfg!(target_arch = "wasm32") {
        // The page's canvas (assets/web/index.html), filling the page: it follows the browser's window
        // and the phone's orientation; touches and keys stay with the game.
        window.canvas = Some("#toguz".into());
        window.fit_canvas_to_parent = true;
        window.prevent_default_event_handling = true;
    } else {
        window.resolution = bevy::window::WindowResolution::new(launch.size.x as u32, launch.size.y as u32);
    }
    window
}

fn spawn_camera(mut commands: Commands) {
    commands.spawn((Name::new("Camera"), Camera2d));
}
