//! 2048 on the Bevy ECS engine.
//!
//! The Bevy-free core is its own crate, `g2048_core` (crates/core), re-exported here under the
//! same names, so the game and its tests say `crate::rules`:
//! - [`i18n`]: the game's words in each language (Fluent catalogues).
//! - [`rules`]: the engine (boards of 3–8 rows by 3–8 columns, slide plans, spawns, win/lose).
//! - [`ai`]: the expectimax search and the coach's ratings.
//! - [`save`]: what is kept (documents, stores, merges, backups).
//!
//! The core never sees this crate or Bevy; the compiler holds it to that. In this crate:
//! - [`game`]: the ECS layer (tile entities, requests, move/merge/spawn systems, states, input),
//!   with one module per screen in [`game::screens`].
//! - [`view`]: sprites, text and tweens that show the game.
//! - `web` (in the browser): the page's glue and its mirror for screen readers.
//! - `fatal` (on the desktop): what a machine with no display or no graphics driver is told.
//!
//! The frame's order is declared once, in `frame_order`.
//!
//! [`windowed_app`] builds the game for a window (desktop or browser canvas); [`headless_app`]
//! builds the same game without window or GPU, for tests and the stress run.

#[cfg(not(target_arch = "wasm32"))]
pub mod fatal;
#[cfg(not(target_arch = "wasm32"))]
pub mod files;
pub mod game;
mod share;
pub mod testing;
pub mod view;
#[cfg(target_arch = "wasm32")]
pub mod web;

pub use g2048_core::{ai, clock, i18n, protocol, rules, said, save, tr};

use std::sync::Arc;
use std::time::Duration;

use bevy::{
    asset::AssetPlugin,
    input::InputPlugin,
    prelude::*,
    state::app::StatesPlugin,
    time::TimeReceiver,
    winit::{UpdateMode, WinitSettings},
};
use bevy_tweening::TweeningPlugin;

pub use game::GamePlugin;
use rules::Config;
use view::ViewPlugin;

/// Initial window size in logical pixels (the layout scales to any size).
pub const WINDOW_SIZE: (u32, u32) = (486, 657);
/// With nothing to animate the app sleeps until input, waking at most this often.
const IDLE_WAKE: Duration = Duration::from_secs(60);

/// The game in a window: on the desktop, or on the page's `#bevy` canvas in a browser.
pub fn windowed_app(game: GamePlugin) -> App {
    let mut app = App::new();
    app.add_plugins(engine_plugins(Window {
        title: "2048".into(),
        // WM_CLASS on X11 (and the window class on Windows): the desktop entry's
        // StartupWMClass (assets/linux/g2048.desktop) matches it.
        name: Some("g2048".into()),
        resolution: initial_size().into(),
        canvas: Some("#bevy".into()),
        fit_canvas_to_parent: true,
        prevent_default_event_handling: true,
        ..default()
    }))
    .insert_resource(ClearColor(view::palette::PAGE))
    // Redraw only on input or while something animates (`view::keep_frames_coming`): idle
    // costs no CPU.
    .insert_resource(WinitSettings {
        focused_mode: UpdateMode::reactive_low_power(IDLE_WAKE),
        unfocused_mode: UpdateMode::reactive_low_power(IDLE_WAKE),
    })
    .add_plugins((TweeningPlugin, game, ViewPlugin));
    frame_order(&mut app);
    load_first_frame_shaders(&mut app);
    share::plugin(&mut app);
    #[cfg(not(target_arch = "wasm32"))]
    files::plugin(&mut app);
    #[cfg(target_arch = "wasm32")]
    web::plugin(&mut app);
    // By default the frame time comes from the render world, stamped when the previous frame was
    // rendered: after the window slept, the frame *after* a key press still carries the whole
    // idle time and would finish the new slide at once. Without the receiver, `time_system`
    // stamps each frame when it starts. (The render world's sender ignores the closed channel.)
    app.world_mut().remove_resource::<TimeReceiver>();
    app
}

/// Shaders of bevy's 2D renderer (0.19) that it asks the asset server for only as its first frame
/// starts (in `RenderStartup`), for the pipelines it builds in that frame: the sprites', the
/// final copy's to the window and, on the desktop, the tonemapping pass's (built though a camera
/// without a tonemapper never runs it; the web build's patched bevy does not build it). The page
/// is told of the first frame once every pipeline is built.
const FIRST_FRAME_SHADERS: &[&str] = &[
    "embedded://bevy_sprite_render/render/sprite.wgsl",
    "embedded://bevy_core_pipeline/blit/blit.wgsl",
    #[cfg(not(target_arch = "wasm32"))]
    "embedded://bevy_core_pipeline/tonemapping/tonemapping.wgsl",
];

/// Keeps the early loads of [`FIRST_FRAME_SHADERS`] alive.
#[derive(Resource)]
struct FirstFrameShaders(
    #[expect(
        dead_code,
        reason = "held, never read: the handles keep the loads alive"
    )]
    Vec<Handle<bevy::shader::Shader>>,
);

/// Asks for [`FIRST_FRAME_SHADERS`] while the app is built. They load while the renderer is set
/// up (on the web, the same event-loop turns), so the first frame's pipelines can be built in
/// that frame; asked for in `RenderStartup`, they arrive a frame later and the first frame
/// draws only the background. The renderer's own requests then find them loaded (same paths).
fn load_first_frame_shaders(app: &mut App) {
    let server = app.world().resource::<AssetServer>();
    let handles = FIRST_FRAME_SHADERS
        .iter()
        .map(|&path| server.load(path))
        .collect();
    app.insert_resource(FirstFrameShaders(handles));
}

