//! Text at the device pixels it covers: in a window of scale factor 1, 2 and 3 (a laptop, a
//! phone), every glyph is rasterised for the device pixels it is drawn on, one texel to one
//! device pixel, its corner on the device pixel grid (the rounded shapes, baked as densely, are
//! crates/ui/src/art.rs's unit test). A new scale factor is followed at once; a window dragged to a new size
//! is followed once it holds still. And the camera draws without MSAA or dither.

use bevy::prelude::*;
use bevy::window::{PrimaryWindow, WindowResolution};
use g2048::rules::Config;
use g2048::testing::{app, settle};
use g2048::view::layout::{DESIGN_HEIGHT, DESIGN_WIDTH, DevicePixels};
use g2048_ui::text::{Glyph, SETTLE, Zoom};

/// The game in a window of `width` × `height` logical pixels at `scale` device pixels each.
fn windowed(width: u32, height: u32, scale: f32) -> App {
    let mut app = app(Config::default(), 5);
    let (w, h) = (
        (width as f32 * scale) as u32,
        (height as f32 * scale) as u32,
    );
    let resolution = WindowResolution::new(w, h).with_scale_factor_override(scale);
    app.world_mut().spawn((
        Window {
            resolution,
            ..default()
        },
        PrimaryWindow,
    ));
    settle(&mut app);
    app
}

/// Each problem with a glyph: drawn at another density than one texel a device pixel, or off
/// the device pixel grid. And how many glyphs were checked, and the tallest one's texels.
fn glyph_problems(app: &mut App) -> (Vec<String>, usize, f32) {
    let device = *app.world().resource::<DevicePixels>();
    let world = app.world_mut();
    let mut glyphs = world.query_filtered::<(&GlobalTransform, &Sprite), With<Glyph>>();
    let mut problems = Vec::new();
    let (mut checked, mut tallest) = (0, 0.0f32);
    for (global, sprite) in glyphs.iter(world) {
        let (scale, _, at) = global.to_scale_rotation_translation();
        let texels = sprite.rect.expect("a glyph is cut from the atlas").size();
        let on_screen = texels * scale.truncate() * device.zoom;
        let corner = device.to_device(at.truncate());
        checked += 1;
        tallest = tallest.max(texels.y);
        if (on_screen - texels).abs().max_element() > 1e-3 {
            problems.push(format!(
                "{texels} texels drawn over {on_screen} device pixels"
            ));
        }
        if (corner - corner.round()).abs().max_element() > 1e-3 {
            problems.push(format!("a glyph's corner at device pixel {corner}"));
        }
    }
    (problems, checked, tallest)
}

#[test]
fn glyphs_are_drawn_one_texel_to_one_device_pixel_at_scale_factors_1_2_and_3() {
    let mut tallest_at_1 = 0.0;
    for scale in [1.0, 2.0, 3.0] {
        let mut app = windowed(486, 657, scale);
        let device = *app.world().resource::<DevicePixels>();
        let fit = (486.0 / DESIGN_WIDTH).min(657.0 / DESIGN_HEIGHT);
        assert!((device.zoom - fit * scale).abs() < 1e-4, "{device:?}");
        assert_eq!(app.world().resource::<Zoom>().0, device.zoom);
        let (problems, checked, tallest) = glyph_problems(&mut app);
        assert!(
            checked > 100,
            "the board's and header's text: {checked} glyphs"
        );
        assert!(problems.is_empty(), "at scale {scale}: {problems:#?}");
        // The title's digits are rasterised as many times taller as the pixels are denser.
        if scale == 1.0 {
            tallest_at_1 = tallest;
        } else {
            assert!(
                (tallest - tallest_at_1 * scale).abs() <= scale + 1.0,
                "tallest glyph {tallest} texels at {scale}, {tallest_at_1} at 1"
            );
        }
    }
}

#[test]
fn a_new_scale_factor_is_followed_at_once_and_a_drag_once_it_holds_still() {
    let mut app = windowed(486, 657, 1.0);
    let zoom = |app: &App| app.world().resource::<Zoom>().0;
    let at_one = zoom(&app);
    let mut window = app.world_mut().query::<&mut Window>();
    // Dragged to a monitor of twice the density (the same logical size, twice the device
    // pixels): the next frame's glyphs are for it.
    {
        let mut window = window.single_mut(app.world_mut()).unwrap();
        window.resolution.set_scale_factor_override(Some(2.0));
        window.resolution.set_physical_resolution(972, 1314);
    }
    app.update();
    assert!((zoom(&app) - 2.0 * at_one).abs() < 1e-4);
    assert!(glyph_problems(&mut app).0.is_empty());
    // A drag, a while later: the first step at once, the steps right after it wait until the
    // window holds still for SETTLE; then once, and the glyphs fit the device pixels again.
    let frames = (SETTLE.as_secs_f32() / g2048::testing::FRAME.as_secs_f32()) as usize;
    for _ in 0..frames + 2 {
        app.update();
    }
    let mut zooms = vec![zoom(&app)];
    for step in 1..=10u32 {
        window
            .single_mut(app.world_mut())
            .unwrap()
            .resolution
            .set(486.0 + 10.0 * step as f32, 657.0 + 10.0 * step as f32);
        app.update();
        zooms.push(zoom(&app));
    }
    zooms.dedup();
    assert_eq!(zooms.len(), 2, "the drag's first step only: {zooms:?}");
    for _ in 0..frames + 2 {
        app.update();
    }
    let device = *app.world().resource::<DevicePixels>();
    assert_eq!(
        zoom(&app),
        device.zoom,
        "followed once the window held still"
    );
    let (problems, checked, _) = glyph_problems(&mut app);
    assert!(checked > 100 && problems.is_empty(), "{problems:#?}");
}

/// The camera draws a flat board without what Bevy's 2D camera brings by default: no MSAA, no
/// dither (docs/design.md, "Light frames": MSAA cost most of a frame on a software renderer).
#[test]
fn the_camera_draws_without_msaa_or_dither() {
    use bevy::core_pipeline::tonemapping::DebandDither;
    use bevy::render::view::Msaa;
    let mut app = app(Config::default(), 5);
    let mut cameras = app
        .world_mut()
        .query_filtered::<(&Msaa, Option<&DebandDither>), With<Camera2d>>();
    let cameras: Vec<_> = cameras.iter(app.world()).collect();
    assert_eq!(cameras.len(), 1);
    assert_eq!(*cameras[0].0, Msaa::Off);
    assert_eq!(cameras[0].1, Some(&DebandDither::Disabled));
}
