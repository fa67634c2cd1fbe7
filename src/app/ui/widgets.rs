//! The UI's small building blocks (buttons, labels) and how a button is pressed.
//!
//! Buttons act on [`Tap`], not on picking's `Pointer<Click>`: picking matches a release against the
//! entities hovered in the *previous* frame, so a press that arrives together with its pointer (every
//! touch tap, and a mouse moved and clicked in one go) never clicks. Here a press and its release are
//! each hit-tested against the UI as laid out, at the pointer's own position, whatever frame they arrive
//! in: a tap on a button acts on the first try, and sliding off the button before lifting cancels it.
//! After a card opens by itself under a busy finger ([`TapGrace`]: a Storm's end) the UI takes no press
//! for [`UNASKED_GRACE`], so a tap aimed at the board as it appears does not land on it; a
//! card rebuilt between a press and its release (its words changed, the window turned) keeps the press
//! on the button of the same name.

use bevy::ecs::lifecycle::HookContext;
use bevy::ecs::system::IntoObserverSystem;
use bevy::ecs::world::DeferredWorld;
use bevy::input::touch::Touches;
use bevy::prelude::*;
use bevy::ui::UiStack;
use bevy::window::PrimaryWindow;

use crate::app::i18n::locale::Lang;
use crate::app::i18n::locale::{Locale, Tr};
use crate::app::state::panels::Panels;
use crate::app::ui::theme;

/// A button was tapped (pressed and released on it by the same finger or mouse button).
#[derive(EntityEvent, Clone, Copy, Debug)]
pub struct Tap {
    pub entity: Entity,
    /// Where the finger or mouse was lifted, in logical pixels from the window's top-left: a wide
    /// control (the review's graph) acts on the part tapped.
    pub at: Vec2,
}

/// What an entity does when tapped, carried in its bundle so that a widget is one `impl Bundle` in a
/// `children![…]` list: `(labelled("menu.resume", 20.0), on_tap(|_: On<Tap>, …| …))`. The observer is
/// attached as the entity is spawned and despawned with it.
#[derive(Component)]
#[component(on_add = attach_tap_action)]
pub struct TapAction(Option<Observer>);

/// The action a tap on this entity runs (an observer of [`Tap`]).
pub fn on_tap<B: Bundle, M>(action: impl IntoObserverSystem<Tap, B, M>) -> TapAction {
    TapAction(Some(Observer::new(action)))
}

fn attach_tap_action(mut world: DeferredWorld, context: HookContext) {
    let observer = world.get_mut::<TapAction>(context.entity).and_then(|mut action| action.0.take());
    if let Some(observer) = observer {
        world.commands().spawn(observer.with_entity(context.entity));
    }
}

/// A button that keeps its own colours: no hover or press shading (the review's graph).
#[derive(Component)]
pub struct Unstyled;

/// A choice that is currently selected (level, starter, speed).
#[derive(Component)]
pub struct Selected;

/// A whole screen's page (the title, the lesson list): its children in a centred column, clear of the
/// system's insets by `padding`, on the game's background.
pub fn page(row_gap: f32, padding: UiRect) -> impl Bundle {
    (
        Node {
            width: percent(100),
            height: percent(100),
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::Center,
            justify_content: JustifyContent::Center,
            row_gap: px(row_gap),
            padding,
            overflow: Overflow::clip(),
            ..default()
        },
        BackgroundColor(theme::BACKGROUND),
    )
}

/// The dimmed screen behind a panel: a tap on it (outside the panel) closes the panel. Tapped like a
/// button, but it keeps its own colour.
#[derive(Component)]
pub struct Backdrop;

/// The dimmed screen under the panel on top of [`Panels`]: a tap on it, beside the card, closes that
/// panel (the one under it, if any, shows again).
pub fn panel_backdrop(name: &'static str, z: i32) -> impl Bundle {
    (backdrop(name, 0.55, z), Backdrop, on_tap(close_top))
}

/// Closes the panel on top (a tap beside a card, or its Close).
pub fn close_top(_: On<Tap>, mut panels: ResMut<Panels>) {
    panels.close_top();
}

/// A dimmed screen over the board: while it is not hidden the board takes no taps
/// (`board::input::BoardCover`).
#[derive(Component)]
pub struct CoversBoard;

/// The dimmed screen a panel sits on, above everything with a lower `z`.
pub fn backdrop(name: &'static str, dim: f32, z: i32) -> impl Bundle {
    screen_cover(name, Color::srgba(0.0, 0.0, 0.0, dim), z)
}

