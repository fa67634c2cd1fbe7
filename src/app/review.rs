//! Looking back at a game: the move list and review.
//!
//! The move list shows the game's moves in the standard notation (`76`, `36x`), numbered in pairs as a
//! record writes them, over the game (from the in-game menu or the game-over panel) or over the review.
//! The last move is lit, in the list as on the board (`last_move`). Tapping a move shows the position
//! after it, in review.
//!
//! Review: the game in progress is set aside untouched (nothing of the review is saved, the computer does
//! not think); the board shows the position after any number of its moves. Forward plays the move with
//! its sowing animation; back, the ends and a tap in the move list jump. A swipe across the board steps
//! too. "Play from here" starts a new game in the same mode from the position shown; "Back to the game"
//! (or Back) returns to the game as it was.

use bevy::prelude::*;

use super::board::ViewSize;
use super::confirm::PendingPlayFrom;
use super::input::{BoardBlocked, BoardPointers, LandingHint, Pointer};
use super::layout::BoardLayout;
use super::locale::{Locale, Tr};
use super::safe_area::SafeArea;
use super::sowing::FinishAnimation;
use super::theme;
use super::widgets::{Backdrop, Selected, Tap, backdrop, card, padded_labelled_button, sized_button, text};
use super::{BoardReset, ExportRecord, MovePlayed, PlayFromHere, Screen, Session};
use crate::game::Game;
use crate::rules::Side;
use crate::rules::notation::MoveText;

/// Opens review (from the game) or jumps (in review): the board then shows the position after this many
/// moves; `None` for after the last one.
#[derive(Message, Copy, Clone, Debug, PartialEq, Eq)]
pub struct ReviewAt(pub Option<usize>);

/// Opens a game of the history in review, from the title.
#[derive(Message, Clone, Debug)]
pub struct ReviewPast(pub Game);

/// A step through the reviewed game.
#[derive(Message, Copy, Clone, Debug, PartialEq, Eq)]
pub enum ReviewStep {
    First,
    Back,
    Forward,
    Last,
}

/// The game under review.
#[derive(Resource)]
pub struct Review {
    /// The whole game reviewed.
    pub game: Game,
    /// The board shows the position after this many of its moves.
    pub at: usize,
    /// The session to bring back when the review ends.
    aside: Option<Session>,
    /// "Play from here": the game that replaces the one set aside.
    play_from: Option<Game>,
    /// Where the review came from, and where "Back" returns: the game, or the title's list of games.
    pub back_to: Screen,
}

#[derive(Component)]
struct ReviewCounter;

/// The sign on a step button, dimmed when the step cannot go further.
#[derive(Component)]
struct NavSign(ReviewStep);

/// The review's two bars, laid over the game's bars' places.
#[derive(Component, Copy, Clone)]
struct ReviewBar {
    top: bool,
}

/// A swipe of at least this many logical pixels across the board steps through the game.
const SWIPE: f32 = 40.0;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<MoveListOpen>()
        .init_resource::<MoveListFrom>()
        .add_message::<ReviewAt>()
        .add_message::<ReviewPast>()
        .add_message::<ReviewStep>()
        .add_message::<PlayFromHere>()
        .add_systems(OnEnter(Screen::Review), (begin_review, spawn_bars).chain())
        .add_systems(OnExit(Screen::Review), end_review)
        .add_systems(
            Update,
            (open_or_jump, (swipe, arrow_keys).run_if(in_state(Screen::Review)), step, play_from_here)
                .chain()
                .in_set(super::Frame::Rules)
                .run_if(in_state(Screen::Game).or_else(in_state(Screen::Review))),
        )
        .add_systems(Update, open_past.run_if(in_state(Screen::Title)))
        .add_systems(Update, update_bars.in_set(super::Frame::View).run_if(in_state(Screen::Review)))
        .add_systems(
            Update,
            show_list
                .in_set(super::Frame::View)
                .run_if(in_state(Screen::Game).or_else(in_state(Screen::Review))),
        )
        .add_systems(OnExit(Screen::Game), |mut list: ResMut<MoveListOpen>| list.0 = false)
        .add_systems(OnExit(Screen::Review), |mut list: ResMut<MoveListOpen>| list.0 = false);
}

