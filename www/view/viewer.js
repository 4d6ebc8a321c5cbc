// The controller: one object that owns the view state (game, line, ply, orientation, mode, the
// analysis pick, a preview, overlays) and redraws the page parts from it with the pure builders;
// its render is the one place that draws the board's SVG. Modes are states it checks (MODES); a
// mode's handler (analysis.js, solve.js) gets the board's input from controls.js. It knows no
// draughts rules: positions, moves and words come from the core's views.

import { SQUARE, boardModel, boardSvg, clampPly, overlayGroup } from './board.js';
import { animateMove } from './board-dom.js';
import { toDom } from './tree.js';
import {
  clocksAt, diagnosticsFor, diagnosticsList, english, firstMover, gameHeader, lineView, moveLabel, moveListItems, moveWords, tagTable,
} from './views.js';
import { LIMITS } from '../reader/viewcap.js';

/** @typedef {import('pdn-viewer/library').GameView} GameView The core's game view, typed from the Rust (tsconfig.json). */
import { hintsLayer, marksAt, marksLayer } from './marks.js';

/** What each mode allows: stepping through the game; the board's pointer input to its handler. */
export const MODES = Object.freeze({
  view: Object.freeze({ navigate: true, pieces: false }),
  analysis: Object.freeze({ navigate: true, pieces: true }),
  solve: Object.freeze({ navigate: false, pieces: true }),
  edit: Object.freeze({ navigate: false, pieces: false }),
});

function replaceChildren(el, node) {
  el.replaceChildren(...(node ? [node] : []));
}

/** Longest stretch, in milliseconds, the move list is built for before the page gets a turn. */
export const SLICE_MS = 8;

