//! Records in and out. "Export" (in the move list) writes the game looked at as TGK text, with its
//! players, date, result and level: to the system's clipboard (Android's through its Java API, iOS's
//! UIPasteboard, the desktop's through Bevy's clipboard) and, on the desktop, to a file beside the saves. "Paste a record"
//! (in Games) opens a TGK or PlayOK record from the clipboard, and on the desktop a record file dropped
//! on the window opens the same way: it is replayed through the rules, kept in the games played (unless
//! it is there already) and shown in review. A record that does not replay is refused with its line and move number, and nothing
//! already kept is touched.

use std::path::{Path, PathBuf};

#[cfg(target_os = "android")]
use bevy::clipboard::ClipboardError;
use bevy::clipboard::{Clipboard, ClipboardRead};
use bevy::prelude::*;
use bevy::window::FileDragAndDrop;

use crate::game::{ImportError, import_record};

use crate::app::i18n::locale::Locale;
use crate::app::i18n::words;
use crate::app::saves::history::{History, PastGame, today};
use crate::app::saves::persistence::SavePath;
use crate::app::saves::persistence::SaveWriter;
use crate::app::saves::persistence::write_atomically;
use crate::app::state::clock::{ClockTime, GameClock};
use crate::app::state::messages::ReviewPast;
use crate::app::state::messages::{ExportRecord, PasteRecord, Toast};
use crate::app::state::screen::Frame;
use crate::app::state::screen::Screen;
use crate::clock::Clock;
use crate::game::SavedMoves;

/// The record text to open: pasted, or read from a dropped file (`None`: nothing readable there).
#[derive(Message, Clone, Debug)]
pub struct IncomingRecord(pub Option<String>);

/// A clipboard read on its way (the web's clipboard answers a frame or more later).
#[derive(Resource, Default)]
struct PendingPaste(Option<ClipboardRead>);

/// An exported record on its way to the clipboard (a browser's answers a frame or more later, and may be
/// a refusal), with the file it went to: the message waits for both.
#[derive(Resource, Default)]
struct PendingCopy(Option<(ClipboardRead<()>, Option<Result<PathBuf, String>>)>);

/// The last record exported: what "Paste a record" opens where the app cannot reach the system's
/// clipboard (a desktop without one).
#[derive(Resource, Default)]
pub struct LastExport(pub Option<String>);

pub(crate) fn plugin(app: &mut App) {
    // Both come with Bevy's window and text plugins; the headless tests of the board run without them.
    app.add_message::<IncomingRecord>()
        .add_message::<FileDragAndDrop>()
        .init_resource::<Clipboard>()
        .init_resource::<PendingPaste>()
        .init_resource::<PendingCopy>()
        .init_resource::<LastExport>()
        .add_systems(
            Update,
            (export, report_export, paste, receive_paste, read_dropped_files, open_record)
                .chain()
                .in_set(Frame::Rules),
        );
}

fn export(
    mut requests: MessageReader<ExportRecord>,
    history: Res<History>,
    (clock, time): (Res<GameClock>, ClockTime),
    save_path: Res<SavePath>,
    mut clipboard: ResMut<Clipboard>,
    mut last: ResMut<LastExport>,
    mut pending: ResMut<PendingCopy>,
) {
    let Some(ExportRecord(game)) = requests.read().last() else { return };
    // The day the game began, as the history keeps it.
    let date = history.games.iter().find(|g| g.game.id == game.id).map_or_else(today, |g| g.date.clone());
    let mut record = game.export(&date);
    // A timed game's record keeps its clock: the time control and each move's time left.
    let now = time.now();
    let kept = clock
        .saved(game.id, now)
        .or_else(|| history.games.iter().find(|g| g.game.id == game.id).and_then(|g| g.game.clock.clone()));
    if let Some(kept) = kept {
        Clock::resumed(kept.control, kept.left, kept.times).write_record(&mut record, game.position(), now);
    }
    let text = record.to_tgk();
    let copied = copy(&mut clipboard, &text);
    let file = save_file(save_path.0.as_deref(), &date, game.id, &text);
    last.0 = Some(text);
    pending.0 = Some((copied, file));
}

