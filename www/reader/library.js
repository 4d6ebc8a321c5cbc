// The page's side of the reading worker (worker.js): opens a text, a file, a URL or a shared
// link there and hands back what it reports (the first game, the list rows, check results,
// progress), and turns the other requests (a game, an export) into promises. A worker whose
// wasm instance trapped is replaced by a fresh one (createWorkerHost), so nothing stays broken.

import { METHODS } from './protocol.js';
import { unpackView } from './viewdata.js';

/**
 * The analysis board's edits, one name each, as the wasm Library's methods take them: the worker
 * and the in-thread library both apply them here. Returns where the board goes: {line, ply}.
 */
export const EDITS = Object.freeze({
  play: (lib, i, { line, ply, choice }) => lib.play(i, line ?? undefined, ply, choice),
  deleteVariation: (lib, i, { id }) => lib.deleteVariation(i, id),
  promoteVariation: (lib, i, { id }) => lib.promoteVariation(i, id),
  cutLine: (lib, i, { line, ply }) => lib.cutLine(i, line ?? undefined, ply),
  setComment: (lib, i, { line, ply, text }) => { lib.setComment(i, line ?? undefined, ply, text); return { line, ply }; },
  setStrength: (lib, i, { line, ply, mark }) => { lib.setStrength(i, line ?? undefined, ply, mark); return { line, ply }; },
  setMarks: (lib, i, { line, ply, squares, arrows }) => { lib.setMarks(i, line ?? undefined, ply, squares, arrows); return { line, ply }; },
  revert: (lib, i) => { lib.revert(i); return { line: null, ply: 0 }; },
  // Undo and redo: a text of the game written before put back in place of `was` (the text its
  // splice left there), shown at `line`, `ply`.
  setText: (lib, i, { text, was = null, line = null, ply = 0 }) => ({
    line, ply, splice: lib.setGameText(i, String(text ?? ''), was == null ? undefined : String(was)),
  }),
});

/**
 * Applies edit `op` (a name of EDITS) with `args` to game `index` of a wasm Library, then writes
 * the edited game into the text in place of its old text (Library.writeBack): `splice` ({start,
 * end, old, text}, UTF-16 offsets of the text before, or null when nothing changed) is what the
 * page does to its text box, and what undo gives back.
 */
export function applyEdit(lib, index, op, args = {}) {
  const fn = Object.hasOwn(EDITS, op) ? EDITS[op] : null;
  if (!fn) throw new Error(`unknown edit ${op}`);
  const place = fn(lib, index, args);
  const splice = place.splice !== undefined ? place.splice : lib.writeBack(index);
  return { place: { line: place.line ?? null, ply: place.ply }, edited: lib.isEdited(index), splice: splice ?? null };
}

/** The request `name` of reader/protocol.js, or an Error saying there is none. */
function method(name) {
  if (typeof name !== 'string' || !Object.hasOwn(METHODS, name)) throw new Error(`unknown request ${name}`);
  return METHODS[name];
}

/**
 * Answers request `name` (reader/protocol.js) with its arguments by name from wasm Library
 * `lib`: the worker's dispatcher and the in-thread library. A game view goes as the core packed
 * it; `reply` unpacks it where it is used.
 */
export function answer(lib, name, args) {
  const m = method(name);
  const values = m.args.map((a) => args[a]);
  if (m.calls === 'edit') {
    const [index, op, edit] = values;
    return { ...applyEdit(lib, index, op, edit), view: lib.pageBuffer(index) };
  }
  const value = lib[m.calls](...values);
  return m.orEmpty ? value ?? '' : value;
}

/** What the caller of request `name` gets of its answer: any game view in it unpacked (viewdata.js). */
export function reply(name, value) {
  const { view } = method(name);
  if (view === 'answer') return unpackView(value);
  return view === 'field' ? withView(value) : value;
}

/** An answer holding a view (`opened`, an edit's), with the view unpacked. */
const withView = (r) => (r && r.view ? { ...r, view: unpackView(r.view) } : r);

/**
 * The requests of reader/protocol.js as methods of an object: each call's arguments go to
 * `call(name, args)` by name ({index, line, ...}), and what it resolves to is replied.
 */
function requestMethods(call) {
  return Object.fromEntries(Object.entries(METHODS).map(([name, m]) => [
    name,
    async (...values) => reply(name, await call(name, Object.fromEntries(m.args.map((a, i) => [a, values[i]])))),
  ]));
}

/**
 * List rows as the core packs them (Library.rowsPacked: per field, its distinct values and each
 * row's index into them, or the column itself) made whole again: equal, field by field and in
 * order, to Library.rows'. Plain rows are returned as they are.
 */
