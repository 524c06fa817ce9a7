//! The desktop's reduced-motion setting on Linux and the BSDs, which winit does not report: the
//! XDG desktop portal's `org.freedesktop.appearance` `reduced-motion` (0: no preference, 1:
//! reduce; GNOME, KDE and others answer it through `org.freedesktop.portal.Settings`). Read over
//! D-Bus (zbus, pure Rust, already there for AccessKit) on a thread of its own when the window
//! opens, then followed through the portal's `SettingChanged` signal, so a change while the game
//! runs applies at once. Without a session bus or a portal, or with a portal too old to know the
//! key, nothing is reduced.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use futures_lite::StreamExt;
use zbus::zvariant::OwnedValue;

const NAMESPACE: &str = "org.freedesktop.appearance";
const KEY: &str = "reduced-motion";

/// Follows the setting into `reduced`, calling `changed` after each change, until the bus goes.
pub fn follow(reduced: Arc<AtomicBool>, changed: impl Fn() + Send + 'static) {
    let spawned = std::thread::Builder::new()
        .name("reduced-motion".into())
        .spawn(move || {
            if let Err(error) = zbus::block_on(read_and_follow(&reduced, &changed)) {
                bevy::log::debug!("the desktop's reduced-motion setting is not known: {error}");
            }
        });
    if let Err(error) = spawned {
        bevy::log::warn!("cannot follow the desktop's reduced-motion setting: {error}");
    }
}

async fn read_and_follow(reduced: &AtomicBool, changed: &impl Fn()) -> zbus::Result<()> {
    let connection = zbus::Connection::session().await?;
    let settings = zbus::Proxy::new(
        &connection,
        "org.freedesktop.portal.Desktop",
        "/org/freedesktop/portal/desktop",
        "org.freedesktop.portal.Settings",
    )
    .await?;
    // Listening first, so a change between the reading and the listening is not lost.
    let mut signals = settings.receive_signal("SettingChanged").await?;
    let set = |value: OwnedValue| {
        // Unknown values are no preference, as the portal's documentation asks.
        let reduce = u32::try_from(value).is_ok_and(|v| v == 1);
        if reduced.swap(reduce, Ordering::Relaxed) != reduce {
            bevy::log::info!("the desktop asks for reduced motion: {reduce}");
            changed();
        }
    };
    let value: OwnedValue = settings.call("ReadOne", &(NAMESPACE, KEY)).await?;
    set(value);
    while let Some(message) = signals.next().await {
        let (namespace, key, value): (String, String, OwnedValue) = message.body().deserialize()?;
        if namespace == NAMESPACE && key == KEY {
            set(value);
        }
    }
    Ok(())
}
