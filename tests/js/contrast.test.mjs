// The pieces stand out from the dark squares they stand on, in the light and the dark theme:
// WCAG contrast ratio (relative luminance, (L1 + 0.05) / (L2 + 0.05)) of each piece's outline
// and fill against --sq-dark, read from www/style.css. The outline is the piece's edge against
// the square, so it has to reach 3:1 (WCAG's figure for graphical objects); so does the fill.
// And the palette is one: each colour written once per theme, the board files (board-export.js)
// naming only colours of it.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BOARD_COLOR_NAMES } from '../../www/share/board-export.js';
import { readFileSync } from 'node:fs';
import { SELECTORS, SWITCHES, css, light, dark, darkBlock, palette, paired, system, definitions, ruleText } from './palette.mjs';

/** Colours written as values (#hex, rgb(), rgba(), hsl()), not through the palette. */
const literalColours = (text) => [...text.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/#[0-9a-f]{3,8}\b|\b(?:rgba?|hsla?)\(/gi)].map((m) => m[0]);

/** WCAG relative luminance of #rrggbb. */
export function luminance(hex) {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
export function contrast(a, b) {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

test('contrast: the WCAG formula', () => {
  assert.equal(contrast('#000000', '#ffffff').toFixed(1), '21.0');
  assert.equal(contrast('#777777', '#777777'), 1);
});

for (const [name, theme] of [['light', light], ['dark', dark]]) {
  test(`contrast: pieces against the dark squares, ${name} theme, at least 3:1`, () => {
    const square = theme['sq-dark'];
    const ratios = {};
    for (const part of ['piece-white', 'piece-white-edge', 'piece-black', 'piece-black-edge']) {
      assert.match(theme[part], /^#[0-9a-f]{6}$/i, `${part} is a plain colour`);
      ratios[part] = Number(contrast(theme[part], square).toFixed(2));
    }
    for (const [part, ratio] of Object.entries(ratios)) {
      assert.ok(ratio >= 3, `${name}: ${part} ${theme[part]} on ${square}: ${ratio}:1 (${JSON.stringify(ratios)})`);
    }
  });
}

test('palette: the two dark rules (the system\'s and the switch\'s) only swap the theme switches, alike', () => {
  assert.deepEqual(system, darkBlock);
  assert.deepEqual(darkBlock, { 'if-light': '', 'if-dark': 'initial' });
  assert.deepEqual([palette['if-light'], palette['if-dark']], ['initial', '']);
});

test('palette: each colour is written once, its light and dark values side by side', () => {
  // Every custom property is defined once, in the palette block (so a colour cannot be set
  // twice, the later silently winning); only the switches again, in the two dark rules.
  for (const [name, count] of Object.entries(definitions())) {
    assert.ok(name in palette, `--${name} is defined outside the palette block`);
    assert.equal(count, SWITCHES.includes(name) ? 3 : 1, `--${name} is defined ${count} times`);
  }
  // A value that names a switch is a whole pair, so each theme gets exactly one value.
  for (const [name, value] of Object.entries(palette)) {
    if (SWITCHES.includes(name) || !value.includes('--if-')) continue;
    assert.ok(name in paired, `--${name}: ${value} is not a light/dark pair`);
  }
  assert.ok(Object.keys(paired).length >= 20, 'the dark theme changes the colours');
});

test('palette: no colour is written outside the palette blocks (style.css and the sheets loaded on use)', () => {
  let rest = css;
  for (const selector of Object.values(SELECTORS)) rest = rest.replace(ruleText(selector), '');
  assert.deepEqual(literalColours(rest), []);
  // ::backdrop inherits no custom property in older browsers, so its colour is written out.
  const editor = readFileSync(new URL('../../www/view/editor.css', import.meta.url), 'utf8')
    .replace(/^[^\n{]*::backdrop \{[^}]*\}/gm, '');
  assert.deepEqual(literalColours(editor), []);
  for (const sheet of ['engine/engine.css', 'view/gamelist.css', 'view/solve.css', 'view/review.css', 'view/tournament.css', 'explorer/explorer.css'].map((f) => `../../www/${f}`)) {
    assert.deepEqual(literalColours(readFileSync(new URL(sheet, import.meta.url), 'utf8')), [], sheet);
  }
  assert.deepEqual(literalColours('a { color: #fff; b: rgba(1, 2, 3, 0.5); } /* #000 */'), ['#fff', 'rgba(']);
});

test('palette: the board files\' colours are the palette\'s, in both themes', () => {
  for (const name of BOARD_COLOR_NAMES) {
    assert.ok(light[name], `--${name} is not in the light palette`);
    assert.ok(dark[name], `--${name}`);
  }
});
