// Prints the raw, gzip -9 and brotli -q 11 sizes of the .wasm and the total of a dist/ folder.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync, brotliCompressSync, constants } from 'node:zlib';

const dist = process.argv[2] ?? 'dist';
const mb = (n) => (n / 1e6).toFixed(2) + ' MB';
const wasm = readFileSync(join(dist, 'g2048_bg.wasm'));
const gzip = gzipSync(wasm, { level: 9 }).length;
const brotli = brotliCompressSync(wasm, {
  params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: wasm.length },
}).length;
const total = readdirSync(dist).reduce((sum, f) => sum + statSync(join(dist, f)).size, 0);
console.log(`g2048_bg.wasm: raw ${mb(wasm.length)}, gzip ${mb(gzip)}, brotli ${mb(brotli)}`);
console.log(`dist/ total: ${mb(total)} in ${readdirSync(dist).length} files`);
