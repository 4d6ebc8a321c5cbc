// The viewer's state and its transitions (issue 39): one frozen object per viewer — the game
// shown, the place in it, the mode, the orientation, the settings, the analysis pick, the parts
// open — changed only by the named transitions below, each a pure function (state, ...args) →
// new state. No DOM here: viewer.js renders from the state, tests/js/state.test.mjs drives it
// without a browser. A transition that does not apply (a mode that refuses navigation, a game out
// of range, a move with no board) gives back the same object, so `next === state` means "nothing
// changed".
//
// | Transition      | Arguments                      | What changes |
// |-----------------|--------------------------------|--------------|
// | `ask`           | —                              | `pending` + 1: a game was asked for; an answer to an older request is dropped |
// | `showGame`      | game, view, ply = 0, count     | a new game (0-based `game`, its GameView) at `ply` (a number, clamped, or 'last') of the mainline; `count` games in the text; the pick, preview, held piece, opened lists and autoplay go. Refused: no view, `game` not a whole number ≥ 0, or ≥ `count` |
// | `clear`         | —                              | no game (a text without one): view null, game −1, count 0, place 0 of the mainline, autoplay off; `pending` + 1 |
// | `edit`          | view, place = {line, ply}      | the same game as an edit left it: the new view at `place` (a line that does not exist: the mainline; the ply clamped); autoplay off, the pick goes |
// | `showPlace`     | ply = 0, line = null           | the place, whatever the mode (solve mode's moves): stepping back past a variation's start leaves it for the line it branches from; a line that does not exist is the mainline; the ply is clamped to the line. The pick, preview and held piece go |
// | `goTo`          | ply, line = state.line         | `showPlace`, where the mode lets the reader navigate |
// | `step`          | delta                          | `goTo(ply + delta)` in the same line |
// | `first`         | —                              | `goTo(0, null)`: the start of the mainline |
// | `last`          | —                              | `goTo` the end of the line shown |
// | `enterLine`     | —                              | ↓: into the first variation that replaces the next move; at the first move of a variation, on to its next sibling |
// | `leaveLine`     | —                              | ↑: out of the variation, to where it branches from its parent line |
// | `setMode`       | name (a key of MODES)          | the mode; autoplay off, the pick goes. Refused: an unknown name |
// | `flip`          | —                              | `flipped`: the board turned |
// | `togglePlay`    | —                              | autoplay on (from the start when at the end of the line) or off; on only where the mode navigates |
// | `pause`         | —                              | autoplay off |
// | `setSpeed`      | speed (a key of SPEEDS)        | `speed` ('normal' for an unknown one) |
// | `setCoordinates`| value                          | `coordinates`: 'numbers', 'algebraic' or 'none' |
// | `setAnimate`    | on                             | `animate`: whether a step forward animates its move |
// | `setMessages`   | value                          | `messages`: 'all', 'errors' or 'none' (views.js diagnosticsFor) |
// | `select`        | selection                      | `selection`: the analysis pick ({ from, chosen, targets, via }) or null |
// | `preview`       | move                           | `preview`: a legal move drawn played over the place (null: none); the pick and held piece go. Refused without a board |
// | `drag`          | held = { square, dx, dy }      | `drag`: the piece held by the pointer (null: put back) |
// | `setOverlay`    | name, draw, { under }          | `overlays`: the layer `name` added or replaced (draw null: removed) |
// | `expand`        | key, entries = [], times       | `expanded`: the list of alternatives `key` opened `times` times (default one more); `entries` ([id, variation]) are the variations the library sent for it |
// | `unfold`        | —                              | the lists that hold the shown variation opened (keys, a link went into a folded one); `autoOpened` says which line, so it is done once |
// | `openPart`      | name                           | `parts`: the part (a panel beside the board: 'explorer', 'engine', …) open |
// | `closePart`     | name                           | `parts`: the part closed |
// | `setTab`        | name                           | `tab`: 'game', 'boards' or 'standings' (the tournament views) |
//
// The one thing a transition writes in place is the view's `variations` array (`expand`): a
// GameView's variations come from the worker on demand, so the same game gains them, and those
// who hold the view (solve mode, the engine) still hold the game shown.

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

