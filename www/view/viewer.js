// The controller: each API method applies a transition to the viewer's state (state.js) and
// `render` redraws what changed: the board (the one place that draws its SVG), the move list, the
// parts with words. A mode's handler (analysis.js, solve.js) gets the board's input (controls.js).
// No draughts rules here: positions, moves and words come from the core's views.

import { MODES, SPEEDS, createStore, initialState, lastPly, mainlinePly, listOf, navigable, resolvePlace, shownLine } from './state.js';
import { SQUARE, boardModel, boardSvg, overlayGroup } from './board.js';
import { animateMove } from './board-dom.js';
import { toDom } from './tree.js';
import {
  clocksAt, diagnosticsFor, diagnosticsList, english, firstMover, gameHeader, lineView, moveLabel, moveListItems, moveWords, tagTable,
} from './views.js';
import { hintsLayer, marksAt, marksLayer } from './marks.js';
import { LIMITS } from '../reader/viewcap.js';

export { MODES, SPEEDS };

// The board.

/** "Position after 12. 32-28" or "Start position": the words of `line` at the state's ply. */
function positionWords(s, line, t) {
  const p = line.plies[s.ply - 1];
  return p ? t('board.after', { move: `${moveLabel(p, firstMover(s.view))} ${p.notation}` }) : t('board.start');
}

/** The model and words of the place, or of the preview's move played on it. */
function shownBoard(s, t) {
  const view = s.view;
  const line = lineView(view, s.line);
  const move = s.preview;
  if (!move) return { model: boardModel(line, s.ply, { flipped: s.flipped }), label: positionWords(s, line, t) };
  const before = s.ply > 0 ? line.plies[s.ply - 1].cells : (line.start && line.start.cells) || '';
  const model = boardModel({ board: view.board, start: { cells: before }, plies: [move] }, 1, { flipped: s.flipped });
  model.ply = s.ply; // the place under the preview
  return { model, label: t('board.after', { move: move.notation }) };
}

/** The layers over the board: the position's marks, the analysis hints and the overlays. */
function layers(s, model) {
  const marks = s.preview ? null : marksAt(s.view, s.line, s.ply);
  const extra = (under) => s.overlays.filter((o) => Boolean(o.under) === under).map((o) => o.draw(model, s));
  const sel = s.selection;
  const hints = sel && hintsLayer(model, { ...sel, selected: sel.from });
  return {
    under: [marks && marksLayer(model, { squares: marks.squares }), ...extra(true)],
    over: [marks && marksLayer(model, { arrows: marks.arrows }), hints, ...extra(false)],
  };
}

