// The viewer assembled once for every host (main.js; <pdn-viewer>, and through it embed.html):
// the controller, its controls and buttons, the game table, the analysis board, solve mode and
// the editor on demand, the language and the library facade, as one object the host talks to.

import { createViewer } from './viewer.js';
import { attachControls } from './controls.js';
import { prefersReducedMotion } from './board-dom.js';
import { createParts } from './parts.js';
import { createEdits } from './app-edits.js';
import { lineView } from './views.js';
import { libraryFacade } from '../reader/protocol.js';
import en from '../i18n/en.js';
import { createTranslator, loadCatalogue, loadPartWords, translatePage } from '../i18n/i18n.js';

/**
 * The navigation buttons in order: id (the page's element ids), catalogue key, icon paths.
 * @type {ReadonlyArray<[string, string, string[]]>}
 */
export const NAV = Object.freeze([
  ['first', 'nav.first', ['M6 5h2v14H6zM20 5v14L9 12z']],
  ['prev', 'nav.prev', ['M17 5v14L6 12z']],
  // Play and pause: one button, its icon chosen by the stylesheet (.playing).
  ['play', 'nav.play', ['M12 2a10 10 0 1 0 0 20 10 10 0 1 0 0-20zm0 2a8 8 0 1 1 0 16 8 8 0 1 1 0-16zM10 7.5v9l6.5-4.5z',
    'M12 2a10 10 0 1 0 0 20 10 10 0 1 0 0-20zm0 2a8 8 0 1 1 0 16 8 8 0 1 1 0-16zM9 8h2v8H9zM13 8h2v8h-2z']],
  ['next', 'nav.next', ['M7 5v14l11-7z']],
  ['last', 'nav.last', ['M4 5v14l11-7zM16 5h2v14h-2z']],
  ['flip', 'nav.flip', ['M7 3 3 8h3v9h2V8h3zM17 21l4-5h-3V7h-2v9h-3z']],
]);

const SVG = 'http://www.w3.org/2000/svg';

/**
 * Fills `nav` (the page's <nav class="controls"> or the element's) with the navigation buttons;
 * their names follow the language (data-i18n-attr, translatePage), the play button's follows
 * play and pause (viewer.js). Returns { first, prev, play, next, last, flip }.
 */
export function navButtons(doc, nav, t = createTranslator('en', en, en)) {
  const buttons = {};
  for (const [id, key, paths] of NAV) {
    const b = doc.createElement('button');
    b.type = 'button';
    b.id = id;
    b.setAttribute('aria-label', t(key));
    b.title = t(key);
    if (id !== 'play') b.setAttribute('data-i18n-attr', `aria-label:${key};title:${key}`);
    if (id === 'play' || id === 'flip') b.setAttribute('aria-pressed', 'false');
    paths.forEach((d, k) => {
      const svg = doc.createElementNS(SVG, 'svg');
      svg.setAttribute('viewBox', '0 0 24 24');
      svg.setAttribute('aria-hidden', 'true');
      if (id === 'play') svg.setAttribute('class', k ? 'icon-pause' : 'icon-play');
      const p = doc.createElementNS(SVG, 'path');
      p.setAttribute('d', d);
      p.setAttribute('fill-rule', 'evenodd');
      svg.append(p);
      b.append(svg);
    });
    buttons[id] = b;
  }
  nav.replaceChildren(...Object.values(buttons));
  return buttons;
}

/**
 * Plain words for a download of `name` that failed: describe(e, name) first (sizes, a stopped
 * reader: limits.js), then the network (`cors`: the host's words for a refusal) or HTTP error.
 */
/**
 * @param {(key: string, args?: object) => string} t
 * @param {any} e
 * @param {string} name
 * @param {{ cors?: string, describe?: (e: any, name: string) => string | null }} [how]
 */
export function downloadFailure(t, e, name, { cors = 'status.fetchCors', describe = () => null } = {}) {
  const reason = e && e.kind === 'http' ? t('status.fetchHttp', { status: e.status }) : (e && e.message) || String(e);
  return describe(e, name) || (e && e.kind === 'network' ? t(cors, { url: name }) : t('status.fetchFailed', { url: name, reason }));
}

/** Runs `fn` once after the next paint (requestAnimationFrame runs just before it); a hidden tab gets no frames, so a timer runs it too. */
export function afterPaint(win, fn) {
  let done = false;
  const once = () => { if (!done) { done = true; fn(); } };
  win.requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, 1000);
}

/**
 * The app's words: `t` (the first screen's catalogue, with the parts' once one of them loads:
 * i18n.js loadPartWords) in language `lang`; partWords() resolves once the parts' words are in
 * (loaded before the first part); load(code) changes the language and resolves to the new `t`.
 */
