//! The computer opponent: a resumable alpha-beta search over the rules, the ladder of levels, and hints.
//! Pure Rust on top of `crate::rules`; no Bevy, no threads.

pub mod analysis;
pub mod draw;
pub mod eval;
pub mod hint;
pub mod level;
pub mod person;
pub mod rating;
pub mod search;
pub mod tt;
pub mod weights;

pub use hint::{Hint, Reason, hint};
pub use level::{LEVELS, Level, LevelSettings, Player};
pub use search::{Iteration, Limits, Search, Step, forced_result, search_blocking};
