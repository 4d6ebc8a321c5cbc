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

test('a move the text does not give goes to the engine: accepted and replied past the text, refuted, or dropped by Start again', async () => {
  const viewer = fakeViewer();
  viewer.state.view = { gametype: '20', goal: 'standard', start: { fen: 'W:W41,43:B32' }, plies: [{ fen: 'B:W36,43:B32' }], variations: [] };
  const library = fakeLibrary();
  const base = library.solve;
  library.solve = async (...a) => {
    const r = await base(...a);
    return { ...r, inText: a[3] !== 5 && a[3] !== 6 };
  };
  // Past the text: after 43-39 (index 5) the defender's moves; after its reply 32-38 (index 1), White's.
  library.movesAfter = async (i, line, ply, choices) => {
    if (choices.join() === '5') return [{ index: 0, notation: '32-37', fen: 'W:W39,41:B37' }, { index: 1, notation: '32-38', fen: 'W:W39,41:B38' }];
    if (choices.join() === '5,1') return [{ index: 0, notation: '41-37', fen: 'B:W37,39:B38' }];
    if (choices.join() === '6') return [{ index: 0, notation: '32x41', fen: 'W:W43:B41' }];
    return [];
  };
  const asked = [];
  let answer = null;
  let drops = 0;
  const judge = {
    ask(q) { asked.push(q); return new Promise((resolve) => { answer = resolve; }); },
    drop() { drops += 1; if (answer) answer(null); },
  };
  let loads = 0;
  const engine = async () => { loads += 1; return judge; };
  const panel = fakeElement('section');
  const host = fakeElement('body');
  const t = (key, params = {}) => `${key}${Object.keys(params).length ? JSON.stringify(params) : ''}`;
  const solve = createSolve({ doc, viewer, library, analysis: { handler: {} }, panel, t, host, pause: 0, engine });
  const mode = viewer.handlers.get('solve');
  const listed = () => panel.children[2].children.map((li) => `${li.text}:${li.dataset.kind}`);
  const restart = panel.children[3].children[3];
  solve.start();
  await settle();
  assert.equal(loads, 0, 'no engine before a move past the text');

  // 43-39: the engine is asked about the position after it, with the game's positions before.
  const playing = mode.play({ index: 5, notation: '43-39', fen: 'B:W39,41:B32' });
  await settle();
  assert.equal(loads, 1);
  assert.deepEqual(asked[0], { gametype: '20', goal: 'standard', fen: 'B:W39,41:B32', history: ['W:W41,43:B32'] });
  assert.equal(panel.dataset.busy, '', 'busy while the engine thinks');
  assert.match(panel.children[1].textContent, /solve\.thinking/);
  assert.equal(restart.disabled, false, 'Start again drops the question');
  answer({ verdict: 'won', solved: false, reply: { notation: '32-38', fen: 'W:W39,41:B38' } });
  await playing;
  await settle();
  assert.match(panel.children[1].textContent, /solve\.engine\{"move":"43-39"\}/);
  assert.deepEqual(listed(), ['43-39:engine', '32-38:reply']);
  assert.equal(viewer.log.at(-1), 'preview 32-38', 'the engine\'s reply drawn');
  assert.equal(host.dataset.solve, 'solving');
  assert.deepEqual(mode.moves().key, '5,1', 'the board\'s moves are the ones past the text');
  assert.deepEqual(await mode.moves().list(), [{ index: 0, notation: '41-37', fen: 'B:W37,39:B38' }]);

  // The next move is judged the same way; the end of the game is the engine's "solved".
  const next = mode.play({ index: 0, notation: '41-37', fen: 'B:W37,39:B38' });
  await settle();
  assert.deepEqual(asked[1].history, ['W:W41,43:B32', 'B:W39,41:B32', 'W:W39,41:B38']);
  answer({ verdict: 'won', solved: true, reply: null });
  await next;
  await settle();
  assert.equal(host.dataset.solve, 'solved');

  // Taken back: past the text again, after the engine's reply.
  panel.children[3].children[2].click();
  await settle();
  assert.equal(host.dataset.solve, 'solving');
  assert.equal(mode.moves().key, '5,1');
  assert.equal(viewer.log.at(-1), 'preview 32-38');

  // Start again while the engine thinks: its answer is dropped.
  restart.click();
  await settle();
  assert.equal(mode.moves(), null, 'back in the text');
  const dropped = mode.play({ index: 5, notation: '43-39', fen: 'B:W39,41:B32' });
  await settle();
  const before = drops;
  restart.click();
  await dropped;
  await settle();
  assert.ok(drops > before, 'the pending question is dropped');
  assert.deepEqual(listed(), []);
  assert.equal(panel.dataset.busy, undefined);

  // 41-37 loses: wrong, counted, drawn with the engine's refutation, then taken back.
  const lost = mode.play({ index: 6, notation: '41-37', fen: 'B:W37,43:B32' });
  await settle();
  answer({ verdict: 'lost', solved: false, reply: { notation: '32x41', fen: 'W:W43:B41' } });
  await lost;
  await settle();
  assert.match(panel.children[1].textContent, /solve\.engineRefuted.*32x41/);
  assert.deepEqual(viewer.log.slice(-2), ['preview 32x41', 'preview none']);
  // No forced result: said so, taken back.
  const unproven = mode.play({ index: 5, notation: '43-39', fen: 'B:W39,41:B32' });
  await settle();
  answer({ verdict: 'unproven', solved: false, reply: { notation: '32-37', fen: 'W:W39,41:B37' } });
  await unproven;
  await settle();
  assert.match(panel.children[1].textContent, /solve\.unconfirmed/);
  assert.deepEqual(listed(), []);
  restart.click();
  await settle();
  assert.doesNotMatch(panel.children[0].textContent, /solved/);
});
