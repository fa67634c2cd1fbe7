//! The buttons that show a setting and change it with a tap ("Sound: on", "Stones: ivory"), shared by the
//! game's menu and the title's Settings sheet, so that both offer the same settings in the same words:
//! speed, motion, sound, vibration, the stones' look, the holes' counts, the board's turning, the language.
//!
//! Invariants: a button's words always say the setting's state in the language on screen
//! ([`setting_words`] writes them whenever the settings or the language change, or a button appears); a tap
//! changes [`Settings`] at once (the save follows it). The language button only shows the language: what
//! its tap opens (the list) belongs to the panels above this layer, so its caller attaches it.
//! The renderer's button ([`renderer_button`]) says what draws and chooses the next start's renderer
//! (`state::renderer`): it changes nothing now, as a renderer is chosen before the window opens. It says
//! so in a player's words, "standard" or "compatible", not "Vulkan" (issue 46).

use bevy::prelude::*;
use bevy::ui::UiSystems;

use crate::app::i18n::locale::Locale;
use crate::app::state::renderer::Renderers;
use crate::app::state::settings::{Settings, Speed, StoneSet};
use crate::app::ui::theme;
use crate::app::ui::widgets::{Tap, TapAction, button, button_node, on_tap, shaped_button, text};

/// The setting a button shows, on the text inside it; the button itself changes it.
#[derive(Component, Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum Setting {
    /// Slow, Normal, Fast, Instant in turn.
    Speed,
    /// Full motion, or calm (`state::settings::Calm`): "Animations: full / reduced", which says what it
    /// changes where "Motion: calm" did not (issue 46).
    Motion,
    Sound,
    /// What is felt under the finger.
    Haptics,
    /// The korgools on light wood, or ivory stones on walnut.
    Stones,
    /// The holes' counts shown or not.
    Counts,
    /// Turning the board each turn (hot-seat).
    Flip,
    Language,
}

impl Setting {
    /// What the button says, in the language on screen: the setting's name and its state, which a line
    /// breaks only between (see [`label_and_value`]).
    fn words(self, settings: &Settings, locale: &Locale) -> String {
        let on_off = |on: bool| locale.t(if on { "setting.on" } else { "setting.off" });
        let (key, slot, value) = match self {
            Setting::Speed => ("setting.speed", "speed", locale.t(settings.speed.key())),
            Setting::Motion => {
                let motion = if settings.reduce_motion { "motion.calm" } else { "motion.full" };
                ("setting.motion", "motion", locale.t(motion))
            }
            Setting::Sound => ("setting.sound", "state", on_off(settings.sound)),
            Setting::Haptics => ("setting.haptics", "state", on_off(settings.haptics)),
            Setting::Stones => ("setting.stones", "stones", locale.t(settings.stones.key())),
            Setting::Counts => ("setting.counts", "state", on_off(settings.counts)),
            Setting::Flip => ("setting.turn_board", "state", on_off(settings.flip_each_turn)),
            Setting::Language => ("menu.language", "language", locale.lang.native_name().to_string()),
        };
        label_and_value(&locale.f(key, &[(slot, &SLOT)]), &value)
    }

    /// What a tap does to the settings (nothing for the language: its caller opens the list).
    fn change(self, settings: &mut Settings) {
        match self {
            Setting::Speed => settings.speed = next(&Speed::ALL, settings.speed),
            Setting::Motion => settings.reduce_motion = !settings.reduce_motion,
            Setting::Sound => settings.sound = !settings.sound,
            Setting::Haptics => settings.haptics = !settings.haptics,
            Setting::Stones => settings.stones = next(&StoneSet::ALL, settings.stones),
            Setting::Counts => settings.counts = !settings.counts,
            Setting::Flip => settings.flip_each_turn = !settings.flip_each_turn,
            Setting::Language => {}
        }
    }
}

/// Where the setting's state goes while its words are put together: a character no message holds.
const SLOT: char = '\u{1}';

/// `template` (the setting's message with [`SLOT`] for its state) with `value` in it, the value's spaces
/// made no-break ones: a line breaks between the setting's name and its state, never inside the state
/// ("Ngôn ngữ: Tiếng / Việt" and "Chuyển động: đầy / đủ" did, in half of a small phone's button).
fn label_and_value(template: &str, value: &str) -> String {
    template.replacen(SLOT, &value.replace(' ', "\u{a0}"), 1)
}

/// The choice after `now` in `all`, round to the first.
fn next<T: Copy + PartialEq>(all: &[T], now: T) -> T {
    let i = all.iter().position(|c| *c == now).unwrap_or(0);
    all[(i + 1) % all.len()]
}

pub(crate) fn plugin(app: &mut App) {
    // Before the UI measures text, so a button never shows a frame without its words.
    app.add_systems(PostUpdate, (setting_words, renderer_words).before(UiSystems::Prepare));
}

