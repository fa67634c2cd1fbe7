//! The HUD around the board: each player's bar (name, kazan, whose turn), the last move in notation,
//! short messages, undo and the menu, and the game-over panel. In hot-seat on a tablet the far player's
//! bar is turned to face them.

use std::f32::consts::PI;

use bevy::prelude::*;

use crate::game::Mode;
use crate::rules::{EndReason, Side, Status};

use super::ai_task::Thinking;
use super::board::{ShownCounts, ViewSize, needs_six_nine_mark, place_index, shared_board};
use super::confirm::{PendingNewGame, new_game_or_ask};
use super::hint::HintRequest;
use super::input::{BoardBlocked, LandingHint};
use super::layout::{BOTTOM_BAR, BoardLayout, TOP_BAR};
use super::locale::{Locale, Tr};
use super::safe_area::SafeArea;
use super::sowing::FinishAnimation;
use super::sowing::Timeline;
use super::theme;
use super::widgets::{
    Backdrop, Tap, backdrop, button, button_colors, card, labelled_button, sized_labelled_button, text,
};
use super::words::{self, Who};
use super::{BoardReset, MovePlayed, NewGame, Screen, Session, Settings, Speed, Toast};
use crate::rules::Place;

/// Take back the last move (against the computer: your move and its reply).
#[derive(Message, Copy, Clone, Debug)]
pub struct Undo;

/// Play again what undo took back, until a new move is played.
#[derive(Message, Copy, Clone, Debug)]
pub struct Redo;

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

/// The badge, name and whose turn it is: one block of the bar, which gets a line of its own when the row
/// of controls leaves it no room (a phone upright, in the longer languages).
#[derive(Component, Copy, Clone)]
struct BarInfo {
    top: bool,
}

/// The name over the status, or beside it on the info's own line.
#[derive(Component, Copy, Clone)]
struct BarWords {
    top: bool,
}

/// Narrower than this (in UI pixels) the bar's row of controls leaves too little room beside it for the
/// name and whose turn it is in every language (Russian's "Вернуть Повторить Совет Меню" takes 300 of a
/// small phone's 360): the player's block takes a line of its own above the controls.
const ONE_LINE_WIDTH: f32 = 560.0;

/// Whether a bar shows its player on a line of its own above its controls: when it has controls (the near
/// bar; the far one when it faces the far player), the screen is narrow, and the bar tall enough for the
/// two lines (a phone upright: 72 and 84 pixels).
fn bar_in_two_lines(layout: &BoardLayout, safe: &SafeArea, top: bool, turned: bool) -> bool {
    let scale = layout.text_scale();
    let controls = !top || turned;
    let width = (layout.window.x - safe.left - safe.right) / scale;
    let height = if top { layout.top_bar - safe.top } else { layout.bottom_bar - safe.bottom } / scale;
    controls && width < ONE_LINE_WIDTH && height >= 70.0
}

/// The words of a message, in each message box.
#[derive(Component, Copy, Clone)]
struct ToastText;

#[derive(Component)]
struct UndoButton;

#[derive(Component)]
struct RedoButton;

#[derive(Component)]
struct HintButton;

#[derive(Component)]
struct GameOverPanel;

#[derive(Component)]
struct FlipButton;

/// A control in the far player's bar, shown only when that bar faces the far player.
#[derive(Component)]
struct FarControl;

/// The box the messages float in, over the board where they hide nothing they talk about. In hot-seat on a
/// shared board each player has one (`far` for the far player's, turned to face them): a message for
/// both is shown to both.
#[derive(Component, Copy, Clone)]
struct MessageBox {
    far: bool,
}

#[derive(Component)]
struct MenuPanel;

#[derive(Component)]
struct MenuCard;

#[derive(Component)]
struct MenuButtons;

/// Below this height the menu's buttons go in two columns.
const MENU_ONE_COLUMN_HEIGHT: f32 = 620.0;

