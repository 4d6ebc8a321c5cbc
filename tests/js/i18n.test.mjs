// Unit tests for the translations: the catalogues (same keys as English, placeholders kept,
// plural forms complete) and www/i18n/i18n.js (translator, language choice, page translation).
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import {
  LANGUAGES,
  KEYED_ARGS,
  createTranslator,
  diagnosticDetail,
  formatNumber,
  loadCatalogue,
  loadPartWords,
  pickLanguage,
  translatePage,
} from '../../www/i18n/i18n.js';
import firstEn from '../../www/i18n/en.js';
import partsEn from '../../www/i18n/parts/en.js';

const catalogueUrl = (code) => new URL(`../../www/i18n/${code}.js`, import.meta.url);
const partsUrl = (code) => new URL(`../../www/i18n/parts/${code}.js`, import.meta.url);
// Each language's words are two files: the first screen's (www/i18n/<code>.js) and those of the
// parts loaded on use (www/i18n/parts/<code>.js). The tests below hold them as one catalogue.
const first = {};
const parts = {};
const catalogues = {};
for (const { code } of LANGUAGES) {
  first[code] = (await import(catalogueUrl(code))).default;
  parts[code] = (await import(partsUrl(code))).default;
  catalogues[code] = { ...first[code], ...parts[code] };
}
const en = catalogues.en;
const translations = LANGUAGES.filter((l) => l.code !== 'en');

const isPlural = (v) => v !== null && typeof v === 'object';
const forms = (v) => (isPlural(v) ? Object.values(v) : [v]);
const placeholders = (text) => new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]));
const union = (texts) => new Set(texts.flatMap((s) => [...placeholders(s)]));

/** For each plural category of `code`, the whole numbers 0..1000 it is chosen for. */
function categoryNumbers(code) {
  const rules = new Intl.PluralRules(code);
  const out = {};
  for (const c of rules.resolvedOptions().pluralCategories) out[c] = [];
  for (let n = 0; n <= 1000; n++) out[rules.select(n)].push(n);
  return out;
}

/**
 * The placeholders a translation text must keep. A plural form used only for 0 or 1 may drop
 * what the English 'one' form drops ("{what}: {count} game." has no {game}); every other form
 * and a plain text keep everything of the English 'other' form.
 */
function required(enValue, code, form) {
  if (!isPlural(enValue)) return placeholders(enValue);
  const numbers = form ? categoryNumbers(code)[form] || [] : [];
  const singular = numbers.length > 0 && numbers.every((n) => n <= 1);
  return placeholders(singular && enValue.one ? enValue.one : enValue.other);
}

for (const { code } of LANGUAGES) {
  test(`${code}: the first screen's words and the parts' are the English files' keys, no key in both`, () => {
    assert.deepEqual(Object.keys(first[code]).sort(), Object.keys(firstEn).sort());
    assert.deepEqual(Object.keys(parts[code]).sort(), Object.keys(partsEn).sort());
    for (const key of Object.keys(parts[code])) assert.ok(!(key in first[code]), `${code} ${key}: in both files`);
  });
}

// The modules that load only through the app's part loaders (app.js `modules`, review.js) or
// after app.partWords() (the hosts' menus, live files): the only ones that may use the parts'
// words. Any other module speaks before those words are loaded, so its keys must be the first
// screen's: a parts key there would show as the key itself.
const PART_MODULES = [
  'www/view/gamelist.js', 'www/hosts/menus.js', 'www/view/editor.js', 'www/view/analysis.js',
  'www/view/solve.js', 'www/explorer/panel.js', 'www/explorer/attach.js', 'www/engine/panel.js',
  'www/engine/attach.js', 'www/engine/judge.js', 'www/view/engine-part.js', 'www/view/review.js', 'www/view/standings.js',
  'www/view/boards.js', 'www/view/tournament.js', 'www/view/follow.js', 'www/share/print.js',
];

