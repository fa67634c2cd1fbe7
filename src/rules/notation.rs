//! Game records: the move notation (`76`, `36x`), the TGK format (PGN-like tags, numbered move pairs) and
//! PlayOK exports (`87(10)`, `68X`, `{comments}`), and each move's clock in a comment after it
//! (`{[%clk 0:02:31]}`, PGN's clock command). Reading a record replays it through the rules, so a
//! record whose notation disagrees with what the rules do is rejected with its line and move number.
//!
//! Invariants: one game's fault never hides another (an unclosed `{` ends at the next tag line); a
//! record's result never contradicts how its moves end; moves are numbered and sided from the game's
//! own start (`[Position "…"]`), as the app's move list numbers them; a message quotes at most
//! [`QUOTE_CHARS`] characters of the text it is about; a comment is free text, so a clock in it that
//! does not read is passed over with the reason ([`GameRecord::ignored`]), never a refusal.

use std::fmt;

use super::{Hole, MoveOutcome, Position, Side, Status};

/// The most characters of a record's text that a message quotes.
pub const QUOTE_CHARS: usize = 20;

/// `word` in quotes for a message; past [`QUOTE_CHARS`] characters, its start and `…` (a pasted megabyte
/// with no space in it is one word, and a toast that repeats it helps nobody).
pub fn quote(word: &str) -> String {
    match word.char_indices().nth(QUOTE_CHARS) {
        Some((end, _)) => format!("'{}…'", &word[..end]),
        None => format!("'{word}'"),
    }
}

/// The number and side of the move at `ply` (from 0) of a game that `first` begins, as records number
/// them: each number a white move and black's reply, so a game black begins opens `1... 76`.
pub fn move_number(first: Side, ply: usize) -> (usize, Side) {
    let offset = usize::from(first == Side::Black);
    let side = if ply.is_multiple_of(2) { first } else { first.opponent() };
    ((ply + offset) / 2 + 1, side)
}

/// One move as a record writes it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct MoveText {
    /// The hole played, on the mover's side.
    pub hole: Hole,
    /// The hole where the last stone landed, counted on the side where it landed.
    pub landing: Hole,
    /// The move made a tuzdik (`x`, or PlayOK's `X`).
    pub tuzdik: bool,
    /// PlayOK's `(n)`: the mover's kazan after a capture.
    pub kazan: Option<u8>,
}

impl MoveText {
    /// Parses `76`, `36x`, `87(10)`, `68X`, `68X(15)`.
    pub fn parse(token: &str) -> Result<MoveText, String> {
        let bad = || format!("{} is not a move (expected two hole digits, e.g. 76 or 36x)", quote(token));
        let bytes = token.as_bytes();
        if bytes.len() < 2 {
            return Err(bad());
        }
        let digit = |b: u8| (b as char).to_digit(10).and_then(|d| Hole::new(d as u8));
        let hole = digit(bytes[0]).ok_or_else(bad)?;
        let landing = digit(bytes[1]).ok_or_else(bad)?;
        let mut rest = &token[2..];
        let mut tuzdik = false;
        let mut kazan = None;
        loop {
            if let Some(r) = rest.strip_prefix(['x', 'X']) {
                if tuzdik {
                    return Err(bad());
                }
                tuzdik = true;
                rest = r;
            } else if let Some(r) = rest.strip_prefix('(') {
                let close = r.find(')').ok_or_else(bad)?;
                if kazan.is_some() {
                    return Err(bad());
                }
                let n: u8 = super::plain_number(&r[..close]).ok_or_else(bad)?;
                kazan = Some(n);
                rest = &r[close + 1..];
            } else if rest.is_empty() {
                break;
            } else {
                return Err(bad());
            }
        }
        Ok(MoveText { hole, landing, tuzdik, kazan })
    }

    /// The notation the rules give a move that was played.
    pub fn of(outcome: &MoveOutcome) -> MoveText {
        MoveText {
            hole: outcome.hole,
            landing: outcome.landing.1,
            tuzdik: outcome.new_tuzdik.is_some(),
            kazan: None,
        }
    }
}