/// A screen of `color` over the board, above everything with a lower `z` (a backdrop of any colour).
pub fn screen_cover(name: &'static str, color: Color, z: i32) -> impl Bundle {
    (
        Name::new(name),
        CoversBoard,
        Node {
            position_type: PositionType::Absolute,
            width: percent(100),
            height: percent(100),
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            ..default()
        },
        BackgroundColor(color),
        GlobalZIndex(z),
    )
}

/// A panel's card on its backdrop: `width` wide (less on a narrow screen), its children in a column;
/// `AlignItems::Stretch` gives a column of buttons one width. Taps on it stay on it.
pub fn card(width: f32, padding: f32, gap: f32, align_items: AlignItems) -> impl Bundle {
    (
        TapBarrier,
        PanelCard,
        Node {
            flex_direction: FlexDirection::Column,
            align_items,
            row_gap: px(gap),
            padding: UiRect::all(px(padding)),
            width: px(width),
            max_width: percent(94),
            border_radius: BorderRadius::all(px(18)),
            border: UiRect::all(px(2)),
            ..default()
        },
        BackgroundColor(theme::PANEL),
        BorderColor::all(Color::srgba(1.0, 0.85, 0.6, 0.4)),
    )
}

/// A panel's card: on a shared board, turned to the seat the panels face (`Panels::faces_far`).
#[derive(Component)]
pub struct PanelCard;

/// A card's copy for the far seat of a board two players share (the result's words): always turned to
/// face that seat, whichever way the panels face, and shown only on a shared board.
#[derive(Component)]
pub struct FarSeatCopy;

/// A card turned to its seat by what spawned it (a question or an offer for one player, the pause's copy
/// for each): the way the panels face does not turn it.
#[derive(Component)]
pub struct SeatCard;

/// A panel whose background takes taps without passing them to what holds it (the card of a list
/// that closes when the player taps outside it).
#[derive(Component)]
pub struct TapBarrier;

/// The English text of a message: entity names stay the same in every language, for the tests and the
/// inspector.
pub fn english(key: &str) -> String {
    static ENGLISH: std::sync::OnceLock<Locale> = std::sync::OnceLock::new();
    ENGLISH.get_or_init(|| Locale::new(Lang::En)).t(key)
}

/// A card that opens by itself, not at the player's tap, while the player is tapping (a Storm's end, as
/// the clock runs out mid-puzzle), holds the UI's
/// taps for [`UNASKED_GRACE`] after it opens, as lichess's do: a finger already on its way to a hole
/// landed on the Storm's end card and opened a puzzle's replay. A feature says
/// [`TapGrace::card_opened_unasked`] in the frame it opens such a card.
#[derive(Resource, Default)]
pub struct TapGrace {
    opened: bool,
    /// Until when (seconds of the app's real time) a press on the UI is not taken.
    until: f64,
}

impl TapGrace {
    /// A card opened by itself this frame: the presses of the next [`UNASKED_GRACE`] seconds are not
    /// taken.
    pub fn card_opened_unasked(&mut self) {
        self.opened = true;
    }
}

/// How long the UI takes no press after a card opened by itself, in seconds.
pub const UNASKED_GRACE: f64 = 0.3;

/// The pointer that pressed a button: the mouse, or one finger.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Presser {
    Mouse,
    Finger(u64),
}

/// Buttons pressed and not yet released, one per pointer, with the button's name (a card rebuilt before
/// the release has a new button of that name under the finger).
#[derive(Resource, Default)]
struct ButtonPresses(Vec<(Presser, Entity, Option<Name>)>);

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<ButtonPresses>()
        .init_resource::<HoverLifted>()
        .init_resource::<TapGrace>()
        // Without a window (the headless tests) nothing registers the cursor's messages.
        .add_message::<bevy::window::CursorMoved>()
        .add_systems(
            PreUpdate,
            (tap_buttons, press_look, lift_hover).chain().after(bevy::input::InputSystems),
        )
        // Every screen's buttons, once, after the screens have built and lit theirs.
        .add_systems(PostUpdate, button_colors);
}

/// The look a button had before a finger or the mouse pressed it, given back when it is released.
#[derive(Component, Clone, Copy)]
struct RestLook {
    background: Color,
    border: BorderColor,
}

/// The border of a button held down: bright, as the light catches a key pushed in.
pub const PRESSED_BORDER: Color = Color::srgb(1.0, 0.86, 0.45);

