//! The page's side of backups and of other tabs: the options' Export becomes a download of the
//! backup file, Import opens a file picker whose file the game imports, and the store's news
//! (`save::IdbStore`: another tab committed, or the browser refused a commit) tells the game to
//! read the shared documents again, or the player why a move was not saved. A `storage` event
//! (a tab of an earlier build, still open, wrote its `localStorage`) carries that tab's games
//! and best scores over (`save::carry_over`). Each wakes the game, which waits for input
//! otherwise, as does the answer to a claim on a board (`save::web_locks`).

use std::cell::RefCell;
use std::rc::Rc;

use bevy::prelude::*;
use bevy::winit::{EventLoopProxyWrapper, WinitUserEvent};
use web_sys::wasm_bindgen::{JsCast, JsValue, closure::Closure};

use crate::game::{BackupMade, GameSet, ImportBackup, Notice, PickBackup, SaveStore, StoreChanged};
use crate::save::{IdbStore, StoreEvent, WebStore};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, listen_to_other_tabs)
        .add_systems(Update, take_arrivals.in_set(GameSet::Input))
        .add_systems(Last, (download, pick));
}

/// What came from the page since the last frame.
#[derive(Default)]
struct Arrived {
    /// Files chosen to import.
    files: Vec<Vec<u8>>,
    /// Another tab wrote the store.
    changed: bool,
    /// A tab of an earlier build wrote its `localStorage`.
    earlier: bool,
    /// Why the browser refused a commit.
    refused: Option<String>,
}

#[derive(Default, Clone)]
struct Arrivals(Rc<RefCell<Arrived>>);

/// What a page callback needs: where to leave what arrived, and how to wake the game.
#[derive(Clone)]
struct Inbox {
    arrivals: Arrivals,
    wake: Rc<dyn Fn()>,
}

impl Inbox {
    fn deliver(&self, arrive: impl FnOnce(&mut Arrived)) {
        arrive(&mut self.arrivals.0.borrow_mut());
        (self.wake)();
    }
}

fn listen_to_other_tabs(world: &mut World) {
    let proxy = world
        .get_resource::<EventLoopProxyWrapper>()
        .map(|p| (**p).clone());
    let inbox = Inbox {
        arrivals: Arrivals::default(),
        wake: Rc::new(move || {
            if let Some(proxy) = &proxy {
                let _ = proxy.send_event(WinitUserEvent::WakeUp);
            }
        }),
    };
    // A claim on a board (Web Locks) answered: the game acts on it at once.
    let wake = inbox.wake.clone();
    crate::save::web_locks::on_answer(move || wake());
    let store_news = inbox.clone();
    IdbStore::on_event(move |event| {
        store_news.deliver(|arrived| match event {
            StoreEvent::Changed => arrived.changed = true,
            StoreEvent::Refused(reason) => arrived.refused = Some(reason),
        })
    });
    world.insert_non_send(inbox.clone());
    if !IdbStore::in_use() {
        warn!("the page could not open its IndexedDB: nothing is saved");
        world.write_message(Notice(crate::said!("notice-save-failed")));
    }
    let Some(window) = web_sys::window() else {
        return;
    };
    let on_storage =
        Closure::<dyn FnMut(web_sys::StorageEvent)>::new(move |event: web_sys::StorageEvent| {
            // A key of this game's (`g2048.…`), or all of them cleared (no key).
            if event.key().is_none_or(|key| key.starts_with("g2048.")) {
                inbox.deliver(|arrived| arrived.earlier = true);
            }
        });
    let _ = window.add_event_listener_with_callback("storage", on_storage.as_ref().unchecked_ref());
    // The listener lives as long as the page.
    on_storage.forget();
}

fn take_arrivals(
    inbox: NonSend<Inbox>,
    documents: Res<SaveStore>,
    mut files: MessageWriter<ImportBackup>,
    mut changed: MessageWriter<StoreChanged>,
    mut notices: MessageWriter<Notice>,
) {
    let arrived = std::mem::take(&mut *inbox.arrivals.0.borrow_mut());
    for bytes in arrived.files {
        files.write(ImportBackup(bytes));
    }
    let mut read_again = arrived.changed;
    if arrived.earlier && IdbStore::in_use() {
        let (written, problems) =
            crate::save::carry_over(&documents, std::sync::Arc::new(WebStore));
        for problem in problems {
            notices.write(Notice(problem.short));
        }
        read_again |= written;
    }
    if read_again {
        changed.write(StoreChanged);
    }
    if let Some(reason) = arrived.refused {
        notices.write(Notice(crate::said!(
            "notice-storage-refused",
            reason = reason
        )));
    }
}

/// Each backup made, as a download of its file.
fn download(mut made: MessageReader<BackupMade>, mut notices: MessageWriter<Notice>) {
    for backup in made.read() {
        match save_file(&backup.name, &backup.text) {
            Ok(()) => {
                notices.write(Notice(crate::said!(
                    "notice-backup-made",
                    games = backup.games
                )));
            }
            Err(e) => {
                web_sys::console::error_2(&"the backup could not be downloaded:".into(), &e);
            }
        }
    }
}

fn save_file(name: &str, text: &str) -> Result<(), JsValue> {
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or("no document")?;
    let parts = js_sys::Array::of1(&text.into());
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("application/json");
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob)?;
    let link: web_sys::HtmlAnchorElement = document.create_element("a")?.dyn_into()?;
    link.set_href(&url);
    link.set_download(name);
    link.click();
    // Let go of the file once the download has surely started.
    let revoke = Closure::once_into_js(move || {
        let _ = web_sys::Url::revoke_object_url(&url);
    });
    if let Some(window) = web_sys::window() {
        let _ = window
            .set_timeout_with_callback_and_timeout_and_arguments_0(revoke.unchecked_ref(), 60_000);
    }
    Ok(())
}

/// The file picker, for each Import asked for; the chosen file's text arrives later.
fn pick(mut asked: MessageReader<PickBackup>, inbox: NonSend<Inbox>) {
    if asked.read().count() == 0 {
        return;
    }
    if let Err(e) = open_picker(inbox.clone()) {
        web_sys::console::error_2(&"the file picker could not open:".into(), &e);
    }
}

fn open_picker(inbox: Inbox) -> Result<(), JsValue> {
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or("no document")?;
    let input: web_sys::HtmlInputElement = document.create_element("input")?.dyn_into()?;
    input.set_type("file");
    input.set_accept(".json,application/json");
    let chosen = input.clone();
    let on_change = Closure::once_into_js(move || {
        let Some(file) = chosen.files().and_then(|files| files.get(0)) else {
            return;
        };
        // Never more than one byte past the largest backup: the game refuses it as too large.
        let Ok(head) = file.slice_with_f64_and_f64(0.0, crate::save::MAX_BACKUP_BYTES as f64 + 1.0)
        else {
            return;
        };
        let read = Closure::<dyn FnMut(JsValue)>::new(move |text: JsValue| {
            let bytes = text.as_string().unwrap_or_default().into_bytes();
            inbox.deliver(|arrived| arrived.files.push(bytes));
        });
        let _ = head.text().then(&read);
        // Called once, after this function returns.
        read.forget();
    });
    input.set_onchange(Some(on_change.unchecked_ref()));
    input.click();
    Ok(())
}
