// Benchmark: tiles sliding, this game beside the original 2048 (gabrielecirulli/2048, a checkout
// of its static files). Each page, in a new browser context at each of three viewports (360×640,
// 1000×900, 1000×900 at device pixel ratio 2), is pressed K arrow keys (Left, Up, Right, Down, over
// and over), one every 250 ms, while the page counts its requestAnimationFrame callbacks. Reported:
//   frames a second over the K keys' period (K × 250 ms from the first key), and the longest gap
//   between two callbacks in it;
//   key to settled board: from the page's keydown (window, capture phase, performance.now()) to
//   the moment the page knows the move's tiles are all in place, new and merged ones grown whole.
//   The original: the last transitionend or animationend on a tile its move drew (each tile the
//   move put in .tile-container is marked with the key), at most 600 ms after the key. This game:
//   the first moment #bevy's data-drawn equals its data-board (src/web.rs) after the key changed
//   data-board (a MutationObserver and each rAF callback look). A key that moved nothing is
//   skipped. A move whose tiles were still on their way when the next move replaced them, or
//   after 600 ms, is "cut": counted, left out of the times (with 250 ms between keys and 300 ms
//   of slide and pop in both games, many are).
// Pages take turns run by run, so a busy moment of the machine falls on each alike. The original
// is ready once it shows a tile, then left 0.5 s for its first tiles' appear; this game once it
// sets data-ready (harness ready()), then left 1.5 s to warm up. Service workers are blocked (this
// game's would fill its cache during the keys). Each figure in the tables is the median over runs;
// the lines starting with "run" are each run's own.
//   node web/compare.mjs [--runs N] [--keys K] [--every MS] ORIGINAL_CHECKOUT [DIST[?QUERY] ...]
// A DIST may carry a query, e.g. 'dist?render=msaa,tonemap': the same build opened with it (the
// game then puts back those rendering costs, src/view/layout.rs), to weigh each on its own.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { launch, serve, ready, READY_TIMEOUT_MS } from './harness.mjs';

const USAGE = 'usage: node web/compare.mjs [--runs N] [--keys K] [--every MS] ORIGINAL_CHECKOUT [DIST[?QUERY] ...]'
  + '  (N, K whole numbers, 1 or more; MS the time between keys, 250 unless given)';
const { values, positionals } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    keys: { type: 'string', default: '24' },
    every: { type: 'string', default: '250' },
  },
  allowPositionals: true,
});
const runs = Number(values.runs);
const keys = Number(values.keys);
const every = Number(values.every);
const whole = (n) => Number.isInteger(n) && n >= 1;
if (!whole(runs) || !whole(keys) || !whole(every) || positionals.length === 0) {
  console.error(USAGE);
  process.exit(2);
}
const [original, ...dists] = positionals;
if (!existsSync(join(original, 'index.html'))) {
  console.error(`${original}: no index.html there (a checkout of gabrielecirulli/2048)`);
  process.exit(2);
}
for (const arg of dists) {
  const folder = arg.split('?')[0];
  if (!existsSync(join(folder, 'index.html'))) {
    console.error(`${folder}: no index.html there (web/build.sh builds dist/)`);
    process.exit(2);
  }
}

