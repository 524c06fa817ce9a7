//! Geometry in design units (the original's pixels), and the camera that fits the design into
//! any window; in a race, the design with the ghost's board beside it or below it, wherever the
//! player's board comes out larger in the window (`Framing`).

use bevy::{
    camera::{CompositingSpace, ScalingMode},
    core_pipeline::tonemapping::DebandDither,
    prelude::*,
    render::view::Msaa,
    window::PrimaryWindow,
};

pub use g2048_ui::DevicePixels;

use crate::game::{Engine, Race};
use crate::rules::{Cell, Shape};

/// The design's size. The camera shows at least this much, centred, whatever the window.
pub const DESIGN_WIDTH: f32 = 540.0;
pub const DESIGN_HEIGHT: f32 = 730.0;
/// Board side, as in the original: the square every board fits in (a board of another shape
/// spans it the long way, centred, its cells as large as a square board's of its longer side).
pub const BOARD_PX: f32 = 500.0;
/// Gap between cells on the 4×4 board (15 px); other sizes scale it.
pub const GAP_PX_4X4: f32 = 15.0;
/// The original's 4×4 cell, the size its font sizes are given for.
pub const REFERENCE_CELL_PX: f32 = 106.25;
/// Top edge of the design.
pub const TOP: f32 = DESIGN_HEIGHT / 2.0;
/// Left and right edges of the 500 px column everything lines up on.
pub const LEFT: f32 = -BOARD_PX / 2.0;
pub const RIGHT: f32 = BOARD_PX / 2.0;
/// The board's centre: where `frame::Frame` lays the board out (a test keeps the two one).
pub const BOARD_CENTER: Vec2 = Vec2::new(0.0, TOP - 175.0 - BOARD_PX / 2.0);

/// Draw order.
pub const Z_BOARD: f32 = 0.0;
pub const Z_CELL: f32 = 1.0;
pub const Z_GHOST: f32 = 2.0;
pub const Z_TILE: f32 = 3.0;
pub const Z_OVERLAY: f32 = 10.0;
/// Dialogs and screens in front of the board and its win or game-over overlay.
pub const Z_DIALOG: f32 = Z_OVERLAY + 2.0;
pub const Z_FLOAT: f32 = 20.0;
/// Text sits just above its parent sprite.
pub const Z_LABEL: f32 = 0.1;

/// The ghost's board in a race: the side of the square a board of any shape fits in, and the
/// room it takes beside the design or below it (with the line over it).
pub const GHOST_PX: f32 = 200.0;
pub const GHOST_ROOM: f32 = 250.0;
/// The ghost's line: its size, and its distance above the ghost's board's top edge.
pub const GHOST_LINE_PX: f32 = 15.0;
const GHOST_LINE_ABOVE: f32 = 20.0;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(PreStartup, init_board_layout)
        .init_resource::<Framing>()
        .insert_resource(DevicePixels::unscaled(Vec2::new(
            DESIGN_WIDTH,
            DESIGN_HEIGHT,
        )))
        .add_systems(Startup, spawn_camera)
        .add_systems(
            Update,
            track_device_pixels
                .in_set(super::ViewSet::Text)
                .before(g2048_ui::UiSet::Text),
        );
}

/// The device pixels of `window` with `framing` (what `ScalingMode::AutoMin` does with its
/// logical size, times its scale factor).
pub fn device_pixels(window: &Window, framing: Framing) -> DevicePixels {
    let size = Vec2::new(
        window.physical_width() as f32,
        window.physical_height() as f32,
    );
    DevicePixels {
        zoom: framing.zoom(size).max(1e-3),
        size,
        center: framing.center(),
        scale_factor: window.scale_factor(),
    }
}

/// Follows the window (its size, its scale factor) and the framing. A minimised window (no
/// pixels) keeps the last: nothing is rasterised again for it, nor again when it comes back.
fn track_device_pixels(
    window: Option<Single<Ref<Window>, With<PrimaryWindow>>>,
    framing: Res<Framing>,
    mut device: ResMut<DevicePixels>,
) {
    if let Some(window) = window
        && (window.is_changed() || framing.is_changed())
        && window.physical_width() > 0
        && window.physical_height() > 0
    {
        device.set_if_neq(device_pixels(&window, *framing));
    }
}