/// The texts of the panels that follow the game and the settings.
#[derive(Component, Copy, Clone, PartialEq, Eq)]
enum PanelText {
    Title,
    Reason,
    Speed,
    Sound,
    Flip,
    Language,
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

/// The menu was opened from the far player's bar (hot-seat on a shared board): it faces them.
#[derive(Resource, Default, Clone, Copy, PartialEq, Eq, Debug)]
pub struct MenuFacesFar(pub bool);

pub(super) fn plugin(app: &mut App) {
    app.add_message::<Undo>()
        .add_message::<Redo>()
        .init_resource::<ToastState>()
        .init_resource::<MenuOpen>()
        .init_resource::<MenuFacesFar>()
        .add_systems(OnEnter(Screen::Game), spawn_hud)
        .add_systems(OnExit(Screen::Game), |mut m: ResMut<MenuOpen>| m.0 = false)
        .add_systems(Update, (undo, redo).chain().in_set(super::Frame::Rules).run_if(in_state(Screen::Game)))
        .add_systems(
            Update,
            (
                announce_tuzdik,
                collect_toasts,
                update_bars,
                fit_bar_lines,
                update_messages,
                update_panels,
                fit_menu,
                face_menu,
                button_colors,
            )
                .chain()
                .in_set(super::Frame::View)
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
                column_gap: px(6),
                ..default()
            },
            BackgroundColor(Color::srgba(0.0, 0.0, 0.0, 0.25)),
            UiTransform::IDENTITY,
        ))
        .with_children(|bar| {
            // Both bars have the controls: the far bar's show in hot-seat on a shared tablet, where that
            // bar faces the far player.
            let far = |name: &str| Name::new(format!("Button {name} (far side)"));
            let mut undo = sized_labelled_button(bar, "hud.undo", 15.0, 6.0, 48.0, UndoButton);
            undo.observe(move |_: On<Tap>, asked: UndoAsked, mut undo: MessageWriter<Undo>| {
                if let Some(refusal) = asked.refusal(top) {
                    asked.say(refusal);
                } else {
                    undo.write(Undo);
                }
            });
            if top {
                undo.insert((far("Undo"), FarControl));
            }
            // Shown only while there is something to redo: right after an undo.
            let mut redo = sized_labelled_button(bar, "hud.redo", 15.0, 6.0, 48.0, RedoButton);
            redo.observe(|_: On<Tap>, mut redo: MessageWriter<Redo>| {
                redo.write(Redo);
            });
            if top {
                redo.insert((far("Redo"), FarControl));
            }
            bar.spawn((
                BarInfo { top },
                Name::new(bar_part("Player", top)),
                Node {
                    flex_direction: FlexDirection::Row,
                    align_items: AlignItems::Center,
                    column_gap: px(8),
                    flex_grow: 1.0,
                    flex_shrink: 1.0,
                    min_width: px(0),
                    // Text measured while the row shrinks can ask for more height than it then takes.
                    max_height: percent(100),
                    overflow: Overflow::clip(),
                    ..default()
                },
            ))
            .with_children(|row| {
                row.spawn((
                    BarBadge { top },
                    Node {
                        width: px(18),
                        height: px(18),
                        flex_shrink: 0.0,
                        border_radius: BorderRadius::all(px(9)),
                        border: UiRect::all(px(2)),
                        ..default()
                    },
                    BorderColor::all(Color::srgba(1.0, 1.0, 1.0, 0.5)),
                    BackgroundColor(Color::WHITE),
                ));
                row.spawn((
                    BarWords { top },
                    Node {
                        flex_direction: FlexDirection::Column,
                        min_width: px(0),
                        flex_shrink: 1.0,
                        ..default()
                    },
                ))
                .with_children(|col| {
                    col.spawn((
                        BarName { top },
                        Name::new(bar_part("Name", top)),
                        text("", 16.0, theme::TEXT),
                    ));
                    col.spawn((
                        BarStatus { top },
                        Name::new(bar_part("Status", top)),
                        text("", 12.0, theme::TEXT_DIM),
                    ));
                });
            });
            bar.spawn((
                BarKazan { top },
                Name::new(bar_part("Kazan", top)),
                text("0", 26.0, theme::TEXT),
                Node::default(),
                BorderColor::all(theme::TEXT),
            ));
            let mut hint = sized_labelled_button(bar, "hud.hint", 15.0, 6.0, 48.0, HintButton);
            hint.observe(move |_: On<Tap>, asked: UndoAsked, mut hint: MessageWriter<HintRequest>| {
                if let Some(refusal) = asked.hint_refusal(top) {
                    asked.say(refusal);
                } else {
                    hint.write(HintRequest);
                }
            });
            if top {
                hint.insert((far("Hint"), FarControl));
            }
            let mut menu = sized_labelled_button(bar, "hud.menu", 15.0, 6.0, 48.0, ());
            // The menu opens facing whoever opened it: from the far bar, turned to the far player.
            menu.observe(move |_: On<Tap>, mut menu: ResMut<MenuOpen>, mut facing: ResMut<MenuFacesFar>| {
                menu.0 = true;
                facing.set_if_neq(MenuFacesFar(top));
            });
            if top {
                menu.insert((far("Menu"), FarControl));
            }
        });
}

