// The standings view (www/view/standings.js): rows carry the player and points, the crosstable
// or round columns show each game, the headers sort, and names are text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pointsText, sortedPlayers, standingsView } from '../../www/view/standings.js';
import { toMarkup, walk } from '../../www/view/tree.js';

const t = (key, args) => (args ? `${key} ${JSON.stringify(args)}` : key);

const cell = (opponent, color, round, points, game) => ({ opponent, color, round, points, game });
const player = (name, rank, points, cells, more = {}) => ({
  name, rank, points, played: cells.filter((c) => c.points != null).length,
  running: cells.filter((c) => c.points == null).length, wins: 0, draws: 0, losses: 0, sb: 0, buchholz: 0, cells, ...more,
});

// A round robin of three, 1-½-0: A beat B and drew C; C beat B.
const roundRobin = {
  scoring: '1-½-0', format: 'round-robin', cycles: 1, rounds: ['1', '2', '3'], csv: '',
  players: [
    player('A', 1, 1.5, [cell(2, 'white', '1', 1, 1), cell(1, 'black', '2', 0.5, 2)], { wins: 1, draws: 1, sb: 1.25 }),
    player('C <b>', 2, 1.5, [cell(0, 'white', '2', 0.5, 2), cell(2, 'black', '3', 1, 3)], { wins: 1, draws: 1, sb: 0.75 }),
    player('B', 3, 0, [cell(0, 'black', '1', 0, 1), cell(1, 'white', '3', 0, 3)], { losses: 2, buchholz: 3 }),
  ],
};

test('points are written as players write them', () => {
  assert.equal(pointsText(1.5), '1½');
  assert.equal(pointsText(0.5), '½');
  assert.equal(pointsText(2), '2');
  assert.equal(pointsText(53.75), '53.75');
  assert.equal(pointsText(null), '*');
});

test('a round robin: one row per player with data-player and data-points, a crosstable', () => {
  const view = standingsView(roundRobin, { t });
  const rows = walk(view).filter((n) => n.tag === 'tr' && n.attrs['data-player']);
  assert.deepEqual(rows.map((r) => [r.attrs['data-player'], r.attrs['data-points']]), [['A', '1.5'], ['C <b>', '1.5'], ['B', '0']]);
  const crossA = walk(rows[0]).filter((n) => n.tag === 'td' && /standings-cross/.test(n.attrs.class));
  assert.deepEqual(crossA.map((c) => c.children.join('')), ['', '½', '1']);
  assert.equal(crossA[2].attrs['data-games'], '1');
  // The name is text: escaped in markup, never parsed.
  assert.match(toMarkup(view), /C &lt;b&gt;/);
  assert.equal(view.attrs['data-format'], 'round-robin');
});

test('a Swiss: a column per round with the colour, the opponent\'s place and the points; running games marked', () => {
  const swiss = {
    scoring: '2-1-0', format: 'swiss', cycles: 0, rounds: ['1', '2'], csv: '',
    players: [
      player('P1', 1, 2, [cell(1, 'white', '1', 2, 1), cell(1, 'black', '2', null, 3)]),
      player('P2', 2, 0, [cell(0, 'black', '1', 0, 1), cell(0, 'white', '2', null, 3)]),
    ],
  };
  const view = standingsView(swiss, { t });
  const rows = walk(view).filter((n) => n.tag === 'tr' && n.attrs['data-player']);
  const rounds = walk(rows[0]).filter((n) => n.tag === 'td' && /standings-round/.test(n.attrs.class));
  assert.deepEqual(rounds.map((c) => c.children.join('')), ['○2 2', '●2 *']);
  assert.ok(walk(rows[0]).some((n) => n.attrs && n.attrs.class === 'standings-running'));
  const heads = walk(view).filter((n) => n.tag === 'th' && /standings-round/.test(n.attrs.class));
  assert.deepEqual(heads.map((c) => c.children.join('')), ['standings.round {"round":"1"}', 'standings.round {"round":"2"}']);
});

test('sorting by a column: higher first, ties in table order; rank and name ascend', () => {
  const by = (sort) => sortedPlayers(roundRobin.players, sort).map((p) => p.name);
  assert.deepEqual(by('sb'), ['A', 'C <b>', 'B']);
  assert.deepEqual(by('buchholz'), ['B', 'A', 'C <b>']);
  assert.deepEqual(by('name'), ['A', 'B', 'C <b>']);
  assert.deepEqual(by('losses'), ['B', 'A', 'C <b>']);
  const view = standingsView(roundRobin, { t, sort: 'sb' });
  const sorted = walk(view).find((n) => n.tag === 'th' && n.attrs['aria-sort']);
  assert.equal(sorted.attrs['aria-sort'], 'descending');
  assert.equal(walk(sorted)[1].attrs['data-sort'], 'sb');
});

test('no players: a plain sentence', () => {
  assert.match(toMarkup(standingsView({ players: [], rounds: [] }, { t })), /standings.empty/);
});

test('players but no result yet: listed unranked, with a sentence saying why', () => {
  const table = {
    scoring: '1-½-0', format: 'round-robin', cycles: 1, rounds: ['1'], csv: '',
    players: [player('A', 1, 0, [cell(1, 'white', '1', null, 1)]), player('B', 1, 0, [cell(0, 'black', '1', null, 1)])],
  };
  const markup = toMarkup(standingsView(table, { t }));
  assert.match(markup, /standings.noResults/);
  assert.doesNotMatch(markup, /<td class="standings-rank">1</);
  assert.equal((markup.match(/<td class="standings-rank">–</g) || []).length, 2);
  // With one result, no sentence: the ranks are the table's.
  const after = toMarkup(standingsView(roundRobin, { t }));
  assert.doesNotMatch(after, /standings.noResults/);
});
