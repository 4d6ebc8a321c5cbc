// End-to-end tests of handing on what the reader sees (issue 23): the coach's round trip — a
// position set up in the board editor with a title, its solution entered by clicks on the board,
// "Share as a problem", the link opened on a phone (360×740) in solve mode with the title shown
// and nothing of the solution shown (move list, paste box, Copy game, Download game), in the five
// languages; the snippets and the self-contained file carry solve mode; the Embed box's "whole
// file" for a 58-game file (src= for a file from an address, inline and in the frame's link for a
// pasted one) and the notice when a link can hold only the shown game; the address bar after a
// paste or an edit is a working link; Copy link sits under the board; and a shared link leaves no
// preload warning in the console; a short link (#g=, issue 41) from Copy link and the address
// opens the same game on the page and in embed.html, and a damaged one says so. Same harness style as hosts.mjs.
//
//   node tests/e2e/share.mjs                 every check
//   node tests/e2e/share.mjs --screenshots   also writes docs/screenshots/problem-*.png

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { artifacts, catalogueOf, checks, launchBrowser, root, startStaticServer } from './harness.mjs';

const screenshots = process.argv.includes('--screenshots');
const only = process.argv.find((a) => a.startsWith('--only='));
mkdirSync(artifacts, { recursive: true });

const server = await startStaticServer(root);
const origin = server.origin;
const browser = await launchBrowser();
const problems = [];
const { check, finish, fail } = checks({ problems, only: only ? new RegExp(only.slice(7)) : null });
const assert = (cond, message) => { if (!cond) throw new Error(message); };

/** The catalogues, as the page loads them. */
const catalogue = catalogueOf;
const LANGS = ['en', 'ru', 'lv', 'nl', 'fr'];

async function newPage(viewport, { locale = 'en-US' } = {}) {
  const context = await browser.newContext({ viewport, locale, acceptDownloads: true });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console.error: ${m.text()}`); });
  return page;
}

async function openPage(page, url) {
  await page.goto(url);
  await page.waitForSelector('body[data-ready="1"]');
}

const clipboard = (page) => page.evaluate(() => navigator.clipboard.readText());

/** Clicks the button and waits for the download; its text. */
async function download(page, selector) {
  const [d] = await Promise.all([page.waitForEvent('download'), page.click(selector)]);
  return readFileSync(await d.path(), 'utf8');
}

/**
 * Plays one move on the page's board by clicks (a piece whose click marks targets, then the
 * first target); resolves with "from-to" once the page shows it.
 */
async function playByClicks(page) {
  await page.waitForSelector('#board[data-moves]');
  const before = await page.evaluate(() => document.body.dataset.ply);
  const squares = await page.$$eval('#board [data-piece]', (els) => els.map((e) => e.dataset.square));
  for (const square of squares) {
    await page.click(`#board rect[data-field="${square}"]`, { force: true });
    const target = await page.evaluate(() => document.querySelector('#board [data-target]')?.dataset.target);
    if (!target) continue;
    await page.click(`#board rect[data-field="${target}"]`, { force: true });
    await page.waitForFunction((b) => document.body.dataset.ply !== b, before);
    return `${square}-${target}`;
  }
  throw new Error('no piece with a legal move took the clicks');
}