export function unpackRows(packed) {
  if (Array.isArray(packed)) return packed;
  if (!packed || Array.isArray(packed.rows)) return packed ? packed.rows : [];
  const { count, fields } = packed;
  // Every row starts as a copy of one with all the fields (made at once, with room for them
  // all), then is filled field by field: each loop stores one name into one kind of object,
  // which is several times faster than adding the fields one by one, row by row.
  const shape = {};
  for (const f of fields) shape[f.key] = null;
  const rows = new Array(count);
  for (let i = 0; i < count; i++) rows[i] = { ...shape };
  for (const { key, column, values, index } of fields) {
    if (column) for (let i = 0; i < count; i++) rows[i][key] = column[i];
    else for (let i = 0; i < count; i++) rows[i][key] = values[index[i]];
  }
  return rows;
}

const defaultWorker = () => new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });

/**
 * One reading worker shared by any number of clients (createLibrary), each with its own slot
 * in it. When the worker reports a fatal error (its wasm instance trapped: out of memory, an
 * abort) or dies, it is terminated and a fresh one is made on the next message; the other
 * clients are told (`lost`) so they open their text again when next asked.
 * `createWorker` makes the Worker (injected so tests can pass a fake).
 */
export function createWorkerHost(createWorker = defaultWorker) {
  let worker = null;
  let started = false; // the current worker said 'ready'
  let everStarted = false;
  let nextId = 1;
  let nextSlot = 0;
  const clients = new Map(); // slot -> { message(msg), lost(err) }

  function replace(reason, except) {
    if (worker) {
      try { worker.terminate(); } catch { /* already gone */ }
    }
    worker = null;
    started = false;
    for (const [slot, c] of clients) if (slot !== except) c.lost(reason);
  }

  function start() {
    const w = createWorker();
    worker = w;
    w.onmessage = (e) => {
      if (w !== worker) return;
      const msg = e.data;
      if (msg.type === 'ready') {
        started = !msg.error;
        everStarted ||= started;
        return;
      }
      clients.get(msg.slot ?? 0)?.message(msg);
      if (msg.fatal) replace(Object.assign(new Error(msg.message || msg.error), { kind: msg.kind, fatal: true }), msg.slot ?? 0);
    };
    w.onerror = (e) => {
      if (w !== worker) return;
      e.preventDefault?.();
      // Refused (a Content Security Policy, another origin) or its module failed before it
      // started: kind 'worker', so a caller can fall back to reading in its own thread.
      const err = Object.assign(new Error(e.message || 'the reading worker failed'),
        { kind: started || everStarted ? 'crash' : 'worker', fatal: true });
      replace(err);
      for (const c of clients.values()) c.failed(err);
    };
    return w;
  }

  return {
    id: () => nextId++,
    post(msg, transfer) {
      (worker || start()).postMessage(msg, transfer || []);
    },
    attach(client) {
      const slot = nextSlot++;
      clients.set(slot, client);
      return slot;
    },
    detach(slot) {
      clients.delete(slot);
      if (worker) worker.postMessage({ type: 'close', slot });
    },
    terminate() {
      if (worker) worker.terminate();
      worker = null;
    },
  };
}

/**
 * A client of a reading worker. `worker` is a function making the Worker (this client then has
 * one of its own) or a host from createWorkerHost (shared). Returns { open(source, handlers) ->
 * Promise<{count}>, adopt(source), terminate() } and a promise-returning method per request of
 * reader/protocol.js (game(i), variations(i, ids), gameText(i), ...).
 */
