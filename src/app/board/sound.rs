//! The sounds of the board: a wooden tock for each stone that lands, a clack for a capture, a chime for a
//! new tuzdik. Short Ogg files in `assets/sounds`, made for this game; off with the menu's "Sound".

use bevy::audio::{AudioPlayer, AudioSink, AudioSource, PlaybackSettings, Volume};
use bevy::prelude::*;

use crate::app::board::sowing::Cue;
use crate::app::platform::lifecycle::{FollowLifecycle, InBackground};
use crate::app::state::settings::Settings;

#[derive(Resource)]
struct Sounds {
    stone: Handle<AudioSource>,
    capture: Handle<AudioSource>,
    tuzdik: Handle<AudioSource>,
}

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Startup, load)
        .add_systems(PreUpdate, pause_in_background.after(FollowLifecycle))
        .add_systems(Update, play);
}

/// Sounds playing when the app goes to the background pause, and play on when it comes back.
fn pause_in_background(background: Res<InBackground>, sinks: Query<&AudioSink>) {
    if !background.is_changed() {
        return;
    }
    for sink in &sinks {
        if background.0 {
            sink.pause();
        } else {
            sink.play();
        }
    }
}

fn load(mut commands: Commands, assets: Option<Res<AssetServer>>) {
    // Headless runs (tests, benchmarks) have no asset server and no sound.
    let Some(assets) = assets else { return };
    commands.insert_resource(Sounds {
        stone: assets.load("sounds/stone.ogg"),
        capture: assets.load("sounds/capture.ogg"),
        tuzdik: assets.load("sounds/tuzdik.ogg"),
    });
}

fn play(
    mut cues: MessageReader<Cue>,
    sounds: Option<Res<Sounds>>,
    settings: Res<Settings>,
    background: Res<InBackground>,
    mut commands: Commands,
    mut variation: Local<u32>,
) {
    let Some(sounds) = sounds else {
        cues.clear();
        return;
    };
    for cue in cues.read() {
        if !settings.sound || background.0 {
            continue;
        }
        // Stones are not all alike: vary the pitch a little, in a fixed cycle.
        *variation = variation.wrapping_add(1);
        let pitch = 0.92 + 0.04 * (*variation % 5) as f32;
        let (handle, volume) = match cue {
            Cue::Stone => (sounds.stone.clone(), 0.45),
            Cue::Capture => (sounds.capture.clone(), 0.8),
            Cue::Tuzdik => (sounds.tuzdik.clone(), 0.7),
        };
        commands.spawn((
            Name::new("Sound"),
            AudioPlayer::new(handle),
            PlaybackSettings::DESPAWN.with_speed(pitch).with_volume(Volume::Linear(volume)),
        ));
    }
}