/// Where the ghost's board goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Placement {
    /// Right of the player's board (a wide window).
    Beside,
    /// Under the key help (a tall window, a phone).
    Below,
}

/// What the camera shows: the design, and in a race the ghost's board's room beside or below.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Framing(pub Option<Placement>);

impl Framing {
    /// The design's size with the ghost's room.
    pub fn size(self) -> Vec2 {
        let design = Vec2::new(DESIGN_WIDTH, DESIGN_HEIGHT);
        match self.0 {
            None => design,
            Some(Placement::Beside) => design + Vec2::new(GHOST_ROOM, 0.0),
            Some(Placement::Below) => design + Vec2::new(0.0, GHOST_ROOM),
        }
    }

    /// Where the camera looks: the centre of what it shows.
    pub fn center(self) -> Vec2 {
        match self.0 {
            None => Vec2::ZERO,
            Some(Placement::Beside) => Vec2::new(GHOST_ROOM / 2.0, 0.0),
            Some(Placement::Below) => Vec2::new(0.0, -GHOST_ROOM / 2.0),
        }
    }

    /// The centre of the ghost's board: level with the player's board beside it, or centred
    /// in the room below.
    pub fn ghost_center(self) -> Option<Vec2> {
        Some(match self.0? {
            Placement::Beside => Vec2::new(DESIGN_WIDTH / 2.0 + GHOST_ROOM / 2.0, BOARD_CENTER.y),
            Placement::Below => Vec2::new(
                0.0,
                -DESIGN_HEIGHT / 2.0 - GHOST_ROOM / 2.0 - GHOST_LINE_ABOVE / 2.0,
            ),
        })
    }

    /// The ghost's line: its centre and the width it may take.
    pub fn ghost_line(self) -> Option<(Vec2, f32)> {
        let center = self.ghost_center()?;
        let width = match self.0? {
            Placement::Beside => GHOST_ROOM - 10.0,
            Placement::Below => BOARD_PX,
        };
        Some((
            center + Vec2::new(0.0, GHOST_PX / 2.0 + GHOST_LINE_ABOVE),
            width,
        ))
    }

    /// Screen pixels per design unit in a window of `window` pixels.
    pub fn zoom(self, window: Vec2) -> f32 {
        let size = self.size();
        (window.x / size.x).min(window.y / size.y)
    }

    /// The ghost's board's place in a window of `window` pixels: where the player's board comes
    /// out larger (below on a phone held upright, beside in a wide window).
    pub fn for_window(window: Vec2) -> Placement {
        let beside = Framing(Some(Placement::Beside)).zoom(window);
        let below = Framing(Some(Placement::Below)).zoom(window);
        if beside > below {
            Placement::Beside
        } else {
            Placement::Below
        }
    }

    /// The framing for `race` in `window` (without a window, as in tests: below).
    pub fn of(race: &Race, window: Option<Vec2>) -> Self {
        Framing(
            race.0
                .as_ref()
                .map(|_| window.map_or(Placement::Below, Framing::for_window)),
        )
    }

    /// Points `camera` at what the framing holds.
    pub fn aim(self, projection: &mut Projection, transform: &mut Transform) {
        let size = self.size();
        if let Projection::Orthographic(ortho) = projection {
            ortho.scaling_mode = ScalingMode::AutoMin {
                min_width: size.x,
                min_height: size.y,
            };
        }
        transform.translation = self.center().extend(transform.translation.z);
    }
}

/// Where the cells of the current board are.
#[derive(Resource, Debug, Clone, Copy)]
pub struct BoardLayout {
    pub shape: Shape,
    pub cell: f32,
    pub gap: f32,
}

impl BoardLayout {
    /// Square cells, as large as fit the longer side in `BOARD_PX`.
    pub fn new(shape: Shape) -> Self {
        let n = shape.longer() as f32;
        // 15 px gaps on 4×4, proportionally thinner on larger boards.
        let gap = GAP_PX_4X4 * (4.0 / n).min(1.0);
        let cell = (BOARD_PX - gap * (n + 1.0)) / n;
        Self { shape, cell, gap }
    }

