//! The drills on screen (issue 35): the bar over the puzzle's words (a Storm's time left as a clock and a
//! draining bar, the time a right move won or a wrong one cost, the puzzles solved and the combo with what
//! its next level earns; a Streak's count and its best), the card of rules over a player's first Storm and
//! first Streak (issue 46), a Storm's end when its time runs out, and its end card (the score, the day's
//! and the best ever, the run's puzzles to look at again).
//!
//! Invariants: everything here is read from the run (`screen::TrainingRun`) and the records saved with the
//! settings; the rules' numbers (the time, the combos and what they earn, a miss's cost) are
//! `crate::drill`'s constants, never written again here or in the words; the Storm's clock is the app's
//! steady one (`state::clock::ClockTime`), so a test steps it frame by frame; with Motion's calm the flash
//! of time stands still for its moment instead of fading.

use bevy::prelude::*;

use crate::drill::{COMBO_BONUS, COMBO_EVERY, STORM_MISS_MS, STORM_MS, next_bonus};

use crate::app::i18n::locale::{Locale, Tr};
use crate::app::screens::training::choose::{PuzzleChoice, card_body, card_column, card_heading, card_sizes};
use crate::app::screens::training::drill_run::{Drill, DrillBar, FLASH_MS, StormRun};
use crate::app::screens::training::panel::rebuild_ui;
use crate::app::screens::training::screen::{Phase, TrainingRun, end_drill, start_drill};
use crate::app::state::clock::{ClockTime, clock_text};
use crate::app::state::panels::{Panel, Panels};
use crate::app::state::screen::{Frame, Screen};
use crate::app::state::settings::{Calm, Settings, Speed, SpeedFloor};
use crate::app::state::view::ViewSize;
use crate::app::ui::theme::{self, DisplayFace};
use crate::app::ui::widgets::{
    Tap, TapGrace, Unstyled, button_node, card, english, lit_labelled, on_tap, panel_backdrop, shaped_button,
    text,
};

/// The Storm's clock, in the bar.
#[derive(Component)]
struct StormClock;

/// The bar's fill: the share of the Storm's three minutes left.
#[derive(Component)]
struct StormFill;

/// Time won or lost, for a moment.
#[derive(Component)]
struct StormFlash;

/// The bar's line of counts: a Storm's solved and combo, a Streak's count and best.
#[derive(Component)]
struct DrillCounts;

/// The Storm's end card.
#[derive(Component)]
struct StormEndCard;

/// The card of a drill's rules, over a player's first Storm or first Streak.
#[derive(Component)]
struct DrillRulesCard;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (storm_time, open_end_card, storm_pace)
            .chain()
            .in_set(Frame::Input)
            .run_if(in_state(Screen::Training)),
    )
    .add_systems(OnExit(Screen::Training), |mut floor: ResMut<SpeedFloor>| {
        floor.set_if_neq(SpeedFloor(None));
    })
    // After the panel is built: a bar despawned with the panel it was in gets no parts (they were left
    // over the top left corner).
    .add_systems(
        Update,
        (fill_bar, show_bar).chain().after(rebuild_ui).in_set(Frame::View).run_if(in_state(Screen::Training)),
    )
    .add_systems(
        Update,
        (show_end_card, show_rules_card).in_set(Frame::View).run_if(
            in_state(Screen::Training).and_then(
                resource_changed::<Panels>
                    .or_else(resource_changed::<Locale>)
                    .or_else(resource_changed::<ViewSize>),
            ),
        ),
    );
}

/// A Storm whose time ran out ends, whatever the board is doing.
/// Its end card opens under a finger that may be on its way to the board: the UI holds taps a moment.
fn storm_time(
    mut run: ResMut<TrainingRun>,
    mut settings: ResMut<Settings>,
    time: ClockTime,
    mut grace: ResMut<TapGrace>,
) {
    let ended = run.drill.storm().is_some_and(|s| !s.over && s.storm.is_over(time.now()));
    if ended && run.phase != Phase::Closed {
        end_drill(&mut run, &mut settings.training);
        grace.card_opened_unasked();
    }
}

