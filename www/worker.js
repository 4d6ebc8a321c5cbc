// The reading worker: it holds the open text as a wasm Library, so downloading, decoding,
// listing, checking and exporting a file of any size never blocks the page. It answers the
// messages of library.js; it has no draughts rules of its own (the core has them).

import init, { Library } from '../pkg/pdn.js';
import { capView, pickVariations } from './viewcap.js';

const ready = init();
let lib = null;
let session = 0; // the open() being served; a newer open() stops an older check pass
let full = null;  // { index, view }: the last game sent, whole, for its capped variations

/** Game `index` as sent to the page: within the page's budgets (viewcap.js). */
function gameView(index) {
  const view = lib.game(index);
  full = { index, view };
  return capView(view);
}

/** Replayed games per `checked` message: small enough to answer a game request quickly. */
const CHECK_CHUNK = 250;
/** Texts longer than this are not sent back for the page's text box (it would freeze it). */
const TEXT_LIMIT = 2 * 1024 * 1024;

const post = (msg) => self.postMessage(msg);
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

function errorText(e) {
  return e && e.message ? e.message : String(e);
}

/** Downloads a URL, reporting progress; throws an Error with `kind` = 'network' or 'http'. */
async function download(url, id) {
  let response;
  try {
    response = await fetch(url, { credentials: 'omit' });
  } catch (e) {
    // Browsers give no detail for a CORS refusal or a dead network, on purpose.
    throw Object.assign(new Error(errorText(e)), { kind: 'network' });
  }
  if (!response.ok) {
    throw Object.assign(new Error(`${response.status} ${response.statusText}`.trim()), { kind: 'http', status: response.status });
  }
  const total = Number(response.headers.get('content-length')) || 0;
  if (!response.body) return new Uint8Array(await response.arrayBuffer());
  const reader = response.body.getReader();
  const parts = [];
  let done = 0;
  for (;;) {
    const { done: end, value } = await reader.read();
    if (end) break;
    parts.push(value);
    done += value.length;
    post({ type: 'progress', id, phase: 'download', done, total });
  }
  const bytes = new Uint8Array(done);
  let at = 0;
  for (const p of parts) { bytes.set(p, at); at += p.length; }
  return bytes;
}

async function open(msg) {
  const { id } = msg;
  session = id;
  if (lib) { lib.free(); lib = null; }
  full = null;
  let bytes = null;
  if (msg.url) bytes = await download(msg.url, id);
  else if (msg.file) bytes = new Uint8Array(await msg.file.arrayBuffer());
  post({ type: 'progress', id, phase: 'read', done: 0, total: 1 });
  lib = bytes ? Library.fromBytes(bytes) : Library.fromText(msg.text ?? '');
  const count = lib.count;
  const textLength = bytes ? null : (msg.text ?? '').length;
  if (count === 0) {
    post({ type: 'opened', id, count, encoding: lib.encoding, outside: lib.outsideDiagnostics() });
    return;
  }
  // The asked-for game first, so the page shows it before the list is built.
  const game = Math.min(Math.max((msg.game ?? 1) - 1, 0), count - 1);
  post({ type: 'opened', id, count, encoding: lib.encoding, game, view: gameView(game), outside: lib.outsideDiagnostics() });
  post({ type: 'rows', id, rows: lib.rows(0, count) });
  if (bytes) {
    // The page's text box shows the decoded text, unless it is too large to edit comfortably.
    const text = lib.text();
    post({ type: 'text', id, text: text.length <= TEXT_LIMIT ? text : null, length: text.length });
  } else {
    post({ type: 'text', id, text: null, length: textLength, same: true });
  }
  // Replay every game in the background, a chunk at a time, so the list can show the
  // variants played and mark the games with errors; game requests are answered in between.
  for (let from = 0; from < count; from += CHECK_CHUNK) {
    await nextTask();
    if (session !== id || !lib) return;
    const to = Math.min(from + CHECK_CHUNK, count);
    post({ type: 'checked', id, from, rows: lib.check(from, to), done: to, total: count });
  }
  post({ type: 'done', id });
}

function answer(msg) {
  if (!lib) throw new Error('no text is open');
  switch (msg.type) {
    case 'game': return gameView(msg.index);
    case 'variations': return pickVariations(full && full.index === msg.index ? full.view : lib.game(msg.index), msg.ids);
    case 'gameText': return lib.gameText(msg.index) ?? '';
    case 'exportGame': return lib.exportGame(msg.index);
    case 'exportAll': return lib.exportAll();
    case 'text': return lib.text();
    default: throw new Error(`unknown request ${msg.type}`);
  }
}

self.onmessage = async (e) => {
  const msg = e.data;
  try {
    await ready;
  } catch (err) {
    post({ type: 'error', id: msg.id, kind: 'wasm', message: errorText(err) });
    return;
  }
  if (msg.type === 'open') {
    try {
      await open(msg);
    } catch (err) {
      post({ type: 'error', id: msg.id, kind: err.kind || 'read', status: err.status, message: errorText(err) });
    }
    return;
  }
  try {
    post({ type: 'reply', id: msg.id, value: answer(msg) });
  } catch (err) {
    post({ type: 'reply', id: msg.id, error: errorText(err) });
  }
};
