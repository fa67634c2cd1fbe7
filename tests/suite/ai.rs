//! The computer opponent: legal moves only, forced wins found, prompt cancellation, determinism,
//! levels and hints.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use toguz::ai::analysis::{DECISIVE_STONES, MISTAKE_STONES, analyse, eval_at};
use toguz::ai::search::{MAX_DEPTH, WIN, WIN_BOUND, terminal_score};
use toguz::ai::{Level, Limits, Player, Reason, Search, Step, forced_result, hint, search_blocking};
use toguz::engine::tools::play_game;
use toguz::rules::{Hole, LandingEffect, Position, Side};

use crate::common::{board, hole};

/// Positions from random games: openings, middlegames with tuzdiks, bare endgames.
fn random_positions(count: usize, seed: u64) -> Vec<Position> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let mut pos = Position::start();
        let stop = rng.random_range(0..200);
        let mut ply = 0;
        while !pos.is_over() && ply < stop {
            let moves: Vec<Hole> = pos.legal_moves().collect();
            pos.play_unchecked(moves[rng.random_range(0..moves.len())]);
            ply += 1;
        }
        if !pos.is_over() {
            out.push(pos);
        }
    }
    out
}

fn depth(d: u8) -> Limits {
    Limits { depth: Some(d), ..Limits::default() }
}

#[test]
fn the_search_never_returns_an_illegal_move() {
    let positions = random_positions(300, 1);
    assert!(positions.iter().any(|p| p.tuzdik(toguz::rules::Side::White).is_some()));
    for pos in &positions {
        let mut search = Search::new(*pos, depth(5), 1);
        let result = search_blocking(&mut search, || 0);
        let best = result.pv[0];
        assert!(pos.legal_moves().contains(best), "{best} in {pos}");
        for level in [Level::EASY, Level::MEDIUM] {
            let mv = Player::Level(level).choose(pos, &mut StdRng::seed_from_u64(9), || 0).unwrap();
            assert!(pos.legal_moves().contains(mv), "{level:?} chose {mv} in {pos}");
        }
    }
}

#[test]
fn a_finished_game_has_no_move_to_search() {
    let over = board([0; 9], [0, 0, 0, 0, 4, 0, 0, 0, 0], [0, 0], toguz::rules::Side::White);
    let mut search = Search::new(over, depth(6), 1);
    let result = search_blocking(&mut search, || 0);
    assert!(result.pv.is_empty());
    assert_eq!(Player::Level(Level::HARD).choose(&over, &mut StdRng::seed_from_u64(1), || 0), None);
}

/// Exhaustive negamax without pruning, tables or evaluation: the exact result within `depth` plies
/// (WIN - plies for a forced win, a negative for a forced loss, 0 when undecided or drawn).
fn solve(pos: &Position, depth: u32, ply: usize) -> i32 {
    if pos.is_over() {
        return terminal_score(pos, ply);
    }
    if depth == 0 {
        return 0;
    }
    let mut best = -WIN;
    for mv in pos.legal_moves() {
        let mut child = *pos;
        child.play_unchecked(mv);
        best = best.max(-solve(&child, depth - 1, ply + 1));
    }
    best
}

#[test]
fn the_search_finds_forced_wins_proved_by_exhaustive_search() {
    // Late-game positions where exhaustive search proves a win within 5 plies.
    let mut rng = StdRng::seed_from_u64(44);
    let mut found = 0;
    let mut tried = 0;
    while found < 40 && tried < 20_000 {
        tried += 1;
        let mut pos = Position::start();
        while !pos.is_over()
            && pos.kazan(pos.side_to_move()).max(pos.kazan(pos.side_to_move().opponent())) < 70
        {
            let moves: Vec<Hole> = pos.legal_moves().collect();
            pos.play_unchecked(moves[rng.random_range(0..moves.len())]);
        }
        if pos.is_over() {
            continue;
        }
        let exact = solve(&pos, 5, 0);
        // Only wins that are not won by every move: the test must be able to fail.
        if exact < WIN_BOUND
            || pos.legal_moves().all(|m| {
                let mut c = pos;
                c.play_unchecked(m);
                -solve(&c, 4, 1) >= WIN_BOUND
            })
        {
            continue;
        }
        found += 1;
        let mut search = Search::new(pos, depth(7), 1);
        let result = search_blocking(&mut search, || 0);
        assert!(result.score >= WIN_BOUND, "a win must be seen in {pos}: score {}", result.score);
        assert_eq!(forced_result(result.score).map(|(w, _)| w), Some(true));
        assert!(WIN - result.score <= WIN - exact, "the search's win is no slower than the proof's");
        let mut child = pos;
        child.play_unchecked(result.pv[0]);
        assert!(
            -solve(&child, 4, 1) >= WIN_BOUND,
            "the chosen move {} must keep the forced win in {pos}",
            result.pv[0]
        );
    }
    assert!(found >= 20, "only {found} tactical positions were found");
}

