//! The start screen: play against the computer (Easy, Medium, Hard; who starts: me, the computer, or by
//! lot), or hot-seat for two, with the option to turn the board each turn for a phone passed around.
//!
//! It is laid out for the screen it is on: one column on a phone, two side by side on a phone held
//! sideways or a tablet, tighter on short screens, so that everything fits without scrolling. It is
//! built again when the window changes size.

use bevy::prelude::*;

use crate::ai::Level;
use crate::game::Mode;

use crate::app::i18n::locale::{Locale, Tr};
use crate::app::i18n::words;
use crate::app::i18n::words::saved_game_words;
use crate::app::menus::confirm::{PendingNewGame, new_game_or_ask};
use crate::app::menus::language::open_list;
use crate::app::platform::safe_area::SafeArea;
use crate::app::saves::history::History;
use crate::app::saves::history::HistoryNotice;
use crate::app::saves::persistence::resume_saved;
use crate::app::saves::persistence::{SaveNotice, SavedGame};
use crate::app::screens::lessons::list::open_lessons;
use crate::app::state::screen::Screen;
use crate::app::state::session::NewGame;
use crate::app::state::session::human_side;
use crate::app::state::settings::{Settings, Speed, Starter};
use crate::app::state::view::ViewSize;
use crate::app::ui::theme;
use crate::app::ui::widgets::{
    Selected, Tap, button, button_colors, labelled_button, padded_button, padded_labelled_button, page, text,
};

#[derive(Component, Copy, Clone, PartialEq, Eq)]
enum Choice {
    Level(Level),
    Starter(Starter),
    Speed(Speed),
}

#[derive(Component)]
struct FlipToggleText;

#[derive(Component)]
struct TitleRoot;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (rebuild_title, mark_selected, button_colors, flip_text).chain().run_if(in_state(Screen::Title)),
    )
    .add_systems(
        OnExit(Screen::Title),
        |mut notice: ResMut<SaveNotice>, mut history: ResMut<HistoryNotice>| {
            // The player has read them; they are not shown again.
            notice.0 = None;
            history.0 = None;
        },
    );
}

/// Sizes for the screen at hand.
#[derive(Copy, Clone)]
struct Metrics {
    title: f32,
    heading: f32,
    choice: f32,
    action: f32,
    gap: f32,
    /// Room each side of a choice's label.
    pad: f32,
    two_columns: bool,
}

impl Metrics {
    fn for_window(size: Vec2) -> Metrics {
        let two_columns = size.x > size.y && size.x >= 600.0;
        // A tablet's larger type comes from `UiScale` (see `layout::text_scale`).
        if size.y < 700.0 {
            Metrics {
                title: 30.0,
                heading: 14.0,
                choice: 16.0,
                action: 20.0,
                gap: 5.0,
                pad: 10.0,
                two_columns,
            }
        } else {
            Metrics {
                title: 40.0,
                heading: 16.0,
                choice: 18.0,
                action: 24.0,
                gap: 8.0,
                pad: 16.0,
                two_columns,
            }
        }
    }
}

fn choice_button(parent: &mut ChildSpawnerCommands, label: &'static str, choice: Choice, m: Metrics) {
    padded_labelled_button(parent, label, m.choice, m.pad, choice).observe(
        move |_: On<Tap>, mut settings: ResMut<Settings>| match choice {
            Choice::Level(l) => settings.level = l,
            Choice::Starter(s) => settings.starter = s,
            Choice::Speed(s) => settings.speed = s,
        },
    );
}

