// Unit tests of the viewer's state (www/view/state.js) without a browser: every transition, and
// the edges — a ply past the end, a line that does not exist, a game out of range, a mode that
// refuses navigation — each giving a new frozen state or the same one; the store's subscribers;
// and the table at the top of the module naming exactly the transitions there are.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { MODES, SPEEDS, TRANSITIONS, createStore, initialState, lastPly, listOf, mainlinePly, navigable, resolvePlace } from '../../www/view/state.js';
import { fakeView } from './fixtures.mjs';

const ply = (notation) => ({ notation, cells: '', variations: [] });

/**
 * fakeView's four plies with variations: 0 and 1 replace mainline ply 2 (siblings), 2 replaces
 * ply 3 of variation 0.
 */
function viewWithLines() {
  const view = fakeView();
  view.plies[1].variations = [0, 1];
  const v0 = { parent: null, replaces: 2, start: view.start, plies: [ply('17-22'), ply('28x17'), ply('11x22')] };
  v0.plies[2].variations = [2];
  const v1 = { parent: null, replaces: 2, start: view.start, plies: [ply('18-22')] };
  const v2 = { parent: 0, replaces: 3, start: view.start, plies: [ply('27-21'), ply('16x27')] };
  view.variations = [v0, v1, v2];
  return view;
}

/** A store showing game 0 of 3 (viewWithLines) at `at`. */
function shown(at = 0) {
  const store = createStore();
  store.apply('showGame', 0, viewWithLines(), at, 3);
  return store;
}

test('the initial state: no game, the mainline, view mode; frozen', () => {
  const s = initialState();
  assert.equal(s.view, null);
  assert.equal(s.game, -1);
  assert.equal(s.line, null);
  assert.equal(s.mode, 'view');
  assert.equal(s.messages, 'all');
  assert.equal(initialState({ messages: 'errors' }).messages, 'errors');
  assert.ok(Object.isFrozen(s));
  assert.throws(() => { 'use strict'; s.ply = 3; }, TypeError);
  assert.ok(navigable(s));
  assert.ok(!navigable({ ...s, mode: 'solve' }));
  assert.deepEqual(Object.keys(MODES), ['view', 'analysis', 'solve', 'edit']);
});

test('the store: apply returns the new state, subscribers hear changes only, an unknown name throws', () => {
  const store = createStore();
  const heard = [];
  const off = store.subscribe((s, prev, name) => heard.push([name, prev.flipped, s.flipped]));
  const s = store.apply('flip');
  assert.equal(s, store.state);
  assert.equal(s.flipped, true);
  store.apply('pause'); // not playing: nothing changes
  assert.deepEqual(heard, [['flip', false, true]]);
  off();
  store.apply('flip');
  assert.equal(heard.length, 1, 'unsubscribed');
  assert.throws(() => store.apply('teleport'), /unknown transition: teleport/);
  assert.throws(() => store.apply('toString'), /unknown transition/);
});

test('ask and showGame: the newest request; a game at its ply, clamped; the pick and opened lists go', () => {
  const store = createStore();
  assert.equal(store.apply('ask').pending, 1);
  store.apply('select', { from: '32' });
  const s = store.apply('showGame', 1, fakeView(), 2, 5);
  assert.equal(s.game, 1);
  assert.equal(s.count, 5);
  assert.equal(s.ply, 2);
  assert.equal(s.selection, null);
  assert.equal(store.apply('showGame', 1, fakeView(), 99).ply, 4, 'a ply past the end is the end');
  assert.equal(store.apply('showGame', 1, fakeView(), -3).ply, 0);
  assert.equal(store.apply('showGame', 1, fakeView(), Number.NaN).ply, 0);
  assert.equal(store.apply('showGame', 1, fakeView(), 'last').ply, 4);
  assert.equal(store.state.count, 5, 'the count stays when not given');
});

test('showGame: a game out of range, or no view, is refused (the same state)', () => {
  const store = shown(2);
  const before = store.state;
  for (const game of [3, 7, -1, 1.5, Number.NaN, '1']) assert.equal(store.apply('showGame', game, fakeView(), 0), before, `game ${game}`);
  assert.equal(store.apply('showGame', 0, null, 0), before);
  assert.equal(createStore().apply('showGame', 4, fakeView(), 0, 0).game, 4, 'with the count unknown (0), any game');
});