/** The board's render: draw({ animate }), overlays(), held(), squareAt(x, y), forget(). @param {any} ctx */
function createBoardRender(ctx) {
  const { doc, els } = ctx;
  let drawn = null; // { svg, model }: the board last drawn
  let held = null;  // { el, base }: the held piece's element

  /** The piece on `label` (free text: compared, not put in a selector). */
  function pieceAt(label) {
    if (!drawn) return null;
    for (const el of drawn.svg.querySelectorAll('g.piece')) if (el.getAttribute('data-square') === label) return el;
    return null;
  }

  /** The held piece (state.drag) drawn where the pointer is, or put back. */
  function drawHeld() {
    const d = ctx.store.state.drag;
    if (held && (!d || held.el !== pieceAt(d.square))) {
      held.el.setAttribute('transform', held.base);
      held.el.classList.remove('dragging');
      held = null;
    }
    if (!d || !drawn) return;
    const el = pieceAt(d.square);
    if (!el) return;
    if (!held) held = { el, base: el.getAttribute('transform') || '' };
    const r = drawn.svg.getBoundingClientRect();
    const scale = (drawn.model.width * SQUARE) / (r.width || 1);
    el.setAttribute('transform', `translate(${d.dx * scale} ${d.dy * scale}) ${held.base}`);
    el.classList.add('dragging');
    if (el.parentNode.lastChild !== el) el.parentNode.appendChild(el); // above the others
  }

  /** The board from the state, animated when asked. */
  function draw({ animate = false } = {}) {
    const s = ctx.store.state;
    const view = s.view;
    held = null;
    if (!view || !view.board || !view.board.squares || !view.board.squares.length) {
      const p = doc.createElement('p');
      p.className = 'board-missing';
      p.textContent = ctx.t('board.missing');
      els.board.replaceChildren(p);
      drawn = null;
      return;
    }
    const { model, label } = shownBoard(s, ctx.t);
    const svg = toDom(doc, boardSvg(model, { label, coordinates: s.coordinates, layers: layers(s, model) }));
    if (s.preview) svg.dataset.preview = s.preview.notation;
    els.board.replaceChildren(svg);
    drawn = { svg, model };
    drawHeld();
    if (animate && s.animate && !s.preview) animateMove(svg, model, { reducedMotion: ctx.reducedMotion() });
    ctx.shown();
  }

  /** Only the layers again (a pick): the pieces and an animation stay. */
  function overlays() {
    if (!drawn) return;
    const { under, over } = layers(ctx.store.state, drawn.model);
    for (const [where, trees] of /** @type {[string, any[]][]} */ ([['under', under], ['over', over]])) {
      const old = drawn.svg.querySelector(`g[data-overlays="${where}"]`);
      if (old) old.replaceWith(toDom(doc, overlayGroup(where, trees)));
    }
  }

  /** The square under the page point (x, y) on the board last drawn, or null. */
  function squareAt(x, y) {
    if (!drawn) return null;
    const r = drawn.svg.getBoundingClientRect();
    if (!r.width || !r.height) return null;
    const { model } = drawn;
    const col = Math.floor(((x - r.left) / r.width) * model.width);
    const row = Math.floor(((y - r.top) / r.height) * model.height);
    const sq = model.squares.find((q) => q.col === col && q.row === row);
    return sq ? sq.label : null;
  }

  return {
    draw,
    overlays,
    held: drawHeld,
    squareAt,
    get drawn() { return drawn != null; },
    forget() { drawn = null; held = null; },
  };
}

// The move list.

/** Longest stretch, in milliseconds, the move list is built for before the page gets a turn. */
export const SLICE_MS = 8;

/**
 * Appends the trees `items` (an iterator) to `list`, SLICE_MS a task, the first at once;
 * onSlice(done) after each. Returns a cancel function.
 * @param {any} doc @param {any} list @param {any} items
 * @param {{ onSlice?: (done: boolean) => void, budget?: number, now?: () => number, later?: (fn: () => void) => unknown }} [options]
 */
export function buildInSlices(doc, list, items, { onSlice = () => {}, budget = SLICE_MS, now = () => performance.now(), later = (fn) => setTimeout(fn, 0) } = {}) {
  let cancelled = false;
  function slice() {
    if (cancelled) return;
    const end = now() + budget;
    const part = doc.createDocumentFragment();
    let next;
    do {
      next = items.next();
      if (next.done) break;
      part.appendChild(toDom(doc, next.value, null));
    } while (now() < end);
    list.appendChild(part);
    onSlice(Boolean(next.done));
    if (!next.done && !cancelled) later(slice);
  }
  slice();
  return () => { cancelled = true; };
}

/** scroll(btn): only the list `box` scrolls (never the page: a phone's board stays), at the next frame. */
function scroller(doc, box) {
  let target = null;
  return (btn) => {
    const first = target == null;
    target = btn;
    if (!first) return;
    const frame = doc.defaultView && doc.defaultView.requestAnimationFrame
      ? (fn) => doc.defaultView.requestAnimationFrame(fn) : (fn) => setTimeout(fn, 0);
    frame(() => {
      const el = target;
      target = null;
      if (!el || !box.contains(el) || box.scrollHeight <= box.clientHeight + 1) return;
      const top = el.offsetTop;
      const bottom = top + el.offsetHeight;
      const margin = el.offsetHeight;
      if (top - margin < box.scrollTop) box.scrollTop = Math.max(0, top - margin);
      else if (bottom + margin > box.scrollTop + box.clientHeight) box.scrollTop = bottom + margin - box.clientHeight;
    });
  };
}

