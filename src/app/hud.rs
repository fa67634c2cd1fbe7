//! The HUD around the board: each player's bar (name, kazan, whose turn), the last move in notation,
//! short messages, undo and the menu, and the game-over panel. In hot-seat on a tablet the far player's
//! bar is turned to face them.

use std::f32::consts::PI;

use bevy::prelude::*;

use crate::game::Mode;
use crate::rules::{EndReason, Side, Status};

use super::ai_task::Thinking;
use super::board::{ShownCounts, needs_six_nine_mark, place_index};
use super::hint::HintRequest;
use super::input::{BoardBlocked, LandingHint};
use super::layout::{BOTTOM_BAR, BoardLayout, TOP_BAR};
use super::safe_area::SafeArea;
use super::sowing::FinishAnimation;
use super::sowing::Timeline;
use super::theme;
use super::widgets::{Tap, button, button_colors, labelled_button, text};
use super::words;
use super::{BoardReset, NewGame, Screen, Session, Settings, Speed, Toast};
use crate::rules::Place;

/// Take back the last move (against the computer: your move and its reply).
#[derive(Message, Copy, Clone, Debug)]
pub struct Undo;

#[derive(Component, Copy, Clone)]
struct PlayerBar {
    /// True for the bar at the top of the screen (the far side's).
    top: bool,
}

#[derive(Component, Copy, Clone)]
struct BarName {
    top: bool,
}

#[derive(Component, Copy, Clone)]
struct BarKazan {
    top: bool,
}

#[derive(Component, Copy, Clone)]
struct BarStatus {
    top: bool,
}

#[derive(Component, Copy, Clone)]
struct BarBadge {
    top: bool,
}

#[derive(Component)]
struct ToastText;

#[derive(Component)]
struct UndoButton;

#[derive(Component)]
struct HintButton;

#[derive(Component)]
struct GameOverPanel;

#[derive(Component)]
struct MenuPanel;

/// The texts of the panels that follow the game and the settings.
#[derive(Component, Copy, Clone, PartialEq, Eq)]
enum PanelText {
    Title,
    Reason,
    Speed,
    Sound,
    Flip,
}

/// The message on screen and how long it stays.
#[derive(Resource, Default)]
pub struct ToastState {
    pub text: String,
    pub remaining: f32,
}

/// Whether the in-game menu is open.
#[derive(Resource, Default, Clone, Copy, PartialEq, Eq)]
pub struct MenuOpen(pub bool);

pub(super) fn plugin(app: &mut App) {
    app.add_message::<Undo>()
        .init_resource::<ToastState>()
        .init_resource::<MenuOpen>()
        .add_systems(OnEnter(Screen::Game), spawn_hud)
        .add_systems(OnExit(Screen::Game), |mut m: ResMut<MenuOpen>| m.0 = false)
        .add_systems(
            Update,
            (undo, collect_toasts, update_bars, update_messages, update_panels, button_colors)
                .chain()
                .run_if(in_state(Screen::Game)),
        );
}

/// "Kazan in the top bar": names the tests and the inspector find the bars' parts by.
fn bar_part(what: &str, top: bool) -> String {
    format!("{what} in the {} bar", if top { "top" } else { "bottom" })
}

