//! The game's sentences in the player's language, built from the locale's messages and the rules' facts.
//! Players are named the same way everywhere (bars, results, hints, refusals): against the computer it is
//! "you" and "the computer", in hot-seat "White" and "Black".

use crate::ai::{Level, Reason};
use crate::game::{Ending, Finish, Game, Mode, rows};
use crate::rules::{Hole, IllegalMove, Landing, LandingEffect, Side, TuzdikRefusal};

use crate::app::i18n::locale::Locale;
use crate::lesson::Why;
use crate::rules::EndReason;
use crate::rules::Status;

/// Who a side is in this game: the person, the computer, or White / Black in hot-seat.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Who {
    You,
    Computer,
    White,
    Black,
}

impl Who {
    pub fn of(mode: &Mode, side: Side) -> Who {
        match mode {
            Mode::Computer { human, .. } if *human == side => Who::You,
            Mode::Computer { .. } => Who::Computer,
            Mode::HotSeat => match side {
                Side::White => Who::White,
                Side::Black => Who::Black,
            },
        }
    }

    /// The part of a key that names this player: `result.you_win`, `landing.white_hole`...
    pub fn key_part(self) -> &'static str {
        match self {
            Who::You => "you",
            Who::Computer => "computer",
            Who::White => "white",
            Who::Black => "black",
        }
    }
}

/// The locale keys of the ladder's names, from level 1.
const LEVEL_KEYS: [&str; crate::ai::LEVELS as usize] =
    ["level.1", "level.2", "level.3", "level.4", "level.5", "level.6", "level.7", "level.8", "level.9"];

/// The key of a level's name ("Club player").
pub fn level_key(level: Level) -> &'static str {
    LEVEL_KEYS[usize::from(level.number() - 1)]
}

/// A level as the player reads it everywhere: its number and name, "4. Club player".
pub fn level_label(locale: &Locale, level: Level) -> String {
    locale.f("level.numbered", &[("n", &level.number()), ("name", &locale.t(level_key(level)))])
}

/// A player in a score line: "You", "Computer", "White".
pub fn player_short(locale: &Locale, mode: &Mode, side: Side) -> String {
    locale.t(match Who::of(mode, side) {
        Who::You => "player.you",
        Who::Computer => "player.computer",
        Who::White => "player.white",
        Who::Black => "player.black",
    })
}

/// The name in a player's bar: "You", "Computer · Medium", "White".
pub fn bar_name(locale: &Locale, mode: &Mode, side: Side) -> String {
    match mode {
        Mode::Computer { level, human } if *human != side => {
            locale.f("player.computer_level", &[("level", &level_label(locale, *level))])
        }
        _ => player_short(locale, mode, side),
    }
}

/// Move `at` of `game` (counted from 1): who played it, its number as the record gives it (a move is a
/// pair, White's and Black's: both sides have a move 33) and the hole played. The review's words name a
/// move this way, "your move 33, hole 7", rather than as notation ("33. 71") a new player cannot read.
pub(crate) fn played_move(game: &Game, at: usize) -> Option<(Who, usize, Hole)> {
    let played = game.history().get(at.checked_sub(1)?)?;
    let number = rows(&game.truncated(at)).len();
    Some((Who::of(&game.mode, played.outcome.side), number, played.outcome.hole))
}

/// The words with each number held to the words it counts or names (the space between a number and the
/// word it counts, and the one between a word and the number it names, made non-breaking): a line broke
/// between "лунка" and its "1", and left "1)" alone on the last line. A number joined to its own word
/// ("2‑жүрүштө") keeps the space before it, and so does a comma or a colon ("..., 3‑отау: 11 құмалақ"):
/// a line still breaks there.
pub(crate) fn glue_numbers(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let digit = |i: usize| chars.get(i).is_some_and(char::is_ascii_digit);
    let glued = |i: usize| {
        // A number and what it counts: "11 stones" ("1 (hole" may part: the bracket goes whole).
        let after_number =
            i.checked_sub(1).is_some_and(digit) && chars.get(i + 1).is_some_and(|c| c.is_alphabetic());
        // A number of its own after a word: "hole 5", "(лунка 1)", "move 12,".
        let end = (i + 1..=chars.len()).find(|&j| !digit(j)).unwrap_or(chars.len());
        let named = digit(i + 1)
            && i.checked_sub(1).and_then(|j| chars.get(j)).is_some_and(|c| c.is_alphabetic())
            && !chars.get(end).is_some_and(|c| c.is_alphanumeric() || *c == '\u{2011}' || *c == '-');
        after_number || named
    };
    chars.iter().enumerate().map(|(i, &c)| if c == ' ' && glued(i) { '\u{a0}' } else { c }).collect()
}

