// <pdn-viewer>: the viewer as one custom element for club websites. One line includes it,
//   <script type="module" src="…/www/pdn-viewer.js"></script>
// or, from any server (no CORS needed), the single-file build of it and all it needs
//   <script src="…/pkg/pdn-viewer-standalone.js"></script>   (www/share/standalone.js)
// and each <pdn-viewer> shows the PDN written inside it (as text, or in a child
// <script type="application/x-draughts-pdn">) or the file named by its src attribute. Styles live
// in a shadow root (themable with CSS custom properties and ::part); the wasm core is found next
// to this module. Attributes, events and methods are listed in docs/embedding.md.

import init, * as wasm from '../pkg/pdn.js';
import { createLibrary, createLocalLibrary, createWorkerHost } from './reader/library.js';
import { describeFailure, download, limitsFor } from './reader/limits.js';
import { createApp, downloadFailure } from './view/app.js';
import * as analysisModule from './view/analysis.js';
import * as solveModule from './view/solve.js';
import * as gamelistModule from './view/gamelist.js';
import { lineView, messagesSetting } from './view/views.js';
import { boardAspect, boardFit } from './view/board-dom.js';
import en from './i18n/en.js';
import { createTranslator, formatNumber, pickLanguage } from './i18n/i18n.js';
import { gameFileStem } from './i18n/words.js';
import { OBSERVED, attributeValue } from './view/attributes.js';

/**
 * A turn for the host page: what follows runs in a later task, after the timers, input and
 * frames already waiting. The element's start is cut into such steps (shadow DOM, wasm, the first
 * game's view, its first drawing, the game list) so that no one task of it blocks the host page
 * for long (docs/embedding.md: under 100 ms).
 */
const nextTask = () => new Promise((resolve) => { setTimeout(resolve, 0); });

let ready = null;
/**
 * What the single-file build (pkg/pdn-viewer-standalone.js, www/share/standalone.js) carries,
 * by path from the site root ('pkg/pdn_bg.wasm', 'www/style.css', 'www/reader/worker.js', …) as
 * blob: URLs; null for the element loaded as modules, which finds its files beside itself.
 */
const carried = () => globalThis.PDN_VIEWER_FILES || null;

/** Whether an error is the page's Content-Security-Policy refusing to compile WebAssembly. */
export const wasmRefused = (e) => /wasm-unsafe-eval|unsafe-eval|Refused to compile|Content.Security.Policy|\bCSP\b/i.test(String(e && e.message ? e.message : e));

/**
 * Starts the wasm core once for every element on the page. Its bytes are fetched beside pdn.js,
 * found from this module's own address (so the element works from a CDN or another site), or
 * come with the single-file build. A failure is an Error with `core` (the wasm address) and
 * `network` (refused or unreachable), `status` (an HTTP error) or `csp` (the page's policy
 * does not allow WebAssembly).
 */
function core() {
  ready ??= (async () => {
    const files = carried();
    // Written out as new URL('…', import.meta.url) so that bundlers see the file and copy it.
    const url = files ? files['pkg/pdn_bg.wasm'] : new URL('../pkg/pdn_bg.wasm', import.meta.url).href;
    const failed = (e, more) => Object.assign(new Error(e && e.message ? e.message : String(e)), { core: url, csp: wasmRefused(e), ...more });
    let response;
    try {
      response = await fetch(url);
    } catch (e) {
      throw failed(e, { network: true }); // a CORS refusal or no network: the browser does not say which
    }
    if (!response.ok) throw failed(`HTTP ${response.status}`, { status: response.status });
    try {
      return await init({ module_or_path: response });
    } catch (e) {
      throw failed(e);
    }
  })();
  return ready;
}

/**
 * Texts longer than this (UTF-16 units) are read in a worker, off the host page's main thread:
 * one pathological game of 20 KB (thousands of nested variations) costs the reader seconds, and
 * a file of many games costs it in proportion. Shorter texts are read in this thread.
 */
export const INLINE_LIMIT = 4096;
/** With `fill` and the moves under the board, the room (CSS px) the board leaves them at least. */
export const MOVES_BELOW = 110;
/** The least board (CSS px) fitted to a window's height: smaller, it is fitted from the element's top. */
export const WINDOW_FIT_MIN = 280;
/** The least window width (CSS px) where the board is fitted to the window's height (the page's phone width, layout.js). */
export const WINDOW_FIT_PHONE = 760;
/**
 * The game table lists at most this many games (the `game` attribute reaches any): the rows of
 * 150,000 games come from the worker in one message, and making their objects would hold the
 * host page for over 100 ms; 20,000 take about a tenth of that.
 */
export const LIST_LIMIT = 20000;
/** Games replayed a request when the table's rows are checked (checkRows), as the page's worker does. */
const CHECK_CHUNK = 250;
let host;
/** A module worker from `url`; one the browser refuses at once is kind 'worker' (read here instead). */
function moduleWorker(url) {
  try {
    return new Worker(url, { type: 'module' });
  } catch (e) {
    throw Object.assign(new Error(e && e.message ? e.message : String(e)), { kind: 'worker' });
  }
}

/**
 * The reading worker shared by every element of the page (one slot each), or null where none
 * can be made: then texts are read in this thread. A worker script must come from the page's
 * own origin; from a CDN, a blob: worker that imports the module stands in; the single-file
 * build carries it as a blob: URL.
 */