/// A button held down looks pushed in (darker, with a bright rim) from the frame the finger lands until it
/// lifts or slides away: the player sees the press before the action, on every screen. Its hit area does
/// not change, so a finger lifted where it pressed always taps.
fn press_look(
    presses: Res<ButtonPresses>,
    mut commands: Commands,
    mut buttons: Query<
        (Entity, &mut BackgroundColor, &mut BorderColor, Option<&RestLook>),
        (With<Button>, Without<Unstyled>),
    >,
) {
    for (entity, mut background, mut border, rest) in &mut buttons {
        let held = presses.0.iter().any(|(_, pressed, _)| *pressed == entity);
        match (held, rest) {
            (true, None) => {
                commands.entity(entity).insert(RestLook { background: background.0, border: *border });
                background.0 = theme::BUTTON_PRESSED;
                *border = BorderColor::all(PRESSED_BORDER);
            }
            (false, Some(rest)) => {
                background.0 = rest.background;
                *border = rest.border;
                commands.entity(entity).remove::<RestLook>();
            }
            _ => {}
        }
    }
}

/// A button's box with its words centred, rounded corners and a rim: `padding` around the words, at least
/// `min` large. A button made with [`button`] and given another size or place takes this, with its own
/// fields over it (`Node { flex_grow: 1.0, ..button_node(…) }`), so that it keeps the buttons' shape.
pub fn button_node(padding: UiRect, min: Vec2) -> Node {
    Node {
        padding,
        min_width: px(min.x),
        min_height: px(min.y),
        justify_content: JustifyContent::Center,
        align_items: AlignItems::Center,
        border_radius: BorderRadius::all(px(12)),
        border: UiRect::all(px(2)),
        ..default()
    }
}

pub fn button(label: impl Into<String>, font: f32) -> impl Bundle {
    padded_button(label, font, 16.0)
}

/// A button with `pad` pixels each side of its label: narrower rows of choices on small screens.
pub fn padded_button(label: impl Into<String>, font: f32, pad: f32) -> impl Bundle {
    sized_button(label, font, pad, 64.0)
}

/// A button at least `min_width` wide (never under the 44-pixel touch target).
pub fn sized_button(label: impl Into<String>, font: f32, pad: f32, min_width: f32) -> impl Bundle {
    shaped_button(label, font, sized_node(pad, min_width))
}

/// The box of a [`sized_button`]: `pad` pixels each side of its words, at least `min_width` wide.
pub fn sized_node(pad: f32, min_width: f32) -> Node {
    Node {
        padding: UiRect::axes(px(pad), px(10)),
        min_width: px(min_width.max(44.0)),
        min_height: px(44),
        max_width: percent(100),
        // In a crowded row the labels beside the buttons give way, not the buttons' own words.
        flex_shrink: 0.0,
        justify_content: JustifyContent::Center,
        align_items: AlignItems::Center,
        border_radius: BorderRadius::all(px(12)),
        border: UiRect::all(px(2)),
        ..default()
    }
}

/// A button whose box is `node`: a row of a list, or a button that grows
/// (`Node { flex_grow: 1.0, ..button_node(…) }`). A bundle holds one `Node`, so a button of another shape
/// is given it here rather than inserted over a [`sized_button`]'s.
pub fn shaped_button(label: impl Into<String>, font: f32, node: Node) -> impl Bundle {
    painted_button(label, font, node, theme::BUTTON)
}

/// A [`shaped_button`] lit as the choice to make ([`Selected`]): the title's Continue (Learn to play for a
/// new player), a sheet's Start.
pub fn lit_button(label: impl Into<String>, font: f32, node: Node) -> impl Bundle {
    (painted_button(label, font, node, theme::BUTTON_SELECTED), Selected)
}

/// A button named after its English `label` (the tests and the inspector find it by it), in `background`.
fn painted_button(label: impl Into<String>, font: f32, node: Node, background: Color) -> impl Bundle {
    (
        Name::new(format!("Button {}", label.into())),
        Button,
        node,
        BorderColor::all(Color::srgba(1.0, 0.85, 0.6, 0.35)),
        BackgroundColor(background),
        TextFont { font_size: FontSize::Px(font), ..default() },
    )
}

/// A button that says the message `key` in the language on screen, `size` pixels high, as a bundle: give
/// it an [`on_tap`] for what it does.
pub fn labelled(key: &'static str, size: f32) -> impl Bundle {
    padded_labelled(key, size, 16.0)
}

