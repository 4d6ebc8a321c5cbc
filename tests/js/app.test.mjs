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
