//! A game in progress as the app holds it: the mode (against the computer or hot-seat), the moves played
//! and undo. Pure Rust, so the app's rules of play (whose turn a tap may take, what undo takes back) are
//! tested without Bevy. Every rule question goes to `crate::rules`.

use serde::{Deserialize, Serialize};

use crate::ai::Level;
use crate::rules::notation::{GameRecord, MoveText, POSITION_TAG, RecordError, read_games};
use crate::rules::{Hole, IllegalMove, MoveOutcome, Position, Side, Status};

/// Who plays.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Mode {
    /// A person against the computer; `human` is the person's side.
    Computer { level: Level, human: Side },
    /// Two people on one device.
    HotSeat,
}

impl Mode {
    /// Whether a person may move for `side`.
    pub fn is_human(&self, side: Side) -> bool {
        match self {
            Mode::Computer { human, .. } => *human == side,
            Mode::HotSeat => true,
        }
    }

    /// The long-press landing hint: on everywhere but against Hard.
    pub fn landing_hint_allowed(&self) -> bool {
        match self {
            Mode::Computer { level, .. } => level.settings().long_press_hint,
            Mode::HotSeat => true,
        }
    }
}

/// A move played, with the position before it.
#[derive(Clone, Debug)]
pub struct Played {
    pub before: Position,
    pub outcome: MoveOutcome,
}

/// The game on the board.
#[derive(Clone, Debug)]
pub struct Game {
    pub mode: Mode,
    /// Tells this game from every other in the history, across restarts (kept in the save).
    pub id: u64,
    position: Position,
    history: Vec<Played>,
    /// Moves taken back by undo, the next to replay last; a new move clears them.
    redo: Vec<Hole>,
}

/// A new game's id: the clock's nanoseconds and a counter, so that two games never share one, even two
/// started in the same instant or in two runs of the app.
fn new_id() -> u64 {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
    let count = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let nanos =
        web_time::SystemTime::now().duration_since(web_time::UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64);
    (nanos ^ count.rotate_left(48)).max(1)
}

/// Why a saved game could not be restored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RestoreError(pub String);

impl std::fmt::Display for RestoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl Game {
    pub fn new(mode: Mode) -> Game {
        Game::from_position(mode, Position::start())
    }

    /// A game from a set position (a lesson's board).
    pub fn from_position(mode: Mode, position: Position) -> Game {
        Game { mode, id: new_id(), position, history: Vec::new(), redo: Vec::new() }
    }

    /// Replays saved moves from the start; any illegal one refuses the whole save.
    pub fn from_moves(mode: Mode, moves: &[u8]) -> Result<Game, RestoreError> {
        Game::from_moves_at(mode, Position::start(), moves)
    }

