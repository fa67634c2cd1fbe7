//! The board's face (issue 22): stones large enough to count on a phone, nothing drawn over a count, a
//! number or another hole, counts that can be turned off while a heap keeps its number, stones that stand
//! out from a hole's floor in both sets, and a change of set that repaints the board in place. Issue 46:
//! every stone inside its hole's or kazan's outline as drawn, a hole's stones and a kazan's rows without
//! overlap.

use bevy::prelude::*;
use toguz::app::board::layout::{
    BoardLayout, COUNTABLE, PATTERN_STONES, count_shown, largest_stone, pattern_fit,
};
use toguz::app::board::stones::{CountBadge, CountLabel, HoleNumber, place_at};
use toguz::app::state::messages::Toast;
use toguz::app::state::session::{BoardReset, Session};
use toguz::app::state::settings::{Settings, Speed, StoneSet};
use toguz::app::ui::theme::{self, Art};
use toguz::game::{Game, Mode};
use toguz::rules::{Hole, Place, Side};

use crate::app::{app_with, every_board_layout, frames};
use crate::common::board;
use crate::flows::{buttons, press, save_dir, start_app, window_entity};

/// The 390×844 phone of the issue, bare and with an iPhone's notch and home bar.
fn phone_layouts() -> Vec<BoardLayout> {
    let size = Vec2::new(390.0, 844.0);
    let mut all = Vec::new();
    for near in Side::BOTH {
        for insets in [[0.0; 4], [47.0, 0.0, 34.0, 0.0]] {
            all.push(BoardLayout::with_insets(size, near, insets));
        }
    }
    all
}

#[test]
fn stones_are_big_enough_to_count_on_a_phone() {
    for layout in phone_layouts() {
        assert!(layout.stone >= COUNTABLE, "a phone's game board draws {} px stones", layout.stone);
        for place in (0..18).map(place_at) {
            assert!(
                layout.capacity(place) >= PATTERN_STONES,
                "{place:?} shows only {} stones as pairs",
                layout.capacity(place)
            );
        }
    }
    // Everywhere else: 20 stones as pairs, and stones of 14 px unless the hole is too small for 20 of
    // them (then the largest stone that does fit 20: a quarter pixel more would not).
    for (what, size, layout) in every_board_layout() {
        let hole = layout.hole(Side::White, crate::common::hole(1)).size();
        for place in (0..18).map(place_at) {
            assert!(layout.capacity(place) >= PATTERN_STONES, "{what} at {size}: {place:?}");
        }
        if layout.stone < COUNTABLE {
            assert_eq!(
                layout.stone,
                largest_stone(hole, PATTERN_STONES),
                "{what} at {size}: {} px stones where larger would fit 20",
                layout.stone
            );
            let (pairs, rows) = pattern_fit(hole, layout.stone + 0.25);
            assert!(pairs < 2 || 2 * pairs * rows < PATTERN_STONES, "{what} at {size}");
        }
    }
}

/// A new player's try on a 1366×1024 tablet: with room for 40 stones a hole, the stones were small and a
/// hole's nine lay bunched along its outer edge. They are drawn at least 24 px (28 lying down, 26.75
/// upright), and the start's nine reach across the hole and over a third of its depth.
#[test]
fn a_tablets_stones_are_large_and_spread_over_their_holes() {
    for size in [Vec2::new(1366.0, 1024.0), Vec2::new(1024.0, 1366.0)] {
        let layout = BoardLayout::new(size, Side::White);
        assert!(layout.stone >= 24.0, "{size}: a tablet draws {} px stones", layout.stone);
        for place in (0..18).map(place_at) {
            let hole = layout.place(place);
            let mut spread = Rect::EMPTY;
            for (at, r) in balls(&layout, place, 9) {
                spread = spread.union(Rect::from_center_half_size(at, Vec2::splat(r)));
            }
            // Most of the way across the hole (its width lying down, its height upright), and a third
            // of its depth.
            let share = spread.size() / hole.size();
            assert!(
                share.max_element() >= 0.7 && share.min_element() >= 0.33,
                "{size}: nine stones cover {share} of {place:?}"
            );
        }
    }
}

