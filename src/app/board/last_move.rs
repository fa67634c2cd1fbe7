//! The last move, marked on the board as a record reads it: a faint warm light on the hole it was played
//! from and a brighter one on the hole where its last stone landed (lights, not rings: a ring on a hole
//! means a tuzdik, or the hole under a finger). The marks wait for the stones to land, so they never point
//! ahead of what the board shows, and step aside while a long press shows where a move would land (its
//! own light, in another colour): one kind of light on the board at a time.

use bevy::prelude::*;

use crate::app::board::layout::BoardLayout;
use crate::app::board::sowing::Timeline;
use crate::app::state::screen::Frame;
use crate::app::state::screen::Screen;
use crate::app::state::session::{LandingHint, Session};
use crate::app::ui::theme::{self, Art};

/// Which end of the last move a mark shows.
#[derive(Component, Copy, Clone, Debug, PartialEq, Eq)]
pub enum LastMoveMark {
    From,
    Landing,
}

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Game), spawn_marks(Screen::Game))
        .add_systems(OnEnter(Screen::Review), spawn_marks(Screen::Review))
        .add_systems(
            Update,
            place_marks.in_set(Frame::View).run_if(in_state(Screen::Game).or_else(in_state(Screen::Review))),
        );
}

/// The marks, for as long as `screen` lasts (in review they show the move that led to the position).
fn spawn_marks(screen: Screen) -> impl Fn(Commands, Res<Art>) {
    move |mut commands: Commands, art: Res<Art>| spawn_marks_for(screen, &mut commands, &art)
}

fn spawn_marks_for(screen: Screen, commands: &mut Commands, art: &Art) {
    for (mark, name, alpha) in
        [(LastMoveMark::From, "Last move: from", 0.22), (LastMoveMark::Landing, "Last move: landing", 0.4)]
    {
        commands.spawn((
            Name::new(name),
            mark,
            Sprite { image: art.glow.clone(), color: theme::HIGHLIGHT.with_alpha(alpha), ..default() },
            Transform::default(),
            Visibility::Hidden,
            DespawnOnExit(screen),
        ));
    }
}

fn place_marks(
    session: Res<Session>,
    timeline: Res<Timeline>,
    hint: Res<LandingHint>,
    layout: Option<Res<BoardLayout>>,
    mut marks: Query<(&LastMoveMark, &mut Transform, &mut Visibility, &mut Sprite)>,
) {
    let Some(layout) = layout else { return };
    let last = session.game.last_move().filter(|_| !timeline.running() && hint.0.is_none());
    for (mark, mut transform, mut visibility, mut sprite) in &mut marks {
        let Some(o) = last else {
            visibility.set_if_neq(Visibility::Hidden);
            continue;
        };
        let (side, hole) = match mark {
            LastMoveMark::From => (o.side, o.hole),
            LastMoveMark::Landing => o.landing,
        };
        let r = layout.hole(side, hole);
        // Over the hole and its number, under the stones and the hint's ring (2.7).
        let at = r.center().extend(2.6);
        if transform.translation != at {
            transform.translation = at;
        }
        let size = Some(r.size());
        if sprite.custom_size != size {
            sprite.custom_size = size;
        }
        visibility.set_if_neq(Visibility::Visible);
    }
}
