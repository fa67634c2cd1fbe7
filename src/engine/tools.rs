//! The engine's tools beside the protocol: `bench`, `match` and `tune`.

use std::time::Instant;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::ai::eval::{Weights, evaluate};
use crate::ai::weights::WEIGHTS;
use crate::ai::{Limits, Player, Search, search_blocking};
use crate::rules::notation::replay_all;
use crate::rules::{Position, Side, Status};

/// Fixed positions for `bench`: the start and mid-games of the master games (perft.txt's positions).
pub const BENCH_POSITIONS: [&str; 6] = [
    "9,9,9,9,9,9,9,9,9 9,9,9,9,9,9,9,9,9 0,0 0,0 w",
    "1,2,20,7,19,0,1,2,0 0,0,6,18,6,7,5,1,1 42,24 1,6 w",
    "0,1,3,3,1,0,3,4,1 0,3,5,2,14,1,2,1,12 54,52 1,6 b",
    "5,0,2,16,3,1,3,18,3 0,4,15,3,16,1,4,0,5 33,30 8,2 w",
    "1,0,2,2,6,1,2,22,2 0,1,20,0,21,1,10,0,1 36,34 8,2 b",
    "1,11,0,2,4,23,2,2,5 2,1,18,0,16,2,4,2,5 34,28 4,3 w",
];

/// Searches each bench position to `depth` and times perft 8 from the start; prints one line each.
pub fn bench(depth: u8) -> Vec<String> {
    let mut lines = Vec::new();
    let start = Instant::now();
    let leaves = Position::start().perft(8);
    let secs = start.elapsed().as_secs_f64();
    lines.push(format!(
        "perft 8 from the start: {leaves} leaves in {:.3} s, {:.0} leaves/s",
        secs,
        leaves as f64 / secs
    ));
    let mut total_nodes = 0;
    let mut total_time = 0.0;
    for fen in BENCH_POSITIONS {
        let pos: Position = fen.parse().expect("bench positions are valid");
        let start = Instant::now();
        let mut search = Search::new(pos, Limits { depth: Some(depth), ..Limits::default() }, 16);
        let result = search_blocking(&mut search, || 0);
        let secs = start.elapsed().as_secs_f64();
        total_nodes += result.nodes;
        total_time += secs;
        lines.push(format!(
            "{fen}: depth {} bestmove {} score {} nodes {} time {:.0} ms nps {:.0}",
            result.depth,
            result.pv.first().map_or("-".to_string(), ToString::to_string),
            result.score,
            result.nodes,
            secs * 1000.0,
            result.nodes as f64 / secs
        ));
    }
    lines.push(format!(
        "bench depth {depth}: {total_nodes} nodes in {:.0} ms, {:.0} nodes/s",
        total_time * 1000.0,
        total_nodes as f64 / total_time
    ));
    lines
}

/// The result of a match from the first player's point of view.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct MatchScore {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

impl MatchScore {
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }
    /// Points per game, draws counting half, in percent.
    pub fn percent(&self) -> f64 {
        if self.games() == 0 {
            return 0.0;
        }
        (f64::from(self.wins) + f64::from(self.draws) / 2.0) * 100.0 / f64::from(self.games())
    }
}

/// Plays one game: the `opening` choices first (each picks among the legal moves), then the players.
/// Returns the end and the holes played.
pub fn play_game(white: &Player, black: &Player, opening: &[u8], seed: u64) -> (Status, Vec<u8>) {
    let mut pos = Position::start();
    let mut moves = Vec::new();
    let mut rng = StdRng::seed_from_u64(seed);
    let played = &mut moves;
    for &choice in opening {
        let moves: Vec<_> = pos.legal_moves().collect();
        if moves.is_empty() {
            break;
        }
        let hole = moves[usize::from(choice) % moves.len()];
        pos.play_unchecked(hole);
        played.push(hole.number());
    }
    while !pos.is_over() {
        let player = if pos.side_to_move() == Side::White { white } else { black };
        let start = Instant::now();
        let Some(mv) = player.choose(&pos, &mut rng, || start.elapsed().as_millis() as u64) else { break };
        pos.play_unchecked(mv);
        moves.push(mv.number());
    }
    (pos.status(), moves)
}

