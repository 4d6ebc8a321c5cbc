// The pieces stand out from the dark squares they stand on, in the light and the dark theme:
// WCAG contrast ratio (relative luminance, (L1 + 0.05) / (L2 + 0.05)) of each piece's outline
// and fill against --sq-dark, read from www/style.css. The outline is the piece's edge against
// the square, so it has to reach 3:1 (WCAG's figure for graphical objects); so does the fill.
// The stand-alone board file (board-export.js) uses the light theme's values.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { BOARD_COLORS } from '../../www/share/board-export.js';

const css = readFileSync(new URL('../../www/style.css', import.meta.url), 'utf8');

/** The custom properties of the first rule whose selector starts with `selector`. */
function block(selector) {
  const at = css.indexOf(`${selector} {`);
  assert.ok(at >= 0, `no rule ${selector}`);
  const body = css.slice(css.indexOf('{', at) + 1, css.indexOf('}', at));
  return Object.fromEntries([...body.matchAll(/--([\w-]+):\s*([^;]+);/g)].map((m) => [m[1], m[2].trim()]));
}

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

const light = block(':root, :host');
const dark = { ...light, ...block(':root[data-theme="dark"], :host([theme="dark"])') };
// The dark values are written twice (for the system setting and for the page's switch).
const system = block('  :root:not([data-theme="light"]), :host(:not([theme="light"]))');

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

test('contrast: the dark values for the system setting are the same as for the switch', () => {
  for (const k of ['sq-dark', 'sq-light', 'num']) assert.equal(system[k], dark[k], k);
});

test('contrast: the exported board file uses the light theme\'s piece and square colours', () => {
  for (const k of ['sq-dark', 'sq-light', 'piece-white', 'piece-white-edge', 'piece-black', 'piece-black-edge']) {
    assert.equal(BOARD_COLORS[k], light[k], k);
  }
});
