//! Moments of motion that run on their own clock, and the screens' fade: a [`Flourish`] is an entity
//! that moves or fades for a moment and then ends itself; while one lives the app keeps drawing
//! (`screens::rest` asks for frames), and when the last one ends the app may rest again. A new screen
//! fades in from the background over [`FADE`] seconds, so that one screen does not snap to the next.
//!
//! Invariants: every flourish ends by itself within a few seconds (none loops); calm (`state::settings::
//! Calm`) starts none of the screens' fades; nothing here can be tapped (`Pickable::IGNORE`), so a
//! flourish never takes a tap meant for what lies under it.

use bevy::prelude::*;

use crate::app::state::screen::Screen;
use crate::app::state::settings::Calm;
use crate::app::ui::theme;

/// How long a new screen takes to appear, in seconds: long enough to be seen as a change of place, short
/// enough that a tap right after it is not kept waiting (a tap lands through the fade in any case).
pub const FADE: f32 = 0.22;

/// Something moving for a moment on its own clock: the app draws while one lives.
#[derive(Component, Clone, Copy, Debug, Default)]
pub struct Flourish;

/// The veil over a screen that has just opened: the background's colour, thinning to nothing.
#[derive(Component, Clone, Copy, Debug)]
pub struct Fade {
    /// Seconds since the screen opened.
    pub age: f32,
}

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Update, (fade_in_new_screen, thin_fades).chain());
}

/// A veil over each new screen (the title at start too), unless motion is calm.
fn fade_in_new_screen(
    screen: Option<Res<State<Screen>>>,
    calm: Res<Calm>,
    veils: Query<Entity, With<Fade>>,
    mut commands: Commands,
) {
    let Some(screen) = screen else { return };
    if !screen.is_changed() {
        return;
    }
    // One veil at a time: a screen that passes straight on to another starts its fade again.
    for veil in &veils {
        commands.entity(veil).despawn();
    }
    if calm.0 {
        return;
    }
    commands.spawn((
        Name::new("Screen fade"),
        Fade { age: 0.0 },
        Flourish,
        Node {
            position_type: PositionType::Absolute,
            width: percent(100),
            height: percent(100),
            ..default()
        },
        BackgroundColor(theme::BACKGROUND),
        // Above the screens' panels and bars, below nothing that matters: it only thins away.
        GlobalZIndex(900),
        Pickable::IGNORE,
    ));
}

/// The veil thins with an ease-out (most of the change early, so the new screen reads at once) and is
/// gone after [`FADE`].
fn thin_fades(
    time: Res<Time>,
    mut veils: Query<(Entity, &mut Fade, &mut BackgroundColor)>,
    mut commands: Commands,
) {
    for (entity, mut fade, mut color) in &mut veils {
        fade.age += time.delta_secs();
        let t = (fade.age / FADE).clamp(0.0, 1.0);
        if t >= 1.0 {
            commands.entity(entity).despawn();
            continue;
        }
        let left = (1.0 - t) * (1.0 - t);
        color.0 = theme::BACKGROUND.with_alpha(left);
    }
}
