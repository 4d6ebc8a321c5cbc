// The one loader of the parts a viewer loads on use (issue 39): the game table, the analysis
// board, solve mode, the editor, the engine and its review, the Explorer, the tournament views.
// A part is its module, its stylesheet (the module's `partSheet(scope)`, view/sheet.js) and the
// parts' words, fetched together once, at the first ask; every ask gets the same promise, and a
// failure is said once (`failed`), however many asks hand it on.

/** The parts view/ itself carries, whatever the host gives. */
const OWN = {
  enginePart: () => import('./engine-part.js'),
  review: () => import('./review.js'),
  discard: () => import('./discard.js'),
  undo: () => import('./undo.js'),
  follow: () => import('./follow.js'),
  // app.js's jobs that wait for a part of their own.
  appTable: () => import('./app-table.js'),
  appExplorer: () => import('./app-explorer.js'),
  appModes: () => import('./app-modes.js'),
};

/** Parts with no words but the first screen's: they do not wait for the parts' words. */
const FIRST_WORDS = new Set(['discard', 'undo']);

/**
 * scope: the document or shadow root the sheets go into. loaders: the host's { name: () =>
 * import(…) } (null or absent: the host has no such part). words(): resolves once the parts'
 * words are in. report(e): says an error. Returns { has(name), load(name), failed(e) }.
 */
export function createParts({ scope, loaders = {}, words, report }) {
  const all = { ...OWN, ...(loaders || {}) };
  const ready = new Map();
  const said = new WeakSet();
  return {
    /** Whether the host gives part `name`. */
    has: (name) => typeof all[name] === 'function',
    /** Part `name`'s module, with its sheet and the parts' words in; loaded once. */
    load(name) {
      if (!ready.has(name)) {
        ready.set(name, Promise.all([all[name](), FIRST_WORDS.has(name) ? null : words()]).then(async ([m]) => {
          await m.partSheet?.(scope);
          return m;
        }));
      }
      return ready.get(name);
    },
    /** Says `e` (report), once for each error object. */
    failed(e) {
      if (e && typeof e === 'object') {
        if (said.has(e)) return;
        said.add(e);
      }
      report(e);
    },
  };
}
