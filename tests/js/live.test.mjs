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

  // Idle: no change for LIVE.idleFetches intervals, whatever the interval.
  for (const every of [2000, 10_000]) {
    const idle = harness([{ status: 200, text: 'A' }]);
    const quiet = createLive({ url: '/t', every, onText: () => {}, ...idle.deps });
    quiet.start();
    for (let k = 0; k < LIVE.idleFetches + 5 && idle.timers.length; k += 1) await idle.step();
    assert.equal(quiet.state, 'stopped');
    assert.equal(idle.requests.length, LIVE.idleFetches + 2, `every ${every} ms: stopped on the first fetch past ${LIVE.idleFetches} idle intervals`);
  }
});

test('finish(): a round seen finished before any fetch is not fetched at all', async () => {
  const h = harness([]);
  const states = [];
  const live = createLive({ url: '/t', onText: () => null, onStatus: (s) => states.push(s.state), ...h.deps });
  live.finish();
  assert.equal(live.state, 'finished');
  assert.deepEqual(states, ['finished']);
  assert.equal(h.timers.length, 0);
  assert.equal(h.requests.length, 0);
});

test('`again`: the same text is handed on once more at the next fetch', async () => {
  const h = harness([{ status: 200, text: 'A 1. 32-2' }, { status: 200, text: 'A 1. 32-2' }, { status: 200, text: 'A 1. 32-2' }]);
  const texts = [];
  createLive({ url: '/t', onText: (t) => { texts.push(t); return texts.length === 1 ? { again: true } : null; }, ...h.deps }).start();
  for (let k = 0; k < 3; k += 1) await h.step();
  assert.deepEqual(texts, ['A 1. 32-2', 'A 1. 32-2']);
});

test('a text caught half-written is held back (the last game cut off, or shorter than shown), shown when it comes again', async () => {
  const { heldBack } = await import('../../www/view/follow.js');
  const whole = '[Round "1"]\n1. 32-28 19-23 *\n\n[Round "1"]\n1. 33-29 18-22 2-0\n';
  // Cut inside a move, inside a header, between two moves.
  assert.equal(heldBack('1. 32-28 19-2', { shown: null }), true);
  assert.equal(heldBack('1. 32-28 19-23 *\n\n[Round "1', { shown: null }), true);
  assert.equal(heldBack('1. 32-28 19-23 2. 28x19 ', { shown: '1. 32-28 19-23 *' }), true);
  // Fewer games than shown, though the text ends with a result.
  assert.equal(heldBack('[Round "1"]\n1. 32-28 19-23 *\n\n', { shown: whole }), true);
  // Whole texts: every result written the PDN ways.
  for (const end of ['*', '2-0', '0-2', '1-1', '1-0', '0-1', '1/2-1/2', '0-0']) {
    assert.equal(heldBack(`${whole}\n[Round "2"]\n1. 31-27 ${end}\n`, { shown: whole }), false, end);
  }
  // A move whose squares end like a result is not one.
  assert.equal(heldBack('1. 32-28 19-23 2. 31-2', { shown: null }), true);
  // A file whose writer never ends it with a result is not judged by its end, only by its length.
  assert.equal(heldBack('1. 32-28 19-23 2. 28x19', { shown: '1. 32-28 19-23' }), false);
  assert.equal(heldBack('1. 32-28', { shown: '1. 32-28 19-23' }), true);
  // The same text twice in a row is what the file holds.
  assert.equal(heldBack('1. 32-28 19-2', { shown: null, previous: '1. 32-28 19-2' }), false);
});
