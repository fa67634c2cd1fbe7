//! The end of a game has its moment: once the last move (and the count-in, `board::sowing`) has landed,
//! the result is told over the board in the display face, its card growing in, while the winner's kazan
//! glows (both on a draw); after [`MOMENT`] seconds the result's panel comes (`hud`). A tap cuts the
//! moment short.
//!
//! Invariants: only a game that ends by a move played on this screen has the moment (a finished game
//! reopened shows its panel at once); an undo or a new game ends it; calm (`Calm`) shows the card without
//! growth, glow or sparks, for a shorter moment; every spark ends by itself within [`SPARK_LIFE`]. The banner cannot be tapped: it lets the tap that skips it
//! through.

use bevy::math::curve::{Curve, EaseFunction};
use bevy::prelude::*;

use crate::game::Mode;
use crate::rules::Side;

use std::f32::consts::PI;

use crate::app::board::layout::BoardLayout;
use crate::app::board::moments::{Glow, glow};
use crate::app::board::sowing::Timeline;
use crate::app::board::view::shared_board;
use crate::app::i18n::locale::Locale;
use crate::app::i18n::words::game_result_text;
use crate::app::state::screen::Screen;
use crate::app::state::session::{GameEnded, MovePlayed, Session};
use crate::app::state::settings::{Calm, Settings};
use crate::app::ui::flourish::Flourish;
use crate::app::ui::theme::{self, Art, DisplayFace};
use crate::app::ui::widgets::{spawn_if, text};

/// How long the result is told before its panel, in seconds.
pub const MOMENT: f32 = 1.8;

/// Calm, the moment is shorter: the words without the show.
const CALM_MOMENT: f32 = 1.0;

/// How long the card takes to grow to its size, in seconds.
const GROW: f32 = 0.4;

/// The result's moment: waiting for the last stones to land, then counting down.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq)]
pub struct ResultMoment {
    /// The game ended by a move of this generation; the moment starts when its stones have landed.
    pending: Option<u64>,
    /// The generation the moment tells, while it runs.
    telling: Option<u64>,
    /// Seconds since the moment began.
    age: f32,
    /// Seconds the moment lasts.
    length: f32,
}

impl ResultMoment {
    /// The result's panel waits while this holds.
    pub fn holding(&self) -> bool {
        self.pending.is_some() || self.telling.is_some()
    }
}

/// The banner over the board, and its card (which grows in).
#[derive(Component)]
pub struct ResultBanner;

#[derive(Component)]
pub struct ResultCard;

/// Waits for the game's last stones to land, then tells the result; ends the moment when it is over, the
/// player taps, or the game changes.
pub(crate) fn tell_result(
    time: Res<Time>,
    (mut played, mut ended): (MessageReader<MovePlayed>, MessageReader<GameEnded>),
    session: Res<Session>,
    timeline: Res<Timeline>,
    calm: Res<Calm>,
    locale: Res<Locale>,
    (layout, settings): (Option<Res<BoardLayout>>, Res<Settings>),
    art: Res<Art>,
    mut moment: ResMut<ResultMoment>,
    (mouse, touches): (Option<Res<ButtonInput<MouseButton>>>, Option<Res<Touches>>),
    banners: Query<Entity, With<ResultBanner>>,
    mut cards: Query<&mut UiTransform, With<ResultCard>>,
    mut commands: Commands,
) {
    let moved = played.read().count() > 0;
    if (moved || ended.read().count() > 0) && session.game.is_over() && !session.owner.is_practice() {
        *moment = ResultMoment { pending: Some(session.generation), ..default() };
    }
    let current = Some(session.generation);
    let tapped = mouse.is_some_and(|m| m.just_pressed(MouseButton::Left))
        || touches.is_some_and(|t| t.any_just_pressed());
    if moment.telling.is_some() {
        moment.age += time.delta_secs();
        if moment.telling != current || moment.age >= moment.length || tapped {
            *moment = ResultMoment::default();
            for banner in &banners {
                commands.entity(banner).despawn();
            }
            return;
        }
        let grown = if calm.0 { 1.0 } else { EaseFunction::BackOut.sample_clamped(moment.age / GROW) };
        for mut card in &mut cards {
            let scale = Vec2::splat(0.6 + 0.4 * grown);
            if card.scale != scale {
                card.scale = scale;
            }
        }
        return;
    }
    let Some(generation) = moment.pending else { return };
    if Some(generation) != current {
        *moment = ResultMoment::default();
        return;
    }
    if timeline.running() {
        return;
    }
    let Some((title, _)) = game_result_text(&locale, &session.game) else {
        *moment = ResultMoment::default();
        return;
    };
    let length = if calm.0 { CALM_MOMENT } else { MOMENT };
    *moment = ResultMoment { pending: None, telling: Some(generation), age: 0.0, length };
    // On a board two players share the card reads from both seats: the result twice, one turned.
    let shared = shared_board(&session, &settings);
    let words = |turned: bool| {
        (
            text(title.clone(), 38.0, theme::HIGHLIGHT),
            DisplayFace,
            TextLayout::justify(Justify::Center),
            Pickable::IGNORE,
            UiTransform { rotation: Rot2::radians(if turned { PI } else { 0.0 }), ..UiTransform::IDENTITY },
        )
    };
    commands.spawn((
        banner(&title),
        children![(card(calm.0), Children::spawn((spawn_if(shared, || words(true)), Spawn(words(false)))),)],
    ));
    if calm.0 {
        return;
    }
    let Some(layout) = layout else { return };
    let Some(finish) = session.game.finish() else { return };
    let lit: Vec<Side> = match finish.winner() {
        Some(side) => vec![side],
        None => Side::BOTH.to_vec(),
    };
    // A person's win is celebrated: against the computer, the player's own; in hot-seat, the winner's.
    let celebrated = match (session.game.mode, finish.winner()) {
        (Mode::Computer { human, .. }, Some(winner)) => (winner == human).then_some(winner),
        (Mode::HotSeat, winner) => winner,
        (_, None) => None,
    };
    if let Some(winner) = celebrated {
        celebrate(&mut commands, &art, &layout, winner);
    }
    for side in lit {
        let place = layout.kazan(side);
        let light = Glow {
            age: 0.0,
            life: length,
            pulses: 2.0,
            peak: 0.5,
            size: place.size() * 1.25,
            swell: 0.1,
            color: theme::HIGHLIGHT,
        };
        // Over the stones and the count (a full kazan would hide a light under them), faint enough to
        // read them through.
        commands.spawn(glow(&art, place.center().extend(7.0), light));
    }
}