/// Opens review at a move ("Review", a move tapped in the list), or jumps there in review.
fn open_or_jump(
    mut requests: MessageReader<ReviewAt>,
    screen: Res<State<Screen>>,
    review: Option<ResMut<Review>>,
    mut session: ResMut<Session>,
    mut list: ResMut<MoveListOpen>,
    mut finish: MessageWriter<FinishAnimation>,
    mut reset: MessageWriter<BoardReset>,
    mut next: ResMut<NextState<Screen>>,
    mut commands: Commands,
) {
    let Some(&ReviewAt(at)) = requests.read().last() else { return };
    list.0 = false;
    finish.write(FinishAnimation);
    let generation = session.generation + 1;
    match (screen.get(), review) {
        (Screen::Review, Some(mut review)) => {
            review.at = at.unwrap_or(review.game.history().len()).min(review.game.history().len());
            *session = Session { game: review.game.truncated(review.at), generation, lesson: false };
        }
        (Screen::Game, _) => {
            // The board changes on entering review (`begin_review`): until the screen has changed, the
            // game is still the one the save and the history keep.
            let game = session.game.clone();
            let at = at.unwrap_or(game.history().len()).min(game.history().len());
            commands.insert_resource(Review {
                game,
                at,
                aside: None,
                play_from: None,
                back_to: Screen::Game,
            });
            next.set(Screen::Review);
            return;
        }
        _ => return,
    }
    reset.write(BoardReset);
}

/// Sets the game in progress aside and shows the reviewed position.
fn begin_review(
    review: Option<ResMut<Review>>,
    mut session: ResMut<Session>,
    mut reset: MessageWriter<BoardReset>,
) {
    let Some(mut review) = review else { return };
    if review.aside.is_some() {
        return;
    }
    let shown =
        Session { game: review.game.truncated(review.at), generation: session.generation + 1, lesson: false };
    review.aside = Some(std::mem::replace(&mut *session, shown));
    reset.write(BoardReset);
}

/// A game of the history, opened from the title at its last move.
fn open_past(
    mut requests: MessageReader<ReviewPast>,
    mut next: ResMut<NextState<Screen>>,
    mut commands: Commands,
) {
    let Some(ReviewPast(game)) = requests.read().last() else { return };
    let at = game.history().len();
    commands.insert_resource(Review {
        game: game.clone(),
        at,
        aside: None,
        play_from: None,
        back_to: Screen::Title,
    });
    next.set(Screen::Review);
}

fn step(
    mut steps: MessageReader<ReviewStep>,
    review: Option<ResMut<Review>>,
    mut session: ResMut<Session>,
    mut finish: MessageWriter<FinishAnimation>,
    mut reset: MessageWriter<BoardReset>,
    mut played: MessageWriter<MovePlayed>,
) {
    let Some(mut review) = review else {
        steps.clear();
        return;
    };
    let total = review.game.history().len();
    for &s in steps.read() {
        let at = match s {
            ReviewStep::First => 0,
            ReviewStep::Back => review.at.saturating_sub(1),
            ReviewStep::Forward => (review.at + 1).min(total),
            ReviewStep::Last => total,
        };
        if at == review.at {
            continue;
        }
        finish.write(FinishAnimation);
        let generation = session.generation + 1;
        if at == review.at + 1 {
            // One move forward is played again, stones and all.
            let mut game = review.game.truncated(review.at);
            let hole = review.game.history()[review.at].outcome.hole;
            let before = *game.position();
            if let Ok(outcome) = game.play(hole) {
                *session = Session { game, generation, lesson: false };
                played.write(MovePlayed { outcome, before });
            }
        } else {
            *session = Session { game: review.game.truncated(at), generation, lesson: false };
            reset.write(BoardReset);
        }
        review.at = at;
    }
}

/// The arrow keys step as ‹ › do, Home and End jump as « » do (a keyboard, a tablet's cover).
fn arrow_keys(keys: Option<Res<ButtonInput<KeyCode>>>, mut steps: MessageWriter<ReviewStep>) {
    let Some(keys) = keys else { return };
    for (key, step) in [
        (KeyCode::ArrowLeft, ReviewStep::Back),
        (KeyCode::ArrowRight, ReviewStep::Forward),
        (KeyCode::Home, ReviewStep::First),
        (KeyCode::End, ReviewStep::Last),
    ] {
        if keys.just_pressed(key) {
            steps.write(step);
        }
    }
}