function workerHost() {
  if (host !== undefined) return host;
  const files = carried();
  if (typeof Worker === 'undefined') {
    host = null;
    return host;
  }
  if (files) {
    host = files['www/reader/worker.js'] ? createWorkerHost(() => moduleWorker(files['www/reader/worker.js'])) : null;
    return host;
  }
  let url = null;
  try {
    url = new URL('./reader/worker.js', import.meta.url);
  } catch {
    url = null; // no base for another file
  }
  if (!url || !/^https?:$/.test(url.protocol)) {
    host = null;
    return host;
  }
  host = createWorkerHost(() => {
    const page = globalThis.location?.origin;
    if (url.origin === page) return moduleWorker(url);
    const blob = new Blob([`import ${JSON.stringify(url.href)};\n`], { type: 'text/javascript' });
    return moduleWorker(URL.createObjectURL(blob));
  });
  return host;
}

/**
 * The engine's worker (engine/worker.js, with its own wasm module), started when the `engine`
 * attribute turns it on. A worker script must come from the page's origin; from a CDN, a blob:
 * worker that imports it stands in. (The single-file build does not carry the engine.)
 */
function engineWorker() {
  const url = new URL('./engine/worker.js', import.meta.url);
  if (url.origin === globalThis.location?.origin) return new Worker(url, { type: 'module' });
  const blob = new Blob([`import ${JSON.stringify(url.href)};\n`], { type: 'text/javascript' });
  return new Worker(URL.createObjectURL(blob), { type: 'module' });
}

/** Base64 (of UTF-8) -> text: the encoded form of a child script (data-encoding="base64"). */
function fromBase64(data) {
  const binary = atob(data.replace(/\s+/g, ''));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new TextDecoder().decode(bytes);
}

// Layout inside the element: the game table, the board and the moves one under the other, or,
// when the element is wide enough, the board beside the table and the moves (a container query,
// so it follows the element's width, not the window's). Without `fill` the board is at most
// --pv-board-max wide (640 px), so that it and its buttons fit a laptop's window; a fixed size,
// not one taken from the frame's height, which embed.html's frame, sized by its content, would
// chase; on a page (not in a frame) it is also no wider than lets the board and its buttons fit
// the window's height (--pv-window-fit, fitWindow()).
const LAYOUT = `
/* The board's widest: the page's --pv-board-max, narrowed to the window's height (fitWindow). */
.pv { --pv-board: min(var(--pv-board-max, 640px), var(--pv-window-fit, var(--pv-board-max, 640px))); }
:host { display: block; container: pv / inline-size; color: var(--fg); background: var(--bg);
  font: 15px/1.45 system-ui, -apple-system, "Segoe UI", "DejaVu Sans", sans-serif; }
:host([hidden]) { display: none; }
.pv { padding: 8px; }
.pv-main { display: grid; grid-template-columns: minmax(0, 1fr); grid-template-areas: "games" "board" "side"; gap: 10px; }
.pv-games { grid-area: games; }
.pv-board-col { grid-area: board; min-width: 0; width: 100%; max-width: var(--pv-board, 640px); justify-self: center; }
.pv-side { grid-area: side; }
/* Beside the board: the moves from 620 px; the table too from 900 px (narrower, it stays above
   both, where its columns have room). */
:host([moves="right"]) .pv-main {
  grid-template-columns: minmax(0, var(--pv-board, 640px)) minmax(180px, 1fr);
  grid-template-areas: "games games" "board side"; grid-template-rows: auto 1fr; }
@container (min-width: 620px) {
  :host(:not([moves="bottom"]):not([moves="none"])) .pv-main {
    grid-template-columns: minmax(0, var(--pv-board, 640px)) minmax(200px, 1fr);
    grid-template-areas: "games games" "board side"; grid-template-rows: auto 1fr; }
}
@container (min-width: 900px) {
  :host(:not([moves="bottom"]):not([moves="none"])) .pv-main { grid-template-areas: "board games" "board side"; }
}
/* (Named: the table's own box is the nearest container of its rows.) */
@container pv (min-width: 900px) {
  :host(:not([moves="bottom"]):not([moves="none"]):not([fill])) .pv-games .game-list-scroll { max-height: 260px; }
}
/* A narrow table: its column heads take less room. */
@container (max-width: 300px) {
  .game-list th button.sort { padding: 6px 3px; font-size: 0.8rem; }
  .game-row td { padding: 0 3px; }
}
:host([moves="none"]) .pv-side { display: none; }
/* Reading first: the editing tools show once the reader starts editing (app.js: data-editing). */
:host(:not([data-editing])) .edit-tools { display: none; }
.pv-side { display: flex; flex-direction: column; gap: 8px; min-width: 0; }
.moves { max-height: 360px; }
/* The game table (gamelist.js, as on the page): its columns follow its own width. */
.pv-games { container-type: inline-size; min-width: 0; }
.pv-games-bar { display: flex; align-items: center; gap: 6px 10px; margin-bottom: 6px; }
.pv-filter { flex: 1 1 auto; min-width: 0; padding: 4px 8px; border-radius: 6px; border: 1px solid var(--border);
  background: var(--panel); color: inherit; font: inherit; }
.pv-games .games-count { white-space: nowrap; }
/* A narrow table (a phone): the filter has a line of its own, and the count wraps before the
   Boards and Standings buttons beside it leave the box (issue 38: an 18-px filter, "Classement"
   past the screen's edge). */
@container (max-width: 479px) {
  .pv-games-bar { flex-wrap: wrap; }
  .pv-filter { flex-basis: 100%; }
  .pv-games .games-count { white-space: normal; flex: 1 1 0; min-width: 0; }
}
.pv-games .game-list-scroll { max-height: clamp(96px, 16vh, 260px); }
/* A narrow table gives its rows the room the filter's own line takes, so that on a phone the
   board's buttons stay on the first screen under a long header (hosts.mjs, with real files). */
@container (max-width: 479px) { .pv-games .game-list-scroll { max-height: clamp(96px, 13vh, 260px); } }
.pv-tools { margin: 6px 0 0; display: flex; flex-wrap: wrap; gap: 6px; justify-content: center; }
/* fill: the element is as tall as the page makes it (embed.html: the frame). The board is as large
   as that height allows with the buttons under it (--board-fit, measured by fitBoard()); the
   move list takes the rest and scrolls. */
:host([fill]) { height: 100%; }
:host([fill]) .pv { height: 100%; display: flex; flex-direction: column; }
:host([fill]) .pv-main { flex: 1 1 auto; min-height: 0; grid-template-rows: auto auto minmax(0, 1fr); }
:host([fill]) .pv-board-col { max-width: var(--board-fit, none); }
:host([fill]) .pv-side { min-height: 0; }
:host([fill]) .moves { flex: 1 1 auto; min-height: 0; max-height: none; }
:host([fill]) .pv-games .game-list-scroll { max-height: clamp(96px, 18vh, 220px); }
/* A narrow frame keeps its height for the board and the moves: the table without its filter. */
@container pv (max-width: 400px) { :host([fill]) .pv-games-bar { display: none; } }
/* A small board keeps its six buttons in its width. */
:host([fill]) .controls { gap: 4px; }
:host([fill]) .controls #flip { flex: 1 1 0; }
:host([fill]) .controls svg { width: 20px; height: 20px; }
:host([fill][moves="right"]) .pv-main { grid-template-columns: minmax(0, var(--board-fit, 3fr)) minmax(180px, 1fr); grid-template-rows: auto minmax(0, 1fr); }
@container (min-width: 620px) {
  :host([fill]:not([moves="bottom"]):not([moves="none"])) .pv-main {
    grid-template-columns: minmax(0, var(--board-fit, 3fr)) minmax(200px, 1fr); grid-template-rows: auto minmax(0, 1fr);
  }
}
.pv-error { color: var(--error); background: var(--error-bg); padding: 6px 8px; border-radius: 6px; margin: 0 0 6px; }
`;

