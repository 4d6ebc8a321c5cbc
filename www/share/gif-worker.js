// The GIF's worker (share/gif.js starts it on the first press of "Download GIF"): the GIF's wasm
// module (pkg/gif.js, crates/gif-wasm) makes the file off the page's thread, since a long game
// takes a few hundred milliseconds. One message a GIF: { id, parts, size } in, { id, bytes } or
// { id, error } out.

import init, { gif } from '../../pkg/gif.js';

const ready = init({ module_or_path: new URL('../../pkg/gif_bg.wasm', import.meta.url) });

self.onmessage = async ({ data: { id, parts: p, size } }) => {
  try {
    await ready;
    const bytes = gif(p.width, p.height, p.files, p.ranks, p.cells, p.from, p.to, p.white, p.black, p.result, size);
    // `self` is the worker's scope (tsc, with the page's DOM types, takes it for a window).
    /** @type {any} */ (self).postMessage({ id, bytes }, [bytes.buffer]);
  } catch (e) {
    self.postMessage({ id, error: e && e.message ? e.message : String(e) });
  }
};
