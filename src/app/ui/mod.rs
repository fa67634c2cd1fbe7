//! The look and the pieces every screen is built from: the theme and the bundled font, the widgets
//! (buttons that say what they do when tapped, cards, backdrops), the buttons that show and change a
//! setting, the floating toast, and the moments of motion with the screens' fade (`flourish`).

pub mod flourish;
pub mod painting;
pub mod setting_buttons;
pub mod theme;
pub mod toast;
pub mod widgets;

use bevy::prelude::*;

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins((
        widgets::plugin,
        theme::plugin,
        setting_buttons::plugin,
        toast::plugin,
        flourish::plugin,
    ));
}
