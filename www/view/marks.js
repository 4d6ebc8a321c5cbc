// The layers the controller's render draws over the board, pure (element trees, see tree.js):
// the marks of a position (coloured squares and arrows, from [%csl]/[%cal] or drawn by the user)
// and the analysis board's hints (the piece picked up, where it can go, the squares that tell
// capture routes apart). Choosing a move and editing marks are analysis.js's (loaded later).

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

/**
 * The pieces that must capture, when a typed move was refused for a capture due (analysis.js):
 * a ring on each of their squares, `data-capturer` its label (docs: README "Contracts").
 */
export function capturersLayer(model, labels = []) {
  const out = [];
  for (const label of labels) {
    const s = squareOf(model, label);
    if (s) out.push(h('rect', { class: 'hint-capturer', 'data-capturer': s.label, x: s.col * SQUARE + 2, y: s.row * SQUARE + 2, width: SQUARE - 4, height: SQUARE - 4 }));
  }
  return out.length ? h('g', { class: 'capturers', 'aria-hidden': 'true' }, out) : null;
}
