//! Training puzzles, as data, and what a player's training needs around them. Each puzzle is a position of
//! a master game where the side to move has one clearly best move (proved by the engine's search, see
//! `toguz-engine puzzles`), read from RON files under `assets/puzzles/` (listed, in order, by
//! `assets/puzzles/index.ron`).
//!
//! Invariants a puzzle keeps (checked by [`check`], through the rules; nothing here re-implements one): its
//! position is legal with 162 stones and the game not over; its `solution` alternates the player's moves
//! and the computer's replies, player first and last (1, 3 or 5 holes), and every hole of it is legal in
//! turn.
//!
//! Pure Rust, no Bevy. Beside the data: judging a tap ([`Attempt`]), what a wrong move cost, counted on
//! the board by the rules ([`count_cost`]; never more stones than the board holds), proving a move unique
//! ([`prove`]), the player's puzzle rating, the spaced repetition of missed puzzles, the next puzzle and
//! the daily one ([`Progress`]).
//!
//! **The rating is Elo.** A puzzle's rating is fixed (from the generator); the player's rating `R` moves
//! after each finished puzzle of rating `P` by `K × (S − E)`, where `E = 1 / (1 + 10^((P − R) / 400))` is
//! the expected score and `S` is 1 for a clean solve, ½ for a solve that needed a hint, 0 for a miss.
//! `K` is 40 for the first [`PROVISIONAL`] puzzles (a new player finds their level fast), then 20. Elo over
//! Glicko-2: one number to save and explain, and the puzzles' own ratings never move, so the confidence
//! Glicko tracks would only ever be the player's.

use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::ai::analysis::stones;
use crate::ai::{Iteration, Limits, Search, Step};
use crate::rules::{Hole, IllegalMove, LandingEffect, Position, Side, Status};

mod progress;

pub use progress::{Due, FEW_TRIED, Progress, Solve, ThemeRating, ThemeStats, daily};

/// A puzzle's best move beats every other by at least this many stones of the search's score (a forced
/// win counts as every stone, see [`stones`]).
pub const MARGIN_STONES: f32 = 4.0;
/// The most player moves a puzzle asks for.
pub const MAX_PLAYER_MOVES: usize = 3;
/// The player's rating before any puzzle: a beginner's.
pub const START_RATING: f64 = 800.0;
/// The puzzles played with the larger Elo factor.
pub const PROVISIONAL: u32 = 20;
/// Days until a missed puzzle comes back: after the miss, then after each solve of it on its day.
pub const REVIEW_DAYS: [i64; 3] = [1, 3, 7];
/// The deepest a wrong move is explained at: the generator proves every puzzle at this depth (before
/// any deeper confirmation), and a fresh search scores the root moves exactly as that proof did, so a
/// wrong move costs at least [`MARGIN_STONES`]; deeper would keep a phone thinking for seconds.
pub const EXPLAIN_DEPTH: u8 = 12;
/// How far beyond the nearest untried puzzle's gap to the player's rating another untried puzzle may be
/// and still be chosen for its theme (see [`Progress::next`]).
pub const THEME_WINDOW: f64 = 150.0;
/// Hash table of each search here, in MiB.
const TABLE_MIB: usize = 4;

/// What a puzzle is about, from what its first move does (named by the generator, asking the rules).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Theme {
    /// The move takes an even count, and that is its point.
    Capture,
    /// The move makes a tuzdik.
    Tuzdik,
    /// The move stops the opponent's biggest capture.
    Defence,
    /// Few stones left on the board: the count decides.
    Endgame,
    /// A kazan is near 82: the move wins the race or keeps the opponent from it.
    Race,
    /// A quiet move that wins stones later in the line.
    Combination,
}

impl Theme {
    pub const ALL: [Theme; 6] =
        [Theme::Capture, Theme::Tuzdik, Theme::Defence, Theme::Endgame, Theme::Race, Theme::Combination];

    /// The name in the data files (and the locale keys' tail).
    pub fn name(self) -> &'static str {
        match self {
            Theme::Capture => "capture",
            Theme::Tuzdik => "tuzdik",
            Theme::Defence => "defence",
            Theme::Endgame => "endgame",
            Theme::Race => "race",
            Theme::Combination => "combination",
        }
    }
}

