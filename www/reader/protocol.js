// The reading library's requests, listed once: each method's name and the names of its
// arguments. The hosts' facades are made from this table (libraryFacade); the worker's
// dispatcher and the in-thread library are to be made from it too (issue 22).

/** Request name -> its arguments' names, in call order. */
export const METHODS = Object.freeze({
  game: ['index'],
  variations: ['index', 'ids'],
  gameText: ['index'],
  exportGame: ['index'],
  exportAll: [],
  text: [],
  legalMoves: ['index', 'line', 'ply'],
  edit: ['index', 'op', 'args'],
  solve: ['index', 'line', 'ply', 'choice'],
  solveState: ['index', 'line', 'ply'],
});

/** Calls that are not requests of an open text: opening one, and ending the library. */
export const LIFECYCLE = Object.freeze(['open', 'terminate']);

/**
 * A library whose every call goes to whatever `backend()` gives at the time of the call (a
 * library, or a promise of one): the page's lazily started worker, or an element's reader in
 * this thread or in the shared worker.
 */
export function libraryFacade(backend) {
  const names = [...LIFECYCLE, ...Object.keys(METHODS)];
  return Object.fromEntries(names.map((name) => [name, async (...args) => (await backend())[name](...args)]));
}
