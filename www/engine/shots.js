// "Find the shots in this file": the whole file sent to an engine worker of its own (the live
// analysis, if on, goes on in its own), searched game by game there (the 'puzzles' message:
// crates/engine puzzles.rs, the same search and text as `pdn puzzles`), the progress handed
// to the caller, the problem file at the end. Loaded only when the reader asks; no draughts
// rules here, and the page's thread only posts and listens.

import { engineClient } from './protocol.js';

/**
 * Starts the search of `text` (a whole PDN file) in a worker `createWorker()` makes.
 * `progress({ game, games, done, of, found })` hears each step. Returns { done, stop }: `done`
 * resolves to { text, found } (the problem file, PDN, and its count) or null when stopped, and
 * rejects with the worker's error; `stop()` ends the search and the worker.
 *
 * @param {{ text: string, createWorker: () => Worker, nodes?: number | null,
 *   progress?: (step: { game: number, games: number, done: number, of: number, found: number }) => void }} options
 */
export function findShots({ text, createWorker, progress = (_step) => {}, nodes = null }) {
  const worker = createWorker();
  const client = engineClient(worker);
  let settle = null;
  const done = new Promise((resolve, reject) => { settle = { resolve, reject }; });
  const end = (value, error = null) => {
    if (!settle) return;
    const s = settle;
    settle = null;
    worker.terminate();
    if (error) s.reject(error); else s.resolve(value);
  };
  worker.addEventListener('message', (e) => {
    const m = e.data;
    if (!m || m.id !== 1) return;
    if (m.type === 'puzzling') progress({ game: m.game, games: m.games, done: m.done, of: m.of, found: m.found });
    else if (m.type === 'puzzled') end({ text: m.text, found: m.found });
    else if (m.type === 'error') end(null, new Error(m.message));
  });
  worker.addEventListener('error', (e) => end(null, new Error(e.message || 'the engine stopped')));
  client.send('puzzles', { id: 1, text, ...(nodes ? { nodes } : {}) });
  return { done, stop: () => end(null) };
}
