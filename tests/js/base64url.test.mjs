// Unit tests for the base64url codec used by shared links.
import test from 'node:test';
import assert from 'node:assert/strict';
import { encodeBase64url, decodeBase64url } from '../../www/reader/base64url.js';

const bytes = (s) => new TextEncoder().encode(s);
const text = (b) => new TextDecoder().decode(b);

test('RFC 4648 test vectors, without padding', () => {
  const vectors = { '': '', f: 'Zg', fo: 'Zm8', foo: 'Zm9v', foob: 'Zm9vYg', fooba: 'Zm9vYmE', foobar: 'Zm9vYmFy' };
  for (const [plain, encoded] of Object.entries(vectors)) {
    assert.equal(encodeBase64url(bytes(plain)), encoded);
    assert.equal(text(decodeBase64url(encoded)), plain);
  }
});

test('uses - and _ instead of + and /, and never pads', () => {
  const b = new Uint8Array([0xfb, 0xff, 0xbf]);
  assert.equal(encodeBase64url(b), '-_-_');
  assert.equal(encodeBase64url(new Uint8Array([0xff])), '_w');
  assert.doesNotMatch(encodeBase64url(new Uint8Array([1, 2, 3, 4])), /[=+/]/);
});

test('round trip of every byte value and of random data; agrees with Node Buffer', () => {
  const all = Uint8Array.from({ length: 256 }, (_, i) => i);
  assert.deepEqual(decodeBase64url(encodeBase64url(all)), all);
  for (let n = 0; n < 70; n++) {
    const b = Uint8Array.from({ length: n * 7 + (n % 3) }, () => Math.floor(Math.random() * 256));
    const enc = encodeBase64url(b);
    assert.equal(enc, Buffer.from(b).toString('base64url'));
    assert.deepEqual(decodeBase64url(enc), b);
  }
});

test('round trip of non-ASCII text (UTF-8: Cyrillic, ½, en dash, emoji)', () => {
  const s = '[White "Чижов, А."]\n[Black "Ndjofang – ½ ☺ 🏁"]\n1. 32-28 {Ход сильный}';
  assert.equal(text(decodeBase64url(encodeBase64url(bytes(s)))), s);
});

test('large input (1 MB) round trips', () => {
  const b = Uint8Array.from({ length: 1 << 20 }, (_, i) => (i * 31) & 0xff);
  assert.deepEqual(decodeBase64url(encodeBase64url(b)), b);
});

test('decoding is lenient with padding and standard-base64 characters', () => {
  assert.equal(text(decodeBase64url('Zm8=')), 'fo');
  assert.deepEqual(decodeBase64url('+/+/'), decodeBase64url('-_-_'));
});

test('decoding rejects damaged input with an Error', () => {
  assert.throws(() => decodeBase64url('Zm9v!A'), /unexpected character at position 5/);
  assert.throws(() => decodeBase64url('Zm9vY'), /length/);
  assert.throws(() => decodeBase64url('Zé9v'), /unexpected character/);
  assert.throws(() => decodeBase64url(null), TypeError);
  assert.throws(() => encodeBase64url('abc'), TypeError);
});
