//! Android only: phones are held upright. The manifest lets the activity turn with the device (tablets
//! play either way); on a phone (smallest width under 600 dp, Android's own line between the two) the app
//! asks once at start-up for portrait, following the user's rotation lock, as the platform's
//! `setRequestedOrientation` does.

use bevy::prelude::*;

/// `ActivityInfo.SCREEN_ORIENTATION_USER_PORTRAIT`.
const USER_PORTRAIT: i32 = 12;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Startup, keep_phones_upright);
}

fn keep_phones_upright() {
    let Some(android) = bevy::android::ANDROID_APP.get() else { return };
    let phone = android.config().smallest_screen_width_dp().is_some_and(|dp| dp > 0 && dp < 600);
    if !phone {
        return;
    }
    if let Err(e) = request_orientation(android.vm_as_ptr(), android.activity_as_ptr(), USER_PORTRAIT) {
        warn!("could not keep the phone upright: {e}");
    }
}

fn request_orientation(
    vm: *mut std::ffi::c_void,
    activity: *mut std::ffi::c_void,
    orientation: i32,
) -> Result<(), jni::errors::Error> {
    // SAFETY: both pointers come from the running activity (android-activity), valid while it lives.
    let vm = unsafe { jni::JavaVM::from_raw(vm.cast())? };
    let mut env = vm.attach_current_thread()?;
    let activity = unsafe { jni::objects::JObject::from_raw(activity.cast()) };
    env.call_method(&activity, "setRequestedOrientation", "(I)V", &[jni::objects::JValue::Int(orientation)])?;
    Ok(())
}

/// Runs `f` with the JNI environment and the activity; a Java exception is cleared and reported.
pub(crate) fn with_activity<T>(
    f: impl FnOnce(&mut jni::JNIEnv, &jni::objects::JObject) -> Result<T, jni::errors::Error>,
) -> Result<T, String> {
    let android = bevy::android::ANDROID_APP.get().ok_or("no Android app")?;
    // SAFETY: both pointers come from the running activity (android-activity), valid while it lives.
    let vm = unsafe { jni::JavaVM::from_raw(android.vm_as_ptr().cast()) }.map_err(|e| e.to_string())?;
    let mut env = vm.attach_current_thread().map_err(|e| e.to_string())?;
    let activity = unsafe { jni::objects::JObject::from_raw(android.activity_as_ptr().cast()) };
    let result = f(&mut env, &activity);
    if env.exception_check().unwrap_or(false) {
        let _ = env.exception_clear();
    }
    result.map_err(|e| e.to_string())
}

/// The system's `ClipboardManager` (from API 26 it posts to the main thread's handler itself, so any
/// thread may use it).
fn clipboard_manager<'a>(
    env: &mut jni::JNIEnv<'a>,
    activity: &jni::objects::JObject,
) -> Result<jni::objects::JObject<'a>, jni::errors::Error> {
    let name = env.new_string("clipboard")?;
    env.call_method(
        activity,
        "getSystemService",
        "(Ljava/lang/String;)Ljava/lang/Object;",
        &[jni::objects::JValue::Object(&name)],
    )?
    .l()
}

/// Puts `text` on the system clipboard, as plain text.
pub fn copy_text(text: &str) -> Result<(), String> {
    with_activity(|env, activity| {
        let manager = clipboard_manager(env, activity)?;
        let label = env.new_string("Toguz Korgool")?;
        let body = env.new_string(text)?;
        let clip = env
            .call_static_method(
                "android/content/ClipData",
                "newPlainText",
                "(Ljava/lang/CharSequence;Ljava/lang/CharSequence;)Landroid/content/ClipData;",
                &[jni::objects::JValue::Object(&label), jni::objects::JValue::Object(&body)],
            )?
            .l()?;
        env.call_method(
            &manager,
            "setPrimaryClip",
            "(Landroid/content/ClipData;)V",
            &[jni::objects::JValue::Object(&clip)],
        )?;
        Ok(())
    })
}

/// The text on the system clipboard, if any.
pub fn pasted_text() -> Result<Option<String>, String> {
    with_activity(|env, activity| {
        let manager = clipboard_manager(env, activity)?;
        let clip = env.call_method(&manager, "getPrimaryClip", "()Landroid/content/ClipData;", &[])?.l()?;
        if clip.is_null() || env.call_method(&clip, "getItemCount", "()I", &[])?.i()? == 0 {
            return Ok(None);
        }
        let item = env
            .call_method(
                &clip,
                "getItemAt",
                "(I)Landroid/content/ClipData$Item;",
                &[jni::objects::JValue::Int(0)],
            )?
            .l()?;
        let chars = env
            .call_method(
                &item,
                "coerceToText",
                "(Landroid/content/Context;)Ljava/lang/CharSequence;",
                &[jni::objects::JValue::Object(activity)],
            )?
            .l()?;
        if chars.is_null() {
            return Ok(None);
        }
        let string = env.call_method(&chars, "toString", "()Ljava/lang/String;", &[])?.l()?;
        let text: String = env.get_string(&jni::objects::JString::from(string))?.into();
        Ok(Some(text))
    })
}
