// index.html's host: the viewer of view/app.js plus what only the page has (paste box, files and
// drops, links, the address, menus (menus.js), theme, settings, status, progress), its state
// in one object, `page`.

import { SPEEDS } from '../view/viewer.js';
import { afterPaint, createApp, downloadFailure } from '../view/app.js';
import { diagnosticsList } from '../view/views.js';
import { DEFAULT_GAMETYPE } from '../view/score.js';
import { fileNameOf, pageTitle } from '../i18n/words.js';
import { toDom } from '../view/tree.js';
import { PHONE_QUERY, attachLayout, placeByWidth } from './layout.js';
import { LANGUAGES, diagnosticDetail, formatNumber, pickLanguage } from '../i18n/i18n.js';

// www/hosts/boot.js, when it runs after this module, leaves the start-up to it.
window.pdnMain = true;

// The page's own elements by id (index.html), whatever their kind: inputs, dialogs, boxes.
const $ = /** @type {(id: string) => any} */ ((id) => document.getElementById(id));
const els = {
  board: $('board'), moves: $('moves'), diagnostics: $('diagnostics'), header: $('game-header'),
  tags: $('tags'), plyInfo: $('ply-info'), announcer: $('announcer'), nav: document.querySelector('.board-panel nav.controls'), explorer: $('explorer'),
  input: $('pdn-input'), inputNote: $('input-note'), load: $('load'), fileInput: $('file-input'),
  copyLink: $('copy-link'), shareLink: $('share-link'), shareNotice: $('share-notice'),
  status: $('status'), progress: $('progress'), progressBar: $('progress-bar'), progressText: $('progress-text'),
  editTools: $('edit-tools'), games: $('games'), gameList: $('game-list'), filter: $('game-filter'), gamesCount: $('games-count'),
  prevGame: $('prev-game'), nextGame: $('next-game'), solve: $('solve-panel'),
  lang: $('lang'), theme: $('theme'), speed: $('speed'), coordinates: $('coordinates'),
  animate: $('animate'), wheel: $('wheel'), dropZone: $('drop-zone'), exportOutput: $('export-output'),
  tournament: $('tournament'), tournamentEntry: $('tournament-entry'), liveBadge: $('live-badge'),
};
/** The analysis board's tools under the board (analysis.js); the editing tools are app.js's (els.editTools). */
const analysisEls = {
  routes: $('routes'), entry: $('move-entry'), entryInput: $('move-input'), pen: $('mark-pen'),
};

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
  menus: null,         // the export and share menus, once loaded (menus.js)
  live: null,          // following a live file (view/follow.js), with live=1
  /** What is open: where it came from (for the address) and what the text box holds. */
  open: {
    source: null,     // { kind: 'sample'|'paste'|'file'|'link'|'src'|'drop', url?, name? }
    count: 0,
    empty: false,
    boxOffset: 0,     // UTF-16 offset in the whole text of what the box holds (0: the whole text)
    boxIsGame: false, // the box holds only the shown game's text (the file is too large)
    pasted: '',       // the text last loaded from the box (to tell whether it was edited since)
    typed: false,     // the user typed in the box since a text was last opened (a paste then inserts)
    written: '',      // the box's text after the last board edit was written into it
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
/** The address's format (address.js): loaded first for an address with a query or a hash. */
const addressing = () => import('../share/address.js');
/** The export and share menus (menus.js), loaded on first use. */
const menus = () => (page.menus ??= app.part('menus').then(({ createMenus }) => createMenus({
  els, app, open, say, t, sharing, openText, revealBoard, mayDropEdits, openPosition, loadAnalysis,
})));

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
    engine: () => import('../engine/attach.js'),
    explorer: () => import('../explorer/attach.js'),
    tournament: () => import('../view/tournament.js'),
    // The page's own parts, loaded the same way (app.part): the printed sheets, the GIF, the shots.
    print: () => import('../share/print.js'),
    gif: () => import('../share/gif.js'),
    shots: () => import('../engine/shots.js'),
    menus: () => import('./menus.js'),
  },
  options: {
    download: (blob, name) => import('../share/board-export.js').then((m) => m.downloadBlob(blob, name)),
    onView: (view) => rememberView(view),
    engineAt: { toggle: $('explorer-toggle'), toggleOnPhone: $('solve-toggle'), beside: document.querySelector('.moves-title'), onPhone: document.querySelector('.solve-entry'), phone: PHONE_QUERY, review: $('moves') },
    onExplorer: (on) => {
      $('explorer-toggle').setAttribute('aria-pressed', String(on));
      rememberExplorer(on);
      // On a phone the Explorer is a panel over the page's foot (explorer.css): the board at the
      // top, above it, where its moves are played.
      if (on) boardAboveExplorer({ always: true });
    },
    // On a phone the table is folded behind its button: a search asked in the Explorer opens it
    // over the page with the games found (choosing one closes it, on that game at its ply).
    onListed: () => { if (page.layout && window.matchMedia(PHONE_QUERY).matches) page.layout.open(); },
    wheel: () => els.wheel.checked,
    leave: true,
    solveHide: [els.moves, document.querySelector('.moves-title'), document.querySelector('.edit-tools'), document.querySelector('.analysis-help')],
    analysisEls,
    say: (text, kind) => say(text, kind),
    onChange: () => { syncAddress(); updateTitle(); },
    // The board turned: the address keeps `orientation` (a move's redraw would carry it too, late).
    onFlip: () => syncAddress(),
    onGame: (index) => {
      say(() => t('status.gameOf', { game: index + 1, count: open.count }));
      boardAboveExplorer();
      els.shareLink.value = '';
      fillBoxWithGame().catch((e) => say(() => t('fail.game', { error: errorText(e) }), 'error'));
    },
    onEdited: (r) => { writeBack(r.splice).catch((e) => say(() => t('status.unexpected', { error: errorText(e) }), 'error')); },
    onSolve: () => { updateSolveToggle(); hideTextWhileSolving(); syncAddress(); },
    onCount: () => { if (page.layout) page.layout.setCount(t('list.toggle', { count: open.count })); },
    onError: (e) => say(() => t('fail.game', { error: errorText(e) }), 'error'),
  },
});
const { viewer, library } = app;

