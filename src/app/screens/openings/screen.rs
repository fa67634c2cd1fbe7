//! The masters' openings on the board: from the start, the moves the masters played in the position shown
//! are lit on their holes (the more played, the brighter, with the share of games written beside), and
//! listed under the board (or beside it on its side) with how often each was played, how the games went
//! after it, and the engine's view of it. A tap on a lit hole, or on its row, plays the move with the
//! real sowing and goes on down the tree; Undo steps back. The tree runs out where the games do; any
//! legal move may still be tried there (the engine still speaks).
//!
//! Invariants: the masters' figures come from the book (`openings::book`), read as data; the moves reach
//! the board only through `PlayHole`, and the rules judge them; the engine searches off the frame in
//! slices (`ai_task::run_cooperatively`), and a search for a position no longer shown is cancelled;
//! nothing here is saved (the session is a lesson's), so the game in progress is untouched.

use bevy::prelude::*;

use crate::ai::analysis::stones as score_stones;
use crate::ai::search::{Iteration, Limits, Search};
use crate::game::{Game, Mode};
use crate::lesson::Tapped;
use crate::openings::{MasterMove, Openings, numbered};
use crate::rules::{Hole, Position, Side};

use crate::app::board::input::BoardTap;
use crate::app::board::layout::BoardLayout;
use crate::app::board::sowing::Timeline;
use crate::app::computer::ai_task::run_cooperatively;
use crate::app::computer::search_task::{SearchTask, Searches};
use crate::app::i18n::locale::Locale;
use crate::app::i18n::words::{Who, illegal, player_short};
use crate::app::screens::board_panel::{
    PanelRoom, caption_size, close_mark, header_title, small_size, spawn_header_and_panel,
};
use crate::app::screens::openings::book::{Book, load_book};
use crate::app::screens::openings::marks::{light_master_moves, percent_of, share_label};
use crate::app::state::messages::Toast;
use crate::app::state::screen::{Frame, Screen};
use crate::app::state::session::{BoardOwner, PlayHole, Session, SessionControl};
use crate::app::state::view::ViewSize;
use crate::app::ui::theme::{self, Art};
use crate::app::ui::widgets::{Tap, labelled, on_tap, shaped_button, text};

/// How deep the engine looks at each position of the tree: every root move scored exactly, so that each
/// master move has the engine's figure beside it, in about a second on a phone.
pub const ENGINE_DEPTH: u8 = 9;
/// The engine's hash table, in MiB.
const TABLE_MIB: usize = 4;
/// The players of the tree: White and Black, not "you" and "the computer".
const MODE: Mode = Mode::HotSeat;

/// Where the player is in the tree, and the engine's view of the position shown.
#[derive(Resource, Default)]
pub struct OpeningsWalk {
    /// The moves from the start to the position shown.
    pub line: Vec<Hole>,
    /// The engine's search of the position shown, running.
    engine: Option<SearchTask<Option<Iteration>>>,
    /// The engine's finished view, and the line it is of.
    pub view: Option<(Vec<Hole>, Iteration)>,
    /// Counts changes that the panel and the marks must show.
    changes: u64,
}

impl OpeningsWalk {
    /// The engine's view of the position shown, once searched.
    pub fn engine_view(&self) -> Option<&Iteration> {
        self.view.as_ref().filter(|(line, _)| *line == self.line).map(|(_, it)| it)
    }
}

/// The openings' words on screen.
#[derive(Component, Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum OpeningsText {
    Header,
    Caption,
    Engine,
}

#[derive(Component, Clone)]
pub(crate) struct OpeningsUi;

/// The list of the masters' moves in the panel: rebuilt as the position changes.
#[derive(Component)]
pub(crate) struct MoveRows;

