// The analysis board: moves played on the board (click or tap a piece then a square, or drag it;
// mouse, touch and pen through pointer events), capture routes told apart by clicking through
// their landing squares or picking one from a list, a move typed in notation, and marks drawn
// with the right button. It holds no rules: the legal moves of the shown position come from
// the core (library.legalMoves), each move played is sent back by its index (library.edit), and
// the controller (viewer.js) shows the edited game the core returns.

import { toDom } from './tree.js';
import { lineView } from './views.js';
import {
  distinguishing, hintsLayer, markColor, marksArgs, marksAt, movesForEntry, routes, targetsFrom, toggleMark,
} from './marks.js';

/** A pointer that moved less than this (CSS pixels) between down and up clicked; more dragged. */
export const DRAG_MIN = 6;

/**
 * board: the board's container. viewer: the controller (viewer.js). library: legalMoves(i, line,
 * ply) and edit(i, op, args) (library.js). els: optional controls { entry (form), entryInput,
 * routes (list of route buttons), promote, remove, cut, strength (select), comment (textarea),
 * saveComment }. say(text, kind): messages. onEdited(result): after every edit.
 * onMove(move): when set (solve mode, solve.js), a move picked is handed to it instead of played
 * into the game, and marks are not drawn; setMoveHandler(fn) changes it.
 */
