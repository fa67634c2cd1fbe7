//! Training: puzzles from the masters' games on the real board, with the real sowing. The next puzzle is
//! the one `crate::puzzle::Progress` picks (a missed one that is due, else the nearest the player's
//! rating); the player sits at the bottom as the side to play. A right move plays with the computer's
//! reply; a wrong one plays out, then the computer's answer, and the words name the right move (lit on
//! the board once it is still), say what it would have won, counted on the board by the rules, and what
//! the miss does to the rating (searched off the frame, a slice at a time, as the computer's move is); the
//! puzzle then starts again. A hint lights the hole and costs a star. Solved or skipped, the rating moves
//! and the progress is saved with the settings.
//!
//! The same board poses the drills (`drill_run::Drill`): a Storm (a wrong move costs time and the next
//! puzzle comes at once), a Streak (a miss ends it, explained as usual; one skip), the missed puzzles in one
//! go. Their bar, their first card (the rules, once each) and end card are `drills`'s; what each move
//! means to them is decided here, as it is judged, and their records are saved with the settings as they
//! change.
//!
//! Invariants: every tap is judged by `crate::puzzle` (which asks the rules); moves reach the board only
//! through `PlayHole`; nothing of a puzzle is saved as a game (the session is a lesson's); the game in
//! progress is untouched (Continue brings it back from the save); only a rated drill moves the rating.

use bevy::prelude::*;

use crate::ai::Level;
use crate::game::{Game, Mode};
use crate::lesson::Tapped;
use crate::puzzle::{Attempt, Judged, Puzzle, Solve, Wrong, daily, explain_searches, wrong_from};
use crate::rules::{Hole, Position, Side};

use crate::app::board::input::BoardTap;
use crate::app::board::sowing::Timeline;
use crate::app::computer::ai_task::run_cooperatively;
use crate::app::computer::search_task::{SearchTask, Searches};
use crate::app::i18n::locale::Locale;
use crate::app::i18n::words::{illegal, landing, moves, stones};
use crate::app::screens::training::calendar::today;
use crate::app::screens::training::choose::{LeavePuzzles, PuzzleChoice};
use crate::app::screens::training::drill_run::{Drill, Flash, find, seed};
use crate::app::screens::training::set::{PuzzleSet, PuzzleSetHandle, load_puzzles, puzzles};
use crate::app::state::clock::ClockTime;
use crate::app::state::launch::Launch;
use crate::app::state::messages::Toast;
use crate::app::state::panels::{Panel, Panels, Question};
use crate::app::state::screen::{Frame, Screen};
use crate::app::state::session::{BoardOwner, PlayHole, Session, SessionControl};
use crate::app::state::settings::Settings;

/// The player's rating below which the caption says what to look for (a capture, a tuzdik…).
pub const FIRST_LEVEL: f64 = 1000.0;

/// The puzzle being solved and where the player is in it.
#[derive(Resource, Default)]
pub struct TrainingRun {
    pub puzzle: Option<Puzzle>,
    pub(crate) attempt: Option<Attempt>,
    pub phase: Phase,
    /// What is said under the caption.
    pub said: String,
    /// The player's rating when the puzzle began (the change is told when it ends).
    pub(crate) rating_before: f64,
    /// A move to play once the board has come to rest: the computer's reply, or its answer to a wrong
    /// move.
    pub(crate) queued: Option<Hole>,
    /// The wrong move's explanation, searched off the frame.
    pub(crate) explaining: Option<SearchTask<Wrong>>,
    /// Asked to start the puzzle again once the board is still (after a wrong move and its answer).
    pub(crate) restart: bool,
    /// The board the wrong move being explained was played on.
    pub(crate) wrong_from: Option<Position>,
    /// The puzzle posed is the puzzle of the day.
    pub daily: bool,
    /// The next puzzle to pose is the puzzle of the day (asked in the chooser).
    pub(crate) want_daily: bool,
    /// What the training poses: puzzles, or a drill.
    pub drill: Drill,
    /// A choice made in the menu, taken once the puzzles are read.
    pub(crate) pending: Option<PuzzleChoice>,
    /// The next puzzle is posed once the board is still (a drill's puzzle solved).
    pub(crate) advance: bool,
    /// Time won or lost in a Storm, shown for a moment.
    pub flash: Option<Flash>,
    /// The board's generation a move was last sent for: what comes next (the computer's reply, the next
    /// puzzle, the puzzle again) waits until the board has played it and come to rest. Sent in the frame of
    /// the tap, a reply was asked for the board before the tap's move and dropped as stale.
    pub(crate) sent: Option<u64>,
    /// The puzzles cannot be read: no choice in the menu can help (none left of a theme, another can).
    pub(crate) broken: bool,
    /// Said over the next puzzle posed (the missed puzzles all replayed).
    pub(crate) notice: Option<String>,
    /// A Storm just ended: its end card is to be opened (once: Back closes it for a look at the board).
    pub show_end: bool,
    /// After a miss, the right move's hole (on the player's side) to light once the board is still, with
    /// the wrong move and the computer's answer played (`panel::light_right_move`).
    pub(crate) light: Option<(Side, Hole)>,
    /// The player's rating once this missed puzzle is finished: a miss is certain from the wrong move on,
    /// so what it costs is told at once and shown in the header (the progress records it when the puzzle
    /// is finished, at the same value). Only in the rated puzzles.
    pub missed_rating: Option<f64>,
}

