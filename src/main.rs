//! The desktop entry of the game. Android and iOS enter through `toguz::main` (`#[bevy_main]`).

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("--frame-bench") {
        let moves = args.get(1).and_then(|m| m.parse().ok()).unwrap_or(8);
        let r = toguz::app::bench::frame_bench(moves);
        println!(
            "frame bench: {} frames, {} while Hard searched and stones flew: median {:.2} ms, worst {:.2} ms",
            r.frames,
            r.frames_thinking_and_animating,
            r.median.as_secs_f64() * 1000.0,
            r.worst.as_secs_f64() * 1000.0
        );
        return;
    }
    match toguz::app::Launch::parse(&args) {
        Ok(launch) => toguz::app::run(launch),
        Err(message) => {
            eprintln!("{message}");
            std::process::exit(2);
        }
    }
}
