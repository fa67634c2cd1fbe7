//! The project's one integration-test binary (one binary keeps link times down with Bevy in the tree).

mod ai;
#[cfg(feature = "app")]
mod analysis;
#[cfg(feature = "app")]
mod app;
mod clock;
mod common;
mod drills;
mod engine_protocol;
#[cfg(feature = "app")]
mod flows;
mod game;
#[cfg(feature = "app")]
mod haptics;
#[cfg(feature = "app")]
mod history;
mod ladder;
#[cfg(feature = "app")]
mod ladder_app;
mod lessons;
#[cfg(feature = "app")]
mod lifecycle;
#[cfg(feature = "app")]
mod locale;
#[cfg(feature = "app")]
mod look;
#[cfg(feature = "app")]
mod motion;
#[cfg(feature = "app")]
mod opening_walk;
mod openings;
#[cfg(feature = "app")]
mod panels;
mod perft;
mod properties;
mod puzzles;
mod records;
#[cfg(feature = "app")]
mod renderer;
#[cfg(feature = "app")]
mod review;
mod rules;
mod rules_serde;
#[cfg(feature = "app")]
mod saves;
#[cfg(feature = "app")]
mod storm_streak;
#[cfg(feature = "app")]
mod table;
#[cfg(feature = "app")]
mod title;
#[cfg(feature = "app")]
mod training;
#[cfg(feature = "app")]
mod tutorial;
