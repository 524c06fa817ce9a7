// The web zip as a player uploads it (tools/release.sh): unpacked into an empty folder, served
// by web/serve.py, the game starts and a key moves its tiles; then the same in an iframe of
// another page on another port, as itch.io's HTML5 player embeds it (the service worker of a
// third-party frame may not register: the game must start anyway).
//   node web/zip-check.mjs release/VERSION/g2048-VERSION-web.zip [screenshot-folder]
import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { execFileSync } from 'node:child_process';
import { launch, serve, READY_TIMEOUT_MS, screenshot } from './harness.mjs';

const zip = process.argv[2];
const shots = process.argv[3] ?? 'target/web-shots';
if (!zip) {
  console.log('usage: node web/zip-check.mjs ZIP [screenshot-folder]');
  process.exit(2);
}
let failed = 0;
const check = (ok, what) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failed++;
};

const folder = await mkdtemp(join(tmpdir(), 'g2048-zip-'));
execFileSync('unzip', ['-q', zip, '-d', folder]);
check(execFileSync('ls', [folder]).toString().split('\n').includes('index.html'), 'index.html is at the zip\'s root');
const game = await serve(folder);
// The embedding page, on a port of its own (another origin), as an iframe of 800×700.
const host = http.createServer((_, res) => {
  res.writeHead(200, { 'Content-Type': 'text/html' });
  res.end(`<!doctype html><title>host</title><iframe id="game" src="${game.url}" width="800" height="700" allow="fullscreen" style="border:0"></iframe>`);
}).listen(0, '127.0.0.1');
await new Promise((r) => host.once('listening', r));
const hostUrl = `http://127.0.0.1:${host.address().port}/`;
const browser = await launch();
try {
  for (const [name, url, inFrame, workers] of [
    ['served alone', game.url, false, 'allow'],
    ['in another origin\'s iframe', hostUrl, true, 'allow'],
    ['in the iframe, service workers refused', hostUrl, true, 'block'],
  ]) {
    const context = await browser.newContext({ viewport: { width: 900, height: 800 }, serviceWorkers: workers });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(url);
    const frame = inFrame ? await (await page.waitForSelector('#game')).contentFrame() : page.mainFrame();
    await frame.waitForSelector('#bevy[data-ready]', { timeout: READY_TIMEOUT_MS, state: 'attached' });
    const moves = () => frame.$eval('#bevy', (c) => Number(c.dataset.moves));
    const before = await moves();
    await frame.click('#bevy');
    let moved = false;
    for (const key of ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown']) {
      await page.keyboard.press(key);
      moved = await frame.waitForFunction((m) => Number(document.getElementById('bevy').dataset.moves) > m,
        before, { timeout: 10_000 }).then(() => true, () => false);
      if (moved) break;
    }
    const sw = await frame.evaluate(() => navigator.serviceWorker?.controller ? 'controlled' : 'not controlled');
    check(moved, `${name}: the game starts and a key moves the tiles (service worker: ${sw})`);
    check(errors.length === 0, `${name}: no page errors${errors.length ? ': ' + errors.join(' | ') : ''}`);
    await screenshot(page, { path: join(shots, `zip-${inFrame ? 'iframe' : 'alone'}-${workers}.png`) });
    await context.close();
  }
} finally {
  await browser.close();
  game.close();
  host.close();
  await rm(folder, { recursive: true, force: true });
}
console.log(`zip-check: ${failed ? 'FAILED' : 'ok'}`);
process.exit(failed ? 1 : 0);
