// Unit tests of solve mode's controller (www/view/solve.js) over fakes: the core's answers come from a
// fake library, the viewer (a fake of the controller's mode API) records where it is sent. What is
// checked: the controller's solve mode entered and left (its navigation off, moves picked handed
// here), the right move and the text's reply, a wrong try (counted, taken back), the move
// shown, take back, start again, and solved.

import test from 'node:test';
import assert from 'node:assert/strict';
import { createSolve } from '../../www/view/solve.js';

/** Just enough of a DOM element for solve.js. */
function fakeElement(tag) {
  const listeners = {};
  const e = {
    tag, children: [], attributes: {}, dataset: {}, hidden: false, disabled: false, text: '',
    setAttribute(k, v) { e.attributes[k] = String(v); if (k.startsWith('data-')) e.dataset[k.slice(5)] = String(v); },
    getAttribute(k) { return e.attributes[k] ?? null; },
    append(...c) { e.children.push(...c); },
    replaceChildren(...c) { e.children = c; },
    addEventListener(type, fn) { listeners[type] = fn; },
    click() { return listeners.click && listeners.click(); },
    set textContent(v) { e.text = String(v); e.children = []; },
    get textContent() { return e.text + e.children.map((c) => (typeof c === 'string' ? c : c.textContent)).join(''); },
  };
  return e;
}
const doc = { createElement: fakeElement };

/** A problem: 1. 27-22 (1. 33-28! 23-29) (1. 33-29 23x34) 1... 17x39 2. 26x8 */
function fakeLibrary() {
  const calls = [];
  return {
    calls,
    async solveState(i, line, ply) {
      const finished = line == null && ply >= 3;
      return { toMove: ply % 2 ? 'black' : 'white', finished, hint: finished ? null : { from: `${ply}1`, to: `${ply}2` } };
    },
    async solve(i, line, ply, choice) {
      calls.push([line, ply, choice]);
      if (choice === undefined) return { verdict: 'shown', moved: { line, ply: ply + 1 }, reply: null, replyNotation: null, solved: true, toMove: 'black' };
      if (choice === 0) return { verdict: 'right', moved: { line: null, ply: 1 }, reply: { line: null, ply: 2 }, replyNotation: '17x39', solved: false, toMove: 'white' };
      if (choice === 1) return { verdict: 'wrong', moved: null, reply: { line: 1, ply: 2 }, replyNotation: '23x34', solved: false, toMove: 'white' };
      return { verdict: 'wrong', moved: null, reply: null, replyNotation: null, solved: false, toMove: 'white' };
    },
  };
}

