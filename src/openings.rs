//! The masters' openings: a tree of the moves played in master games from the usual start, and for each
//! move how often it was played and how the games ended after it (White wins, draws, Black wins). Built
//! from the records ([`Openings::from_games`]), pruned to the *theory* that ships ([`Openings::theory`]:
//! every move at least [`THEORY_GAMES`] games played, and one step more), and read back from the shipped
//! RON file ([`FILE`], [`Openings::parse`]). Only the tree ships: the licence of the raw records is unknown.
//!
//! Invariants of every tree, built or parsed (`parse` refuses a file that breaks one, naming it): node 0
//! is the start and every other node is the child of exactly one move; a node's moves are distinct holes,
//! most played first; every line replays through the rules from `Position::start()`; a move's games are at
//! least the sum of its child's moves' games (a game may stop after it, or its line may have been pruned),
//! each of its results at least the sum of theirs, and its results at most its games. Games played on from
//! another position (a `Position` tag) are left out when building, since their moves do not start from the
//! start. Pure Rust, no Bevy.

use serde::{Deserialize, Serialize};

use crate::rules::notation::{POSITION_TAG, move_number, replay_all};
use crate::rules::{Hole, Position, Side};

/// The shipped openings, under the assets folder (`toguz-engine openings` writes it).
pub const FILE: &str = "openings/masters.ron";

/// A move is theory, and its line goes on in the shipped tree, when at least this many games played it;
/// a move fewer games played ships as the last step of its line.
pub const THEORY_GAMES: u32 = 2;

/// How the games after a move ended, as recorded (most master games end by resignation or agreement).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Results {
    pub white: u32,
    pub draws: u32,
    pub black: u32,
}

impl Results {
    /// Adds another game's result to these.
    fn add(&mut self, other: Results) {
        self.white += other.white;
        self.draws += other.draws;
        self.black += other.black;
    }
}

/// One move the masters played from a position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct MasterMove {
    pub hole: Hole,
    /// Games that played it here.
    pub games: u32,
    /// Of those, the ones with a recorded result.
    pub results: Results,
}

/// A position of the tree: the moves played from it, most played first.
#[derive(Clone, Debug, Default)]
struct Node {
    moves: Vec<(MasterMove, usize)>,
}

impl Node {
    fn sort(&mut self) {
        self.moves.sort_by_key(|(m, _)| (std::cmp::Reverse(m.games), m.hole.number()));
    }
}

/// The tree of the masters' moves.
#[derive(Clone, Debug)]
pub struct Openings {
    /// `nodes[0]` is the start; each move points at the node it leads to.
    nodes: Vec<Node>,
    games: u32,
}

/// The file's form: flat, since RON's recursion limit would stop a nested tree of 80-move lines.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct OpeningsFile {
    games: u32,
    /// Node 0 is the start; each move is `(hole, games, white wins, draws, black wins, child node)`.
    nodes: Vec<Vec<(u8, u32, u32, u32, u32, u32)>>,
}

impl Openings {
    /// Builds the tree from a file of games (TGK or PlayOK), every game replayed through the rules.
    pub fn from_games(text: &str) -> Openings {
        let mut tree = Openings { nodes: vec![Node::default()], games: 0 };
        for (game, replay) in replay_all(text) {
            if game.tag(POSITION_TAG).is_some() || replay.is_err() {
                continue;
            }
            // One game's share of a move's results: nothing when the record gives none.
            let result = match game.tag("Result") {
                Some("1-0") => Results { white: 1, ..Results::default() },
                Some("0-1") => Results { black: 1, ..Results::default() },
                Some("1/2-1/2") => Results { draws: 1, ..Results::default() },
                _ => Results::default(),
            };
            tree.games += 1;
            let mut node = 0;
            for hole in game.moves.iter().map(|m| m.text.hole) {
                node = tree.add(node, hole, result);
            }
        }
        tree.nodes.iter_mut().for_each(Node::sort);
        tree
    }

    /// Counts one game's move from `node`; returns the node it leads to.
    fn add(&mut self, node: usize, hole: Hole, result: Results) -> usize {
        let next = match self.nodes[node].moves.iter().position(|(m, _)| m.hole == hole) {
            Some(i) => i,
            None => {
                let child = self.nodes.len();
                self.nodes.push(Node::default());
                let blank = MasterMove { hole, games: 0, results: Results::default() };
                self.nodes[node].moves.push((blank, child));
                self.nodes[node].moves.len() - 1
            }
        };
        let (entry, child) = &mut self.nodes[node].moves[next];
        entry.games += 1;
        entry.results.add(result);
        *child
    }

