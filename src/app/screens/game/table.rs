//! What the players say to each other across the table: the pause (the board covered, the clocks
//! stopped, Resume on either seat), an offer (a draw, or in a timed game a takeback) and its answer on the
//! other seat, resigning and offering a draw from the menu; against the computer, a draw offered is
//! answered at once by its judgement of the board (`ai::draw`).
//!
//! Invariants: each of these is a panel of [`Panels`] ([`Panel::Pause`], [`Panel::Offer`], the resign
//! [`Question`]), so the board takes no tap while one is open and Back closes it (a pause resumed, an
//! offer withdrawn); on a board two players share every card that belongs to both seats is drawn twice,
//! one copy facing each, and an offer's Accept and Decline are only on the seat it was made to; an
//! answer is for the game it was asked in: a new board drops it. While a card holds a timed game's
//! clocks the board is hidden under the table's cover, in the game's colours ([`board_hidden`]): a held
//! clock is not free time to study the board. The seats' cards stand side by side on a screen too short
//! for one above the other (a phone on its side), so each seat's buttons stay on the screen.

use std::f32::consts::PI;

use bevy::prelude::*;

use crate::ai::draw::accepts_draw;
use crate::app::board::layout::BoardLayout;
use crate::app::board::view::shared_board;
use crate::app::i18n::locale::Locale;
use crate::app::i18n::words::player_short;
use crate::app::screens::game::messages::SeatToast;
use crate::app::state::clock::{Answer, ClockTime, GameClock, Offer, clock_text};
use crate::app::state::messages::{Toast, Undo};
use crate::app::state::panels::{Panel, Panels, Question, board_hidden};
use crate::app::state::screen::{Frame, Screen};
use crate::app::state::session::{BoardOwner, EndGame, Moves, Session};
use crate::app::state::settings::Settings;
use crate::app::state::view::ViewSize;
use crate::app::ui::theme;
use crate::app::ui::theme::DisplayFace;
use crate::app::ui::widgets::{
    SeatCard, Tap, TapBarrier, card, labelled, on_tap, screen_cover, shaped_labelled, text,
};
use crate::game::{Ending, Mode};
use crate::rules::Side;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            (answer_offers, close_when_over).chain().in_set(Frame::Rules).after(Moves),
            (show_table_panels, show_table_buttons, show_board_cover).in_set(Frame::View),
        )
            .run_if(in_state(Screen::Game)),
    )
    .add_systems(OnEnter(Screen::Game), spawn_board_cover)
    .add_systems(
        OnExit(Screen::Game),
        |roots: Query<Entity, With<TableRoot>>, mut commands: Commands| {
            for root in &roots {
                commands.entity(root).despawn();
            }
        },
    );
}

/// The pause's cover or an offer's backdrop, with its cards.
#[derive(Component)]
struct TableRoot;

/// What hides the board while a card holds a timed game's clocks: the game's own dark brown, under the
/// cards (the menu's backdrop is at 10), over the board and its bars.
#[derive(Component)]
struct BoardCover;

/// A screen shorter than this (in UI pixels) puts the seats' two cards side by side: one above the other
/// ran off a phone on its side (the near seat's Resume at y = 412 on a 390-high screen).
const SEATS_SIDE_BY_SIDE_BELOW: f32 = 560.0;

fn spawn_board_cover(mut commands: Commands) {
    commands.spawn((
        screen_cover("Board cover", theme::BACKGROUND, 9),
        BoardCover,
        Pickable::IGNORE,
        Visibility::Hidden,
        DespawnOnExit(Screen::Game),
    ));
}

/// Shows the cover while [`board_hidden`] says the board must be.
fn show_board_cover(
    panels: Res<Panels>,
    session: Res<Session>,
    clock: Res<GameClock>,
    mut covers: Query<&mut Visibility, With<BoardCover>>,
) {
    let game = &session.game;
    let hidden =
        session.owner == BoardOwner::Game && board_hidden(&panels, clock.of(game.id), game.is_over());
    let want = if hidden { Visibility::Inherited } else { Visibility::Hidden };
    for mut visibility in &mut covers {
        visibility.set_if_neq(want);
    }
}

