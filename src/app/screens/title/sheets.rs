//! The sheets over the title, each a panel of [`Panels`] ([`Panel::Sheet`]): **Play** (the level, who
//! starts, and Start against the computer), **Two players** (turning the board each turn, and Start for
//! hot-seat) and **Settings** (sowing speed, motion, sound, vibration, the stones' look, the holes' counts,
//! language, the games played: the game menu's settings, with the same buttons, `ui::setting_buttons`; and
//! the puzzles' training beside the games played).
//!
//! Invariants: every choice shown selected is the one in [`Settings`], which is saved, so a sheet opens on
//! the last choices made; Start does what the old title's play buttons did (a game under way is not
//! thrown away without asking: `new_game_or_ask`); only the panel on top is drawn, so the new-game
//! question, the language list and the games played take the sheet's place, and dropping them shows the
//! sheet again as it was; every sheet has a visible Close, and a tap on the dimmed title around a sheet,
//! or the system Back (`screens::back`), closes it too; leaving the title forgets it.

use bevy::prelude::*;

use crate::ai::Level;
use crate::game::Mode;

use crate::app::i18n::locale::{Locale, Tr};
use crate::app::i18n::words;
use crate::app::menus::confirm::new_game_or_ask;
use crate::app::menus::games::open_list as open_games_list;
use crate::app::menus::language::open_list as open_language_list;
use crate::app::platform::safe_area::SafeArea;
use crate::app::saves::history::History;
use crate::app::saves::persistence::SavedGame;
use crate::app::state::panels::{Panel, Panels, Sheet, is_sheet, sheet_on_top};
use crate::app::state::screen::Screen;
use crate::app::state::session::{NewGame, human_side};
use crate::app::state::settings::{Settings, Speed, Starter};
use crate::app::state::view::ViewSize;
use crate::app::ui::setting_buttons::{Setting, half_setting_button, half_width, pair_row, setting_button};
use crate::app::ui::theme;
use crate::app::ui::theme::DisplayFace;
use crate::app::ui::widgets::{
    Selected, Tap, button_node, card, labelled_button, padded_labelled_button, panel_backdrop, text,
};

/// Opens `sheet` (the title's buttons).
pub(crate) fn open(sheet: Sheet) -> impl FnMut(On<Tap>, ResMut<Panels>) {
    move |_, mut panels| panels.open(Panel::Sheet(sheet))
}

/// A choice kept in the settings, shown selected while it is the one kept.
#[derive(Component, Copy, Clone, PartialEq, Eq)]
pub(crate) enum Choice {
    Level(Level),
    Starter(Starter),
    Speed(Speed),
}

#[derive(Component)]
pub(crate) struct SheetRoot;

/// Sizes for the window at hand: a phone held sideways is too short for a sheet in one column.
#[derive(Copy, Clone)]
struct Metrics {
    heading: f32,
    label: f32,
    choice: f32,
    action: f32,
    gap: f32,
    pad: f32,
    width: f32,
    short: bool,
}

impl Metrics {
    fn for_window(size: Vec2) -> Metrics {
        // The sheet's height is counted in UI pixels: a tablet's `UiScale` makes everything larger.
        let short = size.y < SHORT;
        if short {
            Metrics {
                heading: 20.0,
                label: 14.0,
                choice: 16.0,
                action: 20.0,
                gap: 6.0,
                pad: 12.0,
                width: 600.0,
                short,
            }
        } else {
            Metrics {
                heading: 24.0,
                label: 15.0,
                choice: 18.0,
                action: 22.0,
                gap: 10.0,
                pad: 20.0,
                width: 380.0,
                short,
            }
        }
    }
}

/// Below this height (a phone held sideways) the Settings sheet puts its buttons in two columns.
const SHORT: f32 = 560.0;