impl fmt::Display for MoveText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.hole, self.landing)?;
        if self.tuzdik {
            f.write_str("x")?;
        }
        if let Some(k) = self.kazan {
            write!(f, "({k})")?;
        }
        Ok(())
    }
}

/// A move of a record, with the line it was read from.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct RecordedMove {
    pub text: MoveText,
    pub line: usize,
    /// The mover's time left after the move, ms, from the `{[%clk H:MM:SS]}` comment after it.
    pub clock: Option<u64>,
}

/// The comment command that gives the mover's clock after a move: `{[%clk 0:02:31]}`.
pub const CLOCK_COMMAND: &str = "[%clk";

/// A clock time as `%clk` writes it, `H:MM:SS`, with tenths when it is not whole seconds
/// (`0:00:09.4`). Rounded up to the tenth, so a side with time left never reads as zero (a flag).
pub fn clock_text(ms: u64) -> String {
    let tenths = ms.div_ceil(100);
    let (seconds, tenth) = (tenths / 10, tenths % 10);
    let text = format!("{}:{:02}:{:02}", seconds / 3600, seconds / 60 % 60, seconds % 60);
    if tenth == 0 { text } else { format!("{text}.{tenth}") }
}

/// Reads a `%clk` time: `H:MM:SS`, or `M:SS`, with up to three decimals of a second (`0:02:31.25`).
pub fn parse_clock(text: &str) -> Result<u64, String> {
    let bad = || format!("{} is not a clock time (expected H:MM:SS, e.g. 0:02:31)", quote(text));
    let (clock, fraction) = text.split_once('.').unwrap_or((text, ""));
    let fields: Vec<&str> = clock.split(':').collect();
    if !(2..=3).contains(&fields.len()) || fraction.len() > 3 || (text.contains('.') && fraction.is_empty()) {
        return Err(bad());
    }
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let (first, rest) = fields.split_first().ok_or_else(bad)?;
    // The leading field (hours, or minutes in M:SS) may have any few digits; the others two, under 60.
    if !digits(first) || first.len() > 6 || !fraction.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    let mut seconds: u64 = first.parse().map_err(|_| bad())?;
    for field in rest {
        let n: u64 = field.parse().map_err(|_| bad())?;
        if field.len() != 2 || !digits(field) || n >= 60 {
            return Err(bad());
        }
        seconds = seconds * 60 + n;
    }
    let millis = if fraction.is_empty() {
        0
    } else {
        let n: u64 = fraction.parse().map_err(|_| bad())?;
        n * 10u64.pow(3 - fraction.len() as u32)
    };
    Ok(seconds * 1_000 + millis)
}

/// A record that cannot be read, or whose moves disagree with the rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    /// 1-based line in the file.
    pub line: usize,
    /// The move number (1, 2, … as in `12. 76 98`) and the side, when a move is at fault.
    pub mv: Option<(usize, Side)>,
    pub message: String,
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}", self.line)?;
        if let Some((number, side)) = self.mv {
            write!(f, ", move {number} ({side})")?;
        }
        write!(f, ": {}", self.message)
    }
}

impl std::error::Error for RecordError {}

/// A result a record gives: `1-0`, `0-1` or a draw. `*`, `?` or no result at all gives none.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Claim {
    Win(Side),
    Draw,
}

impl Claim {
    /// The result a record's text gives, if it gives one.
    pub fn read(text: &str) -> Option<Claim> {
        match text.trim() {
            "1-0" => Some(Claim::Win(Side::White)),
            "0-1" => Some(Claim::Win(Side::Black)),
            "1/2-1/2" | "½-½" | "0.5-0.5" => Some(Claim::Draw),
            _ => None,
        }
    }

    /// The side it gives the win, none for a draw.
    pub fn winner(self) -> Option<Side> {
        match self {
            Claim::Win(side) => Some(side),
            Claim::Draw => None,
        }
    }

    /// The result of a finished game; none while it goes on.
    pub fn of(status: Status) -> Option<Claim> {
        match status {
            Status::Ongoing => None,
            Status::Finished(o) => Some(o.winner.map_or(Claim::Draw, Claim::Win)),
        }
    }
}

