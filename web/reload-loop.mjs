// Reloads the page right after each move, N times, as web/e2e.mjs's "a reload right after a
// move keeps it" does 12 times, and prints how many moves a reload lost (docs/saves.md).
//   node web/reload-loop.mjs dist 60      the game built in dist/
//   node web/reload-loop.mjs --bare 60    a bare page: one IndexedDB transaction per write, a
//                                         read whose answer the page handles and a put, with
//                                         and without IDBTransaction.commit()
import http from 'node:http';
import { launch, serve, ready } from './harness.mjs';

const bare = process.argv[2] === '--bare';
const n = Number(process.argv[3] ?? 40);
const browser = await launch();

async function game(dist) {
  const { url, close } = await serve(dist);
  const page = await (await browser.newContext({ viewport: { width: 500, height: 700 } })).newPage();
  await page.goto(url);
  await ready(page);
  const state = () => page.$eval('#bevy', (c) => ({ board: c.dataset.board, moves: Number(c.dataset.moves) }));
  let lost = 0;
  let done = 0;
  for (let i = 0; i < n; i++) {
    const s = await state();
    let moved = false;
    for (const dir of ['Left', 'Up', 'Right', 'Down']) {
      await page.keyboard.press(`Arrow${dir}`);
      moved = await page.waitForFunction((m) => Number(document.getElementById('bevy').dataset.moves) > m,
        s.moves, { timeout: 1500 }).then(() => true, () => false);
      if (moved) break;
    }
    if (!moved) {
      // The game is over: a new one (N, then Enter to confirm).
      await page.keyboard.press('n');
      await page.waitForTimeout(500);
      await page.keyboard.press('Enter');
      await page.waitForTimeout(500);
      continue;
    }
    const played = await state();
    await page.reload();
    await ready(page);
    const again = await state();
    done++;
    if (again.moves !== played.moves || again.board !== played.board) lost++;
  }
  console.log(`${lost} lost of ${done} reloads`);
  close();
}

const BARE_PAGE = `<!doctype html><div id=v data-n=-1></div><script>
const commit = location.search === '?commit';
const open = indexedDB.open('bare', 1);
open.onupgradeneeded = () => open.result.createObjectStore('s');
open.onsuccess = () => {
  const read = open.result.transaction('s').objectStore('s').get('k');
  read.onsuccess = () => { v.dataset.n = String(read.result ?? 0); window.db = open.result; };
};
window.write = (n) => {
  const tx = db.transaction('s', 'readwrite');
  const store = tx.objectStore('s');
  const read = store.get('k');
  store.put(n, 'k');
  read.onsuccess = () => { const t = performance.now(); while (performance.now() - t < 3); };
  if (commit) tx.commit();
  v.dataset.n = String(n);
};
</script>`;

async function barePage() {
  const server = http.createServer((_, res) => res.setHeader('content-type', 'text/html').end(BARE_PAGE));
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  for (const mode of ['', 'commit']) {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`http://127.0.0.1:${server.address().port}/?${mode}`);
    let lost = 0;
    for (let i = 0; i < n; i++) {
      await page.waitForFunction(() => window.db && document.getElementById('v').dataset.n !== '-1');
      const before = Number(await page.$eval('#v', (e) => e.dataset.n));
      await page.evaluate((next) => window.write(next), before + 1);
      await page.reload();
      await page.waitForFunction(() => document.getElementById('v').dataset.n !== '-1');
      if (Number(await page.$eval('#v', (e) => e.dataset.n)) !== before + 1) lost++;
    }
    console.log(`${mode || 'without commit()'}: ${lost} lost of ${n} reloads`);
  }
  server.close();
}

await (bare ? barePage() : game(process.argv[2]));
await browser.close();
