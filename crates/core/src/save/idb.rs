//! The page's saves in IndexedDB (database `g2048`, object store `documents`: each document's
//! key and its text), read whole by `web/saves.js` before the game starts, so the game reads
//! them at once as the desktop reads its files.
//!
//! Each write is committed in a read-write transaction of its own. IndexedDB runs read-write
//! transactions on one object store one after another, whatever tab makes them, so each commit
//! reads what is stored at that moment and writes its join with this tab's document
//! (`format::rebase`): best scores rise, histories unite, and the options a tab changed go over
//! the others'. Two tabs that save at the same instant lose nothing, even if one closes at once
//! (`localStorage`, before, could not read another tab's write at once, so the later writer
//! could drop the earlier one's game). A board's documents have one writer (the tab that
//! claims the board) and are written as they are.
//!
//! What another tab commits reaches this one through a `BroadcastChannel`: it reads those
//! documents again and tells the game (`StoreChanged`). A commit the browser refuses (its quota
//! full) loses nothing: what was stored stays, this tab keeps its own, the player is told, and
//! the document is written again with the next write. The first commit asks the browser to
//! keep the page's storage (`navigator.storage.persist()`), so it is not evicted under
//! pressure.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::io;
use std::rc::Rc;

use web_sys::{
    IdbDatabase, IdbObjectStore, IdbTransactionMode,
    js_sys::{self, Reflect},
    wasm_bindgen::{JsCast, JsValue, closure::Closure},
};

use super::format::{Rebased, rebase};
use super::journal;
use super::store::{Claim, Guard, Refusal, Store, web_locks};

const DOCUMENTS: &str = "documents";
const CHANNEL: &str = "g2048-saves";

/// What the store tells the game between frames.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StoreEvent {
    /// Another tab committed, or a commit of this tab's wrote more than it had: read again.
    Changed,
    /// A commit the browser refused (`QuotaExceededError`, …), with its reason.
    Refused(String),
}

struct IdbState {
    db: IdbDatabase,
    /// Every document as this tab sees it: what is stored, with its own writes on top.
    mirror: BTreeMap<String, String>,
    /// What this tab last knew stored of each document (the `base` of its next commit).
    stored: BTreeMap<String, String>,
    /// Documents whose last commit the browser refused: written again with the next write.
    refused: Vec<String>,
    channel: Option<web_sys::BroadcastChannel>,
    hook: Option<Box<dyn Fn(StoreEvent)>>,
    asked_to_persist: bool,
    /// A refusal was told and no commit went through since: the next one is not told again.
    told_refused: bool,
    /// The changes made while the store's lock is held (`depth` deep), committed together.
    batch: Option<Vec<(String, Change)>>,
    depth: u32,
    /// This page's own name for its journals (`journal`): random, new at each load.
    tab: String,
}

thread_local! {
    static STATE: RefCell<Option<IdbState>> = const { RefCell::new(None) };
}

fn with<R>(f: impl FnOnce(&mut IdbState) -> R) -> Option<R> {
    STATE.with(|state| state.borrow_mut().as_mut().map(f))
}

fn tell(event: StoreEvent) {
    // The hook is taken out while it runs: it may read the store.
    let hook = with(|state| state.hook.take()).flatten();
    if let Some(hook) = hook {
        hook(event);
        with(|state| {
            state.hook.get_or_insert(hook);
        });
    }
}

/// The page's IndexedDB store, once `web/saves.js` opened it (`None`: it could not, and the
/// page plays unsaved).
#[derive(Debug, Default)]
pub struct IdbStore;

