// The GIF's page side (www/share/gif.js): the board model handed to the GIF's wasm module as
// pdn_gif::Animation::from_parts takes it (the CLI's from_view made in JS), and that module
// (pkg/gif.js) under Node: a GIF of the right width, plain words for a bad size or model.
// Byte equality with `pdn gif` is tests/e2e/gif.mjs's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';

const wasmUrl = new URL('../../pkg/gif_bg.wasm', import.meta.url);
const built = existsSync(wasmUrl);
const skip = built ? false : 'pkg/gif_bg.wasm is not built (make build)';
const module = built ? await import('../../www/share/gif.js') : null;
const pkg = built ? await import('../../pkg/gif.js') : null;
if (built) pkg.initSync({ module: readFileSync(wasmUrl) });

/** A 4×4 board's view (8 playable squares) with two moves, as the page holds it unpacked. */
const VIEW = {
  tags: [['Event', 'x'], ['white', 'Žanis'], ['Black', 'Шварцман'], ['Result', '1-0']],
  board: {
    width: 4, height: 4,
    squares: [[0, 0], [2, 0], [1, 1], [3, 1], [0, 2], [2, 2], [1, 3], [3, 3]].map(([file, rank], i) => ({ label: String(i + 1), file, rank })),
  },
  start: { cells: 'ww....bb' },
  plies: [
    { from: '2', to: '4', cells: 'w..w..bb' },
    { from: '7', to: '9', cells: 'w..w..bb' }, // a square the board lacks: no mark
  ],
};

test('gifParts: the squares, every position\'s cells, each frame\'s marks (-1: none), the tags in any case', { skip }, () => {
  const p = module.gifParts(VIEW);
  assert.deepEqual([p.width, p.height], [4, 4]);
  assert.deepEqual([...p.files], [0, 2, 1, 3, 0, 2, 1, 3]);
  assert.deepEqual([...p.ranks], [0, 0, 1, 1, 2, 2, 3, 3]);
  assert.equal(p.cells, 'ww....bbw..w..bbw..w..bb');
  assert.deepEqual([...p.from], [-1, 1, -1]);
  assert.deepEqual([...p.to], [-1, 3, -1]);
  assert.deepEqual([p.white, p.black, p.result], ['Žanis', 'Шварцман', '1-0']);
  assert.equal(module.gifParts({ ...VIEW, board: null }), null);
  assert.equal(module.gifParts({ ...VIEW, start: null }), null);
});

test('the GIF module: a GIF89a as wide as the board asks; plain words for a bad size or parts', { skip }, async () => {
  const p = module.gifParts(VIEW);
  const bytes = pkg.gif(p.width, p.height, p.files, p.ranks, p.cells, p.from, p.to, p.white, p.black, p.result, module.GIF_SIZE);
  assert.equal(new TextDecoder().decode(bytes.subarray(0, 6)), 'GIF89a');
  assert.equal(bytes[6] | (bytes[7] << 8), 400);
  assert.throws(() => pkg.gif(p.width, p.height, p.files, p.ranks, p.cells, p.from, p.to, '', '', '', 10), /size 10 is out of range/);
  assert.throws(() => pkg.gif(p.width, p.height, p.files, p.ranks, p.cells.slice(1), p.from, p.to, '', '', '', 400), /do not make whole positions/);
  // No board: null, and the module is not even asked.
  assert.equal(await module.gameGif({ ...VIEW, board: null }), null);
});