/** The move list's render: draw({ keepScroll, focusLine }), mark(), stop(), has(id). @param {any} ctx */
function createMovesRender(ctx) {
  const { doc } = ctx;
  const box = ctx.els.moves;
  const scrollSoon = scroller(doc, box);
  let stopBuild = () => {};
  let building = false;  // the move list is still being built
  let unmarked = false;  // the shown move's button was not in the list yet
  let listDrawn = false; // a move list was drawn (the box may be scrolled)

  /** Marks the shown move in the list and scrolls it into view; false when it is not (yet) there. */
  function mark() {
    const s = ctx.store.state;
    for (const el of box.querySelectorAll('.move.current')) {
      el.classList.remove('current');
      el.removeAttribute('aria-current');
    }
    const btn = s.line == null
      ? box.querySelector(`.move[data-ply="${s.ply}"]:not([data-line])`)
      : box.querySelector(`.move[data-line="${s.line}"][data-ply="${s.ply}"]`);
    unmarked = !btn;
    if (!btn) {
      if (!building) ctx.unfold(); // the shown variation is folded away (keys, a link)
      return false;
    }
    btn.classList.add('current');
    btn.setAttribute('aria-current', 'step');
    scrollSoon(btn);
    return true;
  }

  /** (Re)builds the move list in slices; the shown move is marked when its slice is in. */
  function draw({ keepScroll = false, focusLine = null } = {}) {
    stopBuild();
    const s = ctx.store.state;
    const ol = doc.createElement('ol');
    ol.className = 'move-list';
    let scrollTo = keepScroll ? box.scrollTop : null;
    box.replaceChildren(ol);
    // Setting scrollTop lays the page out (17 ms under load): not for the first list.
    if (!keepScroll && listDrawn) box.scrollTop = 0;
    listDrawn = true;
    const where = s.line == null ? s.ply : { line: s.line, ply: s.ply };
    const items = moveListItems(s.view, where, { t: ctx.t, expanded: s.expanded, locations: ctx.locations });
    unmarked = true;
    building = true;
    stopBuild = buildInSlices(doc, ol, items, {
      onSlice(done) {
        building = !done;
        if (scrollTo != null) {
          box.scrollTop = scrollTo;
          if (box.scrollTop >= scrollTo - 1) scrollTo = null;
        }
        if (focusLine != null) {
          const btn = ol.querySelector(`.move[data-line="${focusLine}"]`);
          if (btn) { btn.focus({ preventScroll: false }); focusLine = null; }
        }
        if (unmarked) mark();
        box.setAttribute('aria-busy', String(!done));
      },
    });
  }

  return {
    draw,
    mark,
    stop() { stopBuild(); },
    has(id) { return Boolean(box.querySelector(`li.variation[data-variation="${id}"]`)); },
  };
}

// The parts with words, the render, the API.

function replaceChildren(el, node) {
  el.replaceChildren(...(node ? [node] : []));
}

