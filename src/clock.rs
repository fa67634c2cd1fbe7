//! The chess-style game clock for two players at one device: the time controls (presets, custom,
//! Fischer increment, simple delay, time odds), the clock itself, the result when a side's time runs out,
//! and the clock's part of a game record (`[TimeControl "180+2"]`, `{[%clk 0:02:31]}`). Pure Rust: the
//! app drives it with its own time, and the tests with exact milliseconds.
//!
//! Invariants: every time is whole milliseconds (`u64`); the clock never reads the system's time, so
//! each method that looks at time takes `now`, milliseconds on any time base that never goes back (a
//! `now` earlier than the last one is read as no time passing); a side's time is never negative, and a
//! side at zero has lost on time (its flag fell) for good; no method gives time back: only a press's
//! increment adds time, and undo ([`Clock::take_back`]) gives back no time spent and takes back the
//! increments the undone moves earned.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::rules::notation::{Claim, GameRecord, RecordError, quote};
use crate::rules::{Position, Side, TOTAL_STONES, WINNING_KAZAN};

/// A side with this little time left or less is in its last seconds: the app marks its clock.
pub const LAST_SECONDS_MS: u64 = 10_000;
/// The most main time a side may have: ten hours, far beyond a game at one table.
pub const MAX_MAIN_MS: u64 = 10 * 3_600_000;
/// The longest increment or delay: ten minutes a move.
pub const MAX_INCREMENT_MS: u64 = 600_000;

/// The record's tag that gives the time control ([`TimeControl::tag`]).
pub const TIME_CONTROL_TAG: &str = "TimeControl";
/// The record's tag that gives why the game ended, as PGN has it; [`TIME_FORFEIT`] when a flag fell.
pub const TERMINATION_TAG: &str = "Termination";
/// The [`TERMINATION_TAG`] of a game ended by a side's time running out (PGN's word), whatever the
/// result: a win on time, or a draw when the other side could no longer win ([`result_on_time`]).
pub const TIME_FORFEIT: &str = "time forfeit";

/// What each move gives the mover on top of the main time.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Increment {
    /// Sudden death: the main time is all there is.
    None,
    /// Fischer: this many ms added to the mover's time as the move is played.
    Fischer(u64),
    /// Simple delay: each turn, the mover's time does not start going down until this many ms have
    /// passed; unused delay is lost. (Bronstein's delay, which adds back the time used up to the delay
    /// after the move, gives the same times after each move; only the display during a turn differs.)
    Delay(u64),
}

impl Increment {
    /// The delay each turn starts with, 0 for none.
    fn delay(self) -> u64 {
        match self {
            Increment::Delay(ms) => ms,
            Increment::None | Increment::Fischer(_) => 0,
        }
    }

    /// The increment a press adds, 0 for none.
    fn bonus(self) -> u64 {
        match self {
            Increment::Fischer(ms) => ms,
            Increment::None | Increment::Delay(_) => 0,
        }
    }

    /// A zero increment or delay is none, so that `3+0` and `3` are one time control.
    fn normal(self) -> Increment {
        match self {
            Increment::Fischer(0) | Increment::Delay(0) => Increment::None,
            other => other,
        }
    }
}

/// How much time each side has: its main time (time odds give the sides different ones) and what each
/// move adds. Made only through [`TimeControl::new`], [`TimeControl::with_odds`], the presets, the
/// parsers or serde, all of which check it: each side has some time and at most [`MAX_MAIN_MS`], the
/// increment at most [`MAX_INCREMENT_MS`]. Kept with the settings, so serialized (RON) field by field.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "TimeControlParts")]
pub struct TimeControl {
    /// White's main time, ms.
    white: u64,
    /// Black's main time, ms.
    black: u64,
    increment: Increment,
}

/// What a [`TimeControl`] reads as before it is checked: the same fields under the same name.
#[derive(Deserialize)]
#[serde(rename = "TimeControl")]
struct TimeControlParts {
    white: u64,
    black: u64,
    increment: Increment,
}