/// Builds the sheet on top again whenever the panels, the window, the language or the games played change;
/// a panel over it (the question, the languages, the games) takes it away: a sheet's edges showed around
/// their cards.
pub(crate) fn show_sheet(
    panels: Res<Panels>,
    view: Res<ViewSize>,
    safe: Res<SafeArea>,
    locale: Res<Locale>,
    history: Res<History>,
    mut starting: MessageReader<NewGame>,
    roots: Query<Entity, With<SheetRoot>>,
    mut commands: Commands,
) {
    // A game starts in this frame: the sheet is not built again for the last frame of the title.
    let leaving = starting.read().count() > 0;
    let stale = panels.is_changed()
        || view.is_changed()
        || safe.is_changed()
        || locale.is_changed()
        || history.is_changed()
        || leaving;
    if !stale {
        return;
    }
    for root in &roots {
        commands.entity(root).despawn();
    }
    let Some(sheet) = sheet_on_top(&panels) else { return };
    if leaving {
        return;
    }
    let m = Metrics::for_window(view.0);
    let has_history = !history.games.is_empty();
    commands
        .spawn((panel_backdrop("Button Close the sheet", 20), SheetRoot, DespawnOnExit(Screen::Title)))
        // Clear of the system's insets: a sheet never sits under a notch or the home indicator.
        .insert(Node {
            position_type: PositionType::Absolute,
            width: percent(100),
            height: percent(100),
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            padding: safe.padding(4.0),
            ..default()
        })
        .with_children(|overlay| {
            let width = if sheet == Sheet::Settings { m.width } else { m.width.min(420.0) };
            overlay
                .spawn((
                    Name::new(format!("{sheet:?} sheet")),
                    card(width, m.pad, m.gap, AlignItems::Stretch),
                ))
                .with_children(|card| match sheet {
                    Sheet::Play => play_sheet(card, m),
                    Sheet::TwoPlayers => two_players_sheet(card, m),
                    Sheet::Settings => settings_sheet(card, m, has_history),
                });
        });
}

fn play_sheet(card: &mut ChildSpawnerCommands, m: Metrics) {
    heading(card, "title.against_computer", m);
    label(card, "title.level", m);
    row(card, m, |r| {
        for level in Level::ALL {
            choice_button(r, words::level_key(level), Choice::Level(level), m);
        }
    });
    label(card, "title.who_starts", m);
    row(card, m, |r| {
        choice_button(r, "title.me", Choice::Starter(Starter::Me), m);
        choice_button(r, "title.computer", Choice::Starter(Starter::Computer), m);
        choice_button(r, "title.by_lot", Choice::Starter(Starter::ByLot), m);
    });
    start_row(card, m, |r| {
        start_button(r, m).observe(
            |_: On<Tap>,
             settings: Res<Settings>,
             saved: Res<SavedGame>,
             mut panels: ResMut<Panels>,
             mut new_game: MessageWriter<NewGame>| {
                let human = human_side(settings.starter);
                let mode = Mode::Computer { level: settings.level, human };
                new_game_or_ask(mode, unfinished(&saved), &mut panels, &mut new_game);
            },
        );
    });
}

fn two_players_sheet(card: &mut ChildSpawnerCommands, m: Metrics) {
    heading(card, "title.two_players", m);
    setting_button(card, "Turn the board", Setting::Flip, m.choice);
    start_row(card, m, |r| {
        start_button(r, m).observe(
            |_: On<Tap>,
             saved: Res<SavedGame>,
             mut panels: ResMut<Panels>,
             mut new_game: MessageWriter<NewGame>| {
                new_game_or_ask(Mode::HotSeat, unfinished(&saved), &mut panels, &mut new_game);
            },
        );
    });
}

fn settings_sheet(card: &mut ChildSpawnerCommands, m: Metrics, has_history: bool) {
    heading(card, "title.settings", m);
    label(card, "title.speed", m);
    row(card, m, |r| {
        for speed in Speed::ALL {
            choice_button(r, speed.key(), Choice::Speed(speed), m);
        }
    });
    // One column on a phone, the short settings two to a row as in the game's menu; two columns on a
    // short screen (a phone held sideways), where the column would not fit.
    card.spawn((
        Name::new("Settings buttons"),
        Node {
            display: Display::Grid,
            grid_template_columns: RepeatedGridTrack::flex(if m.short { 2 } else { 1 }, 1.0),
            row_gap: px(m.gap),
            column_gap: px(m.gap),
            margin: UiRect::top(px(m.gap)),
            ..default()
        },
    ))
    .with_children(|grid| {
        // A smaller type than the full-width buttons and the menu's narrow gap: most words keep to one
        // line in half of a small phone's card ("Piedras: madera" wrapped).
        let half = m.choice - 3.0;
        pair_row(grid, 8.0, |r| {
            half_setting_button(r, "Sound", Setting::Sound, half);
            half_setting_button(r, "Vibration", Setting::Haptics, half);
        });
        pair_row(grid, 8.0, |r| {
            half_setting_button(r, "Stones", Setting::Stones, half);
            half_setting_button(r, "Counts", Setting::Counts, half);
        });
        // Motion beside the language, and the two places the sheet leads to (the puzzles, the games
        // played) side by side: the motion's row is the one the games played had to themselves, so the
        // sheet is no taller than before and still fits a small phone in every language.
        pair_row(grid, 8.0, |r| {
            half_setting_button(r, "Motion", Setting::Motion, half);
            half_setting_button(r, "Language", Setting::Language, half).observe(open_language_list);
        });
        // Alone (no games played yet), the puzzles' button takes the whole row.
        pair_row(grid, 8.0, |r| {
            half_labelled_button(r, "title.training", half)
                .observe(|_: On<Tap>, mut next: ResMut<NextState<Screen>>| next.set(Screen::Training));
            if has_history {
                half_labelled_button(r, "title.history", half).observe(open_games_list);
            }
        });
    });
    close_button(card, m);
}

