//! `toguz-engine puzzles`: finds training puzzles in master games and re-proves shipped ones.
//!
//! Every position of every game is looked at once (positions the games share, the openings, once in
//! all): a shallow search with every root move scored keeps the positions where one move already stands
//! out ([`SHALLOW_MARGIN`]); a deep search proves each ([`crate::puzzle::prove`]): the best move must beat
//! every other by [`MARGIN_STONES`]. The line goes on while the player's next move (after the search's
//! best reply) is unique too, up to [`MAX_PLAYER_MOVES`]. The theme is what the first move does, asked of
//! the rules; the rating ranks the puzzles by how hard they are to see (how deep the search had to look,
//! how many moves look as good at a glance, how long the line is, whether it is just the biggest capture)
//! and spreads that rank over 800..2200. Nothing here re-implements a rule.

use std::collections::HashSet;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::ai::analysis::stones;
use crate::ai::hint::opponent_threat;
use crate::ai::{Limits, Search, search_blocking};
use crate::puzzle::{MARGIN_STONES, MAX_PLAYER_MOVES, Proof, Puzzle, Source, Theme, prove};
use crate::rules::notation::{move_number, replay_all};
use crate::rules::{Hole, LandingEffect, Position, Side, Status, WINNING_KAZAN};

/// The shallow pass keeps a position when its best move beats the next by this many stones.
pub const SHALLOW_MARGIN: f32 = 2.0;
/// The easiest and hardest ratings given.
pub const RATING_RANGE: (u32, u32) = (800, 2200);
/// At most this share of the puzzles is "take the biggest capture".
const GREEDY_SHARE: f64 = 0.2;
/// A kazan this close to 82 makes the position a race.
const RACE_KAZAN: u8 = WINNING_KAZAN - 12;
/// Stones left on the board at or below which a position is an endgame.
const ENDGAME_STONES: u32 = 40;

/// What `generate` is asked to do.
#[derive(Clone, Debug)]
pub struct Options {
    pub shallow: u8,
    pub deep: u8,
    pub threads: usize,
    /// Only the first games of each file (a quick sample to time the depths).
    pub games: Option<usize>,
    pub progress: bool,
}

/// A position of a game to look at.
struct Spot {
    position: Position,
    source: Source,
}

/// A proved puzzle before its rating is known.
struct Found {
    puzzle: Puzzle,
    /// Larger is harder; only its order matters.
    difficulty: f64,
    greedy: bool,
}

/// Runs `work` on every item on `threads` threads; the results keep the items' order.
fn par_map<'a, T: Sync, R: Send>(
    items: &'a [T],
    threads: usize,
    progress: Option<&str>,
    work: impl Fn(&'a T) -> Option<R> + Sync,
) -> Vec<R> {
    let next = AtomicUsize::new(0);
    let results = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..threads.clamp(1, items.len().max(1)) {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(item) = items.get(i) else { break };
                    if let Some(what) = progress
                        && i.is_multiple_of(500)
                    {
                        eprintln!("{what}: {i} of {}", items.len());
                    }
                    if let Some(r) = work(item) {
                        results.lock().expect("no panics while holding the lock").push((i, r));
                    }
                }
            });
        }
    });
    let mut results = results.into_inner().expect("threads done");
    results.sort_by_key(|(i, _)| *i);
    results.into_iter().map(|(_, r)| r).collect()
}

/// Every position of the games, each once, with where it was first met.
fn spots(texts: &[String], games: Option<usize>) -> (Vec<Spot>, usize) {
    let mut seen = HashSet::new();
    let mut spots = Vec::new();
    let mut read = 0;
    for text in texts {
        for (i, (game, replay)) in replay_all(text).into_iter().enumerate().take(games.unwrap_or(usize::MAX))
        {
            let Ok(positions) = replay else { continue };
            read += 1;
            let number = game.tag("Game").and_then(|g| g.parse().ok()).unwrap_or(i as u32 + 1);
            let first = positions[0].side_to_move();
            for (ply, position) in positions.iter().enumerate() {
                if position.is_over() || position.legal_moves().len() < 2 || !seen.insert(*position) {
                    continue;
                }
                let (n, _) = move_number(first, ply);
                spots.push(Spot {
                    position: *position,
                    source: Source { game: number, move_number: n as u32 },
                });
            }
        }
    }
    (spots, read)
}

/// The shallow look: does one move stand out already?
fn stands_out(position: &Position, depth: u8) -> bool {
    let limits = Limits { depth: Some(depth), ..Limits::default() };
    let mut search = Search::new(*position, limits, 1).all_root_scores();
    let result = search_blocking(&mut search, || 0);
    let mut scores: Vec<f32> = result.root_scores.iter().map(|&(_, s)| stones(s)).collect();
    scores.sort_by(|a, b| b.total_cmp(a));
    matches!(scores.as_slice(), [best, second, ..] if best - second >= SHALLOW_MARGIN)
}

