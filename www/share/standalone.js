// The self-contained export: one .html file holding a game, the <pdn-viewer> element's modules,
// its stylesheet and the wasm core, which opens from disk (file:) or any host with no server.
// The modules travel as text; a small loader turns them into blob: URLs, dependencies first,
// rewriting each relative import to its dependency's blob URL (a blob: URL cannot be a base).

/** The element's module graph (a unit test checks it against the import statements). */
export const MODULES = [
  'www/view/tree.js', 'www/i18n/en.js', 'www/i18n/i18n.js', 'www/view/board.js', 'www/view/board-dom.js', 'www/reader/viewcap.js', 'www/i18n/words.js', 'www/view/views.js', 'www/view/marks.js',
  'www/view/viewer.js', 'www/view/controls.js', 'www/view/analysis.js', 'www/view/solve.js', 'www/reader/overrides.js', 'www/reader/limits.js', 'www/reader/viewdata.js', 'www/reader/protocol.js', 'www/reader/library.js', 'www/view/gamelist.js', 'www/view/app.js', 'pkg/pdn.js', 'www/pdn-viewer.js',
];
export const CATALOGUES = ['ru', 'lv', 'nl', 'fr'];

/** Relative import specifiers of a module's source (`from '../x.js'`, `import '../x.js'`). */
export function relativeImports(source) {
  const out = [];
  const re = /(?:\bfrom\s*|\bimport\s*)(['"])(\.{1,2}\/[^'"]+)\1/g;
  for (let m = re.exec(source); m; m = re.exec(source)) out.push(m[2]);
  return out;
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
  import(load('www/pdn-viewer.js'));
}

const escapeHtml = (s) => String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

/**
 * The whole .html file. `fetchText(path)`/`fetchBytes(path)` read the site's files (paths from
 * the site root); `pdn` is the game text; `attrs` become the element's attributes.
 */
export async function standaloneHtml({ pdn, title = 'Draughts game', attrs = {}, fetchText, fetchBytes }) {
  const sources = {};
  for (const path of MODULES) sources[path] = await fetchText(path);
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
(${loader.toString()})(${inline({ sources, css, wasm, catalogues })});
</script>
</body>
</html>
`;
}