/// The seat the menu serves: the far seat's when it was opened from the far bar on a shared board, else
/// the near one's (against the computer, the person's).
pub(crate) fn menu_seat(session: &Session, layout: Option<&BoardLayout>, panels: &Panels) -> Side {
    if let Mode::Computer { human, .. } = session.game.mode {
        return human;
    }
    let near = layout.map_or(session.game.position().side_to_move(), |l| l.near);
    if panels.faces_far { near.opponent() } else { near }
}

/// The menu's Resign and Offer a draw, shown while a game is being played.
#[derive(Component, Copy, Clone)]
pub(crate) struct TableButton;

/// The menu's two buttons for the table: resign (asked once) and offer a draw.
pub(crate) fn resign_button(font: f32, node: Node) -> impl Bundle {
    (
        shaped_labelled("table.resign", font, node),
        TableButton,
        on_tap(
            |_: On<Tap>,
             session: Res<Session>,
             layout: Option<Res<BoardLayout>>,
             mut panels: ResMut<Panels>| {
                let seat = menu_seat(&session, layout.as_deref(), &panels);
                // In the menu's place, facing the same seat: Keep playing comes back to the game.
                panels.replace_top(Panel::Question(Question::Resign(seat)));
            },
        ),
    )
}

/// The menu's Offer a draw: to the other seat, or against the computer answered at once.
pub(crate) fn draw_button(font: f32, node: Node) -> impl Bundle {
    (
        shaped_labelled("table.offer_draw", font, node),
        TableButton,
        on_tap(
            |_: On<Tap>,
             session: Res<Session>,
             layout: Option<Res<BoardLayout>>,
             locale: Res<Locale>,
             mut panels: ResMut<Panels>,
             mut end: MessageWriter<EndGame>,
             mut toasts: MessageWriter<Toast>| {
                let seat = menu_seat(&session, layout.as_deref(), &panels);
                match session.game.mode {
                    Mode::Computer { human, .. } => {
                        panels.clear();
                        if accepts_draw(session.game.position(), human.opponent()) {
                            end.write(EndGame { ending: Ending::Agreed, generation: session.generation });
                        } else {
                            toasts.write(Toast(locale.t("table.computer_declines")));
                        }
                    }
                    Mode::HotSeat => panels.replace_top(Panel::Offer(Offer::Draw { from: seat })),
                }
            },
        ),
    )
}

/// Shows Resign and Offer a draw only while the game on the board is being played.
fn show_table_buttons(session: Res<Session>, mut buttons: Query<&mut Node, With<TableButton>>) {
    let playing = session.owner == BoardOwner::Game && !session.game.is_over();
    let display = if playing { Display::Flex } else { Display::None };
    for mut node in &mut buttons {
        if node.display != display {
            node.display = display;
        }
    }
}

