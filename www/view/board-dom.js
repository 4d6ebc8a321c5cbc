// Board helpers that need a live page: the move animation (Web Animations API), which the
// controller's render (viewer.js) starts on the board it has just drawn, the reduced-motion check
// and the board's fitting. The drawing itself stays in board.js (pure; it draws the mover last, so
// it travels above the others); the animation changes no element, it only plays over them.
// Saving the board as a file is in board-export.js, loaded when it is used.

import { SQUARE } from './board.js';

const centre = (v) => v * SQUARE + SQUARE / 2;

/** The smallest board the fitting below allows, in CSS px: below it the page scrolls instead. */
export const MIN_BOARD = 220;

/**
 * The board's outer width (CSS px) whose height fits `room` px: `aspect` is the drawing's width
 * over its height, `frame` the board's border on both sides together. Used by the page
 * (layout.js) and <pdn-viewer fill> to size the board from the height they have.
 */
export function boardFit(room, { aspect = 1, frame = 0, min = MIN_BOARD } = {}) {
  if (!Number.isFinite(room) || !(aspect > 0)) return min;
  return Math.max(min, Math.floor((room - frame) * aspect + frame));
}

/** Width over height of the board drawn in `boardEl` (its SVG viewBox), 1 when there is none. */
export function boardAspect(boardEl) {
  const svg = boardEl && boardEl.querySelector('svg');
  const vb = svg && svg.viewBox && svg.viewBox.baseVal;
  return vb && vb.width && vb.height ? vb.width / vb.height : 1;
}

/** True when the user asked the system for less motion. */
export function prefersReducedMotion(win = globalThis) {
  return !!(win && typeof win.matchMedia === 'function'
    && win.matchMedia('(prefers-reduced-motion: reduce)').matches);
}

// Labels are free text from the PDN file: compare attributes instead of building a selector.
const byAttr = (root, name, value) => [...root.querySelectorAll(`[${name}]`)]
  .find((el) => el.getAttribute(name) === value) || null;

/** Which hop (and how far along it, 0..1) passes over the screen square `p`; null if none. */
function hopOver(points, p) {
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1];
    const b = points[i];
    const dx = b.col - a.col;
    const dy = b.row - a.row;
    const len2 = dx * dx + dy * dy;
    const t = len2 ? ((p.col - a.col) * dx + (p.row - a.row) * dy) / len2 : -1;
    const cross = (p.col - a.col) * dy - (p.row - a.row) * dx;
    if (cross === 0 && t > 0 && t < 1) return { hop: i - 1, t };
  }
  return null;
}

/**
 * Animate the last move on a freshly drawn board: the piece on `model.move.to` travels from the
 * start of the path through every landing square, and each captured piece fades to its ghost
 * look as the mover jumps it. The drawing already shows the final position, so the animations
 * only override it while they run (nothing to clean up if the board is redrawn meanwhile).
 * Returns the mover's Animation, or null when nothing was animated.
 */
export function animateMove(svgEl, model, { reducedMotion = false, msPerHop = 160 } = {}) {
  const move = model && model.move;
  if (reducedMotion || !svgEl || !move || !move.path || move.path.length < 2) return null;
  const el = byAttr(svgEl, 'data-square', move.to);
  if (!el || typeof el.animate !== 'function') return null;

  const points = move.path;
  const hops = points.length - 1;
  const duration = hops * msPerHop;
  // CSS transform replaces the element's transform attribute while the animation runs, so the
  // keyframes hold absolute positions (px = SVG user units here); the last one is where it stands.
  const frames = points.map((p, i) => ({
    offset: i / hops,
    transform: `translate(${centre(p.col)}px, ${centre(p.row)}px)`,
    easing: 'ease-in-out',
  }));
  const anim = el.animate(frames, { duration });

  // A man that crowns on this move shows its crown only on arrival.
  const crown = move.piece && move.piece[1] === 'm' && el.querySelector('.crown');
  if (crown) crown.animate([{ opacity: 0 }, { opacity: 0, offset: 0.95 }, { opacity: 1 }], { duration });

  const win = (svgEl.ownerDocument && svgEl.ownerDocument.defaultView) || globalThis;
  for (const g of model.ghosts || []) {
    const ghostEl = byAttr(svgEl, 'data-ghost', g.square);
    if (!ghostEl || typeof ghostEl.animate !== 'function') continue;
    const over = hopOver(points, g);
    const start = over ? (over.hop + over.t / 2) / hops : 0;
    const end = over ? (over.hop + 1) / hops : 1;
    // The ghost's own opacity (style.css's --ghost-opacity, per theme); none known, no fade.
    const faded = win.getComputedStyle && win.getComputedStyle(ghostEl).opacity;
    if (!faded) continue;
    ghostEl.animate([
      { offset: 0, opacity: 1 },
      { offset: start, opacity: 1 },
      { offset: end, opacity: faded },
      { offset: 1, opacity: faded },
    ], { duration });
  }
  return anim;
}
