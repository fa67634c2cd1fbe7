//! `toguz-engine`: the text protocol on standard input/output, and the tools around it.

use std::io;
use std::path::Path;
use std::process::ExitCode;

use toguz::ai::Player;
use toguz::engine::{people, tools};
use toguz::files::write_whole;
use toguz::openings::Openings;
use toguz::puzzle::EXPLAIN_DEPTH;
use toguz::rules::Side;
use toguz::rules::notation::{Ending, move_number, replay_all};

const USAGE: &str = "usage:
  toguz-engine                          the text protocol on stdin/stdout
  toguz-engine replay FILE              check every game of a TGK or PlayOK record
  toguz-engine analyse FILE [--game N]  judge every move of a record's game (default the first) as
                                        the app's review does: evaluation, loss, the better move
  toguz-engine bench [DEPTH]            search fixed positions (default depth 14), time perft 8
  toguz-engine match A B [--games N] [--threads T] [--seed S] [--opening-plies K] [--record FILE]
                                        A, B: random | beginner | levelN (1..9) | easy | medium |
                                        hard | LEVEL:depth=N | LEVEL:nodes=N | LEVEL:movetime=MS
  toguz-engine levels                   the ladder: each level's number, English name, and the
                                        PlayOK rating it plays like (or -)
  toguz-engine tune FILE... [--rounds N] [--write PATH]
                                        fit the evaluation's weights to the games' results
                                        (the master games, plus self-play recorded by match)
  toguz-engine puzzles FILE... --out DIR [--shallow D] [--depth D] [--threads T] [--games N]
                                        find puzzles in the games: a shallow pass (default depth 4)
                                        picks candidates, a deep search (default and at most
                                        depth 12) proves them; writes DIR/index.ron, DIR/set-NN.ron
  toguz-engine puzzles --check DIR [--depth D] [--sample N] [--threads T]
                                        re-prove the puzzles (at their own depth, or D)
  toguz-engine puzzles --confirm DIR --depth D [--threads T]
                                        keep only the puzzles that re-prove at D, rate the rest
                                        again in the same order, rewrite DIR
  toguz-engine openings FILE --out PATH
                                        write the masters' openings of the games as the app reads
                                        them: the moves at least 2 games played, one step more
  toguz-engine people FILE [--half tune|measure|all] [--threads T]
                                        every move of a PlayOK record's rated players, one line
                                        each: band, game, hole, and each legal move's loss as
                                        review judges it and its score at depths 1 to 6
  toguz-engine agree FILE PLAYER [--half tune|measure|all] [--threads T] [--seed S]
                                        how often PLAYER plays the move the person played, per
                                        200-point band (default the measuring half: odd games)";

fn read(path: &str) -> Result<String, ExitCode> {
    match std::fs::read(path) {
        Ok(bytes) => Ok(String::from_utf8_lossy(&bytes).into_owned()),
        Err(e) => {
            eprintln!("toguz-engine: cannot read {path}: {e}");
            Err(ExitCode::from(2))
        }
    }
}

fn replay(path: &str) -> ExitCode {
    let text = match read(path) {
        Ok(t) => t,
        Err(code) => return code,
    };
    let games = replay_all(&text);
    let mut failed = 0;
    for (i, (game, result)) in games.iter().enumerate() {
        let name = game.tag("Game").map_or_else(|| format!("{}", i + 1), str::to_string);
        match result {
            Ok(positions) => {
                let moves = positions.len() - 1;
                // Most master games end by resignation: read, but said, since a cut record looks the same.
                match positions.last().map(|end| game.ending(end)) {
                    Some(Ending::Unfinished(claim)) => {
                        println!("game {name}: ok, {moves} moves, unfinished (the record gives {claim})")
                    }
                    _ => println!("game {name}: ok, {moves} moves"),
                }
            }
            Err(e) => {
                failed += 1;
                println!("game {name}: {e}");
            }
        }
    }
    println!("{} games, {} ok, {failed} failed", games.len(), games.len() - failed);
    if failed == 0 { ExitCode::SUCCESS } else { ExitCode::FAILURE }
}

