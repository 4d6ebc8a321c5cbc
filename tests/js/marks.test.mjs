// Pure parts of the analysis board (www/view/analysis.js): choosing among the core's legal moves
// (targets, routes, the squares that tell routes apart, typed moves) and marks (colours from
// modifier keys, toggling, the arguments of setMarks); and the layers drawn (www/view/marks.js).
import test from 'node:test';
import assert from 'node:assert/strict';
import {
  distinguishing, markColor, marksArgs, movesForEntry, routes, targetsFrom, toggleMark,
} from '../../www/view/analysis.js';
import { hintsLayer, marksAt, marksLayer } from '../../www/view/marks.js';
import { walk } from '../../www/view/tree.js';

// The two routes of the flying king on 47 (W:WK47:B14,19,29,31,42), and a quiet move.
const MOVES = [
  { index: 0, notation: '47x38x20x9x36', from: '47', to: '36', path: ['47', '38', '20', '9', '36'], captured: ['42', '29', '14', '31'] },
  { index: 1, notation: '47x38x24x13x36', from: '47', to: '36', path: ['47', '38', '24', '13', '36'], captured: ['42', '29', '19', '31'] },
  { index: 2, notation: '33-28', from: '33', to: '28', path: ['33', '28'], captured: [] },
];

test('targets and routes come from the legal moves only', () => {
  assert.deepEqual(targetsFrom(MOVES, '47'), ['36']);
  assert.equal(routes(MOVES, '47', '36').length, 2);
  assert.deepEqual(routes(MOVES, '47', '36', ['24']).map((m) => m.index), [1]);
  assert.deepEqual(targetsFrom(MOVES, '47', ['99']), []);
  assert.deepEqual(distinguishing(routes(MOVES, '47', '36')).sort(), ['13', '20', '24', '9']);
});

test('typed moves: short, full routes, algebraic, unknown', () => {
  assert.deepEqual(movesForEntry(MOVES, '33-28').map((m) => m.index), [2]);
  assert.deepEqual(movesForEntry(MOVES, '47x36').map((m) => m.index), [0, 1]);
  assert.deepEqual(movesForEntry(MOVES, '47x38x24x13x36!').map((m) => m.index), [1]);
  assert.deepEqual(movesForEntry(MOVES, '47:20:36').map((m) => m.index), [0]);
  assert.deepEqual(movesForEntry(MOVES, '32-28'), []);
  assert.deepEqual(movesForEntry(MOVES, ''), []);
  const algebraic = [{ index: 0, notation: 'c3-d4', from: 'c3', to: 'd4', path: ['c3', 'd4'], captured: [] }];
  assert.equal(movesForEntry(algebraic, 'C3D4').length, 1);
  assert.equal(movesForEntry(algebraic, 'c3-d4').length, 1);
});

test('typed moves: Russian short notation (ge3, e3) names the move when it names one piece', () => {
  const moves = [
    { index: 0, notation: 'g5:e3', from: 'g5', to: 'e3', path: ['g5', 'e3'], captured: ['f4'] },
    { index: 1, notation: 'c5:e3', from: 'c5', to: 'e3', path: ['c5', 'e3'], captured: ['d4'] },
    { index: 2, notation: 'a7-b6', from: 'a7', to: 'b6', path: ['a7', 'b6'], captured: [] },
  ];
  assert.deepEqual(movesForEntry(moves, 'ge3').map((m) => m.index), [0]);
  assert.deepEqual(movesForEntry(moves, 'CE3').map((m) => m.index), [1]);
  assert.deepEqual(movesForEntry(moves, 'b6').map((m) => m.index), [2]);
  // e3 alone: two pieces land there, so it names no one move; a file no piece leaves, none.
  assert.deepEqual(movesForEntry(moves, 'e3'), []);
  assert.deepEqual(movesForEntry(moves, 'he3'), []);
  // Numbered boards are not read as short notation.
  assert.deepEqual(movesForEntry(MOVES, 'a36'), []);
});

