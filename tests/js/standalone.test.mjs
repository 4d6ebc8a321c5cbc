// Unit tests for the self-contained export: its module list is the element's whole import graph
// (read from the imports themselves), its catalogues every language but English, imports are
// rewritten by path, and the game text cannot end the page's script elements.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CATALOGUES, ENTRY, moduleGraph, relativeImports, resolvePath, standaloneHtml } from '../../www/share/standalone.js';
import { LANGUAGES } from '../../www/i18n/i18n.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const read = (p) => readFileSync(path.join(root, p), 'utf8');
// pkg/ is generated (and may not be built when the unit tests run); it imports nothing.
const readSource = (p) => (p.startsWith('pkg/') ? '' : read(p));

test('moduleGraph: every module the element imports, once, dependencies first', async () => {
  const { order, sources } = await moduleGraph(ENTRY, readSource);
  assert.equal(order.at(-1), 'www/pdn-viewer.js');
  assert.equal(new Set(order).size, order.length);
  assert.deepEqual(Object.keys(sources).sort(), [...order].sort());
  for (const p of ['www/view/viewer.js', 'www/reader/library.js', 'www/i18n/en.js', 'pkg/pdn.js']) assert.ok(order.includes(p), p);
  for (const p of order) {
    for (const spec of relativeImports(sources[p])) {
      assert.ok(order.indexOf(resolvePath(p, spec)) < order.indexOf(p), `${p} needs ${spec} first`);
    }
  }
  // A made-up graph: shared dependencies once, cycles end.
  const files = { 'a.js': "import './b.js'; import './c.js';", 'b.js': "import './c.js';", 'c.js': "import './a.js';" };
  assert.deepEqual((await moduleGraph('a.js', async (p) => files[p])).order, ['c.js', 'b.js', 'a.js']);
});

test('CATALOGUES: every language of LANGUAGES but English (which the modules import)', () => {
  assert.deepEqual(CATALOGUES, LANGUAGES.map((l) => l.code).filter((c) => c !== 'en'));
  assert.ok(!CATALOGUES.includes('en') && CATALOGUES.length === LANGUAGES.length - 1);
});

test('relative imports and path resolution', () => {
  assert.deepEqual(relativeImports("import a from './x.js';\nimport { b } from \"../pkg/y.js\";\nimport './z.js';\nimport(`./i18n/${c}.js`)"), ['./x.js', '../pkg/y.js', './z.js']);
  assert.equal(resolvePath('www/pdn-viewer.js', '../pkg/pdn.js'), 'pkg/pdn.js');
  assert.equal(resolvePath('www/view/viewer.js', '../i18n/en.js'), 'www/i18n/en.js');
});

test('the exported page holds the game, every module and the wasm; "</script" in the game is escaped', async () => {
  const pdn = '[Event "x </script><script>alert(1)</script>"]\n1. 32-28 *';
  const html = await standaloneHtml({
    pdn,
    title: 'A <b>game</b>',
    attrs: { ply: 3, lang: 'ru', orientation: null },
    fetchText: async (p) => (p.startsWith('pkg/') ? 'export default function init() {}' : read(p)),
    fetchBytes: async () => new Uint8Array([0, 97, 115, 109]),
  });
  assert.ok(html.includes('<title>A &lt;b&gt;game&lt;/b&gt;</title>'));
  assert.ok(html.includes('<pdn-viewer ply="3" lang="ru">'));
  assert.ok(!html.includes('alert(1)'), 'the game is encoded');
  // Only the page's own two script elements close; module texts inside are \u003c-escaped.
  assert.equal((html.match(/<\/script>/g) || []).length, 2);
  assert.ok(html.includes('"AGFzbQ=="'), 'the wasm bytes in base64');
  for (const code of CATALOGUES) assert.ok(html.includes(`www/i18n/${code}.js`));
});

test('comments that would change how HTML parses stay inside the encoded game, byte for byte', async () => {
  const pdn = '[Event "Café <!--<script> </script> <\\/script> --> ]]>"]\n'
    + '1. 32-28 {a <!--<script> comment} 19-23 {</script><script>alert(1)</script>} 2. 28x19 {<\\/ kept as written} 14x23 *\n';
  const html = await standaloneHtml({
    pdn,
    fetchText: async (p) => (p.startsWith('pkg/') ? 'export default function init() {}' : read(p)),
    fetchBytes: async () => new Uint8Array([0, 97, 115, 109]),
  });
  // What an HTML parser sees: the game script holds base64 only, so nothing in it can open a
  // comment, a script or end one; the page has exactly its two script elements.
  const m = /<script type="application\/x-draughts-pdn" data-encoding="base64">\n([^<]*)<\/script>/.exec(html);
  assert.ok(m, 'the game script');
  assert.match(m[1], /^[A-Za-z0-9+/=\n]+$/);
  assert.equal((html.match(/<script\b/g) || []).length, 2);
  assert.equal((html.match(/<\/script>/g) || []).length, 2);
  assert.ok(!html.includes('<!--<script>'));
  // The element's decoding (pdn-viewer.js fromBase64) gives back exactly the text.
  const back = new TextDecoder().decode(Uint8Array.from(atob(m[1].replace(/\s+/g, '')), (c) => c.charCodeAt(0)));
  assert.equal(back, pdn);
});
