//! The board's pieces as entities' components, shared by the view and the sowing animation: the 20
//! places, the hole and kazan markers, the 162 stones and the slots they sit in, and the counts shown.
//! Invariant: once no animation runs, `StoneSlots` says for every place the stones [`counts_at_rest`]
//! puts there: the rules' board, counted in at the end of a game that stopped because a side could not move.

use bevy::prelude::*;

use crate::app::state::session::Session;
use crate::rules::{EndReason, Hole, Outcome, Place, Position, Side, Status};

/// The 20 places stones can be: 18 holes (White's 1..9, Black's 1..9), then White's and Black's kazan.
pub const PLACES: usize = 20;

pub fn place_index(place: Place) -> usize {
    match place {
        Place::Hole(side, hole) => side.index() * 9 + usize::from(hole.number() - 1),
        Place::Kazan(side) => 18 + side.index(),
    }
}

pub fn place_at(index: usize) -> Place {
    let side = |i: usize| if i == 0 { Side::White } else { Side::Black };
    if index >= 18 {
        Place::Kazan(side(index - 18))
    } else {
        Place::Hole(side(index / 9), Hole::from_index(index % 9))
    }
}

/// What the rules hold in each place.
pub fn rule_counts(pos: &Position) -> [u8; PLACES] {
    let mut counts = [0u8; PLACES];
    for (i, c) in counts.iter_mut().enumerate() {
        *c = pos.stones_at(place_at(i));
    }
    counts
}

/// What the board shows once nothing moves: the rules' board, except at the end of a game that stopped
/// because the side to move had no stone left. Then, as the rules score it, every stone still on the board
/// belongs to the side it lies on: the holes are shown empty and the kazans hold the final score (the
/// stones fly there as the game ends: `sowing`). A lesson's board stays as the rules hold it: it may be
/// teaching that very position.
pub fn counts_at_rest(session: &Session) -> [u8; PLACES] {
    let pos = session.game.position();
    match pos.status() {
        Status::Finished(Outcome { reason: EndReason::NoMoves { .. }, score, .. })
            if !session.owner.is_practice() =>
        {
            let mut counts = [0u8; PLACES];
            counts[place_index(Place::Kazan(Side::White))] = score[Side::White.index()];
            counts[place_index(Place::Kazan(Side::Black))] = score[Side::Black.index()];
            counts
        }
        _ => rule_counts(pos),
    }
}

#[derive(Component, Copy, Clone, Debug, PartialEq, Eq)]
pub struct HoleView {
    pub side: Side,
    pub hole: Hole,
}

#[derive(Component, Copy, Clone, Debug, PartialEq, Eq)]
pub struct KazanView(pub Side);

#[derive(Component, Copy, Clone, Debug, PartialEq, Eq)]
pub struct StoneView(pub u8);

/// The count shown for a place.
#[derive(Component, Copy, Clone, Debug, PartialEq, Eq)]
pub struct CountLabel(pub Place);

#[derive(Component, Copy, Clone, Debug, PartialEq, Eq)]
pub struct CountBadge(pub Place);

#[derive(Component, Copy, Clone, Debug, PartialEq, Eq)]
pub struct HoleNumber(pub Side, pub Hole);

/// The mark on a tuzdik hole, in its owner's colour.
#[derive(Component, Copy, Clone, Debug, PartialEq, Eq)]
pub struct TuzdikMark(pub Side);

#[derive(Component, Copy, Clone, Debug, PartialEq, Eq)]
pub struct BoardWood;

/// Which stone entities sit in which place, in slot order. The view's own bookkeeping: the rules decide
/// how many belong where; this decides which stones.
#[derive(Resource, Default, Debug)]
pub struct StoneSlots {
    pub places: [Vec<Entity>; PLACES],
}

/// The counts the labels show: the rules' counts, except while a move is animated, when they follow the
/// stones as they land.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShownCounts(pub [u8; PLACES]);

impl StoneSlots {
    pub fn counts(&self) -> [u8; PLACES] {
        let mut c = [0u8; PLACES];
        for (i, p) in self.places.iter().enumerate() {
            c[i] = p.len() as u8;
        }
        c
    }

    /// Moves as few stones as possible so that each place holds what `target` says.
    pub fn reassign(&mut self, target: &[u8; PLACES]) {
        let mut spare = Vec::new();
        for (place, &want) in self.places.iter_mut().zip(target) {
            while place.len() > usize::from(want) {
                spare.extend(place.pop());
            }
        }
        for (place, &want) in self.places.iter_mut().zip(target) {
            while place.len() < usize::from(want) {
                match spare.pop() {
                    Some(stone) => place.push(stone),
                    None => return,
                }
            }
        }
    }
}
