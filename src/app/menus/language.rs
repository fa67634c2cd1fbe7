//! The language chooser: a list of the eight languages, each written in itself, over whatever screen opened
//! it (the title's Settings or the in-game menu), as the panel on top of [`Panels`]. A choice switches every
//! text at once, is saved with the settings and closes the list; a tap outside it closes it too, and the
//! panel it was opened from shows again.

use bevy::prelude::*;

use crate::app::i18n::locale::{Lang, Locale, Tr};
use crate::app::state::panels::{Panel, Panels};
use crate::app::state::settings::Settings;
use crate::app::ui::theme;
use crate::app::ui::theme::DisplayFace;
use crate::app::ui::widgets::{Selected, Tap, button, card, on_tap, panel_backdrop, text};

#[derive(Component)]
struct LanguageRoot;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Update, show_list);
}

/// Opens the list (the title's and the menu's language buttons).
pub fn open_list(_: On<Tap>, mut panels: ResMut<Panels>) {
    panels.open(Panel::Language);
}

fn show_list(
    panels: Res<Panels>,
    locale: Res<Locale>,
    settings: Res<Settings>,
    roots: Query<Entity, With<LanguageRoot>>,
    mut commands: Commands,
) {
    if !panels.is_changed() && !locale.is_changed() {
        return;
    }
    for root in &roots {
        commands.entity(root).despawn();
    }
    if panels.top() != Some(Panel::Language) {
        return;
    }
    let current = settings.lang.unwrap_or(locale.lang);
    commands.spawn((
        panel_backdrop("Button Close the language list", 30),
        LanguageRoot,
        children![(
            Name::new("Language list"),
            card(300.0, 18.0, 8.0, AlignItems::Stretch),
            Children::spawn((
                Spawn((
                    Tr("title.language"),
                    DisplayFace,
                    text("", 24.0, theme::TEXT),
                    Node { align_self: AlignSelf::Center, ..default() },
                )),
                // The language on screen is lit.
                SpawnWith(move |card: &mut ChildSpawner| {
                    for lang in Lang::ALL {
                        let mut entry = card.spawn(language_button(lang));
                        if lang == current {
                            entry.insert((Selected, BackgroundColor(theme::BUTTON_SELECTED)));
                        }
                    }
                }),
            )),
        )],
    ));
}

/// A language, in its own words.
fn language_button(lang: Lang) -> impl Bundle {
    (
        button(lang.native_name(), 20.0),
        children![(text(lang.native_name(), 20.0, theme::TEXT), Pickable::IGNORE)],
        on_tap(move |_: On<Tap>, mut settings: ResMut<Settings>, mut panels: ResMut<Panels>| {
            settings.lang = Some(lang);
            panels.close(|p| *p == Panel::Language);
        }),
    )
}