fn analyse(path: &str, opts: &[&str]) -> Result<(), String> {
    let text = read(path).map_err(|_| format!("cannot read {path}"))?;
    let number: usize = option(opts, "--game", 1usize)?;
    let games = replay_all(&text);
    let (game, replayed) =
        games.get(number.wrapping_sub(1)).ok_or_else(|| format!("{path} has no game {number}"))?;
    let positions = replayed.as_ref().map_err(|e| format!("game {number}: {e}"))?;
    let moves: Vec<_> = game.moves.iter().map(|m| m.text.hole).collect();
    // From the game's own start: a game played on from a position (its Position tag) is judged there,
    // and its moves numbered from there, as the record and the app number them.
    let first = positions[0].side_to_move();
    let start = std::time::Instant::now();
    let verdicts = toguz::ai::analysis::analyse(positions[0], &moves);
    let seconds = start.elapsed().as_secs_f64();
    for (i, (v, m)) in verdicts.iter().zip(&game.moves).enumerate() {
        let (n, side) = move_number(first, i);
        let mark = if side == Side::White { ". " } else { "… " };
        let mut line = format!("{n}{mark} {:<4} {:+6.1}", m.text, v.after);
        if let Some(better) = &v.better {
            line.push_str(&format!(
                "  loses {:.1}; better {}: {}",
                v.loss,
                better.hole,
                better.reason_text()
            ));
        }
        println!("{line}");
    }
    let mistakes = verdicts.iter().filter(|v| v.is_mistake()).count();
    println!(
        "{} moves analysed at depth {} in {seconds:.2} s, {mistakes} marked",
        verdicts.len(),
        toguz::ai::analysis::ANALYSIS_LIMITS.depth.unwrap_or(0)
    );
    Ok(())
}

/// `--name value` options after the positional arguments; every value is a plain number (no `+7`).
fn option<T: std::str::FromStr>(args: &[&str], name: &str, default: T) -> Result<T, String> {
    match args.iter().position(|a| *a == name) {
        None => Ok(default),
        Some(i) => args
            .get(i + 1)
            .and_then(|v| toguz::rules::plain_number(v))
            .ok_or_else(|| format!("{name} needs a number")),
    }
}

/// The most `--threads` a match takes: more than the machine's cores only share them, and each thread
/// holds a search's hash table.
const MAX_THREADS: usize = 256;