/// A hole lit for a master move.
#[derive(Component, Clone)]
pub(crate) struct OpeningMark;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<OpeningsWalk>()
        .add_systems(OnEnter(Screen::Openings), (load_book, begin).chain())
        .add_systems(OnExit(Screen::Openings), |mut walk: ResMut<OpeningsWalk>| stop_engine(&mut walk))
        .add_systems(
            Update,
            (take_taps, follow_engine).chain().in_set(Frame::Input).run_if(in_state(Screen::Openings)),
        )
        .add_systems(
            Update,
            (rebuild_ui, show_words, show_rows, show_marks)
                .chain()
                .in_set(Frame::View)
                .run_if(in_state(Screen::Openings)),
        );
}

/// Puts the board of a line up: the start and the line's moves, both players' holes tappable in turn.
pub(crate) fn show_line(line: &[Hole], board: &mut SessionControl) {
    let moves: Vec<u8> = line.iter().map(|h| h.number()).collect();
    let game = Game::from_moves(MODE, &moves).unwrap_or_else(|_| Game::new(MODE));
    board.replace(game, BoardOwner::Openings);
}

fn begin(mut walk: ResMut<OpeningsWalk>, mut board: SessionControl) {
    *walk = OpeningsWalk { changes: 1, ..default() };
    show_line(&[], &mut board);
}

fn stop_engine(walk: &mut OpeningsWalk) {
    walk.engine = None;
}

/// Plays `hole` for the side to move, if the rules allow it, and steps down the tree.
fn step_down(
    hole: Hole,
    walk: &mut OpeningsWalk,
    session: &Session,
    locale: &Locale,
    play: &mut MessageWriter<PlayHole>,
    toasts: &mut MessageWriter<Toast>,
) {
    if let Err(e) = session.game.position().check(hole) {
        toasts.write(Toast(illegal(locale, e)));
        return;
    }
    play.write(PlayHole { hole, generation: session.generation });
    // The position searched is no longer the one shown.
    stop_engine(walk);
    walk.line.push(hole);
    walk.changes += 1;
}

/// A tap on a hole of the side to move plays it (once the board is still).
fn take_taps(
    mut taps: MessageReader<BoardTap>,
    mut walk: ResMut<OpeningsWalk>,
    session: Res<Session>,
    timeline: Res<Timeline>,
    locale: Res<Locale>,
    mut play: MessageWriter<PlayHole>,
    mut toasts: MessageWriter<Toast>,
) {
    let taps: Vec<Tapped> = taps.read().map(|t| t.0).collect();
    let Some(&Tapped::Hole(side, hole)) = taps.last() else { return };
    if timeline.running() || session.game.status().is_over() {
        return;
    }
    if side != session.game.position().side_to_move() {
        let player = player_short(&locale, &MODE, session.game.position().side_to_move());
        toasts.write(Toast(locale.f("openings.to_move", &[("player", &player)])));
        return;
    }
    step_down(hole, &mut walk, &session, &locale, &mut play, &mut toasts);
}

/// Starts the engine on the position shown, and takes its view once searched.
fn follow_engine(mut walk: ResMut<OpeningsWalk>, session: Res<Session>, searches: Res<Searches>) {
    if let Some(result) = walk.engine.as_mut().and_then(SearchTask::poll) {
        walk.engine = None;
        if let Some(result) = result.filter(|r| !r.pv.is_empty()) {
            walk.view = Some((walk.line.clone(), result));
            walk.changes += 1;
        }
    }
    let searched = walk.view.as_ref().is_some_and(|(line, _)| *line == walk.line);
    if walk.engine.is_some() || searched || session.game.status().is_over() {
        return;
    }
    // The line's own position, as the rules play it: the session takes a tapped move only later in the
    // frame, and a search of its board then would be of the position before.
    let Some(position) = position_after(&walk.line) else { return };
    let limits = Limits { depth: Some(ENGINE_DEPTH), nodes: None, movetime_ms: None };
    walk.engine = Some(searches.spawn(move |cancel| async move {
        run_cooperatively(Search::new(position, limits, TABLE_MIB).all_root_scores(), &cancel).await
    }));
}

/// The position after `line` from the start, if every move of it is legal there.
fn position_after(line: &[Hole]) -> Option<Position> {
    let mut position = Position::start();
    for &hole in line {
        position.play(hole).ok()?;
    }
    Some(position)
}