    /// The theory: every move at least [`THEORY_GAMES`] games played, with its line, and the first move
    /// of each line fewer games played, which keeps its counts but nothing after it (a line one master
    /// played is that master's game, not theory, and would ship the record move by move).
    pub fn theory(&self) -> Openings {
        let mut theory = Openings { nodes: vec![Node::default()], games: self.games };
        // Pairs (node here, the same node in the theory); a node's children are numbered after it.
        let mut stack = vec![(0, 0)];
        while let Some((from, to)) = stack.pop() {
            for &(m, child) in &self.nodes[from].moves {
                let kept = theory.nodes.len();
                theory.nodes.push(Node::default());
                theory.nodes[to].moves.push((m, kept));
                if m.games >= THEORY_GAMES {
                    stack.push((child, kept));
                }
            }
        }
        theory
    }

    /// Reads a tree written by [`Openings::to_text`], checking every invariant of the module (the lines
    /// through the rules); the error names the node, move or line that breaks one.
    pub fn parse(text: &str) -> Result<Openings, String> {
        let file: OpeningsFile = ron::from_str(text).map_err(|e| format!("not a file of openings: {e}"))?;
        if file.nodes.is_empty() {
            return Err("no node: node 0 is the start".to_string());
        }
        // The parent of every node (node, index of the move), found while each move is read.
        let mut parent: Vec<Option<(usize, usize)>> = vec![None; file.nodes.len()];
        let mut nodes = Vec::with_capacity(file.nodes.len());
        for (i, moves) in file.nodes.iter().enumerate() {
            let mut node = Node::default();
            for (j, &(number, games, white, draws, black, child)) in moves.iter().enumerate() {
                let at = || format!("node {i}, move {}", j + 1);
                let hole =
                    Hole::new(number).ok_or_else(|| format!("{}: {number} is not a hole (1 to 9)", at()))?;
                if node.moves.iter().any(|(m, _)| m.hole == hole) {
                    return Err(format!("{}: hole {hole} is listed twice", at()));
                }
                if games == 0 {
                    return Err(format!("{}: hole {hole} is played by no game", at()));
                }
                let results = Results { white, draws, black };
                if u64::from(white) + u64::from(draws) + u64::from(black) > u64::from(games) {
                    return Err(format!("{}: hole {hole} has more results than its {games} games", at()));
                }
                let child = usize::try_from(child).unwrap_or(usize::MAX);
                match parent.get(child) {
                    None => {
                        let count = file.nodes.len();
                        return Err(format!("{}: child node {child} is out of range ({count} nodes)", at()));
                    }
                    Some(_) if child == 0 => return Err(format!("{}: child node 0 is the start", at())),
                    Some(Some((p, _))) => {
                        return Err(format!("{}: node {child} is already the child of node {p}", at()));
                    }
                    Some(None) => parent[child] = Some((i, node.moves.len())),
                }
                node.moves.push((MasterMove { hole, games, results }, child));
            }
            nodes.push(node);
        }
        let mut tree = Openings { nodes, games: file.games };
        tree.check_counts()?;
        tree.check_lines(&parent)?;
        tree.nodes.iter_mut().for_each(Node::sort);
        Ok(tree)
    }

    /// Every move's games and results cover those played on after it; the start's cover the first moves.
    fn check_counts(&self) -> Result<(), String> {
        // A move's games, White wins, draws and Black wins, summed wide: a damaged file may hold any u32.
        let counts =
            |m: &MasterMove| [m.games, m.results.white, m.results.draws, m.results.black].map(u64::from);
        let below = |node: usize| {
            self.nodes[node].moves.iter().fold([0u64; 4], |sum, (m, _)| {
                let c = counts(m);
                std::array::from_fn(|k| sum[k] + c[k])
            })
        };
        let first = below(0)[0];
        if first > u64::from(self.games) {
            return Err(format!("the first moves count {first} games, more than the file's {}", self.games));
        }
        let results = |c: [u64; 4]| format!("{}/{}/{}", c[1], c[2], c[3]);
        for (i, node) in self.nodes.iter().enumerate() {
            for (j, &(m, child)) in node.moves.iter().enumerate() {
                let at = format!("node {i}, move {} (hole {})", j + 1, m.hole);
                let (own, after) = (counts(&m), below(child));
                if after[0] > own[0] {
                    return Err(format!(
                        "{at}: the counts do not add up: {} games played it, {} played on after it (node {child})",
                        own[0], after[0]
                    ));
                }
                if (1..4).any(|k| after[k] > own[k]) {
                    return Err(format!(
                        "{at}: the results do not add up: {} (White wins/draws/Black wins) after it (node \
                         {child}), more than its own {}",
                        results(after),
                        results(own)
                    ));
                }
            }
        }
        Ok(())
    }

