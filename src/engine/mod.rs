//! The `toguz-engine` text protocol (`../shared/docs/engine-protocol.md`): one command a line on standard
//! input, answers on standard output. Other programs check our rules and measure our AI through it, so
//! every answer follows the protocol to the letter; anything malformed gets one `error …` line and changes
//! nothing.

use std::io::{self, BufRead, Write};

use crate::rules::{Hole, Position};

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

    fn perft(&self, args: &[&str]) -> Result<Vec<String>, String> {
        let [depth] = args else {
            return Err("usage: perft N".to_string());
        };
        let depth: u32 = depth.parse().map_err(|_| format!("'{depth}' is not a depth"))?;
        Ok(vec![format!("perft {depth} {}", self.position.perft(depth))])
    }
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
