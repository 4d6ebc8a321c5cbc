// Translations of the page's texts. The catalogues live in www/i18n/<code>.js (plain
// `export default { 'key': 'text', … }` modules, see docs/translating.md); this module picks a
// language, loads its catalogue and turns keys into texts. It touches no DOM when imported, so the
// unit tests run it in Node.

import en from './en.js';

/** The languages the page offers, each named in its own language. */
export const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'ru', name: 'Русский' },
  { code: 'lv', name: 'Latviešu' },
  { code: 'nl', name: 'Nederlands' },
  { code: 'fr', name: 'Français' },
];

const DEFAULT = 'en';
const KNOWN = new Set(LANGUAGES.map((l) => l.code));
const has = (obj, key) => obj != null && Object.prototype.hasOwnProperty.call(obj, key);

/** A known code for a language tag ('ru-RU', 'RU', 'nl_BE' → 'ru', 'ru', 'nl'), or ''. */
function knownCode(tag) {
  if (typeof tag !== 'string') return '';
  const code = tag.trim().toLowerCase().split(/[-_]/)[0];
  return KNOWN.has(code) ? code : '';
}

/**
 * The language to show: the stored choice if it is a known one, else the first of the
 * browser's preferred languages that has a catalogue, else English.
 * @param {string[]|string|undefined} preferred e.g. navigator.languages
 * @param {string} stored '' or a code saved from an earlier choice
 */
export function pickLanguage(preferred, stored) {
  const chosen = knownCode(stored);
  if (chosen) return chosen;
  const list = Array.isArray(preferred) ? preferred : preferred ? [preferred] : [];
  for (const tag of list) {
    const code = knownCode(tag);
    if (code) return code;
  }
  return DEFAULT;
}

/** The catalogue module `file` of www/i18n/ (the single-file build carries it as a URL), or null. */
async function words(file, load) {
  try {
    const url = globalThis.PDN_VIEWER_FILES && globalThis.PDN_VIEWER_FILES[`www/i18n/${file}`];
    const mod = await (url ? import(url) : load());
    return mod && mod.default && typeof mod.default === 'object' ? mod.default : null;
  } catch {
    return null;
  }
}

/**
 * The catalogue of a language. Only the codes in LANGUAGES are ever imported; an unknown code or
 * a catalogue that fails to load gives the English one.
 */
export async function loadCatalogue(code) {
  const known = knownCode(code);
  if (!known || known === DEFAULT) return en;
  return (await words(`${known}.js`, () => import(`./${known}.js`))) || en;
}

/**
 * The words of the parts loaded on use (parts/<code>.js; docs/translating.md), which the page
 * loads with the first of them: { code, words, english }. A file that fails to load gives {}.
 */
export async function loadPartWords(code) {
  const known = knownCode(code) || DEFAULT;
  // English by a literal path, which the single-file build follows.
  const english = words('parts/en.js', () => import('./parts/en.js'));
  const own = known === DEFAULT ? english : words(`parts/${known}.js`, () => import(`./parts/${known}.js`));
  return { code, words: (await own) || {}, english: (await english) || {} };
}

/** A usable catalogue value: a non-empty string, or a plural object with at least one text. */
function usable(value) {
  if (typeof value === 'string') return value !== '';
  if (!value || typeof value !== 'object') return false;
  return Object.values(value).some((v) => typeof v === 'string' && v !== '');
}

function pluralRules(code) {
  try {
    return new Intl.PluralRules(code);
  } catch {
    return new Intl.PluralRules(DEFAULT);
  }
}

/** The form of a plural object for `count`, or '' when the object has neither it nor 'other'. */
function pluralForm(value, rules, params) {
  let category = 'other';
  try {
    const n = has(params, 'count') ? Number(params.count) : NaN;
    if (Number.isFinite(n)) category = rules.select(n);
  } catch {
    // A count that is not a number: keep 'other'.
  }
  for (const form of [category, 'other']) {
    if (typeof value[form] === 'string' && value[form] !== '') return value[form];
  }
  return '';
}

/**
 * `{name}` → params.name as text (numbers grouped the language's way: 20,000 / 20 000); a
 * missing (undefined or null) parameter stays as `{name}`.
 */
function fill(text, params, code = DEFAULT) {
  return text.replace(/\{(\w+)\}/g, (whole, name) => {
    try {
      const value = has(params, name) ? params[name] : undefined;
      if (typeof value === 'number') return formatNumber(code, value);
      return value == null ? whole : String(value);
    } catch {
      return whole;
    }
  });
}

/**
 * A function t(key, params) that gives the text of `key` in the language `code`. A key missing
 * from `catalogue` (or left empty there) gives the `fallback` (English) text, and a key missing
 * from both gives the key itself. A plural object is resolved with Intl.PluralRules(code) on
 * params.count ('other' without a count). Never throws.
 */
export function createTranslator(code, catalogue, fallback = en) {
  const sources = [
    [catalogue, pluralRules(code)],
    [fallback, pluralRules(DEFAULT)],
  ];
  return function t(key, params = {}) {
    try {
      const p = params && typeof params === 'object' ? params : {};
      const k = String(key);
      for (const [source, rules] of sources) {
        if (!source || typeof source !== 'object' || !has(source, k)) continue;
        const value = source[k];
        if (!usable(value)) continue;
        const text = typeof value === 'string' ? value : pluralForm(value, rules, p);
        if (text) return fill(text, p, code);
      }
      return k;
    } catch {
      try {
        return String(key);
      } catch {
        return '';
      }
    }
  };
}

