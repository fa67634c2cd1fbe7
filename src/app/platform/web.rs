//! The browser's bindings (`bash .ci/web`, `assets/web/index.html`), behind plain functions: the page's
//! languages, the safe area the page measured, the clipboard, and the page's state the tests of
//! `tests/web/` read (written by `dev::web_hooks` and `dev::ui_map`).

use bevy::prelude::*;

/// Writes the screen's list where the tests read it: whether it got there.
pub fn set_page_state(text: &str) -> bool {
    web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.body())
        .is_some_and(|body| body.dataset().set("toguzUi", text).is_ok())
}

/// For the browser check: the frames drawn since the page opened, in `<body data-toguz-frames>`.
pub fn set_page_frames(frames: u64) {
    if let Some(body) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.body()) {
        let _ = body.dataset().set("toguzFrames", &frames.to_string());
    }
}

/// The browser's languages, the most preferred first (`navigator.languages`: "ru-RU", "kk", "en-US"…).
pub fn languages() -> Vec<String> {
    web_sys::window()
        .map(|w| w.navigator().languages().iter().filter_map(|l| l.as_string()).collect())
        .unwrap_or_default()
}

/// Whether the page is at least as tall as it is wide. The game's canvas fills the page, but the game's
/// window takes the canvas's size only a few frames into the start (until then it has Bevy's default
/// size, a wide 1280x720).
pub fn page_is_tall() -> Option<bool> {
    let window = web_sys::window()?;
    let width = window.inner_width().ok()?.as_f64()?;
    let height = window.inner_height().ok()?.as_f64()?;
    Some(height >= width)
}

/// The notch and the gesture bar as the page measured them (`<html data-safe-area="top,right,bottom,left">`,
/// CSS pixels), in the format of `TOGUZ_SAFE_AREA`.
pub fn page_safe_area() -> Option<String> {
    web_sys::window()?.document()?.document_element()?.get_attribute("data-safe-area")
}

/// The page's asynchronous clipboard, where the browser offers it: only to a secure page (https, or
/// localhost). A page served over plain http on a home network has none, and calling it there would
/// throw inside the game.
fn clipboard_api() -> Option<web_sys::Clipboard> {
    use wasm_bindgen::JsCast;
    let navigator = web_sys::window()?.navigator();
    let api = js_sys::Reflect::get(&navigator, &"clipboard".into()).ok()?;
    (!api.is_undefined() && !api.is_null()).then(|| api.unchecked_into())
}

/// Puts `text` on the clipboard. The clipboard API answers later (the browser may refuse it); without it
/// the old copy command on a hidden text field answers at once.
pub fn copy_text(text: String) -> bevy::clipboard::ClipboardRead<()> {
    use bevy::clipboard::{ClipboardError, ClipboardRead};
    let Some(api) = clipboard_api() else {
        let copied = copy_by_command(&text);
        return ClipboardRead::Ready(if copied {
            Ok(())
        } else {
            Err(ClipboardError::ClipboardNotSupported)
        });
    };
    answered_later(api.write_text(&text), |answer| {
        answer.map(|_| ()).map_err(|_| ClipboardError::ContentNotAvailable)
    })
}

/// Reads the clipboard's text; without the clipboard API there is no way to read it.
pub fn read_text() -> bevy::clipboard::ClipboardRead {
    use bevy::clipboard::{ClipboardError, ClipboardRead};
    let Some(api) = clipboard_api() else {
        return ClipboardRead::Ready(Err(ClipboardError::ClipboardNotSupported));
    };
    answered_later(api.read_text(), |answer| match answer {
        Ok(text) => text.as_string().ok_or(ClipboardError::ConversionFailure),
        Err(_) => Err(ClipboardError::ContentNotAvailable),
    })
}

/// A clipboard call's promise as a read the game polls each frame: `Pending` until the browser answers.
fn answered_later<T: Send + 'static>(
    promise: js_sys::Promise,
    read: impl FnOnce(
        Result<wasm_bindgen::JsValue, wasm_bindgen::JsValue>,
    ) -> Result<T, bevy::clipboard::ClipboardError>
    + 'static,
) -> bevy::clipboard::ClipboardRead<T> {
    let answer = std::sync::Arc::new(std::sync::Mutex::new(None));
    let slot = answer.clone();
    wasm_bindgen_futures::spawn_local(async move {
        let result = read(wasm_bindgen_futures::JsFuture::from(promise).await);
        if let Ok(mut slot) = slot.lock() {
            *slot = Some(result);
        }
    });
    bevy::clipboard::ClipboardRead::Pending(answer)
}

/// The copy command on a hidden, selected text field: what a page without the clipboard API can do, in
/// answer to a tap.
fn copy_by_command(text: &str) -> bool {
    use wasm_bindgen::JsCast;
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return false };
    let Some(body) = document.body() else { return false };
    let Some(field) = document
        .create_element("textarea")
        .ok()
        .and_then(|e| e.dyn_into::<web_sys::HtmlTextAreaElement>().ok())
    else {
        return false;
    };
    field.set_value(text);
    let _ = field.set_attribute("readonly", "");
    let _ = field.set_attribute("style", "position:fixed;top:0;left:0;width:1px;height:1px;opacity:0");
    if body.append_child(&field).is_err() {
        return false;
    }
    field.select();
    let copied = document
        .dyn_ref::<web_sys::HtmlDocument>()
        .and_then(|d| d.exec_command("copy").ok())
        .unwrap_or(false);
    field.remove();
    copied
}
