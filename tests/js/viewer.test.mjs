// Unit tests of the controller (www/view/viewer.js) on a fake DOM (fakedom.mjs): its render draws
// the board from the state (the pick as a layer over the same drawing, a preview, a piece held,
// overlays, the move's animation), and modes are states it checks: navigation refused in solve
// mode while the mode's handler still shows places, handlers told when they enter, leave and
// when a position is drawn, and the board's input given only to modes that take the pieces.
import test from 'node:test';
import assert from 'node:assert/strict';
import { MODES, createViewer } from '../../www/view/viewer.js';
import { fakeDocument } from './fakedom.mjs';
import { fakeView } from './fixtures.mjs';
import { readFileSync } from 'node:fs';

function setUp({ animate = true } = {}) {
  const doc = fakeDocument();
  const els = {};
  for (const k of ['board', 'moves', 'diagnostics', 'header', 'tags', 'plyInfo', 'announcer', 'first', 'prev', 'next', 'last', 'flip', 'play']) {
    els[k] = doc.createElement(['first', 'prev', 'next', 'last', 'flip', 'play'].includes(k) ? 'button' : 'div');
    doc.body.append(els[k]);
  }
  const changes = [];
  const viewer = createViewer({ doc, els, library: { variations: null }, t: (k) => k, onChange: () => changes.push(viewer.state.ply) });
  viewer.setAnimate(animate);
  viewer.setGame(0, fakeView(), 0, 1);
  const svg = () => els.board.querySelector('svg');
  const pieces = () => Object.fromEntries(svg().querySelectorAll('g.piece').map((p) => [p.getAttribute('data-square'), p.getAttribute('data-piece')]));
  return { doc, els, viewer, svg, pieces, changes };
}

test('the render: one board from the state; a step forward animates its move', () => {
  const { els, viewer, svg, pieces } = setUp();
  assert.equal(els.board.children.length, 1);
  assert.equal(Object.keys(pieces()).length, 40);
  assert.equal(viewer.state.mode, 'view');
  viewer.step(1);
  assert.equal(viewer.state.ply, 1);
  assert.equal(pieces()['28'], 'wm');
  const mover = svg().querySelectorAll('g.piece').at(-1);
  assert.equal(mover.getAttribute('data-square'), '28', 'the mover is drawn last');
  assert.equal(mover.animations.length, 1, 'the render animates the move it drew');
  viewer.setAnimate(false);
  viewer.step(1);
  assert.equal(svg().querySelectorAll('g.piece').some((p) => p.animations.length), false, 'not when animation is off');
});

test('a pick is drawn as a layer over the same drawing; a new place draws anew without it', () => {
  const { viewer, svg, pieces } = setUp();
  const before = svg();
  viewer.select({ from: '32', chosen: [], targets: ['27', '28'], via: [] });
  assert.equal(svg(), before, 'the same drawing: the pieces (and a running animation) stay');
  const over = svg().querySelector('g[data-overlays="over"]');
  assert.deepEqual(over.querySelectorAll('[data-target]').map((e) => e.getAttribute('data-target')), ['27', '28']);
  assert.equal(over.querySelector('[data-selected]').getAttribute('data-selected'), '32');
  assert.equal(viewer.state.selection.from, '32');
  viewer.select(null);
  assert.equal(svg().querySelectorAll('[data-target]').length, 0);
  viewer.select({ from: '32', chosen: [], targets: ['28'] });
  viewer.step(1);
  assert.notEqual(svg(), before);
  assert.equal(viewer.state.selection, null, 'a pick belongs to its position');
  assert.equal(svg().querySelectorAll('[data-target]').length, 0);
  assert.equal(Object.keys(pieces()).length, 40);
});

test('overlays: drawn over or under the pieces from the state, removed by name', () => {
  const { viewer, svg } = setUp();
  const seen = [];
  const draw = (model, state) => { seen.push(state.ply); return { tag: 'circle', attrs: { 'data-engine': '' }, children: [] }; };
  viewer.setOverlay('engine', draw);
  assert.ok(svg().querySelector('g[data-overlays="over"]').querySelector('[data-engine]'));
  viewer.setOverlay('engine', draw, { under: true });
  assert.ok(svg().querySelector('g[data-overlays="under"]').querySelector('[data-engine]'));
  assert.equal(svg().querySelectorAll('[data-engine]').length, 1);
  viewer.step(1);
  assert.ok(svg().querySelector('[data-engine]'), 'drawn again with every position');
  assert.equal(seen.at(-1), 1);
  viewer.setOverlay('engine', null);
  assert.equal(svg().querySelectorAll('[data-engine]').length, 0);
});

test('a preview draws the move over the shown position; null draws the position again', () => {
  const { viewer, svg, pieces, changes } = setUp();
  const n = changes.length;
  const move = fakeView().plies[0];
  viewer.select({ from: '32', chosen: [], targets: ['28'] });
  viewer.preview(move);
  assert.equal(svg().dataset.preview, '32-28');
  assert.equal(pieces()['28'], 'wm');
  assert.equal(pieces()['32'], undefined);
  assert.equal(viewer.state.ply, 0, 'the place is still the one shown');
  assert.equal(viewer.state.selection, null);
  assert.equal(changes.length, n, 'a preview is not a move (the address stays)');
  viewer.preview(null);
  assert.equal(svg().dataset.preview, undefined);
  assert.equal(pieces()['32'], 'wm');
});

