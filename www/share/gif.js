// The "Download GIF" (issue 41): the shown game's mainline as an animated GIF, made in Rust
// (crates/gif: one frame a position, the moved piece's squares marked, a pause at the end, the
// players and the result written) by a wasm module of its own, pkg/gif.js (crates/gif-wasm),
// fetched on the first press only: the first screen's download does not carry it. It runs in a
// worker (share/gif-worker.js: a long game takes a few hundred milliseconds), or in this thread
// where no worker can be made. The page and the element hand it the board model they already
// hold (the view's board, cells and moves), the same parts `pdn gif FILE --game N` makes from the
// file (pdn_gif::Animation::from_view), so the two files are the same bytes.

/** The board's side in pixels: the CLI's default (`pdn gif --size`), so both make one file. */
export const GIF_SIZE = 400;

let worker;
let nextId = 1;
const waiting = new Map(); // id -> { resolve, reject }

/**
 * The GIF's worker, made once, or null where none can be made. A worker script must come from
 * the page's origin; from a CDN, a blob: worker that imports it stands in (as the engine's).
 */
function gifWorker() {
  if (worker !== undefined) return worker;
  worker = null;
  try {
    if (typeof Worker === 'undefined') return worker;
    const url = new URL('./gif-worker.js', import.meta.url);
    const w = url.origin === globalThis.location?.origin
      ? new Worker(url, { type: 'module' })
      : new Worker(URL.createObjectURL(new Blob([`import ${JSON.stringify(url.href)};\n`], { type: 'text/javascript' })), { type: 'module' });
    w.onmessage = ({ data }) => {
      const p = waiting.get(data.id);
      waiting.delete(data.id);
      if (!p) return;
      if (data.error) p.reject(new Error(data.error));
      else p.resolve(data.bytes);
    };
    // A worker that does not load (refused, or gone): this thread makes the GIF from now on.
    w.onerror = (e) => {
      e.preventDefault?.();
      w.terminate();
      worker = null;
      for (const p of waiting.values()) p.fallback();
      waiting.clear();
    };
    worker = w;
  } catch {
    worker = null;
  }
  return worker;
}

/** The GIF made in this thread (no worker). */
async function gifHere(p, size) {
  const { default: init, gif } = await import('../../pkg/gif.js');
  await init({ module_or_path: new URL('../../pkg/gif_bg.wasm', import.meta.url) });
  return gif(p.width, p.height, p.files, p.ranks, p.cells, p.from, p.to, p.white, p.black, p.result, size);
}

/** A tag's value, the first of that name in any case (as the CLI reads it), else ''. */
function tag(view, name) {
  const lower = name.toLowerCase();
  const found = (view.tags || []).find(([k]) => k.toLowerCase() === lower);
  return found ? found[1] : '';
}

/**
 * The parts of pdn_gif::Animation::from_parts for `view`'s mainline (an unpacked GameView): the
 * squares' files and ranks, every position's cells one after another, each frame's from and to
 * square indexes (-1 for the start), White, Black, the result. Null when the game has no board.
 */
export function gifParts(view) {
  const board = view && view.board;
  const start = view && view.start;
  if (!board || !start || !board.squares.length) return null;
  const index = new Map();
  board.squares.forEach((s, i) => { if (!index.has(s.label)) index.set(s.label, i); });
  const plies = view.plies || [];
  const from = [-1];
  const to = [-1];
  for (const p of plies) {
    const f = index.get(p.from);
    const t = index.get(p.to);
    // Rust's `index(from).zip(index(to))`: no mark unless both squares are on the board.
    from.push(f === undefined || t === undefined ? -1 : f);
    to.push(f === undefined || t === undefined ? -1 : t);
  }
  return {
    width: board.width,
    height: board.height,
    files: Uint8Array.from(board.squares, (s) => s.file),
    ranks: Uint8Array.from(board.squares, (s) => s.rank),
    cells: start.cells + plies.map((p) => p.cells).join(''),
    from: Int32Array.from(from),
    to: Int32Array.from(to),
    white: tag(view, 'White'),
    black: tag(view, 'Black'),
    result: tag(view, 'Result'),
  };
}

/** The GIF of `view`'s mainline as bytes, or null when the game has no board to draw. */
export async function gameGif(view, size = GIF_SIZE) {
  const p = gifParts(view);
  if (!p) return null;
  const w = gifWorker();
  if (!w) return gifHere(p, size);
  const id = nextId++;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject, fallback: () => gifHere(p, size).then(resolve, reject) });
    w.postMessage({ id, parts: p, size });
  });
}