impl fmt::Display for Claim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Claim::Win(Side::White) => "1-0",
            Claim::Win(Side::Black) => "0-1",
            Claim::Draw => "1/2-1/2",
        })
    }
}

/// How a record's moves end, beside the result it gives. (A result that contradicts a finished game's
/// is refused by [`GameRecord::replay`].)
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The moves end the game.
    Finished,
    /// The moves stop with the game going on, and the record gives no result: a game in progress.
    Ongoing,
    /// The moves stop with the game going on, yet the record gives a result: a resignation or an
    /// agreement (as most master games end), or a record that lost its end. Read, and kept unfinished.
    Unfinished(Claim),
}

impl Ending {
    /// What to tell someone opening the record, when there is something to tell.
    pub fn note(&self) -> Option<String> {
        match self {
            Ending::Unfinished(claim) => Some(format!(
                "the moves stop before the game ends, though the record gives the result {claim} \
                 (a resignation or an agreement, or a record that lost its end)"
            )),
            Ending::Finished | Ending::Ongoing => None,
        }
    }
}

/// One game of a record file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameRecord {
    /// Tags in file order, e.g. ("White", "Kazhgaliev").
    pub tags: Vec<(String, String)>,
    pub moves: Vec<RecordedMove>,
    /// The result written after the moves (`1-0`, `0-1`, `1/2-1/2`, `*`), if any.
    pub result_token: Option<String>,
    /// The line the game starts on.
    pub line: usize,
    /// What was read past, and why: a clock comment that does not read, or belongs to no move. The
    /// game itself reads.
    pub ignored: Vec<RecordError>,
}

/// The tag that gives the starting position of a game that did not begin at the usual start.
pub const POSITION_TAG: &str = "Position";

/// The tags a TGK record carries, in order.
pub const TGK_TAGS: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

impl GameRecord {
    pub fn tag(&self, key: &str) -> Option<&str> {
        self.tags.iter().find(|(k, _)| k.eq_ignore_ascii_case(key)).map(|(_, v)| v.as_str())
    }

    pub fn set_tag(&mut self, key: &str, value: impl Into<String>) {
        let value = value.into();
        match self.tags.iter_mut().find(|(k, _)| k.eq_ignore_ascii_case(key)) {
            Some(slot) => slot.1 = value,
            None => self.tags.push((key.to_string(), value)),
        }
    }

    /// The position the game starts from: its `Position` tag (the engine's position string) for a game
    /// played on from a set position, else the usual start.
    pub fn start(&self) -> Result<Position, RecordError> {
        match self.tag(POSITION_TAG) {
            None => Ok(Position::start()),
            Some(text) => text.parse().map_err(|e| RecordError {
                line: self.line,
                mv: None,
                message: format!("the {POSITION_TAG} tag is not a position: {e}"),
            }),
        }
    }

    /// The result the record gives: its `Result` tag, or the result written after its moves; refused if
    /// the two disagree.
    pub fn claim(&self) -> Result<Option<Claim>, RecordError> {
        let tag = self.tag("Result").and_then(Claim::read);
        let token = self.result_token.as_deref().and_then(Claim::read);
        match (tag, token) {
            (Some(tag), Some(token)) if tag != token => Err(RecordError {
                line: self.moves.last().map_or(self.line, |m| m.line),
                mv: None,
                message: format!("the Result tag says {tag}, the moves end with {token}"),
            }),
            (tag, token) => Ok(tag.or(token)),
        }
    }

    /// How the moves, replayed to `end`, end beside the result the record gives.
    pub fn ending(&self, end: &Position) -> Ending {
        match (end.status(), self.claim().ok().flatten()) {
            (Status::Finished(_), _) => Ending::Finished,
            (Status::Ongoing, None) => Ending::Ongoing,
            (Status::Ongoing, Some(claim)) => Ending::Unfinished(claim),
        }
    }

