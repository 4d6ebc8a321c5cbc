// The standings view (`view=standings`), pure (element trees, see tree.js): the table the core
// computed (pdn-view's StandingsView: points in the file's scoring, tie-breaks, each player's
// games), drawn as a sortable table with a crosstable (a round robin) or a column per round
// (anything else). Rows carry data-player (the name as written) and data-points (a number); the
// headers are buttons carrying data-sort. No scoring here: every number comes from Rust.

import { h } from './tree.js';

/** The sortable columns: key -> the value a row sorts by (higher first, except rank and name). */
export const SORTS = Object.freeze({
  rank: (p) => p.rank,
  name: (p) => p.name,
  points: (p) => p.points,
  played: (p) => p.played,
  wins: (p) => p.wins,
  draws: (p) => p.draws,
  losses: (p) => p.losses,
  sb: (p) => p.sb,
  buchholz: (p) => p.buchholz,
});

const ASCENDING = new Set(['rank', 'name']);

/**
 * The players in the order of column `sort` (ties keep the table's order).
 * @param {import('pdn-viewer/library').StandingsPlayer[]} players
 */
export function sortedPlayers(players, sort = 'rank') {
  const by = SORTS[sort] || SORTS.rank;
  const up = ASCENDING.has(sort) ? 1 : -1;
  return players
    .map((p, k) => ({ p, k }))
    .sort((a, b) => {
      const x = by(a.p);
      const y = by(b.p);
      const c = typeof x === 'string' ? x.localeCompare(y) : x - y;
      return c * up || a.k - b.k;
    })
    .map(({ p }) => p);
}

/** A number of points as a person writes it: 2, 1½, ½, 0 (SB and Buchholz keep their decimals). */
export function pointsText(v, format = (n) => String(n)) {
  if (v == null) return '*';
  const whole = Math.floor(v + 1e-9);
  const half = Math.abs(v - whole - 0.5) < 1e-9;
  if (half) return whole ? `${format(whole)}½` : '½';
  return format(Math.round(v * 100) / 100);
}

/**
 * One game of a round-robin cell or a round column.
 * @param {import('pdn-viewer/library').StandingsCell} c
 * @param {import('pdn-viewer/library').StandingsPlayer[]} players
 */
function cellText(c, players, roundRobin) {
  const points = pointsText(c.points);
  if (roundRobin) return points;
  const side = c.color === 'white' ? '○' : '●';
  return `${side}${players[c.opponent].rank} ${points}`;
}

/**
 * The view: `table` (StandingsView), `sort` (a SORTS key), `t` (words), `format` (numbers in
 * the page's language).
 * @param {import('pdn-viewer/library').Standings} table
 */
export function standingsView(table, { sort = 'rank', t, format = (n) => String(n) }) {
  if (!table || !table.players.length) {
    return h('div', { class: 'standings' }, h('p', { class: 'standings-empty' }, t('standings.empty')));
  }
  const roundRobin = table.format === 'round-robin';
  const players = table.players;
  // No game has a result yet (a round just begun): the players are listed, unranked, and a
  // sentence says why the table is empty rather than showing everyone first on 0.
  const noResults = players.every((p) => p.played === 0);
  const head = (key, label, title = null) => h('th', { scope: 'col', 'aria-sort': sort === key ? (ASCENDING.has(key) ? 'ascending' : 'descending') : null },
    h('button', { type: 'button', class: 'standings-sort', 'data-sort': key, title }, label));
  const extra = roundRobin
    ? players.map((p) => h('th', { scope: 'col', class: 'standings-cross', title: p.name }, String(p.rank)))
    : table.rounds.map((r) => h('th', { scope: 'col', class: 'standings-round' }, t('standings.round', { round: r })));
  const rows = sortedPlayers(players, sort).map((p) => {
    const me = players.indexOf(p);
    const cells = roundRobin
      ? players.map((_, them) => {
        if (them === me) return h('td', { class: 'standings-cross standings-self' });
        const games = p.cells.filter((c) => c.opponent === them);
        return h('td', { class: 'standings-cross', 'data-games': games.map((c) => c.game).join(' ') || null },
          games.map((c) => cellText(c, players, true)).join(' '));
      })
      : table.rounds.map((r) => {
        const games = p.cells.filter((c) => c.round === r);
        return h('td', { class: 'standings-round', 'data-games': games.map((c) => c.game).join(' ') || null },
          games.map((c) => cellText(c, players, false)).join(' '));
      });
    return h('tr', { 'data-player': p.name, 'data-points': String(p.points), 'data-rank': String(p.rank) },
      h('td', { class: 'standings-rank' }, noResults ? '–' : String(p.rank)),
      h('th', { scope: 'row', class: 'standings-name' }, p.name,
        p.running ? h('span', { class: 'standings-running', title: t('standings.running') }, ' •') : null),
      h('td', { class: 'standings-points' }, pointsText(p.points, format)),
      h('td', {}, format(p.played)),
      h('td', {}, format(p.wins)),
      h('td', {}, format(p.draws)),
      h('td', {}, format(p.losses)),
      h('td', {}, pointsText(p.sb, format)),
      h('td', {}, pointsText(p.buchholz, format)),
      cells);
  });
  return h('div', { class: 'standings', 'data-format': table.format, 'data-scoring': table.scoring },
    noResults ? h('p', { class: 'standings-none' }, t('standings.noResults')) : null,
    h('div', { class: 'standings-scroll' },
      h('table', { class: 'standings-table' },
        h('caption', {}, t('standings.caption', { scoring: table.scoring })),
        h('thead', {}, h('tr', {},
          head('rank', '#', t('standings.rank')),
          head('name', t('standings.player')),
          head('points', t('standings.points')),
          head('played', t('standings.games')),
          head('wins', t('standings.wins'), t('standings.winsTitle')),
          head('draws', t('standings.draws'), t('standings.drawsTitle')),
          head('losses', t('standings.losses'), t('standings.lossesTitle')),
          head('sb', 'SB', t('standings.sbTitle')),
          head('buchholz', t('standings.buchholz'), t('standings.buchholzTitle')),
          extra)),
        h('tbody', {}, rows))),
    h('p', { class: 'standings-actions' },
      h('button', { type: 'button', class: 'standings-csv', 'data-standings-csv': '' }, t('standings.csv'))));
}
