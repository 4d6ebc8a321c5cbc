// The Explorer beside the board, for every host (view/app.js's setExplorer): it has the reading
// worker build the open file's index of positions (a chunk of games a request, the progress
// drawn in between), asks it about each position shown, draws the panel (panel.js), plays a
// clicked move on the board, and lists the games through the position in the game table. No
// draughts rules: the moves, counts and the move played come from the core.

import { toDom } from '../view/tree.js';
import { MATERIAL, explorerPanel, stackedGames } from './panel.js';

// Its stylesheet, loaded before the panel is made (view/app.js).
export { explorerSheet, explorerSheet as partSheet } from '../view/sheet.js';

/** Games indexed per request: about 20-60 ms of the worker's time, so other requests wait little. */
export const CHUNK = 1000;

/**
 * doc, viewer (the controller), panel (the element the panel is drawn in), t (words), library
 * (the facade: exploreStep, explorer, findPlace, findFen), play(choice) (plays legal move
 * `choice` at the shown place: the analysis board), list(found) (shows only the games `found`,
 * [{game, ply}], in the game table; null: all again), close() (the panel's close button: the
 * host turns the Explorer off, its toggle and address with it), listed(found) (a search asked
 * in the panel listed its games: a phone's page shows its table).
 * @param {{ doc: any, viewer: any, panel: any, t: any, library: any, play: (choice: number) => unknown,
 *   list: (found: import('pdn-viewer/library').FoundGame[] | null) => unknown, close?: (() => unknown) | null,
 *   listed?: (found: import('pdn-viewer/library').FoundGame[] | null) => unknown }} options
 */
export function attachExplorer({ doc, viewer, panel, t, library, play, list, close = null, listed = () => {} }) {
  let on = false;
  let asked = 0;
  const state = { progress: null, tree: null, error: null, found: null, filters: [], names: [], player: null, material: null };
  /** The shown game's White and Black tags. */
  const namesOf = (view) => ['White', 'Black'].map((k) => ((view && view.tags) || []).find(([n]) => n === k)?.[1] || '')
    .filter((n) => n && n !== '?');
  let building = null;

  // Wall-clock milliseconds, as the page saw them, in data- attributes of the panel's box for
  // tests and benchmarks: the index built (data-build-ms), the last tree asked (data-lookup-ms),
  // the last search (data-find-ms); and the index's positions and bytes (data-positions,
  // data-bytes).
  const timed = (name, ms) => { panel.dataset[name] = String(Math.round(ms * 10) / 10); };
  const now = () => (doc.defaultView && doc.defaultView.performance ? doc.defaultView.performance.now() : Date.now());

  const draw = () => drawPanel(doc, panel, on, state, t);

  /** Builds the index (or finds it built: a step of a ready index answers at once). */
  function build() {
    building ??= (async () => {
      const started = now();
      const fresh = !state.progress || !state.progress.ready;
      let p = await library.exploreStep(CHUNK);
      state.progress = p;
      while (p && !p.ready) {
        draw();
        p = await library.exploreStep(CHUNK);
        state.progress = p;
      }
      if (fresh) {
        timed('buildMs', now() - started);
        if (p) Object.assign(panel.dataset, { positions: String(p.positions), bytes: String(p.bytes) });
      }
      return p;
    })().finally(() => { building = null; });
    return building;
  }

  async function update() {
    if (!on) return;
    const mine = ++asked;
    const s = viewer.state;
    if (!s.view) { state.tree = null; draw(); return; }
    state.names = namesOf(s.view);
    try {
      await build();
      if (mine !== asked) return;
      const asking = now();
      state.tree = await library.explorer(s.game, s.line, s.ply);
      timed('lookupMs', now() - asking);
      state.error = null;
    } catch (e) {
      state.error = t('explorer.failed', { error: e && e.message ? e.message : String(e) });
    }
    if (mine === asked) draw();
  }

  /**
   * The searches stack: `found` ([{game, ply}]) becomes the search of its `kind` ('position',
   * 'pattern', 'player', 'material'; a new one of a kind replaces the old), and the table lists
   * the games that pass every search, each opened at the ply the newest search found it at.
   * kind null: no search, every game again. Returns the games listed.
   */
  function show(kind, found) {
    state.filters = kind == null ? [] : [...state.filters.filter((f) => f.kind !== kind), { kind, found }];
    const listed = stackedGames(state.filters);
    state.found = listed;
    list(listed);
    draw();
    return listed || [];
  }

  const api = {
    get on() { return on; },
    get state() { return state; },
    set(value) {
      on = Boolean(value);
      draw();
      if (on) update();
    },
    /** After each drawing of the position (the controller's onChange). */
    update() { if (on) update(); },
    /** A new text: its index is built anew when next asked. */
    reset() {
      state.progress = null;
      state.tree = null;
      state.found = null;
      state.filters = [];
      state.error = null;
      state.player = null;
      if (on) update();
    },
    /** Lists the games that reach the shown position (and pass the other searches). Resolves to them. */
    async findHere() {
      const s = viewer.state;
      if (!s.view) return [];
      await build();
      const asking = now();
      const found = (await library.findPlace(s.game, s.line, s.ply)) || [];
      timed('findMs', now() - asking);
      return show('position', found);
    },
    /** Player `name`'s score, and their games listed in the table. Resolves to the PlayerView. */
    async showPlayer(name) {
      await build();
      const p = await library.player(name);
      state.player = p;
      show('player', p.list.map((g) => ({ game: g.game, ply: 0 })));
      return p;
    },
    /**
     * Lists the games whose board holds `counts` ({whiteMen, whiteKings, blackMen, blackKings};
     * null: any) at some point, each opened at the first ply so (and that pass the other
     * searches). Resolves to the games listed.
     */
    async findMaterial(counts) {
      await build();
      state.material = counts;
      const asking = now();
      const found = await library.findMaterial(...MATERIAL.map((k) => counts[k] ?? null));
      timed('findMs', now() - asking);
      return show('material', found);
    },
    /** Lists the games whose board holds every piece of the FEN `pattern`. Resolves to them. */
    async findPattern(pattern, gametype = '') {
      await build(); // the index's stored moves: milliseconds, where a replay of every game takes a second
      const asking = now();
      const found = await library.findPattern(pattern, String(gametype || ''));
      timed('findMs', now() - asking);
      return show('pattern', found);
    },
    /** Lists the games that reach the position of `fen` (GameType `gametype`). Resolves to them. */
    async findFen(fen, gametype = '') {
      await build();
      const asking = now();
      const found = await library.findFen(fen, String(gametype || ''));
      timed('findMs', now() - asking);
      return show('position', found);
    },
  };
  panelInput({ panel, state, play, close, listed, show, api });
  return api;
}