test('the parts\' words are used only by the parts loaded on use', () => {
  const files = ['index.html', 'embed.html', ...readdirSync(new URL('../../www', import.meta.url), { recursive: true })
    .filter((f) => f.endsWith('.js') && !f.startsWith('i18n')).map((f) => `www/${f}`)];
  const keys = Object.keys(partsEn);
  assert.ok(keys.length > 100);
  for (const file of files) {
    if (PART_MODULES.includes(file)) continue;
    const text = readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');
    for (const key of keys) {
      const used = new RegExp(`(^|[^\\w.-])${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\w.-])`).test(text);
      assert.ok(!used, `${file} uses '${key}', one of the parts' words (www/i18n/parts/en.js): move it to www/i18n/en.js`);
    }
  }
});

test('the catalogue files in www/i18n are exactly the languages of LANGUAGES', () => {
  // Besides the catalogues, the folder holds the translator and the words module.
  const modules = new Set(['i18n.js', 'words.js']);
  const files = readdirSync(new URL('../../www/i18n/', import.meta.url)).filter((f) => f.endsWith('.js') && !modules.has(f));
  assert.deepEqual(files.sort(), LANGUAGES.map((l) => `${l.code}.js`).sort());
  const partFiles = readdirSync(new URL('../../www/i18n/parts/', import.meta.url));
  assert.deepEqual(partFiles.sort(), LANGUAGES.map((l) => `${l.code}.js`).sort());
});

test('LANGUAGES lists English first and each language once, each with a catalogue file', () => {
  const codes = LANGUAGES.map((l) => l.code);
  assert.equal(codes[0], 'en');
  for (const code of ['ru', 'lv', 'nl', 'fr']) assert.ok(codes.includes(code), code);
  assert.equal(new Set(codes).size, codes.length);
  for (const { code, name } of LANGUAGES) {
    assert.ok(name, code);
    assert.equal(typeof catalogues[code], 'object', code);
    const header = readFileSync(catalogueUrl(code), 'utf8').split('\n')[0];
    assert.ok(header.startsWith('//') && header.includes(name), `${code}.js: the first line names the language (${name}): ${header}`);
  }
});

test('English plural objects have one and other, and nothing else', () => {
  for (const [key, value] of Object.entries(en)) {
    if (!isPlural(value)) continue;
    assert.deepEqual(Object.keys(value).sort(), ['one', 'other'], key);
  }
});

for (const { code } of LANGUAGES) {
  test(`${code}: exactly the keys of en, no empty or malformed value`, () => {
    const cat = catalogues[code];
    assert.deepEqual(Object.keys(cat).sort(), Object.keys(en).sort());
    const categories = new Intl.PluralRules(code).resolvedOptions().pluralCategories;
    for (const [key, value] of Object.entries(cat)) {
      if (isPlural(value)) {
        assert.ok(typeof value.other === 'string', `${code} ${key}: a plural object needs 'other'`);
        for (const [form, text] of Object.entries(value)) {
          assert.ok(categories.includes(form), `${code} ${key}: '${form}' is not a plural form of ${code} (${categories.join(', ')})`);
          assert.equal(typeof text, 'string', `${code} ${key}.${form}`);
          assert.ok(text.trim() !== '', `${code} ${key}.${form} is empty`);
        }
        // Every form that a whole number up to 1000 can need is written out.
        for (const [form, numbers] of Object.entries(categoryNumbers(code))) {
          if (numbers.length) assert.ok(form in value, `${code} ${key}: form '${form}' (for ${numbers.slice(0, 4).join(', ')}…) is missing`);
        }
      } else {
        assert.equal(typeof value, 'string', `${code} ${key}`);
        assert.ok(value.trim() !== '', `${code} ${key} is empty`);
      }
    }
  });
}

for (const { code } of translations) {
  test(`${code}: the placeholders of the English text are kept, and no others are added`, () => {
    const cat = catalogues[code];
    for (const [key, enValue] of Object.entries(en)) {
      const allowed = union(forms(enValue));
      const value = cat[key];
      const entries = isPlural(value) ? Object.entries(value) : [[null, value]];
      for (const [form, text] of entries) {
        const found = placeholders(text);
        const where = form ? `${code} ${key}.${form}` : `${code} ${key}`;
        for (const name of required(enValue, code, form)) {
          assert.ok(found.has(name), `${where} lacks {${name}}: ${text}`);
        }
        for (const name of found) assert.ok(allowed.has(name), `${where} has {${name}}, which English does not: ${text}`);
      }
    }
  });
}