/// Where a puzzle is.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Phase {
    /// The puzzles are being read.
    #[default]
    Loading,
    /// The puzzles cannot be read, or none is left: the words say why.
    Closed,
    /// The player's move is awaited.
    Solving,
    /// A wrong move is being looked at.
    Explaining,
    /// A wrong move was explained: "Try again" starts the puzzle over.
    Missed,
    /// Solved: "Next puzzle".
    Solved,
    /// A drill ended: a Storm's time ran out, a Streak missed (or every puzzle of it solved).
    Over,
}

/// The training's words on screen.
#[derive(Component, Copy, Clone, Debug, PartialEq, Eq)]
pub enum TrainingText {
    Header,
    Caption,
    Said,
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<TrainingRun>()
        .add_systems(
            OnEnter(Screen::Training),
            (
                load_puzzles,
                |mut run: ResMut<TrainingRun>, launch: Option<Res<Launch>>, mut once: Local<bool>| {
                    // `--training storm|streak` opens the drill the first time; a plain `--training`, the puzzles.
                    let drill = launch
                        .and_then(|l| launched_drill(&l))
                        .filter(|_| !std::mem::replace(&mut *once, true));
                    *run = TrainingRun { pending: drill, ..default() };
                },
            ),
        )
        .add_systems(OnExit(Screen::Training), leave_training)
        .add_systems(
            Update,
            (leave_or_ask, take_choice, start_puzzle, take_taps, finish_explaining, play_queued)
                .chain()
                .in_set(Frame::Input)
                .run_if(in_state(Screen::Training)),
        );
}

/// The drill the command line asks for.
fn launched_drill(launch: &Launch) -> Option<PuzzleChoice> {
    match launch.drill.as_deref() {
        Some("storm") => Some(PuzzleChoice::Storm),
        Some("streak") => Some(PuzzleChoice::Streak),
        _ => None,
    }
}

/// Puts a puzzle's board up: the side to play is the player, at the bottom; the computer answers.
fn pose(board: &mut SessionControl, position: Position) {
    let human = position.side_to_move();
    board.replace(
        Game::from_position(Mode::Computer { level: Level::HARD, human }, position),
        BoardOwner::Puzzle,
    );
}