/// A swipe across the board: towards the left goes forward (as a page turns), towards the right back.
fn swipe(
    pointers: BoardPointers,
    layout: Option<Res<BoardLayout>>,
    list: Res<MoveListOpen>,
    mut down: Local<Vec<(Pointer, Vec2)>>,
    mut steps: MessageWriter<ReviewStep>,
) {
    let Some(layout) = layout else { return };
    let frame = pointers.frame();
    for (pointer, at) in frame.pressed {
        down.retain(|(p, _)| *p != pointer);
        if !list.0 && layout.board.contains(pointers.on_board(at)) {
            down.push((pointer, at));
        }
    }
    for (pointer, at) in frame.released {
        let Some(i) = down.iter().position(|(p, _)| *p == pointer) else { continue };
        let (_, from) = down.swap_remove(i);
        let Some(to) = at else { continue };
        let d = to - from;
        if d.x.abs() >= SWIPE && d.x.abs() > d.y.abs() {
            steps.write(if d.x < 0.0 { ReviewStep::Forward } else { ReviewStep::Back });
        }
    }
}

/// "Play from here": at once when the game set aside is finished (or empty), else after asking, since the
/// new game replaces it.
fn ask_to_play_from_here(
    _: On<Tap>,
    review: Option<Res<Review>>,
    saved: Res<super::persistence::SavedGame>,
    mut pending: ResMut<PendingPlayFrom>,
    mut play: MessageWriter<PlayFromHere>,
) {
    let Some(review) = review else { return };
    // From a game, that game is replaced; from the list of games, the game waiting in the save is.
    let unfinished = match (review.back_to, &review.aside) {
        (Screen::Game, Some(aside)) => !aside.game.history().is_empty() && !aside.game.status().is_over(),
        _ => saved.0.as_ref().is_some_and(|g| !g.moves.is_empty()),
    };
    if unfinished {
        pending.0 = true;
    } else {
        play.write(PlayFromHere);
    }
}

fn play_from_here(
    mut requests: MessageReader<PlayFromHere>,
    review: Option<ResMut<Review>>,
    mut next: ResMut<NextState<Screen>>,
) {
    if requests.read().count() == 0 {
        return;
    }
    let Some(mut review) = review else { return };
    let shown = review.game.truncated(review.at);
    review.play_from = Some(Game::from_position(review.game.mode, *shown.position()));
    next.set(Screen::Game);
}

/// Brings back the game set aside, or puts in the game played from the reviewed position.
fn end_review(
    review: Option<Res<Review>>,
    mut session: ResMut<Session>,
    mut reset: MessageWriter<BoardReset>,
    mut hint: ResMut<LandingHint>,
    mut blocked: ResMut<BoardBlocked>,
    mut commands: Commands,
) {
    if let Some(review) = review {
        // Newer than anything started for the reviewed positions, so no late message acts on the game.
        let generation = session.generation + 1;
        match (&review.play_from, &review.aside) {
            (Some(game), _) => *session = Session { game: game.clone(), generation, lesson: false },
            (None, Some(aside)) => {
                *session = Session { game: aside.game.clone(), generation, lesson: aside.lesson };
            }
            (None, None) => {}
        }
        reset.write(BoardReset);
    }
    hint.0 = None;
    blocked.0 = false;
    commands.remove_resource::<Review>();
}