impl TryFrom<TimeControlParts> for TimeControl {
    type Error = TimeControlError;
    fn try_from(parts: TimeControlParts) -> Result<TimeControl, TimeControlError> {
        TimeControl::with_odds(parts.white, parts.black, parts.increment)
    }
}

/// A time control that cannot be: what is wrong, in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TimeControlError(pub String);

impl fmt::Display for TimeControlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for TimeControlError {}

/// The time controls the Two players sheet offers by name.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Preset {
    /// 3 minutes + 2 seconds a move.
    Blitz,
    /// 10 minutes + 5 seconds a move.
    Rapid,
    /// 60 minutes, no increment.
    Classical,
}

impl Preset {
    pub const ALL: [Preset; 3] = [Preset::Blitz, Preset::Rapid, Preset::Classical];

    pub fn time_control(self) -> TimeControl {
        let (minutes, increment) = match self {
            Preset::Blitz => (3, Increment::Fischer(2_000)),
            Preset::Rapid => (10, Increment::Fischer(5_000)),
            Preset::Classical => (60, Increment::None),
        };
        TimeControl { white: minutes * 60_000, black: minutes * 60_000, increment }
    }
}

impl TimeControl {
    /// Both sides with `main_ms`, and `increment` each move.
    pub fn new(main_ms: u64, increment: Increment) -> Result<TimeControl, TimeControlError> {
        TimeControl::with_odds(main_ms, main_ms, increment)
    }

    /// Time odds: each side its own main time, the same increment.
    pub fn with_odds(
        white_ms: u64,
        black_ms: u64,
        increment: Increment,
    ) -> Result<TimeControl, TimeControlError> {
        for (side, ms) in [(Side::White, white_ms), (Side::Black, black_ms)] {
            if ms == 0 {
                return Err(TimeControlError(format!("{side} needs some time: its main time is zero")));
            }
            if ms > MAX_MAIN_MS {
                return Err(TimeControlError(format!(
                    "{side}'s main time is over the most a side may have, {} hours",
                    MAX_MAIN_MS / 3_600_000
                )));
            }
        }
        let increment = increment.normal();
        if increment.bonus().max(increment.delay()) > MAX_INCREMENT_MS {
            return Err(TimeControlError(format!(
                "the increment or delay is over the most a move may have, {} minutes",
                MAX_INCREMENT_MS / 60_000
            )));
        }
        Ok(TimeControl { white: white_ms, black: black_ms, increment })
    }

    /// A side's main time, ms.
    pub fn budget(&self, side: Side) -> u64 {
        match side {
            Side::White => self.white,
            Side::Black => self.black,
        }
    }

    pub fn increment(&self) -> Increment {
        self.increment
    }

    /// The preset this is, if it is one (the sheet shows its name, not "custom").
    pub fn preset(&self) -> Option<Preset> {
        Preset::ALL.into_iter().find(|p| p.time_control() == *self)
    }

    /// Whether the sides have different main times.
    pub fn has_odds(&self) -> bool {
        self.white != self.black
    }

    /// The record's `TimeControl` value: PGN's seconds and increment, `180+2`; `3600+0` with none; a
    /// simple delay as `180d2` (PGN has no word for a delay); time odds as white's and black's, `300+2/180+2`.
    /// Fractions of a second, from a time given in decimal minutes, are written as decimals: `6.6+0`.
    pub fn tag(&self) -> String {
        let (mark, extra) = match self.increment {
            Increment::None => ('+', 0),
            Increment::Fischer(ms) => ('+', ms),
            Increment::Delay(ms) => ('d', ms),
        };
        let one = |main: u64| format!("{}{mark}{}", seconds_text(main), seconds_text(extra));
        if self.has_odds() { format!("{}/{}", one(self.white), one(self.black)) } else { one(self.white) }
    }

    /// Reads a record's `TimeControl` value, as [`TimeControl::tag`] writes it: main time in seconds.
    /// `?` (unknown) and `-` (untimed), PGN's words, give none.
    pub fn from_tag(text: &str) -> Result<Option<TimeControl>, TimeControlError> {
        match text.trim() {
            "?" | "-" => Ok(None),
            text => parse(text, 1_000, "seconds").map(Some),
        }
    }