impl IdbStore {
    pub fn open() -> Option<Self> {
        let saves = Reflect::get(&js_sys::global(), &"g2048Saves".into()).ok()?;
        let db: IdbDatabase = Reflect::get(&saves, &"db".into()).ok()?.dyn_into().ok()?;
        let docs = Reflect::get(&saves, &"docs".into()).ok()?;
        let mut mirror = BTreeMap::new();
        for entry in js_sys::Object::entries(docs.dyn_ref::<js_sys::Object>()?).iter() {
            let entry: js_sys::Array = entry.dyn_into().ok()?;
            if let (Some(key), Some(text)) = (entry.get(0).as_string(), entry.get(1).as_string()) {
                mirror.insert(key, text);
            }
        }
        // Writes a page before this one made and the browser dropped with it: joined now.
        let stored = mirror.clone();
        let replayed = journal::replay(&mut mirror);
        let channel = web_sys::BroadcastChannel::new(CHANNEL).ok();
        if let Some(channel) = &channel {
            let on_message =
                Closure::<dyn FnMut(web_sys::MessageEvent)>::new(|event: web_sys::MessageEvent| {
                    let keys: Vec<String> = js_sys::Array::from(&event.data())
                        .iter()
                        .filter_map(|key| key.as_string())
                        .collect();
                    reread(keys);
                });
            channel.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
            // The listener lives as long as the page.
            on_message.forget();
        }
        STATE.with(|state| {
            *state.borrow_mut() = Some(IdbState {
                db,
                stored,
                mirror,
                refused: Vec::new(),
                channel,
                hook: None,
                asked_to_persist: false,
                told_refused: false,
                batch: None,
                depth: 0,
                tab: format!("{:x}", (js_sys::Math::random() * 2f64.powi(52)) as u64),
            })
        });
        let mut changes: Vec<(String, Change)> = replayed
            .removes
            .into_iter()
            .map(|name| (name, Change::Remove))
            .collect();
        for key in replayed.writes {
            let text = with(|state| state.mirror.get(&key).cloned()).flatten();
            changes.extend(text.map(|text| (key, Change::Write(text))));
        }
        if !changes.is_empty() {
            let _ = commit(changes);
        }
        Some(Self)
    }

    /// What to call when the store has something to tell the game (it wakes the game).
    pub fn on_event(hook: impl Fn(StoreEvent) + 'static) {
        with(|state| state.hook = Some(Box::new(hook)));
    }

    /// Whether the page saves in IndexedDB (else nothing is saved).
    pub fn in_use() -> bool {
        with(|_| ()).is_some()
    }
}

/// Reads `keys` again from the database (another tab committed them), then tells the game.
fn reread(keys: Vec<String>) {
    let Some(Ok(tx)) = with(|state| {
        state
            .db
            .transaction_with_str_and_mode(DOCUMENTS, IdbTransactionMode::Readonly)
    }) else {
        return;
    };
    let Ok(store) = tx.object_store(DOCUMENTS) else {
        return;
    };
    for key in keys {
        let Ok(request) = store.get(&key.as_str().into()) else {
            continue;
        };
        let read = request.clone();
        let on_success = Closure::once_into_js(move || {
            let text = read.result().ok().and_then(|value| value.as_string());
            with(|state| {
                // A write of this tab's still under way keeps its own.
                let pending = state.mirror.get(&key) != state.stored.get(&key);
                match text {
                    Some(text) => {
                        state.stored.insert(key.clone(), text.clone());
                        if !pending {
                            state.mirror.insert(key, text);
                        }
                    }
                    None => {
                        state.stored.remove(&key);
                        if !pending {
                            state.mirror.remove(&key);
                        }
                    }
                }
            });
        });
        request.set_onsuccess(Some(on_success.unchecked_ref()));
    }
    let done = Closure::once_into_js(|| tell(StoreEvent::Changed));
    tx.set_oncomplete(Some(done.unchecked_ref()));
}

/// What a commit does to one document.
enum Change {
    /// Written: joined at commit with what is stored (`format::rebase`).
    Write(String),
    Remove,
    /// A damaged document, kept under `name`; removed from its key only if what is stored there
    /// is still the damaged text this tab read (another tab may have rebuilt it since).
    SetAside {
        name: String,
        text: String,
    },
}