/** Header, tags, messages, navigation, announcer, play button (and its timer), all emptied. @param {any} ctx */
function createPartsRender(ctx) {
  const { doc, els, host } = ctx;
  const html = (tree) => (tree ? toDom(doc, tree, null) : null);
  let timer = null;
  const parts = {
    header() {
      const s = ctx.store.state;
      if (!s.view) return;
      const clocks = clocksAt(shownLine(s), s.ply);
      replaceChildren(els.header, html(gameHeader(s.view, { t: ctx.t, clocks, players: Boolean(ctx.playerLinks()) })));
    },
    tags() { replaceChildren(els.tags, html(tagTable(ctx.store.state.view))); },
    diagnostics() {
      const s = ctx.store.state;
      if (!s.view) return;
      const { list, extra } = diagnosticsFor(s.view, s.messages);
      replaceChildren(els.diagnostics, html(diagnosticsList(list, ctx.t, { extra, locations: ctx.locations })));
      els.diagnostics.hidden = !list.length;
    },
    nav() {
      const s = ctx.store.state;
      const line = shownLine(s);
      const last = lastPly(s);
      const inVariation = s.line != null;
      const off = !navigable(s);
      els.first.disabled = off || (!inVariation && s.ply <= 0);
      els.prev.disabled = off || (!inVariation && s.ply <= 0);
      els.next.disabled = els.last.disabled = off || s.ply >= last;
      els.play.disabled = off || (!s.playing && s.ply >= last);
      els.plyInfo.textContent = line
        ? ctx.t(inVariation ? 'ply.infoVariation' : 'ply.info', { position: positionWords(s, line, ctx.t), ply: s.ply, count: last })
        : '';
      host.dataset.ply = String(s.ply);
      if (inVariation) host.dataset.line = String(s.line);
      else delete host.dataset.line;
      host.dataset.game = String(s.game + 1);
      els.board.dataset.ply = String(s.ply);
    },
    announce() {
      const s = ctx.store.state;
      if (s.view && els.announcer) els.announcer.textContent = moveWords(shownLine(s), s.ply, ctx.t);
    },
    play() {
      const { playing, speed } = ctx.store.state;
      if (timer) clearInterval(timer);
      timer = null;
      const words = ctx.t(playing ? 'nav.pause' : 'nav.play');
      els.play.setAttribute('aria-pressed', String(playing));
      els.play.setAttribute('aria-label', words);
      els.play.title = words;
      els.play.classList.toggle('playing', playing);
      if (!playing) return;
      timer = setInterval(() => {
        const s = ctx.store.state;
        if (!s.view || s.ply >= lastPly(s)) ctx.commit('pause');
        else ctx.api.step(1);
      }, SPEEDS[speed] || SPEEDS.normal);
    },
    empty() {
      for (const el of [els.header, els.moves, els.tags, els.board]) el.replaceChildren();
      replaceChildren(els.diagnostics, null);
      els.diagnostics.hidden = true;
      parts.nav();
      host.dataset.game = '0';
    },
  };
  return parts;
}

/**
 * The render: the parts redrawn for what changed since `prev`; all, game, place, board, empty:
 * drawn whatever changed; list false: an edit kept the moves; quiet: no announcement.
 * @param {any} ctx @param {any} prev @param {any} [options]
 */
function render(ctx, prev, { animate = false, quiet = false, list = true, keepScroll = false, focusLine = null, all = false, game = false, place = false, board = false, empty = false } = {}) {
  const s = ctx.store.state;
  const differs = (k) => prev[k] !== s[k];
  const { parts, board: b, moves } = ctx.draw;
  if (all || differs('playing') || (s.playing && differs('speed'))) parts.play();
  if (all || differs('flipped')) ctx.els.flip.setAttribute('aria-pressed', String(s.flipped));
  if (!s.view) {
    if (prev.view || empty) { moves.stop(); b.forget(); parts.empty(); }
    else if (['mode', 'playing', 'game'].some(differs)) parts.nav();
    return;
  }
  if (all || game || (list && differs('view')) || differs('game')) {
    parts.tags();
    moves.draw();
    parts.diagnostics();
  } else {
    if (differs('expanded') || differs('autoOpened')) moves.draw({ keepScroll, focusLine });
    if (differs('messages')) parts.diagnostics();
  }
  if (all || place || ['view', 'game', 'line', 'ply'].some(differs)) {
    b.draw({ animate });
    moves.mark();
    parts.header();
    parts.nav();
    if (!quiet) parts.announce();
    ctx.onChange(ctx.api);
    return;
  }
  if (board || ['preview', 'flipped', 'coordinates', 'mode'].some(differs)) b.draw();
  else if (differs('selection') || differs('overlays')) b.overlays();
  else if (differs('drag')) b.held();
  if (differs('mode') || differs('playing')) parts.nav();
}