    /// Replays saved moves from a set position (a game played on from a reviewed position).
    pub fn from_moves_at(mode: Mode, start: Position, moves: &[u8]) -> Result<Game, RestoreError> {
        let mut game = Game::from_position(mode, start);
        for (i, &n) in moves.iter().enumerate() {
            let hole =
                Hole::new(n).ok_or_else(|| RestoreError(format!("move {}: '{n}' is not a hole", i + 1)))?;
            game.play(hole).map_err(|e| RestoreError(format!("move {}: {e}", i + 1)))?;
        }
        Ok(game)
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    pub fn status(&self) -> Status {
        self.position.status()
    }

    pub fn history(&self) -> &[Played] {
        &self.history
    }

    /// The position the game started from: the usual start, or a position played on from a review.
    pub fn start(&self) -> Position {
        self.history.first().map_or(self.position, |p| p.before)
    }

    /// The game as it stood after its first `n` moves (all of them if there are fewer), without a redo
    /// line: what review shows.
    pub fn truncated(&self, n: usize) -> Game {
        let n = n.min(self.history.len());
        let position = self.history.get(n).map_or(self.position, |p| p.before);
        Game { mode: self.mode, id: self.id, position, history: self.history[..n].to_vec(), redo: Vec::new() }
    }

    /// The holes played, for saving.
    pub fn moves(&self) -> Vec<u8> {
        self.history.iter().map(|p| p.outcome.hole.number()).collect()
    }

    pub fn last_move(&self) -> Option<&MoveOutcome> {
        self.history.last().map(|p| &p.outcome)
    }

    /// Whether the side to move is a person (a tap may play).
    pub fn is_human_turn(&self) -> bool {
        !self.position.is_over() && self.mode.is_human(self.position.side_to_move())
    }

    /// Whether the computer is to move.
    pub fn is_computer_turn(&self) -> bool {
        !self.position.is_over() && !self.mode.is_human(self.position.side_to_move())
    }

    /// Plays for the side to move. The move that undo took back keeps the rest of the redo line; any
    /// other move ends it.
    pub fn play(&mut self, hole: Hole) -> Result<MoveOutcome, IllegalMove> {
        let before = self.position;
        let outcome = self.position.play(hole)?;
        self.history.push(Played { before, outcome: outcome.clone() });
        if self.redo.last() == Some(&hole) {
            self.redo.pop();
        } else {
            self.redo.clear();
        }
        Ok(outcome)
    }

    /// Whether redo would replay anything.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Replays what the last undo took back: one move in hot-seat; against the computer, the person's
    /// move and the computer's reply. Returns the moves replayed, in order.
    pub fn redo(&mut self) -> Vec<MoveOutcome> {
        let mut replayed = Vec::new();
        while let Some(&hole) = self.redo.last() {
            let Ok(outcome) = self.play(hole) else {
                // Only undone moves are here, so this cannot happen; a stale line is dropped, not played.
                self.redo.clear();
                break;
            };
            replayed.push(outcome);
            if self.mode == Mode::HotSeat || !self.is_computer_turn() {
                break;
            }
        }
        replayed
    }

    /// Whether undo would take anything back.
    pub fn can_undo(&self) -> bool {
        match self.mode {
            Mode::HotSeat => !self.history.is_empty(),
            Mode::Computer { human, .. } => self.history.iter().any(|p| p.before.side_to_move() == human),
        }
    }

    /// Takes back one move in hot-seat; against the computer, the person's last move and the computer's
    /// reply (so that it is the person's turn again). Returns how many moves were taken back.
    pub fn undo(&mut self) -> usize {
        match self.mode {
            Mode::HotSeat => match self.history.pop() {
                Some(p) => {
                    self.position = p.before;
                    self.redo.push(p.outcome.hole);
                    1
                }
                None => 0,
            },
            Mode::Computer { human, .. } => {
                if !self.can_undo() {
                    return 0;
                }
                let mut undone = 0;
                while let Some(p) = self.history.pop() {
                    self.position = p.before;
                    self.redo.push(p.outcome.hole);
                    undone += 1;
                    if p.before.side_to_move() == human {
                        break;
                    }
                }
                undone
            }
        }
    }

    /// The game as a TGK record.
    pub fn record(&self, white: &str, black: &str, date: &str) -> GameRecord {
        let result = match self.status() {
            Status::Ongoing => "*",
            Status::Finished(o) => match o.winner {
                Some(Side::White) => "1-0",
                Some(Side::Black) => "0-1",
                None => "1/2-1/2",
            },
        };
        let tags = vec![
            ("Event".to_string(), "Toguz Korgool".to_string()),
            ("Site".to_string(), "?".to_string()),
            ("Date".to_string(), date.to_string()),
            ("Round".to_string(), "-".to_string()),
            ("White".to_string(), white.to_string()),
            ("Black".to_string(), black.to_string()),
            ("Result".to_string(), result.to_string()),
        ];
        let mut tags = tags;
        if self.start() != Position::start() {
            tags.push((POSITION_TAG.to_string(), self.start().to_string()));
        }
        GameRecord::from_outcomes(tags, self.history.iter().map(|p| &p.outcome))
    }

    /// The game as a TGK record to share: the players named after the mode, the level against the
    /// computer, the date (`YYYY-MM-DD`) and the result.
    pub fn export(&self, date: &str) -> GameRecord {
        let level_name = |level: Level| match level {
            Level::Easy => "Easy",
            Level::Medium => "Medium",
            Level::Hard => "Hard",
        };
        let name = |side: Side| match (self.mode, side) {
            (Mode::Computer { human, .. }, _) if human == side => "Player".to_string(),
            (Mode::Computer { level, .. }, _) => format!("Computer ({})", level_name(level)),
            (Mode::HotSeat, Side::White) => "White".to_string(),
            (Mode::HotSeat, Side::Black) => "Black".to_string(),
        };
        let mut record = self.record(&name(Side::White), &name(Side::Black), &date.replace('-', "."));
        if let Mode::Computer { level, .. } = self.mode {
            record.set_tag("Level", level_name(level));
        }
        record
    }
}

/// Why a record was not opened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ImportError {
    /// The text holds no game's moves.
    NoGame,
    /// The first game does not read or replay: where, and why.
    Refused(RecordError),
}