fn spawn_hud(mut commands: Commands) {
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
    // Messages float over the board, clear of the bars, the counts and the holes they talk about (placed
    // by `update_messages`).
    for far in [false, true] {
        commands
            .spawn((
                Name::new(if far { "Messages (far side)" } else { "Messages" }),
                MessageBox { far },
                UiTransform::IDENTITY,
                Node {
                    position_type: PositionType::Absolute,
                    top: px(TOP_BAR * 0.6),
                    width: percent(100),
                    flex_direction: FlexDirection::Column,
                    align_items: AlignItems::Center,
                    row_gap: px(4),
                    display: if far { Display::None } else { Display::Flex },
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
                        max_width: percent(100),
                        border_radius: BorderRadius::all(px(10)),
                        ..default()
                    },
                    BackgroundColor(Color::NONE),
                    Pickable::IGNORE,
                ));
            });
    }
    spawn_game_over(&mut commands);
    spawn_menu(&mut commands);
}

/// A panel over the game (the result, the menu), hidden until it is wanted.
fn panel(name: &'static str) -> impl Bundle {
    (backdrop(name, 0.45, 10), Visibility::Hidden, DespawnOnExit(Screen::Game))
}

fn spawn_game_over(commands: &mut Commands) {
    commands.spawn((panel("Game over"), GameOverPanel)).with_children(|p| {
        p.spawn(card(340.0, 22.0, 14.0, AlignItems::Center)).with_children(|c| {
            c.spawn((PanelText::Title, text("", 30.0, theme::TEXT)));
            c.spawn((
                PanelText::Reason,
                text("", 17.0, theme::TEXT_DIM),
                TextLayout::justify(Justify::Center),
            ));
            c.spawn(Node { column_gap: px(12), ..default() }).with_children(|row| {
                labelled_button(row, "over.play_again", 20.0, ()).observe(play_again);
                // The same menu as the bar's "Menu" (settings, rules, new game, quit to title); closing it
                // comes back to the result.
                labelled_button(row, "hud.menu", 20.0, ()).observe(
                    |_: On<Tap>, mut menu: ResMut<MenuOpen>, mut facing: ResMut<MenuFacesFar>| {
                        menu.0 = true;
                        facing.set_if_neq(MenuFacesFar(false));
                    },
                );
            });
            c.spawn(Node { column_gap: px(12), ..default() }).with_children(|row| {
                labelled_button(row, "moves.title", 18.0, ()).observe(super::review::open_list);
                labelled_button(row, "menu.review", 18.0, ()).observe(
                    |_: On<Tap>, mut review: MessageWriter<super::review::ReviewAt>| {
                        review.write(super::review::ReviewAt(None));
                    },
                );
            });
        });
    });
}

fn spawn_menu(commands: &mut Commands) {
    commands
        .spawn((panel("Button Close the menu"), MenuPanel, Backdrop))
        .observe(|_: On<Tap>, mut menu: ResMut<MenuOpen>| menu.0 = false)
        .with_children(|p| {
            p.spawn((card(340.0, 22.0, 10.0, AlignItems::Stretch), MenuCard, UiTransform::IDENTITY))
                .with_children(|c| {
                    c.spawn((
                        Tr("menu.title"),
                        text("", 28.0, theme::TEXT),
                        Node { align_self: AlignSelf::Center, ..default() },
                    ));
                    c.spawn((
                        Name::new("Menu buttons"),
                        MenuButtons,
                        Node {
                            display: Display::Grid,
                            grid_template_columns: RepeatedGridTrack::flex(1, 1.0),
                            row_gap: px(10),
                            column_gap: px(10),
                            ..default()
                        },
                    ))
                    .with_children(menu_buttons);
                });
        });
}

/// The menu's nine buttons, one under the other (two columns on a short screen: [`fit_menu`]).
fn menu_buttons(c: &mut ChildSpawnerCommands) {
    labelled_button(c, "menu.resume", 20.0, ())
        .observe(|_: On<Tap>, mut menu: ResMut<MenuOpen>| menu.0 = false);
    // The list takes the menu's place: closing it goes back to the game.
    labelled_button(c, "moves.title", 20.0, ()).observe(
        |_: On<Tap>, mut list: ResMut<super::review::MoveListOpen>, mut menu: ResMut<MenuOpen>| {
            list.0 = true;
            menu.0 = false;
        },
    );
    c.spawn(button("Speed", 18.0))
        .with_children(|b| {
            b.spawn((PanelText::Speed, text("", 18.0, theme::TEXT), Pickable::IGNORE));
        })
        .observe(|_: On<Tap>, mut settings: ResMut<Settings>| {
            let i = Speed::ALL.iter().position(|s| *s == settings.speed).unwrap_or(0);
            settings.speed = Speed::ALL[(i + 1) % Speed::ALL.len()];
        });
    c.spawn(button("Sound", 18.0))
        .with_children(|b| {
            b.spawn((PanelText::Sound, text("", 18.0, theme::TEXT), Pickable::IGNORE));
        })
        .observe(|_: On<Tap>, mut settings: ResMut<Settings>| {
            settings.sound = !settings.sound;
        });
    c.spawn((button("Flip", 18.0), FlipButton))
        .with_children(|b| {
            b.spawn((PanelText::Flip, text("", 18.0, theme::TEXT), Pickable::IGNORE));
        })
        .observe(|_: On<Tap>, mut settings: ResMut<Settings>| {
            settings.flip_each_turn = !settings.flip_each_turn;
        });
    c.spawn(button("Language", 18.0))
        .with_children(|b| {
            b.spawn((PanelText::Language, text("", 18.0, theme::TEXT), Pickable::IGNORE));
        })
        .observe(super::language::open_list);
    labelled_button(c, "menu.rules", 20.0, ()).observe(super::tutorial::open_lessons(Screen::Game));
    labelled_button(c, "menu.new_game", 20.0, ()).observe(play_again);
    labelled_button(c, "menu.quit", 20.0, ())
        .observe(|_: On<Tap>, mut next: ResMut<NextState<Screen>>| next.set(Screen::Title));
}