/// Commits `changes` now, or with the rest of the lock's changes if one is held: what one merge
/// writes (a displaced game into the history and the board's own documents, an import) commits
/// whole or not at all.
fn queue(mut changes: Vec<(String, Change)>) -> io::Result<()> {
    let batched = with(|state| match &mut state.batch {
        Some(batch) => {
            batch.append(&mut changes);
            true
        }
        None => false,
    });
    match batched {
        Some(true) => Ok(()),
        Some(false) => commit(with_refused(changes)),
        None => Err(Refusal::NoStorage.error()),
    }
}

/// The store's lock: the changes made while it is held commit together when it is let go.
struct Batch;

impl Drop for Batch {
    fn drop(&mut self) {
        let changes = with(|state| {
            state.depth -= 1;
            if state.depth == 0 {
                state.batch.take().unwrap_or_default()
            } else {
                Vec::new()
            }
        })
        .unwrap_or_default();
        if !changes.is_empty() {
            // A refusal is told when the browser answers; an error now leaves them to retry.
            let _ = commit(with_refused(changes));
        }
    }
}

/// Commits `changes` in one read-write transaction, in the order given. If the transaction
/// cannot even be made, the documents are left to be written again with the next write.
fn commit(changes: Vec<(String, Change)>) -> io::Result<()> {
    let keys: Vec<String> = changes.iter().map(|(key, _)| key.clone()).collect();
    let made = start(changes);
    if made.is_err() {
        with(|state| retry(state, keys));
    }
    made
}

fn retry(state: &mut IdbState, keys: Vec<String>) {
    for key in keys {
        if !state.refused.contains(&key) {
            state.refused.push(key);
        }
    }
}

/// What a commit did to one document: what this tab sent (`None`: removed) and what is stored
/// once it committed.
type Committed = Vec<(String, Option<String>, Option<String>)>;

/// Makes the read-write transaction that commits `changes`, one request or more for each, and
/// what is done when it completes or is aborted.
fn start(changes: Vec<(String, Change)>) -> io::Result<()> {
    let journals = write_journal(&changes);
    let refused = || Refusal::Full.error();
    let tx = with(|state| {
        state
            .db
            .transaction_with_str_and_mode(DOCUMENTS, IdbTransactionMode::Readwrite)
    })
    .ok_or_else(|| Refusal::NoStorage.error())?
    .map_err(|_| refused())?;
    let store = tx.object_store(DOCUMENTS).map_err(|_| refused())?;
    let keys: Vec<String> = changes.iter().map(|(key, _)| key.clone()).collect();
    let committed = Rc::new(RefCell::new(Committed::new()));
    let put = {
        let store = store.clone();
        move |text: &str, key: &str| {
            let _ = store.put_with_key(&text.into(), &key.into());
        }
    };
    for (key, change) in changes {
        let made = match change {
            Change::Remove => start_remove(&store, key, &committed),
            Change::Write(ours) => start_write(&store, &put, key, ours, &committed),
            Change::SetAside { name, text } => {
                start_set_aside(&store, &put, key, name, text, &committed)
            }
        };
        if let Err(error) = made {
            // A put the browser refused aborts the transaction, and the next request cannot
            // be made: the abort is still heard and told (the documents are written again
            // with the next write, `commit`).
            let failed =
                Closure::once_into_js(move |event: web_sys::Event| on_aborted(&event, keys));
            tx.set_onabort(Some(failed.unchecked_ref()));
            return Err(error);
        }
    }
    // The journal is no longer needed once these commit (the next write's journal, if any, is
    // made after this transaction and so written after it).
    for name in journals {
        let _ = store.delete(&name.as_str().into());
    }
    let done = {
        let keys = keys.clone();
        Closure::once_into_js(move || on_committed(&keys, &committed))
    };
    tx.set_oncomplete(Some(done.unchecked_ref()));
    let failed = Closure::once_into_js(move |event: web_sys::Event| on_aborted(&event, keys));
    tx.set_onabort(Some(failed.unchecked_ref()));
    Ok(())
}

