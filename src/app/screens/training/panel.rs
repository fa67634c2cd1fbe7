//! The training's header and panel on screen: the close mark, the title and Hint in the header; the
//! drills' bar, the caption, the stars and the words in the panel, with its buttons (Menu, Try again, a
//! Streak's Skip, or "Skip used" once it is spent, Next puzzle, Play again, Results) and what each does to
//! the run. The ring over a hole: a hint's, and the right move's after a miss. Which buttons show is
//! `words`'s; the moves and what they mean, `screen`'s.
//!
//! Invariants: a button acts on the run (`screen::TrainingRun`) only in the phases it is meant for, so a
//! tap that arrives late (the phase moved on) does nothing; a spent Skip stays in sight, greyed, and does
//! nothing; the right move is lit only once the board is still after a miss, never over another board;
//! the panel's buttons stay inside the window: words too long for the panel under the board shrink, a
//! pixel a frame, down to [`LEAST_WORDS`] (a missed puzzle's words pushed Menu, Try again and Next puzzle
//! off a 360×640 phone), and new words start again at their size.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use crate::puzzle::Attempt;
use crate::rules::{Hole, Side};

use crate::app::board::layout::{BoardLayout, lesson_room, text_scale};
use crate::app::board::moments::{Glow, glow};
use crate::app::board::sowing::Timeline;
use crate::app::i18n::locale::{Locale, Tr};
use crate::app::platform::safe_area::SafeArea;
use crate::app::screens::board_panel::{
    PanelRoom, caption_size, close_look, header_title, small_size, spawn_header_and_panel,
};
use crate::app::screens::training::choose::{LeavePuzzles, PuzzleChoice, open_chooser};
use crate::app::screens::training::drill_run::{Drill, DrillBar};
use crate::app::screens::training::screen::{Phase, TrainingRun, TrainingText, finish, start_drill};
use crate::app::state::panels::{Panel, Panels};
use crate::app::state::screen::{Frame, Screen};
use crate::app::state::session::Session;
use crate::app::state::settings::Settings;
use crate::app::ui::theme::{self, Art};
use crate::app::ui::widgets::{
    Tap, Unstyled, english, labelled, on_tap, shaped_button, shaped_labelled, sized_node, text,
};

/// How long the hint's light stays on the hole, in seconds.
const HINT_LIGHT: f32 = 4.0;
/// How long the right move's light stays after a miss, in seconds: read with the words, which are longer.
const MISS_LIGHT: f32 = 6.0;

#[derive(Component, Clone)]
pub(crate) struct TrainingUi;

/// The row (or column) of the panel's buttons.
#[derive(Component)]
pub(crate) struct TrainingButtons;

/// The smallest the panel's caption and words shrink to, in pixels, to keep its buttons on the screen.
const LEAST_WORDS: f32 = 10.0;

#[derive(Component)]
pub(crate) struct AgainButton;

#[derive(Component)]
pub(crate) struct HintButton;

/// "Next puzzle".
#[derive(Component)]
pub(crate) struct NextButton;

/// A Streak's one skip.
#[derive(Component)]
pub(crate) struct SkipButton;

/// The Streak's skip once used: in sight, greyed, doing nothing (it vanished, and a player looked for it).
#[derive(Component)]
pub(crate) struct SkipUsedButton;

/// Another Storm, or a new Streak, once one ended.
#[derive(Component)]
pub(crate) struct DrillAgainButton;

/// Back to the Storm's results, from one of its puzzles looked at again.
#[derive(Component)]
pub(crate) struct ResultsButton;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        ((rebuild_ui, fit_words).chain(), light_right_move)
            .in_set(Frame::View)
            .run_if(in_state(Screen::Training)),
    );
}