/** The panel drawn (or emptied while off), the keyboard's row kept. */
function drawPanel(doc, panel, on, state, t) {
  panel.hidden = !on;
  if (!on) { panel.replaceChildren(); return; }
  // A reader on the keyboard keeps their place: the focus goes back to the same row's move
  // (or the first, after a move was played), not to the page's start.
  const active = panel.getRootNode().activeElement;
  const rowAt = active && panel.contains(active) && active.closest('tr[data-choice]')
    ? [...panel.querySelectorAll('tr[data-choice]')].indexOf(active.closest('tr[data-choice]')) : -1;
  const node = toDom(doc, explorerPanel(state, t), null);
  for (const part of node.querySelectorAll('[data-share]')) part.style.width = part.dataset.share;
  panel.replaceChildren(node);
  if (rowAt >= 0) {
    const plays = panel.querySelectorAll('tr[data-choice] .explorer-play');
    (plays[rowAt] || plays[0])?.focus();
  }
}

/**
 * The panel's input: a move's row plays it, a player's name lists their games, the actions (all
 * games, close, find), Up and Down between the moves, the material search's form.
 */
function panelInput({ panel, state, play, close, listed, show, api }) {
panel.addEventListener('click', async (e) => {
  // A move's whole row is its button (the move's own button is the keyboard's way in).
  const row = e.target.closest && e.target.closest('tr[data-choice]');
  if (row) {
    await play(Number(row.dataset.choice));
    return;
  }
  const named = e.target.closest && e.target.closest('[data-player]');
  if (named) { await api.showPlayer(named.dataset.player); listed(state.found); return; }
  const action = e.target.closest && e.target.closest('[data-explorer-action]');
  if (!action) return;
  if (action.dataset.explorerAction === 'all') { state.player = null; show(null, null); }
  // Without a host's close, the Explorer turns itself off (a default in the parameters could not see `api`).
  else if (action.dataset.explorerAction === 'close') await (close ? close() : api.set(false));
  else if (action.dataset.explorerAction === 'find') listed(await api.findHere());
});

// Up and Down go from move to move in the table, as in the game table.
panel.addEventListener('keydown', (e) => {
  if ((e.key !== 'ArrowDown' && e.key !== 'ArrowUp') || e.altKey || e.ctrlKey || e.metaKey) return;
  const here = e.target.closest && e.target.closest('tr[data-choice]');
  if (!here) return;
  const next = e.key === 'ArrowDown' ? here.nextElementSibling : here.previousElementSibling;
  const button = next && next.querySelector('.explorer-play');
  if (!button) return;
  e.preventDefault();
  e.stopPropagation(); // not a step through the game's moves
  button.focus();
});

panel.addEventListener('submit', async (e) => {
  const form = e.target.closest && e.target.closest('[data-explorer-form="material"]');
  if (!form) return;
  e.preventDefault();
  const counts = Object.fromEntries(MATERIAL.map((k) => {
    const v = form.elements[k].value.trim();
    return [k, /^\d{1,2}$/.test(v) ? Number(v) : null];
  }));
  listed(await api.findMaterial(counts));
});
}