function appWords() {
  let catalogue = en;
  let partWords = null;
  let partWordsReady = null;
  const w = {
    t: createTranslator('en', en, en),
    lang: 'en',
    partWords() {
      partWordsReady ??= (async () => {
        let loaded;
        do loaded = await loadPartWords(w.lang); while (loaded.code !== w.lang); // the language changed meanwhile
        partWords = loaded;
        w.t = translator();
      })();
      return partWordsReady;
    },
    async load(code) {
      const [first, more] = await Promise.all([loadCatalogue(code), partWords ? loadPartWords(code) : null]);
      w.lang = code;
      catalogue = first;
      if (more) partWords = more;
      return (w.t = translator());
    },
  };
  const translator = () => (partWords
    ? createTranslator(w.lang, { ...catalogue, ...partWords.words }, { ...en, ...partWords.english })
    : createTranslator(w.lang, catalogue, en));
  return w;
}

/**
 * The app's methods for the language and for the jobs loaded on use (`jobs`: each once made;
 * job(name) resolves to it, loaded the first time); w: appWords(). As property descriptors.
 */
function appMethods(ctx, jobs, job, w) {
  const { app, parts, viewer } = ctx;
  const explorerHere = () => Boolean(parts.explorer && ctx.has('explorer'));
  const explorer = () => job('appExplorer');
  const modes = () => job('appModes');
  return Object.getOwnPropertyDescriptors({
    /** Resolves once the parts' words are in (the hosts' own parts wait for it). */
    partWords: () => w.partWords(),
    get lang() { return w.lang; },
    /** Loads language `code`'s words and redraws everything that has words. */
    async setLanguage(code) {
      const t = await w.load(code);
      translatePage(ctx.scope, t);
      viewer.setTranslator(t);
      jobs.appTable?.retranslate(t);
      jobs.appModes?.solve?.retranslate();
      jobs.appModes?.tournament?.refresh();
      ctx.extra()?.update();
    },
    /** The FEN of the shown position. */
    currentFen() {
      const { view, line: id, ply } = viewer.state;
      const line = lineView(view, id);
      return ply > 0 ? line.plies[ply - 1].fen : (line.start && line.start.fen) || '';
    },
    /** The players' names drawn again as buttons or text (the host's playerLinks changed). */
    refreshPlayerLinks() {
      viewer.redrawHeader();
      jobs.appTable?.redraw();
    },
    get list() { return jobs.appTable?.list ?? null; },
    /** Shows or hides the table's box for a text of `count` games (options.listWanted()). */
    showList(count = viewer.state.count) {
      if (parts.games) parts.games.hidden = !(count > 1 && (ctx.o.listWanted ? ctx.o.listWanted() : true));
    },
    /** The table's rows (library open()'s `rows`); a long list's first rows are `partial`. */
    async setRows(rows, { partial = false } = {}) {
      if (rows.length >= 2) await (await job('appTable')).setRows(rows, { partial });
    },
    /** Rows from `from` on, after the check pass read their games. */
    async updateRows(from, rows) { return (await job('appTable')).withList((l) => l.updateRows(from, rows)); },
    /** The table's order again (after the check pass). */
    async refreshList() { const tb = await job('appTable'); return tb.withList((l) => { l.refresh(); tb.updateCount(); }); },
    /** Marks game `index` as the open one in the table (when there is one). */
    selectGame(index) { jobs.appTable?.list?.select(index); },
    /** Loads the table's module ahead of need. */
    preloadList() { job('appTable').catch(() => {}); ctx.part('gamelist').catch(() => {}); },
    get solving() { return Boolean(jobs.appModes?.solve?.active); },
    /**
     * The place the address and the links keep: { game (1-based), ply, line, orientation, mode }.
     * In a variation, `line` names it and `ply` counts in it; with `mainline`, or while solving,
     * `ply` is the mainline's (where the variation branches off) and `line` is null.
     */
    place({ mainline = false } = {}) {
      const s = viewer.state;
      const solving = app.solving;
      const inLine = !mainline && !solving && s.line != null;
      return {
        game: s.game + 1,
        ply: solving ? jobs.appModes.solveAt : inLine ? s.ply : viewer.mainlinePly(),
        line: inLine ? s.line : null,
        orientation: s.flipped ? 'black' : null,
        mode: solving ? 'solve' : null,
      };
    },
    /** Solve mode on or off: the shown game from the shown position. Resolves to solve mode. */
    async setSolving(on) {
      if (on && !viewer.state.view) return null;
      if (!on && !jobs.appModes?.solve) return null;
      return (await modes()).api.setSolving(on);
    },
    /** The tournament view shown: `game`, `boards` or `standings`. */
    get view() { return jobs.appModes?.tournament?.view ?? 'game'; },
    /** A tournament view shown, or drawn again for a new text (app-modes.js). */
    async setView(view = null, { round = null } = {}) {
      if (!parts.tournament || !ctx.has('tournament')) return 'game';
      const wanted = view && view !== 'game';
      if (!wanted && !jobs.appModes?.tournament && viewer.state.count < 2) return 'game';
      return (await modes()).api.setView(view, { round });
    },
    /** The board editor over the page (app-modes.js). */
    async editPosition(options = {}) { return (await modes()).api.editPosition(options); },
    /** Whether the Explorer is shown. */
    get explorerOn() { return Boolean(jobs.appExplorer?.explorer?.on); },
    /** The Explorer shown or hidden. Resolves to whether it is shown. */
    async setExplorer(on) {
      if (!explorerHere() || (!on && !jobs.appExplorer?.explorer)) return false;
      return (await explorer()).api.setExplorer(on);
    },
    /** Player `name`'s games and score (app-explorer.js); null without an Explorer. */
    async showPlayer(name) { return explorerHere() ? (await explorer()).api.showPlayer(name) : null; },
    /** The games through a position (app-explorer.js); [] without an Explorer. */
    async findPosition(fen = null, gametype = null, { open = false } = {}) {
      return explorerHere() ? (await explorer()).api.findPosition(fen, gametype, { open }) : [];
    },
    /** The games with a pattern's pieces (app-explorer.js); [] without an Explorer. */
    async findPattern(pattern, gametype = null) {
      return explorerHere() ? (await explorer()).api.findPattern(pattern, gametype) : [];
    },
  });
}