/// A phone held sideways is too short for nine buttons in a column (about 570 pixels with the title):
/// there they go in two columns, on a wider card with less padding, so Resume and Quit stay on screen.
fn fit_menu(
    view: Res<ViewSize>,
    mut cards: Query<&mut Node, (With<MenuCard>, Without<MenuButtons>)>,
    mut grids: Query<&mut Node, (With<MenuButtons>, Without<MenuCard>)>,
    added: Query<(), Added<MenuButtons>>,
) {
    if !view.is_changed() && added.is_empty() {
        return;
    }
    let short = view.0.y < MENU_ONE_COLUMN_HEIGHT;
    for mut card in &mut cards {
        card.width = px(if short { 640.0 } else { 340.0 });
        card.padding = UiRect::all(px(if short { 12.0 } else { 22.0 }));
        card.row_gap = px(if short { 6.0 } else { 10.0 });
    }
    for mut grid in &mut grids {
        grid.grid_template_columns = RepeatedGridTrack::flex(if short { 2 } else { 1 }, 1.0);
        grid.row_gap = px(if short { 6.0 } else { 10.0 });
    }
}

/// Turns the menu's card to the player who opened it, and the move list opened from it. Any other way of
/// opening them (the result's buttons, a screenshot) faces the near player.
fn face_menu(
    menu: Res<MenuOpen>,
    list: Res<super::review::MoveListOpen>,
    mut facing: ResMut<MenuFacesFar>,
    session: Res<Session>,
    settings: Res<Settings>,
    mut cards: Query<&mut UiTransform, Or<(With<MenuCard>, With<super::review::MoveListCard>)>>,
) {
    if !(menu.0 || list.0) || !shared_board(&session, &settings) {
        facing.set_if_neq(MenuFacesFar(false));
    }
    let rotation = if facing.0 { Rot2::radians(PI) } else { Rot2::IDENTITY };
    for mut transform in &mut cards {
        if transform.rotation != rotation {
            transform.rotation = rotation;
        }
    }
}

/// What an Undo or Hint button asks of the game. In hot-seat on a shared board each player has their own
/// Undo, and it takes back only its player's own move: the far player's Undo took back the near player's
/// last move without asking them.
#[derive(bevy::ecs::system::SystemParam)]
struct UndoAsked<'w> {
    session: Res<'w, Session>,
    settings: Res<'w, Settings>,
    layout: Option<Res<'w, BoardLayout>>,
    locale: Res<'w, Locale>,
    toasts: MessageWriter<'w, Toast>,
}

impl UndoAsked<'_> {
    /// The side of the bar at the top (`top`) or bottom, when its player has a bar of their own: on a
    /// shared board. Elsewhere one bar serves whoever holds the device, and nothing is refused.
    fn seat(&self, top: bool) -> Option<Side> {
        let near = self.layout.as_ref()?.near;
        shared_board(&self.session, &self.settings).then_some(if top { near.opponent() } else { near })
    }

    /// Why the Undo of a bar may not take back the last move, if it may not.
    fn refusal(&self, top: bool) -> Option<String> {
        let mine = self.seat(top)?;
        let last = self.session.game.last_move()?;
        (last.side != mine).then(|| {
            let player = words::player_short(&self.locale, &self.session.game.mode, last.side);
            self.locale.f("toast.undo_theirs", &[("player", &player)])
        })
    }

    /// Why the Hint of a bar may not be asked now: a hint is for the player whose turn it is (the far
    /// player's Hint on the near player's turn showed the near player their best move).
    fn hint_refusal(&self, top: bool) -> Option<String> {
        let mine = self.seat(top)?;
        let to_move = self.session.game.position().side_to_move();
        (!self.session.game.status().is_over() && to_move != mine).then(|| {
            let player = words::player_short(&self.locale, &self.session.game.mode, to_move);
            self.locale.f("toast.hint_theirs", &[("player", &player)])
        })
    }

    fn say(mut self, words: String) {
        self.toasts.write(Toast(words));
    }
}

