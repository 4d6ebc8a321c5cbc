// Unit tests for www/view/controls.js, the one set of controls of the page and of <pdn-viewer>, with a
// tiny fake DOM: event targets that keep listeners, elements with a parent, dataset, closest()
// and contains(), and events with preventDefault() and composedPath().
import test from 'node:test';
import assert from 'node:assert/strict';
import { KEYS, SWIPE_MIN, WHEEL_GAP, attachControls, isTyping } from '../../www/view/controls.js';

class FakeTarget {
  constructor() { this.listeners = []; }
  addEventListener(type, fn, opts) { this.listeners.push({ type, fn, opts }); }
  removeEventListener(type, fn) { this.listeners = this.listeners.filter((l) => l.type !== type || l.fn !== fn); }
  /** Fires `type` here and up the parents (bubbling), as the browser would; returns the event. */
  dispatch(type, props = {}, path = null) {
    const e = {
      type, target: this, defaultPrevented: false, ...props,
      preventDefault() { this.defaultPrevented = true; },
    };
    const chain = [];
    for (let n = this; n; n = n.parent) chain.push(n);
    e.composedPath = () => path || chain;
    for (const n of chain) for (const l of [...n.listeners]) if (l.type === type) l.fn(e);
    return e;
  }
}

class FakeElement extends FakeTarget {
  constructor(tagName, { dataset = {}, type, editable = false } = {}) {
    super();
    this.tagName = tagName.toUpperCase();
    this.dataset = dataset;
    this.type = type;
    this.isContentEditable = editable;
    this.parent = null;
  }
  append(...kids) { for (const k of kids) k.parent = this; return this; }
  closest(selector) {
    assert.equal(selector, '[data-ply]', 'the only selector the controls use');
    for (let n = this; n; n = n.parent) if (n.dataset && n.dataset.ply != null) return n;
    return null;
  }
  contains(node) {
    for (let n = node; n; n = n.parent) if (n === this) return true;
    return false;
  }
}

function fakeViewer(view = {}) {
  const calls = [];
  const record = (name) => (...args) => { calls.push([name, ...args]); };
  return {
    calls,
    state: { view },
    step: record('step'), first: record('first'), last: record('last'), flip: record('flip'),
    togglePlay: record('togglePlay'), goTo: record('goTo'),
    variationDown: record('variationDown'), variationUp: record('variationUp'),
  };
}

/** A page-like set-up: document > body (data-ply, as the viewer sets it) > board, moves, nav. */
function setUp({ wheel = false, keyTarget = null } = {}) {
  const doc = new FakeTarget();
  const body = new FakeElement('body', { dataset: { ply: '3' } });
  body.parent = doc;
  const board = new FakeElement('div');
  const moves = new FakeElement('div');
  const buttons = {};
  for (const name of ['first', 'prev', 'play', 'next', 'last', 'flip']) buttons[name] = new FakeElement('button', { type: 'button' });
  body.append(board, moves, ...Object.values(buttons));
  const viewer = fakeViewer();
  const settings = { wheel, clock: 1000 };
  const detach = attachControls({
    keyTarget: keyTarget || doc, board, moves, buttons, viewer,
    options: { wheel: () => settings.wheel, now: () => settings.clock },
  });
  return { doc, body, board, moves, buttons, viewer, settings, detach };
}

const press = (target, key, mods = {}, path) => target.dispatch('keydown', { key, altKey: false, ctrlKey: false, metaKey: false, shiftKey: false, ...mods }, path);

test('each key: ← → Home End ↓ ↑ f F, and the key is taken (preventDefault)', () => {
  const { body, viewer } = setUp();
  const expected = {
    ArrowLeft: ['step', -1], ArrowRight: ['step', 1], Home: ['first'], End: ['last'],
    ArrowDown: ['variationDown'], ArrowUp: ['variationUp'], f: ['flip'], F: ['flip'],
  };
  assert.deepEqual(Object.keys(KEYS).sort(), Object.keys(expected).sort());
  for (const [key, call] of Object.entries(expected)) {
    viewer.calls.length = 0;
    const e = press(body, key, key === 'F' ? { shiftKey: true } : {});
    assert.deepEqual(viewer.calls, [call], key);
    assert.equal(e.defaultPrevented, true, `${key} is taken`);
  }
  // Other keys are left to the browser (Space and Enter belong to the focused button).
  for (const key of [' ', 'Enter', 'Tab', 'a', 'PageDown']) {
    const e = press(body, key);
    assert.equal(e.defaultPrevented, false, key);
  }
  assert.equal(viewer.calls.length, 1);
});

