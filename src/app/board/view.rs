//! The board as entities: the wood, 18 holes, 2 kazans, all 162 stones, the counts and the tuzdik marks.
//! The view follows the rules: whenever no animation runs, every stone sits in a slot of the place the
//! rules say, and every count shows the rules' number.

use std::f32::consts::PI;

use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use crate::game::Mode;
use crate::rules::{Hole, Place, Side, TOTAL_STONES};

use crate::app::board::layout::analysis_room;
use crate::app::board::layout::count_shown;
use crate::app::board::layout::lesson_room;
use crate::app::board::layout::text_scale;
use crate::app::board::layout::{BoardLayout, Orientation};
use crate::app::board::sowing::Timeline;
use crate::app::board::stones::BoardWood;
use crate::app::board::stones::CountBadge;
use crate::app::board::stones::CountLabel;
use crate::app::board::stones::HoleNumber;
use crate::app::board::stones::HoleView;
use crate::app::board::stones::KazanView;
use crate::app::board::stones::ShownCounts;
use crate::app::board::stones::StoneSlots;
use crate::app::board::stones::StoneView;
use crate::app::board::stones::TuzdikMark;
use crate::app::board::stones::counts_at_rest;
use crate::app::board::stones::place_at;
use crate::app::board::stones::place_index;
use crate::app::platform::safe_area::SafeArea;
use crate::app::state::launch::Launch;
use crate::app::state::launch::PHONE;
use crate::app::state::screen::Frame;
use crate::app::state::screen::OnBoard;
use crate::app::state::session::{BoardReset, Session, near_side};
use crate::app::state::settings::Settings;
use crate::app::state::view::ViewSize;
use crate::app::ui::theme::{self, Art, DisplayFace};

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<StoneSlots>()
        .init_resource::<BoardRoom>()
        .init_resource::<ShownCounts>()
        .add_systems(Startup, init_view_size)
        .add_systems(OnEnter(OnBoard), spawn_board)
        .add_systems(OnExit(OnBoard), clear_board)
        .add_systems(PreUpdate, track_window)
        .add_systems(
            Update,
            (update_layout, snap_on_reset, sync_labels, mark_six_and_nine, sync_tuzdiks)
                .chain()
                .in_set(Frame::View)
                .run_if(in_state(OnBoard)),
        );
}

fn init_view_size(mut commands: Commands, launch: Option<Res<Launch>>, existing: Option<Res<ViewSize>>) {
    if existing.is_none() {
        let size = launch.map_or(PHONE, |l| l.size);
        commands.insert_resource(ViewSize(size));
    }
}

fn track_window(
    window: Query<&Window, With<PrimaryWindow>>,
    size: Option<ResMut<ViewSize>>,
    ui_scale: Option<ResMut<UiScale>>,
) {
    let Some(mut size) = size else { return };
    if let Ok(window) = window.single() {
        let s = Vec2::new(window.width(), window.height());
        if s.x > 1.0 && s.y > 1.0 && s != size.0 {
            size.0 = s;
        }
    }
    // The UI grows with the board's text on a tablet.
    if let Some(mut ui_scale) = ui_scale {
        let wanted = text_scale(size.0);
        if ui_scale.0 != wanted {
            ui_scale.0 = wanted;
        }
    }
}

/// The next game lays its board out afresh: its holes and kazans are new entities.
fn clear_board(mut slots: ResMut<StoneSlots>, mut commands: Commands) {
    *slots = StoneSlots::default();
    commands.remove_resource::<BoardLayout>();
}

/// Room kept beside the board for a panel of the screen: the review's analysis.
#[derive(Resource, Default, Clone, Copy, PartialEq, Eq)]
pub struct BoardRoom {
    pub analysis: bool,
}

/// The layout for the window, the near side, the system's insets and the room the screen's panels take.
pub fn wanted_layout(
    size: &ViewSize,
    session: &Session,
    settings: &Settings,
    safe: &SafeArea,
    room: &BoardRoom,
) -> BoardLayout {
    let mut insets = [safe.top, safe.right, safe.bottom, safe.left];
    if session.owner.is_practice() {
        for (inset, room) in insets.iter_mut().zip(lesson_room(size.0)) {
            *inset += room;
        }
    }
    let panel = if room.analysis && !session.owner.is_practice() { analysis_room(size.0) } else { [0.0; 4] };
    BoardLayout::with_room(size.0, near_side(session, settings), insets, panel)
}

