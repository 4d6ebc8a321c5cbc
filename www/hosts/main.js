// index.html's host: the viewer assembled by view/app.js (controller, controls, game table,
// analysis, solve mode, editor, language) plus what only the page has: the paste box, the file
// picker and drag and drop, ?src= and #pdn= links, the address that follows the state shown
// (share/address.js), the export and share menus, the theme and the settings, the status line
// and the progress bar. What the page holds is in one object, `page`.

import { SPEEDS } from '../view/viewer.js';
import { createApp } from '../view/app.js';
import { diagnosticsList, lineView, offsetOf } from '../view/views.js';
import { fileNameOf, gameFileStem, pageTitle, slug, tagOf, wholeFileName } from '../i18n/words.js';
import { toDom } from '../view/tree.js';
import { boardModel } from '../view/board.js';
import { attachLayout } from './layout.js';
import { readAddress, writeAddress } from '../share/address.js';
import { LANGUAGES, formatNumber, pickLanguage } from '../i18n/i18n.js';

// www/hosts/boot.js, when it runs after this module, leaves the start-up to it.
window.pdnMain = true;

const $ = (id) => document.getElementById(id);
const els = {
  board: $('board'), moves: $('moves'), diagnostics: $('diagnostics'), header: $('game-header'),
  tags: $('tags'), plyInfo: $('ply-info'), announcer: $('announcer'), nav: document.querySelector('.board-panel nav.controls'),
  input: $('pdn-input'), inputNote: $('input-note'), load: $('load'), fileInput: $('file-input'),
  copyLink: $('copy-link'), shareLink: $('share-link'), shareNotice: $('share-notice'),
  status: $('status'), progress: $('progress'), progressBar: $('progress-bar'), progressText: $('progress-text'),
  games: $('games'), gameList: $('game-list'), filter: $('game-filter'), gamesCount: $('games-count'),
  prevGame: $('prev-game'), nextGame: $('next-game'), solve: $('solve-panel'),
  lang: $('lang'), theme: $('theme'), speed: $('speed'), coordinates: $('coordinates'),
  animate: $('animate'), wheel: $('wheel'), dropZone: $('drop-zone'), exportOutput: $('export-output'),
};
/** The analysis board's tools under the board and beside the moves (analysis.js). */
const analysisEls = {
  routes: $('routes'), entry: $('move-entry'), entryInput: $('move-input'), promote: $('promote-variation'),
  remove: $('delete-variation'), cut: $('cut-line'), strength: $('strength'), comment: $('comment-input'),
  saveComment: $('save-comment'), pen: $('mark-pen'),
};

/** Links longer than this are cut by many chat apps and forums. */
export const LONG_LINK = 8000;

const store = {
  get(key, fallback = '') { try { return localStorage.getItem(`pdn-viewer.${key}`) ?? fallback; } catch { return fallback; } },
  set(key, value) { try { localStorage.setItem(`pdn-viewer.${key}`, value); } catch { /* private mode */ } },
};

/** What the page holds beside the viewer. */
const page = {
  layout: null,        // the board's size and the phone's list panel (layout.js)
  limits: null,        // reader/limits.js, loaded with the reading worker
  libraryReady: null,  // the reading worker's library, once asked for
  adoptSample: null,   // the sample drawn from its ready-made view: the worker opens its text when it starts
  loads: 0,
  statusWords: null,   // the status line's words, again when the language changes
  addressTimer: null,
  seenHash: location.hash, // the hash as last opened or written here (a different #pdn= one is a new link)
  pinned: {},          // lang and theme the address asked for (kept in it until changed here)
  /** What is open: where it came from (for the address) and what the text box holds. */
  open: {
    source: null,     // { kind: 'sample'|'paste'|'file'|'link'|'src'|'drop', url?, name? }
    count: 0,
    empty: false,
    boxOffset: 0,     // UTF-16 offset in the whole text of what the box holds (0: the whole text)
    boxIsGame: false, // the box holds only the shown game's text (the file is too large)
    pasted: '',       // the text last loaded from the box (to tell whether it was edited since)
  },
};
const open = page.open;

// The reading worker (library.js, with limits.js) is loaded after the first screen is drawn: the
// sample's view comes ready-made (pkg/sample.json, see preparedSample), so nothing on the first
// screen waits for the worker or its wasm. A link (#pdn=, ?src=) asks for it at once.
function realLibrary() {
  page.libraryReady ??= Promise.all([import('../reader/library.js'), import('../reader/limits.js')]).then(([{ createLibrary }, l]) => {
    page.limits = l;
    // index.html may have started the worker early (www/hosts/boot.js); a page without it gets one
    // here, and so does the page after a worker was replaced (its wasm instance trapped).
    const lib = createLibrary(() => {
      const early = window.pdnWorker;
      window.pdnWorker = null;
      return early || new Worker(new URL('../reader/worker.js', import.meta.url), { type: 'module' });
    });
    // Quietly: the page shows it already. A failure is said when the text is next needed.
    if (page.adoptSample && open.source && open.source.kind === 'sample') lib.adopt(page.adoptSample).catch(() => {});
    return lib;
  });
  return page.libraryReady;
}
/** The link format (share.js, with its compression), loaded when a link is opened or made. */
const sharing = () => import('../share/share.js');