/// Sets the board at the end of `line` (a screenshot's `--moves`), without the sowing.
pub(crate) fn walk_to(line: &[Hole], walk: &mut OpeningsWalk, board: &mut SessionControl) {
    stop_engine(walk);
    walk.line = line.to_vec();
    walk.changes += 1;
    show_line(&walk.line, board);
}

/// Undo: one move back up the tree (the board is set again, without the sowing).
fn undo(_: On<Tap>, mut walk: ResMut<OpeningsWalk>, mut board: SessionControl, timeline: Res<Timeline>) {
    if walk.line.pop().is_none() || timeline.running() {
        return;
    }
    stop_engine(&mut walk);
    walk.changes += 1;
    let line = walk.line.clone();
    show_line(&line, &mut board);
}

/// How many of the masters' moves the panel lists: as many rows as its height holds (the rest are lit
/// on the board all the same).
fn rows_fit(window: Vec2, layout: &BoardLayout) -> usize {
    let height = if window.x > window.y { window.y - layout.top_bar } else { layout.bottom_bar };
    let words = 2.0 * caption_size(window) * 1.5 + 30.0;
    // A row is a button of two lines and the results' bar (about 52 pixels), and the gap under it.
    (((height - words) / 56.0).floor().max(1.0) as usize).min(9)
}

/// The header (close, where in the tree, undo) and the panel (what the masters did here, their moves,
/// the engine's view), laid out as a lesson's (`screens::board_panel`).
fn rebuild_ui(mut commands: Commands, room: PanelRoom, roots: Query<Entity, With<OpeningsUi>>) {
    if !room.needs_building(!roots.is_empty()) {
        return;
    }
    for root in &roots {
        commands.entity(root).despawn();
    }
    let (caption, small) = (caption_size(room.window()), small_size(room.window()));
    spawn_header_and_panel(
        &mut commands,
        &room,
        "Openings",
        OpeningsUi,
        Screen::Openings,
        children![
            close_mark("Close the openings", small, Screen::Training),
            header_title("Openings title", small, OpeningsText::Header),
            (labelled("hud.undo", small), on_tap(undo)),
        ],
        children![
            (Name::new("Openings caption"), OpeningsText::Caption, text("", caption, theme::TEXT)),
            (
                Name::new("Master moves"),
                MoveRows,
                Node { flex_direction: FlexDirection::Column, row_gap: px(4), flex_grow: 1.0, ..default() },
            ),
            (Name::new("Engine's view"), OpeningsText::Engine, text("", small, theme::HIGHLIGHT)),
        ],
    );
}

/// The masters' moves after the line shown, if the book is read and the line is in it.
fn master_moves(tree: Option<&Openings>, line: &[Hole]) -> Vec<MasterMove> {
    tree.map_or_else(Vec::new, |t| t.moves(line))
}

/// The engine's figure for `hole` in the position shown, in stones for the side to move: the player
/// choosing among the moves reads their best as the highest (Black's best showed −2.2, scored for White).
fn engine_stones(view: Option<&Iteration>, hole: Hole) -> Option<f32> {
    let (_, score) = view?.root_scores.iter().find(|(h, _)| *h == hole)?;
    Some(score_stones(*score))
}

/// A signed figure of stones for the side to move ("+1.5", "-2.0", "0.0"; the ASCII minus, which every
/// bundled font has).
fn signed_stones(stones: f32) -> String {
    if stones >= 0.05 {
        format!("+{stones:.1}")
    } else if stones <= -0.05 {
        format!("-{:.1}", -stones)
    } else {
        "0.0".into()
    }
}

