// The engine worker: started by the page only when a reader turns the engine on, it loads the
// engine's own wasm module (pkg/engine.js, crates/engine-wasm) and runs the analysis loop of
// session.js on the messages the page sends (an analysis, or a game review).

import init, { Analyser, Reviewer } from '../../pkg/engine.js';
import { createSession } from './session.js';

const ready = init({ module_or_path: new URL('../../pkg/engine_bg.wasm', import.meta.url) });
const session = createSession(Analyser, (m) => postMessage(m), { Reviewer });

addEventListener('message', async (e) => {
  try {
    await ready;
  } catch (err) {
    postMessage({ type: 'error', id: e.data && e.data.id, message: `the engine did not load: ${err && err.message ? err.message : err}` });
    return;
  }
  session.handle(e.data);
});