/// A new game in the same mode; against the computer, a new draw if the starter is by lot. A game under
/// way is not thrown away without asking.
fn play_again(
    _: On<Tap>,
    session: Res<Session>,
    settings: Res<Settings>,
    mut new_game: MessageWriter<NewGame>,
    mut pending: ResMut<PendingNewGame>,
    mut menu: ResMut<MenuOpen>,
) {
    menu.0 = false;
    let mode = match session.game.mode {
        Mode::Computer { level, .. } => {
            Mode::Computer { level, human: super::title::human_side(settings.starter) }
        }
        Mode::HotSeat => Mode::HotSeat,
    };
    let unfinished = !session.game.history().is_empty() && !session.game.status().is_over();
    new_game_or_ask(mode, unfinished, &mut pending, &mut new_game);
}

fn undo(
    mut requests: MessageReader<Undo>,
    mut session: ResMut<Session>,
    mut finish: MessageWriter<FinishAnimation>,
    mut reset: MessageWriter<BoardReset>,
    mut toasts: MessageWriter<Toast>,
    mut hint: ResMut<LandingHint>,
    locale: Res<Locale>,
) {
    if requests.read().count() == 0 {
        return;
    }
    let undone = session.game.undo();
    if undone == 0 {
        toasts.write(Toast(locale.t("toast.nothing_to_undo")));
        return;
    }
    session.generation += 1;
    hint.0 = None;
    finish.write(FinishAnimation);
    reset.write(BoardReset);
}

fn redo(
    mut requests: MessageReader<Redo>,
    mut session: ResMut<Session>,
    mut finish: MessageWriter<FinishAnimation>,
    mut reset: MessageWriter<BoardReset>,
    mut hint: ResMut<LandingHint>,
) {
    if requests.read().count() == 0 || !session.game.can_redo() {
        return;
    }
    // The board jumps to the replayed position as it does on undo: these moves were already watched.
    finish.write(FinishAnimation);
    session.game.redo();
    session.generation += 1;
    hint.0 = None;
    reset.write(BoardReset);
}

/// A new tuzdik is told in words once its stones have landed: it changes where stones go for the rest
/// of the game.
fn announce_tuzdik(
    mut played: MessageReader<MovePlayed>,
    session: Res<Session>,
    timeline: Res<Timeline>,
    locale: Res<Locale>,
    mut waiting: Local<Option<(Side, crate::rules::Hole, u64)>>,
    mut toasts: MessageWriter<Toast>,
) {
    for m in played.read() {
        if let Some(hole) = m.outcome.new_tuzdik {
            *waiting = Some((m.outcome.side, hole, session.generation));
        }
    }
    let Some((side, hole, generation)) = *waiting else { return };
    if generation != session.generation {
        // Undone, or the game moved on.
        *waiting = None;
        return;
    }
    if !timeline.running() {
        *waiting = None;
        let key = format!("toast.{}_tuzdik", Who::of(&session.game.mode, side).key_part());
        toasts.write(Toast(locale.f(&key, &[("hole", &hole)])));
    }
}

