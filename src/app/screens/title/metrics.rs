//! The title sheets' sizes for the window at hand ([`Metrics`]): shared by the sheets and the Two players
//! sheet's custom clock, so that both lay out with one set of sizes.

use bevy::prelude::*;

/// Sizes for the window at hand: a phone held sideways is too short for a sheet in one column.
#[derive(Copy, Clone)]
pub(crate) struct Metrics {
    pub(crate) heading: f32,
    pub(crate) label: f32,
    pub(crate) choice: f32,
    pub(crate) action: f32,
    pub(crate) gap: f32,
    pub(crate) pad: f32,
    pub(crate) width: f32,
    pub(crate) short: bool,
}

impl Metrics {
    pub(crate) fn for_window(size: Vec2) -> Metrics {
        // The sheet's height is counted in UI pixels: a tablet's `UiScale` makes everything larger.
        let short = size.y < SHORT;
        if short {
            Metrics {
                heading: 20.0,
                label: 14.0,
                choice: 16.0,
                action: 20.0,
                gap: 6.0,
                pad: 12.0,
                width: 600.0,
                short,
            }
        } else {
            Metrics {
                heading: 24.0,
                label: 15.0,
                choice: 18.0,
                action: 22.0,
                gap: 10.0,
                pad: 20.0,
                width: 380.0,
                short,
            }
        }
    }

    /// The Two players and Play sheets' sizes: its heading kept to one line on a phone ("Двое на одном устройстве"
    /// left a word alone on the second), and tighter gaps on a small phone, where the custom clock's block
    /// must fit under the choices.
    pub(crate) fn for_two_players(self, size: Vec2) -> Metrics {
        if self.short {
            return self;
        }
        let heading = if size.x < NARROW { 21.0 } else { self.heading };
        if size.y < TIGHT {
            Metrics { heading, gap: 6.0, pad: 14.0, ..self }
        } else {
            Metrics { heading, ..self }
        }
    }
}

/// Below this height (a phone held sideways) the Settings sheet puts its buttons in two columns.
const SHORT: f32 = 560.0;
/// Below this width (a phone upright) the Two players sheet's heading is smaller.
const NARROW: f32 = 480.0;
/// Below this height (a small phone) the Two players sheet's gaps are tighter.
const TIGHT: f32 = 720.0;
