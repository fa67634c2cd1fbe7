//! How people play, for tuning and measuring the ladder's levels against real games (`toguz-engine
//! people` and `toguz-engine agree`, docs/ai.md "The ladder").
//!
//! Games are split in two by their place in the file: the even ones (0, 2, 4, …) tune, the odd ones
//! measure. A level's figures are only ever quoted on games it was not tuned on.

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use rand::SeedableRng;
use rand::rngs::StdRng;

use crate::ai::analysis::{analysis_search, stones};
use crate::ai::person::depth_scores;
use crate::ai::{Player, search_blocking};
use crate::rules::notation::replay_all;
use crate::rules::{Hole, Position, Side};

/// Which half of the games a command reads.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Half {
    Tune,
    Measure,
    All,
}

impl Half {
    pub fn parse(word: &str) -> Option<Half> {
        match word {
            "tune" => Some(Half::Tune),
            "measure" => Some(Half::Measure),
            "all" => Some(Half::All),
            _ => None,
        }
    }

    fn keeps(self, index: usize) -> bool {
        match self {
            Half::Tune => index.is_multiple_of(2),
            Half::Measure => !index.is_multiple_of(2),
            Half::All => true,
        }
    }
}

/// One move a rated person played: the position, the hole, and the mover's 200-point band.
#[derive(Clone, Debug)]
pub struct PersonMove {
    pub game: usize,
    pub band: u32,
    pub position: Position,
    pub played: Hole,
}

/// The moves of the rated players in `text` (PlayOK records with `WhiteElo`/`BlackElo`), in the given
/// half of the games.
pub fn person_moves(text: &str, half: Half) -> Vec<PersonMove> {
    let mut out = Vec::new();
    for (index, (record, replayed)) in replay_all(text).into_iter().enumerate() {
        if !half.keeps(index) {
            continue;
        }
        let Ok(positions) = replayed else { continue };
        let elo = |side: &str| record.tag(&format!("{side}Elo")).and_then(|e| e.trim().parse::<u32>().ok());
        let (Some(white), Some(black)) = (elo("White"), elo("Black")) else { continue };
        for (position, mv) in positions.iter().zip(&record.moves) {
            let elo = if position.side_to_move() == Side::White { white } else { black };
            out.push(PersonMove {
                game: index,
                band: elo / 200 * 200,
                position: *position,
                played: mv.text.hole,
            });
        }
    }
    out
}

/// Runs `work` over `items` on `threads` threads, keeping the items' order in the answers.
fn parallel<T: Sync, R: Send>(items: &[T], threads: usize, work: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let next = AtomicUsize::new(0);
    let done: Mutex<Vec<(usize, R)>> = Mutex::new(Vec::with_capacity(items.len()));
    std::thread::scope(|s| {
        for _ in 0..threads.max(1) {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(item) = items.get(i) else { break };
                    let r = work(item);
                    done.lock().unwrap_or_else(|e| e.into_inner()).push((i, r));
                }
            });
        }
    });
    let mut done = done.into_inner().unwrap_or_else(|e| e.into_inner());
    done.sort_by_key(|&(i, _)| i);
    done.into_iter().map(|(_, r)| r).collect()
}

/// One line a move for a fitting script: `band game hole` and, for each legal move, `hole:loss:s1:…:s6`,
/// its loss as review judges it (stones against the best move at the analysis depth) and its score in
/// stones at each depth from 1 to 6, as a person-like level reads them (`person::depth_scores`).
pub fn dump(moves: &[PersonMove], threads: usize) -> Vec<String> {
    parallel(moves, threads, |m| {
        let mut search = analysis_search(m.position);
        let last = search_blocking(&mut search, || 0);
        let best = last.root_scores.iter().map(|&(_, s)| stones(s)).fold(f32::MIN, f32::max);
        let mut line = format!("{} {} {}", m.band, m.game, m.played);
        for &(hole, score) in &last.root_scores {
            line.push_str(&format!(" {hole}:{:.2}", (best - stones(score)).max(0.0)));
            for s in depth_scores(&last, hole) {
                line.push_str(&format!(":{:.2}", stones(s)));
            }
        }
        line
    })
}

/// How often `player` plays the move the person played, per band: (band, moves, agreed).
pub fn agreement(
    moves: &[PersonMove],
    player: Player,
    threads: usize,
    seed: u64,
) -> Vec<(u32, usize, usize)> {
    let agreed = parallel(moves, threads, |m| {
        let mut rng = StdRng::seed_from_u64(seed ^ ((m.game as u64) << 20) ^ m.position.hash());
        player.choose(&m.position, &mut rng, || 0) == Some(m.played)
    });
    let mut bands: Vec<(u32, usize, usize)> = Vec::new();
    for (m, ok) in moves.iter().zip(agreed) {
        match bands.iter_mut().find(|b| b.0 == m.band) {
            Some(b) => {
                b.1 += 1;
                b.2 += usize::from(ok);
            }
            None => bands.push((m.band, 1, usize::from(ok))),
        }
    }
    bands.sort_unstable();
    bands
}
