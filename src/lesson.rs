//! The tutorial's lessons, as data. Each lesson is a RON file under `assets/tutorial/` (listed, in order, by
//! `assets/tutorial/course.ron`); a step gives its board, its caption (a locale key: every word on screen
//! lives in the locale files), what is marked on the board, what the learner does, and what its move is
//! claimed to do, so that the tests hold every caption against the rules.
//!
//! Pure Rust, no Bevy: what a tap means in a step ([`judge`]) is decided here by asking the rules, and the
//! app only shows the verdict. Nothing here re-implements a rule.

use serde::Deserialize;

use crate::rules::{
    EndReason, Hole, IllegalMove, Landing, LandingEffect, Position, Side, Status, TuzdikRefusal,
};

/// The lessons in the order the course lists them: `id` is the file name without `.lesson.ron`.
#[derive(Clone, Debug, PartialEq)]
pub struct Course {
    pub lessons: Vec<CourseEntry>,
}

/// One lesson of the course: read, or the reason it could not be (shown in the lesson list).
#[derive(Clone, Debug, PartialEq)]
pub struct CourseEntry {
    pub id: String,
    pub lesson: Result<Lesson, String>,
}

/// The index file: the lesson ids in order.
#[derive(Deserialize)]
struct Index {
    lessons: Vec<String>,
}

impl Course {
    /// The index file's path under the assets folder.
    pub const INDEX: &'static str = "tutorial/course.ron";

    /// The path of a lesson's file under the assets folder.
    pub fn lesson_path(id: &str) -> String {
        format!("tutorial/{id}.lesson.ron")
    }

    /// The lesson ids the index lists.
    pub fn ids(index: &str) -> Result<Vec<String>, String> {
        let index: Index = ron::from_str(index).map_err(|e| format!("{}: {e}", Course::INDEX))?;
        Ok(index.lessons)
    }

    /// Reads the index; `read` gives each lesson file's text (or why it could not be read). A damaged lesson
    /// spoils only itself.
    pub fn parse(
        index: &str,
        mut read: impl FnMut(&str) -> Result<String, String>,
    ) -> Result<Course, String> {
        let lessons = Course::ids(index)?
            .into_iter()
            .map(|id| {
                let lesson = read(&Course::lesson_path(&id)).and_then(|text| Lesson::parse(&text));
                CourseEntry { id, lesson }
            })
            .collect();
        Ok(Course { lessons })
    }

    pub fn get(&self, id: &str) -> Option<&CourseEntry> {
        self.lessons.iter().find(|e| e.id == id)
    }
}

/// A lesson: its name and summary (locale keys) and its steps.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Lesson {
    /// Locale keys of its name and of its one line in the lesson list.
    pub title: String,
    pub summary: String,
    pub steps: Vec<Step>,
}

/// One step of a lesson.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Step {
    /// The board the step starts from.
    #[serde(default)]
    pub board: Board,
    /// The caption's locale key.
    pub caption: String,
    /// What is lit on the board.
    #[serde(default)]
    pub marks: Vec<Mark>,
    pub kind: Kind,
    /// The locale key of what is said once the step's move has played (the answer to a guess).
    #[serde(default)]
    pub after: Option<String>,
    /// What the caption says the step's move does; the tests hold it against the rules.
    #[serde(default)]
    pub claim: Option<Claim>,
}

/// Where a step starts.
#[derive(Clone, Debug, Default, Deserialize, PartialEq)]
pub enum Board {
    /// Where the previous step left the board (its move played); the start for the first step.
    #[default]
    Continue,
    /// The starting position.
    Start,
    /// The holes played from the start, e.g. `"7 3 5"`.
    Moves(String),
    /// A position string of the engine protocol.
    Position(String),
}

/// Something lit on the board.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub enum Mark {
    Hole(Side, u8),
    Kazan(Side),
    /// A whole row of nine holes.
    Row(Side),
    /// The path the stones of this hole (of the side to move) take, numbered in the order they are sown.
    Path(u8),
}

/// What the learner does in a step.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub enum Kind {
    /// Read, then Next.
    Read,
    /// The side to move plays this hole, animated; then Next.
    Watch(u8),
    /// The learner plays a move meeting the target.
    Do(Target),
    /// The side to move is about to play this hole: the learner taps where its last stone will land.
    Guess(u8),
    /// The learner holds a finger on this hole to see where its last stone lands.
    Hold(u8),
}

