// Writes the page's own words (the messages web/index.html and main.js use: `page-*` and
// `say-board`) of every catalogue in assets/i18n/ as a module, for main.js to show before the
// game starts. The catalogues stay the one source; the game writes the same messages again
// when the player changes language.
//   node web/words.mjs assets/i18n > dist/words.js
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const folder = process.argv[2] ?? 'assets/i18n';
const wanted = (id) => id.startsWith('page-') || id === 'say-board';
const words = {};
for (const file of readdirSync(folder).filter((f) => f.endsWith('.ftl')).sort()) {
  const tag = file.replace(/\.ftl$/, '');
  const messages = {};
  let reading = null;
  for (const line of readFileSync(join(folder, file), 'utf8').split('\n')) {
    // A message continued on an indented line is more than one plain line: refused below.
    if (reading && /^\s+\S/.test(line)) throw new Error(`${file}: ${reading} is not one plain line of text`);
    reading = null;
    const match = /^([a-z][a-z0-9-]*)\s*=\s*(.*)$/.exec(line);
    if (!match || !wanted(match[1])) continue;
    reading = match[1];
    const text = match[2].trim();
    // One line of text, with at most `{ $name }` arguments: nothing else is read here.
    if (!text || /[{}]/.test(text.replace(/\{ \$[a-z-]+ \}/g, ''))) {
      throw new Error(`${file}: ${match[1]} is not one plain line of text`);
    }
    messages[match[1]] = text;
  }
  words[tag] = messages;
}
if (!words.en) throw new Error(`no en.ftl in ${folder}`);
process.stdout.write(`// Made by web/words.mjs from assets/i18n/*.ftl: do not edit.
export const WORDS = ${JSON.stringify(words, null, 1)};
`);
