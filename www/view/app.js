// The viewer assembled once for every host (main.js; <pdn-viewer>, and through it embed.html):
// the controller, its controls and buttons, the game table, the analysis board, solve mode and
// the editor on demand, the language and the library facade, as one object the host talks to.

import { createViewer } from './viewer.js';
import { attachControls, typedIn } from './controls.js';
import { lineView } from './views.js';
import { DEFAULT_GAMETYPE } from './score.js';
import { prefersReducedMotion } from './board-dom.js';
import { libraryFacade } from '../reader/protocol.js';
import en from '../i18n/en.js';
import { createTranslator, loadCatalogue, loadPartWords, translatePage } from '../i18n/i18n.js';

/** The navigation buttons in order: id (the page's element ids), catalogue key, icon paths. */
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

/** Undo steps kept: the oldest goes when more edits are made. */
export const UNDO_LIMIT = 200;

/**
 * The undo history of the board's edits: each step is { game, old, text, at, to } (the game's
 * text before and after, as the core wrote it, and the places before and after). Pure: app.js
 * applies the steps.
 */
export function createHistory(limit = UNDO_LIMIT) {
  const done = [];
  const undone = [];
  return {
    push(step) {
      done.push(step);
      if (done.length > limit) done.shift();
      undone.length = 0;
    },
    /** The step to undo, moved to the redo side; null when there is none. */
    undo() {
      const step = done.pop() || null;
      if (step) undone.push(step);
      return step;
    },
    /** The step to redo, moved back; null when there is none. */
    redo() {
      const step = undone.pop() || null;
      if (step) done.push(step);
      return step;
    },
    /** A step that could not be applied goes back where it was. */
    putBack(step, { undoing }) {
      if (undoing) { undone.pop(); done.push(step); } else { done.pop(); undone.push(step); }
    },
    get canUndo() { return done.length > 0; },
    get canRedo() { return undone.length > 0; },
    clear() { done.length = 0; undone.length = 0; },
  };
}

/**
 * The tools that edit the shown game (analysis.js uses them), made in `group` (the page's
 * .edit-tools, the element's): undo, redo, promote and delete a variation, cut the line, the
 * move mark and the comment. Their words follow the language (data-i18n, translatePage); the
 * ids are the page's. Returns { undo, redo, promote, remove, cut, strength, comment, saveComment }.
 */
export function editTools(doc, group, t = createTranslator('en', en, en)) {
  const make = (tag, attrs = {}, ...children) => {
    const e = doc.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    e.append(...children);
    return e;
  };
  const button = (id, key, attrs = {}) => make('button', { type: 'button', id, 'data-i18n': key, ...attrs }, t(key));
  const labelled = (key, control, attrs = {}) => make('label', attrs, make('span', { 'data-i18n': key }, t(key)), control);
  const els = {
    undo: button('undo', 'edits.undo', { 'data-i18n-attr': 'title:edits.undoTitle', title: t('edits.undoTitle'), disabled: '' }),
    redo: button('redo', 'edits.redo', { 'data-i18n-attr': 'title:edits.redoTitle', title: t('edits.redoTitle'), disabled: '' }),
    promote: button('promote-variation', 'analysis.promote'),
    remove: button('delete-variation', 'analysis.delete'),
    cut: button('cut-line', 'analysis.cut'),
    strength: make('select', { id: 'strength' }, make('option', { value: '' }, '–'),
      ...['!', '?', '!!', '??', '!?', '?!'].map((m) => make('option', {}, m))),
    comment: make('textarea', { id: 'comment-input', rows: '2' }),
    saveComment: button('save-comment', 'analysis.saveComment'),
  };
  group.replaceChildren(els.undo, els.redo, els.promote, els.remove, els.cut,
    labelled('analysis.strength', els.strength),
    labelled('analysis.comment', els.comment, { class: 'comment-edit' }), els.saveComment);
  return els;
}