/// [`labelled`] with `pad` pixels each side of its words.
pub fn padded_labelled(key: &'static str, size: f32, pad: f32) -> impl Bundle {
    sized_labelled(key, size, pad, 64.0)
}

/// A labelled button at least `min_width` wide: the bars' row of controls, where every pixel counts.
pub fn sized_labelled(key: &'static str, size: f32, pad: f32, min_width: f32) -> impl Bundle {
    shaped_labelled(key, size, sized_node(pad, min_width))
}

/// [`labelled`] in a box of its own ([`shaped_button`]).
pub fn shaped_labelled(key: &'static str, size: f32, node: Node) -> impl Bundle {
    (shaped_button(english(key), size, node), button_words(key, size))
}

/// [`labelled`] in a box of its own, lit as the choice to make ([`lit_button`]).
pub fn lit_labelled(key: &'static str, size: f32, node: Node) -> impl Bundle {
    (lit_button(english(key), size, node), button_words(key, size))
}

/// A button's words: the message `key` in the language on screen, `size` pixels high (its only child).
pub fn button_words(key: &'static str, size: f32) -> impl Bundle {
    children![(Tr(key), text(english(key), size, theme::TEXT), Pickable::IGNORE)]
}

/// A child that is there only when `shown`, in a list of children built from bundles:
/// `Children::spawn((Spawn(title), spawn_if(last, || words), Spawn(row)))`.
pub fn spawn_if<B: Bundle>(shown: bool, child: impl FnOnce() -> B) -> SpawnIter<std::option::IntoIter<B>> {
    SpawnIter(shown.then(child).into_iter())
}

pub fn text(value: impl Into<String>, size: f32, color: Color) -> impl Bundle {
    (Text::new(value), TextFont { font_size: FontSize::Px(size), ..default() }, TextColor(color))
}

/// Hover shading is off: a finger or the mouse button was lifted, and the mouse has not moved since. On
/// a touch screen nothing hovers (the browser even sends a mouse move with every tap), so a tapped item
/// must not stay lit once the finger is gone; a mouse that moves again lights what it is over.
#[derive(Resource, Default, Clone, Copy, PartialEq, Eq, Debug)]
pub struct HoverLifted(pub bool);

fn lift_hover(
    touches: Res<Touches>,
    mouse: Option<Res<ButtonInput<MouseButton>>>,
    mut moved: MessageReader<bevy::window::CursorMoved>,
    mut lifted: ResMut<HoverLifted>,
) {
    let moved = moved.read().count() > 0;
    let released = touches.any_just_released()
        || touches.any_just_canceled()
        || mouse.as_deref().is_some_and(|m| m.just_released(MouseButton::Left));
    let want = if released {
        true
    } else if moved && touches.iter().next().is_none() {
        false
    } else {
        lifted.0
    };
    lifted.set_if_neq(HoverLifted(want));
}

/// Hover and press feedback for every button; no hover once a finger or button is lifted
/// ([`HoverLifted`]).
pub fn button_colors(
    lifted: Option<Res<HoverLifted>>,
    mut buttons: Query<
        (Ref<Interaction>, &mut BackgroundColor, Option<&Selected>),
        (With<Button>, Without<Unstyled>),
    >,
) {
    let lift_changed = lifted.as_ref().is_some_and(|l| l.is_changed());
    let no_hover = lifted.is_some_and(|l| l.0);
    for (interaction, mut color, selected) in &mut buttons {
        if !interaction.is_changed() && !lift_changed {
            continue;
        }
        color.0 = match (*interaction, selected.is_some()) {
            (Interaction::Pressed, _) => theme::BUTTON_PRESSED,
            (Interaction::Hovered, _) if !no_hover => theme::BUTTON_HOVER,
            (_, true) => theme::BUTTON_SELECTED,
            (_, false) => theme::BUTTON,
        };
    }
}

/// The button under a point of the window (logical pixels from its top-left), if the topmost UI node
/// there is a button or inside one. A visible panel over the screen hides the buttons beneath it.
pub fn button_at(world: &mut World, point: Vec2) -> Option<Entity> {
    let mut state: bevy::ecs::system::SystemState<HitParams> = bevy::ecs::system::SystemState::new(world);
    let params = state.get(world).ok()?;
    hit_button(&params, point)
}

