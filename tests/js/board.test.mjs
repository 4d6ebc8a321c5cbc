// Unit tests for the board model and its SVG tree: piece counts, the data-square/data-piece
// contract, orientation and last-move marks, using a hand-made GameView.
import test from 'node:test';
import assert from 'node:assert/strict';
import { boardModel, boardSvg, clampPly, describePosition, positionAt, SQUARE } from '../../www/board.js';
import { toMarkup, walk } from '../../www/tree.js';
import { fakeView, numberedSquares } from './fixtures.mjs';

const pieceNodes = (tree) => walk(tree).filter((n) => 'data-piece' in n.attrs);
const bySquare = (tree) => new Map(pieceNodes(tree).map((n) => [n.attrs['data-square'], n.attrs['data-piece']]));

test('start position: 40 pieces, 20 black men on 1-20 and 20 white men on 31-50', () => {
  const tree = boardSvg(boardModel(fakeView(), 0));
  const pieces = bySquare(tree);
  assert.equal(pieces.size, 40);
  for (let s = 1; s <= 20; s++) assert.equal(pieces.get(String(s)), 'bm');
  for (let s = 21; s <= 30; s++) assert.equal(pieces.has(String(s)), false);
  for (let s = 31; s <= 50; s++) assert.equal(pieces.get(String(s)), 'wm');
});

test('only piece elements carry data-piece, and every one has a data-square', () => {
  const tree = boardSvg(boardModel(fakeView(), 4));
  const markup = toMarkup(tree);
  const withPiece = walk(tree).filter((n) => 'data-piece' in n.attrs);
  assert.equal((markup.match(/data-piece=/g) || []).length, withPiece.length);
  assert.equal((markup.match(/data-square=/g) || []).length, withPiece.length);
  for (const n of withPiece) {
    assert.match(n.attrs['data-piece'], /^(wm|wk|bm|bk)$/);
    assert.ok(n.attrs['data-square']);
    assert.equal(n.tag, 'g');
  }
});

test('after a capture the taken piece is gone and the mover stands on its destination', () => {
  const v = fakeView();
  const after3 = bySquare(boardSvg(boardModel(v, 3)));
  assert.equal(after3.get('19'), 'wm');
  assert.equal(after3.has('23'), false, 'captured black man removed');
  assert.equal(after3.has('28'), false);
  assert.equal(after3.size, 39);
  const after4 = bySquare(boardSvg(boardModel(v, 4)));
  assert.equal(after4.get('23'), 'bk');
  assert.equal(after4.has('19'), false);
  assert.equal(after4.size, 38);
});

test('kings are drawn with a crown, men without', () => {
  const nodes = pieceNodes(boardSvg(boardModel(fakeView(), 4)));
  const king = nodes.find((n) => n.attrs['data-piece'] === 'bk');
  assert.ok(walk(king).some((n) => n.attrs.class === 'crown'));
  const man = nodes.find((n) => n.attrs['data-piece'] === 'wm');
  assert.ok(!walk(man).some((n) => n.attrs.class === 'crown'));
});

test('white at the bottom: square 1 top row, square 50 bottom row; flipped swaps them', () => {
  const v = fakeView();
  const at = (model, label) => model.squares.find((s) => s.label === label);
  const normal = boardModel(v, 0);
  assert.deepEqual([at(normal, '1').col, at(normal, '1').row], [1, 0]);
  assert.deepEqual([at(normal, '50').col, at(normal, '50').row], [8, 9]);
  assert.deepEqual([at(normal, '46').col, at(normal, '46').row], [0, 9]);
  const flipped = boardModel(v, 0, { flipped: true });
  assert.deepEqual([at(flipped, '1').col, at(flipped, '1').row], [8, 9]);
  assert.deepEqual([at(flipped, '50').col, at(flipped, '50').row], [1, 0]);
  // The labels travel with their squares: the same set of pieces, now on other coordinates.
  const n = pieceNodes(boardSvg(normal)).find((p) => p.attrs['data-square'] === '1');
  const f = pieceNodes(boardSvg(flipped)).find((p) => p.attrs['data-square'] === '1');
  assert.equal(n.attrs.transform, `translate(${1.5 * SQUARE} ${0.5 * SQUARE})`);
  assert.equal(f.attrs.transform, `translate(${8.5 * SQUARE} ${9.5 * SQUARE})`);
  assert.deepEqual(bySquare(boardSvg(flipped)), bySquare(boardSvg(normal)));
});