test('mark colours follow the modifier keys; drawing a mark again removes it', () => {
  assert.equal(markColor({}), 'green');
  assert.equal(markColor({ shiftKey: true }), 'red');
  assert.equal(markColor({ altKey: true }), 'blue');
  assert.equal(markColor({ shiftKey: true, altKey: true }), 'yellow');
  let marks = toggleMark(null, '28', null, 'green');
  marks = toggleMark(marks, '32', '28', 'red');
  assert.deepEqual(marksArgs(marks), { squares: 'G28', arrows: 'R32-28' });
  marks = toggleMark(marks, '28', '28', 'blue');
  assert.deepEqual(marks.squares, [{ color: 'blue', square: '28' }]);
  marks = toggleMark(marks, '32', '28', 'red');
  assert.deepEqual(marksArgs(marks), { squares: 'B28', arrows: '' });
  assert.deepEqual(marksArgs({ squares: [], arrows: [{ color: 'yellow', from: 'c3', to: 'e5' }] }).arrows, 'Yc3e5');
});

test('marks of a position and their layers', () => {
  const view = {
    marks: { squares: [{ color: 'red', square: '1' }], arrows: [] },
    plies: [{ marks: { squares: [], arrows: [{ color: 'blue', from: '1', to: '2' }] } }],
    variations: [],
  };
  assert.equal(marksAt(view, null, 0).squares[0].square, '1');
  assert.equal(marksAt(view, null, 1).arrows[0].color, 'blue');
  const model = { width: 2, height: 2, squares: [{ label: '1', col: 0, row: 0 }, { label: '2', col: 1, row: 1 }] };
  const layer = walk(marksLayer(model, marksAt(view, null, 1)));
  assert.ok(layer.some((n) => n.attrs['data-mark-arrow'] === '1-2' && n.attrs['data-color'] === 'blue'));
  assert.equal(marksLayer(model, { squares: [{ color: 'red', square: '99' }] }), null);
  const hints = walk(hintsLayer(model, { selected: '1', targets: ['2'] }));
  assert.ok(hints.some((n) => n.attrs['data-target'] === '2'));
  assert.equal(hintsLayer(model, {}), null);
});

test('library edits: one name per wasm call, the place to show, the text written back', async () => {
  const { applyEdit, EDITS } = await import('../../www/reader/library.js');
  const calls = [];
  const splice = { start: 0, end: 3, old: 'old', text: 'new' };
  const lib = new Proxy({}, {
    get: (_, name) => (name === 'isEdited' ? () => false : (...args) => {
      calls.push([name, ...args]);
      return name === 'writeBack' || name === 'setGameText' ? splice : { line: 0, ply: 1 };
    }),
  });
  // Every edit is written into the text at once: the answer says what changed there.
  assert.deepEqual(applyEdit(lib, 3, 'play', { line: null, ply: 2, choice: 5 }), { place: { line: 0, ply: 1 }, edited: false, splice });
  assert.deepEqual(calls.splice(0), [['play', 3, undefined, 2, 5], ['writeBack', 3]]);
  assert.deepEqual(applyEdit(lib, 3, 'setMarks', { line: 1, ply: 2, squares: 'G1', arrows: '' }).place, { line: 1, ply: 2 });
  assert.deepEqual(calls.splice(0), [['setMarks', 3, 1, 2, 'G1', ''], ['writeBack', 3]]);
  // Undo and redo put a text back, and go where they are told; nothing more is written.
  assert.deepEqual(applyEdit(lib, 3, 'setText', { text: 'old', was: 'new', line: 2, ply: 4 }), { place: { line: 2, ply: 4 }, edited: false, splice });
  assert.deepEqual(calls.splice(0), [['setGameText', 3, 'old', 'new']]);
  assert.throws(() => applyEdit(lib, 3, 'format'), /unknown edit/);
  assert.ok(Object.isFrozen(EDITS));
});