test('clear: no game, place 0, autoplay off, an answer on its way dropped', () => {
  const store = shown(3);
  store.apply('togglePlay');
  const pending = store.state.pending;
  const s = store.apply('clear');
  assert.equal(s.view, null);
  assert.equal(s.game, -1);
  assert.equal(s.count, 0);
  assert.equal(s.ply, 0);
  assert.equal(s.playing, false);
  assert.equal(s.pending, pending + 1);
  assert.equal(store.apply('step', 1), s, 'no game: nowhere to go');
  assert.equal(store.apply('showPlace', 2, null), s);
  assert.equal(lastPly(s), 0);
});

test('goTo and showPlace: clamped to the line, a line that does not exist is the mainline, back out of a variation', () => {
  const store = shown();
  assert.equal(store.apply('goTo', 99, null).ply, 4, 'past the end: the end');
  assert.equal(store.apply('goTo', -5, null).ply, 0);
  let s = store.apply('goTo', 2, 7);
  assert.deepEqual([s.line, s.ply], [null, 2], 'line 7 does not exist');
  s = store.apply('goTo', 1, 'x');
  assert.deepEqual([s.line, s.ply], [null, 1]);
  s = store.apply('goTo', 9, 0);
  assert.deepEqual([s.line, s.ply], [0, 3], 'clamped to the variation');
  s = store.apply('goTo', 0, 0);
  assert.deepEqual([s.line, s.ply], [null, 1], 'before the variation: the position before the move it replaces');
  s = store.apply('goTo', 0, 2);
  assert.deepEqual([s.line, s.ply], [0, 2], 'a nested variation leaves for its parent');
  s = store.apply('goTo', -2, 2);
  assert.deepEqual([s.line, s.ply], [null, 1], 'and on into the mainline');
  s = store.apply('goTo', 2, '1');
  assert.deepEqual([s.line, s.ply], [1, 1], 'a line as text names it; the ply clamped to its one move');
});

test('a place already shown is the same state; a preview there is dropped', () => {
  const store = shown(2);
  const s = store.state;
  assert.equal(store.apply('goTo', 2, null), s);
  store.apply('preview', { notation: '33-29', cells: '' });
  const after = store.apply('goTo', 2, null);
  assert.notEqual(after, s);
  assert.equal(after.preview, null);
});

test('navigation is refused where the mode does not navigate; showPlace is not', () => {
  const store = shown(1);
  for (const mode of ['solve', 'edit']) {
    store.apply('setMode', mode);
    const s = store.state;
    for (const [name, ...args] of [['goTo', 3, null], ['step', 1], ['first'], ['last'], ['enterLine'], ['togglePlay'], ['expand', 'm:2']]) {
      assert.equal(store.apply(name, ...args), s, `${name} in ${mode}`);
    }
    assert.equal(store.apply('showPlace', 3, null).ply, 3, `showPlace in ${mode}`);
    store.apply('showPlace', 1, null);
  }
});

test('step, first, last', () => {
  const store = shown(1);
  assert.equal(store.apply('step', 1).ply, 2);
  assert.equal(store.apply('step', -1).ply, 1);
  assert.equal(store.apply('step', 10).ply, 4, 'past the end: the end');
  const s = store.state;
  assert.equal(store.apply('step', Number.NaN), s);
  assert.equal(store.apply('first').ply, 0);
  store.apply('goTo', 1, 0);
  let t = store.apply('last');
  assert.deepEqual([t.line, t.ply], [0, 3], 'last: the end of the line shown');
  t = store.apply('first');
  assert.deepEqual([t.line, t.ply], [null, 0], 'first: the start of the mainline');
});

test('enterLine and leaveLine: into a variation, on to its sibling, back out; nowhere is the same state', () => {
  const store = shown(1);
  let s = store.apply('enterLine');
  assert.deepEqual([s.line, s.ply], [0, 1], 'into the first variation replacing the next move');
  s = store.apply('enterLine');
  assert.deepEqual([s.line, s.ply], [1, 1], 'on to its sibling');
  assert.equal(store.apply('enterLine'), s, 'no sibling after the last');
  s = store.apply('leaveLine');
  assert.deepEqual([s.line, s.ply], [null, 1], 'back where it branches');
  assert.equal(store.apply('leaveLine'), s, 'the mainline has no parent');
  store.apply('goTo', 4, null);
  assert.equal(store.apply('enterLine'), store.state, 'no next move');
  store.apply('goTo', 2, 0);
  s = store.apply('enterLine');
  assert.deepEqual([s.line, s.ply], [2, 1], 'a nested variation');
  s = store.apply('leaveLine');
  assert.deepEqual([s.line, s.ply], [0, 2]);
});

