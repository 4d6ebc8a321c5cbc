// Pure view builders for everything beside the board: game labels for the selector, the game
// header, the move list and the diagnostics list. They return element trees (see tree.js) that
// the controller turns into DOM; all data ends up as text nodes.

import { h } from './tree.js';
import en from '../i18n/en.js';
import { createTranslator, diagnosticDetail } from '../i18n/i18n.js';
import { LIMITS, capDiagnostics, subtreeMoves } from '../reader/viewcap.js';
import { timeControlWords } from '../i18n/words.js';

// The core's values, typed from the Rust: 'pdn-viewer/library' is types/library.d.ts, which
// re-exports types/generated/view.d.ts (tsconfig.json; a non-relative name, so the module
// graph's readers, www/share/standalone.js and the package test, do not take it for a module).
/** @typedef {import('pdn-viewer/library').GameView} GameView */
/** @typedef {import('pdn-viewer/library').PlyView} PlyView */
/** @typedef {import('pdn-viewer/library').ErrorView} ErrorView */
/** @typedef {import('pdn-viewer/library').Diagnostic} Diagnostic */

/** English, for callers (and tests) that pass no translator. */
export const english = createTranslator('en', en, en);

const NAG_SYMBOLS = {
  1: '!', 2: '?', 3: '!!', 4: '??', 5: '!?', 6: '?!', 7: '□', 10: '=', 13: '∞',
  14: '⩲', 15: '⩱', 16: '±', 17: '∓', 18: '+−', 19: '−+',
};

/** Numeric annotation glyph -> the symbol players write ($n for the rare ones). */
export function nagText(nag) {
  return NAG_SYMBOLS[nag] || `$${nag}`;
}

const clean = (s) => (s == null ? '' : String(s).trim());
const known = (s) => { const v = clean(s); return v && v !== '?' && v !== '-' ? v : ''; };

/**
 * Tag lookup in a GameView (tags are [name, value] pairs in file order; names are case-insensitive).
 * @param {GameView} view
 */
export function tagValue(view, name) {
  const want = name.toLowerCase();
  const hit = (view.tags || []).find(([k]) => String(k).toLowerCase() === want);
  return hit ? clean(hit[1]) : '';
}

/** PDN dates are "YYYY.MM.DD" with "??" for unknown parts; show only what is known. */
export function formatDate(date) {
  const d = clean(date);
  if (!d) return '';
  const m = /^(\d{4}|\?{4})\.(\d{2}|\?\?)\.(\d{2}|\?\?)$/.exec(d);
  if (!m) return d;
  const [, y, mo, da] = m;
  if (y.startsWith('?')) return '';
  if (mo.startsWith('?')) return y;
  if (da.startsWith('?')) return `${y}-${mo}`;
  return `${y}-${mo}-${da}`;
}

/**
 * The variant's name in the page language.
 * @param {GameView} view
 */
export function variantName(view, t = english) {
  if (view.variantNumber != null) return t(`variant.${view.variantNumber}`);
  return clean(view.variant) || t('variant.unknown', { gametype: clean(view.gametype) });
}

/**
 * The rules badge: "International: flying kings, maximum capture" (the two most telling rules),
 * and the full list for its title. Empty when the variant has no rules to play by.
 * @param {GameView} view
 */
export function rulesBadge(view, t = english) {
  const rules = Array.isArray(view.rules) ? view.rules : [];
  const name = variantName(view, t);
  if (!rules.length) return { text: name, title: `GameType ${clean(view.gametype)}` };
  const words = rules.map((r) => t(`rule.${r}`));
  return {
    text: t('rules.badge', { variant: name, rules: words.slice(0, 2).join(', ') }),
    title: `${t('header.rules')}: ${words.join('; ')} (GameType ${clean(view.gametype)})`,
  };
}

