// The controller: one object that owns the view state (the open game's view, the line and ply
// shown, orientation, coordinates, autoplay) and redraws the page parts from it with the pure
// builders. It knows no draughts rules: positions, moves and words come from the core's views.

import { SQUARE, boardModel, boardSvg, clampPly } from './board.js';
import { animateMove } from './board-dom.js';
import { toDom } from './tree.js';
import {
  clocksAt, diagnosticsFor, diagnosticsList, english, firstMover, gameHeader, lineView, moveLabel, moveListItems, moveWords, tagTable,
} from './views.js';
import { LIMITS, capView, pickVariations } from '../reader/viewcap.js';
import { marksAt, marksLayer } from './marks.js';

const cssEscape = (s) => String(s).replace(/["\\]/g, '\\$&');

function replaceChildren(el, node) {
  el.replaceChildren(...(node ? [node] : []));
}

/** Longest stretch, in milliseconds, the move list is built for before the page gets a turn. */
export const SLICE_MS = 8;

/**
 * Appends the trees `items` (an iterator) to `list` as DOM, SLICE_MS at a time: the first slice
 * at once, the rest in later tasks. `onSlice(done)` runs after each. Returns a cancel function.
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
 * host: the element that gets data-ply, data-game and data-line (the page's body by default).
 * messages: 'all' | 'errors' | 'none' (views.js diagnosticsFor); locations: line:column as
 * buttons that show the spot in a text box (the main page), else as plain text.
 */
export function createViewer({ doc, els, library, t = english, onChange = () => {}, reducedMotion = () => false, host = doc.body, messages = 'all', locations = true }) {
  const state = {
    count: 0,         // games in the open text
    game: -1,         // 0-based index of the shown game
    view: null,       // GameView of the shown game
    line: null,       // null: the mainline; else the id of the variation being shown
    ply: 0,           // plies played in that line (0 = its start)
    flipped: false,
    coordinates: 'numbers',
    animate: true,
    speed: 'normal',
    playing: false,
    expanded: new Map(), // variation lists opened with "show": key -> times (views.js)
  };
  let whole = null;       // the uncapped view, when the library is in this thread (no worker)
  let stopBuild = () => {};
  let building = false;  // the move list is still being built
  let unmarked = false;  // the shown move's button was not in the list yet
  let autoOpened = null; // the line last opened because the current move was folded away
  let request = 0;    // the newest game request; older answers are dropped
  let timer = null;
  let decorate = () => {}; // draws over the board after each drawing (the analysis board's hints)
  let shownModel = null;   // the board model last drawn
  let listDrawn = false;   // a move list was drawn (the box may be scrolled)

  const html = (tree) => (tree ? toDom(doc, tree, null) : null);

  function drawBoard(animateFrom = null) {
    const view = state.view;
    if (!view || !view.board || !view.board.squares || !view.board.squares.length) {
      const p = doc.createElement('p');
      p.className = 'board-missing';
      p.textContent = t('board.missing');
      replaceChildren(els.board, p);
      return;
    }
    const line = lineView(view, state.line);
    const model = boardModel(line, state.ply, { flipped: state.flipped });
    const label = positionWords(line);
    const svg = toDom(doc, boardSvg(model, { label, coordinates: state.coordinates }));
    // Marks of the shown position ([%csl] squares under the pieces, [%cal] arrows over them).
    const marks = marksAt(view, state.line, state.ply);
    if (marks) {
      const squares = marksLayer(model, { squares: marks.squares });
      const arrows = marksLayer(model, { arrows: marks.arrows });
      if (squares) svg.insertBefore(toDom(doc, squares), svg.querySelector('g.pieces'));
      if (arrows) svg.appendChild(toDom(doc, arrows));
    }
    replaceChildren(els.board, svg);
    shownModel = model;
    if (animateFrom && state.animate) animateMove(svg, model, { reducedMotion: reducedMotion() });
    decorate(svg, model);
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
    replaceChildren(els.header, html(gameHeader(state.view, { t, clocks: clocksAt(line, state.ply) })));
  }

  function updateNav() {
    const line = state.view ? lineView(state.view, state.line) : null;
    const last = line ? line.plies.length : 0;
    const inVariation = state.line != null;
    els.first.disabled = !inVariation && state.ply <= 0;
    els.prev.disabled = !inVariation && state.ply <= 0;
    els.next.disabled = els.last.disabled = state.ply >= last;
    els.play.disabled = !state.playing && state.ply >= last;
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
    drawBoard(animate);
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
    // A library in this thread (the <pdn-viewer> element) hands out whole views; they get the
    // worker's budgets here, and "show" picks from the whole one.
    whole = library && library.variations ? null : view;
    state.view = whole ? capView(view) : view;
    state.line = null;
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
      if (!state.view) return;
      const view = state.view;
      const ids = listOf(key);
      const variations = view.variations || [];
      const times = (state.expanded.get(key) || 0) + 1;
      const missing = ids.findIndex((id) => !variations[id]);
      if (missing >= 0) {
        const asked = ids.slice(missing, missing + LIMITS.perLevel);
        const entries = whole ? pickVariations(whole, asked) : await library.variations(state.game, asked);
        if (state.view !== view) return; // another game meanwhile
        for (const [id, v] of entries) if (!variations[id]) variations[id] = v;
      }
      state.expanded.set(key, times);
      // Focus moves to the first variation that was folded, so the keyboard goes on from there.
      const folded = ids.find((id) => !els.moves.querySelector(`li.variation[data-variation="${id}"]`));
      drawMoves({ keepScroll: true, focusLine: folded ?? null });
    },

    /**
     * Draws the position after `move` (a legal move from library.legalMoves: its cells, route
     * and captures, computed by the core) over the shown one, before the edited game arrives.
     */
    preview(move) {
      const view = state.view;
      if (!view || !view.board) return;
      const svg = els.board.querySelector('svg');
      const to = shownModel && shownModel.squares.find((q) => q.label === move.to);
      const piece = svg && svg.querySelector(`.piece[data-square="${cssEscape(move.from)}"]`);
      if (!move.promotes && to && piece) {
        // The piece moves and the pieces it takes go: a few changes, not a new drawing.
        for (const c of move.captured || []) {
          const taken = svg.querySelector(`.piece[data-square="${cssEscape(c)}"]`);
          if (taken) taken.remove();
        }
        piece.setAttribute('transform', `translate(${to.col * SQUARE + SQUARE / 2} ${to.row * SQUARE + SQUARE / 2})`);
        piece.setAttribute('data-square', move.to);
        for (const g of svg.querySelectorAll('g.hints, g.last-move')) g.remove();
        svg.dataset.preview = move.notation;
        return;
      }
      const line = lineView(view, state.line);
      const before = state.ply > 0 ? line.plies[state.ply - 1].cells : (line.start && line.start.cells) || '';
      const model = boardModel({ board: view.board, start: { cells: before }, plies: [move] }, 1, { flipped: state.flipped });
      const drawn = toDom(doc, boardSvg(model, { label: t('board.after', { move: move.notation }), coordinates: state.coordinates }));
      drawn.dataset.preview = move.notation;
      replaceChildren(els.board, drawn);
    },
    /** Draws the shown position again (after a preview that was not played). */
    redraw() { if (state.view) drawBoard(); },

    /** Draws over every board drawn: fn(svg, model) (the analysis board, analysis.js). */
    setDecorator(fn) { decorate = fn || (() => {}); if (state.view) drawBoard(); },

    /**
     * Shows the game as an edit left it ({ view, place }, library.edit): the new view at
     * `place`. `list: false` when the moves did not change (marks), so the list stays as it is.
     */
    applyEdit({ view, place }, { animate = false, list = true } = {}) {
      if (!view) return;
      setPlaying(false);
      whole = library && library.variations ? null : view;
      state.view = whole ? capView(view) : view;
      state.line = place && place.line != null ? place.line : null;
      state.ply = place ? place.ply : 0;
      if (list) drawGame();
      drawPly({ animate: animate && state.ply > 0 });
    },

    /** Show `ply` plies into `line` (null: the mainline; else a variation id). */
    goTo(ply, line = state.line, { animate = false } = {}) {
      if (!state.view) return;
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
      if (p === state.ply && line === state.line) return;
      const forwardOne = line === state.line && p === state.ply + 1;
      state.line = line;
      state.ply = p;
      drawPly({ animate: animate && forwardOne });
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
    step(delta) { api.goTo(state.ply + delta, state.line, { animate: delta === 1 }); },
    first() { api.goTo(0, null); },
    last() { if (state.view) api.goTo(lineView(state.view, state.line).plies.length); },
    /**
     * ↓: into the first variation that replaces the next move; at the first move of a variation,
     * on to its next sibling. Returns whether it moved.
     */
    variationDown() {
      if (!state.view) return false;
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
      if (!state.view || state.line == null) return false;
      const v = state.view.variations[state.line];
      api.goTo(v.replaces - 1, v.parent ?? null);
      return true;
    },
    flip() {
      state.flipped = !state.flipped;
      els.flip.setAttribute('aria-pressed', String(state.flipped));
      if (state.view) drawBoard(); // with no game, the board's place keeps saying why
    },
    togglePlay() {
      if (state.playing) { setPlaying(false); updateNav(); return; }
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
    setCoordinates(mode) { state.coordinates = mode; if (state.view) drawBoard(); },
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
      whole = null;
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
    /** New language: redraw everything that has words. */
    setTranslator(fn) {
      t = fn;
      setPlaying(state.playing);
      if (state.view) { drawGame(); drawPly({ quiet: true }); }
    },
  };
  return api;
}
