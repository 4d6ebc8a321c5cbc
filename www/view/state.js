// The viewer's state (issue 39): one frozen object per viewer, changed only by the transitions
// below, each a pure function (state, ...args) → new state; the same state back where it does
// not apply. No DOM: viewer.js renders from it, tests/js/state.test.mjs drives it.
//
// | Transition      | Arguments                  | What changes |
// |-----------------|----------------------------|--------------|
// | `ask`           | —                          | `pending` + 1: older game requests are dropped |
// | `showGame`      | game, view, ply, count     | a new game at `ply` (clamped, or 'last') of its mainline; pick, lists, autoplay reset. Refused: no view, `game` not 0…count−1 |
// | `clear`         | —                          | no game: view null, game −1, count 0, ply 0; `pending` + 1 |
// | `edit`          | view, {line, ply}          | the edited view at that place (an unknown line: the mainline; ply clamped) |
// | `showPlace`     | ply, line                  | the place in any mode; before a variation's start: its parent line; unknown line: the mainline; ply clamped |
// | `goTo`          | ply, line = state.line     | `showPlace` where the mode navigates |
// | `step`          | delta                      | `goTo(ply + delta)` |
// | `first`, `last` | —                          | the start of the mainline; the end of the line shown |
// | `enterLine`     | —                          | ↓: into the next move's first variation, or on to the next sibling |
// | `leaveLine`     | —                          | ↑: back to where the variation branches off |
// | `setMode`       | name (MODES)               | `mode`; pick reset; autoplay kept only into a mode that navigates. Refused: an unknown mode |
// | `flip`          | —                          | `flipped` |
// | `togglePlay`    | —                          | `playing` (from the start when at the end); on only where the mode navigates |
// | `pause`         | —                          | `playing` off |
// | `setSpeed`      | speed (SPEEDS)             | `speed` ('normal' if unknown) |
// | `setCoordinates`| value                      | `coordinates` |
// | `setAnimate`    | on                         | `animate` |
// | `setMessages`   | value                      | `messages`: 'all', 'errors', 'none' |
// | `select`        | selection                  | `selection`: the analysis pick, or null |
// | `preview`       | move                       | `preview`: a move drawn over the place; pick reset. Refused without a board |
// | `drag`          | {square, dx, dy}           | `drag`: the piece held, or null |
// | `setOverlay`    | name, draw, {under}        | `overlays`: one added, replaced or (draw null) removed |
// | `expand`        | key, entries, times        | `expanded`: list `key` opened once more (or `times`); `entries` ([id, variation]) written into the view |
// | `unfold`        | —                          | the lists holding the shown variation opened, once (`autoOpened`) |
// | `openPart`, `closePart` | name               | `parts`: the panels open ('explorer', 'engine') |
// | `setTab`        | name                       | `tab`: 'game', 'boards', 'standings' |
//
// `expand` alone writes in place: the view's `variations`, which come from the worker on demand
// (the same game, more of it).

import { clampPly } from './board.js';
import { lineView } from './views.js';
import { LIMITS } from '../reader/viewcap.js';

/** @typedef {import('pdn-viewer/library').GameView} GameView The core's game view, typed from the Rust (tsconfig.json). */

/** What each mode allows: stepping through the game; the board's pointer input to its handler. */
export const MODES = Object.freeze({
  view: Object.freeze({ navigate: true, pieces: false }),
  analysis: Object.freeze({ navigate: true, pieces: true }),
  solve: Object.freeze({ navigate: false, pieces: true }),
  edit: Object.freeze({ navigate: false, pieces: false }),
});

/** Autoplay delays per speed setting, in milliseconds. */
export const SPEEDS = Object.freeze({ slow: 2000, normal: 1000, fast: 400 });

/** A viewer's state before any game, with `over`'s fields. @param {object} [over] */
export function initialState(over = {}) {
  return Object.freeze({
    count: 0,
    game: -1,         // 0-based
    view: null,       // its GameView
    line: null,       // null: the mainline; else a variation's id
    ply: 0,           // plies into that line
    pending: 0,
    flipped: false,
    coordinates: 'numbers',
    animate: true,
    speed: 'normal',
    playing: false,
    messages: 'all',
    expanded: new Map(), // key -> times opened (views.js)
    autoOpened: null,
    mode: 'view',
    selection: null,
    preview: null,
    drag: null,       // dx, dy in CSS pixels
    overlays: Object.freeze([]), // { name, under, draw(model, state) -> tree }
    parts: Object.freeze([]),
    tab: 'game',
    ...over,
  });
}

const next = (s, change) => Object.freeze({ ...s, ...change });

/** What a new place leaves behind. */
const LEFT = Object.freeze({ selection: null, preview: null, drag: null });