fn player_bar(commands: &mut ChildSpawnerCommands, top: bool) {
    let height = if top { TOP_BAR } else { BOTTOM_BAR };
    commands
        .spawn((
            Name::new(if top { "Top bar" } else { "Bottom bar" }),
            PlayerBar { top },
            Node {
                width: percent(100),
                height: px(height),
                padding: UiRect::axes(px(10), px(6)),
                align_items: AlignItems::Center,
                justify_content: JustifyContent::SpaceBetween,
                column_gap: px(8),
                ..default()
            },
            BackgroundColor(Color::srgba(0.0, 0.0, 0.0, 0.25)),
            UiTransform::IDENTITY,
        ))
        .with_children(|bar| {
            if !top {
                labelled_button(bar, "Undo", 18.0, UndoButton).observe(
                    |_: On<Tap>, mut undo: MessageWriter<Undo>| {
                        undo.write(Undo);
                    },
                );
            }
            bar.spawn(Node {
                flex_direction: FlexDirection::Row,
                align_items: AlignItems::Center,
                column_gap: px(8),
                flex_grow: 1.0,
                ..default()
            })
            .with_children(|row| {
                row.spawn((
                    BarBadge { top },
                    Node {
                        width: px(18),
                        height: px(18),
                        border_radius: BorderRadius::all(px(9)),
                        border: UiRect::all(px(2)),
                        ..default()
                    },
                    BorderColor::all(Color::srgba(1.0, 1.0, 1.0, 0.5)),
                    BackgroundColor(Color::WHITE),
                ));
                row.spawn(Node { flex_direction: FlexDirection::Column, ..default() }).with_children(|col| {
                    col.spawn((
                        BarName { top },
                        Name::new(bar_part("Name", top)),
                        text("", 17.0, theme::TEXT),
                    ));
                    col.spawn((
                        BarStatus { top },
                        Name::new(bar_part("Status", top)),
                        text("", 14.0, theme::TEXT_DIM),
                    ));
                });
            });
            bar.spawn((
                BarKazan { top },
                Name::new(bar_part("Kazan", top)),
                text("0", 30.0, theme::TEXT),
                Node::default(),
                BorderColor::all(theme::TEXT),
            ));
            if !top {
                labelled_button(bar, "Hint", 18.0, HintButton).observe(
                    |_: On<Tap>, mut hint: MessageWriter<HintRequest>| {
                        hint.write(HintRequest);
                    },
                );
                labelled_button(bar, "Menu", 18.0, ())
                    .observe(|_: On<Tap>, mut menu: ResMut<MenuOpen>| menu.0 = true);
            }
        });
}

fn spawn_hud(mut commands: Commands, settings: Res<Settings>) {
    commands
        .spawn((
            Name::new("HUD"),
            Node {
                width: percent(100),
                height: percent(100),
                flex_direction: FlexDirection::Column,
                justify_content: JustifyContent::SpaceBetween,
                ..default()
            },
            Pickable::IGNORE,
            DespawnOnExit(Screen::Game),
        ))
        .with_children(|hud| {
            player_bar(hud, true);
            hud.spawn((Node { flex_grow: 1.0, ..default() }, Pickable::IGNORE));
            player_bar(hud, false);
        });
    // Messages float over the board's top edge.
    commands
        .spawn((
            Name::new("Messages"),
            Node {
                position_type: PositionType::Absolute,
                top: px(TOP_BAR * 0.6),
                width: percent(100),
                flex_direction: FlexDirection::Column,
                align_items: AlignItems::Center,
                row_gap: px(4),
                ..default()
            },
            Pickable::IGNORE,
            GlobalZIndex(5),
            DespawnOnExit(Screen::Game),
        ))
        .with_children(|m| {
            m.spawn((
                ToastText,
                text("", 16.0, theme::TEXT),
                Node {
                    padding: UiRect::axes(px(12), px(6)),
                    max_width: percent(94),
                    border_radius: BorderRadius::all(px(10)),
                    ..default()
                },
                BackgroundColor(Color::NONE),
                Pickable::IGNORE,
            ));
        });
    spawn_game_over(&mut commands);
    spawn_menu(&mut commands, &settings);
}

fn panel(name: &'static str) -> impl Bundle {
    (
        Name::new(name),
        Node {
            position_type: PositionType::Absolute,
            width: percent(100),
            height: percent(100),
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            ..default()
        },
        BackgroundColor(Color::srgba(0.0, 0.0, 0.0, 0.45)),
        GlobalZIndex(10),
        Visibility::Hidden,
        DespawnOnExit(Screen::Game),
    )
}

fn card() -> impl Bundle {
    (
        Node {
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::Center,
            row_gap: px(14),
            padding: UiRect::all(px(22)),
            width: px(330),
            max_width: percent(92),
            border_radius: BorderRadius::all(px(18)),
            border: UiRect::all(px(2)),
            ..default()
        },
        BackgroundColor(theme::PANEL),
        BorderColor::all(Color::srgba(1.0, 0.85, 0.6, 0.4)),
    )
}

