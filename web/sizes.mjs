// Prints the raw, gzip -9 and brotli -q 11 sizes of the .wasm and the total of a dist/ folder.
//   node web/sizes.mjs dist                     print them
//   node web/sizes.mjs dist --max-gzip 2380000  and exit 1 if the .wasm's gzip is larger
//                                               (web/build.sh passes WASM_MAX_GZIP so; .ci/run
//                                               holds the web build to 2.38 MB)
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync, brotliCompressSync, constants } from 'node:zlib';

let parsed;
try {
  parsed = parseArgs({ options: { 'max-gzip': { type: 'string' } }, allowPositionals: true });
} catch (e) {
  console.error(`sizes: ${e.message}`);
  process.exit(2);
}
const { values, positionals } = parsed;
const dist = positionals[0] ?? 'dist';
const maxGzip = values['max-gzip'] === undefined ? null : Number(values['max-gzip']);
if (maxGzip !== null && (!Number.isInteger(maxGzip) || maxGzip <= 0)) {
  console.error(`sizes: --max-gzip needs a whole number of bytes, not ${values['max-gzip']}`);
  process.exit(2);
}
const mb = (n) => (n / 1e6).toFixed(2) + ' MB';
const wasm = readFileSync(join(dist, 'g2048_bg.wasm'));
const gzip = gzipSync(wasm, { level: 9 }).length;
const brotli = brotliCompressSync(wasm, {
  params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: wasm.length },
}).length;
const total = readdirSync(dist).reduce((sum, f) => sum + statSync(join(dist, f)).size, 0);
console.log(`g2048_bg.wasm: raw ${mb(wasm.length)}, gzip ${mb(gzip)}, brotli ${mb(brotli)}`);
console.log(`dist/ total: ${mb(total)} in ${readdirSync(dist).length} files`);
if (maxGzip !== null) {
  if (gzip > maxGzip) {
    console.error(`sizes: the .wasm is ${gzip} bytes gzip, over the ${maxGzip} it is held to (docs/web.md, "Size")`);
    process.exit(1);
  }
  console.log(`g2048_bg.wasm: ${gzip} bytes gzip, within ${maxGzip}`);
}
