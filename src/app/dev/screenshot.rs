//! `toguz --screenshot FILE [--moves …] [--after-ms N] [--mode …] [--hint H] [--size WxH] [--sheet …]`:
//! sets up a game (or the title, with a sheet open over it; the puzzles, with `--menu` their menu; the
//! masters' openings down the line of `--moves`), renders it (after the last move's animation
//! has run for N ms, if asked), saves a PNG and quits. This is how the game is looked at headless, under
//! `xvfb-run`.

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};

use crate::ai::Level;
use crate::clock::Clock;
use crate::game::{Game, Mode};
use crate::rules::{Hole, Side};

use crate::app::board::input::light_landing;
use crate::app::computer::ai_task::AiPaused;
use crate::app::i18n::locale::Locale;
use crate::app::screens::openings::screen::{OpeningsWalk, walk_to};
use crate::app::screens::review::analysis::Analysis;
use crate::app::screens::review::analysis::ComputerView;
use crate::app::screens::review::shown::ReviewAt;
use crate::app::screens::training::screen::{Phase, TrainingRun};
use crate::app::state::clock::{ClockOverride, GameClock, Offer};
use crate::app::state::launch::Launch;
use crate::app::state::messages::Toast;
use crate::app::state::panels::{Panel, Panels, Question, Sheet};
use crate::app::state::screen::Screen;
use crate::app::state::session::{BoardOwner, PlayHole, SessionControl};
use crate::app::state::settings::Settings;
use crate::app::ui::flourish::Fade;

#[derive(Resource, Default)]
struct Shot {
    frames: u32,
    /// Seconds since the animated move was played.
    since_move: Option<f32>,
    taken: bool,
    wait_frames: u32,
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Shot>().add_systems(Startup, set_up).add_systems(Update, drive);
}

fn set_up(
    launch: Res<Launch>,
    mut settings: ResMut<Settings>,
    mut board: SessionControl,
    mut next: ResMut<NextState<Screen>>,
    mut paused: ResMut<AiPaused>,
    mut panels: ResMut<Panels>,
    (mut clock, mut clock_override): (ResMut<GameClock>, ResMut<ClockOverride>),
) {
    let sheet = match launch.sheet.as_deref() {
        Some("play") => Some(Sheet::Play),
        Some("two-players") => Some(Sheet::TwoPlayers),
        Some("settings") => Some(Sheet::Settings),
        _ => None,
    };
    if let Some(sheet) = sheet {
        panels.open(Panel::Sheet(sheet));
    }
    if launch.lang.is_some() {
        settings.lang = launch.lang;
    }
    if let Some(stones) = launch.stones {
        settings.stones = stones;
    }
    if let Some(counts) = launch.counts {
        settings.counts = counts;
    }
    if let Some(path) = &launch.screenshot {
        // The program quits once the file exists: an old one must not count.
        let _ = std::fs::remove_file(path);
    }
    if launch.lessons {
        next.set(Screen::Lessons);
    }
    if launch.training {
        next.set(Screen::Training);
    }
    if launch.openings {
        next.set(Screen::Openings);
    }
    if launch.title || launch.lessons || launch.training || launch.openings || launch.tutorial.is_some() {
        // The tutorial opens the lesson itself once the course is read.
        return;
    }
    let mode = launch.mode.unwrap_or(Mode::Computer { level: Level::EASY, human: Side::White });
    // The screenshot shows the position as set up: the computer does not reply.
    paused.0 = launch.screenshot.is_some();
    let upto =
        if launch.after_ms.is_some() { launch.moves.len().saturating_sub(1) } else { launch.moves.len() };
    let game = match Game::from_moves(mode, &launch.moves[..upto]) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("toguz: --moves: {e}");
            std::process::exit(2);
        }
    };
    // `--clock`: this game and the next two-player ones are timed; the moves set up were played on it.
    // Only a `--clock` given replaces the override: the browser's `?clock=` set one before this ran.
    if launch.clock.is_some() {
        clock_override.0 = launch.clock;
    }
    if let (Some(control), Mode::HotSeat) = (launch.clock, mode) {
        let mut timed = Clock::new(control);
        for played in game.history() {
            let _ = timed.start(played.outcome.side, 0);
            let _ = timed.press(0);
        }
        timed.stop(0);
        *clock = GameClock { clock: Some(timed), game: game.id };
    }
    board.replace(game, BoardOwner::Game);
    if launch.screenshot.is_some() || !launch.moves.is_empty() || launch.mode.is_some() {
        next.set(Screen::Game);
    }
}