    /// Reads `toguz --clock`'s value: `M+S`, M minutes (decimals allowed: `0.1` is 6 seconds) and S
    /// seconds a move; `MdS` for a delay of S seconds; `M` alone for none; time odds as `5/3+2` (white 5
    /// minutes, black 3) or `5+2/3+2`.
    pub fn parse_cli(text: &str) -> Result<TimeControl, TimeControlError> {
        parse(text.trim(), 60_000, "minutes")
    }

    /// The time control a record gives in its `TimeControl` tag, if any; a value that does not read is
    /// refused with the game's line (the caller decides whether to open the game without its clock).
    pub fn of_record(record: &GameRecord) -> Result<Option<TimeControl>, RecordError> {
        match record.tag(TIME_CONTROL_TAG) {
            None => Ok(None),
            Some(text) => TimeControl::from_tag(text).map_err(|e| RecordError {
                line: record.line,
                mv: None,
                message: format!("the {TIME_CONTROL_TAG} tag does not read: {e}"),
            }),
        }
    }
}

/// `seconds` as the record writes them: whole, or with the decimals a millisecond needs.
fn seconds_text(ms: u64) -> String {
    let (whole, rest) = (ms / 1_000, ms % 1_000);
    if rest == 0 { whole.to_string() } else { format!("{whole}.{rest:03}").trim_end_matches('0').to_string() }
}

/// Reads a decimal number of `unit` ms (e.g. minutes: 60 000) as exact milliseconds: `0.1` minutes is
/// 6 000 ms; a value finer than a millisecond, or too long to be a time, is refused.
fn decimal_ms(text: &str, unit: u64, what: &str) -> Result<u64, TimeControlError> {
    let bad = || {
        TimeControlError(format!("{} is not a number of {what} (write it like 3, 10 or 0.5)", quote(text)))
    };
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty() || !digits(whole) || !digits(fraction) || (text.contains('.') && fraction.is_empty())
    {
        return Err(bad());
    }
    // Nine digits each way are far past any time a side may have, and keep the arithmetic in a u64.
    if whole.len() > 9 || fraction.len() > 9 {
        return Err(TimeControlError(format!("{} is too long to be a time", quote(text))));
    }
    let whole: u64 = whole.parse().map_err(|_| bad())?;
    let scale = 10u64.pow(fraction.len() as u32);
    let fraction: u64 = if fraction.is_empty() { 0 } else { fraction.parse().map_err(|_| bad())? };
    let part = fraction * unit;
    if !part.is_multiple_of(scale) {
        return Err(TimeControlError(format!(
            "{} {what} is not a whole number of milliseconds",
            quote(text)
        )));
    }
    Ok(whole * unit + part / scale)
}

/// One side's part of a time control: its main time (in `unit` ms), and its increment (`+S`) or delay
/// (`dS`) in seconds, if written.
fn parse_side(text: &str, unit: u64, what: &str) -> Result<(u64, Option<Increment>), TimeControlError> {
    let (main, increment) = match text.find(['+', 'd']) {
        None => (text, None),
        Some(at) => {
            let ms = decimal_ms(&text[at + 1..], 1_000, "seconds")?;
            let increment =
                if text.as_bytes()[at] == b'+' { Increment::Fischer(ms) } else { Increment::Delay(ms) };
            (&text[..at], Some(increment.normal()))
        }
    };
    Ok((decimal_ms(main, unit, what)?, increment))
}

