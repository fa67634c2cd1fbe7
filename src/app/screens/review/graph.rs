//! Review's graph of who was ahead over the game: a column a move, each with a bar from the even line to
//! the lead (White's above, Black's below). The columns touch, so the bars read as one area and their
//! edges (each bar's border on the far side from the even line) as one line: thin bars in changing colours
//! read as a barcode. A move review marks has an orange edge; the move shown is lit. The players' names
//! sit in a strip of their own left of the plot (over the plot the areas covered them), and a tap jumps to
//! the move under the finger, measured across the plot alone. The panel (`analysis`) places the graph,
//! sets its height and repaints it through `light` and `paint` as the analysis comes.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use crate::ai::analysis::Verdict;
use crate::rules::Side;

use crate::app::screens::review::shown::{Review, ReviewAt};
use crate::app::ui::theme;
use crate::app::ui::widgets::{Tap, Unstyled, on_tap, text};

/// The evaluation's reach on the graph and the bar: a lead this large fills it.
const FULL_LEAD: f32 = 20.0;
/// The graph's least height under the board, when the words around it take more lines: still a strip a
/// finger can tap, with its two names apart.
const GRAPH_LEAST: f32 = 28.0;
/// Black's share of the bar and Black's area on the graph: greyer than a black stone, to read on the panel.
pub(crate) const BLACK_SHARE: Color = Color::srgb(0.38, 0.33, 0.30);
/// The edge of Black's area on the graph: lighter than its fill, so that the line reads over it.
const BLACK_LINE: Color = Color::srgb(0.60, 0.54, 0.50);

/// The graph, a button: tapped, it shows the move under the finger.
#[derive(Component)]
pub(crate) struct Graph;

/// The graph's plot, right of the players' names: what a tap's place is measured against.
#[derive(Component)]
struct GraphPlot;

/// The column of move `i` on the graph (lit when it is the move shown), and its bar.
#[derive(Component)]
pub(crate) struct GraphColumn(usize);
#[derive(Component)]
pub(crate) struct GraphBar(usize);

/// The graph for a game of `moves` moves, `keys` naming who leads above the line and who below, shown or
/// not (`display`) until the players ask for the computer's view.
pub(crate) fn graph(keys: [(Side, String); 2], moves: usize, display: Display) -> impl Bundle {
    (
        Name::new("Button Evaluation graph"),
        Graph,
        Button,
        Unstyled,
        // It gives way to the words above and below it when they take more lines: the strip under a
        // phone's board has a fixed height.
        Node {
            display,
            height: px(40),
            min_height: px(GRAPH_LEAST),
            flex_shrink: 1.0,
            border_radius: BorderRadius::all(px(6)),
            overflow: Overflow::clip(),
            ..default()
        },
        BackgroundColor(Color::srgba(0.0, 0.0, 0.0, 0.35)),
        Children::spawn((
            // The names: who leads above the line at the strip's top, who below at its bottom.
            Spawn((
                Name::new("Graph keys"),
                Node {
                    flex_direction: FlexDirection::Column,
                    justify_content: JustifyContent::SpaceBetween,
                    flex_shrink: 0.0,
                    height: percent(100),
                    padding: UiRect::axes(px(4), px(1)),
                    ..default()
                },
                BackgroundColor(theme::PANEL.with_alpha(0.6)),
                Pickable::IGNORE,
                Children::spawn(SpawnIter(keys.into_iter().map(graph_key))),
            )),
            Spawn((
                Name::new("Graph plot"),
                GraphPlot,
                Node { flex_grow: 1.0, min_width: px(0), height: percent(100), ..default() },
                Pickable::IGNORE,
                Children::spawn((
                    // The line of an even game.
                    Spawn((
                        Node {
                            position_type: PositionType::Absolute,
                            left: px(0),
                            right: px(0),
                            top: percent(50),
                            height: px(1),
                            ..default()
                        },
                        BackgroundColor(theme::TEXT_DIM.with_alpha(0.3)),
                        Pickable::IGNORE,
                    )),
                    SpawnIter((0..moves).map(graph_column)),
                )),
            )),
        )),
        on_tap(jump_from_graph),
    )
}