#[test]
fn a_search_stops_within_its_slice_and_when_cancelled() {
    let mut search = Search::new(Position::start(), Limits::default(), 4);
    for _ in 0..20 {
        let before = search.nodes();
        assert_eq!(search.step(1000, 0), Step::Pending);
        assert!(search.nodes() - before <= 1000, "a slice of 1000 nodes ran {}", search.nodes() - before);
    }
    search.stop();
    let before = search.nodes();
    let Step::Done(result) = search.step(1000, 0) else { panic!("a stopped search is done") };
    assert_eq!(search.nodes(), before, "a cancelled search runs no more nodes");
    assert!(Position::start().legal_moves().contains(result.pv[0]));
}

#[test]
fn a_search_stops_at_its_node_limit_and_its_think_time() {
    let mut search = Search::new(Position::start(), Limits { nodes: Some(50_000), ..Limits::default() }, 4);
    let result = search_blocking(&mut search, || 0);
    assert!(search.nodes() <= 50_000 + 1, "{}", search.nodes());
    assert!(result.depth >= 5);
    let mut timed = Search::new(Position::start(), Limits { movetime_ms: Some(100), ..Limits::default() }, 4);
    // A fake clock: 1 ms per slice. The search must stop once 100 ms have "passed".
    let mut slices = 0;
    loop {
        slices += 1;
        if let Step::Done(_) = timed.step(2_000, slices) {
            break;
        }
        assert!(slices <= 101, "the search ran past its think time");
    }
}

#[test]
fn the_same_node_limit_gives_the_same_search_and_the_same_seed_the_same_move() {
    for pos in random_positions(30, 5) {
        let limits = Limits { nodes: Some(20_000), ..Limits::default() };
        let a = search_blocking(&mut Search::new(pos, limits, 2), || 0);
        let b = search_blocking(&mut Search::new(pos, limits, 2), || 0);
        assert_eq!(a, b);
        let easy = Player::Level(Level::EASY);
        let x = easy.choose(&pos, &mut StdRng::seed_from_u64(77), || 0);
        let y = easy.choose(&pos, &mut StdRng::seed_from_u64(77), || 0);
        assert_eq!(x, y);
    }
}

#[test]
fn easy_errs_like_a_beginner_often_but_never_by_much() {
    let blunders = Level::EASY.settings().blunders.expect("easy errs on purpose");
    let (mut differs, mut careless, mut total) = (0, 0, 0);
    // Turns with a capture of 4 stones or more on offer, and those where Easy took none.
    let (mut offered, mut left) = (0, 0);
    for (i, pos) in random_positions(60, 8).into_iter().enumerate() {
        let moves: Vec<Hole> = pos.legal_moves().collect();
        let biggest = moves.iter().map(|&mv| gain(&pos, mv)).max().unwrap_or(0);
        for seed in 0..10 {
            let mut rng = StdRng::seed_from_u64(seed * 1000 + i as u64);
            let mut search = Level::EASY.search(pos, None, None, &mut rng);
            let result = search_blocking(&mut search, || 0);
            assert_eq!(result.root_scores.len(), pos.legal_moves().len(), "easy sees every move's score");
            let mv = Level::EASY.pick(&result, &mut rng).unwrap();
            let top = result.root_scores.iter().map(|s| s.1).max().unwrap();
            let score = result.root_scores.iter().find(|s| s.0 == mv).unwrap().1;
            // As far as it looked this turn, it never gives away much: its errors come from not looking.
            assert!(top - score <= blunders.max_loss, "an error of {} in {pos}", top - score);
            total += 1;
            differs += usize::from(mv != result.pv[0]);
            careless += usize::from(result.depth == 1);
            if biggest >= 4 {
                offered += 1;
                left += usize::from(gain(&pos, mv) == 0);
            }
        }
    }
    // A new player beat by it should be rare: it plays other than its best on many turns, but its best
    // still on a good part of them, or it would be a random mover.
    assert!(differs * 100 / total >= 30, "easy must err often: {differs}/{total}");
    assert!(differs * 100 / total <= 75, "easy errs nearly always: {differs}/{total}");
    // More turns than not it forgets the reply (and so walks into captures), not every turn.
    assert!((40..=80).contains(&(careless * 100 / total)), "careless turns: {careless}/{total}");
    // It leaves a capture on offer now and then, as a beginner does, and takes more than it leaves.
    assert!(offered >= 50, "the random games offered only {offered} captures of 4 stones or more");
    assert!((10..=50).contains(&(left * 100 / offered)), "captures left on the board: {left}/{offered}");
}

