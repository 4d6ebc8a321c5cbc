// The engine's panel (www/engine/panel.js): scores from White's side, the bar's share, and the
// lines' moves as buttons that name their line and place.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { enginePanel, evalBar, scoreText, whiteScore, whiteShare } from '../../www/engine/panel.js';
import { toMarkup, walk } from '../../www/view/tree.js';

const t = (key, args) => (args ? `${key} ${JSON.stringify(args)}` : key);

test('scores are turned to White\'s side and written as players read them', () => {
  assert.deepEqual(whiteScore({ score: 1.5, win: null }, true), { men: 1.5, win: null });
  assert.deepEqual(whiteScore({ score: 1.5, win: null }, false), { men: -1.5, win: null });
  assert.deepEqual(whiteScore({ score: 1000, win: 3 }, false), { men: -1000, win: -3 });
  assert.equal(scoreText({ men: 0.214, win: null }), '+0.21');
  assert.equal(scoreText({ men: -1.3, win: null }), '−1.30');
  assert.equal(scoreText({ men: 0.001, win: null }), '0.00');
  assert.equal(scoreText({ men: 0, win: 5 }), '#5');
  assert.equal(scoreText({ men: 0, win: -4 }), '#−4');
});

test('the bar: even is half, a man ahead leans, a forced result fills it', () => {
  assert.equal(whiteShare({ men: 0, win: null }), 0.5);
  assert.ok(whiteShare({ men: 1, win: null }) > 0.6 && whiteShare({ men: 1, win: null }) < 0.7);
  assert.ok(whiteShare({ men: -1, win: null }) < 0.4);
  assert.equal(whiteShare({ men: 0, win: 7 }), 1);
  assert.equal(whiteShare({ men: 0, win: -7 }), 0);
  const bar = evalBar({ men: 0, win: null }, { flipped: true });
  assert.match(bar.attrs.class, /flipped/);
  assert.equal(bar.children[0].attrs['data-share'], '50.0%');
  assert.equal(evalBar(null).attrs['data-eval'], '');
});

test('the panel lists each line with its score and its moves as buttons; text stays text', () => {
  const info = { depth: 6, nodes: 1234, lines: [
    { score: 2.52, win: null, pv: ['33-29', '23x34'], ends: [['33', '29'], ['23', '34']], from: '33', to: '29' },
    { score: 0.5, win: null, pv: ['<b>x</b>'], ends: [['43', '39']], from: '43', to: '39' },
  ] };
  const tree = enginePanel({ info, whiteToMove: false, t });
  assert.equal(tree.attrs['data-engine-depth'], 6);
  const buttons = walk(tree).filter((n) => n.tag === 'button');
  assert.deepEqual(buttons.map((b) => [b.attrs['data-engine-line'], b.attrs['data-engine-move']]), [[0, 0], [0, 1], [1, 0]]);
  const markup = toMarkup(tree);
  assert.match(markup, /−2\.52/); // Black to move and better: White's side is minus
  assert.match(markup, /&lt;b&gt;x&lt;\/b&gt;/);
  assert.match(markup, /engine\.depth \{&quot;depth&quot;:6,&quot;nodes&quot;:1234\}/);
});

test('before the first depth it says it is thinking; an error is said in its words', () => {
  assert.match(toMarkup(enginePanel({ info: null, t })), /engine\.thinking/);
  const e = toMarkup(enginePanel({ info: null, error: 'the rules of X are not implemented yet', t }));
  assert.match(e, /engine-error/);
  assert.match(e, /not implemented yet/);
});

test('the review button: none without a review box, "Review game" for a game with moves (else disabled), "Stop review" and the progress while it runs', () => {
  const button = (tree) => walk(tree).find((n) => n.tag === 'button' && n.attrs.id === 'review-game');
  assert.equal(button(enginePanel({ info: null, t })), undefined);
  const idle = button(enginePanel({ info: null, t, review: { progress: null, can: true } }));
  assert.deepEqual([idle.children[0], idle.attrs['aria-pressed'], idle.attrs.disabled], ['review.start', 'false', null]);
  assert.equal(button(enginePanel({ info: null, t, review: { progress: null, can: false } })).attrs.disabled, '');
  const tree = enginePanel({ info: null, t, review: { progress: { done: 3, of: 7 }, can: true } });
  const running = button(tree);
  assert.deepEqual([running.children[0], running.attrs['aria-pressed'], running.attrs['data-engine-review']], ['review.stop', 'true', 'running']);
  assert.match(toMarkup(tree), /review\.progress \{&quot;done&quot;:3,&quot;of&quot;:7\}/);
});
