//! The start screen: play against the computer (Easy, Medium, Hard; who starts: me, the computer, or by
//! lot), or hot-seat for two, with the option to turn the board each turn for a phone passed around.

use bevy::prelude::*;
use rand::Rng;

use crate::ai::Level;
use crate::game::Mode;
use crate::rules::Side;

use super::hud::{Selected, button, button_colors, labelled_button, text};
use super::persistence::{SaveNotice, SavedGame};
use super::theme;
use super::{NewGame, Screen, Settings, Speed, Starter};

#[derive(Component, Copy, Clone, PartialEq, Eq)]
enum Choice {
    Level(Level),
    Starter(Starter),
    Speed(Speed),
}

#[derive(Component)]
struct FlipToggleText;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Title), spawn_title).add_systems(
        Update,
        (mark_selected, button_colors, flip_text).chain().run_if(in_state(Screen::Title)),
    );
}

/// The person's side for a new game against the computer.
pub fn human_side(starter: Starter, previous: Side) -> Side {
    let _ = previous;
    match starter {
        Starter::Me => Side::White,
        Starter::Computer => Side::Black,
        Starter::ByLot => {
            if rand::rng().random_bool(0.5) {
                Side::White
            } else {
                Side::Black
            }
        }
    }
}

fn choice_button(parent: &mut ChildSpawnerCommands, label: &str, choice: Choice) {
    labelled_button(parent, label, 18.0, choice).observe(
        move |_: On<Pointer<Click>>, mut settings: ResMut<Settings>| match choice {
            Choice::Level(l) => settings.level = l,
            Choice::Starter(s) => settings.starter = s,
            Choice::Speed(s) => settings.speed = s,
        },
    );
}

fn row(parent: &mut ChildSpawnerCommands, build: impl FnOnce(&mut ChildSpawnerCommands)) {
    parent
        .spawn(Node {
            column_gap: px(8),
            flex_wrap: FlexWrap::Wrap,
            justify_content: JustifyContent::Center,
            ..default()
        })
        .with_children(build);
}

fn heading(parent: &mut ChildSpawnerCommands, value: &str) {
    parent.spawn((text(value, 16.0, theme::TEXT_DIM), Node { margin: UiRect::top(px(10)), ..default() }));
}

fn spawn_title(mut commands: Commands, saved: Option<Res<SavedGame>>, notice: Option<Res<SaveNotice>>) {
    commands
        .spawn((
            Name::new("Title screen"),
            Node {
                width: percent(100),
                height: percent(100),
                flex_direction: FlexDirection::Column,
                align_items: AlignItems::Center,
                justify_content: JustifyContent::Center,
                row_gap: px(8),
                padding: UiRect::all(px(16)),
                ..default()
            },
            BackgroundColor(theme::BACKGROUND),
            DespawnOnExit(Screen::Title),
        ))
        .with_children(|page| {
            page.spawn(text("Toguz Korgool", 40.0, theme::TEXT));
            page.spawn(text("Togyz Kumalak - 9 holes - 162 stones", 15.0, theme::TEXT_DIM));
            if let Some(message) = notice.as_ref().and_then(|n| n.0.clone()) {
                page.spawn((
                    text(message, 15.0, theme::WARNING),
                    TextLayout::justify(Justify::Center),
                    Node { max_width: percent(92), ..default() },
                ));
            }
            if saved.as_ref().is_some_and(|s| s.0.is_some()) {
                labelled_button(page, "Continue", 22.0, ()).observe(super::persistence::resume_saved);
            }
            heading(page, "Against the computer");
            row(page, |r| {
                for level in Level::ALL {
                    choice_button(r, &super::capitalize(level.name()), Choice::Level(level));
                }
            });
            heading(page, "Who starts");
            row(page, |r| {
                choice_button(r, "Me", Choice::Starter(Starter::Me));
                choice_button(r, "Computer", Choice::Starter(Starter::Computer));
                choice_button(r, "By lot", Choice::Starter(Starter::ByLot));
            });
            labelled_button(page, "Play vs computer", 24.0, ()).observe(
                |_: On<Pointer<Click>>, settings: Res<Settings>, mut new_game: MessageWriter<NewGame>| {
                    let human = human_side(settings.starter, Side::White);
                    new_game.write(NewGame(Mode::Computer { level: settings.level, human }));
                },
            );
            heading(page, "Two players on one device");
            labelled_button(page, "Play hot-seat", 24.0, ()).observe(
                |_: On<Pointer<Click>>, mut new_game: MessageWriter<NewGame>| {
                    new_game.write(NewGame(Mode::HotSeat));
                },
            );
            page.spawn(button("Flip", 16.0))
                .with_children(|b| {
                    b.spawn((FlipToggleText, text("", 16.0, theme::TEXT)));
                })
                .observe(|_: On<Pointer<Click>>, mut settings: ResMut<Settings>| {
                    settings.flip_each_turn = !settings.flip_each_turn;
                });
            heading(page, "Sowing speed");
            row(page, |r| {
                for speed in Speed::ALL {
                    choice_button(r, speed.name(), Choice::Speed(speed));
                }
            });
        });
}

fn mark_selected(
    settings: Res<Settings>,
    mut commands: Commands,
    choices: Query<(Entity, &Choice, Has<Selected>, &Interaction)>,
    mut colors: Query<&mut BackgroundColor>,
) {
    for (entity, choice, selected, interaction) in &choices {
        let now = match choice {
            Choice::Level(l) => settings.level == *l,
            Choice::Starter(s) => settings.starter == *s,
            Choice::Speed(s) => settings.speed == *s,
        };
        if now != selected {
            if now {
                commands.entity(entity).insert(Selected);
            } else {
                commands.entity(entity).remove::<Selected>();
            }
        }
        if *interaction == Interaction::None
            && let Ok(mut color) = colors.get_mut(entity)
        {
            color.0 = if now { theme::BUTTON_SELECTED } else { theme::BUTTON };
        }
    }
}

fn flip_text(settings: Res<Settings>, mut texts: Query<&mut Text, With<FlipToggleText>>) {
    for mut text in &mut texts {
        let value =
            format!("Turn the board each turn: {}", if settings.flip_each_turn { "on" } else { "off" });
        if text.0 != value {
            text.0 = value;
        }
    }
}
