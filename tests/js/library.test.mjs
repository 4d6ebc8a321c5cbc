// Unit tests for the page's side of the reading worker, with a fake Worker: requests are matched
// to their replies, reports of an older text are dropped, and failures reach the caller.
import test from 'node:test';
import assert from 'node:assert/strict';
import { createLibrary, createWorkerHost, packRows, unpackRows } from '../../www/reader/library.js';

function fakeWorker() {
  const w = { sent: [], onmessage: null, onerror: null, terminated: false };
  w.postMessage = (msg) => w.sent.push(msg);
  w.terminate = () => { w.terminated = true; };
  w.reply = (data) => w.onmessage({ data });
  return w;
}

test('open: reports go to the handlers in order and the promise resolves when the check pass is done', async () => {
  const w = fakeWorker();
  const lib = createLibrary(() => w);
  const seen = [];
  const done = lib.open({ text: 'x', game: 2 }, {
    opened: (m) => seen.push(['opened', m.count, m.game]),
    rows: (r) => seen.push(['rows', r.length]),
    checked: (m) => seen.push(['checked', m.done]),
    progress: (m) => seen.push(['progress', m.phase]),
    done: () => seen.push(['done']),
  });
  const { id } = w.sent[0];
  assert.equal(w.sent[0].type, 'open');
  assert.equal(w.sent[0].game, 2);
  w.reply({ type: 'progress', id, phase: 'read' });
  w.reply({ type: 'opened', id, count: 3, game: 1, view: {} });
  w.reply({ type: 'rows', id, rows: [{}, {}, {}] });
  w.reply({ type: 'checked', id, from: 0, rows: [], done: 3, total: 3 });
  w.reply({ type: 'done', id });
  assert.deepEqual(await done, { count: null });
  assert.deepEqual(seen, [['progress', 'read'], ['opened', 3, 1], ['rows', 3], ['checked', 3], ['done']]);
});

test('a newer open drops the older text\'s reports and releases whoever waited on it', async () => {
  const w = fakeWorker();
  const lib = createLibrary(() => w);
  const rows = [];
  const first = lib.open({ text: 'a' }, { rows: (r) => rows.push(['a', r.length]) });
  const second = lib.open({ text: 'b' }, { rows: (r) => rows.push(['b', r.length]) });
  assert.deepEqual(await first, { count: null, replaced: true });
  const [a, b] = w.sent;
  w.reply({ type: 'rows', id: a.id, rows: [1] });
  w.reply({ type: 'rows', id: b.id, rows: [1, 2] });
  w.reply({ type: 'opened', id: b.id, count: 0 });
  assert.deepEqual(await second, { count: 0 });
  assert.deepEqual(rows, [['b', 2]]);
});

test('requests resolve with their own reply, errors reject, a download failure keeps its kind', async () => {
  const w = fakeWorker();
  const lib = createLibrary(() => w);
  const g1 = lib.game(1);
  const g2 = lib.exportGame(7);
  const [r1, r2] = w.sent;
  assert.deepEqual([r1.type, r1.index, r2.type, r2.index], ['game', 1, 'exportGame', 7]);
  w.reply({ type: 'reply', id: r2.id, error: 'there is no game 8' });
  w.reply({ type: 'reply', id: r1.id, value: { number: 2 } });
  assert.deepEqual(await g1, { number: 2 });
  await assert.rejects(g2, /no game 8/);
  const opening = lib.open({ url: 'http://x/y.pdn' });
  const { id } = w.sent[2];
  w.reply({ type: 'error', id, kind: 'network', message: 'Failed to fetch' });
  await assert.rejects(opening, (e) => e.kind === 'network');
  lib.terminate();
  assert.ok(w.terminated);
});