/// Two players share the board from its two ends: hot-seat without turning the board each turn. The far
/// player's bar, counts, menu and messages then face them.
pub fn shared_board(session: &Session, settings: &Settings) -> bool {
    matches!(session.game.mode, Mode::HotSeat) && !settings.flip_each_turn
}

/// Far-side text turns to face its player in hot-seat on a shared tablet.
pub fn faces_player(session: &Session, settings: &Settings, side: Side, layout: &BoardLayout) -> Quat {
    let turned = shared_board(session, settings) && !session.owner.is_practice() && side != layout.near;
    if turned { Quat::from_rotation_z(PI) } else { Quat::IDENTITY }
}

fn spawn_board(
    mut commands: Commands,
    art: Res<Art>,
    size: Res<ViewSize>,
    safe: Res<SafeArea>,
    room: Res<BoardRoom>,
    session: Res<Session>,
    settings: Res<Settings>,
    mut slots: ResMut<StoneSlots>,
    mut shown: ResMut<ShownCounts>,
) {
    let layout = wanted_layout(&size, &session, &settings, &safe, &room);
    let ink = theme::palette(settings.stones).ink;
    commands.spawn((
        Name::new("Board"),
        BoardWood,
        Sprite {
            image: board_image(&art, &layout),
            custom_size: Some(layout.board.size()),
            image_mode: SpriteImageMode::Sliced(theme::board_slicer()),
            ..default()
        },
        Transform::from_translation(layout.board.center().extend(0.0)),
        DespawnOnExit(OnBoard),
    ));
    for side in Side::BOTH {
        for hole in Hole::all() {
            let place = Place::Hole(side, hole);
            commands.spawn((
                Name::new(format!("Hole {side} {hole}")),
                HoleView { side, hole },
                Sprite {
                    image: art.hole.clone(),
                    image_mode: SpriteImageMode::Sliced(theme::recess_slicer()),
                    ..default()
                },
                Transform::default(),
                DespawnOnExit(OnBoard),
            ));
            commands.spawn((
                Name::new(format!("Count badge {side} {hole}")),
                CountBadge(place),
                Sprite { image: art.disc.clone(), color: Color::srgba(0.08, 0.05, 0.03, 0.72), ..default() },
                Transform::default(),
                DespawnOnExit(OnBoard),
            ));
            commands
                .spawn((
                    Name::new(format!("Count {side} {hole}")),
                    CountLabel(place),
                    Text2d::new("9"),
                    TextFont { font_size: FontSize::Px(20.0), ..default() },
                    TextColor(theme::TEXT),
                    Transform::default(),
                    DespawnOnExit(OnBoard),
                ))
                .with_child(six_nine_mark(theme::TEXT));
            commands
                .spawn((
                    Name::new(format!("Number {side} {hole}")),
                    HoleNumber(side, hole),
                    Text2d::new(hole.to_string()),
                    // Bold: regular strokes 12 px high (17 on a tablet) read faint on the wood's grain.
                    DisplayFace,
                    TextFont { font_size: FontSize::Px(12.0), ..default() },
                    TextColor(ink),
                    Transform::default(),
                    DespawnOnExit(OnBoard),
                ))
                .with_child(six_nine_mark(ink));
        }
        commands.spawn((
            Name::new(format!("Kazan {side}")),
            KazanView(side),
            Sprite {
                image: art.kazan.clone(),
                image_mode: SpriteImageMode::Sliced(theme::recess_slicer()),
                ..default()
            },
            Transform::default(),
            DespawnOnExit(OnBoard),
        ));
        commands.spawn((
            Name::new(format!("Kazan badge {side}")),
            CountBadge(Place::Kazan(side)),
            Sprite { image: art.disc.clone(), color: theme::side_color(side), ..default() },
            Transform::default(),
            DespawnOnExit(OnBoard),
        ));
        commands
            .spawn((
                Name::new(format!("Kazan count {side}")),
                CountLabel(Place::Kazan(side)),
                Text2d::new("0"),
                TextFont { font_size: FontSize::Px(30.0), ..default() },
                TextColor(theme::side_ink(side)),
                Transform::default(),
                DespawnOnExit(OnBoard),
            ))
            .with_child(six_nine_mark(theme::side_ink(side)));
        commands.spawn((
            Name::new(format!("Tuzdik mark of {side}")),
            TuzdikMark(side),
            Sprite { image: art.tuzdik[side.index()].clone(), ..default() },
            Transform::default(),
            Visibility::Hidden,
            DespawnOnExit(OnBoard),
        ));
    }
    // All 162 stones, each one of the atlas's variants and a little different in tone, like real korgools.
    *slots = StoneSlots::default();
    for id in 0..TOTAL_STONES {
        let tone = 0.92 + 0.08 * (u32::from(id).wrapping_mul(2_654_435_761) % 1000) as f32 / 1000.0;
        let entity = commands
            .spawn((
                Name::new(format!("Stone {id}")),
                StoneView(id),
                Sprite {
                    image: art.stones.clone(),
                    rect: Some(theme::stone_cell(id)),
                    color: Color::srgb(tone, tone, tone),
                    custom_size: Some(stone_sprite_size(&layout)),
                    ..default()
                },
                Transform::default(),
                DespawnOnExit(OnBoard),
            ))
            .id();
        slots.places[0].push(entity);
    }
    let counts = counts_at_rest(&session);
    slots.reassign(&counts);
    shown.0 = counts;
    commands.insert_resource(layout);
    commands.queue(|world: &mut World| {
        world.write_message(BoardReset);
    });
}

