// End-to-end tests of what a reader hands the page (issue 23): the paste box starts empty (the
// sample on the board) and a paste, on a desktop or a phone, gives exactly the pasted games; a
// forum post (chatter around a game in [pdn] … [/pdn]) is one game and one note, and its link and
// export carry the game alone; a long file name keeps a phone's page 360 px wide and the game
// list's close button in view; Russian short notation (`df6`) is typed and written short;
// escaped apostrophes (`D\'Almeida`) are shown plain; sizes and words in each language; the
// checking-progress line does not move the board. Same harness style as run.mjs.
//
//   node tests/e2e/input.mjs              every check
//   node tests/e2e/input.mjs --shots      also writes the screenshots to tests/e2e/artifacts/
//   node tests/e2e/input.mjs --docs       also writes the how-to's screenshots to docs/screenshots/

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { artifacts, catalogueOf, checks, launchBrowser, loads, openPage, root, startStaticServer, waitLoads } from './harness.mjs';
import { LANGUAGES } from '../../www/i18n/i18n.js';

const shots = process.argv.includes('--shots');
const docs = process.argv.includes('--docs');
mkdirSync(artifacts, { recursive: true });

const server = await startStaticServer();
const base = `${server.origin}/index.html`;
const browser = await launchBrowser();
const problems = [];
const only = process.argv.find((a) => a.startsWith('--only='));
const { check, finish, fail } = checks({ problems, only: only ? new RegExp(only.slice(7)) : null });
const assert = (cond, message) => { if (!cond) throw new Error(message); };