/**
 * Appends the trees `items` (an iterator) to `list` as DOM, SLICE_MS at a time: the first slice
 * at once, the rest in later tasks. `onSlice(done)` runs after each. Returns a cancel function.
 * @param {any} doc
 * @param {any} list
 * @param {any} items
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

/** Autoplay delays per speed setting, in milliseconds. */
export const SPEEDS = Object.freeze({ slow: 2000, normal: 1000, fast: 400 });

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
  const state = {
    count: 0,         // games in the open text
    game: -1,         // 0-based index of the shown game
    /** @type {GameView | null} */
    view: null,       // GameView of the shown game (with its marks)
    line: null,       // null: the mainline; else the id of the variation being shown
    ply: 0,           // plies played in that line (0 = its start)
    flipped: false,
    coordinates: 'numbers',
    animate: true,
    speed: 'normal',
    playing: false,
    expanded: new Map(), // variation lists opened with "show": key -> times (views.js)
    mode: 'view',     // a key of MODES
    selection: null,  // the analysis pick (analysis.js), drawn as hints
    preview: null,    // a legal move drawn played over the shown position
    drag: null,       // { square, dx, dy }: a piece held, moved by CSS pixels
    overlays: [],     // [{ name, under, draw(model, state) -> tree }]
  };
  let stopBuild = () => {};
  let building = false;  // the move list is still being built
  let unmarked = false;  // the shown move's button was not in the list yet
  let autoOpened = null; // the line last opened because the current move was folded away
  let request = 0;    // the newest game request; older answers are dropped
  let timer = null;
  let drawn = null;        // { svg, model }: the board last drawn
  let held = null;         // { el, base }: the held piece's element
  let listDrawn = false;   // a move list was drawn (the box may be scrolled)
  const handlers = new Map(); // mode -> handler (see handle)

  const html = (tree) => (tree ? toDom(doc, tree, null) : null);
  const mode = () => MODES[state.mode];
  const handler = () => handlers.get(state.mode) || null;

  /** A new place: what was picked, previewed or held goes. */
  function leavePlace() {
    state.selection = null;
    state.preview = null;
    state.drag = null;
  }

  /** The model and words of the place, or of the preview's move played on it. */
  function shownBoard(view) {
    const line = lineView(view, state.line);
    const move = state.preview;
    if (!move) return { model: boardModel(line, state.ply, { flipped: state.flipped }), label: positionWords(line) };
    const before = state.ply > 0 ? line.plies[state.ply - 1].cells : (line.start && line.start.cells) || '';
    const model = boardModel({ board: view.board, start: { cells: before }, plies: [move] }, 1, { flipped: state.flipped });
    model.ply = state.ply; // the place under the preview
    return { model, label: t('board.after', { move: move.notation }) };
  }

  /** The layers over the board: the position's marks, the analysis hints and the overlays. */
  function layers(model) {
    const marks = state.preview ? null : marksAt(state.view, state.line, state.ply);
    const extra = (under) => state.overlays.filter((o) => Boolean(o.under) === under).map((o) => o.draw(model, state));
    const sel = state.selection;
    const hints = sel && hintsLayer(model, { ...sel, selected: sel.from });
    return {
      under: [marks && marksLayer(model, { squares: marks.squares }), ...extra(true)],
      over: [marks && marksLayer(model, { arrows: marks.arrows }), hints, ...extra(false)],
    };
  }

  /** The render: the board from the state, animated when asked. */
  function drawBoard({ animate = false } = {}) {
    const view = state.view;
    held = null;
    if (!view || !view.board || !view.board.squares || !view.board.squares.length) {
      const p = doc.createElement('p');
      p.className = 'board-missing';
      p.textContent = t('board.missing');
      replaceChildren(els.board, p);
      drawn = null;
      return;
    }
    const { model, label } = shownBoard(view);
    const svg = toDom(doc, boardSvg(model, { label, coordinates: state.coordinates, layers: layers(model) }));
    if (state.preview) svg.dataset.preview = state.preview.notation;
    replaceChildren(els.board, svg);
    drawn = { svg, model };
    drawHeld();
    if (animate && state.animate && !state.preview) animateMove(svg, model, { reducedMotion: reducedMotion() });
    const h = handler();
    if (h && h.shown) h.shown();
  }

  /** Only the layers again (a pick): the pieces and an animation stay. */
  function drawOverlays() {
    if (!drawn) return;
    const { under, over } = layers(drawn.model);
    for (const [where, trees] of /** @type {[string, any[]][]} */ ([['under', under], ['over', over]])) {
      const old = drawn.svg.querySelector(`g[data-overlays="${where}"]`);
      if (old) old.replaceWith(toDom(doc, overlayGroup(where, trees)));
    }
  }

  /** The piece on `label` (free text: compared, not put in a selector). */
  function pieceAt(label) {
    if (!drawn) return null;
    for (const el of drawn.svg.querySelectorAll('g.piece')) if (el.getAttribute('data-square') === label) return el;
    return null;
  }

  /** The held piece (state.drag) drawn where the pointer is, or put back. */
  function drawHeld() {
    const d = state.drag;
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

  /** "Position after 12. 32-28" or "Start position". */
  function positionWords(line) {
    const p = line.plies[state.ply - 1];
    return p ? t('board.after', { move: `${moveLabel(p, firstMover(state.view))} ${p.notation}` }) : t('board.start');
  }

  /**
   * Scrolls only the move list, never the page (on a phone the board must stay where it is),
   * so that `btn` is in view, at the next frame: measuring now would lay the page out twice.
   */
  let scrollTarget = null;
  function scrollSoon(btn) {
    const first = scrollTarget == null;
    scrollTarget = btn;
    if (!first) return;
    const frame = doc.defaultView && doc.defaultView.requestAnimationFrame
      ? (fn) => doc.defaultView.requestAnimationFrame(fn) : (fn) => setTimeout(fn, 0);
    frame(() => {
      const target = scrollTarget;
      scrollTarget = null;
      const box = els.moves;
      if (!target || !box.contains(target) || box.scrollHeight <= box.clientHeight + 1) return;
      const top = target.offsetTop;
      const bottom = top + target.offsetHeight;
      const margin = target.offsetHeight;
      if (top - margin < box.scrollTop) box.scrollTop = Math.max(0, top - margin);
      else if (bottom + margin > box.scrollTop + box.clientHeight) box.scrollTop = bottom + margin - box.clientHeight;
    });
  }

  /** Marks the shown move in the list and scrolls it into view; false when it is not (yet) there. */
  function markCurrentMove() {
    for (const el of els.moves.querySelectorAll('.move.current')) {
      el.classList.remove('current');
      el.removeAttribute('aria-current');
    }
    const btn = state.line == null
      ? els.moves.querySelector(`.move[data-ply="${state.ply}"]:not([data-line])`)
      : els.moves.querySelector(`.move[data-line="${state.line}"][data-ply="${state.ply}"]`);
    unmarked = !btn;
    if (!btn) {
      if (!building) openFolded();
      return false;
    }
    btn.classList.add('current');
    btn.setAttribute('aria-current', 'step');
    scrollSoon(btn);
    return true;
  }

  /** The ids of a list of alternatives by its key ("m:3": on ply 3 of the mainline). */
  function listOf(key) {
    const [line, ply] = String(key).split(':');
    const view = state.view;
    const owner = line === 'm' ? view : (view.variations || [])[Number(line)];
    const p = owner && (owner.plies || [])[Number(ply) - 1];
    return (p && p.variations) || [];
  }

  /** The shown variation is folded away (keys, a link): open the lists that hold it. */
  function openFolded() {
    const variations = (state.view && state.view.variations) || [];
    if (state.line == null || autoOpened === state.line || !variations[state.line]) return;
    autoOpened = state.line;
    for (let id = state.line; id != null && variations[id];) {
      const v = variations[id];
      const key = `${v.parent ?? 'm'}:${v.replaces}`;
      const at = listOf(key).indexOf(id);
      const times = Math.ceil((at + 1) / LIMITS.perLevel);
      if ((state.expanded.get(key) || 0) < times) state.expanded.set(key, times);
      id = v.parent;
    }
    drawMoves({ keepScroll: false });
  }

  function drawHeader() {
    if (!state.view) return;
    const line = lineView(state.view, state.line);
    replaceChildren(els.header, html(gameHeader(state.view, { t, clocks: clocksAt(line, state.ply), players: Boolean(playerLinks()) })));
  }

  function updateNav() {
    const line = state.view ? lineView(state.view, state.line) : null;
    const last = line ? line.plies.length : 0;
    const inVariation = state.line != null;
    const off = !mode().navigate;
    els.first.disabled = off || (!inVariation && state.ply <= 0);
    els.prev.disabled = off || (!inVariation && state.ply <= 0);
    els.next.disabled = els.last.disabled = off || state.ply >= last;
    els.play.disabled = off || (!state.playing && state.ply >= last);
    if (line) {
      const position = positionWords(line);
      els.plyInfo.textContent = t(inVariation ? 'ply.infoVariation' : 'ply.info', { position, ply: state.ply, count: last });
    } else {
      els.plyInfo.textContent = '';
    }
    host.dataset.ply = String(state.ply);
    if (inVariation) host.dataset.line = String(state.line);
    else delete host.dataset.line;
    host.dataset.game = String(state.game + 1);
    els.board.dataset.ply = String(state.ply);
  }

  function announce() {
    if (!state.view || !els.announcer) return;
    els.announcer.textContent = moveWords(lineView(state.view, state.line), state.ply, t);
  }

  function drawPly({ animate = false, quiet = false } = {}) {
    drawBoard({ animate });
    markCurrentMove();
    drawHeader();
    updateNav();
    if (!quiet) announce();
    onChange(api);
  }

  /** (Re)builds the move list in slices; the shown move is marked when its slice is in. */
  function drawMoves({ keepScroll = false, focusLine = null } = {}) {
    stopBuild();
    const view = state.view;
    const ol = doc.createElement('ol');
    ol.className = 'move-list';
    let scrollTo = keepScroll ? els.moves.scrollTop : null;
    els.moves.replaceChildren(ol);
    // Setting scrollTop lays the page out at once; the first list has nothing scrolled to reset
    // (on the first screen: 17 ms of a CPU profile under load, before the sample showed).
    if (!keepScroll && listDrawn) els.moves.scrollTop = 0;
    listDrawn = true;
    const where = state.line == null ? state.ply : { line: state.line, ply: state.ply };
    const items = moveListItems(view, where, { t, expanded: state.expanded, locations });
    unmarked = true;
    building = true;
    stopBuild = buildInSlices(doc, ol, items, {
      onSlice(done) {
        building = !done;
        if (scrollTo != null) {
          els.moves.scrollTop = scrollTo;
          if (els.moves.scrollTop >= scrollTo - 1) scrollTo = null;
        }
        if (focusLine != null) {
          const btn = ol.querySelector(`.move[data-line="${focusLine}"]`);
          if (btn) { btn.focus({ preventScroll: false }); focusLine = null; }
        }
        if (unmarked) markCurrentMove();
        els.moves.setAttribute('aria-busy', String(!done));
      },
    });
  }

  function drawGame() {
    const view = state.view;
    replaceChildren(els.tags, html(tagTable(view)));
    drawMoves();
    drawDiagnostics();
  }

  function drawDiagnostics() {
    const view = state.view;
    if (!view) return;
    const { list, extra } = diagnosticsFor(view, messages);
    replaceChildren(els.diagnostics, html(diagnosticsList(list, t, { extra, locations })));
    els.diagnostics.hidden = !list.length;
  }

  els.moves.addEventListener('click', (e) => {
    const btn = e.target && e.target.closest ? e.target.closest('.show-more[data-expand]') : null;
    if (btn && els.moves.contains(btn)) api.expand(btn.dataset.expand);
  });

  function stopTimer() {
    if (timer) clearInterval(timer);
    timer = null;
  }

  function setPlaying(on) {
    state.playing = on;
    stopTimer();
    els.play.setAttribute('aria-pressed', String(on));
    els.play.setAttribute('aria-label', t(on ? 'nav.pause' : 'nav.play'));
    els.play.title = t(on ? 'nav.pause' : 'nav.play');
    els.play.classList.toggle('playing', on);
    if (on) {
      timer = setInterval(() => {
        const line = lineView(state.view, state.line);
        if (!line || state.ply >= line.plies.length) { setPlaying(false); updateNav(); return; }
        api.step(1);
      }, SPEEDS[state.speed] || SPEEDS.normal);
    }
  }

  function show(index, view, ply, count) {
    setPlaying(false);
    state.count = count;
    state.game = index;
    // Views come capped by the core (pdn-view's budgets); "show" asks the library for more.
    state.view = view;
    state.line = null;
    leavePlace();
    state.expanded = new Map();
    autoOpened = null;
    state.ply = ply === 'last' ? view.plies.length : clampPly(view, ply);
    drawGame();
    drawPly({ quiet: true });
  }

  const api = {
    get state() { return state; },

    /** Show a view the worker already sent (the first game of a new text). */
    setGame(index, view, ply = 0, count = state.count) {
      request += 1;
      show(index, view, ply, count);
    },

    /** Fetch game `index` (0-based) from the worker and show it at `ply`. */
    async showGame(index, ply = 0) {
      const mine = ++request;
      const view = await library.game(index);
      if (mine !== request) return false; // the user asked for another game meanwhile
      show(index, view, ply, state.count);
      return true;
    },

    /**
     * Opens a folded list of alternatives (its "show" button): the next LIMITS.perLevel of them,
     * LIMITS.depth levels deep. Variations the worker has not sent yet are asked for first.
     */
    async expand(key) {
      if (!state.view || !mode().navigate) return;
      const view = state.view;
      const ids = listOf(key);
      const variations = view.variations || [];
      const times = (state.expanded.get(key) || 0) + 1;
      const missing = ids.findIndex((id) => !variations[id]);
      if (missing >= 0) {
        const asked = ids.slice(missing, missing + LIMITS.perLevel);
        const entries = await library.variations(state.game, asked);
        if (state.view !== view) return; // another game meanwhile
        for (const [id, v] of entries) if (!variations[id]) variations[id] = v;
      }
      state.expanded.set(key, times);
      // Focus moves to the first variation that was folded, so the keyboard goes on from there.
      const folded = ids.find((id) => !els.moves.querySelector(`li.variation[data-variation="${id}"]`));
      drawMoves({ keepScroll: true, focusLine: folded ?? null });
    },

    /** Draws `move` (from library.legalMoves) played over the shown position; null: not. */
    preview(move) {
      if (!state.view || !state.view.board) return;
      leavePlace();
      state.preview = move || null;
      drawBoard();
    },
    /** Draws the shown position again (after a preview that was not played). */
    redraw() { api.preview(null); },

    /** The analysis pick, { from, chosen, targets, via, … } or null, drawn as hints. */
    select(selection) {
      state.selection = selection || null;
      drawOverlays();
    },
    /** { square, dx, dy }: the piece held by the pointer; null puts it back. */
    drag(held) {
      state.drag = held && held.square != null ? { square: String(held.square), dx: held.dx || 0, dy: held.dy || 0 } : null;
      drawHeld();
    },
    /** The square under the page point (x, y), or null. */
    squareAt(x, y) {
      if (!drawn) return null;
      const r = drawn.svg.getBoundingClientRect();
      if (!r.width || !r.height) return null;
      const { model } = drawn;
      const col = Math.floor(((x - r.left) / r.width) * model.width);
      const row = Math.floor(((y - r.top) / r.height) * model.height);
      const sq = model.squares.find((q) => q.col === col && q.row === row);
      return sq ? sq.label : null;
    },
    /** Adds (draw null: removes) an overlay: draw(model, state) -> tree, over or under the pieces. */
    setOverlay(name, draw, { under = false } = {}) {
      state.overlays = state.overlays.filter((o) => o.name !== name);
      if (draw) state.overlays.push({ name, under, draw });
      drawOverlays();
    },
    /**
     * The handler of mode `name`: { enter(), leave(), shown() after each drawing, play(move),
     * pointer: { down, move, up, cancel, menu } -> whether it took the event }, each optional.
     */
    handle(name, h) {
      if (!MODES[name]) return;
      if (h) handlers.set(name, h); else handlers.delete(name);
      if (name === state.mode && h && h.shown && drawn) h.shown();
    },
    /** Enters mode `name`: the old handler leaves, the new one enters. */
    setMode(name) {
      if (!MODES[name]) return false;
      if (name === state.mode) return true;
      const old = handler();
      setPlaying(false);
      state.mode = name;
      leavePlace();
      if (old && old.leave) old.leave();
      const h = handler();
      if (h && h.enter) h.enter();
      if (state.view) { drawBoard(); updateNav(); }
      return true;
    },
    /** Whether the mode lets the reader step through the game. */
    get navigable() { return mode().navigate; },
    /** The handler of the mode shown (see handle), or null. */
    modeHandler() { return handler(); },
    /** The mode's board input (its handler's `pointer`), or null. */
    input() {
      const h = handler();
      return mode().pieces && h && h.pointer ? h.pointer : null;
    },

    /**
     * Shows the game as an edit left it ({ view, place }, library.edit): the new view at
     * `place`. `list: false` when the moves did not change (marks), so the list stays as it is.
     */
    applyEdit({ view, place }, { animate = false, list = true } = {}) {
      if (!view) return;
      setPlaying(false);
      state.view = view;
      state.line = place && place.line != null ? place.line : null;
      state.ply = place ? place.ply : 0;
      leavePlace();
      if (list) drawGame();
      drawPly({ animate: animate && state.ply > 0 });
    },

    /** Show `ply` plies into `line` (null: the mainline); false where the mode refuses it. */
    goTo(ply, line = state.line, options = {}) {
      if (!mode().navigate) return false;
      return api.showPlace({ ply, line }, options);
    },
    /** Shows `place` ({ ply, line }) whatever the mode (solve mode's moves). */
    showPlace({ ply = 0, line = null } = {}, { animate = false } = {}) {
      if (!state.view) return false;
      const variations = state.view.variations || [];
      // Stepping back past a variation's start leaves it for the line it branches from, at the
      // position before the move it replaces (the same position as the variation's start).
      while (line != null && ply < 1 && variations[line]) {
        const v = variations[line];
        line = v.parent ?? null;
        ply = v.replaces - 1 + ply;
      }
      if (line != null && !variations[line]) line = null;
      const p = clampPly(lineView(state.view, line), ply);
      if (p === state.ply && line === state.line && !state.preview) return true;
      const forwardOne = line === state.line && p === state.ply + 1;
      state.line = line;
      state.ply = p;
      leavePlace();
      drawPly({ animate: animate && forwardOne });
      return true;
    },
    /** The mainline ply of the shown position, or of the point where its variation branches off. */
    mainlinePly() {
      const variations = (state.view && state.view.variations) || [];
      let { line, ply } = state;
      while (line != null && variations[line]) {
        ply = variations[line].replaces - 1;
        line = variations[line].parent ?? null;
      }
      return ply;
    },
    step(delta) { return api.goTo(state.ply + delta, state.line, { animate: delta === 1 }); },
    first() { return api.goTo(0, null); },
    last() { return state.view ? api.goTo(lineView(state.view, state.line).plies.length) : false; },
    /**
     * ↓: into the first variation that replaces the next move; at the first move of a variation,
     * on to its next sibling. Returns whether it moved.
     */
    variationDown() {
      if (!state.view || !mode().navigate) return false;
      const variations = state.view.variations || [];
      const next = lineView(state.view, state.line).plies[state.ply];
      if (next && next.variations && next.variations.length && variations[next.variations[0]]) {
        api.goTo(1, next.variations[0]);
        return true;
      }
      if (state.line != null && state.ply === 1) {
        const v = variations[state.line];
        const parentLine = lineView(state.view, v.parent ?? null);
        const siblings = (parentLine.plies[v.replaces - 1] || {}).variations || [];
        const i = siblings.indexOf(state.line);
        if (i >= 0 && i + 1 < siblings.length && variations[siblings[i + 1]]) {
          api.goTo(1, siblings[i + 1]);
          return true;
        }
      }
      return false;
    },
    /** ↑: out of the variation, back to where it branches from its parent line. */
    variationUp() {
      if (!state.view || state.line == null || !mode().navigate) return false;
      const v = state.view.variations[state.line];
      api.goTo(v.replaces - 1, v.parent ?? null);
      return true;
    },
    flip() {
      state.flipped = !state.flipped;
      els.flip.setAttribute('aria-pressed', String(state.flipped));
      if (state.view) drawBoard(); // with no game, the board's place keeps saying why
      onFlip(api);
    },
    togglePlay() {
      if (state.playing) { setPlaying(false); updateNav(); return; }
      if (!mode().navigate) return;
      const line = state.view && lineView(state.view, state.line);
      if (!line) return;
      if (state.ply >= line.plies.length) api.goTo(0);
      setPlaying(true);
      updateNav();
    },
    setSpeed(speed) {
      state.speed = SPEEDS[speed] ? speed : 'normal';
      if (state.playing) setPlaying(true);
    },
    setCoordinates(value) { state.coordinates = value; if (state.view) drawBoard(); },
    setAnimate(on) { state.animate = Boolean(on); },
    /**
     * Shows no game (a text without one): the header, move list, tags and board are emptied
     * and the buttons disabled; the caller says why in the board's place.
     */
    clear() {
      setPlaying(false);
      request += 1; // an answer still on its way is for the old text
      stopBuild();
      state.view = null;
      state.game = -1;
      state.count = 0;
      state.line = null;
      state.ply = 0;
      leavePlace();
      drawn = null;
      held = null;
      for (const el of [els.header, els.moves, els.tags, els.board]) el.replaceChildren();
      replaceChildren(els.diagnostics, null);
      els.diagnostics.hidden = true;
      updateNav();
      host.dataset.game = '0';
    },
    /** Which messages to list: 'all', 'errors' (what a visitor needs) or 'none'. */
    setMessages(value) {
      messages = value;
      drawDiagnostics();
    },
    /** The header drawn again (whether its player names are buttons changed). */
    redrawHeader() { drawHeader(); },
    /** New language: redraw everything that has words. */
    setTranslator(fn) {
      t = fn;
      setPlaying(state.playing);
      if (state.view) { drawGame(); drawPly({ quiet: true }); }
    },
  };
  return api;
}