const app = createApp({
  doc: document,
  parts: els,
  host: document.body,
  keyTarget: document, // keys work anywhere on the page
  backend: realLibrary,
  // Loaded when first needed, never before the first screen.
  modules: {
    analysis: () => import('../view/analysis.js'),
    solve: () => import('../view/solve.js'),
    gamelist: () => import('../view/gamelist.js'),
    editor: () => import('../view/editor.js'),
  },
  options: {
    wheel: () => els.wheel.checked,
    leave: true,
    solveHide: [els.moves, document.querySelector('.moves-title'), document.querySelector('.edit-tools'), document.querySelector('.analysis-help')],
    analysisEls,
    say: (text, kind) => say(text, kind),
    onChange: () => { syncAddress(); updateTitle(); },
    onGame: (index) => {
      say(() => t('status.gameOf', { game: index + 1, count: open.count }));
      els.shareLink.value = '';
      fillBoxWithGame().catch((e) => say(() => t('fail.game', { error: errorText(e) }), 'error'));
    },
    onEdited: () => syncAddress(),
    onSolve: () => { updateSolveToggle(); syncAddress(); },
    onCount: () => { if (page.layout) page.layout.setCount(t('list.toggle', { count: open.count })); },
    onError: (e) => say(() => t('fail.game', { error: errorText(e) }), 'error'),
  },
});
const { viewer, library } = app;
/** The page's words, in its language. */
const t = (...a) => app.t(...a);

// ---- messages ---------------------------------------------------------------------------

/**
 * Shows a status message. `text` is a function that words it (called again when the language
 * changes, so the message follows it) or plain text.
 */
function say(text, kind = 'info') {
  page.statusWords = typeof text === 'function' ? text : null;
  els.status.textContent = page.statusWords ? page.statusWords() : text;
  els.status.dataset.kind = kind;
}
/** A name given as a function (words of the page's language) or as text. */
const named = (what) => (typeof what === 'function' ? what() : what);
const errorText = (e) => (e && e.message ? e.message : String(e));
/** Plain words for a text that could not be opened (page.limits.js), or null for other errors. */
const failure = (e, name) => (page.limits ? page.limits.describeFailure(t, e, name, (n) => formatNumber(app.lang, n)) : null);
window.addEventListener('error', (e) => say(() => t('status.unexpected', { error: errorText(e.error || e.message) }), 'error'));
window.addEventListener('unhandledrejection', (e) => say(() => t('status.unexpected', { error: errorText(e.reason) }), 'error'));

function showProgress(text, fraction) {
  els.progress.hidden = false;
  els.progressText.textContent = text;
  if (fraction == null) els.progressBar.removeAttribute('value');
  else els.progressBar.value = Math.round(fraction * 100);
  document.body.dataset.progress = fraction == null ? '' : String(Math.round(fraction * 100));
}
function hideProgress() {
  els.progress.hidden = true;
  delete document.body.dataset.progress;
}

// ---- language and theme -----------------------------------------------------------------

async function setLanguage(code) {
  await app.setLanguage(code);
  document.documentElement.lang = code;
  updateSolveToggle();
  if (page.statusWords) els.status.textContent = page.statusWords();
  if (open.empty) showEmptyBoard();
  updateTitle();
  els.lang.value = code;
}

function setTheme(theme) {
  if (theme === 'light' || theme === 'dark') document.documentElement.dataset.theme = theme;
  else delete document.documentElement.dataset.theme;
  els.theme.value = theme === 'light' || theme === 'dark' ? theme : 'auto';
}

// ---- opening texts ----------------------------------------------------------------------

/** "0.3 MB" (a text's length, read as bytes; near enough for a note). */
function sizeText(length) {
  return `${formatNumber(app.lang, Math.max(0.1, Math.round(length / 1024 / 1024 * 10) / 10))} MB`;
}

/** The box holds the shown game's text when the whole file is too large to edit. */
async function fillBoxWithGame() {
  if (!open.boxIsGame || !viewer.state.view) return;
  const text = await library.gameText(viewer.state.game);
  if (text.length > page.limits.LIMITS.boxChars) {
    els.input.value = '';
    els.inputNote.textContent = t('input.bigGame', { size: sizeText(text.length) });
    els.inputNote.hidden = false;
  } else {
    els.input.value = text;
  }
  open.boxOffset = viewer.state.view.source ? viewer.state.view.source.start : 0;
}