/// Draws the pause or the offer on top, for the seats it belongs to.
fn show_table_panels(
    panels: Res<Panels>,
    session: Res<Session>,
    settings: Res<Settings>,
    locale: Res<Locale>,
    layout: Option<Res<BoardLayout>>,
    clock: Res<GameClock>,
    time: ClockTime,
    view: Res<ViewSize>,
    roots: Query<Entity, With<TableRoot>>,
    mut commands: Commands,
) {
    if !panels.is_changed() && !locale.is_changed() && !view.is_changed() {
        return;
    }
    let side_by_side = view.0.y < SEATS_SIDE_BY_SIDE_BELOW;
    for root in &roots {
        commands.entity(root).despawn();
    }
    let shared = shared_board(&session, &settings);
    let near = layout.as_ref().map_or(Side::White, |l| l.near);
    let mode = session.game.mode;
    let name = |side: Side| player_short(&locale, &mode, side);
    match panels.top() {
        Some(Panel::Pause) => {
            let now = time.now();
            let times = clock.of(session.game.id).map_or_else(String::new, |c| {
                let time_of =
                    |side: Side| format!("{}\u{a0}{}", name(side), clock_text(c.remaining(side, now)));
                format!("{} · {}", time_of(Side::White), time_of(Side::Black))
            });
            let turned: Vec<bool> = if shared { vec![true, false] } else { vec![false] };
            let cards: Vec<_> = turned
                .into_iter()
                .map(|turned| {
                    pause_card(turned, locale.t("pause.title"), locale.t("pause.said"), times.clone())
                })
                .collect();
            commands.spawn((
                cover("Pause", theme::BACKGROUND),
                TableRoot,
                children![(seats(side_by_side), Children::spawn(SpawnIter(cards.into_iter())))],
            ));
        }
        Some(Panel::Offer(offer)) => {
            let from = offer.from();
            let to = from.opponent();
            // An offer is made only between two players (the computer answers at once): White and Black.
            let asked = match offer {
                Offer::Draw { .. } => locale.t(&format!("table.draw_offered_{}", from.name())),
                Offer::Takeback { .. } => locale.t(&format!("table.takeback_asked_{}", from.name())),
            };
            let waiting = locale.t(&format!("table.waiting_{}", to.name()));
            // The card with Accept and Decline faces the seat the offer was made to; on a shared board the
            // asker's seat has its own card, to withdraw it.
            let faces_far = |side: Side| shared && side != near;
            let answer_far = faces_far(to);
            commands.spawn((cover("Offer", Color::srgba(0.0, 0.0, 0.0, 0.55)), TableRoot)).with_children(
                |root| {
                    // The seats' cards in the order the seats sit: the far seat's first.
                    root.spawn(seats(side_by_side)).with_children(|column| {
                        if answer_far {
                            column.spawn(offer_card(offer, true, asked.clone()));
                        }
                        if shared {
                            column.spawn(waiting_card(faces_far(from), waiting));
                        }
                        if !answer_far {
                            column.spawn(offer_card(offer, false, asked));
                        }
                    });
                },
            );
        }
        _ => {}
    }
}

/// The screen under a table's cards, in `color`: the game's opaque brown hides the board (the pause: no
/// one studies it, and a pure black one looked like a broken screen). Taps on it do nothing: an offer
/// waits for its answer, a pause for Resume.
fn cover(name: &'static str, color: Color) -> impl Bundle {
    (screen_cover(name, color, 30), TapBarrier, DespawnOnExit(Screen::Game))
}

/// The seats' cards, far seat's first, spread along the screen: one above the other, or side by side
/// (the far seat's on the left) on a short screen.
fn seats(side_by_side: bool) -> impl Bundle {
    (
        Name::new("Seats"),
        Node {
            flex_direction: if side_by_side { FlexDirection::Row } else { FlexDirection::Column },
            align_items: AlignItems::Center,
            justify_content: JustifyContent::SpaceEvenly,
            height: percent(100),
            width: percent(100),
            ..default()
        },
        Pickable::IGNORE,
    )
}

/// A card turned to the far seat when `turned`.
fn seat_card(turned: bool, name: &'static str) -> impl Bundle {
    (
        Name::new(if turned { format!("{name} (far seat)") } else { name.to_string() }),
        card(340.0, 20.0, 12.0, AlignItems::Center),
        SeatCard,
        UiTransform { rotation: Rot2::radians(if turned { PI } else { 0.0 }), ..UiTransform::IDENTITY },
    )
}