    /// Replays the moves from the start position ([`GameRecord::start`]), checking every landing hole,
    /// tuzdik mark and kazan count against the rules, and the record's result against how the moves
    /// end. Returns the positions before the first move and after each move.
    pub fn replay(&self) -> Result<Vec<Position>, RecordError> {
        let mut pos = self.start()?;
        let first = pos.side_to_move();
        let claim = self.claim()?;
        let mut positions = Vec::with_capacity(self.moves.len() + 1);
        positions.push(pos);
        for (ply, mv) in self.moves.iter().enumerate() {
            let number = move_number(first, ply);
            let fail = |message: String| RecordError { line: mv.line, mv: Some(number), message };
            let side = pos.side_to_move();
            let text = mv.text;
            let outcome = pos.play(text.hole).map_err(|e| fail(format!("'{text}' cannot be played: {e}")))?;
            let (_, landed) = outcome.landing;
            if landed != text.landing {
                return Err(fail(format!(
                    "'{text}': the last stone lands in hole {landed}, not {}",
                    text.landing
                )));
            }
            match (text.tuzdik, outcome.new_tuzdik) {
                (true, None) => {
                    return Err(fail(format!("'{text}' is marked as a tuzdik, but the move makes none")));
                }
                (false, Some(t)) => {
                    return Err(fail(format!("'{text}' makes a tuzdik on hole {t}, but is not marked x")));
                }
                _ => {}
            }
            if let Some(k) = text.kazan {
                let actual = pos.kazan(side);
                if k != actual {
                    return Err(fail(format!(
                        "'{text}': {side}'s kazan holds {actual} after the move, not {k}"
                    )));
                }
            }
            positions.push(pos);
        }
        // A finished game's result is the rules' to give: a record that says otherwise is not this
        // game (or not all of it). A game that goes on may carry any result: see `ending`.
        if let (Some(claim), Some(actual)) = (claim, Claim::of(pos.status()))
            && claim != actual
        {
            return Err(RecordError {
                line: self.moves.last().map_or(self.line, |m| m.line),
                mv: None,
                message: format!("the moves end the game {actual}, but the record gives {claim}"),
            });
        }
        Ok(positions)
    }

    /// Writes the game as TGK: the tags, then numbered move pairs, one pair a line.
    pub fn to_tgk(&self) -> String {
        let mut out = String::new();
        let mut tags = self.tags.clone();
        for key in TGK_TAGS {
            if !tags.iter().any(|(k, _)| k.eq_ignore_ascii_case(key)) {
                let default = if key == "Result" { "*" } else { "?" };
                tags.push((key.to_string(), default.to_string()));
            }
        }
        for (key, value) in &tags {
            let value = value.replace('\\', "\\\\").replace('"', "\\\"");
            out.push_str(&format!("[{key} \"{value}\"]\n"));
        }
        // Numbered as the moves are read back and as the app's move list shows them: a game black
        // begins opens `1...` with black's move alone.
        let first = self.start().map_or(Side::White, |p| p.side_to_move());
        for (ply, mv) in self.moves.iter().enumerate() {
            let (number, side) = move_number(first, ply);
            if side == Side::White {
                out.push_str(&format!("{number}. {}", mv.text));
            } else if ply == 0 {
                out.push_str(&format!("{number}... {}", mv.text));
            } else {
                out.push_str(&format!(" {}", mv.text));
            }
            if let Some(ms) = mv.clock {
                out.push_str(&format!(" {{{CLOCK_COMMAND} {}]}}", clock_text(ms)));
            }
            if side == Side::Black || ply + 1 == self.moves.len() {
                out.push('\n');
            }
        }
        out
    }

    /// A record of moves played through the rules.
    pub fn from_outcomes<'a>(
        tags: Vec<(String, String)>,
        outcomes: impl IntoIterator<Item = &'a MoveOutcome>,
    ) -> Self {
        let moves = outcomes
            .into_iter()
            .enumerate()
            .map(|(i, o)| RecordedMove { text: MoveText::of(o), line: i / 2 + 1, clock: None })
            .collect();
        GameRecord { tags, moves, result_token: None, line: 1, ignored: Vec::new() }
    }
}

