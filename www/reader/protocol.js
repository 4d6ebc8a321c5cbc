// The reading library's requests, listed once: each method's name, its arguments' names, how a
// wasm Library (pkg/pdn.js) answers it and what the caller gets of the answer. The worker's
// dispatcher (worker.js), its client and the in-thread library (library.js) and the hosts'
// facades (libraryFacade) are all made from this table: a new library call is a Rust method, its
// binding and one row here.

import { unpackView } from './viewdata.js';

/**
 * The analysis board's edits, one name each, as the wasm Library's methods take them. Returns
 * where the board goes: {line, ply}.
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
});

/** Applies edit `op` (a name of EDITS) with `args` to game `index` of a wasm Library. */
export function applyEdit(lib, index, op, args = {}) {
  const fn = Object.hasOwn(EDITS, op) ? EDITS[op] : null;
  if (!fn) throw new Error(`unknown edit ${op}`);
  const place = fn(lib, index, args);
  return { place: { line: place.line ?? null, ply: place.ply }, edited: lib.isEdited(index) };
}

/** An answer holding a game view (the core's packed one), with the view unpacked (viewdata.js). */
export const withView = (r) => (r && r.view ? { ...r, view: unpackView(r.view) } : r);

/**
 * One request: `args`, its arguments' names in call order (a worker message carries them by
 * these names); `answer(lib, ...args)`, how a wasm Library answers it (by default its method of
 * the same name: the wasm takes null for "none"); `reply(answer)`, what the caller gets.
 */
const request = (args, answer = null, reply = (x) => x) => ({ args: Object.freeze(args), answer, reply });

const TABLE = {
  // A game's view within the page's budgets (pdn-view's budget.rs), the variations left out
  // `null`; `variations` gives more of them.
  game: request(['index'], (lib, index) => lib.pageView(index), unpackView),
  variations: request(['index', 'ids']),
  gameText: request(['index'], (lib, index) => lib.gameText(index) ?? ''),
  exportGame: request(['index']),
  exportAll: request([]),
  text: request([]),
  legalMoves: request(['index', 'line', 'ply']),
  edit: request(['index', 'op', 'args'], (lib, index, op, args) => ({ ...applyEdit(lib, index, op, args), view: lib.pageView(index) }), withView),
  solve: request(['index', 'line', 'ply', 'choice']),
  solveState: request(['index', 'line', 'ply']),
};

/**
 * Request name -> { args, answer(lib, ...args), reply(answer), calls } (see `request`); `calls`
 * names the wasm Library method a default answer calls (null for the others).
 */
export const METHODS = Object.freeze(Object.fromEntries(Object.entries(TABLE).map(([name, r]) => [
  name,
  Object.freeze({ ...r, answer: r.answer ?? ((lib, ...args) => lib[name](...args)), calls: r.answer ? null : name }),
])));

/** Calls that are not requests of an open text: opening one, and ending the library. */
export const LIFECYCLE = Object.freeze(['open', 'terminate']);

/** The request `name` (an own name of METHODS), or an Error saying there is none. */
export function method(name) {
  if (typeof name !== 'string' || !Object.hasOwn(METHODS, name)) throw new Error(`unknown request ${name}`);
  return METHODS[name];
}

/**
 * The requests as methods of an object: each call's arguments go to `call(name, args)` by name
 * ({index, line, ...}), and the promise it returns resolves to the reply.
 */
export function requestMethods(call) {
  return Object.fromEntries(Object.entries(METHODS).map(([name, m]) => [
    name,
    async (...values) => m.reply(await call(name, Object.fromEntries(m.args.map((a, i) => [a, values[i]])))),
  ]));
}

/** Answers request `name` with `args` by name from wasm Library `lib` (the worker, the in-thread library). */
export function answer(lib, name, args) {
  const m = method(name);
  return m.answer(lib, ...m.args.map((a) => args[a]));
}

/**
 * A library whose every call goes to whatever `backend()` gives at the time of the call (a
 * library, or a promise of one): the page's lazily started worker, or an element's reader in
 * this thread or in the shared worker.
 */
export function libraryFacade(backend) {
  const names = [...LIFECYCLE, ...Object.keys(METHODS)];
  return Object.fromEntries(names.map((name) => [name, async (...args) => (await backend())[name](...args)]));
}
