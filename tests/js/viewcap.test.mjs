// Unit tests for the view budgets (www/reader/viewcap.js) and the folded parts of the move list and
// the messages: a hostile view is sent capped, drawn folded, and opened on demand.
import test from 'node:test';
import assert from 'node:assert/strict';
import { LIMITS, capDiagnostics, capView, pickVariations, selectVariations, subtreeMoves } from '../../www/reader/viewcap.js';
import { diagnosticsList, moveList } from '../../www/view/views.js';
import { toMarkup, walk } from '../../www/view/tree.js';
import { fakeView } from './fixtures.mjs';

const textOf = (node) => walk(node).flatMap((n) => n.children.filter((c) => typeof c === 'string')).join('');

/** `n` one-move variations, nested (each in the one before) or side by side on ply 1. */
function viewWith(n, nested) {
  const v = fakeView();
  const ply = (variations) => ({ ply: 1, moveNumber: 1, side: 'white', notation: '32-28', cells: v.start.cells, comments: [], nags: [], variations });
  v.variations = [];
  for (let id = 0; id < n; id++) {
    v.variations.push({
      id, parent: nested && id ? id - 1 : null, replaces: 1, depth: nested ? id + 1 : 1, start: v.start, comments: [],
      plies: [ply(nested && id + 1 < n ? [id + 1] : [])], unplayed: [], error: null,
    });
  }
  v.plies[0].variations = nested ? [0] : v.variations.map((x) => x.id);
  return v;
}

const unclosed = (i) => ({ severity: 'warning', code: 'unclosed-variation', message: 'this variation is never closed with )', line: 1, column: 22 + i, start: 21 + i, end: 22 + i });

test('capDiagnostics: under the limit all are listed; over it, a few of each code and the rest counted', () => {
  const few = [unclosed(0), unclosed(1)];
  assert.deepEqual(capDiagnostics(few).shown, few);
  const many = [{ severity: 'note', code: 'guessed-variant', message: 'n' }, ...Array.from({ length: 30000 }, (_, i) => unclosed(i)), { severity: 'error', code: 'illegal-move', message: 'e' }];
  const c = capDiagnostics(many);
  assert.equal(c.shown.length, 1 + LIMITS.perCode + 1);
  assert.ok(c.shown.some((d) => d.code === 'illegal-move'), 'the error after the flood is listed');
  assert.deepEqual(c.hidden, [{ code: 'unclosed-variation', severity: 'warning', count: 30000 - LIMITS.perCode }]);
  assert.deepEqual(c.counts, { error: 1, warning: 30000, note: 1 });
  assert.equal(c.total, 30002);
});

test('diagnosticsList: a flood ends with "and N more like this"; the heading counts them all', () => {
  const many = Array.from({ length: 300000 }, (_, i) => unclosed(i));
  const tree = diagnosticsList(many);
  const items = walk(tree).filter((n) => n.tag === 'li');
  assert.equal(items.length, LIMITS.perCode + 1);
  assert.match(textOf(items.at(-1)), /^and 299,980 more like this \(Variation not closed\)$/);
  assert.match(textOf(walk(tree).find((n) => n.tag === 'h2')), /300,000 warnings/);
  // A capped view's own counts come through the same way.
  const sent = capView({ ...fakeView(), diagnostics: many });
  assert.equal(sent.diagnostics.length, LIMITS.perCode);
  const again = diagnosticsList(sent.diagnostics, undefined, { extra: { counts: sent.diagnosticCounts, hidden: sent.diagnosticsHidden, total: sent.diagnosticsTotal } });
  assert.equal(toMarkup(again), toMarkup(tree));
});

test('capView: a small view is sent as it is', () => {
  const v = viewWith(3, true);
  assert.equal(capView(v), v);
});

test('capView: 20,000 nested variations are sent 8 deep, ids kept, with the moves of every subtree', () => {
  const v = viewWith(20000, true);
  const sent = capView(v);
  assert.equal(sent.variations.length, 20000);
  assert.equal(sent.variations.filter(Boolean).length, LIMITS.depth);
  assert.equal(sent.variationMoves[0], 20000);
  assert.equal(sent.variationMoves[LIMITS.depth], 20000 - LIMITS.depth);
  assert.ok(JSON.stringify({ ...sent, variationMoves: null }).length < JSON.stringify(v).length / 20);
  // The page folds what was not sent, and the worker hands out the next eight levels.
  const list = moveList(sent, 0);
  const more = list.children.find((li) => li.attrs.class === 'variations-more');
  assert.match(textOf(more), /19,992 more moves in variations/);
  const key = walk(more).find((n) => n.attrs && n.attrs.class === 'show-more').attrs['data-expand'];
  assert.equal(key, `${LIMITS.depth - 1}:1`);
  const next = pickVariations(v, [LIMITS.depth]);
  assert.deepEqual(next.map(([id]) => id), [8, 9, 10, 11, 12, 13, 14, 15]);
  for (const [id, x] of next) sent.variations[id] = x;
  const opened = moveList(sent, 0, { expanded: new Map([[key, 1]]) });
  assert.equal(opened.children.filter((li) => li.attrs.class === 'variation').length, 16);
});

test('capView: 20,000 alternatives to one move are sent 200 at a time, and "show" opens 200 more', () => {
  const v = viewWith(20000, false);
  const sent = capView(v);
  assert.equal(sent.variations.filter(Boolean).length, LIMITS.perLevel);
  const list = moveList(sent, 0);
  assert.equal(list.children.filter((li) => li.attrs.class === 'variation').length, 200);
  const more = list.children.find((li) => li.attrs.class === 'variations-more');
  assert.match(textOf(more), /19,800 more moves in variations/);
  for (const [id, x] of pickVariations(v, v.plies[0].variations.slice(200))) sent.variations[id] = x;
  const opened = moveList(sent, 0, { expanded: new Map([['m:1', 1]]) });
  assert.equal(opened.children.filter((li) => li.attrs.class === 'variation').length, 400);
  assert.match(textOf(opened.children.find((li) => li.attrs.class === 'variations-more')), /19,600 more/);
});

test('selectVariations keeps to the move budget; subtreeMoves adds up nested moves', () => {
  const v = viewWith(1000, false);
  const keep = selectVariations(v.variations, [v.plies[0].variations], 8, { ...LIMITS, plies: 50 });
  assert.equal(keep.size, 50);
  const nested = viewWith(5, true);
  assert.deepEqual([...subtreeMoves(nested.variations)], [5, 4, 3, 2, 1]);
});

test('buildInSlices: items go in a slice at a time, within the budget, the first slice at once', async () => {
  const { buildInSlices } = await import('../../www/view/viewer.js');
  const made = [];
  const doc = {
    createDocumentFragment: () => ({ kids: [], appendChild(n) { this.kids.push(n); } }),
    createElement: (tag) => ({ tag, setAttribute() {}, appendChild() {} }),
    createTextNode: (s) => ({ s }),
  };
  const list = { appendChild(frag) { made.push(frag.kids.length); } };
  let clock = 0;
  const later = [];
  function* items() { for (let i = 0; i < 25; i++) { clock += 1; yield { tag: 'li', attrs: {}, children: [] }; } }
  const slices = [];
  buildInSlices(doc, list, items(), { budget: 10, now: () => clock, later: (fn) => later.push(fn), onSlice: (done) => slices.push(done) });
  assert.deepEqual(made, [10]);
  while (later.length) later.shift()();
  assert.deepEqual(made, [10, 10, 5]);
  assert.deepEqual(slices, [false, false, true]);
});