    /// The board's width and height: `BOARD_PX` the long way.
    pub fn board_size(&self) -> Vec2 {
        let side = |n: usize| n as f32 * (self.cell + self.gap) + self.gap;
        Vec2::new(side(self.shape.cols()), side(self.shape.rows()))
    }

    /// Centre of a cell in world units.
    pub fn cell_center(&self, cell: Cell) -> Vec2 {
        let step = self.cell + self.gap;
        let corner = self.board_size() / 2.0;
        let first = self.gap + self.cell / 2.0;
        BOARD_CENTER
            + Vec2::new(
                -corner.x + first + cell.x as f32 * step,
                corner.y - first - cell.y as f32 * step,
            )
    }

    /// Scale of this board's cells against the original's, for font sizes.
    pub fn font_scale(&self) -> f32 {
        self.cell / REFERENCE_CELL_PX
    }
}

fn init_board_layout(mut commands: Commands, engine: Res<Engine>) {
    commands.insert_resource(BoardLayout::new(engine.config().shape()));
}

/// A flat board of axis-aligned sprites whose edges are smooth in their own textures needs none
/// of what Bevy's camera draws with by default: 4× MSAA (colour and depth four samples deep,
/// resolved every frame), and the tonemapping function and deband dither in every sprite
/// fragment (`Tonemapping` and `DebandDither` on the camera). On a software renderer that is
/// most of a frame (docs/design.md, "Light frames"). `RenderCosts` puts them back, to measure.
fn spawn_camera(mut commands: Commands) {
    let costs = RenderCosts::asked();
    let mut camera = commands.spawn((
        Camera2d,
        Projection::Orthographic(OrthographicProjection {
            scaling_mode: ScalingMode::AutoMin {
                min_width: DESIGN_WIDTH,
                min_height: DESIGN_HEIGHT,
            },
            ..OrthographicProjection::default_2d()
        }),
        if costs.msaa { Msaa::Sample4 } else { Msaa::Off },
        // Blend in sRGB space, as a browser blends the original's CSS (its overlays, the edges
        // of its glyphs and corners): the main texture is then plain Rgba8Unorm, which a
        // software renderer writes and blends without converting every pixel, and the web build
        // hands it to the canvas as it is (docs/design.md, "Light frames").
        CompositingSpace::Srgb,
    ));
    if !costs.tonemap {
        camera.insert(DebandDither::Disabled);
    }
}

/// Bevy's default costs, put back for a measurement: `msaa` (4×), `tonemap` (the tonemapping
/// function and deband dither in the sprite shader), and on the page `alpha` (a canvas with an
/// alpha channel and a depth buffer, WebGL's default: `web::has_webgl2`). Asked for by
/// `G2048_RENDER=msaa,tonemap` on the desktop and `?render=msaa,tonemap,alpha` on the page
/// (web/compare.mjs); players get none of them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RenderCosts {
    pub msaa: bool,
    pub tonemap: bool,
    pub alpha: bool,
}

impl RenderCosts {
    /// The costs a comma-separated list names (unknown names are ignored).
    pub fn parse(list: &str) -> Self {
        let has = |name: &str| list.split(',').any(|n| n.trim() == name);
        Self {
            msaa: has("msaa"),
            tonemap: has("tonemap"),
            alpha: has("alpha"),
        }
    }