/// Issue 32: on a tablet a hole's few stones lay in a clump at one end of it, and a kazan's stones in a
/// long thin line over most of an empty strip. A hole's first four stones lie about its middle, on every
/// board; a kazan's 60 stones lie about the middle of its length, leaving its ends bare (in rows since
/// issue 46, no longer in a heap: `a_kazan_of_forty_stones_lays_them_in_rows_without_overlap`).
#[test]
fn a_holes_few_stones_lie_in_its_middle_and_a_kazans_stones_gather_about_the_middle_of_its_length() {
    for size in [Vec2::new(1366.0, 1024.0), Vec2::new(1024.0, 1366.0), Vec2::new(390.0, 844.0)] {
        let layout = BoardLayout::new(size, Side::White);
        for place in (0..18).map(place_at) {
            let hole = layout.place(place);
            let middle = balls(&layout, place, 4).iter().map(|(at, _)| *at).sum::<Vec2>() / 4.0;
            let off = ((middle - hole.center()) / hole.size()).abs();
            assert!(off.max_element() <= 0.2, "{size}: four stones of {place:?} lie {off} off its middle");
        }
        for side in Side::BOTH {
            let place = Place::Kazan(side);
            let kazan = layout.place(place);
            let long = if kazan.width() > kazan.height() { Vec2::X } else { Vec2::Y };
            let stones = balls(&layout, place, 60);
            let along: Vec<f32> = stones.iter().map(|(at, _)| (*at - kazan.center()).dot(long)).collect();
            let (lo, hi) = along.iter().fold((f32::MAX, f32::MIN), |(lo, hi), &v| (lo.min(v), hi.max(v)));
            let length = kazan.size().dot(long);
            assert!(hi - lo < 0.75 * length, "{size}: 60 stones spread over {} of {length}", hi - lo);
            assert!(
                (hi + lo).abs() / 2.0 < 0.2 * length,
                "{size}: the stones of {side:?} are off the middle"
            );
        }
    }
}

/// Issue 32: on a tablet's hot-seat board the messages lie over the kazans, and their stones showed
/// through the words as dark blots (a nearly opaque box, blended in linear light). Every copy of a
/// message is drawn on an opaque box.
#[test]
fn a_message_hides_the_stones_under_its_words() {
    let mut app = app_with(Mode::HotSeat, Speed::Instant);
    app.world_mut().write_message(Toast("Hole 3: the last stone lands in White's hole 6".into()));
    frames(&mut app, 3);
    let mut q = app.world_mut().query::<(&Text, &BackgroundColor)>();
    let boxes: Vec<f32> =
        q.iter(app.world()).filter(|(t, _)| t.0.starts_with("Hole 3:")).map(|(_, b)| b.0.alpha()).collect();
    assert!(!boxes.is_empty(), "the message is shown");
    assert!(boxes.iter().all(|&a| a == 1.0), "every copy's box is opaque: {boxes:?}");
}

/// Issue 46: on a phone held sideways a hole's 13th stone ran over the hole's rounded corner, and past
/// its pattern a hole's stones lay jumbled over each other. On every board, each stone of a hole of up
/// to 40 lies inside the hole's outline as drawn; the stones of its pattern never overlap; the next ones
/// rest in the hollows between them, none within 0.7 of a stone of another, so none hides another.
#[test]
fn every_stone_of_a_full_hole_lies_inside_the_hole_without_overlapping() {
    for (what, size, layout) in every_board_layout() {
        let d = layout.stone;
        for place in (0..18).map(place_at) {
            let capacity = layout.capacity(place);
            // The hollows of a pattern of two pairs by five rows, the fewest of these boards.
            let layered = (capacity + 12).min(40);
            let stones: Vec<Vec2> = balls(&layout, place, 40).into_iter().map(|(at, _)| at).collect();
            for (k, &at) in stones.iter().enumerate() {
                let past = past_the_outline(&layout, place, at);
                assert!(past <= 0.01, "{what} at {size}: stone {k} of {place:?} runs {past} px past its rim");
                for (j, &other) in stones[..k].iter().enumerate() {
                    let apart = at.distance(other);
                    assert!(
                        k >= capacity || apart >= d - 0.01,
                        "{what} at {size}: stones {j} and {k} of {place:?}'s pattern overlap ({apart} apart)"
                    );
                    assert!(
                        k >= layered || apart >= 0.7 * d,
                        "{what} at {size}: stone {k} of {place:?} lies over stone {j} ({apart} apart)"
                    );
                }
            }
        }
    }
}

