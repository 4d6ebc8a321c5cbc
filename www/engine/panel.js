// The engine's panel, pure (element trees, see view/tree.js): the evaluation bar beside the
// board, the best lines with their scores (each move a button that plays the line up to it), and
// the depth searched. Scores are shown from White's side, as players read an evaluation; the
// engine's own (from the side to move's view) are turned here. No draughts rules.

import { h } from '../view/tree.js';
import { SLOPE, scoreText, whiteShare } from '../view/review.js';
import { whiteScore } from '../view/score.js';

// The curve and the words of a score are the review graph's too: written once, there; the score
// convention (whiteScore turns a line's score to White's side) in view/score.js.
export { SLOPE, scoreText, whiteShare, whiteScore };

/**
 * The bar: its white part's width is in data-share (set as its style by attach.js through the
 * CSSOM: a style attribute would need the host page's CSP to allow inline styles). `score` from White's side (or null: nothing yet), White's share from the left, or
 * from the right when the board is turned.
 */
export function evalBar(score, { flipped = false } = {}) {
  const share = score ? whiteShare(score) : 0.5;
  const pct = `${(share * 100).toFixed(1)}%`;
  return h('div', {
    class: `eval-bar${flipped ? ' flipped' : ''}`,
    'data-eval': score ? scoreText(score) : '',
    role: 'img',
    'aria-label': score ? scoreText(score) : '',
  }, h('div', { class: 'eval-white', 'data-share': pct }));
}

/**
 * The engine's nodes a position in a game review, and its word: the reader's choice. A node
 * budget gives the same marks on every run and machine (`pdn review --nodes N` gives the page's);
 * Normal is session.js REVIEW_NODES.
 */
export const REVIEW_BUDGETS = [[30000, 'review.quick'], [100000, 'review.normal'], [300000, 'review.deep']];

/**
 * The panel: `info` is the worker's last report ({ depth, nodes, lines }) or null while it
 * starts; `error` a message. Each line: its score, then its moves as buttons carrying
 * data-engine-line (the line's index) and data-engine-move (the move's index in it).
 */
export function enginePanel({ info, error = null, whiteToMove = true, t, flipped = false, review = null }) {
  const best = info && info.lines.length ? whiteScore(info.lines[0], whiteToMove) : null;
  const lines = info ? info.lines.map((line, k) => {
    const score = whiteScore(line, whiteToMove);
    return h('li', { class: 'engine-line', 'data-engine-line': k },
      h('span', { class: 'engine-score' }, scoreText(score)),
      h('span', { class: 'engine-moves' }, line.pv.map((m, j) => h('button', {
        type: 'button', class: 'engine-move', 'data-engine-line': k, 'data-engine-move': j,
        title: t('engine.play'),
      }, m))));
  }) : [];
  const status = error
    ? h('p', { class: 'engine-status engine-error', role: 'status' }, error)
    : h('p', { class: 'engine-status', role: 'status' },
      info ? t('engine.depth', { depth: info.depth, nodes: info.nodes }) : t('engine.thinking'));
  // The game review's button (review: { progress: { done, of } | null, can, nodes }): it starts
  // the review (when the game shown has moves: can), or stops the one running, whose progress the
  // status then says; beside it the search a position (nodes), chosen before a review starts.
  const reviewButton = review ? h('button', {
    type: 'button', id: 'review-game', class: 'review-game', 'data-engine-review': review.progress ? 'running' : '',
    'aria-pressed': review.progress ? 'true' : 'false', title: t('review.title'),
    disabled: review.progress || review.can ? null : '',
  }, t(review.progress ? 'review.stop' : 'review.start')) : null;
  const times = review ? h('span', { class: 'review-times', role: 'group', 'aria-label': t('review.time') },
    REVIEW_BUDGETS.map(([nodes, key]) => h('button', {
      type: 'button', class: 'review-time', 'data-review-nodes': nodes, 'aria-pressed': String(nodes === review.nodes),
      title: t('review.nodesTitle', { nodes }), disabled: review.progress ? '' : null,
    }, t(key)))) : null;
  const reviewStatus = review && review.progress
    ? h('p', { class: 'engine-status', role: 'status' }, t('review.progress', review.progress)) : null;
  return h('div', { class: 'engine', 'data-engine-depth': info ? info.depth : 0 },
    evalBar(best, { flipped }),
    h('div', { class: 'engine-body' },
      h('ol', { class: 'engine-lines', 'aria-label': t('engine.lines') }, lines),
      reviewStatus || status,
      review ? h('div', { class: 'review-start' }, reviewButton, times) : null));
}
