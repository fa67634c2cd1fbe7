//! The part of the screen the system leaves to the app: the status bar, a notch or Dynamic Island, the
//! gesture bar and Android 15's edge-to-edge system bars must not cover the player bars, Undo, Hint or
//! Menu. The HUD and the title pad themselves by these insets, and the board is laid out inside them.
//!
//! Android tells the activity its content rectangle (the window less the system bars); iOS gives no
//! figure to a winit app, so the insets of current iPhones are used by their shape. On the desktop they
//! are zero unless `TOGUZ_SAFE_AREA=top,right,bottom,left` (logical pixels) asks for them, which is how a
//! phone's insets are tried out here. In a browser the page measures them (`follow_page`).

use bevy::prelude::*;
#[cfg(any(target_os = "android", target_os = "ios"))]
use bevy::window::PrimaryWindow;

/// Insets from each edge of the window, in logical pixels.
#[derive(Resource, Copy, Clone, Debug, Default, PartialEq)]
pub struct SafeArea {
    pub top: f32,
    pub right: f32,
    pub bottom: f32,
    pub left: f32,
}

impl SafeArea {
    /// Padding that keeps content `extra` pixels inside the safe area.
    pub fn padding(&self, extra: f32) -> UiRect {
        UiRect {
            left: px(self.left + extra),
            right: px(self.right + extra),
            top: px(self.top + extra),
            bottom: px(self.bottom + extra),
        }
    }

    /// Reads `top,right,bottom,left`.
    pub fn parse(text: &str) -> Option<SafeArea> {
        let v: Vec<f32> = text.split(',').map(|s| s.trim().parse::<f32>().ok()).collect::<Option<_>>()?;
        match v[..] {
            [top, right, bottom, left] if v.iter().all(|x| (0.0..=400.0).contains(x)) => {
                Some(SafeArea { top, right, bottom, left })
            }
            _ => None,
        }
    }
}

pub(crate) fn plugin(app: &mut App) {
    let start = std::env::var("TOGUZ_SAFE_AREA").ok().and_then(|s| SafeArea::parse(&s)).unwrap_or_default();
    app.insert_resource(start);
    #[cfg(any(target_os = "android", target_os = "ios"))]
    app.add_systems(PreUpdate, follow_platform);
    #[cfg(target_arch = "wasm32")]
    app.add_systems(PreUpdate, follow_page);
}

/// In a browser the page measures the notch and the gesture bar (CSS `env(safe-area-inset-*)`, in
/// `<html data-safe-area>`, `assets/web/index.html`) whenever its size changes; read at start and on a
/// resize.
#[cfg(target_arch = "wasm32")]
fn follow_page(
    mut resized: MessageReader<bevy::window::WindowResized>,
    mut safe: ResMut<SafeArea>,
    mut read: Local<bool>,
) {
    if resized.read().count() == 0 && *read {
        return;
    }
    *read = true;
    if let Some(insets) = crate::app::platform::web::page_safe_area().and_then(|s| SafeArea::parse(&s))
        && *safe != insets
    {
        *safe = insets;
    }
}

#[cfg(any(target_os = "android", target_os = "ios"))]
fn follow_platform(window: Query<&Window, With<PrimaryWindow>>, mut safe: ResMut<SafeArea>) {
    let Ok(window) = window.single() else { return };
    if let Some(insets) = platform_insets(window)
        && *safe != insets
    {
        *safe = insets;
    }
}

#[cfg(target_os = "android")]
fn platform_insets(window: &Window) -> Option<SafeArea> {
    let app = bevy::android::ANDROID_APP.get()?;
    let r = app.content_rect();
    let (w, h) = (window.physical_width() as i32, window.physical_height() as i32);
    if r.right <= r.left || r.bottom <= r.top || w == 0 || h == 0 {
        return None;
    }
    let scale = window.scale_factor();
    let inset = |v: i32| v.max(0) as f32 / scale;
    Some(SafeArea {
        top: inset(r.top),
        right: inset(w - r.right),
        bottom: inset(h - r.bottom),
        left: inset(r.left),
    })
}

#[cfg(target_os = "ios")]
fn platform_insets(window: &Window) -> Option<SafeArea> {
    let (w, h) = (window.width(), window.height());
    if w <= 0.0 || h <= 0.0 {
        return None;
    }
    // iPhones taller than 2:1 have a notch or Dynamic Island and a home indicator; older ones and iPads
    // only a status bar.
    let notched = w.max(h) / w.min(h) > 2.0;
    Some(match (notched, h >= w) {
        (true, true) => SafeArea { top: 59.0, right: 0.0, bottom: 34.0, left: 0.0 },
        (true, false) => SafeArea { top: 0.0, right: 59.0, bottom: 21.0, left: 59.0 },
        (false, true) => SafeArea { top: 20.0, ..default() },
        (false, false) => SafeArea { top: 20.0, ..default() },
    })
}
