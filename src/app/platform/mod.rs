//! What differs by platform, behind plain functions: Android (JNI), iOS (CoreFoundation, UIPasteboard),
//! the browser's bindings, vibration (`haptics`), the system's wish for calm (`motion`), files written
//! atomically, the safe area, the app's lifecycle, the desktop window shown once drawn (`first_frame`)
//! and the renderer's work kept to what a 2D game needs (`render_work`).
//! The lowest layer: it uses nothing of the app above it, and it alone may hold `unsafe` (denied everywhere else by the crate's lints).

#![allow(unsafe_code)]

#[cfg(target_os = "android")]
pub mod android;
#[cfg(target_os = "linux")]
pub mod desktop_gl;
#[cfg(not(any(target_os = "android", target_os = "ios", target_arch = "wasm32")))]
pub mod first_frame;
pub mod haptics;
#[cfg(target_os = "ios")]
pub mod ios;
pub mod lifecycle;
pub mod motion;
pub mod render_work;
pub mod safe_area;
pub mod storage;
#[cfg(target_arch = "wasm32")]
pub mod web;

use bevy::prelude::*;

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins((safe_area::plugin, lifecycle::plugin, render_work::plugin));
    #[cfg(target_os = "android")]
    app.add_plugins(android::plugin);
    #[cfg(target_os = "linux")]
    app.add_plugins(desktop_gl::plugin);
    #[cfg(not(any(target_os = "android", target_os = "ios", target_arch = "wasm32")))]
    app.add_plugins(first_frame::plugin);
}
