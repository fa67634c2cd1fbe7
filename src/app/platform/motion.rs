//! Whether the system asks apps for calm: [`system_reduces_motion`] reads the device's own "reduce
//! motion" wish, behind one plain function. Android has no such switch of its own; its accessibility
//! setting "Remove animations" sets the animator duration scale to 0, which is what is read. iOS has
//! "Reduce Motion" (`UIAccessibilityIsReduceMotionEnabled`), the browser `prefers-reduced-motion`. The
//! desktop and the headless tests have none: motion stays full unless the player's setting says otherwise.
//!
//! Invariants: it never panics and never blocks for long (one system call); a failing call reads as "no
//! wish", so a broken binding never takes the motion away. It is asked at start and when the app comes
//! back from the background (`state::settings`), not every frame.

/// True when the device asks for reduced motion. Call it on the main thread (iOS's rule).
pub fn system_reduces_motion() -> bool {
    #[cfg(any(target_os = "android", target_os = "ios", target_arch = "wasm32"))]
    {
        device::reduces_motion()
    }
    #[cfg(not(any(target_os = "android", target_os = "ios", target_arch = "wasm32")))]
    {
        false
    }
}

/// Android: `Settings.Global.ANIMATOR_DURATION_SCALE`, 0 when the player removed the system's animations.
#[cfg(target_os = "android")]
mod device {
    use jni::objects::JValue;

    use crate::app::platform::android::with_activity;

    pub(super) fn reduces_motion() -> bool {
        let scale = with_activity(|env, activity| {
            env.with_local_frame(4, |env| {
                let resolver = env
                    .call_method(activity, "getContentResolver", "()Landroid/content/ContentResolver;", &[])?
                    .l()?;
                let name = env.new_string("animator_duration_scale")?;
                env.call_static_method(
                    "android/provider/Settings$Global",
                    "getFloat",
                    "(Landroid/content/ContentResolver;Ljava/lang/String;F)F",
                    &[JValue::Object(&resolver), JValue::Object(&name), JValue::Float(1.0)],
                )?
                .f()
            })
        });
        match scale {
            Ok(scale) => scale == 0.0,
            Err(e) => {
                bevy::log::warn!("the system's animation scale could not be read: {e}");
                false
            }
        }
    }
}

/// iOS: UIKit's accessibility switch (a plain C function of UIKit, which the app links already).
#[cfg(target_os = "ios")]
mod device {
    unsafe extern "C" {
        fn UIAccessibilityIsReduceMotionEnabled() -> bool;
    }

    pub(super) fn reduces_motion() -> bool {
        // SAFETY: a UIKit function without arguments that reads a setting and returns a BOOL (a C bool on
        // arm64); UIKit wants it on the main thread, where its caller runs (`state::settings` holds a
        // `NonSendMarker`).
        unsafe { UIAccessibilityIsReduceMotionEnabled() }
    }
}

/// The browser: the `prefers-reduced-motion` media query.
#[cfg(target_arch = "wasm32")]
mod device {
    pub(super) fn reduces_motion() -> bool {
        web_sys::window()
            .and_then(|w| w.match_media("(prefers-reduced-motion: reduce)").ok().flatten())
            .is_some_and(|query| query.matches())
    }
}
