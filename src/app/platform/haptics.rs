//! Touch the player can feel, behind one plain function: [`feel`] asks the device for a short vibration
//! of a [`Feel`]. Android's `Vibrator` (JNI), iOS's feedback generators (UIKit), the browser's
//! `navigator.vibrate`; elsewhere (the desktop, the headless tests) nothing, so tests are silent.
//!
//! Invariants: it never panics and never blocks. A device without a vibrator (or a browser without
//! `navigator.vibrate`, such as iOS Safari) does nothing; the first failure of the platform's call is
//! logged once, and the device is not asked again in this run (a missing permission or a broken binding
//! would fail on every stone). When and how often to feel is the caller's (`board::haptics`).

#[cfg(any(target_os = "android", target_os = "ios", target_arch = "wasm32"))]
use std::sync::atomic::{AtomicBool, Ordering};

/// What the player feels, from the lightest to the strongest.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Feel {
    /// A stone landing: the lightest tick the device can give.
    Tick,
    /// A capture or a new tuzdik: a firmer knock.
    Firm,
    /// A tap that played nothing: a short double pulse, unlike any move.
    Refusal,
}

/// Set at the first failure: the device is not asked again in this run.
#[cfg(any(target_os = "android", target_os = "ios", target_arch = "wasm32"))]
static GAVE_UP: AtomicBool = AtomicBool::new(false);

/// A short vibration of `kind`, where the device has one. On iOS it must be called on the main thread
/// (UIKit's rule); elsewhere from any thread.
pub fn feel(kind: Feel) {
    #[cfg(any(target_os = "android", target_os = "ios", target_arch = "wasm32"))]
    {
        if GAVE_UP.load(Ordering::Relaxed) {
            return;
        }
        if let Err(e) = device::feel(kind) {
            GAVE_UP.store(true, Ordering::Relaxed);
            bevy::log::warn!("no vibration in this run: {e}");
        }
    }
    // The desktop and the tests: nothing to feel.
    #[cfg(not(any(target_os = "android", target_os = "ios", target_arch = "wasm32")))]
    let _ = kind;
}

/// Android: the system's `Vibrator` (API 26, the minimum, has `VibrationEffect`), through JNI. Needs the
/// `VIBRATE` permission (android/AndroidManifest.xml; android/check-apk checks it is there).
#[cfg(target_os = "android")]
mod device {
    use std::sync::OnceLock;

    use jni::JNIEnv;
    use jni::objects::{GlobalRef, JObject, JValue};

    use crate::app::platform::android::with_activity;
    use crate::app::platform::haptics::Feel;

    /// A tick: 10 ms, a low amplitude (of 1 to 255; a device without amplitude control gives its own).
    const TICK: (i64, i32) = (10, 70);
    /// A capture or a tuzdik: 25 ms, strong.
    const FIRM: (i64, i32) = (25, 200);
    /// A refusal: off 0 ms, on 30, off 60, on 30 (milliseconds), with the pulses' amplitudes.
    const REFUSAL_TIMINGS: [i64; 4] = [0, 30, 60, 30];
    const REFUSAL_AMPLITUDES: [i32; 4] = [0, 160, 0, 160];

    const EFFECT: &str = "android/os/VibrationEffect";

    /// The system's vibrator, looked up once; `None` when the device has none.
    static VIBRATOR: OnceLock<Option<GlobalRef>> = OnceLock::new();

    pub(super) fn feel(kind: Feel) -> Result<(), String> {
        with_activity(|env, activity| {
            // A local frame: on a native thread that stays attached (the game's main thread), local
            // references are never freed by a return to Java, and one feel per stone would fill the table.
            env.with_local_frame(8, |env| {
                let vibrator = match VIBRATOR.get() {
                    Some(found) => found.clone(),
                    None => {
                        let found = find_vibrator(env, activity)?;
                        VIBRATOR.get_or_init(|| found).clone()
                    }
                };
                let Some(vibrator) = vibrator else { return Ok(()) };
                let effect = effect(env, kind)?;
                env.call_method(
                    vibrator.as_obj(),
                    "vibrate",
                    "(Landroid/os/VibrationEffect;)V",
                    &[JValue::Object(&effect)],
                )?;
                Ok(())
            })
        })
    }