fn spawn_game_over(commands: &mut Commands) {
    commands.spawn((panel("Game over"), GameOverPanel)).with_children(|p| {
        p.spawn(card()).with_children(|c| {
            c.spawn((PanelText::Title, text("", 30.0, theme::TEXT)));
            c.spawn((
                PanelText::Reason,
                text("", 17.0, theme::TEXT_DIM),
                TextLayout::justify(Justify::Center),
            ));
            c.spawn(Node { column_gap: px(12), ..default() }).with_children(|row| {
                labelled_button(row, "Play again", 20.0, ()).observe(play_again);
                labelled_button(row, "Menu", 20.0, ())
                    .observe(|_: On<Tap>, mut next: ResMut<NextState<Screen>>| next.set(Screen::Title));
            });
        });
    });
}

fn spawn_menu(commands: &mut Commands, settings: &Settings) {
    commands.spawn((panel("Menu"), MenuPanel)).with_children(|p| {
        p.spawn(card()).with_children(|c| {
            c.spawn(text("Menu", 28.0, theme::TEXT));
            labelled_button(c, "Resume", 20.0, ())
                .observe(|_: On<Tap>, mut menu: ResMut<MenuOpen>| menu.0 = false);
            c.spawn(button("Speed", 20.0))
                .with_children(|b| {
                    b.spawn((
                        PanelText::Speed,
                        text(format!("Speed: {}", settings.speed.name()), 20.0, theme::TEXT),
                    ));
                })
                .observe(|_: On<Tap>, mut settings: ResMut<Settings>| {
                    let i = Speed::ALL.iter().position(|s| *s == settings.speed).unwrap_or(0);
                    settings.speed = Speed::ALL[(i + 1) % Speed::ALL.len()];
                });
            c.spawn(button("Sound", 20.0))
                .with_children(|b| {
                    b.spawn((PanelText::Sound, text("", 20.0, theme::TEXT)));
                })
                .observe(|_: On<Tap>, mut settings: ResMut<Settings>| {
                    settings.sound = !settings.sound;
                });
            c.spawn(button("Flip", 20.0))
                .with_children(|b| {
                    b.spawn((PanelText::Flip, text("", 20.0, theme::TEXT)));
                })
                .observe(|_: On<Tap>, mut settings: ResMut<Settings>| {
                    settings.flip_each_turn = !settings.flip_each_turn;
                });
            labelled_button(c, "New game", 20.0, ()).observe(play_again);
            labelled_button(c, "Quit to title", 20.0, ())
                .observe(|_: On<Tap>, mut next: ResMut<NextState<Screen>>| next.set(Screen::Title));
        });
    });
}

/// A new game in the same mode; against the computer, a new draw if the starter is by lot.
fn play_again(
    _: On<Tap>,
    session: Res<Session>,
    settings: Res<Settings>,
    mut new_game: MessageWriter<NewGame>,
    mut menu: ResMut<MenuOpen>,
) {
    menu.0 = false;
    let mode = match session.game.mode {
        Mode::Computer { level, .. } => {
            Mode::Computer { level, human: super::title::human_side(settings.starter) }
        }
        Mode::HotSeat => Mode::HotSeat,
    };
    new_game.write(NewGame(mode));
}

fn undo(
    mut requests: MessageReader<Undo>,
    mut session: ResMut<Session>,
    mut finish: MessageWriter<FinishAnimation>,
    mut reset: MessageWriter<BoardReset>,
    mut toasts: MessageWriter<Toast>,
    mut hint: ResMut<LandingHint>,
) {
    if requests.read().count() == 0 {
        return;
    }
    let undone = session.game.undo();
    if undone == 0 {
        toasts.write(Toast("Nothing to undo".into()));
        return;
    }
    session.generation += 1;
    hint.0 = None;
    finish.write(FinishAnimation);
    reset.write(BoardReset);
}

fn collect_toasts(time: Res<Time>, mut toasts: MessageReader<Toast>, mut state: ResMut<ToastState>) {
    for t in toasts.read() {
        state.text = t.0.clone();
        state.remaining = 2.6;
    }
    if state.remaining > 0.0 {
        state.remaining -= time.delta_secs();
        if state.remaining <= 0.0 {
            state.text.clear();
        }
    }
}

fn player_name(mode: &Mode, side: Side) -> String {
    match mode {
        Mode::Computer { human, .. } if *human == side => "You".to_string(),
        Mode::Computer { level, .. } => format!("Computer - {}", super::capitalize(level.name())),
        Mode::HotSeat => theme::side_name(side).to_string(),
    }
}

