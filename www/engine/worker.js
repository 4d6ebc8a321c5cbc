// The engine worker: started by the page only when a reader turns the engine on, it loads the
// engine's own wasm module (pkg/engine.js, crates/engine-wasm) and runs the analysis loop of
// session.js on the messages the page sends (an analysis, a game review, a file's shots).

import init, { Analyser, PuzzleRun, Reviewer, installEgdb } from '../../pkg/engine.js';
import { createSession } from './session.js';
import { reply } from './protocol.js';

const ready = init({ module_or_path: new URL('../../pkg/engine_bg.wasm', import.meta.url) });

/**
 * The endgame databases `make build` writes, by GameType (the number the wasm's `wantsEgdb()`
 * gives): English checkers and Russian draughts, four pieces; International draughts, three.
 * Written out, not made from the number, so that the package and the single-file build see
 * the files.
 */
const DATABASES = {
  21: () => new URL('../../pkg/egdb-21.bin.gz', import.meta.url),
  25: () => new URL('../../pkg/egdb-25.bin.gz', import.meta.url),
  20: () => new URL('../../pkg/egdb-20.bin.gz', import.meta.url),
};

/**
 * The endgame database of GameType `gametype` (DATABASES), fetched the first time a position
 * near the end asks for it, unpacked and installed. Resolves to whether it was (none for that
 * GameType, or a missing file: no database).
 */
async function egdb(gametype) {
  const file = DATABASES[gametype];
  if (!file) return false;
  const res = await fetch(file());
  if (!res.ok) return false;
  let bytes = new Uint8Array(await res.arrayBuffer());
  // Still gzip, unless the server sent it with Content-Encoding and the browser unpacked it.
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    bytes = new Uint8Array(await new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'))).arrayBuffer());
  }
  return installEgdb(bytes);
}

const session = createSession(Analyser, (m) => postMessage(m), { Reviewer, PuzzleRun, egdb });

addEventListener('message', async (e) => {
  try {
    await ready;
  } catch (err) {
    postMessage(reply('error', { id: e.data && e.data.id, message: `the engine did not load: ${err && err.message ? err.message : err}` }));
    return;
  }
  session.handle(e.data);
});
