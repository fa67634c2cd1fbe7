//! The board as entities: its geometry (`layout` and the rooms around it, `rooms`: pure), the pieces shared by the view and the animation
//! (`stones`), the view that follows the rules, the sowing animation, touch input, the last move's marks,
//! the sounds, what is felt (`haptics`) and a new tuzdik's moment (`moments`).

pub mod haptics;
pub mod input;
pub mod last_move;
pub mod layout;
pub mod moments;
pub mod rooms;
pub mod sound;
pub mod sowing;
pub mod stones;
pub mod view;

use bevy::prelude::*;

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins((
        view::plugin,
        sowing::plugin,
        input::plugin,
        sound::plugin,
        haptics::plugin,
        last_move::plugin,
        moments::plugin,
    ));
}
