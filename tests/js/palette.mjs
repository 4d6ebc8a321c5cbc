// The page's palette as www/style.css writes it, for the tests: the custom properties of the
// light block (`:root, :host`), of the dark block for the page's switch, and of the dark block
// for the OS setting (inside @media (prefers-color-scheme: dark)).

import { readFileSync } from 'node:fs';

export const css = readFileSync(new URL('../../www/style.css', import.meta.url), 'utf8');

/** The custom properties of the first rule whose selector is `selector` (as written, indented). */
export function block(selector) {
  const at = css.indexOf(`${selector} {`);
  if (at < 0) throw new Error(`style.css: no rule ${selector}`);
  const body = css.slice(css.indexOf('{', at) + 1, css.indexOf('}', at));
  return Object.fromEntries([...body.matchAll(/--([\w-]+):\s*([^;]+);/g)].map((m) => [m[1], m[2].trim()]));
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
  for (const m of css.matchAll(/^\s*--([\w-]+):/gm)) counts[m[1]] = (counts[m[1]] || 0) + 1;
  return counts;
}

export const light = block(':root, :host');
/** The dark theme as the page's switch sets it: the light values with the dark block's over them. */
export const darkBlock = block(':root[data-theme="dark"], :host([data-theme="dark"])');
export const dark = { ...light, ...darkBlock };
/** The dark block for the OS setting: the same values, written a second time. */
export const SELECTORS = {
  light: ':root, :host',
  dark: ':root[data-theme="dark"], :host([data-theme="dark"])',
  system: '  :root:not([data-theme="light"]), :host([data-theme="auto"])',
};
export const system = block(SELECTORS.system);
