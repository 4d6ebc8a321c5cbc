// Unit tests for the embed snippets (www/share/snippets.js): the element snippet loads the
// single-file build with a classic script (no CORS needed) and holds the game so that no text
// in it can end its <script>; the iframe snippet is as wide as the column it is pasted into
// (no fixed or maximum width) and listens only to the viewer's own origin; every attribute
// value is escaped. And the element's theme (pdn-viewer.js themeOf): light unless asked; and
// how it knows the page's policy refused WebAssembly (wasmRefused), to say so in plain words.
import test from 'node:test';
import assert from 'node:assert/strict';
import { STANDALONE, attribute, elementSnippet, iframeSnippet } from '../../www/share/snippets.js';
import { SCRIPT } from '../../www/share/standalone.js';

/** The elements and text an HTML parser would see in `html` at its top level (rough, enough here). */
const scripts = (html) => [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[0]);

test('element snippet: one classic script line of the single-file build, then the element with its game', () => {
  const pdn = '[Event "Club"]\n[White "Ozols"]\n1. 32-28 19-23 *\n\n';
  const s = elementSnippet({ base: 'https://club.example/pdn/', attrs: { ply: 0, mode: null, orientation: 'black' }, pdn });
  assert.equal(STANDALONE, SCRIPT);
  assert.equal(s, `<script src="https://club.example/pdn/pkg/pdn-viewer-standalone.js"></script>
<pdn-viewer ply="0" orientation="black"><script type="application/x-draughts-pdn">
[Event "Club"]
[White "Ozols"]
1. 32-28 19-23 *
</script></pdn-viewer>`);
  assert.ok(!s.includes('type="module"'), 'a classic script: no CORS needed');
});

test('element snippet: "</script" in the game is written <\\/script; "<!--" makes it base64', () => {
  const s = elementSnippet({ base: '/', attrs: {}, pdn: '[Event "a </script><script>alert(1)</script>"]\n1. 32-28 *' });
  assert.equal(scripts(s).length, 2, 'the script line and the game; nothing else');
  assert.ok(s.includes('a <\\/script><script>alert(1)<\\/script>'));
  const pdn = '1. 32-28 {<!--<script>} 19-23 {</script>} *';
  const b = elementSnippet({ base: '/', attrs: {}, pdn });
  assert.ok(!b.includes('<!--') && b.includes('data-encoding="base64"'));
  const body = /data-encoding="base64">\n([A-Za-z0-9+/=\n]+)\n<\/script>/.exec(b)[1];
  assert.equal(new TextDecoder().decode(Uint8Array.from(atob(body.replace(/\n/g, '')), (c) => c.charCodeAt(0))), pdn);
});

test('element snippet: a problem (encode) goes as base64, its solution not plain in the page\'s source', () => {
  const pdn = '[Event "Problem"]\n[FEN "W:W31,32:B16,17"]\n1. 31-27 16-21 2. 27-22 *';
  const s = elementSnippet({ base: '/', attrs: { mode: 'solve' }, pdn, encode: true });
  assert.ok(s.includes('data-encoding="base64"') && !s.includes('31-27') && !s.includes('Problem'), s);
  const body = /data-encoding="base64">\n([A-Za-z0-9+/=\n]+)\n<\/script>/.exec(s)[1];
  assert.equal(new TextDecoder().decode(Uint8Array.from(atob(body.replace(/\n/g, '')), (c) => c.charCodeAt(0))), pdn);
});

test('snippets escape attribute values', () => {
  assert.equal(attribute('a"b<c>&d'), 'a&quot;b&lt;c&gt;&amp;d');
  const s = elementSnippet({ base: 'https://x.example/"><script>/', attrs: { ply: '1" onload="x', 'bad name': 'y', theme: 'dark' }, pdn: '*' });
  assert.ok(s.startsWith('<script src="https://x.example/&quot;&gt;&lt;script&gt;/pkg/'));
  assert.ok(s.includes('<pdn-viewer ply="1&quot; onload=&quot;x" theme="dark">'));
  assert.ok(!s.includes('bad name'));
  const f = iframeSnippet({ src: 'https://v.example/pdn/embed.html?ply=3&mode=solve#pdn=abc&game=1', title: 'A "B" <C> & D' });
  assert.ok(f.includes('src="https://v.example/pdn/embed.html?ply=3&amp;mode=solve#pdn=abc&amp;game=1"'));
  assert.ok(f.includes('title="A &quot;B&quot; &lt;C&gt; &amp; D"'));
});

test('iframe snippet: the column\'s width, no maximum; its height lines hear only the viewer\'s origin', () => {
  const f = iframeSnippet({ src: 'https://v.example/pdn/embed.html#pdn=abc&ply=3', title: 'Round 7' });
  const tag = /<iframe\b[^>]*>/.exec(f)[0];
  assert.ok(!/max-width|width:\s*(?!100%)\d/.test(tag), `no fixed or maximum width: ${tag}`);
  assert.ok(tag.includes('width="100%"') && tag.includes('width:100%'), tag);
  assert.ok(tag.includes('data-pdn-viewer') && tag.includes('loading="lazy"'));
  assert.ok(f.includes("e.origin !== \"https://v.example\""), 'the viewer\'s origin');
  assert.ok(f.includes("'pdn-viewer:height'"));
  assert.equal(scripts(f).length, 1);
});

test('themeOf: the attribute, else the host page\'s color-scheme (parent\'s, then meta), else light', async () => {
  globalThis.HTMLElement ??= class {};
  globalThis.customElements ??= { get: () => null, define: () => {} };
  const { themeOf } = await import('../../www/pdn-viewer.js');
  const cases = [
    [{ attribute: 'dark' }, 'dark'],
    [{ attribute: 'LIGHT', colorScheme: 'dark' }, 'light'],
    [{ attribute: 'auto' }, 'auto'],
    [{ attribute: 'purple', colorScheme: 'normal' }, 'light'],
    [{}, 'light'],
    [{ colorScheme: 'normal', meta: null }, 'light'],
    [{ colorScheme: 'dark' }, 'dark'],
    [{ colorScheme: 'only dark' }, 'dark'],
    [{ colorScheme: 'light dark' }, 'auto'],
    [{ colorScheme: 'light' }, 'light'],
    [{ colorScheme: 'normal', meta: 'dark' }, 'dark'],
    [{ colorScheme: 'normal', meta: 'light dark' }, 'auto'],
    [{ colorScheme: 'light', meta: 'dark' }, 'light'],
  ];
  for (const [input, want] of cases) assert.equal(themeOf(input), want, JSON.stringify(input));
});

test('wasmRefused: the words browsers use when a page\'s policy refuses WebAssembly', async () => {
  globalThis.HTMLElement ??= class {};
  globalThis.customElements ??= { get: () => null, define: () => {} };
  const { wasmRefused } = await import('../../www/pdn-viewer.js');
  for (const m of [
    "WebAssembly.instantiateStreaming(): Refused to compile or instantiate WebAssembly module because 'unsafe-eval' is not an allowed source of script",
    'call to WebAssembly.instantiate() blocked by CSP',
    "Refused to create a WebAssembly object because 'unsafe-eval' or 'wasm-unsafe-eval' is not an allowed source of script",
  ]) assert.ok(wasmRefused(new Error(m)), m);
  for (const m of ['Failed to fetch', 'HTTP 404', 'WebAssembly.instantiate(): expected magic word']) assert.ok(!wasmRefused(new Error(m)), m);
});
