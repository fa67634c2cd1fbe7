//! Review, looking back at a game (its move list is `move_list`, the computer's view `analysis`): the game in progress is set aside untouched (nothing of the review is saved, the computer does
//! not think); the board shows the position after any number of its moves. Forward plays the move with
//! its sowing animation; back, the ends and a tap in the move list jump. A swipe across the board steps
//! too. "Play from here" starts a new game in the same mode from the position shown; "Back to the game"
//! (or Back) returns to the game as it was. Under the counter: whether the position shown is still in the
//! masters' games, or where the game left them; while it is, their moves are lit on the board.

use bevy::prelude::*;

use crate::app::board::input::{BoardPointers, Pointer};
use crate::app::board::layout::BoardLayout;
use crate::app::board::layout::analysis_room;
use crate::app::board::sowing::{FinishAnimation, Timeline};
use crate::app::board::view::BoardRoom;
use crate::app::i18n::locale::Locale;
use crate::app::i18n::words::{glue_numbers, played_move};
use crate::app::platform::safe_area::SafeArea;
use crate::app::saves::persistence::SavedGame;
use crate::app::screens::openings::book::{Book, load_book};
use crate::app::screens::openings::marks::light_master_moves;
use crate::app::screens::review::move_list::open_list;
use crate::app::screens::review::shown::Review;
use crate::app::screens::review::shown::ReviewAt;
use crate::app::screens::review::shown::ReviewStep;
use crate::app::state::messages::PlayFromHere;
use crate::app::state::messages::ReviewPast;
use crate::app::state::panels::{Panel, Panels, Question};
use crate::app::state::screen::Frame;
use crate::app::state::screen::Screen;
use crate::app::state::session::{BoardOwner, MovePlayed, SessionControl};
use crate::app::ui::theme::{self, Art};
use crate::app::ui::widgets::{Tap, on_tap, padded_labelled, shaped_button, sized_button, text};
use crate::game::Game;
use crate::game::move_label;
use crate::rules::{Hole, Position};

#[derive(Component)]
struct ReviewCounter;

/// Under the counter: where the game left the masters' games (the openings' book), if it began at the
/// start.
#[derive(Component)]
struct TheoryLine;

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

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<ReviewAt>()
        .add_message::<ReviewStep>()
        .add_systems(OnEnter(Screen::Review), (begin_review, spawn_bars).chain())
        .add_systems(OnExit(Screen::Review), end_review)
        .add_systems(
            Update,
            (open_or_jump, (swipe, arrow_keys).run_if(in_state(Screen::Review)), step, play_from_here)
                .chain()
                .in_set(Frame::Rules)
                .run_if(in_state(Screen::Game).or_else(in_state(Screen::Review))),
        )
        .add_systems(Update, open_past.run_if(in_state(Screen::Title)))
        .add_systems(OnEnter(Screen::Review), load_book)
        .add_systems(
            Update,
            (update_bars, show_theory, show_master_moves)
                .in_set(Frame::View)
                .run_if(in_state(Screen::Review)),
        );
}

/// Opens review at a move ("Review", a move tapped in the list), or jumps there in review.
fn open_or_jump(
    mut requests: MessageReader<ReviewAt>,
    screen: Res<State<Screen>>,
    review: Option<ResMut<Review>>,
    mut board: SessionControl,
    mut panels: ResMut<Panels>,
    mut finish: MessageWriter<FinishAnimation>,
    mut next: ResMut<NextState<Screen>>,
    mut commands: Commands,
) {
    let Some(&ReviewAt(at)) = requests.read().last() else { return };
    panels.close(|p| *p == Panel::MoveList);
    finish.write(FinishAnimation);
    match (screen.get(), review) {
        (Screen::Review, Some(mut review)) => {
            review.at = at.unwrap_or(review.game.history().len()).min(review.game.history().len());
            board.replace(review.game.truncated(review.at), BoardOwner::Review);
        }
        (Screen::Game, _) => {
            // The board changes on entering review (`begin_review`): until the screen has changed, the
            // game is still the one the save and the history keep.
            let game = board.get().game.clone();
            let at = at.unwrap_or(game.history().len()).min(game.history().len());
            commands.insert_resource(Review {
                game,
                at,
                aside: None,
                play_from: None,
                back_to: Screen::Game,
            });
            next.set(Screen::Review);
        }
        _ => {}
    }
}

