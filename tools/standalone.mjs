// Build step (make build, after wasm-bindgen): pkg/pdn-viewer-standalone.js, the <pdn-viewer>
// element as one classic script that carries its modules, stylesheets, catalogues and the wasm
// core (www/share/standalone.js says how it is packed and unpacked). A classic <script src>
// needs no CORS header, so the one line works on any site from any server. Generated, like the
// rest of pkg/; shipped in the npm package. Uses only Node (zlib for the gzip).
//
// Usage: node tools/standalone.mjs [out-file]

import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { LOADER_WORDS, SCRIPT, bundleFiles, packPayload, standaloneScript } = await import(pathToFileURL(path.join(root, 'www', 'share', 'standalone.js')).href);
const { LANGUAGES } = await import(pathToFileURL(path.join(root, 'www', 'i18n', 'i18n.js')).href);
const out = process.argv[2] || path.join(root, SCRIPT);

const files = await bundleFiles({
  fetchText: (p) => readFileSync(path.join(root, p), 'utf8'),
  fetchBytes: (p) => new Uint8Array(readFileSync(path.join(root, p))),
});
const payload = gzipSync(packPayload(files), { level: 9 }).toString('base64');

// The loader's own words (it speaks before any module runs), from the catalogues.
const words = {};
for (const { code } of LANGUAGES) {
  const catalogue = (await import(pathToFileURL(path.join(root, 'www', 'i18n', `${code}.js`)).href)).default;
  words[code] = Object.fromEntries(LOADER_WORDS.map((k) => [k, catalogue[k]]).filter(([, v]) => typeof v === 'string'));
}
// Its message's colours, the palette's light values (www/style.css).
const css = files.styles['www/style.css'];
const light = css.slice(css.indexOf('{', css.indexOf(':root, :host {')), css.indexOf('}', css.indexOf(':root, :host {')));
const color = (name) => {
  const m = new RegExp(`--${name}:\\s*([^;]+);`).exec(light);
  if (!m) throw new Error(`www/style.css: no --${name} in the light block`);
  // A colour written with its dark value beside it: `var(--if-light, L) var(--if-dark, D)`.
  const value = m[1].trim();
  return (/^var\(--if-light, (.+?)\) var\(--if-dark, /.exec(value) || [, value])[1];
};
const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const banner = `/*! pdn-viewer ${version}, the <pdn-viewer> element in one file (MIT OR Apache-2.0). docs/embedding.md */\n`;
const script = standaloneScript({ payload, words, colors: { error: color('error'), errorBg: color('error-bg') }, banner });
writeFileSync(out, script);
const kb = (n) => `${Math.round(n / 1024)} KB`;
console.log(`${path.relative(root, out)}: ${kb(script.length)} (${Object.keys(files.sources).length} modules, wasm ${kb(files.wasm.length)}, gzip ${kb(gzipSync(script).length)})`);