export function createLibrary(worker = defaultWorker) {
  const own = typeof worker === 'function';
  const host = own ? createWorkerHost(worker) : worker;
  const pending = new Map(); // id -> { resolve, reject }
  let current = null;        // the open() in progress or done: { id, handlers, resolve, reject }
  let shown = null;          // the source of the last text opened (to open again after a restart)
  let stale = false;         // the worker lost the text (it was replaced): open it again first

  const failAll = (err) => {
    if (current) current.reject(err);
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  };

  const slot = host.attach({
    message(msg) {
      if (msg.type === 'reply') {
        const p = pending.get(msg.id);
        if (!p) return;
        pending.delete(msg.id);
        if (msg.error != null) p.reject(Object.assign(new Error(msg.error), { kind: msg.kind, fatal: msg.fatal }));
        else p.resolve(msg.value);
        return;
      }
      if (!current || msg.id !== current.id) return; // a report about an older text
      const h = current.handlers;
      switch (msg.type) {
        case 'progress': h.progress?.(msg); break;
        case 'opened':
          shown = current.source;
          stale = false;
          h.opened?.(withView(msg));
          if (msg.count === 0) current.resolve({ count: 0 });
          break;
        case 'rows': h.rows?.(unpackRows(msg.rows), { partial: !!msg.partial, total: msg.total ?? null }); break;
        case 'text': h.text?.(msg); break;
        case 'checked': h.checked?.(msg); break;
        case 'done': h.done?.(); current.resolve({ count: null }); break;
        case 'error': {
          const { type, id, message, ...rest } = msg;
          // The text shown before is gone from the worker: it is opened again when next needed.
          if (msg.fatal || msg.freed) stale = true;
          current.reject(Object.assign(new Error(message), rest, { restarted: !!msg.fatal }));
          break;
        }
        default: break;
      }
    },
    lost() { stale = true; },
    failed(err) { stale = true; failAll(err); },
  });

  function send(msg) {
    const transfer = msg.bytes && msg.bytes.buffer ? [msg.bytes.buffer] : [];
    host.post({ ...msg, slot }, transfer);
  }

  /** Opens the shown text again in the worker, quietly: the page shows it already. */
  function reopen() {
    stale = false;
    const source = shown;
    return new Promise((resolve, reject) => {
      const id = host.id();
      current = { id, source, handlers: {}, resolve, reject };
      send({ type: 'open', id, ...source, quiet: true });
    });
  }

  function request(type, args = {}) {
    const ask = () => new Promise((resolve, reject) => {
      const id = host.id();
      pending.set(id, { resolve, reject });
      send({ type, id, ...args });
    });
    if (!stale || !shown) return ask();
    return reopen().then(ask);
  }

  return {
    /**
     * source: { text } | { file } | { url } | { link } | { short } | { bytes }, plus `game` (1-based, shown
     * first) and `rowLimit` (list at most this many games).
     * handlers: { opened({count, game, view, encoding, outside}), rows(rows), text({text,length}),
     *             checked({from, rows, done, total}), progress({phase, done, total}), done() }.
     * A long list comes twice: its first rows ({partial: true, total}, the second argument of
     * rows()), then all of them.
     * Resolves when the whole check pass is over (or at once when there is no game). Rejects
     * with an Error whose `kind` says why: 'network', 'http', 'scheme', 'tooLarge' (with `size`,
     * `limit`, `unit`), 'memory' or 'trap' (the reader was replaced: `restarted`), 'worker'.
     */
    open(source, handlers = {}) {
      const id = host.id();
      // The older text's reports stop here; whoever waits on it hears it was replaced.
      if (current) current.resolve({ count: null, replaced: true });
      // Bytes are handed over (transferred); keep a copy only to open them again after a crash.
      const kept = source.bytes ? { ...source, bytes: source.bytes.slice() } : source;
      return new Promise((resolve, reject) => {
        current = { id, source: kept, handlers, resolve, reject };
        send({ type: 'open', id, ...source });
      });
    },
    /**
     * The page shows `source` ({ text }) already, drawn from a view made beforehand (the page's
     * sample): the worker opens it quietly, and later requests are about it. Resolves once it
     * is open; rejects as open() does.
     */
    adopt(source) {
      if (current) current.resolve({ count: null, replaced: true });
      shown = source;
      return reopen();
    },
    // game, variations, gameText, ... (reader/protocol.js): each a request to the worker.
    ...requestMethods(request),
    terminate: () => {
      if (own) host.terminate();
      else host.detach(slot);
    },
  };
}

/**
 * The same interface over a wasm module in this thread, for small texts where a worker is not
 * worth its start-up (the <pdn-viewer> element, the self-contained export). `wasm` is the
 * initialised pkg/pdn.js module. Reports come in the order the worker sends them; `pause()` is
 * awaited between reading, the first game's view and the list, so a caller can give the page a
 * turn between them (a cold wasm instance compiles each function on its first call).
 */
export function createLocalLibrary(wasm, { pause = async () => {} } = {}) {
  let lib = null;
  const need = () => {
    if (!lib) throw new Error('no text is open');
    return lib;
  };
  return {
    async open(source, h = {}) {
      if (lib) lib.free();
      lib = null;
      const text = source.short != null ? wasm.shortLinkText(source.short) : source.text; // a #g= link
      const mine = source.bytes ? wasm.Library.fromBytes(source.bytes) : wasm.Library.fromText(text ?? '');
      lib = mine;
      const count = mine.count;
      const outside = mine.outsideDiagnostics();
      const outsideSummary = mine.outsideSummary();
      if (!count) {
        h.opened?.({ count, encoding: mine.encoding, outside, outsideSummary });
        return { count };
      }
      await pause();
      if (lib !== mine) return { count: null, replaced: true }; // another text came meanwhile
      const game = Math.min(Math.max((source.game ?? 1) - 1, 0), count - 1);
      const view = reply('game', answer(mine, 'game', { index: game }));
      await pause();
      if (lib !== mine) return { count: null, replaced: true };
      h.opened?.({ count, game, view, encoding: mine.encoding, outside, outsideSummary });
      await pause();
      if (lib !== mine) return { count: null, replaced: true };
      h.rows?.(mine.rows(0, count));
      h.done?.();
      return { count };
    },
    // game, variations, gameText, ... (reader/protocol.js): each answered here at once.
    ...requestMethods(async (name, args) => answer(need(), name, args)),
    terminate() { if (lib) lib.free(); lib = null; },
  };
}
