// The page's side of the reading worker (worker.js): opens a text, a file or a URL there and
// hands back what it reports (the first game, the list rows, check results, progress), and
// turns the other requests (a game, an export) into promises.

/**
 * `createWorker` makes the Worker (injected so tests can pass a fake). Returns
 * { open(source, handlers) -> Promise<{count}>, game(i), gameText(i), exportGame(i), exportAll(),
 *   text(), terminate() }.
 */
export function createLibrary(createWorker = () => new Worker(new URL('./worker.js', import.meta.url), { type: 'module' })) {
  const worker = createWorker();
  let nextId = 1;
  const pending = new Map(); // id -> { resolve, reject }
  let current = null;        // the open() in progress or done: { id, handlers, resolve, reject }

  worker.onmessage = (e) => {
    const msg = e.data;
    if (msg.type === 'reply') {
      const p = pending.get(msg.id);
      if (!p) return;
      pending.delete(msg.id);
      if (msg.error != null) p.reject(new Error(msg.error));
      else p.resolve(msg.value);
      return;
    }
    if (!current || msg.id !== current.id) return; // a report about an older text
    const h = current.handlers;
    switch (msg.type) {
      case 'progress': h.progress?.(msg); break;
      case 'opened':
        h.opened?.(msg);
        if (msg.count === 0) current.resolve({ count: 0 });
        break;
      case 'rows': h.rows?.(msg.rows); break;
      case 'text': h.text?.(msg); break;
      case 'checked': h.checked?.(msg); break;
      case 'done': h.done?.(); current.resolve({ count: null }); break;
      case 'error': {
        const err = Object.assign(new Error(msg.message), { kind: msg.kind, status: msg.status });
        current.reject(err);
        break;
      }
      default: break;
    }
  };
  worker.onerror = (e) => {
    const err = new Error(e.message || 'the reading worker failed');
    if (current) current.reject(err);
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  };

  function request(type, extra = {}) {
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.postMessage({ type, id, ...extra });
    });
  }

  return {
    /**
     * source: { text } | { file } | { url }, plus `game` (1-based, shown first).
     * handlers: { opened({count, game, view, encoding, outside}), rows(rows), text({text,length}),
     *             checked({from, rows, done, total}), progress({phase, done, total}), done() }.
     * Resolves when the whole check pass is over (or at once when there is no game).
     */
    open(source, handlers = {}) {
      const id = nextId++;
      // The older text's reports stop here; whoever waits on it hears it was replaced.
      if (current) current.resolve({ count: null, replaced: true });
      return new Promise((resolve, reject) => {
        current = { id, handlers, resolve, reject };
        worker.postMessage({ type: 'open', id, ...source });
      });
    },
    game: (index) => request('game', { index }),
    /** More variations of game `index` (a view's capped ones): [[id, variation], ...]. */
    variations: (index, ids) => request('variations', { index, ids }),
    gameText: (index) => request('gameText', { index }),
    exportGame: (index) => request('exportGame', { index }),
    exportAll: () => request('exportAll'),
    text: () => request('text'),
    terminate: () => worker.terminate(),
  };
}

/**
 * The same interface over a wasm module in this thread, for small texts where a worker is not
 * worth its start-up (the <pdn-viewer> element, the self-contained export). `wasm` is the
 * initialised pkg/pdn.js module. Everything happens at once, in the order the worker reports.
 */
export function createLocalLibrary(wasm) {
  let lib = null;
  const need = () => {
    if (!lib) throw new Error('no text is open');
    return lib;
  };
  return {
    async open(source, h = {}) {
      if (lib) lib.free();
      lib = source.bytes ? wasm.Library.fromBytes(source.bytes) : wasm.Library.fromText(source.text ?? '');
      const count = lib.count;
      const outside = lib.outsideDiagnostics();
      if (!count) {
        h.opened?.({ count, encoding: lib.encoding, outside });
        return { count };
      }
      const game = Math.min(Math.max((source.game ?? 1) - 1, 0), count - 1);
      h.opened?.({ count, game, view: lib.game(game), encoding: lib.encoding, outside });
      h.rows?.(lib.rows(0, count));
      h.done?.();
      return { count };
    },
    game: async (index) => need().game(index),
    gameText: async (index) => need().gameText(index) ?? '',
    exportGame: async (index) => need().exportGame(index),
    exportAll: async () => need().exportAll(),
    text: async () => need().text(),
    terminate() { if (lib) lib.free(); lib = null; },
  };
}