pub fn stones(locale: &Locale, n: i64) -> String {
    locale.n("count.stones", n, &[])
}

pub fn moves(locale: &Locale, n: i64) -> String {
    locale.n("count.moves", n, &[])
}

/// Why a hole cannot be played.
pub fn illegal(locale: &Locale, e: IllegalMove) -> String {
    match e {
        IllegalMove::Empty(h) => locale.f("toast.empty", &[("hole", &h)]),
        IllegalMove::OpponentTuzdik(h) => locale.f("toast.opponent_tuzdik", &[("hole", &h)]),
        IllegalMove::GameOver => locale.t("toast.game_over"),
    }
}

/// One reason of a hint: "captures 10 stones", "wins the game in 3 moves".
pub fn reason(locale: &Locale, reason: &Reason) -> String {
    match *reason {
        Reason::ForcesWin(n) => locale.f("reason.wins_in", &[("moves", &moves(locale, n.into()))]),
        Reason::HoldsOut(n) => locale.f("reason.holds_out", &[("moves", &moves(locale, n.into()))]),
        Reason::Captures(n) => locale.f("reason.captures", &[("stones", &stones(locale, n.into()))]),
        Reason::MakesTuzdik(h) => locale.f("reason.makes_tuzdik", &[("hole", &h)]),
        Reason::Saves(n) => locale.f("reason.saves", &[("stones", &stones(locale, n.into()))]),
        Reason::BlocksTuzdik => locale.t("reason.blocks_tuzdik"),
        // The line's length is the search's depth, not a count a player can follow ("wins 2 stones in 6
        // moves" puzzled a new player, issue 46): "a few moves" says it.
        Reason::GainsOverLine { stones: s, .. } => {
            locale.f("reason.gains", &[("stones", &stones(locale, s.into()))])
        }
        Reason::KeepsMoves => locale.t("reason.keeps_moves"),
        Reason::DeniesCapture(n) => {
            locale.f("reason.denies_capture", &[("stones", &stones(locale, n.into()))])
        }
        Reason::GivesLess { given, instead } => {
            locale.f("reason.gives_less", &[("stones", &stones(locale, given.into())), ("instead", &instead)])
        }
        Reason::AvoidsTuzdik => locale.t("reason.avoids_tuzdik"),
        Reason::KeepsHoles { holes, instead } => {
            locale.f("reason.keeps_holes", &[("holes", &holes), ("instead", &instead)])
        }
        Reason::KeepsReserve { hole, stones: n } => {
            locale.f("reason.keeps_reserve", &[("stones", &stones(locale, n.into())), ("hole", &hole)])
        }
        Reason::KeepsOnSide(n) => locale.f("reason.keeps_on_side", &[("stones", &stones(locale, n.into()))]),
        Reason::Outscores { stones: s, moves: m } => locale.f(
            "reason.outscores",
            &[("stones", &stones(locale, s.into())), ("moves", &moves(locale, m.into()))],
        ),
    }
}

/// The long-press hint in words: where the last stone of `hole` lands and what happens there.
pub fn landing(locale: &Locale, mode: &Mode, hole: Hole, landing: &Landing) -> String {
    landing_in(locale, Who::of(mode, landing.side), hole, landing)
}

/// The long-press hint on a lesson's board, where the learner plays White: White's holes are "your hole",
/// Black's are Black's, as the lessons say (the board's game is a hot-seat one, whose words said "White's
/// hole 3" to the learner).
pub fn lesson_landing(locale: &Locale, hole: Hole, landing: &Landing) -> String {
    let who = match landing.side {
        Side::White => Who::You,
        Side::Black => Who::Black,
    };
    landing_in(locale, who, hole, landing)
}

