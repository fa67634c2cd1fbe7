//! The Zobrist hash of a position: a table of random keys, computed at compile time, and
//! [`Position::hash`].
//!
//! Invariants: the keys come from a fixed seed and are computed at compile time, so a position's hash is
//! the same on every run and every machine; a hole holding zero stones hashes to 0, so empty holes cost
//! nothing; Black's kazan is not hashed, since it follows from White's and the 162 stones.

use super::{BOARD, Position, Side, TOTAL_STONES};

impl Position {
    /// A Zobrist hash of the whole position (holes, White's kazan — Black's follows from the 162 —,
    /// tuzdiks and side to move).
    pub fn hash(&self) -> u64 {
        let mut h = ZOBRIST.kazan[usize::from(self.kazans[0])];
        for (i, &n) in self.holes.iter().enumerate() {
            h ^= ZOBRIST.holes[i][usize::from(n)];
        }
        h ^= ZOBRIST.tuzdik[0][usize::from(self.tuzdiks[0])];
        h ^= ZOBRIST.tuzdik[1][usize::from(self.tuzdiks[1])];
        if self.side == Side::Black {
            h ^= ZOBRIST.black_to_move;
        }
        h
    }
}

struct Zobrist {
    holes: [[u64; TOTAL_STONES as usize + 1]; BOARD],
    kazan: [u64; TOTAL_STONES as usize + 1],
    tuzdik: [[u64; 10]; 2],
    black_to_move: u64,
}

const fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

const fn zobrist() -> Zobrist {
    let mut z = Zobrist {
        holes: [[0; TOTAL_STONES as usize + 1]; BOARD],
        kazan: [0; TOTAL_STONES as usize + 1],
        tuzdik: [[0; 10]; 2],
        black_to_move: 0,
    };
    let mut s = 0x746F_677A_5F6B_6F72u64;
    let mut i = 0;
    while i < BOARD {
        let mut n = 1; // zero stones hash to 0 so that empty holes cost nothing
        while n <= TOTAL_STONES as usize {
            z.holes[i][n] = splitmix(&mut s);
            n += 1;
        }
        i += 1;
    }
    let mut n = 0;
    while n <= TOTAL_STONES as usize {
        z.kazan[n] = splitmix(&mut s);
        n += 1;
    }
    let mut t = 1;
    while t < 10 {
        z.tuzdik[0][t] = splitmix(&mut s);
        z.tuzdik[1][t] = splitmix(&mut s);
        t += 1;
    }
    z.black_to_move = splitmix(&mut s);
    z
}

static ZOBRIST: Zobrist = zobrist();