/// Journals each write of `changes` (`journal`) in a transaction of its own, committed at once:
/// it waits on no answer from this page, so the browser keeps it even if the page goes away
/// now. Gives the journals' keys. A journal the browser refuses is only not there: the write
/// goes on.
fn write_journal(changes: &[(String, Change)]) -> Vec<String> {
    let made = with(|state| {
        let tx = state
            .db
            .transaction_with_str_and_mode(DOCUMENTS, IdbTransactionMode::Readwrite)
            .ok()?;
        let store = tx.object_store(DOCUMENTS).ok()?;
        let mut names = Vec::new();
        for (key, change) in changes {
            if let Change::Write(ours) = change {
                let name = journal::key_for(key, &state.tab);
                let text = journal::encode(state.stored.get(key).map(String::as_str), ours);
                if store
                    .put_with_key(&text.into(), &name.as_str().into())
                    .is_err()
                {
                    break;
                }
                names.push(name);
            }
        }
        #[allow(
            deprecated,
            reason = "web-sys marks commit() deprecated; browsers have it"
        )]
        let _ = tx.commit();
        Some(names)
    });
    made.flatten().unwrap_or_default()
}

/// The request that removes `key`, in the transaction of `store`.
fn start_remove(
    store: &IdbObjectStore,
    key: String,
    committed: &Rc<RefCell<Committed>>,
) -> io::Result<()> {
    store
        .delete(&key.as_str().into())
        .map_err(|_| Refusal::Full.error())?;
    committed.borrow_mut().push((key, None, None));
    Ok(())
}

