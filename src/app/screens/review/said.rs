//! What review says of the computer's verdicts, in words a new player reads: the estimate of the position
//! shown, a marked move with the better move and why, and at any other move the few moves that changed the
//! game. Which moves are marked depends on the game: from `MISTAKE_STONES` lost, and from
//! `BEGINNER_MISTAKE_STONES` against Easy (`mistake_stones`). A move is named as a player reads it ("your
//! move 35, hole 6"), never in the record's notation ("35. 61"), and a number keeps to its words on the line.

use crate::ai::Level;
use crate::ai::analysis::{
    BEGINNER_MISTAKE_STONES, DECISIVE_STONES, MISTAKE_STONES, Verdict, turning_points,
};
use crate::game::{Game, Mode};
use crate::rules::Side;

use crate::app::i18n::locale::Locale;
use crate::app::i18n::words::{self, Who};

/// The loss from which review counts a move of a game of `mode` as a mistake: `BEGINNER_MISTAKE_STONES`
/// against Easy (a new player's game: see there), `MISTAKE_STONES` otherwise.
pub fn mistake_stones(mode: &Mode) -> f32 {
    match mode {
        Mode::Computer { level: Level::EASY, .. } => BEGINNER_MISTAKE_STONES,
        _ => MISTAKE_STONES,
    }
}

/// Whether review marks `verdict`'s move as a mistake in a game of `mode`: on the graph, with a line of
/// its own naming the better move.
pub fn marked(mode: &Mode, verdict: &Verdict) -> bool {
    verdict.is_mistake() && verdict.loss >= mistake_stones(mode)
}

/// Within this many stones the computer's estimate is told as "Even": the first mover's few stones of
/// expectation at the start are not a lead (a new player read "Computer ahead by 3 stones" before any
/// move, on a board level by the rules).
pub const EVEN_MARGIN: f32 = 4.0;

/// "Estimate: White is ahead by 5 stones" (the computer's, as its view is titled), "Even", "Estimate:
/// you are winning". Each player has a sentence of its own: a name slotted into one sentence read "You is
/// winning", and the verb and its case differ by person in most languages.
pub fn eval_words(locale: &Locale, mode: &Mode, stones: f32) -> String {
    let side = if stones > 0.0 { Side::White } else { Side::Black };
    let who = Who::of(mode, side);
    let lead = stones.abs().round() as i64;
    if stones.abs() >= DECISIVE_STONES {
        locale.t(&format!("analysis.winning_{}", who.key_part()))
    } else if stones.abs() < EVEN_MARGIN {
        locale.t("analysis.even")
    } else {
        let said = locale
            .f(&format!("analysis.ahead_{}", who.key_part()), &[("stones", &words::stones(locale, lead))]);
        // Wrapped beside a narrow panel, "38" stays with its "камней".
        words::glue_numbers(&said)
    }
}

/// A move that lost stones, in words: "Your move 33, hole 7, lost 8 stones; hole 1 was better: captures 10
/// stones." `at` counts the moves from 1; none for a move that was not a mistake. A number keeps to its
/// words on the line ("hole" at a line's end and "9" on the next read badly).
pub fn mistake_words(locale: &Locale, game: &Game, at: usize, verdict: &Verdict) -> Option<String> {
    let better = verdict.better.as_ref()?;
    let (who, number, hole) = words::played_move(game, at)?;
    let reasons = better.reasons.iter().map(|r| words::reason(locale, r)).collect::<Vec<_>>().join(", ");
    let line = locale.f(
        &format!("analysis.mistake_{}", who.key_part()),
        &[
            ("move", &number),
            ("hole", &hole),
            ("stones", &words::stones(locale, verdict.loss.round() as i64)),
            ("better", &better.hole),
            ("reasons", &reasons),
        ],
    );
    Some(words::glue_numbers(&line))
}

/// The line at a move review does not mark: the moves that changed the game, each named in words as a
/// new player reads a move ("Your moves that changed the game most: move 35, hole 6, lost 9 stones; ..."),
/// at most `most` of them, the largest loss first; against the computer the person's own, in hot-seat
/// either player's. When none is marked, it says so. A count of every move marked ("You: 20") after a
/// clear win read as a verdict on a new player (issue 46); the few that mattered are something to look at.
pub fn summary_words(locale: &Locale, game: &Game, verdicts: &[Verdict], most: usize) -> String {
    let person = match game.mode {
        Mode::Computer { human, .. } => Some(human),
        Mode::HotSeat => None,
    };
    let counted = |v: &Verdict| marked(&game.mode, v) && person.is_none_or(|side| v.side == side);
    let named: Vec<String> = turning_points(verdicts, most, counted)
        .into_iter()
        .filter_map(|i| {
            let (who, number, hole) = words::played_move(game, i + 1)?;
            // Against the computer every move named is the person's, as the line's start says: the
            // move needs no "your" of its own. In hot-seat each names its player.
            let key = match who {
                Who::White | Who::Black => format!("analysis.turn_{}", who.key_part()),
                Who::You | Who::Computer => "analysis.turn".to_string(),
            };
            let lost = words::stones(locale, verdicts[i].loss.round() as i64);
            Some(locale.f(&key, &[("move", &number), ("hole", &hole), ("stones", &lost)]))
        })
        .collect();
    let threshold = words::stones(locale, mistake_stones(&game.mode).round() as i64);
    let moves = named.join("; ");
    let line = match (named.is_empty(), person.is_some()) {
        (true, true) => locale.f("analysis.calm_you", &[("stones", &threshold)]),
        (true, false) => locale.f("analysis.calm", &[("stones", &threshold)]),
        (false, true) => locale.f("analysis.summary_you", &[("moves", &moves)]),
        (false, false) => locale.f("analysis.summary", &[("moves", &moves)]),
    };
    words::glue_numbers(&line)
}