/**
 * The theme an element uses: its `theme` attribute (light, dark, auto: the visitor's system),
 * else what the host page asks for with the CSS `color-scheme` of the element's parent (as
 * inherited from `html { color-scheme: dark }`) or its `<meta name="color-scheme">`: dark
 * alone is dark, light and dark both is auto, anything else (nothing said) is light, so a
 * visitor whose system is dark still gets the light viewer on a light club page.
 */
export function themeOf({ attribute, colorScheme, meta }) {
  const asked = String(attribute || '').trim().toLowerCase();
  if (asked === 'light' || asked === 'dark' || asked === 'auto') return asked;
  const said = colorScheme && colorScheme !== 'normal' ? colorScheme : meta || '';
  const words = String(said).toLowerCase().split(/\s+/);
  const dark = words.includes('dark');
  if (dark && words.includes('light')) return 'auto';
  return dark ? 'dark' : 'light';
}

function el(doc, tag, attrs = {}, ...children) {
  const e = doc.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  e.append(...children);
  return e;
}

export class PdnViewerElement extends HTMLElement {
  static get observedAttributes() {
    return OBSERVED; // the table of view/attributes.js
  }

  constructor() {
    super();
    this.attachShadow({ mode: 'open' });
    this.app = null;     // the assembled viewer (view/app.js)
    this.viewer = null;
    this.library = null;
    this.backend = null; // the library in use: in this thread, or a slot of the page's worker
    this.room = null;    // in a frame: the parent page's window ({ height, top }), as embed.html hears it
    this.local = null;
    this.remote = null;
    this.link = null;    // a #pdn= payload to show (embed.html), unpacked by the reader
    this.shortLink = null; // a #g= payload to show (embed.html), decoded by the core
    this.pasted = null;  // a game from the board editor ("Analyse from here")
    this.count = 0;
    this.loading = null;
    this.opening = null; // a game being opened by the `game` attribute: { ply } set meanwhile
  }

  /** The words of the element's language (English until its catalogue is in). */
  get t() {
    return this.app ? this.app.t : createTranslator('en', en, en);
  }

  get lang() {
    return this.app ? this.app.lang : 'en';
  }

  /** Sets data-theme (style.css's palette) to the theme in use (themeOf). */
  applyTheme() {
    const doc = this.ownerDocument;
    const win = doc.defaultView;
    // The parent's: the element's own is style.css's (:host) once a theme is in use.
    const up = /** @type {any} */ (this.parentNode); // a shadow root has a host
    const parent = up && up.host ? up.host : this.parentElement;
    const theme = themeOf({
      attribute: this.getAttribute('theme'),
      colorScheme: parent && win && win.getComputedStyle ? win.getComputedStyle(parent).colorScheme : '',
      meta: doc.querySelector('meta[name="color-scheme"]')?.getAttribute('content'),
    });
    if (this.dataset.theme !== theme) this.dataset.theme = theme;
  }

  connectedCallback() {
    this.applyTheme();
    // A host page that switches its own theme (its color-scheme, on <html> or <body>) takes the
    // element along, unless its `theme` attribute says which.
    const doc = this.ownerDocument;
    const win = doc.defaultView;
    if (!this.themeWatch && win && win.MutationObserver) {
      this.themeWatch = new win.MutationObserver((changes) => {
        this.applyTheme();
        // The host page's language, followed unless the element's own `lang` says which.
        if (this.app && !this.hasAttribute('lang') && changes.some((c) => c.attributeName === 'lang')) {
          this.setLanguage(null).catch((e) => this.fail(e));
        }
      });
      for (const node of [doc.documentElement, doc.body].filter(Boolean)) {
        this.themeWatch.observe(node, { attributes: true, attributeFilter: ['class', 'style', 'data-theme', 'data-bs-theme', 'lang'] });
      }
      if (doc.head) this.themeWatch.observe(doc.head, { childList: true, subtree: true, attributes: true, attributeFilter: ['content'] });
    }
    if (this.loading) return;
    // Built in a task of its own: a page's viewers are all upgraded in one task (when the module
    // is defined), and several of them built there would add up.
    this.loading = nextTask().then(() => {
      this.build();
      return this.start();
    }).catch((e) => this.fail(e));
  }

