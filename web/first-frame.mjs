// Benchmark: the first frame after a cold start, for one web build or several side by side.
// Each run is a new headless Chromium (nothing cached, its GPU process new) at 1280×720 that
// opens the page and reads the game's data-first-frame ("frame N at T ms", T from the start of
// the page's load; src/web.rs). Builds take turns run by run, so a busy moment of the machine
// falls on each alike. Two ways to start, each reported on its own:
//   launched: the page is opened the moment the browser is up;
//   started:  the browser first draws its blank tab (a screenshot of it), then opens the page.
// A new browser's first picture costs its software renderer 0.4 to 0.7 s on 2 cores, which
// competes with the page's load in the first way: that is the browser's start, not the page's.
//   node web/first-frame.mjs [--runs N] DIST [DIST ...]
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { launch, serve, ready, firstFrame, screenshot } from './harness.mjs';

const { values, positionals } = parseArgs({
  options: { runs: { type: 'string', default: '7' } },
  allowPositionals: true,
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1 || positionals.length === 0) {
  console.error('usage: node web/first-frame.mjs [--runs N] DIST [DIST ...]  (N a whole number, 1 or more)');
  process.exit(2);
}
for (const dist of positionals) {
  if (!existsSync(join(dist, 'index.html'))) {
    console.error(`${dist}: no index.html there (web/build.sh builds dist/)`);
    process.exit(2);
  }
}

const builds = [];
for (const dist of positionals) builds.push({ dist, server: await serve(dist), ms: { launched: [], started: [] } });
try {
  for (const way of ['launched', 'started']) {
    for (let run = 0; run < runs; run++) {
      for (const build of builds) {
        const browser = await launch();
        try {
          const page = await (await browser.newContext({ viewport: { width: 1280, height: 720 } })).newPage();
          if (way === 'started') await screenshot(page);
          await page.goto(build.server.url);
          await ready(page);
          const drawn = await firstFrame(page);
          if (drawn.frame !== 0) console.log(`${build.dist}: the first whole frame was not frame 0 (${drawn.text})`);
          build.ms[way].push(drawn.ms);
        } finally {
          await browser.close();
        }
      }
    }
  }
} finally {
  for (const build of builds) build.server.close();
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : Math.round((s[s.length / 2 - 1] + s[s.length / 2]) / 2);
};
for (const way of ['launched', 'started']) {
  for (const build of builds) {
    const ms = build.ms[way];
    const under = ms.filter((t) => t < 1000).length;
    console.log(`${way.padEnd(8)} ${build.dist}: median ${median(ms)} ms, ${Math.min(...ms)} to ${Math.max(...ms)} ms, ${under} of ${ms.length} under 1,000 ms (${ms.join(' ')})`);
  }
}