test('the full grid is drawn: viewBox covers width x height, dark squares are the playable ones', () => {
  const tree = boardSvg(boardModel(fakeView(), 0));
  assert.equal(tree.attrs.viewBox, `0 0 ${10 * SQUARE} ${10 * SQUARE}`);
  const darks = walk(tree).filter((n) => n.attrs.class === 'sq-dark');
  assert.equal(darks.length, 50);
  const numbers = walk(tree).filter((n) => n.attrs.class === 'sq-num');
  assert.deepEqual(numbers.map((n) => n.children[0]).sort((a, b) => a - b), Array.from({ length: 50 }, (_, i) => String(i + 1)));
});

test('last move: from/to highlighted, captured squares marked, path line drawn', () => {
  const tree = boardSvg(boardModel(fakeView(), 3));
  const hl = walk(tree).filter((n) => /^hl /.test(n.attrs.class || ''));
  assert.deepEqual(hl.map((n) => n.attrs.class).sort(), ['hl hl-from', 'hl hl-to']);
  assert.equal(walk(tree).filter((n) => n.attrs.class === 'captured-mark').length, 1);
  assert.equal(walk(tree).filter((n) => n.attrs.class === 'move-path').length, 1);
  const start = boardSvg(boardModel(fakeView(), 0));
  assert.equal(walk(start).filter((n) => /^hl /.test(n.attrs.class || '')).length, 0);
});

test('multi-capture path: intermediate landing squares are marked as path', () => {
  const v = fakeView();
  v.plies[2].path = ['28', '19', '10'];
  v.plies[2].to = '10';
  const model = boardModel(v, 3);
  assert.equal(model.squares.find((s) => s.label === '19').mark, 'path');
  assert.equal(model.squares.find((s) => s.label === '10').mark, 'to');
  assert.equal(model.path.length, 3);
});

test('8x8 board with algebraic labels', () => {
  const squares = numberedSquares(8, 8).map((s) => ({ ...s, label: 'abcdefgh'[s.file] + (s.rank + 1) }));
  const cells = 'b'.repeat(12) + '.'.repeat(8) + 'W' + 'w'.repeat(11);
  const v = { board: { width: 8, height: 8, squares }, start: { cells }, plies: [] };
  const tree = boardSvg(boardModel(v, 0));
  const pieces = bySquare(tree);
  assert.equal(pieces.size, 24);
  assert.equal(pieces.get('b8'), 'bm');
  assert.equal(pieces.get('a3'), 'wk');
  assert.equal(tree.attrs.viewBox, `0 0 ${8 * SQUARE} ${8 * SQUARE}`);
});

test('markup escapes labels (data is never parsed as markup)', () => {
  const v = { board: { width: 2, height: 2, squares: [{ label: '<x>"', file: 0, rank: 0 }] }, start: { cells: 'w' }, plies: [] };
  const markup = toMarkup(boardSvg(boardModel(v, 0), { label: 'a & b' }));
  assert.ok(markup.includes('data-square="&lt;x&gt;&quot;"'));
  assert.ok(markup.includes('<title>a &amp; b</title>'));
  assert.ok(!markup.includes('<x>'));
});

test('clampPly, positionAt and describePosition', () => {
  const v = fakeView();
  assert.equal(clampPly(v, -3), 0);
  assert.equal(clampPly(v, 99), 4);
  assert.equal(clampPly(v, NaN), 0);
  assert.equal(positionAt(v, 0).move, null);
  assert.equal(positionAt(v, 2).move.notation, '19-23');
  assert.equal(describePosition(v, 0), 'Start position');
  assert.equal(describePosition(v, 1), 'Position after 1. 32-28');
  assert.equal(describePosition(v, 2), 'Position after 1… 19-23');
});
