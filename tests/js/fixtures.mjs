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