fn is_result(token: &str) -> bool {
    matches!(token, "1-0" | "0-1" | "1/2-1/2" | "½-½" | "0.5-0.5" | "*" | "0-0")
}

/// Strips a move number: `12.`, `12...`, and `12.76` (a number glued to its move).
fn strip_move_number(token: &str) -> &str {
    let digits = token.bytes().take_while(u8::is_ascii_digit).count();
    if digits > 0 && token[digits..].starts_with('.') {
        token[digits..].trim_start_matches('.')
    } else {
        token
    }
}

fn parse_tag(line: &str, number: usize) -> Result<(String, String), RecordError> {
    let err = |message: &str| RecordError { line: number, mv: None, message: message.to_string() };
    let inner = line
        .strip_prefix('[')
        .and_then(|l| l.strip_suffix(']'))
        .ok_or_else(|| err("a tag line must look like [Key \"value\"]"))?;
    let (key, rest) =
        inner.split_once(char::is_whitespace).ok_or_else(|| err("a tag needs a key and a value"))?;
    let rest = rest.trim();
    let quoted = rest
        .strip_prefix('"')
        .and_then(|r| r.strip_suffix('"'))
        .ok_or_else(|| err("a tag's value must be in double quotes"))?;
    if key.is_empty() || !key.chars().all(|c| c.is_alphanumeric() || c == '_') {
        return Err(err("a tag's key must be a word"));
    }
    let mut value = String::with_capacity(quoted.len());
    let mut chars = quoted.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            if let Some(next) = chars.next() {
                value.push(next);
            }
        } else {
            value.push(c);
        }
    }
    Ok((key.to_string(), value))
}

/// Reads every game of a TGK file or PlayOK export. Each game is read on its own: one game's error does
/// not hide the others, and a `{` never closed ends at the next tag line, the next game's start (its own
/// game is refused for it). A game's moves are only parsed here; [`GameRecord::replay`] checks them.
pub fn read_games(text: &str) -> Vec<Result<GameRecord, RecordError>> {
    // Files saved by Windows editors may start with a byte-order mark.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut games = Vec::new();
    let mut current = GameRecord::default();
    let mut error: Option<RecordError> = None;
    let mut has_content = false;
    let mut in_moves = false;
    let mut in_comment = false;
    // The line where the open comment began, and its text so far.
    let mut comment_line = 0;
    let mut comment = String::new();
    let unclosed = |line: usize| RecordError {
        line,
        mv: None,
        message: "a comment opened with '{' is never closed".to_string(),
    };

    let mut finish = |current: &mut GameRecord, error: &mut Option<RecordError>, has_content: &mut bool| {
        if *has_content {
            let game = std::mem::take(current);
            games.push(match error.take() {
                Some(e) => Err(e),
                None => Ok(game),
            });
        }
        *current = GameRecord::default();
        *error = None;
        *has_content = false;
    };

    for (i, raw) in text.lines().enumerate() {
        let number = i + 1;
        let line = raw.trim();
        if in_comment && line.starts_with('[') && parse_tag(line, number).is_ok() {
            // A tag line inside a comment: the comment was never closed, and the next game begins here.
            // Read on, it would swallow every game after it.
            in_comment = false;
            error.get_or_insert(unclosed(comment_line));
            finish(&mut current, &mut error, &mut has_content);
            in_moves = false;
        }
        if !in_comment && line.starts_with('[') {
            if in_moves {
                finish(&mut current, &mut error, &mut has_content);
                in_moves = false;
            }
            if !has_content {
                current.line = number;
            }
            has_content = true;
            match parse_tag(line, number) {
                Ok(tag) => current.tags.push(tag),
                Err(e) => {
                    error.get_or_insert(e);
                }
            }
            continue;
        }
        if !in_comment && (line.starts_with('#') || line.starts_with(';') || line.starts_with('%')) {
            continue;
        }
        // Move text: tokens, `{…}` comments (possibly over several lines), results.
        let mut rest = line;
        while !rest.is_empty() {
            if in_comment {
                match rest.find('}') {
                    Some(end) => {
                        in_comment = false;
                        comment.push_str(&rest[..end]);
                        if error.is_none() {
                            read_clocks(&mut current, &comment, comment_line);
                        }
                        rest = &rest[end + 1..];
                    }
                    None => {
                        comment.push_str(rest);
                        comment.push('\n');
                        rest = "";
                    }
                }
                continue;
            }
            rest = rest.trim_start();
            if rest.is_empty() {
                break;
            }
            if let Some(r) = rest.strip_prefix('{') {
                in_comment = true;
                comment_line = number;
                comment.clear();
                rest = r;
                continue;
            }
            let end = rest.find(|c: char| c.is_whitespace() || c == '{').unwrap_or(rest.len());
            let token = &rest[..end];
            rest = &rest[end..];
            if !has_content {
                current.line = number;
            }
            has_content = true;
            in_moves = true;
            let token = strip_move_number(token);
            if token.is_empty() {
                continue;
            }
            if is_result(token) {
                current.result_token = Some(token.to_string());
                continue;
            }
            if error.is_some() {
                continue;
            }
            if current.result_token.is_some() {
                error = Some(RecordError {
                    line: number,
                    mv: None,
                    message: format!("{} comes after the result", quote(token)),
                });
                continue;
            }
            match MoveText::parse(token) {
                Ok(text) => current.moves.push(RecordedMove { text, line: number, clock: None }),
                Err(message) => {
                    // Counted from the game's own start: its tags come before its moves.
                    let first = current.start().map_or(Side::White, |p| p.side_to_move());
                    let mv = Some(move_number(first, current.moves.len()));
                    error = Some(RecordError { line: number, mv, message });
                }
            }
        }
    }
    if in_comment && has_content {
        error.get_or_insert(unclosed(comment_line));
    }
    finish(&mut current, &mut error, &mut has_content);
    games
}

