// What the browser test (e2e.mjs) and the first-frame benchmark (first-frame.mjs) share: the
// static server and Debian's Chromium, headless, drawing with SwiftShader.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

// How long a page may take to reach its first frame (software rendering, a busy machine).
export const READY_TIMEOUT_MS = 180_000;

export const CHROMIUM_ARGS = ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--no-first-run', '--disable-quic'];

export function launch(extraArgs = []) {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: [...CHROMIUM_ARGS, ...extraArgs] });
}

// The folder served by web/serve.py, as a player's host serves it (precompressed files,
// their types): resolves to { url, close } once it listens on a free port.
export function serve(root) {
  const child = spawn('python3', [fileURLToPath(new URL('./serve.py', import.meta.url)), root, '0'],
    { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`web/serve.py exited (${code}) before listening`)));
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const port = out.match(/127\.0\.0\.1:(\d+)/)?.[1];
      if (port) {
        child.removeAllListeners('exit');
        resolve({ url: `http://127.0.0.1:${port}/`, close: () => child.kill() });
      }
    });
  });
}

// The game's own record of its first frame that shows the whole game (src/web.rs):
// "frame N at T ms", T from the start of the page's load.
export async function firstFrame(page) {
  const text = await page.$eval('#bevy', (c) => c.dataset.firstFrame ?? '');
  const m = /^frame (\d+) at (\d+) ms$/.exec(text);
  return m ? { frame: Number(m[1]), ms: Number(m[2]), text } : { frame: NaN, ms: NaN, text };
}

// Resolves once the game has drawn its first whole frame (it sets data-ready on the canvas).
export async function ready(page) {
  await page.waitForSelector('#bevy[data-ready]', { timeout: READY_TIMEOUT_MS, state: 'attached' });
}

// What the scripts read of the game's page: a `data-` attribute of its canvas (src/web.rs),
// the lines of its dialog as a screen reader gets them, and a wait, checked every 100 ms for
// at most `timeoutMs` (or the wait's own), until `test` resolves true; false if it never does.
export function readers(page, timeoutMs) {
  const canvas = (key) => page.$eval('#bevy', (c, key) => c.dataset[key], key);
  const lines = () => page.$eval('#a11y-dialog-lines', (e) => e.textContent);
  const until = async (test, timeout = timeoutMs) => {
    for (let waited = 0; waited < timeout; waited += 100) {
      if (await test()) return true;
      await page.waitForTimeout(100);
    }
    return false;
  };
  return { canvas, lines, until };
}

// A screenshot of `target` (a page or a locator). With both cores busy (CI runs the browser test
// beside `cargo test`), Chromium sometimes answers "Unable to capture screenshot" when its
// compositor has no frame ready in time: that says nothing about the game, so the capture is
// tried again, up to three times, and each retry is printed. Any other error is thrown at once.
export async function screenshot(target, options = {}) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await target.screenshot(options);
    } catch (e) {
      if (attempt >= 3 || !/Unable to capture screenshot/.test(String(e?.message))) throw e;
      console.log(`info the browser could not capture a screenshot (attempt ${attempt}); trying again`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}