/** `aria-label:key1; title:key2` → [['aria-label', 'key1'], ['title', 'key2']]. */
function attrPairs(spec) {
  const pairs = [];
  for (const part of String(spec).split(';')) {
    const colon = part.indexOf(':');
    if (colon < 0) continue;
    const name = part.slice(0, colon).trim();
    const key = part.slice(colon + 1).trim();
    // Only plain attribute names, and never an event handler (on…): translations are text.
    if (!/^[a-z][a-z0-9-]*$/i.test(name) || /^on/i.test(name) || !key) continue;
    pairs.push([name, key]);
  }
  return pairs;
}

/**
 * Translates the elements under `root` (and root itself): `data-i18n="key"` sets the element's
 * textContent, `data-i18n-attr="aria-label:key1;title:key2"` sets those attributes. Text only,
 * never markup; a text or attribute that already reads so is left alone. Returns how many
 * elements were changed.
 */
export function translatePage(root, t) {
  if (!root || typeof root.querySelectorAll !== 'function') return 0;
  const select = (selector) => {
    const found = Array.from(root.querySelectorAll(selector));
    if (typeof root.matches === 'function' && root.matches(selector)) found.unshift(root);
    return found;
  };
  // Only what differs is written: the page comes in English, and rewriting its texts with the
  // same words made the first screen's style start over (a few ms of a fresh page's thread).
  const updated = new Set();
  for (const el of select('[data-i18n]')) {
    const key = el.getAttribute('data-i18n');
    if (!key) continue;
    const text = t(key);
    if (el.textContent === text) continue;
    el.textContent = text;
    updated.add(el);
  }
  for (const el of select('[data-i18n-attr]')) {
    for (const [name, key] of attrPairs(el.getAttribute('data-i18n-attr') || '')) {
      const text = t(key);
      if (el.getAttribute(name) === text) continue;
      el.setAttribute(name, text);
      updated.add(el);
    }
  }
  return updated.size;
}

const numberFormats = new Map();

/** `n` with the language's digit grouping: 20,000 (en), 20 000 (ru, lv, fr), 20.000 (nl). */
export function formatNumber(code, n) {
  // Under 1,000 no language here groups digits, and all write Latin ones: no formatter needed
  // (making the first one costs 30-60 ms, which a page showing only small numbers never pays).
  if (Number.isInteger(n) && n >= 0 && n < 1000) return String(n);
  try {
    // One formatter per language: making one loads locale data (tens of ms the first time).
    const key = knownCode(code) || DEFAULT;
    let f = numberFormats.get(key);
    if (!f) numberFormats.set(key, (f = new Intl.NumberFormat(key)));
    return f.format(n);
  } catch {
    return String(n);
  }
}

/**
 * The core's arguments whose value is a key, not words (pdn::diagnostic::KEYED_ARGS): the name
 * and the catalogue prefix that words it, e.g. reason 'move' → 'reason.move', side 'white' →
 * 'color.white', variant '20' → 'variant.20'.
 */
export const KEYED_ARGS = {
  reason: 'reason', why: 'why', legal_list: 'legal', clue: 'clue',
  written: 'notation', usual: 'notation',
  side: 'color', owner: 'color', loser: 'color', winner: 'color',
  variant: 'variant', first: 'variant', game: 'game',
};

/** `key` worded with `args`, or null when the key or one of its arguments is missing. */
function wordKey(t, key, args, depth) {
  if (depth > 4) return null;
  // Only the count goes to t (for the plural form); the other placeholders are filled here, so
  // that a missing one is noticed and a keyed one is worded first.
  const count = has(args, 'count') ? args.count : undefined;
  const template = t(key, count === undefined ? {} : { count });
  if (typeof template !== 'string' || template === key) return null;
  let missing = false;
  const text = template.replace(/\{(\w+)\}/g, (whole, name) => {
    const value = has(args, name) ? args[name] : undefined;
    if (value == null) {
      missing = true;
      return whole;
    }
    if (!has(KEYED_ARGS, name)) return String(value);
    const worded = wordKey(t, `${KEYED_ARGS[name]}.${value}`, args, depth + 1);
    if (worded == null) missing = true;
    return worded == null ? whole : worded;
  });
  return missing ? null : text;
}

/**
 * A move error's reason in the translator's language (`why.<key>` filled with the core's
 * `args`, keyed ones worded), or null when a word or an argument is missing. Never throws.
 */
export function reasonWords(t, why, args = {}) {
  try {
    return typeof why === 'string' && why ? wordKey(t, `why.${why}`, args || {}, 0) : null;
  } catch {
    return null;
  }
}

/**
 * The detail of a diagnostic (or move error) in the translator's language: the catalogue's
 * `detail.<code>` filled with the core's `args`, keyed ones worded by their own keys. When the
 * code, a template or an argument is missing, the core's English `message`. Never throws.
 * @param {(key: string, params?: object) => string} t a translator (createTranslator)
 * @param {{code?: string, args?: object, message?: string}} d
 */
export function diagnosticDetail(t, d) {
  const message = d && typeof d.message === 'string' ? d.message : '';
  try {
    if (!d || typeof d.code !== 'string' || !d.code || !d.args || typeof d.args !== 'object') return message;
    const text = wordKey(t, `detail.${d.code}`, d.args, 0);
    return text == null ? message : text;
  } catch {
    return message;
  }
}
