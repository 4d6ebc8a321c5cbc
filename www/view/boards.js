// The boards view (`view=boards`), pure (element trees, see tree.js): a grid of small boards, one
// per game (the core's cards, pdn-view's boards.rs), each with its players, its result or its
// clocks, and its last position with the last move marked. Each card carries data-game (the
// game's number, from 1); its board is drawn by board.js, so its pieces carry the same
// data-square/data-piece as the main board's. No rules: every position comes from Rust.

import { PIECE_CODES, SQUARE } from './board.js';
import { h } from './tree.js';

/** `h:mm:ss` or `m:ss` -> seconds (null when unreadable). */
export function clockSeconds(text) {
  if (typeof text !== 'string' || !/^\d+(:\d{1,2}){1,2}$/.test(text.trim())) return null;
  return text.trim().split(':').reduce((s, part) => s * 60 + Number(part), 0);
}

/** Seconds -> `h:mm:ss` (an hour or more) or `m:ss`. */
export function clockText(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  const hh = Math.floor(s / 3600);
  const mm = Math.floor(s / 60) % 60;
  const ss = String(s % 60).padStart(2, '0');
  return hh ? `${hh}:${String(mm).padStart(2, '0')}:${ss}` : `${mm}:${ss}`;
}

/**
 * A card's board: the main board's look and contract (pieces carry data-square and data-piece,
 * the last move's squares hl-from/hl-to) in few elements — the dark squares as one path, a
 * piece as one circle (a king with its crown) — since a round may show a hundred of them.
 * @param {import('pdn-viewer/library').BoardCard} card
 */
export function miniBoard(card, { flipped = false, label }) {
  const { width, height, squares } = card.board;
  const at = (sq) => (flipped
    ? { col: width - 1 - sq.file, row: sq.rank }
    : { col: sq.file, row: height - 1 - sq.rank });
  const last = card.last;
  const cells = last ? last.cells : card.before;
  let dark = '';
  const marks = [];
  const pieces = [];
  squares.forEach((sq, i) => {
    const { col, row } = at(sq);
    const x = col * SQUARE;
    const y = row * SQUARE;
    dark += `M${x} ${y}h${SQUARE}v${SQUARE}h-${SQUARE}z`;
    const name = String(sq.label);
    if (last && (name === String(last.from) || name === String(last.to))) {
      marks.push(h('rect', { class: `hl hl-${name === String(last.to) ? 'to' : 'from'}`, x, y, width: SQUARE, height: SQUARE }));
    }
    const piece = PIECE_CODES[cells[i]];
    if (!piece) return;
    const cx = x + SQUARE / 2;
    const cy = y + SQUARE / 2;
    const color = piece[0] === 'w' ? 'white' : 'black';
    pieces.push(h('circle', { class: `mini-piece ${color}`, cx, cy, r: 40, 'data-square': name, 'data-piece': piece }));
    if (piece[1] === 'k') pieces.push(h('path', { class: `mini-crown ${color}`, d: `M${cx - 21} ${cy + 12}l-3 -24l13 11l11 -18l11 18l13 -11l-3 24z` }));
  });
  return h('svg', {
    xmlns: 'http://www.w3.org/2000/svg', viewBox: `0 0 ${width * SQUARE} ${height * SQUARE}`,
    class: 'board-svg mini-board', role: 'img', 'aria-label': label,
  },
  h('rect', { class: 'sq-light', x: 0, y: 0, width: width * SQUARE, height: height * SQUARE }),
  h('path', { class: 'sq-dark', d: dark }),
  marks,
  pieces);
}

/**
 * @param {import('pdn-viewer/library').BoardCard} card
 */
function side(card, color, t) {
  const name = card[color] || t('boards.unknown');
  const seconds = clockSeconds(card.clock && card.clock[color]);
  const running = card.outcome === 'unfinished' && card.toMove === color;
  return h('div', { class: `board-card-player board-card-${color}`, 'data-to-move': running ? '' : null },
    h('span', { class: `board-card-stone board-card-stone-${color}`, 'aria-hidden': 'true' }),
    h('span', { class: 'board-card-name' }, name),
    seconds == null ? null : h('span', {
      class: 'board-card-clock', 'data-clock': color, 'data-seconds': String(seconds),
      'data-running': running ? '' : null,
    }, clockText(seconds)));
}

/**
 * One card; `selected` marks the game shown on the main board.
 * @param {import('pdn-viewer/library').BoardCard} card
 */
export function boardCard(card, { t, flipped = false, selected = false }) {
  const finished = card.outcome && card.outcome !== 'unfinished';
  const board = card.board
    ? miniBoard(card, { flipped, label: t('boards.boardLabel', { white: card.white || '?', black: card.black || '?' }) })
    : h('p', { class: 'board-card-none' }, t('boards.noBoard'));
  const top = flipped ? 'white' : 'black';
  const bottom = flipped ? 'black' : 'white';
  return h('li', { class: 'board-card', 'data-game': String(card.game), 'data-running': finished ? null : '', 'aria-current': selected ? 'true' : null },
    h('button', { type: 'button', class: 'board-card-open', 'data-game': String(card.game), title: t('boards.open', { game: card.game }) },
      side(card, top, t),
      h('div', { class: 'board-card-board' }, board),
      side(card, bottom, t),
      h('div', { class: 'board-card-foot' },
        card.round ? h('span', { class: 'board-card-round' }, t('boards.round', { round: card.round })) : null,
        h('span', { class: 'board-card-last' }, card.last ? card.last.notation : ''),
        h('span', { class: 'board-card-result', 'data-result': card.result || '*' },
          finished ? card.result : t('boards.playing')))));
}

/**
 * The grid. `cards`: the core's cards; `selected`: the shown game's number.
 * @param {import('pdn-viewer/library').BoardCard[]} cards
 */
export function boardsView(cards, { t, flipped = false, selected = null }) {
  if (!cards.length) return h('div', { class: 'boards' }, h('p', { class: 'boards-empty' }, t('boards.empty')));
  return h('div', { class: 'boards' },
    h('ol', { class: 'boards-grid', 'aria-label': t('boards.title') },
      cards.map((c) => boardCard(c, { t, flipped, selected: c.game === selected }))));
}

/**
 * The running clocks of a drawn grid, counted down from `since` (ms, when the cards were drawn):
 * the live host calls this every second between updates. Returns how many clocks it changed.
 */
export function tickClocks(root, since, now = Date.now()) {
  let changed = 0;
  const gone = Math.floor((now - since) / 1000);
  for (const el of root.querySelectorAll('[data-clock][data-running]')) {
    const text = clockText(Number(el.dataset.seconds) - gone);
    if (el.textContent !== text) { el.textContent = text; changed += 1; }
  }
  return changed;
}
