// Base64url (RFC 4648 §5, no padding) for bytes. Shared links carry the compressed PDN in the URL
// fragment, and base64url needs no percent-escaping there. Pure functions, no DOM.

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

// Reverse table. '+' and '/' (standard base64) are accepted too, because links get "repaired" by
// some mail and chat programs; decoding is lenient where it cannot be ambiguous.
const DECODE = (() => {
  const t = new Int16Array(128).fill(-1);
  for (let i = 0; i < ALPHABET.length; i++) t[ALPHABET.charCodeAt(i)] = i;
  t['+'.charCodeAt(0)] = 62;
  t['/'.charCodeAt(0)] = 63;
  return t;
})();

/** Uint8Array -> base64url string without '=' padding. */
export function encodeBase64url(bytes) {
  if (!(bytes instanceof Uint8Array)) throw new TypeError('encodeBase64url expects a Uint8Array');
  const out = [];
  let chunk = '';
  const n = bytes.length;
  let i = 0;
  for (; i + 2 < n; i += 3) {
    const v = (bytes[i] << 16) | (bytes[i + 1] << 8) | bytes[i + 2];
    chunk += ALPHABET[v >> 18] + ALPHABET[(v >> 12) & 63] + ALPHABET[(v >> 6) & 63] + ALPHABET[v & 63];
    // Building one huge string by += is fine in V8, but chunking keeps peak memory low for big files.
    if (chunk.length >= 8192) { out.push(chunk); chunk = ''; }
  }
  const rest = n - i;
  if (rest === 1) {
    const v = bytes[i] << 16;
    chunk += ALPHABET[v >> 18] + ALPHABET[(v >> 12) & 63];
  } else if (rest === 2) {
    const v = (bytes[i] << 16) | (bytes[i + 1] << 8);
    chunk += ALPHABET[v >> 18] + ALPHABET[(v >> 12) & 63] + ALPHABET[(v >> 6) & 63];
  }
  out.push(chunk);
  return out.join('');
}

/** base64url string (padding optional) -> Uint8Array. Throws an Error on characters outside the
 *  alphabet or an impossible length, so a truncated link is reported instead of half-decoded. */
export function decodeBase64url(text) {
  if (typeof text !== 'string') throw new TypeError('decodeBase64url expects a string');
  const s = text.replace(/=+$/, '');
  if (s.length % 4 === 1) throw new Error('invalid base64url: the length is impossible (truncated link?)');
  const out = new Uint8Array(Math.floor((s.length * 3) / 4));
  let o = 0;
  let acc = 0;
  let bits = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const v = c < 128 ? DECODE[c] : -1;
    if (v < 0) throw new Error(`invalid base64url: unexpected character at position ${i + 1}`);
    acc = (acc << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (acc >> bits) & 0xff;
    }
    acc &= 0xff; // only the low bits that are still pending matter
  }
  return out.subarray(0, o);
}
