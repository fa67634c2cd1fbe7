//! The screen listed for a script that drives the app as a person does: `TOGUZ_UI_MAP=FILE` on the
//! desktop (the real-window check, `tests/window/`), or `<body data-toguz-ui>` in a browser opened at
//! `?test` (`tests/web/`). Whenever it changes: the screen, the buttons a finger can reach and the holes,
//! each with its centre in window pixels, then the game's state (what a script waits on before it taps):
//!
//! ```text
//! view 390 844
//! mode easy white            (or: mode hotseat; the level's word: easy, level4, medium, hard)
//! level 4                    (against the computer: the level's number on the ladder)
//! moves 12
//! turn white                 (white | black | over)
//! legal 1 3 7 9              (the holes the side to move may play)
//! busy 0                     (the sowing animation runs: a timed game's clocks wait for it)
//! cover 0                    (the board is hidden from the players: a card holds a timed game's clocks)
//! thinking 0                 (the computer's search runs, or its move waits)
//! panel Menu                 (only while a panel covers the board: the one on top, `state::panels`)
//! levels 9                   (on the Play sheet: the ladder's rungs)
//! rating 1180                (on the Play sheet, once the player has a rating)
//! hint 7 lands black 3       (only while a landing hint shows)
//! result white               (only when the game is over: white | black | draw)
//! notice notice.damaged      (only while the title shows a notice about the save or the history)
//! message Record copied…  (only while a message shows, in the game's bar or floating)
//! renderer vulkan            (what draws: vulkan | gl | webgl2 | metal | dx12, once the renderer is up)
//! storm 171234 4 1           (while a Storm runs: ms left, puzzles solved, misses; `over` added at its end)
//! streak 5                   (while a Streak runs: puzzles solved in a row; `over` added after its miss)
//! position <position string>
//! ```

use crate::app::state::clock::{ClockTime, GameClock};
use crate::clock::ClockState;
use crate::rules::Side;
use bevy::prelude::*;

use crate::app::board::layout::BoardLayout;
use crate::app::board::sowing::Timeline;
use crate::app::computer::ai_task::Thinking;
use crate::app::saves::history::HistoryNotice;
use crate::app::saves::persistence::SaveNotice;
use crate::app::saves::standing::PlayerStanding;
use crate::app::screens::game::messages::ToastState;
use crate::app::screens::training::drill_run::Drill;
use crate::app::screens::training::screen::TrainingRun;
use crate::app::state::panels::{Panel, Panels, Sheet, board_hidden};
use crate::app::state::renderer::Renderers;
use crate::app::state::screen::Screen;
use crate::app::state::session::LandingHint;
use crate::app::state::session::{BoardOwner, Session};
use crate::app::state::view::ViewSize;
use crate::app::ui::toast::FloatingToast;
use crate::app::ui::widgets::{HitParams, hit_button};

/// Where the list goes.
#[derive(Resource)]
pub enum UiMapOut {
    File(std::path::PathBuf),
    #[cfg(target_arch = "wasm32")]
    Page,
}

pub(crate) fn plugin(app: &mut App) {
    if let Some(path) = std::env::var_os("TOGUZ_UI_MAP") {
        app.insert_resource(UiMapOut::File(path.into()));
    }
    app.add_systems(Last, write_ui_map.run_if(resource_exists::<UiMapOut>));
}

/// The game's state, after the screen.
#[derive(bevy::ecs::system::SystemParam)]
pub struct PlayState<'w> {
    session: Res<'w, Session>,
    timeline: Res<'w, Timeline>,
    thinking: Res<'w, Thinking>,
    hint: Res<'w, LandingHint>,
    panels: Res<'w, Panels>,
    notice: Res<'w, SaveNotice>,
    history_notice: Res<'w, HistoryNotice>,
    message: Res<'w, ToastState>,
    floating: Res<'w, FloatingToast>,
    view: Res<'w, ViewSize>,
    clock: Res<'w, GameClock>,
    time: ClockTime<'w>,
    renderers: Res<'w, Renderers>,
    training: Res<'w, TrainingRun>,
    screen: Res<'w, State<Screen>>,
    standing: Res<'w, PlayerStanding>,
}