/// A Storm sows at least at Fast: its clock runs while the stones fly (at Normal a three-move puzzle spent
/// seconds of it watching).
fn storm_pace(run: Res<TrainingRun>, mut floor: ResMut<SpeedFloor>) {
    floor.set_if_neq(SpeedFloor(run.drill.storm().map(|_| Speed::Fast)));
}

/// The end card opens once when a Storm ends (Back closes it to look at the board).
fn open_end_card(mut run: ResMut<TrainingRun>, mut panels: ResMut<Panels>) {
    if run.show_end {
        run.show_end = false;
        panels.open(Panel::DrillOver);
    }
}

/// The bar's parts, put in once the training's panel is built.
fn fill_bar(
    mut commands: Commands,
    bars: Query<Entity, (With<DrillBar>, Without<Children>)>,
    view: Res<ViewSize>,
) {
    let size = if view.0.y < 700.0 { 15.0 } else { 17.0 };
    for bar in &bars {
        commands.entity(bar).with_children(|b| {
            b.spawn((
                Node { column_gap: px(8), align_items: AlignItems::Center, width: percent(100), ..default() },
                children![
                    (StormClock, DisplayFace, text("3:00", size + 5.0, theme::TEXT)),
                    (
                        Name::new("Storm time bar"),
                        Node {
                            flex_grow: 1.0,
                            height: px(10),
                            border_radius: BorderRadius::all(px(5)),
                            overflow: Overflow::clip(),
                            ..default()
                        },
                        BackgroundColor(Color::srgba(0.0, 0.0, 0.0, 0.45)),
                        children![(
                            StormFill,
                            Node { width: percent(100), height: percent(100), ..default() },
                            BackgroundColor(theme::HIGHLIGHT),
                        )],
                    ),
                    (
                        StormFlash,
                        text("", size + 1.0, theme::SUCCESS),
                        Node { min_width: px(54), ..default() }
                    ),
                ],
            ));
            b.spawn((DrillCounts, text("", size - 2.0, theme::TEXT_DIM)));
        });
    }
}

/// The bar as the drill stands: shown in a Storm or a Streak only.
fn show_bar(
    run: Res<TrainingRun>,
    time: ClockTime,
    calm: Res<Calm>,
    locale: Res<Locale>,
    settings: Res<Settings>,
    mut bars: Query<&mut Node, With<DrillBar>>,
    mut rows: Query<&mut Node, (Without<DrillBar>, Without<StormFill>, With<Children>, Without<DrillCounts>)>,
    mut fills: Query<(&mut Node, &mut BackgroundColor), (With<StormFill>, Without<DrillBar>)>,
    mut texts: Query<
        (&mut Text, &mut TextColor, Has<StormClock>, Has<StormFlash>, Has<DrillCounts>, &ChildOf),
        Or<(With<StormClock>, With<StormFlash>, With<DrillCounts>)>,
    >,
) {
    let now = time.now();
    let (storm, streak) = match &run.drill {
        Drill::Storm(s) => (Some(s), None),
        Drill::Streak(s) => (None, Some(s)),
        _ => (None, None),
    };
    let shown = storm.is_some() || streak.is_some();
    for mut bar in &mut bars {
        let display = if shown { Display::Flex } else { Display::None };
        if bar.display != display {
            bar.display = display;
            bar.flex_direction = FlexDirection::Column;
            bar.align_items = AlignItems::Stretch;
            bar.row_gap = px(2);
        }
    }
    if !shown {
        return;
    }
    let left = storm.map_or(0, |s| s.storm.left(now));
    for (mut node, mut color) in &mut fills {
        let share = percent((left as f32 / STORM_MS as f32).clamp(0.0, 1.0) * 100.0);
        if node.width != share {
            node.width = share;
        }
        // The last twenty seconds in the clock's warning red.
        let want = if left < 20_000 { theme::CLOCK_LOW } else { theme::HIGHLIGHT };
        color.set_if_neq(BackgroundColor(want));
    }
    for (mut text, mut color, is_clock, is_flash, is_counts, parent) in &mut texts {
        let value = match (storm, streak) {
            (Some(_), _) if is_clock => clock_text(left),
            (Some(s), _) if is_flash => flash_words(&run, now, &calm, &locale, &mut color, s),
            (Some(s), _) if is_counts => {
                if color.0 != theme::TEXT_DIM {
                    color.0 = theme::TEXT_DIM;
                }
                storm_counts(&locale, s)
            }
            (None, Some(streak)) if is_counts => {
                // The count is the Streak's one figure: in the words' full colour.
                if color.0 != theme::TEXT {
                    color.0 = theme::TEXT;
                }
                locale.f(
                    "drill.streak_count",
                    &[
                        ("n", &streak.count),
                        ("best", &settings.training.drills.streak_best.max(streak.count)),
                    ],
                )
            }
            _ => String::new(),
        };
        if text.0 != value {
            text.0 = value;
        }
        // A Streak has no clock: the clock's row goes.
        if is_clock && let Ok(mut row) = rows.get_mut(parent.parent()) {
            let display = if storm.is_some() { Display::Flex } else { Display::None };
            if row.display != display {
                row.display = display;
            }
        }
    }
}

