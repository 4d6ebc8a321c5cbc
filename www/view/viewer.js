// The controller: one viewer's state (state.js: a store changed only by named transitions) and
// the render that updates the page's parts from it — the board (viewer-board.js, the one place
// that draws the board's SVG), the move list (viewer-moves.js), the header, tags, messages and
// the navigation (here). Each method of the API applies a transition and renders what changed.
// Modes are states it checks (MODES); a mode's handler (analysis.js, solve.js) gets the board's
// input from controls.js. It knows no draughts rules: positions, moves and words come from the
// core's views.

import { MODES, SPEEDS, createStore, initialState, lastPly, mainlinePly, listOf, navigable, resolvePlace, shownLine } from './state.js';
import { createBoardRender, positionWords } from './viewer-board.js';
import { SLICE_MS, buildInSlices, createMovesRender } from './viewer-moves.js';
import { toDom } from './tree.js';
import { clocksAt, diagnosticsFor, diagnosticsList, english, gameHeader, moveWords, tagTable } from './views.js';
import { LIMITS } from '../reader/viewcap.js';

export { MODES, SPEEDS, SLICE_MS, buildInSlices };

function replaceChildren(el, node) {
  el.replaceChildren(...(node ? [node] : []));
}

/**
 * The parts with words, drawn from the state: the header, tags, messages, the navigation
 * buttons and the words under the board, the announcer, the play button (and autoplay's timer),
 * and the parts emptied when there is no game.
 * @param {any} ctx
 */
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
    /** The play button as the state says, and autoplay's timer stopped or (re)started. */
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
    /** No game: the header, move list, tags and board emptied, the buttons disabled. */
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
 * The render: the page's parts updated from the state, for what changed since `prev`. Options:
 * animate (the move drawn), quiet (no announcement), list (false: an edit that kept the moves),
 * keepScroll and focusLine (the move list), and what to draw whatever changed: all (a new
 * language), game (the game's parts), place (the place's parts), board, empty.
 * @param {any} ctx
 * @param {any} prev
 * @param {{ animate?: boolean, quiet?: boolean, list?: boolean, keepScroll?: boolean, focusLine?: any,
 *   all?: boolean, game?: boolean, place?: boolean, board?: boolean, empty?: boolean }} [options]
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

/** The API's games: the state, a game shown, fetched, edited, its folded lists opened, none. */
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
    /**
     * Opens a folded list of alternatives (its "show" button): the next LIMITS.perLevel of them,
     * LIMITS.depth levels deep. Variations the worker has not sent yet are asked for first.
     */
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
      // Focus moves to the first variation that was folded, so the keyboard goes on from there.
      const folded = ids.find((id) => !ctx.draw.moves.has(id));
      ctx.commit('expand', [key, entries, times], { keepScroll: true, focusLine: folded ?? null });
    },
    /**
     * Shows the game as an edit left it ({ view, place }, library.edit): the new view at
     * `place`. `list: false` when the moves did not change (marks), so the list stays as it is.
     */
    applyEdit({ view, place }, { animate = false, list = true } = {}) {
      ctx.commit('edit', [view, place], { list, place: true, animate: animate && Boolean(place) && place.ply > 0 });
    },
    /**
     * Shows no game (a text without one): the header, move list, tags and board are emptied
     * and the buttons disabled; the caller says why in the board's place.
     */
    clear() { ctx.commit('clear', [], { empty: true }); },
  };
}

/** The API's navigation: places, steps, variations, autoplay. */
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
    /**
     * ↓: into the first variation that replaces the next move; at the first move of a variation,
     * on to its next sibling. Returns whether it moved.
     */
    variationDown() { return moved('enterLine'); },
    /** ↑: out of the variation, back to where it branches from its parent line. */
    variationUp() { return moved('leaveLine'); },
    togglePlay() { ctx.commit('togglePlay'); },
    setSpeed(speed) { ctx.commit('setSpeed', [speed]); },
  };
  return api;
}