/**
 * On a phone, with the Explorer on (a panel over the page's foot, explorer.css): the board
 * scrolled to the top, above it, when it was turned on or when the board is under it (a game
 * chosen in the table, whose panel gave the focus back to its button).
 */
function boardAboveExplorer({ always = false } = {}) {
  if (!window.matchMedia(PHONE_QUERY).matches || (!always && !app.explorerOn)) return;
  const panel = $('explorer').getBoundingClientRect();
  if (always || $('board').getBoundingClientRect().bottom > panel.top) $('board').scrollIntoView({ block: 'start' });
}
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
  page.live?.redraw();
}

function setTheme(theme) {
  if (theme === 'light' || theme === 'dark') document.documentElement.dataset.theme = theme;
  else delete document.documentElement.dataset.theme;
  els.theme.value = theme === 'light' || theme === 'dark' ? theme : 'auto';
}

// ---- opening texts ----------------------------------------------------------------------

/** "0.3 MB", "0,3 МБ" (a text's length, read as bytes; near enough for a note). */
function sizeText(length) {
  return t('size.mb', { size: formatNumber(app.lang, Math.max(0.1, Math.round(length / 1024 / 1024 * 10) / 10)) });
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
async function openSource(source, { ply = 0, line = null, what, kind, url = null, quiet = false, keepEdits = false }) {
  hideProgress();
  showProgress(t('status.reading', { name: named(what), percent: 0 }), null);
  document.body.dataset.checked = '0';
  if (source.file || source.url || source.link != null || source.short != null) {
    // While the worker reads, the list's module and the number formatter get ready for the rows.
    app.preloadList();
    setTimeout(() => formatNumber(app.lang, 1000), 0);
  }
  const handlers = handlersFor({ ply, line, what, kind, url, quiet });
  if (!keepEdits) app.forgetEdits(); // a position edit undone or redone keeps the history
  try {
    const r = await library.open(source, handlers);
    if (r.count === 0) hideProgress();
    return true;
  } catch (e) {
    hideProgress();
    throw e;
  }
}

/**
 * The status line's words for a text opened: "Pasted text: 1 game.", and when words stood
 * around the games (a forum post), the core's one note about them: "Note: 14 words of text
 * outside the games were skipped."
 */
function loadedWords(what, msg) {
  const prose = (msg.outside || []).find((d) => d.code === 'outside-prose');
  return () => {
    const loaded = t('status.loaded', { what: named(what), count: msg.count, game: msg.game + 1 });
    return prose ? t('status.loadedNote', { status: loaded, note: diagnosticDetail(t, prose) }) : loaded;
  };
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
      open.typed = false;
      open.count = msg.count;
      open.empty = msg.count === 0;
      open.boxOffset = 0;
      open.boxIsGame = false;
      open.written = '';
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
      app.resetExplorer();
      if (!quiet) say(loadedWords(what, msg));
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
      // The sample is on the board, not in the box: the box waits for the user's paste.
      if (kind === 'sample') return;
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
      app.setView().catch(() => {}); // the tournament tabs for two games or more; a view drawn again
      const listed = open.count > 1 ? app.refreshList() : Promise.resolve();
      listed.then(() => {
        hideProgress();
        document.body.dataset.checked = '1';
      });
    },
  };
}

