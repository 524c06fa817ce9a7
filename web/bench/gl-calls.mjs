// The WebGL calls of one sliding frame of this game: every call of interest on
// WebGL2RenderingContext is wrapped, the page is pressed 4 arrow keys 250 ms apart, and the
// frame of median length (its requestAnimationFrame callback) is listed call by call, with how
// many frames uploaded textures. docs/design.md ("Light frames") counted the passes of a frame
// this way: the main pass, Bevy's upscaling copy, wgpu's present.
//   node web/bench/gl-calls.mjs [--ratio R] [--size WxH] DIST
import { serve, ready } from '../harness.mjs';
import { launchAt, pageArgs } from './args.mjs';

const { folder: pageFolder, ratio, width, height } = pageArgs('node web/bench/gl-calls.mjs [--ratio R] [--size WxH] DIST');

// In the page, before its scripts: the wrappers, off until __record(true).
function wrap() {
  const log = [];
  let recording = false;
  window.__calls = log;
  window.__record = (on) => { recording = on; };
  const proto = WebGL2RenderingContext.prototype;
  for (const name of ['bindFramebuffer', 'framebufferTexture2D', 'framebufferRenderbuffer', 'viewport',
    'clear', 'clearBufferfv', 'useProgram', 'drawArrays', 'drawElements', 'drawArraysInstanced',
    'drawElementsInstanced', 'blitFramebuffer', 'texImage2D', 'texSubImage2D', 'bufferData',
    'bufferSubData', 'readPixels', 'fenceSync', 'clientWaitSync', 'getSyncParameter', 'flush', 'finish']) {
    const call = proto[name];
    proto[name] = function (...args) {
      if (recording) log.push([name, args.filter((a) => typeof a === 'number').slice(0, 6).join(',')]);
      return call.apply(this, args);
    };
  }
  const raf = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (callback) => raf((t) => {
    const start = performance.now();
    if (recording) log.push(['frame']);
    callback(t);
    if (recording) log.push(['end', (performance.now() - start).toFixed(1)]);
  });
}

const server = await serve(pageFolder);
const browser = await launchAt(ratio);
let log;
try {
  const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: ratio });
  await context.addInitScript(wrap);
  const page = await context.newPage();
  await page.goto(server.url);
  await ready(page);
  await page.waitForTimeout(1500);
  await page.evaluate(() => window.__record(true));
  for (const key of ['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown']) {
    await page.keyboard.press(key);
    await page.waitForTimeout(250);
  }
  await page.evaluate(() => window.__record(false));
  log = await page.evaluate(() => window.__calls);
} finally {
  await browser.close();
  server.close();
}

const frames = [];
let current = null;
for (const [name, args] of log) {
  if (name === 'frame') current = [];
  else if (name === 'end') {
    if (current) frames.push({ ms: Number(args), calls: current });
    current = null;
  } else if (current) current.push(`${name}(${args})`);
}
if (frames.length === 0) {
  console.error('no frame was drawn while the keys were pressed');
  process.exit(1);
}
const uploads = frames.filter((f) => f.calls.some((c) => c.startsWith('texSubImage2D') || c.startsWith('texImage2D')));
const byLength = [...frames].sort((a, b) => a.ms - b.ms);
const median = byLength[byLength.length >> 1];
console.log(`${frames.length} frames in 1 s; ${uploads.length} uploaded a texture; the median frame's callback ${median.ms} ms:`);
for (const call of median.calls) console.log(`  ${call}`);