test('every catalogue text has balanced braces (a typo like {count is caught)', () => {
  for (const { code } of LANGUAGES) {
    for (const [key, value] of Object.entries(catalogues[code])) {
      for (const text of forms(value)) {
        const stripped = text.replace(/\{\w+\}/g, '');
        // The only literal braces are the ones the message is about.
        const aboutBraces = ['code.unmatched-brace', 'detail.unmatched-brace', 'detail.unclosed-comment', 'detail.nested-comment'];
        if (aboutBraces.includes(key)) continue;
        assert.ok(!/[{}]/.test(stripped), `${code} ${key}: ${text}`);
      }
    }
  }
});

test('placeholders are filled; a missing one stays visible', () => {
  const t = createTranslator('en', en, en);
  assert.equal(t('status.loadFailed', { name: 'a.pdn', error: 'boom' }), 'Could not load a.pdn: boom');
  assert.equal(t('status.loadFailed', { name: 'a.pdn' }), 'Could not load a.pdn: {error}');
  assert.equal(t('status.loadFailed', { name: 'a.pdn', error: null }), 'Could not load a.pdn: {error}');
  assert.equal(t('status.reading', { name: 'x', percent: 0 }), 'Reading x… 0%');
  assert.equal(t('say.and', { a: false, b: 12 }), 'false and 12');
  // A value that itself looks like a placeholder is not filled again.
  assert.equal(t('say.and', { a: '{b}', b: 'x' }), '{b} and x');
  assert.equal(t('what.file', { name: '$& $1 <b>' }), '$& $1 <b>');
});

test('English plurals: status.loaded and diag.errors', () => {
  const t = createTranslator('en', en);
  assert.equal(t('status.loaded', { what: 'Pasted text', count: 1, game: 1 }), 'Pasted text: 1 game.');
  assert.equal(t('status.loaded', { what: 'x.pdn', count: 3, game: 2 }), 'x.pdn: 3 games, showing game 2.');
  assert.equal(t('diag.errors', { count: 0 }), '0 errors');
  assert.equal(t('diag.errors', { count: 1 }), '1 error');
  assert.equal(t('diag.errors', { count: '1' }), '1 error');
  // Without a count the 'other' form is used.
  assert.equal(t('diag.errors'), '{count} errors');
});

test('Russian plural forms: 1, 2, 5, 21, 22, 25, 11, 12, 111', () => {
  const t = createTranslator('ru', catalogues.ru, en);
  const expect = {
    1: '1 ошибка', 2: '2 ошибки', 5: '5 ошибок', 21: '21 ошибка', 22: '22 ошибки',
    25: '25 ошибок', 11: '11 ошибок', 12: '12 ошибок', 111: '111 ошибок', 0: '0 ошибок',
  };
  for (const [n, text] of Object.entries(expect)) assert.equal(t('diag.errors', { count: Number(n) }), text);
  assert.equal(t('diag.warnings', { count: 3 }), '3 предупреждения');
  assert.equal(t('diag.notes', { count: 7 }), '7 примечаний');
});

test('Latvian plural forms: 0, 1, 21, 11, 2', () => {
  const t = createTranslator('lv', catalogues.lv, en);
  assert.equal(t('diag.errors', { count: 0 }), '0 kļūdu');
  assert.equal(t('diag.errors', { count: 1 }), '1 kļūda');
  assert.equal(t('diag.errors', { count: 21 }), '21 kļūda');
  assert.equal(t('diag.errors', { count: 11 }), '11 kļūdu');
  assert.equal(t('diag.errors', { count: 2 }), '2 kļūdas');
});