/// Match options beyond the two players.
#[derive(Clone, Debug)]
pub struct MatchOptions {
    pub games: u32,
    pub threads: usize,
    pub seed: u64,
    /// Random plies before the players take over (each opening is played twice, colours swapped).
    pub opening_plies: usize,
    pub progress: bool,
}

/// A finished match: the score and every game (holes played, result tag).
pub struct MatchResult {
    pub score: MatchScore,
    pub games: Vec<(Vec<u8>, &'static str)>,
}

impl MatchResult {
    /// The games as a TGK file, replayed through the rules.
    pub fn to_tgk(&self, white_a: &str, black_b: &str) -> String {
        let mut out = String::new();
        for (i, (moves, result)) in self.games.iter().enumerate() {
            let mut pos = Position::start();
            let outcomes: Vec<_> = moves
                .iter()
                .filter_map(|&n| crate::rules::Hole::new(n).and_then(|h| pos.play(h).ok()))
                .collect();
            let (white, black) = if i % 2 == 0 { (white_a, black_b) } else { (black_b, white_a) };
            let tags = vec![
                ("Game".to_string(), (i + 1).to_string()),
                ("Event".to_string(), "toguz-engine match".to_string()),
                ("White".to_string(), white.to_string()),
                ("Black".to_string(), black.to_string()),
                ("Result".to_string(), result.to_string()),
            ];
            out.push_str(&crate::rules::notation::GameRecord::from_outcomes(tags, &outcomes).to_tgk());
            out.push('\n');
        }
        out
    }
}

/// Plays `games` games between `a` and `b`: each opening twice, colours swapped, on `threads` threads.
pub fn run_match(a: Player, b: Player, opts: &MatchOptions) -> MatchResult {
    let MatchOptions { games, threads, seed, opening_plies, progress } = *opts;
    let pairs = games.div_ceil(2);
    let mut openings_rng = StdRng::seed_from_u64(seed);
    let openings: Vec<Vec<u8>> =
        (0..pairs).map(|_| (0..opening_plies).map(|_| openings_rng.random_range(0..9u8)).collect()).collect();
    let jobs: Vec<(u32, bool)> = (0..games).map(|g| (g / 2, g % 2 == 0)).collect();
    let next = std::sync::atomic::AtomicUsize::new(0);
    let results = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        // No more threads than games: a thread with no game to play is only a cost.
        for _ in 0..threads.clamp(1, jobs.len().max(1)) {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let Some(&(pair, a_white)) = jobs.get(i) else { break };
                    let opening = &openings[pair as usize];
                    let game_seed = seed ^ (u64::from(pair) << 1) ^ u64::from(a_white);
                    let (status, moves) = if a_white {
                        play_game(&a, &b, opening, game_seed)
                    } else {
                        play_game(&b, &a, opening, game_seed)
                    };
                    let a_side = if a_white { Side::White } else { Side::Black };
                    let points = match status {
                        Status::Finished(o) => match o.winner {
                            Some(w) if w == a_side => 2,
                            Some(_) => 0,
                            None => 1,
                        },
                        Status::Ongoing => 1,
                    };
                    if progress {
                        eprintln!("game {}: {}", i + 1, ["loss", "draw", "win"][points]);
                    }
                    let tag = match status {
                        Status::Finished(o) => match o.winner {
                            Some(Side::White) => "1-0",
                            Some(Side::Black) => "0-1",
                            None => "1/2-1/2",
                        },
                        Status::Ongoing => "*",
                    };
                    results.lock().expect("no panics while holding the lock").push((i, points, moves, tag));
                }
            });
        }
    });
    let mut score = MatchScore::default();
    let mut results = results.into_inner().expect("threads done");
    results.sort_by_key(|r| r.0);
    let mut games = Vec::new();
    for (_, points, moves, tag) in results {
        match points {
            2 => score.wins += 1,
            1 => score.draws += 1,
            _ => score.losses += 1,
        }
        games.push((moves, tag));
    }
    MatchResult { score, games }
}

