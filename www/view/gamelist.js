// The game list of a multi-game file: filter, sort and a windowed table (only the rows in view
// exist in the DOM, so 20,000 games scroll as smoothly as 20). The pure parts (filtering,
// sorting, the row window, the row trees) are exported for the unit tests; createGameList wires
// them to one scrolling element. Its stylesheet (gamelist.css) comes with it.

import { h, toDom } from './tree.js';
import { dateKey } from '../i18n/words.js';

export { gamelistSheet, gamelistSheet as partSheet } from './sheet.js';

/**
 * Columns in display order: the row field each shows and its catalogue key; `first`: the
 * direction of the first sort by it (games with problems first).
 */
export const COLUMNS = [
  { key: 'number', label: 'col.number' },
  { key: 'white', label: 'col.white' },
  { key: 'black', label: 'col.black' },
  { key: 'result', label: 'col.result' },
  { key: 'event', label: 'col.event' },
  { key: 'date', label: 'col.date' },
  { key: 'round', label: 'col.round' },
  { key: 'variant', label: 'col.variant' },
  { key: 'opening', label: 'col.opening' },
  { key: 'errors', label: 'col.problems', first: -1 },
];

/** Height of one row in CSS pixels; the stylesheet uses the same value (--row-height). */
export const ROW_HEIGHT = 32;

// Case and accents do not matter when filtering: "Ostrovskis" finds "Ostrovskis" and "ostrovskis",
// "Sijbrands" finds "Sijbrands"; Cyrillic letters compare by lower case.
const fold = (s) => String(s ?? '').normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/** Indexes of the rows whose players, event, site or opening contain every word of `query`. */
export function filterRows(rows, query) {
  const words = fold(query).split(/\s+/).filter(Boolean);
  const out = [];
  for (let i = 0; i < rows.length; i++) {
    if (!words.length) { out.push(i); continue; }
    const r = rows[i];
    const hay = fold(`${r.white} ${r.black} ${r.event} ${r.site} ${r.opening ?? ''}`);
    if (words.every((w) => hay.includes(w))) out.push(i);
  }
  return out;
}

// Made on the first sort by text, not when the list is loaded: making one costs tens of ms.
let collator = null;
const compareText = (a, b) => {
  collator ??= new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
  return collator.compare(a, b);
};

/**
 * Sort key of a row for a column: numbers for the number and problem columns, the date as a
 * number (words.js dateKey: yyyy.mm.dd, d.m.yyyy, dd/mm/yyyy; null when unknown), text
 * otherwise. "?" and "-" (PDN for unknown) count as empty, as the cells show them, so they sort
 * last too.
 */
function sortValue(row, key) {
  if (key === 'number') return row.number;
  if (key === 'errors') return (row.errors || 0) * 1e6 + (row.warnings || 0);
  if (key === 'date') return dateKey(row.date);
  return known(row[key]);
}

/**
 * `indexes` sorted by a column (`dir` 1 ascending, -1 descending); ties keep file order.
 * Empty texts and unknown dates go last in both directions (a list sorted by date starts with
 * dated games).
 */
export function sortIndexes(rows, indexes, key, dir = 1) {
  const numeric = key === 'number' || key === 'errors';
  return [...indexes].sort((a, b) => {
    const va = sortValue(rows[a], key);
    const vb = sortValue(rows[b], key);
    if (key === 'date') {
      if ((va == null) !== (vb == null)) return va == null ? 1 : -1;
      if (va !== vb && va != null) return (va - vb) * dir;
    } else if (!numeric) {
      if (!va !== !vb) return va ? -1 : 1;
      const c = compareText(va, vb);
      if (c) return c * dir;
    } else if (va !== vb) {
      return (va - vb) * dir;
    }
    return a - b;
  });
}