/// What the board shows: while a move is being sown, the position before it (the bars must not run
/// ahead of the stones); otherwise the rules' position.
fn board_side_to_move(session: &Session, timeline: &Timeline) -> Option<Side> {
    let pos = session.game.position();
    match session.game.last_move() {
        Some(last) if timeline.running() => Some(last.side),
        _ if pos.is_over() => None,
        _ => Some(pos.side_to_move()),
    }
}

#[allow(clippy::type_complexity, clippy::too_many_arguments)]
fn update_bars(
    session: Res<Session>,
    settings: Res<Settings>,
    safe: Res<SafeArea>,
    layout: Option<Res<BoardLayout>>,
    thinking: Res<Thinking>,
    timeline: Res<Timeline>,
    shown: Res<ShownCounts>,
    mut bars: Query<(&PlayerBar, &mut UiTransform, &mut Node), Without<UndoButton>>,
    mut names: Query<(&BarName, &mut Text), (Without<BarKazan>, Without<BarStatus>)>,
    mut kazans: Query<
        (&BarKazan, &mut Text, &mut Node),
        (Without<BarName>, Without<BarStatus>, Without<PlayerBar>),
    >,
    mut statuses: Query<(&BarStatus, &mut Text), (Without<BarName>, Without<BarKazan>)>,
    mut badges: Query<(&BarBadge, &mut BackgroundColor)>,
    mut undo_buttons: Query<
        &mut Node,
        (With<UndoButton>, Without<PlayerBar>, Without<HintButton>, Without<BarKazan>),
    >,
    mut hint_buttons: Query<
        &mut Node,
        (With<HintButton>, Without<PlayerBar>, Without<UndoButton>, Without<BarKazan>),
    >,
) {
    let Some(layout) = layout else { return };
    let near = layout.near;
    let side_of = |top: bool| if top { near.opponent() } else { near };
    let mode = session.game.mode;
    let turned = matches!(mode, Mode::HotSeat) && !settings.flip_each_turn;
    let animating = timeline.running();
    let to_move = board_side_to_move(&session, &timeline);
    for (bar, mut transform, mut node) in &mut bars {
        let height = px(if bar.top { layout.top_bar } else { layout.bottom_bar });
        if node.height != height {
            node.height = height;
        }
        let rotated = bar.top && turned;
        let rotation = if rotated { Rot2::radians(PI) } else { Rot2::IDENTITY };
        if transform.rotation != rotation {
            transform.rotation = rotation;
        }
        // Keep the bar's content clear of the status bar, the notch and the gesture bar; a bar turned
        // upside down has its outer edge at its own bottom.
        let outer = if bar.top { safe.top } else { safe.bottom };
        let (top_pad, bottom_pad) = if bar.top != rotated { (outer, 0.0) } else { (0.0, outer) };
        let padding = UiRect {
            left: px(10.0 + safe.left),
            right: px(10.0 + safe.right),
            top: px(6.0 + top_pad),
            bottom: px(6.0 + bottom_pad),
        };
        if node.padding != padding {
            node.padding = padding;
        }
    }
    for (name, mut text) in &mut names {
        let value = player_name(&mode, side_of(name.top));
        if text.0 != value {
            text.0 = value;
        }
    }
    for (kazan, mut text, mut node) in &mut kazans {
        // The bars count what the board shows, stone by stone as they land.
        let value = shown.0[place_index(Place::Kazan(side_of(kazan.top)))].to_string();
        let border = if turned && needs_six_nine_mark(&value) { UiRect::bottom(px(2)) } else { UiRect::ZERO };
        if node.border != border {
            node.border = border;
        }
        if text.0 != value {
            text.0 = value;
        }
    }
    for (status, mut text) in &mut statuses {
        let side = side_of(status.top);
        let last = session.game.last_move().filter(|o| o.side == side);
        let value = if to_move == Some(side) && animating {
            "sowing...".into()
        } else if to_move == Some(side) {
            if !mode.is_human(side) && thinking.is_thinking() {
                "thinking...".into()
            } else {
                "to move".into()
            }
        } else if let Some(o) = last {
            format!("played {}", o.notation())
        } else {
            String::new()
        };
        if text.0 != value {
            text.0 = value;
        }
    }
    for (badge, mut color) in &mut badges {
        let side = side_of(badge.top);
        // The badge is lit for the player whose turn the board shows.
        let alpha = if to_move == Some(side) { 1.0 } else { 0.35 };
        color.0 = theme::side_color(side).with_alpha(alpha);
    }
    let shown = |visible: bool| if visible { Display::Flex } else { Display::None };
    for mut node in &mut undo_buttons {
        let display = shown(session.game.can_undo());
        if node.display != display {
            node.display = display;
        }
    }
    for mut node in &mut hint_buttons {
        let display = shown(mode.landing_hint_allowed());
        if node.display != display {
            node.display = display;
        }
    }
}

