//! The training's words and buttons as the puzzle goes: the header (the puzzle's rating and the player's,
//! after a miss the rating it leaves, or the drill's name), the caption (who plays, and at the first level
//! what to look for), what was said of the last tap, a solved puzzle's stars, and which of the panel's
//! buttons fit the moment.
//!
//! Invariant: these systems only show what the run holds (`screen::TrainingRun`); none changes it.

use bevy::prelude::*;

use crate::puzzle::{Attempt, Solve, Theme};

use crate::app::i18n::locale::Locale;
use crate::app::screens::training::drill_run::Drill;
use crate::app::screens::training::panel::{
    AgainButton, DrillAgainButton, HintButton, NextButton, PuzzleStar, ResultsButton, SkipButton,
    SkipUsedButton, rebuild_ui,
};
use crate::app::screens::training::screen::{FIRST_LEVEL, Phase, TrainingRun, TrainingText};
use crate::app::state::screen::{Frame, Screen};
use crate::app::state::settings::Settings;
use crate::app::ui::theme::{self, Art};

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (show_words, show_stars, show_buttons)
            .chain()
            .after(rebuild_ui)
            .in_set(Frame::View)
            .run_if(in_state(Screen::Training)),
    );
}

/// A solved puzzle's stars, over its words: the earned ones lit, the others faint; none for a miss.
fn show_stars(
    run: Res<TrainingRun>,
    art: Res<Art>,
    mut stars: Query<(&PuzzleStar, &mut ImageNode, &ChildOf)>,
    mut rows: Query<&mut Node>,
) {
    let earned = match (run.phase, run.attempt.as_ref().map(Attempt::result)) {
        (Phase::Solved, Some(solve)) if solve != Solve::Missed => Some(solve.stars()),
        _ => None,
    };
    for (star, mut image, parent) in &mut stars {
        if image.image != art.star {
            image.image = art.star.clone();
        }
        let lit = earned.is_some_and(|n| star.0 < n);
        let color = if lit { theme::HIGHLIGHT } else { theme::TEXT.with_alpha(0.22) };
        if image.color != color {
            image.color = color;
        }
        if let Ok(mut row) = rows.get_mut(parent.parent()) {
            let display = if earned.is_some() { Display::Flex } else { Display::None };
            if row.display != display {
                row.display = display;
            }
        }
    }
}

/// The words: the header (the puzzle's rating and the player's), the caption (who plays, and at the
/// first level what to look for), and what was said of the last tap.
fn show_words(
    run: Res<TrainingRun>,
    settings: Res<Settings>,
    locale: Res<Locale>,
    mut texts: Query<(&TrainingText, &mut Text, &mut TextColor)>,
    mut hint: Query<&mut Visibility, With<HintButton>>,
) {
    // After a miss, the rating it leaves: the words say so, and the header agrees with them.
    let rating = run.missed_rating.unwrap_or(settings.training.rating).round() as i64;
    // A wrong move's words and a solved puzzle's never share a colour (both were yellow).
    let said_color = match run.phase {
        Phase::Explaining | Phase::Missed => theme::MISS,
        // A Streak ends at its miss (a Storm's end says nothing under the caption).
        Phase::Over => theme::MISS,
        Phase::Solved if run.attempt.as_ref().is_some_and(|a| a.result() != Solve::Missed) => theme::SUCCESS,
        Phase::Solved => theme::TEXT,
        _ => theme::HIGHLIGHT,
    };
    for (which, mut text, mut color) in &mut texts {
        if *which == TrainingText::Said && color.0 != said_color {
            color.0 = said_color;
        }
        let value = match which {
            TrainingText::Header => match (&run.puzzle, &run.drill) {
                (_, Drill::Storm(_)) => locale.t("drill.storm"),
                (_, Drill::Streak(_)) => locale.t("drill.streak"),
                (_, Drill::Again { .. }) => locale.t("drill.storm"),
                (_, Drill::Missed { queue, index }) => locale.f(
                    "drill.missed_header",
                    &[("n", &(index + 1).min(queue.len())), ("total", &queue.len())],
                ),
                (Some(p), _) if run.daily => locale.f("training.daily_header", &[("puzzle", &p.rating)]),
                (Some(p), _) => locale.f("training.header", &[("puzzle", &p.rating), ("rating", &rating)]),
                (None, _) => locale.t("training.title"),
            },
            TrainingText::Caption => match (&run.puzzle, run.phase) {
                // Between two puzzles (one frame, or while the puzzles are read the first time): the
                // caption of the puzzle still on the board stays, so a Storm's quick turns do not flicker.
                (None, Phase::Loading) => locale.t("training.loading"),
                (_, Phase::Closed | Phase::Over) | (None, _) => String::new(),
                (Some(p), _) if settings.training.rating < FIRST_LEVEL => locale.t(goal_key(p.theme)),
                (Some(_), _) => locale.t("training.find"),
            },
            TrainingText::Said => run.said.clone(),
        };
        if text.0 != value {
            text.0 = value;
        }
    }
    // Hidden, not taken out: the header's words keep their place (they jumped to the right edge). A Storm
    // and a Streak give no hint: they measure what the player finds alone.
    let hints = run.phase == Phase::Solving
        && matches!(run.drill, Drill::Puzzles | Drill::Missed { .. } | Drill::Again { .. });
    for mut visibility in &mut hint {
        visibility.set_if_neq(if hints { Visibility::Inherited } else { Visibility::Hidden });
    }
}

