//! The language chooser: a list of the eight languages, each written in itself, over whatever screen opened
//! it (the title or the in-game menu). A choice switches every text at once and is saved with the
//! settings; tapping outside the list closes it.

use bevy::prelude::*;

use crate::app::i18n::locale::{Lang, Locale, Tr};
use crate::app::state::screen::Screen;
use crate::app::state::settings::Settings;
use crate::app::ui::theme;
use crate::app::ui::theme::DisplayFace;
use crate::app::ui::widgets::{Backdrop, Selected, Tap, backdrop, button, card, text};

/// Whether the list is open.
#[derive(Resource, Default, Clone, Copy, PartialEq, Eq)]
pub struct LanguageList(pub bool);

#[derive(Component)]
struct LanguageRoot;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<LanguageList>()
        .add_systems(Update, show_list)
        .add_systems(OnExit(Screen::Title), close)
        .add_systems(OnExit(Screen::Game), close);
}

fn close(mut list: ResMut<LanguageList>) {
    list.0 = false;
}

/// Opens the list (the title's and the menu's language buttons).
pub fn open_list(_: On<Tap>, mut list: ResMut<LanguageList>) {
    list.0 = true;
}

fn show_list(
    list: Res<LanguageList>,
    locale: Res<Locale>,
    settings: Res<Settings>,
    roots: Query<Entity, With<LanguageRoot>>,
    mut commands: Commands,
) {
    if !list.is_changed() && !locale.is_changed() {
        return;
    }
    for root in &roots {
        commands.entity(root).despawn();
    }
    if !list.0 {
        return;
    }
    let current = settings.lang.unwrap_or(locale.lang);
    commands
        .spawn((backdrop("Button Close the language list", 0.55, 30), LanguageRoot, Backdrop))
        .observe(|_: On<Tap>, mut list: ResMut<LanguageList>| list.0 = false)
        .with_children(|overlay| {
            overlay
                .spawn((Name::new("Language list"), card(300.0, 18.0, 8.0, AlignItems::Stretch)))
                .with_children(|card| {
                    card.spawn((
                        Tr("title.language"),
                        DisplayFace,
                        text("", 24.0, theme::TEXT),
                        Node { align_self: AlignSelf::Center, ..default() },
                    ));
                    for lang in Lang::ALL {
                        let mut entry = card.spawn(button(lang.native_name(), 20.0));
                        if lang == current {
                            entry.insert((Selected, BackgroundColor(theme::BUTTON_SELECTED)));
                        }
                        entry
                            .with_children(|b| {
                                b.spawn((text(lang.native_name(), 20.0, theme::TEXT), Pickable::IGNORE));
                            })
                            .observe(
                                move |_: On<Tap>,
                                      mut settings: ResMut<Settings>,
                                      mut list: ResMut<LanguageList>| {
                                    settings.lang = Some(lang);
                                    list.0 = false;
                                },
                            );
                    }
                });
        });
}
