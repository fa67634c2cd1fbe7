//! What tests and tools use: screenshots, the UI map the tests read, the browser's test hooks, the
//! frame bench, the start-up marks and the start-up floor.

pub mod bench;
pub mod floor;
pub mod screenshot;
pub mod startup;
pub mod ui_map;
#[cfg(target_arch = "wasm32")]
pub mod web_hooks;

use bevy::prelude::*;

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins(ui_map::plugin);
    #[cfg(target_arch = "wasm32")]
    app.add_plugins(web_hooks::plugin);
}
