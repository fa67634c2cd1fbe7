//! Motion, headless: the end of a game counts the stones left on the board into their kazans and tells
//! the result with a moment of its own before its panel; a new tuzdik's ring pops in with a glow; a new
//! screen fades in; and calm motion (the menu's "Motion", or the system's wish) keeps all of it quiet:
//! stones glide without lifting and nothing pops, glows or fades. Every flourish ends by itself, so the
//! app can rest again.

use bevy::prelude::*;
use toguz::app::board::layout::BoardLayout;
use toguz::app::board::moments::{Glow, POP, Pop};
use toguz::app::board::sowing::Timeline;
use toguz::app::board::stones::{ShownCounts, StoneSlots, StoneView, TuzdikMark, place_index};
use toguz::app::screens::game::result::{MOMENT, ResultCard, ResultMoment, SPARK_LIFE, Spark};
use toguz::app::state::settings::{Calm, Settings, Speed};
use toguz::app::ui::flourish::{FADE, Fade, Flourish};
use toguz::app::ui::widgets::FarSeatCopy;
use toguz::game::Mode;
use toguz::rules::{Place, Side};

use super::app::{app_with, frames, tap};
use super::flows::{
    PHONE, flushed_save, named_rect, press, save_dir, start_app, start_hot_seat, touch_tap_arriving,
};
use super::haptics::set_position;

/// White to move, Black's holes empty: White's first hole sows three stones along its own row, Black then
/// has no move, and the seven stones on White's side are White's: 75 + 7 = 82 against 80.
const LAST_MOVE: &str = "3,0,0,0,0,0,0,0,4 0,0,0,0,0,0,0,0,0 75,80 0,0 w";

/// White's ninth hole sows its second stone into Black's first hole, which holds 2: a tuzdik.
const TUZDIK_MOVE: &str = "0,0,0,0,0,0,0,0,2 2,5,5,5,5,5,5,5,5 60,58 0,0 w";

fn shown(app: &App) -> [u8; 20] {
    app.world().resource::<ShownCounts>().0
}

fn flourishes(app: &mut App) -> usize {
    let mut q = app.world_mut().query_filtered::<(), With<Flourish>>();
    q.iter(app.world()).count()
}

/// Runs frames until the sowing animation has ended (at most `limit`).
fn until_landed(app: &mut App, limit: usize) {
    for _ in 0..limit {
        app.update();
        if !app.world().resource::<Timeline>().running() {
            return;
        }
    }
    panic!("the animation did not end in {limit} frames");
}

/// A finger on a hole of an app with a window, and the frames of the tap (not the animation's).
pub(crate) fn touch_hole(app: &mut App, side: Side, hole: u8) {
    let layout = app.world().resource::<BoardLayout>().clone();
    let c = layout.hole(side, crate::common::hole(hole)).center();
    touch_tap_arriving(app, Vec2::new(c.x + layout.window.x / 2.0, layout.window.y / 2.0 - c.y));
}

fn calm(app: &mut App) {
    app.world_mut().resource_mut::<Settings>().reduce_motion = true;
    frames(app, 1);
    assert!(app.world().resource::<Calm>().0, "the setting makes motion calm");
}

#[test]
fn the_games_last_move_counts_the_stones_left_into_their_kazans_hole_by_hole() {
    let mut app = app_with(Mode::HotSeat, Speed::Normal);
    set_position(&mut app, LAST_MOVE);
    tap(&mut app, Side::White, 1);
    let white = place_index(Place::Kazan(Side::White));
    let mut kazan_seen = Vec::new();
    for _ in 0..400 {
        app.update();
        let counts = shown(&app);
        if kazan_seen.last() != Some(&counts[white]) {
            kazan_seen.push(counts[white]);
        }
        if !app.world().resource::<Timeline>().running() {
            break;
        }
    }
    assert!(!app.world().resource::<Timeline>().running(), "the count-in ends");
    assert_eq!(kazan_seen.first(), Some(&75), "the kazan starts from the rules' 75");
    assert_eq!(kazan_seen.last(), Some(&82), "and ends on the score, 75 + the 7 stones left");
    assert!(kazan_seen.len() >= 4, "the stones come in hole by hole, not at once: {kazan_seen:?}");
    let counts = shown(&app);
    assert!(counts[..18].iter().all(|&c| c == 0), "no stone is left in a hole: {counts:?}");
    assert_eq!((counts[white], counts[place_index(Place::Kazan(Side::Black))]), (82, 80));
    let slots = app.world().resource::<StoneSlots>().counts();
    assert_eq!(slots, counts, "the stone entities lie where the counts say");
    let layout = app.world().resource::<BoardLayout>().clone();
    let kazan_stones = app.world().resource::<StoneSlots>().places[white].clone();
    for (k, stone) in kazan_stones.into_iter().enumerate() {
        let at = app.world().get::<Transform>(stone).unwrap().translation.truncate();
        assert!(at.distance(layout.stone_position(Place::Kazan(Side::White), k)) < 0.5, "stone {k} at rest");
    }
    let mut q = app.world_mut().query::<&StoneView>();
    assert_eq!(q.iter(app.world()).count(), 162);
}