/**
 * Opens `source` ({ text } | { file } | { url }) in the worker. `what` names it in messages;
 * `kind` records where it came from (the address follows only sample, link and src texts).
 */
async function openSource(source, { ply = 0, line = null, what, kind, url = null, quiet = false }) {
  hideProgress();
  showProgress(t('status.reading', { name: named(what), percent: 0 }), null);
  document.body.dataset.checked = '0';
  if (source.file || source.url || source.link != null) {
    // While the worker reads a file, a download or a link, the page's thread is free: the list's
    // module loads and the number formatter is made ("20,000 games"), so that neither holds up
    // the list when its rows come.
    app.preloadList();
    setTimeout(() => formatNumber(app.lang, 1000), 0);
  }
  const handlers = handlersFor({ ply, line, what, kind, url, quiet });
  app.edited.clear();
  try {
    const r = await library.open(source, handlers);
    if (r.count === 0) hideProgress();
    return true;
  } catch (e) {
    hideProgress();
    throw e;
  }
}

/** What the page does with the worker's reports on a text being opened (library.js open()). */
function handlersFor({ ply, line = null, what, kind, url = null, quiet = false }) {
  let first = true;
  return {
    progress(p) {
      if (p.phase === 'download') {
        showProgress(t('status.reading', { name: named(what), percent: p.total ? Math.round((100 * p.done) / p.total) : '…' }), p.total ? p.done / p.total : null);
      }
    },
    opened(msg) {
      open.source = { kind, url, name: what };
      open.count = msg.count;
      open.empty = msg.count === 0;
      open.boxOffset = 0;
      open.boxIsGame = false;
      els.inputNote.hidden = true;
      if (msg.count === 0) {
        showNoGame(msg.outside || [], msg.outsideSummary);
        return;
      }
      els.board.classList.remove('no-game');
      viewer.setGame(msg.game, msg.view, first ? ply : 0, msg.count);
      if (first && line != null) viewer.goTo(ply, line); // a variation the link names
      first = false;
      app.showList(msg.count);
      if (!quiet) say(() => t('status.loaded', { what: named(what), count: msg.count, game: msg.game + 1 }));
      page.loads += 1;
      document.body.dataset.loads = String(page.loads);
      document.body.dataset.games = String(msg.count);
      els.shareLink.value = '';
      els.shareNotice.hidden = true;
    },
    rows(rows, { partial = false } = {}) { app.setRows(rows, { partial }); },
    text(msg) {
      // A pasted text is the user's own and stays in the box; a link's is not put there when long.
      if (msg.same && (kind !== 'link' || !(msg.length > page.limits.LIMITS.boxChars))) return;
      if (msg.text != null && msg.text.length <= page.limits.LIMITS.boxChars) {
        els.input.value = msg.text;
      } else {
        open.boxIsGame = true;
        els.inputNote.textContent = t('input.bigFile', { size: sizeText(msg.length) });
        els.inputNote.hidden = false;
        fillBoxWithGame();
      }
    },
    checked(msg) {
      if (msg.total > 1) app.updateRows(msg.from, msg.rows);
      if (msg.total > 1) showProgress(t('status.checking', { done: msg.done, total: msg.total }), msg.done / msg.total);
    },
    done() {
      const listed = open.count > 1 ? app.refreshList() : Promise.resolve();
      listed.then(() => {
        hideProgress();
        document.body.dataset.checked = '1';
      });
    },
  };
}

/**
 * The sample's view as the worker would send it, made when the page was built (make build:
 * tools/sample-view.mjs writes pkg/sample.json; www/hosts/boot.js starts fetching it), or null when
 * it is missing or unreadable: then the worker reads the sample (www/hosts/sample.js) as any text.
 */
async function preparedSample() {
  const early = window.pdnSample;
  window.pdnSample = null;
  const pre = await (early || fetch(new URL('../../pkg/sample.json', import.meta.url)).then((r) => (r.ok ? r.json() : null)))
    .catch(() => null);
  return pre && typeof pre.text === 'string' && pre.count >= 1 && pre.view ? pre : null;
}

/** Shows the sample from its prepared view; the worker opens its text once it starts. */
function showPrepared(pre, { ply, line = null }) {
  const handlers = handlersFor({ ply, line, what: 'sample', kind: 'sample', quiet: true });
  app.edited.clear();
  document.body.dataset.checked = '0';
  els.input.value = pre.text;
  page.adoptSample = { text: pre.text };
  handlers.opened(pre);
  handlers.done();
}

/**
 * A text with no game: the board, moves and header are cleared and the board's place says so,
 * where the eye is after pressing Load; the status line too.
 */