/// Issue 46: a kazan of 30 to 40 stones drew a jumbled second layer over its first. On every board it
/// lays them in rows across its trough, each row full before the next starts, none over another; 81 (a
/// win) still lie in order, a second layer resting in the hollows of the first, none within 0.7 of a
/// stone of another; and every stone lies inside the kazan's outline as drawn.
#[test]
fn a_kazan_of_forty_stones_lays_them_in_rows_without_overlap() {
    for (what, size, layout) in every_board_layout() {
        let d = layout.stone;
        for side in Side::BOTH {
            let place = Place::Kazan(side);
            let kazan = layout.place(place);
            let long = if kazan.width() > kazan.height() { Vec2::X } else { Vec2::Y };
            let across = Vec2::new(long.y, long.x);
            let stones: Vec<Vec2> = balls(&layout, place, 81).into_iter().map(|(at, _)| at).collect();
            for n in 30..=40 {
                let some = &stones[..n];
                for (k, at) in some.iter().enumerate() {
                    for (j, other) in some[..k].iter().enumerate() {
                        assert!(
                            at.distance(*other) >= d - 0.01,
                            "{what} at {size}: stones {j} and {k} of {n} in the kazan of {side:?} overlap"
                        );
                    }
                }
                let rows = distinct(some.iter().map(|at| at.dot(long)).collect());
                let columns = distinct(some.iter().map(|at| at.dot(across)).collect());
                assert!(
                    (rows - 1) * columns < n && n <= rows * columns,
                    "{what} at {size}: {n} stones of {side:?} lie in {rows} rows of {columns}"
                );
            }
            for (k, at) in stones.iter().enumerate() {
                let past = past_the_outline(&layout, place, *at);
                assert!(past <= 0.01, "{what} at {size}: stone {k} of {place:?} runs {past} px past its rim");
                for (j, other) in stones[..k].iter().enumerate() {
                    assert!(
                        at.distance(*other) >= 0.7 * d,
                        "{what} at {size}: stone {k} of 81 in the kazan of {side:?} lies over stone {j}"
                    );
                }
            }
        }
    }
}

/// How many different values, to a hundredth of a pixel, a list holds.
fn distinct(mut values: Vec<f32>) -> usize {
    values.sort_by(f32::total_cmp);
    values.dedup_by(|a, b| (*a - *b).abs() < 0.01);
    values.len()
}

/// How far a stone's ball at `at` reaches past its place's outline as drawn (negative: how far inside
/// it is): the recess image's outline, its lip and rounded corners scaled as the slicer scales them.
fn past_the_outline(layout: &BoardLayout, place: Place, at: Vec2) -> f32 {
    let r = layout.place(place);
    let scale = (r.size() / theme::RECESS_TEXELS).min_element().min(theme::recess_slicer().max_corner_scale);
    let half = r.size() / 2.0 - Vec2::splat(theme::RECESS_LIP * scale);
    let radius = theme::RECESS_CORNER * scale;
    // The signed distance from the ball's centre to the outline's rounded rectangle.
    let q = (at - r.center()).abs() - half + Vec2::splat(radius);
    let outside = q.max(Vec2::ZERO).length() + q.max_element().min(0.0) - radius;
    outside + layout.stone / 2.0
}

/// A stone's ball, as drawn: its centre and radius.
fn balls(layout: &BoardLayout, place: Place, count: usize) -> Vec<(Vec2, f32)> {
    (0..count).map(|k| (layout.stone_position(place, k), layout.stone / 2.0)).collect()
}