/// The ladder's lowest rung as docs/ai.md gives it: a beginner (the biggest capture, else any move)
/// wins most games against Easy, and Easy still wins most against a player who moves at random.
#[test]
fn a_beginner_wins_most_games_against_easy_and_easy_beats_a_random_mover() {
    use toguz::engine::tools::{MatchOptions, run_match};
    let opts = MatchOptions { games: 100, threads: 1, seed: 3, opening_plies: 4, progress: false };
    let easy = Player::Level(Level::EASY);
    let beginner = run_match(easy, Player::Beginner, &opts).score.percent();
    assert!(beginner <= 42.0, "easy scored {beginner:.1}% against a beginner");
    let random = run_match(easy, Player::Random, &opts).score.percent();
    assert!(random >= 75.0, "easy scored only {random:.1}% against a random mover");
}

#[test]
fn easy_never_lets_a_forced_win_go() {
    let mut won = 0;
    for pos in random_positions(200, 21) {
        let mut rng = StdRng::seed_from_u64(pos.hash());
        let mut search = Level::EASY.search(pos, Some(depth(4)), None, &mut rng);
        let result = search_blocking(&mut search, || 0);
        if result.score < WIN_BOUND {
            continue;
        }
        won += 1;
        for seed in 0..20 {
            let mv = Level::EASY.pick(&result, &mut StdRng::seed_from_u64(seed)).unwrap();
            assert_eq!(mv, result.pv[0], "easy let a forced win go in {pos}");
        }
    }
    assert!(won >= 3, "the random games gave only {won} proven wins to check");
}

/// What a move brings the mover's kazan, as the rules report it.
fn gain(pos: &Position, mv: Hole) -> u8 {
    let mut after = *pos;
    let mover = pos.side_to_move();
    after.play(mv).expect("a legal move");
    after.kazan(mover) - pos.kazan(mover)
}

#[test]
fn the_beginner_player_takes_the_biggest_capture() {
    // White's 8th hole ends on black's 2nd (9 + 1 = 10, taken); the 9th on black's 1st (5 + 1 = 6,
    // taken); the 1st moves its lone stone on to white's own 2nd.
    let pos = board([1, 0, 0, 0, 0, 0, 0, 4, 2], [5, 9, 1, 1, 1, 1, 1, 1, 1], [0, 0], Side::White);
    assert_eq!(pos.landing(hole(8)).unwrap().effect, LandingEffect::Capture(10));
    assert_eq!(pos.landing(hole(9)).unwrap().effect, LandingEffect::Capture(6));
    for seed in 0..20 {
        assert_eq!(Player::Beginner.choose(&pos, &mut StdRng::seed_from_u64(seed), || 0), Some(hole(8)));
    }
    // In any position its move gains the most any move gains; with nothing to take, it plays any move.
    let mut varied = 0;
    for pos in random_positions(200, 12) {
        let most = pos.legal_moves().map(|m| gain(&pos, m)).max().unwrap();
        let mut chosen = Vec::new();
        for seed in 0..8 {
            let mv = Player::Beginner.choose(&pos, &mut StdRng::seed_from_u64(seed), || 0).unwrap();
            assert!(pos.legal_moves().contains(mv), "{mv} in {pos}");
            assert_eq!(gain(&pos, mv), most, "{mv} in {pos} is not the biggest capture");
            chosen.push(mv);
        }
        chosen.sort_by_key(|h| h.number());
        chosen.dedup();
        if most == 0 && pos.legal_moves().len() > 1 {
            varied += usize::from(chosen.len() > 1);
        }
    }
    assert!(
        varied >= 5,
        "with nothing to take the beginner plays one fixed move ({varied} positions varied)"
    );
}