function showNoGame(outside, summary = null) {
  hideProgress();
  say(() => t('status.noGames'), 'error');
  viewer.clear();
  els.games.hidden = true;
  showEmptyBoard();
  updateTitle();
  // What the reader found instead, with line:column, so the user sees why (past 100, the core
  // sends the first ones and counts the rest).
  const extra = summary ? { counts: summary.counts, hidden: summary.hidden, total: summary.total } : {};
  const tree = diagnosticsList(outside, t, { extra });
  els.diagnostics.replaceChildren(...(tree ? [toDom(document, tree, null)] : []));
  els.diagnostics.hidden = !tree;
}

/** The board's place when the open text has no game: the same words as the status line. */
function showEmptyBoard() {
  const p = document.createElement('p');
  p.className = 'board-missing no-game';
  p.setAttribute('role', 'alert');
  p.textContent = t('status.noGames');
  els.board.replaceChildren(p);
  els.board.classList.add('no-game');
}

/** The window's title names the shown game, then the site: "Mikhalchenko – Ndjofang · FMJD WC 2007 — PDN viewer". */
function updateTitle() {
  const view = !open.empty ? viewer.state.view : null;
  document.title = view ? pageTitle(view, t('app.title')) : t('app.title');
}

async function openText(text, opts) {
  try {
    await openSource({ text, game: opts.game }, opts);
  } catch (e) {
    say(() => failure(e, named(opts.what)) || t('status.loadFailed', { name: named(opts.what), error: errorText(e) }), 'error');
  }
}

async function openFile(file) {
  try {
    await openSource({ file }, { what: file.name, kind: 'file' });
    revealBoard();
  } catch (e) {
    say(() => failure(e, file.name) || t('status.loadFailed', { name: file.name, error: errorText(e) }), 'error');
  }
}

async function openUrl(url, { game, ply, line = null }) {
  // The worker resolves a relative address against its own script (www/reader/worker.js), so the
  // page resolves it first: ?src=games.pdn means the file beside index.html. Only web
  // addresses are downloaded (not javascript:, data:, file: …).
  let absolute = null;
  try { absolute = new URL(url, location.href); } catch { /* not an address at all */ }
  if (!absolute || (absolute.protocol !== 'http:' && absolute.protocol !== 'https:')) {
    say(() => t('status.srcScheme', { url }), 'error');
    return false;
  }
  // The status line names the file ("round7.pdn"), not its whole address.
  const name = fileNameOf(absolute.href);
  say(() => t('status.fetching', { url: name }));
  try {
    await openSource({ url: absolute.href, game }, { ply, line, what: name, kind: 'src', url });
    return true;
  } catch (e) {
    const plain = failure(e, name);
    if (plain) say(() => failure(e, name), 'error');
    else if (e.kind === 'network') say(() => t('status.fetchCors', { url: name }), 'error');
    else if (e.kind === 'http') say(() => t('status.fetchFailed', { url: name, reason: t('status.fetchHttp', { status: e.status }) }), 'error');
    else say(() => t('status.fetchFailed', { url: name, reason: errorText(e) }), 'error');
    return false;
  }
}

/** Opens the #pdn= link of `address` (readAddress), if it has one. Returns true when it did. */
async function openLink(address) {
  const source = address.source;
  if (!source || source.pdn == null) return false;
  // The worker unpacks the link (a deflate bomb costs it, not the page) and sends the text
  // back for the box unless it is too large to edit there.
  const what = () => t('what.link');
  const { game, ply, line } = address;
  try {
    await openSource({ link: source.pdn, game }, { ply, line, what, kind: 'link' });
  } catch (e) {
    say(() => failure(e, what()) || t('status.linkFailed', { error: errorText(e) }), 'error');
    return false;
  }
  return true;
}

/** After loading from the paste box (below the board on phones), bring the board into view. */
function revealBoard() {
  const r = els.board.getBoundingClientRect();
  if (r.top < 0 || r.top > window.innerHeight * 0.6) {
    document.querySelector('.viewer').scrollIntoView({ block: 'start' });
  }
}

// ---- the address follows the state shown ------------------------------------------------

/**
 * The state shown as the address (share/address.js): a link's payload with the game and move in
 * the hash, a ?src= file or the sample with them in the query, a pasted or opened text with
 * neither ("Copy link" makes one that carries it); solve mode, the orientation, and the language
 * and theme the address asked for, in the query.
 */
function syncAddress() {
  clearTimeout(page.addressTimer);
  page.addressTimer = setTimeout(() => {
    if ($('embed-box').open) fillSnippets().catch(() => {});
    const src = open.source;
    if (!src || !viewer.state.view) return;
    const here = readAddress(location.href);
    // A link just put in the address, its hashchange still to come: leave it to be opened.
    if (location.hash !== page.seenHash && here.source && here.source.pdn != null) return;
    let source = null;
    if (src.kind === 'link') {
      if (!here.source || here.source.pdn == null) return;
      source = here.source;
    } else if (src.kind === 'src') {
      source = { src: src.url };
    } else if (src.kind === 'sample') {
      source = {}; // the page's own games: the place alone
    }
    const href = writeAddress({ source, ...app.place(), ...page.pinned }, location.href);
    if (href !== location.href) history.replaceState(null, '', href);
    page.seenHash = location.hash;
  }, 200);
}