/// Which moves a **do** step accepts.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub enum Target {
    Hole(u8),
    /// Any move that takes stones: an even count, or a tuzdik.
    Takes,
    /// Any move that makes a tuzdik.
    Tuzdik,
    /// Any legal move.
    Any,
}

/// What a step's move does, as its caption says.
#[derive(Clone, Debug, Default, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Claim {
    /// The hole where the last stone lands.
    #[serde(default)]
    pub lands: Option<(Side, u8)>,
    #[serde(default)]
    pub effect: Option<Effect>,
    /// Stones that went into each kazan through a tuzdik (white, black).
    #[serde(default)]
    pub through_tuzdik: Option<(u8, u8)>,
    /// Both kazans after the move (white, black).
    #[serde(default)]
    pub kazans: Option<(u8, u8)>,
    #[serde(default)]
    pub ends: Option<End>,
}

/// What happens at the landing hole.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub enum Effect {
    Nothing,
    Capture(u8),
    Tuzdik,
    /// Exactly 3, but no tuzdik.
    Refused(Refusal),
    /// The last stone fell into this side's tuzdik.
    IntoTuzdik(Side),
}

#[derive(Clone, Copy, Debug, Deserialize, PartialEq)]
pub enum Refusal {
    SecondTuzdik,
    NinthHole,
    Symmetric,
}

/// How the game stands after the move.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub enum End {
    Ongoing,
    Reaches82(Side),
    Draw81,
    /// This side cannot move; the stones left go to the side they are on.
    NoMoves(Side),
}

/// Where a finger landed on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tapped {
    Hole(Side, Hole),
    Kazan(Side),
}

/// What a tap in a step means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The step waits for no tap (read, watch): the tap is not an answer.
    NotAsked,
    /// Right: the move to play, if the step plays one.
    Right(Option<Hole>),
    /// Wrong, and why; the move to show, if there is one to show.
    Wrong(Why, Option<Hole>),
}

/// Why a tap was not the answer, in terms of the rules. The app words each one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Why {
    /// A hole of the side not to move.
    TheirHole,
    /// A kazan, where a move was asked for.
    KazanNotPlayable,
    /// Another hole than the one asked for.
    OtherHole { asked: u8 },
    /// The move cannot be played.
    Illegal(IllegalMove),
    /// The last stone lands on the mover's own side: nothing is taken.
    LandsOwnSide { lands: u8 },
    /// The landing hole ends odd (not 3): nothing is taken.
    Odd { hole: u8, count: u8 },
    /// Exactly 3, but no tuzdik.
    Refused { hole: u8, why: TuzdikRefusal },
    /// The last stone falls into a tuzdik and goes to its owner.
    IntoTuzdik { owner: Side },
    /// An even count is taken, but that is not a tuzdik.
    CaptureNotTuzdik { hole: u8, count: u8 },
    /// Sowing never puts a stone into a kazan.
    KazanNeverSown { hole: u8, stones: u8 },
    /// Counted from the next hole: the first stone goes back into the hole it came from.
    FirstStoneBack { hole: u8, stones: u8 },
    /// A lone stone moves on to the next hole.
    LoneStoneMoves { hole: u8 },
    /// Counted wrong.
    Count { hole: u8, stones: u8 },
    /// A stone landing in a tuzdik goes to the kazan of the tuzdik's owner, not the mover's.
    TuzdikOwner { owner: Side },
    /// A long press was asked for.
    HoldLonger { hole: u8 },
}

/// The board index (0..18, counter-clockwise from White's hole 1) of a hole.
fn index(side: Side, hole: Hole) -> usize {
    side.index() * 9 + usize::from(hole.number() - 1)
}

impl Lesson {
    pub fn parse(text: &str) -> Result<Lesson, String> {
        let lesson: Lesson = ron::from_str(text).map_err(|e| e.to_string())?;
        if lesson.steps.is_empty() {
            return Err("a lesson needs at least one step".into());
        }
        lesson.boards()?;
        Ok(lesson)
    }

