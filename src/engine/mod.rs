//! The `toguz-engine` text protocol (`docs/engine-protocol.md`): one command a line on standard
//! input, answers on standard output. Other programs check our rules and measure our AI through it, so
//! every answer follows the protocol to the letter; anything malformed gets one `error …` line and changes
//! nothing.
//!
//! Input is read on its own thread ([`run`]), so a running `go` sees `stop`, `quit` and the end of input
//! between two slices of its search and ends at once with its best move; any other line read meanwhile
//! waits its turn, in order. No line is kept beyond [`MAX_LINE`] bytes; no `go depth` or `perft` goes
//! beyond [`MAX_PLIES`].

use std::collections::VecDeque;
use std::io::{self, BufRead, Write};
use std::sync::mpsc::{self, Receiver, TryRecvError};

use std::time::Instant;

use rand::SeedableRng;
use rand::rngs::StdRng;

use crate::ai::{self, LEVELS, Level, Limits, Search, Step};
use crate::rules::{Hole, Position};

pub mod people;
pub mod puzzles;
pub mod tools;

/// `hint` searches this deep (or this many nodes): enough for sound advice, quick on any machine.
const HINT_LIMITS: Limits = Limits { depth: Some(12), nodes: Some(3_000_000), movetime_ms: None };

/// The deepest `go depth` and `perft` the protocol accepts.
pub const MAX_PLIES: u32 = 30;

/// The longest line read, in bytes (without its line break); a longer one is an error and is dropped as
/// it is read, never held.
pub const MAX_LINE: usize = 64 * 1024;

/// Nodes a search runs between two looks at the input: a few milliseconds, so `stop` ends it at once.
const SLICE_NODES: u64 = 20_000;

/// What the caller should do after a command.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Quit,
}

/// The engine's state between commands.
#[derive(Default)]
pub struct Engine {
    position: Position,
}

impl Engine {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Runs one command line, writing its answer lines to `out`. Nothing interrupts it: a `go` searches
    /// to its limits (the in-process tests; [`run`] reads input beside it).
    pub fn command(&mut self, line: &str, out: &mut dyn Write) -> io::Result<Flow> {
        self.command_with(line, out, &mut Input::none())
    }