fn spawn_bars(mut commands: Commands, review: Option<Res<Review>>, mut blocked: ResMut<BoardBlocked>) {
    let back_to = review.map_or(Screen::Game, |r| r.back_to);
    // The board shows; it is not played on.
    blocked.0 = true;
    for top in [true, false] {
        commands
            .spawn((
                Name::new(if top { "Review top bar" } else { "Review bottom bar" }),
                ReviewBar { top },
                Node {
                    position_type: PositionType::Absolute,
                    left: px(0),
                    right: px(0),
                    top: if top { px(0) } else { auto() },
                    bottom: if top { auto() } else { px(0) },
                    align_items: AlignItems::Center,
                    justify_content: JustifyContent::SpaceBetween,
                    column_gap: px(6),
                    padding: UiRect::axes(px(10), px(6)),
                    ..default()
                },
                BackgroundColor(Color::srgba(0.0, 0.0, 0.0, 0.25)),
                DespawnOnExit(Screen::Review),
            ))
            .with_children(|bar| {
                if top {
                    let back = if back_to == Screen::Game { "review.back" } else { "review.done" };
                    padded_labelled_button(bar, back, 15.0, 10.0, ())
                        .observe(move |_: On<Tap>, mut next: ResMut<NextState<Screen>>| next.set(back_to));
                    padded_labelled_button(bar, "review.play_here", 15.0, 10.0, ())
                        .observe(ask_to_play_from_here);
                } else {
                    nav_button(bar, "«", "First move", ReviewStep::First);
                    nav_button(bar, "‹", "Previous move", ReviewStep::Back);
                    // Where the board is in the game; tapped, it opens the move list to jump anywhere.
                    bar.spawn(sized_button("Moves", 15.0, 6.0, 44.0))
                        .insert(Node {
                            flex_grow: 1.0,
                            flex_shrink: 1.0,
                            min_width: px(0),
                            min_height: px(44),
                            justify_content: JustifyContent::Center,
                            align_items: AlignItems::Center,
                            border_radius: BorderRadius::all(px(12)),
                            border: UiRect::all(px(2)),
                            ..default()
                        })
                        .with_children(|b| {
                            b.spawn((
                                ReviewCounter,
                                text("", 15.0, theme::TEXT),
                                TextLayout::justify(Justify::Center),
                                Pickable::IGNORE,
                            ));
                        })
                        .observe(open_list);
                    nav_button(bar, "›", "Next move", ReviewStep::Forward);
                    nav_button(bar, "»", "Last move", ReviewStep::Last);
                }
            });
    }
}

/// A step button: a sign for a label (no words to translate), a name for the tests and the UI map.
fn nav_button(bar: &mut ChildSpawnerCommands, sign: &'static str, name: &'static str, step: ReviewStep) {
    bar.spawn(sized_button(sign, 24.0, 8.0, 48.0))
        .insert(Name::new(format!("Button {name}")))
        .with_children(|b| {
            b.spawn((NavSign(step), text(sign, 24.0, theme::TEXT), Pickable::IGNORE));
        })
        .observe(move |_: On<Tap>, mut steps: MessageWriter<ReviewStep>| {
            steps.write(step);
        });
}

#[allow(clippy::too_many_arguments)]
fn update_bars(
    review: Option<Res<Review>>,
    room: Res<super::board::BoardRoom>,
    locale: Res<Locale>,
    safe: Res<SafeArea>,
    layout: Option<Res<BoardLayout>>,
    mut bars: Query<(&ReviewBar, &mut Node)>,
    mut counter: Query<&mut Text, With<ReviewCounter>>,
    mut signs: Query<(&NavSign, &mut TextColor)>,
) {
    let (Some(review), Some(layout)) = (review, layout) else { return };
    let scale = layout.text_scale();
    // The layout's bottom bar includes the analysis panel's room above the bar.
    let panel = if room.analysis { super::layout::analysis_room(layout.window)[2] } else { 0.0 };
    for (bar, mut node) in &mut bars {
        let height = px(if bar.top { layout.top_bar } else { layout.bottom_bar - panel } / scale);
        let outer = if bar.top { safe.top } else { safe.bottom };
        let padding = UiRect {
            left: px(10.0 + safe.left / scale),
            right: px(10.0 + safe.right / scale),
            top: px(6.0 + if bar.top { outer / scale } else { 0.0 }),
            bottom: px(6.0 + if bar.top { 0.0 } else { outer / scale }),
        };
        if node.height != height {
            node.height = height;
        }
        if node.padding != padding {
            node.padding = padding;
        }
    }
    // The words below replay the game up to the move shown: only when it changes, not every frame.
    if !review.is_changed() && !locale.is_changed() && !counter.iter().any(|t| t.0.is_empty()) {
        return;
    }
    let total = review.game.history().len();
    // The move shown as the list writes it ("3. 76", "3… 77x"), then how far into the game it is.
    let shown = move_label(&review.game, review.at).unwrap_or_else(|| locale.t("review.start"));
    let value = format!("{shown} · {}/{total}", review.at);
    for mut text in &mut counter {
        if text.0 != value {
            text.0 = value.clone();
        }
    }
    // A step that cannot go further looks it.
    for (sign, mut color) in &mut signs {
        let can = match sign.0 {
            ReviewStep::First | ReviewStep::Back => review.at > 0,
            ReviewStep::Forward | ReviewStep::Last => review.at < total,
        };
        let want = if can { theme::TEXT } else { theme::TEXT_DIM.with_alpha(0.3) };
        if color.0 != want {
            color.0 = want;
        }
    }
}