#[test]
fn the_beginner_player_is_repeatable_for_a_seed() {
    let games: Vec<Vec<u8>> =
        (0..4).map(|seed| play_game(&Player::Beginner, &Player::Random, &[], seed).1).collect();
    for (seed, game) in games.iter().enumerate() {
        assert_eq!(&play_game(&Player::Beginner, &Player::Random, &[], seed as u64).1, game);
    }
    assert!(games.windows(2).any(|w| w[0] != w[1]), "other seeds, other games");
    // Against itself too: both sides' random choices come from the game's seed.
    let a = play_game(&Player::Beginner, &Player::Beginner, &[3, 1], 9);
    assert_eq!(a, play_game(&Player::Beginner, &Player::Beginner, &[3, 1], 9));
}

#[test]
fn easy_counts_a_tuzdik_as_its_three_stones() {
    // White's 9th hole makes black's 1st a tuzdik (2 + 1 = 3); the 8th captures 8 on black's 2nd.
    let pos = board([1, 0, 0, 0, 0, 0, 0, 4, 2], [2, 7, 1, 1, 1, 1, 1, 1, 1], [0, 0], Side::White);
    assert_eq!(pos.landing(hole(9)).unwrap().effect, LandingEffect::Tuzdik);
    assert_eq!(pos.landing(hole(8)).unwrap().effect, LandingEffect::Capture(8));
    let score =
        |result: &toguz::ai::Iteration, h: u8| result.root_scores.iter().find(|s| s.0 == hole(h)).unwrap().1;
    // The full evaluation counts what the tuzdik will bring in, and prefers it to 8 stones now.
    let full = search_blocking(&mut Search::new(pos, depth(2), 1).all_root_scores(), || 0);
    assert!(score(&full, 9) > score(&full, 8), "{:?}", full.root_scores);
    // Easy, like a beginner, sees 3 stones against 8.
    let easy_limits = Level::EASY.settings().limits;
    let mut search = Level::EASY.search(pos, Some(easy_limits), None, &mut StdRng::seed_from_u64(1));
    let easy = search_blocking(&mut search, || 0);
    assert!(score(&easy, 8) > score(&easy, 9), "{:?}", easy.root_scores);
}

#[test]
fn a_player_is_written_as_it_is_given() {
    for word in [
        "random",
        "beginner",
        "easy",
        "medium",
        "hard",
        "medium:depth=1",
        "hard:nodes=20000",
        "easy:movetime=50",
    ] {
        assert_eq!(Player::parse(word).unwrap().to_string(), word);
    }
}

#[test]
fn only_hard_hides_the_long_press_hint() {
    assert!(Level::EASY.settings().long_press_hint);
    assert!(Level::MEDIUM.settings().long_press_hint);
    assert!(!Level::HARD.settings().long_press_hint);
    assert!(Level::HARD.settings().table_mib <= 64, "a phone's memory");
    assert!(Level::MEDIUM.settings().limits.depth < Some(MAX_DEPTH));
}

#[test]
fn a_hint_gives_the_capture_it_makes() {
    // From the start, the best first moves capture 10 stones.
    let pos = Position::start();
    let result = search_blocking(&mut Search::new(pos, depth(6), 4), || 0);
    let h = hint(&pos, &result).unwrap();
    let landing = pos.landing(h.hole).unwrap();
    if let toguz::rules::LandingEffect::Capture(n) = landing.effect {
        assert!(h.reasons.contains(&Reason::Captures(n)), "{:?}", h.reasons);
        assert!(h.reason_text().contains(&format!("captures {n} stones")));
    }
    assert!(!h.reasons.is_empty());
}

