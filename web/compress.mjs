// Writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside each file of a dist/
// folder that compression pays for (text and the .wasm, over 1 KB), for hosts that serve
// precompressed files (web/serve.sh, nginx's gzip_static and brotli_static, most CDNs).
//   node web/compress.mjs dist
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { gzipSync, brotliCompressSync, constants } from 'node:zlib';

const dist = process.argv[2] ?? 'dist';
const KINDS = new Set(['.html', '.js', '.css', '.wasm', '.svg', '.webmanifest', '.json']);
for (const name of readdirSync(dist)) {
  if (!KINDS.has(extname(name))) continue;
  const body = readFileSync(join(dist, name));
  if (body.length <= 1024) continue;
  writeFileSync(join(dist, name + '.gz'), gzipSync(body, { level: 9 }));
  writeFileSync(join(dist, name + '.br'), brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  }));
}