/// The words of the renderer's button, written by [`renderer_words`].
#[derive(Component)]
pub(crate) struct RendererWords;

/// The renderer's button: "Graphics: standard"; a tap chooses the other renderer for the next start
/// ("Graphics: standard (after a restart: compatible)"), a second tap takes that back. Its name stays
/// "Renderer", which the tests and the UI map find it by.
pub(crate) fn renderer_button(font: f32) -> impl Bundle {
    (
        button("Renderer", font),
        children![(
            RendererWords,
            text("", font, theme::TEXT),
            TextLayout::justify(Justify::Center),
            Pickable::IGNORE
        )],
        on_tap(|_: On<Tap>, mut renderers: ResMut<Renderers>| {
            renderers.next = renderers.next.other();
            // The player's choice from now on, not a fallback's.
            renderers.fell_back = false;
        }),
    )
}

/// Writes the renderer's button's words: when the renderers or the language change, or the button
/// appears.
fn renderer_words(
    renderers: Option<Res<Renderers>>,
    locale: Option<Res<Locale>>,
    added: Query<(), Added<RendererWords>>,
    mut texts: Query<&mut Text, With<RendererWords>>,
) {
    let (Some(renderers), Some(locale)) = (renderers, locale) else { return };
    if !renderers.is_changed() && !locale.is_changed() && added.is_empty() {
        return;
    }
    // The choice in words ("standard", "compatible"), not the backend's name a player does not know.
    let running = locale.t(renderers.running_words_key());
    let words = if renderers.next == renderers.asked {
        label_and_value(&locale.f("setting.renderer", &[("renderer", &SLOT)]), &running)
    } else {
        let next = locale.t(renderers.next.words_key()).replace(' ', "\u{a0}");
        label_and_value(&locale.f("setting.renderer_next", &[("renderer", &SLOT), ("next", &next)]), &running)
    };
    for mut text in &mut texts {
        if text.0 != words {
            text.0 = words.clone();
        }
    }
}

/// A full-width button named `name` in English (the tests and the inspector find it by it) that says
/// `which` setting's state and changes it when tapped.
pub(crate) fn setting_button(name: &str, which: Setting, font: f32) -> impl Bundle {
    (button(name, font), setting_words_child(which, font), changes(which))
}

/// A half-width [`setting_button`], for a [`pair_row`]: its words may wrap rather than push the card wider.
pub(crate) fn half_setting_button(name: &str, which: Setting, font: f32) -> impl Bundle {
    (shaped_button(name, font, half_width()), setting_words_child(which, font), changes(which))
}

/// The language's button, full-width or half ([`half_width`]): it says the language on screen, and `open`
/// (the list, which belongs to the panels above this layer) is what a tap does.
pub(crate) fn language_button(font: f32, node: Node, open: TapAction) -> impl Bundle {
    (shaped_button("Language", font, node), setting_words_child(Setting::Language, font), open)
}

/// The words of a setting's button, written by [`setting_words`].
fn setting_words_child(which: Setting, font: f32) -> impl Bundle {
    children![(which, text("", font, theme::TEXT), TextLayout::justify(Justify::Center), Pickable::IGNORE)]
}

/// A tap on a setting's button changes the setting.
fn changes(which: Setting) -> TapAction {
    on_tap(move |_: On<Tap>, mut settings: ResMut<Settings>| which.change(&mut settings))
}

/// The box of a button that is half of a [`pair_row`]: its words may wrap rather than push the card wider.
pub(crate) fn half_width() -> Node {
    Node {
        flex_grow: 1.0,
        flex_basis: px(0),
        flex_shrink: 1.0,
        // In a column the words are measured at the button's width, and a second line makes the button
        // taller: in a row they were measured on one line, then wrapped out of a one-line box.
        flex_direction: FlexDirection::Column,
        ..button_node(UiRect::axes(px(6), px(8)), Vec2::splat(44.0))
    }
}

/// Two short settings side by side in one row of a column of buttons: the column stays short enough for
/// a small phone. `pair` is the row's children (`children![a, b]`).
pub(crate) fn pair_row(gap: f32, pair: impl Bundle) -> impl Bundle {
    (Name::new("Setting pair"), Node { column_gap: px(gap), ..default() }, pair)
}

/// Writes every setting button's words: when the settings or the language change, or a button appears.
pub(crate) fn setting_words(
    settings: Option<Res<Settings>>,
    locale: Option<Res<Locale>>,
    added: Query<(), Added<Setting>>,
    mut texts: Query<(&Setting, &mut Text)>,
) {
    let (Some(settings), Some(locale)) = (settings, locale) else { return };
    if !settings.is_changed() && !locale.is_changed() && added.is_empty() {
        return;
    }
    for (which, mut text) in &mut texts {
        let words = which.words(&settings, &locale);
        if text.0 != words {
            text.0 = words;
        }
    }
}
