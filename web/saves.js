// The game's saves in IndexedDB, read whole before the game starts (crates/core/src/save/idb.rs writes each
// change in a read-write transaction of its own). Database "g2048", object store "documents":
// a document's key ("options", "games", "game-4x4-2048", …) and its JSON text.
//
// A browser whose storage this page had before (builds before IndexedDB kept the saves in
// localStorage, "g2048.<key>") has them copied over on the first start, copies set aside
// included; localStorage itself is left as it was. A page that cannot open the database (a
// browser that refuses the page storage) gets { error }: the game plays unsaved and says so.

const NAME = 'g2048';
const STORE = 'documents';
const OLD_PREFIX = 'g2048.';

const done = (request) => new Promise((resolve, reject) => {
  request.onsuccess = () => resolve(request.result);
  request.onerror = () => reject(request.error);
});

const finished = (tx) => new Promise((resolve, reject) => {
  tx.oncomplete = () => resolve();
  tx.onabort = () => reject(tx.error);
});

function open() {
  const request = indexedDB.open(NAME, 1);
  request.onupgradeneeded = () => request.result.createObjectStore(STORE);
  return done(request);
}

async function readAll(db) {
  const tx = db.transaction(STORE, 'readonly');
  const store = tx.objectStore(STORE);
  const [keys, values] = await Promise.all([done(store.getAllKeys()), done(store.getAll())]);
  const docs = {};
  keys.forEach((key, i) => { if (typeof values[i] === 'string') docs[key] = values[i]; });
  return docs;
}

/// The documents an earlier build kept in localStorage, by key.
function oldDocuments() {
  const docs = {};
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const name = localStorage.key(i);
      if (name?.startsWith(OLD_PREFIX)) docs[name.slice(OLD_PREFIX.length)] = localStorage.getItem(name);
    }
  } catch { /* no localStorage: nothing to carry over */ }
  return docs;
}

// A database that does not answer within this (a browser that never settles the request)
// leaves the game to start unsaved rather than never.
const OPEN_TIMEOUT_MS = 10_000;

export async function openSaves() {
  if (!('indexedDB' in globalThis)) return { error: 'this browser has no IndexedDB' };
  try {
    const db = await Promise.race([open(), new Promise((_, reject) => setTimeout(
      () => reject(new Error(`IndexedDB did not open within ${OPEN_TIMEOUT_MS / 1000} s`)), OPEN_TIMEOUT_MS))]);
    // A later build that changes the database's own version: this page lets go, so it can.
    db.onversionchange = () => db.close();
    let docs = await readAll(db);
    if (Object.keys(docs).length === 0) {
      const old = oldDocuments();
      if (Object.keys(old).length > 0) {
        const tx = db.transaction(STORE, 'readwrite');
        const store = tx.objectStore(STORE);
        // Only where the database has none: another tab may have carried them over first.
        for (const [key, text] of Object.entries(old)) store.add(text, key).onerror = (e) => e.preventDefault();
        await finished(tx);
        docs = await readAll(db);
      }
    }
    return { db, docs };
  } catch (error) {
    return { error: String(error) };
  }
}