    /// The position each step starts from, or the first step whose board cannot be set up.
    pub fn boards(&self) -> Result<Vec<Position>, String> {
        let mut boards = Vec::with_capacity(self.steps.len());
        let mut left: Option<Position> = Some(Position::start());
        for (i, step) in self.steps.iter().enumerate() {
            let at = |e: String| format!("step {}: {e}", i + 1);
            let start = match &step.board {
                Board::Continue => left.ok_or_else(|| {
                    at("the previous step leaves the board to the learner's choice; give this step a board".into())
                })?,
                Board::Start => Position::start(),
                Board::Moves(moves) => from_moves(moves).map_err(at)?,
                Board::Position(text) => text.parse::<Position>().map_err(|e| at(e.to_string()))?,
            };
            check_board(&start).map_err(at)?;
            step.check_shape(&start).map_err(at)?;
            boards.push(start);
            left = match step.played_hole() {
                Some(hole) => {
                    let mut after = start;
                    after.play(hole).map_err(|e| at(format!("hole {hole}: {e}")))?;
                    Some(after)
                }
                None if matches!(step.kind, Kind::Do(_)) => None,
                None => Some(start),
            };
        }
        Ok(boards)
    }
}

fn from_moves(moves: &str) -> Result<Position, String> {
    let mut position = Position::start();
    for (i, word) in moves.split_whitespace().enumerate() {
        let hole = word
            .parse::<u8>()
            .ok()
            .and_then(Hole::new)
            .ok_or_else(|| format!("move {}: '{word}' is not a hole", i + 1))?;
        position.play(hole).map_err(|e| format!("move {}: {e}", i + 1))?;
    }
    Ok(position)
}

/// Every stone accounted for: 162 on the board and in the kazans.
fn check_board(position: &Position) -> Result<(), String> {
    let total = u32::from(position.kazan(Side::White))
        + u32::from(position.kazan(Side::Black))
        + position.holes().iter().map(|&n| u32::from(n)).sum::<u32>();
    if total != u32::from(crate::rules::TOTAL_STONES) {
        return Err(format!("the board holds {total} stones, not 162"));
    }
    Ok(())
}

fn hole(n: u8) -> Result<Hole, String> {
    Hole::new(n).ok_or_else(|| format!("'{n}' is not a hole (1 to 9)"))
}

impl Step {
    /// The hole this step plays, when it is fixed by the step.
    pub fn played_hole(&self) -> Option<Hole> {
        match self.kind {
            Kind::Watch(n) | Kind::Guess(n) | Kind::Do(Target::Hole(n)) => Hole::new(n),
            _ => None,
        }
    }

    /// The hole whose move the claim and the marks speak of.
    pub fn subject(&self) -> Option<Hole> {
        match self.kind {
            Kind::Hold(n) => Hole::new(n),
            _ => self.played_hole(),
        }
    }

    /// Whether the learner answers this step by a tap on the board.
    pub fn asks(&self) -> bool {
        matches!(self.kind, Kind::Do(_) | Kind::Guess(_) | Kind::Hold(_))
    }

    fn check_shape(&self, start: &Position) -> Result<(), String> {
        if start.is_over() {
            return Err("the game is already over on this board".into());
        }
        match &self.kind {
            Kind::Watch(n) | Kind::Guess(n) | Kind::Hold(n) | Kind::Do(Target::Hole(n)) => {
                start.check(hole(*n)?).map_err(|e| format!("hole {n}: {e}"))?;
            }
            Kind::Do(target) => {
                if !start.legal_moves().any(|h| meets(start, h, target)) {
                    return Err(format!("no move meets {target:?}"));
                }
            }
            Kind::Read => {}
        }
        for mark in &self.marks {
            if let (Kind::Guess(n), Mark::Path(p)) = (&self.kind, mark)
                && n == p
            {
                return Err(format!("a guess step must not draw the path of hole {n}: it shows the answer"));
            }
            match mark {
                Mark::Hole(_, n) | Mark::Path(n) => {
                    hole(*n)?;
                }
                Mark::Kazan(_) | Mark::Row(_) => {}
            }
        }
        if self.claim.is_some() && self.subject().is_none() {
            return Err("a claim needs a step with a fixed hole".into());
        }
        Ok(())
    }