// The move list.

/// Whether the move list is open.
#[derive(Resource, Default, Clone, Copy, PartialEq, Eq)]
pub struct MoveListOpen(pub bool);

/// The move list's card: turned to the far player when they opened it from their menu (`hud`).
#[derive(Component)]
pub struct MoveListCard;

/// The first pair the list shows, when the player has paged through a game longer than the screen
/// holds; `None`: the page with the move shown on the board (the latest, in a game).
#[derive(Resource, Default, Clone, Copy, PartialEq, Eq)]
pub struct MoveListFrom(pub Option<usize>);

/// Which pairs of a game's `total` fit a list of `room` lines starting at pair `from`: the pairs shown,
/// and whether a line leads to earlier pairs and one to later pairs (each takes a line).
fn page(total: usize, room: usize, from: usize) -> (std::ops::Range<usize>, bool, bool) {
    let room = room.max(3);
    if total <= room {
        return (0..total, false, false);
    }
    let from = from.min(total - (room - 1));
    let earlier = from > 0;
    let mut lines = room - usize::from(earlier);
    let later = total - from > lines;
    lines -= usize::from(later);
    (from..(from + lines).min(total), earlier, later)
}

/// Where the list opens: the page that holds pair `lit` (the latest page when it is there).
fn page_start(total: usize, room: usize, lit: Option<usize>) -> usize {
    let room = room.max(3);
    let latest = total.saturating_sub(room - 1);
    match lit {
        Some(row) if total > room && row < latest => row.saturating_sub((room - 2) / 2),
        _ => latest,
    }
}

/// One move in the list, a button: its index in the game (0 for the first move).
#[derive(Component, Copy, Clone, Debug, PartialEq, Eq)]
pub struct MoveCell(pub usize);

#[derive(Component)]
struct MoveListRoot;

/// Width of one column of move pairs (number, white's move, black's move), and of a row.
const COLUMN_WIDTH: f32 = 100.0;
const ROW_HEIGHT: f32 = 26.0;

/// How many columns and rows of pairs the screen holds without scrolling: three columns upright, six on a
/// wide screen, and as many rows as the height leaves (a longer game shows its most recent pairs).
fn list_room(view: Vec2) -> (usize, usize) {
    let scale = super::layout::text_scale(view);
    let (w, h) = (view.x / scale, view.y / scale);
    let columns = if w >= 700.0 { 6 } else { 3 };
    // The title, the legend (two lines on a phone), who plays each column, the buttons, the gaps and the
    // card's own padding take about 280 pixels.
    let rows = ((h - 280.0) / ROW_HEIGHT).floor().clamp(3.0, 18.0) as usize;
    (columns, rows)
}

/// Opens the list (the menu's, the game-over panel's and the review's "Moves").
pub fn open_list(_: On<Tap>, mut list: ResMut<MoveListOpen>) {
    list.0 = true;
}

/// One numbered pair of moves: white's and black's, each with its index in the game.
type Row = (usize, [Option<(usize, String)>; 2]);

/// The move that led to the position after `at` moves, as the list writes it: "3. 76", "3… 77x"; `None`
/// at the start.
pub fn move_label(game: &Game, at: usize) -> Option<String> {
    let played = game.history().get(at.checked_sub(1)?)?;
    let number = rows(&game.truncated(at)).len();
    let dots = if played.outcome.side == Side::White { "." } else { "…" };
    Some(format!("{number}{dots} {}", MoveText::of(&played.outcome)))
}

/// The list's rows. A game played on from a reviewed position may start with black: its first row then
/// has no white move.
pub fn rows(game: &Game) -> Vec<Row> {
    let mut rows: Vec<Row> = Vec::new();
    for (i, played) in game.history().iter().enumerate() {
        let column = usize::from(played.outcome.side == Side::Black);
        let cell = Some((i, MoveText::of(&played.outcome).to_string()));
        match rows.last_mut() {
            Some((_, pair)) if column == 1 && pair[1].is_none() => pair[1] = cell,
            _ => {
                let mut pair = [None, None];
                pair[column] = cell;
                rows.push((rows.len() + 1, pair));
            }
        }
    }
    rows
}

