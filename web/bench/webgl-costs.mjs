// Times kinds of frame work on their own on a bare WebGL2 page (web/bench/webgl-costs.html, whose
// first lines list the query parameters), in the same headless Chromium on SwiftShader as the
// browser test: frames a second over 3 s after 1.5 s, at 1000×900, for each query given.
//   node web/bench/webgl-costs.mjs [--ratio R] QUERY...
//   e.g. node web/bench/webgl-costs.mjs 'quads=1' 'quads=1&ms=1' 'scene=1' 'scene=1&noninst=1'
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { serve } from '../harness.mjs';
import { launchAt } from './args.mjs';

const { values, positionals } = parseArgs({ options: { ratio: { type: 'string', default: '1' } }, allowPositionals: true });
const ratio = Number(values.ratio);
if (!(ratio > 0) || positionals.length === 0) {
  console.error('usage: node web/bench/webgl-costs.mjs [--ratio R] QUERY...');
  process.exit(2);
}
const server = await serve(dirname(fileURLToPath(import.meta.url)));
const browser = await launchAt(ratio);
try {
  for (const query of positionals) {
    const context = await browser.newContext({ viewport: { width: 1000, height: 900 }, deviceScaleFactor: ratio });
    const page = await context.newPage();
    await page.goto(`${server.url}webgl-costs.html?${query}`);
    await page.waitForTimeout(1500);
    const before = await page.evaluate(() => window.__frames.length);
    await page.waitForTimeout(3000);
    const after = await page.evaluate(() => window.__frames.length);
    console.log(`ratio ${ratio} ${query}: ${((after - before) / 3).toFixed(1)} frames a second`);
    await context.close();
  }
} finally {
  await browser.close();
  server.close();
}
