// Unit tests for the game list's pure parts: filtering, sorting, the row window and row trees.
import test from 'node:test';
import assert from 'node:assert/strict';
import { COLUMNS, ROW_HEIGHT, filterRows, rowTree, rowWindow, sortIndexes } from '../../www/view/gamelist.js';
import { toMarkup, walk } from '../../www/view/tree.js';

const row = (number, white, black, extra = {}) => ({
  number, white, black, event: '', site: '', date: '', round: '', result: '*',
  variant: '', variantNumber: null, errors: 0, warnings: 0, checked: false, ...extra,
});
const ROWS = [
  row(1, 'Sijbrands, T.', 'Baljakin, A.', { event: 'WK 2007', date: '2007.05.19', round: '7' }),
  row(2, 'Ostrovskis', 'Bērziņš', { event: 'Latvian ch', site: 'Rīga', date: '1998.03.02', round: '10' }),
  row(3, 'Иванов', 'Petrov', { event: 'Кубок', date: '' , round: '2' }),
  row(4, 'Bērziņš', 'Sijbrands, T.', { event: 'WK 2007', date: '2007.05.20', errors: 2 }),
];

test('filter: every word must match players, event or site; case and accents do not matter', () => {
  assert.deepEqual(filterRows(ROWS, ''), [0, 1, 2, 3]);
  assert.deepEqual(filterRows(ROWS, 'sijbrands'), [0, 3]);
  assert.deepEqual(filterRows(ROWS, 'berzins'), [1, 3]);
  assert.deepEqual(filterRows(ROWS, 'BĒRZIŅŠ wk'), [3]);
  assert.deepEqual(filterRows(ROWS, 'рига'), []);
  assert.deepEqual(filterRows(ROWS, 'Riga'), [1]);
  assert.deepEqual(filterRows(ROWS, 'иванов'), [2]);
  assert.deepEqual(filterRows(ROWS, 'nobody'), []);
});

test('sort: text columns by collation with empty values last, numbers numerically, ties in file order', () => {
  const all = [0, 1, 2, 3];
  assert.deepEqual(sortIndexes(ROWS, all, 'white', 1), [3, 1, 0, 2]);
  assert.deepEqual(sortIndexes(ROWS, all, 'white', -1), [2, 0, 1, 3]);
  // Round "10" after "7" (numeric collation), "" last in both directions.
  assert.deepEqual(sortIndexes(ROWS, all, 'round', 1), [2, 0, 1, 3]);
  assert.deepEqual(sortIndexes(ROWS, all, 'round', -1), [1, 0, 2, 3]);
  assert.deepEqual(sortIndexes(ROWS, all, 'date', 1), [1, 0, 3, 2]);
  assert.deepEqual(sortIndexes(ROWS, all, 'errors', -1), [3, 0, 1, 2]);
  assert.deepEqual(sortIndexes(ROWS, all, 'number', -1), [3, 2, 1, 0]);
  // Sorting a filtered list keeps only its rows.
  assert.deepEqual(sortIndexes(ROWS, [0, 3], 'black', 1), [0, 3]);
});

test('row window: only the rows in view plus a margin, clamped to the list', () => {
  assert.deepEqual(rowWindow(0, 320, 20000), { from: 0, to: 17 });
  const w = rowWindow(ROW_HEIGHT * 10000, 320, 20000);
  assert.ok(w.from <= 10000 && w.from >= 9990, JSON.stringify(w));
  assert.ok(w.to - w.from < 40, 'a window, not the whole list');
  assert.deepEqual(rowWindow(ROW_HEIGHT * 19999, 320, 20000).to, 20000);
  assert.deepEqual(rowWindow(0, 320, 3), { from: 0, to: 3 });
});

test('row tree: one cell per column, tag text as text, the error mark, the selection', () => {
  const evil = row(7, '<img src=x onerror=alert(1)>', 'B', { errors: 1, variantNumber: 25, checked: true });
  const t = (k) => ({ 'variant.25': 'Russian', 'list.hasErrors': 'has errors' })[k] || k;
  const tree = rowTree(evil, 3, { selected: true, t });
  const cells = walk(tree).filter((n) => n.tag === 'td');
  assert.equal(cells.length, COLUMNS.length);
  assert.equal(tree.attrs['aria-selected'], 'true');
  assert.equal(tree.attrs['aria-rowindex'], 5);
  assert.equal(tree.attrs['data-index'], 6);
  assert.equal(tree.attrs['data-game'], 7, 'the game\'s number from 1');
  const markup = toMarkup(tree);
  assert.ok(markup.includes('&lt;img'), 'the tag value is escaped text');
  assert.ok(!markup.includes('<img'));
  assert.ok(markup.includes('Russian'));
  assert.ok(markup.includes('has errors'));
  // Before the check pass a row without a variant tag says it does not know yet.
  assert.ok(toMarkup(rowTree(row(1, 'A', 'B'), 0)).includes('…'));
});

test('opening names: the filter finds by the name, the column shows it (… until checked), names are buttons only when asked', () => {
  const rows = [
    row(1, 'Ann', 'Bob', { opening: 'Old Fourteenth', checked: true }),
    row(2, 'Cid', 'Ann', { opening: '', checked: false }),
    row(3, 'Dee', 'Eve', { opening: 'Кол', checked: true }),
  ];
  assert.deepEqual(filterRows(rows, 'fourteenth'), [0]);
  assert.deepEqual(filterRows(rows, 'кол'), [2]);
  assert.deepEqual(filterRows(rows, 'ann'), [0, 1]);
  assert.ok(COLUMNS.some((c) => c.key === 'opening' && c.label === 'col.opening'));
  const cell = (tree) => walk(tree).find((n) => n.tag === 'td' && n.attrs.class === 'col-opening');
  assert.equal(toMarkup(cell(rowTree(rows[0], 0))), '<td class="col-opening" role="gridcell">Old Fourteenth</td>');
  assert.match(toMarkup(cell(rowTree(rows[1], 1))), />…</);
  // Plain names unless `players`; then buttons with data-player.
  const buttons = (tree) => walk(tree).filter((n) => n.tag === 'button').map((n) => n.attrs['data-player']);
  assert.deepEqual(buttons(rowTree(rows[0], 0)), []);
  assert.deepEqual(buttons(rowTree(rows[0], 0, { players: true })), ['Ann', 'Bob']);
  // An unknown name ("?") is no button.
  assert.deepEqual(buttons(rowTree(row(4, '?', 'Bob'), 0, { players: true })), ['Bob']);
});

test('the keyboard\'s row (Home, End, a page: not opened) is marked when it is not the open game\'s', () => {
  const r = { number: 7, white: 'A', black: 'B', result: '1-0', event: '', site: '', date: '', round: '', variant: '', opening: '', errors: 0, warnings: 0, checked: true };
  const cls = (o) => rowTree(r, 0, o).attrs.class.split(' ');
  assert.ok(cls({ cursor: true }).includes('cursor'));
  assert.ok(!cls({ cursor: true, selected: true }).includes('cursor'));
  assert.ok(!cls({}).includes('cursor'));
});