/// The training's header (close, the puzzle's rating, hint) and its panel (caption, words, buttons),
/// laid out as a lesson's (`screens::board_panel`): under the board upright, beside it on its side.
pub(crate) fn rebuild_ui(mut commands: Commands, room: PanelRoom, roots: Query<Entity, With<TrainingUi>>) {
    if !room.needs_building(!roots.is_empty()) {
        return;
    }
    for root in &roots {
        commands.entity(root).despawn();
    }
    let (caption, small) = (caption_size(room.window()), small_size(room.window()));
    let stacked = stacked(room.window());
    let fit = ButtonsFit { stacked, narrow: room.window().x < NARROW };
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
                    (
                        Name::new("Drill bar"),
                        DrillBar,
                        Node {
                            display: Display::None,
                            column_gap: px(8),
                            align_items: AlignItems::Center,
                            ..default()
                        },
                    ),
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
                TrainingButtons,
                buttons_node(stacked),
                children![
                    (even_labelled("hud.menu", caption, fit), on_tap(open_chooser)),
                    (
                        even_labelled("training.again", caption, fit),
                        AgainButton,
                        on_tap(|_: On<Tap>, mut run: ResMut<TrainingRun>| {
                            if matches!(run.phase, Phase::Missed | Phase::Solving) {
                                run.restart = true;
                            }
                        }),
                    ),
                    (even_labelled("drill.skip", caption, fit), SkipButton, on_tap(skip_puzzle)),
                    (spent_labelled("drill.skip_used", caption, fit), SkipUsedButton),
                    (even_labelled("training.next", caption, fit), NextButton, on_tap(next_puzzle)),
                    (even_labelled("drill.again", caption, fit), DrillAgainButton, on_tap(drill_again)),
                    (even_labelled("drill.results", caption, fit), ResultsButton, on_tap(back_to_results)),
                ],
            ),
        ],
    );
}