    /// `getSystemService("vibrator")`, kept only if it has a vibrator.
    fn find_vibrator(env: &mut JNIEnv, activity: &JObject) -> Result<Option<GlobalRef>, jni::errors::Error> {
        let name = env.new_string("vibrator")?;
        let service = env
            .call_method(
                activity,
                "getSystemService",
                "(Ljava/lang/String;)Ljava/lang/Object;",
                &[JValue::Object(&name)],
            )?
            .l()?;
        if service.is_null() || !env.call_method(&service, "hasVibrator", "()Z", &[])?.z()? {
            return Ok(None);
        }
        Ok(Some(env.new_global_ref(service)?))
    }

    fn effect<'a>(env: &mut JNIEnv<'a>, kind: Feel) -> Result<JObject<'a>, jni::errors::Error> {
        let (ms, amplitude) = match kind {
            Feel::Tick => TICK,
            Feel::Firm => FIRM,
            Feel::Refusal => {
                let timings = env.new_long_array(REFUSAL_TIMINGS.len() as i32)?;
                env.set_long_array_region(&timings, 0, &REFUSAL_TIMINGS)?;
                let amplitudes = env.new_int_array(REFUSAL_AMPLITUDES.len() as i32)?;
                env.set_int_array_region(&amplitudes, 0, &REFUSAL_AMPLITUDES)?;
                // -1: played once, not repeated.
                return env
                    .call_static_method(
                        EFFECT,
                        "createWaveform",
                        "([J[II)Landroid/os/VibrationEffect;",
                        &[JValue::Object(&timings), JValue::Object(&amplitudes), JValue::Int(-1)],
                    )?
                    .l();
            }
        };
        env.call_static_method(
            EFFECT,
            "createOneShot",
            "(JI)Landroid/os/VibrationEffect;",
            &[JValue::Long(ms), JValue::Int(amplitude)],
        )?
        .l()
    }
}

/// iOS: UIKit's feedback generators, which work on the main thread only. `board::haptics` calls from a
/// system that Bevy runs on the main thread (it holds a `NonSendMarker`); `MainThreadMarker::new`
/// checks it again, so a call from elsewhere fails (once, logged) instead of breaking UIKit's rule.
#[cfg(target_os = "ios")]
mod device {
    use objc2_foundation::MainThreadMarker;
    use objc2_ui_kit::{
        UIImpactFeedbackGenerator, UINotificationFeedbackGenerator, UINotificationFeedbackType,
    };

    use crate::app::platform::haptics::Feel;

    /// A tick's intensity on the impact generator's default (medium) style: a light tap.
    const TICK: f64 = 0.45;

    pub(super) fn feel(kind: Feel) -> Result<(), String> {
        let mtm = MainThreadMarker::new().ok_or("the feedback generators were called off the main thread")?;
        // A generator made for each feel: the first may come a few milliseconds late while the Taptic
        // Engine wakes, which a tick forgives. `impactOccurredWithIntensity` (iOS 13) varies one style
        // instead of the deprecated `initWithStyle`.
        // SAFETY: on the main thread (the marker proves it); the generators live for the call.
        unsafe {
            match kind {
                Feel::Tick => UIImpactFeedbackGenerator::new(mtm).impactOccurredWithIntensity(TICK),
                Feel::Firm => UIImpactFeedbackGenerator::new(mtm).impactOccurredWithIntensity(1.0),
                Feel::Refusal => UINotificationFeedbackGenerator::new(mtm)
                    .notificationOccurred(UINotificationFeedbackType::Error),
            }
        }
        Ok(())
    }
}

/// The browser: `navigator.vibrate`, where it exists (Chrome and Firefox on Android; not Safari on iOS,
/// where calling it would throw inside the game). Browsers ignore it until the page's first tap, which
/// always comes before a move.
#[cfg(target_arch = "wasm32")]
mod device {
    use wasm_bindgen::JsValue;

    use crate::app::platform::haptics::Feel;

    pub(super) fn feel(kind: Feel) -> Result<(), String> {
        let Some(window) = web_sys::window() else { return Ok(()) };
        let navigator = window.navigator();
        let vibrate = js_sys::Reflect::get(&navigator, &"vibrate".into())
            .map_err(|_| "navigator.vibrate could not be read".to_string())?;
        if !vibrate.is_function() {
            return Ok(());
        }
        // The answer (false when the browser declines) changes nothing.
        let _ = match kind {
            Feel::Tick => navigator.vibrate_with_duration(10),
            Feel::Firm => navigator.vibrate_with_duration(25),
            Feel::Refusal => {
                let pattern: js_sys::Array = [30u32, 60, 30].into_iter().map(JsValue::from).collect();
                navigator.vibrate_with_pattern(&pattern)
            }
        };
        Ok(())
    }
}