/** A click on a square's middle, as a finger would (solve.mjs's way). */
async function tap(page, square) {
  const sq = page.locator(`#board rect.sq-dark[data-field="${square}"]`);
  await sq.scrollIntoViewIfNeeded();
  const box = await sq.boundingBox();
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

/**
 * The coach: the board editor (White men 31–35, Black men 16–20, a title), "Analyse from here",
 * three moves of the solution by clicks, back to the start, "Share as a problem". Returns
 * { link, moves, title, element, iframe, html }.
 */
async function coach(lang, title) {
  const page = await newPage({ width: 1280, height: 800 });
  await openPage(page, `${origin}/index.html?lang=${lang}`);
  await page.click('#edit-position');
  await page.waitForSelector('#editor[open] #editor-board svg');
  await page.click('#editor-clear');
  for (const [tool, squares] of [['wm', [31, 32, 33, 34, 35]], ['bm', [16, 17, 18, 19, 20]]]) {
    await page.click(`#editor .tool[data-tool="${tool}"]`);
    for (const sq of squares) await page.click(`#editor-board [data-field="${sq}"]`, { force: true });
  }
  await page.waitForFunction(() => document.querySelector('#editor').dataset.valid === '1');
  await page.fill('#editor-problem-title', title);
  if (screenshots && lang === 'en') await page.screenshot({ path: path.join(root, 'docs/screenshots/problem-editor.png') });
  const loads = await page.evaluate(() => Number(document.body.dataset.loads || 0));
  await page.click('#editor-analyse');
  await page.waitForFunction((n) => Number(document.body.dataset.loads) > n, loads);
  const moves = [];
  for (let i = 0; i < 3; i++) moves.push(await playByClicks(page));
  await page.click('#first');
  await page.waitForFunction(() => document.body.dataset.ply === '0');
  await page.click('#share-problem');
  // The problem has no comment or variation: a short link (#g=, issue 41) with its FEN and title.
  await page.waitForFunction(() => document.getElementById('share-link').value.includes('#g='));
  const link = await page.inputValue('#share-link');
  assert(await page.evaluate(() => document.body.dataset.solve) === 'solving', 'the coach\'s page solves the problem it shares');
  assert(link === await clipboard(page), 'the link is on the clipboard');
  await page.click('#embed-box summary');
  await page.waitForFunction(() => document.getElementById('snippet-iframe').value.includes('mode=solve'));
  const element = await page.inputValue('#snippet-element');
  // Read as the browser reads the attribute (the snippet escapes & as &amp;).
    const iframe = (await page.inputValue('#snippet-iframe')).replace(/&amp;/g, '&');
  if (screenshots && lang === 'en') {
    await page.locator('.board-panel').screenshot({ path: path.join(root, 'docs/screenshots/problem-share.png') });
  }
  const html = await download(page, '#download-html');
  await page.context().close();
  return { link, moves, element, iframe, html };
}

/** The solution's moves as the link's text writes them ("31-27"), for "not revealed" checks. */
const notations = (moves) => moves.map((m) => m.replace('-', '[-x]'));

try {
  const titles = { en: 'Problem of the week', ru: 'Задача недели № 3', lv: 'Nedēļas uzdevums', nl: 'Probleem van de week', fr: 'Problème de la semaine « 3 »' };
  for (const lang of LANGS) {
    await check(`${lang}: the coach's round trip — editor with a title, solution by clicks, Share as a problem, solved on a phone with nothing of the solution shown`, async () => {
      const words = await catalogue(lang);
      const title = titles[lang];
      const { link, moves, element, iframe, html } = await coach(lang, title);
      const url = new URL(link);
      assert(url.searchParams.get('mode') === 'solve' && /^#g=[\w-]+&game=1&ply=0$/.test(url.hash), `the link opens solving at the start: ${link.slice(0, 60)}…${url.hash.slice(-16)}`);
      assert(/<pdn-viewer [^>]*mode="solve"/.test(element) && /ply="0"/.test(element), `the element snippet solves: ${element.slice(0, 160)}`);
      assert(/embed\.html\?mode=solve#pdn=/.test(iframe), `the iframe snippet solves: ${iframe.slice(0, 120)}`);
      assert(/<pdn-viewer [^>]*mode="solve"/.test(html), 'the self-contained file solves');
      // The host page's source does not show the solution (issue 38): the problem goes encoded.
      assert(/data-encoding="base64"/.test(element), 'the element snippet carries the problem encoded');
      for (const [what, text] of [['the element snippet', element], ['the self-contained file', html]]) {
        for (const re of notations(moves)) assert(!new RegExp(`\\b${re}\\b`).test(text), `${what} shows the solution (${re})`);
      }

      // The student, on a phone, in the language of the browser.
      const page = await newPage({ width: 360, height: 740 }, { locale: lang === 'en' ? 'en-US' : lang });
      await openPage(page, link);
      await page.waitForFunction(() => document.body.dataset.solve === 'solving');
      const shown = await page.evaluate(() => ({
        title: document.querySelector('#solve-panel .solve-title')?.textContent,
        titleVisible: !!document.querySelector('#solve-panel .solve-title')?.checkVisibility?.(),
        status: document.querySelector('#solve-panel .solve-status').textContent,
        moves: document.getElementById('moves').checkVisibility(),
        box: document.getElementById('pdn-input').checkVisibility(),
        note: document.getElementById('input-solving').textContent,
        heading: document.querySelector('#game-header').textContent,
        lang: document.documentElement.lang,
      }));
      assert(shown.lang === lang, `the page speaks ${lang}: ${shown.lang}`);
      assert(shown.title === title && shown.titleVisible, `the title over the problem: ${shown.title}`);
      assert(shown.status.trim() === words['solve.whiteToPlay'], `the side to move in ${lang}: ${shown.status}`);
      assert(!shown.moves, 'the move list is hidden');
      assert(!shown.box, 'the paste box (it holds the solution) is put away');
      assert(shown.note === words['input.solving'], `and says why, in ${lang}: ${shown.note}`);
      if (screenshots && lang === 'en') {
        await page.evaluate(() => scrollTo(0, 0));
        await page.screenshot({ path: path.join(root, 'docs/screenshots/problem-phone.png') });
        await page.screenshot({ path: path.join(artifacts, 'share-phone-full.png'), fullPage: true });
      }
      // Nothing the student sees or takes holds the solution.
      const seen = await page.evaluate(() => document.body.innerText);
      for (const re of notations(moves)) assert(!new RegExp(`\\b${re}\\b`).test(seen), `a move of the solution is on the screen: ${re}`);
      await page.click('#copy-game');
      await page.waitForFunction((w) => document.getElementById('status').textContent === w, words['export.problemCopied']);
      const copied = await clipboard(page);
      const saved = await download(page, '#download-game');
      const whole = await download(page, '#download-file');
      for (const [what, text] of [['Copy game', copied], ['Download game', saved], ['Download whole file', whole]]) {
        assert(text.includes('[FEN "W:W31,32,33,34,35:B16,17,18,19,20"]'), `${what} gives the problem's position: ${text}`);
        assert(text.includes(`[Event "${title.replace(/"/g, '\\"')}"]`), `${what} keeps the title: ${text}`);
        for (const re of notations(moves)) assert(!new RegExp(`\\b${re}\\b`).test(text), `${what} gives the solution away (${re}): ${text}`);
      }
      // The student plays the first move; the text answers; the last move solves it.
      const [a, b] = moves[0].split('-');
      await tap(page, a);
      await tap(page, b);
      await page.waitForFunction(() => document.querySelector('#solve-panel .solve-move[data-kind="reply"]'));
      const [c, d] = moves[2].split('-');
      await page.waitForSelector('#solve-panel:not([data-busy])');
      await tap(page, c);
      await tap(page, d);
      await page.waitForFunction(() => document.body.dataset.solve === 'solved');
      if (screenshots && lang === 'en') await page.evaluate(() => scrollTo(0, 0));
      if (screenshots && lang === 'en') await page.screenshot({ path: path.join(root, 'docs/screenshots/problem-solved.png') });
      await page.context().close();
      return `solution ${moves.join(' ')}; link ${link.length} characters`;
    });
  }

  // ---- the whole file ---------------------------------------------------------------------

  // 58 games, each with a comment that does not compress (so the whole file makes a link over
  // 8,000 characters), served from the git-ignored artifacts folder.
  let seed = 12345;
  const random = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648; };
  const noise = () => Array.from({ length: 200 }, () => 'abcdefghijklmnopqrstuvwxyz0123456789'[Math.floor(random() * 36)]).join('');
  const many = Array.from({ length: 58 }, (_, i) => `[Event "Club night"]\n[White "White ${i + 1}"]\n[Black "Black ${i + 1}"]\n[Round "${i + 1}"]\n[GameType "20"]\n[Result "*"]\n\n{${noise(i)}} 1. 32-28 19-23 2. 28x19 14x23 *\n`).join('\n');
  writeFileSync(path.join(artifacts, 'share-58.pdn'), many);
  const MANY = 'tests/e2e/artifacts/share-58.pdn';

  await check('a 58-game file from an address: the Embed box\'s "whole file" names it by src=, with the game and move shown', async () => {
    const page = await newPage({ width: 1280, height: 800 });
    await openPage(page, `${origin}/index.html?src=${MANY}&game=7&ply=2`);
    await page.waitForFunction(() => document.body.dataset.game === '7' && document.body.dataset.ply === '2');
    await page.click('#embed-box summary');
    await page.check('#embed-file');
    await page.waitForFunction(() => document.getElementById('snippet-element').value.includes('<pdn-viewer src='));
    const element = await page.inputValue('#snippet-element');
    // Read as the browser reads the attribute (the snippet escapes & as &amp;).
    const iframe = (await page.inputValue('#snippet-iframe')).replace(/&amp;/g, '&');
    const abs = `${origin}/${MANY}`;
    assert(element.includes(`<pdn-viewer src="${abs}" game="7" ply="2"></pdn-viewer>`), `element: ${element}`);
    assert(iframe.includes(`embed.html?src=${encodeURIComponent(abs)}&game=7&ply=2"`), `iframe: ${iframe.slice(0, 200)}`);
    // The frame shows the whole file at game 7.
    const frame = await newPage({ width: 900, height: 700 });
    await frame.goto(iframe.match(/src="([^"]+)"/)[1]);
    await frame.waitForFunction(() => document.querySelector('pdn-viewer')?.dataset.game === '7');
    // The table comes with its words (the parts' catalogue), a moment after the game.
    await frame.waitForFunction(() => /\d/.test(document.querySelector('pdn-viewer').shadowRoot.querySelector('.games-count')?.textContent || ''), null, { timeout: 10_000 }).catch(() => {});
    const rows = await frame.evaluate(() => document.querySelector('pdn-viewer').shadowRoot.querySelector('.games-count').textContent);
    assert(/58/.test(rows), `the frame lists the 58 games: ${rows}`);
    // "This game" is the shown game alone, inline.
    await page.check('#embed-game');
    await page.waitForFunction(() => !document.getElementById('snippet-element').value.includes('<pdn-viewer src='));
    const one = await page.inputValue('#snippet-element');
    assert(one.includes('[White "White 7"]') && !one.includes('White 8'), 'this game alone');
    await page.context().close();
    await frame.context().close();
  });

  await check('a 58-game file opened from disk: "whole file" says in one line to put it beside the page, and names it by src= (element and frame) (issue 38)', async () => {
    const page = await newPage({ width: 1280, height: 800 });
    await openPage(page, `${origin}/index.html`);
    const loads = await page.evaluate(() => Number(document.body.dataset.loads || 0));
    await page.setInputFiles('#file-input', path.join(root, MANY));
    await page.waitForFunction((n) => Number(document.body.dataset.loads) > n && document.body.dataset.games === '58', loads);
    await page.click('#embed-box summary');
    await page.check('#embed-file');
    await page.waitForFunction(() => document.getElementById('snippet-element').value.includes('<pdn-viewer src='));
    const element = await page.inputValue('#snippet-element');
    const iframe = (await page.inputValue('#snippet-iframe')).replace(/&amp;/g, '&');
    assert(element.includes('<pdn-viewer src="share-58.pdn" ply="0"></pdn-viewer>') && !element.includes('Club night'), `element: ${element}`);
    assert(iframe.includes(`embed.html?src=${encodeURIComponent('https://your-site.example/share-58.pdn')}`) && !iframe.includes('#pdn='), `iframe: ${iframe.slice(0, 200)}`);
    const words = await catalogue('en');
    const notice = await page.textContent('#embed-notice');
    assert(await page.isVisible('#embed-notice'), 'the line is shown');
    assert(notice === words['share.embedLocal'].replace('{name}', 'share-58.pdn').replace('{site}', 'your-site.example'), `the line: ${notice}`);
    // The element snippet, with the file beside the page, shows the 58 games.
    writeFileSync(path.join(artifacts, 'share-local.html'), `<!doctype html><html lang="en"><head><link rel="icon" href="data:,"></head><body>${element.replace(/src="[^"]*pdn-viewer-standalone\.js"/, `src="${origin}/pkg/pdn-viewer-standalone.js"`)}</body></html>`);
    const host = await newPage({ width: 900, height: 700 });
    await host.goto(`${origin}/tests/e2e/artifacts/share-local.html`);
    await host.waitForFunction(() => /58/.test(document.querySelector('pdn-viewer')?.shadowRoot?.querySelector('.games-count')?.textContent || ''), null, { timeout: 20_000 });
    // "This game" is inline, as before, and the line goes.
    await page.check('#embed-game');
    await page.waitForFunction(() => !document.getElementById('snippet-element').value.includes('<pdn-viewer src='));
    assert(!(await page.isVisible('#embed-notice')), 'no line for one game inline');
    await page.context().close();
    await host.context().close();
  });

  await check('a pasted 58-game file: "whole file" puts every game inline and in the frame\'s link (and says the link is long); Copy link says it holds only the shown game', async () => {
    const page = await newPage({ width: 1280, height: 800 });
    await openPage(page, `${origin}/index.html`);
    const loads = await page.evaluate(() => Number(document.body.dataset.loads || 0));
    await page.fill('#pdn-input', many);
    await page.click('#load');
    await page.waitForFunction((n) => Number(document.body.dataset.loads) > n && document.body.dataset.games === '58', loads);
    await page.click('#game-list tr.game-row[data-game="5"]');
    await page.waitForFunction(() => document.body.dataset.game === '5');
    await page.click('#copy-link');
    // Game 5 alone: the short form, its one comment before the moves (200 characters) with it.
    await page.waitForFunction(() => document.getElementById('share-link').value.includes('#g='));
    const words = await catalogue('en');
    const notice = await page.textContent('#share-notice');
    assert(await page.isVisible('#share-notice') && notice.includes(words['share.oneGame']), `the notice says the link holds one game: ${notice}`);
    await page.click('#embed-box summary');
    await page.check('#embed-file');
    await page.waitForFunction(() => document.getElementById('snippet-element').dataset.scope === 'file');
    const element = await page.inputValue('#snippet-element');
    assert((element.match(/\[Event "Club night"\]/g) || []).length === 58, 'the element snippet holds the 58 games');
    assert(/<pdn-viewer game="5" ply="0">/.test(element), `at game 5: ${element.slice(0, 200)}`);
    assert(await page.isVisible('#embed-notice'), 'the long frame link is said');
    // The self-contained file follows the choice: the whole file, at game 5.
    const html = await download(page, '#download-html');
    const packed = html.match(/data-encoding="base64">([^<]+)</);
    const games = packed ? (Buffer.from(packed[1].replace(/\s+/g, ''), 'base64').toString('utf8').match(/\[Event "Club night"\]/g) || []).length : 0;
    assert(/<pdn-viewer [^>]*game="5"/.test(html) && games === 58, `the .html holds the 58 games at game 5 (${games})`);
    // Read as the browser reads the attribute (the snippet escapes & as &amp;).
    const iframe = (await page.inputValue('#snippet-iframe')).replace(/&amp;/g, '&');
    const frame = await newPage({ width: 900, height: 700 });
    await frame.goto(iframe.match(/src="([^"]+)"/)[1]);
    await frame.waitForFunction(() => document.querySelector('pdn-viewer')?.dataset.game === '5');
    // The table comes with its words (the parts' catalogue), a moment after the game.
    await frame.waitForFunction(() => /\d/.test(document.querySelector('pdn-viewer').shadowRoot.querySelector('.games-count')?.textContent || ''), null, { timeout: 10_000 }).catch(() => {});
    const count = await frame.evaluate(() => document.querySelector('pdn-viewer').shadowRoot.querySelector('.games-count').textContent);
    assert(/58/.test(count), `the frame holds the 58 games: ${count}`);
    await page.context().close();
    await frame.context().close();
  });

  // ---- the address bar ----------------------------------------------------------------------

  await check('after a paste the address bar holds a working link (games, game, move, turned board); after an edit, the edited game', async () => {
    const page = await newPage({ width: 1280, height: 800 });
    await openPage(page, `${origin}/index.html`);
    const text = '[White "Anna"]\n[Black "Ben"]\n[GameType "20"]\n1. 32-28 19-23 2. 28x19 14x23 *\n\n[White "Carl"]\n[Black "Dora"]\n[GameType "20"]\n1. 33-28 18-22 2. 38-33 12-18 *\n';
    const loads = await page.evaluate(() => Number(document.body.dataset.loads || 0));
    await page.fill('#pdn-input', text);
    await page.click('#load');
    await page.waitForFunction((n) => Number(document.body.dataset.loads) > n, loads);
    await page.click('#game-list tr.game-row[data-game="2"]');
    await page.waitForFunction(() => document.body.dataset.game === '2');
    for (let i = 0; i < 3; i++) await page.click('#next');
    await page.click('#flip');
    await page.waitForFunction(() => /#pdn=.*&game=2&ply=3$/.test(location.hash) && location.search.includes('orientation=black'));
    const address = await page.evaluate(() => location.href);
    const other = await newPage({ width: 1280, height: 800 });
    await openPage(other, address);
    await other.waitForFunction(() => document.body.dataset.game === '2' && document.body.dataset.ply === '3' && document.body.dataset.games === '2');
    assert(await other.$eval('#board svg', (s) => s.classList.contains('flipped')), 'the board is turned');
    // A move played on the board: the address holds the edited game.
    await page.click('#flip');
    const played = await playByClicks(page);
    await page.waitForFunction((a) => location.href !== a && /#pdn=/.test(location.hash) && /&ply=4$/.test(location.hash), address);
    await openPage(other, await page.evaluate(() => location.href));
    await other.waitForFunction(() => document.body.dataset.ply === '4');
    const last = await other.$eval('#moves', (m) => m.textContent);
    assert(last.includes(played), `the move played (${played}) is in the reopened game: ${last}`);
    await page.context().close();
    await other.context().close();
  });

  await check('the element and embed.html show the variation a link names (line=)', async () => {
    const page = await newPage({ width: 1280, height: 800 });
    await openPage(page, `${origin}/index.html`);
    // The sample's variation at move 1: 1... 19-23 2. 28x19.
    await page.click('#moves .move[data-line="0"][data-ply="2"]');
    await page.click('#embed-box summary');
    await page.waitForFunction(() => document.getElementById('snippet-iframe').value.includes('line=0'));
    // Read as the browser reads the attribute (the snippet escapes & as &amp;).
    const iframe = (await page.inputValue('#snippet-iframe')).replace(/&amp;/g, '&');
    const frame = await newPage({ width: 900, height: 700 });
    await frame.goto(iframe.match(/src="([^"]+)"/)[1]);
    await frame.waitForFunction(() => { const d = document.querySelector('pdn-viewer')?.dataset; return d && d.line === '0' && d.ply === '2'; });
    await page.context().close();
    await frame.context().close();
  });

  // ---- short links (#g=, issue 41) --------------------------------------------------------------

  const SHORT_GAME = '[Event "NK 2019"]\n[Site "Dronten"]\n[Date "2019.04.12"]\n[White "Roel Boomstra"]\n[Black "Jan Groenendijk"]\n[Result "2-0"]\n[GameType "20"]\n\n1. 32-28 19-23 2. 28x19 14x23 3. 37-32 10-14 4. 41-37 5-10 2-0\n';
  /** The board as square:piece pairs, in the page (#board) or in an element's shadow root. */
  const boardOf = (page, inElement = false) => page.evaluate((shadow) => {
    const root = shadow ? document.querySelector('pdn-viewer').shadowRoot : document;
    return [...root.querySelectorAll('[data-piece]')].map((e) => `${e.dataset.square}:${e.dataset.piece}`).sort().join(' ');
  }, inElement);

  await check('a short link (#g=): Copy link and the address after a paste give it; it opens the same game on the page and in embed.html; the old #pdn= link still opens', async () => {
    const page = await newPage({ width: 1280, height: 800 });
    await openPage(page, `${origin}/index.html`);
    const loads = await page.evaluate(() => Number(document.body.dataset.loads || 0));
    await page.fill('#pdn-input', SHORT_GAME);
    await page.click('#load');
    await page.waitForFunction((n) => Number(document.body.dataset.loads) > n, loads);
    await page.click('#moves .move[data-ply="5"]');
    await page.waitForFunction(() => document.body.dataset.ply === '5');
    // The address after a paste is the short link too.
    await page.waitForFunction(() => /^#g=1[A-Za-z0-9_-]+&game=1&ply=5$/.test(location.hash));
    await page.click('#copy-link');
    await page.waitForFunction(() => document.getElementById('share-link').value.includes('#g='));
    const link = await page.inputValue('#share-link');
    assert(/\/index\.html#g=1[A-Za-z0-9_-]+&game=1&ply=5$/.test(link), `link format: ${link}`);
    assert(await clipboard(page) === link, 'the clipboard holds it');
    const board = await boardOf(page);
    const hash = new URL(link).hash;
    // The old form of the same game, as the page made it before: still opens, on the same board.
    const old = await page.evaluate(async (text) => (await import('/www/share/share.js')).packText(text), SHORT_GAME);
    assert(hash.length * 2 < `#pdn=${old}&game=1&ply=5`.length, `shorter than #pdn= (${hash.length} vs ${old.length + 16})`);

    const other = await newPage({ width: 1280, height: 800 });
    await openPage(other, link);
    await other.waitForFunction(() => document.body.dataset.ply === '5' && document.body.dataset.game === '1');
    assert(await boardOf(other) === board, 'the page shows the same position');
    const tags = await other.textContent('#tags');
    assert(tags.includes('Roel Boomstra') && tags.includes('Jan Groenendijk'), `the players: ${tags}`);
    const box = await other.inputValue('#pdn-input');
    assert(box.includes('[Event "NK 2019"]') && box.includes('4. 41-37 5-10 2-0') && !box.includes('Dronten'), `the box holds the game as PDN (Site is not carried): ${box}`);
    await openPage(other, `${origin}/index.html#pdn=${old}&game=1&ply=5`);
    await other.waitForFunction(() => document.body.dataset.ply === '5' && /Dronten/.test(document.getElementById('tags').textContent));
    assert(await boardOf(other) === board, 'the old #pdn= link shows the same position');

    const frame = await newPage({ width: 900, height: 700 });
    await frame.goto(`${origin}/embed.html${hash}`);
    await frame.waitForFunction(() => { const d = document.querySelector('pdn-viewer')?.dataset; return d && d.game === '1' && d.ply === '5'; });
    assert(await boardOf(frame, true) === board, 'embed.html shows the same position');
    await page.context().close();
    await other.context().close();
    await frame.context().close();
    return `${hash.length} characters against ${old.length + 16}`;
  });

  await check('a damaged short link says so in plain words, on the page and in embed.html', async () => {
    const page = await newPage({ width: 1280, height: 800 });
    await openPage(page, `${origin}/index.html#g=1AAAA_____&game=1&ply=2`);
    await page.waitForFunction(() => document.getElementById('status').dataset.kind === 'error');
    const status = await page.textContent('#status');
    assert(/short link/.test(status), `status: ${status}`);
    const frame = await newPage({ width: 900, height: 700 });
    await frame.goto(`${origin}/embed.html#g=9zzz`);
    await frame.waitForFunction(() => /short link/.test(document.querySelector('pdn-viewer')?.shadowRoot?.textContent || ''));
    await page.context().close();
    await frame.context().close();
  });

  // ---- where Copy link is, and a quiet console -------------------------------------------------

  for (const viewport of [{ width: 360, height: 740 }, { width: 1280, height: 800 }]) {
    await check(`${viewport.width} px: Copy link and Share as a problem sit under the board's buttons`, async () => {
      const page = await newPage(viewport);
      await openPage(page, `${origin}/index.html`);
      const m = await page.evaluate(() => {
        const r = (e) => e.getBoundingClientRect();
        return { nav: r(document.querySelector('.board-panel nav.controls')).bottom, link: r(document.getElementById('copy-link')), problem: r(document.getElementById('share-problem')), wide: document.documentElement.scrollWidth > innerWidth };
      });
      assert(m.link.top >= m.nav && m.link.top - m.nav < 160, `Copy link ${Math.round(m.link.top - m.nav)} px under the buttons`);
      assert(Math.abs(m.problem.top - m.link.top) < 60, 'Share as a problem beside it');
      assert(!m.wide, 'nothing sticks out sideways');
      if (screenshots) await page.screenshot({ path: path.join(artifacts, `share-${viewport.width}.png`) });
      await page.context().close();
      return `${Math.round(m.link.top - m.nav)} px under the buttons`;
    });
  }

  await check('a shared link leaves no warning in the console (the sample\'s preload is not left unused)', async () => {
    const page = await newPage({ width: 1280, height: 800 });
    const warnings = [];
    page.on('console', (m) => { if (m.type() === 'warning' || m.type() === 'error') warnings.push(m.text()); });
    await openPage(page, `${origin}/index.html?src=tests/e2e/fixtures/problem.pdn`);
    await page.waitForTimeout(4000); // Chromium warns about an unused preload a few seconds after the load
    assert(!warnings.length, `console: ${warnings.join(' | ')}`);
    await page.context().close();
  });
} catch (e) {
  fail('setup', e);
}
await Promise.all([browser.close(), server.stop()]);
finish();
