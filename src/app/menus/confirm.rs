//! "Start a new game? The unfinished one will be lost." A new game replaces the saved one, so starting one
//! while a game is under way (from the title, from the menu, or "Play from here" in review) asks first;
//! so does leaving a puzzle after a wrong move, which then counts as missed, and resigning ("Resign? White
//! wins."). On a board two players share, the new-game question is drawn for both seats, one copy facing
//! each; a resignation's faces the seat that resigns.
//! The question is a panel of [`Panels`] ([`Panel::Question`]): it takes the place of the sheet or menu it
//! was asked from, and dropping it ("Keep playing", a tap beside it, Back) shows that panel again.

use bevy::prelude::*;

use crate::game::Mode;

use crate::app::board::view::shared_board;
use crate::app::i18n::locale::Locale;
use crate::app::i18n::words::Who;
use crate::app::state::messages::PlayFromHere;
use crate::app::state::panels::{Panel, Panels, Question};
use crate::app::state::screen::Screen;
use crate::app::state::session::{EndGame, NewGame, Session};
use crate::app::state::settings::Settings;
use crate::app::ui::theme;
use crate::app::ui::widgets::{SeatCard, Tap, TapAction, card, labelled, on_tap, panel_backdrop, text};
use crate::game::Ending;
use std::f32::consts::PI;

#[derive(Component)]
struct ConfirmRoot;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Update, show_question);
}

/// Starts `mode` at once when nothing would be lost (`unfinished` is false), or asks first.
pub fn new_game_or_ask(
    mode: Mode,
    unfinished: bool,
    panels: &mut Panels,
    new_game: &mut MessageWriter<NewGame>,
) {
    if unfinished {
        panels.open(Panel::Question(Question::NewGame(mode)));
    } else {
        new_game.write(NewGame(mode));
    }
}

/// The question asked, while it is the panel on top.
fn question_on_top(panels: &Panels) -> Option<Question> {
    match panels.top() {
        Some(Panel::Question(question)) => Some(question),
        _ => None,
    }
}

fn show_question(
    panels: Res<Panels>,
    roots: Query<Entity, With<ConfirmRoot>>,
    session: Res<Session>,
    settings: Res<Settings>,
    locale: Res<Locale>,
    screen: Res<State<Screen>>,
    mut commands: Commands,
) {
    if !panels.is_changed() && !locale.is_changed() {
        return;
    }
    for root in &roots {
        commands.entity(root).despawn();
    }
    let Some(question) = question_on_top(&panels) else { return };
    let (asked, keep, start) = match question {
        Question::PlayFromHere => ("confirm.play_from", "confirm.stay", "review.play_here"),
        Question::NewGame(_) => ("confirm.question", "confirm.cancel", "confirm.start"),
        Question::LeavePuzzle(_) => ("confirm.leave_puzzle", "confirm.keep_solving", "confirm.leave"),
        Question::Resign(_) => ("confirm.resign_white", "confirm.cancel", "confirm.resign_yes"),
    };
    let asked = match question {
        // "Resign? White wins.": the winner named, so no one resigns the wrong seat's game.
        Question::Resign(side) => {
            locale.t(&format!("confirm.resign_{}", Who::of(&session.game.mode, side.opponent()).key_part()))
        }
        _ => locale.t(asked),
    };
    // A question belongs to whoever asked it: on a board two players share, a new game is both players'
    // question (a copy faces each seat, either may answer); a resignation is the resigner's alone, facing
    // them. Asked from the title, where nobody sits at the board yet, it is one card facing the screen's
    // reader (a saved two-player game drew a second, upside-down copy over the title's buttons).
    let shared = shared_board(&session, &settings) && *screen.get() != Screen::Title;
    let seats: Vec<bool> = match question {
        Question::Resign(_) => vec![shared && panels.faces_far],
        Question::NewGame(_) if shared => vec![true, false],
        _ => vec![false],
    };
    let card_of = |turned: bool| {
        (
            Name::new(if turned { "Question (far seat)" } else { "Question" }),
            card(320.0, 20.0, 14.0, AlignItems::Center),
            SeatCard,
            UiTransform { rotation: Rot2::radians(if turned { PI } else { 0.0 }), ..UiTransform::IDENTITY },
            children![
                (
                    text(asked.clone(), 19.0, theme::TEXT),
                    TextLayout::justify(Justify::Center),
                    // Measured at the card's width: words measured on one line, then wrapped, ran out of
                    // the card.
                    Node { align_self: AlignSelf::Stretch, ..default() },
                ),
                // Keeping the game comes first: the other button loses it.
                (
                    labelled(keep, 20.0),
                    on_tap(|_: On<Tap>, mut panels: ResMut<Panels>| {
                        panels.close(|p| matches!(p, Panel::Question(_)));
                    })
                ),
                (labelled(start, 20.0), answer_yes(question)),
            ],
        )
    };
    let cards: Vec<_> = seats.into_iter().map(card_of).collect();
    commands.spawn((
        panel_backdrop("Button Close the question", 40),
        ConfirmRoot,
        children![(
            Name::new("Question seats"),
            Node {
                // The screen's width, so that a card's `max_width` (a share of it) is known before the
                // card is measured: a column as wide as its card made that share circular, and the card,
                // measured at its full width and then drawn narrower, wrapped its words onto a line more
                // than it had room for (the last button stood on the card's bottom edge).
                width: percent(100),
                flex_direction: FlexDirection::Column,
                align_items: AlignItems::Center,
                row_gap: px(48),
                ..default()
            },
            Children::spawn(SpawnIter(cards.into_iter())),
        )],
    ));
}

/// What the question's "yes" does: the question and what it was asked from give way to what it asked.
fn answer_yes(question: Question) -> TapAction {
    on_tap(
        move |_: On<Tap>,
              mut panels: ResMut<Panels>,
              mut new_game: MessageWriter<NewGame>,
              mut play: MessageWriter<PlayFromHere>,
              mut next: ResMut<NextState<Screen>>,
              session: Res<Session>,
              mut end: MessageWriter<EndGame>| {
            panels.clear();
            match question {
                Question::PlayFromHere => {
                    play.write(PlayFromHere);
                }
                Question::NewGame(mode) => {
                    new_game.write(NewGame(mode));
                }
                Question::LeavePuzzle(to) => next.set(to),
                Question::Resign(side) => {
                    end.write(EndGame { ending: Ending::Resigned(side), generation: session.generation });
                }
            }
        },
    )
}