/// The header (the move number and who is to play), the caption (how many games reached here) and the
/// engine's view.
fn show_words(
    walk: Res<OpeningsWalk>,
    session: Res<Session>,
    locale: Res<Locale>,
    book: Book,
    mut texts: Query<(&OpeningsText, &mut Text)>,
) {
    let read = book.read();
    let position = session.game.position();
    let mover = position.side_to_move();
    let (number, _) = numbered(walk.line.len());
    let player = player_short(&locale, &MODE, mover);
    for (which, mut text) in &mut texts {
        let value = match which {
            OpeningsText::Header => locale.f("openings.header", &[("move", &number), ("player", &player)]),
            OpeningsText::Caption => match &read {
                None => locale.t("openings.loading"),
                Some(Err(why)) => locale.f("openings.broken", &[("why", why)]),
                Some(Ok(_)) if session.game.status().is_over() => locale.t("openings.over"),
                Some(Ok(tree)) => match tree.node_games(&walk.line) {
                    Some(games) if !tree.moves(&walk.line).is_empty() => locale.n(
                        "openings.reached",
                        i64::from(games),
                        &[("total", &tree.games()), ("player", &player)],
                    ),
                    Some(_) => locale.t("openings.end"),
                    None => locale.t("openings.left"),
                },
            },
            OpeningsText::Engine => match walk.engine_view() {
                _ if session.game.status().is_over() => String::new(),
                None => locale.t("openings.thinking"),
                Some(view) => {
                    let best = view.best();
                    let figure = engine_stones(Some(view), best).unwrap_or(0.0);
                    // "for White" or "for Black": the side the figure is for, the side to move.
                    let key = format!("openings.engine_{}", Who::of(&MODE, mover).key_part());
                    locale.f(&key, &[("hole", &best), ("eval", &signed_stones(figure))])
                }
            },
        };
        if text.0 != value {
            text.0 = value;
        }
    }
}

/// The rows of the masters' moves: the hole (a tap plays it), how many games played it and their share,
/// how those games ended, and the engine's figure. Rebuilt when the position or the engine's view changes.
#[allow(clippy::too_many_arguments)]
fn show_rows(
    mut commands: Commands,
    walk: Res<OpeningsWalk>,
    locale: Res<Locale>,
    view: Res<ViewSize>,
    layout: Option<Res<BoardLayout>>,
    book: Book,
    lists: Query<(Entity, Option<&Children>), With<MoveRows>>,
    mut shown: Local<Option<(u64, Entity, bool)>>,
) {
    let Some(layout) = layout else { return };
    let Ok((list, children)) = lists.single() else { return };
    let read = book.read();
    let key = (walk.changes, list, read.is_some());
    if *shown == Some(key) {
        return;
    }
    *shown = Some(key);
    for child in children.into_iter().flatten() {
        commands.entity(*child).despawn();
    }
    let tree = read.and_then(Result::ok);
    let moves = master_moves(tree, &walk.line);
    if moves.is_empty() {
        return;
    }
    let total: u32 = moves.iter().map(|m| m.games).sum();
    let engine = walk.engine_view();
    let small = small_size(view.0);
    let white = player_short(&locale, &MODE, Side::White);
    let black = player_short(&locale, &MODE, Side::Black);
    let fit = rows_fit(view.0, &layout);
    // Moves beyond the rows that fit are named on a last line (they are lit on the board too): the
    // rows give way to it.
    let (listed, more) = if moves.len() > fit { (fit.saturating_sub(1).max(1), true) } else { (fit, false) };
    commands.entity(list).with_children(|rows| {
        for m in moves.iter().take(listed) {
            let hole = m.hole;
            let r = m.results;
            let decided = r.white + r.draws + r.black;
            let played =
                locale.n("openings.played", i64::from(m.games), &[("share", &share_label(m.games, total))]);
            // A game recorded without its result says nothing of how the move did; draws are named only
            // when there were some.
            let key = if r.draws > 0 { "openings.results_draws" } else { "openings.results" };
            let results = if decided == 0 {
                "—".to_string()
            } else {
                locale.f(
                    key,
                    &[
                        ("white", &white),
                        ("w", &percent_of(r.white, decided)),
                        ("d", &percent_of(r.draws, decided)),
                        ("black", &black),
                        ("b", &percent_of(r.black, decided)),
                    ],
                )
            };
            let figure = engine_stones(engine, hole).map_or_else(|| "…".to_string(), signed_stones);
            rows.spawn((
                shaped_button(
                    format!("Master move {hole}"),
                    small,
                    Node {
                        min_height: px(44),
                        padding: UiRect::axes(px(8), px(4)),
                        column_gap: px(10),
                        align_items: AlignItems::Center,
                        border_radius: BorderRadius::all(px(10)),
                        border: UiRect::all(px(1)),
                        ..default()
                    },
                ),
                children![
                    (text(hole.to_string(), small * 1.3, theme::HIGHLIGHT), Pickable::IGNORE),
                    (
                        Node {
                            flex_direction: FlexDirection::Column,
                            flex_grow: 1.0,
                            flex_shrink: 1.0,
                            ..default()
                        },
                        Pickable::IGNORE,
                        children![
                            (text(played, small, theme::TEXT), Pickable::IGNORE),
                            (text(results, small * 0.9, theme::TEXT), Pickable::IGNORE),
                            results_bar(r),
                        ],
                    ),
                    (text(figure, small, theme::TEXT), Pickable::IGNORE),
                ],
                on_tap(
                    move |_: On<Tap>,
                          mut walk: ResMut<OpeningsWalk>,
                          session: Res<Session>,
                          timeline: Res<Timeline>,
                          locale: Res<Locale>,
                          mut play: MessageWriter<PlayHole>,
                          mut toasts: MessageWriter<Toast>| {
                        if !timeline.running() {
                            step_down(hole, &mut walk, &session, &locale, &mut play, &mut toasts);
                        }
                    },
                ),
            ));
        }
        if more {
            let holes = moves.iter().skip(listed).map(|m| m.hole.to_string()).collect::<Vec<_>>().join(", ");
            rows.spawn((
                text(locale.f("openings.more", &[("holes", &holes)]), small, theme::TEXT_DIM),
                Pickable::IGNORE,
            ));
        }
    });
}

