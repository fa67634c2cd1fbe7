//! A game in progress as the app holds it: the mode (against the computer or hot-seat), the moves played,
//! undo, and an end the board did not decide ([`Ending`]: a flag on time, a resignation, a draw agreed).
//! Pure Rust, so the app's rules of play (whose turn a tap may take, what undo takes back) are tested
//! without Bevy. Every rule question goes to `crate::rules`.
//!
//! Invariants: a game is over when its position is (the rules' end) or when it has an [`Ending`], never
//! both (an ending comes only to a game the board has not ended); an ended game takes no move, no undo
//! and no redo.

use serde::{Deserialize, Serialize};

use crate::ai::Level;
use crate::rules::notation::{Claim, GameRecord, MoveText, POSITION_TAG, RecordError, read_games};
use crate::rules::{Hole, IllegalMove, MoveOutcome, Outcome, Position, Side, Status};

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

/// How a game ended other than on the board: the players or the clock decided.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Ending {
    /// `flagged`'s time ran out: the other side wins, or the game is drawn when the other side could no
    /// longer win (`crate::clock::result_on_time`); `winner` is what was decided.
    Time { flagged: Side, winner: Option<Side> },
    /// This side resigned: the other wins.
    Resigned(Side),
    /// The players agreed a draw.
    Agreed,
}

impl Ending {
    /// The winner, none for a draw.
    pub fn winner(self) -> Option<Side> {
        match self {
            Ending::Time { winner, .. } => winner,
            Ending::Resigned(side) => Some(side.opponent()),
            Ending::Agreed => None,
        }
    }

    /// The record's `Termination` tag for it (PGN's "time forfeit"; resignation and agreement in words,
    /// which PGN leaves to "normal").
    pub fn termination(self) -> &'static str {
        match self {
            Ending::Time { .. } => crate::clock::TIME_FORFEIT,
            Ending::Resigned(_) => RESIGNATION,
            Ending::Agreed => AGREEMENT,
        }
    }

    /// The ending a record's result and `Termination` tag give a game its moves did not end, if they
    /// give one; the side that lost on time or resigned is the result's loser. A drawn flag does not say
    /// whose it was: `to_move`, the side to move after the record's last move, is the one whose clock ran.
    pub fn of_record(result: Claim, termination: &str, to_move: Side) -> Option<Ending> {
        let termination = termination.trim().to_ascii_lowercase();
        match (result, termination.as_str()) {
            (Claim::Win(winner), crate::clock::TIME_FORFEIT) => {
                Some(Ending::Time { flagged: winner.opponent(), winner: Some(winner) })
            }
            (Claim::Draw, crate::clock::TIME_FORFEIT) => {
                Some(Ending::Time { flagged: to_move, winner: None })
            }
            (Claim::Win(winner), RESIGNATION) => Some(Ending::Resigned(winner.opponent())),
            (Claim::Draw, AGREEMENT) => Some(Ending::Agreed),
            _ => None,
        }
    }
}

/// The `Termination` tag of a game a side resigned.
pub const RESIGNATION: &str = "resignation";
/// The `Termination` tag of a draw agreed.
pub const AGREEMENT: &str = "agreement";

/// Why [`Game::end`] refused.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct AlreadyOver;

/// How a finished game ended, board or not: the winner (none for a draw), and the board's outcome when
/// the board ended it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Finish {
    /// The rules ended it: 82 stones, 81 each, or a side that could not move.
    Board(Outcome),
    /// The clock or the players did.
    Ended(Ending),
}

impl Finish {
    pub fn winner(self) -> Option<Side> {
        match self {
            Finish::Board(outcome) => outcome.winner,
            Finish::Ended(ending) => ending.winner(),
        }
    }

    /// The result as a record writes it (`1-0`, `0-1`, `1/2-1/2`).
    pub fn claim(self) -> Claim {
        self.winner().map_or(Claim::Draw, Claim::Win)
    }