/// "+3 s" or "−10 s" for a moment after a right or a wrong move, fading (standing still when calm).
fn flash_words(
    run: &TrainingRun,
    now: u64,
    calm: &Calm,
    locale: &Locale,
    color: &mut TextColor,
    storm: &StormRun,
) -> String {
    let Some(flash) = run.flash.filter(|f| now.saturating_sub(f.at) < FLASH_MS && !storm.over) else {
        return String::new();
    };
    let ink = if flash.ms > 0 { theme::SUCCESS } else { theme::MISS };
    let fade = if calm.0 { 1.0 } else { 1.0 - now.saturating_sub(flash.at) as f32 / FLASH_MS as f32 };
    let want = ink.with_alpha(0.3 + 0.7 * fade);
    if color.0 != want {
        color.0 = want;
    }
    let seconds = flash.ms.unsigned_abs() / 1_000;
    // An en dash for the minus: the bundled fonts have no minus sign (it showed as nothing).
    locale.f(if flash.ms > 0 { "drill.gained" } else { "drill.lost" }, &[("n", &seconds)])
}

/// "Solved 9 · Combo 7, 12 for +5 s".
fn storm_counts(locale: &Locale, run: &StormRun) -> String {
    let storm = &run.storm;
    let (level, ms) = next_bonus(storm.combo);
    locale.f(
        "drill.storm_counts",
        &[("solved", &storm.solved), ("combo", &storm.combo), ("next", &level), ("bonus", &(ms / 1_000))],
    )
}

/// The end card of a Storm: its score, the bests, the run's puzzles to look at again, another run.
fn show_end_card(
    mut commands: Commands,
    panels: Res<Panels>,
    run: Res<TrainingRun>,
    locale: Res<Locale>,
    view: Res<ViewSize>,
    cards: Query<Entity, With<StormEndCard>>,
) {
    for card in &cards {
        commands.entity(card).despawn();
    }
    let Some(storm) = run.drill.storm().filter(|_| panels.top() == Some(Panel::DrillOver)) else { return };
    let (font, heading, gap) = card_sizes(view.0);
    let s = &storm.storm;
    let best = s.solved > storm.best_before;
    let bests = if best {
        locale.t("drill.new_best")
    } else {
        locale.f(
            "drill.bests",
            &[("today", &storm.day_before.max(s.solved)), ("best", &storm.best_before.max(s.solved))],
        )
    };
    // A phone on its side is too short for one column: the score beside the run's puzzles.
    let short = view.0.y < 500.0;
    let width = if short { 780.0 } else { 360.0 };
    let column = |grow: f32| card_column(short, gap, grow);
    commands
        .spawn((
            panel_backdrop("Button Close the Storm's results", 40),
            StormEndCard,
            DespawnOnExit(Screen::Training),
        ))
        .with_children(|b| {
            b.spawn(card(width, 16.0, gap, AlignItems::Stretch)).with_children(|c| {
                c.spawn(card_body(short, gap)).with_children(|body| {
                    body.spawn(column(1.0)).with_children(|info| {
                        info.spawn(card_heading("drill.storm_over", heading));
                        info.spawn((
                            Name::new("Storm score"),
                            DisplayFace,
                            text(
                                locale.n("drill.score", i64::from(s.solved), &[]),
                                heading + 6.0,
                                theme::HIGHLIGHT,
                            ),
                            Node { align_self: AlignSelf::Center, ..default() },
                        ));
                        info.spawn((
                            text(bests, font, if best { theme::SUCCESS } else { theme::TEXT }),
                            Node { align_self: AlignSelf::Center, ..default() },
                        ));
                        info.spawn((
                            text(
                                locale.f(
                                    "drill.run_counts",
                                    &[("combo", &s.best_combo), ("misses", &s.misses)],
                                ),
                                font - 2.0,
                                theme::TEXT_DIM,
                            ),
                            Node { align_self: AlignSelf::Center, ..default() },
                        ));
                        if short {
                            end_buttons(info, font, gap);
                        }
                    });
                    if !s.results.is_empty() {
                        body.spawn(column(1.4)).with_children(|runs| run_puzzles(runs, storm, font, gap));
                    }
                });
                if !short {
                    end_buttons(c, font, gap);
                }
            });
        });
}

