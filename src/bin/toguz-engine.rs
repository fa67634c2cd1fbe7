//! `toguz-engine`: the text protocol on standard input/output, plus `replay FILE`.

use std::io;
use std::process::ExitCode;

use toguz::rules::notation::replay_all;

fn replay(path: &str) -> ExitCode {
    let text = match std::fs::read(path) {
        Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
        Err(e) => {
            eprintln!("toguz-engine: cannot read {path}: {e}");
            return ExitCode::from(2);
        }
    };
    let games = replay_all(&text);
    let mut failed = 0;
    for (i, (game, result)) in games.iter().enumerate() {
        let name = game.tag("Game").map_or_else(|| format!("{}", i + 1), str::to_string);
        match result {
            Ok(positions) => println!("game {name}: ok, {} moves", positions.len() - 1),
            Err(e) => {
                failed += 1;
                println!("game {name}: {e}");
            }
        }
    }
    println!("{} games, {} ok, {failed} failed", games.len(), games.len() - failed);
    if failed == 0 { ExitCode::SUCCESS } else { ExitCode::FAILURE }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
        [] => match toguz::engine::run(io::stdin().lock(), io::stdout().lock()) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("toguz-engine: {e}");
                ExitCode::from(2)
            }
        },
        ["replay", path] => replay(path),
        _ => {
            eprintln!(
                "usage: toguz-engine            (protocol on stdin/stdout)\n       toguz-engine replay FILE  (check a TGK or PlayOK record)"
            );
            ExitCode::from(2)
        }
    }
}