/// Opens the next puzzle once the puzzles are read (and after "Next puzzle").
fn start_puzzle(
    mut run: ResMut<TrainingRun>,
    mut board: SessionControl,
    mut settings: ResMut<Settings>,
    mut panels: ResMut<Panels>,
    locale: Res<Locale>,
    time: ClockTime,
    handle: Option<Res<PuzzleSetHandle>>,
    sets: Option<Res<Assets<PuzzleSet>>>,
    assets: Option<Res<AssetServer>>,
) {
    if run.phase != Phase::Loading {
        return;
    }
    let Some(read) = puzzles(handle.as_deref(), sets.as_deref(), assets.as_deref()) else { return };
    let all = match read {
        Ok(all) => all,
        Err(why) => {
            run.phase = Phase::Closed;
            run.broken = true;
            run.said = locale.f("training.broken", &[("why", &why)]);
            return;
        }
    };
    // A miss left by a killed app (or by a choice made in the menu after a wrong move) is counted first.
    if settings.training.pending_miss.is_some() {
        settings.training.settle_pending(all, today());
    }
    if let Some(choice) = run.pending.take() {
        run.want_daily = choice == PuzzleChoice::Daily;
        run.drill = Drill::begin(choice, all, &settings.training, today(), seed());
        run.flash = None;
        if let Drill::Streak(streak) = &run.drill {
            settings.training.drills.streak_changed(streak);
        }
        // A player's first Storm and first Streak tell their rules on a card over the first puzzle (a new
        // player met a clock, combos and a vanishing Skip unexplained). Kept as told once shown: the
        // card's Start, Back or a tap beside it all close it, and a Storm's clock waits for the first move.
        let records = &mut settings.training.drills;
        let told = match &run.drill {
            Drill::Storm(_) => Some(&mut records.storm_told),
            Drill::Streak(_) => Some(&mut records.streak_told),
            _ => None,
        };
        if let Some(told) = told.filter(|told| !**told) {
            *told = true;
            panels.open(Panel::DrillRules);
        }
    }
    let now = time.now();
    let wanted = match &run.drill {
        Drill::Puzzles if run.want_daily => daily(all, today()),
        Drill::Puzzles => settings.training.next(all, settings.training.theme, today()),
        drill => match drill.current(now) {
            Some(id) => match find(all, id) {
                Some(puzzle) => Some(puzzle),
                None => {
                    // An id of an older set (a streak saved before the puzzles changed): the next one.
                    run.drill.pass_unknown();
                    return;
                }
            },
            None => None,
        },
    };
    let Some(puzzle) = wanted.cloned() else {
        match &mut run.drill {
            Drill::Puzzles => {
                run.phase = Phase::Closed;
                run.said = locale.t("training.none");
            }
            Drill::Missed { queue, .. } => {
                let n = queue.len() as i64;
                run.drill = Drill::Puzzles;
                run.notice = Some(locale.n("drill.missed_done", n, &[]));
            }
            // A Storm out of time or of puzzles, a Streak with every puzzle solved: its end.
            _ => end_drill(&mut run, &mut settings.training),
        }
        return;
    };
    let (Ok(attempt), Ok(start)) = (Attempt::new(&puzzle), puzzle.start()) else {
        // Every puzzle was checked as it was read; this one cannot be opened all the same.
        run.phase = Phase::Closed;
        run.said = locale.f("training.broken", &[("why", &puzzle.id)]);
        return;
    };
    pose(&mut board, start);
    *run = TrainingRun {
        puzzle: Some(puzzle),
        attempt: Some(attempt),
        phase: Phase::Solving,
        // "Every missed puzzle replayed" stays up over the next puzzle; nothing else of the last one does.
        said: run.notice.take().unwrap_or_default(),
        rating_before: settings.training.rating,
        daily: run.want_daily && run.drill == Drill::Puzzles,
        drill: std::mem::take(&mut run.drill),
        flash: run.flash,
        ..default()
    };
}

/// A drill's end: a Storm's score kept (the day's best and the best ever) and its end card up; a Streak's
/// count kept. Nothing is counted after it.
pub(crate) fn end_drill(run: &mut TrainingRun, progress: &mut crate::puzzle::Progress) {
    run.explaining = None;
    run.queued = None;
    run.advance = false;
    match &mut run.drill {
        Drill::Storm(storm) => {
            storm.over = true;
            progress.drills.storm_ended(storm.storm.solved, storm.day);
        }
        Drill::Streak(streak) => progress.drills.streak_changed(streak),
        _ => {}
    }
    run.show_end = matches!(run.drill, Drill::Storm(_));
    run.phase = Phase::Over;
}

