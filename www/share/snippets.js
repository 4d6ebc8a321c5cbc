// The embed snippets the viewer hands out (index.html's Embed box, www/hosts/menus.js): the
// <pdn-viewer> element and the iframe of embed.html, as text to paste into a club's page. Pure
// string builders; every attribute value is escaped, and the game cannot end its <script>.
//
// Both fit the column they are pasted into: as wide as it is (no fixed or maximum width; the
// board is sized to that width), in the light theme unless the club's page asks for dark
// (docs/embedding.md, "Fitting your page").

/** The single-file build, from the viewer's folder: one classic script, any server, CORS or not. */
export const STANDALONE = 'pkg/pdn-viewer-standalone.js';

/** `value` as an HTML attribute value, between double quotes. */
export function attribute(value) {
  return String(value).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** ` name="value"` for each attribute whose value is neither null nor empty, in order. */
function attributes(attrs = {}) {
  return Object.entries(attrs)
    .filter(([name, v]) => /^[a-z][a-z0-9-]*$/.test(name) && v != null && v !== '' && v !== false)
    .map(([name, v]) => (v === true ? ` ${name}` : ` ${name}="${attribute(v)}"`))
    .join('');
}

/**
 * The element snippet: the single-file build's script line from `base` (the viewer's folder,
 * ending in "/"), and a <pdn-viewer> with `attrs` ({ ply, mode, orientation, … }: null or
 * empty ones left out) holding `pdn` in a child script (`</` written `<\/`, which the element
 * reads back), or as base64 with `encode` (a problem: its solution not plain in the page's
 * source). With no `pdn` (null or empty), the element has no child: its `src` attribute names
 * the file.
 */
export function elementSnippet({ base, attrs = {}, pdn, encode = false }) {
  const script = `<script src="${attribute(`${base}${STANDALONE}`)}"></script>`;
  if (pdn == null || pdn === '') return `${script}\n<pdn-viewer${attributes(attrs)}></pdn-viewer>`;
  const text = String(pdn).trimEnd();
  // "<!--" followed by "<script" would make an HTML parser run past the child's "</script>":
  // such a text goes as base64 of its UTF-8, which the element reads too. So does a problem
  // (`encode`), whose solution should not be plain in the host page's source.
  const encoded = encode || /<!--/.test(text);
  const body = encoded ? base64Lines(text) : text.replace(/<\//g, '<\\/');
  return `<script src="${attribute(`${base}${STANDALONE}`)}"></script>
<pdn-viewer${attributes(attrs)}><script type="application/x-draughts-pdn"${encoded ? ' data-encoding="base64"' : ''}>
${body}
</script></pdn-viewer>`;
}

/** Base64 of `text`'s UTF-8, in lines of 76. */
function base64Lines(text) {
  const bytes = new TextEncoder().encode(text);
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s).replace(/.{1,76}/g, '$&\n').trimEnd();
}

/**
 * The iframe snippet: embed.html at `src` (its address, with the game and place), titled
 * `title`, as wide as the column (its height follows its content: the few lines of script under
 * it take the height the frame posts, only from the viewer's own origin, and answer with the
 * page's language, which the frame speaks unless its address gives `lang`, and the window's
 * height and the frame's top, so that the board and its buttons fit the window).
 */
export function iframeSnippet({ src, title }) {
  const origin = new URL(src).origin;
  return `<iframe src="${attribute(src)}" title="${attribute(title)}" width="100%" height="640" style="display:block;width:100%;border:0" loading="lazy" data-pdn-viewer></iframe>
<script>
addEventListener('message', (e) => {
  if (e.origin !== ${JSON.stringify(origin).replace(/</g, '\\u003c')} || !e.data || e.data.type !== 'pdn-viewer:height') return;
  for (const f of document.querySelectorAll('iframe[data-pdn-viewer]'))
    if (f.contentWindow === e.source) {
      f.style.height = e.data.height + 'px';
      e.source.postMessage({ type: 'pdn-viewer:room', height: innerHeight, width: innerWidth, top: f.getBoundingClientRect().top + scrollY }, e.origin);
    }
  e.source.postMessage({ type: 'pdn-viewer:lang', lang: document.documentElement.lang }, e.origin);
});
</script>`;
}