/**
 * scope: the document or shadow root with the words. parts: viewer.js's els plus nav, solve,
 * games, gameList and optional filter, gamesCount, prevGame, nextGame. host: gets data-ply etc.
 * backend(): the library calls go to. modules: { analysis, solve, gamelist, editor, engine,
 * explorer, tournament } loaders (view/parts.js loads each with its sheet and words).
 * options: messages, locations, wheel(), listWanted(), leave, solveHide, analysisEls, say(),
 * engineWorker() and engineAt (engine-part.js), and the hooks
 * onChange, onFlip, onGame(index), onEdited, onSolve, onCount, onError, onEngine(on), onExplorer(on),
 * onListed(found) (a search asked in the Explorer's panel listed its games in the table).
 * parts.engine, parts.explorer: where the engine's and the Explorer's panels go; parts.review:
 * the game review's box (the evaluation graph, the summary) under the move list.
 * Its jobs are modules given `ctx`: app-edits.js (edits, undo) and, loaded on use, app-table.js
 * (the game table), app-explorer.js (the Explorer), app-modes.js (solve, tournament, editor).
 * @param {{ doc: Document, scope?: any, parts: Record<string, any>, host: HTMLElement, keyTarget: any,
 *   backend: any, modules: Record<string, () => Promise<any>>, options?: Record<string, any> }} given
 */
