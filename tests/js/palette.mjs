// The page's palette as www/style.css writes it, for the tests: the custom properties of the
// palette block (`:root, :host`), each either one value for both themes or its light and dark
// values side by side (`var(--if-light, L) var(--if-dark, D)`), and the two dark rules (the OS
// setting's, inside @media (prefers-color-scheme: dark), and the page's switch), which only swap
// the switches.

import { readFileSync } from 'node:fs';

export const css = readFileSync(new URL('../../www/style.css', import.meta.url), 'utf8');

/** The custom properties of the first rule whose selector is `selector` (as written, indented). */
export function block(selector) {
  const at = css.indexOf(`${selector} {`);
  if (at < 0) throw new Error(`style.css: no rule ${selector}`);
  const body = css.slice(css.indexOf('{', at) + 1, css.indexOf('}', at)).replace(/\/\*[\s\S]*?\*\//g, '');
  return Object.fromEntries([...body.matchAll(/--([\w-]+):([^;]*);/g)].map((m) => [m[1], m[2].trim()]));
}

/** The rule whose selector is `selector`, whole (`selector { … }`), as written in style.css. */
export function ruleText(selector) {
  const at = css.indexOf(`${selector} {`);
  if (at < 0) throw new Error(`style.css: no rule ${selector}`);
  return css.slice(at, css.indexOf('}', at) + 1);
}

/** Custom properties defined anywhere in style.css, with how many rules define each. */
export function definitions() {
  const counts = {};
  for (const m of css.matchAll(/(?:^|[{;])\s*--([\w-]+):/gm)) counts[m[1]] = (counts[m[1]] || 0) + 1;
  return counts;
}

export const SELECTORS = {
  palette: ':root, :host',
  dark: ':root[data-theme="dark"], :host([data-theme="dark"])',
  system: '  :root:not([data-theme="light"]), :host([data-theme="auto"])',
};
/** The theme switches, not colours. */
export const SWITCHES = ['if-light', 'if-dark'];

const PAIR = /^var\(--if-light, (.+)\) var\(--if-dark, (.+)\)$/;
/** The palette block as written: name → value (a pair is written as one). */
export const palette = block(SELECTORS.palette);
/** The colours whose value differs with the theme. */
export const paired = Object.fromEntries(Object.entries(palette).filter(([, v]) => PAIR.test(v)));
const theme = (side) => Object.fromEntries(Object.entries(palette)
  .filter(([k]) => !SWITCHES.includes(k))
  .map(([k, v]) => [k, PAIR.test(v) ? v.match(PAIR)[side] : v]));
export const light = theme(1);
export const dark = theme(2);
/** What each dark rule sets (the switches). */
export const darkBlock = block(SELECTORS.dark);
export const system = block(SELECTORS.system);
