//! The desktop's window opens hidden (`state::launch::main_window`) and is shown once the game has drawn
//! into it, so the first thing a player sees is the game's colours, not the black of a window no frame
//! has reached yet (the renderer is made after the window: on a slow machine that black lasts).
//!
//! Invariant: only a window hidden at the start is shown, once; nothing else hides the window. The
//! phones show their launch colour (`android/res/values`, `ios/Info.plist`) and the web its page's
//! until the first frame.

use bevy::prelude::*;
use bevy::window::{PrimaryWindow, RequestRedraw};

/// Frames run before the window is shown: the first one's drawing is under way during the second
/// (pipelined rendering), and is presented by the third.
const FRAMES_BEFORE_SHOWN: u32 = 3;
/// Frames asked for after the window is shown: a window the X server has just mapped holds nothing (black)
/// until a frame is presented into it, and a title at rest would draw its next one only a second later.
const FRAMES_AFTER_SHOWN: u32 = 4;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Last, show_once_drawn);
}

fn show_once_drawn(
    mut frames: Local<u32>,
    mut windows: Query<&mut Window, With<PrimaryWindow>>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    if *frames > FRAMES_BEFORE_SHOWN + FRAMES_AFTER_SHOWN {
        return;
    }
    *frames += 1;
    redraw.write(RequestRedraw);
    if *frames == FRAMES_BEFORE_SHOWN {
        for mut window in &mut windows {
            if !window.visible {
                window.visible = true;
            }
        }
    }
}