export function createApp({ doc, scope = doc, parts, host, keyTarget, backend, modules: loaders, options = {} }) {
  const o = options;
  const say = o.say || (() => {});
  const w = appWords();
  const report = (e) => (o.onError ? o.onError(e) : say(w.t('status.unexpected', { error: e && e.message ? e.message : String(e) }), 'error'));
  // Every part loaded on use comes through one loader, with its sheet and its words.
  const loader = createParts({ scope, loaders, words: w.partWords, report });
  const library = libraryFacade(backend);
  let analysisReady = null;
  // The engine and the game review (engine-part.js), loaded after the first screen.
  let extra = null;
  let extraReady = null;
  let extraAsked = false;
  const jobs = {};
  /** Game (0-based) -> the ply the Explorer's search found it at: the table opens it there. */
  let foundAt = null;
  const MAKERS = { appTable: 'createTable', appExplorer: 'createExplorer', appModes: 'createModes' };
  const job = (name) => loader.load(name).then((m) => (jobs[name] ??= m[MAKERS[name]](ctx)));
  const app = {};
  /** What the app's modules share; the viewer and the edits are added as they are made. */
  const ctx = {
    doc, scope, parts, host, o, keyTarget, library, app,
    words: (...a) => w.t(...a),
    part: loader.load,
    has: loader.has,
    failed: loader.failed,
    analysis: loadAnalysis,
    /** The games the Explorer found ([{game, ply}], null: all) listed in the table. */
    found(games) {
      foundAt = games ? new Map(games.map((f) => [f.game - 1, f.ply])) : null;
      job('appTable').then((tb) => tb.found(games)).catch(failed);
    },
    extra: () => extra,
    loadExtra,
    /**
     * Whether the players' names (the header's, the table's) are buttons that show their games
     * and score: with the Explorer at hand (o.playerLinks(): the host's say, by default yes) and
     * a text of two games or more.
     */
    playerLinks: () => Boolean(parts.explorer && loader.has('explorer') && (o.playerLinks ? o.playerLinks() : true)
      && ctx.viewer.state.count > 1),
  };
  const failed = ctx.failed;
  Object.defineProperty(app, 't', { get: () => w.t, enumerable: true });

  const buttons = (ctx.buttons = navButtons(doc, parts.nav, w.t));
  const edits = createEdits(ctx);
  ctx.startEditing = edits.startEditing;
  const viewer = (ctx.viewer = createViewer({
    doc,
    els: { ...parts, ...buttons },
    library,
    t: w.t,
    host,
    messages: o.messages,
    locations: o.locations,
    playerLinks: ctx.playerLinks,
    reducedMotion: () => prefersReducedMotion(doc.defaultView),
    onChange: () => {
      // Another game or text shown while solving: solve that one from where it shows.
      const modes = jobs.appModes;
      if (modes?.solve?.active && modes.solve.view !== viewer.state.view) modes.startSolving();
      jobs.appExplorer?.explorer?.update();
      if (extra) extra.update();
      else if (viewer.state.view && !extraAsked) { extraAsked = true; afterPaint(doc.defaultView, () => loadExtra().catch(failed)); }
      o.onChange?.();
    },
    onFlip: () => o.onFlip?.(),
  }));
  attachControls({ keyTarget, board: parts.board, moves: parts.moves, viewer, buttons, options: { wheel: o.wheel } });
  // A player's name in the header (views.js gameHeader, with playerLinks): their games and score.
  parts.header?.addEventListener('click', (e) => {
    const named = e.target.closest && e.target.closest('button[data-player]');
    if (named) app.showPlayer(named.dataset.player).catch(failed);
  });
  // The game table's buttons and filter (app-table.js), heard before its module comes too.
  const table = (fn) => job('appTable').then(fn).catch(failed);
  parts.prevGame?.addEventListener('click', () => table((tb) => tb.neighbour(-1)));
  parts.nextGame?.addEventListener('click', () => table((tb) => tb.neighbour(1)));
  parts.filter?.addEventListener('input', () => table((tb) => tb.filter(parts.filter.value)));

  /** The analysis board (moves played and marks drawn on the board), made once. */
  function loadAnalysis() {
    analysisReady ??= loader.load('analysis').then(({ createAnalysis }) => createAnalysis({
      doc, board: parts.board, viewer, library, t: ctx.words, els: { ...(o.analysisEls || {}), ...edits.api.tools }, say,
      onEdited: edits.onEdited,
    }));
    return analysisReady;
  }

  /** The engine and the game review (engine-part.js), made once, after the first screen. */
  function loadExtra() {
    extraReady ??= loader.load('enginePart').then(({ createEnginePart }) => {
      extra = createEnginePart({
        doc, parts, viewer, library, t: ctx.words, options: o, failed, analysis: loadAnalysis, app,
        load: loader.has('engine') ? () => loader.load('engine') : null, loadPart: loader.load,
      });
      return extra;
    });
    return extraReady;
  }

  /** Opens game `index` (0-based) from the table, the previous/next game buttons or a search. */
  async function pick(index) {
    if (index < 0) return;
    try {
      // A game of a round followed live opens at its current move (follow.js sets app.following).
      await viewer.showGame(index, foundAt?.get(index) ?? (app.following ? 'last' : 0));
      jobs.appTable?.list?.select(index);
      o.onGame?.(index);
    } catch (e) {
      failed(e);
    }
  }

  // The app object: the edits' api, the jobs' answers, and what the app keeps itself.
  Object.defineProperties(app, Object.getOwnPropertyDescriptors(edits.api));
  Object.defineProperties(app, appMethods(ctx, jobs, job, w));
  Object.defineProperties(app, Object.getOwnPropertyDescriptors({
    viewer,
    library,
    /** True while a live file is followed (follow.js): a game picked opens at its last move. */
    following: false,
    pick,
    /** A new text was opened: the Explorer's index and search start again. */
    resetExplorer() {
      foundAt = null;
      jobs.appTable?.reset();
      jobs.appExplorer?.explorer?.reset();
    },

    analysis: loadAnalysis,
    /** Part `name`'s module, loaded once with its sheet and the parts' words (view/parts.js): the host's own parts too. */
    part: (name) => loader.load(name),
    /** Resolves to the engine and the review (engine-part.js: `on`, `setEngine(on)`). */
    engine: loadExtra,
  }));
  return app;
}
