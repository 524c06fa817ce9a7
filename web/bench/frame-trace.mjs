// Where a sliding frame's time goes in the browser: Chromium's own trace (browser.startTracing)
// over 16 arrow keys 250 ms apart, summed per thread (time in top-level tasks), then the GPU
// process main thread's events by total time. That is how docs/design.md ("Light frames") found
// the frame spent in SkiaOutputSurfaceImplOnGpu::SwapBuffers, where SwiftShader runs the page's
// WebGL work. A page is this game's dist/ (ready once it sets data-ready) or a checkout of the
// original (ready once it shows a tile).
//   node web/bench/frame-trace.mjs [--ratio R] [--size WxH] DIST_OR_ORIGINAL
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve, ready } from '../harness.mjs';
import { launchAt, pageArgs } from './args.mjs';

const { folder: pageFolder, ratio, width, height } = pageArgs('node web/bench/frame-trace.mjs [--ratio R] [--size WxH] DIST_OR_ORIGINAL');
const folder = mkdtempSync(join(tmpdir(), 'frame-trace-'));
const path = join(folder, 'trace.json');
const server = await serve(pageFolder);
const browser = await launchAt(ratio);
try {
  const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: ratio });
  const page = await context.newPage();
  await page.goto(server.url);
  if (await page.$('#bevy')) await ready(page); else await page.waitForSelector('.tile');
  await page.waitForTimeout(1500);
  await browser.startTracing(page, { path, categories: ['toplevel', 'gpu', 'viz', 'cc', 'blink', 'v8'] });
  for (let i = 0; i < 16; i++) {
    await page.keyboard.press(['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown'][i % 4]);
    await page.waitForTimeout(250);
  }
  await browser.stopTracing();
} finally {
  await browser.close();
  server.close();
}

const events = JSON.parse(readFileSync(path, 'utf8')).traceEvents;
rmSync(folder, { recursive: true });
const threads = {};
const processes = {};
for (const e of events) {
  if (e.ph === 'M' && e.name === 'thread_name') threads[`${e.pid}:${e.tid}`] = e.args.name;
  if (e.ph === 'M' && e.name === 'process_name') processes[e.pid] = e.args.name;
}
const complete = events.filter((e) => e.ph === 'X' && e.dur).sort((a, b) => a.ts - b.ts);
const busy = {};
const end = {};
let first = Infinity;
let last = 0;
for (const e of complete) {
  const key = `${e.pid}:${e.tid}`;
  first = Math.min(first, e.ts);
  last = Math.max(last, e.ts + e.dur);
  // Top-level events only: one that starts inside the last counted one is nested in it.
  if ((end[key] ?? 0) <= e.ts) {
    busy[key] = (busy[key] ?? 0) + e.dur;
    end[key] = e.ts + e.dur;
  }
}
const span = (last - first) / 1000;
console.log(`traced ${span.toFixed(0)} ms`);
for (const [key, us] of Object.entries(busy).sort((a, b) => b[1] - a[1]).slice(0, 6)) {
  const name = `${processes[key.split(':')[0]] ?? '?'} / ${threads[key] ?? key}`;
  console.log(`${name.padEnd(36)} busy ${(us / 1000).toFixed(0)} ms (${((100 * us) / 1000 / span).toFixed(0)} %)`);
}
const gpuMain = Object.keys(threads).find((key) => threads[key] === 'CrGpuMain');
const byName = {};
for (const e of complete) {
  if (`${e.pid}:${e.tid}` !== gpuMain) continue;
  byName[e.name] ??= { us: 0, count: 0 };
  byName[e.name].us += e.dur;
  byName[e.name].count++;
}
console.log('GPU process main thread, by event (time includes nested events):');
for (const [name, { us, count }] of Object.entries(byName).sort((a, b) => b[1].us - a[1].us).slice(0, 12)) {
  console.log(`  ${(us / 1000).toFixed(0).padStart(6)} ms ${String(count).padStart(5)}× ${name}`);
}