test('a piece held is drawn where the pointer is, above the others, and put back', () => {
  const { viewer, svg } = setUp();
  const piece = () => svg().querySelectorAll('g.piece').find((p) => p.getAttribute('data-square') === '32');
  const base = piece().getAttribute('transform');
  viewer.drag({ square: '32', dx: 80, dy: -40 }); // the fake board is 800 px for 1000 units
  assert.equal(piece().getAttribute('transform'), `translate(100 -50) ${base}`);
  assert.ok(piece().classList.contains('dragging'));
  assert.equal(svg().querySelectorAll('g.piece').at(-1), piece());
  viewer.flip(); // a drawing meanwhile keeps holding it
  assert.ok(piece().classList.contains('dragging'));
  viewer.drag(null);
  assert.equal(piece().classList.contains('dragging'), false);
  assert.doesNotMatch(piece().getAttribute('transform'), /translate\(100/);
  // 32 is file 3, rank 3: flipped, screen column 6, row 3.
  assert.equal(viewer.squareAt(6 * 80 + 5, 3 * 80 + 5), '32', 'the square under a point, from the drawn geometry');
  assert.equal(viewer.squareAt(5, 5), null, 'a light square');
});

test('solve mode refuses navigation; its handler shows places; enter, leave and shown are called', () => {
  const { els, viewer } = setUp();
  const calls = [];
  const pointer = { down: () => true };
  viewer.handle('analysis', { shown: () => calls.push('analysis shown'), pointer });
  viewer.handle('solve', { enter: () => calls.push('enter'), leave: () => calls.push('leave'), shown: () => calls.push('solve shown'), pointer });
  assert.equal(viewer.input(), null, 'view mode takes no pieces');
  assert.equal(viewer.setMode('analysis'), true);
  assert.equal(viewer.input(), pointer);
  assert.deepEqual(calls, ['analysis shown']);
  calls.length = 0;
  viewer.step(1);
  assert.deepEqual(calls, ['analysis shown'], 'told of every position drawn');
  calls.length = 0;

  viewer.togglePlay();
  assert.equal(viewer.state.playing, true);
  viewer.setMode('solve');
  assert.deepEqual(calls, ['enter', 'solve shown']);
  assert.equal(viewer.state.playing, false, 'autoplay stops');
  assert.equal(viewer.navigable, false);
  for (const go of [() => viewer.step(1), () => viewer.goTo(3), () => viewer.first(), () => viewer.last(), () => viewer.variationDown(), () => viewer.togglePlay()]) {
    assert.equal(go() || false, false);
    assert.equal(viewer.state.ply, 1, 'the coming moves stay hidden');
  }
  assert.equal(viewer.state.playing, false);
  assert.ok(els.next.disabled && els.last.disabled && els.first.disabled && els.play.disabled, 'the buttons are off');
  assert.equal(viewer.showPlace({ ply: 3, line: null }), true, 'the mode\'s handler shows places');
  assert.equal(viewer.state.ply, 3);
  viewer.flip();
  assert.equal(viewer.state.flipped, true, 'flipping is not navigation');
  assert.equal(viewer.input(), pointer);

  calls.length = 0;
  viewer.setMode('analysis');
  assert.deepEqual(calls, ['leave', 'analysis shown']);
  assert.equal(els.next.disabled, false);
  viewer.step(1);
  assert.equal(viewer.state.ply, 4);
  assert.equal(viewer.setMode('nonsense'), false);
  assert.equal(viewer.state.mode, 'analysis');
  assert.deepEqual(Object.keys(MODES), ['view', 'analysis', 'solve', 'edit']);
});

test('the API changes the state only through its transitions; the render follows the state', () => {
  const { els, viewer, changes } = setUp();
  const heard = [];
  const off = viewer.subscribe((s, prev, name) => heard.push(name));
  const before = viewer.state;
  assert.ok(Object.isFrozen(before), 'a state is never written in place');
  viewer.step(1);
  assert.notEqual(viewer.state, before);
  assert.equal(before.ply, 0, 'the old state stays as it was');
  assert.equal(els.board.dataset.ply, '1');
  viewer.step(99);
  assert.equal(viewer.state.ply, 4, 'past the end: the end');
  viewer.goTo(2, 7);
  assert.deepEqual([viewer.state.line, viewer.state.ply], [null, 2], 'a line that does not exist: the mainline');
  const n = changes.length;
  viewer.goTo(2, null);
  assert.equal(changes.length, n, 'the same place draws nothing again');
  viewer.flip();
  viewer.setCoordinates('none');
  viewer.openPart('explorer');
  viewer.setTab('boards');
  assert.deepEqual(heard, ['showPlace', 'showPlace', 'showPlace', 'flip', 'setCoordinates', 'openPart', 'setTab']);
  assert.deepEqual(viewer.state.parts, ['explorer']);
  assert.equal(els.flip.getAttribute('aria-pressed'), 'true');
  off();
  viewer.clear();
  assert.equal(viewer.state.view, null);
  assert.equal(els.board.children.length, 0);
  assert.equal(viewer.state.flipped, true, 'the orientation outlives the game');
});

test('viewer.js: no function over 150 lines (the controller split by job)', () => {
  const source = readFileSync(new URL('../../www/view/viewer.js', import.meta.url), 'utf8').split('\n');
  const starts = source.map((l, i) => (/^(export )?function /.test(l) ? i : -1)).filter((i) => i >= 0);
  starts.push(source.length);
  for (let k = 0; k + 1 < starts.length; k++) {
    assert.ok(starts[k + 1] - starts[k] <= 150, `${source[starts[k]]} spans ${starts[k + 1] - starts[k]} lines`);
  }
});