/** The rows to draw for a scroll position: [from, to) with a few extra on each side. */
export function rowWindow(scrollTop, viewHeight, count, rowHeight = ROW_HEIGHT, overscan = 6) {
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight);
  const visible = Math.ceil(Math.max(viewHeight, rowHeight) / rowHeight) + 1;
  const from = Math.max(0, first - overscan);
  const to = Math.min(count, first + visible + overscan);
  return { from, to };
}

const known = (s) => { const v = String(s ?? '').trim(); return v && v !== '?' && v !== '-' ? v : ''; };

/**
 * One table row tree. `selected` marks the open game; `cursor` the keyboard's row when it is
 * another (Home, End, Page Up/Down: see createGameList); `t` translates; `players`: the named
 * players are buttons (data-player: the name) that show their games and score.
 */
export function rowTree(row, position, { selected = false, cursor = false, t = (k) => k, players = false } = {}) {
  const problems = row.errors > 0
    ? h('span', { class: 'mark-error', title: t('list.hasErrors'), 'aria-label': t('list.hasErrors') }, '⚠')
    : null;
  const variant = row.variantNumber != null ? t(`variant.${row.variantNumber}`) : known(row.variant);
  const player = (name) => (players && name
    ? h('button', { type: 'button', class: 'player-link', 'data-player': name, title: t('explorer.playerTitle') }, name)
    : name);
  const opening = known(row.opening);
  const cells = {
    number: String(row.number),
    white: player(known(row.white)),
    black: player(known(row.black)),
    result: known(row.result),
    event: known(row.event),
    date: known(row.date),
    round: known(row.round),
    variant: row.checked || variant ? variant : '…',
    // The name comes with the check pass (the core's table), or at once from an Opening tag.
    opening: row.checked || opening ? opening : '…',
    errors: problems,
  };
  return h('tr', {
    id: `game-row-${row.number}`,
    class: `game-row${selected ? ' selected' : ''}${cursor && !selected ? ' cursor' : ''}${row.errors > 0 ? ' has-errors' : ''}`,
    role: 'row',
    'aria-rowindex': position + 2, // the header is row 1
    'aria-selected': selected ? 'true' : 'false',
    'data-index': row.number - 1,
    'data-game': row.number, // the game's number from 1, as the address and the element's `game` count
    // No result yet: a live file marks it as running (style.css).
    'data-running': known(row.result) === '' || known(row.result) === '*' ? '' : null,
  }, COLUMNS.map((c) => h('td', { class: `col-${c.key}`, role: 'gridcell' }, cells[c.key])));
}

/**
 * The list component. `el` is an empty element; `onSelect(index)` is called when the user picks
 * a game (click, Enter, arrows); with `players()` true the open game's row has its names as
 * buttons, and `onPlayer(name)` is called when one is pressed. Returns { setRows, updateRows, select,
 * setLanguage, state }.
 * @param {{ doc: any, el: any, t?: (key: string, args?: object) => string,
 *   onSelect?: (index: number) => void, players?: () => boolean, onPlayer?: (name: string) => void }} options
 */