  disconnectedCallback() {
    this.themeWatch?.disconnect();
    this.themeWatch = null;
    if (this.viewer && this.viewer.state.playing) this.viewer.togglePlay();
    if (this.follow) { this.follow.stop(); this.follow = null; }
  }

  /** Whether a switch attribute (`analysis`, `editor`, `wheel`) is on: present, not "off"/"false"/"0". */
  on(name) {
    return attributeValue(name, this.getAttribute(name)) === true;
  }

  attributeChangedCallback(name, old, value) {
    if (name === 'theme' && this.isConnected) this.applyTheme();
    if (!this.viewer || old === value) return;
    const v = this.viewer;
    if (name === 'ply' || name === 'line') {
      // `game` set in the same tick, before or after: its ply is this one, once it is in.
      this.plyFresh = true;
      queueMicrotask(() => { this.plyFresh = false; });
      if (this.opening) this.opening.ply = true;
      else this.goTo(attributeValue('ply', this.getAttribute('ply')), this.lineAttr());
    }
    else if (name === 'game') this.showGame(attributeValue('game', value));
    else if (name === 'orientation') { if ((attributeValue('orientation', value) === 'black') !== v.state.flipped) v.flip(); }
    else if (name === 'coordinates') v.setCoordinates(attributeValue('coordinates', value));
    else if (name === 'lang') this.setLanguage(value).catch((e) => this.fail(e));
    else if (name === 'src') {
      this.pasted = null;
      this.loading = this.load().catch((e) => this.fail(e));
    }
    else if (name === 'list') this.app.showList(this.count);
    else if (name === 'messages') v.setMessages(messagesSetting(value));
    else if (name === 'mode') this.setSolving(value === 'solve');
    else if (name === 'analysis') { if (this.on('analysis')) this.app.analysis().catch((e) => this.fail(e)); }
    else if (name === 'editor' || name === 'gif') this.showTools();
    else if (name === 'engine') this.app.engine().then((e) => e.setEngine(this.on('engine'))).catch((e) => this.fail(e));
    else if (name === 'explorer') {
      this.app.refreshPlayerLinks();
      this.app.setExplorer(this.on('explorer')).catch((e) => this.fail(e));
    }
    else if (name === 'view' || name === 'round') this.showView().catch((e) => this.fail(e));
    else if (name === 'live') this.followSource().catch((e) => this.fail(e));
  }

  /** The `view` attribute's tournament view (boards, standings; the game otherwise). */
  showView() {
    return this.app.setView(this.getAttribute('view') || 'game', { round: this.getAttribute('round') });
  }

  /** With `live` and `src`: the file is fetched again as it grows (view/follow.js). */
  async followSource() {
    if (this.follow) { this.follow.stop(); this.follow = null; }
    const src = this.getAttribute('src');
    if (!this.on('live') || !src) return;
    const url = new URL(src, this.ownerDocument.baseURI).href;
    const [{ followLive }, first] = await Promise.all([this.app.part('follow'), this.library.text()]);
    this.follow = followLive({
      doc: this.ownerDocument, app: this.app, url, every: this.getAttribute('live'), badge: this.parts.liveBadge, host: this, header: this.parts.header,
      reopen: (text, place) => this.reopen(text, place),
    });
    this.follow.start(first);
  }

  /** A new text of the same file (a live update) opened at `place` ({ game, ply, line }, 0-based game). */
  async reopen(text, { game, ply, line }) {
    const app = this.app;
    const mine = (this.loads = (this.loads || 0) + 1);
    await this.read({ text, name: 'PDN', game: game + 1 }, {
      opened: (msg) => {
        this.count = msg.count;
        if (!msg.count) return;
        this.viewer.setGame(msg.game, msg.view, ply, msg.count);
        if (line != null) this.viewer.goTo(ply, line);
        app.showList(msg.count);
      },
      rows: (r, { partial = false } = {}) => { if (this.loads === mine) app.setRows(r, { partial }); },
    });
    this.checkRows(mine).catch(() => {});
  }

  /**
   * The table's variant and opening columns and its problem marks: its rows replayed a chunk a
   * request after the first screen (the reading itself skips this pass, which would hold the
   * first game back), until a newer text is loaded. The cells say "…" until then.
   */
  async checkRows(mine) {
    const count = Math.min(this.count || 0, LIST_LIMIT);
    if (count < 2) return;
    for (let from = 0; from < count; from += CHECK_CHUNK) {
      await nextTask();
      if (this.loads !== mine) return;
      const rows = await this.library.check(from, Math.min(from + CHECK_CHUNK, count));
      if (this.loads !== mine) return;
      await this.app.updateRows(from, rows);
    }
    await this.app.refreshList();
  }