test('a missing key falls back to English, then to the key itself', () => {
  const t = createTranslator('ru', { 'nav.next': 'Следующий ход', 'nav.prev': '' }, en);
  assert.equal(t('nav.next'), 'Следующий ход');
  assert.equal(t('nav.first'), 'First position');
  assert.equal(t('nav.prev'), 'Previous move', 'an empty text counts as missing');
  assert.equal(t('no.such.key'), 'no.such.key');
  assert.equal(t('status.gameOf', { game: 2, count: 9 }), 'Game 2 of 9.');
  // Keys that only exist on Object.prototype are not texts.
  assert.equal(t('constructor'), 'constructor');
  assert.equal(t('toString'), 'toString');
  assert.equal(t('__proto__'), '__proto__');
});

test('a plural object without the needed form uses other, then English', () => {
  const cat = { 'diag.errors': { other: '{count} Fehler' }, 'diag.notes': { one: 'eine Notiz' } };
  const t = createTranslator('de', cat, en);
  assert.equal(t('diag.errors', { count: 1 }), '1 Fehler');
  assert.equal(t('diag.notes', { count: 1 }), 'eine Notiz');
  assert.equal(t('diag.notes', { count: 4 }), '4 notes');
});

test('the translator never throws', () => {
  const hostile = { toString() { throw new Error('no'); } };
  const noProto = Object.create(null);
  const odd = { 'a': 42, 'b': null, 'c': ['x'], 'd': { one: 5 } };
  for (const [code, cat, fb] of [['en', en, en], ['zz-!!', odd, undefined], ['ru', null, null], [undefined, undefined, {}]]) {
    const t = createTranslator(code, cat, fb);
    for (const key of ['a', 'b', 'c', 'd', 'diag.errors', undefined, null, 12, Symbol('s'), hostile]) {
      for (const params of [undefined, null, 5, 'x', {}, { count: 'many' }, { count: hostile }, { a: noProto, count: NaN }]) {
        assert.equal(typeof t(key, params), 'string');
      }
    }
  }
  const t = createTranslator('en', en);
  assert.equal(t('say.and', { a: noProto, b: hostile }), '{a} and {b}');
  assert.equal(t('diag.errors', { count: Infinity }), '∞ errors'); // numbers are written the language's way
  assert.equal(t('diag.errors', { count: 20000 }), '20,000 errors');
  assert.equal(t('diag.errors', { count: hostile }), '{count} errors');
  const trap = { get a() { throw new Error('getter'); }, b: 'x' };
  assert.equal(t('say.and', trap), '{a} and x');
});

test('pickLanguage: stored choice, then the browser languages, then English', () => {
  assert.equal(pickLanguage(['ru-RU', 'en'], ''), 'ru');
  assert.equal(pickLanguage(['de'], ''), 'en');
  assert.equal(pickLanguage(['de', 'nl-BE', 'fr'], ''), 'nl');
  assert.equal(pickLanguage(['ru-RU'], 'lv'), 'lv');
  assert.equal(pickLanguage(['ru-RU'], 'xx'), 'ru', 'an unknown stored code is ignored');
  assert.equal(pickLanguage(['LV_lv'], undefined), 'lv');
  assert.equal(pickLanguage('fr-CA', null), 'fr');
  assert.equal(pickLanguage(undefined, undefined), 'en');
  assert.equal(pickLanguage([], ''), 'en');
  assert.equal(pickLanguage([null, 7, 'fr'], ''), 'fr');
});

test('loadCatalogue: known codes load their catalogue, anything else gives English', async () => {
  assert.equal(await loadCatalogue('xx'), firstEn);
  assert.equal(await loadCatalogue('en'), firstEn);
  assert.equal(await loadCatalogue(''), firstEn);
  assert.equal(await loadCatalogue(undefined), firstEn);
  assert.equal(await loadCatalogue('../i18n'), firstEn);
  assert.equal(await loadCatalogue('__proto__'), firstEn);
  assert.equal(await loadCatalogue('ru'), first.ru);
  assert.equal(await loadCatalogue('fr-FR'), first.fr);
  for (const { code } of LANGUAGES) assert.equal(await loadCatalogue(code), first[code]);
});