#[derive(bevy::ecs::system::SystemParam)]
pub(crate) struct HitParams<'w, 's> {
    /// Absent without the UI plugin (the headless tests of the board).
    stack: Option<Res<'w, UiStack>>,
    nodes: Query<
        'w,
        's,
        (
            &'static ComputedNode,
            &'static UiGlobalTransform,
            &'static InheritedVisibility,
            Option<&'static Pickable>,
        ),
    >,
    buttons: Query<'w, 's, (), With<Button>>,
    barriers: Query<'w, 's, (), With<TapBarrier>>,
    backdrops: Query<'w, 's, (), With<Backdrop>>,
    windows: Query<'w, 's, &'static Window, With<PrimaryWindow>>,
    parents: Query<'w, 's, &'static ChildOf>,
}

impl HitParams<'_, '_> {
    /// Physical pixels per logical pixel of the window.
    pub(crate) fn window_scale(&self) -> f32 {
        self.windows.single().map_or(1.0, Window::scale_factor)
    }
}

pub(crate) fn hit_button(p: &HitParams, point: Vec2) -> Option<Entity> {
    for &entity in p.stack.as_ref()?.uinodes.iter().rev() {
        let Ok((node, transform, visible, pickable)) = p.nodes.get(entity) else { continue };
        if !visible.get() || pickable.is_some_and(|p| !p.should_block_lower && !p.is_hoverable) {
            continue;
        }
        // The UI is laid out in the window's physical pixels (UiScale only makes the nodes bigger).
        let physical = point * p.window_scale();
        if !node.contains_point(*transform, physical) {
            continue;
        }
        // The topmost node under the point decides: a button, a label inside one, or something else.
        let mut current = entity;
        loop {
            if p.buttons.contains(current) || p.backdrops.contains(current) {
                return Some(current);
            }
            if p.barriers.contains(current) {
                return None;
            }
            match p.parents.get(current) {
                Ok(parent) => current = parent.parent(),
                Err(_) => return None,
            }
        }
    }
    None
}

fn tap_buttons(
    touches: Res<Touches>,
    mouse: Option<Res<ButtonInput<MouseButton>>>,
    window: Query<&Window, With<PrimaryWindow>>,
    hits: HitParams,
    (mut grace, names, time): (ResMut<TapGrace>, Query<&Name>, Res<Time<Real>>),
    mut presses: ResMut<ButtonPresses>,
    mut commands: Commands,
) {
    let now = time.elapsed_secs_f64();
    if grace.opened {
        grace.opened = false;
        grace.until = now + UNASKED_GRACE;
    }
    let held = now < grace.until;
    let cursor = window.single().ok().and_then(Window::cursor_position);
    let mut downs: Vec<(Presser, Vec2)> = Vec::new();
    let mut ups: Vec<(Presser, Option<Vec2>)> = Vec::new();
    for t in touches.iter_just_pressed() {
        downs.push((Presser::Finger(t.id()), t.position()));
    }
    for t in touches.iter_just_released() {
        ups.push((Presser::Finger(t.id()), Some(t.position())));
    }
    // A cancelled touch (a system gesture, palm rejection) presses nothing.
    for t in touches.iter_just_canceled() {
        ups.push((Presser::Finger(t.id()), None));
    }
    if let Some(mouse) = mouse.as_deref() {
        if mouse.just_pressed(MouseButton::Left)
            && let Some(c) = cursor
        {
            downs.push((Presser::Mouse, c));
        }
        if mouse.just_released(MouseButton::Left) {
            ups.push((Presser::Mouse, cursor));
        }
    }
    for (presser, at) in downs {
        presses.0.retain(|(p, _, _)| *p != presser);
        if let Some(button) = hit_button(&hits, at)
            && !held
        {
            presses.0.push((presser, button, names.get(button).ok().cloned()));
        }
    }
    for (presser, at) in ups {
        let Some(i) = presses.0.iter().position(|(p, _, _)| *p == presser) else { continue };
        let (_, pressed, name) = presses.0.swap_remove(i);
        let Some(at) = at else { continue };
        let Some(released) = hit_button(&hits, at) else { continue };
        // The same button, or its copy on a card rebuilt while the finger was down (the one pressed is
        // gone): a tap on × as the card under it was rebuilt was lost.
        let rebuilt =
            !hits.nodes.contains(pressed) && name.is_some() && names.get(released).ok() == name.as_ref();
        if released == pressed || rebuilt {
            commands.trigger(Tap { entity: released, at });
        }
    }
}
