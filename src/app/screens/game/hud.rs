//! The game screen's HUD around the board, and the order it is kept in each frame: the bars (`bars`),
//! the messages (`messages`), the menu (`menu`), and here the game-over panel and what Undo, Redo and
//! "Play again" do. In hot-seat on a tablet the far player's bar and panels are turned to face them.

use bevy::prelude::*;

use crate::game::Mode;

use crate::app::board::layout::TOP_BAR;
use crate::app::board::sowing::FinishAnimation;
use crate::app::board::sowing::Timeline;
use crate::app::board::view::shared_board;
use crate::app::i18n::locale::Locale;
use crate::app::i18n::words::game_result_text;
use crate::app::screens::game::bars::Redo;
use crate::app::screens::game::bars::Undo;
use crate::app::screens::game::bars::bottom_bar;
use crate::app::screens::game::bars::fit_bar_lines;
use crate::app::screens::game::bars::top_bar;
use crate::app::screens::game::bars::update_bars;
use crate::app::screens::game::menu::FlipButton;
use crate::app::screens::game::menu::MenuPanel;
use crate::app::screens::game::menu::PanelText;
use crate::app::screens::game::menu::face_menu;
use crate::app::screens::game::menu::fit_menu;
use crate::app::screens::game::menu::name_resume;
use crate::app::screens::game::menu::open_menu;
use crate::app::screens::game::menu::panel;
use crate::app::screens::game::menu::play_again;
use crate::app::screens::game::menu::spawn_menu;
use crate::app::screens::game::messages::MessageBox;
use crate::app::screens::game::messages::SeatToast;
use crate::app::screens::game::messages::ToastState;
use crate::app::screens::game::messages::ToastText;
use crate::app::screens::game::messages::announce_lot;
use crate::app::screens::game::messages::announce_tuzdik;
use crate::app::screens::game::messages::collect_toasts;
use crate::app::screens::game::messages::update_messages;
use crate::app::screens::game::next_level::{next_level_button, update_next_level};
use crate::app::screens::game::result::{ResultMoment, fly_sparks, tell_result};
use crate::app::screens::review::move_list::open_list;
use crate::app::screens::review::shown::ReviewAt;
use crate::app::state::clock::{ClockTime, GameClock};
use crate::app::state::messages::Toast;
use crate::app::state::panels::{Panel, Panels};
use crate::app::state::screen::Frame;
use crate::app::state::screen::Screen;
use crate::app::state::session::{Session, SessionControl};
use crate::app::state::settings::Settings;
use crate::app::ui::theme;
use crate::app::ui::theme::DisplayFace;
use crate::app::ui::widgets::{FarSeatCopy, Tap, card, labelled, on_tap, text};

#[derive(Component)]
struct GameOverPanel;

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<Undo>()
        .add_message::<Redo>()
        .add_message::<SeatToast>()
        .init_resource::<ToastState>()
        .init_resource::<ResultMoment>()
        .add_systems(OnEnter(Screen::Game), spawn_hud)
        .add_systems(OnExit(Screen::Game), |mut r: ResMut<ResultMoment>| *r = ResultMoment::default())
        .add_systems(Update, (undo, redo).chain().in_set(Frame::Rules).run_if(in_state(Screen::Game)))
        // On every screen: the new game is asked for on the title.
        .add_systems(Update, announce_lot.in_set(Frame::View).before(collect_toasts))
        .add_systems(
            Update,
            (
                announce_tuzdik,
                collect_toasts,
                update_bars,
                fit_bar_lines,
                update_messages,
                tell_result,
                fly_sparks,
                update_panels,
                update_next_level,
                fit_menu,
                face_menu,
                name_resume,
            )
                .chain()
                .in_set(Frame::View)
                .run_if(in_state(Screen::Game)),
        );
}

fn spawn_hud(mut commands: Commands) {
    commands.spawn((
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
        children![top_bar(), (Node { flex_grow: 1.0, ..default() }, Pickable::IGNORE), bottom_bar()],
    ));
    // Messages float over the board, clear of the bars, the counts and the holes they talk about (placed
    // by `update_messages`).
    for far in [false, true] {
        commands.spawn((
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
            children![(
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
            )],
        ));
    }
    spawn_game_over(&mut commands);
    spawn_menu(&mut commands);
}