#[test]
fn no_stone_overlaps_a_count_a_number_or_another_hole() {
    for (what, size, layout) in every_board_layout() {
        let badge_r = 13.0 * layout.text_scale();
        // The places never overlap each other.
        for a in 0..20 {
            for b in (a + 1)..20 {
                let (ra, rb) = (layout.place(place_at(a)), layout.place(place_at(b)));
                assert!(
                    ra.intersect(rb).is_empty(),
                    "{what} at {size}: {:?} and {:?}",
                    place_at(a),
                    place_at(b)
                );
            }
        }
        let mut marks: Vec<(String, Vec2, f32)> = Vec::new();
        for side in Side::BOTH {
            for hole in Hole::all() {
                let place = Place::Hole(side, hole);
                marks.push((format!("count of {place:?}"), layout.count_position(place), badge_r));
                // A number of one or two glyphs, 12 px high.
                marks.push((
                    format!("number of {place:?}"),
                    layout.number_position(side, hole),
                    5.5 * layout.text_scale(),
                ));
            }
            let kazan = layout.kazan(side);
            let kazan_badge = (kazan.size().min_element() * 1.1).clamp(34.0, 64.0) / 2.0;
            marks.push((
                format!("count of kazan {side}"),
                layout.count_position(Place::Kazan(side)),
                kazan_badge,
            ));
        }
        for place in (0..20).map(place_at) {
            // Every count a place can hold, heaps included: 162 covers them all.
            for (k, (at, r)) in balls(&layout, place, 162).into_iter().enumerate() {
                assert!(
                    layout.place(place).inflate(0.5).contains(at - Vec2::splat(r))
                        && layout.place(place).inflate(0.5).contains(at + Vec2::splat(r)),
                    "{what} at {size}: stone {k} of {place:?} leaves it"
                );
                for (name, centre, radius) in &marks {
                    assert!(
                        at.distance(*centre) >= r + radius - 0.5,
                        "{what} at {size}: stone {k} of {place:?} at {at} lies over the {name} at {centre}"
                    );
                }
            }
        }
        // The numbers and the counts do not lie over each other either.
        for (i, (a, ca, ra)) in marks.iter().enumerate() {
            for (b, cb, rb) in &marks[i + 1..] {
                assert!(ca.distance(*cb) >= ra + rb - 0.5, "{what} at {size}: the {a} and the {b} overlap");
            }
        }
    }
}

/// A new player's try: on a tablet the holes' counts touched their holes' edges, with wood to spare
/// between them and the board's edge. Every hole's count sits in the middle of the wood between its hole
/// and the board's edge, and, on a phone held upright as on a tablet, clear of its hole by a tenth of
/// its badge or more (a phone held sideways has room for the badge and little else).
#[test]
fn a_holes_count_sits_in_the_middle_of_the_wood_between_its_hole_and_the_boards_edge() {
    for (what, size, layout) in every_board_layout() {
        // The badge as the view draws it.
        let badge = 26.0 * layout.text_scale();
        for side in Side::BOTH {
            for hole in Hole::all() {
                let r = layout.hole(side, hole);
                let at = layout.count_position(Place::Hole(side, hole));
                let toward = layout.towards_player(side);
                let hole_edge = (r.center() - at).dot(toward) + r.size().dot(toward.abs()) / 2.0;
                let board_edge =
                    (layout.board.center() - at).dot(toward) + layout.board.size().dot(toward.abs()) / 2.0;
                let (to_hole, to_edge) = (-hole_edge - badge / 2.0, board_edge - badge / 2.0);
                assert!(
                    (to_hole - to_edge).abs() < 0.5,
                    "{what} at {size}: the count of {side} {hole} is {to_hole} from its hole, {to_edge} from \
                     the board's edge"
                );
                if size.y >= 560.0 {
                    assert!(
                        to_hole >= badge * 0.1,
                        "{what} at {size}: the count of {side} {hole} is {to_hole} from its hole"
                    );
                }
            }
        }
    }
}