// ---- drag and drop ----------------------------------------------------------------------

function wireDrop() {
  let depth = 0;
  const hasFiles = (e) => Array.from(e.dataTransfer?.types || []).includes('Files');
  document.addEventListener('dragenter', (e) => {
    if (!hasFiles(e)) return;
    depth += 1;
    els.dropZone.hidden = false;
  });
  document.addEventListener('dragleave', () => {
    depth = Math.max(0, depth - 1);
    if (!depth) els.dropZone.hidden = true;
  });
  document.addEventListener('dragover', (e) => {
    if (hasFiles(e) || e.target !== els.input) e.preventDefault();
  });
  document.addEventListener('drop', (e) => {
    depth = 0;
    els.dropZone.hidden = true;
    const file = e.dataTransfer?.files?.[0];
    if (file) {
      e.preventDefault();
      openFile(file);
      return;
    }
    // Dropped text lands in the box (the browser does that); dropped anywhere else, it is opened.
    if (e.target === els.input) return;
    const text = e.dataTransfer?.getData('text/plain');
    if (text) {
      e.preventDefault();
      // A text too large to edit comfortably is opened without going into the box.
      realLibrary().then(() => {
        const fits = text.length <= page.limits.LIMITS.boxChars;
        if (fits) els.input.value = text;
        openText(text, { what: () => t('what.pasted'), kind: fits ? 'paste' : 'drop' });
      });
    }
  });
}

// ---- exports and sharing ----------------------------------------------------------------

async function copyText(text, okMessage) {
  let copied = false;
  if (navigator.clipboard && navigator.clipboard.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      copied = true;
    } catch {
      // Clipboard access can be refused (permissions, insecure origin).
    }
  }
  if (copied) {
    els.exportOutput.hidden = true;
    say(okMessage);
  } else {
    els.exportOutput.value = text;
    els.exportOutput.hidden = false;
    els.exportOutput.select();
    say(() => t('export.copyFailed'));
  }
  return copied;
}

/** The shown game's file name without extension: "mikhalchenko-ndjofang-2007" (words.js). */
function fileStem() {
  return gameFileStem(viewer.state.view, viewer.state.game + 1);
}

/**
 * The whole file's download name: the opened file's own name; for a pasted text or a link, the
 * event when every game has the same one ("fmjd-wc-2007.pdn"); else games.pdn.
 */
function wholeName() {
  const src = open.source;
  if (src && (src.kind === 'file' || src.kind === 'src') && typeof src.name === 'string') return wholeFileName(src.name);
  const list = app.list;
  const events = new Set(list && open.count > 1 ? list.state.rows.map((r) => r.event || '') : [tagOf(viewer.state.view, 'Event')]);
  return `${(events.size === 1 && slug([...events][0])) || 'games'}.pdn`;
}

const currentFen = () => app.currentFen();

/** The file-saving helpers, loaded on first use (they are not needed to read games). */
const exporter = () => import('../share/board-export.js');

async function downloadBlob(blob, name) {
  (await exporter()).downloadBlob(blob, name);
}

async function boardDocument() {
  const { boardColors, standaloneSvg } = await exporter();
  const s = viewer.state;
  const model = boardModel(lineView(s.view, s.line), s.ply, { flipped: s.flipped });
  const label = els.board.querySelector('svg')?.getAttribute('aria-label') || t('board.label');
  return standaloneSvg(model, { label, coordinates: s.coordinates }, boardColors(els.board));
}

/** The link for a PDN text alone (its first game, at its start): the editor's. */
async function linkFor(pdn, place = { game: 1, ply: 0 }) {
  const { packText } = await sharing();
  return writeAddress({ source: { pdn: await packText(pdn) }, ...place }, `${location.origin}${location.pathname}`);
}

/**
 * The board editor (www/view/editor.js, loaded on first use) over the page, starting from `fen`
 * on GameType `gametype` (by default the shown position); "Analyse from here" opens its game here.
 */
function editPosition(fen = null, gametype = null) {
  return app.editPosition({
    fen, gametype,
    link: (pdn) => linkFor(pdn),
    onClose: () => {
      // A ?edit= address has been used: a reload should not open the editor again.
      const url = new URL(location.href);
      url.searchParams.delete('edit');
      url.searchParams.delete('gametype');
      if (url.href !== location.href) history.replaceState(null, '', url.href);
    },
    analyse: async (pdn) => {
      els.input.value = pdn;
      open.pasted = pdn;
      await openText(pdn, { what: t('editor.what'), kind: 'paste' });
      revealBoard();
    },
  });
}