/** The API: games. */
function games(ctx) {
  const { store } = ctx;
  const show = (index, view, ply, count) => {
    const before = store.state;
    return ctx.commit('showGame', [index, view, ply, count], { game: true, place: true, quiet: true }) !== before;
  };
  return {
    get state() { return store.state; },
    /** Show a view the worker already sent (the first game of a new text). */
    setGame(index, view, ply = 0, count = store.state.count) {
      ctx.commit('ask');
      show(index, view, ply, count);
    },
    /** Fetch game `index` (0-based) from the worker and show it at `ply`; false when it is not shown. */
    async showGame(index, ply = 0) {
      const mine = ctx.commit('ask').pending;
      const view = await ctx.library.game(index);
      if (mine !== store.state.pending) return false; // the user asked for another game meanwhile
      return show(index, view, ply, store.state.count);
    },
    /** Opens a folded list of alternatives ("show"): the next LIMITS.perLevel, asked for if not sent. */
    async expand(key) {
      const s = store.state;
      if (!s.view || !navigable(s)) return;
      const ids = listOf(s.view, key);
      const variations = s.view.variations || [];
      const times = (s.expanded.get(String(key)) || 0) + 1;
      const missing = ids.findIndex((id) => !variations[id]);
      let entries = [];
      if (missing >= 0) {
        entries = await ctx.library.variations(s.game, ids.slice(missing, missing + LIMITS.perLevel));
        if (store.state.view !== s.view) return; // another game meanwhile
      }
      // The keyboard goes on from the first variation that was folded.
      const folded = ids.find((id) => !ctx.draw.moves.has(id));
      ctx.commit('expand', [key, entries, times], { keepScroll: true, focusLine: folded ?? null });
    },
    /** The game as an edit left it ({ view, place }, library.edit); list: false keeps the move list. */
    applyEdit({ view, place }, { animate = false, list = true } = {}) {
      ctx.commit('edit', [view, place], { list, place: true, animate: animate && Boolean(place) && place.ply > 0 });
    },
    /** No game: the parts emptied, the buttons off; the caller says why in the board's place. */
    clear() { ctx.commit('clear', [], { empty: true }); },
  };
}

/** The API: navigation. */
function navigation(ctx) {
  const { store } = ctx;
  const moved = (name) => { const before = store.state; return ctx.commit(name) !== before; };
  const api = {
    /** Show `ply` plies into `line` (null: the mainline); false where the mode refuses it. */
    goTo(ply, line = store.state.line, options = {}) {
      return navigable(store.state) ? api.showPlace({ ply, line }, options) : false;
    },
    /** Shows `place` ({ ply, line }) whatever the mode (solve mode's moves). */
    showPlace({ ply = 0, line = null } = {}, { animate = false } = {}) {
      const s = store.state;
      if (!s.view) return false;
      const to = resolvePlace(s.view, ply, line);
      const forwardOne = to.line === s.line && to.ply === s.ply + 1;
      ctx.commit('showPlace', [ply, line], { animate: animate && forwardOne });
      return true;
    },
    /** The mainline ply of the shown position, or of the point where its variation branches off. */
    mainlinePly() { return mainlinePly(store.state); },
    step(delta) { return api.goTo(store.state.ply + delta, store.state.line, { animate: delta === 1 }); },
    first() { return api.goTo(0, null); },
    last() { return store.state.view ? api.goTo(lastPly(store.state)) : false; },
    /** ↓ (state.js enterLine); whether it moved. */
    variationDown() { return moved('enterLine'); },
    /** ↑ (state.js leaveLine); whether it moved. */
    variationUp() { return moved('leaveLine'); },
  };
  return api;
}

