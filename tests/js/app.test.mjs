// The navigation buttons are written once (www/view/app.js's navButtons) for the page and the
// element: their ids, names, icons and the hooks translatePage and the stylesheet use, made with
// a tiny fake document; index.html keeps only the empty <nav> they go in.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { NAV, navButtons } from '../../www/view/app.js';

class Node {
  constructor(tag, ns = null) { this.tag = tag; this.ns = ns; this.attrs = {}; this.children = []; }
  setAttribute(k, v) { this.attrs[k] = String(v); }
  getAttribute(k) { return this.attrs[k] ?? null; }
  append(...kids) { this.children.push(...kids); }
  replaceChildren(...kids) { this.children = kids; }
  set id(v) { this.attrs.id = v; }
  get id() { return this.attrs.id; }
  set type(v) { this.attrs.type = v; }
  set title(v) { this.attrs.title = v; }
}
const doc = { createElement: (tag) => new Node(tag), createElementNS: (ns, tag) => new Node(tag, ns) };

test('the six buttons, in order, with the page\'s element ids', () => {
  const nav = new Node('nav');
  const buttons = navButtons(doc, nav, (key) => `[${key}]`);
  assert.deepEqual(nav.children.map((b) => b.id), ['first', 'prev', 'play', 'next', 'last', 'flip']);
  assert.deepEqual(Object.keys(buttons), ['first', 'prev', 'play', 'next', 'last', 'flip']);
  assert.equal(buttons.next.attrs['aria-label'], '[nav.next]', 'named in the language given');
  assert.equal(buttons.next.attrs.title, '[nav.next]');
  assert.equal(buttons.next.attrs['data-i18n-attr'], 'aria-label:nav.next;title:nav.next', 'renamed by translatePage');
});

test('play has a play and a pause icon and no fixed name; play and flip are toggles', () => {
  const nav = new Node('nav');
  const { play, flip, first } = navButtons(doc, nav, (key) => key);
  assert.deepEqual(play.children.map((svg) => svg.attrs.class), ['icon-play', 'icon-pause']);
  assert.equal(play.attrs['data-i18n-attr'], undefined, 'the controller names it (play or pause)');
  assert.equal(play.attrs['aria-pressed'], 'false');
  assert.equal(flip.attrs['aria-pressed'], 'false');
  assert.equal(first.attrs['aria-pressed'], undefined);
  for (const b of nav.children) {
    for (const svg of b.children) {
      assert.equal(svg.ns, 'http://www.w3.org/2000/svg', 'icons in the SVG namespace');
      assert.equal(svg.attrs['aria-hidden'], 'true');
      assert.match(svg.children[0].attrs.d, /^M/);
    }
  }
  assert.equal(NAV.length, 6);
});

test('index.html writes no button of its own in the navigation: the one source is app.js', () => {
  const html = readFileSync(new URL('../../index.html', import.meta.url), 'utf8');
  const nav = /<nav class="controls"[^>]*>([\s\S]*?)<\/nav>/.exec(html);
  assert.ok(nav, 'the page has its <nav class="controls">');
  assert.equal(nav[1].trim(), '', 'and it is empty');
  for (const [id] of NAV) assert.ok(!html.includes(`id="${id}"`), `no #${id} in the markup`);
});

test('the editing tools: made once by app.js with the page\'s ids, renamed by translatePage; index.html has only their group', async () => {
  const { editTools } = await import('../../www/view/app-edits.js');
  const group = new Node('div');
  const els = editTools(doc, group, (key) => `[${key}]`);
  const ids = [];
  const walk = (n) => { if (n.attrs && n.attrs.id) ids.push(n.attrs.id); for (const c of n.children || []) if (c instanceof Node) walk(c); };
  walk(group);
  assert.deepEqual(ids, ['undo', 'redo', 'promote-variation', 'delete-variation', 'cut-line', 'strength', 'comment-input', 'save-comment']);
  assert.deepEqual(Object.keys(els), ['undo', 'redo', 'promote', 'remove', 'cut', 'strength', 'comment', 'saveComment']);
  assert.equal(els.undo.attrs['data-i18n'], 'edits.undo');
  assert.equal(els.undo.attrs.disabled, '', 'nothing to undo yet');
  assert.equal(els.redo.attrs['data-i18n-attr'], 'title:edits.redoTitle');
  const html = readFileSync(new URL('../../index.html', import.meta.url), 'utf8');
  const box = /<div id="edit-tools"[^>]*>([\s\S]*?)<\/div>/.exec(html);
  assert.ok(box, 'the page has its #edit-tools group');
  assert.equal(box[1].trim(), '', 'and it is empty');
  for (const id of ids) assert.ok(!html.includes(`id="${id}"`), `no #${id} in the markup`);
});

test('the undo history: undo and redo move steps between two stacks, a new edit drops the redo side, the oldest go past the limit', async () => {
  const { createHistory } = await import('../../www/view/app-edits.js');
  const h = createHistory(3);
  assert.equal(h.canUndo, false);
  assert.equal(h.undo(), null);
  for (const n of [1, 2, 3, 4]) h.push({ n });
  assert.equal(h.undo().n, 4);
  assert.equal(h.undo().n, 3);
  assert.equal(h.undo().n, 2);
  assert.equal(h.undo(), null, 'step 1 went past the limit');
  assert.equal(h.redo().n, 2);
  h.push({ n: 5 });
  assert.equal(h.canRedo, false, 'a new edit: nothing to redo');
  const step = h.undo();
  h.putBack(step, { undoing: true });
  assert.equal(h.canRedo, false, 'a step that failed to undo is where it was');
  assert.equal(h.undo().n, 5);
  h.clear();
  assert.equal(h.canUndo || h.canRedo, false);
});