/// The graph's column for move `i`, and its bar, empty until `paint` draws it.
fn graph_column(i: usize) -> impl Bundle {
    (
        GraphColumn(i),
        Node { flex_grow: 1.0, flex_basis: px(0), height: percent(100), ..default() },
        BackgroundColor(Color::NONE),
        Pickable::IGNORE,
        children![(
            GraphBar(i),
            Node {
                position_type: PositionType::Absolute,
                left: px(0),
                right: px(0),
                top: percent(50),
                height: px(0),
                ..default()
            },
            BackgroundColor(Color::NONE),
            BorderColor::all(Color::NONE),
            Pickable::IGNORE,
        )],
    )
}

/// The graph's key: `name` leads above the line (White), or below it (Black).
fn graph_key((side, name): (Side, String)) -> impl Bundle {
    (Name::new(format!("Graph key {side}")), text(name, 10.0, theme::TEXT), Pickable::IGNORE)
}

/// A tap on the graph shows the position after the move under the finger: its place across the plot (a
/// tap on the players' names, left of it, shows the first move).
fn jump_from_graph(
    tap: On<Tap>,
    plots: Query<(&ComputedNode, &UiGlobalTransform), With<GraphPlot>>,
    windows: Query<&Window, With<PrimaryWindow>>,
    review: Option<Res<Review>>,
    mut jump: MessageWriter<ReviewAt>,
) {
    let (Some(review), Ok((node, transform))) = (review, plots.single()) else { return };
    let moves = review.game.history().len();
    let scale = windows.single().map_or(1.0, Window::scale_factor);
    let Some(point) = node.normalize_point(*transform, tap.at * scale) else { return };
    if moves == 0 {
        return;
    }
    let i = (((point.x + 0.5) * moves as f32).floor().max(0.0) as usize).min(moves - 1);
    jump.write(ReviewAt(Some(i + 1)));
}

/// A lead in stones as a share of the graph's half height (or of the bar), 0 to 1.
pub(crate) fn reach(stones: f32) -> f32 {
    (stones.abs() / FULL_LEAD).min(1.0)
}

/// The lead the graph draws for move `i`, in stones for White: the mean of the evaluations after it and
/// after the move before. The search's view swings between one player's move and the other's (its depth
/// ends on a different side's move), and drawn move by move the swing read as a barcode; the mean of the
/// two is the curve of who was ahead. The words and the bar still give each move's own evaluation.
fn plotted_lead(verdicts: &[Verdict], i: usize) -> Option<f32> {
    let after = verdicts.get(i)?.after;
    let before = i.checked_sub(1).and_then(|j| verdicts.get(j)).map_or(after, |v| v.after);
    Some((after + before) / 2.0)
}

/// Lights `column` when its move is the one shown, the position after `at` moves.
pub(crate) fn light(column: &GraphColumn, at: usize, color: &mut BackgroundColor) {
    let lit = at.checked_sub(1) == Some(column.0);
    let want = if lit { theme::HIGHLIGHT.with_alpha(0.35) } else { Color::NONE };
    if color.0 != want {
        color.0 = want;
    }
}

/// Draws `bar` from `verdicts`: an area from the even line to the lead, its edge a line in the leader's
/// colour (orange, and thicker, where `marked` says review marks the move), nothing before its move is
/// judged. The edge is the bar's border on the far side from the even line: a bar is at least as tall as
/// its border, so an even stretch still draws its line along the middle.
pub(crate) fn paint(
    bar: &GraphBar,
    verdicts: &[Verdict],
    marked: impl Fn(&Verdict) -> bool,
    node: &mut Node,
    fill: &mut BackgroundColor,
    edge: &mut BorderColor,
) {
    let (Some(v), Some(lead)) = (verdicts.get(bar.0), plotted_lead(verdicts, bar.0)) else {
        fill.0 = Color::NONE;
        *edge = BorderColor::all(Color::NONE);
        return;
    };
    let height = 48.0 * reach(lead);
    let above = lead >= 0.0;
    node.height = percent(height);
    node.top = percent(if above { 50.0 - height } else { 50.0 });
    let mark = marked(v);
    let width = px(if mark { 3.0 } else { 2.0 });
    node.border = if above { UiRect::top(width) } else { UiRect::bottom(width) };
    let (area, line) = if above {
        (theme::side_color(Side::White).with_alpha(0.3), theme::side_color(Side::White))
    } else {
        (BLACK_SHARE.with_alpha(0.6), BLACK_LINE)
    };
    fill.0 = area;
    let line = if mark { theme::WARNING } else { line };
    let none = BorderColor::all(Color::NONE);
    *edge = if above { BorderColor { top: line, ..none } } else { BorderColor { bottom: line, ..none } };
}