#[test]
fn counts_turn_off_but_a_heap_keeps_its_number() {
    assert!(count_shown(true, 3, 24), "counts on: every hole says its number");
    assert!(!count_shown(false, 3, 24), "counts off: the stones speak for themselves");
    assert!(!count_shown(false, 24, 24), "a full pattern still reads by eye");
    assert!(count_shown(false, 25, 24), "a heap cannot be counted by eye: its number stays");

    let mut app = app_with(Mode::HotSeat, Speed::Instant);
    let position = board([30, 9, 9, 9, 9, 9, 0, 0, 0], [9, 9, 9, 9, 9, 9, 9, 9, 9], [0, 0], Side::White);
    app.world_mut().resource_mut::<Session>().game = Game::from_position(Mode::HotSeat, position);
    app.world_mut().write_message(BoardReset);
    app.world_mut().resource_mut::<Settings>().counts = false;
    frames(&mut app, 3);
    let layout = app.world().resource::<BoardLayout>().clone();
    assert!(layout.capacity(Place::Hole(Side::White, crate::common::hole(1))) < 30, "30 stones make a heap");
    let mut labels = app.world_mut().query::<(&CountLabel, &Visibility)>();
    let shown: Vec<(Place, bool)> =
        labels.iter(app.world()).map(|(l, v)| (l.0, *v != Visibility::Hidden)).collect();
    assert_eq!(shown.len(), 20);
    for (place, visible) in shown {
        let want = match place {
            Place::Kazan(_) => true,
            Place::Hole(Side::White, h) => h.number() == 1,
            Place::Hole(..) => false,
        };
        assert_eq!(visible, want, "the count of {place:?} shown: {visible}");
    }
    let mut badges = app.world_mut().query::<(&CountBadge, &Visibility)>();
    for (badge, visibility) in badges.iter(app.world()) {
        let heap = badge.0 == Place::Hole(Side::White, crate::common::hole(1));
        let want = matches!(badge.0, Place::Kazan(_)) || heap;
        assert_eq!(*visibility != Visibility::Hidden, want, "the badge of {:?}", badge.0);
    }
    let numbers = app.world_mut().query::<&HoleNumber>().iter(app.world()).count();
    assert_eq!(numbers, 18, "the holes' numbers stay");
    app.world_mut().resource_mut::<Settings>().counts = true;
    frames(&mut app, 2);
    let mut labels = app.world_mut().query::<(&CountLabel, &Visibility)>();
    assert!(labels.iter(app.world()).all(|(_, v)| *v != Visibility::Hidden), "counts on again: all shown");
}

/// WCAG's relative luminance of an sRGB colour in 0..1.
fn luminance(rgb: [f32; 3]) -> f32 {
    let lin = |c: f32| if c <= 0.040_45 { c / 12.92 } else { ((c + 0.055) / 1.055).powf(2.4) };
    0.2126 * lin(rgb[0]) + 0.7152 * lin(rgb[1]) + 0.0722 * lin(rgb[2])
}

fn contrast(a: f32, b: f32) -> f32 {
    (a.max(b) + 0.05) / (a.min(b) + 0.05)
}

/// The mean luminance of an image's texels inside `rect` (texels) whose alpha is at least `min_alpha`.
fn mean_luminance(image: &Image, rect: URect, min_alpha: u8) -> f32 {
    let width = image.width();
    let data = image.data.as_ref().expect("a painted image keeps its texels");
    let (mut sum, mut n) = (0.0, 0usize);
    for y in rect.min.y..rect.max.y {
        for x in rect.min.x..rect.max.x {
            let i = ((y * width + x) * 4) as usize;
            if data[i + 3] >= min_alpha {
                sum += luminance([data[i], data[i + 1], data[i + 2]].map(|c| f32::from(c) / 255.0));
                n += 1;
            }
        }
    }
    assert!(n > 0, "no texel of the image counts");
    sum / n as f32
}