/** The clocks shown at a ply: the latest reading of each side at or before it. */
export function clocksAt(line, ply) {
  const out = { white: '', black: '', running: '' };
  const plies = (line && line.plies) || [];
  let latest = true;
  for (let i = Math.min(ply, plies.length) - 1; i >= 0 && (!out.white || !out.black); i--) {
    const c = plies[i].clock;
    if (!c) continue;
    if (!out.white && c.white) out.white = c.white;
    if (!out.black && c.black) out.black = c.black;
    // Only the latest reading says which clock runs now; an older "running" is stale.
    if (latest) out.running = c.running || '';
    latest = false;
  }
  return out;
}

/**
 * A player's rating from the tags (WhiteElo, WhiteRating, WhiteFMJDRating…), or ''.
 * @param {GameView} view
 */
export function ratingOf(view, side) {
  const prefix = side === 'black' ? 'black' : 'white';
  for (const name of [`${prefix}elo`, `${prefix}rating`]) {
    const v = known(tagValue(view, name));
    if (v && v !== '0') return v;
  }
  const hit = (view.tags || []).find(([k, v]) => {
    const n = String(k).toLowerCase();
    return n.startsWith(prefix) && /(elo|rating)$/.test(n) && known(v) && known(v) !== '0';
  });
  return hit ? clean(hit[1]) : '';
}