/**
 * A small modal dialog (#discard-dialog) asking whether edits may be dropped: "Discard"
 * (#discard-ok) resolves to true, "Keep" (#discard-cancel), Escape or closing to false. In the
 * language of `t`; the text goes in as text.
 */
export function askDiscard(doc, parent, t) {
  parent.querySelector?.('#discard-dialog')?.remove();
  const dialog = doc.createElement('dialog');
  dialog.id = 'discard-dialog';
  dialog.className = 'discard-dialog';
  dialog.setAttribute('aria-labelledby', 'discard-title');
  const title = doc.createElement('h2');
  title.id = 'discard-title';
  title.textContent = t('edits.discardTitle');
  const text = doc.createElement('p');
  text.textContent = t('edits.discardText');
  const ok = doc.createElement('button');
  ok.type = 'button';
  ok.id = 'discard-ok';
  ok.textContent = t('edits.discard');
  const keep = doc.createElement('button');
  keep.type = 'button';
  keep.id = 'discard-cancel';
  keep.className = 'primary';
  keep.textContent = t('edits.keep');
  const actions = doc.createElement('div');
  actions.className = 'actions';
  actions.append(keep, ok);
  dialog.append(title, text, actions);
  parent.append(dialog);
  return new Promise((resolve) => {
    let answer = false;
    ok.addEventListener('click', () => { answer = true; dialog.close(); });
    keep.addEventListener('click', () => dialog.close());
    dialog.addEventListener('close', () => { dialog.remove(); resolve(answer); });
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    keep.focus();
  });
}

/**
 * Plain words for a download of `name` that failed: describe(e, name) first (sizes, a stopped
 * reader: limits.js), then the network (`cors`: the host's words for a refusal) or HTTP error.
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
 * scope: the document or shadow root with the words. parts: viewer.js's els plus nav, solve,
 * games, gameList and optional filter, gamesCount, prevGame, nextGame. host: gets data-ply etc.
 * backend(): the library calls go to. modules: { analysis, solve, gamelist, editor, engine, explorer } loaders.
 * options: messages, locations, wheel(), listWanted(), leave, solveHide, analysisEls, say(),
 * engineWorker() and engineAt (engine-part.js), and the hooks
 * onChange, onFlip, onGame(index), onEdited, onSolve, onCount, onError, onEngine(on), onExplorer(on),
 * onListed(found) (a search asked in the Explorer's panel listed its games in the table).
 * parts.engine, parts.explorer: where the engine's and the Explorer's panels go; parts.review:
 * the game review's box (the evaluation graph, the summary) under the move list.
 */
