// Unit tests for the shared-link format: hash building/parsing and the deflate-raw packing.
import test from 'node:test';
import assert from 'node:assert/strict';
import { inflateRawSync, deflateRawSync } from 'node:zlib';
import { buildShareHash, buildShareUrl, packText, parseShareHash, unpackText } from '../../www/share/share.js';
import { decodeBase64url, encodeBase64url } from '../../www/reader/base64url.js';

test('build and parse a hash with game and ply', () => {
  const h = buildShareHash({ pdn: 'abc-_9', game: 2, ply: 3 });
  assert.equal(h, '#pdn=abc-_9&game=2&ply=3');
  assert.deepEqual(parseShareHash(h), { pdn: 'abc-_9', game: 2, ply: 3 });
});

test('game and ply are optional; ply 0 is kept, game 0 is not a game', () => {
  assert.deepEqual(parseShareHash('#pdn=xyz'), { pdn: 'xyz', game: null, ply: null });
  assert.deepEqual(parseShareHash('pdn=xyz&ply=0'), { pdn: 'xyz', game: null, ply: 0 });
  assert.deepEqual(parseShareHash('#pdn=xyz&game=0'), { pdn: 'xyz', game: null, ply: null });
  assert.equal(buildShareHash({ pdn: 'q' }), '#pdn=q');
  assert.equal(buildShareHash({ pdn: 'q', game: 1, ply: 0 }), '#pdn=q&game=1&ply=0');
});

test('order of fields does not matter; junk values become null', () => {
  assert.deepEqual(parseShareHash('#ply=7&game=3&pdn=AAA'), { pdn: 'AAA', game: 3, ply: 7 });
  assert.deepEqual(parseShareHash('#pdn=AAA&game=two&ply=-1'), { pdn: 'AAA', game: null, ply: null });
  assert.deepEqual(parseShareHash('#pdn=AAA&game=1.5&ply=1e3'), { pdn: 'AAA', game: null, ply: null });
});

test('hashes without a pdn payload are not share links', () => {
  assert.equal(parseShareHash(''), null);
  assert.equal(parseShareHash('#'), null);
  assert.equal(parseShareHash('#moves'), null);
  assert.equal(parseShareHash('#pdn='), null);
  assert.equal(parseShareHash('#game=2&ply=3'), null);
  assert.equal(parseShareHash(undefined), null);
});

test('percent-encoding and line breaks added by mail programs are removed', () => {
  assert.equal(parseShareHash('#pdn=ab%0Acd%20ef').pdn, 'abcdef');
});

test('buildShareUrl replaces the page hash and keeps the path and query', () => {
  const url = buildShareUrl('http://127.0.0.1:8000/index.html?x=1#pdn=old&ply=9', { pdn: 'new', game: 1, ply: 4 });
  assert.equal(url, 'http://127.0.0.1:8000/index.html?x=1#pdn=new&game=1&ply=4');
});

const SAMPLE = '[Event "Чемпионат – ½"]\n[White "Ndjofang, J."]\n\n1. 32-28 17-22 {Ход ☺} *\n';

test('packText produces base64url of raw deflate of UTF-8 (readable by zlib)', async () => {
  const payload = await packText(SAMPLE);
  assert.match(payload, /^[A-Za-z0-9_-]+$/);
  const raw = inflateRawSync(Buffer.from(decodeBase64url(payload)));
  assert.equal(raw.toString('utf8'), SAMPLE);
});

test('unpackText reads what zlib wrote, and round trips packText', async () => {
  const fromZlib = encodeBase64url(new Uint8Array(deflateRawSync(Buffer.from(SAMPLE, 'utf8'))));
  assert.equal(await unpackText(fromZlib), SAMPLE);
  assert.equal(await unpackText(await packText(SAMPLE)), SAMPLE);
  const big = SAMPLE.repeat(3000);
  const packed = await packText(big);
  assert.ok(packed.length < big.length / 10, 'repetitive text compresses well');
  assert.equal(await unpackText(packed), big);
});

test('a full link survives build -> parse -> unpack', async () => {
  const url = buildShareUrl('http://h/index.html', { pdn: await packText(SAMPLE), game: 2, ply: 5 });
  const link = parseShareHash(new URL(url).hash);
  assert.equal(link.game, 2);
  assert.equal(link.ply, 5);
  assert.equal(await unpackText(link.pdn), SAMPLE);
});

test('damaged payloads give readable errors', async () => {
  await assert.rejects(unpackText('Zm9v!'), /link is damaged/);
  await assert.rejects(unpackText('AAAAAAAAAAAAAAAA'), /link is damaged/);
  const truncated = (await packText(SAMPLE.repeat(20))).slice(0, 20);
  await assert.rejects(unpackText(truncated), /link is damaged/);
  const notUtf8 = encodeBase64url(new Uint8Array(deflateRawSync(Buffer.from([0xff, 0xfe, 0x41]))));
  await assert.rejects(unpackText(notUtf8), /UTF-8/);
});

test('a deflate bomb stops at the limit, soon, with kind tooLarge', async () => {
  const { deflateRawSync } = await import('node:zlib');
  const { encodeBase64url } = await import('../../www/reader/base64url.js');
  // 256 MiB of one letter packs into about 250 KB; the limit here is 1 MiB.
  const bomb = encodeBase64url(deflateRawSync(Buffer.alloc(256 * 1024 * 1024, 0x41), { level: 9 }));
  // "Soon" by count, not by the clock: the input fed to the inflater stops a few slices past
  // the point where the output passed the limit (1 MiB out of about 1 KiB in at deflate's
  // ratio), far short of the 250 KB link.
  const Real = globalThis.DecompressionStream;
  let fed = 0;
  globalThis.DecompressionStream = class {
    constructor(format) {
      const real = new Real(format);
      const writer = real.writable.getWriter();
      this.readable = real.readable;
      this.writable = new WritableStream({
        write: (chunk) => { fed += chunk.length; return writer.write(chunk); },
        close: () => writer.close(),
        abort: (reason) => writer.abort(reason),
      });
    }
  };
  try {
    await assert.rejects(unpackText(bomb, 1024 * 1024), (e) => e.kind === 'tooLarge' && e.limit === 1024 * 1024);
  } finally {
    globalThis.DecompressionStream = Real;
  }
  assert.ok(fed > 0 && fed <= 64 * 1024, `${fed} bytes of the ${bomb.length}-character link inflated before it stopped`);
  // Just under the limit still opens.
  const fits = 'x'.repeat(1024 * 1024 - 10);
  assert.equal(await unpackText(await packText(fits), 1024 * 1024), fits);
});
