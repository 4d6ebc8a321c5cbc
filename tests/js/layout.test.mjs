// The board's size from the room it has (board-dom.js boardFit/boardAspect), used by the page's
// layout controller (layout.js) and <pdn-viewer fill>. The page itself is measured end to end in
// tests/e2e/layout.mjs.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MIN_BOARD, boardAspect, boardFit } from '../../www/view/board-dom.js';

test('boardFit: a square board is as wide as the room is high', () => {
  assert.equal(boardFit(600), 600);
  assert.equal(boardFit(600.9), 600);
  assert.equal(boardFit(600, { frame: 12 }), 600);
});

test('boardFit: a board wider than high (10x8) may be wider than the room', () => {
  assert.equal(boardFit(412, { aspect: 10 / 8, frame: 12 }), 512);
  assert.equal(boardFit(500, { aspect: 0.5 }), 250);
});

test('boardFit: never below the minimum, whatever the room', () => {
  assert.equal(boardFit(50), MIN_BOARD);
  assert.equal(boardFit(-300), MIN_BOARD);
  assert.equal(boardFit(NaN), MIN_BOARD);
  assert.equal(boardFit(100, { min: 160 }), 160);
  assert.equal(boardFit(600, { aspect: 0 }), MIN_BOARD);
});

test('boardAspect: from the drawing\'s viewBox, 1 without one', () => {
  const board = (vb) => ({ querySelector: () => (vb ? { viewBox: { baseVal: vb } } : null) });
  assert.equal(boardAspect(board({ width: 1000, height: 800 })), 1.25);
  assert.equal(boardAspect(board({ width: 0, height: 0 })), 1);
  assert.equal(boardAspect(board(null)), 1);
  assert.equal(boardAspect(null), 1);
});
