//! Command-line options of the `toguz` app: window size and the headless screenshot mode.

use crate::clock::TimeControl;
use bevy::math::Vec2;
use bevy::prelude::{Resource, default};
use bevy::window::Window;

use crate::ai::Level;
use crate::app::i18n::locale::Lang;
use crate::app::state::renderer::RendererChoice;
use crate::app::state::settings::StoneSet;
use crate::game::Mode;
use crate::rules::Side;

/// A phone in portrait, in logical pixels.
pub const PHONE: Vec2 = Vec2::new(390.0, 844.0);

#[derive(Resource, Clone, Debug, PartialEq)]
pub struct Launch {
    pub size: Vec2,
    /// Save a screenshot here and quit.
    pub screenshot: Option<String>,
    /// Moves to set up (hole numbers for the side to move).
    pub moves: Vec<u8>,
    /// The mode to set up (default: against Easy as white).
    pub mode: Option<Mode>,
    /// Animate the last of `moves` and take the screenshot this long after it starts.
    pub after_ms: Option<u64>,
    /// Show the long-press hint of this hole of the side to move.
    pub hint: Option<u8>,
    /// Show the title screen instead of the game.
    pub title: bool,
    /// Show the lesson list.
    pub lessons: bool,
    /// Open the puzzles' training.
    pub training: bool,
    /// Open this drill of the training: `storm` or `streak` (`--training storm`).
    pub drill: Option<String>,
    /// Open the masters' openings (down the line of `moves`).
    pub openings: bool,
    /// Open this lesson at this step (counted from 1).
    pub tutorial: Option<(String, usize)>,
    /// Speak this language (instead of the saved or the system's one).
    pub lang: Option<Lang>,
    /// Show the menu panel (screenshots).
    pub menu: bool,
    /// Show the move list (screenshots).
    pub move_list: bool,
    /// Review the game at the position after this many moves (screenshots).
    pub review: Option<usize>,
    /// Show these stones (instead of the saved choice).
    pub stones: Option<StoneSet>,
    /// Show or hide the holes' counts (instead of the saved choice).
    pub counts: Option<bool>,
    /// Open this sheet over the title (screenshots): `play`, `two-players` or `settings`.
    pub sheet: Option<String>,
    /// Play a two-player game on this clock (`--clock M+S`).
    pub clock: Option<TimeControl>,
    /// Open this panel of the table over the game (screenshots): `pause`, `draw` (White offers Black a
    /// draw), `takeback` (White asks to take back), `resign` (the near seat asks) or `resign-far`.
    pub table: Option<String>,
    /// Print where the start went (`dev::startup`), the memory on the title and in a game, and quit.
    pub startup_bench: bool,
    /// Start Bevy alone with a title's worth of drawing (`dev::floor`), print its marks and quit.
    pub startup_floor: bool,
}

impl Default for Launch {
    fn default() -> Self {
        Launch {
            size: PHONE,
            screenshot: None,
            moves: Vec::new(),
            mode: None,
            after_ms: None,
            hint: None,
            title: false,
            lessons: false,
            training: false,
            drill: None,
            openings: false,
            tutorial: None,
            lang: None,
            menu: false,
            move_list: false,
            review: None,
            stones: None,
            counts: None,
            sheet: None,
            clock: None,
            table: None,
            startup_bench: false,
            startup_floor: false,
        }
    }
}

pub const USAGE: &str = "usage: toguz [--size WxH] [--screenshot FILE [--moves \"7 6 1 ...\"] [--after-ms N]
             [--mode hotseat|easy|medium|hard|levelN, -black for the computer to start] [--level N (1..9)] [--hint HOLE] [--title] [--menu] [--move-list] [--review N]
             [--lessons] [--tutorial LESSON:STEP] [--training [storm|streak]] [--openings] [--sheet play|two-players|settings]]
             [--lang en|ky|kk|ru|fr|es|ca|vi] [--stones korgool|ivory] [--counts on|off]
             [--clock M+S (minutes, a decimal allowed; seconds a move: 3+2, 0.1+0, 5d3 for a delay, 5/3+2 odds)]
             [--table pause|draw|takeback|resign|resign-far] [--startup-bench] [--startup-floor]";

fn parse_size(s: &str) -> Result<Vec2, String> {
    let (w, h) =
        s.split_once(['x', 'X']).ok_or_else(|| format!("--size '{s}': expected WxH, e.g. 390x844"))?;
    let w: u32 = w.parse().map_err(|_| format!("--size '{s}': bad width"))?;
    let h: u32 = h.parse().map_err(|_| format!("--size '{s}': bad height"))?;
    if !(200..=8000).contains(&w) || !(200..=8000).contains(&h) {
        return Err(format!("--size '{s}': width and height must be 200..8000"));
    }
    Ok(Vec2::new(w as f32, h as f32))
}

pub fn parse_mode(s: &str) -> Result<Mode, String> {
    if s == "hotseat" {
        return Ok(Mode::HotSeat);
    }
    let (level, human) = match s.strip_suffix("-black") {
        Some(level) => (level, Side::Black),
        None => (s, Side::White),
    };
    let level = Level::parse(level)
        .ok_or_else(|| format!("--mode '{s}': expected hotseat, easy, medium, hard or level1..9"))?;
    Ok(Mode::Computer { level, human })
}