/** The API: the board's input and the modes. */
function boardInput(ctx) {
  const { store, handlers } = ctx;
  const api = {
    /** Draws `move` (from library.legalMoves) played over the shown position; null: not. */
    preview(move) { ctx.commit('preview', [move], { board: true }); },
    /** Draws the shown position again (after a preview that was not played). */
    redraw() { api.preview(null); },
    /** The square under the page point (x, y), or null. */
    squareAt(x, y) { return ctx.draw.board.squareAt(x, y); },
    /**
     * The handler of mode `name`: { enter(), leave(), shown() after each drawing, play(move),
     * pointer: { down, move, up, cancel, menu } -> whether it took the event }, each optional.
     */
    handle(name, h) {
      if (!Object.hasOwn(MODES, name)) return;
      if (h) handlers.set(name, h); else handlers.delete(name);
      if (name === store.state.mode && h && h.shown && ctx.draw.board.drawn) h.shown();
    },
    /** Enters mode `name`: the old handler leaves, the new one enters. */
    setMode(name) {
      if (!Object.hasOwn(MODES, name)) return false;
      const prev = store.state;
      if (name === prev.mode) return true;
      const old = api.modeHandler();
      store.apply('setMode', name);
      if (old && old.leave) old.leave();
      const h = api.modeHandler();
      if (h && h.enter) h.enter();
      render(ctx, prev);
      return true;
    },
    /** Whether the mode lets the reader step through the game. */
    get navigable() { return navigable(store.state); },
    /** The handler of the mode shown (see handle), or null. */
    modeHandler() { return handlers.get(store.state.mode) || null; },
    /** The mode's board input (its handler's `pointer`), or null. */
    input() {
      const h = api.modeHandler();
      return MODES[store.state.mode].pieces && h && h.pointer ? h.pointer : null;
    },
  };
  return api;
}

/** The API: settings. */
function settings(ctx) {
  return {
    flip() {
      ctx.commit('flip'); // with no game, the board's place keeps saying why
      ctx.onFlip(ctx.api);
    },
    /** The header drawn again (whether its player names are buttons changed). */
    redrawHeader() { ctx.draw.parts.header(); },
    /** New language: redraw everything that has words. */
    setTranslator(fn) {
      ctx.t = fn;
      render(ctx, ctx.store.state, { all: true, quiet: true });
    },
    /** fn(state, previous, transition) after each change; returns the unsubscribe. */
    subscribe(fn) { return ctx.store.subscribe(fn); },
  };
}

/**
 * els: the parts (board, moves, diagnostics, header, tags, plyInfo, announcer, first, prev, next,
 * last, flip, play); library: { game(i), variations } (library.js); onChange(api) after each new
 * place, onFlip(api); host: gets data-ply, data-game, data-line; messages: 'all' | 'errors' |
 * 'none'; locations: line:column as buttons; playerLinks(): the header's names as buttons.
 * @param {{ doc: any, els: any, library: any, t?: (key: string, args?: object) => string,
 *   onChange?: (api: any) => void, onFlip?: (api: any) => void, reducedMotion?: () => boolean,
 *   host?: HTMLElement, messages?: string, locations?: boolean, playerLinks?: () => boolean }} options
 */
export function createViewer({ doc, els, library, t = english, onChange = () => {}, onFlip = () => {}, reducedMotion = () => false, host = doc.body, messages = 'all', locations = true, playerLinks = () => false }) {
  const store = createStore(initialState({ messages }));
  const ctx = {
    doc, els, library, host, store, t, onChange, onFlip, reducedMotion, locations, playerLinks,
    handlers: new Map(), // mode -> handler (see handle)
    api: null,
    draw: null,
    commit(name, args = [], options = {}) {
      const prev = store.state;
      const next = store.apply(name, ...args);
      if (next !== prev) render(ctx, prev, options);
      return next;
    },
    shown() {
      const h = ctx.handlers.get(store.state.mode);
      if (h && h.shown) h.shown();
    },
    unfold() { ctx.commit('unfold'); },
  };
  ctx.draw = { parts: createPartsRender(ctx), board: createBoardRender(ctx), moves: createMovesRender(ctx) };
  const api = {};
  for (const group of [games, navigation, boardInput, settings]) Object.defineProperties(api, Object.getOwnPropertyDescriptors(group(ctx)));
  // The methods that only apply their transition (state.js's table says what each changes).
  for (const name of ['togglePlay', 'setSpeed', 'select', 'drag', 'setOverlay', 'setCoordinates', 'setAnimate', 'setMessages', 'openPart', 'closePart', 'setTab']) {
    api[name] = (...args) => { ctx.commit(name, args); };
  }
  ctx.api = api;
  els.moves.addEventListener('click', (e) => {
    const btn = e.target && e.target.closest ? e.target.closest('.show-more[data-expand]') : null;
    if (btn && els.moves.contains(btn)) api.expand(btn.dataset.expand);
  });
  return api;
}