/// Shrinks the caption and the words a pixel a frame while the panel's buttons reach past the window's
/// bottom (less its safe area), down to [`LEAST_WORDS`]; words changed start again at their size. On a
/// small phone the caption ("Find the best move") gives its line to what is said once something is (a
/// missed Streak's words in Russian did not fit under it even at the least size), as a lesson's panel
/// does there. The buttons are measured as laid out in the last frame, so the words settle within a few
/// frames.
fn fit_words(
    room: PanelRoom,
    safe: Res<SafeArea>,
    windows: Query<&Window, With<PrimaryWindow>>,
    buttons: Query<(&ComputedNode, &UiGlobalTransform), With<TrainingButtons>>,
    mut texts: Query<(&TrainingText, Ref<Text>, &mut TextFont, &mut Node)>,
) {
    let Ok(window) = windows.single() else { return };
    let scale = window.scale_factor();
    let bottom = window.physical_height() as f32 - safe.bottom * scale;
    let past = buttons.iter().any(|(node, at)| at.translation.y + node.size().y / 2.0 > bottom + 0.5);
    let (caption, small) = (caption_size(room.window()), small_size(room.window()));
    let said = texts.iter().any(|(which, text, ..)| *which == TrainingText::Said && !text.0.is_empty());
    let one_at_a_time = room.window().y < 700.0 && lesson_room(room.window())[1] == 0.0;
    for (which, text, mut font, mut node) in &mut texts {
        let full = match which {
            TrainingText::Caption => caption,
            TrainingText::Said => small,
            TrainingText::Header => continue,
        };
        if *which == TrainingText::Caption {
            let display = if one_at_a_time && said { Display::None } else { Display::Flex };
            if node.display != display {
                node.display = display;
            }
        }
        let FontSize::Px(now) = font.font_size else { continue };
        let want = if text.is_changed() {
            full
        } else if past {
            (now - 1.0).max(LEAST_WORDS)
        } else {
            now
        };
        if want != now {
            font.font_size = FontSize::Px(want);
        }
    }
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
fn even_labelled(key: &'static str, size: f32, fit: ButtonsFit) -> impl Bundle {
    shaped_labelled(key, size, even_node(fit))
}

/// How the panel's buttons are laid: one above the other ([`stacked`]), and closer to their words on a
/// narrow phone.
#[derive(Clone, Copy)]
struct ButtonsFit {
    stacked: bool,
    narrow: bool,
}

/// A window narrower than this (a 360-wide phone) pads the panel's buttons less: with the usual padding
/// French's Menu, Réessayer and Puzzle suivant took two lines, and the second ran off the screen.
const NARROW: f32 = 400.0;

/// The box of an [`even_labelled`] button.
fn even_node(fit: ButtonsFit) -> Node {
    let pad = if fit.narrow { 8.0 } else { 16.0 };
    Node { flex_grow: if fit.stacked { 0.0 } else { 1.0 }, ..sized_node(pad, 64.0) }
}

/// A spent button of the panel's row (a Streak's Skip once used), as wide as the others: its words dim,
/// no press shading, no action. The player sees it is gone rather than miss it.
fn spent_labelled(key: &'static str, size: f32, fit: ButtonsFit) -> impl Bundle {
    (
        shaped_button(english(key), size, even_node(fit)),
        Unstyled,
        children![(Tr(key), text(english(key), size, theme::TEXT_DIM), Pickable::IGNORE)],
    )
}

/// "Next puzzle": an unsolved puzzle counts as missed (it comes back tomorrow).
fn next_puzzle(
    _: On<Tap>,
    mut run: ResMut<TrainingRun>,
    mut settings: ResMut<Settings>,
    locale: Res<Locale>,
) {
    if run.drill.rated() && matches!(run.phase, Phase::Solving | Phase::Missed | Phase::Explaining) {
        if let Some(attempt) = run.attempt.as_mut() {
            attempt.give_up();
        }
        finish(&mut run, &mut settings, &locale);
    }
    run.explaining = None;
    if run.phase == Phase::Loading {
        // A second tap before the next puzzle is up: it is on its way.
        return;
    }
    if let Drill::Missed { index, .. } = &mut run.drill {
        *index += 1;
    }
    if run.phase != Phase::Closed {
        run.phase = Phase::Loading;
    }
}

/// A Streak's one skip: the next puzzle, the count as it was; said over it that the skip is spent until
/// the next streak.
fn skip_puzzle(
    _: On<Tap>,
    mut run: ResMut<TrainingRun>,
    mut settings: ResMut<Settings>,
    locale: Res<Locale>,
) {
    if run.phase != Phase::Solving {
        return;
    }
    let Drill::Streak(streak) = &mut run.drill else { return };
    if streak.skip() {
        settings.training.drills.streak_changed(streak);
        run.said.clear();
        run.notice = Some(locale.t("drill.skipped"));
        run.phase = Phase::Loading;
    }
}

/// Another Storm, or a new Streak, once one ended.
fn drill_again(_: On<Tap>, mut run: ResMut<TrainingRun>, mut panels: ResMut<Panels>) {
    // Offered once a Streak ended (a Storm's Play again is on its results card).
    if run.phase != Phase::Over || run.drill.streak().is_none() {
        return;
    }
    let choice = PuzzleChoice::Streak;
    panels.close(|p| *p == Panel::DrillOver);
    start_drill(&mut run, choice);
}

/// Back to the Storm's results from one of its puzzles looked at again.
fn back_to_results(_: On<Tap>, mut run: ResMut<TrainingRun>) {
    match &run.drill {
        Drill::Again { after, .. } => run.drill = Drill::Storm(after.clone()),
        Drill::Storm(storm) if storm.over => {}
        _ => return,
    }
    // Nothing of the puzzle looked at again carries on under the results (a Try again asked for it).
    run.restart = false;
    run.advance = false;
    run.sent = None;
    run.explaining = None;
    run.queued = None;
    run.phase = Phase::Over;
    run.show_end = true;
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
    light_hole(&mut commands, &art, &layout, (player, hole), HINT_LIGHT);
}

/// After a miss, the right move's hole lit with the hint's ring once the wrong move and the computer's
/// answer are played and the board is still (lit while the stones flew, it went unseen); the words name
/// it. Dropped if the puzzle moved on first (Try again, Next puzzle).
fn light_right_move(
    mut run: ResMut<TrainingRun>,
    timeline: Res<Timeline>,
    session: Res<Session>,
    layout: Option<Res<BoardLayout>>,
    art: Res<Art>,
    mut commands: Commands,
) {
    let Some(place) = run.light else { return };
    if !matches!(run.phase, Phase::Missed | Phase::Over) {
        run.light = None;
        return;
    }
    let moving = run.sent.is_some_and(|sent| session.generation <= sent);
    if timeline.running() || moving || run.queued.is_some() {
        return;
    }
    run.light = None;
    let Some(layout) = layout else { return };
    light_hole(&mut commands, &art, &layout, place, MISS_LIGHT);
}

/// The ring over a hole of the board, pulsing once every two seconds for `life` seconds.
fn light_hole(
    commands: &mut Commands,
    art: &Art,
    layout: &BoardLayout,
    (side, hole): (Side, Hole),
    life: f32,
) {
    let place = layout.hole(side, hole);
    let light = Glow {
        age: 0.0,
        life,
        pulses: life / 2.0,
        peak: 0.7,
        size: place.size() * 1.3,
        swell: 0.0,
        color: theme::HIGHLIGHT,
    };
    // Over the stones: a full hole would hide a light under them.
    commands.spawn(glow(art, place.center().extend(7.0), light));
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