/** Whether the state's mode lets the reader step through the game. */
export function navigable(s) {
  return Boolean(MODES[s.mode] && MODES[s.mode].navigate);
}

/** The line shown (views.js lineView); null without a game. */
export function shownLine(s) {
  return s.view ? lineView(s.view, s.line) : null;
}

/** Plies in the line shown (0 without a game). */
export function lastPly(s) {
  const line = shownLine(s);
  return line && Array.isArray(line.plies) ? line.plies.length : 0;
}

/** A variation id that exists in `view`, or null (the mainline). */
function lineId(view, line) {
  if (line == null) return null;
  const id = Number(line);
  const variations = (view && view.variations) || [];
  return Number.isInteger(id) && id >= 0 && variations[id] ? id : null;
}

/** The place { line, ply } meant by `ply` plies into `line` (showPlace in the table). */
export function resolvePlace(view, ply, line) {
  const variations = (view && view.variations) || [];
  let id = lineId(view, line);
  let n = Number.isFinite(ply) ? Math.trunc(ply) : 0;
  // Bounded: a view whose parents make a ring (never the core's) cannot hang the page.
  for (let k = 0; id != null && n < 1 && k <= variations.length; k++) {
    const v = variations[id];
    n = v.replaces - 1 + n;
    id = lineId(view, v.parent ?? null);
  }
  return { line: id, ply: clampPly(lineView(view, id), n) };
}

/** The mainline ply of the place, or of the point where its variation branches off. */
export function mainlinePly(s) {
  const variations = (s.view && s.view.variations) || [];
  let { line, ply } = s;
  for (let k = 0; line != null && variations[line] && k <= variations.length; k++) {
    ply = variations[line].replaces - 1;
    line = variations[line].parent ?? null;
  }
  return ply;
}

/** The ids of a list of alternatives by its key ("m:3": on ply 3 of the mainline). */
export function listOf(view, key) {
  const [line, ply] = String(key).split(':');
  const owner = line === 'm' ? view : ((view && view.variations) || [])[Number(line)];
  const p = owner && (owner.plies || [])[Number(ply) - 1];
  return (p && p.variations) || [];
}

/** Where ↓ goes from the place: into a variation of the next move, or to the next sibling; null: nowhere. */
function placeBelow(s) {
  const variations = s.view.variations || [];
  const next = (shownLine(s).plies || [])[s.ply];
  if (next && next.variations && next.variations.length && variations[next.variations[0]]) return { ply: 1, line: next.variations[0] };
  if (s.line != null && s.ply === 1) {
    const v = variations[s.line];
    const parentLine = lineView(s.view, v.parent ?? null);
    const siblings = ((parentLine.plies || [])[v.replaces - 1] || {}).variations || [];
    const i = siblings.indexOf(s.line);
    if (i >= 0 && i + 1 < siblings.length && variations[siblings[i + 1]]) return { ply: 1, line: siblings[i + 1] };
  }
  return null;
}

function showPlace(s, ply = 0, line = null) {
  if (!s.view) return s;
  const place = resolvePlace(s.view, ply, line);
  if (place.ply === s.ply && place.line === s.line && !s.preview) return s;
  return next(s, { ...place, ...LEFT });
}

function goTo(s, ply, line = s.line) {
  return navigable(s) ? showPlace(s, ply, line) : s;
}