test('keys are ignored while typing: input, textarea, select, editable text; not on buttons or checkboxes', () => {
  const { body, viewer } = setUp();
  const typing = [
    new FakeElement('input', { type: 'text' }), new FakeElement('input', { type: 'search' }),
    new FakeElement('input', {}), new FakeElement('textarea'), new FakeElement('select'),
    new FakeElement('div', { editable: true }),
  ];
  for (const field of typing) {
    body.append(field);
    for (const key of ['ArrowLeft', 'ArrowRight', 'Home', 'End', 'ArrowDown', 'ArrowUp', 'f', 'F']) {
      const e = press(field, key);
      assert.equal(e.defaultPrevented, false, `${field.tagName} ${key} left to the field`);
    }
  }
  assert.deepEqual(viewer.calls, []);
  for (const [tag, type] of [['button', 'button'], ['input', 'checkbox'], ['input', 'radio'], ['a', undefined]]) {
    const el = new FakeElement(tag, { type });
    body.append(el);
    press(el, 'ArrowRight');
  }
  assert.equal(viewer.calls.length, 4, 'keys on buttons, checkboxes, radios and links step');
  assert.equal(isTyping(null), false);
  assert.equal(isTyping({}), false, 'a non-element (the document) is not typing');
});

test('keys typed inside a shadow root: the real origin (composedPath) decides, not the retargeted host', () => {
  const host = new FakeElement('pdn-viewer');
  const { viewer } = setUp({ keyTarget: host });
  const select = new FakeElement('select');
  // The browser hands the host's listener an event whose target is the host itself.
  press(host, 'ArrowDown', {}, [select, host]);
  assert.deepEqual(viewer.calls, [], 'ArrowDown in the game selector changes the game, not the move');
  press(host, 'ArrowDown', {}, [new FakeElement('button'), host]);
  assert.deepEqual(viewer.calls, [['variationDown']]);
});

test('keys with Ctrl, Alt or Meta, or already handled by another widget, are left alone', () => {
  const { body, viewer } = setUp();
  for (const mod of ['ctrlKey', 'altKey', 'metaKey']) {
    for (const key of ['ArrowLeft', 'ArrowRight', 'Home', 'End', 'f']) {
      const e = press(body, key, { [mod]: true });
      assert.equal(e.defaultPrevented, false, `${mod}+${key}`);
    }
  }
  press(body, 'ArrowRight', { defaultPrevented: true });
  assert.deepEqual(viewer.calls, []);
});

test('keys are heard only on the key target: an element ignores keys outside it', () => {
  const outside = new FakeElement('p');
  const host = new FakeElement('pdn-viewer');
  const inside = new FakeElement('button');
  host.append(inside);
  const { viewer } = setUp({ keyTarget: host });
  press(outside, 'ArrowRight');
  assert.deepEqual(viewer.calls, []);
  press(inside, 'ArrowRight');
  assert.deepEqual(viewer.calls, [['step', 1]]);
});

test('buttons: first, prev, play, next, last, flip', () => {
  const { buttons, viewer } = setUp();
  for (const name of ['first', 'prev', 'play', 'next', 'last', 'flip']) buttons[name].dispatch('click');
  assert.deepEqual(viewer.calls, [['first'], ['step', -1], ['togglePlay'], ['step', 1], ['last'], ['flip']]);
});

test('a move click shows its ply and line; a click beside the moves does nothing', () => {
  const { moves, viewer } = setUp();
  const main = new FakeElement('button', { dataset: { ply: '5' } });
  const variation = new FakeElement('button', { dataset: { ply: '2', line: '1' } });
  const symbol = new FakeElement('span');
  variation.append(symbol);
  const gap = new FakeElement('span');
  moves.append(main, variation, gap);
  main.dispatch('click');
  symbol.dispatch('click');
  // The body carries data-ply too: a click on the list's background must not go there.
  gap.dispatch('click');
  moves.dispatch('click');
  assert.deepEqual(viewer.calls, [['goTo', 5, null], ['goTo', 2, 1]]);
});

test('swipe on the board: left is forward, right is back; pen too; not mouse, short, vertical or another pointer', () => {
  const { board, viewer } = setUp();
  const swipe = (dx, dy = 0, pointerType = 'touch', upId = 7) => {
    board.dispatch('pointerdown', { pointerId: 7, pointerType, clientX: 200, clientY: 200 });
    board.dispatch('pointerup', { pointerId: upId, pointerType, clientX: 200 + dx, clientY: 200 + dy });
  };
  swipe(-120);
  assert.deepEqual(viewer.calls, [['step', 1]], 'left');
  swipe(120);
  assert.deepEqual(viewer.calls.at(-1), ['step', -1], 'right');
  swipe(-SWIPE_MIN, 0, 'pen');
  assert.deepEqual(viewer.calls.at(-1), ['step', 1], 'pen');
  viewer.calls.length = 0;
  swipe(-120, 0, 'mouse');
  swipe(-(SWIPE_MIN - 1));
  swipe(-60, 120);
  swipe(-120, 0, 'touch', 8);
  board.dispatch('pointerdown', { pointerId: 7, pointerType: 'touch', clientX: 200, clientY: 200 });
  board.dispatch('pointercancel', { pointerId: 7 });
  board.dispatch('pointerup', { pointerId: 7, pointerType: 'touch', clientX: 50, clientY: 200 });
  assert.deepEqual(viewer.calls, []);
});