/// Where a puzzle comes from: the game's number in the master games' file and the move number there.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Source {
    pub game: u32,
    pub move_number: u32,
}

/// One puzzle.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Puzzle {
    /// Stable across regenerations (made from the source): progress is saved by it.
    pub id: String,
    /// An engine position string; the side to move is the player.
    pub position: String,
    /// The player's moves and the computer's replies between them, player first and last.
    pub solution: Vec<u8>,
    pub theme: Theme,
    pub source: Source,
    /// Difficulty on the players' rating scale, about 800..2200.
    pub rating: u32,
    /// The search depth (plies) the solution's moves were proved unique at.
    pub depth: u8,
}

impl Puzzle {
    /// The position the player starts from.
    pub fn start(&self) -> Result<Position, String> {
        self.position.parse::<Position>().map_err(|e| format!("puzzle {}: position: {e}", self.id))
    }

    /// The solution's holes, checked to be hole numbers.
    pub fn holes(&self) -> Result<Vec<Hole>, String> {
        self.solution
            .iter()
            .map(|&n| Hole::new(n).ok_or_else(|| format!("puzzle {}: '{n}' is not a hole (1 to 9)", self.id)))
            .collect()
    }

    /// How many moves the player makes.
    pub fn player_moves(&self) -> usize {
        self.solution.len().div_ceil(2)
    }
}

/// The rules-level checks of one puzzle: a legal position with 162 stones and the game going on, a
/// solution of 1, 3 or 5 holes, each legal in turn.
pub fn check(puzzle: &Puzzle) -> Result<(), String> {
    let mut position = puzzle.start()?;
    let holes = puzzle.holes()?;
    if holes.is_empty() || holes.len().is_multiple_of(2) || holes.len() > 2 * MAX_PLAYER_MOVES - 1 {
        return Err(format!(
            "puzzle {}: a solution is 1 to {MAX_PLAYER_MOVES} player moves with a reply between each two \
             (1, 3 or 5 holes), not {}",
            puzzle.id,
            holes.len()
        ));
    }
    if position.is_over() {
        return Err(format!("puzzle {}: the game is already over in its position", puzzle.id));
    }
    for (i, hole) in holes.into_iter().enumerate() {
        position.play(hole).map_err(|e| format!("puzzle {}: solution move {}: {e}", puzzle.id, i + 1))?;
    }
    Ok(())
}

/// The index file: the puzzle files in order.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Index {
    files: Vec<String>,
}

/// One puzzle file.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct PuzzleFile {
    puzzles: Vec<Puzzle>,
}

/// The puzzles' folder under the assets folder.
pub const DIR: &str = "puzzles";
/// The index file's name in that folder.
pub const INDEX: &str = "index.ron";

/// The puzzle files the index lists (names in the puzzles' folder).
pub fn index_files(index: &str) -> Result<Vec<String>, String> {
    let index: Index = ron::from_str(index).map_err(|e| format!("{INDEX}: {e}"))?;
    Ok(index.files)
}

/// Reads one puzzle file (`name` for the messages), every puzzle checked against the rules.
pub fn parse_file(name: &str, text: &str) -> Result<Vec<Puzzle>, String> {
    let file: PuzzleFile = ron::from_str(text).map_err(|e| format!("{name}: {e}"))?;
    for puzzle in &file.puzzles {
        check(puzzle).map_err(|e| format!("{name}: {e}"))?;
    }
    Ok(file.puzzles)
}

/// Reads every puzzle the index lists; `read` gives the text of a file of the puzzles' folder. Ids are
/// unique across the files.
pub fn parse_all(
    index: &str,
    mut read: impl FnMut(&str) -> Result<String, String>,
) -> Result<Vec<Puzzle>, String> {
    let mut all: Vec<Puzzle> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for path in index_files(index)? {
        let text = read(&path).map_err(|e| format!("{path}: {e}"))?;
        for puzzle in parse_file(&path, &text)? {
            if !seen.insert(puzzle.id.clone()) {
                return Err(format!("{path}: puzzle id {} is used twice", puzzle.id));
            }
            all.push(puzzle);
        }
    }
    Ok(all)
}

