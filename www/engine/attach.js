// The engine beside the board, for every host (view/engine-part.js's setEngine): it starts the engine
// worker (worker.js, its own wasm module) the first time a reader turns the engine on, asks it
// about each position shown, draws the panel (panel.js) and the best move's arrow (an overlay of
// the controller's board), stops it while the tab is hidden, and plays a clicked line into the
// analysis board. Its panel's "Review game" runs the engine through the shown game's mainline
// (the worker's 'review' message; the live analysis waits meanwhile) and hands each position's
// evaluation and judged ply to `review` (view/review.js draws them). No draughts rules: the
// position's FEN comes from the core's view, the lines and the marks from the engine.

import { toDom } from '../view/tree.js';
import { lineView } from '../view/views.js';
import { marksLayer } from '../view/marks.js';
import { gametypeOf } from '../view/score.js';
import { enginePanel } from './panel.js';
import { REVIEW_ENTRIES, REVIEW_NODES } from './session.js';
import { engineClient } from './protocol.js';

// Solve mode's engine, loaded with this module (app.js); the panel's stylesheet, loaded before it.
export { createJudge } from './judge.js';
export { engineSheet, engineSheet as partSheet } from '../view/sheet.js';

/** Best lines asked for. */
export const MULTIPV = 2;

/** The mainline's FENs of a view (the start, then each ply's position). */
function mainline(view) {
  const line = lineView(view, null);
  return [line.start ? line.start.fen : '', ...line.plies.map((p) => p.fen)];
}

/**
 * The mainline's moves as the game writes them: the engine writes its lines and better moves
 * the same way (Russian short notation in a game so written; the engine decides, writeLike).
 */
function moveTexts(view) {
  return lineView(view, null).plies.map((p) => String(p.notation || '').replace(/[!?]+$/, ''));
}

/**
 * doc, viewer (the controller), panel (the element the panel is drawn in), t (words), play(ends)
 * (plays moves given as [from, to] squares from the shown position: the analysis board),
 * createWorker() (a Worker running worker.js), and review: { begin(game, view), step(game, m),
 * end(game, summary | null) } (view/review.js through app.js), where the game review goes.
 */
export function attachEngine({ doc, viewer, panel, t, play, createWorker, review = null }) {
  // The engine's state: what the jobs below read and change.
  const st = {
    worker: null,
    client: null, // engineClient(worker): the requests, checked against protocol.js
    on: false,
    id: 0,
    asked: null, // { fen, id } of the position being searched
    info: null,
    error: null,
    whiteToMove: true,
    // While a line's move is pressed the panel is not redrawn (a press and a release on two
    // drawings make no click); the drawing waits until the press ends.
    holding: false,
    waiting: false,
    // The report on screen: a click plays the line the reader saw, not a newer one held back.
    shown: null,
    // The game review running: { id, game, key, done, of }; the live analysis waits for it.
    reviewing: null,
    // The nodes a position the reader chose for the next review (panel.js REVIEW_BUDGETS).
    reviewNodes: REVIEW_NODES,
    // The last review finished ({ id, game, key }: the worker keeps it, to write it into the text)
    // and the writings asked for (id -> { resolve, reject }).
    reviewed: null,
  };
  const writing = new Map();
  const c = { doc, viewer, panel, t, play, createWorker, review, st, writing };
  // The jobs, each given what the ones before it made.
  Object.assign(c, engineDrawing(c));
  Object.assign(c, engineSearch(c));
  const { onVisibility, release } = engineInput(c);
  const { draw, start, startReview, stopReview, update, stop } = c;

  return {
    get on() { return st.on; },
    get info() { return st.info; },
    /**
     * Resolves to `text` (game `game`'s PDN) with the last finished review written in (the
     * worker's; `pdn review`'s form), when that review is of this game and its mainline.
     */
    annotate(game, text) {
      const view = viewer.state.view;
      if (!st.worker || !st.reviewed || st.reviewed.game !== game || !view || mainline(view).join('\n') !== st.reviewed.key) {
        return Promise.reject(new Error('no review of this game'));
      }
      return new Promise((resolve, reject) => {
        writing.set(st.reviewed.id, { resolve, reject });
        st.client.send('annotate', { id: st.reviewed.id, text });
      });
    },
    /** Whether a game review is running. */
    get reviewing() { return Boolean(st.reviewing); },
    /** Reviews the shown game (the engine must be on); again: stops it. */
    review() { if (st.reviewing) { stopReview(); update(); draw(); } else startReview(); },
    /** The engine on or off; off stops the search (the worker stays, with its table). */
    set(value) {
      st.on = Boolean(value);
      if (st.on) update();
      else stop();
      draw();
    },
    /** Starts the worker (its wasm fetched and compiled) without asking anything: a reader is about to turn the engine on. */
    warm() { start(); },
    /** After each drawing of the position (the controller's onChange). */
    update() { if (st.on) { update(); if (!st.asked || st.info) draw(); } },
    destroy() {
      doc.removeEventListener('visibilitychange', onVisibility);
      doc.removeEventListener('pointerup', release, true);
      doc.removeEventListener('pointercancel', release, true);
      if (st.worker) st.worker.terminate();
      st.worker = null;
      st.client = null;
    },
  };
}