#[test]
fn stone_and_floor_contrast_at_least_3_to_1_in_both_sets() {
    for set in StoneSet::ALL {
        let p = theme::palette(set);
        let stones = theme::stone_atlas(&p);
        let hole = theme::hole_image(&p);
        let kazan = theme::kazan_image(&p);
        // The floor where stones lie: the hole's middle half.
        let middle = URect::new(48, 48, 144, 144);
        for i in 0..theme::STONE_VARIANTS as u32 {
            let cell = URect::new(i * theme::STONE_CELL, 0, (i + 1) * theme::STONE_CELL, theme::STONE_CELL);
            let stone = mean_luminance(&stones, cell, 255);
            for (what, floor) in [("hole", &hole), ("kazan", &kazan)] {
                let c = contrast(stone, mean_luminance(floor, middle, 255));
                assert!(c >= 3.0, "{set:?}: stone {i} against a {what}'s floor: {c:.2}:1");
            }
        }
        // The tuzdik's ring: part of it stands out 3:1 from the floor, for either owner, on either wood.
        let floor = mean_luminance(&hole, middle, 255);
        for owner in Side::BOTH {
            let ring = theme::tuzdik_image(owner);
            let data = ring.data.as_ref().unwrap();
            let (mut strong, mut all) = (0, 0);
            for px in data.chunks(4).filter(|px| px[3] == 255) {
                all += 1;
                if contrast(luminance([px[0], px[1], px[2]].map(|c| f32::from(c) / 255.0)), floor) >= 3.0 {
                    strong += 1;
                }
            }
            assert!(
                all > 0 && strong * 10 >= all,
                "{set:?}: {owner}'s tuzdik: {strong} of {all} texels at 3:1"
            );
        }
    }
}

/// A new player's try on a tablet: the holes' numbers were faint. Their ink stands out from the wood at
/// 4.5:1 at least (WCAG's rule for text) in both sets, on all but the darkest or lightest hundredth of the
/// wood inside its bevel (the grain lines included).
#[test]
fn the_holes_numbers_read_at_4_5_to_1_on_the_wood_in_both_sets() {
    for set in StoneSet::ALL {
        let p = theme::palette(set);
        let ink = p.ink.to_srgba();
        let ink = luminance([ink.red, ink.green, ink.blue]);
        for (w, h) in [(1024, 512), (512, 1024)] {
            let wood = theme::wood_image(&p, w, h);
            let data = wood.data.as_ref().unwrap();
            let mut wood_l: Vec<f32> = Vec::new();
            for y in 40..h - 40 {
                for x in 40..w - 40 {
                    let i = ((y * w + x) * 4) as usize;
                    wood_l.push(luminance([data[i], data[i + 1], data[i + 2]].map(|c| f32::from(c) / 255.0)));
                }
            }
            wood_l.sort_by(f32::total_cmp);
            // The wood's tone nearest the ink's, but for a hundredth of it.
            let near =
                if ink < wood_l[0] { wood_l[wood_l.len() / 100] } else { wood_l[wood_l.len() * 99 / 100] };
            let c = contrast(ink, near);
            assert!(c >= 4.5, "{set:?}, {w}×{h}: the numbers' ink on the wood: {c:.2}:1");
        }
    }
}

#[test]
fn the_two_sets_of_stones_differ_and_painting_is_the_same_every_time() {
    let korgool = theme::stone_atlas(&theme::palette(StoneSet::Korgool));
    let ivory = theme::stone_atlas(&theme::palette(StoneSet::Ivory));
    assert_ne!(korgool.data, ivory.data);
    assert_eq!(korgool.data, theme::stone_atlas(&theme::palette(StoneSet::Korgool)).data);
    // The dark korgools lie on light wood, the ivory stones on dark walnut.
    let middle = URect::new(48, 48, 144, 144);
    let whole = URect::new(0, 0, theme::STONE_CELL, theme::STONE_CELL);
    let k = theme::palette(StoneSet::Korgool);
    let i = theme::palette(StoneSet::Ivory);
    assert!(mean_luminance(&korgool, whole, 255) < mean_luminance(&theme::hole_image(&k), middle, 255));
    assert!(mean_luminance(&ivory, whole, 255) > mean_luminance(&theme::hole_image(&i), middle, 255));
}

