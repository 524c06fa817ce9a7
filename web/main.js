// Starts the game on the page (index.html), and keeps the installed app up to date through the
// service worker (sw.js). A module file, not an inline script: the page's Content-Security-Policy
// allows only its own files.
import init from './g2048.js';

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
// A replay link opened while the game runs: the game reads the link when it starts.
addEventListener('hashchange', () => {
  if (location.hash.includes('replay=')) location.reload();
});
init().catch((error) => {
  // winit leaves its event loop by throwing this on purpose; anything else is a real failure.
  if (!String(error).includes('Using exceptions for control flow')) {
    loading.textContent = 'The game could not start: ' + error;
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
