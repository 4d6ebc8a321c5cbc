// The iframe page (embed.html): one <pdn-viewer> filling the frame, from
// embed.html?src=<file>&game=&ply= or embed.html#pdn=…&game=&ply= (the share-link format), plus
// optional theme, coordinates, moves, lang, orientation, list and mode (mode=solve: solve mode). A module of its own, not
// inline, so that the page's Content-Security-Policy can forbid every inline script.

import { parseShareHash } from '../share/share.js';
import { pageTitle } from '../i18n/words.js';
import en from '../i18n/en.js';
import { createTranslator, loadCatalogue, pickLanguage } from '../i18n/i18n.js';
import '../pdn-viewer.js';

const params = new URLSearchParams(location.search);
const viewer = document.createElement('pdn-viewer');
viewer.setAttribute('fill', ''); // as tall as the frame: board and buttons always in view
for (const name of ['theme', 'coordinates', 'moves', 'lang', 'orientation', 'list', 'messages', 'mode']) {
  if (params.has(name)) viewer.setAttribute(name, params.get(name));
}
if (!params.has('moves')) viewer.setAttribute('moves', 'auto');
// The frame's title names the game shown ("Mikhalchenko – Ndjofang — PDN viewer").
const site = document.title;
viewer.addEventListener('pdn-game', (e) => {
  document.title = pageTitle({ tags: [['White', e.detail.white], ['Black', e.detail.black]] }, site);
});

async function source() {
  const link = parseShareHash(location.hash);
  if (link) {
    if (link.game) viewer.setAttribute('game', String(link.game));
    if (link.ply != null) viewer.setAttribute('ply', String(link.ply));
    return { link: link.pdn };
  }
  if (params.get('game')) viewer.setAttribute('game', params.get('game'));
  if (params.get('ply')) viewer.setAttribute('ply', params.get('ply'));
  if (params.get('src')) return { src: params.get('src') };
  return null;
}

/** The message the frame sends its parent page whenever its height changes (docs/embedding.md). */
export const HEIGHT_MESSAGE = 'pdn-viewer:height';

/**
 * Tells the parent page the height of the content, whenever it changes, so that a few lines of
 * script there (the page's embed snippet) can size the frame to fit: { type, height } in CSS
 * pixels, whole numbers. Until the parent does, the viewer fills the frame (`fill`: the board and
 * its buttons in view, the moves scrolling), and the content's own height is measured in one
 * synchronous layout without `fill` (nothing is painted in between). Once the frame has taken
 * the height sent, the page is laid out at its content's height (html.fit-content) for good, so
 * the frame's size and the content's never chase each other.
 */
function reportHeight() {
  if (window.parent === window) return;
  const root = document.documentElement;
  const fitted = () => root.classList.contains('fit-content');
  const measure = () => Math.ceil(document.body.getBoundingClientRect().height);
  const contentHeight = () => {
    if (fitted()) return measure();
    root.classList.add('fit-content');
    viewer.removeAttribute('fill');
    const height = measure();
    root.classList.remove('fit-content');
    viewer.setAttribute('fill', '');
    return height;
  };
  let last = -1;
  const send = () => {
    const height = contentHeight();
    if (height === last || height === 0) return;
    last = height;
    window.parent.postMessage({ type: HEIGHT_MESSAGE, height }, '*');
  };
  window.addEventListener('resize', () => {
    if (!fitted() && last > 0 && Math.abs(window.innerHeight - last) <= 1) {
      root.classList.add('fit-content');
      viewer.removeAttribute('fill');
    }
    send();
  });
  // In fill mode the body is as tall as the frame: a new game (another header, more moves) is
  // what changes the content's height; once fitted, the body's own size says it.
  viewer.addEventListener('pdn-game', () => requestAnimationFrame(send));
  if (typeof ResizeObserver !== 'undefined') new ResizeObserver(send).observe(document.body);
  send();
}

reportHeight();

try {
  const s = await source();
  if (!s) {
    const code = pickLanguage([params.get('lang'), ...(navigator.languages || [])].filter(Boolean), '');
    const t = createTranslator(code, await loadCatalogue(code), en);
    throw new Error(t('embed.nothing'));
  }
  if (s.src) viewer.setAttribute('src', s.src);
  else viewer.link = s.link; // unpacked by the element, in its worker when it has one
  document.body.append(viewer);
} catch (e) {
  const p = document.createElement('p');
  p.className = 'embed-error';
  p.textContent = e.message;
  document.body.append(p);
}