/// Says where the record went, once the clipboard has answered.
fn report_export(locale: Res<Locale>, mut pending: ResMut<PendingCopy>, mut toasts: MessageWriter<Toast>) {
    let Some((copy, _)) = pending.0.as_mut() else { return };
    let Some(copied) = copy.poll_result() else { return };
    let Some((_, file)) = pending.0.take() else { return };
    let copied = copied.inspect_err(|e| warn!("the clipboard refused the record: {e:?}")).is_ok();
    let message = match (file, copied) {
        (Some(Ok(path)), true) => locale.f("records.saved", &[("file", &path.display())]),
        (Some(Ok(path)), false) => locale.f("records.saved_only", &[("file", &path.display())]),
        (_, true) => locale.t("records.copied"),
        (Some(Err(e)), false) => locale.f("records.failed", &[("error", &e)]),
        (None, false) => locale.f("records.failed", &[("error", &"no clipboard")]),
    };
    toasts.write(Toast(message));
}

/// Puts the record on the system's clipboard: whether it got there, now or (in a browser) later.
fn copy(clipboard: &mut Clipboard, text: &str) -> ClipboardRead<()> {
    #[cfg(target_os = "android")]
    {
        let _ = clipboard;
        ClipboardRead::Ready(
            crate::app::platform::android::copy_text(text)
                .map_err(|e| ClipboardError::Unknown { description: e.to_string() }),
        )
    }
    // Bevy's clipboard on iOS is the app's own: the system's pasteboard instead.
    #[cfg(target_os = "ios")]
    {
        let _ = clipboard;
        crate::app::platform::ios::copy_text(text);
        ClipboardRead::Ready(Ok(()))
    }
    // Bevy's clipboard in a browser would call an API a page on plain http does not have.
    #[cfg(target_arch = "wasm32")]
    {
        let _ = clipboard;
        crate::app::platform::web::copy_text(text.to_string())
    }
    #[cfg(not(any(target_os = "android", target_os = "ios", target_arch = "wasm32")))]
    {
        ClipboardRead::Ready(clipboard.set_text(text.to_string()))
    }
}

/// On the desktop, the record goes to a file in `records/` beside the saves as well (a phone's app
/// folder is out of its user's reach: there the clipboard is the way out).
fn save_file(save: Option<&Path>, date: &str, id: u64, text: &str) -> Option<Result<PathBuf, String>> {
    if cfg!(any(target_os = "android", target_os = "ios", target_arch = "wasm32")) {
        return None;
    }
    let dir = save?.parent()?.join("records");
    let path = dir.join(format!("toguz-{date}-{:06x}.tgk", id & 0xff_ffff));
    Some(write_atomically(&path, text).map(|()| path).map_err(|e| e.to_string()))
}

fn paste(
    mut requests: MessageReader<PasteRecord>,
    mut clipboard: ResMut<Clipboard>,
    mut pending: ResMut<PendingPaste>,
    mut incoming: MessageWriter<IncomingRecord>,
    last: Res<LastExport>,
) {
    if requests.read().count() == 0 {
        return;
    }
    #[cfg(target_os = "android")]
    {
        let _ = (&mut clipboard, &mut pending);
        let text = crate::app::platform::android::pasted_text()
            .inspect_err(|e| warn!("the clipboard could not be read: {e}"));
        incoming.write(IncomingRecord(text.ok().flatten().or_else(|| last.0.clone())));
    }
    #[cfg(target_os = "ios")]
    {
        let _ = (&mut clipboard, &mut pending);
        incoming.write(IncomingRecord(crate::app::platform::ios::pasted_text().or_else(|| last.0.clone())));
    }
    #[cfg(target_arch = "wasm32")]
    {
        let _ = (&mut incoming, &last, &mut clipboard);
        pending.0 = Some(crate::app::platform::web::read_text());
    }
    #[cfg(not(any(target_os = "android", target_os = "ios", target_arch = "wasm32")))]
    {
        let _ = (&mut incoming, &last);
        pending.0 = Some(clipboard.fetch_text());
    }
}