const DESKTOP = { viewport: { width: 1280, height: 800 } };
const PHONE = { viewport: { width: 360, height: 740 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true };

async function newPage(options = DESKTOP) {
  const context = await browser.newContext({ locale: 'en', acceptDownloads: true, ...options });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.origin });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console.error: ${m.text()}`); });
  await openPage(page, base);
  await page.evaluate(() => localStorage.setItem('pdn-viewer.animate', '0'));
  return page;
}

const games = (page) => page.evaluate(() => document.body.dataset.games);
const box = (page) => page.inputValue('#pdn-input');
const status = (page) => page.textContent('#status');

/** Puts `text` on the clipboard, touches (or clicks) the middle of the paste box and pastes. */
async function paste(page, text, { touch = false } = {}) {
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  const n = await loads(page);
  await page.locator('#pdn-input').scrollIntoViewIfNeeded();
  const r = await page.locator('#pdn-input').boundingBox();
  if (touch) await page.touchscreen.tap(r.x + r.width / 2, r.y + r.height / 2);
  else await page.mouse.click(r.x + r.width / 2, r.y + r.height / 2);
  await page.keyboard.press('Control+V');
  await waitLoads(page, n + 1);
  await page.waitForFunction(() => document.body.dataset.checked === '1');
}

/** Puts `text` in the box and presses Load (what run.mjs does): for checks of the reading alone. */
async function load(page, text) {
  const n = await loads(page);
  await page.fill('#pdn-input', text);
  await page.click('#load');
  await waitLoads(page, n + 1);
  await page.waitForFunction(() => document.body.dataset.checked === '1');
}

async function download(page, selector) {
  const [dl] = await Promise.all([page.waitForEvent('download'), page.evaluate((s) => document.querySelector(s).click(), selector)]);
  const { readFileSync } = await import('node:fs');
  return readFileSync(await dl.path(), 'utf8');
}

const TWO = '[White "Alpha"]\n[Black "Beta"]\n1. 32-28 19-23 2. 28x19 14x23 *\n\n[White "Gamma"]\n[Black "Delta"]\n1. 33-29 *\n';
const ONE = '[White "Epsilon"]\n[Black "Zeta"]\n1. 31-27 *\n';
const CHAT_BEFORE = 'Hi all, here is the game from yesterday, have a look please';
const CHAT_AFTER = 'What do you think? I think White played well.';
const FORUM = `${CHAT_BEFORE}\n[pdn]\n[Event "Club"]\n[White "D\\'Almeida"]\n[Black "Ivanov"]\n[Result "2-0"]\n1. 32-28 19-23 2. 28x19 14x23 2-0\n[/pdn]\n${CHAT_AFTER}\n`;
const FORUM_WORDS = 21;

/** Catalogue `key`'s form for `count` in `code` (the page's translator does the same). */
async function form(code, key, count) {
  const cat = await catalogueOf(code);
  const v = cat[key];
  if (typeof v === 'string') return v.replace('{count}', String(count));
  const rule = new Intl.PluralRules(code).select(count);
  return (v[rule] ?? v.other).replace('{count}', String(count));
}

try {
  await check('first screen: the sample on the board, the paste box empty with a placeholder', async () => {
    const page = await newPage();
    assert((await page.$$('#board [data-piece]')).length > 0, 'the sample is on the board');
    assert(await box(page) === '', `the box is empty: ${JSON.stringify((await box(page)).slice(0, 40))}`);
    const placeholder = await page.getAttribute('#pdn-input', 'placeholder');
    assert(/paste/i.test(placeholder), `placeholder: ${placeholder}`);
    await page.context().close();
  });

  await check('desktop: a keyboard paste gives exactly the pasted games; a second paste replaces the first', async () => {
    const page = await newPage();
    await paste(page, TWO);
    assert(await games(page) === '2', `2 games, got ${await games(page)}`);
    assert(await box(page) === TWO, 'the box holds the pasted text alone');
    await paste(page, ONE);
    assert(await games(page) === '1', `1 game after the second paste, got ${await games(page)}`);
    assert(await box(page) === ONE, `the second paste replaced the first: ${JSON.stringify(await box(page))}`);
    await page.context().close();
  });

  await check('phone 360×740: tap the box, paste: exactly the pasted games', async () => {
    const page = await newPage(PHONE);
    await paste(page, TWO, { touch: true });
    assert(await games(page) === '2', `2 games, got ${await games(page)}`);
    assert(await box(page) === TWO, 'the box holds the pasted text alone');
    await page.context().close();
  });

  await check('phone: a forum post is one game and one note; the link and the export carry the game alone', async () => {
    const page = await newPage(PHONE);
    if (docs) {
      await page.evaluate(() => document.querySelector('.input-panel').scrollIntoView({ block: 'start' }));
      await shot(page, 'howto-paste-1-empty.png');
    }
    // The box emptied first (the paste itself is checked above): this check is about the reading.
    await page.fill('#pdn-input', '');
    await paste(page, FORUM, { touch: true });
    if (docs) {
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, 'howto-paste-2-read.png');
    }
    assert(await games(page) === '1', `1 game, got ${await games(page)}`);
    const words = await status(page);
    const note = await form('en', 'detail.outside-prose', FORUM_WORDS);
    assert(words.includes(note), `the status gives the one note "${note}": ${words}`);
    assert(words.split(note).length === 2, 'said once');
    // The note in each language, with its plural form for 21.
    for (const { code } of LANGUAGES) {
      await page.selectOption('#lang', code);
      await page.waitForFunction((c) => document.documentElement.lang === c, code);
      const want = await form(code, 'detail.outside-prose', FORUM_WORDS);
      const said = await status(page);
      assert(said.includes(want), `${code}: "${want}" in "${said}"`);
      assert(said.split(want).length === 2, `${code}: said once`);
    }
    await page.selectOption('#lang', 'en');
    const tags = await page.textContent('#tags');
    assert(!/pdn/i.test(tags), `no [pdn] tag: ${tags}`);
    // The exports: the game, without the chatter or the wrappers.
    const all = await download(page, '#download-file');
    const one = await download(page, '#download-game');
    for (const [name, text] of [['file', all], ['game', one]]) {
      assert(text.includes('1. 32-28 19-23 2. 28x19 14x23 2-0'), `${name} export has the game: ${text}`);
      assert(!/pdn\]|\[pdn|have a look|played well/i.test(text), `${name} export carries only the game: ${text}`);
    }
    // The link: its text is the game alone.
    await page.evaluate(() => document.getElementById('copy-link').click());
    await page.waitForFunction(() => document.getElementById('share-link').value.includes('#g='));
    const link = await page.inputValue('#share-link');
    const linked = await page.evaluate(async (href) => {
      // The game alone fits a short link (#g=, issue 41): the core writes its text back.
      const { readAddress } = await import('/www/share/address.js');
      const core = await import('/pkg/pdn.js');
      await core.default();
      return core.shortLinkText(readAddress(href).source.short);
    }, link);
    assert(linked.startsWith('[Event "Club"]') && linked.trimEnd().endsWith('2-0'), `the link's text: ${JSON.stringify(linked)}`);
    assert(!/have a look|played well|\[\/?pdn/i.test(linked), `no chatter in the link: ${linked}`);
    await page.context().close();
  });

  await check('a forum post signed under [/pdn] ("--", a name) is one game, and its link carries the game alone (issue 38)', async () => {
    const page = await newPage();
    await load(page, 'Look at this:\n[pdn]\n[Event "Club"]\n1. 32-28 19-23 2. 28x19 14x23 2-0\n[/pdn]\n--\nJohn\n');
    assert(await games(page) === '1', `1 game, got ${await games(page)}`);
    await page.evaluate(() => document.getElementById('copy-link').click());
    await page.waitForFunction(() => document.getElementById('share-link').value.includes('#g='));
    const link = await page.inputValue('#share-link');
    const linked = await page.evaluate(async (href) => {
      // The game alone fits a short link (#g=, issue 41): the core writes its text back.
      const { readAddress } = await import('/www/share/address.js');
      const core = await import('/pkg/pdn.js');
      await core.default();
      return core.shortLinkText(readAddress(href).source.short);
    }, link);
    assert(linked.startsWith('[Event "Club"]') && linked.trimEnd().endsWith('1. 32-28 19-23 2. 28x19 14x23 2-0'), `the link's text: ${JSON.stringify(linked)}`);
    await page.context().close();
  });

  await check('D\\\'Almeida is shown as D\'Almeida in the header and the game list', async () => {
    const page = await newPage();
    await load(page, `[White "D\\'Almeida"]\n[Black "O\\'Neill"]\n1. 32-28 *\n\n[White "B"]\n[Black "C"]\n1. 33-29 *\n`);
    const header = await page.textContent('#game-header');
    assert(header.includes("D'Almeida") && header.includes("O'Neill") && !header.includes('\\'), `header: ${header}`);
    await page.waitForSelector('#game-list tr.game-row');
    const list = await page.textContent('#game-list');
    assert(list.includes("D'Almeida") && !list.includes('\\'), `list: ${list}`);
    await page.context().close();
  });

  const LONG_NAME = 'Kampioenschap_van_Nederland_2024_ronde_11_Jansen_tegen_Pietersen_definitieve_versie.pdn';
  const LONG_TAGS = '[Event "Kampioenschap van Nederland Dammen Senioren Hoofdklasse Finale 2024"]\n'
    + '[Site "https://www.example.org/toernooien/2024/kampioenschap/hoofdklasse/ronde-11/partij-3-definitief"]\n'
    + '[White "Jansen"]\n[Black "PietersenVanDerBergheVeryLongUnbrokenNameWithoutAnySpaces"]\n[Result "2-0"]\n'
    + '1. 32-28 19-23 2. 28x19 14x23 2-0\n\n[White "B"]\n[Black "C"]\n1. 33-28 *\n';
  await check('phone 360: a long file name and long tags keep the page 360 px wide; the list\'s close button in view', async () => {
    const page = await newPage(PHONE);
    const n = await loads(page);
    await page.setInputFiles('#file-input', { name: LONG_NAME, mimeType: 'text/plain', buffer: Buffer.from(LONG_TAGS) });
    await waitLoads(page, n + 1);
    await page.waitForFunction(() => document.body.dataset.checked === '1');
    const width = () => page.evaluate(() => document.documentElement.scrollWidth);
    assert(await width() <= 360, `scrollWidth ${await width()} > 360`);
    if (shots) await page.screenshot({ path: path.join(artifacts, 'input-360-long-name.png') });
    await page.click('#games-toggle');
    await page.waitForSelector('#games-close', { state: 'visible' });
    const r = await page.locator('#games-close').boundingBox();
    assert(r.x >= 0 && r.x + r.width <= 360 && r.y >= 0 && r.y + r.height <= 740, `close button at ${JSON.stringify(r)}`);
    assert(await width() <= 360, `with the list open: scrollWidth ${await width()}`);
    await page.click('#games-close');
    await page.evaluate(() => { for (const d of document.querySelectorAll('details')) d.open = true; });
    assert(await width() <= 360, `with every panel open: scrollWidth ${await width()}`);
    await page.context().close();
  });

  await check('Russian short notation: df6 and ge5 typed are played and written short', async () => {
    const page = await newPage();
    await load(page, '[GameType "25"]\n[White "A"]\n[Black "B"]\n1. cd4 fe5 *\n');
    await page.waitForSelector('#board[data-moves]');
    await page.click('#moves .move[data-ply="2"]:not([data-line])');
    await page.waitForFunction(() => document.body.dataset.ply === '2');
    await page.waitForSelector('#board[data-moves]');
    for (const [typed, ply] of [['df6', 3], ['ge5', 4]]) {
      await page.fill('#move-input', typed);
      await page.press('#move-input', 'Enter');
      await page.waitForFunction((p) => document.body.dataset.ply === String(p), ply);
      await page.waitForSelector('#board[data-moves]');
    }
    const moves = await page.$$eval('#moves .move', (els) => els.map((e) => e.textContent.trim()));
    assert(moves.includes('df6') && moves.includes('ge5'), `written short in the list: ${moves.join(' ')}`);
    const text = await download(page, '#download-game');
    assert(text.includes('1. cd4 fe5 2. df6 ge5'), `written short in the export: ${text}`);
    await page.context().close();
  });

  await check('a refused typed move is said in the move box, with the captures due and their pieces marked; the next good move clears it (issue 38)', async () => {
    let page = await newPage();
    await load(page, '[GameType "20"]\n[White "A"]\n[Black "B"]\n1. 32-28 19-23 *\n');
    await page.click('#moves .move[data-ply="2"]:not([data-line])');
    await page.waitForFunction(() => document.body.dataset.ply === '2');
    await page.waitForSelector('#board[data-moves]');
    const status = await page.textContent('#status');
    await page.fill('#move-input', '33-29');
    await page.press('#move-input', 'Enter');
    await page.waitForFunction(() => document.querySelector('#move-entry .move-entry-message')?.textContent);
    const said = await page.textContent('#move-entry .move-entry-message');
    assert(said === '33-29 is not played here: a capture is compulsory: 28x19.', `the box says: ${said}`);
    assert(await page.textContent('#status') === status, `the status line is left alone: ${await page.textContent('#status')}`);
    assert(await page.getAttribute('#move-input', 'aria-invalid') === 'true', 'the box is marked invalid');
    const marked = await page.$$eval('#board [data-capturer]', (els) => els.map((e) => e.dataset.capturer));
    assert(JSON.stringify(marked) === '["28"]', `the capturing piece is marked: ${marked}`);
    // Another reason, in the core's words.
    await page.fill('#move-input', '31-26');
    await page.press('#move-input', 'Enter');
    await page.waitForFunction(() => /31-26/.test(document.querySelector('#move-entry .move-entry-message')?.textContent || ''));
    // The good move: played, and the message and the mark go.
    await page.fill('#move-input', '28x19');
    await page.press('#move-input', 'Enter');
    await page.waitForFunction(() => document.body.dataset.ply === '3');
    await page.waitForSelector('#board[data-moves]');
    assert(await page.$eval('#move-entry .move-entry-message', (e) => e.hidden && !e.textContent), 'the message is gone');
    assert(!(await page.$('#board [data-capturer]')), 'the mark is gone');
    assert(await page.getAttribute('#move-input', 'aria-invalid') == null, 'the box is valid again');
    await page.context().close();
    // Russian: in its own notation (a new page: this one would ask before dropping the move played).
    page = await newPage();
    await load(page, '[GameType "25"]\n[White "A"]\n[Black "B"]\n1. cd4 fe5 *\n');
    await page.click('#moves .move[data-ply="2"]:not([data-line])');
    await page.waitForFunction(() => document.body.dataset.ply === '2');
    await page.waitForSelector('#board[data-moves]');
    await page.fill('#move-input', 'ab4');
    await page.press('#move-input', 'Enter');
    await page.waitForFunction(() => /compulsory/.test(document.querySelector('#move-entry .move-entry-message')?.textContent || ''));
    const ru = await page.textContent('#move-entry .move-entry-message');
    assert(/a capture is compulsory: d4:f6\.$/.test(ru), `in the game's notation: ${ru}`);
    await page.context().close();
  });

  await check('solve mode: a move typed in Russian short notation (df6) is the answer', async () => {
    const page = await newPage();
    await load(page, '[GameType "25"]\n[White "A"]\n[Black "B"]\n1. cd4 fe5 2. df6 ge5 *\n');
    await page.waitForSelector('#board[data-moves]');
    await page.click('#moves .move[data-ply="2"]:not([data-line])');
    await page.waitForFunction(() => document.body.dataset.ply === '2');
    await page.click('#solve-toggle');
    await page.waitForSelector('.solve-panel[data-state="solving"]:not([data-busy])');
    await page.waitForSelector('#board[data-moves]');
    await page.fill('#move-input', 'df6');
    await page.press('#move-input', 'Enter');
    await page.waitForFunction(() => /right/.test(document.querySelector('.solve-message')?.textContent || ''));
    await page.waitForFunction(() => document.body.dataset.ply === '4'); // and the text's reply, ge5
    await page.context().close();
  });

  // A file too large for the box (over 100 000 characters) with many games: its size is said in
  // the language's units, and its checking (a progress line) must not move the board.
  const many = [];
  for (let i = 0; many.join('\n').length < 160_000; i++) {
    many.push(`[Event "Many ${i}"]\n[White "White player ${i}"]\n[Black "Black player ${i}"]\n[Result "*"]\n1. 32-28 19-23 2. 28x19 14x23 3. 37-32 10-14 *\n`);
  }
  const MANY = many.join('\n');
  const UNITS = { en: 'MB', ru: 'МБ', lv: 'MB', nl: 'MB', fr: 'Mo' };
  await check('Russian words: Решить, and sizes in each language\'s units (0,2 МБ)', async () => {
    const page = await newPage();
    for (const { code } of LANGUAGES) {
      await page.selectOption('#lang', code);
      await page.waitForFunction((c) => document.documentElement.lang === c, code);
      const n = await loads(page);
      await page.setInputFiles('#file-input', { name: 'many.pdn', mimeType: 'text/plain', buffer: Buffer.from(MANY) });
      await waitLoads(page, n + 1);
      await page.waitForSelector('#input-note:not([hidden])');
      const note = await page.textContent('#input-note');
      assert(new RegExp(`\\d ${UNITS[code]}\\)`).test(note), `${code}: "${UNITS[code]}" in ${note}`);
      if (code !== 'en') assert(!/MB/.test(note) || UNITS[code] === 'MB', `${code}: no English unit in ${note}`);
      if (code === 'ru') {
        const solve = (await page.textContent('#solve-toggle')).trim();
        assert(solve === 'Решить', `the solve button says ${solve}`);
      }
    }
    await page.context().close();
  });

  await check('the checking-progress line does not move the board', async () => {
    const page = await newPage();
    // Every time the progress line shows or hides, where the board and the viewer stand.
    await page.evaluate(() => {
      window.tops = [];
      const at = () => ({
        shown: !document.getElementById('progress').hidden,
        board: Math.round(document.getElementById('board').getBoundingClientRect().top),
        viewer: Math.round(document.querySelector('.viewer').getBoundingClientRect().top),
      });
      window.tops.push(at());
      new MutationObserver(() => window.tops.push(at())).observe(document.getElementById('progress'), { attributes: true });
    });
    const n = await loads(page);
    await page.setInputFiles('#file-input', { name: 'many.pdn', mimeType: 'text/plain', buffer: Buffer.from(MANY) });
    await waitLoads(page, n + 1);
    await page.waitForFunction(() => document.body.dataset.checked === '1');
    const tops = await page.evaluate(() => [...window.tops, {
      shown: false, board: Math.round(document.getElementById('board').getBoundingClientRect().top),
      viewer: Math.round(document.querySelector('.viewer').getBoundingClientRect().top),
    }]);
    assert(tops.some((t) => t.shown), `the progress line was shown: ${JSON.stringify(tops)}`);
    const viewers = new Set(tops.map((t) => t.viewer));
    assert(viewers.size === 1, `the viewer stayed where it was: ${JSON.stringify(tops)}`);
    // The board moves only with the game shown (its header), never with the progress line.
    const shown = tops.filter((t) => t.shown).map((t) => t.board);
    const last = tops[tops.length - 1].board;
    assert(shown.slice(1).every((b) => b === last), `the board's top while checking vs after: ${JSON.stringify(tops)}`);
    await page.context().close();
  });
} catch (e) {
  fail('set-up', e);
}

/** A screenshot for docs/screenshots/ (the how-to). */
async function shot(page, name) {
  await page.screenshot({ path: path.join(root, 'docs', 'screenshots', name) });
}

await browser.close();
await server.stop();
finish();