/**
 * The sample's view as the worker would send it (pkg/sample.json, made by make build; boot.js
 * starts fetching it), or null: then the worker reads the sample (sample.js) as any text.
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
  app.forgetEdits();
  document.body.dataset.checked = '0';
  // The box stays empty (its placeholder says what to paste): a paste is the user's text alone.
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

/** The board's place when a live round's file could not be fetched: the status line's words. */
function showRefused() {
  viewer.clear();
  els.games.hidden = true;
  const p = document.createElement('p');
  p.className = 'board-missing no-game';
  p.textContent = els.status.textContent;
  els.board.replaceChildren(p);
  els.board.classList.add('no-game');
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
  if (!(await mayDropEdits())) return;
  try {
    await openSource({ file }, { what: file.name, kind: 'file' });
    revealBoard();
  } catch (e) {
    say(() => failure(e, file.name) || t('status.loadFailed', { name: file.name, error: errorText(e) }), 'error');
  }
}

async function openUrl(url, { game, ply, line = null }) {
  // Resolved here (the worker would resolve against its own script); only web addresses.
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
    say(() => downloadFailure(t, e, name, { describe: failure }), 'error');
    return false;
  }
}

/** Opens the #pdn= or #g= link of `address` (readAddress), if it has one. Returns true when it did. */
async function openLink(address) {
  const source = address.source;
  // The bare page has no source: the address module is not fetched before its first screen.
  if (!source || !(await addressing()).isLinkSource(source)) return false;
  // The worker unpacks the link (a deflate bomb costs it, not the page) and sends the text
  // back for the box unless it is too large to edit there.
  const what = () => t('what.link');
  const { game, ply, line } = address;
  try {
    // A short link (#g=) is decoded by the worker's core into PDN text, opened like any other.
    await openSource(source.short != null ? { short: source.short, game } : { link: source.pdn, game }, { ply, line, what, kind: 'link' });
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

// ---- board edits kept in the text ---------------------------------------------------------

/** Who hears that the open text changed (a board edit written back, undo, redo). */
/** @type {Array<(splice?: object) => void>} */
const textListeners = [() => syncAddress()];
/**
 * The one place that says the text of the open file changed (a board edit written into it,
 * an undo or redo): fn(splice) runs after each change, the box already holding the new text.
 */
function onTextChange(fn) { textListeners.push(fn); }
function textChanged(splice) {
  for (const fn of textListeners) {
    try { fn(splice); } catch (e) { say(() => t('status.unexpected', { error: errorText(e) }), 'error'); }
  }
}

/**
 * An edit's change of the text (the core's splice: {start, end, old, text}) made in the paste
 * box too, in place: the box holds the whole text or, for a large file, the shown game's
 * (open.boxOffset). setRangeText replaces only that stretch. When the box no longer holds the
 * old text there (typed over by hand), the game's old text is looked for once in it; an empty
 * box (the sample shown from an empty box) gets the core's whole text, or the game's.
 */
async function writeBack(splice) {
  if (!splice) return;
  const box = els.input;
  const value = box.value;
  let at = splice.start - open.boxOffset;
  if (value.slice(at, at + splice.old.length) !== splice.old) {
    const found = splice.old ? value.indexOf(splice.old) : -1;
    at = found >= 0 && value.indexOf(splice.old, found + 1) < 0 ? found : -1;
  }
  if (at >= 0) {
    box.setRangeText(splice.text, at, at + splice.old.length, 'preserve');
    if (open.pasted === value) open.pasted = box.value;
  } else if (!value.trim()) {
    await page.libraryReady;
    const whole = open.boxIsGame ? null : await library.text();
    if (whole != null && whole.length <= page.limits.LIMITS.boxChars) box.value = whole;
    else await fillBoxWithGame();
  } else {
    say(() => t('edits.notInBox'));
  }
  open.written = box.value;
  textChanged(splice);
}

/**
 * Whether opening something else may go ahead: true at once when no board edit would be lost,
 * else the reader is asked (app.confirmDiscard's dialog). `text`: the text about to be loaded
 * from the box, which keeps the edits when it still holds every edited game as last written.
 */
function mayDropEdits(text = null) {
  if (!app.hasEdits) return Promise.resolve(true);
  // The core writes a game's tags, a blank line, then its moves: a text with each edited game's
  // moves as last written keeps the edits, whatever was changed in the tags by hand.
  const moves = (w) => (w.startsWith('[') && w.includes('\n\n') ? w.slice(w.indexOf('\n\n') + 2) : w);
  if (text != null && (text === open.written || [...app.written.values()].every((w) => text.includes(moves(w))))) return Promise.resolve(true);
  return app.confirmDiscard(document.body);
}

/**
 * The board editor's "Analyse from here" (a position edit): its game replaces the open text
 * after the question, as one undo step. Undo opens the text before again (when it was small
 * enough for the box; else the step cannot be undone and is not kept), redo the editor's; the
 * board edits made before stay in the history, their text being the one put back.
 */
async function openPosition(pdn) {
  if (!(await mayDropEdits())) return;
  const before = open.boxIsGame || !open.source ? null : await library.text().catch(() => null);
  const what = () => t('editor.what');
  const show = async (text) => {
    els.input.value = text;
    open.pasted = text;
    await openText(text, { what, kind: 'paste', keepEdits: true });
    revealBoard();
  };
  if (before == null || before.length > page.limits.LIMITS.boxChars) {
    els.input.value = pdn;
    open.pasted = pdn;
    await openText(pdn, { what, kind: 'paste' });
    revealBoard();
    return;
  }
  // The step is the undo history's as soon as the position shows, not once its text is read
  // to the end: a Ctrl+Z in between (a loaded machine) undid the board edit before it instead.
  const shown = show(pdn);
  app.pushStep({ apply: (back) => show(back ? before : pdn) });
  await shown;
}

// ---- the address follows the state shown ------------------------------------------------

/**
 * The Explorer shown is kept in the address as `view=explorer`, a parameter address.js does not
 * own (it keeps it as it is, as other pages' parameters).
 */
function rememberExplorer(on) {
  const url = new URL(location.href);
  if (on) url.searchParams.set('view', 'explorer');
  else if (url.searchParams.get('view') === 'explorer') url.searchParams.delete('view');
  if (url.href !== location.href) history.replaceState(null, '', url.href);
}

/** The address shows the state (share/address.js); a pasted or opened text is in no address. */
function syncAddress() {
  clearTimeout(page.addressTimer);
  page.addressTimer = setTimeout(async () => {
    if ($('embed-box').open) menus().then((m) => m.fillSnippets()).catch(() => {});
    // A later change's run writes the address: this one, still packing, would write an older state.
    const mine = (page.addressRuns = (page.addressRuns || 0) + 1);
    const src = open.source;
    if (!src || !viewer.state.view) return;
    const { readAddress, writeAddress, isLinkSource } = await addressing();
    if (mine !== page.addressRuns) return;
    const here = readAddress(location.href);
    // A link just put in the address, its hashchange still to come: leave it to be opened.
    if (location.hash !== page.seenHash && isLinkSource(here.source)) return;
    const loads = page.loads;
    let source = null;
    /** @type {{ ply: number | 'last', line?: number | null }} */
    let place = app.place();
    if (app.edited.size || !['link', 'src', 'sample'].includes(src.kind)) {
      // A pasted, opened or edited text: the address is the link Copy link gives (menus.js),
      // when it is not over the box's size (a huge game would be packed at every move).
      // Quietly: a link that cannot be made now is said when Copy link is pressed.
      const made = await menus().then((m) => m.linkSource(place, { bounded: true })).catch(() => null);
      if (!made || loads !== page.loads || mine !== page.addressRuns) return; // another text or place meanwhile
      ({ source, place } = made);
    } else if (src.kind === 'link') {
      if (!isLinkSource(here.source)) return;
      source = here.source;
    } else if (src.kind === 'src') {
      source = { src: src.url };
      // A live round's reader at their game's newest move: `ply=last`, so that a reload (or the
      // link passed on) opens at the newest move then, not at today's.
      const s = viewer.state;
      if (app.following && place.line == null && s.line == null && s.ply >= s.view.plies.length) place = { ...place, ply: 'last' };
    } else if (src.kind === 'sample') {
      source = {}; // the page's own games: the place alone
    }
    const href = writeAddress({ source, ...place, ...page.pinned }, location.href);
    if (href !== location.href) history.replaceState(null, '', href);
    page.seenHash = location.hash;
  }, 200);
}

/** The tournament view shown (`view=boards`/`standings`) is kept in the address. */
function rememberView(view) {
  const url = new URL(location.href);
  // view=explorer (rememberExplorer) is the Explorer's, beside the game: left as it is.
  if (view === 'game') {
    if (['boards', 'standings'].includes(url.searchParams.get('view'))) url.searchParams.delete('view');
  } else url.searchParams.set('view', view);
  if (url.href !== location.href) history.replaceState(null, '', url.href);
}

/** `live=1` (or seconds) with `src=`: the file is fetched again as it grows (view/follow.js). */
async function followSource(address, every) {
  const url = address.source && address.source.src;
  if (!url) return;
  const absolute = new URL(url, location.href).href;
  const [{ followLive }, first] = await Promise.all([app.part('follow'), library.text()]);
  const name = fileNameOf(absolute);
  page.live = followLive({
    doc: document, app, url: absolute, every, badge: els.liveBadge, host: document.body, header: els.header,
    // place.game counts from 0, the worker's `game` from 1 (as the address's).
    reopen: (text, place) => openSource({ text, game: place.game + 1 }, {
      ply: place.ply, line: place.line, what: name, kind: 'src', url, quiet: true,
    }),
  });
  page.live.start(first);
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
      mayDropEdits().then((go) => (go ? realLibrary() : null)).then((ready) => {
        if (!ready) return;
        const fits = text.length <= page.limits.LIMITS.boxChars;
        if (fits) els.input.value = text;
        openText(text, { what: () => t('what.pasted'), kind: fits ? 'paste' : 'drop' });
      });
    }
  });
}

