//! The app's lifecycle: [`InBackground`] says the app went to the background or came back. What would
//! run unseen reacts to it itself: the sounds pause (`board::sound`), the computer's search stops and
//! starts again on return for the same position (`computer::ai_task`). The save is written at once by
//! `saves::persistence`, so a phone that ends the app in the background loses nothing.

use bevy::prelude::*;
use bevy::window::AppLifecycle;

/// The app is in the background: nothing is shown, nothing should run.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub struct InBackground(pub bool);

/// Where the lifecycle is read: what reacts to [`InBackground`] runs after it, in the same frame.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FollowLifecycle;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<InBackground>().add_systems(PreUpdate, follow_lifecycle.in_set(FollowLifecycle));
}

fn follow_lifecycle(mut events: MessageReader<AppLifecycle>, mut background: ResMut<InBackground>) {
    for event in events.read() {
        let away = match event {
            AppLifecycle::WillSuspend | AppLifecycle::Suspended => true,
            AppLifecycle::WillResume | AppLifecycle::Running => false,
            AppLifecycle::Idle => continue,
        };
        if away == background.0 {
            continue;
        }
        background.0 = away;
    }
}
