//! The computer's view of a game, in review: every move judged in turn on the async task pool (one
//! position a search, each search in slices, so a frame never waits), with the progress shown; a graph of
//! who was ahead over the game (an area with its edge drawn as a line, the players' names in a strip of
//! their own beside it), tapped to jump to a move; the moves that lost `mistake_stones` or more marked,
//! with the better move and why, never the same vague reason for two in a row; at any other move, the few
//! moves that changed the game, in words; and a bar for the position shown.
//!
//! It never becomes a hidden hint: a game still being played against the computer gets none of it (it
//! starts once the game is over), and an unfinished hot-seat game only when the players ask.

use bevy::prelude::*;
use bevy::text::TextLayoutInfo;

use crate::ai::Iteration;
use crate::ai::analysis::{Verdict, analysis_search, eval_at, judge, shown_reasons};
use crate::game::{Game, Mode};
use crate::rules::Side;

use crate::app::board::layout::{BoardLayout, analysis_room};
use crate::app::board::view::BoardRoom;
use crate::app::computer::ai_task::run_cooperatively;
use crate::app::computer::search_task::{SearchTask, Searches};
use crate::app::i18n::locale::Locale;
use crate::app::i18n::words;
use crate::app::platform::safe_area::SafeArea;
use crate::app::saves::persistence::SavedGame;
use crate::app::screens::review::graph::{
    BLACK_SHARE, Graph, GraphBar, GraphColumn, graph, light, paint, reach,
};
use crate::app::screens::review::said::{eval_words, marked, mistake_words, summary_words};
use crate::app::screens::review::shown::Review;
use crate::app::state::messages::Toast;
use crate::app::state::screen::{Frame, Screen};
use crate::app::state::session::Session;
use crate::app::ui::theme;
use crate::app::ui::widgets::{Tap, labelled, on_tap, spawn_if, text};

/// The analysis of one game, as far as it has gone.
#[derive(Resource, Default)]
pub struct Analysis {
    /// The game analysed: its id and moves.
    of: Option<(u64, Vec<u8>)>,
    /// One verdict a move, in order.
    pub verdicts: Vec<Verdict>,
    task: Option<SearchTask<Option<Iteration>>>,
    /// A search came back without a verdict (it cannot with a legal move): stop rather than retry.
    stalled: bool,
}

impl Analysis {
    /// The number of moves of the game analysed.
    pub fn total(&self) -> usize {
        self.of.as_ref().map_or(0, |(_, moves)| moves.len())
    }

    pub fn is_done(&self) -> bool {
        self.of.is_some() && (self.verdicts.len() >= self.total() || self.stalled)
    }

    fn stop(&mut self) {
        self.task = None;
    }
}

/// Whether the game in review may show the computer's view.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ViewAllowed {
    /// A finished game, or one left behind.
    Yes,
    /// An unfinished hot-seat game: when the players ask.
    Ask,
    /// The game in play against the computer: not until it is over.
    AfterGame,
}

/// The computer's view in this review: allowed, and asked for.
#[derive(Resource, Default)]
pub struct ComputerView {
    pub allowed: Option<ViewAllowed>,
    pub asked: bool,
}

impl ComputerView {
    pub fn on(&self) -> bool {
        matches!(self.allowed, Some(ViewAllowed::Yes))
            || (self.allowed == Some(ViewAllowed::Ask) && self.asked)
    }
}

/// The least width of the estimate's bar beside its words under the board, and the gap between them.
const BAR_LEAST: f32 = 40.0;
const BAR_GAP: f32 = 8.0;
/// The panel's padding at its sides.
const PANEL_PADDING: f32 = 10.0;
/// The most the line under the graph takes under the board: four lines of its words (a Kazakh mistake
/// with its reason took four on a 360-pixel phone, and its last line was cut off at three).
const LINE_MOST: f32 = 72.0;
/// The line's height beside the board, where the panel has height to spare.
const LINE_BESIDE: f32 = 120.0;
/// The most moves the summary names: the few that changed the game, not every one marked.
const TURNING_POINTS: usize = 3;

#[derive(Component)]
struct AnalysisPanel;

/// The panel's rows shown once the view is on (hidden behind the "ask" button before).
#[derive(Component)]
struct ViewRow;

#[derive(Component)]
struct AskButton;

#[derive(Component)]
struct EvalLabel;

/// White's share of the bar.
#[derive(Component)]
struct EvalWhite;

