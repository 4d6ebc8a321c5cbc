// The element's attributes (www/view/attributes.js): the one table that gives the element's
// observedAttributes and parsing names the same attributes as docs/embedding.md's list and
// types/pdn-viewer.d.ts; each type parses as the table says.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ATTRIBUTES, OBSERVED, attributeValue } from '../../www/view/attributes.js';

const read = (p) => readFileSync(new URL(`../../${p}`, import.meta.url), 'utf8');
const names = ATTRIBUTES.map((a) => a.name);

test('the table: each attribute once, with a type, a default and what it maps to', () => {
  assert.equal(new Set(names).size, names.length);
  for (const a of ATTRIBUTES) {
    assert.ok(a.type && (typeof a.type === 'string' || Array.isArray(a.type)), a.name);
    assert.ok('default' in a, a.name);
    assert.ok(a.maps.length > 10, a.name);
  }
  assert.deepEqual(OBSERVED, names.filter((n) => !['wheel', 'fill'].includes(n)), 'wheel and fill are read when used');
});

test("docs/embedding.md's list of attributes names the same attributes, in the same order", () => {
  const doc = read('docs/embedding.md');
  const start = doc.indexOf('### Attributes');
  const table = doc.slice(start, doc.indexOf('\n\n', doc.indexOf('| Attribute |', start)));
  const documented = [...table.matchAll(/^\| `([\w-]+)` \|/gm)].map((m) => m[1]);
  assert.deepEqual(documented, names);
});

test('types/pdn-viewer.d.ts declares the same attributes', () => {
  const dts = read('types/pdn-viewer.d.ts');
  const body = dts.slice(dts.indexOf('export interface PdnViewerAttributes {'), dts.indexOf('\n}', dts.indexOf('export interface PdnViewerAttributes {')));
  const declared = [...body.matchAll(/^ {2}([\w-]+)\?:/gm)].map((m) => m[1]);
  assert.deepEqual([...declared].sort(), [...names].sort());
});

test('the element follows the table: its observedAttributes and its parsing come from it', () => {
  const element = read('www/pdn-viewer.js');
  assert.match(element, /static get observedAttributes\(\) \{\s*return OBSERVED;/);
  assert.doesNotMatch(element, /\['game', 'ply'/, 'no second list of names');
});

test('parsing by type: the default where absent or unknown', () => {
  assert.equal(attributeValue('game', null), 1);
  assert.equal(attributeValue('game', '3'), 3);
  for (const bad of ['0', '-2', '2.5', 'x', '']) assert.equal(attributeValue('game', bad), 1, bad);
  assert.equal(attributeValue('ply', 'last'), 'last');
  assert.equal(attributeValue('ply', ' 12 '), 12);
  assert.equal(attributeValue('ply', 'nine'), 0);
  assert.equal(attributeValue('line', '4'), 4);
  assert.equal(attributeValue('line', '-1'), null);
  assert.equal(attributeValue('orientation', 'Black'), 'black');
  assert.equal(attributeValue('orientation', 'upside'), 'white');
  assert.equal(attributeValue('coordinates', 'none'), 'none');
  assert.equal(attributeValue('coordinates', ''), 'numbers');
  for (const on of ['', 'on', 'true', 'yes']) assert.equal(attributeValue('analysis', on), true, on);
  for (const off of ['off', 'FALSE', '0']) assert.equal(attributeValue('analysis', off), false, off);
  assert.equal(attributeValue('analysis', null), false);
  assert.equal(attributeValue('list', null), true, 'the game table is shown by default');
  assert.equal(attributeValue('list', 'off'), false);
  assert.equal(attributeValue('src', 'games.pdn'), 'games.pdn');
  assert.equal(attributeValue('nonsense', 'x'), 'x');
});
