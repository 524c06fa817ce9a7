// The ranked daily played as a player meets it on a host's server (tools/hosting-check.sh):
// the page at URL, over https, found its server on its own origin, the offline copy (service
// worker) installed, Z opens the ranked screen, Enter makes an account and deals today's game,
// and a move is answered with its tile. Exits non-zero with what went wrong.
//   node web/hosting-check.mjs https://localhost:8443/
import { launch, ready, readers } from './harness.mjs';

const url = process.argv[2];
const TIMEOUT_MS = 30_000;
let failed = 0;
const check = (ok, what) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failed++;
};

// The proxy's certificate is its own (Caddy's local authority, a self-signed one for nginx).
const browser = await launch(['--ignore-certificate-errors']);
try {
  const context = await browser.newContext({ viewport: { width: 500, height: 700 }, ignoreHTTPSErrors: true });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(url);
  await ready(page);
  const { canvas, lines, until } = readers(page, TIMEOUT_MS);
  check(await page.evaluate(() => window.isSecureContext), `${url}: a secure page`);
  const worker = await page.evaluate(() => navigator.serviceWorker?.ready.then((r) => Boolean(r.active)));
  check(worker, 'the offline copy is installed (its service worker is active)');
  const own = await page.evaluate(() => fetch('server.json').then((r) => r.json()));
  check(own.server === url.replace(/^https/, 'wss') + 'ws', `server.json names the server on the page's origin (${own.server})`);
  await page.keyboard.press('z');
  const open = await until(async () => (await canvas('screen')) === 'Leaderboard'
    && (await lines()).includes('Your first ranked game makes your account.'));
  check(open, `Z opens the ranked screen, connected (${await lines()})`);
  await page.keyboard.press('Enter');
  const dealt = await until(async () => (await canvas('ranked')) === '0/0' && (await canvas('screen')) === 'Game');
  check(dealt, `Enter makes an account and deals today's game (${await canvas('ranked')})`);
  let answered = false;
  for (const dir of ['Left', 'Down', 'Right', 'Up']) {
    await page.keyboard.press(`Arrow${dir}`);
    // A direction that slides nothing sends nothing: the next is tried after 5 s.
    if (await until(async () => (await canvas('ranked')) === '1/1', 5000)) {
      answered = true;
      break;
    }
  }
  check(answered, `a move is answered with its tile (${await canvas('ranked')})`);
  check(errors.length === 0, `no page errors${errors.length ? ': ' + errors.join(' | ') : ''}`);
} finally {
  await browser.close();
}
process.exit(failed ? 1 : 0);