#[derive(Component)]
struct VerdictLine;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Analysis>()
        .init_resource::<ComputerView>()
        .add_systems(OnEnter(Screen::Review), (decide, spawn_panel).chain())
        .add_systems(OnExit(Screen::Review), |mut view: ResMut<ComputerView>, mut room: ResMut<BoardRoom>| {
            *view = ComputerView::default();
            room.analysis = false;
        })
        .add_systems(Update, drive.in_set(Frame::Animate))
        .add_systems(Update, (update_panel, draw_graph).in_set(Frame::View).run_if(in_state(Screen::Review)));
}

/// Whether the view is allowed for the game reviewed: a game still in play (the one set aside, or the
/// one waiting in the save) is not analysed against the computer until it is over.
pub fn allowed(game: &Game, in_play: bool) -> ViewAllowed {
    if game.is_over() || !in_play {
        ViewAllowed::Yes
    } else if matches!(game.mode, Mode::HotSeat) {
        ViewAllowed::Ask
    } else {
        ViewAllowed::AfterGame
    }
}

fn decide(
    review: Option<Res<Review>>,
    saved: Res<SavedGame>,
    mut view: ResMut<ComputerView>,
    mut room: ResMut<BoardRoom>,
    mut toasts: MessageWriter<Toast>,
    locale: Res<Locale>,
) {
    let Some(review) = review else { return };
    // The game in play: the one set aside, the one waiting in the save, or any game that is the start of
    // the saved one (a record of it exported and pasted back).
    let in_play = review.back_to == Screen::Game
        || saved.0.as_ref().is_some_and(|s| {
            s.id == review.game.id
                || s.game().is_ok_and(|g| {
                    g.start() == review.game.start()
                        && !g.is_over()
                        && g.moves().starts_with(&review.game.moves())
                })
        });
    let allowed = allowed(&review.game, in_play);
    *view = ComputerView { allowed: Some(allowed), asked: false };
    room.analysis = allowed != ViewAllowed::AfterGame && !review.game.history().is_empty();
    // Said, not left to be wondered at: a new player looked for the view in the game they were playing.
    if allowed == ViewAllowed::AfterGame && !review.game.history().is_empty() {
        toasts.write(Toast(locale.t("analysis.after_game")));
    }
}

/// Analyses the game wanted now, one position at a time: the game just finished on the game screen (so
/// that its review is ready when asked for), or the game reviewed when its view is on.
fn drive(
    searches: Res<Searches>,
    screen: Res<State<Screen>>,
    session: Res<Session>,
    review: Option<Res<Review>>,
    view: Res<ComputerView>,
    mut analysis: ResMut<Analysis>,
) {
    let wanted = match screen.get() {
        Screen::Game if session.game.is_over() && !session.owner.is_practice() => Some(&session.game),
        Screen::Review if view.on() => review.as_deref().map(|r| &r.game),
        _ => None,
    };
    let Some(game) = wanted else {
        if analysis.task.is_some() {
            analysis.stop();
        }
        return;
    };
    let key = (game.id, game.moves());
    if analysis.of.as_ref() != Some(&key) {
        analysis.stop();
        *analysis = Analysis { of: Some(key), ..default() };
    }
    if let Some(result) = analysis.task.as_mut().and_then(SearchTask::poll) {
        analysis.task = None;
        let played = &game.history()[analysis.verdicts.len()];
        match result.and_then(|r| judge(&played.before, played.outcome.hole, &r)) {
            Some(verdict) => analysis.verdicts.push(verdict),
            None => analysis.stalled = true,
        }
    }
    let next = analysis.verdicts.len();
    if analysis.task.is_none() && !analysis.stalled && next < game.history().len() {
        let position = game.history()[next].before;
        analysis.task =
            Some(searches.spawn(move |cancel| async move {
                run_cooperatively(analysis_search(position), &cancel).await
            }));
    }
}