test('edit: the new view at its place; a missing line is the mainline, the ply clamped; autoplay off', () => {
  const store = shown(1);
  store.apply('togglePlay');
  let s = store.apply('edit', viewWithLines(), { line: 1, ply: 1 });
  assert.deepEqual([s.line, s.ply, s.playing], [1, 1, false]);
  s = store.apply('edit', viewWithLines(), { line: 9, ply: 50 });
  assert.deepEqual([s.line, s.ply], [null, 4]);
  s = store.apply('edit', fakeView(), null);
  assert.deepEqual([s.line, s.ply], [null, 0]);
  assert.equal(store.apply('edit', null, { ply: 1 }), s, 'no view: refused');
});

test('setMode: known modes only; the pick and preview go; autoplay goes on only into a mode that steps', () => {
  const store = shown(1);
  store.apply('togglePlay');
  store.apply('select', { from: '32' });
  const s = store.apply('setMode', 'analysis');
  assert.equal(s.mode, 'analysis');
  assert.equal(s.playing, true, 'view → analysis (the analysis board arriving) keeps autoplay');
  assert.equal(s.selection, null);
  assert.equal(store.apply('setMode', 'solve').playing, false, 'solve mode does not step');
  assert.equal(store.apply('setMode', 'analysis').playing, false, 'and it stays stopped');
  store.apply('togglePlay');
  assert.equal(store.apply('setMode', 'edit').playing, false, 'nor does editing');
  store.apply('setMode', 'analysis');
  const a = store.state;
  assert.equal(store.apply('setMode', 'analysis'), a, 'the same mode');
  assert.equal(store.apply('setMode', 'dance'), a, 'an unknown mode');
  assert.equal(store.apply('setMode', 'constructor'), a);
});

test('flip, autoplay, speed, coordinates, animation, messages', () => {
  const store = shown(4);
  assert.equal(store.apply('flip').flipped, true);
  assert.equal(store.apply('flip').flipped, false);
  let s = store.apply('togglePlay');
  assert.deepEqual([s.playing, s.ply], [true, 0], 'at the end: from the start');
  s = store.apply('togglePlay');
  assert.equal(s.playing, false);
  store.apply('togglePlay');
  assert.equal(store.apply('pause').playing, false);
  assert.equal(createStore().apply('togglePlay').playing, false, 'no game: no autoplay');
  assert.equal(store.apply('setSpeed', 'fast').speed, 'fast');
  assert.equal(store.apply('setSpeed', 'warp').speed, 'normal');
  assert.ok(Object.keys(SPEEDS).includes('slow'));
  assert.equal(store.apply('setCoordinates', 'algebraic').coordinates, 'algebraic');
  assert.equal(store.apply('setAnimate', 0).animate, false);
  assert.equal(store.apply('setMessages', 'errors').messages, 'errors');
});

test('select, preview, drag and overlays', () => {
  const store = shown(1);
  assert.equal(store.apply('select', { from: '32' }).selection.from, '32');
  assert.equal(store.apply('select', undefined).selection, null);
  store.apply('select', { from: '32' });
  store.apply('drag', { square: 32, dx: 3 });
  let s = store.apply('preview', { notation: '33-29' });
  assert.equal(s.preview.notation, '33-29');
  assert.equal(s.selection, null);
  assert.equal(s.drag, null);
  assert.equal(store.apply('preview', null).preview, null);
  const noBoard = createStore();
  noBoard.apply('showGame', 0, { ...fakeView(), board: null }, 0, 1);
  assert.equal(noBoard.apply('preview', { notation: '33-29' }), noBoard.state, 'no board: no preview');
  assert.deepEqual(store.apply('drag', { square: 32, dx: '4', dy: 'x' }).drag, { square: '32', dx: 4, dy: 0 });
  assert.equal(store.apply('drag', { dx: 3 }).drag, null, 'no square: put back');
  const draw = () => null;
  s = store.apply('setOverlay', 'engine', draw);
  assert.deepEqual(s.overlays.map((o) => [o.name, o.under]), [['engine', false]]);
  s = store.apply('setOverlay', 'engine', draw, { under: true });
  assert.deepEqual(s.overlays.map((o) => [o.name, o.under]), [['engine', true]], 'replaced, not added');
  store.apply('setOverlay', 'marks', draw);
  assert.deepEqual(store.apply('setOverlay', 'engine', null).overlays.map((o) => o.name), ['marks']);
});