  build() {
    const doc = this.ownerDocument;
    const root = this.shadowRoot;
    // The single-file build carries the stylesheet as a blob URL (a blob cannot be a base URL).
    const css = carried()?.['www/style.css'] || new URL('./style.css', import.meta.url).href;
    const parts = {};
    parts.filter = el(doc, 'input', { type: 'search', class: 'pv-filter', autocomplete: 'off', 'data-i18n-attr': 'placeholder:list.filter;aria-label:list.filter' });
    parts.gamesCount = el(doc, 'span', { class: 'games-count', 'aria-live': 'polite' });
    parts.tournamentEntry = el(doc, 'span', { class: 'tournament-entry', hidden: '' });
    parts.gameList = el(doc, 'div', { part: 'game-table' });
    parts.games = el(doc, 'section', { class: 'pv-games', part: 'list', hidden: '' },
      el(doc, 'div', { class: 'pv-games-bar' }, parts.filter, parts.gamesCount, parts.tournamentEntry), parts.gameList);
    parts.error = el(doc, 'p', { class: 'pv-error', role: 'alert', hidden: '' });
    parts.header = el(doc, 'div', { class: 'game-header-box', part: 'header' });
    parts.board = el(doc, 'div', { class: 'board', part: 'board' });
    parts.solve = el(doc, 'section', { class: 'solve-panel', part: 'solve', hidden: '' });
    parts.nav = el(doc, 'nav', { class: 'controls', part: 'controls', 'data-i18n-attr': 'aria-label:aria.navigation' });
    parts.plyInfo = el(doc, 'p', { class: 'ply-info' });
    parts.announcer = el(doc, 'p', { class: 'visually-hidden', 'aria-live': 'polite', 'aria-atomic': 'true' });
    parts.edit = el(doc, 'button', { type: 'button', 'data-i18n': 'editor.open' });
    // With the `gif` attribute: the mainline as an animated GIF (share/gif.js, its own wasm, on
    // the first press; not in the single-file build, which carries one wasm).
    parts.gif = el(doc, 'button', { type: 'button', id: 'download-gif', 'data-i18n': 'export.downloadGif', hidden: '' });
    parts.tools = el(doc, 'p', { class: 'pv-tools', part: 'tools', hidden: '' }, parts.edit, parts.gif);
    parts.engine = el(doc, 'section', { class: 'engine-box', part: 'engine', hidden: '' }); // named by view/engine-part.js
    // The Explorer (explorer/panel.js), with the `explorer` attribute.
    parts.explorer = el(doc, 'section', { class: 'explorer-box', part: 'explorer', hidden: '', 'data-i18n-attr': 'aria-label:explorer.title' });
    parts.moves = el(doc, 'div', { class: 'moves', part: 'moves' });
    // The game review under the moves (view/review.js): the evaluation graph, the summary.
    parts.review = el(doc, 'section', { class: 'review-box', part: 'review', hidden: '' });
    parts.diagnostics = el(doc, 'div', { class: 'diagnostics-wrap', part: 'diagnostics', hidden: '' });
    // Filled by app.js (undo, redo, variations, move mark, comment); shown once editing starts.
    parts.editTools = el(doc, 'div', { class: 'edit-tools', part: 'edit-tools', role: 'group', 'data-i18n-attr': 'aria-label:analysis.tools' });
    parts.tags = el(doc, 'div');
    parts.container = el(doc, 'div', { class: 'pv', part: 'container' });
    parts.tournament = el(doc, 'section', { class: 'tournament-panel', part: 'tournament', hidden: '' });
    parts.liveBadge = el(doc, 'p', { class: 'live-badge', part: 'live', hidden: '', 'aria-live': 'polite' });
    root.replaceChildren(
      el(doc, 'link', { rel: 'stylesheet', href: css }),
      el(doc, 'style', {}, LAYOUT),
      parts.container);
    parts.container.append(
      parts.error, parts.liveBadge, parts.tournament, parts.header,
      el(doc, 'div', { class: 'pv-main' }, parts.games,
        el(doc, 'div', { class: 'pv-board-col' }, parts.board, parts.solve, parts.nav, parts.plyInfo, parts.tools, parts.announcer),
        el(doc, 'div', { class: 'pv-side' }, parts.engine, parts.explorer, parts.moves, parts.review, parts.editTools, parts.diagnostics)));
    this.parts = parts;
    this.games = parts.games;
    // With `fill`, the board's size follows the element's (and anything above the board).
    const win = doc.defaultView;
    if (win && win.ResizeObserver) {
      let frame = 0;
      const schedule = () => { if (!frame) frame = win.requestAnimationFrame(() => { frame = 0; this.fitBoard(); }); };
      const observer = new win.ResizeObserver(schedule);
      // The page's own box too: content above the element that loads or grows later (an
      // image, an iframe that posts its height) moves it down without resizing it, and the
      // board is fitted from where it stands (fitWindow).
      for (const e of [this, parts.games, parts.error, parts.header, parts.board, doc.documentElement]) observer.observe(e);
      win.addEventListener('resize', schedule); // a window's height alone changes no observed box
    }
  }

  /**
   * With the `fill` attribute: the widest board whose whole height and the buttons under it fit
   * in the element, leaving the move list some room when it is below the board.
   */
  fitBoard() {
    const p = this.parts;
    this.fitWindow(); // with `fill` too: embed.html measures its content's height without it
    if (!this.hasAttribute('fill')) {
      p.container.style.removeProperty('--board-fit');
      return;
    }
    const host = this.getBoundingClientRect();
    const board = p.board.getBoundingClientRect();
    if (!board.width || !host.height) return;
    const side = p.moves.getBoundingClientRect();
    const below = side.top >= board.bottom || !side.width ? MOVES_BELOW : 0; // moves under the board
    const col = (p.tools.hidden ? p.plyInfo : p.tools).getBoundingClientRect();
    const padding = parseFloat(this.ownerDocument.defaultView.getComputedStyle(p.container).paddingBottom) || 0;
    const room = host.bottom - padding - board.top - (col.bottom - board.bottom) - below;
    const width = boardFit(room, { aspect: boardAspect(p.board), frame: p.board.offsetWidth - p.board.clientWidth, min: 160 });
    if (p.container.style.getPropertyValue('--board-fit') !== `${width}px`) p.container.style.setProperty('--board-fit', `${width}px`);
  }