    /// What the tapped place means in this step, played on `start`.
    pub fn judge(&self, start: &Position, tapped: Tapped) -> Verdict {
        match &self.kind {
            Kind::Read | Kind::Watch(_) => Verdict::NotAsked,
            Kind::Do(target) => judge_move(start, tapped, target),
            Kind::Guess(n) => match Hole::new(*n) {
                Some(h) => judge_guess(start, h, tapped),
                None => Verdict::NotAsked,
            },
            // A tap (too short for the hint) on a hold step: say to hold it.
            Kind::Hold(n) => Verdict::Wrong(Why::HoldLonger { hole: *n }, None),
        }
    }

    /// Whether a long press on `hole` (of the side to move) answers this step.
    pub fn held(&self, hole: Hole) -> Verdict {
        match self.kind {
            Kind::Hold(n) if n == hole.number() => Verdict::Right(None),
            Kind::Hold(n) => Verdict::Wrong(Why::HoldLonger { hole: n }, None),
            _ => Verdict::NotAsked,
        }
    }
}

/// Whether playing `hole` meets the target (the move is legal).
pub fn meets(start: &Position, hole: Hole, target: &Target) -> bool {
    let Ok(landing) = start.landing(hole) else { return false };
    match target {
        Target::Hole(n) => hole.number() == *n,
        Target::Takes => matches!(landing.effect, LandingEffect::Capture(_) | LandingEffect::Tuzdik),
        Target::Tuzdik => landing.effect == LandingEffect::Tuzdik,
        Target::Any => true,
    }
}

fn judge_move(start: &Position, tapped: Tapped, target: &Target) -> Verdict {
    let mover = start.side_to_move();
    let hole = match tapped {
        Tapped::Kazan(_) => return Verdict::Wrong(Why::KazanNotPlayable, None),
        Tapped::Hole(side, _) if side != mover => return Verdict::Wrong(Why::TheirHole, None),
        Tapped::Hole(_, hole) => hole,
    };
    let landing = match start.landing(hole) {
        Ok(landing) => landing,
        Err(e) => return Verdict::Wrong(Why::Illegal(e), None),
    };
    if meets(start, hole, target) {
        return Verdict::Right(Some(hole));
    }
    let why = match target {
        Target::Hole(asked) => Why::OtherHole { asked: *asked },
        Target::Takes | Target::Tuzdik | Target::Any => why_no_gain(start, hole, &landing, target),
    };
    Verdict::Wrong(why, Some(hole))
}

/// Why a legal move does not take what the target asks for.
fn why_no_gain(start: &Position, played: Hole, landing: &Landing, target: &Target) -> Why {
    let n = landing.hole.number();
    match landing.effect {
        LandingEffect::IntoTuzdik(owner) => Why::IntoTuzdik { owner },
        LandingEffect::TuzdikRefused(why) => Why::Refused { hole: n, why },
        LandingEffect::Capture(count) if *target == Target::Tuzdik => {
            Why::CaptureNotTuzdik { hole: n, count }
        }
        _ if landing.side == start.side_to_move() => Why::LandsOwnSide { lands: n },
        _ => Why::Odd { hole: n, count: count_after(start, played, landing) },
    }
}

/// How many stones the landing hole holds once the move is sown, read from the rules' own sowing (an odd
/// count stays in the hole).
fn count_after(start: &Position, played: Hole, landing: &Landing) -> u8 {
    let mut after = *start;
    match after.play(played) {
        Ok(_) => after.stones(landing.side, landing.hole),
        Err(_) => 0,
    }
}

fn judge_guess(start: &Position, played: Hole, tapped: Tapped) -> Verdict {
    let Ok(landing) = start.landing(played) else { return Verdict::NotAsked };
    let mover = start.side_to_move();
    let stones = start.stones(mover, played);
    let n = played.number();
    let right = Verdict::Right(Some(played));
    let wrong = |why| Verdict::Wrong(why, Some(played));
    let tuzdik_owner = match landing.effect {
        LandingEffect::IntoTuzdik(owner) => Some(owner),
        _ => None,
    };
    match tapped {
        Tapped::Hole(side, hole) if side == landing.side && hole == landing.hole => right,
        Tapped::Kazan(side) if Some(side) == tuzdik_owner => right,
        Tapped::Kazan(_) if tuzdik_owner.is_some() => {
            wrong(Why::TuzdikOwner { owner: tuzdik_owner.unwrap() })
        }
        Tapped::Kazan(_) => wrong(Why::KazanNeverSown { hole: n, stones }),
        Tapped::Hole(side, hole) => {
            let land = index(landing.side, landing.hole);
            let tap = index(side, hole);
            if stones == 1 {
                wrong(Why::LoneStoneMoves { hole: n })
            } else if tap == (land + 1) % 18 {
                wrong(Why::FirstStoneBack { hole: n, stones })
            } else {
                wrong(Why::Count { hole: n, stones })
            }
        }
    }
}

