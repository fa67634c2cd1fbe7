//! The HUD around the board: each player's bar (name, kazan, whose turn), the last move in notation,
//! short messages, undo and the menu, and the game-over panel. In hot-seat on a tablet the far player's
//! bar is turned to face them.

use std::f32::consts::PI;

use bevy::prelude::*;

use crate::game::Mode;
use crate::rules::{EndReason, Side, Status};

use super::ai_task::Thinking;
use super::hint::HintRequest;
use super::input::{BoardBlocked, LandingHint};
use super::layout::{BOTTOM_BAR, BoardLayout, TOP_BAR};
use super::sowing::FinishAnimation;
use super::theme;
use super::{BoardReset, NewGame, Screen, Session, Settings, Speed, Toast};

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

pub fn button(label: impl Into<String>, font: f32) -> impl Bundle {
    (
        Name::new(format!("Button {}", label.into())),
        Button,
        Node {
            padding: UiRect::axes(px(16), px(10)),
            min_width: px(64),
            min_height: px(44),
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            border_radius: BorderRadius::all(px(12)),
            border: UiRect::all(px(2)),
            ..default()
        },
        BorderColor::all(Color::srgba(1.0, 0.85, 0.6, 0.35)),
        BackgroundColor(theme::BUTTON),
        TextFont { font_size: FontSize::Px(font), ..default() },
    )
}

/// A button with its label, as a child of `parent`; chain `.observe(...)` for what it does.
pub fn labelled_button<'a>(
    parent: &'a mut ChildSpawnerCommands,
    label: &str,
    size: f32,
    extra: impl Bundle,
) -> EntityCommands<'a> {
    let mut button = parent.spawn((button(label, size), extra));
    button.with_children(|b| {
        b.spawn(text(label, size, theme::TEXT));
    });
    button
}

pub fn text(value: impl Into<String>, size: f32, color: Color) -> impl Bundle {
    (Text::new(value), TextFont { font_size: FontSize::Px(size), ..default() }, TextColor(color))
}

/// Hover and press feedback for every button.
#[allow(clippy::type_complexity)]
pub fn button_colors(
    mut buttons: Query<
        (&Interaction, &mut BackgroundColor, Option<&Selected>),
        (With<Button>, Changed<Interaction>),
    >,
) {
    for (interaction, mut color, selected) in &mut buttons {
        color.0 = match (interaction, selected.is_some()) {
            (Interaction::Pressed, _) => theme::BUTTON_PRESSED,
            (Interaction::Hovered, _) => theme::BUTTON_HOVER,
            (Interaction::None, true) => theme::BUTTON_SELECTED,
            (Interaction::None, false) => theme::BUTTON,
        };
    }
}

/// A choice that is currently selected (level, starter, speed).
#[derive(Component)]
pub struct Selected;

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
                    |_: On<Pointer<Click>>, mut undo: MessageWriter<Undo>| {
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
                    col.spawn((BarName { top }, text("", 17.0, theme::TEXT)));
                    col.spawn((BarStatus { top }, text("", 14.0, theme::TEXT_DIM)));
                });
            });
            bar.spawn((BarKazan { top }, text("0", 30.0, theme::TEXT)));
            if !top {
                labelled_button(bar, "Hint", 18.0, HintButton).observe(
                    |_: On<Pointer<Click>>, mut hint: MessageWriter<HintRequest>| {
                        hint.write(HintRequest);
                    },
                );
                labelled_button(bar, "Menu", 18.0, ())
                    .observe(|_: On<Pointer<Click>>, mut menu: ResMut<MenuOpen>| menu.0 = true);
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
                labelled_button(row, "Menu", 20.0, ()).observe(
                    |_: On<Pointer<Click>>, mut next: ResMut<NextState<Screen>>| next.set(Screen::Title),
                );
            });
        });
    });
}

fn spawn_menu(commands: &mut Commands, settings: &Settings) {
    commands.spawn((panel("Menu"), MenuPanel)).with_children(|p| {
        p.spawn(card()).with_children(|c| {
            c.spawn(text("Menu", 28.0, theme::TEXT));
            labelled_button(c, "Resume", 20.0, ())
                .observe(|_: On<Pointer<Click>>, mut menu: ResMut<MenuOpen>| menu.0 = false);
            c.spawn(button("Speed", 20.0))
                .with_children(|b| {
                    b.spawn((
                        PanelText::Speed,
                        text(format!("Speed: {}", settings.speed.name()), 20.0, theme::TEXT),
                    ));
                })
                .observe(|_: On<Pointer<Click>>, mut settings: ResMut<Settings>| {
                    let i = Speed::ALL.iter().position(|s| *s == settings.speed).unwrap_or(0);
                    settings.speed = Speed::ALL[(i + 1) % Speed::ALL.len()];
                });
            c.spawn(button("Sound", 20.0))
                .with_children(|b| {
                    b.spawn((PanelText::Sound, text("", 20.0, theme::TEXT)));
                })
                .observe(|_: On<Pointer<Click>>, mut settings: ResMut<Settings>| {
                    settings.sound = !settings.sound;
                });
            c.spawn(button("Flip", 20.0))
                .with_children(|b| {
                    b.spawn((PanelText::Flip, text("", 20.0, theme::TEXT)));
                })
                .observe(|_: On<Pointer<Click>>, mut settings: ResMut<Settings>| {
                    settings.flip_each_turn = !settings.flip_each_turn;
                });
            labelled_button(c, "New game", 20.0, ()).observe(play_again);
            labelled_button(c, "Quit to title", 20.0, ()).observe(
                |_: On<Pointer<Click>>, mut next: ResMut<NextState<Screen>>| next.set(Screen::Title),
            );
        });
    });
}

