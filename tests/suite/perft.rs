//! perft counts from an independent implementation of the rules (`tests/data/perft.txt`).

use toguz::rules::Position;

use crate::common::read_data;

/// Depth 8 from the start (25 million leaves) is the benchmark's job, not the tests'.
const MAX_TEST_DEPTH: usize = 7;

#[test]
fn perft_matches_the_independent_reference_up_to_depth_seven() {
    let text = read_data("perft.txt");
    let mut checked = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#')) {
        let (position, counts) = line.split_once(';').expect("position; counts");
        let pos: Position = if position.trim() == "startpos" {
            Position::start()
        } else {
            position.trim().parse().unwrap_or_else(|e| panic!("{position}: {e}"))
        };
        for (i, count) in counts.split_whitespace().enumerate().take(MAX_TEST_DEPTH) {
            let depth = i as u32 + 1;
            assert_eq!(pos.perft(depth).to_string(), count, "perft {depth} of {position}");
            checked += 1;
        }
    }
    assert!(checked >= 100, "only {checked} perft counts were checked");
}