/** The link for the shown game and move: the whole text, or only this game when that is long. */
async function makeLink() {
  const { game } = viewer.state;
  // The place (game, move, solve mode, orientation) as the address keeps it.
  const place = app.place();
  const whole = open.boxIsGame ? null : (open.source?.kind === 'paste' ? els.input.value : await library.text());
  // An edited game is linked as the core writes it: the text no longer holds it.
  let url = whole != null && !app.edited.has(game) ? await linkFor(whole, place) : null;
  if (!url || (url.length > LONG_LINK && open.count > 1)) {
    const one = app.edited.has(game) ? await library.exportGame(game) : await library.gameText(game);
    url = await linkFor(one, { ...place, game: 1 });
  }
  return url;
}

async function copyLink() {
  const url = await makeLink();
  els.shareLink.value = url;
  els.shareLink.dataset.length = String(url.length);
  els.shareNotice.hidden = url.length <= LONG_LINK;
  els.shareNotice.textContent = url.length > LONG_LINK ? t('share.tooLong', { length: url.length }) : '';
  let copied = false;
  if (navigator.clipboard && navigator.clipboard.writeText) {
    try { await navigator.clipboard.writeText(url); copied = true; } catch { /* the box has it */ }
  }
  say(() => t(copied ? 'share.linkCopied' : 'share.linkReady', { length: url.length }));
  if (!copied) els.shareLink.select();
}

/** Where the viewer is served from (the folder of this page), for the snippets. */
function siteBase() {
  return new URL('.', `${location.origin}${location.pathname}`).href;
}

/** The shown game as canonical PDN, safe inside a <script> element. */
async function gameForSnippet() {
  return (await library.exportGame(viewer.state.game)).trimEnd();
}

/** The <pdn-viewer> and iframe snippets for the shown game and move. */
async function fillSnippets() {
  const base = siteBase();
  const pdn = await gameForSnippet();
  const place = { ...app.place({ mainline: true }), game: 1 };
  const attrs = `ply="${place.ply}"${place.mode ? ` mode="${place.mode}"` : ''}${place.orientation ? ` orientation="${place.orientation}"` : ''}`;
  $('snippet-element').value = `<script type="module" src="${base}www/pdn-viewer.js"></script>
<pdn-viewer ${attrs}><script type="application/x-draughts-pdn">
${pdn.replace(/<\//g, '<\\/')}
</script></pdn-viewer>`;
  const src = writeAddress({ source: { pdn: await (await sharing()).packText(pdn) }, ...place }, `${base}embed.html`);
  const title = pageTitle(viewer.state.view, t('app.title')).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  // The frame posts its content's height (www/hosts/embed.js); the lines under it fit the frame to it.
  $('snippet-iframe').value = `<iframe src="${src}" title="${title}" width="100%" height="640" style="border:0;max-width:960px" loading="lazy" data-pdn-viewer></iframe>
<script>
addEventListener('message', (e) => {
  if (e.origin !== ${JSON.stringify(location.origin)} || !e.data || e.data.type !== 'pdn-viewer:height') return;
  for (const f of document.querySelectorAll('iframe[data-pdn-viewer]'))
    if (f.contentWindow === e.source) f.style.height = e.data.height + 'px';
});
</script>`;
}

async function downloadHtml() {
  const base = siteBase();
  const get = async (path) => {
    const r = await fetch(base + path);
    if (!r.ok) throw new Error(`${path}: ${r.status}`);
    return r;
  };
  const { standaloneHtml } = await import('../share/standalone.js');
  const s = viewer.state;
  const html = await standaloneHtml({
    pdn: await gameForSnippet(),
    title: pageTitle(s.view, t('app.title')),
    attrs: { ply: viewer.mainlinePly(), coordinates: s.coordinates, orientation: s.flipped ? 'black' : null, lang: app.lang },
    fetchText: async (path) => (await get(path)).text(),
    fetchBytes: async (path) => new Uint8Array(await (await get(path)).arrayBuffer()),
  });
  await downloadBlob(new Blob([html], { type: 'text/html' }), `${fileStem()}.html`);
}