fn collect_toasts(
    time: Res<Time>,
    mut played: MessageReader<MovePlayed>,
    mut toasts: MessageReader<Toast>,
    mut state: ResMut<ToastState>,
    list: Res<super::review::MoveListOpen>,
) {
    if list.0 {
        // Over the move list the message floats over the panel (`toast`); here it would show through.
        toasts.clear();
        return;
    }
    if played.read().count() > 0 {
        // A move changes the board: what was said about the board before it ("Wait: the computer is
        // thinking", "White's turn", a landing) is stale. What the move itself says comes after.
        state.text.clear();
        state.remaining = 0.0;
    }
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
    locale: Res<Locale>,
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
    mut controls: Query<
        (&mut Node, &mut Visibility, Has<UndoButton>, Has<RedoButton>, Has<HintButton>, Has<FarControl>),
        (With<Button>, Without<PlayerBar>, Without<BarKazan>),
    >,
) {
    let Some(layout) = layout else { return };
    let near = layout.near;
    let side_of = |top: bool| if top { near.opponent() } else { near };
    let mode = session.game.mode;
    let turned = shared_board(&session, &settings);
    let animating = timeline.running();
    let to_move = board_side_to_move(&session, &timeline);
    // The bars are laid out in the layout's pixels; the UI draws in pixels scaled by `UiScale`.
    let scale = layout.text_scale();
    for (bar, mut transform, mut node) in &mut bars {
        let height = px(if bar.top { layout.top_bar } else { layout.bottom_bar } / scale);
        if node.height != height {
            node.height = height;
        }
        let rotated = bar.top && turned;
        let rotation = if rotated { Rot2::radians(PI) } else { Rot2::IDENTITY };
        if transform.rotation != rotation {
            transform.rotation = rotation;
        }
        // Keep the bar's content clear of the status bar, the notch and the gesture bar.
        let (top_pad, bottom_pad) = outer_pads(&safe, bar.top, turned);
        // Two lines (the player over the controls) need the bar's whole height.
        let edge = if bar_in_two_lines(&layout, &safe, bar.top, turned) { 2.0 } else { 6.0 };
        let padding = UiRect {
            left: px(10.0 + safe.left / scale),
            right: px(10.0 + safe.right / scale),
            top: px(edge + top_pad / scale),
            bottom: px(edge + bottom_pad / scale),
        };
        if node.padding != padding {
            node.padding = padding;
        }
    }
    for (name, mut text) in &mut names {
        let value = words::bar_name(&locale, &mode, side_of(name.top));
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
            locale.t("status.sowing")
        } else if to_move == Some(side) {
            if !mode.is_human(side) && thinking.is_thinking() {
                locale.t("status.thinking")
            } else {
                locale.t("status.to_move")
            }
        } else if let Some(o) = last {
            locale.f("status.played", &[("hole", &o.hole)])
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
    for (mut node, mut visibility, undo, redo, hint, far) in &mut controls {
        let display = if (far && !turned)
            || (hint && !mode.landing_hint_allowed())
            || (redo && !session.game.can_redo())
        {
            Display::None
        } else {
            Display::Flex
        };
        if node.display != display {
            node.display = display;
        }
        // Undo keeps its place when there is nothing to undo, so the bar does not jump after the first
        // move.
        if undo {
            // On a shared board a player's Undo shows only while the last move is their own: it takes back
            // nothing else.
            let mine = if far { near.opponent() } else { near };
            let theirs = turned && session.game.last_move().is_some_and(|m| m.side != mine);
            let want =
                if session.game.can_undo() && !theirs { Visibility::Inherited } else { Visibility::Hidden };
            if *visibility != want {
                *visibility = want;
            }
        }
    }
}

/// The system's inset a bar keeps clear of at its own top and bottom edges: the status bar and notch for
/// the top bar, the gesture bar for the bottom one; a bar turned upside down has its outer edge at its
/// own bottom.
fn outer_pads(safe: &SafeArea, top: bool, turned: bool) -> (f32, f32) {
    let outer = if top { safe.top } else { safe.bottom };
    if top && !turned { (outer, 0.0) } else { (0.0, outer) }
}

/// Lays each bar out in one line (controls, player, kazan, controls) or, where that line leaves the player
/// no room, in two: the badge, name and whose turn it is along the bar's inner top, the controls and the
/// kazan under them. Whose turn it is must never be squeezed out (it was, in Russian and Kazakh, on a
/// small phone once Redo showed).
fn fit_bar_lines(
    layout: Option<Res<BoardLayout>>,
    safe: Res<SafeArea>,
    session: Res<Session>,
    settings: Res<Settings>,
    mut bars: Query<(&PlayerBar, &mut Node), (Without<BarInfo>, Without<BarWords>)>,
    mut infos: Query<(&BarInfo, &mut Node), (Without<PlayerBar>, Without<BarWords>)>,
    mut words: Query<(&BarWords, &mut Node), (Without<PlayerBar>, Without<BarInfo>)>,
) {
    let Some(layout) = layout else { return };
    let turned = shared_board(&session, &settings);
    let scale = layout.text_scale();
    let two = |top: bool| bar_in_two_lines(&layout, &safe, top, turned);
    for (bar, mut node) in &mut bars {
        let align = if two(bar.top) { AlignItems::FlexEnd } else { AlignItems::Center };
        if node.align_items != align {
            node.align_items = align;
        }
    }
    for (info, mut node) in &mut infos {
        let (position, top, left, right) = if two(info.top) {
            let (top_pad, _) = outer_pads(&safe, info.top, turned);
            (
                PositionType::Absolute,
                px(2.0 + top_pad / scale),
                px(10.0 + safe.left / scale),
                px(10.0 + safe.right / scale),
            )
        } else {
            (PositionType::Relative, Val::Auto, Val::Auto, Val::Auto)
        };
        if node.position_type != position || node.top != top || node.left != left || node.right != right {
            node.position_type = position;
            node.top = top;
            node.left = left;
            node.right = right;
        }
    }
    for (w, mut node) in &mut words {
        let (direction, align) = if two(w.top) {
            (FlexDirection::Row, AlignItems::Baseline)
        } else {
            (FlexDirection::Column, AlignItems::Stretch)
        };
        if node.flex_direction != direction || node.align_items != align {
            node.flex_direction = direction;
            node.align_items = align;
            node.column_gap = px(8);
        }
    }
}

/// Where a message may sit on an upright phone's board, as shares of the board's height from its bottom,
/// best first: the middle, then away from it; with a finger down, the half away from the finger first, so
/// the hand does not hide the words.
fn message_heights(finger: Option<bool>, far_copy: Option<bool>) -> &'static [f32] {
    match (far_copy, finger) {
        // In hot-seat each player's copy keeps to their own half.
        (Some(false), _) => &[0.3, 0.2, 0.4, 0.12, 0.45],
        (Some(true), _) => &[0.7, 0.8, 0.6, 0.88, 0.55],
        (None, Some(true)) => &[0.7, 0.8, 0.6, 0.88, 0.5, 0.3],
        (None, Some(false)) => &[0.3, 0.2, 0.4, 0.12, 0.5, 0.7],
        (None, None) => &[0.5, 0.35, 0.65, 0.2, 0.8, 0.1, 0.9],
    }
}