/// The run's puzzles as numbered buttons, green solved and red missed: each opens its puzzle again.
fn run_puzzles(runs: &mut ChildSpawnerCommands, storm: &StormRun, font: f32, gap: f32) {
    let results = &storm.storm.results;
    runs.spawn((
        Tr("drill.look_again"),
        text("", font - 2.0, theme::TEXT_DIM),
        Node { align_self: AlignSelf::Center, margin: UiRect::top(px(gap / 2.0)), ..default() },
    ));
    runs.spawn(Node {
        flex_wrap: FlexWrap::Wrap,
        justify_content: JustifyContent::Center,
        column_gap: px(6),
        row_gap: px(6),
        ..default()
    })
    .with_children(|grid| {
        // A long run's buttons a size smaller, so that fifty fit on a phone's card.
        let cell = if results.len() > 24 { 36.0 } else { 44.0 };
        for (i, (id, solved)) in results.iter().enumerate() {
            let ink = if *solved { theme::SUCCESS } else { theme::MISS };
            let (id, after) = (id.clone(), storm.clone());
            let mut button = grid.spawn((
                shaped_button(
                    format!("Storm puzzle {}", i + 1),
                    font,
                    button_node(UiRect::axes(px(2), px(4)), Vec2::splat(cell)),
                ),
                children![(text(format!("{}", i + 1), font, ink), Pickable::IGNORE)],
                on_tap(move |_: On<Tap>, mut run: ResMut<TrainingRun>, mut panels: ResMut<Panels>| {
                    panels.close(|p| *p == Panel::DrillOver);
                    run.drill = Drill::Again { id: id.clone(), after: after.clone() };
                    run.phase = Phase::Loading;
                }),
            ));
            // A missed puzzle's button is hollow, a solved one's filled: told apart without the colours.
            if !*solved {
                button.insert((Unstyled, BackgroundColor(theme::PANEL), BorderColor::all(theme::MISS)));
            }
        }
    });
}

/// Play again and Close, sharing a row.
fn end_buttons(parent: &mut ChildSpawnerCommands, font: f32, gap: f32) {
    parent.spawn(Node { column_gap: px(6), margin: UiRect::top(px(gap / 2.0)), ..default() }).with_children(
        |row| {
            row.spawn((
                end_choice("drill.again", font),
                on_tap(|_: On<Tap>, mut run: ResMut<TrainingRun>, mut panels: ResMut<Panels>| {
                    panels.close(|p| *p == Panel::DrillOver);
                    start_drill(&mut run, PuzzleChoice::Storm);
                }),
            ));
            row.spawn((
                end_choice("moves.close", font),
                on_tap(|_: On<Tap>, mut panels: ResMut<Panels>| {
                    panels.close(|p| *p == Panel::DrillOver);
                }),
            ));
        },
    );
}

