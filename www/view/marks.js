// Drawing on the board, pure (element trees, see tree.js): the marks of a position (coloured
// squares and arrows, from [%csl]/[%cal] or drawn by the user) and the analysis board's hints
// (the piece picked up, where it can go, the squares that tell capture routes apart). No
// draughts rules: the moves come from the core (pdn::edit through the wasm Library).

import { h } from './tree.js';
import { SQUARE } from './board.js';
import { lineView } from './views.js';

/** The marks of the shown position in a view: after its move, or the game's first ones. */
export function marksAt(view, line, ply) {
  if (!view) return null;
  if (ply === 0) return line == null ? view.marks || null : null;
  const p = lineView(view, line).plies[ply - 1];
  return (p && p.marks) || null;
}

/** Mark colours, as the views name them, and the letters [%csl]/[%cal] write. */
export const MARK_COLORS = Object.freeze({ green: 'G', red: 'R', yellow: 'Y', blue: 'B' });

const centre = (v) => v * SQUARE + SQUARE / 2;

/** The board model's square by label. */
function squareOf(model, label) {
  return model.squares.find((s) => s.label === String(label)) || null;
}

/** An arrow from square a to square b: a shaft and a head, as one polygon. */
function arrowPoints(a, b) {
  const x1 = centre(a.col); const y1 = centre(a.row);
  const x2 = centre(b.col); const y2 = centre(b.row);
  const len = Math.hypot(x2 - x1, y2 - y1) || 1;
  const ux = (x2 - x1) / len; const uy = (y2 - y1) / len;
  const nx = -uy; const ny = ux;
  const shaft = 9; const head = 24; const headLen = 38;
  const end = len - 18; // stop short of the centre so the piece stays visible
  const base = end - headLen;
  const p = (along, side) => `${(x1 + ux * along + nx * side).toFixed(1)},${(y1 + uy * along + ny * side).toFixed(1)}`;
  return [p(12, shaft), p(base, shaft), p(base, head), p(end, 0), p(base, -head), p(base, -shaft), p(12, -shaft)].join(' ');
}

/**
 * The marks layer: `marks` is { squares: [{color, square}], arrows: [{color, from, to}] }
 * (a view's `marks`). Squares on the board only; unknown squares are left out.
 */
export function marksLayer(model, marks) {
  if (!marks) return null;
  const squares = (marks.squares || []).map((m) => {
    const s = squareOf(model, m.square);
    return s && h('rect', {
      class: `mark-square mark-${m.color}`, 'data-mark-square': s.label, 'data-color': m.color,
      x: s.col * SQUARE + 4, y: s.row * SQUARE + 4, width: SQUARE - 8, height: SQUARE - 8, rx: 8,
    });
  });
  const arrows = (marks.arrows || []).map((m) => {
    const a = squareOf(model, m.from);
    const b = squareOf(model, m.to);
    return a && b && a !== b && h('polygon', {
      class: `mark-arrow mark-${m.color}`, 'data-mark-arrow': `${a.label}-${b.label}`, 'data-color': m.color,
      points: arrowPoints(a, b),
    });
  });
  if (!squares.some(Boolean) && !arrows.some(Boolean)) return null;
  return h('g', { class: 'marks', 'aria-hidden': 'true' }, squares, arrows);
}

/**
 * The analysis hints: `selected` (the square of the piece picked up), `targets` (squares it can
 * end on), `via` (landing squares that tell routes apart, to click through), and `chosen`
 * (intermediate squares clicked so far).
 */
export function hintsLayer(model, { selected = null, targets = [], via = [], chosen = [] } = {}) {
  const at = (label) => squareOf(model, label);
  const out = [];
  const sel = selected != null && at(selected);
  if (sel) {
    out.push(h('rect', {
      class: 'hint-selected', 'data-selected': sel.label, x: sel.col * SQUARE, y: sel.row * SQUARE, width: SQUARE, height: SQUARE,
    }));
  }
  for (const label of chosen) {
    const s = at(label);
    if (s) out.push(h('rect', { class: 'hint-chosen', 'data-chosen': s.label, x: s.col * SQUARE, y: s.row * SQUARE, width: SQUARE, height: SQUARE }));
  }
  for (const label of targets) {
    const s = at(label);
    if (s) out.push(h('circle', { class: 'hint-target', 'data-target': s.label, cx: centre(s.col), cy: centre(s.row), r: 16 }));
  }
  for (const label of via) {
    const s = at(label);
    if (s) out.push(h('circle', { class: 'hint-via', 'data-via': s.label, cx: centre(s.col), cy: centre(s.row), r: 22 }));
  }
  if (!out.length) return null;
  return h('g', { class: 'hints', 'aria-hidden': 'true' }, out);
}