/// A position of a master game, with the game's result for the side to move (1, 0.5, 0).
struct Sample {
    pos: Position,
    result: f64,
}

fn samples(text: &str) -> Vec<Sample> {
    let mut out = Vec::new();
    for (game, replay) in replay_all(text) {
        let Ok(positions) = replay else { continue };
        let white = match game.tag("Result") {
            Some("1-0") => 1.0,
            Some("0-1") => 0.0,
            Some("1/2-1/2") => 0.5,
            _ => continue,
        };
        // Skip the opening, which every game shares, and finished positions.
        for pos in positions.iter().skip(8).filter(|p| !p.is_over()) {
            let result = if pos.side_to_move() == Side::White { white } else { 1.0 - white };
            out.push(Sample { pos: *pos, result });
        }
    }
    out
}

fn error(samples: &[Sample], w: &Weights, k: f64) -> f64 {
    let sum: f64 = samples
        .iter()
        .map(|s| {
            let e = f64::from(evaluate(&s.pos, w));
            let p = 1.0 / (1.0 + (-k * e / 100.0).exp());
            (s.result - p).powi(2)
        })
        .sum();
    sum / samples.len() as f64
}

/// The logistic scale that best maps evaluations (in stones) to results: (error, k).
fn fit_scale(samples: &[Sample], w: &Weights) -> (f64, f64) {
    let mut best = (f64::MAX, 0.0);
    for i in 1..=300 {
        let k = f64::from(i) * 0.002;
        let e = error(samples, w, k);
        if e < best.0 {
            best = (e, k);
        }
    }
    best
}

/// Texel tuning on the master games: fits the evaluation's weights to the games' results by
/// coordinate descent on the logistic error. Returns a report and the new `weights.rs`.
pub fn tune(texts: &[String], rounds: u32) -> (Vec<String>, String) {
    let samples: Vec<Sample> = texts.iter().flat_map(|t| samples(t)).collect();
    let mut report = vec![format!("{} positions from the games", samples.len())];
    // Scale first: how sharply an evaluation in stones predicts the result.
    let best_k = fit_scale(&samples, &WEIGHTS);
    let k = best_k.1;
    report.push(format!("scale k = {k:.2}, error with the current weights {:.5}", best_k.0));
    let mut v = WEIGHTS.to_vec();
    let mut best = best_k.0;
    for round in 0..rounds {
        let mut improved = false;
        for i in 0..v.len() {
            for step in [40, 10, 3] {
                loop {
                    let mut moved = false;
                    for dir in [1, -1] {
                        let mut trial = v.clone();
                        trial[i] += dir * step;
                        let e = error(&samples, &Weights::from_slice(&trial), k);
                        if e < best {
                            best = e;
                            v = trial;
                            moved = true;
                            improved = true;
                            break;
                        }
                    }
                    if !moved {
                        break;
                    }
                }
            }
        }
        report.push(format!("round {}: error {best:.5}", round + 1));
        if !improved {
            break;
        }
    }
    let w = Weights::from_slice(&v);
    for (name, value) in Weights::NAMES.iter().zip(&v) {
        report.push(format!("{name} = {value}"));
    }
    (report, weights_file(&w))
}

/// The text of `src/ai/weights.rs` for these weights.
pub fn weights_file(w: &Weights) -> String {
    let t = w.tuzdik.map(|x| x.to_string()).join(", ");
    format!(
        "//! The evaluation's weights, in hundredths of a stone. This is the one reviewed file the tuner
//! (`toguz-engine tune`) rewrites: re-run it after changing the evaluation's terms, review the diff.

use super::eval::Weights;

pub const WEIGHTS: Weights = Weights {{
    // Owning a tuzdik on the opponent's hole 1..8: stones it is expected to bring in.
    tuzdik: [{t}],
    side_stones: {},
    side_stones_endgame: {},
    mobility: {},
    threat_to_move: {},
    threat_waiting: {},
    big_hole: {},
    tempo: {},
}};
",
        w.side_stones,
        w.side_stones_endgame,
        w.mobility,
        w.threat_to_move,
        w.threat_waiting,
        w.big_hole,
        w.tempo
    )
}