/// The panel's buttons that fit the moment: Try again after a miss, Next puzzle in the rated puzzles, the
/// Streak's skip while it is there ("Skip used" once it is not), Play again once a drill ended, back to the
/// Storm's results.
fn show_buttons(
    run: Res<TrainingRun>,
    mut buttons: Query<
        (
            &mut Node,
            Has<AgainButton>,
            Has<NextButton>,
            Has<SkipButton>,
            Has<SkipUsedButton>,
            Has<DrillAgainButton>,
            Has<ResultsButton>,
        ),
        Or<(
            With<AgainButton>,
            With<NextButton>,
            With<SkipButton>,
            With<SkipUsedButton>,
            With<DrillAgainButton>,
            With<ResultsButton>,
        )>,
    >,
) {
    let again = matches!(run.phase, Phase::Missed)
        && matches!(run.drill, Drill::Puzzles | Drill::Missed { .. } | Drill::Again { .. });
    let next = run.drill.rated();
    let streak = run.drill.streak().filter(|_| run.phase == Phase::Solving);
    let skip = streak.is_some_and(|s| s.skip_left);
    let skip_used = streak.is_some_and(|s| !s.skip_left);
    // A Storm's Play again is on its results card (the panel offers Results): three buttons took two lines
    // on a small phone.
    let drill_again = run.phase == Phase::Over && run.drill.streak().is_some();
    // Back to a Storm's results: from one of its puzzles looked at again, or once its card was closed.
    let results =
        matches!(run.drill, Drill::Again { .. }) || (run.phase == Phase::Over && run.drill.storm().is_some());
    for (mut node, is_again, is_next, is_skip, is_skip_used, is_drill_again, is_results) in &mut buttons {
        let on = (is_again && again)
            || (is_next && next)
            || (is_skip && skip)
            || (is_skip_used && skip_used)
            || (is_drill_again && drill_again)
            || (is_results && results);
        let display = if on { Display::Flex } else { Display::None };
        if node.display != display {
            node.display = display;
        }
    }
}

/// What to look for, said at the first level.
fn goal_key(theme: Theme) -> &'static str {
    match theme {
        Theme::Capture => "training.goal.capture",
        Theme::Tuzdik => "training.goal.tuzdik",
        Theme::Defence => "training.goal.defence",
        Theme::Endgame => "training.goal.endgame",
        Theme::Race => "training.goal.race",
        Theme::Combination => "training.goal.combination",
    }
}
