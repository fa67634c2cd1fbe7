//! Iterative-deepening principal-variation search, written as an explicit stack of frames so that it can
//! stop after any number of nodes and carry on later: the app's async task advances it a slice at a time
//! and yields between slices, so a frame is never blocked, even on a single-threaded target. No threads.

use crate::rules::{Hole, Position, Side, Status};

use super::eval::{STONE, Weights, evaluate};
use super::tt::{Bound, Table};
use super::weights::WEIGHTS;

/// A score beyond any evaluation: a won game. A win in `n` plies scores `WIN - n`.
pub const WIN: i32 = 30_000;
/// Scores at or beyond this are forced results.
pub const WIN_BOUND: i32 = WIN - 1_000;
const INF: i32 = WIN + 1;
/// The deepest search: iterations stop here, and the frame stack never grows beyond it.
pub const MAX_DEPTH: u8 = 64;
const MAX_PLY: usize = MAX_DEPTH as usize + 1;
/// Half-width of the first aspiration window; it widens fourfold on each failure.
const ASPIRATION: i32 = 100;
/// Nodes this close to the horizon neither probe nor fill the table.
const TABLE_MIN_DEPTH: i32 = 2;

/// What stops a search. `None` everywhere means "until told to stop".
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    pub depth: Option<u8>,
    pub nodes: Option<u64>,
    /// Think time; the driver reports elapsed time to [`Search::step`].
    pub movetime_ms: Option<u64>,
}

/// One completed iteration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Iteration {
    pub depth: u8,
    /// From the side to move's point of view, hundredths of a stone, or `WIN - plies` for a forced win.
    pub score: i32,
    pub nodes: u64,
    pub pv: Vec<Hole>,
    /// With `all_root_scores`: every root move's exact score at this depth.
    pub root_scores: Vec<(Hole, i32)>,
    /// With `all_root_scores`: the `root_scores` of each earlier iteration, the shallowest first (the
    /// person-like levels weigh what each depth sees).
    pub shallower: Vec<Vec<(Hole, i32)>>,
}

impl Iteration {
    pub fn best(&self) -> Hole {
        self.pv[0]
    }
}

/// A search's answer for now, or its final one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// The slice ran out; call `step` again.
    Pending,
    /// The search is over: the last completed iteration.
    Done(Iteration),
}

