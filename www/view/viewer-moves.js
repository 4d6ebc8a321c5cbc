// The viewer's move list render (viewer.js): the list built from the viewer's state in slices (a
// long game never blocks the page), the shown move marked and scrolled into view in the list
// alone, and the lists of alternatives opened when the shown move is folded away. It reads the
// state; the one change it asks for is `unfold` (through ctx.unfold).

import { toDom } from './tree.js';
import { moveListItems } from './views.js';

/** Longest stretch, in milliseconds, the move list is built for before the page gets a turn. */
export const SLICE_MS = 8;

/**
 * Appends the trees `items` (an iterator) to `list` as DOM, SLICE_MS at a time: the first slice
 * at once, the rest in later tasks. `onSlice(done)` runs after each. Returns a cancel function.
 * @param {any} doc
 * @param {any} list
 * @param {any} items
 * @param {{ onSlice?: (done: boolean) => void, budget?: number, now?: () => number, later?: (fn: () => void) => unknown }} [options]
 */
export function buildInSlices(doc, list, items, { onSlice = () => {}, budget = SLICE_MS, now = () => performance.now(), later = (fn) => setTimeout(fn, 0) } = {}) {
  let cancelled = false;
  function slice() {
    if (cancelled) return;
    const end = now() + budget;
    const part = doc.createDocumentFragment();
    let next;
    do {
      next = items.next();
      if (next.done) break;
      part.appendChild(toDom(doc, next.value, null));
    } while (now() < end);
    list.appendChild(part);
    onSlice(Boolean(next.done));
    if (!next.done && !cancelled) later(slice);
  }
  slice();
  return () => { cancelled = true; };
}

/**
 * Scrolls only the move list `box`, never the page (on a phone the board must stay where it is),
 * so that a button is in view, at the next frame: measuring now would lay the page out twice.
 * Returns scroll(btn).
 */
function scroller(doc, box) {
  let target = null;
  return (btn) => {
    const first = target == null;
    target = btn;
    if (!first) return;
    const frame = doc.defaultView && doc.defaultView.requestAnimationFrame
      ? (fn) => doc.defaultView.requestAnimationFrame(fn) : (fn) => setTimeout(fn, 0);
    frame(() => {
      const el = target;
      target = null;
      if (!el || !box.contains(el) || box.scrollHeight <= box.clientHeight + 1) return;
      const top = el.offsetTop;
      const bottom = top + el.offsetHeight;
      const margin = el.offsetHeight;
      if (top - margin < box.scrollTop) box.scrollTop = Math.max(0, top - margin);
      else if (bottom + margin > box.scrollTop + box.clientHeight) box.scrollTop = bottom + margin - box.clientHeight;
    });
  };
}

/**
 * The move list render of one viewer. ctx: { doc, els: { moves }, store, t, locations, unfold() }.
 * Returns { draw({ keepScroll, focusLine }), mark(), stop(), has(id) }.
 * @param {any} ctx
 */
export function createMovesRender(ctx) {
  const { doc } = ctx;
  const box = ctx.els.moves;
  const scrollSoon = scroller(doc, box);
  let stopBuild = () => {};
  let building = false;  // the move list is still being built
  let unmarked = false;  // the shown move's button was not in the list yet
  let listDrawn = false; // a move list was drawn (the box may be scrolled)

  /** Marks the shown move in the list and scrolls it into view; false when it is not (yet) there. */
  function mark() {
    const s = ctx.store.state;
    for (const el of box.querySelectorAll('.move.current')) {
      el.classList.remove('current');
      el.removeAttribute('aria-current');
    }
    const btn = s.line == null
      ? box.querySelector(`.move[data-ply="${s.ply}"]:not([data-line])`)
      : box.querySelector(`.move[data-line="${s.line}"][data-ply="${s.ply}"]`);
    unmarked = !btn;
    if (!btn) {
      if (!building) ctx.unfold(); // the shown variation is folded away (keys, a link)
      return false;
    }
    btn.classList.add('current');
    btn.setAttribute('aria-current', 'step');
    scrollSoon(btn);
    return true;
  }

  /** (Re)builds the move list in slices; the shown move is marked when its slice is in. */
  function draw({ keepScroll = false, focusLine = null } = {}) {
    stopBuild();
    const s = ctx.store.state;
    const ol = doc.createElement('ol');
    ol.className = 'move-list';
    let scrollTo = keepScroll ? box.scrollTop : null;
    box.replaceChildren(ol);
    // Setting scrollTop lays the page out at once; the first list has nothing scrolled to reset
    // (on the first screen: 17 ms of a CPU profile under load, before the sample showed).
    if (!keepScroll && listDrawn) box.scrollTop = 0;
    listDrawn = true;
    const where = s.line == null ? s.ply : { line: s.line, ply: s.ply };
    const items = moveListItems(s.view, where, { t: ctx.t, expanded: s.expanded, locations: ctx.locations });
    unmarked = true;
    building = true;
    stopBuild = buildInSlices(doc, ol, items, {
      onSlice(done) {
        building = !done;
        if (scrollTo != null) {
          box.scrollTop = scrollTo;
          if (box.scrollTop >= scrollTo - 1) scrollTo = null;
        }
        if (focusLine != null) {
          const btn = ol.querySelector(`.move[data-line="${focusLine}"]`);
          if (btn) { btn.focus({ preventScroll: false }); focusLine = null; }
        }
        if (unmarked) mark();
        box.setAttribute('aria-busy', String(!done));
      },
    });
  }

  return {
    draw,
    mark,
    /** The list's building stops (no game). */
    stop() { stopBuild(); },
    /** Whether variation `id` is in the list drawn. */
    has(id) { return Boolean(box.querySelector(`li.variation[data-variation="${id}"]`)); },
  };
}