/// Leaving the puzzles: at once, unless a wrong move was played in the puzzle on the board, which then
/// counts as missed: the player is asked first (`Question::LeavePuzzle`).
fn leave_or_ask(
    mut requests: MessageReader<LeavePuzzles>,
    run: Res<TrainingRun>,
    mut panels: ResMut<Panels>,
    mut next: ResMut<NextState<Screen>>,
) {
    let Some(&LeavePuzzles(to)) = requests.read().last() else { return };
    let would_miss = run.attempt.as_ref().is_some_and(Attempt::was_missed)
        && !matches!(run.phase, Phase::Solved | Phase::Closed | Phase::Over)
        && run.drill.rated();
    if would_miss {
        panels.open(Panel::Question(Question::LeavePuzzle(to)));
    } else {
        next.set(to);
    }
}

/// A choice made in the chooser: the puzzle of the day, a theme from now on, a drill. The puzzle left is
/// not counted, unless a wrong move was played in it (the pending miss is counted as the next is posed).
fn take_choice(mut choices: MessageReader<PuzzleChoice>, mut run: ResMut<TrainingRun>) {
    let Some(&choice) = choices.read().last() else { return };
    if run.broken {
        return;
    }
    start_drill(&mut run, choice);
}

/// A tap on the board, judged by the puzzle; in a drill, counted by its rules as well.
fn take_taps(
    mut taps: MessageReader<BoardTap>,
    searches: Res<Searches>,
    mut run: ResMut<TrainingRun>,
    mut settings: ResMut<Settings>,
    session: Res<Session>,
    timeline: Res<Timeline>,
    locale: Res<Locale>,
    time: ClockTime,
    mut play: MessageWriter<PlayHole>,
    mut toasts: MessageWriter<Toast>,
) {
    let taps: Vec<Tapped> = taps.read().map(|t| t.0).collect();
    let Some(&Tapped::Hole(side, hole)) = taps.last() else { return };
    if run.phase != Phase::Solving || timeline.running() || run.queued.is_some() {
        return;
    }
    let now = time.now();
    // Past a Storm's last second nothing counts (its end card is on its way).
    if run.drill.storm().is_some_and(|s| s.storm.is_over(now)) {
        return;
    }
    let player = session.game.position().side_to_move();
    if side != player {
        toasts.write(Toast(locale.t("toast.computer_holes")));
        return;
    }
    let Some(attempt) = run.attempt.as_mut() else { return };
    let generation = session.generation;
    match attempt.judge(hole) {
        Judged::Illegal(e) => {
            toasts.write(Toast(illegal(&locale, e)));
        }
        Judged::Right { reply, solved } => {
            play.write(PlayHole { hole, generation });
            run.sent = Some(generation);
            run.queued = reply;
            if let Drill::Storm(storm) = &mut run.drill {
                let won = if solved { storm.storm.solved(now) } else { storm.storm.right_move(now) };
                if solved {
                    // Kept as it grows: a run cut short by a kill keeps its score.
                    settings.training.drills.storm_ended(storm.storm.solved, storm.day);
                }
                if let Some(ms) = won.filter(|&ms| ms > 0) {
                    run.flash = Some(Flash { ms: ms as i64, at: now });
                }
            }
            if solved {
                finish(&mut run, &mut settings, &locale);
            } else {
                run.said = locale.t("training.right");
            }
        }
        Judged::Wrong { position, hole, right, line, depth } => {
            if let Drill::Storm(storm) = &mut run.drill {
                // Ten seconds off, and the next puzzle at once: a Storm does not stop to explain.
                storm.storm.missed(now);
                run.flash = Some(Flash { ms: -(crate::drill::STORM_MISS_MS as i64), at: now });
                run.phase = Phase::Loading;
                return;
            }
            if let Drill::Streak(streak) = &mut run.drill {
                streak.miss();
                settings.training.drills.streak_changed(streak);
            }
            // Saved at once, so a kill before the puzzle is finished still counts it missed.
            if run.drill.rated() && settings.training.pending_miss.is_none() {
                settings.training.pending_miss = run.puzzle.as_ref().map(|p| p.id.clone());
            }
            // The rating the miss leaves, told with the explanation (kept from the first wrong move: the
            // puzzle counts as missed once).
            if run.drill.rated() && run.missed_rating.is_none() {
                run.missed_rating =
                    run.puzzle.as_ref().map(|p| settings.training.rating_after(p, Solve::Missed));
            }
            // The wrong move plays out while the computer looks at it.
            play.write(PlayHole { hole, generation });
            run.sent = Some(generation);
            run.explaining = Some(searches.spawn(move |cancel| async move {
                let [scored, reply] = explain_searches(&position, hole, depth);
                let scored = run_cooperatively(scored, &cancel).await;
                let reply = run_cooperatively(reply, &cancel).await;
                wrong_from(&position, hole, right, &line, scored.as_ref(), reply.as_ref())
            }));
            run.wrong_from = Some(position);
            run.phase = Phase::Explaining;
            run.said = locale.f("training.looking", &[("hole", &hole)]);
        }
    }
}