/// A forced result, in moves of the side that wins, when the score says so.
pub fn forced_result(score: i32) -> Option<(bool, u32)> {
    if score >= WIN_BOUND {
        Some((true, ((WIN - score) as u32).div_ceil(2)))
    } else if score <= -WIN_BOUND {
        Some((false, ((WIN + score) as u32).div_ceil(2)))
    } else {
        None
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Phase {
    Enter,
    NextMove,
    Child,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Window {
    /// The child searched with the full window.
    Full,
    /// A null window, at full depth.
    Null,
    /// A null window, at reduced depth (late move reduction).
    Reduced,
}

#[derive(Copy, Clone)]
struct Frame {
    pos: Position,
    hash: u64,
    depth: i32,
    alpha: i32,
    beta: i32,
    alpha_orig: i32,
    moves: [Hole; 9],
    quiet: u16,
    count: u8,
    index: u8,
    best: i32,
    best_move: Option<Hole>,
    phase: Phase,
    window: Window,
}

impl Frame {
    fn new(pos: Position, depth: i32, alpha: i32, beta: i32) -> Frame {
        Frame {
            pos,
            hash: 0,
            depth,
            alpha,
            beta,
            alpha_orig: alpha,
            moves: [Hole::NINTH; 9],
            quiet: 0,
            count: 0,
            index: 0,
            best: -INF,
            best_move: None,
            phase: Phase::Enter,
            window: Window::Full,
        }
    }
}

/// A resumable search of one position.
pub struct Search {
    root: Position,
    limits: Limits,
    weights: Weights,
    table: Table,
    stack: Vec<Frame>,
    killers: [[Option<Hole>; 2]; MAX_PLY],
    history: [[i32; 9]; 2],
    nodes: u64,
    depth: u8,
    /// The aspiration window of the running iteration, and its current half-width.
    window: (i32, i32),
    delta: i32,
    /// The score of each completed depth (index = depth).
    scores: Vec<i32>,
    completed: Option<Iteration>,
    /// Iterations completed since the caller last took them (for `info` lines).
    fresh: Vec<Iteration>,
    all_root_scores: bool,
    root_scores: Vec<(Hole, i32)>,
    stopped: bool,
    /// Triangular principal-variation table: `pv[ply]` is the best line found below that ply.
    pv: Box<[[Hole; MAX_PLY]; MAX_PLY]>,
    pv_len: [usize; MAX_PLY],
    /// Filled when the search finishes.
    finished: Option<Iteration>,
}

impl Search {
    /// A search with a fresh hash table of `table_mib` MiB.
    pub fn new(root: Position, limits: Limits, table_mib: usize) -> Search {
        Search::with_table(root, limits, Table::new(table_mib))
    }

    /// A search that reuses a table from an earlier search (see [`Search::into_table`]).
    pub fn with_table(root: Position, limits: Limits, table: Table) -> Search {
        let mut search = Search {
            root,
            limits,
            weights: WEIGHTS,
            table,
            stack: Vec::with_capacity(MAX_PLY + 1),
            killers: [[None; 2]; MAX_PLY],
            history: [[0; 9]; 2],
            nodes: 0,
            depth: 0,
            window: (-INF, INF),
            delta: ASPIRATION,
            scores: vec![0],
            completed: None,
            fresh: Vec::new(),
            all_root_scores: false,
            root_scores: Vec::new(),
            stopped: false,
            pv: Box::new([[Hole::NINTH; MAX_PLY]; MAX_PLY]),
            pv_len: [0; MAX_PLY],
            finished: None,
        };
        search.table.new_search();
        if root.legal_moves().is_empty() {
            search.stopped = true;
        }
        search
    }

    /// Score every root move exactly (no pruning at the root): the easy level's choice needs them.
    pub fn all_root_scores(mut self) -> Search {
        self.all_root_scores = true;
        self
    }

    /// Evaluate with other weights (the tuner and experiments).
    pub fn weights(mut self, weights: Weights) -> Search {
        self.weights = weights;
        self
    }

    pub fn into_table(self) -> Table {
        self.table
    }

    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    pub fn root(&self) -> &Position {
        &self.root
    }

    /// Iterations completed since the last call.
    pub fn take_iterations(&mut self) -> Vec<Iteration> {
        std::mem::take(&mut self.fresh)
    }

    /// The best completed iteration so far.
    pub fn best_so_far(&self) -> Option<&Iteration> {
        self.completed.as_ref()
    }

    /// Stops the search: the next `step` returns the last completed iteration.
    pub fn stop(&mut self) {
        self.stopped = true;
    }

    /// Runs at most about `budget` nodes. `elapsed_ms` is the time since the search began, measured by
    /// the caller (the search keeps no clock, so it runs where `Instant` does not).
    pub fn step(&mut self, budget: u64, elapsed_ms: u64) -> Step {
        if let Some(done) = &self.finished {
            return Step::Done(done.clone());
        }
        if let Some(movetime) = self.limits.movetime_ms
            && elapsed_ms >= movetime
            && self.completed.is_some()
        {
            self.stopped = true;
        }
        let slice_end = self.nodes.saturating_add(budget.max(1));
        while !self.stopped {
            if self.stack.is_empty() {
                if !self.start_iteration(elapsed_ms) {
                    break;
                }
                continue;
            }
            if self.nodes >= slice_end {
                return Step::Pending;
            }
            if let Some(limit) = self.limits.nodes
                && self.nodes >= limit
                && self.completed.is_some()
            {
                self.stopped = true;
                break;
            }
            if let Some(value) = self.advance() {
                self.finish_iteration(value);
            }
        }
        self.finish()
    }

    fn finish(&mut self) -> Step {
        let result = match self.completed.clone() {
            Some(it) => it,
            None => {
                // No move to play (finished game): an empty answer the callers check for.
                Iteration {
                    depth: 0,
                    score: 0,
                    nodes: self.nodes,
                    pv: Vec::new(),
                    root_scores: Vec::new(),
                    shallower: Vec::new(),
                }
            }
        };
        self.stack.clear();
        self.finished = Some(result.clone());
        Step::Done(result)
    }

    /// Starts the next iteration; false when the search should end instead.
    fn start_iteration(&mut self, elapsed_ms: u64) -> bool {
        let next = self.depth + 1;
        let max = self.limits.depth.unwrap_or(MAX_DEPTH).min(MAX_DEPTH);
        if next > max {
            return false;
        }
        if let Some(done) = &self.completed {
            // A forced result found with a full window needs no deeper look.
            if done.score.abs() >= WIN_BOUND && u32::from(done.depth) > (WIN - done.score.abs()) as u32 {
                return false;
            }
            // An iteration takes several times the last one: do not start what cannot finish.
            if let Some(movetime) = self.limits.movetime_ms
                && elapsed_ms * 2 >= movetime
            {
                return false;
            }
        }
        self.depth = next;
        self.root_scores.clear();
        // Scores swing between odd and even depths (who moves last), so the window is centred on the
        // score two plies shallower.
        let centre = usize::from(next).checked_sub(2).and_then(|i| self.scores.get(i)).copied();
        self.delta = ASPIRATION;
        let (alpha, beta) = match centre {
            Some(c) if next >= 5 && !self.all_root_scores && c.abs() < WIN_BOUND => {
                (c - self.delta, c + self.delta)
            }
            _ => (-INF, INF),
        };
        self.window = (alpha, beta);
        self.stack.push(Frame::new(self.root, i32::from(next), alpha, beta));
        true
    }

    fn finish_iteration(&mut self, value: i32) {
        let (alpha, beta) = self.window;
        if value <= alpha || value >= beta {
            // Outside the aspiration window: widen it on the failing side and search this depth again.
            self.delta = self.delta.saturating_mul(4);
            let wide = self.delta > 2_000;
            let (a, b) = if wide {
                (-INF, INF)
            } else if value <= alpha {
                (value - self.delta, beta)
            } else {
                (alpha, value + self.delta)
            };
            self.window = (a, b);
            self.root_scores.clear();
            self.stack.push(Frame::new(self.root, i32::from(self.depth), a, b));
            return;
        }
        self.scores.push(value);
        let pv = self.principal_variation();
        if pv.is_empty() {
            return;
        }
        let shallower = match &self.completed {
            Some(earlier) if self.all_root_scores => {
                let mut all = earlier.shallower.clone();
                all.push(earlier.root_scores.clone());
                all
            }
            _ => Vec::new(),
        };
        let iteration = Iteration {
            depth: self.depth,
            score: value,
            nodes: self.nodes,
            pv,
            root_scores: self.root_scores.clone(),
            shallower,
        };
        self.fresh.push(iteration.clone());
        self.completed = Some(iteration);
    }

    fn principal_variation(&self) -> Vec<Hole> {
        let mut pv: Vec<Hole> = self.pv[0][..self.pv_len[0]].to_vec();
        let mut pos = self.root;
        for &mv in &pv {
            pos.play_unchecked(mv);
        }
        // A line cut short by a table hit goes on with the table's moves.
        while pv.len() < usize::from(self.depth) {
            let Some(entry) = self.table.probe(pos.hash()) else { break };
            let Some(mv) = entry.best_move else { break };
            if pos.check(mv).is_err() {
                break;
            }
            pv.push(mv);
            pos.play_unchecked(mv);
        }
        pv
    }

    /// Runs one step of the frame on top of the stack. Returns the root's value when the root finishes.
    fn advance(&mut self) -> Option<i32> {
        let ply = self.stack.len() - 1;
        match self.stack[ply].phase {
            Phase::Enter => self.enter(ply),
            Phase::NextMove => self.next_move(ply),
            Phase::Child => unreachable!("a frame waiting for its child is never on top"),
        }
    }

    fn enter(&mut self, ply: usize) -> Option<i32> {
        self.nodes += 1;
        self.pv_len[ply] = 0;
        let pos = self.stack[ply].pos;
        let depth = self.stack[ply].depth;
        if pos.is_over() {
            return self.pop(terminal_score(&pos, ply));
        }
        if depth <= 0 || ply >= MAX_PLY - 1 {
            return self.pop(evaluate(&pos, &self.weights));
        }
        // Frontier nodes skip the table: their probes are mostly cache misses that save little.
        let use_table = depth >= TABLE_MIN_DEPTH;
        let hash = if use_table { pos.hash() } else { 0 };
        self.stack[ply].hash = hash;
        let legal = pos.legal_moves();
        let mut hash_move = None;
        let probed = if use_table { self.table.probe(hash) } else { None };
        if let Some(e) = probed {
            hash_move = e.best_move.filter(|&m| legal.contains(m));
            if ply > 0 && i32::from(e.depth) >= depth {
                let score = from_table(e.score, ply);
                let frame = &self.stack[ply];
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= frame.beta,
                    Bound::Upper => score <= frame.alpha,
                };
                if cut {
                    return self.pop(score);
                }
            }
        }
        let killers = self.killers[ply];
        let history = &self.history[pos.side_to_move().index()];
        let mut scored = [(0i32, Hole::NINTH); 9];
        let mut count = 0;
        let mut quiet = 0u16;
        for mv in legal {
            let p = pos.preview(mv);
            let take = i32::from(p.captured) * STONE
                + p.tuzdik.map_or(0, |h| 3 * STONE + self.weights.tuzdik[usize::from(h.number() - 1)]);
            let key = if Some(mv) == hash_move {
                1 << 30
            } else if take > 0 {
                (1 << 24) + take
            } else if Some(mv) == killers[0] {
                1 << 23
            } else if Some(mv) == killers[1] {
                (1 << 23) - 1
            } else {
                history[usize::from(mv.number() - 1)]
            };
            if take == 0 {
                quiet |= 1 << (mv.number() - 1);
            }
            scored[count] = (key, mv);
            count += 1;
        }
        // Insertion sort, best first: nine moves at most, and stable for determinism.
        for i in 1..count {
            let mut j = i;
            while j > 0 && scored[j - 1].0 < scored[j].0 {
                scored.swap(j - 1, j);
                j -= 1;
            }
        }
        let frame = &mut self.stack[ply];
        for (slot, (_, mv)) in frame.moves.iter_mut().zip(&scored[..count]) {
            *slot = *mv;
        }
        frame.count = count as u8;
        frame.quiet = quiet;
        frame.phase = Phase::NextMove;
        None
    }

    fn next_move(&mut self, ply: usize) -> Option<i32> {
        let exact_root = ply == 0 && self.all_root_scores;
        let frame = &self.stack[ply];
        if frame.index == frame.count {
            let value = frame.best;
            self.store(ply);
            return self.pop(value);
        }
        let i = frame.index;
        let mv = frame.moves[usize::from(i)];
        let mut child = frame.pos;
        child.play_unchecked(mv);
        let (alpha, beta, depth) = (frame.alpha, frame.beta, frame.depth);
        let quiet = frame.quiet & (1 << (mv.number() - 1)) != 0;
        let killer = self.killers[ply].contains(&Some(mv));
        let (window, child_frame) = if exact_root {
            (Window::Full, Frame::new(child, depth - 1, -INF, INF))
        } else if i == 0 {
            (Window::Full, Frame::new(child, depth - 1, -beta, -alpha))
        } else {
            let reduction = if depth >= 3 && i >= 2 && quiet && !killer {
                if i >= 5 && depth >= 6 { 2 } else { 1 }
            } else {
                0
            };
            let window = if reduction > 0 { Window::Reduced } else { Window::Null };
            (window, Frame::new(child, depth - 1 - reduction, -alpha - 1, -alpha))
        };
        let frame = &mut self.stack[ply];
        frame.phase = Phase::Child;
        frame.window = window;
        self.stack.push(child_frame);
        None
    }

    /// Pops the top frame with its value and hands the value to its parent. Returns the root's value.
    fn pop(&mut self, value: i32) -> Option<i32> {
        let mut value = value;
        loop {
            self.stack.pop();
            let Some(pi) = self.stack.len().checked_sub(1) else {
                return Some(value);
            };
            let score = -value;
            let parent = self.stack[pi];
            debug_assert_eq!(parent.phase, Phase::Child);
            let mv = parent.moves[usize::from(parent.index)];
            // Re-search when a narrow look says the move may be better than it seemed.
            let research = match parent.window {
                Window::Reduced if score > parent.alpha => Some(Window::Null),
                Window::Null if score > parent.alpha && score < parent.beta => Some(Window::Full),
                _ => None,
            };
            if let Some(window) = research {
                let mut child = parent.pos;
                child.play_unchecked(mv);
                let frame = match window {
                    Window::Null => Frame::new(child, parent.depth - 1, -parent.alpha - 1, -parent.alpha),
                    _ => Frame::new(child, parent.depth - 1, -parent.beta, -parent.alpha),
                };
                self.stack[pi].window = window;
                self.stack.push(frame);
                return None;
            }
            if pi == 0 && self.all_root_scores {
                self.root_scores.push((mv, score));
            }
            let frame = &mut self.stack[pi];
            if score > frame.best {
                frame.best = score;
                frame.best_move = Some(mv);
            }
            if score > frame.alpha {
                frame.alpha = score;
                // The child's line, behind this move, is now this node's line.
                let child_len = if pi + 1 < MAX_PLY { self.pv_len[pi + 1] } else { 0 };
                let (head, tail) = self.pv.split_at_mut(pi + 1);
                head[pi][0] = mv;
                head[pi][1..=child_len].copy_from_slice(&tail[0][..child_len]);
                self.pv_len[pi] = child_len + 1;
            }
            frame.index += 1;
            frame.phase = Phase::NextMove;
            if frame.alpha < frame.beta {
                return None;
            }
            // A cut: remember the quiet move that caused it, store, and hand the value up.
            let (side, depth, best) = (frame.pos.side_to_move(), frame.depth, frame.best);
            if parent.quiet & (1 << (mv.number() - 1)) != 0 {
                let k = &mut self.killers[pi];
                if k[0] != Some(mv) {
                    k[1] = k[0];
                    k[0] = Some(mv);
                }
                let h = &mut self.history[side.index()][usize::from(mv.number() - 1)];
                *h = (*h + depth * depth).min(1 << 20);
            }
            self.store(pi);
            value = best;
        }
    }

    fn store(&mut self, ply: usize) {
        let frame = &self.stack[ply];
        if frame.depth < TABLE_MIN_DEPTH {
            return;
        }
        let bound = if frame.best >= frame.beta {
            Bound::Lower
        } else if frame.best > frame.alpha_orig {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let depth = frame.depth.clamp(0, 127) as i8;
        self.table.store(frame.hash, to_table(frame.best, ply), depth, bound, frame.best_move);
    }
}

/// The score of a finished game for the side to move, preferring faster wins and slower losses.
pub fn terminal_score(pos: &Position, ply: usize) -> i32 {
    let Status::Finished(outcome) = pos.status() else { return 0 };
    let me: Side = pos.side_to_move();
    match outcome.winner {
        Some(w) if w == me => WIN - ply as i32,
        Some(_) => -(WIN - ply as i32),
        None => 0,
    }
}

/// Forced-result scores are stored relative to the node, not the root.
fn to_table(score: i32, ply: usize) -> i32 {
    if score >= WIN_BOUND {
        score + ply as i32
    } else if score <= -WIN_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_table(score: i32, ply: usize) -> i32 {
    if score >= WIN_BOUND {
        score - ply as i32
    } else if score <= -WIN_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// Runs a search to its end on the calling thread (the engine CLI, tests, matches).
pub fn search_blocking(search: &mut Search, clock: impl Fn() -> u64) -> Iteration {
    loop {
        if let Step::Done(result) = search.step(20_000, clock()) {
            return result;
        }
    }
}
