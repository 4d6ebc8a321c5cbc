// Board drawing: GameView + ply -> a plain board model -> an SVG element tree (with the layers the
// controller's render lays over it), plus the stand-alone .svg file built from the same tree.
// Pure (no DOM, no draughts rules): everything shown comes from what the Rust core computed.
//
// Contract relied on by outside tools: every piece element carries data-square="<label>" and
// data-piece="wm|wk|bm|bk"; nothing else carries data-piece (or data-square). Captured pieces
// drawn faded ("ghosts") use data-ghost / data-ghost-piece instead.

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
 *
 * Besides squares and pieces: `ghosts`, the pieces the last move took (kinds read from the
 * position before it), and `move`, what an animation needs ({ from, to, piece, path } or null).
 */
export function boardModel(view, ply, { flipped = false } = {}) {
  const board = view.board;
  const width = board.width;
  const height = board.height;
  const { ply: p, cells, move } = positionAt(view, ply);
  const before = move ? positionAt(view, p - 1).cells || '' : '';
  const toScreen = (file, rank) => (flipped
    ? { col: width - 1 - file, row: rank }
    : { col: file, row: height - 1 - rank });

  const marks = new Map(); // label -> role of that square in the last move
  if (move) {
    for (const s of move.path || []) marks.set(String(s), 'path');
    if (move.from != null) marks.set(String(move.from), 'from');
    if (move.to != null) marks.set(String(move.to), 'to');
  }
  const captured = new Set(move ? (move.captured || []).map(String) : []);

  const squares = [];
  const pieces = [];
  const ghosts = [];
  const byLabel = new Map();
  board.squares.forEach((sq, i) => {
    const { col, row } = toScreen(sq.file, sq.rank);
    const label = String(sq.label);
    const square = {
      label, col, row, file: sq.file, rank: sq.rank, index: i,
      mark: marks.get(label) || null, captured: captured.has(label),
    };
    squares.push(square);
    byLabel.set(label, square);
    const code = PIECE_CODES[cells[i]];
    if (code) pieces.push({ square: label, piece: code, col, row });
    const taken = square.captured && PIECE_CODES[before[i]];
    if (taken) ghosts.push({ square: label, piece: taken, col, row });
  });

  const path = move ? (move.path && move.path.length ? move.path : [move.from, move.to]) : [];
  const pathPoints = path.map((l) => byLabel.get(String(l))).filter(Boolean).map(({ col, row }) => ({ col, row }));

  let moveInfo = null;
  const from = move && byLabel.get(String(move.from));
  const to = move && byLabel.get(String(move.to));
  if (from && to) {
    // The mover's kind before the move (a man that crowns is still a man while it travels).
    const piece = PIECE_CODES[before[from.index]] || PIECE_CODES[cells[to.index]] || null;
    moveInfo = { from: from.label, to: to.label, piece, path: pathPoints };
  }

  return { width, height, flipped, ply: p, squares, pieces, ghosts, path: pathPoints, move: moveInfo };
}

const centre = (v) => v * SQUARE + SQUARE / 2;

const pieceClass = (piece) => `${piece[0] === 'w' ? 'white' : 'black'}${piece[1] === 'k' ? ' king' : ''}`;

/** Body, ring and (for kings) crown; shared by pieces and ghosts. */
function pieceShape(piece) {
  return [
    h('circle', { class: 'piece-body', r: 40 }),
    h('circle', { class: 'piece-ring', r: 28 }),
    // A crown, not just a colour change, so kings stay recognisable in print and for colour-blind users.
    piece[1] === 'k' ? h('path', { class: 'crown', d: 'M-21 12 L-24 -12 L-11 -1 L0 -19 L11 -1 L24 -12 L21 12 Z' }) : null,
  ];
}

function pieceNode({ square, piece, col, row }) {
  return h('g', {
    class: `piece ${pieceClass(piece)}`,
    'data-square': square,
    'data-piece': piece,
    transform: `translate(${centre(col)} ${centre(row)})`,
  }, pieceShape(piece));
}

// Ghosts must not match [data-piece] or .piece: outside tools count the pieces on the board.
function ghostNode({ square, piece, col, row }) {
  return h('g', {
    class: `ghost ${pieceClass(piece)}`,
    'data-ghost': square,
    'data-ghost-piece': piece,
    transform: `translate(${centre(col)} ${centre(row)})`,
  }, pieceShape(piece));
}