/// The grammar shared by the record's tag and the command line: `MAIN[+S|dS][/MAIN[+S|dS]]`, main times
/// in `unit` ms (`what` names the unit in messages).
fn parse(text: &str, unit: u64, what: &str) -> Result<TimeControl, TimeControlError> {
    if text.is_empty() {
        return Err(TimeControlError(format!(
            "no time control given (write the {what} and the seconds a move, e.g. 3+2)"
        )));
    }
    let mut parts = text.split('/');
    let white = parse_side(parts.next().unwrap_or_default(), unit, what)?;
    let black = match parts.next() {
        None => white,
        Some(black) => parse_side(black, unit, what)?,
    };
    if parts.next().is_some() {
        return Err(TimeControlError(format!(
            "{} has more than two sides' times (write white's and black's, e.g. 5/3+2)",
            quote(text)
        )));
    }
    // Odds written once with the increment on black's side (`5/3+2`) share it.
    let increment = match (white.1, black.1) {
        (Some(w), Some(b)) if w != b => {
            return Err(TimeControlError(
                "the two sides must have the same increment or delay; only their main times may differ"
                    .to_string(),
            ));
        }
        (w, b) => w.or(b).unwrap_or(Increment::None),
    };
    TimeControl::with_odds(white.0, black.0, increment)
}

/// What the UI shows of one side's clock: the names match the UI map's `running`, `stopped` and `flag`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ClockState {
    /// This side's time is going (or its delay is).
    Running,
    /// Waiting for its turn, paused, or the game stopped.
    Stopped,
    /// Its time ran out: it lost on time (or the game is drawn: [`result_on_time`]).
    Flag,
}

/// Why the clock refused what was asked.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ClockError {
    /// No side's clock runs: the clock was never started, or was stopped.
    NotRunning,
    /// The clocks are paused: resume first.
    Paused,
    /// Only a paused clock resumes.
    NotPaused,
    /// This side's time has run out: the game is over.
    Flag(Side),
}

impl fmt::Display for ClockError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClockError::NotRunning => f.write_str("no clock is running"),
            ClockError::Paused => f.write_str("the clocks are paused"),
            ClockError::NotPaused => f.write_str("the clocks are not paused"),
            ClockError::Flag(side) => write!(f, "{side}'s time has run out"),
        }
    }
}

impl std::error::Error for ClockError {}

/// Two clocks, one side's running at a time.
///
/// A turn's time is counted from when its clock started, less the pauses within it; a simple delay is
/// taken from the start of each turn, so a pause does not renew it. Undo is [`Clock::take_back`]: the
/// time spent stays spent, and the undone moves' increments are taken back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clock {
    control: TimeControl,
    /// Each side's time, ms, as of the start of its turn (for the side on turn) or now (for the other).
    banked: [u64; 2],
    /// The side whose turn is being timed (running or paused); none before the start or once stopped.
    turn: Option<Side>,
    /// Time of this turn used before the present run: a pause ends a run, not the turn.
    used: u64,
    /// When the present run began; none while paused or stopped.
    since: Option<u64>,
    /// The mover's time after each press, in move order: the record's `%clk`.
    times: Vec<u64>,
}

impl Clock {
    /// Both sides with their main time, no clock running.
    pub fn new(control: TimeControl) -> Clock {
        Clock::with_times(control, [control.white, control.black])
    }

    /// A clock with the times a saved game had left (white, black), no clock running: a game continued
    /// after the app was closed (save it paused or stopped: `now` means nothing across two runs).
    pub fn with_times(control: TimeControl, left: [u64; 2]) -> Clock {
        Clock { control, banked: left, turn: None, used: 0, since: None, times: Vec::new() }
    }

    /// A saved game's clock: the times it had left (white, black) and its moves' `%clk` times, no clock
    /// running.
    pub fn resumed(control: TimeControl, left: [u64; 2], times: Vec<u64>) -> Clock {
        Clock { times, ..Clock::with_times(control, left) }
    }

    pub fn control(&self) -> &TimeControl {
        &self.control
    }

    /// Time this turn has charged so far, after the delay.
    fn charged(&self, now: u64) -> u64 {
        let run = self.since.map_or(0, |since| now.saturating_sub(since));
        self.used.saturating_add(run).saturating_sub(self.control.increment.delay())
    }

    /// A side's time left at `now`, ms; 0 once its flag has fallen.
    pub fn remaining(&self, side: Side, now: u64) -> u64 {
        let banked = self.banked[side.index()];
        if self.turn == Some(side) { banked.saturating_sub(self.charged(now)) } else { banked }
    }

