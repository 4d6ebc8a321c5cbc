// The viewer's board render (viewer.js): the board's SVG drawn from the viewer's state (the place,
// or a preview's move played over it; the marks, the analysis hints and the overlays as layers;
// a piece held by the pointer), and the geometry of the board last drawn (squareAt). The one place
// that draws the board's SVG. It reads the state and changes none of it.

import { SQUARE, boardModel, boardSvg, overlayGroup } from './board.js';
import { animateMove } from './board-dom.js';
import { toDom } from './tree.js';
import { firstMover, lineView, moveLabel } from './views.js';
import { hintsLayer, marksAt, marksLayer } from './marks.js';

/** "Position after 12. 32-28" or "Start position": the words of `line` at the state's ply. */
export function positionWords(s, line, t) {
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

/**
 * The board render of one viewer. ctx: { doc, els: { board }, store, t, reducedMotion(),
 * shown() } — `shown` runs after each drawing (the mode's handler). Returns { draw({ animate }),
 * overlays(), held(), squareAt(x, y), forget() }.
 * @param {any} ctx
 */
export function createBoardRender(ctx) {
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
    /** Whether a board is drawn (a handler registered later is told at once). */
    get drawn() { return drawn != null; },
    /** The board is gone (no game). */
    forget() { drawn = null; held = null; },
  };
}
