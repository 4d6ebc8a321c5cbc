// The self-contained export: one .html file holding a game, the <pdn-viewer> element's modules,
// its stylesheet and the wasm core, which opens from disk (file:) or any host with no server.
// The modules travel as text; a small loader turns them into blob: URLs, dependencies first,
// rewriting each relative import to its dependency's blob URL (a blob: URL cannot be a base).

import { LANGUAGES } from '../i18n/i18n.js';

/** The element, whose module graph the export carries. */
export const ENTRY = 'www/pdn-viewer.js';
/** The catalogues the export carries: every language but English, which the modules import. */
export const CATALOGUES = LANGUAGES.map((l) => l.code).filter((code) => code !== 'en');

/** Relative import specifiers of a module's source (`from '../x.js'`, `import '../x.js'`). */
export function relativeImports(source) {
  const out = [];
  const re = /(?:\bfrom\s*|\bimport\s*)(['"])(\.{1,2}\/[^'"]+)\1/g;
  for (let m = re.exec(source); m; m = re.exec(source)) out.push(m[2]);
  return out;
}

/**
 * The static import graph of module `entry` (a path from the site root), read with
 * `fetchText(path)` (which may return a promise): `{ order, sources }`, every module once,
 * dependencies first, with its text. So the export's module list is the imports themselves.
 */
export async function moduleGraph(entry, fetchText) {
  const sources = {};
  const order = [];
  const visit = async (path) => {
    if (path in sources) return;
    sources[path] = await fetchText(path);
    for (const spec of relativeImports(sources[path])) await visit(resolvePath(path, spec));
    order.push(path);
  };
  await visit(entry);
  return { order, sources };
}

/** `spec` imported from module `path` (both relative to the site root) as a root path. */
export function resolvePath(path, spec) {
  const parts = path.split('/').slice(0, -1);
  for (const seg of spec.split('/')) {
    if (seg === '..') parts.pop();
    else if (seg !== '.') parts.push(seg);
  }
  return parts.join('/');
}

function base64(bytes) {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

// JSON is valid JavaScript; escaping "<" keeps "</script>" inside a module's text from ending
// the loader's own <script> element.
const inline = (value) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The loader, run in the exported page: modules to blob URLs, then the element is defined. */
function loader(data) {
  /* eslint-disable no-undef */
  const { sources, css, wasm, catalogues } = data;
  const urls = {};
  const blobUrl = (text, type) => URL.createObjectURL(new Blob([text], { type }));
  const resolve = (path, spec) => {
    const parts = path.split('/').slice(0, -1);
    for (const seg of spec.split('/')) {
      if (seg === '..') parts.pop();
      else if (seg !== '.') parts.push(seg);
    }
    return parts.join('/');
  };
  const load = (path) => {
    if (urls[path]) return urls[path];
    const text = sources[path].replace(/(\bfrom\s*|\bimport\s*)(['"])(\.{1,2}\/[^'"]+)\2/g,
      (all, lead, q, spec) => `${lead}${q}${load(resolve(path, spec))}${q}`);
    urls[path] = blobUrl(text, 'text/javascript');
    return urls[path];
  };
  const bytes = Uint8Array.from(atob(wasm), (c) => c.charCodeAt(0));
  globalThis.PDN_VIEWER_WASM = bytes;
  globalThis.PDN_VIEWER_CSS = blobUrl(css, 'text/css');
  globalThis.PDN_VIEWER_CATALOGUES = {};
  for (const code of Object.keys(catalogues)) {
    globalThis.PDN_VIEWER_CATALOGUES[code] = load(`www/i18n/${code}.js`);
  }
  import(load(data.entry));
}

const escapeHtml = (s) => String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

/**
 * The whole .html file. `fetchText(path)`/`fetchBytes(path)` read the site's files (paths from
 * the site root); `pdn` is the game text; `attrs` become the element's attributes.
 */
export async function standaloneHtml({ pdn, title = 'Draughts game', attrs = {}, fetchText, fetchBytes }) {
  const { sources } = await moduleGraph(ENTRY, fetchText);
  const catalogues = {};
  for (const code of CATALOGUES) {
    const path = `www/i18n/${code}.js`;
    sources[path] = await fetchText(path);
    catalogues[code] = true;
  }
  const css = await fetchText('www/style.css');
  const wasm = base64(await fetchBytes('pkg/pdn_bg.wasm'));
  const attributes = Object.entries(attrs)
    .filter(([, v]) => v != null && v !== '')
    .map(([k, v]) => ` ${k}="${escapeHtml(v)}"`).join('');
  // The game as base64 of its UTF-8: no comment text (`<!--<script>`, `</script>`, `<\/`) can
  // change how the page parses, and the element reads it back byte for byte.
  const game = base64(new TextEncoder().encode(String(pdn))).replace(/.{1,76}/g, '$&\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${escapeHtml(title)}</title>
<link rel="icon" href="data:,">
<style>body { margin: 0 auto; max-width: 1100px; padding: 8px; } pdn-viewer:not(:defined) { white-space: pre-wrap; font-family: monospace; }</style>
</head>
<body>
<pdn-viewer${attributes}><script type="application/x-draughts-pdn" data-encoding="base64">
${game}</script></pdn-viewer>
<script type="module">
(${loader.toString()})(${inline({ entry: ENTRY, sources, css, wasm, catalogues })});
</script>
</body>
</html>
`;
}