fn pause_card(turned: bool, title: String, said: String, times: String) -> impl Bundle {
    (
        seat_card(turned, "Paused"),
        children![
            (DisplayFace, text(title, 30.0, theme::TEXT), TextLayout::justify(Justify::Center), stretched()),
            (text(said, 16.0, theme::TEXT_DIM), TextLayout::justify(Justify::Center), stretched()),
            (text(times, 20.0, theme::TEXT), TextLayout::justify(Justify::Center), stretched()),
            (
                labelled("pause.resume", 22.0),
                on_tap(|_: On<Tap>, mut panels: ResMut<Panels>| panels.close(|p| *p == Panel::Pause)),
            ),
        ],
    )
}

fn offer_card(offer: Offer, turned: bool, asked: String) -> impl Bundle {
    let answer = move |accepted: bool| {
        on_tap(move |_: On<Tap>, mut answers: MessageWriter<Answer>| {
            answers.write(Answer { offer, accepted });
        })
    };
    (
        seat_card(turned, "Offer"),
        children![
            (text(asked, 20.0, theme::TEXT), TextLayout::justify(Justify::Center), stretched()),
            (
                Node { column_gap: px(12), ..default() },
                children![
                    (labelled("table.accept", 20.0), answer(true)),
                    (labelled("table.decline", 20.0), answer(false)),
                ],
            ),
        ],
    )
}

fn waiting_card(turned: bool, waiting: String) -> impl Bundle {
    (
        seat_card(turned, "Offer waiting"),
        children![
            (text(waiting, 17.0, theme::TEXT_DIM), TextLayout::justify(Justify::Center), stretched()),
            (
                labelled("table.withdraw", 18.0),
                on_tap(|_: On<Tap>, mut panels: ResMut<Panels>| {
                    panels.close(|p| matches!(p, Panel::Offer(_)));
                }),
            ),
        ],
    )
}

/// An offer answered: accepted, the draw is agreed or the move taken back; declined, the asker is told.
fn answer_offers(
    mut answers: MessageReader<Answer>,
    session: Res<Session>,
    settings: Res<Settings>,
    layout: Option<Res<BoardLayout>>,
    locale: Res<Locale>,
    mut panels: ResMut<Panels>,
    mut end: MessageWriter<EndGame>,
    mut undo: MessageWriter<Undo>,
    mut told: MessageWriter<SeatToast>,
) {
    for &Answer { offer, accepted } in answers.read() {
        if panels.top() != Some(Panel::Offer(offer)) {
            continue;
        }
        panels.close(|p| matches!(p, Panel::Offer(_)));
        let from = offer.from();
        match (offer, accepted) {
            (Offer::Draw { .. }, true) => {
                end.write(EndGame { ending: Ending::Agreed, generation: session.generation });
            }
            (Offer::Takeback { .. }, true) => {
                undo.write(Undo);
            }
            (_, false) => {
                let other = from.opponent();
                let words = locale.t(&match offer {
                    Offer::Draw { .. } => format!("table.draw_declined_{}", other.name()),
                    Offer::Takeback { .. } => format!("table.takeback_declined_{}", other.name()),
                });
                // Said to the asker: in their bar's half on a shared board.
                let far = shared_board(&session, &settings)
                    .then(|| layout.as_ref().is_some_and(|l| l.near != from));
                told.write(SeatToast { far, words });
            }
        }
    }
}

/// A game that ended (a flag, the last move, a resignation) has nothing left to pause or offer: the pause
/// and an offer close with it, and the result shows.
fn close_when_over(session: Res<Session>, mut panels: ResMut<Panels>) {
    let open = panels.has(|p| matches!(p, Panel::Pause | Panel::Offer(_)));
    if open && session.owner == BoardOwner::Game && session.game.is_over() {
        panels.close(|p| matches!(p, Panel::Pause | Panel::Offer(_)));
    }
}

/// A card's words, measured at the card's width (measured on one line, then wrapped, they ran out of it).
fn stretched() -> Node {
    Node { align_self: AlignSelf::Stretch, ..default() }
}