/** Select a diagnostic's text range in the paste box so the user sees the offending spot. */
function showInText(btn) {
  const text = els.input.value;
  let start = Number(btn.dataset.start) - open.boxOffset;
  let end = Number(btn.dataset.end) - open.boxOffset;
  const stale = open.source?.kind === 'paste' && text !== open.pasted;
  if (stale || !Number.isFinite(start) || start < 0 || start > text.length) {
    // The box was edited since: fall back to line and column.
    const len = Number.isFinite(end - start) ? end - start : 1;
    start = offsetOf(text, Number(btn.dataset.line), Number(btn.dataset.column));
    if (start < 0) return;
    end = start + Math.max(len, 1);
  }
  els.input.focus();
  els.input.setSelectionRange(start, Math.max(end, start + 1));
  // A textarea does not scroll to its selection by itself in every browser.
  const lineNo = text.slice(0, start).split('\n').length;
  const lineHeight = parseFloat(getComputedStyle(els.input).lineHeight) || 18;
  els.input.scrollTop = Math.max(0, (lineNo - 3) * lineHeight);
}

// ---- wiring -----------------------------------------------------------------------------

/** `fn`, its failure said on the status line with the catalogue text `key` ({error}). */
function guard(fn, key) {
  return (...args) => Promise.resolve(fn(...args)).catch((e) => say(() => t(key, { error: errorText(e) }), 'error'));
}

/** The toggle is pressed while solving. */
function updateSolveToggle() {
  $('solve-toggle').setAttribute('aria-pressed', String(app.solving));
}

/** The analysis board, loaded after the first screen; a failure is said on the status line. */
function loadAnalysis() {
  return app.analysis().catch((e) => say(t('status.unexpected', { error: errorText(e) }), 'error'));
}

/** After the sample or link is drawn: the reading worker and the analysis board start. */
function afterFirstScreen() {
  const start = () => {
    realLibrary();
    loadAnalysis();
  };
  // After the first paint (requestAnimationFrame runs just before it); a hidden tab gets no
  // frames, so a timer starts them too.
  let started = false;
  const once = () => { if (!started) { started = true; start(); } };
  requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, 1000);
}

function wire() {
  page.layout = attachLayout({
    els: {
      board: els.board, controls: els.nav, header: els.header, games: els.games,
      gameList: els.gameList, toggle: $('games-toggle'), toggleText: $('games-toggle-text'), close: $('games-close'),
    },
    // The list was folded away (no height): draw the rows around the open game again.
    onOpen: () => { if (app.list) app.list.select(app.list.state.selected); },
  });
  wireDrop();
  $('solve-toggle').addEventListener('click', guard(() => app.setSolving(!app.solving), 'fail.game'));

  els.diagnostics.addEventListener('click', (e) => {
    const btn = e.target.closest('.diag-loc');
    if (btn) showInText(btn);
  });

  // The box's text is opened by the Load button, by Ctrl+Enter (⌘+Enter) in the box, and at
  // once when text is pasted or dropped into it.
  const loadBox = async () => {
    open.pasted = els.input.value;
    await openText(els.input.value, { what: () => t('what.pasted'), kind: 'paste' });
    revealBoard();
  };
  els.load.addEventListener('click', loadBox);
  els.input.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && !e.altKey) {
      e.preventDefault();
      loadBox();
    }
  });
  els.input.addEventListener('input', (e) => {
    if (e.inputType === 'insertFromPaste' || e.inputType === 'insertFromDrop') loadBox();
  });
  els.fileInput.addEventListener('change', async () => {
    const file = els.fileInput.files && els.fileInput.files[0];
    if (!file) return;
    await openFile(file);
    els.fileInput.value = ''; // choosing the same file again must fire "change" again
  });

  els.copyLink.addEventListener('click', guard(copyLink, 'fail.link'));
  const embedBox = $('embed-box');
  embedBox.addEventListener('toggle', guard(() => (embedBox.open ? fillSnippets() : null), 'fail.embed'));
  $('copy-element').addEventListener('click', guard(async () => {
    await fillSnippets();
    await copyText($('snippet-element').value, t('export.copied'));
  }, 'fail.embed'));
  $('copy-iframe').addEventListener('click', guard(async () => {
    await fillSnippets();
    await copyText($('snippet-iframe').value, t('export.copied'));
  }, 'fail.embed'));
  $('download-html').addEventListener('click', guard(downloadHtml, 'fail.export'));
  els.shareLink.addEventListener('focus', () => els.shareLink.select());
  $('copy-game').addEventListener('click', guard(async () => {
    await copyText(await library.exportGame(viewer.state.game), t('export.copied'));
  }, 'fail.export'));
  $('download-game').addEventListener('click', guard(async () => {
    const text = await library.exportGame(viewer.state.game);
    await downloadBlob(new Blob([text], { type: 'application/x-draughts-pdn' }), `${fileStem()}.pdn`);
  }, 'fail.export'));
  $('download-file').addEventListener('click', guard(async () => {
    const text = await library.exportAll();
    await downloadBlob(new Blob([text], { type: 'application/x-draughts-pdn' }), wholeName());
  }, 'fail.export'));
  $('copy-fen').addEventListener('click', guard(() => copyText(currentFen(), t('export.copied')), 'fail.export'));
  $('edit-position').addEventListener('click', guard(() => editPosition(), 'fail.editor'));
  $('download-svg').addEventListener('click', guard(async () => {
    await downloadBlob(new Blob([await boardDocument()], { type: 'image/svg+xml' }), `${fileStem()}-${viewer.state.ply}.svg`);
  }, 'fail.export'));
  $('download-png').addEventListener('click', guard(async () => {
    const { svgToPngBlob } = await exporter();
    await downloadBlob(await svgToPngBlob(await boardDocument(), 800), `${fileStem()}-${viewer.state.ply}.png`);
  }, 'fail.export'));

  // A language or theme chosen here is remembered, and the address no longer asks for another.
  els.lang.addEventListener('change', guard(async () => {
    store.set('lang', els.lang.value);
    delete page.pinned.lang;
    await setLanguage(els.lang.value);
    syncAddress();
  }, 'fail.language'));
  els.theme.addEventListener('change', () => {
    store.set('theme', els.theme.value);
    delete page.pinned.theme;
    setTheme(els.theme.value);
    syncAddress();
  });
  els.speed.addEventListener('change', () => { store.set('speed', els.speed.value); viewer.setSpeed(els.speed.value); });
  els.coordinates.addEventListener('change', () => { store.set('coordinates', els.coordinates.value); viewer.setCoordinates(els.coordinates.value); });
  els.animate.addEventListener('change', () => { store.set('animate', els.animate.checked ? '1' : '0'); viewer.setAnimate(els.animate.checked); });
  els.wheel.addEventListener('change', () => store.set('wheel', els.wheel.checked ? '1' : '0'));

  // The link is read from the event: the address may have been rewritten since (syncAddress).
  window.addEventListener('hashchange', (e) => {
    page.seenHash = new URL(e.newURL).hash;
    openLink(readAddress(e.newURL));
  });
}