/// Leaving the puzzles: a search is cancelled, and a puzzle left after a wrong move counts as missed (it
/// would come back as new, and be solved clean, after a look at the openings). A puzzle only looked at is
/// not an attempt: leaving it costs nothing (it cost 20 points of rating, found in a new player's try). A
/// drill's puzzle is not rated: leaving it counts nothing.
fn leave_training(mut run: ResMut<TrainingRun>, mut settings: ResMut<Settings>, locale: Res<Locale>) {
    run.explaining = None;
    let missed = run.attempt.as_ref().is_some_and(Attempt::was_missed);
    if missed && run.phase != Phase::Solved && run.drill.rated() {
        finish(&mut run, &mut settings, &locale);
    }
    // Nothing of a drill is shown once the puzzles are left (a streak under way is in the save).
    run.drill = Drill::Puzzles;
}

/// A solved (or skipped) puzzle moves the rating and is saved with the settings.
pub(crate) fn finish(run: &mut TrainingRun, settings: &mut Settings, locale: &Locale) {
    let (Some(puzzle), Some(attempt)) = (run.puzzle.as_ref(), run.attempt.as_ref()) else { return };
    let solve = attempt.result();
    if !run.drill.rated() {
        run.phase = Phase::Solved;
        match &mut run.drill {
            // Solved: the next one comes once the board is still.
            Drill::Storm(_) => {
                run.said = locale.t("training.right");
                run.advance = true;
            }
            Drill::Streak(streak) => {
                streak.solved();
                settings.training.drills.streak_changed(streak);
                run.said = locale.n("drill.streak_solved", i64::from(streak.count), &[]);
                run.advance = true;
            }
            _ => run.said = locale.t("drill.again_solved"),
        }
        return;
    }
    settings.training.finish(puzzle, solve, today());
    if run.daily && solve != Solve::Missed {
        settings.training.daily_done = Some(today());
    }
    let change = (settings.training.rating - run.rating_before).round() as i64;
    // In words: the bundled fonts have no star glyph.
    let stars = locale.n("training.stars", i64::from(solve.stars()), &[]);
    let rating = settings.training.rating.round() as i64;
    let (rating, change) = (&rating as &dyn std::fmt::Display, &signed(change) as &dyn std::fmt::Display);
    run.said = match solve {
        // Solved in the end, after a wrong move: it still comes back.
        Solve::Missed if attempt.solved() => {
            locale.f("training.solved_late", &[("rating", rating), ("change", change)])
        }
        Solve::Missed => locale.f("training.skipped", &[("rating", rating), ("change", change)]),
        // A hint makes a solve count half (Elo's 0.5), so the rating may even go down: said why.
        Solve::Hinted(_) => {
            locale.f("training.solved_hinted", &[("stars", &stars), ("rating", rating), ("change", change)])
        }
        Solve::Clean => {
            locale.f("training.solved", &[("stars", &stars), ("rating", rating), ("change", change)])
        }
    };
    run.phase = Phase::Solved;
}

/// A rating change with its sign: "+12", "0", and "–21" with an en dash for the minus (the bundled fonts
/// have no minus sign; the hyphen `to_string` gave read as a dash, not a loss).
fn signed(n: i64) -> String {
    match n.cmp(&0) {
        std::cmp::Ordering::Greater => format!("+{n}"),
        std::cmp::Ordering::Less => format!("\u{2013}{}", n.unsigned_abs()),
        std::cmp::Ordering::Equal => "0".to_string(),
    }
}

