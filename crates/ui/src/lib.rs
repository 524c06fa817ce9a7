//! The game's drawing kit, apart from the game: text drawn as sprites ([`text`]), rounded shapes
//! and glows baked for the screen's pixel density ([`art`]), fading a group as one ([`fade`]),
//! a dialog's description ([`dialog`]) and its layout ([`flow`]), and buttons with their focus
//! ring ([`button`]). It names
//! no type of the game: a button does an action of the game's own type. The game adds
//! [`UiPlugin`] and puts the kit's phases ([`UiSet`]) into its own frame order.

use bevy::prelude::*;

pub mod art;
pub mod button;
pub mod dialog;
pub mod fade;
pub mod flow;
mod image;
pub mod text;

/// The kit's phases within a frame: the game orders them among its own (its `frame_order`).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UiSet {
    /// Group fades set their members' alpha.
    Fade,
    /// Labels are laid out and their glyphs coloured; shapes are baked again for a new zoom.
    Text,
}

/// Adds the kit: the glyph atlas and the baked shapes (needs `Assets<Image>`), and the systems
/// of [`UiSet`]. The game inserts [`DevicePixels`] and keeps it up to date, before
/// [`UiSet::Text`].
pub struct UiPlugin;

impl Plugin for UiPlugin {
    fn build(&self, app: &mut App) {
        text::plugin(app);
        art::plugin(app);
        fade::plugin(app);
    }
}

/// How the camera maps design units onto the window's device (physical) pixels: `zoom` device
/// pixels per design unit (the window's scale factor included), the window's `size` in device
/// pixels, and the design point at its centre. The game sets it from its window and camera;
/// without a window (tests), one pixel per unit ([`DevicePixels::unscaled`]).
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct DevicePixels {
    pub zoom: f32,
    pub size: Vec2,
    pub center: Vec2,
    pub scale_factor: f32,
}

impl DevicePixels {
    /// One device pixel per design unit, a window of `size`, centred on the origin.
    pub fn unscaled(size: Vec2) -> Self {
        Self {
            zoom: 1.0,
            size,
            center: Vec2::ZERO,
            scale_factor: 1.0,
        }
    }

    /// The device pixel (x right, y down, from the window's top-left corner) a design point
    /// falls on.
    pub fn to_device(&self, point: Vec2) -> Vec2 {
        let d = (point - self.center) * self.zoom;
        Vec2::new(self.size.x / 2.0 + d.x, self.size.y / 2.0 - d.y)
    }

    /// The design point at a device pixel position (the inverse of `to_device`).
    pub fn to_design(&self, device: Vec2) -> Vec2 {
        let d = Vec2::new(device.x - self.size.x / 2.0, self.size.y / 2.0 - device.y);
        self.center + d / self.zoom
    }

    /// The design point nearest `point` that falls on a corner of the device pixel grid.
    pub fn snap(&self, point: Vec2) -> Vec2 {
        self.to_design(self.to_device(point).round())
    }
}
