// Unit tests for the self-contained export: its module list is the element's whole import graph,
// imports are rewritten by path, and the game text cannot end the page's script elements.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CATALOGUES, MODULES, relativeImports, resolvePath, standaloneHtml } from '../../www/share/standalone.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const read = (p) => readFileSync(path.join(root, p), 'utf8');

test('MODULES is exactly the import graph of www/pdn-viewer.js, dependencies first', () => {
  const seen = new Set();
  const order = [];
  const visit = (p) => {
    if (seen.has(p)) return;
    seen.add(p);
    const source = p.startsWith('pkg/') ? '' : read(p); // pkg/ is generated; it imports nothing
    for (const spec of relativeImports(source)) visit(resolvePath(p, spec));
    order.push(p);
  };
  visit('www/pdn-viewer.js');
  assert.deepEqual([...MODULES].sort(), [...seen].sort());
  for (const p of MODULES) {
    if (p.startsWith('pkg/')) continue;
    for (const spec of relativeImports(read(p))) {
      assert.ok(MODULES.indexOf(resolvePath(p, spec)) < MODULES.indexOf(p), `${p} needs ${spec} first`);
    }
  }
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