/// The long-press hint in words, the last stone landing in `who`'s hole.
fn landing_in(locale: &Locale, who: Who, hole: Hole, landing: &Landing) -> String {
    let place = locale.f(&format!("landing.{}_hole", who.key_part()), &[("hole", &landing.hole)]);
    let effect = match landing.effect {
        LandingEffect::Nothing => locale.t("effect.nothing"),
        LandingEffect::Capture(n) => locale.f("effect.captures", &[("stones", &stones(locale, n.into()))]),
        LandingEffect::Tuzdik => locale.t("effect.tuzdik"),
        LandingEffect::TuzdikRefused(why) => locale.t(match why {
            TuzdikRefusal::AlreadyHasOne => "effect.refused_one",
            TuzdikRefusal::NinthHole => "effect.refused_ninth",
            TuzdikRefusal::Symmetric => "effect.refused_mirror",
        }),
        LandingEffect::IntoTuzdik(_) => locale.t("effect.into_tuzdik"),
    };
    locale.f("landing.text", &[("hole", &hole), ("place", &place), ("effect", &effect)])
}

/// The words of a game the board finished: (title, reason and final score).
pub fn result_text(locale: &Locale, mode: &Mode, status: &Status) -> Option<(String, String)> {
    let Status::Finished(o) = status else { return None };
    Some(finish_text(locale, mode, Finish::Board(*o), o.score))
}

/// The words of a finished game, however it ended: (title, how it ended and the score). `kazans` are the
/// stones each kazan holds (white, black): the final score when the board ended it.
pub fn finish_text(locale: &Locale, mode: &Mode, finish: Finish, kazans: [u8; 2]) -> (String, String) {
    let who = |side: Side| Who::of(mode, side).key_part();
    let title = match finish.winner() {
        None => locale.t("result.draw"),
        Some(w) if Who::of(mode, w) == Who::You => locale.t("result.you_win"),
        Some(w) => locale.t(&format!("result.{}_wins", who(w))),
    };
    let short = |side: Side| player_short(locale, mode, side);
    let (a, b) = (short(Side::White), short(Side::Black));
    let reason = match finish {
        Finish::Board(o) => match o.reason {
            EndReason::Reached82(side) => locale.t(&format!("result.{}_reached", who(side))),
            EndReason::Draw81 => locale.t("result.draw81"),
            EndReason::NoMoves { stuck, left } => {
                let stuck = locale.t(&format!("result.{}_stuck", who(stuck)));
                let leftover =
                    locale.f("result.leftover", &[("a", &a), ("x", &left[0]), ("b", &b), ("y", &left[1])]);
                format!("{stuck} {leftover}")
            }
        },
        Finish::Ended(ending @ Ending::Time { winner, .. }) => {
            let flag = ending_words(locale, mode, ending);
            match winner {
                Some(_) => flag,
                // The side with time left could no longer reach 82: the time decides only what the board
                // still could.
                None => format!("{flag} {}", locale.t("result.flag_no_win")),
            }
        }
        Finish::Ended(ending) => ending_words(locale, mode, ending),
    };
    let key = if matches!(finish, Finish::Board(_)) { "result.score" } else { "result.kazans" };
    let score = locale.f(key, &[("a", &a), ("x", &kazans[0]), ("b", &b), ("y", &kazans[1])]);
    // A player and their stones stay on one line: "82" wrapped alone onto the next.
    let score = score
        .replacen(&format!("{a} {}", kazans[0]), &format!("{a}\u{a0}{}", kazans[0]), 1)
        .replacen(&format!("{b} {}", kazans[1]), &format!("{b}\u{a0}{}", kazans[1]), 1);
    (title, format!("{reason}\n{score}"))
}

/// How a game ended off the board, in a few words naming who: "White's time ran out", "The computer
/// resigned", "The computer accepted the draw" (against the computer only the person offers one).
pub fn ending_words(locale: &Locale, mode: &Mode, ending: Ending) -> String {
    let who = |side: Side| Who::of(mode, side).key_part();
    match ending {
        Ending::Time { flagged, .. } => locale.t(&format!("result.{}_flag", who(flagged))),
        Ending::Resigned(side) => locale.t(&format!("result.{}_resigned", who(side))),
        Ending::Agreed if matches!(mode, Mode::Computer { .. }) => locale.t("result.computer_agreed"),
        Ending::Agreed => locale.t("result.agreed"),
    }
}

/// What review says at move `at` of `game` when the game ended there: who won ("Black wins"), and how,
/// where the clock or the players ended it ("Black wins · White's time ran out").
pub fn ended_at(locale: &Locale, game: &Game, at: usize) -> Option<String> {
    let board = result_text(locale, &game.mode, &game.truncated(at).status()).map(|(title, _)| title);
    board.or_else(|| {
        let ending = game.ending().filter(|_| at == game.history().len())?;
        let title = game_result_text(locale, game)?.0;
        Some(format!("{title} · {}", ending_words(locale, &game.mode, ending)))
    })
}