export function createApp({ doc, scope = doc, parts, host, keyTarget, backend, modules: loaders, options = {} }) {
  const o = options;
  const say = o.say || (() => {});
  let t = createTranslator('en', en, en);
  let lang = 'en';
  const words = (...a) => t(...a);
  // The first screen's words, and the parts' once one of them loads (i18n.js loadPartWords).
  let catalogue = en;
  let partWords = null;
  let partWordsReady = null;
  const translator = () => (partWords
    ? createTranslator(lang, { ...catalogue, ...partWords.words }, { ...en, ...partWords.english })
    : createTranslator(lang, catalogue, en));
  /** The parts' words in the language shown, loaded before the first part. */
  function withPartWords() {
    partWordsReady ??= (async () => {
      let loaded;
      do loaded = await loadPartWords(lang); while (loaded.code !== lang); // the language changed meanwhile
      partWords = loaded;
      t = translator();
    })();
    return partWordsReady;
  }
  // Every part loaded on use brings its words with it (both fetched at once).
  const withWords = (load) => () => Promise.all([load(), withPartWords()]).then(([m]) => m);
  const modules = Object.fromEntries(Object.entries(loaders || {})
    .map(([name, load]) => [name, typeof load === 'function' ? withWords(load) : load]));
  const library = libraryFacade(backend);
  /** Games of the open text edited on the board (0-based): their links carry the edited game. */
  const edited = new Set();
  let list = null;
  let listReady = null;
  let analysisReady = null;
  let solve = null;
  let solveReady = null;
  let solveAt = 0; // the mainline ply solving started from (the address keeps it)
  // The engine and the game review (engine-part.js), loaded after the first screen.
  let extra = null;
  let extraReady = null;
  let extraAsked = false;
  // The Explorer (explorer/attach.js): made the first time it is turned on or a search is asked.
  let explorer = null;
  let explorerReady = null;
  /** Game (0-based) -> the ply the Explorer's search found it at: the table opens it there. */
  let foundAt = null;
  let tournament = null;
  let tournamentReady = null;

  const buttons = navButtons(doc, parts.nav, t);
  // The editing tools: in the host's group, shown once the reader starts editing (data-editing).
  const tools = parts.editTools ? editTools(doc, parts.editTools, t) : {};
  const history = createHistory();
  /** The text of each game edited since the text was opened, as the core last wrote it. */
  const written = new Map();
  let undoing = Promise.resolve();
  /**
   * Whether the players' names (the header's, the table's) are buttons that show their games
   * and score: with the Explorer at hand (o.playerLinks(): the host's say, by default yes) and
   * a text of two games or more.
   */
  const playerLinks = () => Boolean(parts.explorer && modules.explorer && (o.playerLinks ? o.playerLinks() : true)
    && viewer.state.count > 1);
  const viewer = createViewer({
    doc,
    els: { ...parts, ...buttons },
    library,
    t,
    host,
    messages: o.messages,
    locations: o.locations,
    playerLinks,
    reducedMotion: () => prefersReducedMotion(doc.defaultView),
    onChange: () => {
      // Another game or text shown while solving: solve that one from where it shows.
      if (solve && solve.active && solve.view !== viewer.state.view) startSolving();
      explorer?.update();
      if (extra) extra.update();
      else if (viewer.state.view && !extraAsked) { extraAsked = true; afterPaint(doc.defaultView, () => loadExtra().catch(failed)); }
      o.onChange?.();
    },
    onFlip: () => o.onFlip?.(),
  });
  attachControls({ keyTarget, board: parts.board, moves: parts.moves, viewer, buttons, options: { wheel: o.wheel } });
  // A player's name in the header (views.js gameHeader, with playerLinks): their games and score.
  parts.header?.addEventListener('click', (e) => {
    const named = e.target.closest && e.target.closest('button[data-player]');
    if (named) app.showPlayer(named.dataset.player).catch(failed);
  });

  const failed = (e) => (o.onError ? o.onError(e) : say(t('status.unexpected', { error: e && e.message ? e.message : String(e) }), 'error'));

  // ---- the game table -----------------------------------------------------------------------

  function updateCount() {
    if (!list || viewer.state.count < 2) return;
    const shown = list.state.order.length;
    if (parts.gamesCount) parts.gamesCount.textContent = t('list.shown', { shown, count: viewer.state.count });
    o.onCount?.(shown, viewer.state.count);
  }

  /** The table, made the first time a text has two games or more; calls run in order. */
  function withList(fn) {
    listReady ??= modules.gamelist().then(async ({ createGameList, gamelistSheet }) => {
      await gamelistSheet(scope);
      list = createGameList({
        doc, el: parts.gameList, t, onSelect: (i) => pick(i),
        players: playerLinks, onPlayer: (name) => app.showPlayer(name).catch(failed),
      });
      return list;
    });
    return listReady.then(fn);
  }

  /** Opens game `index` (0-based) from the table or the previous/next game buttons. */
  async function pick(index) {
    if (index < 0) return;
    try {
      // A game of a round followed live opens at its current move (follow.js sets app.following).
      await viewer.showGame(index, foundAt?.get(index) ?? (app.following ? 'last' : 0));
      if (list) list.select(index);
      o.onGame?.(index);
    } catch (e) {
      failed(e);
    }
  }
  parts.prevGame?.addEventListener('click', () => { if (list) pick(list.neighbour(-1)); });
  parts.nextGame?.addEventListener('click', () => { if (list) pick(list.neighbour(1)); });
  parts.filter?.addEventListener('input', () => { if (list) { list.filter(parts.filter.value); updateCount(); } });

  // ---- analysis, solve mode, editor -----------------------------------------------------------

  /** The analysis board (moves played and marks drawn on the board), made once. */
  function loadAnalysis() {
    analysisReady ??= modules.analysis().then(({ createAnalysis }) => {
      const analysis = createAnalysis({
        doc, board: parts.board, viewer, library, t: words, els: { ...(o.analysisEls || {}), ...tools }, say,
        onEdited: (r) => {
          const game = r.game ?? viewer.state.game;
          if (r.edited) edited.add(game);
          else edited.delete(game);
          startEditing();
          if (r.splice) {
            history.push({ game, old: r.splice.old, text: r.splice.text, at: r.at || r.place, to: r.place });
            written.set(game, r.splice.text);
          }
          updateUndo();
          o.onEdited?.(r);
        },
      });
      return analysis;
    });
    return analysisReady;
  }

  /**
   * The reader started editing (a move played on the board, an edit, the board editor opened):
   * the editing tools show from now on (the host's data-editing; a visitor's first screen is
   * the viewer alone).
   */
  function startEditing() {
    if (host.dataset.editing === '1') return;
    host.dataset.editing = '1';
    o.onEditing?.();
  }

  function updateUndo() {
    if (tools.undo) tools.undo.disabled = !history.canUndo;
    if (tools.redo) tools.redo.disabled = !history.canRedo;
  }

  /**
   * Undoes (or redoes) one step: the game's text before (after) it is put back by the core, the
   * board shows the place before (after) it, and the host hears it as an edit (onEdited, with
   * the splice for its text box). Steps run one after the other.
   */
  function travel(back) {
    undoing = undoing.then(async () => {
      const step = back ? history.undo() : history.redo();
      if (!step) return false;
      const [text, place] = back ? [step.old, step.at] : [step.text, step.to];
      try {
        if (step.apply) {
          // A host's own step (the page's position edit: another text opened).
          await step.apply(back);
          updateUndo();
          return true;
        }
        if (viewer.state.game !== step.game) await pick(step.game);
        const was = back ? step.text : step.old;
        const r = await library.edit(step.game, 'setText', { text, was, line: place.line ?? null, ply: place.ply ?? 0 });
        viewer.applyEdit(r);
        edited.delete(step.game);
        if (r.splice) written.set(step.game, r.splice.text);
        updateUndo();
        o.onEdited?.({ ...r, game: step.game, undo: back });
        return true;
      } catch (e) {
        history.putBack(step, { undoing: back });
        updateUndo();
        failed(e);
        return false;
      }
    });
    return undoing;
  }
  tools.undo?.addEventListener('click', () => travel(true));
  tools.redo?.addEventListener('click', () => travel(false));
  // Ctrl+Z undoes, Ctrl+Shift+Z (and Ctrl+Y) redoes, unless the focus is in a text field (that
  // field's own undo) or nothing was edited (the browser's).
  keyTarget.addEventListener('keydown', (e) => {
    if (!(e.ctrlKey || e.metaKey) || e.altKey || typedIn(e)) return;
    const key = e.key.toLowerCase();
    const redo = (key === 'z' && e.shiftKey) || (key === 'y' && !e.shiftKey);
    const undo = key === 'z' && !e.shiftKey;
    if (!(undo ? history.canUndo : redo && history.canRedo)) return;
    e.preventDefault();
    travel(undo);
  });

  /** Solve mode (with the analysis board), made once. */
  function loadSolve() {
    solveReady ??= loadAnalysis().then(async (analysis) => {
      const { createSolve, solveSheet } = await modules.solve();
      await solveSheet(scope);
      solve = createSolve({
        doc, viewer, library, analysis, panel: parts.solve, host, t: words,
        // The coming moves are hidden: the steps through them, and what the host lists.
        hide: [buttons.first, buttons.prev, buttons.play, buttons.next, buttons.last, parts.plyInfo, ...(o.solveHide || [])],
        onLeave: o.leave ? () => app.setSolving(false) : null,
        onChange: () => { extra?.update(); o.onSolve?.(); },
        // A move past the text is put to the engine (its own worker, loaded on that move).
        engine: modules.engine ? () => loadExtra().then((x) => x.judge()) : null,
      });
      return solve;
    });
    return solveReady;
  }

  /** Starts solving the shown game from the shown position (the engine would tell: it stops). */
  function startSolving() {
    solveAt = viewer.mainlinePly();
    extra?.solving();
    solve.start();
  }

  /** The engine and the game review (engine-part.js), made once, after the first screen. */
  function loadExtra() {
    extraReady ??= withWords(() => import('./engine-part.js'))().then(({ createEnginePart }) => {
      extra = createEnginePart({
        doc, scope, parts, viewer, library, t: words, load: modules.engine || null, options: o, failed,
        analysis: loadAnalysis, app,
      });
      return extra;
    });
    return extraReady;
  }

  /**
   * The Explorer beside the board (explorer/attach.js), made once; modules.explorer loads it.
   * A move clicked is played on the analysis board; the games found are listed in the table.
   */
  function loadExplorer() {
    explorerReady ??= modules.explorer().then(async ({ attachExplorer, explorerSheet }) => {
      await explorerSheet(scope);
      explorer = attachExplorer({
        doc, viewer, panel: parts.explorer, t: words, library,
        play: async (choice) => {
          const analysis = await loadAnalysis();
          const s = viewer.state;
          const moves = await library.legalMoves(s.game, s.line, s.ply);
          const m = (moves || []).find((x) => x.index === choice);
          if (m) await analysis.play(m);
        },
        list: (found) => {
          foundAt = found ? new Map(found.map((f) => [f.game - 1, f.ply])) : null;
          withList((l) => { l.restrict(found ? found.map((f) => f.game - 1) : null); updateCount(); });
        },
        close: () => app.setExplorer(false).catch(failed),
        listed: (found) => o.onListed?.(found),
      });
      return explorer;
    });
    return explorerReady;
  }

  /**
   * The tournament views (tournament.js: tabs, boards, standings) in parts.tournament, made the
   * first time a text has two games or more, or a view is asked for.
   */
  function loadTournament() {
    tournamentReady ??= modules.tournament().then(async ({ attachTournament, tournamentSheet }) => {
      await tournamentSheet(scope);
      tournament = attachTournament({
        doc, app, el: parts.tournament, entry: parts.tournamentEntry, download: o.download,
        onView: (view) => {
          host.dataset.view = view;
          viewer.setTab(view); // the viewer's state (state.js)
          // The board is hidden in boards and standings (style.css): the panel shows in its place,
          // however the view was chosen (the tabs, the game list's bar, the host's attribute).
          parts.tournament.hidden = view === 'game';
          o.onView?.(view);
        },
      });
      return tournament;
    });
    return tournamentReady;
  }

  /** The FEN of the shown position. */
  function currentFen() {
    const { view, line: id, ply } = viewer.state;
    const line = lineView(view, id);
    return ply > 0 ? line.plies[ply - 1].fen : (line.start && line.start.fen) || '';
  }

  const app = {
    viewer,
    library,
    edited,
    /** True while a live file is followed (follow.js): a game picked opens at its last move. */
    following: false,
    get t() { return t; },
    /** Resolves once the parts' words are in (the hosts' own parts wait for it). */
    partWords: () => withPartWords(),
    get lang() { return lang; },
    get list() { return list; },
    get solving() { return Boolean(solve && solve.active); },

    /** Loads language `code`'s words and redraws everything that has words. */
    async setLanguage(code) {
      const [first, more] = await Promise.all([loadCatalogue(code), partWords ? loadPartWords(code) : null]);
      lang = code;
      catalogue = first;
      if (more) partWords = more;
      t = translator();
      translatePage(scope, t);
      viewer.setTranslator(t);
      if (list) list.setTranslator(t);
      if (solve) solve.retranslate();
      if (tournament) tournament.refresh();
      extra?.update();
      updateCount();
    },

    /** Shows or hides the table's box for a text of `count` games (options.listWanted()). */
    showList(count = viewer.state.count) {
      if (parts.games) parts.games.hidden = !(count > 1 && (o.listWanted ? o.listWanted() : true));
    },
    /** The table's rows (library open()'s `rows` report); a long list's first rows are `partial`. */
    setRows(rows, { partial = false } = {}) {
      if (rows.length < 2) return Promise.resolve();
      return withList((l) => {
        l.setRows(rows);
        l.select(viewer.state.game);
        // A long list's first rows: the count is said once all are in.
        if (partial && parts.gamesCount) parts.gamesCount.textContent = '';
        else updateCount();
      });
    },
    /** Rows from `from` on, after the check pass read their games. */
    updateRows(from, rows) { return withList((l) => l.updateRows(from, rows)); },
    /** The table's order again (after the check pass). */
    refreshList() { return withList((l) => { l.refresh(); updateCount(); }); },
    /** Marks game `index` as the open one in the table (when there is one). */
    selectGame(index) { if (list) list.select(index); },
    /** Loads the table's module ahead of need. */
    preloadList() { modules.gamelist().then((m) => m.gamelistSheet(scope)).catch(() => {}); },
    pick,

    analysis: loadAnalysis,
    /** The editing tools' elements (editTools), empty when the host has no group for them. */
    tools,
    /** Undoes the last board edit; resolves to whether there was one. */
    undo: () => travel(true),
    /** Redoes the last edit undone. */
    redo: () => travel(false),
    /** Whether board edits were made since the text was opened (what opening another would drop). */
    get hasEdits() { return history.canUndo; },
    /** Each game edited since the text was opened: its index and its text as last written. */
    get written() { return written; },
    /** A new text is open: its edits and undo steps start over. */
    forgetEdits() {
      edited.clear();
      written.clear();
      history.clear();
      updateUndo();
    },
    startEditing,
    /**
     * Adds a host's own undo step: { apply(back) } undoes it (back) or redoes it (the page's
     * position edit). The reader is editing from then on.
     */
    pushStep(step) {
      history.push(step);
      startEditing();
      updateUndo();
    },
    /**
     * Asks the reader, in a small dialog over the viewer (never window.confirm), whether the
     * board edits may be dropped; resolves to true at once when there are none. `parent` gets
     * the dialog (the page's body; the element's shadow root by default).
     */
    confirmDiscard(parent = scope.body || scope) {
      if (!history.canUndo) return Promise.resolve(true);
      return askDiscard(doc, parent, t);
    },
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
        ply: solving ? solveAt : inLine ? s.ply : viewer.mainlinePly(),
        line: inLine ? s.line : null,
        orientation: s.flipped ? 'black' : null,
        mode: solving ? 'solve' : null,
      };
    },
    /** Solve mode on or off: the shown game from the shown position. Resolves to solve mode. */
    async setSolving(on) {
      if (on && !viewer.state.view) return null;
      if (!on && !solve) return null;
      const s = await loadSolve();
      if (on) startSolving();
      else s.stop();
      o.onSolve?.();
      return s;
    },
    currentFen,
    /** The tournament view shown: `game`, `boards` or `standings`. */
    get view() { return tournament ? tournament.view : 'game'; },
    /**
     * Shows a tournament view (tournament.js VIEWS; `round` for the boards) — or, with no
     * argument, the view drawn again for a new text. The game list's bar has the way in
     * (parts.tournamentEntry, from two games on); the tabs show only in the boards or the
     * standings, so that the game view keeps its height for the board.
     */
    async setView(view = null, { round = null } = {}) {
      if (!parts.tournament || !modules.tournament) return 'game';
      const wanted = view && view !== 'game';
      if (!wanted && !tournament && viewer.state.count < 2) return 'game';
      const tm = await loadTournament();
      if (view) await tm.setView(view, { round });
      else await tm.refresh();
      parts.tournament.hidden = tm.view === 'game';
      if (parts.tournamentEntry) parts.tournamentEntry.hidden = viewer.state.count < 2;
      return tm.view;
    },
    /** Resolves to the engine and the review (engine-part.js: `on`, `setEngine(on)`). */
    engine: loadExtra,
    /** Whether the Explorer is shown. */
    get explorerOn() { return Boolean(explorer && explorer.on); },
    /** The Explorer shown or hidden. Resolves to whether it is shown. */
    async setExplorer(on) {
      if (!parts.explorer || !modules.explorer) return false;
      if (!on && !explorer) return false;
      const x = await loadExplorer();
      x.set(on);
      viewer[x.on ? 'openPart' : 'closePart']('explorer'); // the viewer's state (state.js)
      o.onExplorer?.(x.on);
      return x.on;
    },
    /**
     * Player `name`'s games listed in the game table and their score (W/D/L in the file's
     * scoring) in the Explorer, shown if it was not. Resolves to the core's PlayerView, or null
     * where the host has no Explorer.
     */
    async showPlayer(name) {
      if (!parts.explorer || !modules.explorer) return null;
      const x = await loadExplorer();
      if (!x.on) { x.set(true); viewer.openPart('explorer'); o.onExplorer?.(true); }
      return x.showPlayer(name);
    },
    /** The players' names drawn again as buttons or text (the host's playerLinks changed). */
    refreshPlayerLinks() {
      viewer.redrawHeader();
      list?.redraw();
    },
    /** A new text was opened: the Explorer's index and search start again. */
    resetExplorer() {
      foundAt = null;
      if (list) list.restrict(null);
      explorer?.reset();
    },
    /**
     * Lists the games that reach the shown position (fen null) or the position of `fen` in
     * GameType `gametype` (default: the shown game's) in the game table, with the Explorer shown.
     * Resolves to them ([{game, ply}]). With `open`, the first of them is shown at the ply where
     * it reaches the position (an address's find=: the board, the Explorer and the table agree).
     */
    async findPosition(fen = null, gametype = null, { open = false } = {}) {
      if (!parts.explorer || !modules.explorer) return [];
      const x = await loadExplorer();
      if (!x.on) { x.set(true); viewer.openPart('explorer'); o.onExplorer?.(true); }
      const found = await (fen == null ? x.findHere() : x.findFen(fen, gametype || viewer.state.view?.variantNumber || ''));
      if (open && found.length) await pick(found[0].game - 1);
      return found;
    },
    /**
     * Lists the games whose board holds every piece of the FEN `pattern` (the other squares
     * free) in GameType `gametype` (default: the shown game's), with the Explorer shown.
     */
    async findPattern(pattern, gametype = null) {
      if (!parts.explorer || !modules.explorer) return [];
      const x = await loadExplorer();
      if (!x.on) { x.set(true); viewer.openPart('explorer'); o.onExplorer?.(true); }
      return x.findPattern(pattern, gametype || viewer.state.view?.variantNumber || '');
    },
    /**
     * The board editor over the page (editor.js), from `fen` on GameType `gametype` (by default
     * the shown position). link(pdn) makes its link; analyse(pdn) opens its game in the viewer.
     */
    async editPosition({ fen = null, gametype = null, link, analyse, onClose } = {}) {
      const { openEditor } = await modules.editor();
      let from = fen;
      if (from == null) {
        try { from = currentFen(); } catch { from = ''; } // no game shown: an empty board
      }
      startEditing();
      // With the Explorer, the editor can list the open text's games that reach its position.
      const find = parts.explorer && modules.explorer && viewer.state.count > 0
        ? (at, type, pattern) => (pattern ? app.findPattern(at, type) : app.findPosition(at, type)) : undefined;
      return openEditor({
        doc, t, fen: from, gametype: gametype || viewer.state.view?.variantNumber || DEFAULT_GAMETYPE,
        coordinates: viewer.state.coordinates, link, analyse, find, onClose,
      });
    },
  };
  return app;
}
