//! Toguz Korgool (Togyz Kumalak): the rules core, the computer opponent, the engine protocol and the
//! mobile app.
//!
//! `rules` and `ai` are pure Rust; the app sits behind the default `app` feature.

pub mod ai;
pub mod clock;
pub mod drill;
pub mod engine;
pub mod files;
pub mod game;
pub mod lesson;
pub mod openings;
pub mod puzzle;
pub mod rules;

#[cfg(feature = "app")]
pub mod app;

/// The entry point on Android and iOS.
#[cfg(feature = "app")]
// `bevy_main` exports the platform's entry point (`android_main`, iOS's `main_rs`) by name, an unsafe
// attribute; nothing else here is unsafe.
#[allow(unsafe_code)]
#[bevy::prelude::bevy_main]
pub fn main() {
    app::run(app::state::launch::Launch::default());
}

/// The entry point in a browser (`bash .ci/web`): the page's script loads the module, and this starts the
/// game on the page's canvas (`#[bevy_main]` makes no entry there).
#[cfg(all(feature = "app", target_arch = "wasm32"))]
#[wasm_bindgen::prelude::wasm_bindgen(start)]
pub fn start() {
    let launch = app::state::launch::Launch::default();
    // `?floor`: Bevy's start alone, for the start-up bench (`app::dev::floor`).
    let search = web_sys::window().and_then(|w| w.location().search().ok()).unwrap_or_default();
    if search.trim_start_matches('?').split('&').any(|p| p == "floor") {
        app::dev::floor::run(launch);
    } else {
        app::run(launch);
    }
}