/// Reads the puzzles from a puzzles' folder on disk (tools and tests).
pub fn load(dir: &Path) -> Result<Vec<Puzzle>, String> {
    let index = std::fs::read_to_string(dir.join(INDEX)).map_err(|e| format!("{INDEX}: {e}"))?;
    parse_all(&index, |name| std::fs::read_to_string(dir.join(name)).map_err(|e| e.to_string()))
}

/// The text of a puzzle file and of the index (the generator writes them).
pub fn file_text(puzzles: &[Puzzle]) -> Result<String, String> {
    let file = PuzzleFile { puzzles: puzzles.to_vec() };
    let config = ron::ser::PrettyConfig::new().depth_limit(2).struct_names(false);
    ron::ser::to_string_pretty(&file, config).map_err(|e| e.to_string())
}

pub fn index_text(files: &[String]) -> Result<String, String> {
    let config = ron::ser::PrettyConfig::new();
    ron::ser::to_string_pretty(&Index { files: files.to_vec() }, config).map_err(|e| e.to_string())
}

/// A deep look at one position: its best move, by how many stones it beats the next best, and each
/// iteration of the search (every root move scored at each depth).
#[derive(Clone, Debug)]
pub struct Proof {
    pub best: Hole,
    pub margin: f32,
    pub iterations: Vec<Iteration>,
}

impl Proof {
    pub fn is_unique(&self) -> bool {
        self.margin >= MARGIN_STONES
    }

    /// The shallowest depth from which the best move stays on top at every depth: how deep a player must
    /// look to find it.
    pub fn found_at(&self) -> u8 {
        let mut found = self.iterations.last().map_or(0, |it| it.depth);
        for it in self.iterations.iter().rev() {
            if top(it).map(|(hole, _)| hole) != Some(self.best) {
                break;
            }
            found = it.depth;
        }
        found
    }
}

/// An iteration's best root move and its margin (in stones) over the next.
fn top(it: &Iteration) -> Option<(Hole, f32)> {
    let &(best, score) = it.root_scores.iter().max_by_key(|&&(_, s)| s)?;
    // `stones` keeps the order of scores, so the next best score is the next best in stones.
    let second = it.root_scores.iter().filter(|&&(h, _)| h != best).map(|&(_, s)| s).max();
    Some((best, second.map_or(f32::INFINITY, |s| stones(score) - stones(s))))
}

/// Searches `position` to `depth` with every root move scored; `None` when there is no move.
pub fn prove(position: &Position, depth: u8) -> Option<Proof> {
    let limits = Limits { depth: Some(depth), ..Limits::default() };
    let mut search = Search::new(*position, limits, TABLE_MIB).all_root_scores();
    let mut iterations = Vec::new();
    loop {
        let step = search.step(50_000, 0);
        iterations.extend(search.take_iterations());
        if let Step::Done(last) = step {
            if iterations.last().map(|it| it.depth) != Some(last.depth) && !last.pv.is_empty() {
                iterations.push(last);
            }
            break;
        }
    }
    let (best, margin) = top(iterations.last()?)?;
    Some(Proof { best, margin, iterations })
}

/// Re-proves a puzzle at `depth`: each of the player's moves is the best by the margin.
///
/// `margin` is the stones each move must beat every other by: [`MARGIN_STONES`] for the proof itself; a
/// cheaper depth than the puzzle's sees less of the line, so it may ask only that the move stays best.
pub fn reprove(puzzle: &Puzzle, depth: u8, margin: f32) -> Result<(), String> {
    let mut position = puzzle.start()?;
    for (i, hole) in puzzle.holes()?.into_iter().enumerate() {
        if i.is_multiple_of(2) {
            let proof =
                prove(&position, depth).ok_or_else(|| format!("puzzle {}: no move to prove", puzzle.id))?;
            if proof.best != hole || proof.margin < margin {
                return Err(format!(
                    "puzzle {}: move {} at depth {depth}: the search prefers {} by {:.2} stones; \
                     {hole} by {margin} was proved",
                    puzzle.id,
                    i + 1,
                    proof.best,
                    proof.margin
                ));
            }
        }
        position.play(hole).map_err(|e| format!("puzzle {}: move {}: {e}", puzzle.id, i + 1))?;
    }
    Ok(())
}

