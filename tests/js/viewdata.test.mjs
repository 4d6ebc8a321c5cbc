// www/reader/viewdata.js without the wasm: a packed view written by hand (the shape of
// Library.gamePacked; the wasm tests check it against the core's own views) unpacks to the full
// view, and its lazy moves behave as a plain array for every way the page reads them.
import test from 'node:test';
import assert from 'node:assert/strict';
import { unpackView } from '../../www/reader/viewdata.js';

const board = { width: 4, height: 2, squares: [
  { label: '1', file: 0, rank: 1 }, { label: '2', file: 2, rank: 1 },
  { label: '3', file: 1, rank: 0 }, { label: '4', file: 3, rank: 0 },
] };

/** The full view the packed one below stands for. */
const full = () => ({
  number: 1,
  board,
  start: { fen: 'W:W3,4:B1,2', cells: 'bbww' },
  plies: [
    { ply: 1, moveNumber: 1, side: 'white', notation: '3-1!', fen: 'B:W1,4:B1,2', cells: 'wb.w', from: '3', to: '1', path: ['3', '1'], captured: [], comments: [], nags: [], variations: [], clock: null, eval: null, spent: null },
    { ply: 2, moveNumber: 1, side: 'black', notation: '2x4 4x3', fen: 'W:W1:BK3', cells: 'w.B.', from: '2', to: '3', path: ['2', '4', '3'], captured: ['4', '1'], comments: ['a "quote"'], nags: [1], variations: [0], clock: { white: '1:00', black: null, running: null }, eval: '+0.5', spent: null, marks: { squares: [], arrows: [] } },
  ],
  variations: [],
  diagnostics: [],
});

const packed = () => ({
  number: 1,
  board: null,
  start: { fen: 'W:W3,4:B1,2', cells: 'bbww' },
  plies: [],
  variations: [],
  diagnostics: [],
  packed: {
    board: { width: 4, height: 2, labels: '1 2 3 4', files: 'acbd', ranks: 'bbaa' },
    count: 2,
    notations: '3-1!\n2x4 4x3\n',
    moveNumbers: [1, 1],
    sides: 'wb',
    fens: 'B:W1,4:B1,2 W:W1:BK3 ',
    cells: 'wb.ww.B.',
    paths: [2, 0, 1, 3, 2],
    pathEnds: [2, 5],
    captured: [3, 0],
    capturedEnds: [0, 2],
    notes: [[1, { comments: ['a "quote"'], nags: [1], variations: [0], clock: { white: '1:00', black: null, running: null }, eval: '+0.5', spent: null, marks: { squares: [], arrows: [] } }]],
  },
});

test('a packed view unpacks to the full one, field for field and in order', () => {
  const want = full();
  const got = unpackView(packed());
  assert.equal(JSON.stringify(got), JSON.stringify(want));
  assert.deepEqual(got, want);
  assert.equal(got.packed, undefined);
});

test('the lazy moves read as a plain array', () => {
  const { plies } = unpackView(packed());
  assert.ok(Array.isArray(plies));
  assert.equal(plies.length, 2);
  assert.equal(plies[1].to, '3');
  assert.equal(plies[1], plies[1], 'a move is made once, then kept');
  assert.deepEqual(plies.map((p) => p.notation), ['3-1!', '2x4 4x3']);
  assert.deepEqual([...plies].map((p) => p.side), ['white', 'black']);
  assert.deepEqual(Object.keys(plies), ['0', '1']);
  assert.equal(plies.slice(-1)[0].fen, 'W:W1:BK3');
  assert.equal(plies.findIndex((p) => p.captured.length), 1);
  assert.equal(plies[2], undefined);
  assert.equal(plies['01'], undefined);
  plies.push({ ply: 3 });
  assert.equal(plies.length, 3);
  assert.equal(plies[2].ply, 3);
});

