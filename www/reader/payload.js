// The `#pdn=` payload of a shared link: base64url(deflate-raw(UTF-8 PDN)). It lives with the
// reader because the reading worker unpacks a link off the page's thread (a deflate bomb costs
// only the worker); www/share/share.js gives the same names to the page's sharing code.
// Compression uses the platform's CompressionStream (browsers and Node 20).

import { encodeBase64url, decodeBase64url } from './base64url.js';
import { LIMITS } from './limits.js';

/** Input fed to the transform at a time: deflate expands at most ~1032 times, so one slice never
 *  makes more than about 1 MB before the output count is checked again. */
const SLICE = 1024;

/**
 * `bytes` through `transform`, stopping as soon as the output passes `limit` (an Error with
 * kind 'tooLarge'). The input goes in small slices, one at a time, each after the output of the
 * one before was read, so memory and time stay bounded by the limit, not by the input's ratio.
 */
async function pipeBytes(bytes, transform, limit, slice = limit ? SLICE : 1 << 20) {
  const writer = transform.writable.getWriter();
  const reader = transform.readable.getReader();
  const parts = [];
  let total = 0;
  let over = false;
  const feeding = (async () => {
    for (let i = 0; i < bytes.length && !over; i += slice) {
      await writer.ready;
      if (over) return;
      await writer.write(bytes.subarray(i, Math.min(i + slice, bytes.length)));
    }
    if (!over) await writer.close();
  })();
  feeding.catch(() => {}); // its failure is seen by the reader too
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.length;
      if (limit && total > limit) {
        over = true;
        throw Object.assign(new Error(`the shared game is larger than ${limit} bytes once unpacked`),
          { kind: 'tooLarge', size: null, limit, unit: 'bytes' });
      }
      parts.push(value);
    }
    await feeding;
  } catch (e) {
    over = true;
    reader.cancel().catch(() => {});
    writer.abort().catch(() => {});
    throw e;
  }
  const out = new Uint8Array(total);
  let o = 0;
  for (const p of parts) { out.set(p, o); o += p.length; }
  return out;
}

/** PDN text -> the base64url payload of a link. */
export async function packText(text) {
  const bytes = new TextEncoder().encode(text);
  return encodeBase64url(await pipeBytes(bytes, new CompressionStream('deflate-raw')));
}

/**
 * base64url payload -> PDN text. Throws an Error with a readable message on a damaged link, and
 * one with kind 'tooLarge' when it unpacks to more than `limit` bytes (LIMITS.linkBytes unless
 * told: a hostile link could otherwise expand to gigabytes).
 */
export async function unpackText(payload, limit = LIMITS.linkBytes) {
  let bytes;
  try {
    bytes = decodeBase64url(payload);
  } catch (e) {
    throw new Error(`the link is damaged (${e.message})`);
  }
  let raw;
  try {
    raw = await pipeBytes(bytes, new DecompressionStream('deflate-raw'), limit);
  } catch (e) {
    if (e.kind === 'tooLarge') throw e;
    throw new Error(`the link is damaged: its game data cannot be unpacked (${e.message})`);
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(raw);
  } catch {
    throw new Error('the link is damaged: its game text is not valid UTF-8');
  }
}
