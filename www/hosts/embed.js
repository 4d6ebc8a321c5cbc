// The iframe page (embed.html): one <pdn-viewer> filling the frame, made from the address
// (share/address.js reads it as the page's): embed.html?src=<file>&game=&ply= or
// embed.html#pdn=…&game=&ply= (the share-link format), plus optional theme, coordinates, moves,
// lang, orientation, list, messages, mode (mode=solve: solve mode), analysis (analysis=1: moves
// played on the board), editor (editor=1: the board editor's button) and engine (engine=1: the
// engine's evaluation and best lines), view (view=boards or standings), round (the boards of one
// round), live (live=1 with src: the file followed as it grows) and explorer
// (explorer=1 or view=explorer: the Explorer), each the element's
// attribute of that name. A module of its own, not inline, so that the page's
// Content-Security-Policy can forbid every inline script.

import { readAddress } from '../share/address.js';
import { pageTitle } from '../i18n/words.js';
import en from '../i18n/en.js';
import { createTranslator, loadCatalogue, pickLanguage } from '../i18n/i18n.js';
import '../pdn-viewer.js';

const address = readAddress(location.href);
/** The element's attributes the address may set, beside the games source and the place. */
const ATTRIBUTES = ['theme', 'coordinates', 'moves', 'lang', 'orientation', 'list', 'messages', 'mode', 'analysis', 'editor', 'engine', 'view', 'round', 'live', 'explorer'];
// Typed loosely: the frame hands the element what its public declarations leave out (the
// link's payload, link or shortLink, and the parent window's room, windowRoom).
const viewer = /** @type {any} */ (document.createElement('pdn-viewer'));
viewer.setAttribute('fill', ''); // as tall as the frame: board and buttons always in view
/** @type {Record<string, any>} */
const given = { ...address.params, theme: address.theme, lang: address.lang, orientation: address.orientation, mode: address.mode };
// The frame cannot see its parent page's colours: light unless the address asks for another
// theme (theme=dark, or theme=auto: the visitor's system), like a <pdn-viewer> on a page that
// says nothing; the page around the viewer takes the same (html[data-theme], style.css).
given.theme = ['light', 'dark', 'auto'].includes(given.theme) ? given.theme : 'light';
if (given.theme === 'auto') delete document.documentElement.dataset.theme;
else document.documentElement.dataset.theme = given.theme;
for (const name of ATTRIBUTES) if (given[name] != null) viewer.setAttribute(name, given[name]);
if (given.lang == null) followHostLanguage();
if (given.moves == null) viewer.setAttribute('moves', 'auto');
// view=explorer (the page's parameter) shows the Explorer, as explorer=1 does (never as the
// element's own `view` attribute, should it have one).
if (address.params.view === 'explorer') {
  viewer.removeAttribute('view');
  viewer.setAttribute('explorer', '');
}
// The frame's title names the game shown ("Mikhalchenko – Ndjofang — PDN viewer").
const site = document.title;
viewer.addEventListener('pdn-game', (e) => {
  document.title = pageTitle({ tags: [['White', e.detail.white], ['Black', e.detail.black]] }, site);
});

/** Where the games come from, with the game and move to show first (or null: nothing to show). */
function source() {
  const { source: from, game, ply, line } = address;
  if (!from) return null;
  viewer.setAttribute('game', String(game));
  // live= without ply=: each game at its current move (the element's own default then).
  if (given.live == null || new URL(location.href).searchParams.has('ply')) viewer.setAttribute('ply', String(ply));
  if (line != null) viewer.setAttribute('line', String(line));
  return from.pdn != null ? { link: from.pdn } : from.short != null ? { short: from.short } : { src: from.src };
}

/** The message the frame sends its parent page whenever its height changes (docs/embedding.md). */
export const HEIGHT_MESSAGE = 'pdn-viewer:height';
/** The parent page's answer (the snippet's lines): { type, lang }, its <html lang>. */
export const LANG_MESSAGE = 'pdn-viewer:lang';

/**
 * With no `lang` in the address, the frame speaks its host page's language: read from the
 * parent when it is of this origin, else told by the snippet's lines (LANG_MESSAGE, answering
 * the first height message); the browser's languages until then. The element follows this
 * page's <html lang> (pdn-viewer.js).
 */
function followHostLanguage() {
  const root = document.documentElement;
  let host = null;
  try {
    if (window.parent !== window) host = window.parent.document.documentElement.lang || null;
  } catch {
    // Another origin: it answers by message, if its snippet has the lines.
  }
  root.lang = pickLanguage([host, ...(navigator.languages || [])].filter(Boolean), '');
  addEventListener('message', (e) => {
    if (window.parent === window || e.source !== window.parent) return;
    if (!e.data || e.data.type !== LANG_MESSAGE || typeof e.data.lang !== 'string') return;
    // A language the viewer does not have keeps the one it speaks.
    const code = pickLanguage([e.data.lang, root.lang].filter(Boolean), '');
    if (code !== root.lang) root.lang = code;
  });
}
/** The parent's answer: its window's height and the frame's top on its page (docs/embedding.md). */
export const ROOM_MESSAGE = 'pdn-viewer:room';

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
  // The parent's answer (the Embed box's snippet): its window's height and the frame's top, so
  // the board and its buttons fit the reader's window (the element's windowRoom, fitWindow()).
  window.addEventListener('message', (e) => {
    const d = e.data;
    if (e.source !== window.parent || !d || d.type !== ROOM_MESSAGE) return;
    const height = Number(d.height);
    const top = Number(d.top);
    if (!(height > 0) || !Number.isFinite(top)) return;
    // An answer without the window's width counts as a wide window's.
    viewer.windowRoom = { height, top: Math.max(0, top), width: Number(d.width) || Infinity };
  });
  if (typeof ResizeObserver !== 'undefined') new ResizeObserver(send).observe(document.body);
  send();
}

reportHeight();

try {
  const s = source();
  if (!s) {
    const code = pickLanguage([address.lang, document.documentElement.lang, ...(navigator.languages || [])].filter(Boolean), '');
    const t = createTranslator(code, await loadCatalogue(code), en);
    throw new Error(t('embed.nothing'));
  }
  if (s.src) viewer.setAttribute('src', s.src);
  else if (s.short != null) viewer.shortLink = s.short; // a #g= link: decoded by the element's core
  else viewer.link = s.link; // unpacked by the element, in its worker when it has one
  document.body.append(viewer);
} catch (e) {
  const p = document.createElement('p');
  p.className = 'embed-error';
  p.textContent = e.message;
  document.body.append(p);
}
