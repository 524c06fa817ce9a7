// Shots of the ranked screen with names the game's fonts cannot draw and with a hidden name,
// and with letters only names use, to look at, at 1, 2 and 3 device pixels a pixel (docs/server.md, "Accounts, names and ranks").
// The page comes from `g2048-server serve --web DIST`; the player names themself, another
// player takes a Thai name, which the table shows in words; then the host hides the player's
// name, and the screen asks them for another.
//   node web/shot-names.mjs SERVER_BINARY DIST OUT_FOLDER
import { spawn, execFileSync } from 'node:child_process';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { launch, ready, readers, screenshot } from './harness.mjs';

const [binary, dist, out] = process.argv.slice(2);
if (!binary || !dist || !out) {
  console.log('usage: node web/shot-names.mjs SERVER_BINARY DIST OUT_FOLDER');
  process.exit(2);
}
await mkdir(out, { recursive: true });
const folder = join(tmpdir(), `g2048-names-${process.pid}`);
await mkdir(folder, { recursive: true });
const database = `sqlite://${join(folder, 'names.sqlite3')}`;
const server = spawn(binary, ['--database', database, 'serve', '--listen', '127.0.0.1:0',
  '--rank-new-accounts-today', '--web', dist, '--metrics', 'off'], { stdio: ['ignore', 'pipe', 'inherit'] });
const address = await new Promise((resolve) => {
  server.stdout.on('data', (data) => {
    const found = /http:\/\/(\S+)/.exec(String(data));
    if (found) resolve(found[1]);
  });
});
const url = `http://${address}/`;
// Thai, which no face of the game's has; Latin letters none of its languages uses, which the
// font carries for names (tools/fonts.py).
const NAMES = ['สมชาย', 'Zoë Łukasz Nguyễn'];
try {
  const browser = await launch();
  const context = await browser.newContext({ viewport: { width: 500, height: 700 } });
  const page = await context.newPage();
  await page.goto(url);
  await ready(page);
  const { lines, until } = readers(page, 20000);
  await page.keyboard.press('z');
  await until(async () => (await lines()).includes('Your first ranked game'));
  await page.keyboard.press('Enter');
  await page.waitForTimeout(1500);
  await page.keyboard.press('z');
  await page.keyboard.press('n');
  await page.waitForTimeout(500);
  await page.keyboard.type('Web Player');
  await page.keyboard.press('Enter');
  const named = await until(async () => (await lines()).includes('You play as Web Player'));
  console.log(`named: ${named}`);
  // Other players, through the page's own WebSocket (a name cannot be typed in Thai into the
  // game's line).
  for (const name of NAMES) {
    const other = await page.evaluate(async ([socket, name]) => {
      const ws = new WebSocket(socket);
      const replies = [];
      await new Promise((resolve) => { ws.onopen = resolve; });
      ws.onmessage = (event) => replies.push(JSON.parse(event.data));
      const ask = async (message) => {
        const before = replies.length;
        ws.send(JSON.stringify(message));
        while (replies.length === before) await new Promise((r) => setTimeout(r, 20));
        return replies[replies.length - 1];
      };
      await ask({ type: 'hello', v: 1, token: null });
      await ask({ type: 'create_account' });
      const set = await ask({ type: 'set_name', name });
      const game = await ask({ type: 'start' });
      ws.close();
      return [set.type, game.type];
    }, [`ws://${address}/ws`, name]);
    console.log(`the other player, ${name}: ${other}`);
  }
  await page.keyboard.press('r');
  await page.waitForTimeout(1000);
  // The player's saves (the account's token in IndexedDB) go with every shot.
  const saved = await context.storageState({ indexedDB: true });
  await browser.close();
  const shots = async (label) => {
    for (const [ratio, locale] of [[1, 'en-US'], [2, 'en-US'], [3, 'en-US'], [1, 'de-DE'], [2, 'zh-CN']]) {
      const dense = await launch([`--force-device-scale-factor=${ratio}`]);
      const context = await dense.newContext({ viewport: { width: 500, height: 700 }, deviceScaleFactor: ratio, storageState: saved, locale });
      const page = await context.newPage();
      await page.goto(url);
      await ready(page);
      await page.keyboard.press('z');
      const shown = await page.waitForFunction(() => /You play|Your name|Du spielst|Dein Name|你的名字/.test(
        document.getElementById('a11y-dialog-lines').textContent), null, { timeout: 20000 }).then(() => true, () => false);
      if (!shown) console.log(`${label} at ${ratio} (${locale}): the line never opened`);
      await page.waitForTimeout(500);
      console.log(`${label} at ${ratio} (${locale}): ${await page.$eval('#a11y-dialog-lines', (e) => e.textContent)}`);
      await screenshot(page, { path: join(out, `${label}-${locale}-${ratio}x.png`) });
      await dense.close();
    }
  };
  await shots('named');
  execFileSync(binary, ['--database', database, 'hide-name', 'Web Player']);
  await shots('hidden');
} finally {
  server.kill();
  await rm(folder, { recursive: true, force: true });
}