/// The right move named, and what it would have won over the wrong one, counted on the board
/// (`puzzle::Cost`: never more stones than the board holds). Where its gain does not show within the
/// moves counted, the words say it comes later rather than give a number.
fn best_move_words(locale: &Locale, wrong: &Wrong) -> String {
    let cost = wrong.counted;
    let hole = wrong.right;
    let over = moves(locale, i64::from(cost.moves));
    let (won, kept) = (stones(locale, i64::from(cost.won)), stones(locale, i64::from(cost.kept)));
    match (cost.won, cost.kept) {
        (0, 0) => locale.f("training.best_later", &[("hole", &hole)]),
        (_, 0) => locale.f("training.best_wins", &[("hole", &hole), ("moves", &over), ("stones", &won)]),
        (0, _) => locale.f("training.best_keeps", &[("hole", &hole), ("moves", &over), ("stones", &kept)]),
        _ => locale
            .f("training.best_both", &[("hole", &hole), ("moves", &over), ("won", &won), ("kept", &kept)]),
    }
}

/// The explanation of a wrong move, once searched: the words (what it did, the computer's answer, the
/// right move and what it would have won, the rating the miss leaves), then the computer's answer on the
/// board, then the right move's hole lit.
fn finish_explaining(mut run: ResMut<TrainingRun>, session: Res<Session>, locale: Res<Locale>) {
    let Some(wrong) = run.explaining.as_mut().and_then(SearchTask::poll) else { return };
    run.explaining = None;
    let mode = session.game.mode;
    // What the moves do is read from the rules, on the boards they were played on.
    let Some(before) = run.wrong_from else { return };
    let does = before
        .landing(wrong.hole)
        .map_or_else(|_| String::new(), |l| landing(&locale, &mode, wrong.hole, &l));
    let said = match wrong.reply {
        Some((reply, _)) => {
            let mut after = before;
            after.play_unchecked(wrong.hole);
            let answer =
                after.landing(reply).map_or_else(|_| String::new(), |l| landing(&locale, &mode, reply, &l));
            run.queued = Some(reply);
            locale.f("training.wrong", &[("does", &does), ("answer", &answer)])
        }
        None => locale.f("training.wrong_end", &[("does", &does)]),
    };
    let mut said = format!("{said} {}", best_move_words(&locale, &wrong));
    if let Some(after) = run.missed_rating {
        let (rating, change) = (after.round() as i64, signed((after - run.rating_before).round() as i64));
        let told = locale.f("training.miss_rating", &[("rating", &rating), ("change", &change)]);
        said = format!("{said} {told}");
    }
    run.said = said;
    // The right move's place on the board, on the player's side of the board it was missed on.
    run.light = Some((before.side_to_move(), wrong.right));
    run.phase = Phase::Missed;
    // A Streak ends at its miss: said first, over the explanation.
    if let Some(streak) = run.drill.streak() {
        let over = locale.n("drill.streak_over", i64::from(streak.count), &[]);
        run.said = format!("{over} {}", run.said);
        run.phase = Phase::Over;
    }
}

/// Plays the queued move once the board is still, and starts the puzzle over when asked.
fn play_queued(
    mut run: ResMut<TrainingRun>,
    mut board: SessionControl,
    timeline: Res<Timeline>,
    mut play: MessageWriter<PlayHole>,
) {
    let generation = board.get().generation;
    if timeline.running() || run.sent.is_some_and(|sent| generation <= sent) {
        return;
    }
    run.sent = None;
    if let Some(hole) = run.queued.take() {
        play.write(PlayHole { hole, generation });
        run.sent = Some(generation);
        return;
    }
    if run.advance {
        run.advance = false;
        run.phase = Phase::Loading;
        return;
    }
    if run.restart {
        run.restart = false;
        // Not lit over the puzzle's start: the light was for the board the move was missed on.
        run.light = None;
        let Some(start) = run.puzzle.as_ref().and_then(|p| p.start().ok()) else { return };
        pose(&mut board, start);
        run.phase = Phase::Solving;
        run.said.clear();
    }
}

/// Starts what a choice asks for, once the puzzles are read (the end card's Play again, the menu's).
pub(crate) fn start_drill(run: &mut TrainingRun, choice: PuzzleChoice) {
    run.explaining = None;
    run.queued = None;
    run.advance = false;
    run.restart = false;
    run.sent = None;
    run.pending = Some(choice);
    run.phase = Phase::Loading;
}