/// The window's first size: [`WINDOW_SIZE`] on the desktop; in the browser the size the page
/// gives the canvas (which it then follows).
fn initial_size() -> (u32, u32) {
    #[cfg(target_arch = "wasm32")]
    if let Some(size) = web::page_size() {
        return size;
    }
    WINDOW_SIZE
}

/// Bevy's plugins the game runs on: `DefaultPlugins` as this crate's features make it, in its
/// order, less what the game never uses. Listed here rather than taken as the group because a
/// plugin the group adds stays in the .wasm even when disabled (its `build` is reachable through
/// the group's list): so the browser build leaves out the log subscriber (the .wasm logs
/// nothing: see Cargo.toml) and, on every platform, the diagnostics store nothing reads.
fn engine_plugins(window: Window) -> impl PluginGroup {
    use bevy::{
        a11y::AccessibilityPlugin,
        app::{PanicHandlerPlugin, PluginGroupBuilder, TaskPoolPlugin},
        camera::CameraPlugin,
        core_pipeline::CorePipelinePlugin,
        diagnostic::FrameCountPlugin,
        input_focus::{InputDispatchPlugin, InputFocusPlugin},
        mesh::MeshPlugin,
        render::RenderPlugin,
        sprite::SpritePlugin,
        sprite_render::SpriteRenderPlugin,
        time::TimePlugin,
        window::WindowPlugin,
        winit::WinitPlugin,
    };
    let group = PluginGroupBuilder::start::<DefaultPlugins>().add(PanicHandlerPlugin);
    #[cfg(not(target_arch = "wasm32"))]
    let group = group.add(bevy::log::LogPlugin::default());
    let group = group
        .add(TaskPoolPlugin::default())
        .add(FrameCountPlugin)
        .add(TimePlugin)
        .add(TransformPlugin)
        .add(InputPlugin)
        .add(InputFocusPlugin)
        .add(InputDispatchPlugin)
        .add(WindowPlugin {
            primary_window: Some(window),
            ..default()
        })
        .add(AccessibilityPlugin);
    #[cfg(not(target_arch = "wasm32"))]
    let group = group.add(bevy::app::TerminalCtrlCHandlerPlugin);
    group
        .add(AssetPlugin {
            // Everything is embedded; never look for an assets folder or .meta files.
            meta_check: bevy::asset::AssetMetaCheck::Never,
            ..default()
        })
        .add(WinitPlugin::default())
        .add(RenderPlugin::default())
        .add(ImagePlugin::default())
        .add(MeshPlugin)
        .add(CameraPlugin)
        .add(CorePipelinePlugin)
        .add(SpritePlugin)
        .add(SpriteRenderPlugin)
        .add(StatesPlugin)
}

/// The same game with no window, renderer or GPU: MinimalPlugins, states, input, tweening,
/// and the asset stores the view needs. Time advances by `frame` per `update()`.
/// Saves go to memory.
pub fn headless_app(config: Config, seed: u64, frame: Duration) -> App {
    headless_app_with(
        GamePlugin {
            size: Some(config.shape()),
            target: Some(config.target()),
            seed: Some(seed),
            store: Arc::new(save::MemoryStore::default()),
            replay: None,
            language: Default::default(),
            daily: false,
            server: None,
        },
        frame,
    )
}

/// The headless game with its own launch settings and store.
pub fn headless_app_with(game: GamePlugin, frame: Duration) -> App {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        StatesPlugin,
        InputPlugin,
        AssetPlugin::default(),
        TransformPlugin,
    ))
    .init_asset::<Image>()
    .insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(frame))
    .add_plugins((TweeningPlugin, game, ViewPlugin));
    frame_order(&mut app);
    app
}

/// The game alone, headless, without its view and tweens: what is kept and played, at a
/// fraction of a whole app's start and frame (no glyph atlas, no sprites). The tests of many
/// windows on one store use it: what windows keep is the game's; the view only draws it.
pub fn headless_game_app(game: GamePlugin, frame: Duration) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, InputPlugin))
        .insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(frame))
        .add_plugins(game);
    frame_order(&mut app);
    app
}

/// The whole frame, in one place: read input and the AI's move, snap running tweens to their
/// end, apply the requests, record what follows (game state, best score), save, step the
/// tweens, let the view react, fade groups, colour by theme, lay out text, and publish what the
/// game reads back. Tweens started by a move are first stepped in the next frame: stepping them
/// in the frame that woke from idle would apply that frame's long delta (up to 250 ms) and
/// finish a 100 ms slide before it was ever drawn.
fn frame_order(app: &mut App) {
    use bevy_tweening::AnimationSystem;
    use game::GameSet;
    use view::ViewSet;
    app.configure_sets(
        Update,
        (
            GameSet::Input,
            GameSet::Ai,
            ViewSet::Snap,
            GameSet::Apply,
            GameSet::Record,
            GameSet::Save,
            AnimationSystem::AnimationUpdate,
            GameSet::React,
            ViewSet::Fade,
            ViewSet::Ink,
            ViewSet::Text,
            ViewSet::Publish,
        )
            .chain(),
    );
    // The drawing kit's phases (crates/ui) inside the view's.
    app.configure_sets(
        Update,
        (
            g2048_ui::UiSet::Fade.in_set(ViewSet::Fade),
            g2048_ui::UiSet::Text.in_set(ViewSet::Text),
        ),
    );
}
