// What the tools in web/bench share: gl-calls.mjs and frame-trace.mjs their arguments (one page
// folder, the viewport and its device pixel ratio), all three a browser started for a ratio.
import { parseArgs } from 'node:util';
import { launch } from '../harness.mjs';

// `[--ratio R] [--size WxH] FOLDER` from the command line, or the usage line and exit 2.
export function pageArgs(usage) {
  const { values, positionals } = parseArgs({
    options: { ratio: { type: 'string', default: '1' }, size: { type: 'string', default: '1000x900' } },
    allowPositionals: true,
  });
  const ratio = Number(values.ratio);
  const [width, height] = values.size.split('x').map(Number);
  if (positionals.length !== 1 || !(ratio > 0) || !(width > 0) || !(height > 0)) {
    console.error(`usage: ${usage}`);
    process.exit(2);
  }
  return { folder: positionals[0], ratio, width, height };
}

// Chromium drawing at `ratio` device pixels per CSS pixel (the browser test starts it the same
// way: the flag and the context's deviceScaleFactor together).
export function launchAt(ratio) {
  return launch(ratio !== 1 ? [`--force-device-scale-factor=${ratio}`] : []);
}
