//! The engine's text protocol, driven in-process line by line.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use toguz::engine::{Engine, Flow};

pub(crate) fn ask(engine: &mut Engine, line: &str) -> Vec<String> {
    let mut out = Vec::new();
    engine.command(line, &mut out).unwrap();
    String::from_utf8(out).unwrap().lines().map(str::to_string).collect()
}

#[test]
fn d_shows_the_position_string_legal_moves_and_status() {
    let mut e = Engine::new();
    assert_eq!(ask(&mut e, "isready"), ["readyok"]);
    assert_eq!(
        ask(&mut e, "d"),
        ["fen 9,9,9,9,9,9,9,9,9 9,9,9,9,9,9,9,9,9 0,0 0,0 w", "legal 1 2 3 4 5 6 7 8 9", "status ongoing"]
    );
    assert!(ask(&mut e, "position startpos moves 2").is_empty());
    assert_eq!(
        ask(&mut e, "d"),
        [
            "fen 9,1,10,10,10,10,10,10,10 0,9,9,9,9,9,9,9,9 10,0 0,0 b",
            "legal 2 3 4 5 6 7 8 9",
            "status ongoing"
        ]
    );
}

#[test]
fn a_finished_game_shows_no_legal_moves_and_keeps_its_kazans() {
    let mut e = Engine::new();
    ask(&mut e, "position fen 5,0,0,0,0,0,0,0,1 1,0,0,0,0,0,0,0,0 78,77 0,0 w moves 9");
    assert_eq!(
        ask(&mut e, "d"),
        ["fen 5,0,0,0,0,0,0,0,0 0,0,0,0,0,0,0,0,0 80,77 0,0 b", "legal", "status white"]
    );
    assert_eq!(ask(&mut e, "perft 3"), ["perft 3 0"]);
}

#[test]
fn perft_answers_with_its_depth_and_count() {
    let mut e = Engine::new();
    assert_eq!(ask(&mut e, "perft 1"), ["perft 1 9"]);
    assert_eq!(ask(&mut e, "perft 4"), ["perft 4 5199"]);
    assert_eq!(ask(&mut e, "perft 0"), ["perft 0 1"]);
}

#[test]
fn malformed_or_illegal_commands_get_one_error_line_and_change_nothing() {
    let mut e = Engine::new();
    ask(&mut e, "position startpos moves 1");
    let before = ask(&mut e, "d");
    for bad in [
        "frobnicate",
        "position",
        "position startpos moves 1 1 0",
        "position startpos moves 2 1",
        "position startpos moves x",
        "position startpos mvoes 1",
        "position fen 9,9,9 9,9,9 0,0 0,0 w",
        "position fen 9,9,9,9,9,9,9,9,9 9,9,9,9,9,9,9,9,9 0,5 0,0 w",
        "position fen 9,9,9,9,9,9,9,9,9 9,9,9,9,9,9,9,9,9 0,0 0,0",
        "perft",
        "perft -1",
        "perft two",
        "position fen 5,0,0,0,0,0,0,0,1 1,0,0,0,0,0,0,0,0 78,77 0,0 w moves 9 1",
    ] {
        let answer = ask(&mut e, bad);
        assert_eq!(answer.len(), 1, "{bad}: {answer:?}");
        assert!(answer[0].starts_with("error "), "{bad}: {answer:?}");
        assert_eq!(ask(&mut e, "d"), before, "{bad} must change nothing");
    }
    assert!(ask(&mut e, "position startpos moves 2 1")[0].contains("hole 1 is empty"));
    assert!(
        ask(&mut e, "position fen 5,0,0,0,0,0,0,0,1 1,0,0,0,0,0,0,0,0 78,77 0,0 w moves 9 1")[0]
            .contains("game is over")
    );
}

