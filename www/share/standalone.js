// The single-file builds of the <pdn-viewer> element.
//
// - pkg/pdn-viewer-standalone.js (written by `make build`, tools/standalone.mjs): one classic
//   script that carries the element's modules, its stylesheets, its catalogues and the wasm core,
//   compressed. A classic <script src> needs no CORS header, so one line works on any site,
//   from any server. At run time a small loader (standaloneLoader below) unpacks it, turns each
//   module into a blob: URL (a blob: URL belongs to the host page's origin, so no server is asked
//   again), rewrites the relative imports to those URLs (a blob: URL cannot be a base) and
//   imports the element. What the modules would find beside themselves (the wasm, the
//   stylesheets, the catalogues, the reading worker) is in globalThis.PDN_VIEWER_FILES, by path.
// - The self-contained .html export (standaloneHtml): a page holding a game (or a whole file)
//   and that same script, inline; it opens from disk or from any host.

import { LANGUAGES } from '../i18n/i18n.js';

/** The element, whose module graph the builds carry. */
export const ENTRY = 'www/pdn-viewer.js';
/** The reading worker: its module graph goes in too; the element starts it from a blob: URL. */
export const WORKER = 'www/reader/worker.js';
/** The catalogues the builds carry as modules: every language but English, which the modules import. */
export const CATALOGUES = LANGUAGES.map((l) => l.code).filter((code) => code !== 'en');
/**
 * The stylesheets the builds carry (the element's; the game table's, the board editor's, solve
 * mode's, the game review's, the tournament views' and the Explorer's, loaded on first use:
 * view/sheet.js; the
 * engine panel's is left out with it).
 */
export const STYLES = ['www/style.css', 'www/view/gamelist.css', 'www/view/editor.css', 'www/view/solve.css', 'www/view/review.css', 'www/view/tournament.css', 'www/explorer/explorer.css'];
/** The wasm core's path. */
export const WASM = 'pkg/pdn_bg.wasm';
/** The single-file build's path (a contract: docs/embedding.md). */
export const SCRIPT = 'pkg/pdn-viewer-standalone.js';
/**
 * Modules the element imports only for the full build: the engine runs its own wasm module in a
 * worker of its own, which the single file does not carry (the `engine` attribute does nothing
 * there; docs/embedding.md); the GIF's is a wasm module of its own too (the `gif` attribute
 * shows no button there).
 */
export const LEFT_OUT = ['www/engine/attach.js', 'www/share/gif.js'];
/** The catalogue keys the loader itself may need, before any module runs (its own failures). */
export const LOADER_WORDS = ['status.scriptsRefused', 'status.browserOld'];

