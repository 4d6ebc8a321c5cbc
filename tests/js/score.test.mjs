// www/view/score.js: the default GameType and the score convention, written once.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_GAMETYPE, WIN_MEN, gametypeOf, whiteScore } from '../../www/view/score.js';
import { parseEval } from '../../www/view/review.js';

test('a game view\'s GameType, the default when it names none', () => {
  assert.equal(DEFAULT_GAMETYPE, 20);
  assert.equal(gametypeOf({ variantNumber: 21, gametype: 20 }), '21');
  assert.equal(gametypeOf({ gametype: 25 }), '25');
  assert.equal(gametypeOf({}), '20');
  assert.equal(gametypeOf(null), '20');
});

test('scores: a forced result is ±WIN_MEN men, turned to White\'s side from the side to move\'s', () => {
  assert.deepEqual(parseEval('#-3'), { men: -WIN_MEN, win: -3 });
  assert.deepEqual(whiteScore({ score: WIN_MEN, win: 3 }, false), { men: -WIN_MEN, win: -3 });
  assert.deepEqual(whiteScore({ score: 0.5, win: null }, true), { men: 0.5, win: null });
});