/// A button of the end card's last row: the two share it.
fn end_choice(key: &'static str, font: f32) -> impl Bundle {
    let label = english(key);
    (
        shaped_button(
            label.clone(),
            font,
            Node {
                flex_grow: 1.0,
                flex_basis: px(0),
                ..button_node(UiRect::axes(px(8), px(10)), Vec2::new(64.0, 44.0))
            },
        ),
        children![(
            Tr(key),
            text(label, font, theme::TEXT),
            TextLayout::justify(Justify::Center),
            Pickable::IGNORE
        )],
    )
}

/// The card over a player's first Storm or first Streak (opened by `screen`, once each): the drill's
/// rules in a few lines, then Start. Under it the first puzzle is already posed; a Storm's clock waits
/// for the first move, so reading costs nothing.
fn show_rules_card(
    mut commands: Commands,
    panels: Res<Panels>,
    run: Res<TrainingRun>,
    locale: Res<Locale>,
    view: Res<ViewSize>,
    cards: Query<Entity, With<DrillRulesCard>>,
) {
    for card in &cards {
        commands.entity(card).despawn();
    }
    if panels.top() != Some(Panel::DrillRules) {
        return;
    }
    let (title, rules) = match &run.drill {
        Drill::Storm(_) => ("drill.storm", storm_rules(&locale)),
        Drill::Streak(_) => ("drill.streak", streak_rules(&locale)),
        _ => return,
    };
    let (font, heading, gap) = card_sizes(view.0);
    // A phone on its side is short: the card goes wide, so its lines take fewer rows.
    let width = if view.0.y < 500.0 { 700.0 } else { 360.0 };
    commands
        .spawn((
            panel_backdrop("Button Close the drill's rules", 40),
            DrillRulesCard,
            DespawnOnExit(Screen::Training),
        ))
        .with_children(|b| {
            b.spawn(card(width, 16.0, gap, AlignItems::Stretch)).with_children(|c| {
                c.spawn(card_heading(title, heading));
                for rule in rules {
                    c.spawn(text(rule, font, theme::TEXT));
                }
                // The drills give no hint: said here, where the Hint button is missed first.
                c.spawn(text(locale.t("drill.rules.no_hint"), font - 2.0, theme::TEXT_DIM));
                c.spawn((
                    lit_labelled(
                        "title.start",
                        font,
                        Node {
                            margin: UiRect::top(px(gap / 2.0)),
                            ..button_node(UiRect::axes(px(16), px(10)), Vec2::new(64.0, 44.0))
                        },
                    ),
                    on_tap(|_: On<Tap>, mut panels: ResMut<Panels>| {
                        panels.close(|p| *p == Panel::DrillRules);
                    }),
                ));
            });
        });
}

/// A Storm's rules, their numbers from `crate::drill`: the time and when it starts, the combos and what
/// each earns, a wrong move's cost.
fn storm_rules(locale: &Locale) -> Vec<String> {
    let gained = |ms: u64| locale.f("drill.gained", &[("n", &(ms / 1_000))]);
    let levels = COMBO_BONUS
        .iter()
        .map(|&(combo, ms)| locale.f("drill.rules.level", &[("combo", &combo), ("bonus", &gained(ms))]))
        .collect::<Vec<_>>()
        .join(", ");
    let last = COMBO_BONUS.last().map_or(0, |&(_, ms)| ms);
    // "3 minutes" reads better than "3:00", which is kept for a length of no whole minutes.
    let time = if STORM_MS.is_multiple_of(60_000) {
        locale.n("count.minutes", (STORM_MS / 60_000) as i64, &[])
    } else {
        clock_text(STORM_MS)
    };
    vec![
        locale.f("drill.rules.storm", &[("time", &time)]),
        locale.f(
            "drill.rules.combo",
            &[("levels", &levels), ("bonus", &gained(last)), ("every", &COMBO_EVERY)],
        ),
        locale.f("drill.rules.storm_miss", &[("n", &(STORM_MISS_MS / 1_000))]),
    ]
}

/// A Streak's rules: rising puzzles, the end at the first miss, the one Skip and why it is gone once used.
fn streak_rules(locale: &Locale) -> Vec<String> {
    vec![locale.t("drill.rules.streak"), locale.t("drill.rules.skip")]
}