/// Lays the board out when it is new (every game), and again when the window size, the insets or the
/// near side change.
fn update_layout(
    size: Res<ViewSize>,
    safe: Res<SafeArea>,
    room: Res<BoardRoom>,
    session: Res<Session>,
    settings: Res<Settings>,
    timeline: Res<Timeline>,
    art: Res<Art>,
    layout: Option<ResMut<BoardLayout>>,
    mut reset: MessageWriter<BoardReset>,
    mut last_shared: Local<Option<bool>>,
    mut wood: Query<(&mut Sprite, &mut Transform), (With<BoardWood>, Without<HoleView>, Without<KazanView>)>,
    mut holes: Query<(&HoleView, &mut Sprite, &mut Transform), (Without<BoardWood>, Without<KazanView>)>,
    mut kazans: Query<(&KazanView, &mut Sprite, &mut Transform), (Without<BoardWood>, Without<HoleView>)>,
) {
    let Some(mut layout) = layout else { return };
    // Two players sharing the board or not (the board's turning switched in the menu) turns the far
    // row's numbers even where the layout stays: a snap sets them again at once, not at the next move.
    let shared = shared_board(&session, &settings);
    if last_shared.replace(shared).is_some_and(|was| was != shared) {
        reset.write(BoardReset);
    }
    let wanted = wanted_layout(&size, &session, &settings, &safe, &room);
    let fresh = layout.is_added();
    if *layout == wanted && !fresh {
        return;
    }
    if timeline.running() && !fresh {
        // Re-layout after the move lands; the animation's targets belong to the old layout.
        return;
    }
    *layout = wanted;
    for (mut sprite, mut transform) in &mut wood {
        sprite.image = board_image(&art, &layout);
        sprite.custom_size = Some(layout.board.size());
        transform.translation = layout.board.center().extend(0.0);
    }
    for (view, mut sprite, mut transform) in &mut holes {
        let r = layout.hole(view.side, view.hole);
        sprite.custom_size = Some(r.size());
        transform.translation = r.center().extend(1.0);
    }
    for (view, mut sprite, mut transform) in &mut kazans {
        let r = layout.kazan(view.0);
        sprite.custom_size = Some(r.size());
        transform.translation = r.center().extend(1.0);
    }
    reset.write(BoardReset);
}

