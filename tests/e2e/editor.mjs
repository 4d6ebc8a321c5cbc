// End-to-end test of the board editor (www/view/editor.js), by clicks and taps in Chromium as a person
// uses it, on a desktop window (1280x800) and a phone (360x740, touch): open it from the shown
// position and by an ?edit= address, clear, place men and kings, see an impossible position
// refused with its words (a white man on White's crowning row), fix it, choose the side to move,
// copy the FEN, make a link, and "Analyse from here" (the viewer then shows that position).
// Board and palette must be in view without scrolling. Same style as run.mjs: `ok`/`FAIL` per
// check, then `N passed, N failed`; any page or console error fails the run.

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { artifacts, boardPieces, launchBrowser, openPage, startStaticServer, checks } from './harness.mjs';

mkdirSync(artifacts, { recursive: true });
const server = await startStaticServer();
const origin = server.origin;
const browser = await launchBrowser();
const problems = [];

async function newPage(options = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console.error: ${m.text()}`); });
  return page;
}

const { check, fail, finish } = checks({ problems });
const assert = (cond, message) => { if (!cond) throw new Error(message); };
/** Objects compared with their keys sorted (pieces come in board order). */
const sorted = (v) => (v && typeof v === 'object' && !Array.isArray(v)
  ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, sorted(v[k])]))
  : Array.isArray(v) ? v.map(sorted) : v);
const assertEqual = (a, b, what) => {
  if (JSON.stringify(sorted(a)) !== JSON.stringify(sorted(b))) throw new Error(`${what}: expected ${JSON.stringify(b)}, got ${JSON.stringify(a)}`);
};

/** The editor's pieces, by the data-square/data-piece contract. */
const editorPieces = (page) => page.$$eval('#editor-board [data-piece]',
  (els) => Object.fromEntries(els.map((e) => [e.getAttribute('data-square'), e.getAttribute('data-piece')])));
const state = (page) => page.$eval('#editor', (d) => ({ fen: d.dataset.fen, valid: d.dataset.valid, gametype: d.dataset.gametype }));
const problemTexts = (page) => page.$$eval('#editor-problems li', (els) => els.map((e) => ({ code: e.dataset.code, text: e.textContent })));
const waitFen = (page, fen) => page.waitForFunction((f) => document.querySelector('#editor')?.dataset.fen === f, fen);

/** Clicks (or taps) the square named `label` on the editor board. */
async function square(page, label, { tap = false } = {}) {
  const el = await page.$(`#editor-board [data-field="${label}"]`);
  assert(el, `no square ${label} on the editor board`);
  const box = await el.boundingBox();
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  if (tap) await page.touchscreen.tap(x, y);
  else await page.mouse.click(x, y);
}
const tool = (page, name) => page.click(`#editor .tool[data-tool="${name}"]`);

/** Board and palette wholly inside the window, without scrolling. */
async function inView(page) {
  const { width, height } = page.viewportSize();
  for (const sel of ['#editor-board', '#editor .palette']) {
    const box = await page.$eval(sel, (e) => { const r = e.getBoundingClientRect(); return { x: r.x, y: r.y, w: r.width, h: r.height }; });
    assert(box.x >= 0 && box.y >= 0 && box.x + box.w <= width + 0.5 && box.y + box.h <= height + 0.5,
      `${sel} is not in view at ${width}x${height}: ${JSON.stringify(box)}`);
    assert(box.w > 200, `${sel} is too small: ${JSON.stringify(box)}`);
  }
}