fn receive_paste(
    mut pending: ResMut<PendingPaste>,
    last: Res<LastExport>,
    mut incoming: MessageWriter<IncomingRecord>,
) {
    let Some(read) = pending.0.as_mut() else { return };
    let Some(result) = read.poll_result() else { return };
    pending.0 = None;
    // Where the system's clipboard is out of reach (or empty), the record exported last.
    let text = match result {
        Ok(text) if !text.trim().is_empty() => Some(text),
        _ => last.0.clone(),
    };
    incoming.write(IncomingRecord(text));
}

/// A record file dropped on the window (desktop), on the title where the games played are.
fn read_dropped_files(
    mut drops: MessageReader<FileDragAndDrop>,
    screen: Res<State<Screen>>,
    mut incoming: MessageWriter<IncomingRecord>,
) {
    for drop in drops.read() {
        if let FileDragAndDrop::DroppedFile { path_buf, .. } = drop
            && *screen.get() == Screen::Title
        {
            let text = std::fs::read(path_buf).ok().map(|bytes| String::from_utf8_lossy(&bytes).into_owned());
            incoming.write(IncomingRecord(text));
        }
    }
}

/// A date tag (`2024.05.01`, `2024-05-01`) as the history writes dates, if it is a whole date.
fn history_date(tag: &str) -> Option<String> {
    let parts: Vec<&str> = tag.split(['.', '-', '/']).collect();
    match parts.as_slice() {
        [y, m, d] if y.len() == 4 && m.len() == 2 && d.len() == 2 => {
            [y, m, d].iter().all(|p| p.bytes().all(|b| b.is_ascii_digit())).then(|| format!("{y}-{m}-{d}"))
        }
        _ => None,
    }
}

fn open_record(
    mut incoming: MessageReader<IncomingRecord>,
    screen: Res<State<Screen>>,
    locale: Res<Locale>,
    mut history: ResMut<History>,
    mut writer: ResMut<SaveWriter>,
    mut review: MessageWriter<ReviewPast>,
    mut toasts: MessageWriter<Toast>,
) {
    for IncomingRecord(text) in incoming.read() {
        match import_record(text.as_deref().unwrap_or("")) {
            Err(ImportError::NoGame) => {
                toasts.write(Toast(locale.t("records.empty")));
            }
            Err(ImportError::Refused(e)) => {
                let at = match e.mv {
                    Some((number, _)) => locale.f("records.at_move", &[("line", &e.line), ("move", &number)]),
                    None => locale.f("records.at_line", &[("line", &e.line)]),
                };
                let error = format!("{at}: {}", e.message);
                toasts.write(Toast(locale.f("records.refused", &[("error", &error)])));
            }
            Ok((game, record)) => {
                let saved = SavedMoves::of(&game);
                // A game kept already (an export pasted back) opens as it is kept, not as a copy.
                let kept = history
                    .games
                    .iter()
                    .find(|g| g.game.moves == saved.moves && g.game.start == saved.start)
                    .and_then(|g| g.game.game().ok());
                let game = match kept {
                    Some(kept) => {
                        toasts.write(Toast(locale.t("records.already")));
                        kept
                    }
                    None => {
                        let date = record.tag("Date").and_then(history_date).unwrap_or_else(today);
                        history.add(PastGame { date, game: saved });
                        history.write(&mut writer);
                        // Every move, each player's, as the title and the games played count them.
                        let moves = words::moves(&locale, game.history().len() as i64);
                        let mut said = locale.f("records.imported", &[("moves", &moves)]);
                        // Moves that stop short of the result the record gives: a resignation, or a
                        // paste that lost its end. Said, so it is not taken for a whole game.
                        if let crate::rules::notation::Ending::Unfinished(claim) =
                            record.ending(game.position())
                        {
                            said =
                                format!("{said} {}", locale.f("records.unfinished", &[("result", &claim)]));
                        }
                        toasts.write(Toast(said));
                        game
                    }
                };
                if *screen.get() == Screen::Title {
                    // The games list, if open, closes itself (`menus::games`).
                    review.write(ReviewPast(game));
                }
            }
        }
    }
}