/// Puts every stone where the rules say, at once (after undo, a new game, a resize, or a skipped
/// animation).
pub fn snap_on_reset(
    mut resets: MessageReader<BoardReset>,
    session: Res<Session>,
    settings: Res<Settings>,
    layout: Option<Res<BoardLayout>>,
    mut slots: ResMut<StoneSlots>,
    mut shown: ResMut<ShownCounts>,
    mut stones: Query<(&mut Transform, &mut Sprite), With<StoneView>>,
    mut badges: Query<(&CountBadge, &mut Transform, &mut Sprite), Without<StoneView>>,
    mut labels: Query<
        (&CountLabel, &mut Transform, &mut TextFont),
        (Without<StoneView>, Without<CountBadge>),
    >,
    mut numbers: Query<
        (&HoleNumber, &mut Transform, &mut TextFont),
        (Without<StoneView>, Without<CountBadge>, Without<CountLabel>),
    >,
    mut commands: Commands,
) {
    if resets.read().count() == 0 {
        return;
    }
    let Some(layout) = layout else { return };
    let counts = counts_at_rest(&session);
    slots.reassign(&counts);
    shown.0 = counts;
    for (i, place) in slots.places.iter().enumerate() {
        for (k, &stone) in place.iter().enumerate() {
            if let Ok((mut transform, mut sprite)) = stones.get_mut(stone) {
                transform.translation = layout.stone_position(place_at(i), k).extend(3.0 + k as f32 * 0.001);
                transform.scale = Vec3::ONE;
                sprite.custom_size = Some(stone_sprite_size(&layout));
            }
            commands.entity(stone).remove::<bevy_tweening::TweenAnim>();
        }
    }
    for (badge, mut transform, mut sprite) in &mut badges {
        transform.translation = layout.count_position(badge.0).extend(5.0);
        let size = match badge.0 {
            Place::Hole(..) => 26.0 * layout.text_scale(),
            Place::Kazan(side) => (layout.kazan(side).size().min_element() * 1.1).clamp(34.0, 64.0),
        };
        sprite.custom_size = Some(Vec2::splat(size));
    }
    for (label, mut transform, mut font) in &mut labels {
        let side = match label.0 {
            Place::Hole(s, _) | Place::Kazan(s) => s,
        };
        transform.translation = layout.count_position(label.0).extend(6.0);
        transform.rotation = faces_player(&session, &settings, side, &layout);
        font.font_size = match label.0 {
            Place::Hole(..) => FontSize::Px(layout.hole_count_size(counts[place_index(label.0)])),
            Place::Kazan(_) => {
                FontSize::Px((layout.kazan(side).size().min_element() * 0.55).clamp(18.0, 34.0))
            }
        };
    }
    for (number, mut transform, mut font) in &mut numbers {
        font.font_size = FontSize::Px(12.0 * layout.text_scale());
        transform.translation = layout.number_position(number.0, number.1).extend(2.5);
        transform.rotation = faces_player(&session, &settings, number.0, &layout);
    }
}

/// The counts follow what is shown; a hole's count shows while the player keeps counts on, and always for a
/// heap (more stones than its pattern holds); the holes' numbers take the wood's ink.
fn sync_labels(
    shown: Res<ShownCounts>,
    settings: Res<Settings>,
    layout: Option<Res<BoardLayout>>,
    mut labels: Query<(&CountLabel, &mut Text2d, &mut TextFont, &mut Visibility), Without<CountBadge>>,
    mut badges: Query<(&CountBadge, &mut Visibility), Without<CountLabel>>,
    mut numbers: Query<(&mut TextColor, &Children), With<HoleNumber>>,
    mut marks: Query<&mut Sprite, With<SixNineMark>>,
) {
    let Some(layout) = layout else { return };
    if !(shown.is_changed() || settings.is_changed() || layout.is_changed()) {
        return;
    }
    let visible = |place: Place| match place {
        Place::Hole(..) => {
            let on = count_shown(settings.counts, shown.0[place_index(place)], layout.capacity(place));
            if on { Visibility::Inherited } else { Visibility::Hidden }
        }
        Place::Kazan(_) => Visibility::Inherited,
    };
    for (label, mut text, mut font, mut visibility) in &mut labels {
        let stones = shown.0[place_index(label.0)];
        let n = stones.to_string();
        if text.0 != n {
            text.0 = n;
        }
        if let Place::Hole(..) = label.0 {
            let size = FontSize::Px(layout.hole_count_size(stones));
            if font.font_size != size {
                font.font_size = size;
            }
        }
        visibility.set_if_neq(visible(label.0));
    }
    for (badge, mut visibility) in &mut badges {
        visibility.set_if_neq(visible(badge.0));
    }
    if settings.is_changed() {
        let ink = theme::palette(settings.stones).ink;
        for (mut color, children) in &mut numbers {
            color.set_if_neq(TextColor(ink));
            for child in children.iter() {
                if let Ok(mut mark) = marks.get_mut(child) {
                    mark.color = ink;
                }
            }
        }
    }
}

