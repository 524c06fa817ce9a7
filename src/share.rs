//! Where a shared game goes. On the desktop its code goes to the clipboard (arboard; on Linux it
//! speaks X11 through x11rb, so no system library is needed) and to standard output, so it
//! can be copied from a terminal too. On the web a link to this page with the code in its
//! fragment (`…#replay=CODE`) goes to the clipboard and to the canvas's `data-share`.
//! Only the windowed game shares; tests read the `Shared` messages themselves.

use bevy::prelude::*;

use crate::game::{GameSet, Notice, Shared};

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Update, share.in_set(GameSet::React));
}

#[cfg(not(target_arch = "wasm32"))]
fn share(
    mut shared: MessageReader<Shared>,
    mut clipboard: Local<Option<arboard::Clipboard>>,
    mut notices: MessageWriter<Notice>,
) {
    for Shared(code) in shared.read() {
        println!("{code}");
        // The clipboard is kept for the whole run: on X11 its owner serves the text, and a
        // clipboard dropped at once would take the text with it.
        if clipboard.is_none() {
            *clipboard = arboard::Clipboard::new()
                .inspect_err(|e| warn!("no clipboard: {e}"))
                .ok();
        }
        let copied = clipboard.as_mut().is_some_and(|c| {
            c.set_text(code.clone())
                .inspect_err(|e| warn!("{e}"))
                .is_ok()
        });
        notices.write(Notice(crate::said!(if copied {
            "notice-shared-desktop"
        } else {
            "notice-shared-printed"
        })));
    }
}

#[cfg(target_arch = "wasm32")]
fn share(mut shared: MessageReader<Shared>, mut notices: MessageWriter<Notice>) {
    for Shared(code) in shared.read() {
        let copied = crate::web::share_link(code);
        notices.write(Notice(crate::said!(if copied {
            "notice-shared-link"
        } else {
            "notice-shared-none"
        })));
    }
}