    /// The side whose clock is running now: none before the start, while paused, once stopped.
    pub fn running(&self) -> Option<Side> {
        self.turn.filter(|_| self.since.is_some())
    }

    /// Whether the clocks are paused mid-turn ([`Clock::pause`]).
    pub fn is_paused(&self) -> bool {
        self.turn.is_some() && self.since.is_none()
    }

    pub fn state(&self, side: Side, now: u64) -> ClockState {
        if self.remaining(side, now) == 0 {
            ClockState::Flag
        } else if self.running() == Some(side) {
            ClockState::Running
        } else {
            ClockState::Stopped
        }
    }

    /// Whether a side is in its last [`LAST_SECONDS_MS`] (and its flag has not fallen).
    pub fn in_last_seconds(&self, side: Side, now: u64) -> bool {
        (1..=LAST_SECONDS_MS).contains(&self.remaining(side, now))
    }

    /// The side whose time has run out at `now`, if any: its time reached exactly zero at or before
    /// `now`. The game is then over ([`result_on_time`]).
    pub fn flagged(&self, now: u64) -> Option<Side> {
        Side::BOTH.into_iter().find(|&side| self.remaining(side, now) == 0)
    }

    /// When the running clock's flag falls if no one presses: the `now` at which its time is zero (the
    /// app's next look at the clock need not come sooner).
    pub fn flag_time(&self) -> Option<u64> {
        let side = self.running()?;
        let since = self.since?;
        let budget = self.banked[side.index()].saturating_add(self.control.increment.delay());
        Some(since.saturating_add(budget.saturating_sub(self.used)))
    }

    fn check_flag(&self, now: u64) -> Result<(), ClockError> {
        self.flagged(now).map_or(Ok(()), |side| Err(ClockError::Flag(side)))
    }

    /// Ends the turn being timed, charging its time (no increment), and starts `side`'s turn at `now`.
    fn hand_over(&mut self, side: Side, now: u64) {
        if let Some(on_turn) = self.turn {
            self.banked[on_turn.index()] = self.remaining(on_turn, now);
        }
        self.turn = Some(side);
        self.used = 0;
        self.since = Some(now);
    }

    /// Starts `side`'s clock: the game's first turn, or play going on after [`Clock::stop`]. While the
    /// other side's clock runs, that turn ends without an increment (nothing was played); while `side`'s
    /// own runs, nothing changes.
    pub fn start(&mut self, side: Side, now: u64) -> Result<(), ClockError> {
        self.check_flag(now)?;
        if self.is_paused() {
            return Err(ClockError::Paused);
        }
        if self.running() != Some(side) {
            self.hand_over(side, now);
        }
        Ok(())
    }

    /// The mover's press, as the move is played: stops the mover's clock, adds the increment, starts the
    /// opponent's. Returns the mover's time after it (the record's `%clk`). A press at or after the
    /// moment the mover's time reached zero is too late: [`ClockError::Flag`], and nothing changes.
    pub fn press(&mut self, now: u64) -> Result<u64, ClockError> {
        let mover = self.turn.ok_or(ClockError::NotRunning)?;
        if self.since.is_none() {
            return Err(ClockError::Paused);
        }
        self.check_flag(now)?;
        self.hand_over(mover.opponent(), now);
        let time = &mut self.banked[mover.index()];
        *time = time.saturating_add(self.control.increment.bonus());
        self.times.push(*time);
        Ok(*time)
    }

    /// Stops both clocks mid-turn (either seat may pause); [`Clock::resume`] goes on with the same turn.
    pub fn pause(&mut self, now: u64) -> Result<(), ClockError> {
        if self.is_paused() {
            return Err(ClockError::Paused);
        }
        if self.running().is_none() {
            return Err(ClockError::NotRunning);
        }
        self.check_flag(now)?;
        self.used = self.used.saturating_add(now.saturating_sub(self.since.unwrap_or(now)));
        self.since = None;
        Ok(())
    }

    /// Goes on with the paused turn from `now`.
    pub fn resume(&mut self, now: u64) -> Result<(), ClockError> {
        if !self.is_paused() {
            return Err(ClockError::NotPaused);
        }
        self.since = Some(now);
        Ok(())
    }