  /**
   * Without `fill`, on a page: the board no wider than lets it and its buttons fit the window's
   * height, so a club page's header and the game table above the board do not push the buttons
   * below a laptop's fold. Measured from the page's top when that leaves at least WINDOW_FIT_MIN
   * (the element starts on the first screen), else from the element's top (the reader scrolls to
   * it). In a frame, whose height may follow its content (embed.html), the window is the parent
   * page's, as its answer says (windowRoom: { height, top: the frame's top, width }); without
   * one, none. Not on a phone (a window narrower than WINDOW_FIT_PHONE): there the board is as
   * wide as the column and the reader scrolls, so that its size does not follow the window's
   * height as the address bar hides and shows.
   */
  fitWindow() {
    const p = this.parts;
    const win = this.ownerDocument.defaultView;
    const view = !win ? null : win.parent === win ? { height: win.innerHeight, top: 0, width: win.innerWidth } : this.room;
    if (!view || !(view.width >= WINDOW_FIT_PHONE)) {
      p.container.style.removeProperty('--pv-window-fit');
      return;
    }
    const board = p.board.getBoundingClientRect();
    if (!board.width) return;
    const host = this.getBoundingClientRect();
    const below = p.nav.getBoundingClientRect().bottom - board.bottom;
    const fit = (top) => boardFit(view.height - top - below - 8,
      { aspect: boardAspect(p.board), frame: p.board.offsetWidth - p.board.clientWidth, min: 0 });
    let width = fit(view.top + board.top + win.scrollY);
    if (width < WINDOW_FIT_MIN) width = Math.max(WINDOW_FIT_MIN, fit(board.top - host.top));
    if (p.container.style.getPropertyValue('--pv-window-fit') !== `${width}px`) p.container.style.setProperty('--pv-window-fit', `${width}px`);
  }

  /** The parent page's window for a frame's viewer (embed.html sets it): { height, top }. */
  set windowRoom(room) {
    this.room = room;
    this.fitBoard();
  }

  async start() {
    const started = core(); // fetched and compiled (off this thread) while the language loads
    started.catch(() => {}); // said below
    const p = this.parts;
    const doc = this.ownerDocument;
    // The element has its modules already (they are in its import graph, and in the
    // self-contained export's); the editor alone is fetched when first opened.
    const have = (m) => () => Promise.resolve(m);
    this.app = createApp({
      doc, scope: this.shadowRoot, parts: p, host: this, keyTarget: this,
      backend: () => this.backend || this.local,
      modules: {
        analysis: have(analysisModule), solve: have(solveModule), gamelist: have(gamelistModule), editor: () => import('./view/editor.js'),
        // The single-file build leaves the engine out (its own wasm, its own worker).
        engine: carried() ? null : () => import('./engine/attach.js'),
        tournament: () => import('./view/tournament.js'),
        explorer: () => import('./explorer/attach.js'),
        gif: () => import('./share/gif.js'),
      },
      options: {
        engineWorker,
        download: (blob, name) => import('./share/board-export.js').then((m) => m.downloadBlob(blob, name, doc)),
        // A club page's visitors see what stops a game, not notes on how it is written; there is
        // no text box, so line:column is plain text.
        messages: messagesSetting(this.getAttribute('messages')),
        locations: false,
        wheel: () => this.on('wheel'),
        // Players' names show their games and score only where the author turned the Explorer
        // on (the `explorer` attribute); otherwise they are plain text.
        playerLinks: () => this.on('explorer'),
        listWanted: () => attributeValue('list', this.getAttribute('list')),
        solveHide: [p.moves],
        onChange: () => this.moved(),
        onGame: () => this.gameShown(),
        onError: (e) => this.fail(e),
      },
    });
    this.viewer = this.app.viewer;
    this.library = this.app.library;
    await this.setLanguage(this.getAttribute('lang'));
    await nextTask();
    // The first number formatted loads the language's locale data (tens of ms): its own task.
    formatNumber(this.lang, 0);
    try {
      await started;
    } catch (e) {
      throw new Error(this.coreMessage(e));
    }
    // Every element of the page waits for the same core: each goes on in a task of its own.
    await nextTask();
    this.local = createLocalLibrary(wasm, { pause: nextTask });
    this.viewer.setCoordinates(attributeValue('coordinates', this.getAttribute('coordinates')));
    // With `analysis`, moves can be played on the board (analysis.js); with mode="solve" they
    // are the reader's tries at the problem (solve.js); with `editor`, a button opens the board
    // editor on the shown position.
    if (this.on('analysis')) await this.app.analysis();
    if (this.on('engine')) await (await this.app.engine()).setEngine(true);
    this.showTools();
    p.gif.addEventListener('click', () => this.downloadGif().catch((e) => this.fail(e)));
    p.edit.addEventListener('click', () => this.editPosition().catch((e) => this.fail(e)));
    if (!this.hasAttribute('tabindex')) this.tabIndex = 0;
    await nextTask();
    await this.load();
    if (this.getAttribute('mode') === 'solve') await this.setSolving(true);
    if (this.on('explorer')) await this.app.setExplorer(true);
  }

  /** Solve mode on or off (mode="solve"): the shown game from the shown position. */
  setSolving(on) {
    if (!this.app) return Promise.resolve(null);
    return this.app.setSolving(on).catch((e) => this.fail(e));
  }

  /** The tools row under the board: the editor's button (`editor`), the GIF's (`gif`, for a game with a board). */
  showTools() {
    const p = this.parts;
    if (!p) return;
    // A game without a board (chess, an unknown GameType) has no GIF.
    const gif = this.on('gif') && !carried() && this.viewer?.state.view?.board != null;
    p.edit.hidden = !this.on('editor');
    p.gif.hidden = !gif;
    p.tools.hidden = p.edit.hidden && p.gif.hidden;
  }