test('expand: the variations sent written into the view, the list opened one more time', () => {
  const store = shown(1);
  const view = store.state.view;
  view.plies[2].variations = [3];
  const v3 = { parent: null, replaces: 3, start: view.start, plies: [ply('33-29')] };
  let s = store.apply('expand', 'm:3', [[3, v3]]);
  assert.equal(s.view, view, 'the same game, with more of it');
  assert.equal(view.variations[3], v3);
  assert.equal(s.expanded.get('m:3'), 1);
  s = store.apply('expand', 'm:3');
  assert.equal(s.expanded.get('m:3'), 2);
  assert.equal(store.apply('expand', 'm:3', [], 1).expanded.get('m:3'), 1, 'times as asked');
  const empty = createStore();
  assert.equal(empty.apply('expand', 'm:1'), empty.state, 'no game: nothing to open');
});

test('unfold: the lists holding the shown variation opened, once', () => {
  const store = shown(0);
  store.apply('goTo', 1, 2);
  let s = store.apply('unfold');
  assert.equal(s.autoOpened, 2);
  assert.deepEqual([...s.expanded.entries()].sort(), [['0:3', 1], ['m:2', 1]]);
  assert.equal(store.apply('unfold'), s, 'once for the same line');
  store.apply('goTo', 2, null);
  assert.equal(store.apply('unfold'), store.state, 'the mainline is never folded');
});

test('parts and tabs', () => {
  const store = createStore();
  let s = store.apply('openPart', 'explorer');
  assert.deepEqual(s.parts, ['explorer']);
  assert.equal(store.apply('openPart', 'explorer'), s);
  s = store.apply('openPart', 'engine');
  assert.deepEqual(s.parts, ['explorer', 'engine']);
  assert.deepEqual(store.apply('closePart', 'explorer').parts, ['engine']);
  assert.equal(store.apply('closePart', 'review'), store.state);
  assert.equal(s.tab, 'game');
  assert.equal(store.apply('setTab', 'standings').tab, 'standings');
  assert.equal(store.apply('setTab', null).tab, 'standings');
});

test('helpers: the mainline ply under a variation, a list of alternatives by key, a place resolved', () => {
  const store = shown(0);
  store.apply('goTo', 1, 2);
  assert.equal(mainlinePly(store.state), 1);
  const view = store.state.view;
  assert.deepEqual(listOf(view, 'm:2'), [0, 1]);
  assert.deepEqual(listOf(view, '0:3'), [2]);
  assert.deepEqual(listOf(view, '9:9'), []);
  assert.deepEqual(listOf(null, 'm:1'), []);
  assert.deepEqual(resolvePlace(view, 0, 1), { line: null, ply: 1 });
  assert.deepEqual(resolvePlace(view, 3, null), { line: null, ply: 3 });
});

test('the table at the top of state.js names exactly the transitions there are', () => {
  const source = readFileSync(new URL('../../www/view/state.js', import.meta.url), 'utf8');
  const cells = [...source.matchAll(/^\/\/ \| (`[^|]+)\|/gm)].map((m) => m[1]);
  const rows = cells.flatMap((c) => [...c.matchAll(/`(\w+)`/g)].map((m) => m[1]));
  assert.deepEqual([...rows].sort(), Object.keys(TRANSITIONS).sort());
  assert.equal(new Set(rows).size, rows.length, 'each once');
});

test('a view whose variations name each other as parents (never the core\'s) does not hang', () => {
  const view = viewWithLines();
  view.variations[0].parent = 2;
  view.variations[2].parent = 0;
  view.variations[0].replaces = 1;
  view.variations[2].replaces = 1;
  const store = createStore();
  store.apply('showGame', 0, view, 0, 1);
  const s = store.apply('goTo', 0, 2);
  assert.equal(s.ply, 0);
  store.apply('goTo', 1, 2);
  assert.equal(typeof mainlinePly(store.state), 'number');
  assert.ok(store.apply('unfold').autoOpened === 2);
});
