// Unit tests for the single-file build and the self-contained export: the module list is the
// element's whole import graph (read from the imports themselves) with the worker's and what is
// imported later, the catalogues every language but English, the script cannot end an inline
// <script>, and the game text cannot end the page's script elements.
import test from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CATALOGUES, ENTRY, LOADER_WORDS, SCRIPT, STYLES, WORKER, bundleFiles, laterImports, moduleGraph, packPayload, relativeImports,
  resolvePath, standaloneHtml, standaloneScript,
} from '../../www/share/standalone.js';
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

const SCRIPT_TEXT = '(function(){ /* the viewer */ })();\n';

test('the exported page holds the games and the single-file build; "</script" in the game is escaped', async () => {
  const pdn = '[Event "x </script><script>alert(1)</script>"]\n1. 32-28 *';
  const asked = [];
  const html = await standaloneHtml({
    pdn,
    title: 'A <b>game</b>',
    attrs: { ply: 3, lang: 'ru', orientation: null, game: 2 },
    fetchText: async (p) => { asked.push(p); return SCRIPT_TEXT; },
  });
  assert.deepEqual(asked, [SCRIPT], 'the viewer is the single-file build');
  assert.ok(html.includes('<title>A &lt;b&gt;game&lt;/b&gt;</title>'));
  assert.ok(html.includes('<pdn-viewer theme="auto" ply="3" lang="ru" game="2">'));
  assert.ok(!html.includes('alert(1)'), 'the game is encoded');
  assert.ok(html.includes(`<script>\n${SCRIPT_TEXT}</script>`), 'the script, inline and classic');
  assert.equal((html.match(/<\/script>/g) || []).length, 2);
  // A theme given replaces the export's own (the visitor's system).
  const dark = await standaloneHtml({ pdn, attrs: { theme: 'dark' }, script: SCRIPT_TEXT });
  assert.ok(dark.includes('<pdn-viewer theme="dark">'));
  await assert.rejects(standaloneHtml({ pdn, script: 'x = "</script>"' }), /inline/);
});

test('comments that would change how HTML parses stay inside the encoded game, byte for byte', async () => {
  const pdn = '[Event "Café <!--<script> </script> <\\/script> --> ]]>"]\n'
    + '1. 32-28 {a <!--<script> comment} 19-23 {</script><script>alert(1)</script>} 2. 28x19 {<\\/ kept as written} 14x23 *\n';
  const html = await standaloneHtml({ pdn, script: SCRIPT_TEXT });
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

test('bundleFiles: the element\'s graph with what it imports later, the worker\'s, the catalogues; not the engine', async () => {
  const files = await bundleFiles({ fetchText: readSource, fetchBytes: async () => new Uint8Array([0, 97, 115, 109]) });
  const paths = Object.keys(files.sources);
  for (const p of [ENTRY, WORKER, 'www/view/editor.js', 'www/share/share.js', 'www/reader/limits.js', 'pkg/pdn.js', ...CATALOGUES.map((c) => `www/i18n/${c}.js`), 'www/i18n/en.js']) {
    assert.ok(paths.includes(p), p);
  }
  for (const p of paths) assert.ok(!p.startsWith('www/engine/') && !p.startsWith('www/hosts/'), `not carried: ${p}`);
  assert.deepEqual(Object.keys(files.styles), STYLES);
  // Packed: the length, the JSON, the wasm bytes.
  const packed = packPayload(files);
  const n = new DataView(packed.buffer).getUint32(0, true);
  const head = JSON.parse(new TextDecoder().decode(packed.subarray(4, 4 + n)));
  assert.deepEqual([head.entry, head.worker, head.wasm], [ENTRY, WORKER, 'pkg/pdn_bg.wasm']);
  assert.deepEqual([...packed.subarray(4 + n)], [0, 97, 115, 109]);
  assert.deepEqual(laterImports("import('./a.js'); import( \"../b.js\" ); import(`./${x}.js`); import x from './c.js'"), ['./a.js', '../b.js']);
});

test('standaloneScript: a classic script that cannot end an inline <script>', () => {
  const text = standaloneScript({ payload: 'AAAA', words: { en: { k: '</script> <!--' } }, colors: { error: '#b3261e', errorBg: '#fbe9e7' } });
  assert.ok(!/<\/script|<!--/i.test(text));
  assert.ok(!/^\s*(import|export)\b/m.test(text), 'no module syntax');
  assert.match(text, /^\(async function standaloneLoader\(/);
});

test('the built pkg/pdn-viewer-standalone.js (when built): inline-safe, the loader\'s words from every catalogue', { skip: !existsSync(path.join(root, SCRIPT)) }, async () => {
  const text = read(SCRIPT);
  assert.ok(!/<\/script|<!--/i.test(text));
  const m = /\)\("([A-Za-z0-9+/=]+)", (\{.*\}), (\{.*\})\);\n$/.exec(text);
  assert.ok(m, 'the loader is called with its payload, words and colours');
  const words = JSON.parse(m[2]);
  for (const { code } of LANGUAGES) {
    const catalogue = (await import(`../../www/i18n/${code}.js`)).default;
    for (const key of LOADER_WORDS) assert.equal(words[code][key], catalogue[key], `${code} ${key}`);
  }
  assert.deepEqual(JSON.parse(m[3]), { error: '#b3261e', errorBg: '#fbe9e7' }, 'the palette\'s light error colours');
});