try {
  const page = await newPage();
  await openPage(page, `${origin}/index.html`);

  await check('desktop: "Edit position" opens the editor on the shown position', async () => {
    await page.click('#edit-position');
    await page.waitForSelector('#editor[open] #editor-board svg');
    const s = await state(page);
    assertEqual(s.gametype, '20', 'variant of the sample game');
    assertEqual(s.valid, '1', 'the shown position is valid');
    const shown = await boardPieces(page);
    assertEqual(await editorPieces(page), shown, 'the editor starts from the viewer\'s position');
    await inView(page);
    await page.screenshot({ path: path.join(artifacts, 'editor-1280x800.png') });
  });

  await check('desktop: clear, then pieces placed by clicks; a white man on 3 is refused in plain words', async () => {
    await page.click('#editor-clear');
    await waitFen(page, 'W:W:B');
    assertEqual((await problemTexts(page)).map((p) => p.text), ['White has no pieces', 'Black has no pieces'], 'an empty board');
    await tool(page, 'bm');
    await square(page, '28');
    await tool(page, 'wm');
    await square(page, '33');
    await square(page, '3');
    await waitFen(page, 'W:W3,33:B28');
    assertEqual(await editorPieces(page), { 3: 'wm', 28: 'bm', 33: 'wm' }, 'pieces drawn');
    assertEqual(await problemTexts(page), [{ code: 'setup-man-crowning-row', text: 'a white man stands on square 3, its crowning row' }], 'the refusal');
    assertEqual((await state(page)).valid, '0', 'not valid');
    assert(await page.$eval('#editor-analyse', (b) => b.disabled), '"Analyse from here" is disabled');
    assert(await page.$eval('#editor-copy-link', (b) => b.disabled), '"Copy link" is disabled');
    const live = await page.$eval('#editor-problems', (e) => e.getAttribute('aria-live'));
    assertEqual(live, 'polite', 'the problems are announced');
    await page.screenshot({ path: path.join(artifacts, 'editor-refused-1280x800.png') });
  });

  await check('desktop: the same piece again removes it; a king there is fine; Black to move', async () => {
    await square(page, '3');
    await waitFen(page, 'W:W33:B28');
    await tool(page, 'wk');
    await square(page, '3');
    await waitFen(page, 'W:WK3,33:B28');
    assertEqual((await state(page)).valid, '1', 'valid now');
    assertEqual(await problemTexts(page), [], 'no problems');
    await page.click('#editor-turn-black');
    await waitFen(page, 'B:WK3,33:B28');
    assertEqual(await page.$eval('#editor-turn-black', (b) => b.getAttribute('aria-pressed')), 'true', 'turn shown');
    // The eraser takes a piece away wherever it is.
    await tool(page, 'erase');
    await square(page, '33');
    await waitFen(page, 'B:WK3:B28');
    await tool(page, 'wm');
    await square(page, '33');
    await waitFen(page, 'B:WK3,33:B28');
  });

  await check('desktop: flip turns the editor board; a FEN that cannot be read keeps the board and says why', async () => {
    const before = await page.$eval('#editor-board [data-square="3"]', (e) => e.getAttribute('transform'));
    await page.click('#editor-flip');
    const after = await page.$eval('#editor-board [data-square="3"]', (e) => e.getAttribute('transform'));
    assert(before !== after, 'the piece on 3 moved on screen');
    await page.click('#editor-flip');
    await page.fill('#editor-fen', 'X:W1');
    await page.press('#editor-fen', 'Enter');
    await page.waitForSelector('#editor-problems li[data-code="setup-fen"]');
    const text = await page.$eval('#editor-problems li', (e) => e.textContent);
    assertEqual(text, 'the FEN cannot be read: the FEN should start with the side to move (W, B or ?), not "X"', 'FEN words');
    assertEqual(await editorPieces(page), { 3: 'wk', 28: 'bm', 33: 'wm' }, 'board kept');
    // A FEN of 3,000 pieces (hostile or careless): 20 problems listed, the rest counted (the work
    // bounded by the 20, not the 3,000; not timed: a loaded machine would decide a time).
    await page.fill('#editor-fen', `W:W${Array.from({ length: 3000 }, (_, i) => (i % 60) + 1).join(',')}:B1`);
    await page.press('#editor-fen', 'Enter');
    await page.waitForSelector('#editor-problems li.more');
    assertEqual(await page.$$eval('#editor-problems li', (els) => els.length), 21, 'listed problems');
    const more = await page.$eval('#editor-problems li.more', (e) => e.textContent);
    assert(/^and [\d,]+ more problems$/.test(more), more);
    await page.fill('#editor-fen', 'B:WK3,33:B28');
    await page.click('#editor-set-fen');
    await waitFen(page, 'B:WK3,33:B28');
  });

  await check('desktop: the keyboard: arrows choose a square, Enter places the chosen piece, again removes it', async () => {
    await tool(page, 'bk');
    await page.focus('#editor-board');
    await page.keyboard.press('ArrowUp'); // from 33, the square last clicked, up the same column: 23
    assertEqual(await page.$eval('#editor-board', (e) => e.getAttribute('aria-label')), 'Square 23: empty', 'the square named');
    await page.keyboard.press('Enter');
    await waitFen(page, 'B:WK3,33:BK23,28');
    assertEqual(await page.$eval('#editor-board', (e) => e.getAttribute('aria-label')), 'Square 23: Black king', 'the piece named');
    await page.keyboard.press(' ');
    await waitFen(page, 'B:WK3,33:B28');
    const focused = await page.evaluate(() => document.activeElement?.id);
    assertEqual(focused, 'editor-board', 'the board keeps the focus');
    // The page behind does not take the editor's keys.
    const behind = () => page.evaluate(() => [document.body.dataset.ply, document.querySelector('#flip').getAttribute('aria-pressed')]);
    const before = await behind();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('End');
    await page.keyboard.press('f');
    await page.keyboard.press('ArrowLeft');
    assertEqual(await behind(), before, 'viewer ply and flip');
    await page.screenshot({ path: path.join(artifacts, 'editor-keyboard-1280x800.png') });
  });

  await check('desktop: Copy FEN and Copy link', async () => {
    await page.click('#editor-copy-fen');
    assertEqual(await page.evaluate(() => navigator.clipboard.readText()), 'B:WK3,33:B28', 'FEN on the clipboard');
    await page.click('#editor-copy-link');
    await page.waitForFunction(() => document.querySelector('#editor')?.dataset.link);
    const link = await page.$eval('#editor', (d) => d.dataset.link);
    assert(link.startsWith(`${origin}/index.html#pdn=`) || link.startsWith(`${origin}/#pdn=`), `link format: ${link}`);
    assertEqual(await page.evaluate(() => navigator.clipboard.readText()), link, 'link on the clipboard');
    const other = await newPage();
    await openPage(other, link);
    assertEqual(await boardPieces(other), { 3: 'wk', 28: 'bm', 33: 'wm' }, 'the link opens the position');
    await other.context().close();
  });

  await check('desktop: "Analyse from here" shows that position in the viewer, Black to move', async () => {
    const loads = await page.evaluate(() => Number(document.body.dataset.loads || 0));
    await page.click('#editor-analyse');
    await page.waitForFunction((n) => Number(document.body.dataset.loads) > n, loads);
    assert(!(await page.$('#editor')), 'the editor is closed');
    assertEqual(await boardPieces(page), { 3: 'wk', 28: 'bm', 33: 'wm' }, 'viewer board');
    const text = await page.$eval('#pdn-input', (e) => e.value);
    assert(text.includes('[SetUp "1"]') && text.includes('[FEN "B:WK3,33:B28"]') && text.includes('[GameType "20"]'), `the PDN: ${text}`);
    assertEqual(await page.evaluate(() => document.body.dataset.ply), '0', 'at the start');
  });

  await check('desktop: another variant starts from its own start position', async () => {
    await page.click('#edit-position');
    await page.waitForSelector('#editor[open]');
    await page.selectOption('#editor-variant', '21');
    await page.waitForFunction(() => document.querySelector('#editor').dataset.gametype === '21');
    const s = await state(page);
    assertEqual(s.fen, 'B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12', 'English start');
    assertEqual(Object.keys(await editorPieces(page)).length, 24, 'pieces drawn');
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('#editor'));
  });
  await page.context().close();

  const phone = await newPage({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true });
  await check('phone: ?edit= opens the editor on a Russian board; board and palette in view', async () => {
    await openPage(phone, `${origin}/index.html?edit=${encodeURIComponent('W:Wc3:Bf6')}&gametype=25`);
    await phone.waitForSelector('#editor[open] #editor-board svg');
    assertEqual(await state(phone), { fen: 'W:Wc3:Bf6', valid: '1', gametype: '25' }, 'the position from the address');
    await inView(phone);
    const url = new URL(phone.url());
    assert(url.searchParams.has('edit'), 'still in the address while open');
  });

  await check('phone: taps place men; a white man on b8 is refused; crowned, it is accepted', async () => {
    await phone.tap('#editor .tool[data-tool="wm"]');
    await square(phone, 'b8', { tap: true });
    await waitFen(phone, 'W:Wc3,b8:Bf6');
    assertEqual(await problemTexts(phone), [{ code: 'setup-man-crowning-row', text: 'a white man stands on square b8, its crowning row' }], 'the refusal');
    await inView(phone);
    await phone.screenshot({ path: path.join(artifacts, 'editor-refused-360x740.png') });
    await phone.tap('#editor .tool[data-tool="wk"]');
    await square(phone, 'b8', { tap: true });
    await waitFen(phone, 'W:Wc3,Kb8:Bf6');
    assertEqual((await state(phone)).valid, '1', 'valid');
    await phone.screenshot({ path: path.join(artifacts, 'editor-360x740.png') });
    await phone.tap('#editor-analyse');
    await phone.waitForFunction(() => !document.querySelector('#editor') && document.body.dataset.loads === '2');
    assertEqual(await boardPieces(phone), { c3: 'wm', b8: 'wk', f6: 'bm' }, 'viewer board');
    assert(!new URL(phone.url()).searchParams.has('edit'), 'the address no longer opens the editor');
  });
  await phone.context().close();

  const ru = await newPage({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, locale: 'ru' });
  await check('phone, Russian: the refusal is worded in the page\'s language', async () => {
    await openPage(ru, `${origin}/index.html?edit=${encodeURIComponent('W:W3,33:B28')}`);
    await ru.waitForSelector('#editor[open] #editor-problems li');
    const texts = await problemTexts(ru);
    assertEqual(texts, [{ code: 'setup-man-crowning-row', text: 'белая простая стоит на поле 3, на поле превращения в дамку' }], 'Russian words');
    assertEqual(await ru.$eval('#editor-analyse', (b) => b.textContent), 'Анализировать отсюда', 'button text');
    await ru.screenshot({ path: path.join(artifacts, 'editor-ru-360x740.png') });
  });
  await ru.context().close();
  const dark = await newPage({ colorScheme: 'dark' });
  await check('desktop, dark theme: an English position set up from the address (screenshot)', async () => {
    await openPage(dark, `${origin}/index.html?edit=${encodeURIComponent('B:W18,K30:B5,6')}&gametype=21`);
    await dark.waitForSelector('#editor[open] #editor-board svg');
    assertEqual(await state(dark), { fen: 'B:W18,K30:B5,6', valid: '1', gametype: '21' }, 'English, Black to move');
    assertEqual(await editorPieces(dark), { 18: 'wm', 30: 'wk', 5: 'bm', 6: 'bm' }, 'pieces');
    await inView(dark);
    await dark.screenshot({ path: path.join(artifacts, 'editor-dark-1280x800.png') });
  });
  await dark.context().close();
} catch (e) {
  fail('harness', e);
} finally {
  await browser.close();
  await server.stop();
}
finish();
