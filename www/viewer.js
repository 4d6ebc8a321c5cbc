// The controller: one object that owns the view state (parsed file, current game, current ply,
// orientation) and redraws the page parts from it with the pure builders. It knows the wasm
// module's API but no draughts rules; the document and the wasm exports are passed in.

import { boardModel, boardSvg, clampPly, describePosition } from './board.js';
import { toDom } from './tree.js';
import { diagnosticsList, gameHeader, gameLabel, lineView, moveList, remainderText, tagTable } from './views.js';

function replaceChildren(el, node) {
  el.replaceChildren(...(node ? [node] : []));
}

/**
 * els: { board, moves, diagnostics, header, tags, select, selectWrap, plyInfo,
 *        first, prev, next, last, flip }
 * wasm: { PdnFile }
 */
export function createViewer({ doc, els, wasm, onChange = () => {} }) {
  const state = {
    file: null,       // PdnFile (wasm object, freed when replaced)
    text: '',         // the text the file was parsed from
    source: '',       // where it came from (file name, "link", "sample", "paste")
    summaries: [],    // GameSummary[]
    game: -1,         // 0-based index of the shown game
    view: null,       // GameView of the shown game
    line: null,       // null: the mainline; else the id of the variation being shown
    ply: 0,           // plies played in that line (0 = its start)
    flipped: false,
  };

  const html = (tree) => (tree ? toDom(doc, tree, null) : null);

  function drawBoard() {
    const view = state.view;
    if (!view || !view.board || !view.board.squares || !view.board.squares.length) {
      const p = doc.createElement('p');
      p.className = 'board-missing';
      p.textContent = 'No board to show for this game.';
      replaceChildren(els.board, p);
      return;
    }
    const line = lineView(view, state.line);
    const model = boardModel(line, state.ply, { flipped: state.flipped });
    const svg = toDom(doc, boardSvg(model, { label: describePosition(line, state.ply) }));
    replaceChildren(els.board, svg);
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

  function updateNav() {
    const line = state.view ? lineView(state.view, state.line) : null;
    const last = line ? line.plies.length : 0;
    const inVariation = state.line != null;
    els.first.disabled = !inVariation && state.ply <= 0;
    els.prev.disabled = !inVariation && state.ply <= 0;
    els.next.disabled = els.last.disabled = state.ply >= last;
    els.plyInfo.textContent = line
      ? `${describePosition(line, state.ply)} · ${inVariation ? 'variation, move' : 'ply'} ${state.ply} of ${last}`
      : '';
    doc.body.dataset.ply = String(state.ply);
    if (inVariation) doc.body.dataset.line = String(state.line);
    else delete doc.body.dataset.line;
    doc.body.dataset.game = String(state.game + 1);
    els.board.dataset.ply = String(state.ply);
  }

  function drawPly() {
    drawBoard();
    markCurrentMove();
    updateNav();
    onChange(api);
  }

  function drawGame() {
    const view = state.view;
    replaceChildren(els.header, html(gameHeader(view)));
    replaceChildren(els.tags, html(tagTable(view)));
    // Older cores had no `unplayed` list; then the rest is cut out of the source text.
    const rest = !Array.isArray(view.unplayed) && (view.error || view.supported === false)
      ? remainderText(state.text, view.error || firstError(view))
      : '';
    replaceChildren(els.moves, html(moveList(view, state.ply, { rest })));
    replaceChildren(els.diagnostics, html(diagnosticsList(view.diagnostics)));
    els.diagnostics.hidden = !(view.diagnostics && view.diagnostics.length);
    els.select.value = String(state.game);
    els.moves.scrollTop = 0;
  }

  function firstError(view) {
    return (view.diagnostics || []).find((d) => d.severity === 'error') || null;
  }

  function fillSelect() {
    const opts = state.summaries.map((s, i) => {
      const o = doc.createElement('option');
      o.value = String(i);
      o.textContent = gameLabel(s);
      return o;
    });
    els.select.replaceChildren(...opts);
    els.selectWrap.hidden = state.summaries.length < 2;
  }

  const api = {
    get state() { return state; },

    /** Parse a whole PDN text and show one game. Returns the number of games found. */
    load(text, { game = 1, ply = 0, source = '' } = {}) {
      const file = wasm.PdnFile.parse(text);
      const count = file.gameCount;
      if (count === 0) {
        file.free();
        throw new Error('No game found in this text. A PDN game has tags like [Event "…"] and moves like 1. 32-28 17-22.');
      }
      if (state.file) state.file.free();
      state.file = file;
      state.text = text;
      state.source = source;
      state.summaries = file.games();
      fillSelect();
      const g = Math.min(Math.max((game || 1) - 1, 0), count - 1);
      api.showGame(g, ply);
      return count;
    },

    /** Show game index i (0-based) at the given ply ('last' or a number). */
    showGame(i, ply = 0) {
      state.game = i;
      state.view = state.file.game(i);
      state.line = null;
      state.ply = ply === 'last' ? state.view.plies.length : clampPly(state.view, ply);
      drawGame();
      drawPly();
    },

    /** Show `ply` plies into `line` (null: the mainline; else a variation id). */
    goTo(ply, line = state.line) {
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
      state.line = line;
      state.ply = p;
      drawPly();
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
    step(delta) { api.goTo(state.ply + delta); },
    first() { api.goTo(0, null); },
    last() { if (state.view) api.goTo(lineView(state.view, state.line).plies.length); },
    flip() { state.flipped = !state.flipped; els.flip.setAttribute('aria-pressed', String(state.flipped)); drawBoard(); },
  };
  return api;
}