  /**
   * The shown game's mainline as an animated GIF, downloaded as "<white>-<black>-<year>.gif" (the
   * `gif` attribute's button): the same bytes as `pdn gif FILE --game N`. Resolves to the bytes,
   * or null when the game has no board (the element then says so).
   */
  async downloadGif() {
    if (!this.viewer || carried()) return null;
    const s = this.viewer.state;
    if (this.app.solving) {
      // Its frames would show the solution: said in the element, no file.
      this.parts.error.textContent = this.t('export.gifSolving');
      this.parts.error.hidden = false;
      return null;
    }
    const button = this.parts.gif;
    button.disabled = true; // one file a press: a long game takes a moment
    let bytes;
    let downloadBlob;
    try {
      const [gif, exporter] = await Promise.all([this.app.part('gif'), import('./share/board-export.js')]);
      downloadBlob = exporter.downloadBlob;
      bytes = await gif.gameGif(s.view);
    } finally {
      button.disabled = false;
    }
    if (!bytes) {
      // Said in the element (no pdn-error: nothing is wrong with the text).
      this.parts.error.textContent = this.t('export.gifNoBoard');
      this.parts.error.hidden = false;
      return null;
    }
    downloadBlob(new Blob([bytes], { type: 'image/gif' }), `${gameFileStem(s.view, s.game + 1)}.gif`, this.ownerDocument);
    return bytes;
  }

  /** The board editor (the `editor` attribute's button): "Analyse from here" opens its game here. */
  editPosition() {
    return this.app.editPosition({
      analyse: async (pdn) => {
        if (!(await this.app.confirmDiscard(this.shadowRoot))) return;
        this.pasted = pdn;
        this.loading = this.load().catch((e) => this.fail(e));
      },
    });
  }

  /** Plain words for a core that did not load (see core()). */
  coreMessage(e) {
    if (!e || !e.core) return e && e.message ? e.message : String(e);
    const origin = new URL(e.core).origin;
    const page = this.ownerDocument.defaultView?.location?.origin;
    if (e.csp) return this.t('status.wasmRefused');
    if (e.status) return this.t('status.coreFailed', { url: e.core, reason: this.t('status.fetchHttp', { status: e.status }) });
    if (e.network && origin !== page) return this.t('status.coreCors', { origin });
    return this.t('status.coreFailed', { url: e.core, reason: e.message });
  }

  /** Plain words for a failure to open (sizes, a stopped reader: limits.js), or null. */
  describe(e, name) {
    return describeFailure(this.t, e, name, (n) => formatNumber(this.lang, n));
  }

  /** describe()'s words, or the error's own message. */
  failureText(e, name) {
    return this.describe(e, name) || (e && e.message ? e.message : String(e));
  }