/// The holes a message may be about, which it must not hide: the hole under a finger, the hole the
/// landing hint lights, and the tuzdiks.
fn message_subjects(
    layout: &BoardLayout,
    press: &super::input::Press,
    hint: &LandingHint,
    session: &Session,
) -> Vec<Rect> {
    let mut subjects: Vec<Rect> =
        press.down.iter().filter_map(|p| p.hole).map(|(side, hole)| layout.hole(side, hole)).collect();
    if let Some((_, landing)) = hint.0 {
        subjects.push(layout.hole(landing.side, landing.hole));
    }
    for owner in Side::BOTH {
        if let Some(hole) = session.game.position().tuzdik(owner) {
            subjects.push(layout.hole(owner.opponent(), hole));
        }
    }
    subjects
}

/// Places the message boxes between the two rows of counts (never over a bar or a count): on a board
/// lying across, over the kazans; on an upright phone, at the first height of [`message_heights`] where
/// the words cover none of the holes they talk about (the landing hint hid the hole it lit, the tuzdik
/// message the tuzdik). In hot-seat on a shared board both players get the message, each facing them.
#[allow(clippy::type_complexity)]
fn update_messages(
    toast: Res<ToastState>,
    layout: Option<Res<BoardLayout>>,
    ui_scale: Option<Res<UiScale>>,
    press: Res<super::input::Press>,
    hint: Res<LandingHint>,
    session: Res<Session>,
    settings: Res<Settings>,
    mut boxes: Query<(&MessageBox, &mut Node, &mut UiTransform, &ComputedNode), Without<ToastText>>,
    mut toast_text: Query<(&mut Text, &mut BackgroundColor), With<ToastText>>,
) {
    if let Some(layout) = layout {
        // UI lengths are in pixels scaled by UiScale; the layout's are not.
        let scale = ui_scale.map_or(1.0, |s| s.0);
        let inner = layout.board.inflate(-(layout.band + 8.0));
        let board = layout.board;
        let shared = shared_board(&session, &settings);
        let finger_low = press
            .down
            .last()
            .and_then(|p| p.hole)
            .map(|(side, hole)| layout.hole(side, hole).center().y < board.center().y);
        let subjects = message_subjects(&layout, &press, &hint, &session);
        for (message, mut node, mut transform, computed) in &mut boxes {
            let display = if message.far && !shared { Display::None } else { Display::Flex };
            if node.display != display {
                node.display = display;
            }
            // The box's height as last laid out, in the layout's pixels.
            let height = (computed.size().y * computed.inverse_scale_factor()).max(24.0);
            let y = match layout.orientation {
                super::layout::Orientation::Portrait => {
                    let copy = shared.then_some(message.far);
                    let lowest = inner.min.y + height / 2.0;
                    let highest = (inner.max.y - height / 2.0).max(lowest);
                    let at = |share: f32| (board.min.y + board.height() * share).clamp(lowest, highest);
                    let free = |y: f32| {
                        subjects.iter().all(|r| r.max.y < y - height / 2.0 || r.min.y > y + height / 2.0)
                    };
                    let heights = message_heights(finger_low, copy);
                    heights.iter().map(|&f| at(f)).find(|&y| free(y)).unwrap_or_else(|| at(heights[0]))
                }
                // Between the rows lie the kazans; in hot-seat each copy over its player's kazan.
                super::layout::Orientation::Landscape if shared => {
                    let side = if message.far { layout.near.opponent() } else { layout.near };
                    layout.kazan(side).center().y
                }
                super::layout::Orientation::Landscape => board.center().y,
            };
            let left = px((inner.min.x + layout.window.x / 2.0) / scale);
            let width = px(inner.width() / scale);
            let top = px(((layout.window.y / 2.0 - y) - height / 2.0) / scale);
            if node.left != left || node.width != width || node.top != top {
                node.left = left;
                node.width = width;
                node.top = top;
            }
            let rotation = if message.far { Rot2::radians(PI) } else { Rot2::IDENTITY };
            if transform.rotation != rotation {
                transform.rotation = rotation;
            }
        }
    }
    for (mut text, mut bg) in &mut toast_text {
        if text.0 != toast.text {
            text.0 = toast.text.clone();
        }
        // Nearly opaque: stones and hole edges must not show through the words.
        let want = if toast.text.is_empty() { Color::NONE } else { Color::srgba(0.07, 0.045, 0.03, 0.92) };
        if bg.0 != want {
            bg.0 = want;
        }
    }
}

