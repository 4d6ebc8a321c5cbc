// The reading worker: it holds open texts as wasm Libraries, so downloading, unpacking a link,
// decoding, listing, checking and exporting a file of any size never blocks the page. It answers
// the messages of library.js; it has no draughts rules of its own (the core has them).
//
// One worker can hold several texts ("slots"): the page uses one, and every <pdn-viewer> of a
// page shares one worker, each element in its own slot. When the wasm instance traps (it ran out
// of memory, or a bug aborted it) nothing in it can be trusted any more: the error goes out
// with `fatal: true` and library.js replaces this worker with a fresh one.

import init, { Library, shortLinkText } from '../../pkg/pdn.js';
import { LIMITS, download, limitsFor, tooLarge } from './limits.js';
import { answer } from './library.js';
import * as overrides from './overrides.js';

let wasm = null;
// The single-file build hands the wasm over (www/share/standalone.js); else it is beside pdn.js.
const carried = globalThis.PDN_VIEWER_FILES?.['pkg/pdn_bg.wasm'];
const ready = init(carried ? { module_or_path: carried } : undefined).then((exports) => { wasm = exports; });
/** slot -> { lib, session }: the open text of each client, and the open() being served. */
const slots = new Map();

/**
 * List rows as the core packs them (Library.rowsPacked), their indexes turned into typed arrays
 * that are moved to the page, not copied (a structured clone of 20,000 row objects held the
 * page's thread for 60-260 ms). Returns { packed, transfer }.
 */
function movable(packed) {
  const transfer = [];
  for (const f of packed.fields || []) {
    if (!f.index) continue;
    f.index = Uint32Array.from(f.index);
    transfer.push(f.index.buffer);
  }
  return { packed, transfer };
}

/** List rows sent ahead of the others: more than a tall window shows. */
const FIRST_ROWS = 100;
/** Replayed games per `checked` message: small enough to answer a game request quickly. */
const CHECK_CHUNK = 250;
/** Texts longer than this are not sent back for the page's text box (it would freeze it). */
const TEXT_LIMIT = LIMITS.boxChars;

// `self` is the worker's scope (tsc, with the page's DOM types, takes it for a window).
const post = (msg, transfer = []) => /** @type {any} */ (self).postMessage(msg, transfer);
/** The buffer of a game view in `value` (it, or its `view`: Library.pageBuffer's), to move it, not copy it. */
const moved = (value) => {
  const v = value instanceof Uint8Array ? value : value && value.view instanceof Uint8Array ? value.view : null;
  return v ? [v.buffer] : [];
};
// The next task, through a MessageChannel rather than setTimeout(0): Chromium clamps a timeout
// nested five deep or more to 4 ms, which the check pass's 91 chunks of OCA's 22,618 games
// spent idle (0.36 s and more, docs/benchmarks.md). A game request from the page is a message
// too, so it is answered between two chunks as before.
const yieldChannel = new MessageChannel();
/** @type {Array<() => void>} */
const yielded = [];
yieldChannel.port1.onmessage = () => { const resolve = yielded.shift(); if (resolve) resolve(); };
const nextTask = () => new Promise((resolve) => { yielded.push(() => resolve(undefined)); yieldChannel.port2.postMessage(0); });

function errorText(e) {
  return e && e.message ? e.message : String(e);
}

/** A trap (out of memory, an abort) leaves the wasm instance unusable: this worker must go. */
function isFatal(e) {
  if (typeof WebAssembly !== 'undefined' && e instanceof WebAssembly.RuntimeError) return true;
  const m = errorText(e);
  return /unreachable|out of memory|memory access out of bounds|allocation failed|null pointer passed to rust|while it was borrowed|recursive use of an object/i.test(m);
}