    fn command_with(&mut self, line: &str, out: &mut dyn Write, input: &mut Input) -> io::Result<Flow> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&name, args)) = words.split_first() else {
            return Ok(Flow::Continue);
        };
        let mut flow = Flow::Continue;
        let answer = match name {
            "isready" => Ok(vec!["readyok".to_string()]),
            "quit" => return Ok(Flow::Quit),
            // Outside a search there is nothing to stop.
            "stop" if args.is_empty() => Ok(Vec::new()),
            "stop" => Err("usage: stop".to_string()),
            "position" => self.set_position(args).map(|()| Vec::new()),
            "d" => Ok(self.display()),
            "perft" => self.perft(args),
            "go" => self.go(args, out, input, &mut flow),
            "hint" => self.hint(args),
            _ => Err(format!("unknown command {}", quote(name))),
        };
        match answer {
            Ok(lines) => {
                for l in lines {
                    writeln!(out, "{l}")?;
                }
            }
            Err(message) => writeln!(out, "error {message}")?,
        }
        out.flush()?;
        Ok(flow)
    }

    fn set_position(&mut self, args: &[&str]) -> Result<(), String> {
        let (mut pos, rest) = match args.split_first() {
            Some((&"startpos", rest)) => (Position::start(), rest),
            Some((&"fen", rest)) => {
                if rest.len() < 5 {
                    return Err("position fen needs five fields".to_string());
                }
                let pos: Position = rest[..5].join(" ").parse().map_err(|e| format!("bad position: {e}"))?;
                (pos, &rest[5..])
            }
            _ => return Err("position needs 'startpos' or 'fen <five fields>'".to_string()),
        };
        match rest.split_first() {
            None => {}
            Some((&"moves", moves)) => {
                for (i, word) in moves.iter().enumerate() {
                    let hole = parse_hole(word).map_err(|e| format!("move {}: {e}", i + 1))?;
                    pos.play(hole).map_err(|e| format!("move {} ({word}): {e}", i + 1))?;
                }
            }
            Some((other, _)) => return Err(format!("expected 'moves', found '{other}'")),
        }
        self.position = pos;
        Ok(())
    }

    fn display(&self) -> Vec<String> {
        let legal: Vec<String> = self.position.legal_moves().map(|h| h.to_string()).collect();
        let legal = if legal.is_empty() { "legal".to_string() } else { format!("legal {}", legal.join(" ")) };
        vec![format!("fen {}", self.position), legal, format!("status {}", self.position.status().word())]
    }

    /// Searches, printing each `info` line as its iteration completes, then `bestmove`. Between slices
    /// it looks at the input: `stop`, `quit` or its end ends the search with the best move so far.
    fn go(
        &self,
        args: &[&str],
        out: &mut dyn Write,
        input: &mut Input,
        flow: &mut Flow,
    ) -> Result<Vec<String>, String> {
        let (level, limits) = match args {
            ["depth", d] => {
                let depth = number::<u8>(d)
                    .filter(|&d| (1..=MAX_PLIES).contains(&u32::from(d)))
                    .ok_or_else(|| format!("{} is not a depth 1..{MAX_PLIES}", quote(d)))?;
                (Level::HARD, Some(Limits { depth: Some(depth), ..Limits::default() }))
            }
            ["movetime", ms] => {
                let ms: u64 = number(ms)
                    .filter(|&ms| ms > 0)
                    .ok_or_else(|| format!("{} is not a time in ms 1..{}", quote(ms), u64::MAX))?;
                (Level::HARD, Some(Limits { movetime_ms: Some(ms), ..Limits::default() }))
            }
            ["nodes", n] => {
                let n: u64 = number(n)
                    .filter(|&n| n > 0)
                    .ok_or_else(|| format!("{} is not a node count 1..{}", quote(n), u64::MAX))?;
                (Level::HARD, Some(Limits { nodes: Some(n), ..Limits::default() }))
            }
            ["level", name] => {
                let level = Level::parse(name).ok_or_else(|| {
                    format!("{} is not a level 1..{LEVELS}, easy, medium or hard", quote(name))
                })?;
                (level, None)
            }
            _ => {
                return Err(format!(
                    "usage: go depth D | go movetime MS | go nodes N | go level 1..{LEVELS}|easy|medium|hard"
                ));
            }
        };
        let Some(first_legal) = self.position.legal_moves().next() else {
            return Err("the game is over: there is no move to search".into());
        };
        let start = Instant::now();
        // The easy level's errors are random, but seeded by the position: the same question gets the
        // same answer.
        let mut rng = StdRng::seed_from_u64(self.position.hash());
        let mut search = level.search(self.position, limits, None, &mut rng);
        let result = loop {
            match input.interrupt() {
                None => {}
                Some(Interrupt::Quit) => {
                    *flow = Flow::Quit;
                    search.stop();
                }
                Some(Interrupt::Stop | Interrupt::End) => search.stop(),
            }
            let elapsed = start.elapsed().as_millis() as u64;
            let step = search.step(SLICE_NODES, elapsed);
            let elapsed = start.elapsed().as_millis() as u64;
            // Written as they come: a reader waiting on a long search sees it deepen.
            let written: io::Result<()> = search.take_iterations().iter().try_for_each(|it| {
                writeln!(out, "{}", info_line(it, elapsed))?;
                out.flush()
            });
            if written.is_err() {
                // Nobody reads the answers any more: end the search, and the session with it.
                *flow = Flow::Quit;
                search.stop();
            }
            if let Step::Done(result) = step {
                break result;
            }
        };
        // Stopped before its first iteration completed: any legal move is an answer.
        let best = level.pick(&result, &mut rng).unwrap_or(first_legal);
        Ok(vec![format!("bestmove {best}")])
    }

    fn hint(&self, args: &[&str]) -> Result<Vec<String>, String> {
        if !args.is_empty() {
            return Err("usage: hint".into());
        }
        if self.position.legal_moves().is_empty() {
            return Err("the game is over: there is no move to suggest".into());
        }
        let mut search = Search::new(self.position, HINT_LIMITS, ai::tt::DEFAULT_MIB);
        let result = ai::search_blocking(&mut search, || 0);
        let hint = ai::hint(&self.position, &result).ok_or("the search found no move")?;
        Ok(vec![format!("hint {} {} (eval {:+.1} stones)", hint.hole, hint.reason_text(), hint.eval_stones)])
    }

    /// `perft N`, N at most [`MAX_PLIES`]. It reads no input while it counts: the protocol ends only a
    /// `go` early, and a piped `perft 8` then `quit` must still print its count.
    fn perft(&self, args: &[&str]) -> Result<Vec<String>, String> {
        let [depth] = args else {
            return Err("usage: perft N".to_string());
        };
        let depth = number::<u32>(depth)
            .filter(|&d| d <= MAX_PLIES)
            .ok_or_else(|| format!("{} is not a depth 0..{MAX_PLIES}", quote(depth)))?;
        Ok(vec![format!("perft {depth} {}", self.position.perft(depth))])
    }
}

/// `info depth D score S nodes N nps N time MS pv H H ...`
pub fn info_line(it: &ai::Iteration, elapsed_ms: u64) -> String {
    let nps = it.nodes * 1000 / elapsed_ms.max(1);
    let pv: Vec<String> = it.pv.iter().map(ToString::to_string).collect();
    format!(
        "info depth {} score {} nodes {} nps {} time {} pv {}",
        it.depth,
        it.score,
        it.nodes,
        nps,
        elapsed_ms,
        pv.join(" ")
    )
}

/// A hole number 1..9 as the protocol writes it: one digit (not `+7`, not `07`).
pub fn parse_hole(word: &str) -> Result<Hole, String> {
    number::<u8>(word).and_then(Hole::new).ok_or_else(|| format!("{} is not a hole 1..9", quote(word)))
}

