//! iOS's own calls, behind plain functions: the preferred language (CoreFoundation's C API; every iOS app
//! links CoreFoundation) and the system pasteboard (UIPasteboard, which may be used from any thread).
//! Every `unsafe` block of the iOS build is here.

use objc2_foundation::NSString;
use objc2_ui_kit::UIPasteboard;
use std::ffi::{CStr, c_char, c_void};

// iOS's preferred languages, through CoreFoundation's C API (every iOS app links CoreFoundation).
type CFTypeRef = *const c_void;
const UTF8: u32 = 0x0800_0100;

#[link(name = "CoreFoundation", kind = "framework")]
unsafe extern "C" {
    fn CFLocaleCopyPreferredLanguages() -> CFTypeRef;
    fn CFArrayGetCount(array: CFTypeRef) -> isize;
    fn CFArrayGetValueAtIndex(array: CFTypeRef, index: isize) -> CFTypeRef;
    fn CFStringGetCString(string: CFTypeRef, buffer: *mut c_char, size: isize, encoding: u32) -> u8;
    fn CFRelease(object: CFTypeRef);
}

/// The first of the user's preferred languages, such as "kk-KZ".
pub fn preferred_language() -> Option<String> {
    // SAFETY: the array is owned here (a Copy function) and released once; the string is borrowed
    // from it (a Get function) and copied into a buffer of the size given.
    unsafe {
        let languages = CFLocaleCopyPreferredLanguages();
        if languages.is_null() {
            return None;
        }
        let mut found = None;
        if CFArrayGetCount(languages) > 0 {
            let first = CFArrayGetValueAtIndex(languages, 0);
            let mut buffer = [0 as c_char; 64];
            if !first.is_null() && CFStringGetCString(first, buffer.as_mut_ptr(), 64, UTF8) != 0 {
                found = CStr::from_ptr(buffer.as_ptr()).to_str().ok().map(String::from);
            }
        }
        CFRelease(languages);
        found
    }
}

// The system's pasteboard on iOS (UIPasteboard may be used from any thread).
pub fn copy_text(text: &str) {
    // SAFETY: the general pasteboard always exists; the string is a valid NSString for the call.
    unsafe { UIPasteboard::generalPasteboard().setString(Some(&NSString::from_str(text))) }
}

pub fn pasted_text() -> Option<String> {
    // SAFETY: as above; the pasteboard's string, if any, is copied out.
    unsafe { UIPasteboard::generalPasteboard().string() }.map(|s| s.to_string())
}