/** Whether a fatal error looks like running out of memory (the instance's memory is huge). */
function looksLikeMemory(e) {
  if (/memory|allocation/i.test(errorText(e)) && !/memory access out of bounds/i.test(errorText(e))) return true;
  const size = wasm && wasm.memory ? wasm.memory.buffer.byteLength : 0;
  return size >= 1024 * 1024 * 1024;
}

function free(slot) {
  const s = slots.get(slot);
  if (s && s.lib) { try { s.lib.free(); } catch { /* a broken instance */ } }
  slots.delete(slot);
}

/** slot -> the id of the newest open() asked for it: an older one finishing later is dropped. */
const latest = new Map();

async function open(msg) {
  const { id } = msg;
  const slot = msg.slot ?? 0;
  const limits = limitsFor();
  latest.set(slot, id);
  let bytes = null;
  let text = null;
  if (msg.url) {
    bytes = await download(msg.url, limits.bytes, {
      progress: (done, total) => post({ type: 'progress', id, slot, phase: 'download', done, total }),
    });
  } else if (msg.file) {
    if (msg.file.size > limits.bytes) throw tooLarge(msg.file.size, limits.bytes);
    bytes = new Uint8Array(await msg.file.arrayBuffer());
  } else if (msg.bytes) {
    bytes = msg.bytes;
    if (bytes.length > limits.bytes) throw tooLarge(bytes.length, limits.bytes);
  } else if (msg.link != null) {
    // A shared link is unpacked here, not on the page: a deflate bomb costs only this worker,
    // and the unpacking stops as soon as the output passes the limit.
    const { unpackText } = await import('./payload.js');
    post({ type: 'progress', id, slot, phase: 'unpack', done: 0, total: 1 });
    text = await unpackText(msg.link, limits.linkBytes);
  } else if (msg.short != null) {
    // A short link (#g=): the core writes its game as PDN text (pdn::shortlink; bounded input).
    text = shortLinkText(msg.short);
  } else {
    text = msg.text ?? '';
    // UTF-16 units: at least one byte each in UTF-8, so this never lets a larger text through.
    if (text.length > limits.bytes) throw tooLarge(text.length, limits.bytes);
  }
  if (latest.get(slot) !== id) return; // a newer open() for this slot came meanwhile
  // The text shown so far stays open until here (a refused download leaves it usable); it is
  // freed before the new one is read, so the two never share the memory.
  free(slot);
  // Nothing, as shipped; a test's copy of overrides.js may make the reader trap here.
  overrides.beforeRead?.(wasm, Library, msg);
  post({ type: 'progress', id, slot, phase: 'read', done: 0, total: 1 });
  const lib = bytes ? Library.fromBytes(bytes) : Library.fromText(text);
  const state = { lib, session: id };
  slots.set(slot, state);
  const count = lib.count;
  if (count > limits.games) {
    free(slot);
    throw Object.assign(tooLarge(count, limits.games, 'games'), { freed: true });
  }
  if (msg.quiet) {
    // Opened again after the worker was replaced: the client already shows it.
    post({ type: 'opened', id, slot, count, quiet: true });
    post({ type: 'done', id, slot });
    return;
  }
  if (count === 0) {
    post({ type: 'opened', id, slot, count, encoding: lib.encoding, outside: lib.outsideDiagnostics(), outsideSummary: lib.outsideSummary() });
    return;
  }
  // The asked-for game first, so the page shows it before the list is built.
  const game = Math.min(Math.max((msg.game ?? 1) - 1, 0), count - 1);
  const view = answer(lib, 'game', { index: game });
  post({ type: 'opened', id, slot, count, encoding: lib.encoding, game, view, outside: lib.outsideDiagnostics(), outsideSummary: lib.outsideSummary() }, moved(view));
  const listed = Math.min(count, msg.rowLimit ?? count);
  // A screenful of rows first: the page shows them while the rest are made (20,000 rows take
  // the reader a few hundred ms on a slow machine).
  if (listed > FIRST_ROWS) post({ type: 'rows', id, slot, rows: lib.rows(0, FIRST_ROWS), partial: true, total: listed });
  const { packed, transfer } = movable(lib.rowsPacked(0, listed));
  post({ type: 'rows', id, slot, rows: packed }, transfer);
  if (msg.link != null || msg.short != null) {
    // The page's text box shows the link's text, unless it is too large to edit comfortably.
    post({ type: 'text', id, slot, text: text.length <= TEXT_LIMIT ? text : null, length: text.length });
  } else if (bytes && bytes.length > 3 * TEXT_LIMIT) {
    // At most 3 bytes make one UTF-16 unit, so this text is too long for the box: it is not
    // decoded here (a 5 MB file took 0.1-0.3 s, before the check pass could start). Its
    // length for the page's note is the file's size.
    post({ type: 'text', id, slot, text: null, length: bytes.length });
  } else if (bytes) {
    const decoded = lib.text();
    post({ type: 'text', id, slot, text: decoded.length <= TEXT_LIMIT ? decoded : null, length: decoded.length });
  } else {
    post({ type: 'text', id, slot, text: null, length: text.length, same: true });
  }
  text = null;
  bytes = null;
  if (msg.check === false) { post({ type: 'done', id, slot }); return; }
  // Replay every game in the background, a chunk at a time, so the list can show the
  // variants played and mark the games with errors; game requests are answered in between.
  for (let from = 0; from < count; from += CHECK_CHUNK) {
    await nextTask();
    if (slots.get(slot) !== state || !state.lib) return;
    const to = Math.min(from + CHECK_CHUNK, count);
    post({ type: 'checked', id, slot, from, rows: lib.check(from, to), done: to, total: count });
  }
  post({ type: 'done', id, slot });
}

