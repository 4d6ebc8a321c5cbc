// Hand-made GameView-shaped objects for the unit tests: the same shapes the wasm core returns,
// built here so the drawing code can be tested without the wasm module.

/** Playable squares of an international-style board, numbered from the top left as White sees it. */
export function numberedSquares(width = 10, height = 10) {
  const squares = [];
  let n = 0;
  for (let rank = height - 1; rank >= 0; rank--) {
    for (let file = 0; file < width; file++) {
      if ((file + rank) % 2 === 0) squares.push({ label: String(++n), file, rank });
    }
  }
  return squares;
}

/** Replace the characters of `cells` at the given 1-based square numbers. */
export function put(cells, changes) {
  const a = cells.split('');
  for (const [sq, c] of Object.entries(changes)) a[Number(sq) - 1] = c;
  return a.join('');
}

const START = 'b'.repeat(20) + '.'.repeat(10) + 'w'.repeat(20);
const P1 = put(START, { 32: '.', 28: 'w' });
const P2 = put(P1, { 19: '.', 23: 'b' });
const P3 = put(P2, { 28: '.', 23: '.', 19: 'w' });
const P4 = put(P3, { 14: '.', 19: '.', 23: 'B' });

/** A four-ply 10x10 game with a capture, a comment, NAGs and a (fake) king for the tests. */
export function fakeView() {
  return {
    number: 1,
    tags: [['Event', 'Test <b>event</b>'], ['White', 'Wit, A.'], ['Black', 'Zwart, B.'], ['Date', '2024.05.??'], ['Result', '*']],
    gametype: '20',
    variant: 'International',
    supported: true,
    board: { width: 10, height: 10, squares: numberedSquares(10, 10) },
    start: { fen: 'W:W31-50:B1-20', cells: START },
    plies: [
      { ply: 1, moveNumber: 1, side: 'white', notation: '32-28', fen: '', cells: P1, from: '32', to: '28', path: ['32', '28'], captured: [], comments: [], nags: [1] },
      { ply: 2, moveNumber: 1, side: 'black', notation: '19-23', fen: '', cells: P2, from: '19', to: '23', path: ['19', '23'], captured: [], comments: ['a <i>bold</i> reply'], nags: [] },
      { ply: 3, moveNumber: 2, side: 'white', notation: '28x19', fen: '', cells: P3, from: '28', to: '19', path: ['28', '19'], captured: ['23'], comments: [], nags: [] },
      { ply: 4, moveNumber: 2, side: 'black', notation: '14x23', fen: '', cells: P4, from: '14', to: '23', path: ['14', '23'], captured: ['19'], comments: [], nags: [5] },
    ],
    comments: ['before the first move'],
    result: null,
    error: null,
    diagnostics: [],
  };
}

export { START };

/** Put pieces on an otherwise empty cells string: { '32': 'w', ... } (1-based square numbers). */
export function setUp(count, pieces) {
  return put('.'.repeat(count), pieces);
}

/**
 * 10x10, one ply: White's man on 32 takes 27 (a man) and 17 (a king), landing on 21 then 12.
 * Screen squares (White below): 32 = (3,6), 27 = (2,5), 21 = (1,4), 17 = (2,3), 12 = (3,2).
 */
export function multiCaptureView() {
  const before = setUp(50, { 32: 'w', 27: 'b', 17: 'B', 5: 'b' });
  const after = setUp(50, { 12: 'w', 5: 'b' });
  return {
    board: { width: 10, height: 10, squares: numberedSquares(10, 10) },
    start: { fen: 'W:W32:B27,K17,5', cells: before },
    plies: [
      { ply: 1, moveNumber: 1, side: 'white', notation: '32x12', fen: '', cells: after, from: '32', to: '12', path: ['32', '21', '12'], captured: ['27', '17'] },
    ],
  };
}

/** 10 files x 8 ranks, 15 men a side. */
export function board10x8View() {
  return {
    board: { width: 10, height: 8, squares: numberedSquares(10, 8) },
    start: { fen: '', cells: 'b'.repeat(15) + '.'.repeat(10) + 'w'.repeat(15) },
    plies: [],
  };
}

/**
 * Turkish-style 8x8: all 64 squares playable, labelled a1..h8. `startCells` is the usual start
 * (men on ranks 2-3 and 6-7); the view's one ply is an orthogonal double capture by a white
 * king: d4 over d5 (a man) to d6, then over e6 (a king) to f6.
 */
export function turkishView() {
  const squares = [];
  for (let rank = 7; rank >= 0; rank--) {
    for (let file = 0; file < 8; file++) squares.push({ label: 'abcdefgh'[file] + (rank + 1), file, rank });
  }
  const idx = new Map(squares.map((s, i) => [s.label, i]));
  const cellsWith = (pieces) => {
    const a = Array(64).fill('.');
    for (const [label, c] of Object.entries(pieces)) a[idx.get(label)] = c;
    return a.join('');
  };
  const start = Array(64).fill('.');
  for (const s of squares) {
    if (s.rank === 1 || s.rank === 2) start[idx.get(s.label)] = 'w';
    if (s.rank === 5 || s.rank === 6) start[idx.get(s.label)] = 'b';
  }
  const before = cellsWith({ d4: 'W', d5: 'b', e6: 'B', a7: 'b' });
  const after = cellsWith({ f6: 'W', a7: 'b' });
  return {
    startCells: start.join(''),
    board: { width: 8, height: 8, squares },
    start: { fen: '', cells: before },
    plies: [
      { ply: 1, moveNumber: 1, side: 'white', notation: 'd4xd6xf6', fen: '', cells: after, from: 'd4', to: 'f6', path: ['d4', 'd6', 'f6'], captured: ['d5', 'e6'] },
    ],
  };
}