/// The move that takes the most at once (a tuzdik counting its three stones), if any takes anything.
fn greedy_move(position: &Position) -> Option<Hole> {
    let take = |hole: Hole| {
        let p = position.preview(hole);
        p.captured + if p.tuzdik.is_some() { 3 } else { 0 }
    };
    position.legal_moves().max_by_key(|&h| (take(h), std::cmp::Reverse(h.number()))).filter(|&h| take(h) > 0)
}

/// Moves that look as good as the best at the shallowest depth (within a stone): the player's choices
/// at a glance.
fn plausible(proof: &Proof) -> usize {
    let Some(first) = proof.iterations.first() else { return 1 };
    let scores: Vec<f32> = first.root_scores.iter().map(|&(_, s)| stones(s)).collect();
    let top = scores.iter().copied().fold(f32::MIN, f32::max);
    scores.iter().filter(|&&s| s >= top - 1.0).count()
}

/// What the puzzle is about, from what its moves do.
fn theme(start: &Position, solution: &[Hole], forced: bool) -> Theme {
    let me = start.side_to_move();
    let mut line = *start;
    let mut ends_won = false;
    let mut later_tuzdik = false;
    for (i, &hole) in solution.iter().enumerate() {
        let Ok(outcome) = line.play(hole) else { break };
        if i > 0 && i.is_multiple_of(2) && outcome.new_tuzdik.is_some() {
            later_tuzdik = true;
        }
        if let Status::Finished(o) = outcome.status {
            ends_won = o.winner == Some(me);
        }
    }
    let near_82 = start.kazan(me).max(start.kazan(me.opponent())) >= RACE_KAZAN;
    if ends_won || (near_82 && forced) || line.kazan(me) >= WINNING_KAZAN {
        return Theme::Race;
    }
    let on_board =
        u32::from(start.stones_on_side(Side::White)) + u32::from(start.stones_on_side(Side::Black));
    if on_board <= ENDGAME_STONES || near_82 {
        return Theme::Endgame;
    }
    let first = solution[0];
    let effect = start.landing(first).map_or(LandingEffect::Nothing, |l| l.effect);
    if effect == LandingEffect::Tuzdik {
        return Theme::Tuzdik;
    }
    let captured = if let LandingEffect::Capture(n) = effect { n } else { 0 };
    let mut after = *start;
    after.play_unchecked(first);
    let (threat_before, tuzdik_before) = opponent_threat(start);
    let (threat_after, tuzdik_after) = opponent_threat(&after.with_side_to_move(me));
    let saved = threat_before.saturating_sub(threat_after);
    if (saved >= 4 && saved > captured) || (captured == 0 && tuzdik_before && !tuzdik_after) {
        return Theme::Defence;
    }
    if captured > 0 {
        Theme::Capture
    } else if later_tuzdik {
        Theme::Tuzdik
    } else {
        Theme::Combination
    }
}

/// Proves one position and follows its line; `None` when no move is clearly best.
fn build(spot: &Spot, depth: u8) -> Option<Found> {
    let first = prove(&spot.position, depth)?;
    if !first.is_unique() {
        return None;
    }
    let mut solution = vec![first.best];
    let mut found_at = first.found_at();
    let mut line = spot.position;
    line.play_unchecked(first.best);
    let mut proof = first.clone();
    while solution.len() < 2 * MAX_PLAYER_MOVES - 1 && !line.is_over() {
        // The computer answers with the deep search's best reply.
        let reply = match proof.iterations.last().and_then(|it| it.pv.get(1)).copied() {
            Some(r) if line.check(r).is_ok() => r,
            _ => prove(&line, depth.saturating_sub(1).max(1))?.best,
        };
        let mut next = line;
        next.play_unchecked(reply);
        if next.is_over() || next.legal_moves().len() < 2 {
            break;
        }
        let Some(again) = prove(&next, depth).filter(Proof::is_unique) else { break };
        solution.extend([reply, again.best]);
        found_at = found_at.max(again.found_at());
        line = next;
        line.play_unchecked(again.best);
        proof = again;
    }
    let greedy = greedy_move(&spot.position) == Some(first.best);
    let forced = first.iterations.last().is_some_and(|it| crate::ai::forced_result(it.score).is_some());
    let player_moves = solution.len().div_ceil(2);
    let difficulty = f64::from(found_at) + 0.7 * (plausible(&first) as f64 - 1.0) + 1.5 * (player_moves as f64 - 1.0)
        - if greedy { 1.5 } else { 0.0 }
        // A smaller margin is a subtler puzzle: the tie-break within a depth.
        - f64::from(first.margin.min(20.0)) / 20.0;
    let side = if spot.position.side_to_move() == Side::White { "w" } else { "b" };
    let puzzle = Puzzle {
        id: format!("g{}-{}{side}", spot.source.game, spot.source.move_number),
        position: spot.position.to_string(),
        solution: solution.iter().map(|h| h.number()).collect(),
        theme: theme(&spot.position, &solution, forced),
        source: spot.source,
        rating: 0,
        depth,
    };
    Some(Found { puzzle, difficulty, greedy })
}