/// A count as the protocol writes it: decimal digits, no sign, no leading zero.
fn number<T: std::str::FromStr>(word: &str) -> Option<T> {
    crate::rules::plain_number(word)
}

/// A word of the input, quoted for an error message: a short prefix of a long one.
fn quote(word: &str) -> String {
    crate::rules::notation::quote(word)
}

/// What ends a running command early.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Interrupt {
    Stop,
    Quit,
    End,
}

/// One read of the input thread.
enum Read {
    Line(String),
    /// A line longer than [`MAX_LINE`], dropped as it was read.
    TooLong,
    NotUtf8,
    End,
    Failed(io::Error),
}

/// The input as the command loop sees it: lines from the reader thread, and those read during a search
/// that wait their turn (in order).
struct Input {
    lines: Option<Receiver<Read>>,
    pending: VecDeque<Read>,
}

impl Input {
    /// No input beside the command: nothing interrupts it.
    fn none() -> Input {
        Input { lines: None, pending: VecDeque::new() }
    }

    /// The next read, waiting for it.
    fn next(&mut self) -> Read {
        if let Some(read) = self.pending.pop_front() {
            return read;
        }
        match &self.lines {
            Some(lines) => lines.recv().unwrap_or(Read::End),
            None => Read::End,
        }
    }

    /// Whether the running search should end now: `stop`, `quit` or the end of input, read next. Another
    /// line read first waits its turn, and so does what comes after it: commands run in the order they
    /// came (`isready` then `stop` stops nothing: `isready` waits for the search, as the protocol says).
    fn interrupt(&mut self) -> Option<Interrupt> {
        if self.pending.is_empty() {
            let read = match self.lines.as_ref()?.try_recv() {
                Ok(read) => read,
                Err(TryRecvError::Empty) => return None,
                Err(TryRecvError::Disconnected) => Read::End,
            };
            self.pending.push_back(read);
        }
        let interrupt = match self.pending.front()? {
            Read::Line(line) if is_only(line, "stop") => Interrupt::Stop,
            Read::Line(line) if is_only(line, "quit") => Interrupt::Quit,
            // Left waiting: the command loop ends on it once the command is done.
            Read::End | Read::Failed(_) => return Some(Interrupt::End),
            _ => return None,
        };
        self.pending.pop_front();
        Some(interrupt)
    }
}

fn is_only(line: &str, word: &str) -> bool {
    let mut words = line.split_whitespace();
    words.next() == Some(word) && words.next().is_none()
}

/// Reads one line of at most [`MAX_LINE`] bytes; the bytes of a longer one are read and dropped.
fn read_line(input: &mut impl BufRead) -> Read {
    let mut line = Vec::new();
    let mut too_long = false;
    let mut read_any = false;
    loop {
        let buf = match input.fill_buf() {
            Ok(buf) => buf,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Read::Failed(e),
        };
        if buf.is_empty() {
            if !read_any {
                return Read::End;
            }
            // A last line without its line break.
            break;
        }
        read_any = true;
        let (chunk, ends) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..i], true),
            None => (buf, false),
        };
        // One byte more than the limit: a `\r` before the line break is not part of the line.
        if !too_long && line.len() + chunk.len() > MAX_LINE + 1 {
            too_long = true;
            line = Vec::new();
        }
        if !too_long {
            line.extend_from_slice(chunk);
        }
        let used = chunk.len() + usize::from(ends);
        input.consume(used);
        if ends {
            break;
        }
    }
    if line.last() == Some(&b'\r') {
        line.pop();
    }
    if too_long || line.len() > MAX_LINE {
        return Read::TooLong;
    }
    String::from_utf8(line).map_or(Read::NotUtf8, Read::Line)
}

/// Reads commands until `quit` or the end of input. The input is read on a thread of its own, so that
/// a search hears `stop` while it runs; that thread ends with the input (or blocks in a read until the
/// process exits, after `quit`).
pub fn run(input: impl BufRead + Send + 'static, mut out: impl Write) -> io::Result<()> {
    let (sender, lines) = mpsc::channel();
    std::thread::spawn(move || {
        let mut input = input;
        loop {
            let read = read_line(&mut input);
            let last = matches!(read, Read::End | Read::Failed(_));
            if sender.send(read).is_err() || last {
                break;
            }
        }
    });
    let mut input = Input { lines: Some(lines), pending: VecDeque::new() };
    let mut engine = Engine::new();
    loop {
        match input.next() {
            Read::Line(line) => {
                if engine.command_with(&line, &mut out, &mut input)? == Flow::Quit {
                    break;
                }
            }
            // Malformed input, not a reason to stop.
            Read::NotUtf8 => writeln!(out, "error input is not UTF-8")?,
            Read::TooLong => writeln!(out, "error a line is longer than {} KiB", MAX_LINE / 1024)?,
            Read::End => break,
            Read::Failed(e) => return Err(e),
        }
        out.flush()?;
    }
    out.flush()
}