export function createGameList({ doc, el, t = (k) => k, onSelect = () => {}, players = () => false, onPlayer = () => {} }) {
  // cursor: the keyboard's row (a game index), which Home, End and Page Up/Down move without
  // opening its game; -1: the open game's row.
  const state = { rows: [], order: [], query: '', sortKey: 'number', sortDir: 1, selected: -1, cursor: -1, only: null };
  // The scroll position and sizes as last seen (scroll events, a ResizeObserver): reading them
  // from the elements just after rows were put in would lay the whole page out again each time
  // (three times for a file's first list, 30-60 ms each on a slow machine).
  const seen = { top: 0, height: 0, head: ROW_HEIGHT };

  el.classList.add('game-list');
  const scroller = doc.createElement('div');
  scroller.className = 'game-list-scroll';
  scroller.tabIndex = 0;
  scroller.setAttribute('role', 'grid');
  scroller.setAttribute('aria-multiselectable', 'false');
  const table = doc.createElement('table');
  const thead = doc.createElement('thead');
  const tbody = doc.createElement('tbody');
  table.append(thead, tbody);
  scroller.append(table);
  el.append(scroller);
  // What the drawing and the input share (lastWindow: the rows drawn last; t: the words).
  const g = { doc, state, seen, scroller, thead, tbody, players, onSelect, onPlayer, t, lastWindow: null };
  Object.assign(g, listDrawing(g));
  listInput(g);
  const { drawHead, drawBody, reorder, reveal, scrollList } = g;

  const api = {
    state,
    /** All rows (from the tags); redraws. */
    setRows(rows) {
      state.rows = rows;
      state.selected = Math.min(state.selected, rows.length - 1);
      reorder();
    },
    /** Replace rows from `from` on (the check pass); redraws only the window. */
    updateRows(from, rows) {
      for (let k = 0; k < rows.length; k++) state.rows[from + k] = rows[k];
      // Sorting or filtering on the variant or problems column changes with the check pass;
      // the order is refreshed once at the end (see refresh) so the list does not jump about.
      drawBody(true);
    },
    /** Re-apply filter and sort (after the check pass). */
    refresh() { reorder(); },
    filter(query) {
      state.query = query;
      reorder();
      scrollList(0);
      reveal(state.order.indexOf(state.selected));
      return state.order.length;
    },
    /**
     * Shows only the games `indexes` (0-based; the Explorer's games through a position), or all
     * again with null; the text filter still applies. Returns the rows shown.
     */
    restrict(indexes) {
      state.only = indexes ? new Set(indexes) : null;
      reorder();
      scrollList(0);
      reveal(state.order.indexOf(state.selected));
      return state.order.length;
    },
    /** Mark game `index` (0-based) as the open one and scroll it into view (the keyboard's row too). */
    select(index) {
      state.selected = index;
      state.cursor = -1;
      reveal(state.order.indexOf(index));
      drawBody(true);
    },
    /** The game before/after the open one in the list's current order (or -1). */
    neighbour(delta) {
      const p = state.order.indexOf(state.selected);
      const q = p + delta;
      return q >= 0 && q < state.order.length ? state.order[q] : -1;
    },
    setTranslator(fn) { g.t = fn; drawHead(); drawBody(true); },
    /** The rows drawn again (whether names are buttons changed). */
    redraw() { drawBody(true); },
    focus() { scroller.focus(); },
  };
  g.api = api;
  drawHead();
  return api;
}