/** The panel and the board's arrow drawn from the engine's state; the position asked about. */
function engineDrawing(c) {
  const { doc, viewer, panel, t, review, st } = c;
  function position() {
    const s = viewer.state;
    if (!s.view) return null;
    const line = lineView(s.view, s.line);
    const fens = [line.start ? line.start.fen : '', ...line.plies.map((p) => p.fen)];
    const fen = fens[s.ply] || '';
    return {
      fen,
      history: fens.slice(0, s.ply).filter(Boolean),
      gametype: gametypeOf(s.view),
      goal: s.view.goal || 'standard',
      moves: moveTexts(s.view),
    };
  }

  function arrow(model) {
    const line = st.info && st.info.lines[0];
    if (!line || !line.from) return null;
    return marksLayer(model, { arrows: [{ color: 'blue', from: line.from, to: line.to }] });
  }

  function draw() {
    if (st.holding) { st.waiting = true; return; }
    panel.hidden = !st.on;
    if (!st.on) {
      panel.replaceChildren();
      viewer.setOverlay('engine', null);
      return;
    }
    st.shown = st.info;
    const progress = st.reviewing ? { done: st.reviewing.done, of: st.reviewing.of } : null;
    const view = viewer.state.view;
    const can = Boolean(view && (view.plies || []).length);
    const node = toDom(doc, enginePanel({ info: st.info, error: st.error, whiteToMove: st.whiteToMove, t, flipped: viewer.state.flipped, review: review ? { progress, can, nodes: st.reviewNodes } : null }), null);
    for (const bar of node.querySelectorAll('.eval-white')) bar.style.width = bar.dataset.share;
    panel.replaceChildren(node);
    viewer.setOverlay('engine', st.info && st.info.lines.length ? arrow : null);
  }

  return { position, draw };
}

