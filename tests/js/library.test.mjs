// Unit tests for the page's side of the reading worker, with a fake Worker: requests are matched
// to their replies, reports of an older text are dropped, and failures reach the caller; and,
// over the built wasm (pkg/), the rows the core packs unpack to its plain ones, and the table of
// requests (reader/protocol.js) is what the worker, its client and the in-thread library answer.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { answer, createLibrary, createLocalLibrary, createWorkerHost, unpackRows } from '../../www/reader/library.js';
import { LIFECYCLE, METHODS, libraryFacade } from '../../www/reader/protocol.js';

const wasm = await import('../../pkg/pdn.js');
wasm.initSync({ module: readFileSync(new URL('../../pkg/pdn_bg.wasm', import.meta.url)) });

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

test('rows packed by the core unpack to its plain rows, field by field and in order, through a structured clone', () => {
  const games = [];
  for (let i = 0; i < 250; i++) {
    games.push(`[Event "${i % 2 ? 'Open' : 'Cup'}"]\n[White "W${i % 7}"]\n[Black "${i % 3 ? 'B' : ''}"]${i % 5 ? '\n[GameType "20"]' : ''}\n1. 32-28 *\n`);
  }
  const lib = wasm.Library.fromText(games.join('\n'));
  const plain = lib.rows(0, lib.count);
  const packed = lib.rowsPacked(0, lib.count);
  assert.equal(packed.count, 250);
  assert.equal(packed.fields.find((f) => f.key === 'white').values.length, 7, 'repeated values are sent once');
  assert.ok(packed.fields.find((f) => f.key === 'number').column, 'a field of distinct values goes as a column');
  // As the worker moves them: the indexes as typed arrays, transferred.
  const transfer = [];
  for (const f of packed.fields) if (f.index) { f.index = Uint32Array.from(f.index); transfer.push(f.index.buffer); }
  const back = unpackRows(structuredClone(packed, { transfer }));
  assert.deepStrictEqual(back, plain);
  for (let i = 0; i < plain.length; i++) assert.deepEqual(Object.keys(back[i]), Object.keys(plain[i]));
  // A part of the list, and none at all.
  assert.deepStrictEqual(unpackRows(lib.rowsPacked(10, 13)), lib.rows(10, 13));
  assert.deepStrictEqual(unpackRows(lib.rowsPacked(300, 400)), []);
  // Plain rows are taken as they are.
  assert.equal(unpackRows(plain), plain);
  lib.free();
});

test('one table of requests: each is a method of the wasm Library, the worker client, the in-thread library and a facade', async () => {
  for (const [name, m] of Object.entries(METHODS)) {
    assert.ok(Object.isFrozen(m) && Array.isArray(m.args), name);
    // The Library method that answers it must exist.
    if (m.calls !== 'edit') assert.equal(typeof wasm.Library.prototype[m.calls], 'function', `Library.${m.calls}`);
  }
  const names = Object.keys(METHODS).sort();
  const client = createLibrary(() => fakeWorker());
  const local = createLocalLibrary(wasm);
  const facade = libraryFacade(() => local);
  for (const lib of [client, local, facade]) {
    assert.deepEqual(Object.keys(lib).filter((k) => !LIFECYCLE.includes(k) && k !== 'adopt').sort(), names);
  }
  // A request the table does not have is refused, by the worker's dispatcher too.
  assert.throws(() => answer({}, 'toString', {}), /unknown request/);
  assert.throws(() => answer({}, 'free', {}), /unknown request/);
  client.terminate();
});

test('the in-thread library answers every request from the wasm core as the worker would', async () => {
  const local = createLocalLibrary(wasm);
  const text = '[White "A"][GameType "20"]\n1. 32-28 (1. 33-28 18-22) 19-23 *\n';
  const opened = {};
  await local.open({ text }, { opened: (m) => Object.assign(opened, m) });
  assert.equal(opened.count, 1);
  assert.equal(opened.view.plies[0].notation, '32-28', 'the view is unpacked');
  const view = await local.game(0);
  assert.deepEqual(JSON.parse(JSON.stringify(view)), JSON.parse(JSON.stringify(opened.view)));
  assert.deepEqual((await local.variations(0, [0])).map(([id]) => id), [0]);
  assert.equal(await local.gameText(5), '', 'no such game: an empty text');
  assert.match(await local.exportGame(0), /1\. 32-28/);
  const moves = await local.legalMoves(0, null, 0);
  assert.ok(moves.some((m) => m.notation === '31-27'));
  const edit = await local.edit(0, 'play', { line: null, ply: 0, choice: moves.find((m) => m.notation === '31-27').index });
  assert.deepEqual(edit.place, { line: 1, ply: 1 });
  assert.ok(edit.view.plies[0].notation === '32-28');
  // The edit is written into the text at once: the answer says what changed there.
  assert.ok(!edit.edited && edit.splice.old === text.trimEnd() && edit.splice.text.includes('(1. 31-27)'), JSON.stringify(edit.splice));
  assert.equal(await local.text(), `${edit.splice.text}\n`);
  const back = await local.edit(0, 'setText', { text: edit.splice.old, was: edit.splice.text, line: null, ply: 0 });
  assert.equal(back.splice.text, text.trimEnd());
  assert.equal(await local.text(), text, 'undo: the text as it was');
  assert.equal(edit.view.variations.length, 2);
  assert.equal((await local.solveState(0, null, 0)).toMove, 'white');
  // The problem at a place: the tags and that position, none of the moves (exportProblem).
  const problem = await local.exportProblem(0, null, 1);
  assert.match(problem, /\[White "A"\]/);
  assert.match(problem, /\[FEN "B:W/);
  assert.doesNotMatch(problem, /32-28|33-28|31-27|19-23/);
  await assert.rejects(local.exportGame(3), /no game 4/);
  local.terminate();
});
