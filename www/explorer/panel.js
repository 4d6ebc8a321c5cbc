// The Explorer's panel, pure (element trees, see view/tree.js): the moves the open file's games
// played from the position shown (the core's explorer view: transpositions included), each with
// its games, its score for the side that plays it and a win/draw/loss bar; the games that reach
// the position; the index's progress while the worker builds it. No draughts rules: every
// number comes from the core.

import { h } from '../view/tree.js';

/** "54%" : the score of `wins`, `draws`, `losses` (a draw half a win), or '' without results. */
export function scoreText({ wins, draws, losses }) {
  const decided = wins + draws + losses;
  return decided ? `${Math.round(((wins + draws / 2) / decided) * 100)}%` : '';
}

/** The three parts of the bar as shares of the games with a result ('0.0%' each without). */
export function shares({ wins, draws, losses }) {
  const decided = wins + draws + losses;
  const pct = (n) => `${decided ? ((n / decided) * 100).toFixed(1) : '0.0'}%`;
  return { wins: pct(wins), draws: pct(draws), losses: pct(losses) };
}

/**
 * The win/draw/loss bar: each part's width in data-share (set as its style by attach.js through
 * the CSSOM, as the engine's bar: no inline style for a strict Content Security Policy).
 * @param {import('pdn-viewer/library').ExplorerMove | import('pdn-viewer/library').ExplorerView} row
 */
export function wdlBar(row, t) {
  const s = shares(row);
  const label = t('explorer.wdl', { wins: row.wins, draws: row.draws, losses: row.losses });
  return h('span', { class: 'wdl', role: 'img', 'aria-label': label, title: label },
    h('span', { class: 'wdl-win', 'data-share': s.wins }),
    h('span', { class: 'wdl-draw', 'data-share': s.draws }),
    h('span', { class: 'wdl-loss', 'data-share': s.losses }));
}

/**
 * The games that pass every search of `filters` ([{kind, found: [{game, ply}]}], the newest
 * last), each at the ply the newest search found it at, in file order; null without a search.
 */
export function stackedGames(filters) {
  if (!filters.length) return null;
  const newest = filters[filters.length - 1].found;
  const passing = filters.slice(0, -1).map((f) => new Set(f.found.map((x) => x.game)));
  return newest.filter((x) => passing.every((games) => games.has(x.game)))
    .map((x) => ({ game: x.game, ply: x.ply })).sort((a, b) => a.game - b.game);
}

/** The material search's fields, in the core's order (Library.findMaterial). */
export const MATERIAL = ['whiteMen', 'whiteKings', 'blackMen', 'blackKings'];

/**
 * The material search: four counts (empty: any number) and a button; `material` holds the
 * values last asked for ({whiteMen, …}, numbers or null).
 */
export function materialForm(material, t) {
  return h('form', { class: 'explorer-material', 'data-explorer-form': 'material' },
    h('span', { class: 'explorer-material-title' }, t('explorer.material')),
    MATERIAL.map((k) => h('label', {},
      h('span', {}, t(`explorer.${k}`)),
      h('input', { type: 'number', min: '0', max: '99', inputmode: 'numeric', name: k, value: material && material[k] != null ? String(material[k]) : null }))),
    h('button', { type: 'submit' }, t('explorer.materialFind')));
}

/**
 * The players of the shown game as buttons (data-player: the name), and the score of the one
 * asked about (`player`: the core's PlayerView).
 * @param {any} names
 * @param {import('pdn-viewer/library').PlayerView | null} player
 */
export function playersBlock(names, player, t) {
  const named = names.filter(Boolean);
  if (!named.length && !player) return null;
  return h('div', { class: 'explorer-players' },
    h('p', { class: 'explorer-summary' }, t('explorer.players'), ' ',
      named.map((n) => h('button', { type: 'button', class: 'explorer-player', 'data-player': n, title: t('explorer.playerTitle') }, n))),
    player ? h('p', { class: 'explorer-status', 'data-player-games': player.games }, t('explorer.player', {
      name: player.name, games: player.games, wins: player.wins, draws: player.draws, losses: player.losses,
      score: scoreText(player) || '–',
    })) : null);
}