test('loadPartWords: the parts\' words of a known code with English beside them, else English', async () => {
  for (const { code } of LANGUAGES) {
    const got = await loadPartWords(code);
    assert.deepEqual([got.code, got.words, got.english], [code, parts[code], partsEn]);
  }
  for (const odd of ['xx', '', undefined, '../i18n', '__proto__']) {
    const got = await loadPartWords(odd);
    assert.equal(got.code, odd);
    assert.equal(got.words, partsEn);
  }
  assert.equal((await loadPartWords('ru-RU')).words, parts.ru);
});

test('formatNumber writes numbers under 1,000 as Intl does in every language offered, without it', () => {
  for (const { code } of LANGUAGES) {
    const intl = new Intl.NumberFormat(code);
    for (const n of [0, 1, 7, 10, 74, 100, 999]) assert.equal(formatNumber(code, n), intl.format(n), `${code} ${n}`);
    // Fractions, negatives and 1,000 up still go through Intl.
    for (const n of [0.5, -3, 1000, 123456]) assert.equal(formatNumber(code, n), intl.format(n), `${code} ${n}`);
  }
});

test('formatNumber groups digits the way each language does', () => {
  assert.equal(formatNumber('en', 20000), '20,000');
  assert.equal(formatNumber('nl', 20000), '20.000');
  for (const code of ['ru', 'lv', 'fr']) assert.match(formatNumber(code, 20000), /^20\s000$/u, code);
  assert.equal(formatNumber('en', 12), '12');
  assert.equal(formatNumber('xx', 1234), '1,234');
});

// A minimal stand-in for the DOM: elements with attributes, textContent and a trap on innerHTML.
class FakeElement {
  constructor(attrs = {}, children = []) {
    this.attrs = new Map(Object.entries(attrs));
    this.children = children;
    this.textContent = 'old';
    this.htmlWrites = 0;
  }
  get innerHTML() { return this.textContent; }
  set innerHTML(_) { this.htmlWrites += 1; throw new Error('innerHTML must not be used'); }
  getAttribute(name) { return this.attrs.has(name) ? this.attrs.get(name) : null; }
  setAttribute(name, value) { this.attrs.set(name, String(value)); }
  hasAttribute(name) { return this.attrs.has(name); }
  matches(selector) {
    const m = /^\[([\w-]+)\]$/.exec(selector);
    if (!m) throw new Error(`fake DOM: unsupported selector ${selector}`);
    return this.hasAttribute(m[1]);
  }
  querySelectorAll(selector) {
    const out = [];
    const visit = (el) => {
      for (const child of el.children) {
        if (child.matches(selector)) out.push(child);
        visit(child);
      }
    };
    visit(this);
    return out;
  }
}

test('translatePage sets texts and attributes, never markup', () => {
  const t = createTranslator('nl', catalogues.nl, en);
  const title = new FakeElement({ 'data-i18n': 'list.title' });
  const button = new FakeElement({ 'data-i18n': 'nav.flip', 'data-i18n-attr': 'aria-label:nav.flip; title:board.wheel' });
  const input = new FakeElement({ 'data-i18n-attr': 'placeholder:list.filter;aria-label:list.filter' });
  const evil = new FakeElement({ 'data-i18n': 'no.such.key', 'data-i18n-attr': 'onclick:nav.next;title' });
  const plain = new FakeElement({ id: 'x' });
  const root = new FakeElement({ 'data-i18n-attr': 'aria-label:board.label' }, [
    title, new FakeElement({}, [button, input]), evil, plain,
  ]);
  const changed = translatePage(root, t);
  assert.equal(changed, 5);
  assert.equal(title.textContent, 'Partijen');
  assert.equal(button.textContent, catalogues.nl['nav.flip']);
  assert.equal(button.getAttribute('aria-label'), catalogues.nl['nav.flip']);
  assert.equal(button.getAttribute('title'), catalogues.nl['board.wheel']);
  assert.equal(input.getAttribute('placeholder'), catalogues.nl['list.filter']);
  assert.equal(input.getAttribute('aria-label'), catalogues.nl['list.filter']);
  assert.equal(input.textContent, 'old', 'an element with only data-i18n-attr keeps its text');
  assert.equal(root.getAttribute('aria-label'), catalogues.nl['board.label'], 'root itself is translated');
  assert.equal(evil.textContent, 'no.such.key');
  assert.equal(evil.getAttribute('onclick'), null, 'event handler attributes are never set');
  assert.equal(plain.textContent, 'old');
  for (const el of [root, title, button, input, evil, plain]) assert.equal(el.htmlWrites, 0);
});

