//! Android only: phones are held upright. The manifest lets the activity turn with the device (tablets
//! play either way); on a phone (smallest width under 600 dp, Android's own line between the two) the app
//! asks once at start-up for portrait, following the user's rotation lock, as the platform's
//! `setRequestedOrientation` does.

use bevy::prelude::*;

/// `ActivityInfo.SCREEN_ORIENTATION_USER_PORTRAIT`.
const USER_PORTRAIT: i32 = 12;

pub(super) fn plugin(app: &mut App) {
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