/** After a trap nothing more is tried here: every later message gets the same answer. */
let broken = null;

self.onmessage = async (e) => {
  const msg = e.data;
  const slot = msg.slot ?? 0;
  if (msg.type === 'close') { if (!broken) free(slot); return; }
  try {
    await ready;
  } catch (err) {
    post({ type: 'error', id: msg.id, slot, kind: 'wasm', message: errorText(err) });
    return;
  }
  if (broken) {
    post({ type: msg.type === 'open' ? 'error' : 'reply', id: msg.id, slot, kind: broken.kind, fatal: true, message: broken.message, error: broken.message });
    return;
  }
  if (msg.type === 'open') {
    try {
      await open(msg);
    } catch (err) {
      if (isFatal(err)) {
        broken = { kind: looksLikeMemory(err) ? 'memory' : 'trap', message: errorText(err) };
        post({ type: 'error', id: msg.id, slot, kind: broken.kind, fatal: true, message: broken.message, size: msg.file?.size ?? msg.bytes?.length ?? msg.text?.length });
        return;
      }
      post({ type: 'error', id: msg.id, slot, kind: err.kind || 'read', status: err.status, size: err.size, limit: err.limit, unit: err.unit, freed: err.freed || !slots.has(slot), message: errorText(err) });
    }
    return;
  }
  try {
    const lib = slots.get(slot)?.lib;
    if (!lib) throw new Error('no text is open');
    const value = answer(lib, msg.type, msg);
    post({ type: 'reply', id: msg.id, slot, value }, moved(value));
  } catch (err) {
    if (isFatal(err)) {
      broken = { kind: looksLikeMemory(err) ? 'memory' : 'trap', message: errorText(err) };
      post({ type: 'reply', id: msg.id, slot, error: broken.message, kind: broken.kind, fatal: true });
      return;
    }
    post({ type: 'reply', id: msg.id, slot, error: errorText(err) });
  }
};

// Tells the page the reader is loaded: a worker that never says so (refused by a Content
// Security Policy, its module not found) is one the page stops waiting for.
ready.then(() => post({ type: 'ready' }), (err) => post({ type: 'ready', error: errorText(err) }));
