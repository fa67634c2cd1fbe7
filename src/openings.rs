//! The masters' openings: a tree of the moves played in master games from the usual start, and for each
//! move how often it was played and how the games ended after it (White wins, draws, Black wins).
//!
//! Invariants: every line in the tree was replayed through the rules (a game that does not replay adds
//! nothing); a move's count is the sum of its children's counts plus the games that stopped right after
//! it; games played on from another position (a `Position` tag) are left out, since their moves do not
//! start from the start. Pure Rust, no Bevy.

use crate::rules::notation::{POSITION_TAG, move_number, replay_all};
use crate::rules::{Hole, Position, Side};

/// How the games after a move ended, as recorded (most master games end by resignation or agreement).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Results {
    pub white: u32,
    pub draws: u32,
    pub black: u32,
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

/// A position of the tree: the moves played from it, most played first once built.
#[derive(Clone, Debug, Default)]
struct Node {
    moves: Vec<(MasterMove, usize)>,
}

/// The tree of the masters' moves.
#[derive(Clone, Debug)]
pub struct Openings {
    /// `nodes[0]` is the start; each move points at the node it leads to.
    nodes: Vec<Node>,
    games: u32,
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
        for node in &mut tree.nodes {
            node.moves.sort_by_key(|(m, _)| (std::cmp::Reverse(m.games), m.hole.number()));
        }
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
        entry.results.white += result.white;
        entry.results.draws += result.draws;
        entry.results.black += result.black;
        *child
    }

    /// The games the tree was built from.
    pub fn games(&self) -> u32 {
        self.games
    }

    /// The node reached by `line` from the start, if the masters played all of it.
    fn node(&self, line: &[Hole]) -> Option<usize> {
        line.iter().try_fold(0, |node, hole| self.child(node, *hole))
    }

    fn child(&self, node: usize, hole: Hole) -> Option<usize> {
        self.nodes[node].moves.iter().find(|(m, _)| m.hole == hole).map(|&(_, child)| child)
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
        for (ply, hole) in line.iter().enumerate() {
            match self.child(node, *hole) {
                Some(child) => node = child,
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