/** 'numbers' | 'algebraic' | 'none'; the older `numbers: false` option means 'none'. */
function coordinateMode(coordinates, numbers) {
  if (coordinates === 'numbers' || coordinates === 'algebraic' || coordinates === 'none') return coordinates;
  return numbers === false ? 'none' : 'numbers';
}

/**
 * File letters along the bottom row and rank numbers down the left column, as the viewer sees
 * the board (so they run h..a and 8..1 upwards when flipped). Each text is coloured for the
 * square it sits on, which is why it needs to know which screen squares are playable (dark).
 */
function algebraicNodes(model) {
  const { width, height, flipped } = model;
  const dark = new Set(model.squares.map((s) => `${s.col},${s.row}`));
  const tone = (col, row) => (dark.has(`${col},${row}`) ? 'on-dark' : 'on-light');
  const out = [];
  for (let col = 0; col < width; col++) {
    const file = flipped ? width - 1 - col : col;
    out.push(h('text', {
      class: `coord coord-file ${tone(col, height - 1)}`,
      x: (col + 1) * SQUARE - 6, y: height * SQUARE - 6, 'text-anchor': 'end',
    }, String.fromCharCode(97 + file)));
  }
  for (let row = 0; row < height; row++) {
    const rank = flipped ? row : height - 1 - row;
    out.push(h('text', {
      class: `coord coord-rank ${tone(0, row)}`, x: 5, y: row * SQUARE + 4, 'dominant-baseline': 'hanging',
    }, String(rank + 1)));
  }
  return out;
}

/** The pieces in drawing order: the last move's piece last, so it travels above the others. */
function piecesInOrder(model) {
  const to = model.move && model.move.to;
  const mover = to == null ? -1 : model.pieces.findIndex((p) => p.square === to);
  if (mover < 0) return model.pieces;
  return [...model.pieces.slice(0, mover), ...model.pieces.slice(mover + 1), model.pieces[mover]];
}

/**
 * SVG element tree for a board model. `label` becomes the accessible name of the drawing;
 * `coordinates` is 'numbers' (square labels on the playable squares), 'algebraic' or 'none'.
 * `layers` ({ under, over }: trees) go in two groups under and over the pieces, to be swapped alone.
 * @param {any} model
 * @param {{ label?: string, numbers?: boolean, coordinates?: string, layers?: any }} [options]
 */
export function boardSvg(model, { label = 'Draughts board', numbers = true, coordinates, layers = null } = {}) {
  const { width, height } = model;
  const mode = coordinateMode(coordinates, numbers);
  // Boards where every square is playable (Turkish) get grid lines instead of a chequer.
  const allPlayable = model.squares.length >= width * height;
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
  let coords = [];
  if (mode === 'numbers') {
    // Hung from the square's top edge, so a larger font (small boards, style.css) stays inside it.
    coords = model.squares.map((s) => h('text', {
      class: 'sq-num', x: s.col * SQUARE + 5, y: s.row * SQUARE + 4, 'dominant-baseline': 'hanging',
    }, s.label));
  } else if (mode === 'algebraic') {
    coords = algebraicNodes(model);
  }

  return h('svg', {
    xmlns: 'http://www.w3.org/2000/svg',
    viewBox: `0 0 ${width * SQUARE} ${height * SQUARE}`,
    // files-N: the stylesheet sizes the labels by the squares' size on screen.
    class: `board-svg files-${width}${model.flipped ? ' flipped' : ''}${allPlayable ? ' all-playable' : ''}`,
    role: 'img',
    'aria-label': label,
    'data-ply': model.ply,
  },
  h('title', {}, label),
  h('g', { class: 'squares' }, light, darks),
  // Ghosts sit under the path line and the real pieces: they are history, not material.
  h('g', { class: 'last-move' }, highlights, h('g', { class: 'ghosts' }, (model.ghosts || []).map(ghostNode)), capturedMarks, pathLine),
  layers ? overlayGroup('under', layers.under) : null,
  h('g', { class: 'pieces' }, piecesInOrder(model).map(pieceNode)),
  h('g', { class: mode === 'algebraic' ? 'numbers coordinates' : 'numbers', 'aria-hidden': 'true' }, coords),
  layers ? overlayGroup('over', layers.over) : null);
}

/** One of the two groups of overlays (boardSvg's `layers`): 'under' or 'over' the pieces. */
export function overlayGroup(where, trees = []) {
  return h('g', { class: `overlays-${where}`, 'data-overlays': where }, (trees || []).filter(Boolean));
}