impl PlayState<'_> {
    fn lines(&self) -> Vec<String> {
        let game = &self.session.game;
        let pos = game.position();
        let over = game.is_over();
        let mut lines = vec![format!("view {:.0} {:.0}", self.view.0.x, self.view.0.y)];
        lines.push(match game.mode {
            crate::game::Mode::Computer { level, human } => format!("mode {} {human}", level.word()),
            crate::game::Mode::HotSeat => "mode hotseat".into(),
        });
        if let crate::game::Mode::Computer { level, .. } = game.mode {
            lines.push(format!("level {}", level.number()));
        }
        lines.push(format!("moves {}", game.history().len()));
        let turn = if over { "over".to_string() } else { pos.side_to_move().to_string() };
        lines.push(format!("turn {turn}"));
        let legal: Vec<String> = crate::rules::Hole::all()
            .filter(|&h| !over && pos.check(h).is_ok())
            .map(|h| h.to_string())
            .collect();
        lines.push(format!("legal {}", legal.join(" ")).trim_end().to_string());
        lines.push(format!("busy {}", u8::from(self.timeline.running())));
        let on_game = *self.screen.get() == Screen::Game && self.session.owner == BoardOwner::Game;
        let covered = on_game && board_hidden(&self.panels, self.clock.of(game.id), over);
        lines.push(format!("cover {}", u8::from(covered)));
        lines.push(format!("thinking {}", u8::from(self.thinking.is_thinking())));
        if let Some(panel) = self.panels.top() {
            lines.push(format!("panel {panel:?}"));
            // The Play sheet: the ladder's rungs, and the player's rating once they have one.
            if panel == Panel::Sheet(Sheet::Play) && *self.screen.get() == Screen::Title {
                lines.push(format!("levels {}", crate::ai::LEVELS));
                if let Some(rating) = self.standing.0.rating() {
                    lines.push(format!("rating {rating}"));
                }
            }
        }
        if let Some((hole, landing)) = self.hint.0 {
            lines.push(format!("hint {hole} lands {} {}", landing.side, landing.hole));
        }
        // A timed game's clocks: each side's time left (ms) and whether it runs, stands or has fallen.
        if let Some(clock) = self.clock.of(game.id) {
            let now = self.time.now();
            for side in Side::BOTH {
                let state = match clock.state(side, now) {
                    ClockState::Running => "running",
                    ClockState::Stopped => "stopped",
                    ClockState::Flag => "flag",
                };
                lines.push(format!("clock {side} {} {state}", clock.remaining(side, now)));
            }
        }
        if let Some(finish) = game.finish() {
            let result = match finish.winner() {
                Some(side) => side.name(),
                None => "draw",
            };
            lines.push(format!("result {result}"));
            lines.push(format!("reason {}", finish.reason_word()));
        }
        for key in self.notice.0.iter().chain(&self.history_notice.0) {
            lines.push(format!("notice {key}"));
        }
        let in_bar = (self.message.remaining > 0.0).then_some(self.message.text.as_str());
        if let Some(said) = self.floating.shown().or(in_bar).filter(|t| !t.is_empty()) {
            lines.push(format!("message {}", said.replace('\n', " ")));
        }
        match &self.training.drill {
            Drill::Storm(run) => {
                let storm = &run.storm;
                let left = storm.left(self.time.now());
                let over = if run.over { " over" } else { "" };
                lines.push(format!("storm {left} {} {}{over}", storm.solved, storm.misses));
            }
            Drill::Streak(streak) => {
                let over = if streak.is_over() { " over" } else { "" };
                lines.push(format!("streak {}{over}", streak.count));
            }
            _ => {}
        }
        if let Some(kind) = self.renderers.running {
            lines.push(format!("renderer {}", kind.code()));
        }
        lines.push(format!("position {pos}"));
        lines
    }
}

fn write_ui_map(
    out: Res<UiMapOut>,
    screen: Res<State<Screen>>,
    hits: HitParams,
    buttons: Query<(Entity, &Name, &UiGlobalTransform), With<Button>>,
    layout: Option<Res<BoardLayout>>,
    state: PlayState,
    mut last: Local<String>,
) {
    let mut lines = vec![format!("screen {:?}", screen.get())];
    let mut found: Vec<String> = buttons
        .iter()
        .filter_map(|(entity, name, transform)| {
            let at = transform.translation / hits.window_scale();
            (hit_button(&hits, at) == Some(entity)).then(|| {
                format!("button {:.0} {:.0} {}", at.x, at.y, name.as_str().trim_start_matches("Button "))
            })
        })
        .collect();
    found.sort();
    lines.extend(found);
    // The layout exists only while a board is on screen (it is removed when the board goes).
    if let Some(layout) = layout {
        for side in crate::rules::Side::BOTH {
            for hole in crate::rules::Hole::all() {
                let c = layout.hole(side, hole).center();
                let (x, y) = (c.x + layout.window.x / 2.0, layout.window.y / 2.0 - c.y);
                lines.push(format!("hole {x:.0} {y:.0} {side} {hole}"));
            }
        }
    }
    lines.extend(state.lines());
    let text = lines.join("\n") + "\n";
    if *last != text {
        let written = match &*out {
            UiMapOut::File(path) => {
                let tmp = path.with_extension("tmp");
                std::fs::write(&tmp, &text).and_then(|()| std::fs::rename(&tmp, path)).is_ok()
            }
            #[cfg(target_arch = "wasm32")]
            UiMapOut::Page => crate::app::platform::web::set_page_state(&text),
        };
        if written {
            *last = text;
        }
    }
}
