//! Short messages on the screens without the game's bars (the title, review), and over a panel that hides
//! the game's bars (the move list): a box floating near the top of the screen, for a few seconds (over a
//! board, where the board's screens place it: off the holes). The game screen shows its other messages in
//! its own bar (`hud`).

use bevy::prelude::*;

use crate::app::state::messages::Toast;
use crate::app::state::panels::{Panel, Panels};
use crate::app::state::screen::Frame;
use crate::app::state::screen::Screen;
use crate::app::ui::theme;
use crate::app::ui::widgets::text;

/// Long enough to read a refusal with its line and move number, or where a file went.
const SHOWN_FOR: f32 = 5.0;

/// The message shown, and for how much longer.
#[derive(Resource, Default)]
pub struct FloatingToast {
    pub text: String,
    remaining: f32,
}

impl FloatingToast {
    /// The message on screen, if any.
    pub fn shown(&self) -> Option<&str> {
        (self.remaining > 0.0 && !self.text.is_empty()).then_some(self.text.as_str())
    }
}

/// The box the message floats in: placed near the top of the screen, or by a board's screen.
#[derive(Component)]
pub(crate) struct ToastBox;

/// The message's card inside [`ToastBox`], as tall as its words.
#[derive(Component)]
pub(crate) struct ToastCard;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<FloatingToast>()
        .add_systems(Startup, spawn_box)
        .add_systems(Update, show.in_set(Frame::View))
        .add_systems(OnEnter(Screen::Game), |mut toast: ResMut<FloatingToast>| {
            *toast = FloatingToast::default()
        });
}

fn spawn_box(mut commands: Commands) {
    commands.spawn((
        Name::new("Floating message"),
        Node {
            position_type: PositionType::Absolute,
            left: px(0),
            right: px(0),
            top: percent(9),
            justify_content: JustifyContent::Center,
            ..default()
        },
        // Over the panels (a message never hides a question's buttons for long: it passes taps on).
        GlobalZIndex(60),
        Pickable::IGNORE,
        Visibility::Hidden,
        ToastBox,
        children![(
            Node {
                // A fixed width: text left to size itself is measured at its narrowest.
                width: percent(88),
                max_width: px(460),
                padding: UiRect::axes(px(14), px(10)),
                border_radius: BorderRadius::all(px(12)),
                justify_content: JustifyContent::Center,
                ..default()
            },
            BackgroundColor(theme::PANEL),
            Pickable::IGNORE,
            ToastCard,
            children![(text("", 16.0, theme::TEXT), TextLayout::justify(Justify::Center), Pickable::IGNORE)],
        )],
    ));
}

/// Shows the latest message for [`SHOWN_FOR`]. On the game's board the game's own bar says its messages:
/// this box shows only over the move list, and hides when the list closes (a record's "copied" stayed
/// over the board's top rows, frozen, once the list was closed).
fn show(
    time: Res<Time>,
    screen: Option<Res<State<Screen>>>,
    panels: Res<Panels>,
    mut toasts: MessageReader<Toast>,
    mut toast: ResMut<FloatingToast>,
    mut boxes: Query<(&mut Visibility, &Children), With<ToastBox>>,
    children: Query<&Children>,
    mut texts: Query<&mut Text>,
) {
    let in_game = screen.is_some_and(|s| *s.get() == Screen::Game);
    let game_speaks = in_game && panels.top() != Some(Panel::MoveList);
    for t in toasts.read() {
        if game_speaks {
            continue;
        }
        toast.text = t.0.clone();
        toast.remaining = SHOWN_FOR;
    }
    if game_speaks && !toast.text.is_empty() {
        toast.text.clear();
        toast.remaining = 0.0;
    }
    if toast.remaining > 0.0 {
        toast.remaining -= time.delta_secs();
        if toast.remaining <= 0.0 {
            toast.text.clear();
        }
    }
    let Ok((mut visibility, row)) = boxes.single_mut() else { return };
    let want = if toast.text.is_empty() { Visibility::Hidden } else { Visibility::Inherited };
    if *visibility != want {
        *visibility = want;
    }
    for &card in row {
        for &label in children.get(card).into_iter().flatten() {
            if let Ok(mut shown) = texts.get_mut(label)
                && shown.0 != toast.text
            {
                shown.0 = toast.text.clone();
            }
        }
    }
}