    /// The UI map's word for how it ended: `stones`, `time`, `resign` or `agreement`.
    pub fn reason_word(self) -> &'static str {
        match self {
            Finish::Board(_) => "stones",
            Finish::Ended(Ending::Time { .. }) => "time",
            Finish::Ended(Ending::Resigned(_)) => "resign",
            Finish::Ended(Ending::Agreed) => "agreement",
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
    /// How the game ended if the board did not end it.
    ending: Option<Ending>,
    /// Takebacks asked for (undos that took something back): a game with many is not counted towards
    /// the player's rating.
    pub takebacks: u32,
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
        Game {
            mode,
            id: new_id(),
            position,
            history: Vec::new(),
            redo: Vec::new(),
            ending: None,
            takebacks: 0,
        }
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

    /// Whether the game is over: on the board, or ended by the clock or the players.
    pub fn is_over(&self) -> bool {
        self.ending.is_some() || self.position.is_over()
    }

    /// How the game ended other than on the board, if it did.
    pub fn ending(&self) -> Option<Ending> {
        self.ending
    }

    /// How the game ended, if it is over.
    pub fn finish(&self) -> Option<Finish> {
        match (self.ending, self.position.status()) {
            (Some(ending), _) => Some(Finish::Ended(ending)),
            (None, Status::Finished(outcome)) => Some(Finish::Board(outcome)),
            (None, Status::Ongoing) => None,
        }
    }

    /// Ends a game the board has not ended: a flag, a resignation, a draw agreed. The redo line goes
    /// (an ended game plays nothing more).
    pub fn end(&mut self, ending: Ending) -> Result<(), AlreadyOver> {
        if self.is_over() {
            return Err(AlreadyOver);
        }
        self.ending = Some(ending);
        self.redo.clear();
        Ok(())
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
        // Review's steps show the board; an ending belongs to the whole game, after its last move.
        let ending = if n == self.history.len() { self.ending } else { None };
        Game {
            mode: self.mode,
            id: self.id,
            position,
            history: self.history[..n].to_vec(),
            redo: Vec::new(),
            ending,
            takebacks: self.takebacks,
        }
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
        !self.is_over() && self.mode.is_human(self.position.side_to_move())
    }

    /// Whether the computer is to move.
    pub fn is_computer_turn(&self) -> bool {
        !self.is_over() && !self.mode.is_human(self.position.side_to_move())
    }

    /// Plays for the side to move. The move that undo took back keeps the rest of the redo line; any
    /// other move ends it.
    pub fn play(&mut self, hole: Hole) -> Result<MoveOutcome, IllegalMove> {
        if self.ending.is_some() {
            return Err(IllegalMove::GameOver);
        }
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
        self.ending.is_none() && !self.redo.is_empty()
    }

    /// Replays what the last undo took back: one move in hot-seat; against the computer, the person's
    /// move and the computer's reply. Returns the moves replayed, in order.
    pub fn redo(&mut self) -> Vec<MoveOutcome> {
        let mut replayed = Vec::new();
        if self.ending.is_some() {
            return replayed;
        }
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
        if self.ending.is_some() {
            return false;
        }
        match self.mode {
            Mode::HotSeat => !self.history.is_empty(),
            Mode::Computer { human, .. } => self.history.iter().any(|p| p.before.side_to_move() == human),
        }
    }

    /// Takes back one move in hot-seat; against the computer, the person's last move and the computer's
    /// reply (so that it is the person's turn again). Returns how many moves were taken back.
    pub fn undo(&mut self) -> usize {
        if self.ending.is_some() {
            return 0;
        }
        let undone = self.undo_moves();
        if undone > 0 {
            self.takebacks += 1;
        }
        undone
    }

    fn undo_moves(&mut self) -> usize {
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
        let result = self.finish().map_or_else(|| "*".to_string(), |f| f.claim().to_string());
        let tags = vec![
            ("Event".to_string(), "Toguz Korgool".to_string()),
            ("Site".to_string(), "?".to_string()),
            ("Date".to_string(), date.to_string()),
            ("Round".to_string(), "-".to_string()),
            ("White".to_string(), white.to_string()),
            ("Black".to_string(), black.to_string()),
            ("Result".to_string(), result),
        ];
        let mut tags = tags;
        if self.start() != Position::start() {
            tags.push((POSITION_TAG.to_string(), self.start().to_string()));
        }
        if let Some(ending) = self.ending {
            tags.push((crate::clock::TERMINATION_TAG.to_string(), ending.termination().to_string()));
        }
        GameRecord::from_outcomes(tags, self.history.iter().map(|p| &p.outcome))
    }

    /// The game as a TGK record to share: the players named after the mode, the level against the
    /// computer, the date (`YYYY-MM-DD`) and the result.
    pub fn export(&self, date: &str) -> GameRecord {
        // The three levels of before by their names (an older app reads them), the other rungs by number.
        let level_name = |level: Level| match level {
            Level::EASY => "Easy".to_string(),
            Level::MEDIUM => "Medium".to_string(),
            Level::HARD => "Hard".to_string(),
            other => other.number().to_string(),
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
    let mut game = Game::from_moves_at(mode, positions[0], &holes)
        .map_err(|e| ImportError::Refused(RecordError { line: record.line, mv: None, message: e.0 }))?;
    // A game the clock or the players ended keeps its end: a flag, a resignation, a draw agreed.
    let claim = record.tag("Result").and_then(Claim::read);
    let termination = record.tag(crate::clock::TERMINATION_TAG);
    if let (Some(claim), Some(termination)) = (claim, termination)
        && let Some(ending) = Ending::of_record(claim, termination, game.position().side_to_move())
    {
        // A record whose moves end the game already keeps the board's end.
        let _ = game.end(ending);
    }
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
    /// How the game ended if the board did not end it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ending: Option<Ending>,
    /// The game's clock, if it is played on one: its time control and each side's time left when saved.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<SavedClock>,
    /// Takebacks asked for ([`Game::takebacks`]); saves written before it existed have none.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub takebacks: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// A timed game's clock as saved: the time control, each side's time left (white, black) and the
/// mover's time after each move (the record's `%clk`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SavedClock {
    pub control: crate::clock::TimeControl,
    pub left: [u64; 2],
    #[serde(default)]
    pub times: Vec<u64>,
}

impl SavedMoves {
    pub fn of(game: &Game) -> SavedMoves {
        let start = game.start();
        let start = (start != Position::start()).then(|| start.to_string());
        SavedMoves {
            mode: game.mode,
            start,
            moves: game.moves(),
            id: game.id,
            ending: game.ending,
            clock: None,
            takebacks: game.takebacks,
        }
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
        game.takebacks = self.takebacks;
        if let Some(ending) = self.ending {
            game.end(ending)
                .map_err(|_| RestoreError("the game ends on the board and again by its players".into()))?;
        }
        Ok(game)
    }
}
