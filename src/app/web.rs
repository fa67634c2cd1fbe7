//! The browser build's own pieces (`bash .ci/web`, `assets/web/index.html`): the page's languages, the safe area
//! the page measured, and what the tests of `tests/web/` read. Every move played in a game logs one line
//! on the console, `toguz:move SIDE HOLE N` (N: the moves in the game after it); with `?test` in the page's
//! address the screen is listed in `<body data-toguz-ui>` as `TOGUZ_UI_MAP` lists it on the desktop, with
//! the game's state after it (see `ui_map`).

use bevy::prelude::*;

use super::{MovePlayed, Screen, Session};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Last, log_moves.run_if(in_state(Screen::Game)));
    if test_mode() {
        app.insert_resource(super::ui_map::UiMapOut::Page);
    }
}

/// `?test` in the page's address.
fn test_mode() -> bool {
    web_sys::window().and_then(|w| w.location().search().ok()).is_some_and(|query| {
        query.trim_start_matches('?').split('&').any(|p| p == "test" || p.starts_with("test="))
    })
}

fn log_moves(mut played: MessageReader<MovePlayed>, session: Res<Session>) {
    let moves: Vec<&MovePlayed> = played.read().collect();
    // The game holds them all by now: number them from its length.
    let first = session.game.history().len().saturating_sub(moves.len());
    for (i, m) in moves.iter().enumerate() {
        let line = format!("toguz:move {} {} {}", m.outcome.side, m.outcome.hole, first + i + 1);
        web_sys::console::log_1(&line.into());
    }
}

/// Writes the screen's list where the tests read it: whether it got there.
pub fn set_page_state(text: &str) -> bool {
    web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.body())
        .is_some_and(|body| body.dataset().set("toguzUi", text).is_ok())
}

/// The browser's languages, the most preferred first (`navigator.languages`: "ru-RU", "kk", "en-US"…).
pub fn languages() -> Vec<String> {
    web_sys::window()
        .map(|w| w.navigator().languages().iter().filter_map(|l| l.as_string()).collect())
        .unwrap_or_default()
}

/// The notch and the gesture bar as the page measured them (`<html data-safe-area="top,right,bottom,left">`,
/// CSS pixels), in the format of `TOGUZ_SAFE_AREA`.
pub fn page_safe_area() -> Option<String> {
    web_sys::window()?.document()?.document_element()?.get_attribute("data-safe-area")
}