/// Gives the clock of a comment (`[%clk 0:02:31]`) to the move the comment follows. A clock that does
/// not read, follows no move (before the first, after the result) or repeats one is noted in
/// [`GameRecord::ignored`] and left out; other `[%…]` commands and free text are no concern of the rules.
fn read_clocks(game: &mut GameRecord, comment: &str, line: usize) {
    let mut rest = comment;
    while let Some(at) = rest.find(CLOCK_COMMAND) {
        rest = &rest[at + CLOCK_COMMAND.len()..];
        // `[%clkx …]` is some other command.
        if !rest.starts_with(char::is_whitespace) {
            continue;
        }
        let mv = game.moves.len().checked_sub(1).map(|ply| {
            let first = game.start().map_or(Side::White, |p| p.side_to_move());
            move_number(first, ply)
        });
        let mut note = |message: String| game.ignored.push(RecordError { line, mv, message });
        let Some(end) = rest.find(']') else {
            note(format!("a clock {} is never closed with ']'; ignored", quote(rest.trim())));
            return;
        };
        let value = rest[..end].trim();
        rest = &rest[end + 1..];
        let ms = match parse_clock(value) {
            Ok(ms) => ms,
            Err(e) => {
                note(format!("{e}; the clock is ignored"));
                continue;
            }
        };
        let about = format!("the clock {}", quote(value));
        if game.result_token.is_some() {
            note(format!("{about} comes after the result, and is ignored"));
        } else if game.moves.is_empty() {
            note(format!("{about} comes before the first move, and is ignored"));
        } else if let Some(last) = game.moves.last_mut()
            && last.clock.is_none()
        {
            last.clock = Some(ms);
        } else {
            note(format!("{about} is a second clock for the same move, and is ignored"));
        }
    }
}

/// Reads and replays every game; the common path for tools and tests.
pub fn replay_all(text: &str) -> Vec<(GameRecord, Result<Vec<Position>, RecordError>)> {
    read_games(text)
        .into_iter()
        .map(|game| match game {
            Ok(g) => {
                let replay = g.replay();
                (g, replay)
            }
            Err(e) => (GameRecord { line: e.line, ..GameRecord::default() }, Err(e)),
        })
        .collect()
}
