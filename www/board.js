// Board drawing: GameView + ply -> a plain board model -> an SVG element tree. Pure (no DOM, no
// draughts rules): everything shown comes from what the Rust core computed for each ply.
//
// Contract relied on by outside tools: every piece element carries data-square="<label>" and
// data-piece="wm|wk|bm|bk"; nothing else carries data-piece (or data-square).

import { h } from './tree.js';

/** Cell characters from the core -> piece codes used in data-piece. */
export const PIECE_CODES = Object.freeze({ w: 'wm', W: 'wk', b: 'bm', B: 'bk' });

/** Size of one square in SVG user units; the viewBox scales the whole drawing to its container. */
export const SQUARE = 100;

/** Clamp a requested ply to what the view can show (0 = start, plies.length = last). */
export function clampPly(view, ply) {
  const last = view && Array.isArray(view.plies) ? view.plies.length : 0;
  const n = Number.isFinite(ply) ? Math.trunc(ply) : 0;
  return Math.min(Math.max(n, 0), last);
}

/** The cells string and the move that led to it (null at the start) for a ply. */
export function positionAt(view, ply) {
  const p = clampPly(view, ply);
  if (p === 0) return { ply: 0, cells: view.start ? view.start.cells : '', move: null };
  const move = view.plies[p - 1];
  return { ply: p, cells: move.cells, move };
}

/**
 * Board model for drawing. Coordinates are screen columns/rows (row 0 at the top), already
 * flipped when asked, so the drawing code never needs to think about orientation.
 */
export function boardModel(view, ply, { flipped = false } = {}) {
  const board = view.board;
  const width = board.width;
  const height = board.height;
  const { ply: p, cells, move } = positionAt(view, ply);
  const toScreen = (file, rank) => (flipped
    ? { col: width - 1 - file, row: rank }
    : { col: file, row: height - 1 - rank });

  const marks = new Map(); // label -> role of that square in the last move
  if (move) {
    for (const s of move.path || []) marks.set(s, 'path');
    if (move.from != null) marks.set(move.from, 'from');
    if (move.to != null) marks.set(move.to, 'to');
  }
  const captured = new Set(move ? move.captured || [] : []);

  const squares = [];
  const pieces = [];
  const byLabel = new Map();
  board.squares.forEach((sq, i) => {
    const { col, row } = toScreen(sq.file, sq.rank);
    const label = String(sq.label);
    const square = { label, col, row, mark: marks.get(label) || null, captured: captured.has(label) };
    squares.push(square);
    byLabel.set(label, square);
    const code = PIECE_CODES[cells[i]];
    if (code) pieces.push({ square: label, piece: code, col, row });
  });

  const path = move ? (move.path && move.path.length ? move.path : [move.from, move.to]) : [];
  const pathPoints = path.map((l) => byLabel.get(String(l))).filter(Boolean).map(({ col, row }) => ({ col, row }));

  return { width, height, flipped, ply: p, squares, pieces, path: pathPoints };
}

const centre = (v) => v * SQUARE + SQUARE / 2;

function pieceNode({ square, piece, col, row }) {
  const king = piece[1] === 'k';
  return h('g', {
    class: `piece ${piece[0] === 'w' ? 'white' : 'black'}${king ? ' king' : ''}`,
    'data-square': square,
    'data-piece': piece,
    transform: `translate(${centre(col)} ${centre(row)})`,
  },
  h('circle', { class: 'piece-body', r: 40 }),
  h('circle', { class: 'piece-ring', r: 28 }),
  // A crown, not just a colour change, so kings stay recognisable in print and for colour-blind users.
  king ? h('path', { class: 'crown', d: 'M-21 12 L-24 -12 L-11 -1 L0 -19 L11 -1 L24 -12 L21 12 Z' }) : null);
}

/**
 * SVG element tree for a board model. `label` becomes the accessible name of the drawing.
 */
export function boardSvg(model, { label = 'Draughts board', numbers = true } = {}) {
  const { width, height } = model;
  const light = h('rect', { class: 'sq-light', x: 0, y: 0, width: width * SQUARE, height: height * SQUARE });
  const darks = model.squares.map((s) => h('rect', {
    class: 'sq-dark', 'data-field': s.label, x: s.col * SQUARE, y: s.row * SQUARE, width: SQUARE, height: SQUARE,
  }));
  const highlights = model.squares.filter((s) => s.mark).map((s) => h('rect', {
    class: `hl hl-${s.mark}`, x: s.col * SQUARE, y: s.row * SQUARE, width: SQUARE, height: SQUARE,
  }));
  const capturedMarks = model.squares.filter((s) => s.captured).map((s) => h('circle', {
    class: 'captured-mark', cx: centre(s.col), cy: centre(s.row), r: 30,
  }));
  const pathLine = model.path.length >= 2
    ? h('polyline', {
      class: 'move-path',
      points: model.path.map((p) => `${centre(p.col)},${centre(p.row)}`).join(' '),
    })
    : null;
  const nums = numbers
    ? model.squares.map((s) => h('text', {
      class: 'sq-num', x: s.col * SQUARE + 5, y: s.row * SQUARE + 20,
    }, s.label))
    : [];

  return h('svg', {
    xmlns: 'http://www.w3.org/2000/svg',
    viewBox: `0 0 ${width * SQUARE} ${height * SQUARE}`,
    class: `board-svg${model.flipped ? ' flipped' : ''}`,
    role: 'img',
    'aria-label': label,
    'data-ply': model.ply,
  },
  h('title', {}, label),
  h('g', { class: 'squares' }, light, darks),
  h('g', { class: 'last-move' }, highlights, capturedMarks, pathLine),
  h('g', { class: 'pieces' }, model.pieces.map(pieceNode)),
  h('g', { class: 'numbers', 'aria-hidden': 'true' }, nums));
}

/** Short description of a position for the accessible name of the board. */
export function describePosition(view, ply) {
  const { move } = positionAt(view, ply);
  if (!move) return 'Start position';
  const dots = move.side === 'black' ? '…' : '.';
  return `Position after ${move.moveNumber}${dots} ${move.notation}`;
}