/** The transitions (the table above). */
export const TRANSITIONS = Object.freeze({
  ask: (s) => next(s, { pending: s.pending + 1 }),

  /** @param {any} s @param {number} game @param {GameView} view @param {number | 'last'} [ply] @param {number} [count] */
  showGame(s, game, view, ply = 0, count = s.count) {
    const total = Number(count) || 0;
    if (!view || typeof view !== 'object' || !Number.isInteger(game) || game < 0 || (total > 0 && game >= total)) return s;
    const plies = Array.isArray(view.plies) ? view.plies.length : 0;
    return next(s, {
      count: total, game, view, line: null, ply: ply === 'last' ? plies : clampPly(view, ply),
      ...LEFT, expanded: new Map(), autoOpened: null, playing: false,
    });
  },

  clear: (s) => next(s, {
    view: null, game: -1, count: 0, line: null, ply: 0, ...LEFT, playing: false,
    expanded: new Map(), autoOpened: null, pending: s.pending + 1,
  }),

  edit(s, view, place = null) {
    if (!view || typeof view !== 'object') return s;
    const line = lineId(view, place ? place.line : null);
    return next(s, { view, line, ply: clampPly(lineView(view, line), place ? place.ply : 0), ...LEFT, playing: false });
  },

  showPlace,
  goTo,
  step: (s, delta) => (Number.isFinite(delta) ? goTo(s, s.ply + delta, s.line) : s),
  first: (s) => goTo(s, 0, null),
  last: (s) => (s.view ? goTo(s, lastPly(s), s.line) : s),

  enterLine(s) {
    if (!s.view || !navigable(s)) return s;
    const below = placeBelow(s);
    return below ? goTo(s, below.ply, below.line) : s;
  },

  leaveLine(s) {
    if (!s.view || s.line == null || !navigable(s)) return s;
    const v = s.view.variations[s.line];
    return goTo(s, v.replaces - 1, v.parent ?? null);
  },

  setMode(s, name) {
    if (!Object.hasOwn(MODES, name) || name === s.mode) return s;
    // Autoplay goes on into a mode that steps too: the analysis board arrives after the first
    // screen and takes over from view mode, and a Play pressed before it came stopped (CI).
    return next(s, { mode: name, playing: s.playing && MODES[name].navigate, ...LEFT });
  },

  flip: (s) => next(s, { flipped: !s.flipped }),

  togglePlay(s) {
    if (s.playing) return next(s, { playing: false });
    if (!s.view || !navigable(s)) return s;
    const from = s.ply >= lastPly(s) ? goTo(s, 0) : s;
    return next(from, { playing: true });
  },

  pause: (s) => (s.playing ? next(s, { playing: false }) : s),
  setSpeed: (s, speed) => next(s, { speed: Object.hasOwn(SPEEDS, speed) ? speed : 'normal' }),
  setCoordinates: (s, value) => (value === s.coordinates ? s : next(s, { coordinates: value })),
  setAnimate: (s, on) => next(s, { animate: Boolean(on) }),
  setMessages: (s, value) => next(s, { messages: value }),
  select: (s, selection) => next(s, { selection: selection || null }),

  preview(s, move) {
    if (!s.view || !s.view.board) return s;
    return next(s, { ...LEFT, preview: move || null });
  },

  drag(s, held) {
    const drag = held && held.square != null ? { square: String(held.square), dx: Number(held.dx) || 0, dy: Number(held.dy) || 0 } : null;
    return next(s, { drag });
  },

  setOverlay(s, name, draw, { under = false } = {}) {
    const overlays = s.overlays.filter((o) => o.name !== name);
    if (draw) overlays.push({ name, under: Boolean(under), draw });
    return next(s, { overlays: Object.freeze(overlays) });
  },

  expand(s, key, entries = [], times = (s.expanded.get(String(key)) || 0) + 1) {
    if (!s.view || !navigable(s)) return s;
    if (!Array.isArray(s.view.variations)) s.view.variations = [];
    const variations = s.view.variations;
    for (const [id, v] of entries || []) if (!variations[id]) variations[id] = v;
    const expanded = new Map(s.expanded);
    expanded.set(String(key), times);
    return next(s, { expanded });
  },

  unfold(s) {
    const variations = (s.view && s.view.variations) || [];
    if (s.line == null || s.autoOpened === s.line || !variations[s.line]) return s;
    const expanded = new Map(s.expanded);
    for (let id = s.line, k = 0; id != null && variations[id] && k <= variations.length; k++) {
      const v = variations[id];
      const key = `${v.parent ?? 'm'}:${v.replaces}`;
      const at = listOf(s.view, key).indexOf(id);
      const times = Math.ceil((at + 1) / LIMITS.perLevel);
      if ((expanded.get(key) || 0) < times) expanded.set(key, times);
      id = v.parent ?? null;
    }
    return next(s, { expanded, autoOpened: s.line });
  },

  openPart: (s, name) => (s.parts.includes(name) ? s : next(s, { parts: Object.freeze([...s.parts, name]) })),
  closePart: (s, name) => (s.parts.includes(name) ? next(s, { parts: Object.freeze(s.parts.filter((p) => p !== name)) }) : s),
  setTab: (s, name) => (name === s.tab || typeof name !== 'string' ? s : next(s, { tab: name })),
});

/**
 * A store: `state`; `apply(name, ...args)` → the new state, subscribers told (state, previous,
 * name) when it changed (an unknown name throws); `subscribe(fn)` → unsubscribe. @param {any} [state]
 */
export function createStore(state = initialState()) {
  const listeners = new Set();
  return {
    get state() { return state; },
    /** @param {string} name @param {...any} args */
    apply(name, ...args) {
      const fn = Object.hasOwn(TRANSITIONS, name) ? TRANSITIONS[name] : null;
      if (!fn) throw new Error(`unknown transition: ${name}`);
      const previous = state;
      state = fn(previous, ...args);
      if (state !== previous) for (const l of [...listeners]) l(state, previous, name);
      return state;
    },
    subscribe(fn) {
      listeners.add(fn);
      return () => { listeners.delete(fn); };
    },
  };
}
