// The sizes the docs give for the built files (`pkg/…`), checked against the files themselves, so
// that a size written once cannot go stale as the build grows (issue 38: the docs said 565 KB for
// a 654 KB single file). Every size written in the same sentence after a built file's name (or
// "the single-file build") is checked: raw, or gzipped when the words after it say so.

import test from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// Every doc, docs/core-speed.md and docs/engine.md included: since issue 39 they give the current
// figures (the rounds' records are in CHANGELOG.md), so their sizes are claims like any other.
const DOCS = ['README.md', ...readdirSync(path.join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];
/** A documented size may be this far from the file's (sizes are written rounded, "about"). */
const TOLERANCE = 0.08;
const UNITS = { B: 1, KB: 1e3, kB: 1e3, MB: 1e6, KiB: 1024, MiB: 1024 * 1024 };

/** The size claims of one doc's text: { file, bytes, gzip, where }. */
export function sizeClaims(text, doc) {
  const claims = [];
  const mention = /`pkg\/([\w.-]+)`|the single-file build/g;
  for (const m of text.matchAll(mention)) {
    const file = m[1] ? `pkg/${m[1]}` : 'pkg/pdn-viewer-standalone.js';
    // The rest of the sentence, up to the next file named.
    let rest = text.slice(m.index + m[0].length, m.index + m[0].length + 200);
    const stop = rest.search(/`|\.\s|\)\.|\n\n/);
    if (stop >= 0) rest = rest.slice(0, stop);
    for (const s of rest.matchAll(/(\d[\d,]*(?:\.\d+)?) ?(KiB|MiB|KB|kB|MB)\b/g)) {
      const after = rest.slice(s.index + s[0].length).split(/[;,)]/)[0];
      claims.push({
        file,
        bytes: Number(s[1].replace(/,/g, '')) * UNITS[s[2]],
        gzip: /gzip|compress/i.test(after),
        where: `${doc}: "${s[0]}" for ${file}`,
      });
    }
  }
  return claims;
}

test('sizeClaims reads a size, gzipped or not, in the sentence of the file it is for', () => {
  const claims = sizeClaims('script, `pkg/pdn-viewer-standalone.js` (about 565 KB; 425 KB when the server compresses it). It\n'
    + '(`pkg/engine_bg.wasm`, 190 KB gzip), then `pkg/egdb-21.bin.gz`, 1.6 MB; and `pkg/pdn.js`; its own (`a.js` 5.0 KB); the single-file build (above) inline, about 1,234 KB, plus', 'x');
  assert.deepEqual(claims.map((c) => [c.file, c.bytes, c.gzip]), [
    ['pkg/pdn-viewer-standalone.js', 565e3, false],
    ['pkg/pdn-viewer-standalone.js', 425e3, true],
    ['pkg/engine_bg.wasm', 190e3, true],
    ['pkg/egdb-21.bin.gz', 1.6e6, false],
    ['pkg/pdn-viewer-standalone.js', 1234e3, false],
  ]);
});

const built = existsSync(path.join(root, 'pkg/pdn-viewer-standalone.js'));
test('every size the docs give for a built file is that file\'s, within 8%', { skip: !built && 'pkg/ not built' }, () => {
  const measured = new Map();
  const size = (file, gzip) => {
    const key = `${file} ${gzip}`;
    if (!measured.has(key)) {
      const bytes = readFileSync(path.join(root, file));
      measured.set(key, gzip ? gzipSync(bytes, { level: 9 }).length : bytes.length);
    }
    return measured.get(key);
  };
  let count = 0;
  const wrong = [];
  for (const doc of DOCS) {
    for (const c of sizeClaims(readFileSync(path.join(root, doc), 'utf8'), doc)) {
      if (!existsSync(path.join(root, c.file))) continue;
      count += 1;
      const real = size(c.file, c.gzip);
      if (Math.abs(c.bytes - real) > TOLERANCE * real) {
        wrong.push(`${c.where}${c.gzip ? ' (gzip)' : ''}: the file is ${(real / 1e3).toFixed(1)} KB`);
      }
    }
  }
  assert.ok(count >= 4, `the docs' sizes were found (${count})`);
  assert.deepEqual(wrong, []);
});
