//! Training: puzzles from the masters' games on the real board, with the real sowing. The next puzzle is
//! the one `crate::puzzle::Progress` picks (a missed one that is due, else the nearest the player's
//! rating); the player sits at the bottom as the side to play. A right move plays with the computer's
//! reply; a wrong one plays out, then the computer's answer, and the words say what it cost (searched off
//! the frame, a slice at a time, as the computer's move is); the puzzle then starts again. A hint lights
//! the hole and costs a star. Solved or skipped, the rating moves and the progress is saved with the
//! settings.
//!
//! Invariants: every tap is judged by `crate::puzzle` (which asks the rules); moves reach the board only
//! through `PlayHole`; nothing of a puzzle is saved as a game (the session is a lesson's); the game in
//! progress is untouched (Continue brings it back from the save).

use bevy::prelude::*;

use crate::ai::Level;
use crate::game::{Game, Mode};
use crate::lesson::Tapped;
use crate::puzzle::{Attempt, Judged, Puzzle, Solve, Theme, Wrong, daily, explain_searches, wrong_from};
use crate::rules::{Hole, Position};

use crate::app::board::input::BoardTap;
use crate::app::board::layout::{BoardLayout, lesson_room, text_scale};
use crate::app::board::moments::{Glow, glow};
use crate::app::board::sowing::Timeline;
use crate::app::computer::ai_task::run_cooperatively;
use crate::app::computer::search_task::{SearchTask, Searches};
use crate::app::i18n::locale::Locale;
use crate::app::i18n::words::{illegal, landing, stones};
use crate::app::screens::board_panel::{
    PanelRoom, caption_size, close_look, header_title, small_size, spawn_header_and_panel,
};
use crate::app::screens::training::calendar::today;
use crate::app::screens::training::choose::{LeavePuzzles, PuzzleChoice, open_chooser};
use crate::app::screens::training::set::{PuzzleSet, PuzzleSetHandle, load_puzzles, puzzles};
use crate::app::state::messages::Toast;
use crate::app::state::panels::{Panel, Panels, Question};
use crate::app::state::screen::{Frame, Screen};
use crate::app::state::session::{BoardOwner, PlayHole, Session, SessionControl};
use crate::app::state::settings::Settings;
use crate::app::ui::theme::{self, Art};
use crate::app::ui::widgets::{Tap, labelled, on_tap, shaped_labelled, sized_node, text};

/// The player's rating below which the caption says what to look for (a capture, a tuzdik…).
pub const FIRST_LEVEL: f64 = 1000.0;

/// How long the hint's light stays on the hole, in seconds.
const HINT_LIGHT: f32 = 4.0;

/// The puzzle being solved and where the player is in it.
#[derive(Resource, Default)]
pub struct TrainingRun {
    pub puzzle: Option<Puzzle>,
    attempt: Option<Attempt>,
    pub phase: Phase,
    /// What is said under the caption.
    pub said: String,
    /// The player's rating when the puzzle began (the change is told when it ends).
    rating_before: f64,
    /// A move to play once the board has come to rest: the computer's reply, or its answer to a wrong
    /// move.
    queued: Option<Hole>,
    /// The wrong move's explanation, searched off the frame.
    explaining: Option<SearchTask<Wrong>>,
    /// Asked to start the puzzle again once the board is still (after a wrong move and its answer).
    restart: bool,
    /// The board the wrong move being explained was played on.
    wrong_from: Option<Position>,
    /// The puzzle posed is the puzzle of the day.
    pub daily: bool,
    /// The next puzzle to pose is the puzzle of the day (asked in the chooser).
    want_daily: bool,
}

/// Where a puzzle is.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Phase {
    /// The puzzles are being read.
    #[default]
    Loading,
    /// The puzzles cannot be read, or none is left: the words say why.
    Closed,
    /// The player's move is awaited.
    Solving,
    /// A wrong move is being looked at.
    Explaining,
    /// A wrong move was explained: "Try again" starts the puzzle over.
    Missed,
    /// Solved: "Next puzzle".
    Solved,
}