impl Launch {
    pub fn parse(args: &[String]) -> Result<Launch, String> {
        let mut launch = Launch::default();
        let mut it = args.iter();
        while let Some(arg) = it.next() {
            let mut value = |name: &str| it.next().cloned().ok_or_else(|| format!("{name} needs a value"));
            match arg.as_str() {
                "--size" => launch.size = parse_size(&value("--size")?)?,
                "--screenshot" => launch.screenshot = Some(value("--screenshot")?),
                "--moves" => {
                    let text = value("--moves")?;
                    launch.moves = text
                        .split([' ', ','])
                        .filter(|w| !w.is_empty())
                        .map(|w| {
                            w.parse::<u8>()
                                .ok()
                                .filter(|n| (1..=9).contains(n))
                                .ok_or_else(|| format!("--moves: '{w}' is not a hole 1..9"))
                        })
                        .collect::<Result<_, _>>()?;
                }
                "--mode" => launch.mode = Some(parse_mode(&value("--mode")?)?),
                // A game against level N; anything but a rung of the ladder prints the usage.
                "--level" => {
                    let level =
                        value("--level")?.parse::<u8>().ok().and_then(Level::new).ok_or_else(|| {
                            format!("--level needs a level 1..{}\n{USAGE}", crate::ai::LEVELS)
                        })?;
                    launch.mode = Some(Mode::Computer { level, human: Side::White });
                }
                "--after-ms" => {
                    launch.after_ms =
                        Some(value("--after-ms")?.parse().map_err(|_| "--after-ms needs milliseconds")?)
                }
                "--hint" => {
                    let h: u8 = value("--hint")?.parse().map_err(|_| "--hint needs a hole 1..9")?;
                    if !(1..=9).contains(&h) {
                        return Err("--hint needs a hole 1..9".into());
                    }
                    launch.hint = Some(h);
                }
                "--title" => launch.title = true,
                "--startup-bench" => launch.startup_bench = true,
                "--startup-floor" => launch.startup_floor = true,
                "--menu" => launch.menu = true,
                "--move-list" => launch.move_list = true,
                "--review" => {
                    launch.review =
                        Some(value("--review")?.parse().map_err(|_| "--review needs a move count")?)
                }
                "--lessons" => launch.lessons = true,
                "--training" => {
                    launch.training = true;
                    // A drill may follow: `--training storm`, `--training streak`.
                    if let Some(drill) =
                        it.clone().next().filter(|d| ["storm", "streak"].contains(&d.as_str()))
                    {
                        launch.drill = Some(drill.clone());
                        it.next();
                    }
                }
                "--openings" => launch.openings = true,
                "--tutorial" => {
                    let text = value("--tutorial")?;
                    let bad = || format!("--tutorial '{text}': expected LESSON:STEP, e.g. captures:2");
                    let (id, step) = text.split_once(':').ok_or_else(bad)?;
                    let step: usize = step.parse().ok().filter(|&s| s >= 1).ok_or_else(bad)?;
                    launch.tutorial = Some((id.to_string(), step));
                }
                "--lang" => {
                    let code = value("--lang")?;
                    launch.lang =
                        Some(Lang::ALL.into_iter().find(|l| l.code() == code).ok_or_else(|| {
                            format!("--lang '{code}': expected en, ky, kk, ru, fr, es, ca or vi")
                        })?);
                }
                "--stones" => {
                    launch.stones = Some(match value("--stones")?.as_str() {
                        "korgool" => StoneSet::Korgool,
                        "ivory" => StoneSet::Ivory,
                        other => return Err(format!("--stones '{other}': expected korgool or ivory")),
                    });
                }
                "--counts" => {
                    launch.counts = Some(match value("--counts")?.as_str() {
                        "on" => true,
                        "off" => false,
                        other => return Err(format!("--counts '{other}': expected on or off")),
                    });
                }
                "--clock" => {
                    let text = value("--clock")?;
                    let control =
                        TimeControl::parse_cli(&text).map_err(|e| format!("--clock '{text}': {e}"))?;
                    launch.clock = Some(control);
                }
                "--table" => {
                    let table = value("--table")?;
                    if !["pause", "draw", "takeback", "resign", "resign-far"].contains(&table.as_str()) {
                        return Err(format!(
                            "--table '{table}': expected pause, draw, takeback, resign or resign-far"
                        ));
                    }
                    launch.table = Some(table);
                }
                "--sheet" => {
                    let sheet = value("--sheet")?;
                    if !["play", "two-players", "settings"].contains(&sheet.as_str()) {
                        return Err(format!("--sheet '{sheet}': expected play, two-players or settings"));
                    }
                    // A sheet opens over the title.
                    launch.title = true;
                    launch.sheet = Some(sheet);
                }
                "--help" | "-h" => return Err(USAGE.to_string()),
                other => return Err(format!("unknown option '{other}'\n{USAGE}")),
            }
        }
        Ok(launch)
    }
}

/// The main window: on a phone or a tablet the whole screen, whatever its size (the layout adapts); on
/// the desktop a window of the size asked for (a phone's by default).
pub fn main_window(launch: &Launch, renderer: RendererChoice) -> Window {
    let mut window = Window { title: "Toguz Korgool".into(), ..default() };
    if cfg!(any(target_os = "android", target_os = "ios")) {
        window.mode = bevy::window::WindowMode::BorderlessFullscreen(bevy::window::MonitorSelection::Current);
        window.resizable = false;
    } else if cfg!(target_arch = "wasm32") {
        // The page's canvas (assets/web/index.html), filling the page: it follows the browser's window
        // and the phone's orientation; touches and keys stay with the game.
        window.canvas = Some("#toguz".into());
        window.fit_canvas_to_parent = true;
        window.prevent_default_event_handling = true;
    } else {
        window.resolution = bevy::window::WindowResolution::new(launch.size.x as u32, launch.size.y as u32);
        // Shown once the game has drawn into it (`platform::first_frame`). A screenshot's window stays as it
        // was: its frames are read back, not looked at. So does a start on OpenGL: its first swap into a
        // window not yet shown never returns on X11 (EGL waits for the window to be presented).
        window.visible = launch.screenshot.is_some() || renderer == RendererChoice::Gl;
    }
    window
}