/// The requests that write `ours` to `key`, in the transaction of `store`: written at once
/// joined with what this tab knows stored, then corrected once the read of what is stored
/// answers.
fn start_write(
    store: &IdbObjectStore,
    put: &(impl Fn(&str, &str) + Clone + 'static),
    key: String,
    ours: String,
    committed: &Rc<RefCell<Committed>>,
) -> io::Result<()> {
    // What this tab knows stored is written at once, joined as if nothing else had
    // been stored since: a request made now is committed even if the page goes away
    // before the read below answers (a reload right after a move). The read, made
    // first, sees what the browser holds; if another tab wrote since, the join with
    // that is written over it when it answers.
    let base = with(|state| state.stored.get(&key).cloned()).flatten();
    let request = store
        .get(&key.as_str().into())
        .map_err(|_| Refusal::Full.error())?;
    let assumed = write_rebased(put, &key, base.as_deref(), &ours, base.as_deref());
    let (read, put, committed) = (request.clone(), put.clone(), committed.clone());
    let on_success = Closure::once_into_js(move || {
        let theirs = read.result().ok().and_then(|value| value.as_string());
        let now = if theirs == base {
            assumed
        } else {
            let now = write_rebased(&put, &key, base.as_deref(), &ours, theirs.as_deref());
            // What is stored was ours already (`Keep`), but the assumed join went
            // over it: written back.
            if now == theirs
                && now != assumed
                && let Some(text) = &now
            {
                put(text, &key);
            }
            now
        };
        committed.borrow_mut().push((key, Some(ours), now));
    });
    request.set_onsuccess(Some(on_success.unchecked_ref()));
    Ok(())
}

/// The requests that set the damaged `text` of `key` aside under `name`, in the transaction
/// of `store`: the copy written, and the key removed if it still holds that text.
fn start_set_aside(
    store: &IdbObjectStore,
    put: &(impl Fn(&str, &str) + Clone + 'static),
    key: String,
    name: String,
    text: String,
    committed: &Rc<RefCell<Committed>>,
) -> io::Result<()> {
    let request = store
        .get(&key.as_str().into())
        .map_err(|_| Refusal::Full.error())?;
    let (read, store, put, committed) = (
        request.clone(),
        store.clone(),
        put.clone(),
        committed.clone(),
    );
    // The copy is written at once, under a name of its own; the damaged text leaves
    // its key only once the read shows it still there.
    put(&text, &name);
    let on_success = Closure::once_into_js(move || {
        let theirs = read.result().ok().and_then(|value| value.as_string());
        let now = if theirs.as_ref() == Some(&text) {
            let _ = store.delete(&key.as_str().into());
            None
        } else {
            theirs
        };
        let mut committed = committed.borrow_mut();
        committed.push((name, Some(text.clone()), Some(text)));
        committed.push((key, None, now));
    });
    request.set_onsuccess(Some(on_success.unchecked_ref()));
    Ok(())
}

/// The transaction of `keys` committed: this tab's view follows what is now stored, the other
/// tabs are told, and the browser is asked once to keep the page's storage.
fn on_committed(keys: &[String], committed: &RefCell<Committed>) {
    let mut changed = false;
    with(|state| {
        state.told_refused = false;
        for (key, sent, now) in std::mem::take(&mut *committed.borrow_mut()) {
            state.refused.retain(|other| *other != key);
            // This tab's own view follows what is stored, unless it has written the
            // document again since (that write's commit follows).
            if state.mirror.get(&key) == sent.as_ref() && state.mirror.get(&key) != now.as_ref() {
                changed = true;
                match &now {
                    Some(text) => state.mirror.insert(key.clone(), text.clone()),
                    None => state.mirror.remove(&key),
                };
            }
            match now {
                Some(text) => state.stored.insert(key, text),
                None => state.stored.remove(&key),
            };
        }
        if let Some(channel) = &state.channel {
            let keys: js_sys::Array = keys.iter().map(|k| JsValue::from(k.as_str())).collect();
            let _ = channel.post_message(&keys);
        }
        if !state.asked_to_persist {
            state.asked_to_persist = true;
            ask_to_persist();
        }
    });
    if changed {
        tell(StoreEvent::Changed);
    }
}

/// The browser refused the transaction of `keys`: they are written again with the next write,
/// and the game is told why (once, until a commit goes through).
fn on_aborted(event: &web_sys::Event, keys: Vec<String>) {
    let reason = event
        .target()
        .and_then(|target| target.dyn_into::<web_sys::IdbTransaction>().ok())
        .and_then(|tx| tx.error())
        .map_or_else(|| "the browser refused the write".to_string(), |e| e.name());
    let told = with(|state| {
        retry(state, keys);
        std::mem::replace(&mut state.told_refused, true)
    });
    if told == Some(false) {
        tell(StoreEvent::Refused(reason));
    }
}

/// Writes `ours` joined with `theirs` (`format::rebase`) through `put`, a damaged `theirs` set
/// aside first; gives the text the key holds afterwards.
fn write_rebased(
    put: &impl Fn(&str, &str),
    key: &str,
    base: Option<&str>,
    ours: &str,
    theirs: Option<&str>,
) -> Option<String> {
    match rebase(key, base, ours, theirs) {
        Rebased::Keep => theirs.map(str::to_string),
        Rebased::Write(text) => {
            put(&text, key);
            Some(text)
        }
        Rebased::AsideThenWrite(text) => {
            if let Some(damaged) = theirs {
                put(damaged, &format!("{key}.bad-{}", js_sys::Date::now()));
            }
            put(&text, key);
            Some(text)
        }
    }
}

/// Asks the browser to keep this page's storage under pressure (it answers by itself: Chrome
/// by how the site is used, Firefox may ask the player). Nothing depends on the answer.
fn ask_to_persist() {
    let Some(window) = web_sys::window() else {
        return;
    };
    let Ok(storage) = Reflect::get(&window.navigator(), &"storage".into()) else {
        return;
    };
    let persist = Reflect::get(&storage, &"persist".into())
        .ok()
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok());
    if let Some(persist) = persist {
        let _ = persist.call0(&storage);
    }
}

/// The writes to commit with these: the documents whose last commit was refused (as this tab
/// has them now).
fn with_refused(mut changes: Vec<(String, Change)>) -> Vec<(String, Change)> {
    let again: Vec<(String, Change)> = with(|state| {
        std::mem::take(&mut state.refused)
            .into_iter()
            .filter(|other| !changes.iter().any(|(key, _)| key == other))
            .filter_map(|other| {
                let text = state.mirror.get(&other)?.clone();
                Some((other, Change::Write(text)))
            })
            .collect()
    })
    .unwrap_or_default();
    changes.splice(0..0, again);
    changes
}

impl Store for IdbStore {
    fn read(&self, key: &str, limit: usize) -> io::Result<Option<Vec<u8>>> {
        Ok(with(|state| {
            state.mirror.get(key).map(|text| {
                let mut bytes = text.clone().into_bytes();
                bytes.truncate(limit + 1);
                bytes
            })
        })
        .flatten())
    }

    fn write(&self, key: &str, text: &str) -> io::Result<()> {
        with(|state| state.mirror.insert(key.to_string(), text.to_string()))
            .ok_or_else(|| Refusal::NoStorage.error())?;
        queue(vec![(key.to_string(), Change::Write(text.to_string()))])
    }

    fn remove(&self, key: &str) -> io::Result<()> {
        with(|state| state.mirror.remove(key));
        queue(vec![(key.to_string(), Change::Remove)])
    }

    fn set_aside(&self, key: &str) -> io::Result<String> {
        let name = format!("{key}.bad-{}", js_sys::Date::now());
        let text = with(|state| state.mirror.remove(key))
            .flatten()
            .unwrap_or_default();
        with(|state| state.mirror.insert(name.clone(), text.clone()));
        queue(vec![(
            key.to_string(),
            Change::SetAside {
                name: name.clone(),
                text,
            },
        )])?;
        Ok(name)
    }

    fn keys(&self) -> io::Result<Vec<String>> {
        Ok(with(|state| {
            state
                .mirror
                .keys()
                .filter(|key| !key.contains(".bad") && !key.contains(".merged"))
                .filter(|key| !journal::is_journal(key))
                .cloned()
                .collect()
        })
        .unwrap_or_default())
    }

    fn copies(&self) -> io::Result<Vec<(String, String)>> {
        Ok(with(|state| {
            state
                .mirror
                .keys()
                .filter(|name| !name.contains(".merged"))
                .filter_map(|name| Some((name.clone(), name.split_once(".bad")?.0.to_string())))
                .collect()
        })
        .unwrap_or_default())
    }

    fn read_copy(&self, name: &str, limit: usize) -> io::Result<Option<Vec<u8>>> {
        self.read(name, limit)
    }

    fn mark_merged(&self, name: &str) -> io::Result<()> {
        let to = name.replace(".bad", ".merged");
        let Some(text) = with(|state| state.mirror.remove(name)).flatten() else {
            return Ok(());
        };
        with(|state| state.mirror.insert(to.clone(), text.clone()));
        queue(vec![
            (to, Change::Write(text)),
            (name.to_string(), Change::Remove),
        ])
    }

    fn location(&self) -> String {
        "this browser's storage for the page (IndexedDB)".into()
    }

    /// Nothing to wait on: each commit joins what is stored at that moment (the module's note).
    /// The changes made under it commit in one transaction when it is let go.
    fn lock(&self) -> io::Result<Guard<'_>> {
        with(|state| {
            state.depth += 1;
            state.batch.get_or_insert_with(Vec::new);
        })
        .ok_or_else(|| Refusal::NoStorage.error())?;
        Ok(Guard::holding(Batch))
    }

    fn claim(&self, name: &str) -> Claim {
        web_locks::claim(&format!("g2048.{name}"))
    }
}