/** The list's head and its window of rows drawn, the order, the scroll: the list's drawing. */
function listDrawing(g) {
  const { doc, state, seen, scroller, thead, tbody, players } = g;
  function drawHead() {
    scroller.setAttribute('aria-label', g.t('list.title')); // the grid's name, in the page language
    const tr = doc.createElement('tr');
    tr.setAttribute('role', 'row');
    tr.setAttribute('aria-rowindex', '1');
    for (const c of COLUMNS) {
      const th = doc.createElement('th');
      th.className = `col-${c.key}`;
      th.setAttribute('role', 'columnheader');
      th.scope = 'col';
      const sorted = state.sortKey === c.key;
      th.setAttribute('aria-sort', sorted ? (state.sortDir > 0 ? 'ascending' : 'descending') : 'none');
      const b = doc.createElement('button');
      b.type = 'button';
      b.className = 'sort';
      b.dataset.sort = c.key;
      b.textContent = g.t(c.label) + (sorted ? (state.sortDir > 0 ? ' ▲' : ' ▼') : '');
      b.title = g.t('list.sortBy', { column: g.t(c.label) });
      th.append(b);
      tr.append(th);
    }
    thead.replaceChildren(tr);
  }

  function drawBody(force = false) {
    const count = state.order.length;
    scroller.setAttribute('aria-rowcount', String(count + 1));
    const win = rowWindow(seen.top, seen.height || 320, count);
    if (!force && g.lastWindow && g.lastWindow.from === win.from && g.lastWindow.to === win.to) return;
    g.lastWindow = win;
    const rows = [];
    const spacer = (px) => {
      const tr = doc.createElement('tr');
      tr.className = 'spacer';
      tr.setAttribute('aria-hidden', 'true');
      tr.style.height = `${px}px`;
      return tr;
    };
    if (win.from > 0) rows.push(spacer(win.from * ROW_HEIGHT));
    // The open game's row carries its players as buttons; a click anywhere on another row
    // (its names too) opens that game, as it always did.
    const named = Boolean(players());
    for (let p = win.from; p < win.to; p++) {
      const i = state.order[p];
      const selected = i === state.selected;
      rows.push(toDom(doc, rowTree(state.rows[i], p, { selected, cursor: i === state.cursor, t: g.t, players: named && selected }), null));
    }
    if (win.to < count) rows.push(spacer((count - win.to) * ROW_HEIGHT));
    if (!count && state.rows.length) {
      const tr = doc.createElement('tr');
      const td = doc.createElement('td');
      td.colSpan = COLUMNS.length;
      td.className = 'list-empty';
      td.textContent = g.t('list.none');
      tr.append(td);
      rows.push(tr);
    }
    patchRows(tbody, rows);
    const active = state.cursor >= 0 ? state.cursor : state.selected;
    if (active >= 0) scroller.setAttribute('aria-activedescendant', `game-row-${active + 1}`);
  }

  function reorder() {
    let filtered = filterRows(state.rows, state.query);
    // The Explorer's games through a position (api.restrict): only those.
    if (state.only) filtered = filtered.filter((i) => state.only.has(i));
    state.order = state.sortKey === 'number' && state.sortDir === 1
      ? filtered
      : sortIndexes(state.rows, filtered, state.sortKey, state.sortDir);
    drawHead();
    drawBody(true);
  }

  /** Scroll so that list position `p` is in view. */
  function reveal(p) {
    if (p < 0) return;
    const top = p * ROW_HEIGHT;
    const view = (seen.height || 320) - seen.head;
    if (top < seen.top) scrollList(top);
    else if (top + ROW_HEIGHT > seen.top + view) scrollList(top + ROW_HEIGHT - view);
  }

  function scrollList(top) {
    scroller.scrollTop = top;
    seen.top = scroller.scrollTop; // as the browser clamped it
  }

  /** Reads the scroll position and sizes, when the page is laid out anyway. */
  function measure() {
    seen.top = scroller.scrollTop;
    seen.height = scroller.clientHeight;
    seen.head = thead.offsetHeight || ROW_HEIGHT;
  }

  return { drawHead, drawBody, reorder, reveal, scrollList, measure };
}