/// The board's wood, its grain along the board's length.
fn board_image(art: &Art, layout: &BoardLayout) -> Handle<Image> {
    match layout.orientation {
        Orientation::Landscape => art.board_wide.clone(),
        Orientation::Portrait => art.board_tall.clone(),
    }
}

/// A stone's sprite: larger than the ball by its shadow, so the ball itself is the layout's diameter.
pub fn stone_sprite_size(layout: &BoardLayout) -> Vec2 {
    Vec2::splat(layout.stone / theme::STONE_BALL)
}

/// The underline under a number with a 6 or a 9, for text a player may read upside down.
#[derive(Component)]
pub struct SixNineMark;

fn six_nine_mark(color: Color) -> impl Bundle {
    (
        Name::new("6/9 underline"),
        SixNineMark,
        Sprite::from_color(color, Vec2::new(10.0, 2.0)),
        Transform::default(),
        Visibility::Hidden,
    )
}

/// Whether a number reads differently upside down (6 and 9 turn into each other; 16 reads as 91).
pub fn needs_six_nine_mark(text: &str) -> bool {
    text.contains(['6', '9'])
}

/// Some text faces the far player (hot-seat on a shared tablet): every number holding a 6 or a 9 is
/// underlined, so neither player misreads it, whichever way up they see it.
fn mark_six_and_nine(
    session: Res<Session>,
    settings: Res<Settings>,
    labels: Query<(&Text2d, &TextFont, &Children)>,
    mut marks: Query<(&mut Visibility, &mut Transform, &mut Sprite), With<SixNineMark>>,
) {
    let turned = shared_board(&session, &settings);
    for (text, font, children) in &labels {
        let size = match font.font_size {
            FontSize::Px(px) => px,
            _ => 20.0,
        };
        let show = turned && needs_six_nine_mark(&text.0);
        for child in children.iter() {
            let Ok((mut visibility, mut transform, mut sprite)) = marks.get_mut(child) else { continue };
            let want = if show { Visibility::Inherited } else { Visibility::Hidden };
            if *visibility != want {
                *visibility = want;
            }
            let width = size * 0.56 * text.0.chars().count() as f32 + 2.0;
            let bar = Vec2::new(width, (size * 0.09).max(1.5));
            if sprite.custom_size != Some(bar) {
                sprite.custom_size = Some(bar);
            }
            let y = -size * 0.6;
            if transform.translation.y != y {
                transform.translation = Vec3::new(0.0, y, 0.1);
            }
        }
    }
}

fn sync_tuzdiks(
    session: Res<Session>,
    timeline: Res<Timeline>,
    layout: Option<Res<BoardLayout>>,
    mut marks: Query<(&TuzdikMark, &mut Transform, &mut Visibility, &mut Sprite)>,
) {
    let Some(layout) = layout else { return };
    if timeline.running() && !layout.is_changed() {
        return;
    }
    let pos = session.game.position();
    for (mark, mut transform, mut visibility, mut sprite) in &mut marks {
        match pos.tuzdik(mark.0) {
            Some(hole) => {
                let r = layout.hole(mark.0.opponent(), hole);
                transform.translation = r.center().extend(2.0);
                sprite.custom_size = Some(Vec2::splat(r.size().min_element() * 0.92));
                *visibility = Visibility::Visible;
            }
            None => *visibility = Visibility::Hidden,
        }
    }
}