fn drive(
    time: Res<Time>,
    launch: Res<Launch>,
    mut board: SessionControl,
    locale: Res<Locale>,
    mut shot: ResMut<Shot>,
    mut play: MessageWriter<PlayHole>,
    mut toasts: MessageWriter<Toast>,
    mut commands: Commands,
    mut exit: MessageWriter<AppExit>,
    (screen, mut review): (Res<State<Screen>>, MessageWriter<ReviewAt>),
    (analysis, view): (Res<Analysis>, Res<ComputerView>),
    (veils, training): (Query<(), With<Fade>>, Res<TrainingRun>),
    (mut walk, mut panels): (ResMut<OpeningsWalk>, ResMut<Panels>),
) {
    let Some(path) = launch.screenshot.clone() else { return };
    shot.frames += 1;
    // A lesson or the lesson list waits for the course to be read and the screen to open.
    let waiting_for = match (&launch.tutorial, launch.lessons, launch.training, launch.openings) {
        (Some(_), _, _, _) => Some(Screen::Lesson),
        (None, true, _, _) => Some(Screen::Lessons),
        (None, false, true, _) => Some(Screen::Training),
        (None, false, false, true) => Some(Screen::Openings),
        _ => None,
    };
    if let Some(wanted) = waiting_for {
        if *screen.get() != wanted {
            shot.frames = 0;
            return;
        }
        if launch.after_ms.is_some() {
            shot.since_move.get_or_insert(0.0);
        }
    }
    // Let the board spawn and lay out first.
    if shot.frames == 4 && launch.menu {
        // The game's menu, or the training's: what to train on.
        panels.open(if launch.training { Panel::PuzzleMenu } else { Panel::Menu });
    }
    if shot.frames == 4
        && let Some(table) = launch.table.as_deref()
    {
        let game = &board.get().game;
        panels.open(match table {
            "pause" => Panel::Pause,
            "draw" => Panel::Offer(Offer::Draw { from: Side::White }),
            "takeback" => Panel::Offer(Offer::Takeback { from: Side::White }),
            "resign-far" => Panel::Question(Question::Resign(game.position().side_to_move().opponent())),
            _ => Panel::Question(Question::Resign(game.position().side_to_move())),
        });
        panels.faces_far = table == "resign-far";
    }
    if shot.frames == 4 && launch.move_list {
        panels.open(Panel::MoveList);
    }
    if shot.frames == 4 && launch.openings {
        let line: Vec<Hole> = launch.moves.iter().filter_map(|&m| Hole::new(m)).collect();
        walk_to(&line, &mut walk, &mut board);
    }
    if shot.frames == 4 {
        if let (Some(_), Some(&last)) = (launch.after_ms, launch.moves.last()) {
            let hole = Hole::new(last).expect("checked by the parser");
            play.write(PlayHole { hole, generation: board.get().generation });
            shot.since_move = Some(0.0);
        }
        if launch.review.is_some() {
            review.write(ReviewAt(launch.review));
        }
        if let Some(h) = launch.hint.and_then(Hole::new) {
            let game = board.get().game.clone();
            light_landing(&locale, &game, h, board.hint_mut(), &mut toasts);
        }
    }
    if let Some(t) = shot.since_move.as_mut() {
        *t += time.delta_secs();
    }
    // The training shows a puzzle once the puzzles are read.
    if *screen.get() == Screen::Training && training.phase == Phase::Loading {
        shot.frames = 0;
        return;
    }
    // The openings show the engine's view once searched.
    if *screen.get() == Screen::Openings && walk.engine_view().is_none() {
        shot.frames = shot.frames.min(5);
        return;
    }
    // A review shows the computer's view once it has gone through the game.
    let analysed = !(*screen.get() == Screen::Review && view.on() && !analysis.is_done());
    // A screen still fading in is not what the player looks at.
    let ready = shot.frames > 12
        && veils.is_empty()
        && analysed
        && match (launch.after_ms, shot.since_move) {
            (Some(ms), Some(t)) => t * 1000.0 >= ms as f32,
            _ => true,
        };
    if ready && !shot.taken {
        shot.taken = true;
        commands.spawn(Screenshot::primary_window()).observe(save_to_disk(path.clone()));
    }
    if shot.taken {
        shot.wait_frames += 1;
        if std::path::Path::new(&path).exists() || shot.wait_frames > 600 {
            exit.write(AppExit::Success);
        }
    }
}
