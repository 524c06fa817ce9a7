//! What the player sees: board, tiles, header, overlays and dialogs, all as 2D sprites and text
//! laid out in design units, and every motion a bevy_tweening tween. The view only reacts to the
//! game; the one thing it tells the game is whether tiles are still moving (`TilesMoving`).

#[cfg(not(target_arch = "wasm32"))]
pub mod access;
pub mod coach_bars;
pub mod dialogs;
pub mod flow;
pub mod focus;
pub mod frame;
pub mod header;
pub mod icon;
pub mod layout;
pub mod motion;
pub mod overlay;
pub mod palette;
pub mod race_ghost;
pub mod replay_bar;
pub mod stats_charts;
pub mod theme;
pub mod tiles;
pub mod widgets;

use bevy::{diagnostic::FrameCount, prelude::*, window::RequestRedraw};
use bevy_tweening::TweenAnim;

use crate::game::{Autoplay, GameSet, GameState, PendingKeys, Replay, Screen};

/// Frames drawn after start-up before the game waits for input (the renderer settles over the
/// first frames).
const WARM_UP_FRAMES: u32 = 10;

pub use tiles::{Ghost, TileLabel};

/// The view's phases within a frame, around the game's.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ViewSet {
    /// Before requests apply: running tile tweens jump to their end.
    Snap,
    /// Group fades set their members' alpha.
    Fade,
    /// The theme colours what carries an `Ink` (keeping the alpha a fade gave it).
    Ink,
    /// Labels are laid out and their glyphs coloured.
    Text,
    /// What the game reads back: whether tiles are still moving.
    Publish,
}

/// Adds the view. Needs `Assets<Image>` (the render plugins, or
/// `init_asset` in headless tests) and the game plugin.
pub struct ViewPlugin;

impl Plugin for ViewPlugin {
    fn build(&self, app: &mut App) {
        app
            // Registered by WindowPlugin in a real app; headless tests have none.
            .add_message::<RequestRedraw>()
            .add_systems(
                Update,
                (despawn_finished, widgets::follow_language).in_set(GameSet::React),
            )
            .add_systems(Last, keep_frames_coming);
        app.add_plugins(g2048_ui::UiPlugin);
        layout::plugin(app);
        tiles::plugin(app);
        header::plugin(app);
        overlay::plugin(app);
        flow::plugin(app);
        dialogs::plugin(app);
        coach_bars::plugin(app);
        replay_bar::plugin(app);
        race_ghost::plugin(app);
        theme::plugin(app);
        motion::plugin(app);
        focus::plugin(app);
        #[cfg(not(target_arch = "wasm32"))]
        access::plugin(app);
        #[cfg(not(target_arch = "wasm32"))]
        icon::plugin(app);
    }
}

/// An entity that exists only for its tween (a ghost, a "+N"): despawned when the tween ends.
#[derive(Component, Debug, Default)]
pub struct DespawnWhenDone;

fn despawn_finished(
    mut commands: Commands,
    done: Query<Entity, (With<DespawnWhenDone>, Without<TweenAnim>)>,
) {
    for entity in &done {
        commands.entity(entity).despawn();
    }
}

/// A window that waits for input between frames (winit's reactive mode) gets the next frame now
/// while a tween runs, while the AI plays or a replay plays, while a state change waits for the
/// next frame to take effect (a dialog opening or closing, an overlay), while keys wait for the
/// screen a key before them opens (`PendingKeys`), while text waits for a resized window to hold
/// still, and over the first few frames.
fn keep_frames_coming(
    keys: Res<PendingKeys>,
    zoom_settling: Res<g2048_ui::text::ZoomSettling>,
    anims: Query<(), With<TweenAnim>>,
    autoplay: Res<Autoplay>,
    replay: Res<Replay>,
    screen: Res<NextState<Screen>>,
    state: Res<NextState<GameState>>,
    frames: Res<FrameCount>,
    reviews: Res<crate::game::review::Reviews>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let pending =
        !matches!(*screen, NextState::Unchanged) || !matches!(*state, NextState::Unchanged);
    let replaying = replay.0.as_ref().is_some_and(|w| w.playing);
    // (A game being read for its luck and skill is read a share of each frame.)
    if !anims.is_empty()
        || autoplay.on
        || replaying
        || pending
        || keys.waiting()
        || zoom_settling.0.is_some()
        || reviews.busy()
        || frames.0 < WARM_UP_FRAMES
    {
        redraw.write(RequestRedraw);
    }
}
