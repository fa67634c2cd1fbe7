//! Toguz Korgool (Togyz Kumalak): the rules core, the computer opponent, the engine protocol and the
//! mobile app.
//!
//! `rules` and `ai` are pure Rust; the app sits behind the default `app` feature.

pub mod ai;
pub mod engine;
pub mod game;
pub mod lesson;
pub mod rules;

#[cfg(feature = "app")]
pub mod app;

/// The entry point on Android and iOS.
#[cfg(feature = "app")]
#[bevy::prelude::bevy_main]
pub fn main() {
    app::run(app::Launch::default());
}
