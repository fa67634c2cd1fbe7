//! OpenGL on the Linux desktop, for a start after one that died before it drew (`saves::renderer`).
//! Bevy 0.19 makes its wgpu instance without the window system's display, so wgpu's EGL falls back to a
//! display without windows ("surfaceless"), whose window surfaces offer no present mode: Bevy then panics
//! choosing one. So this module makes the renderer itself, as Bevy's `initialize_renderer` does, with an
//! Xlib connection of its own as the display (the window Bevy opens later lives on the same X server, and
//! a window's id is the server's, so EGL draws into it). wgpu accepts a surface only with the instance's
//! own display, so the window's handle is given this connection as its display ([`plugin`]).
//!
//! Invariants: the Xlib connection is opened once and never closed (the renderer holds it for the whole
//! run); without `DISPLAY` or libX11, or where no GL adapter or device is found, it says why and the
//! caller uses Bevy's own creation. It runs before the log is up: its words go to the caller.

use std::ffi::c_void;
use std::ptr::NonNull;
use std::sync::{Arc, OnceLock};

use bevy::prelude::*;
use bevy::window::RawHandleWrapper;

use bevy::render::renderer::{
    RenderAdapter, RenderAdapterInfo, RenderDevice, RenderInstance, RenderQueue, WgpuWrapper,
};
use bevy::render::settings::RenderCreation;
use raw_window_handle::{DisplayHandle, HandleError, HasDisplayHandle, RawDisplayHandle, XlibDisplayHandle};

/// An Xlib connection kept open for the renderer.
#[derive(Debug)]
struct XDisplay {
    display: NonNull<c_void>,
    screen: i32,
}

// SAFETY: the connection is only handed to EGL, which Xlib allows from any thread once opened (wgpu's
// own EGL code opens its display the same way and shares it between threads).
unsafe impl Send for XDisplay {}
// SAFETY: as above; this type only reads its two fields.
unsafe impl Sync for XDisplay {}

impl HasDisplayHandle for XDisplay {
    fn display_handle(&self) -> Result<DisplayHandle<'_>, HandleError> {
        // SAFETY: the connection stays open for the whole run (never closed).
        Ok(unsafe { DisplayHandle::borrow_raw(self.raw()) })
    }
}

impl XDisplay {
    fn raw(&self) -> RawDisplayHandle {
        RawDisplayHandle::Xlib(XlibDisplayHandle::new(Some(self.display), self.screen))
    }
}

/// The connection the OpenGL renderer was made with, once it was.
static GL_DISPLAY: OnceLock<XDisplay> = OnceLock::new();

/// Gives each window's handle the renderer's X connection as its display (only after
/// [`render_creation`] made the renderer).
pub(crate) fn plugin(app: &mut App) {
    // Last: after whatever made the window this frame, before the renderer reads its handle.
    app.add_systems(Last, same_display);
}

fn same_display(mut windows: Query<&mut RawHandleWrapper, Changed<RawHandleWrapper>>) {
    let Some(gl) = GL_DISPLAY.get() else { return };
    for mut handle in &mut windows {
        if handle.get_display_handle() != gl.raw() {
            handle.set_display_handle(gl.raw());
        }
    }
}

/// Opens the X server's connection named by `DISPLAY`.
fn open_display() -> Result<XDisplay, String> {
    std::env::var_os("DISPLAY").ok_or("no DISPLAY")?;
    let xlib = x11_dl::xlib::Xlib::open().map_err(|e| format!("no libX11 ({e})"))?;
    // SAFETY: XOpenDisplay with a null name opens `DISPLAY`'s server; a null result is handled.
    let display = unsafe { (xlib.XOpenDisplay)(std::ptr::null()) };
    let display = NonNull::new(display.cast::<c_void>()).ok_or("the X server refused a connection")?;
    // SAFETY: `display` is an open connection.
    let screen = unsafe { (xlib.XDefaultScreen)(display.as_ptr().cast()) };
    // x11-dl never unloads libX11 (its handle has nothing to drop): the connection's code stays.
    Ok(XDisplay { display, screen })
}

/// The renderer on OpenGL with the X server as EGL's display, or why not (the caller falls back to
/// Bevy's own creation).
pub fn render_creation() -> Result<RenderCreation, String> {
    let display = open_display()?;
    let kept = XDisplay { display: display.display, screen: display.screen };
    let descriptor = wgpu::InstanceDescriptor {
        backends: wgpu::Backends::GL,
        ..wgpu::InstanceDescriptor::new_without_display_handle()
    }
    .with_display_handle(Box::new(display));
    let instance = wgpu::Instance::new(descriptor);
    let options = wgpu::RequestAdapterOptions {
        power_preference: wgpu::PowerPreference::HighPerformance,
        compatible_surface: None,
        force_fallback_adapter: false,
    };
    let adapter = bevy::tasks::block_on(instance.request_adapter(&options))
        .map_err(|e| format!("no OpenGL adapter ({e})"))?;
    let info = adapter.get_info();
    // As Bevy's default priority (Functionality): everything the adapter offers.
    let descriptor = wgpu::DeviceDescriptor {
        label: None,
        required_features: adapter.features(),
        required_limits: adapter.limits(),
        experimental_features: wgpu::ExperimentalFeatures::disabled(),
        memory_hints: wgpu::MemoryHints::default(),
        trace: wgpu::Trace::Off,
    };
    let (device, queue) = bevy::tasks::block_on(adapter.request_device(&descriptor))
        .map_err(|e| format!("no OpenGL device ({e})"))?;
    let _ = GL_DISPLAY.set(kept);
    Ok(RenderCreation::manual(
        RenderDevice::from(device),
        RenderQueue(Arc::new(WgpuWrapper::new(queue))),
        RenderAdapterInfo(WgpuWrapper::new(info)),
        RenderAdapter(Arc::new(WgpuWrapper::new(adapter))),
        RenderInstance(Arc::new(WgpuWrapper::new(instance))),
    ))
}