function restoreSettings() {
  setTheme(page.pinned.theme || store.get('theme', 'auto'));
  const speed = store.get('speed', 'normal');
  els.speed.value = SPEEDS[speed] ? speed : 'normal';
  viewer.setSpeed(els.speed.value);
  const coords = store.get('coordinates', 'numbers');
  els.coordinates.value = ['numbers', 'algebraic', 'none'].includes(coords) ? coords : 'numbers';
  viewer.setCoordinates(els.coordinates.value);
  els.animate.checked = store.get('animate', '1') !== '0';
  viewer.setAnimate(els.animate.checked);
  els.wheel.checked = store.get('wheel', '0') === '1';
}

async function main() {
  const address = readAddress(location.href);
  // A language or theme the address names is shown, not remembered.
  for (const key of ['lang', 'theme']) if (address[key]) page.pinned[key] = address[key];
  for (const l of LANGUAGES) {
    const o = document.createElement('option');
    o.value = l.code;
    o.textContent = l.name;
    els.lang.append(o);
  }
  const code = pickLanguage([...(page.pinned.lang ? [page.pinned.lang] : []), ...(navigator.languages || [navigator.language])], page.pinned.lang ? '' : store.get('lang'));
  await setLanguage(code);
  say(() => t('status.loadingReader'));
  restoreSettings();
  wire();

  const params = new URLSearchParams(location.search);
  const number = (v) => (v != null && /^\d{1,9}$/.test(v) ? Number(v) : null);
  let opened = await openLink(address);
  if (!opened && address.source && address.source.src != null) opened = await openUrl(address.source.src, address);
  if (!opened) {
    // The game and move of a link or file that failed were meant for it, not for the sample.
    const { game, ply, line } = address.source ? { game: 1, ply: 0, line: null } : address;
    // After a failed link or download its message stays up; the sample shows behind it.
    const hadError = els.status.dataset.kind === 'error';
    // Once the worker is running (a link failed), it reads the sample as any other text.
    const pre = page.libraryReady ? null : await preparedSample();
    if (pre) {
      showPrepared(pre, { ply, line });
    } else {
      const { SAMPLE_PDN } = await import('./sample.js');
      els.input.value = SAMPLE_PDN;
      await openText(SAMPLE_PDN, { game, ply, line, what: 'sample', kind: 'sample', quiet: true });
    }
    if (!hadError) say(() => t('status.sample'));
  }
  if (address.orientation === 'black' && !viewer.state.flipped) viewer.flip();
  document.body.dataset.ready = '1';
  afterFirstScreen();
  // ?edit=<FEN>&gametype=<n> opens the board editor on that position (?edit alone: an empty board).
  if (params.has('edit')) await editPosition(params.get('edit') || '?:W:B', number(params.get('gametype')) || 20);
  if (address.mode === 'solve' && viewer.state.view) await loadAnalysis().then(() => app.setSolving(true));
}

main().catch((e) => say(() => t('status.readerFailed', { error: errorText(e) }), 'error'));
