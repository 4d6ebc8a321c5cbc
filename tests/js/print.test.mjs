// The printed sheets' pure parts (www/share/print.js): which plies get a diagram, the moves as
// text, who plays a problem, the problems laid out by pages with their solutions after them.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DIAGRAM_EVERY, diagramPlies, gameSheet, movesText, problemSheet, qrSvg, sideToPlay } from '../../www/share/print.js';
import { walk } from '../../www/view/tree.js';

const t = (key, args = {}) => `${key}${Object.keys(args).length ? ` ${JSON.stringify(args)}` : ''}`;
const board = { width: 2, height: 2, squares: [{ label: '1', file: 0, rank: 0 }, { label: '2', file: 1, rank: 1 }] };

/** A view of `n` plies, White first, ply i's fen `F<i>`; `marked` plies ask for a diagram. */
function game(n, marked = []) {
  const plies = Array.from({ length: n }, (_, i) => ({
    ply: i + 1, moveNumber: Math.floor(i / 2) + 1, side: i % 2 ? 'black' : 'white', notation: `m${i + 1}`,
    fen: `F${i + 1}`, cells: i % 2 ? 'wb' : 'bw', from: '1', to: '2', path: ['1', '2'], captured: [], comments: [], nags: [],
    ...(marked.includes(i + 1) ? { diagram: true } : {}),
  }));
  return { board, start: { fen: 'W:W1:B2', cells: 'wb' }, firstMover: 'white', plies, tags: [['White', 'A'], ['Black', 'B']], result: '1-0', variations: [] };
}

test('a diagram at the end of every tenth move and where the core marks one, each once', () => {
  assert.equal(DIAGRAM_EVERY, 10);
  assert.deepEqual(diagramPlies(game(74)), [20, 40, 60]);
  assert.deepEqual(diagramPlies(game(74, [50, 20])), [20, 40, 50, 60]);
  // A game ending on White's 10th move: that ply ends the move.
  assert.deepEqual(diagramPlies(game(19)), [19]);
  assert.deepEqual(diagramPlies(game(0)), []);
});

test('the moves as text, and the side to play from the first move or the FEN', () => {
  assert.equal(movesText(game(3)), '1. m1 m2 2. m3');
  const reply = { ...game(0), plies: [{ moveNumber: 1, side: 'black', notation: '19-23' }, { moveNumber: 2, side: 'white', notation: '32-28' }] };
  assert.equal(movesText(reply), '1… 19-23 2. 32-28');
  assert.equal(sideToPlay(reply), 'black');
  assert.equal(sideToPlay({ start: { fen: 'B:W1:B2' }, plies: [] }), 'black');
  assert.equal(sideToPlay({ start: { fen: 'W:W1:B2' }, plies: [] }), 'white');
});

test('the game sheet: diagrams carry their FEN, the QR code its link; no move marks on a diagram', () => {
  const tree = gameSheet(game(40, [7]), { qr: { size: 21, path: 'M0,0h7v1h-7z' }, link: 'https://x.example/?game=1', t });
  const nodes = walk(tree);
  assert.deepEqual(nodes.filter((n) => n.attrs['data-diagram']).map((n) => n.attrs['data-diagram']), ['F7', 'F20', 'F40']);
  assert.equal(nodes.find((n) => n.attrs['data-qr']).attrs['data-qr'], 'https://x.example/?game=1');
  assert.equal(nodes.filter((n) => /\bhl\b|move-path/.test(n.attrs.class || '')).length, 0);
  assert.equal(nodes.filter((n) => n.tag === 'li').length, 20);
  const commented = game(4);
  commented.plies[0].comments = ['sharp'];
  const lis = walk(gameSheet(commented, { t })).filter((n) => n.tag === 'li');
  assert.deepEqual(lis.map((n) => n.attrs.class || 'row'), ['row', 'print-comment', 'row', 'row']);
  assert.equal(qrSvg(null, 'x'), null);
});

test('problems by pages of 12 or 6, the solutions after them', () => {
  const problems = Array.from({ length: 14 }, (_, i) => ({ number: i + 1, view: { ...game(1), tags: [['Event', `S${i + 1}`]] } }));
  for (const [per, pages] of [[12, [12, 2]], [6, [6, 6, 2]]]) {
    const tree = problemSheet(problems, { per, t });
    const found = walk(tree).filter((n) => (n.attrs.class || '') === 'print-page');
    assert.deepEqual(found.map((p) => walk(p).filter((n) => n.attrs['data-diagram']).length), pages);
    const solutions = walk(tree).find((n) => n.attrs.class === 'print-solutions');
    assert.equal(walk(solutions).filter((n) => n.tag === 'li').length, 14);
  }
});