fn update_messages(
    toast: Res<ToastState>,
    mut toast_text: Query<(&mut Text, &mut BackgroundColor), With<ToastText>>,
) {
    if let Ok((mut text, mut bg)) = toast_text.single_mut() {
        if text.0 != toast.text {
            text.0 = toast.text.clone();
        }
        bg.0 = if toast.text.is_empty() { Color::NONE } else { Color::srgba(0.0, 0.0, 0.0, 0.6) };
    }
}

/// The words of a finished game: (title, reason and final score).
pub fn result_text(mode: &Mode, status: &Status) -> Option<(String, String)> {
    let Status::Finished(o) = status else { return None };
    let title = match (o.winner, mode) {
        (None, _) => "Draw".to_string(),
        (Some(w), Mode::Computer { human, .. }) if w == *human => "You win!".to_string(),
        (Some(_), Mode::Computer { .. }) => "The computer wins".to_string(),
        (Some(w), Mode::HotSeat) => format!("{} wins", theme::side_name(w)),
    };
    let short = |side: Side| words::player_short(mode, side);
    let reason = match o.reason {
        EndReason::Reached82(side) => format!("{} reached 82 stones", words::player(mode, side)),
        EndReason::Draw81 => "Both kazans hold 81 stones".to_string(),
        EndReason::NoMoves { stuck, left } => format!(
            "{} cannot move. The stones left go to the side they are on: {} +{}, {} +{}",
            words::player(mode, stuck),
            short(Side::White),
            left[0],
            short(Side::Black),
            left[1]
        ),
    };
    Some((
        title,
        format!(
            "{reason}\nFinal score: {} {} - {} {}",
            short(Side::White),
            o.score[0],
            short(Side::Black),
            o.score[1]
        ),
    ))
}

#[allow(clippy::type_complexity, clippy::too_many_arguments)]
fn update_panels(
    session: Res<Session>,
    settings: Res<Settings>,
    menu: Res<MenuOpen>,
    timeline: Res<super::sowing::Timeline>,
    mut blocked: ResMut<BoardBlocked>,
    mut game_over: Query<&mut Visibility, (With<GameOverPanel>, Without<MenuPanel>)>,
    mut menu_panel: Query<&mut Visibility, (With<MenuPanel>, Without<GameOverPanel>)>,
    mut texts: Query<(&PanelText, &mut Text)>,
) {
    let status = session.game.status();
    // The result shows once the last move has landed.
    let over = status.is_over() && !timeline.running();
    let result = result_text(&session.game.mode, &status);
    let on_off = |on: bool| if on { "on" } else { "off" };
    for (which, mut text) in &mut texts {
        let value = match which {
            PanelText::Title => result.as_ref().map(|r| r.0.clone()),
            PanelText::Reason => result.as_ref().map(|r| r.1.clone()),
            PanelText::Speed => Some(format!("Speed: {}", settings.speed.name())),
            PanelText::Sound => Some(format!("Sound: {}", on_off(settings.sound))),
            PanelText::Flip => Some(format!("Turn board each turn: {}", on_off(settings.flip_each_turn))),
        };
        if let Some(value) = value
            && text.0 != value
        {
            text.0 = value;
        }
    }
    let show = |v: bool| if v { Visibility::Visible } else { Visibility::Hidden };
    for mut v in &mut game_over {
        *v = show(over && !menu.0);
    }
    for mut v in &mut menu_panel {
        *v = show(menu.0);
    }
    blocked.0 = menu.0 || over;
}
