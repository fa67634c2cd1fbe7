//! The renderer does the work of a 2D game and no more (issue 34). Bevy's GPU preprocessing culls and
//! batches 3D meshes on the GPU; the game draws no mesh, yet while a GPU offers it Bevy compiles four
//! depth-downsampling pipelines for occlusion culling at every start: four of the eleven pipelines a
//! desktop start compiled before its title was on screen. The 2D passes never use it (they prepare their
//! phases without it), so it is switched off in the render world as soon as the render world has it.
//!
//! Invariant: set in `RenderStartup`, after Bevy's own value and before the first frame is extracted, and
//! again whenever the render world is made anew (Bevy's render recovery runs `RenderStartup` again).

use bevy::prelude::*;
use bevy::render::batching::gpu_preprocessing::{GpuPreprocessingMode, GpuPreprocessingSupport};
use bevy::render::{RenderApp, RenderStartup, init_gpu_resource};

pub(crate) fn plugin(app: &mut App) {
    // Headless runs (the tests) have no render world.
    let Some(render) = app.get_sub_app_mut(RenderApp) else { return };
    render
        .add_systems(RenderStartup, no_gpu_preprocessing.after(init_gpu_resource::<GpuPreprocessingSupport>));
}

fn no_gpu_preprocessing(mut support: ResMut<GpuPreprocessingSupport>) {
    support.max_supported_mode = GpuPreprocessingMode::None;
}