const VIEWPORTS = [
  { name: '360×640', viewport: { width: 360, height: 640 }, deviceScaleFactor: 1 },
  { name: '1000×900', viewport: { width: 1000, height: 900 }, deviceScaleFactor: 1 },
  { name: '1000×900 at ratio 2', viewport: { width: 1000, height: 900 }, deviceScaleFactor: 2 },
];
const ARROWS = ['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown'];
// How long after a key its board may still settle.
const SETTLE_WINDOW_MS = 600;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// Runs in the page before the first key: counts rAF callbacks, notes each arrow key and when its
// move's board settles (see the top of this file). Read back with finish().
function instrument({ kind, windowMs }) {
  const bench = { frames: [], keys: [], running: true };
  window.__compare = bench;
  let check = () => {};
  const loop = (t) => {
    if (!bench.running) return;
    bench.frames.push(t);
    check();
    requestAnimationFrame(loop);
  };
  requestAnimationFrame(loop);
  const container = document.querySelector('.tile-container');
  // The original: the keys whose tiles (marked by the observer below) are still animating.
  const animating = () => container.getAnimations({ subtree: true })
    .filter((a) => a.playState !== 'finished')
    .map((a) => a.effect?.target?.closest?.('.tile')?.__compareKey)
    .filter((k) => k !== undefined);
  addEventListener('keydown', (e) => {
    if (!e.key.startsWith('Arrow') || e.repeat) return;
    const key = { t: performance.now(), moved: false, settled: null, cut: false };
    if (kind === 'original') key.animating = animating();
    bench.keys.push(key);
  }, true);

  if (kind === 'original') {
    // The original draws a move by putting every tile anew into .tile-container (html_actuator.js).
    new MutationObserver((records) => {
      const k = bench.keys.length - 1;
      if (k < 0 || !records.some((r) => r.addedNodes.length)) return;
      for (const r of records) for (const node of r.addedNodes) node.__compareKey = k;
      const key = bench.keys[k];
      key.moved = true;
      for (const j of key.animating) if (j !== k) bench.keys[j].cut = true;
    }).observe(container, { childList: true });
    const ended = (e) => {
      const k = e.target.closest?.('.tile')?.__compareKey;
      if (k === undefined || !container.contains(e.target)) return;
      const key = bench.keys[k];
      const dt = performance.now() - key.t;
      if (dt <= windowMs) key.settled = dt;
      else key.cut = true;
    };
    document.addEventListener('transitionend', ended, true);
    document.addEventListener('animationend', ended, true);
  } else {
    const canvas = document.getElementById('bevy');
    let lastBoard = canvas.dataset.board;
    check = () => {
      const n = bench.keys.length;
      if (n === 0) return;
      const { board, drawn } = canvas.dataset;
      const now = performance.now();
      if (board !== lastBoard) {
        // A new board is the latest key's move; an earlier move not settled yet never will be.
        lastBoard = board;
        for (let j = 0; j < n - 1; j++) if (bench.keys[j].moved && bench.keys[j].settled === null) bench.keys[j].cut = true;
        bench.keys[n - 1].moved = true;
      }
      if (drawn !== board) return;
      for (const key of bench.keys) {
        if (!key.moved || key.cut || key.settled !== null) continue;
        if (now - key.t <= windowMs) key.settled = now - key.t;
        else key.cut = true;
      }
    };
    new MutationObserver(() => check()).observe(canvas, { attributes: true, attributeFilter: ['data-board', 'data-drawn'] });
  }
}

function finish() {
  const bench = window.__compare;
  bench.running = false;
  return { frames: bench.frames, keys: bench.keys.map(({ t, moved, settled, cut }) => ({ t, moved, settled, cut })) };
}

// One page's run: its figures, from what the page noted.
async function measure(page, kind) {
  await page.evaluate(instrument, { kind, windowMs: SETTLE_WINDOW_MS });
  const start = performance.now();
  for (let i = 0; i < keys; i++) {
    const wait = start + i * every - performance.now();
    if (wait > 0) await sleep(wait);
    await page.keyboard.press(ARROWS[i % ARROWS.length]);
  }
  await sleep(every + SETTLE_WINDOW_MS);
  const { frames, keys: pressed } = await page.evaluate(finish);
  if (pressed.length !== keys) throw new Error(`the page saw ${pressed.length} of ${keys} keys`);
  const from = pressed[0].t;
  const to = from + keys * every;
  const inside = frames.filter((t) => t >= from && t <= to);
  let gap = 0;
  for (let i = 1; i < frames.length; i++) {
    if (frames[i] > from && frames[i - 1] < to) gap = Math.max(gap, frames[i] - frames[i - 1]);
  }
  const moves = pressed.filter((k) => k.moved);
  const settled = moves.filter((k) => !k.cut && k.settled !== null).map((k) => k.settled);
  return {
    fps: inside.length / (keys * every / 1000),
    gap,
    settleMedian: median(settled),
    settleMax: settled.length ? Math.max(...settled) : NaN,
    moves: moves.length,
    cut: moves.length - settled.length,
  };
}

