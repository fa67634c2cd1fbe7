//! The result's offer of the next level: after a win against any level but the top one, the result's card
//! has "Next level: 5. Skilled player", which starts a game against it (and keeps it as the level chosen on
//! the Play sheet).
//!
//! Invariants: the button shows only on the result of a game the player won against the computer, with a
//! level above; the game is over, so nothing is thrown away by starting the next.

use bevy::prelude::*;

use crate::game::Mode;

use crate::app::i18n::locale::Locale;
use crate::app::i18n::words::level_label;
use crate::app::menus::confirm::new_game_or_ask;
use crate::app::state::panels::Panels;
use crate::app::state::session::{NewGame, Session, human_side};
use crate::app::state::settings::Settings;
use crate::app::ui::theme;
use crate::app::ui::widgets::{Tap, button_node, lit_button, on_tap, text};

#[derive(Component)]
pub(crate) struct NextLevelButton;

#[derive(Component)]
pub(crate) struct NextLevelText;

/// The level the result offers: the one above, after a win against the computer.
fn offered(session: &Session) -> Option<crate::ai::Level> {
    let Mode::Computer { level, human } = session.game.mode else { return None };
    let won = session.game.finish()?.winner() == Some(human);
    if won { level.next() } else { None }
}

/// The button, hidden until a won game's result shows it.
pub(crate) fn next_level_button() -> impl Bundle {
    (
        NextLevelButton,
        lit_button(
            "Next level",
            18.0,
            // Within the card: "Следующий уровень: 3. Любитель" ran over the card's edges.
            Node {
                display: Display::None,
                max_width: percent(100),
                ..button_node(UiRect::axes(px(12), px(8)), Vec2::new(64.0, 48.0))
            },
        ),
        on_tap(
            |_: On<Tap>,
             session: Res<Session>,
             mut settings: ResMut<Settings>,
             mut panels: ResMut<Panels>,
             mut new_game: MessageWriter<NewGame>| {
                let Some(next) = offered(&session) else { return };
                settings.level = next;
                let mode = Mode::Computer { level: next, human: human_side(settings.starter) };
                new_game_or_ask(mode, false, &mut panels, &mut new_game);
            },
        ),
        children![(
            NextLevelText,
            text("", 17.0, theme::TEXT),
            TextLayout::justify(Justify::Center),
            Pickable::IGNORE
        )],
    )
}

/// Shows the button with the next level's name after a win, hides it otherwise.
pub(crate) fn update_next_level(
    session: Res<Session>,
    locale: Res<Locale>,
    mut buttons: Query<&mut Node, With<NextLevelButton>>,
    mut words: Query<&mut Text, With<NextLevelText>>,
) {
    let next = offered(&session);
    let display = if next.is_some() { Display::Flex } else { Display::None };
    for mut node in &mut buttons {
        if node.display != display {
            node.display = display;
        }
    }
    if let Some(next) = next {
        let said = locale.f("result.next_level", &[("level", &level_label(&locale, next))]);
        for mut text in &mut words {
            if text.0 != said {
                text.0 = said.clone();
            }
        }
    }
}
