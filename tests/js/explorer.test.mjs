// The Explorer's panel (www/explorer/panel.js), pure: what it draws from the core's explorer view.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { MATERIAL, explorerPanel, materialForm, playersBlock, scoreText, shares, stackedGames } from '../../www/explorer/panel.js';
import { walk } from '../../www/view/tree.js';

const t = (key, args = {}) => `${key}${Object.keys(args).length ? JSON.stringify(args) : ''}`;

test('a score counts a draw as half a win, over the games with a result', () => {
  assert.equal(scoreText({ wins: 1, draws: 2, losses: 1 }), '50%');
  assert.equal(scoreText({ wins: 3, draws: 0, losses: 1 }), '75%');
  assert.equal(scoreText({ wins: 0, draws: 0, losses: 0 }), '');
  assert.deepEqual(shares({ wins: 1, draws: 1, losses: 2 }), { wins: '25.0%', draws: '25.0%', losses: '50.0%' });
});

test('each move is a row with data-move, data-games and data-choice, in the order the core gives', () => {
  const tree = {
    games: 5, ended: 1, wins: 2, draws: 1, losses: 1, turn: 'white',
    moves: [
      { notation: '32-28', choice: 3, from: '32', to: '28', games: 3, wins: 1, draws: 1, losses: 1 },
      { notation: '33-29', choice: 5, from: '33', to: '29', games: 1, wins: 1, draws: 0, losses: 0 },
    ],
  };
  const nodes = walk(explorerPanel({ progress: { done: 5, total: 5, ready: true }, tree }, t));
  const rows = nodes.filter((n) => n.attrs['data-move']);
  assert.deepEqual(rows.map((r) => [r.attrs['data-move'], r.attrs['data-games'], r.attrs['data-choice']]), [['32-28', 3, 3], ['33-29', 1, 5]]);
  // The bar's parts carry their shares (set as widths through the CSSOM, not a style attribute).
  const parts = nodes.filter((n) => n.attrs['data-share']).map((n) => n.attrs['data-share']);
  assert.deepEqual(parts.slice(0, 3), ['33.3%', '33.3%', '33.3%']);
  assert.ok(nodes.every((n) => !('style' in n.attrs)));
  assert.ok(nodes.some((n) => n.attrs['data-explorer-action'] === 'find'));
  assert.ok(nodes.some((n) => n.children.includes('explorer.ended{"games":1}')));
});

test('while the index is built the panel shows its progress; a search lists its games', () => {
  const building = walk(explorerPanel({ progress: { done: 1000, total: 20000, ready: false } }, t));
  assert.equal(building[0].attrs['data-explorer-ready'], 'false');
  const bar = building.find((n) => n.tag === 'progress');
  assert.deepEqual([bar.attrs.value, bar.attrs.max], ['1000', '20000']);
  const tree = { games: 0, ended: 0, wins: 0, draws: 0, losses: 0, turn: 'black', moves: [] };
  const found = walk(explorerPanel({ progress: { ready: true }, tree, found: [] }, t));
  assert.ok(found.some((n) => n.attrs['data-explorer-action'] === 'all'));
  assert.ok(found.some((n) => n.children.includes('explorer.none')));
});

test('every word the panel uses is in the English catalogue', () => {
  const src = readFileSync(new URL('../../www/explorer/panel.js', import.meta.url), 'utf8')
    + readFileSync(new URL('../../www/explorer/attach.js', import.meta.url), 'utf8');
  const en = readFileSync(new URL('../../www/i18n/en.js', import.meta.url), 'utf8')
    + readFileSync(new URL('../../www/i18n/parts/en.js', import.meta.url), 'utf8');
  const keys = [...src.matchAll(/t\('(explorer\.[a-zA-Z]+)'/g)].map((m) => m[1]);
  assert.ok(keys.length > 10);
  for (const k of keys) assert.ok(en.includes(`'${k}':`), k);
});

test('the shown game\'s players are buttons; a player asked about has their score', () => {
  const none = playersBlock([], null, t);
  assert.equal(none, null);
  const player = { name: 'Ann', games: 3, wins: 0, draws: 1, losses: 1, list: [] };
  const nodes = walk(playersBlock(['Ann', 'Bob'], player, t));
  assert.deepEqual(nodes.filter((n) => n.attrs['data-player']).map((n) => n.attrs['data-player']), ['Ann', 'Bob']);
  const line = nodes.find((n) => n.attrs['data-player-games'] === 3);
  assert.match(line.children[0], /"score":"25%"/);
});

test('the material search has a field per count, in the core\'s order, keeping the values asked', () => {
  const nodes = walk(materialForm({ whiteMen: 0, whiteKings: 3, blackMen: null, blackKings: 1 }, t));
  const inputs = nodes.filter((n) => n.tag === 'input');
  assert.deepEqual(inputs.map((i) => i.attrs.name), MATERIAL);
  assert.deepEqual(inputs.map((i) => i.attrs.value), ['0', '3', null, '1']);
});

test('searches stack as "and": the games that pass all of them, at the newest search\'s plies, in file order', () => {
  const player = { kind: 'player', found: [{ game: 1, ply: 0 }, { game: 3, ply: 0 }, { game: 5, ply: 0 }] };
  const position = { kind: 'position', found: [{ game: 6, ply: 1 }, { game: 1, ply: 1 }, { game: 2, ply: 1 }, { game: 3, ply: 3 }] };
  assert.equal(stackedGames([]), null);
  assert.deepEqual(stackedGames([player]), player.found);
  assert.deepEqual(stackedGames([player, position]), [{ game: 1, ply: 1 }, { game: 3, ply: 3 }]);
  assert.deepEqual(stackedGames([position, player]), [{ game: 1, ply: 0 }, { game: 3, ply: 0 }]);
  assert.deepEqual(stackedGames([player, position, { kind: 'material', found: [{ game: 6, ply: 7 }] }]), []);
  // Two searches listed: the panel says so (data-searches), and both buttons stay.
  const tree = { games: 4, ended: 0, wins: 1, draws: 1, losses: 1, turn: 'black', moves: [] };
  const filters = [player, position];
  const nodes = walk(explorerPanel({ progress: { ready: true }, tree, filters, found: stackedGames(filters) }, t));
  const line = nodes.find((n) => n.attrs['data-searches'] != null);
  assert.deepEqual([line.attrs['data-listed'], line.attrs['data-searches']], [2, 2]);
  assert.match(line.children[0], /^explorer\.stacked/);
  assert.deepEqual(nodes.filter((n) => n.attrs['data-explorer-action']).map((n) => n.attrs['data-explorer-action']), ['close', 'find', 'all']);
});