test('wheel: steps only when the setting is on, one step per notch; otherwise the page scrolls', () => {
  const { board, viewer, settings } = setUp();
  let e = board.dispatch('wheel', { deltaY: 120 });
  assert.deepEqual(viewer.calls, [], 'off: no step');
  assert.equal(e.defaultPrevented, false, 'off: the page scrolls');
  const opts = board.listeners.find((l) => l.type === 'wheel').opts;
  assert.equal(opts.passive, false, 'the wheel listener may prevent scrolling');

  settings.wheel = true;
  e = board.dispatch('wheel', { deltaY: 120 });
  assert.equal(e.defaultPrevented, true);
  settings.clock += WHEEL_GAP / 2;
  board.dispatch('wheel', { deltaY: 3 }); // the same notch, or a touchpad's stream of small deltas
  settings.clock += WHEEL_GAP;
  board.dispatch('wheel', { deltaY: -120 });
  settings.clock += WHEEL_GAP;
  e = board.dispatch('wheel', { deltaY: 0, deltaX: 50 });
  assert.equal(e.defaultPrevented, false, 'a sideways scroll is not a step');
  assert.deepEqual(viewer.calls, [['step', 1], ['step', -1]]);

  settings.wheel = false;
  settings.clock += WHEEL_GAP;
  board.dispatch('wheel', { deltaY: 120 });
  assert.equal(viewer.calls.length, 2, 'off again');
});

test('wheel with no game shown does nothing', () => {
  const board = new FakeElement('div');
  const viewer = fakeViewer(null);
  attachControls({ keyTarget: new FakeTarget(), board, moves: new FakeElement('div'), viewer, options: { wheel: () => true } });
  const e = board.dispatch('wheel', { deltaY: 120 });
  assert.equal(e.defaultPrevented, false);
  assert.deepEqual(viewer.calls, []);
});

test('detach removes every listener; missing buttons are skipped', () => {
  const s = setUp({ wheel: true });
  const all = [s.doc, s.board, s.moves, ...Object.values(s.buttons)];
  assert.ok(all.every((t) => t.listeners.length > 0));
  s.detach();
  assert.ok(all.every((t) => t.listeners.length === 0));
  press(s.body, 'ArrowRight');
  s.buttons.next.dispatch('click');
  assert.deepEqual(s.viewer.calls, []);
  const viewer = fakeViewer();
  const next = new FakeElement('button');
  attachControls({ keyTarget: new FakeTarget(), board: new FakeElement('div'), moves: new FakeElement('div'), buttons: { next }, viewer });
  next.dispatch('click');
  assert.deepEqual(viewer.calls, [['step', 1]]);
});

test('the board\'s pointer events go to the mode\'s input first: what it takes is no swipe; the rest swipes', () => {
  const { board, viewer } = setUp();
  const seen = [];
  let take = true;
  const pointer = {};
  for (const name of ['down', 'move', 'up', 'cancel', 'menu']) pointer[name] = (e) => { seen.push([name, e.pointerId]); return take; };
  viewer.input = () => pointer;
  const swipe = (id) => {
    board.dispatch('pointerdown', { pointerId: id, pointerType: 'touch', clientX: 200, clientY: 200 });
    board.dispatch('pointermove', { pointerId: id, pointerType: 'touch', clientX: 120, clientY: 200 });
    board.dispatch('pointerup', { pointerId: id, pointerType: 'touch', clientX: 60, clientY: 200 });
  };
  swipe(1);
  assert.deepEqual(seen, [['down', 1], ['move', 1], ['up', 1]], 'one listener hands every event over');
  assert.deepEqual(viewer.calls, [], 'a piece dragged across the board is not a swipe');
  take = false;
  swipe(2);
  assert.deepEqual(viewer.calls, [['step', 1]], 'an event the mode does not take is a swipe');
  board.dispatch('contextmenu', { pointerId: 3 });
  board.dispatch('pointercancel', { pointerId: 4 });
  assert.deepEqual(seen.slice(-2), [['menu', 3], ['cancel', 4]]);
  viewer.input = () => null; // view mode: no input of its own
  swipe(5);
  assert.deepEqual(viewer.calls.at(-1), ['step', 1]);
  assert.equal(seen.length, 8);
});

test('wheel: not taken where the mode refuses navigation (the page scrolls)', () => {
  const { board, viewer } = setUp({ wheel: true });
  viewer.navigable = false;
  const e = board.dispatch('wheel', { deltaY: 120 });
  assert.equal(e.defaultPrevented, false);
  assert.deepEqual(viewer.calls, []);
});