#[test]
fn quit_ends_the_session_and_blank_lines_are_ignored() {
    let mut e = Engine::new();
    let mut out = Vec::new();
    assert_eq!(e.command("", &mut out).unwrap(), Flow::Continue);
    assert!(out.is_empty());
    assert_eq!(e.command("quit", &mut out).unwrap(), Flow::Quit);
    let mut out = Vec::new();
    toguz::engine::run(&b"isready\nd\nquit\nisready\n"[..], &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert_eq!(text.lines().count(), 4, "nothing is answered after quit: {text}");
}

#[test]
fn random_command_lines_never_crash_the_engine() {
    let mut rng = StdRng::seed_from_u64(3);
    let words = [
        "position", "startpos", "fen", "moves", "d", "perft", "isready", "1", "9", "0", "10", "-3", "w", "b",
        "9,9", "0,0", "go", "hint", "depth",
    ];
    let mut e = Engine::new();
    for _ in 0..3000 {
        let n = rng.random_range(0..8);
        let line: Vec<&str> = (0..n).map(|_| words[rng.random_range(0..words.len())]).collect();
        let line = line.join(" ");
        if line.starts_with("perft")
            && line.split_whitespace().nth(1).and_then(|d| d.parse::<u32>().ok()).is_some_and(|d| d > 4)
        {
            continue;
        }
        let mut out = Vec::new();
        e.command(&line, &mut out).unwrap();
        let said = String::from_utf8(out).unwrap();
        for answer in said.lines().filter(|l| l.starts_with("error")) {
            assert!(answer.len() > "error ".len(), "an error says what is wrong: {line:?} → {answer:?}");
        }
    }
    // After all of it the engine still answers.
    let mut out = Vec::new();
    e.command("isready", &mut out).unwrap();
    assert_eq!(String::from_utf8(out).unwrap(), "readyok\n", "the engine answers after 3000 random lines");
    let mut out = Vec::new();
    toguz::engine::run(&b"isready\n\xff\xfe\nd\n"[..], &mut out).unwrap();
    assert!(String::from_utf8(out).unwrap().contains("error input is not UTF-8"));
}

// Stopping and limits (issue 19, item 11), through the real process: its input read beside the search.

use std::io::{BufRead as _, BufReader, Read, Write as _};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// Long enough for a debug build on a loaded machine; a search that is not stopped runs for hours.
const PROMPT: Duration = Duration::from_secs(3);

/// `toguz-engine` on pipes; its output lines arrive on a channel, so a test can wait with a deadline.
struct Process {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl Process {
    fn start() -> Process {
        let mut child = Command::new(env!("CARGO_BIN_EXE_toguz-engine"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the engine starts");
        let stdout = child.stdout.take().unwrap();
        let (sender, lines) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        Process { child, stdin, lines }
    }

    fn send(&mut self, text: &str) {
        let stdin = self.stdin.as_mut().expect("input still open");
        stdin.write_all(text.as_bytes()).unwrap();
        stdin.flush().unwrap();
    }

    /// The next line, within `wait`.
    fn line(&self, wait: Duration) -> Result<String, RecvTimeoutError> {
        self.lines.recv_timeout(wait)
    }

    /// Lines until one starts with `prefix` (which is returned last), each within `wait`.
    fn until(&self, prefix: &str, wait: Duration) -> Vec<String> {
        let mut got = Vec::new();
        loop {
            match self.line(wait) {
                Ok(line) => {
                    let done = line.starts_with(prefix);
                    got.push(line);
                    if done {
                        return got;
                    }
                }
                Err(e) => panic!("no '{prefix}' line within {wait:?} ({e:?}); so far {got:?}"),
            }
        }
    }

    /// Waits up to `wait` for the process to exit; its status. Its output closes as it exits, and the
    /// reader's channel with it: the wait ends then, not at the next look at a clock.
    fn exit(&mut self, wait: Duration) -> Option<std::process::ExitStatus> {
        let deadline = Instant::now() + wait;
        loop {
            match self.lines.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
                Ok(_) => {}
                Err(RecvTimeoutError::Disconnected) => return self.child.wait().ok(),
                Err(RecvTimeoutError::Timeout) => return None,
            }
        }
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn is_legal_bestmove(line: &str, legal: &[u8]) -> bool {
    line.strip_prefix("bestmove ").and_then(|h| h.parse::<u8>().ok()).is_some_and(|h| legal.contains(&h))
}

#[test]
fn stop_ends_an_endless_search_at_once_with_its_best_move() {
    let mut e = Process::start();
    for go in ["go nodes 18446744073709551615", "go movetime 18446744073709551615", "go depth 30"] {
        e.send(&format!("position startpos moves 2\n{go}\n"));
        let first = e.until("info depth 1 ", PROMPT);
        assert_eq!(first.len(), 1, "{go}: {first:?}");
        e.send("stop\n");
        let stopped = Instant::now();
        let answer = e.until("bestmove", PROMPT);
        assert!(stopped.elapsed() < PROMPT, "{go}: stop took {:?}", stopped.elapsed());
        let best = answer.last().unwrap();
        assert!(is_legal_bestmove(best, &[2, 3, 4, 5, 6, 7, 8, 9]), "{go}: {answer:?}");
        // The best move is the last completed iteration's.
        if let Some(info) = answer.iter().rev().find(|l| l.starts_with("info")).or(first.last()) {
            let pv = info.split(" pv ").nth(1).unwrap();
            assert_eq!(best.strip_prefix("bestmove ").unwrap(), pv.split(' ').next().unwrap(), "{go}");
        }
        // The engine goes on: stop is not an unknown command, and isready is answered.
        e.send("isready\n");
        assert_eq!(e.line(PROMPT).as_deref(), Ok("readyok"), "{go}");
    }
    // Stopped before any iteration completed, the answer is still a legal move; stop outside a search
    // answers nothing.
    e.send("position startpos\ngo depth 30\nstop\nstop\nisready\n");
    let answer = e.until("bestmove", PROMPT);
    assert!(is_legal_bestmove(answer.last().unwrap(), &[1, 2, 3, 4, 5, 6, 7, 8, 9]), "{answer:?}");
    assert_eq!(e.line(PROMPT).as_deref(), Ok("readyok"));
}

#[test]
fn info_lines_arrive_as_each_iteration_completes_not_when_the_search_ends() {
    let mut e = Process::start();
    e.send("go nodes 18446744073709551615\n");
    // Three iterations reported while the search still runs (it would run for hours).
    let lines: Vec<String> =
        (1..=3).map(|d| e.until(&format!("info depth {d} "), PROMPT).remove(0)).collect();
    assert!(lines.iter().all(|l| l.starts_with("info depth ")), "{lines:?}");
    e.send("stop\n");
    e.until("bestmove", PROMPT);
}

#[test]
fn quit_or_the_end_of_input_ends_a_search_at_once_and_waits_its_turn_otherwise() {
    let mut e = Process::start();
    e.send("go movetime 18446744073709551615\n");
    e.until("info depth 1 ", PROMPT);
    e.send("quit\n");
    let status = e.exit(PROMPT).expect("quit during go exits at once");
    assert!(status.success());

    let mut e = Process::start();
    e.send("go depth 30\n");
    e.until("info depth 1 ", PROMPT);
    e.stdin = None; // the end of input
    let answer = e.until("bestmove", PROMPT);
    assert!(answer.last().unwrap().starts_with("bestmove "));
    assert!(e.exit(PROMPT).expect("ends with its input").success());

    // quit after other commands waits its turn: a piped session still gets every answer.
    let mut e = Process::start();
    e.send("perft 6\ngo depth 3\nisready\nquit\n");
    let answer = e.until("readyok", PROMPT * 10);
    assert_eq!(answer[0], "perft 6 360035");
    assert!(answer[answer.len() - 2].starts_with("bestmove "), "{answer:?}");
    assert!(e.exit(PROMPT).expect("quit exits").success());
}

#[test]
fn depths_beyond_30_plies_and_numbers_beyond_64_bits_are_errors() {
    let mut e = Engine::new();
    for bad in [
        "perft 31",
        "perft 100",
        "go depth 31",
        "go depth 64",
        "go depth 0",
        "go nodes 18446744073709551616",
        "go nodes 0",
        "go movetime 99999999999999999999",
        "go movetime 0",
        "stop now",
    ] {
        let answer = ask(&mut e, bad);
        assert_eq!(answer.len(), 1, "{bad}: {answer:?}");
        assert!(answer[0].starts_with("error "), "{bad}: {answer:?}");
    }
    assert!(ask(&mut e, "perft 100")[0].contains("0..30"));
    assert!(ask(&mut e, "stop").is_empty(), "stop outside a search answers nothing");
    assert_eq!(ask(&mut e, "go depth 2").last().map(String::as_str).map(|l| &l[..9]), Some("bestmove "));
}

/// A line of `len` bytes with no line break, then `rest`: made as it is read, never held.
struct LongLine {
    left: usize,
    rest: &'static [u8],
}

impl Read for LongLine {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.left > 0 {
            let n = buf.len().min(self.left);
            buf[..n].fill(b'7');
            self.left -= n;
            return Ok(n);
        }
        let n = buf.len().min(self.rest.len());
        buf[..n].copy_from_slice(&self.rest[..n]);
        self.rest = &self.rest[n..];
        Ok(n)
    }
}

#[test]
fn an_overlong_line_is_one_error_and_the_engine_reads_on() {
    let mut out = Vec::new();
    let input = LongLine { left: 20 << 20, rest: b"\nisready\n" };
    toguz::engine::run(BufReader::new(input), &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert_eq!(text, "error a line is longer than 64 KiB\nreadyok\n");
    // Exactly 64 KiB is a line (a bad command), one byte more is too long; both answer one error.
    for (len, answer) in [
        (64 * 1024, "error unknown command '77777777777777777777…'"),
        (64 * 1024 + 1, "error a line is longer than 64 KiB"),
    ] {
        let mut out = Vec::new();
        toguz::engine::run(BufReader::new(LongLine { left: len, rest: b"\r\nisready" }), &mut out).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), format!("{answer}\nreadyok\n"), "{len}");
    }
}

/// The peak memory of a process, in KiB (Linux).
#[cfg(target_os = "linux")]
fn peak_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let line = status.lines().find(|l| l.starts_with("VmHWM:")).unwrap();
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

#[cfg(target_os = "linux")]
#[test]
fn a_line_with_no_end_does_not_grow_the_engines_memory() {
    let mut e = Process::start();
    let chunk = vec![b'9'; 1 << 20];
    for _ in 0..200 {
        e.send(std::str::from_utf8(&chunk).unwrap());
    }
    e.send("\nisready\n");
    assert_eq!(e.line(PROMPT * 5).as_deref(), Ok("error a line is longer than 64 KiB"));
    assert_eq!(e.line(PROMPT).as_deref(), Ok("readyok"));
    let peak = peak_kib(e.child.id());
    assert!(peak < 64 * 1024, "200 MiB in one line took {peak} KiB");
}

// Small things (issue 19, item 12).

#[test]
fn a_hole_or_a_count_is_written_one_way_plus_signs_and_leading_zeros_are_errors() {
    let mut e = Engine::new();
    let before = ask(&mut e, "d");
    for bad in [
        "position startpos moves +7",
        "position startpos moves 07",
        "position fen 09,9,9,9,9,9,9,9,9 9,9,9,9,9,9,9,9,9 0,0 0,0 w",
        "position fen +9,9,9,9,9,9,9,9,9 9,9,9,9,9,9,9,9,9 0,0 0,0 w",
        "position fen 9,9,9,9,9,9,9,9,9 9,9,9,9,9,9,9,9,9 0,00 0,0 w",
        "perft +2",
        "perft 02",
        "go depth +2",
        "go depth 02",
        "go nodes +1000",
    ] {
        let answer = ask(&mut e, bad);
        assert_eq!(answer.len(), 1, "{bad}: {answer:?}");
        assert!(answer[0].starts_with("error "), "{bad}: {answer:?}");
        assert_eq!(ask(&mut e, "d"), before, "{bad} must change nothing");
    }
    assert_eq!(ask(&mut e, "perft 0"), ["perft 0 1"]);
    assert!(ask(&mut e, "position fen 9,9,9,9,9,9,9,9,9 9,9,9,9,9,9,9,9,9 0,0 0,0 w moves 7").is_empty());
}

#[test]
fn a_match_refuses_more_threads_than_it_can_use_with_a_clear_message() {
    let out = Command::new(env!("CARGO_BIN_EXE_toguz-engine"))
        .args(["match", "random", "random", "--games", "2", "--threads", "100000"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("--threads must be 1..256"), "{err}");
    let out = Command::new(env!("CARGO_BIN_EXE_toguz-engine"))
        .args(["match", "random", "random", "--games", "2", "--threads", "+2"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}