test('translatePage leaves texts and attributes that already read so alone', () => {
  // The page is written in English: showing it in English must not rewrite it (each write makes
  // the browser lay the page out again).
  class Counting extends FakeElement {
    constructor(attrs, children) { super(attrs, children); this.writes = 0; this.text = 'old'; }
    get textContent() { return this.text; }
    set textContent(v) { this.writes += 1; this.text = v; }
    setAttribute(name, value) { this.writes += 1; super.setAttribute(name, value); }
  }
  const t = createTranslator('en', en, en);
  const same = new Counting({ 'data-i18n': 'nav.flip', 'data-i18n-attr': 'title:nav.flip', title: en['nav.flip'] });
  same.text = en['nav.flip'];
  const other = new Counting({ 'data-i18n': 'list.title', 'data-i18n-attr': 'aria-label:list.title', 'aria-label': 'Partijen' });
  const root = new FakeElement({}, [same, other]);
  assert.equal(translatePage(root, t), 1, 'only the element that differed counts');
  assert.equal(same.writes, 0);
  assert.equal(other.writes, 2);
  assert.equal(other.textContent, en['list.title']);
  assert.equal(other.getAttribute('aria-label'), en['list.title']);
  assert.equal(translatePage(root, t), 0, 'a second pass changes nothing');
});

test('translatePage puts markup in a text as text', () => {
  const el = new FakeElement({ 'data-i18n': 'k' });
  const root = new FakeElement({}, [el]);
  const t = createTranslator('en', { k: '<img src=x onerror=alert(1)>' }, en);
  assert.equal(translatePage(root, t), 1);
  assert.equal(el.textContent, '<img src=x onerror=alert(1)>');
  assert.equal(el.htmlWrites, 0);
});

test('translatePage without a root or with an empty key does nothing', () => {
  const t = createTranslator('en', en);
  assert.equal(translatePage(null, t), 0);
  assert.equal(translatePage({}, t), 0);
  const empty = new FakeElement({ 'data-i18n': '' });
  assert.equal(translatePage(new FakeElement({}, [empty]), t), 0);
  assert.equal(empty.textContent, 'old');
});

// Diagnostic details, worded from the core's code and arguments.
const tr = (code) => createTranslator(code, catalogues[code], en);
const noPiece = {
  code: 'illegal-move',
  message: '27-21: white has no piece on 27; legal moves: 32-28, 33-29',
  args: { reason: 'move', move: '27-21', why: 'no-piece', side: 'white', square: '27', legal_list: 'some', legal: '32-28, 33-29' },
};

test('diagnosticDetail: English wording equals the core message', () => {
  assert.equal(diagnosticDetail(tr('en'), noPiece), noPiece.message);
  const order = { code: 'move-number-order', message: 'x', args: { number: '3', previous: '7' } };
  assert.equal(diagnosticDetail(tr('en'), order), 'move number 3 comes after move number 7; the numbers go backwards');
});

