// Unit tests for the size limits shared by the reading worker and <pdn-viewer>.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LIMITS, download, formatBytes, limitsFor, readLimited, tooLarge } from '../../www/reader/limits.js';
import { createTranslator, formatNumber } from '../../www/i18n/i18n.js';
import * as overrides from '../../www/reader/overrides.js';

/** A response whose body arrives in `pieces` (Uint8Arrays), with an optional Content-Length. */
function response(pieces, length = null) {
  const body = new ReadableStream({
    start(c) {
      for (const p of pieces) c.enqueue(p);
      c.close();
    },
  });
  const headers = length == null ? {} : { 'content-length': String(length) };
  return new Response(body, { headers });
}

test('readLimited joins the pieces and reports progress', async () => {
  const seen = [];
  const bytes = await readLimited(response([new Uint8Array([1, 2]), new Uint8Array([3])], 3), 10, {
    progress: (done, total) => seen.push([done, total]),
  });
  assert.deepEqual([...bytes], [1, 2, 3]);
  assert.deepEqual(seen, [[2, 3], [3, 3]]);
});

test('readLimited refuses a declared length over the limit before reading, and stops a stream past it', async () => {
  let cancelled = 0;
  await assert.rejects(readLimited(response([new Uint8Array(20)], 20), 10, { cancel: () => { cancelled++; } }),
    (e) => e.kind === 'tooLarge' && e.size === 20 && e.limit === 10);
  assert.equal(cancelled, 1);
  // No Content-Length: counted as it comes, stopped once past the limit (size unknown).
  await assert.rejects(readLimited(response([new Uint8Array(6), new Uint8Array(6), new Uint8Array(6)]), 10),
    (e) => e.kind === 'tooLarge' && e.size === null && e.limit === 10);
});

test('tooLarge says the size, the limit and the unit; limitsFor only lowers limits', () => {
  const e = tooLarge(600000, 500000, 'games');
  assert.equal(e.kind, 'tooLarge');
  assert.match(e.message, /600000 games; the limit is 500000/);
  assert.equal(limitsFor({ bytes: 10 }).bytes, 10);
  assert.equal(limitsFor({ bytes: LIMITS.bytes * 2 }).bytes, LIMITS.bytes);
  assert.equal(limitsFor({ games: -1 }).games, LIMITS.games);
});

test('as shipped, no test setting is in force: overrides.js is inert and the limits are the real ones', () => {
  assert.deepEqual(Object.entries(overrides), [['beforeRead', null], ['limits', null]]);
  assert.deepEqual(limitsFor(), { ...LIMITS });
});

test('download: only http(s) addresses; network and HTTP failures and sizes come back as kinds', async (t) => {
  const real = globalThis.fetch;
  t.after(() => { globalThis.fetch = real; });
  await assert.rejects(download('javascript:alert(1)', 10), (e) => e.kind === 'scheme');
  await assert.rejects(download('not an address', 10), (e) => e.kind === 'scheme');
  const asked = [];
  globalThis.fetch = async (url, init) => {
    asked.push([url, init.credentials]);
    if (url.endsWith('/refused')) throw new TypeError('Failed to fetch');
    if (url.endsWith('/missing')) return new Response('', { status: 404, statusText: 'Not Found' });
    return response([new Uint8Array(8)]);
  };
  await assert.rejects(download('https://example.org/refused', 10), (e) => e.kind === 'network');
  await assert.rejects(download('https://example.org/missing', 10), (e) => e.kind === 'http' && e.status === 404);
  await assert.rejects(download('https://example.org/big', 4), (e) => e.kind === 'tooLarge');
  const bytes = await download('https://example.org/ok', 10, { credentials: 'same-origin' });
  assert.equal(bytes.length, 8);
  assert.deepEqual(asked.map(([, c]) => c), ['omit', 'omit', 'omit', 'same-origin']);
});

test('sizes in each language\'s units: 1,2 МБ in Russian, 64 Mo in French, English without a translator', async () => {
  const ru = createTranslator('ru', (await import('../../www/i18n/ru.js')).default);
  const fr = createTranslator('fr', (await import('../../www/i18n/fr.js')).default);
  const mb = 1024 * 1024;
  assert.equal(formatBytes(1.2 * mb, (n) => formatNumber('ru', n), ru), '1,2 МБ');
  assert.equal(formatBytes(512 * 1024, (n) => formatNumber('ru', n), ru), '512 КБ');
  assert.equal(formatBytes(64 * mb, (n) => formatNumber('fr', n), fr), '64 Mo');
  assert.equal(formatBytes(300, String, fr), '300 o');
  assert.equal(formatBytes(64 * mb), '64 MB');
  assert.equal(formatBytes(300), '300 B');
});