test('a fatal error replaces the worker: the next open goes to a fresh one, other clients open again', async () => {
  const made = [];
  const host = createWorkerHost(() => { const w = fakeWorker(); made.push(w); return w; });
  const page = createLibrary(host);
  const other = createLibrary(host);
  const a = other.open({ text: 'other' });
  const w1 = made[0];
  w1.reply({ type: 'opened', id: w1.sent[0].id, slot: w1.sent[0].slot, count: 1, game: 0, view: {} });
  w1.reply({ type: 'done', id: w1.sent[0].id, slot: w1.sent[0].slot });
  await a;
  const b = page.open({ text: 'huge' });
  const sent = w1.sent[1];
  assert.notEqual(sent.slot, w1.sent[0].slot);
  w1.reply({ type: 'error', id: sent.id, slot: sent.slot, kind: 'memory', fatal: true, message: 'unreachable' });
  await assert.rejects(b, (e) => e.kind === 'memory' && e.restarted);
  assert.ok(w1.terminated, 'the broken worker is terminated');
  // The other element's next request first opens its text again, quietly, in the new worker.
  const g = other.game(0);
  const w2 = made[1];
  assert.ok(w2 && w2 !== w1, 'a fresh worker');
  assert.deepEqual([w2.sent[0].type, w2.sent[0].text, w2.sent[0].quiet], ['open', 'other', true]);
  w2.reply({ type: 'opened', id: w2.sent[0].id, slot: w2.sent[0].slot, count: 1, quiet: true });
  await new Promise((r) => setTimeout(r, 0));
  w2.reply({ type: 'done', id: w2.sent[0].id, slot: w2.sent[0].slot });
  await new Promise((r) => setTimeout(r, 0));
  assert.equal(w2.sent[1].type, 'game');
  w2.reply({ type: 'reply', id: w2.sent[1].id, slot: w2.sent[1].slot, value: { ok: 1 } });
  assert.deepEqual(await g, { ok: 1 });
  // And a new text on the page goes to the fresh worker as well.
  page.open({ text: 'small' });
  assert.equal(w2.sent.at(-1).text, 'small');
});

test('a worker that fails before it starts rejects with kind worker', async () => {
  const w = fakeWorker();
  const lib = createLibrary(() => w);
  const p = lib.open({ text: 'x' });
  w.onerror({ message: 'refused' });
  await assert.rejects(p, (e) => e.kind === 'worker');
});

test('packRows and unpackRows: the rows come back equal, field by field and in order; odd rows go as they are', () => {
  const rows = [];
  for (let i = 0; i < 250; i++) {
    rows.push({
      number: i + 1, white: `W${i % 7}`, black: i % 3 ? 'B' : '', event: i % 2 ? null : 'Open', plies: i % 11,
      variantNumber: i % 5 ? 20 : null, checked: i % 2 === 0, errors: 0, weird: i % 4 ? undefined : 'x',
    });
  }
  const { packed, transfer } = packRows(rows);
  assert.equal(packed.count, 250);
  assert.ok(packed.fields.find((f) => f.key === 'white').values.length === 7, 'repeated values are sent once');
  assert.ok(packed.fields.find((f) => f.key === 'number').column, 'a field of distinct values goes as a column');
  assert.equal(transfer.length, Object.keys(rows[0]).length - 1);
  // Through a structured clone, as postMessage sends it.
  const back = unpackRows(structuredClone(packed, { transfer }));
  assert.deepStrictEqual(back, rows);
  for (let i = 0; i < rows.length; i++) assert.deepEqual(Object.keys(back[i]), Object.keys(rows[i]));
  // Few rows, rows with other fields, or fields holding objects: as they are.
  const few = rows.slice(0, 3);
  assert.equal(unpackRows(packRows(few).packed), few);
  const mixed = [...rows.slice(0, 150), { number: 151 }];
  assert.deepStrictEqual(unpackRows(packRows(mixed).packed), mixed);
  const nested = rows.map((r) => ({ ...r, tags: [['Event', 'x']] }));
  assert.equal(packRows(nested).transfer.length, 0);
  assert.deepStrictEqual(unpackRows(packRows(nested).packed), nested);
  // A plain array (a worker that does not pack) is taken as it is.
  assert.equal(unpackRows(few), few);
});