fn row(parent: &mut ChildSpawnerCommands, m: Metrics, build: impl FnOnce(&mut ChildSpawnerCommands)) {
    parent
        .spawn((
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

fn heading(parent: &mut ChildSpawnerCommands, key: &'static str, m: Metrics) {
    parent.spawn((
        Name::new(format!("Heading {key}")),
        Tr(key),
        text("", m.heading, theme::TEXT_DIM),
        Node { margin: UiRect::top(px(m.gap)), ..default() },
    ));
}

fn pane(
    parent: &mut ChildSpawnerCommands,
    name: &str,
    m: Metrics,
    build: impl FnOnce(&mut ChildSpawnerCommands),
) {
    parent
        .spawn((
            Name::new(name.to_string()),
            Node {
                flex_direction: FlexDirection::Column,
                align_items: AlignItems::Center,
                row_gap: px(m.gap),
                flex_basis: if m.two_columns { percent(50) } else { auto() },
                ..default()
            },
        ))
        .with_children(build);
}

fn rebuild_title(
    mut commands: Commands,
    view: Res<ViewSize>,
    safe: Res<SafeArea>,
    saved: Res<SavedGame>,
    notice: Res<SaveNotice>,
    history_notice: Res<HistoryNotice>,
    locale: Res<Locale>,
    settings: Res<Settings>,
    history: Res<History>,
    roots: Query<Entity, With<TitleRoot>>,
    mut was_new: Local<Option<bool>>,
) {
    let new_player = new_player(&settings, &saved);
    let stale = *was_new != Some(new_player)
        || view.is_changed()
        || safe.is_changed()
        || saved.is_changed()
        || notice.is_changed()
        || history_notice.is_changed()
        // Games from a record, or from another copy of the app on this device, join "Games".
        || history.is_changed()
        || locale.is_changed();
    if !roots.is_empty() && !stale {
        return;
    }
    *was_new = Some(new_player);
    for root in &roots {
        commands.entity(root).despawn();
    }
    let has_history = !history.games.is_empty();
    let notices: Vec<&String> = notice.0.iter().chain(&history_notice.0).collect();
    spawn_title(&mut commands, view.0, &safe, &saved, &notices, &locale, new_player, has_history);
}

/// Someone who has neither begun a lesson nor a game: "Learn to play" comes first and large.
fn new_player(settings: &Settings, saved: &SavedGame) -> bool {
    settings.lessons.done.is_empty() && settings.lessons.reached.is_empty() && saved.0.is_none()
}

fn spawn_title(
    commands: &mut Commands,
    size: Vec2,
    safe: &SafeArea,
    saved: &SavedGame,
    notices: &[&String],
    locale: &Locale,
    new_player: bool,
    has_history: bool,
) {
    let m = Metrics::for_window(size);
    let compact = size.y < 700.0;
    // What the player must be told: a damaged locale file, or something about the save.
    let notices: Vec<String> = locale
        .problem
        .iter()
        .map(|language| locale.f("notice.locale_damaged", &[("language", language)]))
        .chain(notices.iter().map(|key| locale.t(key)))
        .collect();
    commands
        .spawn((
            Name::new("Title screen"),
            TitleRoot,
            page(m.gap, safe.padding(12.0)),
            DespawnOnExit(Screen::Title),
        ))
        .with_children(|page| {
            page.spawn((Name::new("Game name"), Tr("game.name"), text("", m.title, theme::TEXT)));
            // On a short screen the language button takes the subtitle's line.
            if !compact {
                page.spawn((
                    Name::new("Subtitle"),
                    Tr("game.subtitle"),
                    text("", m.heading, theme::TEXT_DIM),
                ));
            }
            // "Learn to play": first and large for a new player (lit, beside the language, on a short screen
            // where a large button would not fit); beside the language once they have begun.
            let learn_large = new_player && !compact;
            row(page, m, |r| {
                r.spawn(padded_button("Language", m.choice, m.pad))
                    .with_children(|b| {
                        b.spawn((text(locale.lang.native_name(), m.choice, theme::TEXT), Pickable::IGNORE));
                    })
                    .observe(open_list);
                // On a tall screen "Games" has room here; on a short one it sits beside "Continue".
                if has_history && !compact {
                    padded_labelled_button(r, "title.history", m.choice, m.pad, ())
                        .observe(crate::app::menus::games::open_list);
                }
                if !learn_large {
                    let mut learn = padded_labelled_button(r, "title.learn", m.choice, m.pad, ());
                    learn.observe(open_lessons(Screen::Title));
                    if new_player {
                        learn.insert((Selected, BackgroundColor(theme::BUTTON_SELECTED)));
                    }
                }
            });
            let notice_shown = !notices.is_empty();
            for message in notices {
                page.spawn((
                    Name::new("Save notice"),
                    text(message, m.heading, theme::WARNING),
                    TextLayout::justify(Justify::Center),
                    Node { max_width: percent(92), ..default() },
                ));
            }
            if learn_large {
                labelled_button(page, "title.learn", m.action, ()).observe(open_lessons(Screen::Title));
            }
            // A game with no move in it is not worth continuing.
            let waiting = saved.0.as_ref().filter(|g| !g.moves.is_empty());
            // A short screen has no line to spare while a notice is shown: "Games" then waits beside
            // "Continue", or for the next visit (the notice is shown once).
            let games_here = has_history && compact && (waiting.is_some() || !notice_shown);
            if waiting.is_some() || games_here {
                // One line, never wrapped: a wrapping row is sized for its wrapped height.
                page.spawn((
                    Name::new("Continue or games"),
                    Node { column_gap: px(m.gap * 2.0), align_items: AlignItems::Center, ..default() },
                ))
                .with_children(|r| {
                    if waiting.is_some() {
                        labelled_button(r, "title.continue", m.action, ()).observe(resume_saved);
                    }
                    if games_here {
                        padded_labelled_button(r, "title.history", m.choice, m.pad, ())
                            .observe(crate::app::menus::games::open_list);
                    }
                });
            }
            if let Some(game) = waiting {
                page.spawn((
                    Name::new("Saved game"),
                    text(saved_game_words(locale, game), m.heading, theme::TEXT_DIM),
                    TextLayout::justify(Justify::Center),
                ));
            }
            page.spawn((
                Name::new("Choices"),
                Node {
                    flex_direction: if m.two_columns { FlexDirection::Row } else { FlexDirection::Column },
                    align_items: if m.two_columns { AlignItems::Start } else { AlignItems::Center },
                    column_gap: px(16),
                    row_gap: px(m.gap),
                    width: percent(100),
                    max_width: px(900),
                    ..default()
                },
            ))
            .with_children(|body| {
                pane(body, "Against the computer", m, |p| {
                    heading(p, "title.against_computer", m);
                    row(p, m, |r| {
                        for level in Level::ALL {
                            choice_button(r, words::level_key(level), Choice::Level(level), m);
                        }
                    });
                    heading(p, "title.who_starts", m);
                    row(p, m, |r| {
                        choice_button(r, "title.me", Choice::Starter(Starter::Me), m);
                        choice_button(r, "title.computer", Choice::Starter(Starter::Computer), m);
                        choice_button(r, "title.by_lot", Choice::Starter(Starter::ByLot), m);
                    });
                    labelled_button(p, "title.play_computer", m.action, ()).observe(
                        |_: On<Tap>,
                         settings: Res<Settings>,
                         saved: Res<SavedGame>,
                         mut pending: ResMut<PendingNewGame>,
                         mut new_game: MessageWriter<NewGame>| {
                            let human = human_side(settings.starter);
                            let mode = Mode::Computer { level: settings.level, human };
                            new_game_or_ask(mode, unfinished(&saved), &mut pending, &mut new_game);
                        },
                    );
                });
                pane(body, "Two players", m, |p| {
                    heading(p, "title.two_players", m);
                    labelled_button(p, "title.play_hotseat", m.action, ()).observe(
                        |_: On<Tap>,
                         saved: Res<SavedGame>,
                         mut pending: ResMut<PendingNewGame>,
                         mut new_game: MessageWriter<NewGame>| {
                            new_game_or_ask(Mode::HotSeat, unfinished(&saved), &mut pending, &mut new_game);
                        },
                    );
                    p.spawn(button("Turn the board", m.choice))
                        .with_children(|b| {
                            b.spawn((FlipToggleText, text("", m.choice, theme::TEXT), Pickable::IGNORE));
                        })
                        .observe(|_: On<Tap>, mut settings: ResMut<Settings>| {
                            settings.flip_each_turn = !settings.flip_each_turn;
                        });
                    heading(p, "title.speed", m);
                    row(p, m, |r| {
                        for speed in Speed::ALL {
                            choice_button(r, speed.key(), Choice::Speed(speed), m);
                        }
                    });
                });
            });
        });
}

/// A saved game with moves in it: starting another would lose it.
fn unfinished(saved: &SavedGame) -> bool {
    saved.0.as_ref().is_some_and(|g| !g.moves.is_empty())
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

fn flip_text(
    settings: Res<Settings>,
    locale: Res<Locale>,
    mut texts: Query<&mut Text, With<FlipToggleText>>,
) {
    for mut text in &mut texts {
        let state = locale.t(if settings.flip_each_turn { "setting.on" } else { "setting.off" });
        let value = locale.f("setting.turn_board", &[("state", &state)]);
        if text.0 != value {
            text.0 = value;
        }
    }
}
