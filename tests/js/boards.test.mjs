// The boards view (www/view/boards.js) over the core's cards (Library.boards): one card per game
// with data-game, the last position's pieces with data-square/data-piece, the last move marked,
// players, result or clocks; a round chosen; clocks written and counted down.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { boardsView, clockSeconds, clockText } from '../../www/view/boards.js';
import { walk } from '../../www/view/tree.js';

const wasm = await import('../../pkg/pdn.js');
wasm.initSync({ module: readFileSync(new URL('../../pkg/pdn_bg.wasm', import.meta.url)) });

const t = (key, args) => (args ? `${key} ${JSON.stringify(args)}` : key);

const FILE = `[Round "1"][White "Ann"][Black "Bob"][Result "2-0"][GameType "20"]
1. 32-28 19-23 2. 28x19 14x23 2-0

[Round "1"][White "Cid"][Black "Dan"][Result "*"][GameType "20"][TimeControl "5400+30"]
1. 33-29 {[%clk 1:29:40]} 18-23 {[%clk 1:28:05]} *

[Round "2"][White "Ann"][Black "Cid"][Result "*"][GameType "20"]
*
`;

test('one card per game: data-game, the last position with its pieces, the last move marked', () => {
  const lib = wasm.Library.fromText(FILE);
  const cards = lib.boards(0, lib.count, null);
  lib.free();
  assert.deepEqual(cards.map((c) => c.game), [1, 2, 3]);
  const view = boardsView(cards, { t, selected: 2 });
  const items = walk(view).filter((n) => n.tag === 'li');
  assert.deepEqual(items.map((n) => n.attrs['data-game']), ['1', '2', '3']);
  assert.equal(items[1].attrs['aria-current'], 'true');
  // Game 1 after 2. 28x19 14x23: a man taken from each side (19 each), a black man on 23.
  const pieces = walk(items[0]).filter((n) => n.attrs && n.attrs['data-piece']);
  assert.equal(pieces.length, 38);
  assert.equal(pieces.find((n) => n.attrs['data-square'] === '23').attrs['data-piece'], 'bm');
  assert.ok(!pieces.some((n) => n.attrs['data-square'] === '32'));
  // The last move 14x23 is marked on its squares.
  const marked = walk(items[0]).filter((n) => n.attrs && /^hl hl-(from|to)$/.test(n.attrs.class || ''));
  assert.deepEqual(marked.map((n) => n.attrs.class).sort(), ['hl hl-from', 'hl hl-to'], 'the last move is marked');
  // Players, and the result or "playing".
  const text = (n) => walk(n).flatMap((x) => x.children.filter((c) => typeof c === 'string')).join(' ');
  assert.match(text(items[0]), /Ann.*Bob|Bob.*Ann/);
  assert.match(text(items[0]), /2-0/);
  assert.match(text(items[1]), /boards.playing/);
});

test('clocks: the last reading of each side, the side to move\'s clock running; a round chosen', () => {
  const lib = wasm.Library.fromText(FILE);
  const round1 = lib.boards(0, lib.count, '1');
  const round2 = lib.boards(0, lib.count, '2');
  lib.free();
  assert.deepEqual(round1.map((c) => c.game), [1, 2]);
  assert.deepEqual(round2.map((c) => c.game), [3]);
  const c = round1[1];
  assert.deepEqual([c.clock.white, c.clock.black, c.toMove], ['1:29:40', '1:28:05', 'white']);
  const clocks = walk(boardsView(round1, { t })).filter((n) => n.attrs && n.attrs['data-clock']);
  assert.deepEqual(clocks.map((n) => [n.attrs['data-clock'], n.attrs['data-seconds'], n.attrs['data-running']]),
    [['black', '5285', null], ['white', '5380', '']]);
  // Game 3 has no clock commands and no time control: no clocks.
  assert.deepEqual(walk(boardsView(round2, { t })).filter((n) => n.attrs && n.attrs['data-clock']), []);
});

test('clock text both ways', () => {
  assert.equal(clockSeconds('1:29:40'), 5380);
  assert.equal(clockSeconds('4:05'), 245);
  assert.equal(clockSeconds('x'), null);
  assert.equal(clockText(5380), '1:29:40');
  assert.equal(clockText(245), '4:05');
  assert.equal(clockText(-3), '0:00');
});

test('no games: a plain sentence', () => {
  assert.equal(walk(boardsView([], { t })).find((n) => n.tag === 'p').children[0], 'boards.empty');
});
