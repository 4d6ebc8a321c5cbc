// The sizes the viewer accepts (README "Limits", docs/embedding.md). A text past them is refused
// with a plain message instead of freezing the tab or running the reader out of memory.

import * as overrides from './overrides.js';

export const LIMITS = Object.freeze({
  /** A file, a download (`?src=`, `src=`), a pasted or dropped text: 64 MiB. */
  bytes: 64 * 1024 * 1024,
  /** What a `#pdn=` link may unpack to: 32 MiB (links are made for one file, not a database). */
  linkBytes: 32 * 1024 * 1024,
  /** Games in one text: no real file of 64 MiB has more; millions of empty games are an attack. */
  games: 500_000,
  /**
   * Texts longer than this (UTF-16 units) never go into the page's text box whole: the browser
   * lays a textarea out whole, and 100,000 characters take about 50 ms on a slow machine, a
   * 740 KB file a second. The box then holds the shown game, or nothing when it alone is longer.
   */
  boxChars: 100_000,
});

/**
 * The limits, with the smaller ones of `asked` (by default a test's: its copy of overrides.js).
 * A test can lower a limit, never raise it.
 */
export function limitsFor(asked = overrides.limits) {
  const out = { ...LIMITS };
  if (asked && typeof asked === 'object') {
    for (const key of Object.keys(LIMITS)) {
      const v = Number(asked[key]);
      if (Number.isFinite(v) && v >= 0 && v < out[key]) out[key] = v;
    }
  }
  return out;
}

/**
 * `bytes` in words: "64 MB", "512 KB", "300 B" (MB = 2^20 bytes, as operating systems show);
 * with `t`, the unit in the reader's language (`size.mb`, `size.kb`, `size.bytes`: "64 МБ").
 */
export function formatBytes(bytes, format = (n) => String(n), t = null) {
  const unit = (key, english, n) => (t ? t(key, { size: format(n) }) : `${format(n)} ${english}`);
  if (bytes >= 1024 * 1024) return unit('size.mb', 'MB', Math.round((bytes / 1024 / 1024) * 10) / 10);
  if (bytes >= 1024) return unit('size.kb', 'KB', Math.round((bytes / 1024) * 10) / 10);
  return unit('size.bytes', 'B', bytes);
}

/**
 * Plain words (translated by `t`) for a text that could not be opened because of a limit or a
 * reader that stopped (the error kinds of library.js open()); null for other errors.
 * `number(n)` formats a number in the reader's language.
 */
export function describeFailure(t, e, name, number = (n) => String(n)) {
  if (!e) return null;
  const size = (b) => formatBytes(b, number, t);
  if (e.kind === 'tooLarge' && e.unit === 'games') {
    return t('status.tooManyGames', { name, count: number(e.size), limit: number(e.limit) });
  }
  if (e.kind === 'tooLarge') {
    return t('status.tooLarge', { name, size: e.size == null ? t('size.over', { limit: size(e.limit) }) : size(e.size), limit: size(e.limit) });
  }
  if (e.kind === 'memory') {
    return t('status.outOfMemory', { name, size: e.size ? size(e.size) : '?', limit: size(limitsFor().bytes) });
  }
  if (e.kind === 'trap') return t('status.readerCrashed', { name, error: e.message });
  if (e.kind === 'scheme') return t('status.srcScheme', { url: name });
  return null;
}

/** The error of a text past a limit: `kind` 'tooLarge', its `size` (null when unknown), `limit`, `unit`. */
export function tooLarge(size, limit, unit = 'bytes') {
  return Object.assign(
    new Error(`the text is too large: ${size == null ? `more than ${limit}` : size} ${unit}; the limit is ${limit}`),
    { kind: 'tooLarge', size, limit, unit },
  );
}

/**
 * Reads a response's body, counting bytes as they come, and stops past `limit` (a declared
 * Content-Length over it is refused before reading). `progress(done, total)` hears of each
 * piece; `cancel()` stops the download (else the body is cancelled). Throws tooLarge.
 */
export async function readLimited(response, limit, { progress = null, cancel = null } = {}) {
  const total = Number(response.headers.get('content-length')) || 0;
  const stop = (reader) => {
    if (cancel) cancel();
    else (reader || response.body)?.cancel().catch(() => {});
  };
  if (total > limit) {
    stop(null);
    throw tooLarge(total, limit);
  }
  if (!response.body) {
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (bytes.length > limit) throw tooLarge(bytes.length, limit);
    return bytes;
  }
  const reader = response.body.getReader();
  const parts = [];
  let done = 0;
  for (;;) {
    const { done: end, value } = await reader.read();
    if (end) break;
    done += value.length;
    if (done > limit) {
      stop(reader);
      throw tooLarge(total > done ? total : null, limit);
    }
    parts.push(value);
    if (progress) progress(done, total);
  }
  const bytes = new Uint8Array(done);
  let at = 0;
  for (const p of parts) { bytes.set(p, at); at += p.length; }
  return bytes;
}

/**
 * Downloads an `http:` or `https:` address, counting bytes as they come and stopping past
 * `limit` (readLimited). Throws an Error with `kind`: 'scheme' (another kind of address),
 * 'network' (refused, e.g. by CORS, or unreachable: browsers do not say which, on purpose),
 * 'http' (with `status`) or 'tooLarge'. `credentials` is fetch's.
 * @param {string} url
 * @param {number} limit
 * @param {{ progress?: ((done: number, total: number | null) => void) | null, credentials?: RequestCredentials }} [options]
 */
export async function download(url, limit, { progress = null, credentials = 'omit' } = {}) {
  let parsed;
  try { parsed = new URL(url); } catch { parsed = null; }
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
    throw Object.assign(new Error(`only http: and https: addresses can be downloaded (${url})`), { kind: 'scheme' });
  }
  const abort = new AbortController();
  let response;
  try {
    response = await fetch(parsed.href, { credentials, signal: abort.signal });
  } catch (e) {
    throw Object.assign(new Error(e && e.message ? e.message : String(e)), { kind: 'network' });
  }
  if (!response.ok) {
    throw Object.assign(new Error(`${response.status} ${response.statusText}`.trim()), { kind: 'http', status: response.status });
  }
  return readLimited(response, limit, { progress, cancel: () => abort.abort() });
}
