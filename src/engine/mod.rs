//! The `toguz-engine` text protocol (`../shared/docs/engine-protocol.md`): one command a line on standard
//! input, answers on standard output. Other programs check our rules and measure our AI through it, so
//! every answer follows the protocol to the letter; anything malformed gets one `error …` line and changes
//! nothing.

use std::io::{self, BufRead, Write};

use std::time::Instant;

use rand::SeedableRng;
use rand::rngs::StdRng;

use crate::ai::{self, Level, Limits, Search, Step};
use crate::rules::{Hole, Position};

pub mod tools;

/// `hint` searches this deep (or this many nodes): enough for sound advice, quick on any machine.
const HINT_LIMITS: Limits = Limits { depth: Some(12), nodes: Some(3_000_000), movetime_ms: None };

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

    /// Runs one command line, writing its answer lines to `out`.
    pub fn command(&mut self, line: &str, out: &mut dyn Write) -> io::Result<Flow> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&name, args)) = words.split_first() else {
            return Ok(Flow::Continue);
        };
        let answer = match name {
            "isready" => Ok(vec!["readyok".to_string()]),
            "quit" => return Ok(Flow::Quit),
            "position" => self.set_position(args).map(|()| Vec::new()),
            "d" => Ok(self.display()),
            "perft" => self.perft(args),
            "go" => self.go(args),
            "hint" => self.hint(args),
            _ => Err(format!("unknown command '{name}'")),
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
        Ok(Flow::Continue)
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

    fn go(&self, args: &[&str]) -> Result<Vec<String>, String> {
        let (level, limits) = match args {
            ["depth", d] => {
                let depth = d.parse::<u8>().ok().filter(|d| (1..=ai::search::MAX_DEPTH).contains(d));
                let depth =
                    depth.ok_or_else(|| format!("'{d}' is not a depth 1..{}", ai::search::MAX_DEPTH))?;
                (Level::Hard, Some(Limits { depth: Some(depth), ..Limits::default() }))
            }
            ["movetime", ms] => {
                let ms: u64 = ms
                    .parse()
                    .ok()
                    .filter(|&ms| ms > 0)
                    .ok_or_else(|| format!("'{ms}' is not a time in ms"))?;
                (Level::Hard, Some(Limits { movetime_ms: Some(ms), ..Limits::default() }))
            }
            ["nodes", n] => {
                let n: u64 =
                    n.parse().ok().filter(|&n| n > 0).ok_or_else(|| format!("'{n}' is not a node count"))?;
                (Level::Hard, Some(Limits { nodes: Some(n), ..Limits::default() }))
            }
            ["level", name] => {
                let level =
                    Level::parse(name).ok_or_else(|| format!("'{name}' is not easy, medium or hard"))?;
                (level, None)
            }
            _ => {
                return Err(
                    "usage: go depth D | go movetime MS | go nodes N | go level easy|medium|hard".into()
                );
            }
        };
        if self.position.legal_moves().is_empty() {
            return Err("the game is over: there is no move to search".into());
        }
        let mut lines = Vec::new();
        let start = Instant::now();
        // The easy level's errors are random, but seeded by the position: the same question gets the
        // same answer.
        let mut rng = StdRng::seed_from_u64(self.position.hash());
        let mut search = level.search(self.position, limits, None, &mut rng);
        let result = loop {
            let elapsed = start.elapsed().as_millis() as u64;
            let step = search.step(20_000, elapsed);
            let elapsed = start.elapsed().as_millis() as u64;
            for it in search.take_iterations() {
                lines.push(info_line(&it, elapsed));
            }
            if let Step::Done(result) = step {
                break result;
            }
        };
        let best = level.pick(&result, &mut rng).ok_or("the search found no move")?;
        lines.push(format!("bestmove {best}"));
        Ok(lines)
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

    fn perft(&self, args: &[&str]) -> Result<Vec<String>, String> {
        let [depth] = args else {
            return Err("usage: perft N".to_string());
        };
        let depth: u32 = depth.parse().map_err(|_| format!("'{depth}' is not a depth"))?;
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

/// A hole number 1..9 as the protocol writes it.
pub fn parse_hole(word: &str) -> Result<Hole, String> {
    word.parse::<u8>().ok().and_then(Hole::new).ok_or_else(|| format!("'{word}' is not a hole 1..9"))
}

/// Reads commands until `quit` or the end of input.
pub fn run(input: impl BufRead, mut out: impl Write) -> io::Result<()> {
    let mut engine = Engine::new();
    for line in input.lines() {
        // A line that is not UTF-8 is malformed input, not a reason to stop.
        let line = match line {
            Ok(l) => l,
            Err(e) if e.kind() == io::ErrorKind::InvalidData => {
                writeln!(out, "error input is not UTF-8")?;
                continue;
            }
            Err(e) => return Err(e),
        };
        if engine.command(&line, &mut out)? == Flow::Quit {
            break;
        }
    }
    Ok(())
}
