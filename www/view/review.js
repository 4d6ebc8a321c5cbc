// The game review under the move list, for every host (app.js loads it when a game has
// `[%eval]` in its mainline or a review is asked for): the evaluation graph (an SVG of White's
// view, each ply a point to click), the review's progress, the better move under the list when a
// marked move is shown, and each side's summary. The evaluations come from the file's `[%eval]`
// comments, or from the engine's review (engine/attach.js, its worker and the Reviewer of
// crates/engine-wasm), which also gives the marks, the better moves and the summary: nothing is
// judged here. The builders are pure (element trees, see tree.js); createReview draws them.

import { h, toDom } from './tree.js';
import { lineView, nagText } from './views.js';
import { WIN_MEN } from './score.js';

// Its stylesheet, loaded before the box is made (app.js).
export { reviewSheet, reviewSheet as partSheet } from './sheet.js';

/**
 * The slope of the evaluation's curve, the graph's and the engine's bar (engine/panel.js): the
 * weights' fit found P(win) = 1 / (1 + e^(-0.55 · men)).
 */
export const SLOPE = 0.55;
/** The graph's drawing size (its viewBox; the stylesheet stretches it to the list's width). */
export const WIDTH = 600;
export const HEIGHT = 96;
const MARGIN = 6;

/** `[%eval]` as the view gives it ("+0.35", "-1.2", "#3", "#-2") as { men, win }; null when unread. */
export function parseEval(text) {
  const s = String(text ?? '').trim();
  if (s.startsWith('#')) {
    if (!/^#[+-]?\d+$/.test(s)) return null;
    const n = Number(s.slice(1));
    return { men: n < 0 ? -WIN_MEN : WIN_MEN, win: n };
  }
  const men = Number(s);
  return s && Number.isFinite(men) ? { men, win: null } : null;
}

/** The mainline's evaluations from the file (index 0: the start, k: after ply k); null when none. */
export function fileEvals(view) {
  const plies = (view && view.plies) || [];
  if (!plies.some((p) => p.eval)) return null;
  return [null, ...plies.map((p) => parseEval(p.eval))];
}

/** White's share of an evaluation ({ men, win } from White's side), 0 to 1 (a forced result: 1 or 0). */
export function whiteShare({ men, win }) {
  if (win != null) return win >= 0 ? 1 : 0;
  return 1 / (1 + Math.exp(-SLOPE * men));
}

/** An evaluation as drawn: White's share (so a man up is clear, ten men up near the edge), or null. */
export function graphValue(e) {
  return e ? whiteShare(e) : null;
}

const fixed = (v) => Number(v.toFixed(1));

/**
 * The graph: `evals` (index k: the position after ply k, { men, win } from White's view, or
 * null where there is none), `of` positions in all (the mainline's start and plies), `marks`
 * ({ ply: '?!' | '?' | '??' }), `current` (the mainline ply shown, or null in a variation).
 * White's share (whiteShare: the engine bar's curve) is the light area under the line; each ply has a hit area with data-ply
 * (a click shows it) and its value in data-eval; a marked ply a dot in its mark's colour.
 */
export function evalGraph({ evals, of = evals.length, marks = {}, current = null, t }) {
  const n = Math.max(of - 1, 1);
  const x = (k) => fixed((k / n) * WIDTH);
  // The edges keep a margin: a line and a mark at a forced result stay in view.
  const y = (v) => fixed(MARGIN + (1 - v) * (HEIGHT - 2 * MARGIN));
  const points = [];
  evals.forEach((e, k) => {
    const v = graphValue(e);
    if (v != null) points.push([x(k), y(v)]);
  });
  const area = points.length
    ? `M${points[0][0]},${HEIGHT} ${points.map(([px, py]) => `L${px},${py}`).join(' ')} L${points.at(-1)[0]},${HEIGHT}Z`
    : '';
  const line = points.length ? `M${points.map(([px, py]) => `${px},${py}`).join(' L')}` : '';
  const step = WIDTH / n;
  const hits = [];
  for (let k = 0; k < of; k += 1) {
    const e = evals[k];
    hits.push(h('rect', {
      class: 'eval-hit', 'data-ply': k, 'data-eval': e ? scoreText(e) : null,
      x: fixed(Math.max(0, x(k) - step / 2)), y: 0, width: fixed(Math.min(step, WIDTH)), height: HEIGHT,
    }, h('title', {}, e ? `${k}: ${scoreText(e)}` : String(k))));
  }
  const dots = Object.entries(marks).filter(([, m]) => m).map(([ply, m]) => {
    const v = graphValue(evals[Number(ply)]);
    return h('rect', {
      class: `eval-mark eval-mark-${markName(m)}`, 'data-review': m, 'data-ply': ply,
      x: fixed(x(Number(ply)) - 3), y: fixed((v == null ? HEIGHT / 2 : y(v)) - 3), width: 6, height: 6, rx: 3,
    });
  });
  const cursor = current != null && current < of
    ? h('line', { class: 'eval-cursor', x1: x(current), x2: x(current), y1: 0, y2: HEIGHT })
    : null;
  return h('svg', {
    id: 'eval-graph', class: 'eval-graph', viewBox: `0 0 ${WIDTH} ${HEIGHT}`, preserveAspectRatio: 'none',
    role: 'slider', tabindex: 0, 'aria-label': t('review.graph'),
    'aria-valuemin': 0, 'aria-valuemax': of - 1, 'aria-valuenow': current ?? 0,
    'data-points': points.length,
  },
  // Black's part only where there are evaluations (none yet, or none for the start: no colour).
  points.length ? h('rect', { class: 'eval-black', x: points[0][0], y: 0, width: fixed(points.at(-1)[0] - points[0][0]), height: HEIGHT }) : null,
  area ? h('path', { class: 'eval-area', d: area }) : null,
  h('line', { class: 'eval-zero', x1: 0, x2: WIDTH, y1: HEIGHT / 2, y2: HEIGHT / 2 }),
  line ? h('path', { class: 'eval-line', d: line }) : null,
  cursor, dots, hits);
}

/** "?!" → inaccuracy, "?" → mistake, "??" → blunder (the class names and the words). */
export function markName(mark) {
  return { '?!': 'inaccuracy', '?': 'mistake', '??': 'blunder' }[mark] || 'none';
}

/** "+0.21", "−1.30", "0.00", "#3" (White wins in 3 plies), "#−3": White's view. */
export function scoreText({ men, win }) {
  if (win != null) return win >= 0 ? `#${win}` : `#−${-win}`;
  const v = Math.abs(men) < 0.005 ? 0 : men;
  return `${v > 0 ? '+' : v < 0 ? '−' : ''}${Math.abs(v).toFixed(2)}`;
}

/**
 * The side that lost the game (its mistakes are listed first): by the result (`2-0`, `0-1`, …),
 * else by the review's last evaluation when it is a man or more; null for neither.
 */
export function loserOf(result, evals = []) {
  const m = /^\s*(\d+(?:\.\d+)?)\s*[-–]\s*(\d+(?:\.\d+)?)\s*$/.exec(String(result || ''));
  if (m && Number(m[1]) !== Number(m[2])) return Number(m[1]) > Number(m[2]) ? 'black' : 'white';
  const last = [...evals].reverse().find((e) => e);
  if (!last) return null;
  const men = last.win != null ? Math.sign(last.win) * WIN_MEN : last.men;
  if (men >= 1) return 'black';
  if (men <= -1) return 'white';
  return null;
}

/**
 * What a marked move lost, in words: the outcome it threw away (`win → draw`) or the men
 * (`−1.20`); `lost` as the worker's ply gives it ({ loss, change }).
 */
export function lostText(lost, t) {
  if (!lost) return '';
  if (lost.change) return t(`review.change.${lost.change}`);
  return `−${Number(lost.loss || 0).toFixed(2)}`;
}

/** "Better: 33-29 (win → draw)": the better move and what the move played lost. */
export function betterText(best, lost, t) {
  const what = lostText(lost, t);
  return `${t('review.better', { move: best })}${what ? ` (${what})` : ''}`;
}

/**
 * Each side's counts and mean loss: a small table (summary as the engine's Reviewer gives it),
 * the loser's row first (both sides are reviewed; `loser` 'white', 'black' or null).
 */
export function reviewSummary(summary, t, loser = null) {
  const row = (side) => {
    const s = summary[side];
    return h('tr', { 'data-side': side },
      h('th', { scope: 'row' }, t(`side.${side}`)),
      h('td', { 'data-count': 'inaccuracies' }, String(s.inaccuracies)),
      h('td', { 'data-count': 'mistakes' }, String(s.mistakes)),
      h('td', { 'data-count': 'blunders' }, String(s.blunders)),
      h('td', { 'data-count': 'loss' }, s.loss.toFixed(2)));
  };
  return h('table', { id: 'review-summary', class: 'review-summary' },
    h('thead', {}, h('tr', {},
      h('th', {}, ''),
      h('th', { scope: 'col', title: t('review.inaccuracies') }, '?!'),
      h('th', { scope: 'col', title: t('review.mistakes') }, '?'),
      h('th', { scope: 'col', title: t('review.blunders') }, '??'),
      h('th', { scope: 'col', title: t('review.lossTitle') }, t('review.loss')))),
    h('tbody', {}, ...(loser === 'black' ? [row('black'), row('white')] : [row('white'), row('black')])));
}

/** The mainline's FENs (the start, then each ply's): a review's identity. */
export function mainlineFens(view) {
  const line = lineView(view, null);
  return [line.start ? line.start.fen : '', ...line.plies.map((p) => p.fen)];
}

/** The move list's buttons' own words (aria-label), before a review's mark was added. */
const plainLabels = new WeakMap();

/**
 * The review's marks in the move list under `root`: a reviewed mainline move carries its mark
 * (data-review), the mark beside it (unless the text has it, as after the review was written
 * in) and the better move (and what the move lost) in its title and name. `marks`: ply →
 * { mark, best, lost }, or null (none);
 * `view` the shown game's. Only the buttons whose mark changed are touched.
 */
export function markMoves(root, marks, view, t) {
  /** @type {Map<number, import('pdn-viewer/library').PlyView>} */
  const plies = new Map(marks && view ? lineView(view, null).plies.map((p) => [p.ply, p]) : []);
  for (const b of root.querySelectorAll('.move[data-ply]:not([data-line])')) {
    const ply = Number(b.getAttribute('data-ply'));
    const r = (marks && marks[ply]) || null;
    const better = r && r.best ? betterText(r.best, r.lost, t) : null;
    if ((b.getAttribute('data-review') || null) === (r && r.mark) && (b.getAttribute('title') || null) === better) continue;
    b.querySelector('.review-mark')?.remove();
    if (!plainLabels.has(b)) plainLabels.set(b, b.getAttribute('aria-label'));
    const label = plainLabels.get(b);
    if (!r) {
      for (const k of ['data-review', 'title']) b.removeAttribute(k);
      if (label != null) b.setAttribute('aria-label', label);
      continue;
    }
    /** @type {Partial<import('pdn-viewer/library').PlyView>} */
    const p = plies.get(ply) || {};
    const own = (p.nags || []).map(nagText).includes(r.mark) || (/[!?]+$/.exec(p.notation || '') || [''])[0] === r.mark;
    b.setAttribute('data-review', r.mark);
    if (better) b.setAttribute('title', better);
    else b.removeAttribute('title');
    b.setAttribute('aria-label', `${label || ''}${own ? '' : ` ${r.mark}`}${better ? `, ${better}` : ''}`);
    if (!own) b.appendChild(toDom(b.ownerDocument, h('span', { class: 'review-mark' }, r.mark), null));
  }
}

/**
 * The review box: doc, box (the element under the move list), moves (the move list's box: the
 * marks are drawn on its moves, also as its slices come in), viewer (the controller), t(), and
 * write(game) (writes a finished review into the game's text; null: no such button). The
 * engine's review is fed in with begin / step / end / stop; update() after each drawing.
 */
export function createReview({ doc, box, moves = null, viewer, t, write = null }) {
  /** Game index → { key, evals, marks, best, lost, of, done, running, summary }. */
  const reviews = new Map();
  let fileView = null;
  let fileData = null;
  let listMarks = null; // ply → { mark, best } on the move list, or null
  // The list is drawn anew (another place, a slice of a long game): its moves get the marks.
  const Observer = doc.defaultView && doc.defaultView.MutationObserver;
  if (moves && Observer) {
    new Observer(() => { if (listMarks) markMoves(moves, listMarks, viewer.state.view, t); })
      .observe(moves, { childList: true, subtree: true });
  }

  function keyOf(view) { return mainlineFens(view).join('\n'); }

  /** The engine's review of the shown game (its mainline unchanged), or the file's evaluations. */
  function data() {
    const s = viewer.state;
    if (!s.view) return null;
    const r = reviews.get(s.game);
    if (r && r.key === keyOf(s.view)) return r;
    if (fileView !== s.view) {
      fileView = s.view;
      const evals = fileEvals(s.view);
      fileData = evals ? { file: true, evals, marks: {}, best: {}, of: evals.length, done: evals.length, running: false, summary: null } : null;
    }
    return fileData;
  }

  function draw() {
    const d = data();
    const s = viewer.state;
    // The marks in the move list (the words of a new language too).
    const marks = d && !d.file ? d.marks : null;
    listMarks = marks ? Object.fromEntries(Object.entries(marks).map(([k, m]) => [k, { mark: m, best: d.best[k], lost: d.lost && d.lost[k] }])) : null;
    if (moves) markMoves(moves, listMarks, s.view, t);
    // While solving, the graph would tell the solution: it is put away.
    box.hidden = !d || s.mode === 'solve';
    if (box.hidden) { box.replaceChildren(); return; }
    const current = s.line == null ? s.ply : null;
    const parts = [];
    if (d.running || (d.done < d.of && !d.file)) {
      parts.push(h('p', { class: 'review-status', role: 'status', 'data-review-progress': `${d.done}/${d.of}` },
        t(d.running ? 'review.progress' : 'review.stopped', { done: d.done, of: d.of }),
        ' ', h('progress', { class: 'review-progress', max: d.of, value: d.done })));
    }
    parts.push(evalGraph({ evals: d.evals, of: d.of, marks: d.file ? {} : d.marks, current, t }));
    const mark = current != null && d.marks[current];
    if (mark && d.best[current]) {
      parts.push(h('p', { id: 'review-better', class: 'review-better', 'data-review': mark },
        h('span', { class: `review-mark review-${markName(mark)}` }, mark), ' ', betterText(d.best[current], d.lost && d.lost[current], t)));
    }
    if (d.summary) parts.push(reviewSummary(d.summary, t, loserOf(s.view.result, d.evals)));
    if (d.summary && !d.running && write) {
      // Written: the game's text has [%eval] in its mainline (until Undo takes it out).
      const written = Boolean(fileEvals(s.view));
      parts.push(h('p', { class: 'review-actions' }, h('button', {
        type: 'button', id: 'review-write', class: 'review-write', title: t('review.writeTitle'),
        disabled: written ? '' : null,
      }, t(written ? 'review.written' : 'review.write'))));
    }
    // The graph is drawn anew: the focus it had (the keys step through the game from it) stays.
    const root = typeof box.getRootNode === 'function' ? box.getRootNode() : doc;
    const focused = root.activeElement && box.contains(root.activeElement) ? root.activeElement.id : null;
    box.replaceChildren(...parts.map((p) => toDom(doc, p, null)));
    if (focused) box.querySelector(`#${focused}`)?.focus({ preventScroll: true });
  }

  box.addEventListener('click', (e) => {
    if (e.target.closest && e.target.closest('#review-write')) {
      const game = viewer.state.game;
      const r = reviews.get(game);
      Promise.resolve(write(game)).then((ok) => {
        // The text changed (its mainline did not): the review stays this game's.
        if (ok && r) r.key = keyOf(viewer.state.view);
        draw();
      });
      return;
    }
    const svg = e.target.closest && e.target.closest('.eval-graph');
    if (!svg) return;
    const d = data();
    if (!d) return;
    const r = svg.getBoundingClientRect();
    const share = r.width ? (e.clientX - r.left) / r.width : 0;
    const ply = Math.max(0, Math.min(d.of - 1, Math.round(share * (d.of - 1))));
    viewer.goTo(ply, null);
  });

  return {
    /** A review of the shown game starts: `fens` its mainline. */
    begin(game, view) {
      const fens = mainlineFens(view);
      reviews.set(game, { key: fens.join('\n'), evals: [], marks: {}, best: {}, lost: {}, of: fens.length, done: 0, running: true, summary: null });
      draw();
    },
    /** One position searched (the worker's 'reviewing' message). */
    step(game, m) {
      const r = reviews.get(game);
      if (!r) return;
      r.evals[m.index] = { men: m.score, win: m.win };
      r.done = Math.max(r.done, m.index + 1);
      if (m.ply && m.ply.mark) {
        r.marks[m.ply.ply] = m.ply.mark;
        r.best[m.ply.ply] = m.ply.best;
        r.lost[m.ply.ply] = { loss: m.ply.loss, change: m.ply.change || null };
      }
      draw();
    },
    /** The review is over (summary from the worker) or stopped (summary null). */
    end(game, summary = null) {
      const r = reviews.get(game);
      if (!r) return;
      r.running = false;
      if (summary) r.summary = summary;
      draw();
    },
    /** After each drawing of the position (and a new language). */
    update: draw,
  };
}
