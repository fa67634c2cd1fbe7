//! The language chooser: a list of the eight languages, each written in itself, over whatever screen opened
//! it (the title or the in-game menu). A choice switches every text at once and is saved with the
//! settings; tapping outside the list closes it.

use bevy::prelude::*;

use super::locale::{Lang, Locale, Tr};
use super::theme;
use super::widgets::{Backdrop, Selected, Tap, TapBarrier, button, text};
use super::{Screen, Settings};

/// Whether the list is open.
#[derive(Resource, Default, Clone, Copy, PartialEq, Eq)]
pub struct LanguageList(pub bool);

#[derive(Component)]
struct LanguageRoot;

pub(super) fn plugin(app: &mut App) {
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
        .spawn((
            Name::new("Button Close the language list"),
            LanguageRoot,
            Backdrop,
            Node {
                position_type: PositionType::Absolute,
                width: percent(100),
                height: percent(100),
                justify_content: JustifyContent::Center,
                align_items: AlignItems::Center,
                ..default()
            },
            BackgroundColor(Color::srgba(0.0, 0.0, 0.0, 0.55)),
            GlobalZIndex(30),
        ))
        .observe(|_: On<Tap>, mut list: ResMut<LanguageList>| list.0 = false)
        .with_children(|overlay| {
            overlay
                .spawn((
                    Name::new("Language list"),
                    TapBarrier,
                    Node {
                        flex_direction: FlexDirection::Column,
                        align_items: AlignItems::Stretch,
                        row_gap: px(8),
                        padding: UiRect::all(px(18)),
                        width: px(300),
                        max_width: percent(92),
                        border_radius: BorderRadius::all(px(18)),
                        border: UiRect::all(px(2)),
                        ..default()
                    },
                    BackgroundColor(theme::PANEL),
                    BorderColor::all(Color::srgba(1.0, 0.85, 0.6, 0.4)),
                ))
                .with_children(|card| {
                    card.spawn((
                        Tr("title.language"),
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