fn spawn_panel(
    mut commands: Commands,
    review: Option<Res<Review>>,
    view: Res<ComputerView>,
    room: Res<BoardRoom>,
    locale: Res<Locale>,
) {
    let Some(review) = review else { return };
    if !room.analysis {
        return;
    }
    // The graph's key, in a strip of its own left of the plot: who leads above the line (at its top),
    // who below (at its bottom). Over the plot the areas covered the names.
    let key = |side: Side| words::player_short(&locale, &review.game.mode, side);
    let keys = [(Side::White, key(Side::White)), (Side::Black, key(Side::Black))];
    let moves = review.game.history().len();
    let ask = view.allowed == Some(ViewAllowed::Ask);
    let shown = if ask { Display::None } else { Display::Flex };
    commands.spawn((
        Name::new("Analysis panel"),
        AnalysisPanel,
        Node {
            position_type: PositionType::Absolute,
            flex_direction: FlexDirection::Column,
            justify_content: JustifyContent::Center,
            row_gap: px(4),
            padding: UiRect::axes(px(PANEL_PADDING), px(2)),
            ..default()
        },
        DespawnOnExit(Screen::Review),
        Children::spawn((
            spawn_if(ask, || {
                (
                    AskButton,
                    Node { justify_content: JustifyContent::Center, ..default() },
                    children![(
                        labelled("analysis.ask", 15.0),
                        on_tap(|_: On<Tap>, mut view: ResMut<ComputerView>| view.asked = true),
                    )],
                )
            }),
            Spawn((
                Name::new("Evaluation"),
                ViewRow,
                // As tall as its words: a long estimate takes two lines rather than run off the panel
                // ("Оценка: компьютер впереди на 38 камней" ran past a tablet's side panel).
                Node {
                    display: shown,
                    min_height: px(18),
                    flex_shrink: 0.0,
                    align_items: AlignItems::Center,
                    column_gap: px(BAR_GAP),
                    ..default()
                },
                children![
                    (
                        EvalLabel,
                        text("", 14.0, theme::TEXT),
                        // It wraps where the panel ends, or beside the bar where the bar's room begins
                        // (set with the panel's shape).
                        Node { flex_shrink: 0.0, max_width: percent(100), ..default() },
                    ),
                    (
                        Name::new("Evaluation bar"),
                        // It gives way to the words ("White is ahead by 36 stones" beside a sideways phone's
                        // board): a longer bar is nice, a bar off the screen is not.
                        Node {
                            flex_grow: 1.0,
                            min_width: px(28),
                            height: px(12),
                            border: UiRect::all(px(1)),
                            border_radius: BorderRadius::all(px(6)),
                            overflow: Overflow::clip(),
                            ..default()
                        },
                        // Black's share lighter than a black stone, so that it reads on the dark panel.
                        BorderColor::all(theme::TEXT_DIM.with_alpha(0.5)),
                        BackgroundColor(BLACK_SHARE),
                        children![(
                            EvalWhite,
                            Node { width: percent(50), height: percent(100), ..default() },
                            BackgroundColor(theme::side_color(Side::White)),
                        )],
                    ),
                ],
            )),
            Spawn((ViewRow, graph(keys, moves, shown))),
            Spawn((
                VerdictLine,
                ViewRow,
                text("", 14.0, theme::TEXT),
                // Two lines at least, as wide as the panel (a text left to size itself is measured at its
                // narrowest and would not wrap where the panel does).
                Node {
                    display: shown,
                    width: percent(100),
                    height: px(38),
                    min_height: px(38),
                    flex_shrink: 0.0,
                    overflow: Overflow::clip(),
                    ..default()
                },
            )),
        )),
    ));
}

/// The evaluation shown for the position after `at` moves: none at the start, which is level by the
/// rules whatever the search expects of the first move.
fn shown_eval(eval: Option<f32>, at: usize) -> Option<f32> {
    if at == 0 { Some(0.0) } else { eval }
}

/// The line under the graph, and whether it is the summary: the progress, what the move shown gave away
/// (with the reasons `shown_reasons` tells, never the same vague words for two marked moves in a row), or
/// the moves that changed the game, `named` of them.
fn verdict_words(
    locale: &Locale,
    game: &Game,
    analysis: &Analysis,
    at: usize,
    named: usize,
) -> (String, bool) {
    if !analysis.is_done() {
        let progress = locale
            .f("analysis.progress", &[("done", &analysis.verdicts.len()), ("total", &analysis.total())]);
        return (progress, false);
    }
    let counted = |v: &Verdict| marked(&game.mode, v);
    let shown = at.checked_sub(1).filter(|&i| analysis.verdicts.get(i).is_some_and(counted));
    if let Some(i) = shown {
        let mut told = analysis.verdicts[i].clone();
        if let Some(better) = told.better.as_mut() {
            better.reasons = shown_reasons(&analysis.verdicts, i, counted);
        }
        if let Some(line) = mistake_words(locale, game, at, &told) {
            return (line, false);
        }
    }
    (summary_words(locale, game, &analysis.verdicts, named), true)
}

