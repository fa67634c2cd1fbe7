//! "Start a new game? The unfinished one will be lost." A new game replaces the saved one, so starting one
//! while a game is under way (from the title, from the menu, or "Play from here" in review) asks first;
//! so does leaving a puzzle after a wrong move, which then counts as missed.
//! The question is a panel of [`Panels`] ([`Panel::Question`]): it takes the place of the sheet or menu it
//! was asked from, and dropping it ("Keep playing", a tap beside it, Back) shows that panel again.

use bevy::prelude::*;

use crate::game::Mode;

use crate::app::i18n::locale::Tr;
use crate::app::state::messages::PlayFromHere;
use crate::app::state::panels::{Panel, Panels, Question};
use crate::app::state::screen::Screen;
use crate::app::state::session::NewGame;
use crate::app::ui::theme;
use crate::app::ui::widgets::{Tap, card, labelled, on_tap, panel_backdrop, text};

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

fn show_question(panels: Res<Panels>, roots: Query<Entity, With<ConfirmRoot>>, mut commands: Commands) {
    if !panels.is_changed() {
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
    };
    commands.spawn((
        panel_backdrop("Button Close the question", 40),
        ConfirmRoot,
        children![(
            Name::new("Question"),
            card(320.0, 20.0, 14.0, AlignItems::Center),
            children![
                (Tr(asked), text("", 19.0, theme::TEXT), TextLayout::justify(Justify::Center)),
                // Keeping the game comes first: the other button loses it.
                (
                    labelled(keep, 20.0),
                    on_tap(|_: On<Tap>, mut panels: ResMut<Panels>| {
                        panels.close(|p| matches!(p, Panel::Question(_)));
                    })
                ),
                (
                    labelled(start, 20.0),
                    on_tap(
                        move |_: On<Tap>,
                              mut panels: ResMut<Panels>,
                              mut new_game: MessageWriter<NewGame>,
                              mut play: MessageWriter<PlayFromHere>,
                              mut next: ResMut<NextState<Screen>>| {
                            // Answered: the question and what it was asked from give way to the game.
                            panels.clear();
                            match question {
                                Question::PlayFromHere => {
                                    play.write(PlayFromHere);
                                }
                                Question::NewGame(mode) => {
                                    new_game.write(NewGame(mode));
                                }
                                Question::LeavePuzzle(to) => next.set(to),
                            }
                        }
                    )
                ),
            ],
        )],
    ));
}