/// The words of `game`'s end, if it is over.
pub fn game_result_text(locale: &Locale, game: &Game) -> Option<(String, String)> {
    let pos = game.position();
    let kazans = [pos.kazan(Side::White), pos.kazan(Side::Black)];
    game.finish().map(|finish| match finish {
        Finish::Board(o) => finish_text(locale, &game.mode, finish, o.score),
        Finish::Ended(_) => finish_text(locale, &game.mode, finish, kazans),
    })
}

/// "Against Medium, 12 moves played": which game Continue brings back, and a game of the games played.
pub(crate) fn saved_game_words(locale: &Locale, game: &crate::game::SavedMoves) -> String {
    // Every move counts, each player's: a move is one hole sown, as Undo takes one back and the move list
    // gives each its cell. Counted as a record numbers them (a pair to a number), "4 moves played" after
    // eight read as a wrong count to a new player (issue 46).
    let n = game.moves.len() as i64;
    let words = match game.mode {
        Mode::Computer { level, .. } => {
            let level = level_label(locale, level);
            if n == 0 {
                locale.f("title.saved_vs_new", &[("level", &level)])
            } else {
                locale.n("title.saved_vs", n, &[("level", &level)])
            }
        }
        Mode::HotSeat if n == 0 => locale.t("title.saved_hotseat_new"),
        Mode::HotSeat => locale.n("title.saved_hotseat", n, &[]),
    };
    glue_last_clause(&words)
}

/// The words after the last comma held together (their spaces made non-breaking), so that a line too long
/// for the screen breaks at the comma: "Двое игроков, сделано 3 хода" left "хода" alone on a line.
fn glue_last_clause(words: &str) -> String {
    match words.rfind(", ") {
        Some(comma) => {
            let (head, tail) = words.split_at(comma + 2);
            format!("{head}{}", tail.replace(' ', "\u{a0}"))
        }
        None => words.to_string(),
    }
}

/// Why a tap was not the answer, in words.
pub fn why_words(locale: &Locale, why: Why) -> String {
    let hole = |key: &str, n: u8| locale.f(key, &[("hole", &n)]);
    match why {
        Why::TheirHole => locale.t("why.their_hole"),
        Why::KazanNotPlayable => locale.t("why.kazan_not_playable"),
        Why::OtherHole { asked } => hole("why.other_hole", asked),
        Why::Illegal(
            e @ (IllegalMove::Empty(_) | IllegalMove::OpponentTuzdik(_) | IllegalMove::GameOver),
        ) => illegal(locale, e),
        Why::LandsOwnSide { lands } => hole("why.lands_own_side", lands),
        Why::Odd { hole: n, count } => locale.f("why.odd", &[("hole", &n), ("count", &count)]),
        Why::Refused { why, .. } => sentence(locale.t(match why {
            TuzdikRefusal::AlreadyHasOne => "effect.refused_one",
            TuzdikRefusal::NinthHole => "effect.refused_ninth",
            TuzdikRefusal::Symmetric => "effect.refused_mirror",
        })),
        Why::IntoTuzdik { .. } => locale.t("why.into_tuzdik"),
        Why::CaptureNotTuzdik { hole: n, count } => {
            locale.f("why.capture_not_tuzdik", &[("hole", &n), ("count", &count)])
        }
        Why::KazanNeverSown { hole: n, .. } => hole("why.kazan_never_sown", n),
        Why::FirstStoneBack { hole: n, .. } => hole("why.first_stone_back", n),
        Why::LoneStoneMoves { hole: n } => hole("why.lone_stone", n),
        Why::Count { hole: n, .. } => hole("why.count", n),
        Why::TuzdikOwner { owner: Side::White } => locale.t("why.tuzdik_owner_you"),
        Why::TuzdikOwner { owner: Side::Black } => locale.t("why.tuzdik_owner_them"),
        Why::HoldLonger { hole: n } => hole("why.hold_longer", n),
    }
}

/// The landing hint's words as a sentence of their own: with a full stop.
pub(crate) fn sentence(mut text: String) -> String {
    if !text.ends_with(['.', '!', '?', '…']) {
        text.push('.');
    }
    text
}