/// The claim held against what the rules do with the step's move on `start`: the first difference.
pub fn check_claim(claim: &Claim, start: &Position, hole: Hole) -> Result<(), String> {
    let landing = start.landing(hole).map_err(|e| e.to_string())?;
    let mut after = *start;
    let outcome = after.play(hole).map_err(|e| e.to_string())?;
    if let Some((side, n)) = claim.lands
        && (landing.side, landing.hole.number()) != (side, n)
    {
        return Err(format!("lands on {} {}, not {side:?} {n}", landing.side, landing.hole));
    }
    if let Some(effect) = &claim.effect {
        let real = match landing.effect {
            LandingEffect::Nothing => Effect::Nothing,
            LandingEffect::Capture(n) => Effect::Capture(n),
            LandingEffect::Tuzdik => Effect::Tuzdik,
            LandingEffect::TuzdikRefused(TuzdikRefusal::AlreadyHasOne) => {
                Effect::Refused(Refusal::SecondTuzdik)
            }
            LandingEffect::TuzdikRefused(TuzdikRefusal::NinthHole) => Effect::Refused(Refusal::NinthHole),
            LandingEffect::TuzdikRefused(TuzdikRefusal::Symmetric) => Effect::Refused(Refusal::Symmetric),
            LandingEffect::IntoTuzdik(side) => Effect::IntoTuzdik(side),
        };
        if &real != effect {
            return Err(format!("the move does {real:?}, not {effect:?}"));
        }
    }
    if let Some((w, b)) = claim.through_tuzdik {
        let real = outcome.through_tuzdik();
        if real != [w, b] {
            return Err(format!("{real:?} stones went through tuzdiks, not [{w}, {b}]"));
        }
    }
    if let Some((w, b)) = claim.kazans {
        let real = (after.kazan(Side::White), after.kazan(Side::Black));
        if real != (w, b) {
            return Err(format!("the kazans hold {real:?} after the move, not ({w}, {b})"));
        }
    }
    if let Some(end) = &claim.ends {
        let real = match after.status() {
            Status::Ongoing => End::Ongoing,
            Status::Finished(o) => match o.reason {
                EndReason::Reached82(side) => End::Reaches82(side),
                EndReason::Draw81 => End::Draw81,
                EndReason::NoMoves { stuck, .. } => End::NoMoves(stuck),
            },
        };
        if &real != end {
            return Err(format!("the game stands {real:?} after the move, not {end:?}"));
        }
    }
    Ok(())
}

/// Every board of the lesson, its claims, and for every step that asks for a tap, a right tap and a wrong
/// one that the app can explain: what the tests require of a lesson file.
pub fn check_lesson(lesson: &Lesson) -> Result<(), String> {
    let boards = lesson.boards()?;
    for (i, (step, start)) in lesson.steps.iter().zip(&boards).enumerate() {
        let at = |e: String| format!("step {}: {e}", i + 1);
        if let (Some(claim), Some(hole)) = (&step.claim, step.subject()) {
            check_claim(claim, start, hole).map_err(at)?;
        }
        if step.asks() && !matches!(step.kind, Kind::Hold(_)) {
            let taps = all_taps();
            if !taps.iter().any(|&t| matches!(step.judge(start, t), Verdict::Right(_))) {
                return Err(at("no tap answers it".into()));
            }
            if !taps.iter().any(|&t| matches!(step.judge(start, t), Verdict::Wrong(..))) {
                return Err(at("no tap can be wrong".into()));
            }
        }
    }
    Ok(())
}

/// Every place on the board a finger can tap: 18 holes and 2 kazans.
pub fn all_taps() -> Vec<Tapped> {
    let mut taps: Vec<Tapped> =
        Side::BOTH.iter().flat_map(|&s| Hole::all().map(move |h| Tapped::Hole(s, h))).collect();
    taps.extend(Side::BOTH.map(Tapped::Kazan));
    taps
}