function fakeViewer() {
  const handlers = new Map();
  const v = {
    state: { game: 0, line: null, ply: 0, mode: 'analysis', view: { plies: [{}, {}, { notation: '26x8' }], variations: [{}, {}] } },
    log: [],
    handlers,
    handle(mode, h) { handlers.set(mode, h); },
    setMode(mode) {
      const old = handlers.get(v.state.mode);
      v.state.mode = mode;
      if (old && old.leave) old.leave();
      const h = handlers.get(mode);
      if (h && h.enter) h.enter();
      v.log.push(`mode ${mode}`);
    },
    showPlace({ ply, line = null }) { v.state.ply = ply; v.state.line = line; v.log.push(`show ${line}:${ply}`); },
    preview(m) { v.log.push(m ? `preview ${m.notation}` : 'preview none'); },
    overlays: new Map(),
    setOverlay(name, draw, opts = {}) { if (draw) v.overlays.set(name, { draw, opts }); else v.overlays.delete(name); },
  };
  return v;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

test('solve mode: right and replied, wrong and counted, shown and solved, back, again, stop', async () => {
  const viewer = fakeViewer();
  const library = fakeLibrary();
  const input = { shown() {}, pointer: { down() { return true; } } };
  const analysis = { handler: input };
  const panel = fakeElement('section');
  const host = fakeElement('body');
  const moves = fakeElement('div');
  const t = (key, params = {}) => `${key}${Object.keys(params).length ? JSON.stringify(params) : ''}`;
  const solve = createSolve({ doc, viewer, library, analysis, panel, hide: [moves], t, host, pause: 0 });
  const mode = viewer.handlers.get('solve');
  assert.equal(mode.pointer, input.pointer, 'solve mode\'s board input is the analysis board\'s');
  assert.equal(mode.shown, input.shown);
  const handler = (m) => mode.play(m);
  assert.equal(panel.hidden, true);

  solve.start();
  await settle();
  assert.equal(solve.active, true);
  assert.equal(viewer.state.mode, 'solve', 'the controller is in solve mode (it refuses navigation)');
  assert.equal(panel.hidden, false);
  assert.equal(moves.hidden, true, 'the move list is put away');
  assert.equal(host.dataset.solve, 'solving');
  assert.match(panel.children[0].textContent, /solve\.whiteToPlay/);

  // A move the text does not give: drawn, then taken back.
  await handler({ index: 5, notation: '37-31' });
  await settle();
  assert.deepEqual(viewer.log.slice(-2), ['preview 37-31', 'preview none']);
  assert.match(panel.children[1].textContent, /solve\.wrong/);

  // A refuted try: counted, shown with the refutation, then taken back; the refutation named.
  await handler({ index: 1, notation: '33-29' });
  await settle();
  assert.deepEqual(viewer.log.slice(-2), ['show 1:2', 'show null:0'], 'the try and its refutation shown, then taken back');
  assert.match(panel.children[1].textContent, /solve\.refuted.*23x34/);
  assert.equal(viewer.state.ply, 0);

  // The text's move: shown, then the reply.
  await handler({ index: 0, notation: '27-22' });
  await settle();
  assert.deepEqual(viewer.log.slice(-2), ['show null:1', 'show null:2']);
  const listed = () => panel.children[2].children.map((li) => li.dataset.kind);
  assert.deepEqual(listed(), ['right', 'reply']);

  // Shown on request: solved, with the counts.
  await panel.children[3].children[1].click();
  await settle();
  assert.equal(host.dataset.solve, 'solved');
  assert.deepEqual(listed(), ['right', 'reply', 'shown']);
  assert.match(panel.children[0].textContent, /solve\.solved.*"tries":2,"shown":1/);
  assert.deepEqual(library.calls.at(-1), [null, 2, undefined]);

  // Take back, start again.
  panel.children[3].children[2].click();
  await settle();
  assert.equal(viewer.state.ply, 2);
  assert.equal(host.dataset.solve, 'solving');
  panel.children[3].children[3].click();
  await settle();
  assert.equal(viewer.state.ply, 0);
  assert.deepEqual(listed(), []);

  solve.stop();
  assert.equal(solve.active, false);
  assert.equal(viewer.state.mode, 'analysis', 'back to the mode solving started from');
  assert.equal(moves.hidden, false);
  assert.equal(panel.hidden, true);
  assert.equal(host.dataset.solve, undefined);

  // Another mode chosen by the host while solving leaves solve mode the same way.
  solve.start();
  await settle();
  assert.equal(moves.hidden, true);
  viewer.setMode('view');
  assert.equal(solve.active, false);
  assert.equal(moves.hidden, false);
  assert.equal(host.dataset.solve, undefined);
});

test('the hint: the piece to move, then where it goes, from the core\'s solve state; gone at the next place', async () => {
  const { hintLayer } = await import('../../www/view/solve.js');
  const viewer = fakeViewer();
  const panel = fakeElement('section');
  const t = (key) => key;
  const solve = createSolve({ doc, viewer, library: fakeLibrary(), analysis: { handler: {} }, panel, t, host: fakeElement('body'), pause: 0 });
  solve.start();
  await settle();
  const hintButton = panel.children[3].children[0];
  assert.equal(hintButton.dataset.solve, 'hint');
  assert.equal(hintButton.textContent, 'solve.hint');
  assert.equal(viewer.overlays.has('solve-hint'), false, 'no hint before it is asked for');
  // A board model of two squares, labelled as the fake's hint names them at ply 0.
  const model = { squares: [{ label: '01', col: 0, row: 0 }, { label: '02', col: 1, row: 0 }] };
  const drawn = () => {
    const layer = viewer.overlays.get('solve-hint');
    const g = layer && layer.draw(model);
    return g ? g.children.map((r) => [r.attrs['data-solve-hint'], r.attrs['data-hint-square']]) : [];
  };
  hintButton.click();
  assert.deepEqual(drawn(), [['from', '01']]);
  assert.equal(viewer.overlays.get('solve-hint').opts.under, true, 'under the pieces: they stay clickable');
  hintButton.click();
  assert.deepEqual(drawn(), [['from', '01'], ['to', '02']]);
  assert.equal(hintButton.disabled, true, 'nothing more to show');
  // The text's move played: the hint goes, and the next one is the next place's.
  await viewer.handlers.get('solve').play({ index: 0, notation: '27-22' });
  await settle();
  assert.equal(viewer.overlays.has('solve-hint'), false);
  hintButton.click();
  assert.deepEqual(drawn(), []);
  assert.equal(hintLayer(model, null, 1), null);
  solve.stop();
});