/** The Site tag as an address when it is an http(s) one, else null. */
export function siteLink(site) {
  const v = clean(site);
  if (!/^https?:\/\//i.test(v)) return null;
  try {
    const url = new URL(v);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Comment text as paragraphs: the file's single line breaks are joined (they only wrapped its
 * lines), blank lines separate paragraphs.
 */
export function paragraphs(text) {
  return String(text ?? '').split(/\r?\n[ \t]*(?:\r?\n\s*)+/)
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

/** A comment as an element: one `p` per paragraph (`tag`: the wrapper, li or span). */
function commentNode(tag, attrs, text) {
  const paras = paragraphs(text);
  if (paras.length <= 1) return h(tag, attrs, paras[0] || '');
  return h(tag, attrs, paras.map((p) => h('span', { class: 'para' }, p)));
}

/**
 * Header tree: players with piece swatches, ratings and clocks, the result (and in words), then
 * event · site (a link when it is a web address) · round · date, the opening's name (the core's
 * view.opening, data-opening), the rules badge and the time controls in words. `clocks` is
 * clocksAt() of the shown position. `players`: the named players are buttons (data-player: the
 * name) that show their games and score (the host's Explorer); else plain text.
 * @param {GameView} view
 */
export function gameHeader(view, { t = english, clocks = null, players = false } = {}) {
  const whiteTag = known(tagValue(view, 'White'));
  const blackTag = known(tagValue(view, 'Black'));
  if (!whiteTag && !blackTag && isProblem(view)) return problemHeader(view, t);
  const white = whiteTag || t('side.white');
  const black = blackTag || t('side.black');
  const name = (tag, shown, side) => (players && tag
    ? h('button', { type: 'button', class: 'name player-link', 'data-player': tag, title: `${t(`header.${side}`)}: ${t('explorer.playerTitle')}` }, shown)
    : h('span', { class: 'name', title: t(`header.${side}`) }, shown));
  const opening = known(view.opening);
  // The Result tag is the declared outcome; the movetext often just ends with '*'.
  const tagResult = known(tagValue(view, 'Result'));
  const result = (tagResult && tagResult !== '*' ? tagResult : '') || clean(view.result) || tagResult || '*';
  const outcome = view.outcome ? t(`outcome.${view.outcome}`) : '';
  const round = known(tagValue(view, 'Round'));
  const site = known(tagValue(view, 'Site'));
  const href = siteLink(site);
  const details = [
    known(tagValue(view, 'Event')),
    href ? h('a', { class: 'site', href, rel: 'noopener nofollow', target: '_blank' }, site) : site,
    round ? t('header.round', { round }) : '',
    formatDate(tagValue(view, 'Date')),
  ].filter(Boolean);
  const badge = rulesBadge(view, t);
  const clock = (side) => {
    const v = clocks && clocks[side];
    if (!v) return null;
    const running = clocks.running === side;
    return h('span', { class: `clock${running ? ' running' : ''}`, title: t('moves.clock') }, v);
  };
  const rating = (side) => {
    const v = ratingOf(view, side);
    return v ? h('span', { class: 'rating', title: t('header.rating') }, v) : null;
  };
  const times = [
    ['WhiteTime', 'header.whiteTime'],
    ['BlackTime', 'header.blackTime'],
  ].map(([tag, key]) => [key, known(tagValue(view, tag))]).filter(([, v]) => v);
  const timeControl = known(tagValue(view, 'TimeControl'));
  return h('div', { class: 'game-header' },
    h('div', { class: 'players' },
      h('span', { class: 'player white-player' }, h('span', { class: 'swatch white', 'aria-hidden': 'true' }), name(whiteTag, white, 'white'), rating('white'), clock('white')),
      h('span', { class: 'vs', 'aria-hidden': 'true' }, '–'),
      h('span', { class: 'player black-player' }, h('span', { class: 'swatch black', 'aria-hidden': 'true' }), name(blackTag, black, 'black'), rating('black'), clock('black')),
      h('span', { class: 'result', title: outcome ? `${t('header.result')}: ${outcome}` : t('header.result') }, result),
      outcome ? h('span', { class: 'result-words' }, outcome) : null),
    h('div', { class: 'game-details' },
      details.length ? h('span', { class: 'event' }, details.flatMap((d, i) => (i ? [' · ', d] : [d]))) : null,
      opening ? h('span', { class: 'opening', 'data-opening': opening, title: t('header.opening') }, opening) : null,
      h('span', { class: 'variant', title: badge.title }, badge.text),
      times.length || timeControl
        ? h('span', { class: 'times' }, [
          ...times.map(([key, v]) => `${t(key)} ${v}`),
          timeControl ? t('header.timeControl', { control: timeControlWords(timeControl, t) }) : '',
        ].filter(Boolean).join(' · '))
        : null));
}

/**
 * A problem (asked of a game whose players are not named): one set up from a position (a `FEN`
 * tag), or whose `Event` says so ("Problem of the week"). Its header is its title and the side
 * to play, not two empty players and "*".
 * @param {GameView} view
 */
export function isProblem(view) {
  return Boolean(known(tagValue(view, 'FEN')) || /^\s*(problem|probl[eè]me|задача|uzdevums|probleem)(?!\p{L})/iu.test(tagValue(view, 'Event')));
}

/**
 * The problem's header (isProblem): its title (Event), the side to play, a result if it has one.
 * @param {GameView} view
 */
function problemHeader(view, t) {
  const title = known(tagValue(view, 'Event'));
  const fen = (view.start && view.start.fen) || known(tagValue(view, 'FEN'));
  const side = /^\s*B/i.test(fen || '') ? 'black' : 'white';
  const tagResult = known(tagValue(view, 'Result'));
  const result = (tagResult && tagResult !== '*' ? tagResult : '') || (view.result && clean(view.result) !== '*' ? clean(view.result) : '');
  const details = [known(tagValue(view, 'Site')), formatDate(tagValue(view, 'Date'))].filter(Boolean);
  const badge = rulesBadge(view, t);
  return h('div', { class: `game-header problem-header ${side}-to-play` },
    h('div', { class: 'players' },
      title ? h('span', { class: 'problem-title' }, title) : null,
      h('span', { class: 'to-play' }, h('span', { class: `swatch ${side}`, 'aria-hidden': 'true' }), t(`header.${side}ToPlay`)),
      result ? h('span', { class: 'result', title: t('header.result') }, result) : null),
    h('div', { class: 'game-details' },
      details.length ? h('span', { class: 'event' }, details.join(' · ')) : null,
      h('span', { class: 'variant', title: badge.title }, badge.text)));
}

/**
 * Tag table (for the "All tags" disclosure).
 * @param {GameView} view
 */
export function tagTable(view) {
  return h('table', { class: 'tags' },
    h('tbody', {}, (view.tags || []).map(([k, v]) => h('tr', {}, h('th', { scope: 'row' }, String(k)), h('td', {}, String(v))))));
}

/**
 * The side that moves first in a move number: the view's `firstMover` (the core's numbering);
 * for older views, the side of a ply followed by a ply with the same number (Black in English
 * checkers, White in most variants). White when no pair says.
 * @param {GameView} view
 */
export function firstMover(view) {
  if (view && (view.firstMover === 'white' || view.firstMover === 'black')) return view.firstMover;
  const lines = [view, ...(view.variations || [])];
  for (const l of lines) {
    const plies = (l && l.plies) || [];
    for (let i = 0; i + 1 < plies.length; i++) {
      if (plies[i].moveNumber === plies[i + 1].moveNumber) return plies[i].side;
    }
  }
  return 'white';
}

/** "12." for the first mover's move, "12…" for the reply. */
export function moveLabel(p, first = 'white') {
  return `${p.moveNumber}${p.side === first ? '.' : '…'}`;
}

/**
 * Group plies into display items. A row holds the two moves of one move number, the first
 * mover's first; a comment after the first move ends its row, and the reply then starts a row
 * with "…", the way players write it.
 * Returns [{ kind: 'row', moveNumber, first, second } | { kind: 'comment', text } | { kind: 'variations', ids }].
 * @param {GameView} view
 */
export function moveItems(view, first = firstMover(view)) {
  const items = [];
  for (const c of view.comments || []) items.push({ kind: 'comment', text: c, ply: 0 });
  let row = null;
  for (const p of view.plies || []) {
    if (p.side === first || !row || row.second || row.moveNumber !== p.moveNumber) {
      row = p.side === first
        ? { kind: 'row', moveNumber: p.moveNumber, first: p, second: null }
        : { kind: 'row', moveNumber: p.moveNumber, first: null, second: p };
      items.push(row);
    } else {
      row.second = p;
    }
    const comments = p.comments || [];
    for (const c of comments) items.push({ kind: 'comment', text: c, ply: p.ply });
    const variations = p.variations || [];
    if (variations.length) items.push({ kind: 'variations', ids: variations, ply: p.ply });
    if (comments.length || variations.length) row = null; // the next move starts a fresh row
  }
  return items;
}

/**
 * The line a position belongs to, shaped like a GameView ({ board, start, plies }) so the board
 * and ply helpers work on variations too. `line` is null for the mainline, else a variation id.
 * @param {GameView} view
 */
export function lineView(view, line) {
  if (line == null || !view || !Array.isArray(view.variations) || !view.variations[line]) return view;
  const v = view.variations[line];
  return { board: view.board, start: v.start, plies: v.plies || [] };
}

/** The key of a list of alternatives: the line it hangs on ('m' for the mainline) and the ply. */
export function variationKey(line, ply) {
  return `${line == null ? 'm' : line}:${ply}`;
}

/**
 * Variations as flat list items, one per run of moves, indented by depth: a variation that
 * contains others is cut after the move they hang on, its children follow, then it goes on.
 * Iterative (an explicit stack), so deep nesting cannot exhaust the JavaScript stack.
 * Nesting deeper than `limits.depth`, alternatives past `limits.perLevel` in one list and
 * variations the worker has not sent yet are one "▸ N more moves in variations" item with a
 * "show" button (data-expand: the list's key); `expanded` (key -> times shown) opens them.
 * @param {GameView} view
 */
export function variationItems(view, ids, current = {}, t = english, first = firstMover(view), opts = {}) {
  return [...variationEntries(view, ids, current, t, first, opts)];
}

/**
 * @param {GameView} view
 */
function* variationEntries(view, ids, current = {}, t = english, first = firstMover(view), opts = {}) {
  const limits = opts.limits || LIMITS;
  const expanded = opts.expanded || new Map();
  const all = view.variations || [];
  let moves = opts.moves || view.variationMoves || null;
  const movesOf = (id) => {
    if (!moves) moves = subtreeMoves(all);
    return moves[id] || 0;
  };
  /** @type {{ list?: number[], key?: string | null, maxDepth?: number, more?: { rest: number[], key: string | null, depth: number }, id?: number, from?: number }[]} */
  const stack = [{ list: ids, key: opts.key ?? null, maxDepth: limits.depth }];
  while (stack.length) {
    const entry = stack.pop();
    if (entry.more) {
      const { rest, key, depth } = entry.more;
      let count = 0;
      for (const id of rest) count += movesOf(id);
      const words = t('moves.moreVariations', { count });
      yield h('li', { class: 'variations-more', 'data-depth': depth, style: `--depth:${Math.min(depth, 8)}` },
        h('span', { class: 'more-count' }, `\u25b8 ${words}`), ' ',
        h('button', { type: 'button', class: 'show-more', 'data-expand': key, 'aria-label': t('moves.showMore', { count }) }, t('moves.show')));
      continue;
    }
    if (entry.list) {
      const list = entry.list.filter((id) => id != null);
      if (!list.length) continue;
      const head = all[list[0]];
      const depth = Math.max(1, Number(head ? head.depth : 0) || 1);
      const times = entry.key != null ? expanded.get(entry.key) || 0 : 0;
      const within = depth <= entry.maxDepth;
      const maxDepth = within ? entry.maxDepth : (times ? depth + limits.depth - 1 : entry.maxDepth);
      const room = limits.perLevel * (times + (within ? 1 : 0));
      let n = 0;
      while (n < list.length && n < room && all[list[n]]) n++;
      if (n < list.length) stack.push({ more: { rest: list.slice(n), key: entry.key, depth } });
      for (let k = n - 1; k >= 0; k--) stack.push({ id: list[k], from: 0, maxDepth });
      continue;
    }
    const { id, from, maxDepth } = entry;
    const v = all[id];
    if (!v) continue;
    const parts = [];
    if (from === 0) {
      for (const c of v.comments || []) parts.push(commentNode('span', { class: 'comment' }, c), ' ');
    }
    const plies = v.plies || [];
    let i = from;
    let children = null;
    let childKey = null;
    for (; i < plies.length; i++) {
      const p = plies[i];
      if (p.side === first || i === from) parts.push(h('span', { class: 'move-no' }, moveLabel(p, first)), ' ');
      parts.push(moveButton(p, current.line === id ? current.ply : -1, id, t, first), ' ');
      for (const c of p.comments || []) parts.push(commentNode('span', { class: 'comment' }, c), ' ');
      if ((p.variations || []).length) { children = p.variations; childKey = variationKey(id, p.ply); i++; break; }
    }
    if (!children) {
      for (const u of v.unplayed || []) parts.push(h('span', { class: 'unplayed-move' }, u.notation), ' ');
      if (v.error) {
        const loc = opts.locations === false ? '' : location(v.error);
        parts.push(h('span', { class: 'variation-error', role: 'note' }, `${loc ? `${loc}: ` : ''}${diagnosticDetail(t, v.error)}`));
      }
    }
    const depth = Math.max(1, Number(v.depth) || 1);
    yield h('li', { class: 'variation', 'data-variation': id, 'data-depth': depth, style: `--depth:${Math.min(depth, 8)}` }, parts);
    if (children) {
      const more = i < plies.length || (v.unplayed || []).length || v.error;
      if (more) stack.push({ id, from: i, maxDepth });
      stack.push({ list: children, key: childKey, maxDepth });
    }
  }
}

/**
 * @param {PlyView} p
 */
function moveButton(p, current, line = null, t = english, first = 'white') {
  const nags = (p.nags || []).map(nagText).join('');
  const button = h('button', {
    type: 'button',
    class: `move${p.ply === current ? ' current' : ''}`,
    'data-ply': p.ply,
    'data-line': line,
    'aria-current': p.ply === current ? 'step' : null,
    'aria-label': `${moveLabel(p, first)} ${p.notation}${nags}`,
  }, p.notation, nags ? h('span', { class: 'nag' }, nags) : null);
  const info = moveInfo(p, t);
  return info ? h('span', { class: 'move-cell' }, button, info) : button;
}

/**
 * Evaluation, clock and move time of a ply, compact: "+0.35 9:55". Null when there are none.
 * @param {PlyView} p
 */
function moveInfo(p, t) {
  const parts = [];
  if (p.eval) parts.push(h('span', { class: 'eval', title: t('moves.eval') }, p.eval));
  const c = p.clock;
  const left = c ? (p.side === 'black' ? c.black || c.white : c.white || c.black) : '';
  if (left) parts.push(h('span', { class: 'clock', title: t('moves.clock') }, left));
  if (p.spent) parts.push(h('span', { class: 'spent', title: t('moves.timeSpent') }, p.spent));
  return parts.length ? h('span', { class: 'move-info' }, parts) : null;
}

/**
 * "line:column" of a diagnostic or error, or '' when unknown.
 * @param {Diagnostic | ErrorView} d
 */
export function location(d) {
  if (!d || d.line == null) return '';
  return d.column != null ? `${d.line}:${d.column}` : `${d.line}`;
}

/**
 * Move list tree. `rest` is the unplayable remainder of the movetext (shown greyed after the
 * error), or ''. The start position is a list entry too, so ply 0 can be clicked.
 * @param {GameView} view
 */
export function moveList(view, current, opts = {}) {
  return h('ol', { class: 'move-list' }, [...moveListItems(view, current, opts)]);
}

/**
 * The items of the move list one by one, in order, so the page can build a long list in short
 * slices. `opts`: { t, limits, expanded, moves } (see variationItems).
 * @param {GameView} view
 */
export function* moveListItems(view, current, opts = {}) {
  const { t = english } = opts;
  // `current` is a main-line ply, or { line, ply } for a position inside a variation.
  const where = typeof current === 'object' && current ? current : { line: null, ply: current };
  current = where.line == null ? where.ply : -1;
  const lis = []; // the items since the last yield
  lis.push(h('li', { class: 'start-row' },
    h('button', { type: 'button', class: `move start${current === 0 ? ' current' : ''}`, 'data-ply': 0, 'aria-current': current === 0 ? 'step' : null }, t('moves.start'))));
  const first = firstMover(view);
  yield* lis.splice(0);
  for (const it of moveItems(view, first)) {
    if (it.kind === 'comment') {
      lis.push(commentNode('li', { class: 'comment' }, it.text));
    } else if (it.kind === 'variations') {
      yield* variationEntries(view, it.ids, where, t, first, { ...opts, key: variationKey(null, it.ply) });
    } else {
      // The ' ' text nodes do not affect the grid layout but keep copied text readable.
      lis.push(h('li', { class: 'move-row' },
        h('span', { class: 'move-no' }, it.first ? `${it.moveNumber}.` : `${it.moveNumber}…`),
        ' ',
        it.first ? moveButton(it.first, current, null, t, first) : h('span', { class: 'move-gap', 'aria-hidden': 'true' }),
        it.second ? [' ', moveButton(it.second, current, null, t, first)] : null));
    }
    yield* lis.splice(0);
  }
  const restItem = unplayedItem(view, t);
  const locations = opts.locations !== false;
  if (view.error) {
    const e = view.error;
    const loc = location(e);
    const message = diagnosticDetail(t, e) || t('moves.cannotPlay');
    // The core's message usually starts with the move already ("27-21: no piece on 27").
    const what = e.move && !message.startsWith(e.move) ? `${e.move}: ` : '';
    // Where there is no text box (a club page), the move, not the line:column, says where.
    const lead = !locations ? t('moves.stopsAt', { move: stopMoveNumber(view, e, first) })
      : loc ? t('moves.errorAt', { location: loc }) : t('moves.error');
    lis.push(h('li', { class: 'move-error', role: 'note' },
      h('strong', {}, `${lead} `), `${what}${message}`));
    if (restItem) lis.push(restItem);
  } else if (view.supported === false) {
    const diag = (view.diagnostics || []).find((d) => d.severity === 'error');
    const loc = location(diag);
    lis.push(h('li', { class: 'move-error', role: 'note' },
      h('strong', {}, loc && locations ? `${t('moves.notReplayedAt', { location: loc })} ` : `${t('moves.notReplayed')}: `),
      diag ? diagnosticDetail(t, diag) : t('moves.variantUnsupported', { variant: view.variant || view.gametype })));
    if (restItem) lis.push(restItem);
  }
  if (view.ending) lis.push(h('li', { class: 'game-end' }, t(view.ending.reason === 'no-pieces' ? 'end.noPieces' : 'end.noMoves', { loser: t(`side.${view.ending.loser}`), winner: t(`side.${view.ending.winner}`) })));
  else if (view.end) lis.push(h('li', { class: 'game-end' }, view.end));
  const result = clean(view.result);
  if (result) lis.push(h('li', { class: 'game-result' }, result));
  yield* lis.splice(0);
}

/**
 * The move number of the move that stopped the replay, from the move before it (1 when none).
 * @param {GameView} view
 * @param {ErrorView} e
 */
export function stopMoveNumber(view, e, first = firstMover(view)) {
  const plies = (view && view.plies) || [];
  const before = plies[Math.min(Number(e && e.ply) || 1, plies.length + 1) - 2];
  if (!before) return 1;
  return before.side === first ? before.moveNumber : before.moveNumber + 1;
}

/**
 * The written moves that were not replayed (notation and comments), greyed.
 * @param {GameView} view
 */
function unplayedItem(view, t = english) {
  if (!Array.isArray(view.unplayed) || !view.unplayed.length) return null;
  const parts = [];
  for (const u of view.unplayed) {
    parts.push(h('span', { class: 'unplayed-move' }, u.notation), ' ');
    for (const c of u.comments || []) parts.push(h('span', { class: 'unplayed-comment' }, c), ' ');
  }
  return h('li', { class: 'move-rest', 'aria-label': t('moves.notReplayed') }, parts);
}

/** The `messages` settings: everything (authors), what a visitor needs, nothing. */
export const MESSAGES = Object.freeze(['all', 'errors', 'none']);

/** A known `messages` setting, or `fallback` ('errors' on club pages, 'all' on the main page). */
export function messagesSetting(value, fallback = 'errors') {
  const v = clean(value).toLowerCase();
  return MESSAGES.includes(v) ? v : fallback;
}

/**
 * The diagnostics of a view to list under a `messages` setting, with the capped view's counts
 * ({ list, extra } for diagnosticsList): all of them; only those the core marks for visitors
 * (`audience: 'visitor'`, pdn::Code::audience — the one place that decides) but the one
 * the move list shows already (where the game stops); or none.
 * @param {GameView} view
 */
export function diagnosticsFor(view, messages = 'all') {
  const all = (view && view.diagnostics) || [];
  const extra = { counts: view && view.diagnosticCounts, hidden: view && view.diagnosticsHidden, total: view && view.diagnosticsTotal };
  if (messages === 'none') return { list: [], extra: {} };
  if (messages !== 'errors') return { list: all, extra };
  const visitor = (d) => d && d.audience === 'visitor';
  // The move list already says where and why the game stops; a visitor is not told twice.
  const stop = view.error
    ? (d) => d.code === 'illegal-move' && d.line === view.error.line && d.column === view.error.column
    : view.supported === false ? (d) => d === all.find((x) => x.severity === 'error') : () => false;
  const list = all.filter((d) => visitor(d) && !stop(d));
  const hidden = (extra.hidden || []).filter(visitor);
  if (!hidden.length) return { list, extra: {} };
  const counts = { error: 0, warning: 0, note: 0 };
  for (const d of list) counts[d.severity in counts ? d.severity : 'note'] += 1;
  for (const x of hidden) counts[x.severity in counts ? x.severity : 'note'] += x.count;
  return { list, extra: { counts, hidden, total: counts.error + counts.warning + counts.note } };
}

/**
 * Diagnostics tree: "line:column: message" entries; the location is a button that selects the
 * text, or plain text with `locations: false` (where there is no text box to show it in).
 * Past `limits.diagnostics` the list is cut (capDiagnostics) and each code with entries left
 * out ends with "and N more like this". `extra`: a capped view's { counts, hidden, total }.
 */
export function diagnosticsList(diagnostics, t = english, { limits = LIMITS, extra = {}, locations = true } = {}) {
  const list = diagnostics || [];
  if (!list.length) return null;
  const { shown, hidden, counts: bySeverity } = capDiagnostics(list, limits, extra);
  const plural = { error: 'diag.errors', warning: 'diag.warnings', note: 'diag.notes' };
  const counts = ['error', 'warning', 'note']
    .filter((k) => bySeverity[k])
    .map((k) => t(plural[k], { count: bySeverity[k] }))
    .join(', ');
  const more = new Map(hidden.map((x) => [x.code, x]));
  const last = new Map();
  shown.forEach((d, i) => last.set(d.code || '', i));
  const items = [];
  shown.forEach((d, i) => {
    items.push(diagnosticItem(d, t, locations));
    const code = d.code || '';
    const h1 = more.get(code);
    if (h1 && last.get(code) === i) {
      items.push(moreItem(h1, t));
      more.delete(code);
    }
  });
  for (const x of more.values()) items.push(moreItem(x, t)); // codes with none listed
  return h('div', { class: 'diagnostics-box' }, h('h2', {}, t('diag.title', { counts })), h('ul', { class: 'diagnostics' }, items));
}

function moreItem(x, t) {
  const title = x.code ? t(`code.${x.code}`) : '';
  const named = title && title !== `code.${x.code}`;
  return h('li', { class: `diag-more ${x.severity || 'note'}`, 'data-code': x.code || null, 'data-count': x.count },
    t('diag.more', { count: x.count }), named ? ` (${title})` : '');
}

function diagnosticItem(d, t, locations = true) {
  const loc = location(d);
  const severity = d.severity || 'note';
  // The code's title is translated; the core's detail (English) follows it.
  const title = d.code ? t(`code.${d.code}`) : '';
  return h('li', { class: `diag ${severity}`, 'data-code': d.code || null },
    h('span', { class: 'severity' }, t(`severity.${severity}`)),
    ' ',
    loc && locations ? h('button', {
      type: 'button', class: 'diag-loc', 'data-line': d.line, 'data-column': d.column,
      'data-start': d.start, 'data-end': d.end, title: t('diag.showInText'),
    }, loc) : null,
    loc && !locations ? h('span', { class: 'diag-at' }, loc) : null,
    loc ? ': ' : '',
    title && title !== `code.${d.code}` ? h('span', { class: 'diag-title' }, title) : null,
    title && title !== `code.${d.code}` ? ' — ' : '',
    h('span', { class: 'diag-detail' }, diagnosticDetail(t, d)));
}

/**
 * The move shown at `ply` of a line in words, for the screen-reader announcement:
 * "White 32 takes 28, lands on 23", "Black 19 to 23, becomes a king", or "Start position".
 */
export function moveWords(line, ply, t = english) {
  const plies = (line && line.plies) || [];
  if (ply < 1 || ply > plies.length) return t('say.start');
  const p = plies[ply - 1];
  const side = t(`side.${p.side}`);
  const squares = (line.board && line.board.squares) || [];
  const index = new Map(squares.map((s, i) => [String(s.label), i]));
  const before = ply > 1 ? plies[ply - 2].cells : (line.start && line.start.cells) || '';
  const was = before[index.get(String(p.from))] || '';
  const now = (p.cells || '')[index.get(String(p.to))] || '';
  const crowned = was && was === was.toLowerCase() && now && now !== now.toLowerCase();
  const captured = p.captured || [];
  const list = captured.length > 1
    ? t('say.and', { a: captured.slice(0, -1).join(', '), b: captured[captured.length - 1] })
    : captured.join('');
  const key = captured.length ? (crowned ? 'say.captureCrown' : 'say.capture') : (crowned ? 'say.crown' : 'say.move');
  return t(key, { side, from: p.from, to: p.to, captured: list });
}

/** UTF-16 offset of a 1-based line/column in a text (column counted in UTF-16 units). */
export function offsetOf(text, line, column) {
  if (!line || line < 1) return -1;
  let off = 0;
  for (let l = 1; l < line; l++) {
    const nl = text.indexOf('\n', off);
    if (nl < 0) return -1;
    off = nl + 1;
  }
  return Math.min(off + Math.max((column || 1) - 1, 0), text.length);
}