/// The whole screen, centring the card over the board; nothing in it takes a tap.
fn banner(title: &str) -> impl Bundle {
    (
        Name::new(format!("Result moment: {title}")),
        ResultBanner,
        Flourish,
        Node {
            position_type: PositionType::Absolute,
            width: percent(100),
            height: percent(100),
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            ..default()
        },
        Pickable::IGNORE,
        GlobalZIndex(8),
        DespawnOnExit(Screen::Game),
    )
}

fn card(calm: bool) -> impl Bundle {
    (
        ResultCard,
        Node {
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::Center,
            row_gap: px(10),
            padding: UiRect::axes(px(28), px(14)),
            max_width: percent(88),
            border: UiRect::all(px(2)),
            border_radius: BorderRadius::all(px(18)),
            justify_content: JustifyContent::Center,
            ..default()
        },
        BackgroundColor(theme::PANEL.with_alpha(0.9)),
        BorderColor::all(theme::HIGHLIGHT),
        UiTransform { scale: Vec2::splat(if calm { 1.0 } else { 0.6 }), ..UiTransform::IDENTITY },
        Pickable::IGNORE,
    )
}

/// How many sparks a win throws, and the longest a spark lives, in seconds.
const SPARKS: usize = 40;
pub const SPARK_LIFE: f32 = 1.6;

/// A spark of the celebration: it flies from the winner's kazan, slows, turns and fades.
#[derive(Component, Clone, Copy, Debug)]
pub struct Spark {
    velocity: Vec2,
    age: f32,
    life: f32,
    spin: f32,
}

/// A number in 0..1 from a spark's index and a salt: a burst looks the same every time.
fn scatter(index: usize, salt: u32) -> f32 {
    let mut h = (index as u32).wrapping_mul(2_654_435_761) ^ salt.wrapping_mul(2_246_822_519);
    h ^= h >> 15;
    h = h.wrapping_mul(3_266_489_917);
    h ^= h >> 13;
    (h % 10_000) as f32 / 10_000.0
}

/// Throws the sparks from along the winner's kazan, out in every direction, gold, ivory and the winner's
/// own colour, over the stones (and under the result's card).
fn celebrate(commands: &mut Commands, art: &Art, layout: &BoardLayout, winner: Side) {
    let kazan = layout.kazan(winner);
    let reach = layout.window.min_element() * 0.9;
    let colors = [theme::HIGHLIGHT, theme::TEXT, theme::side_color(winner), Color::srgb(1.0, 0.72, 0.25)];
    for i in 0..SPARKS {
        // From anywhere along the middle of the kazan's length, where its heap lies.
        let length =
            if kazan.width() > kazan.height() { Vec2::X } else { Vec2::Y } * kazan.size().max_element();
        let at = kazan.center() + length * (scatter(i, 1) - 0.5) * 0.6;
        let angle = scatter(i, 2) * std::f32::consts::TAU;
        let speed = reach * (0.6 + 0.9 * scatter(i, 3));
        let size = layout.stone * (0.35 + 0.4 * scatter(i, 4));
        let spark = Spark {
            velocity: Vec2::from_angle(angle) * speed,
            age: 0.0,
            life: SPARK_LIFE * (0.65 + 0.35 * scatter(i, 5)),
            spin: (scatter(i, 6) - 0.5) * 8.0,
        };
        commands.spawn((
            Name::new("Spark"),
            Sprite {
                image: art.disc.clone(),
                color: colors[i % colors.len()],
                custom_size: Some(Vec2::new(size, size * 0.6)),
                ..default()
            },
            Transform::from_translation(at.extend(7.5)),
            spark,
            Flourish,
            DespawnOnExit(Screen::Game),
        ));
    }
}

/// Sparks fly out, slowed by the air, turning; they fade over the second half of their life and are
/// gone at its end.
pub(crate) fn fly_sparks(
    time: Res<Time>,
    mut sparks: Query<(Entity, &mut Spark, &mut Transform, &mut Sprite)>,
    mut commands: Commands,
) {
    let dt = time.delta_secs();
    for (entity, mut spark, mut transform, mut sprite) in &mut sparks {
        spark.age += dt;
        let t = spark.age / spark.life;
        if t >= 1.0 {
            commands.entity(entity).despawn();
            continue;
        }
        spark.velocity *= (-3.0 * dt).exp();
        transform.translation += (spark.velocity * dt).extend(0.0);
        transform.rotate_z(spark.spin * dt);
        let alpha = if t < 0.5 { 1.0 } else { 1.0 - (t - 0.5) * 2.0 };
        sprite.color.set_alpha(alpha);
    }
}