/// A new game in the same mode; against the computer, a new draw if the starter is by lot.
fn play_again(
    _: On<Pointer<Click>>,
    session: Res<Session>,
    settings: Res<Settings>,
    mut new_game: MessageWriter<NewGame>,
    mut menu: ResMut<MenuOpen>,
) {
    menu.0 = false;
    let mode = match session.game.mode {
        Mode::Computer { level, human } => {
            Mode::Computer { level, human: super::title::human_side(settings.starter, human) }
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

#[allow(clippy::type_complexity, clippy::too_many_arguments)]
fn update_bars(
    session: Res<Session>,
    settings: Res<Settings>,
    layout: Option<Res<BoardLayout>>,
    thinking: Res<Thinking>,
    mut bars: Query<(&PlayerBar, &mut UiTransform, &mut Node), Without<UndoButton>>,
    mut names: Query<(&BarName, &mut Text), (Without<BarKazan>, Without<BarStatus>)>,
    mut kazans: Query<(&BarKazan, &mut Text), (Without<BarName>, Without<BarStatus>)>,
    mut statuses: Query<(&BarStatus, &mut Text), (Without<BarName>, Without<BarKazan>)>,
    mut badges: Query<(&BarBadge, &mut BackgroundColor)>,
    mut undo_buttons: Query<&mut Node, (With<UndoButton>, Without<PlayerBar>, Without<HintButton>)>,
    mut hint_buttons: Query<&mut Node, (With<HintButton>, Without<PlayerBar>, Without<UndoButton>)>,
) {
    let Some(layout) = layout else { return };
    let near = layout.near;
    let side_of = |top: bool| if top { near.opponent() } else { near };
    let pos = session.game.position();
    let mode = session.game.mode;
    let turned = matches!(mode, Mode::HotSeat) && !settings.flip_each_turn;
    for (bar, mut transform, mut node) in &mut bars {
        let height = px(if bar.top { layout.top_bar } else { layout.bottom_bar });
        if node.height != height {
            node.height = height;
        }
        let rotation = if bar.top && turned { Rot2::radians(PI) } else { Rot2::IDENTITY };
        if transform.rotation != rotation {
            transform.rotation = rotation;
        }
    }
    for (name, mut text) in &mut names {
        let value = player_name(&mode, side_of(name.top));
        if text.0 != value {
            text.0 = value;
        }
    }
    for (kazan, mut text) in &mut kazans {
        let value = pos.kazan(side_of(kazan.top)).to_string();
        if text.0 != value {
            text.0 = value;
        }
    }
    for (status, mut text) in &mut statuses {
        let side = side_of(status.top);
        let last = session.game.last_move().filter(|o| o.side == side);
        let value = if !pos.is_over() && pos.side_to_move() == side {
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
        color.0 = theme::side_color(side_of(badge.top));
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

/// The words of a finished game: (title, reason).
pub fn result_text(mode: &Mode, status: &Status) -> Option<(String, String)> {
    let Status::Finished(o) = status else { return None };
    let title = match (o.winner, mode) {
        (None, _) => "Draw".to_string(),
        (Some(w), Mode::Computer { human, .. }) if w == *human => "You win!".to_string(),
        (Some(_), Mode::Computer { .. }) => "The computer wins".to_string(),
        (Some(w), Mode::HotSeat) => format!("{} wins", theme::side_name(w)),
    };
    let reason = match o.reason {
        EndReason::Reached82(side) => format!("{} collected 82 stones", theme::side_name(side)),
        EndReason::Draw81 => "Both kazans hold 81 stones".to_string(),
        EndReason::NoMoves { stuck, left } => format!(
            "{} cannot move. The stones left go to the side they are on: White +{}, Black +{}",
            theme::side_name(stuck),
            left[0],
            left[1]
        ),
    };
    Some((title, format!("{reason}\nFinal score: White {} - Black {}", o.score[0], o.score[1])))
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