/// The training's words on screen.
#[derive(Component, Copy, Clone, Debug, PartialEq, Eq)]
pub enum TrainingText {
    Header,
    Caption,
    Said,
}

#[derive(Component, Clone)]
pub(crate) struct TrainingUi;

#[derive(Component)]
pub(crate) struct AgainButton;

#[derive(Component)]
pub(crate) struct HintButton;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<TrainingRun>()
        .add_systems(
            OnEnter(Screen::Training),
            (load_puzzles, |mut run: ResMut<TrainingRun>| *run = TrainingRun::default()),
        )
        .add_systems(OnExit(Screen::Training), leave_training)
        .add_systems(
            Update,
            (leave_or_ask, take_choice, start_puzzle, take_taps, finish_explaining, play_queued)
                .chain()
                .in_set(Frame::Input)
                .run_if(in_state(Screen::Training)),
        )
        .add_systems(
            Update,
            (rebuild_ui, show_words, show_stars)
                .chain()
                .in_set(Frame::View)
                .run_if(in_state(Screen::Training)),
        );
}

/// Puts a puzzle's board up: the side to play is the player, at the bottom; the computer answers.
fn pose(board: &mut SessionControl, position: Position) {
    let human = position.side_to_move();
    board.replace(
        Game::from_position(Mode::Computer { level: Level::Hard, human }, position),
        BoardOwner::Puzzle,
    );
}

/// Opens the next puzzle once the puzzles are read (and after "Next puzzle").
fn start_puzzle(
    mut run: ResMut<TrainingRun>,
    mut board: SessionControl,
    settings: Res<Settings>,
    locale: Res<Locale>,
    handle: Option<Res<PuzzleSetHandle>>,
    sets: Option<Res<Assets<PuzzleSet>>>,
    assets: Option<Res<AssetServer>>,
) {
    if run.phase != Phase::Loading {
        return;
    }
    let Some(read) = puzzles(handle.as_deref(), sets.as_deref(), assets.as_deref()) else { return };
    let all = match read {
        Ok(all) => all,
        Err(why) => {
            run.phase = Phase::Closed;
            run.said = locale.f("training.broken", &[("why", &why)]);
            return;
        }
    };
    let wanted = if run.want_daily {
        daily(all, today())
    } else {
        settings.training.next(all, settings.training.theme, today())
    };
    let Some(puzzle) = wanted.cloned() else {
        run.phase = Phase::Closed;
        run.said = locale.t("training.none");
        return;
    };
    let (Ok(attempt), Ok(start)) = (Attempt::new(&puzzle), puzzle.start()) else {
        // Every puzzle was checked as it was read; this one cannot be opened all the same.
        run.phase = Phase::Closed;
        run.said = locale.f("training.broken", &[("why", &puzzle.id)]);
        return;
    };
    pose(&mut board, start);
    *run = TrainingRun {
        puzzle: Some(puzzle),
        attempt: Some(attempt),
        phase: Phase::Solving,
        said: String::new(),
        rating_before: settings.training.rating,
        daily: run.want_daily,
        ..default()
    };
}

/// Leaving the puzzles: at once, unless a wrong move was played in the puzzle on the board, which then
/// counts as missed: the player is asked first (`Question::LeavePuzzle`).
fn leave_or_ask(
    mut requests: MessageReader<LeavePuzzles>,
    run: Res<TrainingRun>,
    mut panels: ResMut<Panels>,
    mut next: ResMut<NextState<Screen>>,
) {
    let Some(&LeavePuzzles(to)) = requests.read().last() else { return };
    let would_miss = run.attempt.as_ref().is_some_and(Attempt::was_missed)
        && !matches!(run.phase, Phase::Solved | Phase::Closed);
    if would_miss {
        panels.open(Panel::Question(Question::LeavePuzzle(to)));
    } else {
        next.set(to);
    }
}