    /// Stops the clocks for good (the rules ended the game, a side resigned): the turn's time is charged,
    /// no increment. A game played on afterwards (undo) starts them again with [`Clock::start`].
    pub fn stop(&mut self, now: u64) {
        if let Some(side) = self.turn {
            self.banked[side.index()] = self.remaining(side, now);
        }
        self.turn = None;
        self.used = 0;
        self.since = None;
    }

    /// Undo of `moves` moves in a timed game, after which `to_move` is to play: the clocks give no time
    /// back, and the increments the undone moves earned go with them (a move taken back earned nothing:
    /// each takeback in a 10+5 game gave its mover 5 s). The turn being timed is charged what it used,
    /// and the turn passes to `to_move`, whose new turn starts at `now`. The undone moves' `%clk` times
    /// are forgotten. A stopped clock stays stopped; a paused one stays paused, on the new turn (a
    /// takeback is granted on a card over the board, which holds the clocks). Taking an increment back
    /// never makes a flag fall: a side keeps at least a millisecond (it pressed in time).
    ///
    /// (Redo replays a move without thinking: in a timed game it is a [`Clock::press`] like any move, and
    /// earns its increment again; the app does not offer it.)
    pub fn take_back(&mut self, moves: usize, to_move: Side, now: u64) -> Result<(), ClockError> {
        self.check_flag(now)?;
        let pressed = moves.min(self.times.len());
        self.times.truncate(self.times.len() - pressed);
        let paused = self.is_paused();
        if self.turn.is_some() {
            self.hand_over(to_move, now);
            if paused {
                self.since = None;
            }
        }
        // The earliest undone move was `to_move`'s, and the moves alternate from it; of the undone moves,
        // the last `pressed` went through the clock (all of them, in a game timed from its first move).
        let bonus = self.control.increment.bonus();
        for k in moves - pressed..moves {
            let mover = if k % 2 == 0 { to_move } else { to_move.opponent() };
            let time = &mut self.banked[mover.index()];
            *time = time.saturating_sub(bonus).max(1);
        }
        Ok(())
    }

    /// The mover's time after each move pressed, in move order (the record's `%clk`).
    pub fn times(&self) -> &[u64] {
        &self.times
    }

    /// Writes the clock into its game's record (`Game::record` or `Game::export` made it): the
    /// `TimeControl` tag, each move's `%clk` (the clock's first press is the record's first move), and,
    /// if a flag has fallen at `now`, the result on time ([`result_on_time`] on `position`, the game's
    /// last) with `[Termination "time forfeit"]`.
    pub fn write_record(&self, record: &mut GameRecord, position: &Position, now: u64) {
        record.set_tag(TIME_CONTROL_TAG, self.control.tag());
        for (mv, &time) in record.moves.iter_mut().zip(&self.times) {
            mv.clock = Some(time);
        }
        if let Some(flagged) = self.flagged(now) {
            record.set_tag("Result", result_on_time(position, flagged).to_string());
            record.set_tag(TERMINATION_TAG, TIME_FORFEIT);
        }
    }
}

/// Whether `side` can still reach [`WINNING_KAZAN`] stones: at best it ends with every stone its
/// opponent's kazan does not hold (a kazan never gives stones back), so it can win only while that kazan
/// holds fewer than 81.
pub fn can_still_win(position: &Position, side: Side) -> bool {
    TOTAL_STONES - position.kazan(side.opponent()) >= WINNING_KAZAN
}

/// The result when `flagged`'s time runs out in `position`: the other side wins on time, unless it could
/// no longer win however the game went on ([`can_still_win`]: the flagged side's kazan holds 81), and
/// then the game is drawn. (As chess draws a flag against a side with too few pieces to mate: the time
/// decides only what the board still could.)
pub fn result_on_time(position: &Position, flagged: Side) -> Claim {
    let other = flagged.opponent();
    if can_still_win(position, other) { Claim::Win(other) } else { Claim::Draw }
}