fn show_list(
    list: Res<MoveListOpen>,
    locale: Res<Locale>,
    session: Res<Session>,
    review: Option<Res<Review>>,
    view: Res<ViewSize>,
    mut from: ResMut<MoveListFrom>,
    roots: Query<Entity, With<MoveListRoot>>,
    mut commands: Commands,
) {
    let changed = session.is_changed() || review.as_ref().is_some_and(|r| r.is_changed());
    if list.is_changed() || changed {
        // Opened, or the game or the move shown changed: back to the page with the move shown.
        from.bypass_change_detection().0 = None;
    }
    let paged = from.is_changed();
    if !list.is_changed() && !locale.is_changed() && !(list.0 && (changed || view.is_changed() || paged)) {
        return;
    }
    for root in &roots {
        commands.entity(root).despawn();
    }
    if !list.0 {
        return;
    }
    // In review the list is the whole game's, lit at the move the board shows.
    let (game, lit) = match &review {
        Some(r) => (&r.game, r.at.checked_sub(1)),
        None => (&session.game, session.game.history().len().checked_sub(1)),
    };
    let all = rows(game);
    let (columns, rows_per_column) = list_room(view.0);
    let room = columns * rows_per_column;
    // A long game opens at the page with the move shown (the latest in a game); a line at each end
    // of the page leads to the pairs before and after it.
    let lit_row =
        lit.and_then(|i| all.iter().position(|(_, pair)| pair.iter().flatten().any(|(m, _)| *m == i)));
    let start = from.0.unwrap_or_else(|| page_start(all.len(), room, lit_row));
    let (shown, earlier, later) = page(all.len(), room, start);
    let mut entries: Vec<Entry> = all[shown.clone()].iter().map(Entry::Pair).collect();
    if earlier {
        let to = shown.start.saturating_sub(room.saturating_sub(2));
        entries.insert(0, Entry::Earlier { last: shown.start, to });
    }
    if later {
        entries.push(Entry::Later { first: shown.end + 1, last: all.len(), to: shown.end });
    }
    let in_review = review.is_some();
    commands
        .spawn((
            backdrop("Button Close the move list", 0.55, 30),
            MoveListRoot,
            Backdrop,
            // Between the game and its review the list closes itself; off the board it goes.
            DespawnOnExit(super::OnBoard),
        ))
        .observe(|_: On<Tap>, mut list: ResMut<MoveListOpen>| list.0 = false)
        .with_children(|overlay| {
            let width = columns as f32 * COLUMN_WIDTH + (columns - 1) as f32 * 4.0 + 28.0;
            overlay
                .spawn((
                    Name::new("Move list"),
                    MoveListCard,
                    UiTransform::IDENTITY,
                    card(width, 12.0, 10.0, AlignItems::Stretch),
                ))
                .with_children(|card| {
                    card.spawn((
                        Tr("moves.title"),
                        text("", 24.0, theme::TEXT),
                        Node { align_self: AlignSelf::Center, ..default() },
                    ));
                    card.spawn((
                        Tr("moves.legend"),
                        text("", 13.0, theme::TEXT_DIM),
                        TextLayout::justify(Justify::Center),
                        // Layout first measures text at its narrowest (a word a line) and would size the card
                        // for that: three lines at most are room enough at a phone's width.
                        Node {
                            width: percent(100),
                            max_height: px(54),
                            overflow: Overflow::clip(),
                            ..default()
                        },
                    ));
                    // Who each column of a pair is: the player's own names for the sides.
                    let columns = locale.f(
                        "moves.columns",
                        &[
                            ("white", &super::words::player_short(&locale, &game.mode, Side::White)),
                            ("black", &super::words::player_short(&locale, &game.mode, Side::Black)),
                        ],
                    );
                    card.spawn((
                        Name::new("Move columns' players"),
                        text(columns, 13.0, theme::TEXT),
                        TextLayout::justify(Justify::Center),
                        Node {
                            width: percent(100),
                            max_height: px(36),
                            overflow: Overflow::clip(),
                            ..default()
                        },
                    ));
                    if all.is_empty() {
                        card.spawn((
                            Tr("moves.none"),
                            text("", 17.0, theme::TEXT_DIM),
                            Node { align_self: AlignSelf::Center, ..default() },
                        ));
                    }
                    card.spawn((
                        Name::new("Move columns"),
                        Node { column_gap: px(4), justify_content: JustifyContent::Center, ..default() },
                    ))
                    .with_children(|grid| {
                        // A column fills before the next begins, as a printed record reads.
                        let per_column = rows_per_column;
                        for column in entries.chunks(per_column) {
                            grid.spawn(Node { flex_direction: FlexDirection::Column, ..default() })
                                .with_children(|col| {
                                    for entry in column {
                                        move_row(col, *entry, lit);
                                    }
                                });
                        }
                    });
                    card.spawn(Node {
                        column_gap: px(8),
                        justify_content: JustifyContent::Center,
                        ..default()
                    })
                    .with_children(|row| {
                        if !in_review && !all.is_empty() {
                            padded_labelled_button(row, "menu.review", 18.0, 12.0, ()).observe(
                                |_: On<Tap>, mut review: MessageWriter<ReviewAt>| {
                                    review.write(ReviewAt(None));
                                },
                            );
                        }
                        if !all.is_empty() {
                            padded_labelled_button(row, "records.export", 18.0, 12.0, ()).observe(
                                |_: On<Tap>, mut export: MessageWriter<ExportRecord>| {
                                    export.write(ExportRecord);
                                },
                            );
                        }
                        padded_labelled_button(row, "moves.close", 18.0, 12.0, ())
                            .observe(|_: On<Tap>, mut list: ResMut<MoveListOpen>| list.0 = false);
                    });
                });
        });
}