  /**
   * The PDN: a game from the editor, else the src file, else a shared-link payload, else a child
   * script, else the element's own text.
   */
  async text() {
    if (this.pasted != null) return { text: this.pasted, name: 'PDN' };
    const limits = limitsFor();
    const src = this.getAttribute('src');
    if (src) {
      let href = src;
      try { href = new URL(src, this.ownerDocument.baseURI).href; } catch { /* download() says so */ }
      try {
        // The host page's cookies go along to its own server, as a plain fetch would send them.
        return { bytes: await download(href, limits.bytes, { credentials: 'same-origin' }), name: href };
      } catch (e) {
        const describe = (x, name) => this.describe(x, name);
        throw new Error(downloadFailure(this.t, e, e.kind === 'scheme' ? src : href, { cors: 'status.srcCors', describe }));
      }
    }
    if (this.link != null) return { link: this.link, name: this.t('what.link') };
    if (this.shortLink != null) return { short: this.shortLink, name: this.t('what.link') };
    const script = /** @type {HTMLScriptElement | null} */ (this.querySelector('script[type="application/x-draughts-pdn"]'));
    // A self-contained export writes the game as base64 of its UTF-8, so no comment can change
    // how the page parses; it reads back byte for byte.
    if (script && script.dataset.encoding === 'base64') return { text: fromBase64(script.textContent), name: 'PDN' };
    // Inside a <script>, "</script" has to be written "<\/script"; it is read back as written.
    return { text: script ? script.textContent.replace(/<\\\//g, '</') : this.textContent, name: 'PDN' };
  }

  /**
   * Opens `source` with the worker when the text is large (or a link: it is unpacked there),
   * else in this thread; a worker that cannot start (another origin's policy, no wasm there)
   * leaves the text to this thread. The library that reads the text is the one the viewer's
   * calls go to from its first report on (the analysis board asks for the first position's
   * moves as soon as it is drawn).
   */
  async read(source, handlers) {
    const length = source.text != null ? source.text.length : source.bytes ? source.bytes.length : Infinity;
    const { name, ...rest } = source;
    const limits = limitsFor();
    const shared = length > INLINE_LIMIT ? workerHost() : null;
    if (shared) {
      this.remote ??= createLibrary(shared);
      const before = this.backend;
      this.backend = this.remote;
      try {
        return await this.remote.open({ ...rest, rowLimit: LIST_LIMIT, check: false }, handlers);
      } catch (e) {
        this.backend = before;
        if (e.kind !== 'worker' && e.kind !== 'wasm') throw new Error(this.failureText(e, name));
      }
    }
    if (source.link != null) {
      const { unpackText } = await import('./share/share.js');
      try {
        rest.text = await unpackText(source.link, limits.linkBytes);
      } catch (e) {
        throw new Error(this.failureText(e, name));
      }
      delete rest.link;
    }
    if (rest.short != null) {
      // A short link (#g=): the core in this thread writes its game as PDN text.
      try {
        rest.text = wasm.shortLinkText(rest.short);
      } catch (e) {
        throw new Error(this.failureText(e, name));
      }
      delete rest.short;
    }
    const size = rest.text != null ? rest.text.length : rest.bytes.length;
    if (size > limits.bytes) throw new Error(this.failureText({ kind: 'tooLarge', size, limit: limits.bytes, unit: 'bytes' }, name));
    this.backend = this.local;
    return this.local.open(rest, handlers);
  }

  async load() {
    const mine = (this.loads = (this.loads || 0) + 1); // a newer load (src= changed) takes over
    const source = await this.text();
    if (this.loads !== mine) return;
    const want = attributeValue('game', this.getAttribute('game'));
    const plyAttr = this.getAttribute('ply');
    // A live round opens at the game's current move, unless `ply` names one.
    const latest = plyAttr === 'last' || (plyAttr == null && this.on('live'));
    const ply = latest ? 'last' : attributeValue('ply', plyAttr);
    const app = this.app;
    app.forgetEdits();
    const { count, replaced } = await this.read({ ...source, game: want }, {
      opened: (msg) => {
        this.count = msg.count;
        if (!msg.count) return;
        this.viewer.setGame(msg.game, msg.view, ply, msg.count);
        // A variation named by `line` (a link's line=): `ply` counts in it.
        if (this.lineAttr() != null && ply !== 'last') this.viewer.goTo(ply, this.lineAttr());
        app.showList(msg.count);
        app.resetExplorer();
      },
      // The table is windowed: a long list's rows cost the host page no more than a short one's.
      rows: (r, { partial = false } = {}) => { if (this.loads === mine) app.setRows(r, { partial }); },
    });
    if (replaced || this.loads !== mine) return;
    if (!count && !this.count) throw new Error(this.t('status.noGames'));
    this.parts.error.hidden = true;
    await nextTask();
    if (this.loads !== mine) return;
    if (attributeValue('orientation', this.getAttribute('orientation')) === 'black' && !this.viewer.state.flipped) this.viewer.flip();
    this.gameShown();
    await this.showView();
    this.checkRows(mine).catch(() => {}); // a text replaced meanwhile: its rows are not wanted
    if (this.hasAttribute('live') && !this.follow) await this.followSource();
  }

  async setLanguage(code) {
    const doc = this.ownerDocument;
    // Its own attribute, else the host page's language where the element stands (the nearest
    // `lang` around it, then <html lang>), else the browser's.
    const around = this.parentElement?.closest('[lang]')?.getAttribute('lang');
    const lang = pickLanguage([code, around, doc.documentElement.lang, ...(navigator.languages || [])].filter(Boolean), '');
    await this.app.setLanguage(lang);
  }

  moved() {
    const s = this.viewer.state;
    const line = lineView(s.view, s.line);
    const p = line.plies[s.ply - 1];
    this.dispatchEvent(new CustomEvent('pdn-move', {
      bubbles: true,
      composed: true,
      detail: {
        game: s.game + 1, ply: s.ply, line: s.line, move: p ? p.notation : null,
        fen: p ? p.fen : (line.start && line.start.fen) || '',
      },
    }));
  }

  gameShown() {
    const s = this.viewer.state;
    const tag = (name) => ((s.view.tags.find(([k]) => k.toLowerCase() === name)) || [])[1] || '';
    this.app.selectGame(s.game);
    this.showTools();
    this.dispatchEvent(new CustomEvent('pdn-game', {
      bubbles: true,
      composed: true,
      detail: { game: s.game + 1, count: this.count, white: tag('white'), black: tag('black'), variant: s.view.variant },
    }));
    const errors = (s.view.diagnostics || []).filter((d) => d.severity === 'error');
    if (errors.length) this.emitError(errors[0].message, errors);
  }

  emitError(message, diagnostics = []) {
    this.dispatchEvent(new CustomEvent('pdn-error', { bubbles: true, composed: true, detail: { message, diagnostics } }));
  }

  fail(e) {
    const message = e && e.message ? e.message : String(e);
    if (this.parts) {
      this.parts.error.textContent = message;
      this.parts.error.hidden = false;
    }
    this.emitError(message);
  }

  async showGame(n) {
    if (!this.viewer || !this.count) return;
    const index = Math.min(Math.max(n - 1, 0), this.count - 1);
    const opening = (this.opening = { ply: Boolean(this.plyFresh || this.opening?.ply) });
    let shown;
    try {
      shown = await this.viewer.showGame(index, 0);
    } finally {
      if (this.opening === opening) this.opening = null;
    }
    if (!shown) return; // another game asked for meanwhile
    if (opening.ply) this.goTo(attributeValue('ply', this.getAttribute('ply')), this.lineAttr());
    this.gameShown();
  }

  /** The `line` attribute: a variation's id, or null. */
  lineAttr() {
    return attributeValue('line', this.getAttribute('line'));
  }

  /** Shows ply `n` of the mainline (a number or 'last'), or of variation `line`. */
  goTo(n, line = null) {
    if (!this.viewer || !this.viewer.state.view) return;
    if (n === 'last') this.viewer.goTo(this.viewer.state.view.plies.length, null);
    else this.viewer.goTo(Number(n) || 0, line);
  }

  flip() {
    if (this.viewer) this.viewer.flip();
  }

  /** The shown game and ply, as { game, ply, line }. */
  get position() {
    const s = this.viewer ? this.viewer.state : null;
    return s ? { game: s.game + 1, ply: s.ply, line: s.line } : null;
  }
}

if (!customElements.get('pdn-viewer')) customElements.define('pdn-viewer', PdnViewerElement);
