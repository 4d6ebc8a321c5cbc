// The controller: one object that owns the view state (the open game's view, the line and ply
// shown, orientation, coordinates, autoplay) and redraws the page parts from it with the pure
// builders. It knows no draughts rules: positions, moves and words come from the core's views.

import { boardModel, boardSvg, clampPly } from './board.js';
import { animateMove } from './board-dom.js';
import { toDom } from './tree.js';
import {
  clocksAt, diagnosticsList, english, firstMover, gameHeader, lineView, moveLabel, moveList, moveWords, tagTable,
} from './views.js';

function replaceChildren(el, node) {
  el.replaceChildren(...(node ? [node] : []));
}

/** Autoplay delays per speed setting, in milliseconds. */
export const SPEEDS = Object.freeze({ slow: 2000, normal: 1000, fast: 400 });

/**
 * els: { board, moves, diagnostics, header, tags, plyInfo, announcer, first, prev, next, last,
 *        flip, play }
 * library: { game(i) -> Promise<GameView> } (library.js)
 * onChange(api): after every redraw of the position (for the address, buttons outside).
 * host: the element that gets data-ply, data-game and data-line (the page's body by default).
 */
export function createViewer({ doc, els, library, t = english, onChange = () => {}, reducedMotion = () => false, host = doc.body }) {
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
  };
  let request = 0;    // the newest game request; older answers are dropped
  let timer = null;

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
    replaceChildren(els.board, svg);
    if (animateFrom && state.animate) animateMove(svg, model, { reducedMotion: reducedMotion() });
  }

  /** "Position after 12. 32-28" or "Start position". */
  function positionWords(line) {
    const p = line.plies[state.ply - 1];
    return p ? t('board.after', { move: `${moveLabel(p, firstMover(state.view))} ${p.notation}` }) : t('board.start');
  }

  function markCurrentMove() {
    for (const el of els.moves.querySelectorAll('.move.current')) {
      el.classList.remove('current');
      el.removeAttribute('aria-current');
    }
    const btn = state.line == null
      ? els.moves.querySelector(`.move[data-ply="${state.ply}"]:not([data-line])`)
      : els.moves.querySelector(`.move[data-line="${state.line}"][data-ply="${state.ply}"]`);
    if (!btn) return;
    btn.classList.add('current');
    btn.setAttribute('aria-current', 'step');
    // Scroll only the move list, never the page: on a phone the board must stay where it is.
    const box = els.moves;
    if (box.scrollHeight > box.clientHeight + 1) {
      const top = btn.offsetTop;
      const bottom = top + btn.offsetHeight;
      const margin = btn.offsetHeight;
      if (top - margin < box.scrollTop) box.scrollTop = Math.max(0, top - margin);
      else if (bottom + margin > box.scrollTop + box.clientHeight) box.scrollTop = bottom + margin - box.clientHeight;
    }
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

  function drawGame() {
    const view = state.view;
    replaceChildren(els.tags, html(tagTable(view)));
    replaceChildren(els.moves, html(moveList(view, state.ply, { t })));
    replaceChildren(els.diagnostics, html(diagnosticsList(view.diagnostics, t)));
    els.diagnostics.hidden = !(view.diagnostics && view.diagnostics.length);
    els.moves.scrollTop = 0;
  }

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
    state.view = view;
    state.line = null;
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
      if (next && next.variations && next.variations.length) {
        api.goTo(1, next.variations[0]);
        return true;
      }
      if (state.line != null && state.ply === 1) {
        const v = variations[state.line];
        const parentLine = lineView(state.view, v.parent ?? null);
        const siblings = (parentLine.plies[v.replaces - 1] || {}).variations || [];
        const i = siblings.indexOf(state.line);
        if (i >= 0 && i + 1 < siblings.length) {
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
      drawBoard();
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
    /** New language: redraw everything that has words. */
    setTranslator(fn) {
      t = fn;
      setPlaying(state.playing);
      if (state.view) { drawGame(); drawPly({ quiet: true }); }
    },
  };
  return api;
}