/** The API's board: a preview, the analysis pick, a piece held, overlays, the modes and their handlers. */
function boardInput(ctx) {
  const { store, handlers } = ctx;
  const api = {
    /** Draws `move` (from library.legalMoves) played over the shown position; null: not. */
    preview(move) { ctx.commit('preview', [move], { board: true }); },
    /** Draws the shown position again (after a preview that was not played). */
    redraw() { api.preview(null); },
    /** The analysis pick, { from, chosen, targets, via, … } or null, drawn as hints. */
    select(selection) { ctx.commit('select', [selection]); },
    /** { square, dx, dy }: the piece held by the pointer; null puts it back. */
    drag(held) { ctx.commit('drag', [held]); },
    /** The square under the page point (x, y), or null. */
    squareAt(x, y) { return ctx.draw.board.squareAt(x, y); },
    /** Adds (draw null: removes) an overlay: draw(model, state) -> tree, over or under the pieces. */
    setOverlay(name, draw, { under = false } = {}) { ctx.commit('setOverlay', [name, draw, { under }]); },
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

/** The API's settings: orientation, coordinates, animation, messages, words, the parts open. */
function settings(ctx) {
  return {
    flip() {
      ctx.commit('flip'); // with no game, the board's place keeps saying why
      ctx.onFlip(ctx.api);
    },
    setCoordinates(value) { ctx.commit('setCoordinates', [value]); },
    setAnimate(on) { ctx.commit('setAnimate', [on]); },
    /** Which messages to list: 'all', 'errors' (what a visitor needs) or 'none'. */
    setMessages(value) { ctx.commit('setMessages', [value]); },
    /** The header drawn again (whether its player names are buttons changed). */
    redrawHeader() { ctx.draw.parts.header(); },
    /** New language: redraw everything that has words. */
    setTranslator(fn) {
      ctx.t = fn;
      render(ctx, ctx.store.state, { all: true, quiet: true });
    },
    /** A part beside the board (the Explorer, the engine) opened or closed, in the state. */
    openPart(name) { ctx.commit('openPart', [name]); },
    closePart(name) { ctx.commit('closePart', [name]); },
    /** The tournament view shown ('game', 'boards', 'standings'), in the state. */
    setTab(name) { ctx.commit('setTab', [name]); },
    /** fn(state, previous, transition) after each change of the state; returns the unsubscribe. */
    subscribe(fn) { return ctx.store.subscribe(fn); },
  };
}

/**
 * els: { board, moves, diagnostics, header, tags, plyInfo, announcer, first, prev, next, last,
 *        flip, play }
 * library: { game(i) -> Promise<GameView> } (library.js)
 * onChange(api): after every redraw of the position (for the address, buttons outside).
 * onFlip(api): after the board is turned (the address keeps the orientation; no move event).
 * host: the element that gets data-ply, data-game and data-line (the page's body by default).
 * messages: 'all' | 'errors' | 'none' (views.js diagnosticsFor); locations: line:column as
 * buttons that show the spot in a text box (the main page), else as plain text.
 * playerLinks(): whether the header's player names are buttons (data-player) that show their
 * games and score (the host's Explorer: app.js).
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
    /** Applies transition `name` and renders what changed; returns the new state. */
    commit(name, args = [], options = {}) {
      const prev = store.state;
      const next = store.apply(name, ...args);
      if (next !== prev) render(ctx, prev, options);
      return next;
    },
    /** After each drawing of the board: the mode's handler is told. */
    shown() {
      const h = ctx.handlers.get(store.state.mode);
      if (h && h.shown) h.shown();
    },
    unfold() { ctx.commit('unfold'); },
  };
  ctx.draw = { parts: createPartsRender(ctx), board: createBoardRender(ctx), moves: createMovesRender(ctx) };
  const api = {};
  for (const group of [games, navigation, boardInput, settings]) Object.defineProperties(api, Object.getOwnPropertyDescriptors(group(ctx)));
  ctx.api = api;
  els.moves.addEventListener('click', (e) => {
    const btn = e.target && e.target.closest ? e.target.closest('.show-more[data-expand]') : null;
    if (btn && els.moves.contains(btn)) api.expand(btn.dataset.expand);
  });
  return api;
}
