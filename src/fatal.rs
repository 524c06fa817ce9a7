//! What a player is told when the game cannot start on this machine: no display to open a
//! window on (as over ssh, or a console without a desktop), or no graphics driver to draw with.
//! bevy_winit and bevy_render stop with a panic there, from deep inside the engine; the hook
//! installed by [`explain_start_failures`] turns those two panics into one line of what is
//! missing and what to do, and an exit code of its own ([`NO_DISPLAY`], [`NO_GPU`]). Any other
//! panic goes on to the default hook, backtrace and all.

/// The exit code when no display can be opened.
pub const NO_DISPLAY: i32 = 3;
/// The exit code when no graphics driver can draw the game.
pub const NO_GPU: i32 = 4;

/// Where the game plays without installing anything.
const WEB_VERSION: &str = "the web version plays in any browser with WebGL2";

/// The exit code and the line for a panic that means this machine cannot show the game.
pub fn explain(panic: &str) -> Option<(i32, String)> {
    if panic.starts_with("Failed to build event loop") {
        let why = if panic.contains("is set") {
            "no display was found (DISPLAY and WAYLAND_DISPLAY are not set, as over ssh)"
        } else {
            "the display could not be opened"
        };
        return Some((
            NO_DISPLAY,
            format!(
                "cannot open a window: {why}. Start it from a desktop session (or set DISPLAY or \
                 WAYLAND_DISPLAY to one); {WEB_VERSION}."
            ),
        ));
    }
    if panic.starts_with("Unable to find a GPU") {
        // What the renderer draws with on each system, and how a player gets it.
        let (missing, install) = if cfg!(target_os = "windows") {
            (
                "DirectX 12 or Vulkan",
                "update the graphics driver (from the card's maker, or Windows Update)",
            )
        } else if cfg!(target_os = "macos") {
            ("Metal", "update macOS (Metal comes with it)")
        } else {
            (
                "Vulkan",
                "install Mesa's Vulkan drivers (Debian and Ubuntu: mesa-vulkan-drivers; \
                 Fedora: mesa-vulkan-drivers; Arch: vulkan-swrast, or your card's driver)",
            )
        };
        return Some((
            NO_GPU,
            format!(
                "cannot draw the game: no graphics driver with {missing} was found. To fix \
                 it, {install}; {WEB_VERSION}."
            ),
        ));
    }
    None
}

/// Installs the panic hook that explains a failed start and exits with its code. Call it
/// before the app is built (bevy's own hooks then wrap it and run first).
pub fn explain_start_failures() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let payload = info.payload();
        let text = payload
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| payload.downcast_ref::<&str>().copied())
            .unwrap_or("");
        match explain(text) {
            Some((code, line)) => {
                eprintln!("g2048: {line}");
                #[cfg(target_os = "windows")]
                message_box(&line);
                std::process::exit(code);
            }
            None => default(info),
        }
    }));
}

/// The line in a message box too: a Windows release build has no console to print it to.
#[cfg(target_os = "windows")]
fn message_box(line: &str) {
    use windows_sys::Win32::UI::WindowsAndMessaging::{MB_ICONERROR, MB_OK, MessageBoxW};
    let wide = |s: &str| s.encode_utf16().chain([0]).collect::<Vec<u16>>();
    let (text, title) = (wide(line), wide("2048 cannot start"));
    // SAFETY: both strings are NUL-terminated UTF-16 that outlive the call; no owner window.
    unsafe {
        MessageBoxW(
            std::ptr::null_mut(),
            text.as_ptr(),
            title.as_ptr(),
            MB_OK | MB_ICONERROR,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_engines_two_start_failures_are_explained_and_others_are_not() {
        // As bevy_winit 0.19 and bevy_render 0.19 word them (with winit's error after it).
        let display = "Failed to build event loop: Os(OsError { line: 765, file: \"…\", error: \
                       Misc(\"neither WAYLAND_DISPLAY nor WAYLAND_SOCKET nor DISPLAY is set.\") })";
        let (code, line) = explain(display).unwrap();
        assert_eq!(code, NO_DISPLAY);
        assert!(line.contains("no display was found"), "{line}");
        let gpu = "Unable to find a GPU! Make sure you have installed required drivers!";
        let (code, line) = explain(gpu).unwrap();
        assert_eq!(code, NO_GPU);
        assert!(line.contains("no graphics driver"), "{line}");
        assert_eq!(
            explain("index out of bounds: the len is 3 but the index is 3"),
            None
        );
    }
}
