//! The games played: every game with a move in it is kept as it stands (finished, or left unfinished when
//! another began), the latest 200, in `history.ron` beside the save, written atomically as the save is.
//! "Games" on the title lists them, newest first, a page at a time; a game opens in review. A history
//! file that cannot be read is set aside (`history.ron.damaged`) and a fresh one begun: nothing else is
//! lost, and the save is never touched.

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use crate::rules::Status;

use super::locale::{Locale, Tr};
use super::persistence::{SavePath, SaveWriter, SavedMoves};
use super::review::ReviewPast;
use super::theme;
use super::widgets::{Backdrop, Tap, backdrop, button, card, labelled_button, padded_labelled_button, text};
use super::{PasteRecord, Screen, Session};

const FILE: &str = "history.ron";
const VERSION: u32 = 1;
/// Games kept: the oldest goes when a new one would make more.
pub const KEEP: usize = 200;

/// One game of the history.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PastGame {
    /// The day it began, `YYYY-MM-DD` (UTC).
    pub date: String,
    pub game: SavedMoves,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HistoryFile {
    pub version: u32,
    /// Oldest first.
    pub games: Vec<PastGame>,
}

/// The games played, oldest first.
#[derive(Resource, Default, Clone, Debug)]
pub struct History {
    pub games: Vec<PastGame>,
    path: Option<std::path::PathBuf>,
}

/// The history list on the title: open, and the page shown (0 for the newest games).
#[derive(Resource, Default, Clone, Copy, PartialEq, Eq)]
pub struct HistoryList {
    pub open: bool,
    pub page: usize,
}

/// The history file's own writer: a writer's writes are numbered for one file.
#[derive(Resource, Default)]
pub struct HistoryWriter(pub SaveWriter);

#[derive(Component)]
struct HistoryRoot;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<History>()
        .init_resource::<HistoryWriter>()
        .init_resource::<HistoryList>()
        // After the save's path is chosen, before the title is built.
        .add_systems(PreStartup, load_history.after(super::persistence::SaveLoaded))
        .add_systems(Last, keep_the_game)
        .add_systems(Update, show_list.run_if(in_state(Screen::Title)))
        .add_systems(OnExit(Screen::Title), |mut list: ResMut<HistoryList>| list.open = false)
        // A game looked at from the list returns to the list.
        .add_systems(
            OnTransition { exited: Screen::Review, entered: Screen::Title },
            |mut list: ResMut<HistoryList>| list.open = true,
        );
}

/// Reads the history file's text. A file that is not a history gives the reason.
pub fn read_history_text(text: &str) -> Result<Vec<PastGame>, String> {
    let file: HistoryFile = ron::from_str(text).map_err(|e| e.to_string())?;
    // A game that no longer replays (a damaged entry) is dropped, not the whole history.
    Ok(file.games.into_iter().filter(|g| g.game.game().is_ok()).collect())
}

fn load_history(path: Res<SavePath>, mut history: ResMut<History>) {
    let Some(path) = path.0.as_ref().map(|p| p.with_file_name(FILE)) else { return };
    history.path = Some(path.clone());
    let text = match super::storage::read(&path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return,
        Err(e) => {
            warn!("the history could not be read: {e}");
            return;
        }
    };
    match read_history_text(&text) {
        Ok(games) => history.games = games,
        Err(e) => {
            warn!("the history is damaged, kept aside: {e}");
            if let Err(e) = super::storage::set_aside(&path, &path.with_extension("ron.damaged")) {
                warn!("could not keep the damaged history aside: {e}");
            }
        }
    }
}

/// Keeps the game on the board in the history, as it stands after every change.
fn keep_the_game(
    session: Res<Session>,
    screen: Res<State<Screen>>,
    mut history: ResMut<History>,
    mut writer: ResMut<HistoryWriter>,
) {
    if let Some(e) = writer.0.poll() {
        warn!("the history could not be written: {e}");
    }
    if !session.is_changed() || *screen.get() != Screen::Game || session.lesson {
        return;
    }
    let game = &session.game;
    if game.history().is_empty() {
        return;
    }
    let saved = SavedMoves::of(game);
    match history.games.iter_mut().find(|g| g.game.id == game.id) {
        Some(past) if past.game == saved => return,
        Some(past) => past.game = saved,
        None => {
            history.add(PastGame { date: today(), game: saved });
        }
    }
    history.write(&mut writer);
}

impl History {
    /// Adds a game as the newest; the oldest goes when there would be more than `KEEP`.
    pub fn add(&mut self, past: PastGame) {
        self.games.push(past);
        let extra = self.games.len().saturating_sub(KEEP);
        self.games.drain(..extra);
    }

    /// Writes the whole history (atomically, off the frame).
    pub fn write(&self, writer: &mut HistoryWriter) {
        if let Some(path) = self.path.clone() {
            let file = HistoryFile { version: VERSION, games: self.games.clone() };
            let text =
                ron::ser::to_string_pretty(&file, ron::ser::PrettyConfig::default()).unwrap_or_default();
            writer.0.write(path, text);
        }
    }
}