/// A choice made in the chooser: the puzzle of the day, or a theme from now on. The puzzle left is not
/// counted (it was not given up: the player went elsewhere, and it stays untried).
fn take_choice(mut choices: MessageReader<PuzzleChoice>, mut run: ResMut<TrainingRun>) {
    let Some(&choice) = choices.read().last() else { return };
    if run.phase == Phase::Closed {
        return;
    }
    run.explaining = None;
    run.want_daily = choice == PuzzleChoice::Daily;
    run.phase = Phase::Loading;
}

/// A tap on the board, judged by the puzzle.
fn take_taps(
    mut taps: MessageReader<BoardTap>,
    searches: Res<Searches>,
    mut run: ResMut<TrainingRun>,
    mut settings: ResMut<Settings>,
    session: Res<Session>,
    timeline: Res<Timeline>,
    locale: Res<Locale>,
    mut play: MessageWriter<PlayHole>,
    mut toasts: MessageWriter<Toast>,
) {
    let taps: Vec<Tapped> = taps.read().map(|t| t.0).collect();
    let Some(&Tapped::Hole(side, hole)) = taps.last() else { return };
    if run.phase != Phase::Solving || timeline.running() || run.queued.is_some() {
        return;
    }
    let player = session.game.position().side_to_move();
    if side != player {
        toasts.write(Toast(locale.t("toast.computer_holes")));
        return;
    }
    let Some(attempt) = run.attempt.as_mut() else { return };
    let generation = session.generation;
    match attempt.judge(hole) {
        Judged::Illegal(e) => {
            toasts.write(Toast(illegal(&locale, e)));
        }
        Judged::Right { reply, solved } => {
            play.write(PlayHole { hole, generation });
            run.queued = reply;
            if solved {
                finish(&mut run, &mut settings, &locale);
            } else {
                run.said = locale.t("training.right");
            }
        }
        Judged::Wrong { position, hole, right, depth } => {
            // The wrong move plays out while the computer looks at it.
            play.write(PlayHole { hole, generation });
            run.explaining = Some(searches.spawn(move |cancel| async move {
                let [scored, reply] = explain_searches(&position, hole, depth);
                let scored = run_cooperatively(scored, &cancel).await;
                let reply = run_cooperatively(reply, &cancel).await;
                wrong_from(&position, hole, right, scored.as_ref(), reply.as_ref())
            }));
            run.wrong_from = Some(position);
            run.phase = Phase::Explaining;
            run.said = locale.f("training.looking", &[("hole", &hole)]);
        }
    }
}

/// Leaving the puzzles: a search is cancelled, and a puzzle left after a wrong move counts as missed (it
/// would come back as new, and be solved clean, after a look at the openings). A puzzle only looked at is
/// not an attempt: leaving it costs nothing (it cost 20 points of rating, found in a new player's try).
fn leave_training(mut run: ResMut<TrainingRun>, mut settings: ResMut<Settings>, locale: Res<Locale>) {
    run.explaining = None;
    let missed = run.attempt.as_ref().is_some_and(Attempt::was_missed);
    if missed && run.phase != Phase::Solved {
        finish(&mut run, &mut settings, &locale);
    }
}

/// A solved (or skipped) puzzle moves the rating and is saved with the settings.
fn finish(run: &mut TrainingRun, settings: &mut Settings, locale: &Locale) {
    let (Some(puzzle), Some(attempt)) = (run.puzzle.as_ref(), run.attempt.as_ref()) else { return };
    let solve = attempt.result();
    settings.training.finish(puzzle, solve, today());
    if run.daily && solve != Solve::Missed {
        settings.training.daily_done = Some(today());
    }
    let change = (settings.training.rating - run.rating_before).round() as i64;
    // In words: the bundled fonts have no star glyph.
    let stars = locale.n("training.stars", i64::from(solve.stars()), &[]);
    let rating = settings.training.rating.round() as i64;
    let (rating, change) = (&rating as &dyn std::fmt::Display, &signed(change) as &dyn std::fmt::Display);
    run.said = match solve {
        // Solved in the end, after a wrong move: it still comes back.
        Solve::Missed if attempt.solved() => {
            locale.f("training.solved_late", &[("rating", rating), ("change", change)])
        }
        Solve::Missed => locale.f("training.skipped", &[("rating", rating), ("change", change)]),
        // A hint makes a solve count half (Elo's 0.5), so the rating may even go down: said why.
        Solve::Hinted(_) => {
            locale.f("training.solved_hinted", &[("stars", &stars), ("rating", rating), ("change", change)])
        }
        Solve::Clean => {
            locale.f("training.solved", &[("stars", &stars), ("rating", rating), ("change", change)])
        }
    };
    run.phase = Phase::Solved;
}