/// The first game of a TGK or PlayOK text, replayed through the rules, with its record (its tags). Its
/// mode is the one its tags name where they are this app's own (`Player` against a computer `Level`),
/// else two players. Nothing is kept of a game that does not replay to its last move.
pub fn import_record(text: &str) -> Result<(Game, GameRecord), ImportError> {
    let record = match read_games(text).into_iter().next() {
        None => return Err(ImportError::NoGame),
        Some(Err(e)) => return Err(ImportError::Refused(e)),
        Some(Ok(record)) => record,
    };
    if record.moves.is_empty() {
        return Err(ImportError::NoGame);
    }
    let positions = record.replay().map_err(ImportError::Refused)?;
    let holes: Vec<u8> = record.moves.iter().map(|m| m.text.hole.number()).collect();
    // The replay has checked every move: this cannot fail, but a failure is still a refusal, not a panic.
    let level = record.tag("Level").and_then(|l| Level::parse(&l.to_lowercase()));
    let mode = match (level, record.tag("White"), record.tag("Black")) {
        (Some(level), Some("Player"), _) => Mode::Computer { level, human: Side::White },
        (Some(level), _, Some("Player")) => Mode::Computer { level, human: Side::Black },
        _ => Mode::HotSeat,
    };
    let game = Game::from_moves_at(mode, positions[0], &holes)
        .map_err(|e| ImportError::Refused(RecordError { line: record.line, mv: None, message: e.0 }))?;
    Ok((game, record))
}

/// One numbered pair of moves: white's and black's, each with its index in the game.
pub type Row = (usize, [Option<(usize, String)>; 2]);

/// The move that led to the position after `at` moves, as the list writes it: "3. 76", "3… 77x"; `None`
/// at the start.
pub fn move_label(game: &Game, at: usize) -> Option<String> {
    let played = game.history().get(at.checked_sub(1)?)?;
    let number = rows(&game.truncated(at)).len();
    let dots = if played.outcome.side == Side::White { "." } else { "…" };
    Some(format!("{number}{dots} {}", MoveText::of(&played.outcome)))
}

/// The list's rows. A game played on from a reviewed position may start with black: its first row then
/// has no white move.
pub fn rows(game: &Game) -> Vec<Row> {
    let mut rows: Vec<Row> = Vec::new();
    for (i, played) in game.history().iter().enumerate() {
        let column = usize::from(played.outcome.side == Side::Black);
        let cell = Some((i, MoveText::of(&played.outcome).to_string()));
        match rows.last_mut() {
            Some((_, pair)) if column == 1 && pair[1].is_none() => pair[1] = cell,
            _ => {
                let mut pair = [None, None];
                pair[column] = cell;
                rows.push((rows.len() + 1, pair));
            }
        }
    }
    rows
}

/// A game to continue: its mode, where it started and the holes played.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SavedMoves {
    pub mode: Mode,
    /// The starting position as a position string, when it is not the usual start (a game played on
    /// from a reviewed position). Saves written before it existed have none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<String>,
    pub moves: Vec<u8>,
    /// The game's id in the history; saves written before it existed have none (0).
    #[serde(default)]
    pub id: u64,
}

impl SavedMoves {
    pub fn of(game: &Game) -> SavedMoves {
        let start = game.start();
        let start = (start != Position::start()).then(|| start.to_string());
        SavedMoves { mode: game.mode, start, moves: game.moves(), id: game.id }
    }

    /// The game, replayed through the rules from its start.
    pub fn game(&self) -> Result<Game, RestoreError> {
        let start = match &self.start {
            Some(text) => {
                text.parse().map_err(|e| RestoreError(format!("the starting position '{text}': {e}")))?
            }
            None => Position::start(),
        };
        let mut game = Game::from_moves_at(self.mode, start, &self.moves)?;
        if self.id != 0 {
            game.id = self.id;
        }
        Ok(game)
    }
}
