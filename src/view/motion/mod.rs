//! How much the view animates: full (the original's slides, pops, "+N" and fades), reduced (no
//! travel, pop or "+N": a move's tiles are in their cells the frame after the key; overlays and
//! the hint still fade, which moves nothing) or off (nothing animates). The player's choice, or
//! with "System" the platform's reduced-motion setting where it reports one: the browser's
//! `prefers-reduced-motion` (read every frame, so a change while the page is open applies at the
//! next frame), and on Linux and the BSDs the desktop portal's setting (`portal`, followed as it
//! changes). Windows and macOS report none through winit, so there "System" is full.

#[cfg(all(unix, not(target_os = "macos"), not(target_arch = "wasm32")))]
mod portal;

use bevy::prelude::*;

use super::ViewSet;
use crate::game::PlayerOptions;
use crate::save::MotionChoice;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Motion>()
        .init_resource::<SystemMotion>()
        .add_systems(Update, resolve_motion.in_set(ViewSet::Snap));
    #[cfg(all(unix, not(target_os = "macos"), not(target_arch = "wasm32")))]
    app.add_systems(Startup, follow_the_desktop)
        .add_systems(Update, read_the_desktop.before(ViewSet::Snap));
}

/// The desktop's setting as the portal's thread last read it.
#[cfg(all(unix, not(target_os = "macos"), not(target_arch = "wasm32")))]
#[derive(Resource)]
struct DesktopMotion(std::sync::Arc<std::sync::atomic::AtomicBool>);

/// In a window (not in headless runs), starts following the desktop's setting; a change wakes
/// a window that waits for input.
#[cfg(all(unix, not(target_os = "macos"), not(target_arch = "wasm32")))]
fn follow_the_desktop(
    mut commands: Commands,
    proxy: Option<Res<bevy::winit::EventLoopProxyWrapper>>,
) {
    let Some(proxy) = proxy else {
        return;
    };
    let proxy = (**proxy).clone();
    let reduced = std::sync::Arc::default();
    portal::follow(std::sync::Arc::clone(&reduced), move || {
        let _ = proxy.send_event(bevy::winit::WinitUserEvent::WakeUp);
    });
    commands.insert_resource(DesktopMotion(reduced));
}

#[cfg(all(unix, not(target_os = "macos"), not(target_arch = "wasm32")))]
fn read_the_desktop(desktop: Option<Res<DesktopMotion>>, mut system: ResMut<SystemMotion>) {
    if let Some(desktop) = desktop {
        let reduced = desktop.0.load(std::sync::atomic::Ordering::Relaxed);
        system.set_if_neq(SystemMotion { reduced });
    }
}

/// The motion in effect.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Motion {
    #[default]
    Full,
    Reduced,
    Off,
}

impl Motion {
    /// Whether tiles travel, pop and grow, and scores float.
    pub fn moves(self) -> bool {
        self == Motion::Full
    }

    /// Whether things fade in and out (overlays, the hint).
    pub fn fades(self) -> bool {
        self != Motion::Off
    }
}

/// Whether the platform asks for reduced motion (set by the browser glue, and on Linux and the
/// BSDs from the desktop portal).
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SystemMotion {
    pub reduced: bool,
}

/// The player's choice, or the platform's.
pub fn motion_for(choice: MotionChoice, system: SystemMotion) -> Motion {
    match choice {
        MotionChoice::System if system.reduced => Motion::Reduced,
        MotionChoice::System | MotionChoice::Full => Motion::Full,
        MotionChoice::Reduced => Motion::Reduced,
        MotionChoice::Off => Motion::Off,
    }
}

fn resolve_motion(
    options: Res<PlayerOptions>,
    system: Res<SystemMotion>,
    mut motion: ResMut<Motion>,
) {
    motion.set_if_neq(motion_for(options.motion, *system));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_system_decides_only_when_the_player_has_not() {
        let reduced = SystemMotion { reduced: true };
        let full = SystemMotion::default();
        assert_eq!(motion_for(MotionChoice::System, reduced), Motion::Reduced);
        assert_eq!(motion_for(MotionChoice::System, full), Motion::Full);
        assert_eq!(motion_for(MotionChoice::Full, reduced), Motion::Full);
        assert_eq!(motion_for(MotionChoice::Off, full), Motion::Off);
        assert_eq!(MotionChoice::Off.next(), MotionChoice::System);
    }
}