#[test]
fn a_hint_says_when_a_move_saves_stones_from_a_capture() {
    // Black's 9th hole (2 stones) ends on white's 1st hole: 9 + 1 = 10, even, a capture of 10. Playing
    // white's 1st hole spreads its stones, so black's move then takes only 2.
    let pos =
        board([9, 0, 0, 0, 0, 0, 0, 0, 2], [0, 0, 0, 0, 0, 0, 0, 0, 2], [0, 0], toguz::rules::Side::White);
    let result = search_blocking(&mut Search::new(pos, depth(6), 1), || 0);
    let h = hint(&pos, &result).unwrap();
    assert_eq!(h.hole, hole(1));
    assert!(h.reasons.contains(&Reason::Saves(8)), "{:?}", h.reasons);
    assert!(h.reason_text().contains("saves 8 stones from a capture"));
}

// The computer's view of a game (review's analysis).

#[test]
fn analysis_marks_a_first_move_that_misses_a_capture_of_ten_with_the_capture_instead() {
    // Hole 1 sows its nine stones on white's own side; most other first moves take ten.
    let verdicts = analyse(Position::start(), &[hole(1)]);
    let v = &verdicts[0];
    assert!(v.loss >= MISTAKE_STONES, "{v:?}");
    let better = v.better.as_ref().expect("a mistake names the better move");
    assert_ne!(better.hole, hole(1));
    assert!(
        better.reasons.iter().any(|r| matches!(r, Reason::Captures(n) if *n >= 10)),
        "{:?}",
        better.reasons
    );
    // White gave the ten stones away: the evaluation after the move is lower than before it.
    assert!(v.after < v.before);
}

#[test]
fn analysis_does_not_mark_the_best_move() {
    let pos = Position::start();
    let best = search_blocking(&mut toguz::ai::analysis::analysis_search(pos), || 0).best();
    let v = &analyse(pos, &[best])[0];
    assert_eq!(v.loss, 0.0);
    assert!(!v.is_mistake());
    assert_eq!(v.before, v.after);
}

#[test]
fn analysis_of_a_long_master_game_judges_every_move_and_sees_who_won() {
    let text = crate::common::read_data("master-games-2018.txt");
    let game = toguz::rules::notation::read_games(&text)
        .into_iter()
        .flatten()
        .find(|g| g.moves.len() >= 100 && matches!(g.tag("Result"), Some("1-0") | Some("0-1")))
        .expect("a master game of 100 moves or more with a winner");
    let moves: Vec<Hole> = game.moves.iter().map(|m| m.text.hole).collect();
    let verdicts = analyse(Position::start(), &moves);
    assert_eq!(verdicts.len(), moves.len());
    for (i, v) in verdicts.iter().enumerate() {
        assert_eq!(v.hole, moves[i]);
        assert!(v.loss >= 0.0 && v.before.abs() <= DECISIVE_STONES && v.after.abs() <= DECISIVE_STONES);
        assert_eq!(v.is_mistake(), v.loss >= MISTAKE_STONES, "move {i}: {v:?}");
    }
    // Near the end the evaluation leans to the winner.
    let last = eval_at(&verdicts, verdicts.len()).unwrap();
    let white_won = game.tag("Result") == Some("1-0");
    assert_eq!(last > 0.0, white_won, "final evaluation {last}");
    assert_eq!(eval_at(&verdicts, 0), Some(verdicts[0].before));
}

#[test]
fn a_table_made_a_piece_at_a_time_searches_exactly_as_one_made_at_once() {
    use toguz::ai::tt::Table;
    let mut pos = Position::start();
    for n in [7, 3, 2] {
        pos.play(hole(n)).unwrap();
    }
    let limits = Limits { depth: Some(6), nodes: None, movetime_ms: None };
    let mut table = Table::unmade(4);
    let mut pieces = 1;
    while !table.make_some(1000) {
        pieces += 1;
    }
    assert!(pieces > 10, "made in {pieces} pieces");
    assert_eq!(table.size_bytes(), Table::new(4).size_bytes());
    let pieced = search_blocking(&mut Search::with_table(pos, limits, table), || 0);
    let whole = search_blocking(&mut Search::with_table(pos, limits, Table::new(4)), || 0);
    assert_eq!((pieced.pv, pieced.score, pieced.nodes), (whole.pv, whole.score, whole.nodes));
}