fn signed(n: i64) -> String {
    if n > 0 { format!("+{n}") } else { n.to_string() }
}

/// The explanation of a wrong move, once searched: the words, then the computer's answer on the board.
fn finish_explaining(mut run: ResMut<TrainingRun>, session: Res<Session>, locale: Res<Locale>) {
    let Some(wrong) = run.explaining.as_mut().and_then(SearchTask::poll) else { return };
    run.explaining = None;
    let mode = session.game.mode;
    // What the moves do is read from the rules, on the boards they were played on.
    let Some(before) = run.wrong_from else { return };
    let does = before
        .landing(wrong.hole)
        .map_or_else(|_| String::new(), |l| landing(&locale, &mode, wrong.hole, &l));
    let cost = stones(&locale, wrong.costs.round() as i64);
    run.said = match wrong.reply {
        Some((reply, _)) => {
            let mut after = before;
            after.play_unchecked(wrong.hole);
            let answer =
                after.landing(reply).map_or_else(|_| String::new(), |l| landing(&locale, &mode, reply, &l));
            run.queued = Some(reply);
            locale.f("training.wrong", &[("does", &does), ("answer", &answer), ("cost", &cost)])
        }
        None => locale.f("training.wrong_end", &[("does", &does), ("cost", &cost)]),
    };
    run.phase = Phase::Missed;
}

/// Plays the queued move once the board is still, and starts the puzzle over when asked.
fn play_queued(
    mut run: ResMut<TrainingRun>,
    mut board: SessionControl,
    timeline: Res<Timeline>,
    mut play: MessageWriter<PlayHole>,
) {
    if timeline.running() {
        return;
    }
    if let Some(hole) = run.queued.take() {
        play.write(PlayHole { hole, generation: board.get().generation });
        return;
    }
    if run.restart {
        run.restart = false;
        let Some(start) = run.puzzle.as_ref().and_then(|p| p.start().ok()) else { return };
        pose(&mut board, start);
        run.phase = Phase::Solving;
        run.said.clear();
    }
}

/// The training's header (close, the puzzle's rating, hint) and its panel (caption, words, buttons),
/// laid out as a lesson's (`screens::board_panel`): under the board upright, beside it on its side.
fn rebuild_ui(mut commands: Commands, room: PanelRoom, roots: Query<Entity, With<TrainingUi>>) {
    if !room.needs_building(!roots.is_empty()) {
        return;
    }
    for root in &roots {
        commands.entity(root).despawn();
    }
    let (caption, small) = (caption_size(room.window()), small_size(room.window()));
    let stacked = stacked(room.window());
    spawn_header_and_panel(
        &mut commands,
        &room,
        "Training",
        TrainingUi,
        Screen::Training,
        children![
            (
                close_look("Close the training", small),
                on_tap(|_: On<Tap>, mut leave: MessageWriter<LeavePuzzles>| {
                    leave.write(LeavePuzzles(Screen::Title));
                })
            ),
            header_title("Training title", small, TrainingText::Header),
            (labelled("hud.hint", small), HintButton, on_tap(give_hint)),
        ],
        children![
            (
                Node { flex_direction: FlexDirection::Column, row_gap: px(6), ..default() },
                children![
                    (Name::new("Training caption"), TrainingText::Caption, text("", caption, theme::TEXT)),
                    (
                        Name::new("Training stars"),
                        Node { column_gap: px(4), display: Display::None, ..default() },
                        children![star(0, caption), star(1, caption), star(2, caption)],
                    ),
                    (Name::new("Training words"), TrainingText::Said, text("", small, theme::HIGHLIGHT)),
                ],
            ),
            (
                Name::new("Training buttons"),
                buttons_node(stacked),
                children![
                    (even_labelled("hud.menu", caption, stacked), on_tap(open_chooser)),
                    (
                        even_labelled("training.again", caption, stacked),
                        AgainButton,
                        on_tap(|_: On<Tap>, mut run: ResMut<TrainingRun>| {
                            if matches!(run.phase, Phase::Missed | Phase::Solving) {
                                run.restart = true;
                            }
                        }),
                    ),
                    (even_labelled("training.next", caption, stacked), on_tap(next_puzzle)),
                ],
            ),
        ],
    );
}