/// How the games after a move ended, as a bar under the words, as wide as they are: White's wins light,
/// draws grey, Black's wins dark.
fn results_bar(r: crate::openings::Results) -> impl Bundle {
    let decided = (r.white + r.draws + r.black).max(1) as f32;
    let share = move |count: u32, color: Color| {
        (
            Node { width: percent(count as f32 * 100.0 / decided), height: percent(100), ..default() },
            BackgroundColor(color),
            Pickable::IGNORE,
        )
    };
    (
        Node {
            width: percent(100),
            height: px(5),
            margin: UiRect::top(px(2)),
            border_radius: BorderRadius::all(px(3)),
            overflow: Overflow::clip(),
            ..default()
        },
        Pickable::IGNORE,
        children![
            share(r.white, theme::side_color(Side::White)),
            share(r.draws, Color::srgb(0.55, 0.55, 0.55)),
            share(r.black, theme::side_color(Side::Black)),
        ],
    )
}

/// Lights the holes of the masters' moves once the board is still: a ring, brighter the more the move
/// was played, and its share of the games on a badge at the hole's inner edge.
#[allow(clippy::too_many_arguments)]
fn show_marks(
    mut commands: Commands,
    walk: Res<OpeningsWalk>,
    session: Res<Session>,
    timeline: Res<Timeline>,
    layout: Option<Res<BoardLayout>>,
    art: Res<Art>,
    book: Book,
    marks: Query<Entity, With<OpeningMark>>,
    mut shown: Local<Option<(Vec<Hole>, bool, bool)>>,
) {
    let Some(layout) = layout else { return };
    let read = book.read();
    let still = !timeline.running();
    let key = (walk.line.clone(), read.is_some(), still);
    if shown.as_ref() == Some(&key) && !layout.is_changed() {
        return;
    }
    *shown = Some(key);
    for mark in &marks {
        commands.entity(mark).despawn();
    }
    if !still {
        return;
    }
    let moves = master_moves(read.and_then(Result::ok), &walk.line);
    let side = session.game.position().side_to_move();
    light_master_moves(&mut commands, &art, &layout, side, &moves, OpeningMark, Screen::Openings);
}
