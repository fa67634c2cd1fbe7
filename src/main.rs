//! The desktop entry of the game. Android and iOS enter through `toguz::main` (`#[bevy_main]`).

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match toguz::app::Launch::parse(&args) {
        Ok(launch) => toguz::app::run(launch),
        Err(message) => {
            eprintln!("{message}");
            std::process::exit(2);
        }
    }
}