/// A line of the list: a numbered pair, or a line standing for the pairs before or after the page (by
/// their numbers: no words to translate), which turns the page there.
#[derive(Clone, Copy)]
enum Entry<'a> {
    Pair(&'a Row),
    Earlier { last: usize, to: usize },
    Later { first: usize, last: usize, to: usize },
}

fn move_row(col: &mut ChildSpawnerCommands, entry: Entry, lit: Option<usize>) {
    let (label, to, name) = match entry {
        Entry::Pair(pair) => return pair_row(col, pair, lit),
        Entry::Earlier { last, to } => (format!("« 1–{last}"), to, "Button Earlier moves"),
        Entry::Later { first, last, to } => (format!("{first}–{last} »"), to, "Button Later moves"),
    };
    col.spawn(list_cell(name.to_string(), COLUMN_WIDTH))
        .with_children(|b| {
            b.spawn((text(label, 14.0, theme::TEXT), Pickable::IGNORE));
        })
        .observe(move |_: On<Tap>, mut from: ResMut<MoveListFrom>| from.0 = Some(to));
}

/// A button of the list, one line high: a move, or a line that turns the page.
fn list_cell(name: String, width: f32) -> impl Bundle {
    (
        Name::new(name),
        Button,
        Node {
            width: px(width),
            height: px(ROW_HEIGHT),
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            border_radius: BorderRadius::all(px(6)),
            ..default()
        },
        BackgroundColor(theme::BUTTON),
    )
}

/// One numbered pair: its number, then white's and black's moves, each a button to review it.
fn pair_row(col: &mut ChildSpawnerCommands, (number, pair): &Row, lit: Option<usize>) {
    col.spawn(Node {
        column_gap: px(2),
        width: px(COLUMN_WIDTH),
        height: px(ROW_HEIGHT),
        align_items: AlignItems::Center,
        ..default()
    })
    .with_children(|row| {
        row.spawn((
            text(format!("{number}."), 14.0, theme::TEXT_DIM),
            Node { width: px(24), ..default() },
            TextLayout::justify(Justify::Right),
        ));
        for cell in pair {
            let Some((i, notation)) = cell else {
                row.spawn((text("…", 16.0, theme::TEXT_DIM), Node { width: px(36), ..default() }));
                continue;
            };
            let i = *i;
            // A small target: the list is dense so that a whole game fits without scrolling.
            let mut cell = row.spawn((list_cell(format!("Button Move {}", i + 1), 36.0), MoveCell(i)));
            if Some(i) == lit {
                cell.insert((Selected, BackgroundColor(theme::BUTTON_SELECTED)));
            }
            cell.with_children(|b| {
                b.spawn((text(notation.clone(), 16.0, theme::TEXT), Pickable::IGNORE));
            })
            .observe(move |_: On<Tap>, mut review: MessageWriter<ReviewAt>| {
                review.write(ReviewAt(Some(i + 1)));
            });
        }
    });
}