/**
 * The panel. state: { progress: {done, total, ready} | null, tree: the core's ExplorerView or
 * null, error, found: [{game, ply}] | null (the games listed in the table: those that pass
 * every search of `filters`, [{kind, found}]), names (the shown
 * game's White and Black), player (a PlayerView) }.
 * Each move's row carries data-move (the move as the list writes it), data-games (its count)
 * and data-choice (its index among the legal moves: a click plays it).
 */
export function explorerPanel(state, t) {
  // The close button: shown where the Explorer is a panel of its own (the page on a phone,
  // explorer.css), where the toggle is out of sight.
  const close = h('button', { type: 'button', class: 'explorer-close', 'data-explorer-action': 'close', 'aria-label': t('explorer.close'), title: t('explorer.close') }, '✕');
  const panel = explorerBody(state, t);
  panel.children.unshift(close);
  return panel;
}

/**
 * @param {{ progress?: import('pdn-viewer/library').ExplorerProgress | null, tree?: import('pdn-viewer/library').ExplorerView | null, error?: string | null, found?: import('pdn-viewer/library').FoundGame[] | null, filters?: any[], names?: string[], player?: import('pdn-viewer/library').PlayerView | null, material?: any }} state
 */
function explorerBody({ progress = null, tree = null, error = null, found = null, filters = [], names = [], player = null, material = null }, t) {
  const status = (text, cls = '') => h('p', { class: `explorer-status${cls}`, role: 'status' }, text);
  if (error) return h('div', { class: 'explorer' }, status(error, ' explorer-error'));
  if (!progress || !progress.ready) {
    const done = progress ? progress.done : 0;
    const total = progress ? progress.total : 0;
    return h('div', { class: 'explorer', 'data-explorer-ready': 'false' },
      status(t('explorer.building', { done, total })),
      h('progress', { class: 'explorer-progress', max: String(Math.max(total, 1)), value: String(done) }));
  }
  if (!tree) return h('div', { class: 'explorer', 'data-explorer-ready': 'true' }, status(t('explorer.noPosition')));
  // The whole row plays its move (attach.js); its button is the keyboard's way to it.
  const rows = tree.moves.map((m) => h('tr', {
    class: 'explorer-row', 'data-move': m.notation, 'data-games': m.games, 'data-choice': m.choice, title: t('explorer.play'),
  },
  h('td', { class: 'explorer-move' }, h('button', { type: 'button', class: 'explorer-play', title: t('explorer.play') }, m.notation)),
  h('td', { class: 'explorer-games' }, String(m.games)),
  h('td', { class: 'explorer-score' }, scoreText(m)),
  h('td', { class: 'explorer-bar' }, wdlBar(m, t))));
  const table = tree.moves.length
    ? h('table', { class: 'explorer-table' },
      h('thead', {}, h('tr', {},
        h('th', { scope: 'col' }, t('explorer.move')),
        h('th', { scope: 'col' }, t('explorer.games')),
        h('th', { scope: 'col' }, t('explorer.score')),
        h('th', { scope: 'col' }, t('explorer.results')))),
      h('tbody', {}, rows))
    : null;
  const summary = tree.games
    ? t('explorer.reached', { games: tree.games, score: scoreText(tree) || '–' })
    : t('explorer.none');
  // "List these games" stays while others are listed: the searches stack (attach.js show).
  const listing = [
    h('button', { type: 'button', class: 'explorer-find', 'data-explorer-action': 'find', disabled: tree.games ? null : '' }, t('explorer.find')),
    found ? h('button', { type: 'button', class: 'explorer-all', 'data-explorer-action': 'all' }, t('explorer.showAll')) : null,
  ];
  const searches = filters.length;
  return h('div', { class: 'explorer', 'data-explorer-ready': 'true', 'data-games': tree.games },
    h('p', { class: 'explorer-summary' }, summary, ' ', listing),
    found ? h('p', { class: 'explorer-status', role: 'status', 'data-listed': found.length, 'data-searches': searches },
      searches > 1 ? t('explorer.stacked', { games: found.length, searches }) : t('explorer.listed', { games: found.length })) : null,
    table,
    tree.ended ? status(t('explorer.ended', { games: tree.ended })) : null,
    playersBlock(names, player, t),
    materialForm(material, t));
}