function median(xs) {
  const s = xs.filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}
const fixed = (x, digits = 0) => (Number.isNaN(x) ? '—' : x.toFixed(digits));

const servers = new Map();
const pages = [];
try {
  for (const [arg, kind] of [[original, 'original'], ...dists.map((d) => [d, 'game'])]) {
    const [folder, ...query] = arg.split('?');
    if (!servers.has(folder)) servers.set(folder, await serve(folder));
    const url = servers.get(folder).url + (query.length ? `?${query.join('?')}` : '');
    pages.push({ label: arg, kind, url, results: VIEWPORTS.map(() => []) });
  }
  let version = '';
  for (const [v, view] of VIEWPORTS.entries()) {
    // A screen of that density: the page's devicePixelRatio (the context's deviceScaleFactor) and
    // the device pixels the compositor draws (the browser's flag) agree, as on a phone. With the
    // context's setting alone, headless Chromium reports the canvas's device-pixel box at one
    // pixel per CSS pixel, and a page sized by it (winit's) draws at ratio 1.
    const browser = await launch([`--force-device-scale-factor=${view.deviceScaleFactor}`]);
    try {
      version ||= browser.version();
      for (let run = 1; run <= runs; run++) {
        for (const p of pages) {
          const context = await browser.newContext({
            viewport: view.viewport, deviceScaleFactor: view.deviceScaleFactor, serviceWorkers: 'block',
          });
          try {
            const page = await context.newPage();
            await page.goto(p.url, { timeout: READY_TIMEOUT_MS });
            if (p.kind === 'original') {
              await page.waitForSelector('.tile-container .tile', { timeout: READY_TIMEOUT_MS });
              await sleep(500);
            } else {
              await ready(page);
              await sleep(1500);
            }
            const r = await measure(page, p.kind);
            p.results[v].push(r);
            console.log(`run ${run} ${view.name} ${p.label}: ${fixed(r.fps, 1)} frames/s, longest gap ${fixed(r.gap)} ms, `
              + `settled median ${fixed(r.settleMedian)} / max ${fixed(r.settleMax)} ms, ${r.moves} moves of ${keys} keys, ${r.cut} cut`);
          } finally {
            await context.close();
          }
        }
      }
    } finally {
      await browser.close();
    }
  }

  console.log(`\nChromium ${version}, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; `
    + `${runs} run${runs > 1 ? 's' : ''}, ${keys} keys ${every} ms apart`);
  for (const [v, view] of VIEWPORTS.entries()) {
    console.log(`\n### ${view.name}\n`);
    console.log('| page | frames a second while tiles slide | longest gap (ms) | key to settled board, median / max (ms) |');
    console.log('|---|---|---|---|');
    for (const p of pages) {
      const rs = p.results[v];
      const of = (f) => median(rs.map(f));
      const moves = rs.reduce((n, r) => n + r.moves, 0);
      const cut = rs.reduce((n, r) => n + r.cut, 0);
      const cutNote = cut ? ` (${cut} of ${moves} moves cut)` : '';
      console.log(`| ${p.label} | ${fixed(of((r) => r.fps), 1)} | ${fixed(of((r) => r.gap))} | `
        + `${fixed(of((r) => r.settleMedian))} / ${fixed(of((r) => r.settleMax))}${cutNote} |`);
    }
  }
} finally {
  for (const server of servers.values()) server.close();
}