#[test]
fn the_result_has_its_moment_before_its_panel_and_a_tap_cuts_it_short() {
    for cut_short in [false, true] {
        let dir = save_dir(&format!("result-moment-{cut_short}"));
        let mut app = start_app(PHONE, &dir);
        start_hot_seat(&mut app);
        frames(&mut app, 2);
        set_position(&mut app, LAST_MOVE);
        touch_hole(&mut app, Side::White, 1);
        until_landed(&mut app, 400);
        frames(&mut app, 2);
        assert!(app.world().resource::<ResultMoment>().holding(), "the moment follows the count-in");
        assert!(named_rect(&mut app, "Game over").is_none(), "the panel waits for the moment");
        let banner = named_rect(&mut app, "Result moment: White wins");
        assert!(banner.is_some(), "the result is told over the board");
        let mut glows = app.world_mut().query::<&Glow>();
        assert_eq!(glows.iter(app.world()).count(), 1, "the winner's kazan glows");
        if cut_short {
            // Anywhere: the banner lets the tap through, and the board takes no move in a finished game.
            touch_tap_arriving(&mut app, PHONE / 2.0);
        } else {
            frames(&mut app, (MOMENT / 0.016) as usize + 4);
        }
        assert!(!app.world().resource::<ResultMoment>().holding(), "cut_short {cut_short}");
        assert!(
            named_rect(&mut app, "Game over").is_some(),
            "then the result's panel (cut_short {cut_short})"
        );
        assert!(named_rect(&mut app, "Result moment: White wins").is_none(), "the banner is gone");
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn a_new_tuzdik_pops_in_with_a_glow_and_then_the_app_may_rest() {
    let mut app = app_with(Mode::HotSeat, Speed::Normal);
    set_position(&mut app, TUZDIK_MOVE);
    tap(&mut app, Side::White, 9);
    until_landed(&mut app, 400);
    frames(&mut app, 2);
    let mut pops = app.world_mut().query::<(&TuzdikMark, &Pop, &Transform)>();
    let popping: Vec<(Side, f32)> = pops.iter(app.world()).map(|(m, _, t)| (m.0, t.scale.x)).collect();
    assert_eq!(popping.len(), 1, "White's new ring has its moment: {popping:?}");
    assert_eq!(popping[0].0, Side::White);
    assert!(popping[0].1 > 1.2, "it starts larger than it rests: {}", popping[0].1);
    let mut glows = app.world_mut().query::<&Glow>();
    assert_eq!(glows.iter(app.world()).count(), 1, "a glow over the hole");
    frames(&mut app, (POP.max(0.9) / 0.016) as usize + 4);
    let mut marks = app.world_mut().query::<(&TuzdikMark, &Transform)>();
    for (mark, t) in marks.iter(app.world()) {
        assert_eq!(t.scale, Vec3::ONE, "{:?}'s ring rests at its size", mark.0);
    }
    assert_eq!(flourishes(&mut app), 0, "every flourish ended by itself");
}

#[test]
fn a_new_screen_fades_in_and_its_veil_is_gone_after_the_fade() {
    let dir = save_dir("screen-fade");
    let mut app = start_app(PHONE, &dir);
    frames(&mut app, (FADE / 0.016) as usize + 2);
    start_hot_seat(&mut app);
    let mut veils = app.world_mut().query::<&Fade>();
    assert_eq!(veils.iter(app.world()).count(), 1, "the game's screen fades in");
    frames(&mut app, (FADE / 0.016) as usize + 2);
    let mut veils = app.world_mut().query::<&Fade>();
    assert_eq!(veils.iter(app.world()).count(), 0, "the veil is gone");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn calm_motion_glides_the_stones_and_starts_no_pop_glow_fade_or_growing_card() {
    let mut app = app_with(Mode::HotSeat, Speed::Normal);
    calm(&mut app);
    set_position(&mut app, TUZDIK_MOVE);
    tap(&mut app, Side::White, 9);
    let mut biggest = 0.0f32;
    while app.world().resource::<Timeline>().running() {
        app.update();
        let mut q = app.world_mut().query_filtered::<&Transform, With<StoneView>>();
        biggest = q.iter(app.world()).map(|t| t.scale.x).fold(biggest, f32::max);
    }
    assert_eq!(biggest, 1.0, "no stone lifts towards the viewer");
    frames(&mut app, 3);
    assert_eq!(flourishes(&mut app), 0, "no pop, no glow");
    let mut marks = app.world_mut().query::<(&TuzdikMark, &Visibility)>();
    let shown_marks = marks.iter(app.world()).filter(|(_, v)| **v == Visibility::Visible).count();
    assert_eq!(shown_marks, 1, "the ring simply appears");

    let dir = save_dir("calm-screens");
    let mut app = start_app(PHONE, &dir);
    calm(&mut app);
    start_hot_seat(&mut app);
    let mut veils = app.world_mut().query::<&Fade>();
    assert_eq!(veils.iter(app.world()).count(), 0, "calm, a screen opens without a fade");
    set_position(&mut app, LAST_MOVE);
    touch_hole(&mut app, Side::White, 1);
    until_landed(&mut app, 400);
    frames(&mut app, 2);
    let mut cards = app.world_mut().query_filtered::<&UiTransform, With<ResultCard>>();
    let scales: Vec<Vec2> = cards.iter(app.world()).map(|t| t.scale).collect();
    assert_eq!(scales, vec![Vec2::ONE], "the result is told at its size, without growing");
    let mut glows = app.world_mut().query::<&Glow>();
    assert_eq!(glows.iter(app.world()).count(), 0, "no kazan glows");
    let mut sparks = app.world_mut().query::<&Spark>();
    assert_eq!(sparks.iter(app.world()).count(), 0, "no sparks fly");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_menus_motion_button_makes_motion_calm_and_the_save_keeps_it() {
    assert!(!Settings::default().reduce_motion, "full motion by default");
    let dir = save_dir("motion-menu");
    let mut app = start_app(PHONE, &dir);
    start_hot_seat(&mut app);
    frames(&mut app, 2);
    press(&mut app, "Menu");
    let said = |app: &mut App| {
        let mut q = app.world_mut().query::<&Text>();
        q.iter(app.world()).map(|t| t.0.clone()).find(|t| t.starts_with("Animations"))
    };
    // The button named "Motion" says what it changes (issue 46): "Motion: calm" did not.
    assert_eq!(said(&mut app).as_deref(), Some("Animations: full"));
    press(&mut app, "Motion");
    frames(&mut app, 2);
    assert_eq!(said(&mut app).as_deref(), Some("Animations: reduced"));
    assert!(app.world().resource::<Calm>().0, "calm at once");
    assert!(flushed_save(&mut app, &dir).settings.reduce_motion, "kept with the settings");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 32: a win was a plain card. The winner's kazan throws sparks that fly, fade and end by
/// themselves, and on a board two players share the result reads from both seats: the moment's words
/// twice (one turned), then the result's words on a card turned to the far seat above the near one.
#[test]
fn a_win_throws_sparks_and_a_shared_boards_result_faces_both_seats() {
    let dir = save_dir("win-sparks");
    let mut app = start_app(PHONE, &dir);
    start_hot_seat(&mut app);
    frames(&mut app, 2);
    set_position(&mut app, LAST_MOVE);
    touch_hole(&mut app, Side::White, 1);
    until_landed(&mut app, 400);
    frames(&mut app, 2);
    let mut sparks = app.world_mut().query::<&Spark>();
    assert!(sparks.iter(app.world()).count() >= 20, "the winner's kazan throws sparks");
    let mut cards = app.world_mut().query_filtered::<&Children, With<ResultCard>>();
    let words: Vec<Entity> = cards.iter(app.world()).flat_map(|c| c.iter()).collect();
    let titles: Vec<f32> = words
        .iter()
        .filter_map(|&e| {
            let text = app.world().get::<Text>(e)?;
            let turn = app.world().get::<UiTransform>(e)?;
            (text.0 == "White wins").then_some(turn.rotation.as_radians().abs())
        })
        .collect();
    assert_eq!(titles.len(), 2, "the moment tells the result to both seats: {titles:?}");
    assert!(titles.iter().any(|r| (r - std::f32::consts::PI).abs() < 0.01), "one copy turned: {titles:?}");
    frames(&mut app, (SPARK_LIFE.max(MOMENT) / 0.016) as usize + 4);
    assert_eq!(sparks.iter(app.world()).count(), 0, "every spark ends by itself");
    assert!(named_rect(&mut app, "Game over").is_some(), "the result's panel");
    let mut far = app.world_mut().query_filtered::<(&Node, &UiTransform, &ComputedNode), With<FarSeatCopy>>();
    let copies: Vec<(Display, f32, f32)> = far
        .iter(app.world())
        .map(|(n, u, c)| (n.display, u.rotation.as_radians().abs(), c.size().y))
        .collect();
    assert_eq!(copies.len(), 1);
    let (display, rotation, height) = copies[0];
    assert!(display == Display::Flex && height > 0.0, "the far seat's copy is shown: {copies:?}");
    assert!((rotation - std::f32::consts::PI).abs() < 0.01, "turned to the far seat");
    let mut texts = app.world_mut().query::<&Text>();
    let winners = texts.iter(app.world()).filter(|t| t.0 == "White wins").count();
    assert_eq!(winners, 2, "both copies of the result's panel name the winner (the moment's are gone)");
    let _ = std::fs::remove_dir_all(&dir);
}