export function createAnalysis({ doc, board, viewer, library, t, els = {}, say = () => {}, onEdited = () => {}, onMove = null }) {
  let key = null;       // the position the moves are for
  let moves = null;     // its legal moves (from the core), or null while asked for
  let asked = null;     // the pending request's key
  let sel = null;       // { from, chosen: [], candidates: null | [...] }
  let svg = null;
  let model = null;
  let busy = false;     // an edit is on its way
  let drag = null;      // { id, x, y, from, piece, moved }
  let marking = null;   // { from, pen } while the right button (or, with a pen, any pointer) is down
  // The marking pen (els.pen: a colour, or '' to play moves): where there is no right button
  // (touch screens, pens, one-button mice), a tap marks a square and a drag draws an arrow.
  const pen = () => (els.pen && els.pen.value) || '';
  const off = [];
  const listen = (target, type, fn, opts) => {
    if (!target) return;
    target.addEventListener(type, fn, opts);
    off.push(() => target.removeEventListener(type, fn, opts));
  };

  const state = () => viewer.state;
  // Each view the viewer shows is a new object (a new text, an edit): its moves are asked again.
  const serials = new WeakMap();
  let serial = 0;
  const viewId = (v) => {
    if (!v) return 0;
    if (!serials.has(v)) serials.set(v, ++serial);
    return serials.get(v);
  };
  const placeKey = () => `${viewId(state().view)}:${state().game}:${state().line}:${state().ply}`;

  function fetchMoves() {
    const k = placeKey();
    if (k === key || k === asked) return;
    asked = k;
    const { game, line, ply } = state();
    library.legalMoves(game, line, ply).then((list) => {
      if (asked !== k) return;
      asked = null;
      key = k;
      moves = list || [];
      board.dataset.moves = String(moves.length);
      drawHints();
    }, () => { if (asked === k) { asked = null; key = k; moves = []; } });
  }

  /** Called by the viewer after it drew the board: `svgEl` and the model it drew. */
  function decorate(svgEl, m) {
    svg = svgEl;
    model = m;
    if (placeKey() !== key) {
      sel = null;
      moves = null;
      delete board.dataset.moves;
      fetchMoves();
    }
    drawHints();
    updateTools();
  }

  function hintState() {
    if (!sel || !moves) return {};
    if (sel.candidates) {
      return { selected: sel.from, chosen: sel.chosen, via: distinguishing(sel.candidates), targets: [...new Set(sel.candidates.map((m) => m.to))] };
    }
    return { selected: sel.from, chosen: sel.chosen, targets: targetsFrom(moves, sel.from, sel.chosen) };
  }

  function drawHints() {
    if (!svg || !model) return;
    for (const g of svg.querySelectorAll('g.hints')) g.remove();
    const tree = hintsLayer(model, hintState());
    if (tree) svg.appendChild(toDom(doc, tree));
    drawRouteList();
  }

  function drawRouteList() {
    if (!els.routes) return;
    const list = sel && sel.candidates;
    els.routes.replaceChildren();
    els.routes.hidden = !list;
    if (!list) return;
    const p = doc.createElement('p');
    p.textContent = t('analysis.routes');
    els.routes.append(p);
    for (const m of list) {
      const b = doc.createElement('button');
      b.type = 'button';
      b.className = 'route';
      b.dataset.route = m.notation;
      b.textContent = m.notation;
      b.addEventListener('click', () => play(m));
      els.routes.append(b);
    }
  }

  function clear() {
    sel = null;
    drawHints();
  }

  /** The square under a pointer, from the drawn board's geometry. */
  function squareAt(x, y) {
    if (!svg || !model) return null;
    const r = svg.getBoundingClientRect();
    if (!r.width || !r.height) return null;
    const col = Math.floor(((x - r.left) / r.width) * model.width);
    const row = Math.floor(((y - r.top) / r.height) * model.height);
    const s = model.squares.find((q) => q.col === col && q.row === row);
    return s ? s.label : null;
  }

  const movable = (label) => Boolean(moves && moves.some((m) => m.from === label));

  async function play(move) {
    if (busy) return;
    if (onMove) { sel = null; drawHints(); onMove(move); return; }
    busy = true;
    const { game, line, ply } = state();
    sel = null;
    try {
      // The position after the move (the core's, in the move) is drawn at once; the edited game
      // follows from the worker.
      viewer.preview(move);
      const result = await library.edit(game, 'play', { line, ply, choice: move.index });
      viewer.applyEdit(result, { animate: false });
      onEdited(result);
    } catch (e) {
      say(t('analysis.failed', { error: e && e.message ? e.message : String(e) }), 'error');
      viewer.redraw();
    } finally {
      busy = false;
    }
  }

  /** A destination was picked: play the move, or show its routes when there are several. */
  function arrive(to) {
    const list = routes(moves, sel.from, to, sel.chosen);
    if (list.length === 1) { play(list[0]); return; }
    if (list.length > 1) {
      sel = { ...sel, candidates: list };
      drawHints();
    }
  }

  /** A click or tap on a square (or the end of a drag that did not move). */
  function tap(label) {
    if (!moves || busy) return;
    if (sel && sel.candidates) {
      // Route mode: a landing square narrows the routes; anything else starts over.
      const narrowed = sel.candidates.filter((m) => m.path.slice(1, -1).includes(label));
      if (narrowed.length && narrowed.length < sel.candidates.length) {
        sel = { ...sel, chosen: [...sel.chosen, label], candidates: narrowed };
        if (narrowed.length === 1) play(narrowed[0]);
        else drawHints();
        return;
      }
      sel = null;
    }
    if (sel && label !== sel.from) {
      if (targetsFrom(moves, sel.from, sel.chosen).includes(label)) { arrive(label); return; }
      // A landing square on the way: the route must pass it.
      if (routes(moves, sel.from, null, [...sel.chosen, label]).length) {
        sel = { ...sel, chosen: [...sel.chosen, label] };
        drawHints();
        return;
      }
    }
    if (sel && label === sel.from && !routes(moves, sel.from, label, sel.chosen).length) { clear(); return; }
    if (sel && label === sel.from) { arrive(label); return; }
    sel = movable(label) ? { from: label, chosen: [], candidates: null } : null;
    drawHints();
  }

  listen(board, 'contextmenu', (e) => { if (svg && svg.contains(e.target)) e.preventDefault(); });

  listen(board, 'pointerdown', (e) => {
    if (!svg || !svg.contains(e.target)) return;
    const label = squareAt(e.clientX, e.clientY);
    if (e.button === 2) { marking = label ? { from: label } : null; return; }
    if (e.button === 0 && pen() && !onMove) {
      marking = label ? { from: label, pen: true, id: e.pointerId } : null;
      e.stopPropagation(); // neither a move nor the swipe of controls.js
      try { board.setPointerCapture(e.pointerId); } catch { /* not capturable */ }
      return;
    }
    if (e.button !== 0 || label == null) return;
    if (movable(label) && !(sel && sel.from !== label && targetsFrom(moves, sel.from, sel.chosen).includes(label))) {
      const piece = svg.querySelector(`.piece[data-square="${CSS.escape(label)}"]`);
      drag = { id: e.pointerId, x: e.clientX, y: e.clientY, from: label, piece, moved: false };
      // The swipe of controls.js must not see a piece being dragged.
      e.stopPropagation();
      try { board.setPointerCapture(e.pointerId); } catch { /* not capturable */ }
    } else {
      drag = null;
    }
  }, true);

  listen(board, 'pointermove', (e) => {
    if (!drag || e.pointerId !== drag.id) return;
    const dx = e.clientX - drag.x;
    const dy = e.clientY - drag.y;
    if (!drag.moved && Math.hypot(dx, dy) < DRAG_MIN) return;
    if (!drag.moved) {
      drag.moved = true;
      if (!sel || sel.from !== drag.from) { sel = { from: drag.from, chosen: [], candidates: null }; drawHints(); }
    }
    if (drag.piece && svg) {
      const r = svg.getBoundingClientRect();
      const scale = (model.width * 100) / (r.width || 1);
      const base = drag.piece.getAttribute('transform') || '';
      drag.piece.dataset.base ??= base;
      drag.piece.setAttribute('transform', `translate(${dx * scale} ${dy * scale}) ${drag.piece.dataset.base}`);
      drag.piece.classList.add('dragging');
      // Drawn last, so the piece moves over the others.
      drag.piece.parentNode.appendChild(drag.piece);
    }
  }, true);

  function endDrag(e, cancelled) {
    const d = drag;
    drag = null;
    if (d.piece && d.piece.dataset.base != null) {
      d.piece.setAttribute('transform', d.piece.dataset.base);
      delete d.piece.dataset.base;
      d.piece.classList.remove('dragging');
    }
    if (cancelled) return;
    const label = squareAt(e.clientX, e.clientY);
    if (!d.moved) { tap(d.from); return; }
    if (label && label !== d.from && targetsFrom(moves, d.from, []).includes(label)) {
      sel = { from: d.from, chosen: [], candidates: null };
      arrive(label);
    } else if (label && label !== d.from && routes(moves, d.from, null, [label]).length) {
      // Dropped on a landing square on the way: the capture goes on from there, to a square
      // still to be clicked (a capture is never cut short).
      sel = { from: d.from, chosen: [label], candidates: null };
      drawHints();
    } else {
      drawHints();
    }
  }

  listen(board, 'pointerup', (e) => {
    if (marking && (e.button === 2 || (marking.pen && e.pointerId === marking.id))) {
      const to = squareAt(e.clientX, e.clientY);
      const { from, pen: byPen } = marking;
      marking = null;
      if (byPen) e.stopPropagation();
      if (to) drawMark(from, to, byPen ? pen() : markColor(e));
      return;
    }
    if (drag && e.pointerId === drag.id) {
      e.stopPropagation();
      endDrag(e, false);
      return;
    }
    if (e.button !== 0 || !svg || !svg.contains(e.target)) return;
    const label = squareAt(e.clientX, e.clientY);
    if (label != null) tap(label);
  }, true);

  listen(board, 'pointercancel', (e) => {
    if (marking && marking.pen && e.pointerId === marking.id) marking = null;
    if (drag && e.pointerId === drag.id) endDrag(e, true);
  }, true);
  // With a pen the board keeps the finger's drags (no scrolling), and a move is not picked.
  const penChanged = () => {
    board.classList.toggle('marking-pen', !!pen());
    if (pen()) clear();
  };
  listen(els.pen, 'change', penChanged);

  async function edit(op, args = {}, options = {}) {
    if (busy) return null;
    busy = true;
    try {
      const result = await library.edit(state().game, op, args);
      viewer.applyEdit(result, options);
      onEdited(result);
      return result;
    } catch (e) {
      say(t('analysis.failed', { error: e && e.message ? e.message : String(e) }), 'error');
      return null;
    } finally {
      busy = false;
    }
  }

  function drawMark(from, to, color) {
    if (onMove) return;
    const { view, line, ply } = state();
    if (!view || (line != null && ply === 0)) return;
    const marks = toggleMark(marksAt(view, line, ply), from, to === from ? null : to, color);
    edit('setMarks', { line, ply, ...marksArgs(marks) }, { list: false });
  }

  /** The variation tools follow the shown position. */
  function updateTools() {
    const { view, line, ply } = state();
    if (!view) return;
    const inVariation = line != null;
    if (els.promote) els.promote.disabled = !inVariation;
    if (els.remove) els.remove.disabled = !inVariation;
    const here = lineView(view, line);
    if (els.cut) els.cut.disabled = ply >= here.plies.length;
    const p = ply > 0 ? here.plies[ply - 1] : null;
    if (els.strength) {
      els.strength.disabled = !p;
      const mark = p ? (/[!?]+$/.exec(p.notation) || [''])[0] : '';
      els.strength.value = mark;
    }
    if (els.comment && doc.activeElement !== els.comment) {
      els.comment.value = (p ? p.comments : (line == null ? view.comments : [])).join(' ');
      els.comment.disabled = line != null && ply === 0;
    }
  }

  listen(els.promote, 'click', () => edit('promoteVariation', { id: state().line }));
  listen(els.remove, 'click', () => edit('deleteVariation', { id: state().line }));
  listen(els.cut, 'click', () => edit('cutLine', { line: state().line, ply: state().ply }));
  listen(els.strength, 'change', () => {
    const { line, ply } = state();
    edit('setStrength', { line, ply, mark: els.strength.value });
  });
  listen(els.saveComment, 'click', () => {
    const { line, ply } = state();
    edit('setComment', { line, ply, text: els.comment.value });
  });
  listen(els.entry, 'submit', (e) => {
    e.preventDefault();
    const text = els.entryInput.value;
    if (!moves) return;
    const list = movesForEntry(moves, text);
    if (!list.length) { say(t('analysis.noSuchMove', { move: text.trim() }), 'error'); return; }
    els.entryInput.value = '';
    if (list.length === 1) { play(list[0]); return; }
    sel = { from: list[0].from, chosen: [], candidates: list };
    drawHints();
  });

  return {
    decorate,
    /** The legal moves of the shown position (null while they are asked for). */
    get moves() { return moves; },
    play,
    edit,
    tap,
    /** Solve mode: moves picked go to fn(move) instead of the game (null: played again). */
    setMoveHandler(fn) { onMove = fn || null; sel = null; drawHints(); },
    detach() { for (const fn of off.splice(0)) fn(); },
  };
}