/// The result's panel. On a board two players share, a copy of its words faces the far seat (at the top,
/// turned), so the player across the table reads who won and how without walking round; the buttons stay
/// with the near copy, whichever seat taps them.
fn spawn_game_over(commands: &mut Commands) {
    let words = |size: f32| {
        (
            (
                PanelText::Title,
                DisplayFace,
                text("", size * 30.0, theme::TEXT),
                TextLayout::justify(Justify::Center),
            ),
            (PanelText::Reason, text("", size * 17.0, theme::TEXT_DIM), TextLayout::justify(Justify::Center)),
        )
    };
    let (far_title, far_reason) = words(0.9);
    let (title, reason) = words(1.0);
    commands.spawn((
        panel("Game over"),
        GameOverPanel,
        children![(
            Node {
                width: percent(100),
                height: percent(100),
                flex_direction: FlexDirection::Column,
                justify_content: JustifyContent::SpaceEvenly,
                align_items: AlignItems::Center,
                ..default()
            },
            children![
                (
                    FarSeatCopy,
                    Name::new("Game over (far seat)"),
                    card(340.0, 18.0, 10.0, AlignItems::Center),
                    UiTransform { rotation: Rot2::radians(std::f32::consts::PI), ..UiTransform::IDENTITY },
                    children![far_title, far_reason],
                ),
                (
                    card(340.0, 22.0, 14.0, AlignItems::Center),
                    children![
                        title,
                        reason,
                        (
                            Node { column_gap: px(12), ..default() },
                            children![
                                (labelled("over.play_again", 20.0), on_tap(play_again)),
                                // The same menu as the bar's "Menu" (settings, rules, new game, quit to
                                // title); closing it comes back to the result.
                                (
                                    labelled("hud.menu", 20.0),
                                    on_tap(|_: On<Tap>, mut panels: ResMut<Panels>| {
                                        open_menu(&mut panels, false)
                                    }),
                                ),
                            ],
                        ),
                        next_level_button(),
                        (
                            Node { column_gap: px(12), ..default() },
                            children![
                                (labelled("moves.title", 18.0), on_tap(open_list)),
                                (
                                    labelled("menu.review", 18.0),
                                    on_tap(|_: On<Tap>, mut review: MessageWriter<ReviewAt>| {
                                        review.write(ReviewAt(None));
                                    }),
                                ),
                            ],
                        ),
                    ],
                ),
            ],
        )],
    ));
}

fn undo(
    mut requests: MessageReader<Undo>,
    mut board: SessionControl,
    mut finish: MessageWriter<FinishAnimation>,
    mut toasts: MessageWriter<Toast>,
    locale: Res<Locale>,
    (mut clock, time): (ResMut<GameClock>, ClockTime),
) {
    if requests.read().count() == 0 {
        return;
    }
    let mut undone = 0;
    if !board.change(|game| {
        undone = game.undo();
        undone > 0
    }) {
        toasts.write(Toast(locale.t("toast.nothing_to_undo")));
        return;
    }
    // A timed game's takeback gives back no time spent and keeps no increment the undone moves earned:
    // the turn passes to the side now to move.
    let to_move = board.get().game.position().side_to_move();
    if let Some(c) = clock.of_mut(board.get().game.id) {
        let _ = c.take_back(undone, to_move, time.now());
    }
    finish.write(FinishAnimation);
}

fn redo(
    mut requests: MessageReader<Redo>,
    mut board: SessionControl,
    mut finish: MessageWriter<FinishAnimation>,
) {
    if requests.read().count() == 0 || !board.get().game.can_redo() {
        return;
    }
    // The board jumps to the replayed position as it does on undo: these moves were already watched.
    finish.write(FinishAnimation);
    board.change(|game| {
        game.redo();
        true
    });
}

fn update_panels(
    locale: Res<Locale>,
    panels: Res<Panels>,
    mut flip_buttons: Query<&mut Node, (With<FlipButton>, Without<FarSeatCopy>)>,
    session: Res<Session>,
    timeline: Res<Timeline>,
    moment: Res<ResultMoment>,
    mut game_over: Query<&mut Visibility, (With<GameOverPanel>, Without<MenuPanel>)>,
    mut menu_panel: Query<&mut Visibility, (With<MenuPanel>, Without<GameOverPanel>)>,
    mut texts: Query<(&PanelText, &mut Text)>,
    settings: Res<Settings>,
    mut far_copies: Query<&mut Node, (With<FarSeatCopy>, Without<FlipButton>)>,
) {
    let display = if shared_board(&session, &settings) { Display::Flex } else { Display::None };
    for mut node in &mut far_copies {
        if node.display != display {
            node.display = display;
        }
    }
    // The game is over once its last move has landed; the result's panel waits for the result's moment.
    let ended = session.game.is_over() && !timeline.running();
    let over = ended && !moment.holding();
    let result = game_result_text(&locale, &session.game);
    for (which, mut text) in &mut texts {
        let value = match which {
            PanelText::Title => result.as_ref().map(|r| r.0.clone()),
            PanelText::Reason => result.as_ref().map(|r| r.1.clone()),
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
    for mut v in &mut game_over {
        v.set_if_neq(show(over && !panels.any()));
    }
    for mut v in &mut menu_panel {
        v.set_if_neq(show(panels.top() == Some(Panel::Menu)));
    }
    // Turning the board only means something with two players on the device.
    for mut node in &mut flip_buttons {
        let display = if matches!(session.game.mode, Mode::HotSeat) { Display::Flex } else { Display::None };
        if node.display != display {
            node.display = display;
        }
    }
}