test('diagnosticDetail: each language words the detail, keyed arguments included', () => {
  assert.equal(diagnosticDetail(tr('ru'), noPiece), '27-21: у белых нет шашки на поле 27; допустимые ходы: 32-28, 33-29');
  assert.equal(diagnosticDetail(tr('nl'), noPiece), '27-21: Wit heeft geen stuk op veld 27; reglementaire zetten: 32-28, 33-29');
  assert.equal(diagnosticDetail(tr('fr'), noPiece), '27-21 : les Blancs n’ont pas de pièce sur la case 27 ; coups légaux : 32-28, 33-29');
  assert.equal(diagnosticDetail(tr('lv'), noPiece), '27-21: baltajiem nav kauliņa uz lauciņa 27; atļautie gājieni: 32-28, 33-29');
  const guessed = { code: 'guessed-variant', message: 'x', args: { clue: 'squares-up-to', max: '50', variant: '20', gametype: '20', reason: 'guess-first' } };
  assert.equal(diagnosticDetail(tr('ru'), guessed), 'тега GameType нет: поля с номерами до 50: вариант «Международные шашки» (GameType 20)');
  assert.equal(diagnosticDetail(tr('en'), guessed), 'no GameType tag: squares up to 50 point to International draughts (GameType 20)');
});

test('diagnosticDetail: counts choose the plural form of the language', () => {
  const few = (count) => ({ code: 'illegal-move', message: 'x', args: { reason: 'move', move: '32x21', why: 'too-few-captured', count: String(count), most: '5', legal_list: 'none' } });
  assert.match(diagnosticDetail(tr('en'), few(1)), /takes 1 piece, /);
  assert.match(diagnosticDetail(tr('en'), few(2)), /takes 2 pieces, /);
  assert.match(diagnosticDetail(tr('ru'), few(1)), /бьёт 1 шашку/);
  assert.match(diagnosticDetail(tr('ru'), few(3)), /бьёт 3 шашки/);
  assert.match(diagnosticDetail(tr('ru'), few(5)), /бьёт 5 шашек/);
  assert.match(diagnosticDetail(tr('ru'), few(1)), /допустимых ходов нет$/);
});

test('diagnosticDetail falls back to the core message when a template or an argument is missing', () => {
  const t = tr('ru');
  // No code, no args, an unknown code.
  assert.equal(diagnosticDetail(t, { message: 'core words' }), 'core words');
  assert.equal(diagnosticDetail(t, { code: 'illegal-move', message: 'core words' }), 'core words');
  assert.equal(diagnosticDetail(t, { code: 'no-such-code', args: {}, message: 'core words' }), 'core words');
  // An argument the template names is missing.
  const { square, ...rest } = noPiece.args;
  assert.equal(diagnosticDetail(t, { ...noPiece, args: rest }), noPiece.message);
  // A keyed argument whose key no catalogue has (a reason added to the core later).
  assert.equal(diagnosticDetail(t, { ...noPiece, args: { ...noPiece.args, why: 'brand-new' } }), noPiece.message);
  // Templates missing from the language: each falls back to English on its own, still worded.
  const partial = createTranslator('ru', { 'color.white': 'белых' }, en);
  assert.equal(diagnosticDetail(partial, noPiece), '27-21: белых has no piece on 27; legal moves: 32-28, 33-29');
  // Nothing at all, and garbage, never throw.
  assert.equal(diagnosticDetail(t, null), '');
  assert.equal(diagnosticDetail(t, { code: 'illegal-move', args: 'x', message: 7 }), '');
  assert.equal(diagnosticDetail(() => { throw new Error('x'); }, noPiece), noPiece.message);
});

test('diagnosticDetail: values are text, never filled again', () => {
  const d = { code: 'unknown-text', message: 'x', args: { text: '{reason}' } };
  assert.equal(diagnosticDetail(tr('en'), d), '"{reason}" is not a move, move number, result or comment; it is skipped');
});

test('every catalogue has a detail for each code of the English catalogue, and keyed texts for every key prefix', () => {
  const codes = Object.keys(en).filter((k) => k.startsWith('code.')).map((k) => k.slice(5));
  assert.ok(codes.length >= 38);
  const prefixes = new Set(Object.values(KEYED_ARGS));
  for (const { code } of LANGUAGES) {
    for (const c of codes) assert.ok(catalogues[code][`detail.${c}`], `${code}: detail.${c}`);
    for (const p of prefixes) assert.ok(Object.keys(catalogues[code]).some((k) => k.startsWith(`${p}.`)), `${code}: ${p}.*`);
  }
});