/// A button of a [`pair_row`] that says `key`: what the tap does is attached by the caller.
fn half_labelled_button<'a>(
    row: &'a mut ChildSpawnerCommands,
    key: &'static str,
    font: f32,
) -> EntityCommands<'a> {
    let mut b = labelled_button(row, key, font, ());
    half_width(&mut b);
    b
}

/// The sheet's title.
fn heading(card: &mut ChildSpawnerCommands, key: &'static str, m: Metrics) {
    card.spawn((
        Name::new(format!("Heading {key}")),
        Tr(key),
        DisplayFace,
        text("", m.heading, theme::TEXT),
        TextLayout::justify(Justify::Center),
        Node { align_self: AlignSelf::Center, ..default() },
    ));
}

/// The name of a row of choices.
fn label(card: &mut ChildSpawnerCommands, key: &'static str, m: Metrics) {
    card.spawn((
        Name::new(format!("Label {key}")),
        Tr(key),
        text("", m.label, theme::TEXT_DIM),
        Node { align_self: AlignSelf::Center, margin: UiRect::top(px(m.gap / 2.0)), ..default() },
    ));
}

/// A row of choices, wrapped onto a second line where a language's words are long.
fn row(card: &mut ChildSpawnerCommands, m: Metrics, build: impl FnOnce(&mut ChildSpawnerCommands)) {
    card.spawn((
        Name::new("Row"),
        Node {
            column_gap: px(m.gap),
            row_gap: px(m.gap),
            flex_wrap: FlexWrap::Wrap,
            justify_content: JustifyContent::Center,
            ..default()
        },
    ))
    .with_children(build);
}

fn choice_button(parent: &mut ChildSpawnerCommands, key: &'static str, choice: Choice, m: Metrics) {
    padded_labelled_button(parent, key, m.choice, if m.short { 10.0 } else { 14.0 }, choice).observe(
        move |_: On<Tap>, mut settings: ResMut<Settings>| match choice {
            Choice::Level(l) => settings.level = l,
            Choice::Starter(s) => settings.starter = s,
            Choice::Speed(s) => settings.speed = s,
        },
    );
}

/// The sheet's Start with a Close beside it: a sheet says how to leave it without starting, on a phone
/// where Back is a gesture a new player may not know.
fn start_row(card: &mut ChildSpawnerCommands, m: Metrics, start: impl FnOnce(&mut ChildSpawnerCommands)) {
    card.spawn((
        Name::new("Start row"),
        Node { column_gap: px(m.gap), margin: UiRect::top(px(m.gap)), ..default() },
    ))
    .with_children(|r| {
        close(r, m).insert(button_node(UiRect::axes(px(12), px(10)), Vec2::new(64.0, 52.0)));
        start(r);
    });
}

/// The Settings sheet's Close, under its buttons.
fn close_button(card: &mut ChildSpawnerCommands, m: Metrics) {
    close(card, m).insert(Node {
        align_self: AlignSelf::Center,
        margin: UiRect::top(px(m.gap / 2.0)),
        ..button_node(UiRect::axes(px(24), px(10)), Vec2::new(120.0, 44.0))
    });
}

/// "Close", in the language on screen: closes the sheet, as a tap beside it or Back does.
fn close<'a>(parent: &'a mut ChildSpawnerCommands, m: Metrics) -> EntityCommands<'a> {
    let mut close = labelled_button(parent, "moves.close", m.choice, ());
    close.observe(|_: On<Tap>, mut panels: ResMut<Panels>| panels.close(is_sheet));
    close
}

/// The sheet's big, lit Start.
fn start_button<'a>(card: &'a mut ChildSpawnerCommands, m: Metrics) -> EntityCommands<'a> {
    let mut start = labelled_button(card, "title.start", m.action, Selected);
    start.insert(BackgroundColor(theme::BUTTON_SELECTED)).insert(Node {
        flex_grow: 1.0,
        ..button_node(UiRect::axes(px(16), px(if m.short { 8.0 } else { 14.0 })), Vec2::new(64.0, 52.0))
    });
    start
}

/// A saved game with moves in it: starting another would lose it.
fn unfinished(saved: &SavedGame) -> bool {
    saved.0.as_ref().is_some_and(|g| !g.moves.is_empty())
}

/// Lights the choices kept in the settings.
pub(crate) fn mark_selected(
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
