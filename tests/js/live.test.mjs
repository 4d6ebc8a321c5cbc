// Live files (www/reader/live.js): conditional requests, only changed texts handed on, back-off
// on errors, a pause while hidden, a stop when finished or idle. Timers and fetch are fakes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LIVE, createLive, liveInterval } from '../../www/reader/live.js';

function harness(responses) {
  let clock = 0;
  const timers = [];
  const requests = [];
  const doc = { hidden: false, listeners: {}, addEventListener(k, f) { this.listeners[k] = f; }, removeEventListener(k) { delete this.listeners[k]; } };
  const fetch = async (url, opts) => {
    requests.push({ url, cache: opts.cache });
    const r = responses.shift() || { status: 304 };
    if (r.throws) throw new Error('offline');
    const headers = new Map(Object.entries(r.headers || {}));
    return { status: r.status, ok: r.status >= 200 && r.status < 300, headers: { get: (k) => headers.get(k) ?? null }, text: async () => r.text };
  };
  return {
    doc, requests, timers,
    deps: { fetch, doc, now: () => clock, setTimer: (f, ms) => { timers.push({ f, at: clock + ms }); return timers.length; }, clearTimer: () => {} },
    /** Runs the next timer (the clock moves to it) and waits for its fetch. */
    async step() {
      const next = timers.shift();
      clock = Math.max(clock, next.at);
      await next.f();
      return next.at;
    },
    get clock() { return clock; },
  };
}

test('the interval asked for, within bounds', () => {
  assert.equal(liveInterval('1'), LIVE.every);
  assert.equal(liveInterval(''), LIVE.every);
  assert.equal(liveInterval('15'), 15000);
  assert.equal(liveInterval('0.5'), LIVE.every);
  assert.equal(liveInterval('1.5'), LIVE.least);
  assert.equal(liveInterval('99999'), LIVE.most);
});

test('every fetch revalidates (the browser sends the conditions); an unchanged text is not handed on again', async () => {
  const h = harness([
    { status: 200, text: 'A', headers: { ETag: '"1"', 'Last-Modified': 'Wed, 25 Nov 2026 20:00:00 GMT' } },
    { status: 304 },
    { status: 200, text: 'A', headers: { ETag: '"1"' } },
    { status: 200, text: 'AB', headers: { ETag: '"2"' } },
  ]);
  const texts = [];
  const states = [];
  const live = createLive({ url: '/t.pdn', every: 5000, onText: (t) => { texts.push(t); }, onStatus: (s) => states.push(s.state), ...h.deps });
  live.start();
  for (let k = 0; k < 4; k += 1) await h.step();
  assert.deepEqual(texts, ['A', 'AB']);
  assert.ok(h.requests.every((r) => r.cache === 'no-cache'));
  assert.equal(h.timers[0].at - h.clock, 5000, 'the next fetch in `every`');
  assert.ok(states.every((s) => s === 'live'));
});

test('errors back off, doubling up to the longest wait, and recover', async () => {
  const h = harness([{ throws: true }, { status: 500 }, { status: 503 }, { status: 200, text: 'X' }]);
  const states = [];
  createLive({ url: '/t', every: 10000, onText: () => {}, onStatus: (s) => states.push(s.state), ...h.deps }).start();
  const gaps = [];
  for (let k = 0; k < 4; k += 1) {
    const before = await h.step();
    gaps.push(h.timers[0].at - before);
  }
  assert.deepEqual(gaps, [20000, 40000, 80000, 10000]);
  assert.deepEqual(states, ['error', 'error', 'error', 'live']);
});

test('paused while the tab is hidden, fetching again when it is shown', async () => {
  const h = harness([{ status: 200, text: 'A' }, { status: 200, text: 'AB' }]);
  const texts = [];
  const states = [];
  createLive({ url: '/t', onText: (t) => { texts.push(t); }, onStatus: (s) => states.push(s.state), ...h.deps }).start();
  await h.step();
  h.doc.hidden = true;
  await h.step();
  assert.equal(h.requests.length, 1, 'no fetch while hidden');
  assert.equal(h.timers.length, 0, 'no timer while hidden');
  assert.equal(states.at(-1), 'paused');
  h.doc.hidden = false;
  h.doc.listeners.visibilitychange();
  await h.step();
  assert.deepEqual(texts, ['A', 'AB']);
});

test('stops when the host says every game is finished, or after a long idle', async () => {
  const h = harness([{ status: 200, text: 'A' }, { status: 200, text: 'A 1-0' }]);
  const states = [];
  const live = createLive({ url: '/t', onText: (t) => (t.endsWith('1-0') ? { finished: true } : null), onStatus: (s) => states.push(s.state), ...h.deps });
  live.start();
  await h.step();
  await h.step();
  assert.equal(live.state, 'finished');
  assert.equal(h.timers.length, 0);

  const idle = harness([{ status: 200, text: 'A' }]);
  const quiet = createLive({ url: '/t', every: 60 * 60 * 1000, onText: () => {}, ...idle.deps });
  quiet.start();
  for (let k = 0; k < 5 && idle.timers.length; k += 1) await idle.step();
  assert.equal(quiet.state, 'stopped');
  assert.equal(idle.requests.length, 5, 'stopped on the first fetch after three idle hours');
});

test('`again`: the same text is handed on once more at the next fetch', async () => {
  const h = harness([{ status: 200, text: 'A 1. 32-2' }, { status: 200, text: 'A 1. 32-2' }, { status: 200, text: 'A 1. 32-2' }]);
  const texts = [];
  createLive({ url: '/t', onText: (t) => { texts.push(t); return texts.length === 1 ? { again: true } : null; }, ...h.deps }).start();
  for (let k = 0; k < 3; k += 1) await h.step();
  assert.deepEqual(texts, ['A 1. 32-2', 'A 1. 32-2']);
});

test('a text caught half-written is shown up to its last white space, whole when it comes again', async () => {
  const { settledText } = await import('../../www/view/follow.js');
  assert.deepEqual(settledText('1. 32-28 19-2', null), { text: '1. 32-28 ', cut: true });
  assert.deepEqual(settledText('1. 32-28 19-2', '1. 32-28 19-2'), { text: '1. 32-28 19-2', cut: false });
  assert.deepEqual(settledText('1. 32-28 19-23 *\n', null), { text: '1. 32-28 19-23 *\n', cut: false });
  assert.deepEqual(settledText('x', null), { text: 'x', cut: false });
});
