// The viewer's input, one set for the page and <pdn-viewer>: the navigation buttons, the keys,
// clicks on moves, and the board's pointer events: first to the mode's input (viewer.input(),
// analysis.js), the rest as swipes and wheel steps. It only listens and calls the controller
// (viewer.js); it draws nothing and keeps no state beyond a swipe and the last wheel step.

/** Input types that take no text: keys pressed on them still step through the game. */
const NOT_TEXT = new Set(['button', 'submit', 'reset', 'checkbox', 'radio', 'image', 'file', 'color']);

/** A swipe is at least this long (CSS pixels) and mostly horizontal (|dx| ≥ 1.5 |dy|). */
export const SWIPE_MIN = 40;
/** At most one wheel step in this many milliseconds: one per notch, not per pixel of a touchpad. */
export const WHEEL_GAP = 90;

/** The element a key event really started on, inside shadow roots too. */
function origin(e) {
  const path = typeof e.composedPath === 'function' ? e.composedPath() : [];
  return path[0] || e.target;
}

/** Whether the key event `e` is typed into a text field (inside a shadow root too). */
export function typedIn(e) {
  return isTyping(origin(e));
}

/** Whether keys pressed on `target` belong to a text field, a select box or editable text. */
export function isTyping(target) {
  if (!target || typeof target.tagName !== 'string') return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName.toUpperCase();
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'INPUT') return !NOT_TEXT.has(String(target.type || 'text').toLowerCase());
  return false;
}

/** The key map: key → what it does to the controller. */
export const KEYS = Object.freeze({
  ArrowLeft: (v) => v.step(-1),
  ArrowRight: (v) => v.step(1),
  Home: (v) => v.first(),
  End: (v) => v.last(),
  ArrowDown: (v) => v.variationDown(),
  ArrowUp: (v) => v.variationUp(),
  f: (v) => v.flip(),
  F: (v) => v.flip(),
});

/** What each navigation button does. */
const BUTTONS = Object.freeze({
  first: (v) => v.first(),
  prev: (v) => v.step(-1),
  play: (v) => v.togglePlay(),
  next: (v) => v.step(1),
  last: (v) => v.last(),
  flip: (v) => v.flip(),
});

/**
 * Wires the controls to `viewer` (the controller from viewer.js) and returns a function that
 * removes every listener again.
 *
 * keyTarget: where keys are heard: the document for the page (keys work anywhere on it), the
 *   <pdn-viewer> host for the element (keys only while focus is inside that viewer).
 * board: the board's container (swipes, wheel). moves: the move list (clicks on [data-ply]).
 * buttons: { first, prev, play, next, last, flip }, any of them may be missing.
 * options.wheel(): whether the mouse wheel on the board steps (read at every wheel event).
 * options.now(): milliseconds for the wheel's rate limit (performance.now by default).
 * @param {{ keyTarget: any, board: any, moves: any, buttons?: Record<string, any>, viewer: any,
 *   options?: { wheel?: () => boolean, now?: () => number } }} parts
 */
export function attachControls({ keyTarget, board, moves, buttons = {}, viewer, options = {} }) {
  const wheelOn = options.wheel || (() => false);
  const now = options.now || (() => globalThis.performance.now());
  const off = [];
  const listen = (target, type, fn, opts) => {
    if (!target) return;
    target.addEventListener(type, fn, opts);
    off.push(() => target.removeEventListener(type, fn, opts));
  };

  for (const [name, act] of Object.entries(BUTTONS)) {
    listen(buttons[name], 'click', () => act(viewer));
  }

  // Keys: never while typing (text fields, select boxes, editable text) and never with Ctrl, Alt
  // or Meta (browser and system shortcuts). A key another widget already handled is left alone.
  listen(keyTarget, 'keydown', (e) => {
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
    const act = KEYS[e.key];
    if (!act || isTyping(origin(e))) return;
    // Buttons keep Space and Enter; the arrows, Home and End would otherwise scroll the page.
    e.preventDefault();
    act(viewer);
  });

  // A click on a move (or on anything inside it) shows the position after it. The page's body
  // and the element's host carry data-ply too, so the move must be inside the list.
  listen(moves, 'click', (e) => {
    const move = e.target && e.target.closest ? e.target.closest('[data-ply]') : null;
    if (!move || move === moves || !moves.contains(move)) return;
    const line = move.dataset.line == null ? null : Number(move.dataset.line);
    viewer.goTo(Number(move.dataset.ply), line);
  });

  // What the mode's input does not take (a piece, a mark) may be a swipe: a finger or a pen,
  // left is forward, as turning a page. A mouse drag is not one (it selects).
  const input = () => (typeof viewer.input === 'function' ? viewer.input() : null);
  const taken = (name, e) => {
    const handler = input();
    return Boolean(handler && handler[name] && handler[name](e));
  };
  let start = null;
  listen(board, 'pointerdown', (e) => {
    start = null;
    if (taken('down', e) || e.pointerType === 'mouse') return;
    start = { x: e.clientX, y: e.clientY, id: e.pointerId };
  });
  listen(board, 'pointermove', (e) => { taken('move', e); });
  listen(board, 'contextmenu', (e) => { taken('menu', e); });
  listen(board, 'pointerup', (e) => {
    if (taken('up', e)) { start = null; return; }
    if (!start || e.pointerId !== start.id) return;
    const dx = e.clientX - start.x;
    const dy = e.clientY - start.y;
    start = null;
    if (Math.abs(dx) < SWIPE_MIN || Math.abs(dx) < Math.abs(dy) * 1.5) return;
    viewer.step(dx < 0 ? 1 : -1);
  });
  listen(board, 'pointercancel', (e) => { taken('cancel', e); start = null; });

  // The wheel on the board steps through the game when the setting is on; otherwise it scrolls.
  let lastWheel = -Infinity;
  listen(board, 'wheel', (e) => {
    if (!wheelOn() || !viewer.state.view || !e.deltaY || viewer.navigable === false) return;
    e.preventDefault();
    const t = now();
    if (t - lastWheel < WHEEL_GAP) return;
    lastWheel = t;
    viewer.step(e.deltaY > 0 ? 1 : -1);
  }, { passive: false });

  return () => {
    for (const fn of off.splice(0)) fn();
    start = null;
  };
}
