// The tournament views beside the game for every host (view/app.js's tournament()): a tab bar
// (Game, Boards, Standings) and the boards grid (boards.js) or the standings table
// (standings.js) drawn from the library's answers; a click on a card or a game opens it. The
// live host (reader/live.js) calls refresh() after each new text; the running clocks count down
// in between. No rules: the cards and the table come from the core.

import { boardCard, boardsView, tickClocks } from './boards.js';
import { standingsView } from './standings.js';
import { toDom } from './tree.js';

// Its stylesheet, loaded before the views are made (app.js).
export { tournamentSheet, tournamentSheet as partSheet } from './sheet.js';

/** The views, in tab order (the address's `view=` values; `game` is the viewer itself). */
export const VIEWS = Object.freeze(['game', 'boards', 'standings']);

/** Most boards drawn at once (the first ones of the file or of the round). */
export const MAX_BOARDS = 120;

/**
 * Most boards drawn in one task (a task of ten stays well under 100 ms on a phone): the work of
 * a task is bounded by this count, whatever the file (live.mjs checks it; bench.mjs times it).
 */
export const BATCH = 10;

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * doc; app (createApp's: library, viewer, pick, t); el (where the tabs and the view go); entry
 * (optional: where the ways in go, Boards and Standings buttons, in the game list's bar);
 * onView(view) when the view changes (the host hides the board for boards/standings);
 * download(blob, name) for the CSV.
 * @param {{ doc: any, app: any, el: any, entry?: any, onView?: (view: string) => void,
 *   download: (blob: Blob, name: string) => unknown }} options
 */
export function attachTournament({ doc, app, el, entry = null, onView = () => {}, download }) {
  let view = 'game';
  let round = null;
  let sort = 'rank';
  let standings = null;
  // The drawing's own: the draw under way (a later one drops it), the boards' cards drawn, when,
  // and the clocks' timer.
  const d = {
    drawing: 0,
    drawn: new Map(), // game -> { key (the card's JSON), node }: only changed cards are drawn again
    drawnAt: 0,
    clockTimer: null,
  };

  const tabs = doc.createElement('div');
  tabs.className = 'tournament-tabs';
  tabs.setAttribute('role', 'tablist');
  const body = doc.createElement('div');
  body.className = 'tournament-body';
  el.replaceChildren(tabs, body);

  function drawTabs() {
    const t = app.t;
    if (entry) {
      entry.replaceChildren(...VIEWS.filter((v) => v !== 'game').map((v) => {
        const b = doc.createElement('button');
        b.type = 'button';
        b.className = 'tournament-open';
        b.dataset.view = v;
        b.setAttribute('aria-pressed', String(v === view));
        b.textContent = t(`tournament.${v}`);
        return b;
      }));
    }
    tabs.replaceChildren(...VIEWS.map((v) => {
      const b = doc.createElement('button');
      b.type = 'button';
      b.className = 'tournament-tab';
      b.dataset.view = v;
      b.setAttribute('role', 'tab');
      b.setAttribute('aria-selected', String(v === view));
      b.textContent = t(`tournament.${v}`);
      return b;
    }));
  }

  function stopClocks() {
    if (d.clockTimer) doc.defaultView.clearInterval(d.clockTimer);
    d.clockTimer = null;
  }

  async function draw() {
    const mine = ++d.drawing;
    const t = app.t;
    const format = (n) => (typeof n === 'number' ? n.toLocaleString(app.lang, { maximumFractionDigits: 2 }) : String(n));
    stopClocks();
    if (view === 'boards') {
      await drawBoards({ doc, app, body, round, t }, d, mine);
    } else if (view === 'standings') {
      standings = await app.library.standings();
      if (mine !== d.drawing) return;
      body.replaceChildren(toDom(doc, standingsView(standings, { sort, t, format }), null));
    } else {
      body.replaceChildren();
    }
  }

  entry?.addEventListener('click', (e) => {
    const b = e.target.closest && e.target.closest('.tournament-open');
    if (b) api.setView(view === b.dataset.view ? 'game' : b.dataset.view);
  });

  el.addEventListener('click', (e) => {
    const target = e.target.closest ? e.target : null;
    if (!target) return;
    const tab = target.closest('.tournament-tab');
    if (tab) { api.setView(tab.dataset.view); return; }
    const open = target.closest('[data-game].board-card-open, td[data-games]');
    if (open) {
      const game = Number(String(open.dataset.game || open.dataset.games).split(' ')[0]);
      if (game >= 1) {
        api.setView('game');
        app.pick(game - 1);
      }
      return;
    }
    const by = target.closest('[data-sort]');
    if (by && standings) {
      sort = by.dataset.sort;
      draw();
      return;
    }
    if (target.closest('[data-standings-csv]') && standings && download) {
      download(new Blob([standings.csv], { type: 'text/csv;charset=utf-8' }), 'standings.csv');
    }
  });

  const api = {
    get view() { return view; },
    get round() { return round; },
    /** Shows `next` (one of VIEWS; anything else is the game), of round `r` for the boards. */
    async setView(next, { round: r = round } = {}) {
      view = VIEWS.includes(next) ? next : 'game';
      round = r || null;
      drawTabs();
      el.dataset.view = view;
      onView(view);
      await draw();
    },
    /** Draws the view again (a new text, another language). */
    refresh() { drawTabs(); return view === 'game' ? Promise.resolve() : draw(); },
    destroy() { stopClocks(); },
  };
  drawTabs();
  return api;
}

/**
 * The boards view drawn in `body`: each card drawn again only when it changed, ten to a task, in
 * the file's order; running clocks ticked. d: attachTournament's drawing state; `mine` the draw
 * (a later one stops this one).
 */
async function drawBoards({ doc, app, body, round, t }, d, mine) {
  const count = app.viewer.state.count;
  const cards = (await app.library.boards(0, Math.min(count, MAX_BOARDS), round)) || [];
  if (mine !== d.drawing) return;
  const flipped = app.viewer.state.flipped;
  const selected = app.viewer.state.game + 1;
  let grid = body.querySelector('.boards-grid');
  if (!cards.length) {
    body.replaceChildren(toDom(doc, boardsView([], { t }), null));
    d.drawn = new Map();
    return;
  }
  if (!grid) {
    const wrap = doc.createElement('div');
    wrap.className = 'boards';
    grid = doc.createElement('ol');
    grid.className = 'boards-grid';
    wrap.append(grid);
    body.replaceChildren(wrap);
    d.drawn = new Map();
  }
  grid.setAttribute('aria-label', t('boards.title'));
  // Each card drawn again only when it changed, ten to a task, in the file's order.
  const seen = new Set();
  let previous = null;
  for (let k = 0; k < cards.length; k += 1) {
    const card = cards[k];
    const key = JSON.stringify([card, flipped, card.game === selected, app.lang]);
    const old = d.drawn.get(card.game);
    let node = old && old.key === key ? old.node : null;
    if (!node) {
      node = toDom(doc, boardCard(card, { t, flipped, selected: card.game === selected }), null);
      if (old) old.node.replaceWith(node);
    }
    if (node.parentNode !== grid || (previous ? previous.nextSibling !== node : grid.firstChild !== node)) {
      if (previous) previous.after(node);
      else grid.prepend(node);
    }
    d.drawn.set(card.game, { key, node });
    seen.add(card.game);
    previous = node;
    if (k % BATCH === BATCH - 1) {
      await nextTask();
      if (mine !== d.drawing) return;
    }
  }
  for (const [game, { node }] of d.drawn) {
    if (!seen.has(game)) { node.remove(); d.drawn.delete(game); }
  }
  d.drawnAt = Date.now();
  if (body.querySelector('[data-clock][data-running]')) {
    d.clockTimer = doc.defaultView.setInterval(() => tickClocks(body, d.drawnAt), 1000);
  }
}