/// Sets the game in progress aside and shows the reviewed position.
fn begin_review(review: Option<ResMut<Review>>, mut board: SessionControl) {
    let Some(mut review) = review else { return };
    if review.aside.is_some() {
        return;
    }
    review.aside = Some(board.set_aside(review.game.truncated(review.at), BoardOwner::Review));
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
    mut board: SessionControl,
    mut finish: MessageWriter<FinishAnimation>,
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
        if at == review.at + 1 {
            // One move forward is played again, stones and all.
            let mut game = review.game.truncated(review.at);
            let hole = review.game.history()[review.at].outcome.hole;
            let before = *game.position();
            if let Ok(outcome) = game.play(hole) {
                board.replace_by_move(game, BoardOwner::Review);
                played.write(MovePlayed { outcome, before });
            }
        } else {
            board.replace(review.game.truncated(at), BoardOwner::Review);
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
    panels: Res<Panels>,
    mut down: Local<Vec<(Pointer, Vec2)>>,
    mut steps: MessageWriter<ReviewStep>,
) {
    let Some(layout) = layout else { return };
    let frame = pointers.frame();
    for (pointer, at) in frame.pressed {
        down.retain(|(p, _)| *p != pointer);
        if !panels.any() && layout.board.contains(pointers.on_board(at)) {
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
    saved: Res<SavedGame>,
    mut panels: ResMut<Panels>,
    mut play: MessageWriter<PlayFromHere>,
) {
    let Some(review) = review else { return };
    // From a game, that game is replaced; from the list of games, the game waiting in the save is.
    let unfinished = match (review.back_to, &review.aside) {
        (Screen::Game, Some(aside)) => !aside.game.history().is_empty() && !aside.game.is_over(),
        _ => saved.0.as_ref().is_some_and(|g| !g.moves.is_empty()),
    };
    if unfinished {
        panels.open(Panel::Question(Question::PlayFromHere));
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
fn end_review(review: Option<ResMut<Review>>, mut board: SessionControl, mut commands: Commands) {
    if let Some(mut review) = review {
        // Newer than anything started for the reviewed positions, so no late message acts on the game.
        match (review.play_from.take(), review.aside.take()) {
            (Some(game), _) => board.replace(game, BoardOwner::Game),
            (None, Some(aside)) => board.restore(aside),
            (None, None) => {
                let game = board.get().game.clone();
                board.replace(game, BoardOwner::Game);
            }
        }
    }
    commands.remove_resource::<Review>();
}

fn spawn_bars(mut commands: Commands, review: Option<Res<Review>>) {
    let back_to = review.map_or(Screen::Game, |r| r.back_to);
    let back = if back_to == Screen::Game { "review.back" } else { "review.done" };
    commands.spawn((
        review_bar(true),
        children![
            (
                padded_labelled(back, 15.0, 10.0),
                on_tap(move |_: On<Tap>, mut next: ResMut<NextState<Screen>>| next.set(back_to)),
            ),
            (padded_labelled("review.play_here", 15.0, 10.0), on_tap(ask_to_play_from_here)),
        ],
    ));
    commands.spawn((
        review_bar(false),
        children![
            nav_button("«", "First move", ReviewStep::First),
            nav_button("‹", "Previous move", ReviewStep::Back),
            // Where the board is in the game; tapped, it opens the move list to jump anywhere.
            (
                shaped_button(
                    "Moves",
                    15.0,
                    Node {
                        flex_direction: FlexDirection::Column,
                        flex_grow: 1.0,
                        flex_shrink: 1.0,
                        min_width: px(0),
                        min_height: px(44),
                        justify_content: JustifyContent::Center,
                        align_items: AlignItems::Center,
                        border_radius: BorderRadius::all(px(12)),
                        border: UiRect::all(px(2)),
                        ..default()
                    },
                ),
                // Both lines wrap within the button, never past its sides: the caption under the
                // counter ("White left the masters' games on move 12 (hole 7)") ran out of the narrow
                // button between the arrows on a phone. The caption is small, so that it wraps to few
                // lines in a bar of fixed height.
                children![
                    (
                        ReviewCounter,
                        text("", 15.0, theme::TEXT),
                        TextLayout::justify(Justify::Center),
                        Node { max_width: percent(100), ..default() },
                        Pickable::IGNORE,
                    ),
                    (
                        TheoryLine,
                        text("", 10.0, theme::TEXT_DIM),
                        TextLayout::justify(Justify::Center),
                        Node { display: Display::None, max_width: percent(100), ..default() },
                        Pickable::IGNORE,
                    ),
                ],
                on_tap(open_list),
            ),
            nav_button("›", "Next move", ReviewStep::Forward),
            nav_button("»", "Last move", ReviewStep::Last),
        ],
    ));
}

/// One of the review's two bars, laid over the game's bars' places.
fn review_bar(top: bool) -> impl Bundle {
    (
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
    )
}

/// A step button: a sign for a label (no words to translate), a name for the tests and the UI map.
fn nav_button(sign: &'static str, name: &'static str, step: ReviewStep) -> impl Bundle {
    (
        sized_button(name, 24.0, 8.0, 48.0),
        children![(NavSign(step), text(sign, 24.0, theme::TEXT), Pickable::IGNORE)],
        on_tap(move |_: On<Tap>, mut steps: MessageWriter<ReviewStep>| {
            steps.write(step);
        }),
    )
}

fn update_bars(
    review: Option<Res<Review>>,
    room: Res<BoardRoom>,
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
    let panel = if room.analysis { analysis_room(layout.window)[2] } else { 0.0 };
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

/// A master move lit in review.
#[derive(Component, Clone)]
struct ReviewMasterMark;

/// In a position shown that is still in the masters' games, their moves from it are lit on the board (as
/// the openings light them), once the board is still.
fn show_master_moves(
    mut commands: Commands,
    review: Option<Res<Review>>,
    timeline: Res<Timeline>,
    layout: Option<Res<BoardLayout>>,
    art: Res<Art>,
    book: Book,
    marks: Query<Entity, With<ReviewMasterMark>>,
    mut shown: Local<Option<(u64, usize, bool, bool)>>,
) {
    let (Some(review), Some(layout)) = (review, layout) else { return };
    let tree = book.read().and_then(Result::ok);
    let still = !timeline.running();
    let key = (review.game.id, review.at, tree.is_some(), still);
    if *shown == Some(key) && !layout.is_changed() {
        return;
    }
    *shown = Some(key);
    for mark in &marks {
        commands.entity(mark).despawn();
    }
    let Some(tree) = tree.filter(|_| still && review.game.start() == Position::start()) else { return };
    let line: Vec<Hole> = review.game.history()[..review.at].iter().map(|p| p.outcome.hole).collect();
    let side = review.game.truncated(review.at).position().side_to_move();
    light_master_moves(
        &mut commands,
        &art,
        &layout,
        side,
        &tree.moves(&line),
        ReviewMasterMark,
        Screen::Review,
    );
}

/// The game left the masters' games with move `at` (counted from 1), in words: "You left the masters'
/// games on move 2 (hole 5)", "Black left ...". Who left them matters, said in a sentence of their own
/// (the record's "2... 55" was notation a new player could not read).
pub fn left_theory_words(locale: &Locale, game: &Game, at: usize) -> String {
    let Some((who, number, hole)) = played_move(game, at) else { return String::new() };
    let line =
        locale.f(&format!("review.left_theory_{}", who.key_part()), &[("move", &number), ("hole", &hole)]);
    // Under the counter the line is narrow: "(hole 5)" stays with its move, never "5)" alone on a line.
    glue_numbers(&line)
}

/// Where the game left the masters' games, under the counter: "In the masters' games" while the move
/// shown is still in their tree, else "You left the masters' games on move 2 (hole 5)". Nothing for a
/// game that began elsewhere than at the start, or while the book is not read.
fn show_theory(
    review: Option<Res<Review>>,
    locale: Res<Locale>,
    book: Book,
    mut lines: Query<(&mut Text, &mut Node), With<TheoryLine>>,
) {
    let Some(review) = review else { return };
    let tree = book.read().and_then(Result::ok);
    let words = match tree {
        Some(tree) if review.game.start() == Position::start() => {
            let line: Vec<Hole> = review.game.history().iter().map(|p| p.outcome.hole).collect();
            match tree.left_at(&line) {
                Some(ply) if ply < review.at => left_theory_words(&locale, &review.game, ply + 1),
                _ => locale.t("review.in_theory"),
            }
        }
        _ => String::new(),
    };
    let display = if words.is_empty() { Display::None } else { Display::Flex };
    for (mut text, mut node) in &mut lines {
        if text.0 != words {
            text.0.clone_from(&words);
        }
        if node.display != display {
            node.display = display;
        }
    }
}

// The move list.
