//! A start that died before it drew is not repeated (`saves::renderer`): the start-up note picks the next
//! start's renderer, keeps it while it works, and Settings chooses it. The real fallback in a window (the
//! abort hook, then a start on OpenGL) is `tests/window/renderer_fallback.sh`.

use std::path::Path;

use bevy::prelude::*;
use toguz::app::saves::renderer::{FILE, NotePath, StartNote, begin_start};
use toguz::app::state::renderer::{RendererChoice, Renderers};

use super::flows::{PHONE, button, frames, press, save_dir, start_app};

fn note(dir: &Path) -> StartNote {
    ron::from_str(&std::fs::read_to_string(dir.join(FILE)).expect("the note is written"))
        .expect("the note reads")
}

/// The start after one that noted itself and never drew asks for OpenGL, says why, and keeps to it once it
/// drew; a start on OpenGL that also died goes back to the usual renderer.
#[test]
fn a_start_that_never_drew_is_followed_by_one_on_opengl_which_is_kept_while_it_works() {
    let dir = save_dir("renderer-fallback");
    // A first start: the usual renderer, noted as under way before the GPU is asked for.
    let (first, said) = begin_start(Some(&dir), true);
    assert_eq!((first.asked, first.fell_back), (RendererChoice::Usual, false));
    assert!(said.is_empty(), "nothing to say on a first start: {said:?}");
    assert_eq!(note(&dir).starting, Some(RendererChoice::Usual), "the start is noted before the GPU");
    // It died before its first frame: the note is still there. The next start takes OpenGL.
    let (second, said) = begin_start(Some(&dir), true);
    assert_eq!((second.asked, second.next, second.fell_back), (RendererChoice::Gl, RendererChoice::Gl, true));
    assert!(said.iter().any(|l| l.contains("never drew")), "the log says why: {said:?}");
    assert_eq!(note(&dir).starting, Some(RendererChoice::Gl));
    // That one drew (the app clears the note after its first frames): the one after keeps to OpenGL.
    let drew = StartNote { next: RendererChoice::Gl, starting: None, fell_back: true };
    std::fs::write(dir.join(FILE), ron::to_string(&drew).unwrap()).unwrap();
    let (third, said) = begin_start(Some(&dir), true);
    assert_eq!(third.asked, RendererChoice::Gl, "OpenGL is kept while it works");
    assert!(said.is_empty(), "{said:?}");
    // And if OpenGL dies too, the next start goes back to the usual renderer rather than loop on it.
    let (fourth, _) = begin_start(Some(&dir), true);
    assert_eq!(fourth.asked, RendererChoice::Usual);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Where the platform has one renderer (iOS, the browser) a note left behind is reported and the start
/// goes on with it; a damaged note counts as none.
#[test]
fn a_note_left_where_there_is_no_second_renderer_is_reported_and_a_damaged_one_counts_as_none() {
    let dir = save_dir("renderer-single");
    begin_start(Some(&dir), false);
    let (again, said) = begin_start(Some(&dir), false);
    assert_eq!(again.asked, RendererChoice::Usual);
    assert!(said.iter().any(|l| l.contains("only renderer")), "{said:?}");
    std::fs::write(dir.join(FILE), "(next: Sideways, starting").unwrap();
    let (damaged, said) = begin_start(Some(&dir), true);
    assert_eq!(damaged.asked, RendererChoice::Usual, "a damaged note: the usual renderer");
    assert!(said.iter().any(|l| l.contains("could not be read")), "{said:?}");
    assert_eq!(note(&dir).starting, Some(RendererChoice::Usual), "and a good note replaces it");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Settings shows what draws and a tap chooses the other renderer for the next start: said on the button
/// and kept in the note (a second tap takes it back). Where a fallback chose OpenGL, the player's choice
/// replaces it.
#[test]
fn the_settings_renderer_button_chooses_the_next_starts_renderer_and_the_note_keeps_it() {
    let dir = save_dir("renderer-settings");
    let mut app = start_app(PHONE, &dir);
    app.insert_resource(NotePath(Some(dir.join(FILE))));
    {
        let mut renderers = app.world_mut().resource_mut::<Renderers>();
        renderers.asked = RendererChoice::Gl;
        renderers.next = RendererChoice::Gl;
        renderers.fell_back = true;
    }
    frames(&mut app, 2);
    press(&mut app, "Settings");
    let words = |app: &mut App| {
        let (button, _) = button(app, "Renderer");
        let children = app.world().get::<Children>(button).expect("the button has its words");
        app.world().get::<Text>(children[0]).expect("words").0.clone()
    };
    // In a player's words, not the backend's name (issue 46): OpenGL is the compatible renderer.
    assert_eq!(words(&mut app), "Graphics: compatible");
    press(&mut app, "Renderer");
    frames(&mut app, 1);
    assert_eq!(words(&mut app), "Graphics: compatible (after a restart: standard)");
    let kept = note(&dir);
    assert_eq!((kept.next, kept.fell_back), (RendererChoice::Usual, false), "the player's choice is kept");
    press(&mut app, "Renderer");
    frames(&mut app, 1);
    assert_eq!(words(&mut app), "Graphics: compatible");
    assert_eq!(note(&dir).next, RendererChoice::Gl);
    let _ = std::fs::remove_dir_all(&dir);
}
