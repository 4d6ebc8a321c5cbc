// The engine worker's messages (www/engine/protocol.js): the dispatcher is made of one handler a
// row and refuses what the table does not know; the client sends only the table's requests.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { REQUESTS, REPLIES, dispatcher, engineClient, reply, request } from '../../www/engine/protocol.js';
import { createSession } from '../../www/engine/session.js';

const handlers = () => Object.fromEntries(Object.keys(REQUESTS).map((n) => [n, (m) => `ran ${n} ${m.id ?? ''}`.trim()]));

test('every row of the table has a handler, and only rows have one', () => {
  for (const name of Object.keys(REQUESTS)) {
    const h = handlers();
    delete h[name];
    assert.throws(() => dispatcher(h), new RegExp(`missing ${name}`));
  }
  assert.throws(() => dispatcher({ ...handlers(), ponder: () => {} }), /not in the table: ponder/);
  const d = dispatcher(handlers());
  for (const name of Object.keys(REQUESTS)) assert.equal(d({ type: name, id: 3 }).run(), name === 'stop' ? 'ran stop 3' : `ran ${name} 3`);
  for (const row of Object.values(REQUESTS)) for (const a of row.answers) assert.ok(a in REPLIES, a);
});

test('the dispatcher refuses an unknown message', () => {
  const d = dispatcher(handlers());
  assert.deepEqual(d({ type: 'ponder', id: 4 }), { refused: { type: 'error', id: 4, message: "unknown request 'ponder'" } });
  assert.ok(d({ id: 5 }).refused);
  assert.ok(d({ type: 'toString' }).refused);
  assert.equal(d(null), null);
});

test('the session answers an unknown message an error and stops nothing', async () => {
  const out = [];
  let stopped = false;
  // A stand-in for the wasm's Analyser: three depths, a step each, then over.
  const Analyser = class {
    constructor() { this.n = 0; }
    budget(multipv, depth) { this.last = depth; }
    step() {
      this.n += 1;
      return this.n > this.last ? null : { depth: this.n, nodes: 1, ms: 1, lines: [{ score: 0, win: null, moves: [] }] };
    }
    free() {}
  };
  let s;
  s = createSession(Analyser, (m) => out.push(m), {
    pause: async () => { if (!stopped) { stopped = true; await s.handle({ type: 'ponder', id: 9 }); } },
  });
  await s.handle({ type: 'analyse', id: 1, depth: 3 });
  assert.deepEqual(out.map((m) => m.type), ['info', 'error', 'info', 'info', 'done']);
  assert.equal(out[1].id, 9);
});

test('the client sends only the table\'s requests and fields', () => {
  const sent = [];
  const c = engineClient({ postMessage: (m) => sent.push(m) });
  c.send('stop');
  c.send('judge', { id: 2, fen: 'W:W28:B19', ms: 10 });
  assert.deepEqual(sent, [{ type: 'stop' }, { type: 'judge', id: 2, fen: 'W:W28:B19', ms: 10 }]);
  assert.throws(() => c.send('ponder', { id: 1 }), /unknown request 'ponder'/);
  assert.throws(() => c.send('judge', { id: 1, fens: [] }), /'judge' has no field 'fens'/);
  assert.throws(() => request('info', { id: 1 }), /unknown request/);
  assert.throws(() => reply('analyse', { id: 1 }), /unknown reply/);
  assert.throws(() => reply('done', { id: 1, depth: 2 }), /'done' has no field 'depth'/);
  assert.equal(sent.length, 2);
});

test('the session steps a file\'s shots, posts the progress, then the problem file', async () => {
  const out = [];
  const steps = [{ game: 1, games: 1, done: 1, of: 2, found: 0 }, { game: 1, games: 1, done: 2, of: 2, found: 1 }, { game: 1, games: 1, done: 0, of: 0, found: 1 }];
  let freed = false;
  class PuzzleRun {
    constructor(text, nodes, minGain) { this.args = [text, nodes, minGain]; this.i = 0; }
    step() { return steps[this.i++] ?? null; }
    text() { return '[FEN "W:W28:B19"]\n1. 28-23 *\n'; }
    free() { freed = true; }
  }
  const s = createSession(class {}, (m) => out.push(m), { pause: async () => {}, PuzzleRun });
  await s.handle(request('puzzles', { id: 7, text: '1. 32-28 *', nodes: 500 }));
  assert.deepEqual(out.map((m) => m.type), ['puzzling', 'puzzling', 'puzzling', 'puzzled']);
  assert.deepEqual(out[0], { type: 'puzzling', id: 7, ...steps[0] });
  assert.deepEqual(out[3], { type: 'puzzled', id: 7, text: '[FEN "W:W28:B19"]\n1. 28-23 *\n', found: 1 });
  assert.ok(freed);
  // Without the wasm class: an error, not a hang.
  const none = [];
  await createSession(class {}, (m) => none.push(m)).handle({ type: 'puzzles', id: 8, text: '' });
  assert.deepEqual(none.map((m) => m.type), ['error']);
});

test('findShots sends the file, hands on the progress and ends the worker with the problem file', async () => {
  const { findShots } = await import('../../www/engine/shots.js');
  const listeners = {};
  const sent = [];
  let terminated = false;
  const worker = {
    postMessage: (m) => sent.push(m),
    addEventListener: (type, f) => { listeners[type] = f; },
    terminate: () => { terminated = true; },
  };
  const seen = [];
  const run = findShots({ text: 'PDN', createWorker: () => worker, progress: (p) => seen.push(p) });
  assert.deepEqual(sent, [{ type: 'puzzles', id: 1, text: 'PDN' }]);
  listeners.message({ data: { type: 'puzzling', id: 1, game: 1, games: 2, done: 3, of: 9, found: 0 } });
  listeners.message({ data: { type: 'puzzled', id: 1, text: 'T', found: 0 } });
  assert.deepEqual(await run.done, { text: 'T', found: 0 });
  assert.deepEqual(seen, [{ game: 1, games: 2, done: 3, of: 9, found: 0 }]);
  assert.ok(terminated);
});
