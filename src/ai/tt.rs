//! The transposition table: one slot per bucket, keyed by the rules' Zobrist hash, a fixed size chosen
//! in MiB so that memory stays bounded on a phone.

use crate::rules::Hole;

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub score: i32,
    pub depth: i8,
    pub bound: Bound,
    pub best_move: Option<Hole>,
}

#[derive(Copy, Clone, Default)]
struct Slot {
    key: u64,
    score: i16,
    depth: i8,
    /// 0 empty, 1 exact, 2 lower, 3 upper.
    bound: u8,
    /// Hole number, 0 for none.
    best_move: u8,
    /// The search that wrote it: results of earlier searches give way first.
    generation: u8,
}

/// Default size: small enough for a phone, big enough for a second of search.
pub const DEFAULT_MIB: usize = 16;

/// Two slots per bucket: the first keeps the deepest result of the current search, the second takes
/// whatever comes.
pub struct Table {
    slots: Vec<Slot>,
    mask: usize,
    generation: u8,
}

impl Table {
    /// A table of at most `mib` MiB (at least one slot), rounded down to a power of two.
    pub fn new(mib: usize) -> Table {
        let len = Table::slots_for(mib);
        Table { slots: vec![Slot::default(); len], mask: (len - 1) & !1, generation: 0 }
    }

    /// How many slots a table of at most `mib` MiB has: a power of two, at least two.
    fn slots_for(mib: usize) -> usize {
        let bytes = mib.max(1) * 1024 * 1024;
        let wanted = bytes / std::mem::size_of::<Slot>();
        let len = if wanted.is_power_of_two() { wanted } else { wanted.next_power_of_two() / 2 };
        len.max(2)
    }

    /// A table of [`Table::new`]'s size with no slots made yet: [`Table::make_some`] makes them a piece at a
    /// time, so that a caller on one thread (a browser) can give the thread back in between. It must be
    /// whole before a search uses it.
    pub fn unmade(mib: usize) -> Table {
        let len = Table::slots_for(mib);
        Table { slots: Vec::with_capacity(len), mask: (len - 1) & !1, generation: 0 }
    }

    /// Makes up to `n` more empty slots; whether the table is now whole.
    pub fn make_some(&mut self, n: usize) -> bool {
        let len = self.mask + 2;
        let more = (len - self.slots.len()).min(n);
        self.slots.resize(self.slots.len() + more, Slot::default());
        self.slots.len() == len
    }

    /// Marks the start of a new search: entries of earlier ones may now be replaced.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    pub fn size_bytes(&self) -> usize {
        self.slots.len() * std::mem::size_of::<Slot>()
    }

    pub fn clear(&mut self) {
        self.slots.fill(Slot::default());
    }

    pub fn probe(&self, key: u64) -> Option<Entry> {
        let i = key as usize & self.mask;
        let slot = [self.slots[i], self.slots[i + 1]].into_iter().find(|s| s.bound != 0 && s.key == key)?;
        let bound = match slot.bound {
            1 => Bound::Exact,
            2 => Bound::Lower,
            _ => Bound::Upper,
        };
        Some(Entry {
            score: i32::from(slot.score),
            depth: slot.depth,
            bound,
            best_move: Hole::new(slot.best_move),
        })
    }

    /// Keeps the deeper result for the same position; the first slot of a bucket keeps the deepest result
    /// of this search, the second takes the rest.
    pub fn store(&mut self, key: u64, score: i32, depth: i8, bound: Bound, best_move: Option<Hole>) {
        let i = key as usize & self.mask;
        let generation = self.generation;
        let first = self.slots[i];
        let index =
            if first.key == key || first.bound == 0 || first.generation != generation || depth >= first.depth
            {
                i
            } else {
                i + 1
            };
        let slot = &mut self.slots[index];
        if slot.bound != 0 && slot.key == key && slot.depth > depth && bound != Bound::Exact {
            return;
        }
        let best_move = match best_move {
            Some(m) => m.number(),
            // Keep the move we had for this position rather than forget it.
            None if slot.key == key => slot.best_move,
            None => 0,
        };
        *slot = Slot {
            key,
            score: score.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16,
            depth,
            bound: match bound {
                Bound::Exact => 1,
                Bound::Lower => 2,
                Bound::Upper => 3,
            },
            best_move,
            generation,
        };
    }
}