/** The worker: started on first use, asked about the position or a game's review, heard. */
function engineSearch(c) {
  const { doc, viewer, t, createWorker, review, st, writing, position, draw } = c;
  function receive(m) {
    if (m && writing.has(m.id) && (m.type === 'annotated' || m.type === 'error')) {
      const w = writing.get(m.id);
      writing.delete(m.id);
      if (m.type === 'annotated') w.resolve(m.text); else w.reject(new Error(m.message));
      return;
    }
    if (!m || m.id !== st.id) return;
    if (st.reviewing && m.id === st.reviewing.id) {
      const r = st.reviewing;
      if (m.type === 'reviewing') {
        r.done = m.index + 1;
        review.step(r.game, m);
      } else if (m.type === 'reviewed' || m.type === 'error') {
        st.reviewing = null;
        if (m.type === 'reviewed') st.reviewed = { id: r.id, game: r.game, key: r.key };
        review.end(r.game, m.type === 'reviewed' ? m.summary : null);
        if (m.type === 'error') st.error = m.message;
        update();
      } else return;
      draw();
      return;
    }
    if (m.type === 'info') {
      st.info = m;
      st.error = null;
    } else if (m.type === 'error') {
      st.error = m.message;
    } else return;
    draw();
  }

  function start() {
    if (st.worker) return;
    st.worker = createWorker();
    st.client = engineClient(st.worker);
    st.worker.addEventListener('message', (e) => receive(e.data));
    st.worker.addEventListener('error', () => { st.error = t('engine.failed'); draw(); });
  }

  /** Runs the review of the shown game's mainline (the analysis waits until it ends). */
  function startReview() {
    const s = viewer.state;
    if (!st.on || !review || !s.view) return;
    const fens = mainline(s.view);
    if (!fens[0] || fens.length < 2) return;
    st.id += 1;
    st.asked = null;
    // No lines while it runs: they would be of a position no longer shown (nor its arrow).
    st.info = null;
    st.error = null;
    st.reviewing = { id: st.id, game: s.game, key: fens.join('\n'), done: 0, of: fens.length };
    review.begin(s.game, s.view);
    start();
    // A smaller table than the analysis's (4 MB), `pdn review`'s, so that the same budget gives
    // the same marks; the worker keeps the review for writing it.
    st.client.send('review', { id: st.id, gametype: gametypeOf(s.view), goal: s.view.goal || 'standard', fens, moves: moveTexts(s.view), nodes: st.reviewNodes, entries: REVIEW_ENTRIES });
    draw();
  }

  /** Stops the review (a stop pressed, another game, the engine off): what it found stays. */
  function stopReview() {
    if (!st.reviewing) return;
    const r = st.reviewing;
    st.reviewing = null;
    if (st.worker) st.client.send('stop');
    review.end(r.game, null);
  }

  /** Asks about the shown position, unless it is the one asked about already. */
  function update() {
    if (st.reviewing) {
      // Another game, or its mainline changed: the review stops; otherwise it goes on.
      const s = viewer.state;
      if (s.view && s.game === st.reviewing.game && mainline(s.view).join('\n') === st.reviewing.key) return;
      stopReview();
    }
    if (!st.on || doc.hidden) return;
    const p = position();
    if (!p || !p.fen) {
      st.info = null;
      draw();
      return;
    }
    if (st.asked && st.asked.fen === p.fen) return;
    st.id += 1;
    st.asked = { fen: p.fen, id: st.id };
    st.info = null;
    st.error = null;
    st.whiteToMove = p.fen.trim().toUpperCase().startsWith('W');
    start();
    st.client.send('analyse', { id: st.id, gametype: p.gametype, goal: p.goal, fen: p.fen, history: p.history, moves: p.moves, multipv: MULTIPV });
    draw();
  }

  function stop() {
    stopReview();
    if (st.worker) st.client.send('stop');
    st.asked = null;
  }

  return { start, startReview, stopReview, update, stop };
}

/**
 * The panel's input (a line's move played, the review's button and budget; no redraw while a
 * move is pressed) and the tab's visibility. Returns the listeners on the document, for destroy.
 */
function engineInput(c) {
  const { doc, panel, play, st, draw, startReview, stopReview, update, stop } = c;
  // A hidden tab stops the analysis (nobody reads it), not a review (it is waited for).
  const onVisibility = () => {
    if (!doc.hidden) update();
    else if (!st.reviewing) stop();
  };
  doc.addEventListener('visibilitychange', onVisibility);

  panel.addEventListener('pointerdown', (e) => {
    if (e.target.closest && e.target.closest('[data-engine-move]')) st.holding = true;
  });
  // Released after the click that follows the release (same task), so that it lands on the
  // button that was pressed.
  const release = () => {
    if (!st.holding) return;
    setTimeout(() => {
      st.holding = false;
      if (st.waiting) { st.waiting = false; draw(); }
    }, 0);
  };
  doc.addEventListener('pointerup', release, true);
  doc.addEventListener('pointercancel', release, true);

  panel.addEventListener('click', (e) => {
    const budget = e.target.closest && e.target.closest('[data-review-nodes]');
    if (budget) {
      if (!st.reviewing) { st.reviewNodes = Number(budget.dataset.reviewNodes); draw(); }
      return;
    }
    if (e.target.closest && e.target.closest('[data-engine-review]')) {
      if (st.reviewing) { stopReview(); update(); draw(); } else startReview();
      return;
    }
    const b = e.target.closest && e.target.closest('[data-engine-move]');
    if (!b || !st.shown) return;
    const line = st.shown.lines[Number(b.dataset.engineLine)];
    if (!line) return;
    play(line.ends.slice(0, Number(b.dataset.engineMove) + 1));
  });

  return { onVisibility, release };
}