fn run_match(a: &str, b: &str, opts: &[&str]) -> Result<(), String> {
    let pa = Player::parse(a).ok_or_else(|| format!("unknown player '{a}'"))?;
    let pb = Player::parse(b).ok_or_else(|| format!("unknown player '{b}'"))?;
    let options = tools::MatchOptions {
        games: option(opts, "--games", 100u32)?,
        threads: Some(option(opts, "--threads", 1usize)?)
            .filter(|t| (1..=MAX_THREADS).contains(t))
            .ok_or_else(|| format!("--threads must be 1..{MAX_THREADS}"))?,
        seed: option(opts, "--seed", 1u64)?,
        opening_plies: option(opts, "--opening-plies", 2usize)?,
        progress: opts.contains(&"--progress"),
    };
    let start = std::time::Instant::now();
    let result = tools::run_match(pa, pb, &options);
    let score = result.score;
    if let Some(i) = opts.iter().position(|a| *a == "--record") {
        let path = opts.get(i + 1).ok_or("--record needs a path")?;
        std::fs::write(path, result.to_tgk(a, b)).map_err(|e| format!("cannot write {path}: {e}"))?;
    }
    println!(
        "{} vs {}: {} games, {} wins, {} draws, {} losses, score {:.1}% ({:.0} s)",
        pa,
        pb,
        score.games(),
        score.wins,
        score.draws,
        score.losses,
        score.percent(),
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

fn tune(args: &[&str]) -> Result<(), String> {
    let files: Vec<&str> = args.iter().take_while(|a| !a.starts_with("--")).copied().collect();
    let opts = &args[files.len()..];
    let mut texts = Vec::new();
    for path in &files {
        texts.push(read(path).map_err(|_| format!("cannot read {path}"))?);
    }
    let rounds = option(opts, "--rounds", 20u32)?;
    let (report, file) = tools::tune(&texts, rounds);
    for line in report {
        eprintln!("{line}");
    }
    match opts.iter().position(|a| *a == "--write") {
        Some(i) => {
            let out = opts.get(i + 1).ok_or("--write needs a path")?;
            std::fs::write(out, file).map_err(|e| format!("cannot write {out}: {e}"))?;
            eprintln!("wrote {out}");
        }
        None => print!("{file}"),
    }
    Ok(())
}

/// Puzzles per file written: small files, each read whole.
const PUZZLES_PER_FILE: usize = 100;

fn threads(opts: &[&str]) -> Result<usize, String> {
    let default = std::thread::available_parallelism().map_or(1, usize::from);
    Some(option(opts, "--threads", default)?)
        .filter(|t| (1..=MAX_THREADS).contains(t))
        .ok_or_else(|| format!("--threads must be 1..{MAX_THREADS}"))
}

fn puzzles(args: &[&str]) -> Result<(), String> {
    if let ["--check", dir, opts @ ..] = args {
        let all = toguz::puzzle::load(std::path::Path::new(dir))?;
        let depth = match opts.contains(&"--depth") {
            true => Some(option(opts, "--depth", 0u8)?).filter(|d| (1..=30).contains(d)),
            false => None,
        };
        if opts.contains(&"--depth") && depth.is_none() {
            return Err("--depth must be 1..30".to_string());
        }
        let sample = opts.contains(&"--sample").then(|| option(opts, "--sample", 0usize)).transpose()?;
        let chosen = toguz::engine::puzzles::sample(&all, sample);
        let start = std::time::Instant::now();
        let (failed, lines) = toguz::engine::puzzles::check(&chosen, depth, threads(opts)?);
        for line in &lines {
            println!("{line}");
        }
        println!(
            "{} puzzles re-proved, {failed} failed ({:.1} s)",
            chosen.len(),
            start.elapsed().as_secs_f64()
        );
        return if failed == 0 { Ok(()) } else { Err(format!("{failed} puzzles not re-proved")) };
    }
    if let ["--confirm", dir, opts @ ..] = args {
        let dir = std::path::Path::new(dir);
        let all = toguz::puzzle::load(dir)?;
        let depth = Some(option(opts, "--depth", 0u8)?)
            .filter(|d| (1..=30).contains(d))
            .ok_or("--confirm needs --depth 1..30")?;
        let start = std::time::Instant::now();
        let (kept, fell) =
            toguz::engine::puzzles::confirm(&all, depth, threads(opts)?, opts.contains(&"--progress"));
        eprintln!(
            "{} puzzles re-proved at depth {depth}: {} kept, {fell} fell ({:.0} s)",
            all.len(),
            kept.len(),
            start.elapsed().as_secs_f64()
        );
        return write_puzzles(dir, &kept);
    }
    let files: Vec<&str> = args.iter().take_while(|a| !a.starts_with("--")).copied().collect();
    let opts = &args[files.len()..];
    let out = opts
        .iter()
        .position(|a| *a == "--out")
        .and_then(|i| opts.get(i + 1))
        .ok_or("puzzles: --out DIR is needed")?;
    if files.is_empty() {
        return Err("puzzles: no game file given".to_string());
    }
    let mut texts = Vec::new();
    for path in &files {
        texts.push(read(path).map_err(|_| format!("cannot read {path}"))?);
    }
    let options = toguz::engine::puzzles::Options {
        shallow: Some(option(opts, "--shallow", 4u8)?)
            .filter(|d| (1..=30).contains(d))
            .ok_or("--shallow must be 1..30")?,
        deep: Some(option(opts, "--depth", EXPLAIN_DEPTH)?)
            .filter(|d| (1..=EXPLAIN_DEPTH).contains(d))
            .ok_or_else(|| format!("--depth must be 1..{EXPLAIN_DEPTH} (then --confirm deeper)"))?,
        threads: threads(opts)?,
        games: opts.contains(&"--games").then(|| option(opts, "--games", 0usize)).transpose()?,
        progress: opts.contains(&"--progress"),
    };
    let (found, report) = toguz::engine::puzzles::generate(&texts, &options);
    for line in report {
        eprintln!("{line}");
    }
    write_puzzles(std::path::Path::new(out), &found)
}

/// Writes the puzzles in files of `PUZZLES_PER_FILE`, easiest first, and the index listing them; set
/// files of an earlier run are removed first.
fn write_puzzles(dir: &std::path::Path, found: &[toguz::puzzle::Puzzle]) -> Result<(), String> {
    let fail = |e: std::io::Error| format!("{}: {e}", dir.display());
    std::fs::create_dir_all(dir).map_err(fail)?;
    for entry in std::fs::read_dir(dir).map_err(fail)?.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with("set-") && name.ends_with(".ron") {
            std::fs::remove_file(entry.path()).map_err(fail)?;
        }
    }
    let mut names = Vec::new();
    for (i, chunk) in found.chunks(PUZZLES_PER_FILE).enumerate() {
        let name = format!("set-{:02}.ron", i + 1);
        std::fs::write(dir.join(&name), toguz::puzzle::file_text(chunk)? + "\n").map_err(fail)?;
        names.push(name);
    }
    std::fs::write(dir.join(toguz::puzzle::INDEX), toguz::puzzle::index_text(&names)? + "\n")
        .map_err(fail)?;
    eprintln!("wrote {} puzzles in {} files to {}", found.len(), names.len(), dir.display());
    Ok(())
}

/// Writes the theory of the games in `path` (see `toguz::openings`) to `--out`, whole or not at all, once
/// it reads back as the app reads it.
fn openings(path: &str, opts: &[&str]) -> Result<(), String> {
    let out = opts
        .iter()
        .position(|a| *a == "--out")
        .and_then(|i| opts.get(i + 1))
        .ok_or("openings: --out PATH is needed")?;
    let text = read(path).map_err(|_| format!("cannot read {path}"))?;
    let theory = Openings::from_games(&text).theory();
    let file = theory.to_text()?;
    Openings::parse(&file).map_err(|e| format!("the openings written do not read back: {e}"))?;
    write_whole(Path::new(out), &file).map_err(|e| format!("cannot write {out}: {e}"))?;
    eprintln!("wrote {out}: {} games, {} moves, {} bytes", theory.games(), theory.move_count(), file.len());
    Ok(())
}

/// `--half tune|measure|all` (default `measure`: figures are quoted on games no level was tuned on).
fn half(opts: &[&str]) -> Result<people::Half, String> {
    match opts.iter().position(|a| *a == "--half") {
        None => Ok(people::Half::Measure),
        Some(i) => opts
            .get(i + 1)
            .and_then(|w| people::Half::parse(w))
            .ok_or_else(|| "--half must be tune, measure or all".to_string()),
    }
}

fn people(path: &str, opts: &[&str]) -> Result<(), String> {
    let text = read(path).map_err(|_| format!("cannot read {path}"))?;
    let moves = people::person_moves(&text, half(opts)?);
    for line in people::dump(&moves, threads(opts)?) {
        println!("{line}");
    }
    Ok(())
}

fn agree(path: &str, player: &str, opts: &[&str]) -> Result<(), String> {
    let who = Player::parse(player).ok_or_else(|| format!("unknown player '{player}'"))?;
    let text = read(path).map_err(|_| format!("cannot read {path}"))?;
    let moves = people::person_moves(&text, half(opts)?);
    for (band, n, agreed) in people::agreement(&moves, who, threads(opts)?, option(opts, "--seed", 1u64)?) {
        println!(
            "{band}-{} moves {n:7}  plays the person's move {:5.1}%",
            band + 199,
            100.0 * agreed as f64 / n.max(1) as f64
        );
    }
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let result = match args.as_slice() {
        [] => toguz::engine::run(io::BufReader::new(io::stdin()), io::stdout().lock())
            .map_err(|e| e.to_string()),
        ["replay", path] => return replay(path),
        ["bench"] | ["bench", _] => {
            let depth = args.get(1).map_or(Some(14), |d| d.parse().ok());
            match depth {
                Some(depth) => {
                    for line in tools::bench(depth) {
                        println!("{line}");
                    }
                    Ok(())
                }
                None => Err("bench: DEPTH must be a number".to_string()),
            }
        }
        ["analyse", path, opts @ ..] => analyse(path, opts),
        ["match", a, b, opts @ ..] => run_match(a, b, opts),
        ["tune", rest @ ..] if !rest.is_empty() => tune(rest),
        ["puzzles", rest @ ..] if !rest.is_empty() => puzzles(rest),
        ["openings", path, opts @ ..] => openings(path, opts),
        ["levels"] => {
            for level in toguz::ai::Level::all() {
                let rating = level.settings().rating.map_or("-".to_string(), |r| r.to_string());
                println!("{} {} {rating}", level.number(), level.name());
            }
            Ok(())
        }
        ["people", path, opts @ ..] => people(path, opts),
        ["agree", path, player, opts @ ..] => agree(path, player, opts),
        _ => {
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("toguz-engine: {e}");
            ExitCode::from(2)
        }
    }
}