/// The words of a finished game: (title, reason and final score).
pub fn result_text(locale: &Locale, mode: &Mode, status: &Status) -> Option<(String, String)> {
    let Status::Finished(o) = status else { return None };
    let who = |side: Side| Who::of(mode, side).key_part();
    let title = match o.winner {
        None => locale.t("result.draw"),
        Some(w) if Who::of(mode, w) == Who::You => locale.t("result.you_win"),
        Some(w) => locale.t(&format!("result.{}_wins", who(w))),
    };
    let short = |side: Side| words::player_short(locale, mode, side);
    let (a, b) = (short(Side::White), short(Side::Black));
    let reason = match o.reason {
        EndReason::Reached82(side) => locale.t(&format!("result.{}_reached", who(side))),
        EndReason::Draw81 => locale.t("result.draw81"),
        EndReason::NoMoves { stuck, left } => {
            let stuck = locale.t(&format!("result.{}_stuck", who(stuck)));
            let leftover =
                locale.f("result.leftover", &[("a", &a), ("x", &left[0]), ("b", &b), ("y", &left[1])]);
            format!("{stuck} {leftover}")
        }
    };
    let score = locale.f("result.score", &[("a", &a), ("x", &o.score[0]), ("b", &b), ("y", &o.score[1])]);
    Some((title, format!("{reason}\n{score}")))
}

#[allow(clippy::type_complexity, clippy::too_many_arguments)]
fn update_panels(
    locale: Res<Locale>,
    pending: Res<PendingNewGame>,
    mut flip_buttons: Query<&mut Node, With<FlipButton>>,
    language: Res<super::language::LanguageList>,
    moves: Res<super::review::MoveListOpen>,
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
    let result = result_text(&locale, &session.game.mode, &status);
    let on_off = |on: bool| locale.t(if on { "setting.on" } else { "setting.off" });
    for (which, mut text) in &mut texts {
        let value = match which {
            PanelText::Title => result.as_ref().map(|r| r.0.clone()),
            PanelText::Reason => result.as_ref().map(|r| r.1.clone()),
            PanelText::Speed => {
                Some(locale.f("setting.speed", &[("speed", &locale.t(settings.speed.key()))]))
            }
            PanelText::Sound => Some(locale.f("setting.sound", &[("state", &on_off(settings.sound))])),
            PanelText::Flip => {
                Some(locale.f("setting.turn_board", &[("state", &on_off(settings.flip_each_turn))]))
            }
            PanelText::Language => {
                Some(locale.f("menu.language", &[("language", &locale.lang.native_name())]))
            }
        };
        if let Some(value) = value
            && text.0 != value
        {
            text.0 = value;
        }
    }
    let show = |v: bool| if v { Visibility::Visible } else { Visibility::Hidden };
    // A panel over the result (the menu, the move list, the language list, a question) hides it: the
    // result's card and buttons showed as ghosts through the dimmed screen of the panel on top.
    let covered = menu.0 || moves.0 || language.0 || pending.0.is_some();
    for mut v in &mut game_over {
        *v = show(over && !covered);
    }
    for mut v in &mut menu_panel {
        *v = show(menu.0);
    }
    blocked.0 = menu.0 || over || language.0 || moves.0 || pending.0.is_some();
    // Turning the board only means something with two players on the device.
    for mut node in &mut flip_buttons {
        let display = if matches!(session.game.mode, Mode::HotSeat) { Display::Flex } else { Display::None };
        if node.display != display {
            node.display = display;
        }
    }
}