/**
 * @typedef {{
 *   count: number, game: number, view: GameView | null, line: number | null, ply: number,
 *   pending: number, flipped: boolean, coordinates: string, animate: boolean, speed: string,
 *   playing: boolean, messages: string, expanded: Map<string, number>, autoOpened: number | null,
 *   mode: string, selection: any, preview: any, drag: { square: string, dx: number, dy: number } | null,
 *   overlays: readonly { name: string, under: boolean, draw: (model: any, state: any) => any }[],
 *   parts: readonly string[], tab: string,
 * }} ViewerState
 */

/**
 * A viewer's state before any game: `messages` as the host asks ('all' by default).
 * @param {Partial<ViewerState>} [over]
 * @returns {Readonly<ViewerState>}
 */
export function initialState(over = {}) {
  return Object.freeze({
    count: 0,         // games in the open text
    game: -1,         // 0-based index of the shown game
    view: null,       // GameView of the shown game (with its marks)
    line: null,       // null: the mainline; else the id of the variation being shown
    ply: 0,           // plies played in that line (0 = its start)
    pending: 0,       // the newest game request; older answers are dropped
    flipped: false,
    coordinates: 'numbers',
    animate: true,
    speed: 'normal',
    playing: false,
    messages: 'all',
    expanded: new Map(), // variation lists opened with "show": key -> times (views.js)
    autoOpened: null, // the line last opened because the shown move was folded away
    mode: 'view',     // a key of MODES
    selection: null,  // the analysis pick (analysis.js), drawn as hints
    preview: null,    // a legal move drawn played over the shown position
    drag: null,       // { square, dx, dy }: a piece held, moved by CSS pixels
    overlays: Object.freeze([]), // [{ name, under, draw(model, state) -> tree }]
    parts: Object.freeze([]), // the parts open beside the board ('explorer', 'engine', …)
    tab: 'game',      // the tournament view shown: 'game', 'boards' or 'standings'
    ...over,
  });
}

/** @param {ViewerState} s @param {Partial<ViewerState>} change */
const next = (s, change) => Object.freeze({ ...s, ...change });

/** What a new place leaves behind: the pick, the preview, the piece held. */
const LEFT = Object.freeze({ selection: null, preview: null, drag: null });

/** Whether the state's mode lets the reader step through the game. */
export function navigable(s) {
  return Boolean(MODES[s.mode] && MODES[s.mode].navigate);
}

/** The line shown (the mainline or the variation), as views.js lineView gives it; null without a game. */
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

/**
 * The place `{ line, ply }` that `ply` plies into `line` means in `view`: stepping back past a
 * variation's start leaves it for the line it branches from, at the position before the move it
 * replaces (the same position as the variation's start); the ply clamped to its line.
 */
export function resolvePlace(view, ply, line) {
  const variations = (view && view.variations) || [];
  let id = lineId(view, line);
  let n = Number.isFinite(ply) ? Math.trunc(ply) : 0;
  while (id != null && n < 1 && variations[id]) {
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
  while (line != null && variations[line]) {
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

/** The transitions, by name: (state, ...args) → new state (the same state when nothing changes). */
export const TRANSITIONS = Object.freeze({
  ask: (s) => next(s, { pending: s.pending + 1 }),

  /** @param {ViewerState} s @param {number} game @param {GameView} view @param {number | 'last'} [ply] @param {number} [count] */
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
    return next(s, { mode: name, playing: false, ...LEFT });
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
    for (let id = s.line; id != null && variations[id];) {
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
 * A small store over one state: `state` (the current one), `apply(name, ...args)` runs a
 * transition and returns the new state, telling the subscribers `(state, previous, name)` when
 * it changed; `subscribe(fn)` returns the function that unsubscribes. An unknown name throws
 * (a programming error, not a reader's input).
 * @param {Readonly<ViewerState>} [state]
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
