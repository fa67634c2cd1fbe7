//! What the browser's tests read (`tests/web/`): every move played in a game logs one line on the
//! console, `toguz:move SIDE HOLE N` (N: the moves in the game after it); with `?test` in the page's
//! address the screen is listed in `<body data-toguz-ui>` as `TOGUZ_UI_MAP` lists it on the desktop, and
//! the frames drawn so far in `<body data-toguz-frames>` (how the check sees that a page at rest draws
//! nothing). `?clock=M+S` plays two-player games on a clock, as `toguz --clock M+S` does.

use bevy::prelude::*;

use crate::app::dev::ui_map::UiMapOut;
use crate::app::state::screen::Screen;
use crate::app::state::session::{MovePlayed, Session};

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

fn count_frames(mut frames: Local<u64>) {
    *frames += 1;
    crate::app::platform::web::set_page_frames(*frames);
}

/// `clock=M+S` in the page's address: two-player games on that clock (as `toguz --clock M+S`).
fn clock_param() -> Option<crate::clock::TimeControl> {
    let query = web_sys::window().and_then(|w| w.location().search().ok())?;
    let value = query.trim_start_matches('?').split('&').find_map(|p| p.strip_prefix("clock="))?;
    // `+` in an address may arrive as a space.
    crate::clock::TimeControl::parse_cli(&value.replace(' ', "+").replace("%2B", "+")).ok()
}

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Last, log_moves.run_if(in_state(Screen::Game)));
    if let Some(control) = clock_param() {
        app.insert_resource(crate::app::state::clock::ClockOverride(Some(control)));
    }
    if test_mode() {
        app.insert_resource(UiMapOut::Page).add_systems(Last, count_frames);
    }
}
