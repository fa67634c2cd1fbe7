//! Properties of random games: conservation, legality, termination, and the agreement of `play`,
//! `landing`, the sowing trace and the position string.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use toguz::rules::{Hole, IllegalMove, LandingEffect, Place, Position, Side, TOTAL_STONES};

/// No game can last longer: every move sows at least one stone and captures keep coming (measured
/// games end well below this).
const MAX_PLIES: usize = 1000;

fn stones(p: &Position) -> u32 {
    p.holes().iter().map(|&n| u32::from(n)).sum::<u32>()
        + u32::from(p.kazan(Side::White))
        + u32::from(p.kazan(Side::Black))
}

#[test]
fn random_games_conserve_stones_keep_moves_legal_and_always_end() {
    let mut rng = StdRng::seed_from_u64(2026);
    let mut total_plies = 0;
    for game in 0..2000 {
        let mut pos = Position::start();
        let mut plies = 0;
        loop {
            assert_eq!(stones(&pos), u32::from(TOTAL_STONES), "game {game} ply {plies}");
            let side = pos.side_to_move();
            let legal = pos.legal_moves();
            for hole in Hole::all() {
                let expected =
                    !pos.is_over() && pos.stones(side, hole) > 0 && pos.tuzdik_owner(side, hole).is_none();
                assert_eq!(legal.contains(hole), expected, "game {game} ply {plies} hole {hole} in {pos}");
                let check = pos.check(hole);
                assert_eq!(check.is_ok(), expected);
                if pos.is_over() {
                    assert_eq!(check, Err(IllegalMove::GameOver));
                }
            }
            for owner in Side::BOTH {
                if let Some(t) = pos.tuzdik(owner) {
                    assert_eq!(pos.stones(owner.opponent(), t), 0, "a tuzdik holds no stones");
                }
            }
            if pos.is_over() {
                assert!(pos.status().is_over());
                break;
            }
            let moves: Vec<Hole> = legal.collect();
            let hole = moves[rng.random_range(0..moves.len())];
            for h in pos.legal_moves() {
                let mut after = pos;
                let o = after.play(h).unwrap();
                let preview = pos.preview(h);
                assert_eq!(
                    (preview.captured, preview.tuzdik),
                    (o.captured, o.new_tuzdik),
                    "preview of {h} in {pos}"
                );
            }
            let landing = pos.landing(hole).unwrap();
            let before = pos;
            let outcome = pos.play(hole).unwrap();
            let mut fast = before;
            fast.play_unchecked(hole);
            assert_eq!(fast, pos, "play and play_unchecked agree");
            assert_eq!((landing.side, landing.hole), outcome.landing);
            match landing.effect {
                LandingEffect::Capture(n) => assert_eq!(outcome.captured, n),
                LandingEffect::Tuzdik => assert!(outcome.new_tuzdik.is_some()),
                _ => assert_eq!((outcome.captured, outcome.new_tuzdik), (0, None)),
            }
            // The trace accounts for every stone lifted: replaying it onto the board before the move,
            // plus the capture and tuzdik, gives the board after it.
            let mut replayed = [0i32; 18];
            let mut kazans = [i32::from(before.kazan(Side::White)), i32::from(before.kazan(Side::Black))];
            for (i, &n) in before.holes().iter().enumerate() {
                replayed[i] = i32::from(n);
            }
            let from = side.index() * 9 + usize::from(hole.number() - 1);
            replayed[from] = 0;
            assert_eq!(outcome.trace().len(), usize::from(before.holes()[from]));
            for place in outcome.trace() {
                match *place {
                    Place::Hole(s, h) => replayed[s.index() * 9 + usize::from(h.number() - 1)] += 1,
                    Place::Kazan(s) => kazans[s.index()] += 1,
                }
            }
            let (ls, lh) = outcome.landing;
            let taken = i32::from(outcome.captured) + if outcome.new_tuzdik.is_some() { 3 } else { 0 };
            replayed[ls.index() * 9 + usize::from(lh.number() - 1)] -= taken;
            kazans[side.index()] += taken;
            for (i, &n) in pos.holes().iter().enumerate() {
                assert_eq!(replayed[i], i32::from(n), "hole index {i} after {hole} in {before}");
            }
            assert_eq!(kazans, [i32::from(pos.kazan(Side::White)), i32::from(pos.kazan(Side::Black))]);
            assert_eq!(pos.to_string().parse::<Position>().unwrap(), pos, "position strings round-trip");
            plies += 1;
            assert!(plies < MAX_PLIES, "game {game} did not end");
        }
        total_plies += plies;
    }
    assert!(total_plies > 2000 * 20);
}
