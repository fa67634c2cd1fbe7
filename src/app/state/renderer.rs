//! Which renderer draws the game, and which one the next start asks for: the words Settings shows and the
//! UI map lists. The start-up note that picks it (a start that died before its first frame is not
//! repeated) is `saves::renderer`'s; this leaf only holds what the features above share.
//!
//! A player reads the choice, "standard" or "compatible" ([`RendererChoice::words_key`]), never the
//! backend's name: "Vulkan" meant nothing to a new player (issue 46). The log and the UI map keep the names.
//!
//! Invariants: `running` is the adapter's backend once the renderer is up (none in the headless tests);
//! `next` changes only where the platform has another renderer to offer (`can_switch`): Android (Vulkan or
//! OpenGL ES) and the Linux and Windows desktop (Vulkan or DirectX, or OpenGL). iOS has Metal only and the
//! browser WebGL2 only.

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

/// The renderer a start asks for.
#[derive(Serialize, Deserialize, Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum RendererChoice {
    /// The platform's own first choice: Vulkan on Android and Linux, DirectX 12 on Windows, Metal on iOS,
    /// WebGL2 in a browser.
    #[default]
    Usual,
    /// OpenGL (ES on Android): what a phone whose Vulkan is broken still draws with.
    Gl,
}

impl RendererChoice {
    /// Its words in Settings, a locale key: the usual renderer is the standard one, OpenGL the compatible
    /// one (it still draws where the usual one fails).
    pub fn words_key(self) -> &'static str {
        match self {
            RendererChoice::Usual => "renderer.standard",
            RendererChoice::Gl => "renderer.compatible",
        }
    }

    /// The other choice, where there is one.
    pub fn other(self) -> RendererChoice {
        match self {
            RendererChoice::Usual => RendererChoice::Gl,
            RendererChoice::Gl => RendererChoice::Usual,
        }
    }
}

/// What draws: the backend of the adapter the renderer runs on.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RendererKind {
    Vulkan,
    Gl,
    WebGl2,
    Metal,
    Dx12,
    Other,
}

impl RendererKind {
    /// As the UI map lists it: `vulkan`, `gl`, `webgl2`, `metal`, `dx12`, `other`.
    pub fn code(self) -> &'static str {
        match self {
            RendererKind::Vulkan => "vulkan",
            RendererKind::Gl => "gl",
            RendererKind::WebGl2 => "webgl2",
            RendererKind::Metal => "metal",
            RendererKind::Dx12 => "dx12",
            RendererKind::Other => "other",
        }
    }

    /// Its name as the log gives it (the same in every language); Settings says the choice instead.
    pub fn name(self) -> &'static str {
        match self {
            RendererKind::Vulkan => "Vulkan",
            RendererKind::Gl => "OpenGL",
            RendererKind::WebGl2 => "WebGL2",
            RendererKind::Metal => "Metal",
            RendererKind::Dx12 => "DirectX 12",
            RendererKind::Other => "?",
        }
    }
}

/// The renderer that draws and the one the next start asks for.
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct Renderers {
    /// What draws now; `None` until the renderer is up, and in the headless tests.
    pub running: Option<RendererKind>,
    /// What this start asked for.
    pub asked: RendererChoice,
    /// What the next start asks for (Settings changes it; the note keeps it).
    pub next: RendererChoice,
    /// This start took OpenGL because the last one died before it drew.
    pub fell_back: bool,
    /// Whether the platform offers a second renderer.
    pub can_switch: bool,
}

impl Default for Renderers {
    fn default() -> Self {
        Renderers {
            running: None,
            asked: RendererChoice::Usual,
            next: RendererChoice::Usual,
            fell_back: false,
            can_switch: can_switch(),
        }
    }
}

impl Renderers {
    /// The name of what the usual choice draws with on this platform.
    pub fn usual_name() -> &'static str {
        if cfg!(target_arch = "wasm32") {
            RendererKind::WebGl2.name()
        } else if cfg!(any(target_os = "ios", target_os = "macos")) {
            RendererKind::Metal.name()
        } else if cfg!(windows) {
            RendererKind::Dx12.name()
        } else {
            RendererKind::Vulkan.name()
        }
    }

    /// The name of what `choice` draws with here.
    pub fn choice_name(choice: RendererChoice) -> &'static str {
        match choice {
            RendererChoice::Usual => Renderers::usual_name(),
            RendererChoice::Gl => RendererKind::Gl.name(),
        }
    }

    /// What draws now in a player's words, a locale key: an OpenGL adapter is the compatible renderer,
    /// any other the standard one; before the adapter is known, what this start asked for.
    pub fn running_words_key(&self) -> &'static str {
        match self.running {
            Some(RendererKind::Gl) => RendererChoice::Gl.words_key(),
            Some(_) => RendererChoice::Usual.words_key(),
            None => self.asked.words_key(),
        }
    }
}

/// Whether this platform has a second renderer to offer: Android and the Linux and Windows desktop carry
/// OpenGL beside their usual one (`Cargo.toml`: `bevy_render`'s `gles`).
pub fn can_switch() -> bool {
    cfg!(any(target_os = "android", target_os = "linux", windows))
}