/// Finds the puzzles in the games of `texts`, rated and sorted easiest first; and a report of the run.
pub fn generate(texts: &[String], opts: &Options) -> (Vec<Puzzle>, Vec<String>) {
    let start = std::time::Instant::now();
    let mut report = Vec::new();
    let (spots, games) = spots(texts, opts.games);
    report.push(format!("{games} games, {} distinct positions with a choice", spots.len()));
    let progress = |what| opts.progress.then_some(what);
    let candidates: Vec<&Spot> = par_map(&spots, opts.threads, progress("shallow"), |s| {
        stands_out(&s.position, opts.shallow).then_some(s)
    });
    report.push(format!(
        "shallow pass (depth {}): {} candidates in {:.0} s",
        opts.shallow,
        candidates.len(),
        start.elapsed().as_secs_f64()
    ));
    let found = par_map(&candidates, opts.threads, progress("deep"), |s| build(s, opts.deep));
    report.push(format!(
        "deep pass (depth {}): {} proved in {:.0} s in all",
        opts.deep,
        found.len(),
        start.elapsed().as_secs_f64()
    ));
    let puzzles = rate(found);
    report.push(format!("{} puzzles kept ({:.0} s in all)", puzzles.len(), start.elapsed().as_secs_f64()));
    (puzzles, report)
}

/// Keeps the greedy puzzles to their share (the easiest of them), then spreads the difficulty's rank over
/// the rating range: the easiest at 800, the hardest at 2200.
fn rate(found: Vec<Found>) -> Vec<Puzzle> {
    let (mut greedy, mut kept): (Vec<Found>, Vec<Found>) = found.into_iter().partition(|f| f.greedy);
    let room = ((kept.len() as f64) * GREEDY_SHARE / (1.0 - GREEDY_SHARE)).round() as usize;
    greedy.sort_by(|a, b| a.difficulty.total_cmp(&b.difficulty).then_with(|| a.puzzle.id.cmp(&b.puzzle.id)));
    greedy.truncate(room);
    kept.extend(greedy);
    kept.sort_by(|a, b| a.difficulty.total_cmp(&b.difficulty).then_with(|| a.puzzle.id.cmp(&b.puzzle.id)));
    spread(kept.into_iter().map(|f| (f.difficulty, f.puzzle)).collect())
}

/// Gives puzzles ranked easiest first (with their difficulty) ratings spread evenly over the range:
/// the easiest at 800, the hardest at 2200, equal difficulty equal rating.
fn spread(ranked: Vec<(f64, Puzzle)>) -> Vec<Puzzle> {
    let (low, high) = RATING_RANGE;
    let last = ranked.len().saturating_sub(1).max(1) as f64;
    let mut puzzles: Vec<Puzzle> = Vec::with_capacity(ranked.len());
    let mut previous: Option<(f64, u32)> = None;
    for (rank, (difficulty, puzzle)) in ranked.into_iter().enumerate() {
        let rating = match previous {
            Some((d, r)) if d == difficulty => r,
            _ => low + ((f64::from(high - low) * rank as f64 / last / 10.0).round() as u32) * 10,
        };
        previous = Some((difficulty, rating));
        puzzles.push(Puzzle { rating, ..puzzle });
    }
    puzzles
}

/// A second, deeper proof: keeps the puzzles whose every move is still the best by the margin at
/// `depth`, records that depth, and spreads the survivors' ratings again in their old order (the
/// hardest are the likeliest to fall). Returns the survivors and how many fell. The first proof (at
/// most [`crate::puzzle::EXPLAIN_DEPTH`]) still holds: wrong moves are explained at it.
pub fn confirm(puzzles: &[Puzzle], depth: u8, threads: usize, progress: bool) -> (Vec<Puzzle>, usize) {
    let progress = progress.then_some("confirm");
    let mut kept = par_map(puzzles, threads, progress, |p| {
        crate::puzzle::reprove(p, depth, MARGIN_STONES).is_ok().then(|| Puzzle { depth, ..p.clone() })
    });
    let fell = puzzles.len() - kept.len();
    kept.sort_by(|a, b| a.rating.cmp(&b.rating).then_with(|| a.id.cmp(&b.id)));
    (spread(kept.into_iter().map(|p| (f64::from(p.rating), p)).collect()), fell)
}

/// Re-proves `puzzles` (each at `depth`, or at its own): one line per failure, and a summary.
pub fn check(puzzles: &[Puzzle], depth: Option<u8>, threads: usize) -> (usize, Vec<String>) {
    let failures = par_map(puzzles, threads, None, |p| {
        crate::puzzle::reprove(p, depth.unwrap_or(p.depth), MARGIN_STONES).err()
    });
    (failures.len(), failures)
}

/// `sample` puzzles spread evenly over the set (all when `None` or more than there are).
pub fn sample(puzzles: &[Puzzle], sample: Option<usize>) -> Vec<Puzzle> {
    match sample {
        Some(n) if n > 0 && n < puzzles.len() => {
            (0..n).map(|i| puzzles[i * puzzles.len() / n].clone()).collect()
        }
        _ => puzzles.to_vec(),
    }
}