/** The colour a mark gets from the modifier keys held (as lichess): Shift red, Alt blue, both yellow. */
export function markColor({ shiftKey = false, altKey = false, ctrlKey = false, metaKey = false } = {}) {
  if ((shiftKey && altKey) || ctrlKey || metaKey) return 'yellow';
  if (shiftKey) return 'red';
  if (altKey) return 'blue';
  return 'green';
}

/**
 * The marks after drawing one: a square (`to` null or equal to `from`) or an arrow. Drawing the
 * same mark again in the same colour removes it; in another colour recolours it.
 */
export function toggleMark(marks, from, to, color) {
  const squares = [...((marks && marks.squares) || [])];
  const arrows = [...((marks && marks.arrows) || [])];
  if (to == null || to === from) {
    const i = squares.findIndex((m) => m.square === from);
    if (i >= 0 && squares[i].color === color) squares.splice(i, 1);
    else if (i >= 0) squares[i] = { color, square: from };
    else squares.push({ color, square: from });
  } else {
    const i = arrows.findIndex((m) => m.from === from && m.to === to);
    if (i >= 0 && arrows[i].color === color) arrows.splice(i, 1);
    else if (i >= 0) arrows[i] = { color, from, to };
    else arrows.push({ color, from, to });
  }
  return { squares, arrows };
}

/** Marks as the wasm Library's setMarks takes them: ['G28,R19', 'Y28-19']. */
export function marksArgs(marks) {
  const letter = (c) => MARK_COLORS[c] || 'G';
  const squares = ((marks && marks.squares) || []).map((m) => `${letter(m.color)}${m.square}`).join(',');
  const arrows = ((marks && marks.arrows) || []).map((m) => {
    const numeric = /^\d+$/.test(m.from);
    return `${letter(m.color)}${m.from}${numeric ? '-' : ''}${m.to}`;
  }).join(',');
  return { squares, arrows };
}

// ---- choosing a move among the core's legal moves (no rules: only filtering its list) ----

/** Squares a piece on `from` can end on, given the intermediate squares `chosen` so far. */
export function targetsFrom(moves, from, chosen = []) {
  return [...new Set(routes(moves, from, null, chosen).map((m) => m.to))];
}

/** The legal moves from `from` (to `to` when given) whose route passes every square of `chosen`. */
export function routes(moves, from, to = null, chosen = []) {
  return (moves || []).filter((m) => m.from === from && (to == null || m.to === to)
    && chosen.every((s) => m.path.slice(1, -1).includes(s)));
}

/** Landing squares that some but not all of `candidates` pass: clicking one narrows the choice. */
export function distinguishing(candidates) {
  const counts = new Map();
  for (const m of candidates) for (const s of new Set(m.path.slice(1, -1))) counts.set(s, (counts.get(s) || 0) + 1);
  return [...counts].filter(([, n]) => n < candidates.length).map(([s]) => s);
}

/**
 * The moves a typed move names: `32-28`, `c3-d4`, `28x17`, `28:17`, a full route `47x38x24x13x36`
 * or `c3d4`. Start and end must match; squares between must be on the route.
 */
export function movesForEntry(moves, text) {
  const clean = String(text || '').trim().toLowerCase().replace(/[!?]+$/, '');
  if (!clean) return [];
  const exact = (moves || []).filter((m) => m.notation.toLowerCase() === clean);
  if (exact.length) return exact;
  let squares = clean.split(/\s*[-x:×]\s*/).filter(Boolean);
  if (squares.length === 1 && /^[a-z]\d+[a-z]\d+$/.test(clean)) squares = clean.match(/[a-z]\d+/g);
  if (squares.length < 2) return [];
  const from = squares[0];
  const to = squares[squares.length - 1];
  return routes(moves, from, to, squares.slice(1, -1));
}
