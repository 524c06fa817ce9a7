//! The kit's one way to make an image from its texels, below the shapes ([`crate::art`]) and
//! the glyph atlas ([`crate::text`]) that both make theirs with it.

use bevy::asset::RenderAssetUsages;
use bevy::prelude::*;
pub(crate) use bevy::render::render_resource::TextureFormat;
use bevy::render::render_resource::{Extent3d, TextureDimension};

/// A square image `side` texels wide of `data`, RGBA in plain Unorm: the kit's images are white,
/// their coverage in alpha, tinted by their sprite's colour (white and alpha read the same as in
/// an sRGB texture, without its decoding).
pub(crate) fn square_image(side: u32, data: Vec<u8>) -> Image {
    rgba_image(side, side, data, TextureFormat::Rgba8Unorm)
}

/// An image `width` by `height` texels of `data`, RGBA in `format`.
pub(crate) fn rgba_image(width: u32, height: u32, data: Vec<u8>, format: TextureFormat) -> Image {
    Image::new(
        Extent3d {
            width,
            height,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        data,
        format,
        RenderAssetUsages::default(),
    )
}
