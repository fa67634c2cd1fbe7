//! The desktop entry of the game. Android and iOS enter through `toguz::main` (`#[bevy_main]`).

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("--frame-bench") {
        let moves = args.get(1).and_then(|m| m.parse().ok()).unwrap_or(8);
        let r = toguz::app::dev::bench::frame_bench(moves, toguz::app::GamePlugins);
        let ms = |d: std::time::Duration| d.as_secs_f64() * 1000.0;
        println!(
            "frame bench: {} frames, {} while Hard searched and stones flew: median {:.2} ms, 99th percentile {:.2} ms, worst {:.2} ms, {} over 4 ms",
            r.frames,
            r.frames_thinking_and_animating,
            ms(r.median),
            ms(r.p99),
            ms(r.worst),
            r.over_4ms
        );
        return;
    }
    match toguz::app::state::launch::Launch::parse(&args) {
        Ok(launch) if launch.startup_floor => toguz::app::dev::floor::run(launch),
        Ok(launch) => toguz::app::run(launch),
        Err(message) => {
            eprintln!("{message}");
            std::process::exit(2);
        }
    }
}