/** Relative import specifiers of a module's source (`from '../x.js'`, `import '../x.js'`). */
export function relativeImports(source) {
  const out = [];
  const re = /(?:\bfrom\s*|\bimport\s*)(['"])(\.{1,2}\/[^'"]+)\1/g;
  for (let m = re.exec(source); m; m = re.exec(source)) out.push(m[2]);
  return out;
}

/** Relative specifiers a module imports later, by a literal path: `import('./x.js')`. */
export function laterImports(source) {
  const out = [];
  const re = /\bimport\s*\(\s*(['"])(\.{1,2}\/[^'"]+)\1\s*\)/g;
  for (let m = re.exec(source); m; m = re.exec(source)) out.push(m[2]);
  return out;
}

/**
 * The static import graph of module `entry` (a path from the site root), read with
 * `fetchText(path)` (which may return a promise): `{ order, sources }`, every module once,
 * dependencies first, with its text. So the export's module list is the imports themselves.
 * With `later`, modules imported later by a literal path (`import('./x.js')`) are walked too,
 * except those in `skip`.
 */
export async function moduleGraph(entry, fetchText, { later = false, skip = [] } = {}) {
  const sources = {};
  const order = [];
  const visit = async (path) => {
    if (path in sources || skip.includes(path)) return;
    sources[path] = await fetchText(path);
    for (const spec of relativeImports(sources[path])) await visit(resolvePath(path, spec));
    if (later) for (const spec of laterImports(sources[path])) await visit(resolvePath(path, spec));
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

/**
 * Everything the single-file build carries, read with `fetchText(path)` / `fetchBytes(path)`:
 * { sources (module path -> text: the element's graph with what it imports later, the worker's,
 * the catalogues), styles (path -> text), wasm (bytes) }.
 */
export async function bundleFiles({ fetchText, fetchBytes }) {
  const sources = {};
  for (const entry of [ENTRY, WORKER]) {
    Object.assign(sources, (await moduleGraph(entry, fetchText, { later: true, skip: LEFT_OUT })).sources);
  }
  // Each language's words, and those of the parts loaded on use (English's too: i18n.js loads them).
  for (const file of ['www/i18n/parts/en.js', ...CATALOGUES.flatMap((code) => [`www/i18n/${code}.js`, `www/i18n/parts/${code}.js`])]) {
    sources[file] ??= await fetchText(file);
  }
  const styles = {};
  for (const path of STYLES) styles[path] = await fetchText(path);
  return { sources, styles, wasm: await fetchBytes(WASM) };
}

/**
 * The uncompressed payload: a 4-byte little-endian length, that many bytes of JSON
 * ({ entry, worker, sources, styles }), then the wasm bytes.
 */
export function packPayload({ sources, styles, wasm }) {
  const head = new TextEncoder().encode(JSON.stringify({ entry: ENTRY, worker: WORKER, wasm: WASM, sources, styles }));
  const out = new Uint8Array(4 + head.length + wasm.length);
  new DataView(out.buffer).setUint32(0, head.length, true);
  out.set(head, 4);
  out.set(wasm, 4 + head.length);
  return out;
}

/**
 * The loader, run in the host page by the single-file build (a classic script). `payload`: the
 * base64 of the gzip of packPayload()'s bytes; `words`: { lang: { key: text } } for its own
 * failures (LOADER_WORDS), `colors`: { error, errorBg } from the palette (www/style.css).
 * Anything it cannot do is said in plain words inside every <pdn-viewer> of the page.
 */
export async function standaloneLoader(payload, words, colors) {
  /* eslint-disable no-undef */
  const doc = document;
  if (!globalThis.customElements || customElements.get('pdn-viewer')) return;
  const languageOf = (el) => {
    const tags = [el.getAttribute('lang'), doc.documentElement.lang, ...(navigator.languages || [])];
    for (const tag of tags) {
      const code = String(tag || '').trim().toLowerCase().split(/[-_]/)[0];
      if (code && words[code]) return code;
    }
    return 'en';
  };
  // The element never came: each <pdn-viewer> says why, as text, in its language.
  const say = (key) => {
    const show = () => {
      if (customElements.get('pdn-viewer')) return;
      for (const el of doc.querySelectorAll('pdn-viewer')) {
        const message = (words[languageOf(el)] || words.en)[key] || words.en[key];
        const root = el.shadowRoot || el.attachShadow({ mode: 'open' });
        const p = doc.createElement('p');
        p.className = 'pv-error';
        p.setAttribute('role', 'alert');
        p.textContent = message;
        p.style.cssText = `display:block;margin:0;padding:6px 8px;border-radius:6px;font:15px/1.45 system-ui,sans-serif;color:${colors.error};background:${colors.errorBg}`;
        root.replaceChildren(p);
        el.dispatchEvent(new CustomEvent('pdn-error', { bubbles: true, composed: true, detail: { message, diagnostics: [] } }));
      }
    };
    if (doc.readyState === 'loading') doc.addEventListener('DOMContentLoaded', show);
    else show();
  };
  if (typeof DecompressionStream !== 'function' || typeof Blob !== 'function') {
    say('status.browserOld');
    return;
  }
  // Cut into tasks of at most about 20 ms, with the host page's own work in between (each blob:
  // URL made is a round trip to the browser): no task of it holds the page for long.
  const pause = () => new Promise((resolve) => { setTimeout(resolve, 0); });
  let since = performance.now();
  const breathe = async () => {
    if (performance.now() - since < 20) return;
    await pause();
    since = performance.now();
  };
  try {
    const binary = atob(payload);
    const packed = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) packed[i] = binary.charCodeAt(i);
    await pause();
    const buffer = await new Response(new Blob([packed]).stream().pipeThrough(new DecompressionStream('gzip'))).arrayBuffer();
    since = performance.now();
    const all = new Uint8Array(buffer);
    const length = new DataView(buffer).getUint32(0, true);
    const data = JSON.parse(new TextDecoder().decode(all.subarray(4, 4 + length)));
    await breathe();
    const blobUrl = (body, type) => URL.createObjectURL(new Blob([body], { type }));
    const files = {};
    files[data.wasm] = blobUrl(all.subarray(4 + length), 'application/wasm');
    for (const path of Object.keys(data.styles)) files[path] = blobUrl(data.styles[path], 'text/css');
    const resolve = (path, spec) => {
      const parts = path.split('/').slice(0, -1);
      for (const seg of spec.split('/')) {
        if (seg === '..') parts.pop();
        else if (seg !== '.') parts.push(seg);
      }
      return parts.join('/');
    };
    const STATIC = /(\bfrom\s*|\bimport\s*)(['"])(\.{1,2}\/[^'"]+)\2()/g;
    const LATER = /(\bimport\s*\(\s*)(['"])(\.{1,2}\/[^'"]+)\2(\s*\))/g;
    // Dependencies first, so that each module's imports can name their blob: URLs.
    const order = [];
    const seen = new Set();
    const visit = (path) => {
      if (seen.has(path) || !(path in data.sources)) return;
      seen.add(path);
      for (const re of [STATIC, LATER]) {
        for (const m of data.sources[path].matchAll(re)) visit(resolve(path, m[3]));
      }
      order.push(path);
    };
    for (const path of Object.keys(data.sources)) visit(path);
    const urls = {};
    for (const path of order) {
      const swap = (all, lead, q, spec, tail) => {
        const url = urls[resolve(path, spec)];
        return url ? `${lead}${q}${url}${q}${tail}` : all;
      };
      urls[path] = blobUrl(data.sources[path].replace(STATIC, swap).replace(LATER, swap), 'text/javascript');
      if (/^www\/i18n\/(parts\/)?[a-z]+\.js$/.test(path)) files[path] = urls[path];
      await breathe();
    }
    // The worker: a module that sets its files (the wasm) first, then runs the reader.
    const env = blobUrl(`globalThis.PDN_VIEWER_FILES = ${JSON.stringify({ [data.wasm]: files[data.wasm] })};\n`, 'text/javascript');
    files[data.worker] = blobUrl(`import ${JSON.stringify(env)};\nimport ${JSON.stringify(urls[data.worker])};\n`, 'text/javascript');
    globalThis.PDN_VIEWER_FILES = files;
    await pause();
    try {
      await import(urls[data.entry]);
    } catch {
      say('status.scriptsRefused'); // refused by the page's Content-Security-Policy (no blob: scripts)
    }
  } catch {
    say('status.browserOld');
  }
}

// JSON is valid JavaScript; escaping "<" keeps "</script>" inside a text from ending a <script>
// element the script is put in (the .html export).
const inline = (value) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The single-file build's text: a classic script running standaloneLoader on `payload` (base64
 * of the gzip of packPayload()). `words` and `colors` as standaloneLoader takes them. Holds no
 * "</script" nor "<!--", so it can go inline in an HTML page.
 */
export function standaloneScript({ payload, words, colors, banner = '' }) {
  const text = `${banner}(${standaloneLoader.toString()})(${inline(payload)}, ${inline(words)}, ${inline(colors)});\n`;
  if (/<\/script|<!--/i.test(text)) throw new Error('the standalone script would end an inline <script>');
  return text;
}

const escapeHtml = (s) => String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

function base64(bytes) {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

/**
 * The whole .html file. `pdn` is the text it carries: one game or a whole file of games (the
 * element shows its game table; `attrs.game` picks the game shown first); `attrs` become the
 * element's attributes. The viewer is the single-file build, read with `fetchText(SCRIPT)`
 * (a path from the site root), or given as `script`.
 */
export async function standaloneHtml({ pdn, title = 'Draughts game', attrs = {}, fetchText, script = null }) {
  const code = script ?? await fetchText(SCRIPT);
  if (/<\/script|<!--/i.test(code)) throw new Error('the viewer script cannot go inline');
  // Its own page: the visitor's system theme, unless `attrs` says otherwise.
  const attributes = Object.entries({ theme: 'auto', ...attrs })
    .filter(([, v]) => v != null && v !== '')
    .map(([k, v]) => ` ${k}="${escapeHtml(v)}"`).join('');
  // The games as base64 of their UTF-8: no comment text (`<!--<script>`, `</script>`, `<\/`) can
  // change how the page parses, and the element reads it back byte for byte.
  const games = base64(new TextEncoder().encode(String(pdn))).replace(/.{1,76}/g, '$&\n');
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
${games}</script></pdn-viewer>
<script>
${code}</script>
</body>
</html>
`;
}