/// Today's date from the system clock, `YYYY-MM-DD` (UTC), with no calendar crate: days since 1970 to a
/// civil date (Howard Hinnant's algorithm).
pub fn today() -> String {
    // web_time: std's clock panics in a browser.
    let secs = web_time::SystemTime::now().duration_since(web_time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
    civil_date(secs / 86_400)
}

pub fn civil_date(days: u64) -> String {
    let z = days as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}

/// Opens the list ("Games" on the title).
pub fn open_list(_: On<Tap>, mut list: ResMut<HistoryList>) {
    *list = HistoryList { open: true, page: 0 };
}

/// How many games a page holds at this window size.
fn per_page(view: Vec2) -> usize {
    let h = view.y / super::layout::text_scale(view);
    // Each game's button is 56 pixels and a gap; the title, the page buttons and the card take 200.
    (((h - 200.0) / 62.0).floor() as usize).clamp(2, 8)
}

fn show_list(
    list: Res<HistoryList>,
    history: Res<History>,
    locale: Res<Locale>,
    view: Res<super::board::ViewSize>,
    roots: Query<Entity, With<HistoryRoot>>,
    mut commands: Commands,
) {
    if !list.is_changed() && !locale.is_changed() && !view.is_changed() && !history.is_changed() {
        return;
    }
    for root in &roots {
        commands.entity(root).despawn();
    }
    if !list.open {
        return;
    }
    let per_page = per_page(view.0);
    let pages = history.games.len().div_ceil(per_page).max(1);
    let page = list.page.min(pages - 1);
    let newest_first: Vec<&PastGame> =
        history.games.iter().rev().skip(page * per_page).take(per_page).collect();
    commands
        .spawn((
            backdrop("Button Close the games", 0.55, 30),
            HistoryRoot,
            Backdrop,
            DespawnOnExit(Screen::Title),
        ))
        .observe(|_: On<Tap>, mut list: ResMut<HistoryList>| list.open = false)
        .with_children(|overlay| {
            overlay
                .spawn((Name::new("Games played"), card(340.0, 16.0, 8.0, AlignItems::Stretch)))
                .with_children(|card| {
                    card.spawn((
                        Tr("history.title"),
                        text("", 24.0, theme::TEXT),
                        Node { align_self: AlignSelf::Center, ..default() },
                    ));
                    for (i, past) in newest_first.into_iter().enumerate() {
                        game_button(card, &locale, past, page * per_page + i + 1);
                    }
                    // A record from a club or from PlayOK joins the list.
                    labelled_button(card, "records.import", 17.0, ()).observe(
                        |_: On<Tap>, mut paste: MessageWriter<PasteRecord>| {
                            paste.write(PasteRecord);
                        },
                    );
                    card.spawn(Node {
                        column_gap: px(8),
                        justify_content: JustifyContent::Center,
                        ..default()
                    })
                    .with_children(|row| {
                        if page > 0 {
                            padded_labelled_button(row, "history.newer", 17.0, 10.0, ()).observe(
                                |_: On<Tap>, mut list: ResMut<HistoryList>| {
                                    list.page = list.page.saturating_sub(1);
                                },
                            );
                        }
                        labelled_button(row, "moves.close", 17.0, ())
                            .observe(|_: On<Tap>, mut list: ResMut<HistoryList>| list.open = false);
                        if page + 1 < pages {
                            padded_labelled_button(row, "history.older", 17.0, 10.0, ())
                                .observe(|_: On<Tap>, mut list: ResMut<HistoryList>| list.page += 1);
                        }
                    });
                });
        });
}

/// A game of the list: who played and how far, then the day and the result. Tapped, it opens in review.
fn game_button(card: &mut ChildSpawnerCommands, locale: &Locale, past: &PastGame, nth: usize) {
    let Ok(game) = past.game.game() else { return };
    let result = match game.status() {
        Status::Finished(_) => {
            super::hud::result_text(locale, &game.mode, &game.status()).map_or_else(String::new, |r| r.0)
        }
        Status::Ongoing => locale.t("history.unfinished"),
    };
    let who = super::title::saved_game_words(locale, &past.game);
    card.spawn(button(format!("Game {nth}"), 16.0))
        .insert(Node {
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::Start,
            padding: UiRect::axes(px(12), px(6)),
            height: px(56),
            border_radius: BorderRadius::all(px(12)),
            border: UiRect::all(px(2)),
            ..default()
        })
        .with_children(|b| {
            b.spawn((text(who, 16.0, theme::TEXT), Pickable::IGNORE));
            b.spawn((text(format!("{} · {result}", past.date), 13.0, theme::TEXT_DIM), Pickable::IGNORE));
        })
        .observe(move |_: On<Tap>, mut review: MessageWriter<ReviewPast>, mut list: ResMut<HistoryList>| {
            list.open = false;
            review.write(ReviewPast(game.clone()));
        });
}