    /// What the environment (the desktop) or the page's address (the web) asks for.
    pub fn asked() -> Self {
        #[cfg(not(target_arch = "wasm32"))]
        let list = std::env::var("G2048_RENDER").unwrap_or_default();
        #[cfg(target_arch = "wasm32")]
        let list = web_sys::window()
            .and_then(|w| w.location().search().ok())
            .and_then(|search| {
                search
                    .trim_start_matches('?')
                    .split('&')
                    .find_map(|pair| pair.strip_prefix("render=").map(str::to_string))
            })
            .unwrap_or_default();
        Self::parse(&list)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn device_pixels_run_down_from_the_window_s_top_left_and_back() {
        // A 1000×900 window at ratio 2 (2000×1800 device pixels): the design's height limits
        // the zoom; its centre is the window's, y up in the design and down on the screen.
        let mut window = Window::default();
        window.resolution =
            bevy::window::WindowResolution::new(2000, 1800).with_scale_factor_override(2.0);
        let device = device_pixels(&window, Framing(None));
        assert_eq!(
            device.zoom,
            (2000.0 / DESIGN_WIDTH).min(1800.0 / DESIGN_HEIGHT)
        );
        assert_eq!(device.to_device(Vec2::ZERO), Vec2::new(1000.0, 900.0));
        let top_left = Vec2::new(-1000.0, 900.0) / device.zoom;
        assert!((device.to_device(top_left)).abs().max_element() < 1e-3);
        for point in [Vec2::new(12.3, -45.6), Vec2::new(-250.0, 190.25)] {
            assert!((device.to_design(device.to_device(point)) - point).length() < 1e-3);
            let snapped = device.to_device(device.snap(point));
            assert!(
                (snapped - snapped.round()).abs().max_element() < 1e-3,
                "{snapped}"
            );
            assert!((device.snap(point) - point).abs().max_element() <= 0.5 / device.zoom + 1e-4);
        }
        // An odd width puts the centre between two pixels: a snapped point is still on a corner.
        window.resolution = bevy::window::WindowResolution::new(1001, 900);
        let odd = device_pixels(&window, Framing(None));
        let snapped = odd.to_device(odd.snap(Vec2::new(3.3, 4.4)));
        assert!(
            (snapped - snapped.round()).abs().max_element() < 1e-3,
            "{snapped}"
        );
    }

    #[test]
    fn render_costs_are_named_in_a_list() {
        assert_eq!(RenderCosts::parse(""), RenderCosts::default());
        let both = RenderCosts {
            msaa: true,
            tonemap: true,
            alpha: false,
        };
        assert_eq!(RenderCosts::parse("msaa,tonemap"), both);
        assert_eq!(RenderCosts::parse(" tonemap , msaa"), both);
        let msaa = RenderCosts {
            msaa: true,
            ..RenderCosts::default()
        };
        assert_eq!(RenderCosts::parse("msaa,bloom"), msaa);
        let alpha = RenderCosts {
            alpha: true,
            ..RenderCosts::default()
        };
        assert_eq!(RenderCosts::parse("alpha"), alpha);
    }

    #[test]
    fn the_ghost_s_board_goes_where_the_window_shows_more_and_stays_apart() {
        // A phone held upright and the desktop's first window: below; a wide window: beside.
        for (window, place) in [
            ((360.0, 740.0), Placement::Below),
            ((486.0, 657.0), Placement::Below),
            ((1280.0, 720.0), Placement::Beside),
        ] {
            assert_eq!(Framing::for_window(Vec2::from(window)), place, "{window:?}");
        }
        // At 360 px the player's board loses nothing to the ghost's: the width limits both.
        let phone = Vec2::new(360.0, 740.0);
        assert_eq!(
            Framing(Some(Placement::Below)).zoom(phone),
            Framing(None).zoom(phone)
        );
        for place in [Placement::Beside, Placement::Below] {
            let framing = Framing(Some(place));
            let ghost = framing.ghost_center().unwrap();
            let (line, _) = framing.ghost_line().unwrap();
            let half = framing.size() / 2.0;
            let (low, high) = (framing.center() - half, framing.center() + half);
            // Within what the camera shows, its line too.
            for corner in [ghost - GHOST_PX / 2.0, ghost + GHOST_PX / 2.0, line] {
                assert!(
                    corner.cmpge(low).all() && corner.cmple(high).all(),
                    "{place:?}"
                );
            }
            // Apart from the player's board and from the key help under it.
            let board_bottom = BOARD_CENTER.y - BOARD_PX / 2.0 - 40.0;
            let apart_x = ghost.x - GHOST_PX / 2.0 > RIGHT;
            let apart_y = line.y + GHOST_LINE_PX < board_bottom;
            assert!(apart_x || apart_y, "{place:?}: {ghost} {line}");
        }
    }
}
