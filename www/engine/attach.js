// The engine beside the board, for every host (view/app.js's setEngine): it starts the engine
// worker (worker.js, its own wasm module) the first time a reader turns the engine on, asks it
// about each position shown, draws the panel (panel.js) and the best move's arrow (an overlay of
// the controller's board), stops it while the tab is hidden, and plays a clicked line into the
// analysis board. No draughts rules: the position's FEN comes from the core's view, the lines
// from the engine.

import { toDom } from '../view/tree.js';
import { lineView } from '../view/views.js';
import { marksLayer } from '../view/marks.js';
import { enginePanel } from './panel.js';

/** Best lines asked for. */
export const MULTIPV = 2;

/**
 * doc, viewer (the controller), panel (the element the panel is drawn in), t (words), play(ends)
 * (plays moves given as [from, to] squares from the shown position: the analysis board), and
 * createWorker() (a Worker running worker.js).
 */
export function attachEngine({ doc, viewer, panel, t, play, createWorker }) {
  let worker = null;
  let on = false;
  let id = 0;
  let asked = null; // { fen, id } of the position being searched
  let info = null;
  let error = null;
  let whiteToMove = true;
  // While a line's move is pressed the panel is not redrawn (a press and a release on two
  // drawings make no click); the drawing waits until the press ends.
  let holding = false;
  let waiting = false;
  // The report on screen: a click plays the line the reader saw, not a newer one held back.
  let shown = null;

  function position() {
    const s = viewer.state;
    if (!s.view) return null;
    const line = lineView(s.view, s.line);
    const fens = [line.start ? line.start.fen : '', ...line.plies.map((p) => p.fen)];
    const fen = fens[s.ply] || '';
    return {
      fen,
      history: fens.slice(0, s.ply).filter(Boolean),
      gametype: String(s.view.variantNumber || s.view.gametype || 20),
    };
  }

  function arrow(model) {
    const line = info && info.lines[0];
    if (!line || !line.from) return null;
    return marksLayer(model, { arrows: [{ color: 'blue', from: line.from, to: line.to }] });
  }

  function draw() {
    if (holding) { waiting = true; return; }
    panel.hidden = !on;
    if (!on) {
      panel.replaceChildren();
      viewer.setOverlay('engine', null);
      return;
    }
    shown = info;
    const node = toDom(doc, enginePanel({ info, error, whiteToMove, t, flipped: viewer.state.flipped }), null);
    for (const bar of node.querySelectorAll('.eval-white')) bar.style.width = bar.dataset.share;
    panel.replaceChildren(node);
    viewer.setOverlay('engine', info && info.lines.length ? arrow : null);
  }

  function receive(m) {
    if (!m || m.id !== id) return;
    if (m.type === 'info') {
      info = m;
      error = null;
    } else if (m.type === 'error') {
      error = m.message;
    } else return;
    draw();
  }

  function start() {
    if (worker) return;
    worker = createWorker();
    worker.addEventListener('message', (e) => receive(e.data));
    worker.addEventListener('error', () => { error = t('engine.failed'); draw(); });
  }

  /** Asks about the shown position, unless it is the one asked about already. */
  function update() {
    if (!on || doc.hidden) return;
    const p = position();
    if (!p || !p.fen) {
      info = null;
      draw();
      return;
    }
    if (asked && asked.fen === p.fen) return;
    id += 1;
    asked = { fen: p.fen, id };
    info = null;
    error = null;
    whiteToMove = p.fen.trim().toUpperCase().startsWith('W');
    start();
    worker.postMessage({ type: 'analyse', id, gametype: p.gametype, fen: p.fen, history: p.history, multipv: MULTIPV });
    draw();
  }

  function stop() {
    if (worker) worker.postMessage({ type: 'stop' });
    asked = null;
  }

  const onVisibility = () => { if (doc.hidden) stop(); else update(); };
  doc.addEventListener('visibilitychange', onVisibility);

  panel.addEventListener('pointerdown', (e) => {
    if (e.target.closest && e.target.closest('[data-engine-move]')) holding = true;
  });
  // Released after the click that follows the release (same task), so that it lands on the
  // button that was pressed.
  const release = () => {
    if (!holding) return;
    setTimeout(() => {
      holding = false;
      if (waiting) { waiting = false; draw(); }
    }, 0);
  };
  doc.addEventListener('pointerup', release, true);
  doc.addEventListener('pointercancel', release, true);

  panel.addEventListener('click', (e) => {
    const b = e.target.closest && e.target.closest('[data-engine-move]');
    if (!b || !shown) return;
    const line = shown.lines[Number(b.dataset.engineLine)];
    if (!line) return;
    play(line.ends.slice(0, Number(b.dataset.engineMove) + 1));
  });

  return {
    get on() { return on; },
    get info() { return info; },
    /** The engine on or off; off stops the search (the worker stays, with its table). */
    set(value) {
      on = Boolean(value);
      if (on) update();
      else stop();
      draw();
    },
    /** After each drawing of the position (the controller's onChange). */
    update() { if (on) { update(); if (!asked || info) draw(); } },
    destroy() {
      doc.removeEventListener('visibilitychange', onVisibility);
      doc.removeEventListener('pointerup', release, true);
      doc.removeEventListener('pointercancel', release, true);
      if (worker) worker.terminate();
      worker = null;
    },
  };
}