/// What a tap on a hole means in a puzzle.
#[derive(Clone, Debug, PartialEq)]
pub enum Tap {
    /// The solution's move: it is played, then `reply` (the computer's) unless the puzzle is `solved`.
    Right { reply: Option<Hole>, solved: bool },
    /// Another legal move: what it does and costs. The puzzle starts again.
    Wrong(Wrong),
    /// Not a move (an empty hole, the opponent's tuzdik): nothing happens.
    Illegal(IllegalMove),
}

/// A wrong move explained in the rules' words and the engine's.
#[derive(Clone, Debug, PartialEq)]
pub struct Wrong {
    pub hole: Hole,
    /// The move that was right where the wrong one was played: named to the player and lit on the board.
    pub right: Hole,
    /// What the wrong move itself does.
    pub does: LandingEffect,
    /// The engine's best reply to it, and what that does ("Black answers 5 and takes 14").
    pub reply: Option<(Hole, LandingEffect)>,
    /// Stones the wrong move loses against the right one, as the search sees it (never below 0). Not a
    /// count of stones on the board: a forced win scores as every stone, a tuzdik as its future income
    /// (a player was told "95 stones" with 48 on the board). The proof's margin is checked against it;
    /// the player is told [`Wrong::counted`].
    pub costs: f32,
    /// What the right move wins over the wrong one, counted on the board by the rules: what the player is
    /// told.
    pub counted: Cost,
}

/// What the right move wins over a wrong one, counted by the rules along the two lines played out from the
/// same board for the same number of moves: the stones each side has banked at the end of each (its
/// kazan, or its final score where the game ended on the way), compared. A tuzdik counts as the stones
/// it has taken by then, never as what the engine thinks it is worth.
///
/// Invariant: `won` and `kept` are each at most the stones on the board the lines start from (no side can
/// bank more than is there); both zero when the right move's gain does not show within the lines.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Cost {
    /// Stones the player banks more with the right move.
    pub won: u8,
    /// Stones the opponent banks fewer with the right move.
    pub kept: u8,
    /// The moves (both sides') the lines were counted over.
    pub moves: u8,
}

/// Counts what the line `right` wins over the line `wrong` (see [`Cost`]), both played from `position`
/// for at most `moves` moves (fewer where a line is shorter, the same number for both). A line stops early
/// at a move the rules refuse or at the game's end.
///
/// Each side's gain is compared: the player's (what the right move wins) and the opponent's (what it
/// keeps from them). Where both favour the right move both are told; otherwise the two are netted into
/// the one that is larger, so a capture given back later in the line is taken off what was won. Every
/// number told is thereby at most the stones on the board.
pub fn count_cost(position: &Position, right: &[Hole], wrong: &[Hole], moves: usize) -> Cost {
    let moves = moves.min(right.len()).min(wrong.len());
    let me = position.side_to_move();
    let (mine_right, theirs_right) = banked_after(position, &right[..moves], me);
    let (mine_wrong, theirs_wrong) = banked_after(position, &wrong[..moves], me);
    let won = i32::from(mine_right) - i32::from(mine_wrong);
    let kept = i32::from(theirs_wrong) - i32::from(theirs_right);
    let (won, kept) = if won > 0 && kept > 0 {
        (won, kept)
    } else if won + kept <= 0 {
        (0, 0)
    } else if won >= kept {
        (won + kept, 0)
    } else {
        (0, won + kept)
    };
    let count = |n: i32| u8::try_from(n).unwrap_or(u8::MAX);
    Cost { won: count(won), kept: count(kept), moves: u8::try_from(moves).unwrap_or(u8::MAX) }
}

/// The stones `me` and the opponent have banked after `line` is played from `position`: their kazans, or
/// their final scores once the game is over (the rules give the stones left on the board to the side
/// they are on). Stops at a move the rules refuse.
fn banked_after(position: &Position, line: &[Hole], me: Side) -> (u8, u8) {
    let mut board = *position;
    for &hole in line {
        if board.play(hole).is_err() {
            break;
        }
    }
    let score = match board.status() {
        Status::Finished(outcome) => outcome.score,
        Status::Ongoing => [board.kazan(Side::White), board.kazan(Side::Black)],
    };
    (score[me.index()], score[me.opponent().index()])
}