// ---- wiring -----------------------------------------------------------------------------

/** `fn`, its failure said on the status line with the catalogue text `key` ({error}). */
function guard(fn, key) {
  return (...args) => Promise.resolve(fn(...args)).catch((e) => say(() => t(key, { error: errorText(e) }), 'error'));
}

/**
 * While solving, the paste box's text (it holds the solution) is put away with a note saying
 * why; it is back when solving stops.
 */
function hideTextWhileSolving() {
  const solving = app.solving;
  if (solving === els.input.hidden) return;
  els.input.hidden = solving;
  const note = $('input-solving');
  if (note) note.hidden = !solving;
}

/**
 * A paste into the box replaces what the page put there (a file's text, a game, the text last
 * opened) rather than mixing into it: the whole text is selected, so the browser's own paste
 * (which the "input" listener then loads) takes its place and stays undoable. Once the user has
 * typed in the box, a paste inserts as usual.
 */
function pasteReplaces() {
  if (open.typed || !els.input.value) return;
  els.input.select();
}

/** The toggle is pressed while solving. */
function updateSolveToggle() {
  $('solve-toggle').setAttribute('aria-pressed', String(app.solving));
}

/** The analysis board, loaded after the first screen; a failure is said on the status line. */
function loadAnalysis() {
  return app.analysis().catch((e) => say(t('status.unexpected', { error: errorText(e) }), 'error'));
}