#[test]
fn choosing_other_stones_repaints_the_board_in_place() {
    let dir = save_dir("stone-set");
    let mut app = start_app(Vec2::new(390.0, 844.0), &dir);
    let art = app.world().resource::<Art>().clone();
    let texels = |app: &App, handle: &Handle<Image>| {
        app.world().resource::<Assets<Image>>().get(handle).and_then(|i| i.data.clone()).expect("painted")
    };
    let (stones, hole, wood) =
        (texels(&app, &art.stones), texels(&app, &art.hole), texels(&app, &art.board_tall));
    app.world_mut().resource_mut::<Settings>().stones = StoneSet::Ivory;
    frames(&mut app, 2);
    assert_ne!(texels(&app, &art.stones), stones, "the stones change");
    assert_ne!(texels(&app, &art.hole), hole, "the holes' floor changes");
    assert_ne!(texels(&app, &art.board_tall), wood, "the wood changes");
    assert_eq!(
        texels(&app, &art.stones),
        theme::stone_atlas(&theme::palette(StoneSet::Ivory)).data.unwrap(),
        "the ivory stones are painted"
    );
    let _ = std::fs::remove_dir_all(dir);
}

/// Every painted image of the board, by name, with its size in texels.
fn art_sizes(app: &App) -> Vec<(&'static str, UVec2)> {
    let art = app.world().resource::<Art>().clone();
    let images = app.world().resource::<Assets<Image>>();
    let size = |h: &Handle<Image>| images.get(h).map_or(UVec2::ZERO, |i| i.size());
    vec![
        ("stones", size(&art.stones)),
        ("hole", size(&art.hole)),
        ("kazan", size(&art.kazan)),
        ("tall board", size(&art.board_tall)),
        ("wide board", size(&art.board_wide)),
        ("White's tuzdik", size(&art.tuzdik[0])),
        ("Black's tuzdik", size(&art.tuzdik[1])),
        ("ring", size(&art.ring)),
        ("glow", size(&art.glow)),
        ("disc", size(&art.disc)),
        ("star", size(&art.star)),
    ]
}

