// The address as a view of the state (www/share/address.js): the links every host makes and
// reads, old formats included.

import test from 'node:test';
import assert from 'node:assert/strict';
import { buildShareHash, isLinkSource, parseShareHash, readAddress, writeAddress } from '../../www/share/address.js';

const PAGE = 'http://127.0.0.1:8000/index.html';
const EMBED = 'http://127.0.0.1:8000/embed.html';

test('old page links read as before: ?src= with game and ply, #pdn= with them in the hash', () => {
  const a = readAddress(`${PAGE}?src=games.pdn&game=3&ply=20`);
  assert.deepEqual(a.source, { src: 'games.pdn' });
  assert.equal(a.game, 3);
  assert.equal(a.ply, 20);
  assert.equal(a.mode, null);
  const b = readAddress(`${PAGE}?mode=solve#pdn=AbC-_9&game=2&ply=0`);
  assert.deepEqual(b.source, { pdn: 'AbC-_9' });
  assert.equal(b.game, 2);
  assert.equal(b.ply, 0);
  assert.equal(b.mode, 'solve');
  assert.equal(readAddress(`${EMBED}?src=x.pdn&game=3&ply=last`).ply, 'last');
  // The sample's address: no source, the game and move still read.
  const c = readAddress(`${PAGE}?game=1&ply=20`);
  assert.equal(c.source, null);
  assert.equal(c.ply, 20);
});

test('bad values read as absent; a hash without pdn= is not a link; #pdn= wins over ?src=', () => {
  const a = readAddress(`${PAGE}?src=x.pdn&game=0&ply=-1&line=two&mode=edit&orientation=up`);
  assert.equal(a.game, 1);
  assert.equal(a.ply, 0);
  assert.equal(a.line, null);
  assert.equal(a.mode, null);
  assert.equal(a.orientation, null);
  assert.deepEqual(readAddress(`${PAGE}?src=x.pdn#moves`).source, { src: 'x.pdn' });
  assert.deepEqual(readAddress(`${PAGE}?src=x.pdn#pdn=AAA`).source, { pdn: 'AAA' });
  assert.equal(readAddress('not a url').source, null);
});

test('parameters it does not own are kept, read and written (embed.html\'s)', () => {
  const a = readAddress(`${EMBED}?src=x.pdn&coordinates=none&analysis=1&list=off`);
  assert.deepEqual(a.params, { coordinates: 'none', analysis: '1', list: 'off' });
  const out = writeAddress({ ...a, ply: 4 }, `${EMBED}?coordinates=none&analysis=1&list=off&ply=9`);
  const back = readAddress(out);
  assert.deepEqual(back.params, a.params);
  assert.equal(back.ply, 4);
});

test('write then read gives the state back, for a link, a file and no source', () => {
  const states = [
    { source: { pdn: 'q1-_' }, game: 2, ply: 7, line: null, orientation: null, mode: 'solve', lang: null, theme: null },
    { source: { pdn: 'q1-_' }, game: 1, ply: 3, line: 4, orientation: 'black', mode: null, lang: 'ru', theme: 'dark' },
    { source: { src: 'https://example.org/a b.pdn' }, game: 5, ply: 'last', line: null, orientation: null, mode: 'solve', lang: null, theme: null },
    { source: { src: 'games.pdn' }, game: 1, ply: 0, line: 2, orientation: 'black', mode: null, lang: 'lv', theme: 'light' },
  ];
  for (const s of states) {
    const { params, ...back } = readAddress(writeAddress(s, `${PAGE}?src=old.pdn&mode=solve#pdn=old`));
    assert.deepEqual(back, s);
    assert.deepEqual(params, {});
  }
});

test('a solving link keeps mode=solve next to its #pdn= hash; a text with no source drops the place', () => {
  const url = writeAddress({ source: { pdn: 'XYZ' }, game: 1, ply: 2, mode: 'solve' }, `${PAGE}?src=a.pdn&game=4`);
  assert.equal(url, `${PAGE}?mode=solve#pdn=XYZ&game=1&ply=2`);
  assert.equal(writeAddress({ source: null, game: 3, ply: 2 }, `${PAGE}?src=a.pdn&game=3&ply=2#pdn=x`), PAGE);
  assert.equal(writeAddress({ source: { src: 'a.pdn' }, game: 3, ply: 0 }, PAGE), `${PAGE}?src=a.pdn&game=3&ply=0`);
  // The page's sample: the place alone, in the query.
  assert.equal(writeAddress({ source: {}, game: 1, ply: 2 }, `${PAGE}?src=a.pdn#pdn=x`), `${PAGE}?game=1&ply=2`);
});

test('mode and orientation are read in the #pdn= hash as in the query (a link whose query was lost)', () => {
  const a = readAddress('https://x.org/v/#pdn=AAA&game=2&ply=3&mode=solve&orientation=black');
  assert.deepEqual([a.source, a.game, a.ply, a.mode, a.orientation], [{ pdn: 'AAA' }, 2, 3, 'solve', 'black']);
  const plain = readAddress('https://x.org/v/#pdn=AAA&mode=edit&orientation=white');
  assert.deepEqual([plain.mode, plain.orientation], [null, null]);
});

test('a short link #g= reads and writes like #pdn=; #pdn= wins when a hash has both', () => {
  const a = readAddress(`${PAGE}#g=1AbC-_9&game=1&ply=4`);
  assert.deepEqual(a.source, { short: '1AbC-_9' });
  assert.equal(a.game, 1);
  assert.equal(a.ply, 4);
  assert.equal(isLinkSource(a.source), true);
  assert.equal(isLinkSource({ src: 'x.pdn' }), false);
  assert.equal(isLinkSource(null), false);
  const url = writeAddress({ source: { short: '1XYZ' }, game: 1, ply: 2, mode: 'solve' }, `${PAGE}?src=a.pdn#pdn=old`);
  assert.equal(url, `${PAGE}?mode=solve#g=1XYZ&game=1&ply=2`);
  assert.deepEqual(readAddress(`${PAGE}#pdn=AAA&g=1BBB`).source, { pdn: 'AAA' });
  assert.equal(parseShareHash('#g='), null, 'an empty payload is no link');
  assert.equal(buildShareHash({ short: '1Q', game: 1 }), '#g=1Q&game=1');
  assert.equal(buildShareHash({ pdn: 'P', game: 1 }), '#pdn=P&game=1', 'old links are written as before');
  // Mail programs wrap long links: white space is dropped, as in #pdn=.
  assert.deepEqual(parseShareHash('#g=1A%20B').short, '1AB');
});