/// Whether the panel's three buttons after a miss (Menu, Try again, Next puzzle) go one above the other,
/// each as wide as the panel: in a tablet's column beside the board, where side by side the last wrapped
/// alone onto a second line. A phone on its side keeps them side by side: its panel is too short for three
/// buttons one above the other and the words.
fn stacked(window: Vec2) -> bool {
    lesson_room(window)[1] > 0.0 && window.y / text_scale(window) >= STACKED_HEIGHT
}

/// Beside the board, a panel at least this tall (in UI pixels) stacks its buttons.
const STACKED_HEIGHT: f32 = 560.0;

/// The box of the panel's three buttons: a column ([`stacked`]), or a line that puts the last on a second
/// line rather than past the edge when it is too narrow for them.
fn buttons_node(stacked: bool) -> Node {
    Node {
        flex_direction: if stacked { FlexDirection::Column } else { FlexDirection::Row },
        flex_wrap: if stacked { FlexWrap::NoWrap } else { FlexWrap::Wrap },
        column_gap: px(8),
        row_gap: px(6),
        ..default()
    }
}

/// A button of the panel's three, as wide as the others: stretched across a column, or taking its share
/// of its line's room (a button alone on a line is as wide as it).
fn even_labelled(key: &'static str, size: f32, stacked: bool) -> impl Bundle {
    shaped_labelled(key, size, Node { flex_grow: if stacked { 0.0 } else { 1.0 }, ..sized_node(16.0, 64.0) })
}

/// "Next puzzle": an unsolved puzzle counts as missed (it comes back tomorrow).
fn next_puzzle(
    _: On<Tap>,
    mut run: ResMut<TrainingRun>,
    mut settings: ResMut<Settings>,
    locale: Res<Locale>,
) {
    if matches!(run.phase, Phase::Solving | Phase::Missed | Phase::Explaining) {
        if let Some(attempt) = run.attempt.as_mut() {
            attempt.give_up();
        }
        finish(&mut run, &mut settings, &locale);
    }
    run.explaining = None;
    if run.phase != Phase::Closed {
        run.phase = Phase::Loading;
    }
}

/// A hint lights the hole of the next right move (and costs a star).
fn give_hint(
    _: On<Tap>,
    mut run: ResMut<TrainingRun>,
    session: Res<Session>,
    layout: Option<Res<BoardLayout>>,
    art: Res<Art>,
    locale: Res<Locale>,
    mut commands: Commands,
) {
    if run.phase != Phase::Solving {
        return;
    }
    let Some(hole) = run.attempt.as_mut().and_then(Attempt::hint) else { return };
    run.said = locale.f("training.hinted", &[("hole", &hole)]);
    let Some(layout) = layout else { return };
    let player = session.game.position().side_to_move();
    let place = layout.hole(player, hole);
    let light = Glow {
        age: 0.0,
        life: HINT_LIGHT,
        pulses: 2.0,
        peak: 0.7,
        size: place.size() * 1.3,
        swell: 0.0,
        color: theme::HIGHLIGHT,
    };
    // Over the stones: a full hole would hide a light under them.
    commands.spawn(glow(&art, place.center().extend(7.0), light));
}

/// One of a solved puzzle's three stars, drawn (the bundled fonts have no star glyph): lit when earned.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PuzzleStar(pub u8);

fn star(index: u8, size: f32) -> impl Bundle {
    (
        PuzzleStar(index),
        ImageNode::default(),
        Node { width: px(size * 1.5), height: px(size * 1.5), ..default() },
    )
}

