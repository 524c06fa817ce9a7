// Starts the game on the page (index.html), and keeps the installed app up to date through the
// service worker (sw.js). A module file, not an inline script: the page's Content-Security-Policy
// allows only its own files.
import init from './g2048.js';
import { WORDS } from './words.js';
import { openSaves } from './saves.js';

// The saves, read before the game starts (web/saves.js): the game reads them from here. Asked
// for at once; the page's words are written meanwhile.
const opening = openSaves();

// The page speaks the game's language: the one chosen in the options (as the game saved them),
// else the first of the browser's languages the game has, else English; a tag's language
// decides ("fr-CA" is fr, "pt-PT" pt-BR) and the pseudo-language is never chosen here, as in
// the game (crates/core/src/i18n/mod.rs, `Lang::parse` and `Lang::negotiate`). Written first from what an
// earlier build kept in localStorage, and again once the saves are read, if they chose another.
const languageOf = (optionsText) => {
  const of = (tag) => {
    const wanted = String(tag).toLowerCase().replace('_', '-');
    if (wanted === 'en-xa' || wanted === 'pseudo') return undefined;
    return Object.keys(WORDS).find((t) => t.split('-')[0] === wanted.split('-')[0]);
  };
  let chosen;
  try {
    chosen = JSON.parse(optionsText)?.data?.language;
  } catch { /* no options, or options the game cannot read */ }
  // A chosen language this page lacks counts as none: the browser's then.
  return of(chosen) ?? (navigator.languages ?? [navigator.language]).map(of).find(Boolean) ?? 'en';
};
let lang;
const speak = (chosen) => {
  if (chosen === lang) return;
  lang = chosen;
  document.documentElement.lang = lang;
  document.getElementById('a11y')?.setAttribute('lang', lang);
  for (const element of document.querySelectorAll('[data-say]')) element.textContent = word(element.dataset.say);
  for (const element of document.querySelectorAll('[data-say-label]')) {
    element.setAttribute('aria-label', word(element.dataset.sayLabel));
  }
};
const word = (id) => WORDS[lang][id] ?? WORDS.en[id] ?? id;
let oldOptions = null;
try { oldOptions = localStorage.getItem('g2048.options'); } catch { /* no localStorage */ }
speak(languageOf(oldOptions));
const saves = await opening;
if (saves.error) console.warn('no saves:', saves.error);
globalThis.g2048Saves = saves;
if (saves.docs?.options) speak(languageOf(saves.docs.options));

// The ranked daily's server, as the host names it in server.json (docs/server.md): read fresh
// each time (never from the worker's cache), beside the game's start, which it never delays.
// The game reads `globalThis.g2048Server` once it is set: an address, or null for none.
fetch('server.json', { cache: 'no-store' })
  .then((response) => (response.ok ? response.json() : null))
  .then((file) => { globalThis.g2048Server = typeof file?.server === 'string' ? file.server : null; })
  .catch(() => { globalThis.g2048Server = null; });

const canvas = document.getElementById('bevy');
const loading = document.getElementById('loading');
// The game sets data-ready on the canvas once its first frame shows the whole game.
// (Without the canvas, the game itself says so in the loading message.)
if (canvas) new MutationObserver(() => {
  if (canvas.dataset.ready && loading.isConnected) {
    loading.remove();
    canvas.focus(); // keys work without a click first
    keepOffline();
  }
}).observe(canvas, { attributes: true, attributeFilter: ['data-ready'] });
// A replay or daily link opened while the game runs: the game reads the link when it starts.
addEventListener('hashchange', () => {
  if (location.hash.includes('replay=') || location.hash === '#daily') location.reload();
});
init().catch((error) => {
  // winit leaves its event loop by throwing this on purpose; anything else is a real failure.
  if (!String(error).includes('Using exceptions for control flow')) {
    loading.textContent = word('page-failed').replace('{ $error }', () => String(error));
    console.error(error);
  }
});

// Offline play: the worker keeps this build's files. When a new build's worker has filled its
// cache and waits, a quiet notice offers the reload; the game goes on until the player takes it
// (the game saves every move, so the reload loses nothing). The new worker takes over only then,
// and the page reloads whole from the new build. Registered once the game has drawn: on a first
// visit the worker's install fetches every file again, which would compete with the game's start.
function keepOffline() {
  if (!('serviceWorker' in navigator)) return;
  const notice = document.getElementById('update');
  const offer = (worker) => {
    notice.hidden = false;
    notice.querySelector('button').onclick = () => worker.postMessage('take-over');
  };
  let reloading = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    // The first visit's worker taking control changes nothing on the page.
    if (notice.hidden || reloading) return;
    reloading = true;
    location.reload();
  });
  // A new worker that has filled its cache while this page's worker still serves it.
  const track = (worker) => worker?.addEventListener('statechange', () => {
    if (worker.state === 'installed' && navigator.serviceWorker.controller) offer(worker);
  });
  navigator.serviceWorker.register('sw.js').then((registration) => {
    if (registration.waiting && navigator.serviceWorker.controller) offer(registration.waiting);
    track(registration.installing);
    registration.addEventListener('updatefound', () => track(registration.installing));
  }).catch((error) => console.error('no offline play:', error));
}
