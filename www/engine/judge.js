// Solve mode's engine (view/solve.js, through app.js): its own engine worker (worker.js),
// started on the first move past the text, asked whether the position after the reader's move
// is still won for the reader (the worker's 'judge' message; the verdict is the engine's, from
// crates/engine-wasm's judge). One question at a time: a new one, or drop(), leaves the pending
// answer unanswered (resolved to null).

import { engineClient } from './protocol.js';

/** createWorker(): a Worker running worker.js. Returns { ask(q), drop(), destroy() }. */
export function createJudge(createWorker) {
  let worker = null;
  let client = null; // engineClient(worker)
  let id = 0;
  let pending = null; // { id, resolve }

  function settle(value) {
    const p = pending;
    pending = null;
    if (p) p.resolve(value);
  }

  function start() {
    if (worker) return;
    worker = createWorker();
    client = engineClient(worker);
    worker.addEventListener('message', (e) => {
      const m = e.data;
      if (!m || !pending || m.id !== pending.id) return;
      if (m.type === 'judged') settle(m);
      else if (m.type === 'error') settle({ verdict: 'error', message: m.message });
    });
    worker.addEventListener('error', () => settle({ verdict: 'error', message: 'the engine did not load' }));
  }

  return {
    /**
     * q: { gametype, goal, fen (after the reader's move), history (FENs before it), ms }.
     * Resolves to the worker's 'judged' message ({ verdict: 'won' | 'lost' | 'unproven',
     * solved, reply: { notation, from, to, fen } | null, … }), { verdict: 'error', message },
     * or null when dropped.
     */
    ask(q) {
      settle(null);
      start();
      id += 1;
      return new Promise((resolve) => {
        pending = { id, resolve };
        client.send('judge', { id, ...q });
      });
    },
    /** Drops the pending question (its answer is not waited for): the worker stops searching. */
    drop() {
      if (!pending) return;
      settle(null);
      if (worker) client.send('stop');
    },
    destroy() {
      settle(null);
      if (worker) worker.terminate();
      worker = null;
      client = null;
    },
  };
}