    /// Every line replays through the rules from the start, and every node is on one.
    fn check_lines(&self, parent: &[Option<(usize, usize)>]) -> Result<(), String> {
        // The line that reaches `node`, from its parents, for the messages.
        let line = |mut node: usize| {
            let mut holes = Vec::new();
            while let Some((p, j)) = parent[node] {
                holes.push(self.nodes[p].moves[j].0.hole.to_string());
                node = p;
            }
            holes.reverse();
            holes.join(" ")
        };
        let mut reached = vec![false; self.nodes.len()];
        // Each node has one parent at most and the start none, so this walk meets no node twice.
        let mut stack = vec![(0, Position::start())];
        while let Some((node, position)) = stack.pop() {
            reached[node] = true;
            for &(m, child) in &self.nodes[node].moves {
                let mut next = position;
                next.play(m.hole).map_err(|e| format!("the line {}: move {}: {e}", line(child), m.hole))?;
                stack.push((child, next));
            }
        }
        match reached.iter().position(|&r| !r) {
            Some(node) => Err(format!("node {node} is not reached from the start")),
            None => Ok(()),
        }
    }

    /// The tree as the shipped file writes it: one node a line.
    pub fn to_text(&self) -> Result<String, String> {
        let nodes = self
            .nodes
            .iter()
            .map(|node| {
                node.moves
                    .iter()
                    .map(|&(m, child)| {
                        let child = u32::try_from(child).map_err(|_| format!("node {child} is past u32"))?;
                        Ok((
                            m.hole.number(),
                            m.games,
                            m.results.white,
                            m.results.draws,
                            m.results.black,
                            child,
                        ))
                    })
                    .collect::<Result<Vec<_>, String>>()
            })
            .collect::<Result<Vec<_>, String>>()?;
        let file = OpeningsFile { games: self.games, nodes };
        // One node a line, nothing between the numbers: a third of the size of RON's default spacing.
        let config = ron::ser::PrettyConfig::new().depth_limit(2).indentor("").separator("");
        let body = ron::ser::to_string_pretty(&file, config).map_err(|e| e.to_string())?;
        // For whoever reads the file without this code.
        Ok(format!(
            "// The masters' openings (toguz-engine openings): the moves at least {THEORY_GAMES} master games \
             played from the start, and one step more.\n// Node 0 is the start; a move is (hole, games, white \
             wins, draws, black wins, child node).\n{body}\n"
        ))
    }

    /// The games the tree was built from.
    pub fn games(&self) -> u32 {
        self.games
    }

    /// The moves in the tree, over every position.
    pub fn move_count(&self) -> usize {
        self.nodes.iter().map(|node| node.moves.len()).sum()
    }

    /// How many games reached the position after `line` (from the start): [`Openings::games`] for the
    /// start, `None` once the line has left the tree.
    pub fn node_games(&self, line: &[Hole]) -> Option<u32> {
        let mut games = self.games;
        let mut node = 0;
        for &hole in line {
            let (m, child) = self.entry(node, hole)?;
            (games, node) = (m.games, child);
        }
        Some(games)
    }

    /// The node reached by `line` from the start, if the masters played all of it.
    fn node(&self, line: &[Hole]) -> Option<usize> {
        line.iter().try_fold(0, |node, &hole| self.entry(node, hole).map(|(_, child)| child))
    }

    /// The move `hole` from `node`, and the node it leads to.
    fn entry(&self, node: usize, hole: Hole) -> Option<(MasterMove, usize)> {
        self.nodes[node].moves.iter().find(|(m, _)| m.hole == hole).copied()
    }

    /// The moves the masters played after `line` (from the start), most played first; none once the line
    /// has left their games.
    pub fn moves(&self, line: &[Hole]) -> Vec<MasterMove> {
        self.node(line).map_or_else(Vec::new, |node| self.nodes[node].moves.iter().map(|&(m, _)| m).collect())
    }

    /// Where `line` (from the start) left the masters' games: the index of its first move no master game
    /// played there, `None` while it is all in the tree.
    pub fn left_at(&self, line: &[Hole]) -> Option<usize> {
        let mut node = 0;
        for (ply, &hole) in line.iter().enumerate() {
            match self.entry(node, hole) {
                Some((_, child)) => node = child,
                None => return Some(ply),
            }
        }
        None
    }
}

/// The move number and side of the move at `ply` of a game from the start ("left the masters' games at
/// move 6", Black's).
pub fn numbered(ply: usize) -> (usize, Side) {
    move_number(Position::start().side_to_move(), ply)
}
