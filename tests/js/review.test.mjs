// The game review's builders (www/view/review.js) and its marks in the move list (markMoves): the
// file's [%eval] read, the graph's points, hit areas, marks and cursor, the summary table, and a
// reviewed move's data-review and better move.
import test from 'node:test';
import assert from 'node:assert/strict';
import { HEIGHT, WIDTH, evalGraph, fileEvals, graphValue, markMoves, parseEval, reviewSummary, scoreText } from '../../www/view/review.js';
import { moveList } from '../../www/view/views.js';
import { toDom, walk } from '../../www/view/tree.js';
import { fakeDocument } from './fakedom.mjs';
import { fakeView } from './fixtures.mjs';

const t = (key, params = {}) => `${key}${Object.keys(params).length ? JSON.stringify(params) : ''}`;
const all = (tree, pred) => walk(tree).filter((n) => n.tag && pred(n));

test('[%eval] as the view gives it: men, forced results, and nothing for what is not a number', () => {
  assert.deepEqual(parseEval('+0.35'), { men: 0.35, win: null });
  assert.deepEqual(parseEval('-1.2'), { men: -1.2, win: null });
  assert.deepEqual(parseEval('#3'), { men: 1000, win: 3 });
  assert.deepEqual(parseEval('#-2'), { men: -1000, win: -2 });
  for (const bad of ['', 'x', '#', '#x', null, undefined]) assert.equal(parseEval(bad), null, String(bad));
  const view = { plies: [{ eval: '+0.10' }, {}, { eval: '#-2' }] };
  assert.deepEqual(fileEvals(view), [null, { men: 0.1, win: null }, null, { men: -1000, win: -2 }]);
  assert.equal(fileEvals({ plies: [{}, {}] }), null, 'no [%eval]: no graph');
  assert.equal(fileEvals(null), null);
});

test('the graph: White\'s share as height, a forced result at the edge, a hit area and value per ply, marks and the cursor', () => {
  const evals = [{ men: 0, win: null }, { men: 2, win: null }, null, { men: 0, win: -3 }];
  const tree = evalGraph({ evals, of: 4, marks: { 1: '?!', 3: '??' }, current: 1, t });
  assert.equal(tree.attrs.id, 'eval-graph');
  assert.equal(tree.attrs.viewBox, `0 0 ${WIDTH} ${HEIGHT}`);
  assert.equal(tree.attrs.role, 'slider');
  assert.equal(tree.attrs['aria-valuenow'], 1);
  assert.equal(tree.attrs['aria-valuemax'], 3);
  assert.equal(tree.attrs['data-points'], 3, 'a ply without an evaluation has no point');
  const hits = all(tree, (n) => n.attrs.class === 'eval-hit');
  assert.deepEqual(hits.map((n) => n.attrs['data-ply']), [0, 1, 2, 3]);
  assert.deepEqual(hits.map((n) => n.attrs['data-eval']), ['0.00', '+2.00', null, '#−3']);
  const marks = all(tree, (n) => String(n.attrs.class).startsWith('eval-mark'));
  assert.deepEqual(marks.map((n) => [n.attrs['data-ply'], n.attrs['data-review'], n.attrs.class]),
    [['1', '?!', 'eval-mark eval-mark-inaccuracy'], ['3', '??', 'eval-mark eval-mark-blunder']]);
  // Even is the middle; White two men up is higher (smaller y); Black's forced win at the bottom.
  const line = all(tree, (n) => n.attrs.class === 'eval-line')[0].attrs.d;
  const ys = line.slice(1).split(' L').map((p) => Number(p.split(',')[1]));
  assert.equal(ys[0], HEIGHT / 2);
  assert.ok(ys[1] < ys[0]);
  assert.ok(ys[2] > HEIGHT - 10 && ys[2] < HEIGHT, `a forced loss near the bottom edge: ${ys[2]}`);
  const cursor = all(tree, (n) => n.attrs.class === 'eval-cursor')[0];
  assert.equal(cursor.attrs.x1, WIDTH / 3);
  // In a variation (current null): no cursor.
  assert.equal(all(evalGraph({ evals, of: 4, current: null, t }), (n) => n.attrs.class === 'eval-cursor').length, 0);
  assert.equal(graphValue({ men: 0, win: 5 }), 1);
  assert.equal(scoreText({ men: -0.3, win: null }), '−0.30');
});

test('the summary: each side\'s inaccuracies, mistakes, blunders and mean loss', () => {
  const tree = reviewSummary({
    white: { inaccuracies: 1, mistakes: 2, blunders: 3, loss: 0.456 },
    black: { inaccuracies: 0, mistakes: 0, blunders: 1, loss: 1 },
  }, t);
  assert.equal(tree.attrs.id, 'review-summary');
  const cells = all(tree, (n) => n.tag === 'td').map((n) => `${n.attrs['data-count']}=${n.children[0]}`);
  assert.deepEqual(cells, ['inaccuracies=1', 'mistakes=2', 'blunders=3', 'loss=0.46', 'inaccuracies=0', 'mistakes=0', 'blunders=1', 'loss=1.00']);
});

test('the move list: a reviewed mainline move carries its mark (data-review) and the better move; others none', () => {
  const doc = fakeDocument();
  const drawn = (view) => {
    const root = doc.createElement('div');
    root.appendChild(toDom(doc, moveList(view, 0, { t }), null));
    return root;
  };
  const view = fakeView();
  const root = drawn(view);
  const button = (ply) => root.querySelector(`.move[data-ply="${ply}"]`);
  const plainLabel = button(2).getAttribute('aria-label');
  markMoves(root, { 2: { mark: '??', best: '27-22' } }, view, t);
  const marked = root.querySelectorAll('.move[data-review]');
  assert.equal(marked.length, 1);
  assert.equal(marked[0], button(2));
  assert.equal(marked[0].hasAttribute('data-line'), false, 'the mainline\'s move, not a variation\'s');
  assert.equal(marked[0].getAttribute('data-review'), '??');
  assert.equal(marked[0].getAttribute('title'), 'review.better{"move":"27-22"}');
  assert.equal(marked[0].getAttribute('aria-label'), `${plainLabel} ??, review.better{"move":"27-22"}`);
  assert.equal(marked[0].querySelectorAll('.review-mark').length, 1);
  // Marked again (the review went on): nothing drawn twice.
  markMoves(root, { 2: { mark: '??', best: '27-22' } }, view, t);
  assert.equal(button(2).querySelectorAll('.review-mark').length, 1);
  assert.equal(button(2).getAttribute('aria-label'), `${plainLabel} ??, review.better{"move":"27-22"}`);
  // The review gone (another game's, the mainline changed): the move is as drawn.
  markMoves(root, null, view, t);
  assert.equal(root.querySelectorAll('.move[data-review]').length, 0);
  assert.equal(root.querySelectorAll('.review-mark').length, 0);
  assert.equal(button(2).getAttribute('aria-label'), plainLabel);
  assert.equal(button(2).hasAttribute('title'), false);
  // Written into the text (the move's own "??", or its NAG), the mark is not drawn twice.
  const own = fakeView();
  own.plies[1] = { ...own.plies[1], notation: `${own.plies[1].notation}??` };
  const ownRoot = drawn(own);
  markMoves(ownRoot, { 2: { mark: '??', best: '27-22' } }, own, t);
  assert.equal(ownRoot.querySelectorAll('.review-mark').length, 0);
  assert.equal(ownRoot.querySelectorAll('.move[data-review]').length, 1);
});