/** The printed sheet (print=game|problems) in the page's place: share/print.js, on use. */
const openPrint = async (kind) => viewer.state.view && (await app.part('print')).openPrint({ doc: document, kind, app });

/** After the sample or link is drawn: the reading worker and the analysis board start. */
function afterFirstScreen() {
  afterPaint(window, () => {
    realLibrary();
    loadAnalysis();
  });
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
  // Beside the Explorer's toggle on a laptop (the row under the board is below its fold).
  placeByWidth($('solve-toggle'), { wide: $('explorer-toggle'), phone: document.querySelector('.solve-entry') });
  $('explorer-toggle').addEventListener('click', guard(() => app.setExplorer(!app.explorerOn), 'fail.game'));

  els.diagnostics.addEventListener('click', (e) => {
    const btn = e.target.closest('.diag-loc');
    if (btn) menus().then((m) => m.showInText(btn));
  });

  // The box's text is opened by the Load button, by Ctrl+Enter (⌘+Enter) in the box, and at
  // once when text is pasted or dropped into it.
  const loadBox = async (e) => {
    const text = els.input.value;
    if (!(await mayDropEdits(text))) {
      // A paste that replaced the edited text: the box gets it back.
      if (e && e.inputType === 'insertFromPaste' && open.written) els.input.value = open.written;
      return;
    }
    open.pasted = els.input.value;
    await openText(els.input.value, { what: () => t('what.pasted'), kind: 'paste' });
    revealBoard();
  };
  els.load.addEventListener('click', () => loadBox());
  els.input.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && !e.altKey) {
      e.preventDefault();
      loadBox();
    }
  });
  els.input.addEventListener('input', (e) => {
    if (e.inputType === 'insertFromPaste' || e.inputType === 'insertFromDrop') loadBox(e);
    else open.typed = true;
  });
  els.input.addEventListener('paste', pasteReplaces);
  els.fileInput.addEventListener('change', async () => {
    const file = els.fileInput.files && els.fileInput.files[0];
    if (!file) return;
    await openFile(file);
    els.fileInput.value = ''; // choosing the same file again must fire "change" again
  });

  // The export and share menus (menus.js) are loaded on their first click.
  const FAILS = {
    'copy-link': 'fail.link', 'share-problem': 'fail.link', 'copy-element': 'fail.embed', 'copy-iframe': 'fail.embed', 'download-html': 'fail.export',
    'copy-game': 'fail.export', 'download-game': 'fail.export', 'download-file': 'fail.export', 'copy-fen': 'fail.export',
    'edit-position': 'fail.editor', 'download-svg': 'fail.export', 'download-png': 'fail.export',
    'download-gif': 'fail.export',
    'find-shots': 'fail.export', 'download-shots': 'fail.export',
  };
  for (const [id, key] of Object.entries(FAILS)) $(id).addEventListener('click', guard(async () => (await menus()).actions[id](), key));
  const embedBox = $('embed-box');
  embedBox.addEventListener('toggle', guard(async () => (embedBox.open ? (await menus()).fillSnippets() : null), 'fail.embed'));
  for (const id of ['embed-game', 'embed-file']) $(id)?.addEventListener('change', guard(async () => (await menus()).fillSnippets(), 'fail.embed'));
  els.shareLink.addEventListener('focus', () => els.shareLink.select());
  for (const kind of ['game', 'problems']) $(`print-${kind}`).addEventListener('click', guard(() => openPrint(kind), 'fail.export'));

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
  window.addEventListener('hashchange', async (e) => {
    const { readAddress, isLinkSource } = await addressing();
    const address = readAddress(e.newURL);
    if (isLinkSource(address.source) && !(await mayDropEdits())) {
      // Kept: the address goes back to what is shown.
      history.replaceState(null, '', e.oldURL);
      return;
    }
    page.seenHash = new URL(e.newURL).hash;
    openLink(address);
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
  // The bare page (the sample) needs no address module before its first screen.
  const address = location.search || location.hash
    ? (await addressing()).readAddress(location.href) : { source: null, game: 1, ply: 0, line: null };
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
  // index.html preloads the sample's view for the bare page; a link shows something else, and
  // the preload is taken here all the same (from the cache), so the browser does not warn that
  // it went unused.
  if (address.source) fetch(new URL('../../pkg/sample.json', import.meta.url)).then((r) => r.body?.cancel()).catch(() => {});
  // A live round opens at each game's current move, unless the address names one.
  if (params.has('live') && !params.has('ply') && address.source?.src != null) address.ply = 'last';
  let opened = await openLink(address);
  if (!opened && address.source && address.source.src != null) opened = await openUrl(address.source.src, address);
  // A live round that could not be fetched (refused by CORS, offline, 404): its message alone,
  // on the board's place too; the sample there would pass for the round.
  const refusedLive = !opened && params.has('live') && address.source?.src != null;
  if (refusedLive) showRefused();
  if (!opened && !refusedLive) {
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
      await openText(SAMPLE_PDN, { game, ply, line, what: 'sample', kind: 'sample', quiet: true });
    }
    if (!hadError) say(() => t('status.sample'));
  }
  if (address.orientation === 'black' && !viewer.state.flipped) viewer.flip();
  document.body.dataset.ready = '1';
  afterFirstScreen();
  // ?edit=<FEN>&gametype=<n> opens the board editor on that position (?edit alone: an empty board).
  if (params.has('edit')) await (await menus()).editPosition(params.get('edit') || '?:W:B', number(params.get('gametype')) || DEFAULT_GAMETYPE);
  if (address.mode === 'solve' && viewer.state.view) await loadAnalysis().then(() => app.setSolving(true));
  const view = params.get('view');
  if (view === 'boards' || view === 'standings') await app.setView(view, { round: params.get('round') });
  if (params.has('live') && opened) await followSource(address, params.get('live'));
  // ?view=explorer shows the Explorer; ?find=<FEN> (with &gametype=<n>) lists the games that
  // reach that position in the game table and opens the first of them there (unless the address
  // names a game: the reader's own, kept in it as they went on, and kept on a reload).
  if (params.get('view') === 'explorer' && viewer.state.view) await app.setExplorer(true);
  if (params.get('find') && viewer.state.view) await app.findPosition(params.get('find'), number(params.get('gametype')), { open: !params.has('game') });
  if (['game', 'problems'].includes(params.get('print'))) await openPrint(params.get('print'));
}

main().catch((e) => say(() => t('status.readerFailed', { error: errorText(e) }), 'error'));