/** The list's input: scrolling, resizing, sorting, clicks, the keyboard's row and its keys. */
function listInput(g) {
  const { doc, state, seen, scroller, onSelect, onPlayer, drawBody, reorder, reveal, measure } = g;
  /**
   * `delta` rows from the keyboard's row. ↑ and ↓ open the game they reach (leafing through the
   * games one by one); Home, End and Page Up/Down (`open` false) only take the keyboard's row
   * there, in view, and Enter opens it: a jump over thousands of games lands on a game the
   * reader did not choose, and opening it would replace the one they were reading.
   */
  function move(delta, open = true) {
    if (!state.order.length) return;
    let p = state.order.indexOf(state.cursor >= 0 ? state.cursor : state.selected);
    if (p < 0) p = delta > 0 ? -1 : state.order.length;
    const q = Math.min(Math.max(p + delta, 0), state.order.length - 1);
    if (q === p) return;
    if (open) { pick(state.order[q]); return; }
    state.cursor = state.order[q];
    reveal(q);
    drawBody(true);
  }

  function pick(index) {
    g.api.select(index);
    onSelect(index);
  }

  scroller.addEventListener('scroll', () => { measure(); drawBody(); });
  // The list's height changes with the window, the phone's panel opening, layout.js's fitting.
  const view = doc.defaultView;
  if (view && view.ResizeObserver) new view.ResizeObserver(() => { measure(); drawBody(); }).observe(scroller);
  scroller.addEventListener('click', (e) => {
    const sort = e.target.closest('button.sort');
    if (sort) {
      const key = sort.dataset.sort;
      const column = COLUMNS.find((c) => c.key === key);
      state.sortDir = state.sortKey === key ? -state.sortDir : (column && column.first) || 1;
      state.sortKey = key;
      reorder();
      reveal(state.order.indexOf(state.selected));
      return;
    }
    const named = e.target.closest('button[data-player]');
    if (named) { onPlayer(named.dataset.player); return; }
    const tr = e.target.closest('tr.game-row');
    if (tr) pick(Number(tr.dataset.index));
  });
  scroller.addEventListener('keydown', (e) => {
    if (e.target.closest && e.target.closest('button.sort')) return;
    const page = Math.max(1, Math.floor((seen.height || 320) / ROW_HEIGHT) - 1);
    const keys = {
      ArrowDown: () => move(1), ArrowUp: () => move(-1),
      PageDown: () => move(page, false), PageUp: () => move(-page, false),
      Home: () => move(-Infinity, false), End: () => move(Infinity, false),
      // The keyboard's row opened, where Home, End or a page moved it.
      Enter: () => pick(state.cursor),
    };
    // Otherwise Enter is someone else's (a player's button in the open row, the host's keys).
    if (e.key === 'Enter' && (e.target !== scroller || state.cursor < 0 || state.cursor === state.selected)) return;
    const act = keys[e.key];
    if (!act || e.altKey || e.ctrlKey || e.metaKey) return;
    e.preventDefault();
    e.stopPropagation(); // these keys also step through moves when the list does not have focus
    act();
  });

}
/**
 * Puts `rows` in `tbody`, keeping each row and cell element that stands for the same game in
 * the same place and changing only what differs: a click whose press and release straddle a
 * redraw (the check pass filling a column, a language change, a resize) still lands on one
 * element and opens its game. A row replaced between the two is a click lost.
 */
function patchRows(body, rows) {
  // Rows are matched by game (spacers by end), not by place: when the window grows or
  // shrinks (the table's height changed under a press), the rows that stay are the same nodes.
  const key = (tr, k, n) => tr.dataset.game || (tr.className === 'spacer' ? (k === 0 ? 'top' : k === n - 1 ? 'bottom' : '') : '');
  const had = new Map();
  [...body.children].forEach((tr, k, all) => { const id = key(tr, k, all.length); if (id) had.set(id, tr); });
  const kept = rows.map((b, k) => {
    const a = had.get(key(b, k, rows.length));
    if (!a || a.children.length !== b.children.length) return b;
    had.delete(key(b, k, rows.length));
    patchRow(a, b);
    return a;
  });
  // Rows that left the window go first; then each is put in place, and those that stay in
  // order never move.
  const staying = new Set(kept);
  for (const tr of [...body.children]) if (!staying.has(tr)) tr.remove();
  kept.forEach((tr, k) => {
    const at = body.children[k];
    if (at !== tr) body.insertBefore(tr, at || null);
  });
}

function patchRow(a, b) {
  if (a.isEqualNode(b)) return;
  copyAttributes(a, b);
  [...b.children].forEach((cell, c) => {
    const was = a.children[c];
    if (was.isEqualNode(cell)) return;
    copyAttributes(was, cell);
    was.replaceChildren(...cell.childNodes);
  });
}

function copyAttributes(a, b) {
  for (const { name } of [...a.attributes]) if (!b.hasAttribute(name)) a.removeAttribute(name);
  for (const { name, value } of b.attributes) if (a.getAttribute(name) !== value) a.setAttribute(name, value);
}

