// Unit tests for the view budgets and the folded parts of the move list and the messages: a
// hostile game is handed over capped by the core (pkg/, Library.pageView: pdn-view's budget.rs),
// drawn folded by views.js, and opened on demand (Library.variations).
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { LIMITS, capDiagnostics } from '../../www/reader/viewcap.js';
import { unpackView } from '../../www/reader/viewdata.js';
import { diagnosticsList, moveList } from '../../www/view/views.js';
import { walk } from '../../www/view/tree.js';

const wasm = await import('../../pkg/pdn.js');
wasm.initSync({ module: readFileSync(new URL('../../pkg/pdn_bg.wasm', import.meta.url)) });

const textOf = (node) => walk(node).flatMap((n) => n.children.filter((c) => typeof c === 'string')).join('');

/**
 * A game whose first move has `n` one-move variations, nested (each in the one before) or side
 * by side, opened in the core: { lib, view } with the view as the page gets it.
 */
function hostile(n, nested) {
  const moves = nested ? `${'(1. 33-28 '.repeat(n)}${')'.repeat(n)}` : '(1. 33-28) '.repeat(n);
  const lib = wasm.Library.fromText(`[GameType "20"] 1. 32-28 ${moves} *`);
  return { lib, view: unpackView(lib.pageView(0)) };
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
  // The core's capped list of a game with as many comes through the same way.
  const lib = wasm.Library.fromText(`[GameType "20"] 1. 32-28 ${'('.repeat(300000)}`);
  const sent = lib.pageView(0);
  lib.free();
  assert.equal(sent.diagnostics.length, LIMITS.perCode);
  assert.equal(sent.diagnosticsTotal, 300000);
  const again = diagnosticsList(sent.diagnostics, undefined, { extra: { counts: sent.diagnosticCounts, hidden: sent.diagnosticsHidden, total: sent.diagnosticsTotal } });
  const shown = walk(again).filter((n) => n.tag === 'li');
  assert.equal(shown.length, LIMITS.perCode + 1);
  assert.match(textOf(shown.at(-1)), /^and 299,980 more like this \(Variation not closed\)$/);
  assert.match(textOf(walk(again).find((n) => n.tag === 'h2')), /300,000 warnings/);
});

test('the core sends a small view whole', () => {
  const { lib, view } = hostile(3, true);
  assert.equal(view.variations.filter(Boolean).length, 3);
  assert.equal(view.variationMoves, undefined);
  lib.free();
});

test('the core sends 20,000 nested variations 8 deep, ids kept, with the moves of every subtree; "show" opens 8 more', () => {
  const { lib, view } = hostile(20000, true);
  assert.equal(view.variations.length, 20000);
  const sent = view.variations.filter(Boolean);
  assert.equal(sent.length, LIMITS.depth);
  const outer = view.plies[0].variations[0];
  assert.equal(view.variationMoves[outer], 20000);
  // The page folds what was not sent, and the core hands out the next eight levels.
  const list = moveList(view, 0);
  const more = list.children.find((li) => li.attrs.class === 'variations-more');
  assert.match(textOf(more), /19,992 more moves in variations/);
  const key = walk(more).find((n) => n.attrs && n.attrs.class === 'show-more').attrs['data-expand'];
  const deepest = sent.find((v) => v.depth === LIMITS.depth);
  assert.equal(key, `${deepest.id}:1`);
  const next = lib.variations(0, deepest.plies[0].variations);
  assert.equal(next.length, LIMITS.depth);
  for (const [id, x] of next) view.variations[id] = x;
  const opened = moveList(view, 0, { expanded: new Map([[key, 1]]) });
  assert.equal(opened.children.filter((li) => li.attrs.class === 'variation').length, 16);
  lib.free();
});

test('the core sends 20,000 alternatives to one move 200 at a time, and "show" opens 200 more', () => {
  const { lib, view } = hostile(20000, false);
  assert.equal(view.variations.filter(Boolean).length, LIMITS.perLevel);
  const list = moveList(view, 0);
  assert.equal(list.children.filter((li) => li.attrs.class === 'variation').length, 200);
  const more = list.children.find((li) => li.attrs.class === 'variations-more');
  assert.match(textOf(more), /19,800 more moves in variations/);
  for (const [id, x] of lib.variations(0, view.plies[0].variations.slice(200))) view.variations[id] = x;
  const opened = moveList(view, 0, { expanded: new Map([['m:1', 1]]) });
  assert.equal(opened.children.filter((li) => li.attrs.class === 'variation').length, 400);
  assert.match(textOf(opened.children.find((li) => li.attrs.class === 'variations-more')), /19,600 more/);
  lib.free();
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