/// One try at a puzzle: where the board is, and what the player has needed so far.
#[derive(Clone, Debug)]
pub struct Attempt {
    start: Position,
    solution: Vec<Hole>,
    position: Position,
    /// Index in `solution` of the next move to play (always a player move between taps).
    next: usize,
    missed: bool,
    hints: u8,
    /// The depth a wrong move is explained at (see [`EXPLAIN_DEPTH`]).
    depth: u8,
}

impl Attempt {
    pub fn new(puzzle: &Puzzle) -> Result<Attempt, String> {
        check(puzzle)?;
        let start = puzzle.start()?;
        Ok(Attempt {
            start,
            solution: puzzle.holes()?,
            position: start,
            next: 0,
            missed: false,
            hints: 0,
            depth: puzzle.depth.clamp(1, EXPLAIN_DEPTH),
        })
    }

    /// The board now: the player is to move, unless the puzzle is solved.
    pub fn position(&self) -> Position {
        self.position
    }

    pub fn solved(&self) -> bool {
        self.next >= self.solution.len()
    }

    /// The hole to light for a hint (it costs stars).
    pub fn hint(&mut self) -> Option<Hole> {
        let hole = self.solution.get(self.next).copied()?;
        self.hints = self.hints.saturating_add(1);
        Some(hole)
    }

    /// Judges a tap on the player's hole `hole`. A wrong move is explained by two searches to
    /// [`EXPLAIN_DEPTH`] (a tenth of a second or so each on a desktop): the app judges with [`Attempt::judge`]
    /// and runs the searches ([`explain_searches`]) off the frame, a slice at a time.
    pub fn tap(&mut self, hole: Hole) -> Tap {
        match self.judge(hole) {
            Judged::Right { reply, solved } => Tap::Right { reply, solved },
            Judged::Illegal(e) => Tap::Illegal(e),
            Judged::Wrong { position, hole, right, line, depth } => {
                let [scored, reply] = explain_searches(&position, hole, depth);
                let scored = search_to_end(scored);
                let reply = search_to_end(reply);
                Tap::Wrong(wrong_from(&position, hole, right, &line, scored.as_ref(), reply.as_ref()))
            }
        }
    }

    /// Judges a tap without searching: the right move is played (with the computer's reply); a wrong one
    /// sends the puzzle back to its start and says where it was played, to be explained.
    pub fn judge(&mut self, hole: Hole) -> Judged {
        let Some(&right) = self.solution.get(self.next) else {
            return Judged::Illegal(IllegalMove::GameOver);
        };
        if let Err(e) = self.position.check(hole) {
            return Judged::Illegal(e);
        }
        if hole == right {
            self.position.play_unchecked(hole);
            let reply = self.solution.get(self.next + 1).copied();
            if let Some(reply) = reply {
                self.position.play_unchecked(reply);
            }
            self.next += 2;
            return Judged::Right { reply, solved: self.solved() };
        }
        let position = self.position;
        let line = self.solution[self.next..].to_vec();
        self.missed = true;
        self.position = self.start;
        self.next = 0;
        Judged::Wrong { position, hole, right, line, depth: self.depth }
    }

    /// Gives the puzzle up: it counts as missed.
    pub fn give_up(&mut self) {
        self.missed = true;
    }

    /// A wrong move was played (or the puzzle was given up): left now, the puzzle counts as missed. A
    /// puzzle only looked at, or left after right moves or a hint, is not an attempt.
    pub fn was_missed(&self) -> bool {
        self.missed
    }

    /// How the try went, once the puzzle is solved or given up.
    pub fn result(&self) -> Solve {
        match (self.solved(), self.missed, self.hints) {
            (true, false, 0) => Solve::Clean,
            (true, false, hints) => Solve::Hinted(hints),
            _ => Solve::Missed,
        }
    }
}

/// What a tap was, before any search: see [`Attempt::judge`].
#[derive(Clone, Debug, PartialEq)]
pub enum Judged {
    /// The solution's move: played, with the computer's `reply` unless the puzzle is `solved`.
    Right { reply: Option<Hole>, solved: bool },
    /// Another legal move, played in `position` instead of `right`: explained at `depth`. `line` is the
    /// puzzle's line from there (`right` first, then the computer's replies and the player's next moves),
    /// which what the wrong move cost is counted along.
    Wrong { position: Position, hole: Hole, right: Hole, line: Vec<Hole>, depth: u8 },
    /// Not a move: nothing happens.
    Illegal(IllegalMove),
}