#[test]
fn a_start_paints_what_the_title_shows_first_and_every_image_before_a_board_is_shown() {
    let dir = save_dir("paint-later");
    let mut app = start_app(Vec2::new(390.0, 844.0), &dir);
    let painted = |app: &App| art_sizes(app).into_iter().filter(|(_, s)| s.min_element() > 1).count();
    let wide_board = |app: &App| art_sizes(app)[4].1;
    // The title of a phone shows the stones, the holes, the kazans and the tall board: there at once.
    for (name, size) in art_sizes(&app).into_iter().take(4) {
        assert!(size.min_element() > 1, "the {name} is painted for the title ({size})");
    }
    let early = painted(&app);
    assert!(early < 10, "the start left images for after the title's first frames ({early} of 11 painted)");
    // A board shown right away (Play tapped within the first frames) has every image its window shows.
    app.world_mut().write_message(toguz::app::state::session::NewGame(Mode::HotSeat));
    // The message is read in one frame's update, the board built as the next one begins.
    frames(&mut app, 2);
    assert_eq!(
        toguz::app::state::screen::Screen::Game,
        *app.world().resource::<State<toguz::app::state::screen::Screen>>().get()
    );
    assert_eq!(painted(&app), 10, "every image but the wide board is painted once a board is shown");
    assert_eq!(wide_board(&app), UVec2::ONE, "a phone held upright has no wide board on its GPU");
    // Turned on its side, the phone gets its wide board before that board is drawn.
    let window = window_entity(&mut app);
    app.world_mut().get_mut::<Window>(window).unwrap().resolution.set(844.0, 390.0);
    frames(&mut app, 1);
    assert!(wide_board(&app).min_element() > 1, "the wide board is painted as the window turns");
    assert_eq!(painted(&app), 11);
    let _ = std::fs::remove_dir_all(dir);

    // Left on the title, the rest follows a frame at a time.
    let dir = save_dir("paint-later-title");
    let mut app = start_app(Vec2::new(1366.0, 1024.0), &dir);
    assert!(wide_board(&app).min_element() > 1, "a tablet lying down has its wide board at once");
    frames(&mut app, 10);
    assert_eq!(painted(&app), 10, "the title paints the rest in its first frames: {:?}", art_sizes(&app));
    assert_eq!(art_sizes(&app)[3].1, UVec2::ONE, "but not the tall board a lying tablet does not show");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_painted_image_has_every_row_in_its_place_however_the_rows_are_shared_out() {
    // Painting shares an image's rows out among the cores: a band put back in the wrong place would
    // show here as a step backwards. The texel's colour is its place: red across, green down.
    let (width, height) = (37, 211);
    let painted = toguz::app::ui::painting::image(width, height, 1, |u, v| [u, v, 0.0, 1.0]);
    let data = painted.data.expect("an image painted on the CPU keeps its bytes");
    let texel = |x: u32, y: u32| {
        let i = ((y * width + x) * 4) as usize;
        [data[i], data[i + 1], data[i + 3]]
    };
    for y in 0..height {
        for x in 0..width {
            let [red, green, alpha] = texel(x, y);
            assert_eq!(alpha, 255, "every texel is painted ({x}, {y})");
            if x > 0 {
                assert!(red >= texel(x - 1, y)[0], "red grows across row {y} at {x}");
            }
            if y > 0 {
                assert!(green >= texel(x, y - 1)[1], "green grows down column {x} at {y}");
            }
        }
    }
    assert!(
        texel(0, 0)[1] < 30 && texel(0, height - 1)[1] > 250,
        "the first row is the top, the last the bottom"
    );
}

/// A finger held on `at` (logical pixels from the window's top-left) for a frame, then slid off and
/// cancelled: the button shows its press, and nothing is tapped.
fn held_look(app: &mut App, button: Entity, at: Vec2) -> ((Color, BorderColor), (Color, BorderColor)) {
    use bevy::input::touch::{TouchInput, TouchPhase};
    let look = |app: &App| {
        let background = app.world().get::<BackgroundColor>(button).expect("a button's colour").0;
        (background, *app.world().get::<BorderColor>(button).expect("a button's rim"))
    };
    let rest = look(app);
    let window = window_entity(app);
    app.world_mut().write_message(TouchInput {
        phase: TouchPhase::Started,
        position: at,
        window,
        force: None,
        id: 77,
    });
    frames(app, 1);
    let held = look(app);
    app.world_mut().write_message(TouchInput {
        phase: TouchPhase::Canceled,
        position: at,
        window,
        force: None,
        id: 77,
    });
    frames(app, 2);
    assert_eq!(look(app), rest, "a cancelled press gives the button its look back");
    (rest, held)
}

#[test]
fn every_buttons_pressed_look_differs_from_its_rest_look() {
    let dir = save_dir("pressed-look");
    for size in [Vec2::new(390.0, 844.0), Vec2::new(1366.0, 1024.0)] {
        let mut app = start_app(size, &dir);
        let mut seen = 0;
        // The title's buttons, then the game's bars and its menu.
        for step in 0..3 {
            match step {
                1 => {
                    app.world_mut().write_message(toguz::app::state::session::NewGame(Mode::HotSeat));
                    frames(&mut app, 5);
                }
                2 => {
                    press(&mut app, "Menu");
                }
                _ => {}
            }
            for (label, entity, at) in buttons(&mut app) {
                if app.world().get::<toguz::app::ui::widgets::Unstyled>(entity).is_some() {
                    continue;
                }
                let (rest, held) = held_look(&mut app, entity, at);
                assert_ne!(rest, held, "{size}: the button '{label}' looks the same held down as at rest");
                seen += 1;
            }
        }
        assert!(seen >= 10, "{size}: only {seen} buttons were tried");
    }
    let _ = std::fs::remove_dir_all(dir);
}