test('views of one board share it; a full view or nothing passes through', () => {
  const a = unpackView(packed());
  const b = unpackView(packed());
  assert.equal(a.board, b.board);
  assert.deepEqual(a.board, board);
  const plain = full();
  assert.equal(unpackView(plain), plain);
  assert.equal(unpackView(null), null);
  assert.equal(unpackView(undefined), undefined);
});

test('a view with no board and no move (an unsupported GameType)', () => {
  const view = { number: 2, board: null, plies: [], packed: { board: null, count: 0, notations: '', moveNumbers: [], sides: '', fens: '', cells: '', paths: [], pathEnds: [], captured: [], capturedEnds: [], notes: [] } };
  const got = unpackView(view);
  assert.equal(JSON.stringify(got), JSON.stringify({ number: 2, board: null, plies: [] }));
});

/**
 * The packed view above as the core's one buffer (crates/view/src/wire.rs: the table there),
 * written here by hand; `offset` bytes before it in the same memory (a view at an odd place).
 */
function buffer(view, offset = 0) {
  const { packed: p, ...rest } = view;
  let json = JSON.stringify({ ...rest, packed: { board: p.board, count: p.count, notes: p.notes } });
  while (json.length % 4) json += ' ';
  const enc = new TextEncoder();
  const u32s = (list) => new Uint8Array(Uint32Array.from(list).buffer);
  const t = enc.encode(p.notations);
  const f = enc.encode(p.fens);
  const parts = [
    new Uint8Array(offset),
    enc.encode('PDNV'), u32s([1, json.length, p.count, p.count ? p.cells.length / p.count : 0, t.length, f.length, p.paths.length, p.captured.length]),
    enc.encode(json), u32s(p.moveNumbers), u32s(p.pathEnds), u32s(p.capturedEnds),
    Uint8Array.from(p.paths), Uint8Array.from(p.captured), enc.encode(p.sides), enc.encode(p.cells), f, t,
  ];
  const out = new Uint8Array(parts.reduce((sum, x) => sum + x.length, 0));
  let at = 0;
  for (const x of parts) { out.set(x, at); at += x.length; }
  return out.subarray(offset);
}

test('a view as one buffer reads as the full view, at any place in its memory and moved', () => {
  const want = JSON.stringify(full());
  assert.equal(JSON.stringify(unpackView(buffer(packed()))), want);
  assert.equal(JSON.stringify(unpackView(buffer(packed(), 2))), want, 'not at a multiple of 4');
  assert.equal(JSON.stringify(unpackView(buffer(packed()).slice().buffer)), want, 'an ArrayBuffer');
  const sent = buffer(packed());
  const moved = structuredClone(sent, { transfer: [sent.buffer] });
  assert.equal(sent.length, 0, 'moved, not copied');
  const { plies } = unpackView(moved);
  assert.equal(plies[1].cells, 'w.B.');
  assert.deepEqual(plies[1].captured, ['4', '1']);
});

test('a buffer that is not a view is refused in words', () => {
  const good = buffer(packed());
  assert.throws(() => unpackView(new Uint8Array(10)), /could not be read: it is too short/);
  const other = good.slice();
  other[0] = 0;
  assert.throws(() => unpackView(other), /it is not a view/);
  const newer = good.slice();
  newer[4] = 2;
  assert.throws(() => unpackView(newer), /version 2, not 1/);
  assert.throws(() => unpackView(good.slice(0, -1)), /its sizes do not add up/);
  const garbled = good.slice();
  garbled[36] = 0x7b + 1;
  assert.throws(() => unpackView(garbled), /its text part is not JSON/);
});

test('a buffer\'s notations are UTF-8, cut after the ASCII texts', () => {
  const p = packed();
  p.packed.notations = '3–1 ✓\n2x4 4x3\n';
  const plies = unpackView(buffer(p)).plies;
  assert.deepEqual(plies.map((x) => x.notation), ['3–1 ✓', '2x4 4x3']);
  assert.deepEqual(plies.map((x) => x.fen), ['B:W1,4:B1,2', 'W:W1:BK3']);
});