/// The two searches that explain `hole` played in `position`: every root move scored at `depth` (what
/// the wrong move costs against the right one), and the best reply to it one ply shallower. At the
/// proof's depth the search scores the root moves as the proof did (a fresh search is deterministic,
/// however it is sliced), so a wrong move costs at least [`MARGIN_STONES`].
pub fn explain_searches(position: &Position, hole: Hole, depth: u8) -> [Search; 2] {
    let limits = |depth: u8| Limits { depth: Some(depth), ..Limits::default() };
    let scored = Search::new(*position, limits(depth), TABLE_MIB).all_root_scores();
    let mut after = *position;
    after.play_unchecked(hole);
    let reply = Search::new(after, limits(depth.saturating_sub(1).max(1)), TABLE_MIB);
    [scored, reply]
}

/// A wrong move explained from the results of [`explain_searches`] (`None` where a search found no move);
/// `line` is the puzzle's line from `position`, `right` first.
///
/// What it cost is counted ([`count_cost`]) over the puzzle's line and the computer's answer after it
/// (one move more: a defence shows only in the capture the wrong move lets through), against the wrong
/// move and the engine's best line after it. The right line is the engine's when it follows the
/// puzzle's, else the puzzle's alone (then counted over that many moves).
pub fn wrong_from(
    position: &Position,
    hole: Hole,
    right: Hole,
    line: &[Hole],
    scored: Option<&Iteration>,
    reply: Option<&Iteration>,
) -> Wrong {
    let does = position.landing(hole).map_or(LandingEffect::Nothing, |l| l.effect);
    let mut costs = 0.0;
    if let Some(it) = scored {
        let score = |h: Hole| it.root_scores.iter().find(|&&(m, _)| m == h).map(|&(_, s)| stones(s));
        if let (Some(r), Some(w)) = (score(right), score(hole)) {
            costs = (r - w).max(0.0);
        }
    }
    let puzzle_line: Vec<Hole> = if line.first() == Some(&right) { line.to_vec() } else { vec![right] };
    let right_line = match scored {
        Some(it) if it.pv.starts_with(&puzzle_line) => it.pv.clone(),
        _ => puzzle_line.clone(),
    };
    let mut wrong_line = vec![hole];
    if let Some(it) = reply {
        wrong_line.extend(it.pv.iter().copied());
    }
    let counted = count_cost(position, &right_line, &wrong_line, puzzle_line.len() + 1);
    let mut after = *position;
    after.play_unchecked(hole);
    let reply = reply
        .filter(|it| !it.pv.is_empty())
        .and_then(|it| Some((it.best(), after.landing(it.best()).ok()?.effect)));
    Wrong { hole, right, does, reply, costs, counted }
}

/// Runs a search to its end on this thread (tools and tests; the app slices it).
fn search_to_end(mut search: Search) -> Option<Iteration> {
    loop {
        if let Step::Done(last) = search.step(50_000, 0) {
            return (!last.pv.is_empty()).then_some(last);
        }
    }
}

/// `count` puzzles from easy to hard: the puzzles sorted by rating and cut into `count` bands of one size,
/// one chosen from each band by the seed. Fewer when there are fewer puzzles.
pub fn rising(puzzles: &[Puzzle], count: usize, seed: u64) -> Vec<String> {
    let mut sorted: Vec<&Puzzle> = puzzles.iter().collect();
    sorted.sort_by(|a, b| a.rating.cmp(&b.rating).then_with(|| a.id.cmp(&b.id)));
    let count = count.min(sorted.len());
    (0..count)
        .map(|band| {
            let (from, to) = (band * sorted.len() / count, (band + 1) * sorted.len() / count);
            let pick = from + (mix(seed, band as u64) % (to - from) as u64) as usize;
            sorted[pick].id.clone()
        })
        .collect()
}

/// A well-spread number from a seed and a place (SplitMix64's finaliser).
fn mix(seed: u64, place: u64) -> u64 {
    let mut z = seed ^ place.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
