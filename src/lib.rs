//! Toguz Korgool (Togyz Kumalak): the rules core, the computer opponent, the engine protocol and the
//! mobile app.
//!
//! `rules` and `ai` are pure Rust; the app sits behind the default `app` feature.

pub mod ai;
pub mod engine;
pub mod game;
pub mod rules;