/// A solved puzzle's stars, over its words: the earned ones lit, the others faint; none for a miss.
fn show_stars(
    run: Res<TrainingRun>,
    art: Res<Art>,
    mut stars: Query<(&PuzzleStar, &mut ImageNode, &ChildOf)>,
    mut rows: Query<&mut Node>,
) {
    let earned = match (run.phase, run.attempt.as_ref().map(Attempt::result)) {
        (Phase::Solved, Some(solve)) if solve != Solve::Missed => Some(solve.stars()),
        _ => None,
    };
    for (star, mut image, parent) in &mut stars {
        if image.image != art.star {
            image.image = art.star.clone();
        }
        let lit = earned.is_some_and(|n| star.0 < n);
        let color = if lit { theme::HIGHLIGHT } else { theme::TEXT.with_alpha(0.22) };
        if image.color != color {
            image.color = color;
        }
        if let Ok(mut row) = rows.get_mut(parent.parent()) {
            let display = if earned.is_some() { Display::Flex } else { Display::None };
            if row.display != display {
                row.display = display;
            }
        }
    }
}

/// The words: the header (the puzzle's rating and the player's), the caption (who plays, and at the
/// first level what to look for), and what was said of the last tap.
fn show_words(
    run: Res<TrainingRun>,
    settings: Res<Settings>,
    locale: Res<Locale>,
    mut texts: Query<(&TrainingText, &mut Text, &mut TextColor)>,
    mut again: Query<&mut Node, (With<AgainButton>, Without<HintButton>)>,
    mut hint: Query<&mut Visibility, (With<HintButton>, Without<AgainButton>)>,
) {
    let rating = settings.training.rating.round() as i64;
    // A wrong move's words and a solved puzzle's never share a colour (both were yellow).
    let said_color = match run.phase {
        Phase::Explaining | Phase::Missed => theme::MISS,
        Phase::Solved if run.attempt.as_ref().is_some_and(|a| a.result() != Solve::Missed) => theme::SUCCESS,
        Phase::Solved => theme::TEXT,
        _ => theme::HIGHLIGHT,
    };
    for (which, mut text, mut color) in &mut texts {
        if *which == TrainingText::Said && color.0 != said_color {
            color.0 = said_color;
        }
        let value = match which {
            TrainingText::Header => match &run.puzzle {
                Some(p) if run.daily => locale.f("training.daily_header", &[("puzzle", &p.rating)]),
                Some(p) => locale.f("training.header", &[("puzzle", &p.rating), ("rating", &rating)]),
                None => locale.t("training.title"),
            },
            TrainingText::Caption => match (&run.puzzle, run.phase) {
                (_, Phase::Loading) => locale.t("training.loading"),
                (_, Phase::Closed) | (None, _) => String::new(),
                (Some(p), _) if settings.training.rating < FIRST_LEVEL => locale.t(goal_key(p.theme)),
                (Some(_), _) => locale.t("training.find"),
            },
            TrainingText::Said => run.said.clone(),
        };
        if text.0 != value {
            text.0 = value;
        }
    }
    let shown = |on: bool| if on { Display::Flex } else { Display::None };
    for mut node in &mut again {
        let display = shown(matches!(run.phase, Phase::Missed));
        if node.display != display {
            node.display = display;
        }
    }
    // Hidden, not taken out: the header's words keep their place (they jumped to the right edge).
    for mut visibility in &mut hint {
        let want = if run.phase == Phase::Solving { Visibility::Inherited } else { Visibility::Hidden };
        visibility.set_if_neq(want);
    }
}

/// What to look for, said at the first level.
fn goal_key(theme: Theme) -> &'static str {
    match theme {
        Theme::Capture => "training.goal.capture",
        Theme::Tuzdik => "training.goal.tuzdik",
        Theme::Defence => "training.goal.defence",
        Theme::Endgame => "training.goal.endgame",
        Theme::Race => "training.goal.race",
        Theme::Combination => "training.goal.combination",
    }
}