/// What the panel's words were last drawn for, and how many moves its summary names.
#[derive(Default)]
struct Drawn {
    /// (moves judged, the move shown, the analysis done, the moves the summary names): the words change
    /// with these.
    state: Option<(usize, usize, bool, usize)>,
    /// How many moves the summary names: `TURNING_POINTS`, fewer when its words took more lines than the
    /// line has (the longest languages under a phone's board).
    named: usize,
    /// What `named` was fitted for: the moves judged and the window's size. A new analysis, shape or
    /// language tries `TURNING_POINTS` again.
    fitted_for: Option<(usize, Vec2)>,
    /// Whether the line shows the summary (the one line that gives way).
    summary: bool,
}

fn update_panel(
    review: Option<Res<Review>>,
    analysis: Res<Analysis>,
    view: Res<ComputerView>,
    locale: Res<Locale>,
    layout: Option<Res<BoardLayout>>,
    safe: Res<SafeArea>,
    mut drawn: Local<Drawn>,
    fresh: Query<(), Added<AnalysisPanel>>,
    mut panels: Query<&mut Node, With<AnalysisPanel>>,
    mut rows_shown: Query<
        (&mut Node, Has<Graph>, Option<&TextLayoutInfo>),
        (With<ViewRow>, Without<AnalysisPanel>),
    >,
    mut ask: Query<&mut Node, (With<AskButton>, Without<ViewRow>, Without<AnalysisPanel>)>,
    mut label: Query<
        (&mut Text, &mut Node),
        (
            With<EvalLabel>,
            Without<VerdictLine>,
            Without<ViewRow>,
            Without<AnalysisPanel>,
            Without<AskButton>,
            Without<EvalWhite>,
        ),
    >,
    mut line: Query<&mut Text, (With<VerdictLine>, Without<EvalLabel>)>,
    mut white: Query<
        &mut Node,
        (With<EvalWhite>, Without<ViewRow>, Without<AnalysisPanel>, Without<AskButton>),
    >,
) {
    let (Some(review), Some(layout)) = (review, layout) else { return };
    let Ok(mut panel) = panels.single_mut() else { return };
    // The panel fills the room kept for it beside the board.
    let scale = layout.text_scale();
    let [_, right, bottom, _] = analysis_room(layout.window);
    // Every edge and size is set each time: a phone turned over keeps none of the other side's.
    let want = if right > 0.0 {
        Node {
            left: auto(),
            right: px(safe.right / scale),
            width: px(right / scale),
            top: px(layout.top_bar / scale),
            bottom: px(layout.bottom_bar / scale),
            height: auto(),
            ..panel.clone()
        }
    } else {
        Node {
            left: px(safe.left / scale),
            right: px(safe.right / scale),
            width: auto(),
            top: auto(),
            bottom: px((layout.bottom_bar - bottom) / scale),
            height: px(bottom / scale),
            ..panel.clone()
        }
    };
    if *panel != want {
        *panel = want;
    }
    // Beside the board the panel has height to spare: a taller graph and room for the words. Under the
    // board the words take the lines they need, four at most (a mistake and two reasons), and the graph
    // gives way to them.
    let side = right > 0.0;
    let (graph_height, line_height) = match (side, bottom / scale < 110.0) {
        (true, _) => (px(96), px(LINE_BESIDE)),
        (false, true) => (px(30), auto()),
        (false, false) => (px(40), auto()),
    };
    let line_room = if side { LINE_BESIDE } else { LINE_MOST };
    let on = view.on();
    for mut node in ask.iter_mut() {
        let display = if on { Display::None } else { Display::Flex };
        if node.display != display {
            node.display = display;
        }
    }
    // The height the line's words took when last laid out: the summary gives way when it is too tall.
    let mut words_height = None;
    for (mut node, is_graph, verdict_text) in rows_shown.iter_mut() {
        let display = if on { Display::Flex } else { Display::None };
        if node.display != display {
            node.display = display;
        }
        let height = if is_graph {
            graph_height
        } else if let Some(laid_out) = verdict_text {
            words_height = Some(laid_out.size.y);
            // Under the board, as tall as its words were laid out (the measure of a wrapped text can
            // come out a line short of its layout, and the third line was cut off).
            let (least, most) = if side {
                (px(38), auto())
            } else {
                (px(laid_out.size.y.clamp(38.0, LINE_MOST)), px(LINE_MOST))
            };
            if node.min_height != least || node.max_height != most {
                node.min_height = least;
                node.max_height = most;
            }
            line_height
        } else {
            // Beside the board the panel is narrow (260 pixels): the words take a line of their own and
            // the bar the whole width under them; a bar beside the words ran off the screen's edge.
            let direction = if side { FlexDirection::Column } else { FlexDirection::Row };
            if node.flex_direction != direction {
                node.flex_direction = direction;
                node.align_items = if side { AlignItems::Stretch } else { AlignItems::Center };
                node.row_gap = px(4);
            }
            auto()
        };
        if node.height != height {
            node.height = height;
        }
    }
    // Beside the bar the words leave it `BAR_LEAST` of the strip: a long estimate takes two lines rather
    // than push the bar off the screen.
    let strip = (layout.window.x - safe.left - safe.right) / scale - 2.0 * PANEL_PADDING;
    let most = if side { percent(100) } else { px(strip - BAR_GAP - BAR_LEAST) };
    for (_, mut node) in &mut label {
        if node.max_width != most {
            node.max_width = most;
        }
    }
    // The summary names `TURNING_POINTS` moves, one fewer each time its words, laid out, took more than
    // the line's room (a frame later): the longest languages under a phone's board name fewer rather than
    // lose their last line. Tried afresh for a new analysis, shape or language.
    let fit = (analysis.verdicts.len(), layout.window);
    if drawn.fitted_for != Some(fit) || locale.is_changed() || !fresh.is_empty() {
        drawn.fitted_for = Some(fit);
        drawn.named = TURNING_POINTS;
    } else if drawn.summary && drawn.named > 1 && words_height.is_some_and(|h| h > line_room + 1.0) {
        drawn.named -= 1;
    }
    // The words and the bar change when a move is judged or another move is shown.
    let state = (analysis.verdicts.len(), review.at, analysis.is_done(), drawn.named);
    // A new panel (another review of a game analysed before) starts empty: it is drawn whatever was drawn.
    if drawn.state == Some(state) && !locale.is_changed() && fresh.is_empty() {
        return;
    }
    drawn.state = Some(state);
    let eval = shown_eval(eval_at(&analysis.verdicts, review.at), review.at);
    // The end of a finished game says how it ended, not who is "winning"; before the computer has got
    // this far, an ellipsis.
    let ended = words::ended_at(&locale, &review.game, review.at);
    for (mut text, _) in &mut label {
        text.0 = match (&ended, eval) {
            (Some(title), _) => title.clone(),
            (None, Some(e)) => eval_words(&locale, &review.game.mode, e),
            (None, None) => "…".to_string(),
        };
    }
    for mut node in &mut white {
        let share = eval.map_or(0.5, |e| 0.5 + 0.5 * reach(e) * e.signum());
        node.width = percent(share * 100.0);
    }
    let (said, summary) = verdict_words(&locale, &review.game, &analysis, review.at, drawn.named);
    drawn.summary = summary;
    for mut text in &mut line {
        text.0.clone_from(&said);
    }
}

/// Repaints the graph as the analysis comes and as another move is shown (`graph::light`, `graph::paint`):
/// the moves marked are those `marked` keeps for the game's mode.
fn draw_graph(
    review: Option<Res<Review>>,
    analysis: Res<Analysis>,
    mut drawn: Local<Option<(usize, usize, bool)>>,
    fresh: Query<(), Added<Graph>>,
    mut columns: Query<(&GraphColumn, &mut BackgroundColor), Without<GraphBar>>,
    mut bars: Query<(&GraphBar, &mut Node, &mut BackgroundColor, &mut BorderColor), Without<GraphColumn>>,
) {
    let Some(review) = review else { return };
    let state = (analysis.verdicts.len(), review.at, analysis.is_done());
    // A new graph (another review of a game analysed before) starts empty: it is drawn whatever was drawn.
    if *drawn == Some(state) && fresh.is_empty() {
        return;
    }
    *drawn = Some(state);
    for (column, mut color) in &mut columns {
        light(column, review.at, &mut color);
    }
    let mode = review.game.mode;
    for (bar, mut node, mut fill, mut edge) in &mut bars {
        paint(bar, &analysis.verdicts, |v: &Verdict| marked(&mode, v), &mut node, &mut fill, &mut edge);
    }
}
