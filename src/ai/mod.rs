//! The computer opponent: a resumable alpha-beta search over the rules, three levels, and hints.
//! Pure Rust on top of `crate::rules`; no Bevy, no threads.

pub mod analysis;
pub mod draw;
pub mod eval;
pub mod hint;
pub mod level;
pub mod search;
pub mod tt;
pub mod weights;

pub use hint::{Hint, Reason, hint};
pub use level::{Level, LevelSettings, Player};
pub use search::{Iteration, Limits, Search, Step, forced_result, search_blocking};
