// End-to-end test of what visitors see (issue 12): messages in <pdn-viewer> and embed.html by
// audience (`messages`), no line:column buttons without a text box, the iframe's height message
// fitting the frame in a parent page, loading on paste and Ctrl+Enter, a text with no game, the
// window title, download names, the header's words, the game list's sorting and comment
// paragraphs. Same harness style as embed.mjs: `ok`/`FAIL` per check, then `N passed, N failed`;
// any page or console error fails the run. Screenshots go to tests/e2e/artifacts/.

import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { artifacts, launchBrowser, loads, root, startStaticServer, waitLoads, checks } from './harness.mjs';

const server = await startStaticServer();
const origin = server.origin;
const browser = await launchBrowser();
const problems = [];
mkdirSync(artifacts, { recursive: true });

async function newPage(options = {}) {
  const context = await browser.newContext({ viewport: { width: 1100, height: 900 }, acceptDownloads: true, ...options });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console.error: ${m.text()}`); });
  return page;
}

const { check, finish } = checks({ problems });
const assert = (cond, message) => { if (!cond) throw new Error(message); };
const assertEqual = (a, b, what) => {
  if (JSON.stringify(a) !== JSON.stringify(b)) throw new Error(`${what}: expected ${JSON.stringify(b)}, got ${JSON.stringify(a)}`);
};
const shot = (page, name, opts = {}) => page.screenshot({ path: path.join(artifacts, name), ...opts });

/** What one element lists: codes of its messages, its buttons there, its move-list error. */
const messagesOf = (page, selector) => page.$eval(selector, (el) => {
  const root = el.shadowRoot;
  const box = root.querySelector('.diagnostics-wrap');
  return {
    hidden: box.hidden,
    codes: [...box.querySelectorAll('li.diag')].map((li) => li.dataset.code),
    buttons: box.querySelectorAll('button').length,
    text: box.textContent,
    moveError: root.querySelector('.move-error')?.textContent || '',
  };
});

async function openMain(page, url = `${origin}/index.html`) {
  await page.goto(url);
  await page.waitForSelector('body[data-ready="1"]');
}

async function pasteAndLoad(page, text) {
  const n = await loads(page);
  await page.fill('#pdn-input', text);
  await page.click('#load');
  await waitLoads(page, n + 1);
}

async function download(page, selector) {
  const [dl] = await Promise.all([page.waitForEvent('download'), page.click(selector)]);
  return dl.suggestedFilename();
}

/** Whether an element is inside the window. */
const inViewport = (page, selector) => page.$eval(selector, (el) => {
  const r = el.getBoundingClientRect();
  return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight;
});

try {
  // ---- messages in the element --------------------------------------------------------------

  await check('<pdn-viewer>: by default only what a visitor needs (the illegal move), no notes for authors, no location buttons', async () => {
    const page = await newPage();
    await page.goto(`${origin}/tests/e2e/embed/visitors.html`);
    for (const id of ['#default', '#all', '#none']) await page.waitForFunction((s) => document.querySelector(s)?.dataset.ply != null, id);
    const d = await messagesOf(page, '#default');
    // The variation's illegal move is listed; the mainline's is said once, in the move list.
    assertEqual(d.codes, ['illegal-move-in-variation'], 'default messages');
    assertEqual(d.buttons, 0, 'no location buttons in the element');
    assert(!/guess|GameType/i.test(d.text), `no guessed-variant note: ${d.text}`);
    assert(/The game stops at move 3:/.test(d.moveError), `the move list says where the game stops: ${d.moveError}`);
    assert(!/\d+:\d+/.test(d.moveError.replace('move 3:', '')), `no line:column in the move list: ${d.moveError}`);

    const all = await messagesOf(page, '#all');
    assert(all.codes.includes('guessed-variant') && all.codes.includes('capture-separator') && all.codes.includes('illegal-move'), `messages="all": ${all.codes}`);
    assertEqual(all.buttons, 0, 'messages="all": still no location buttons');
    assert(/\d+:\d+/.test(all.text), 'line:column as plain text');
    const none = await messagesOf(page, '#none');
    assertEqual([none.hidden, none.codes], [true, []], 'messages="none"');

    // The attribute changes the list at once.
    await page.$eval('#none', (el) => el.setAttribute('messages', 'all'));
    assert((await messagesOf(page, '#none')).codes.length >= 3, 'messages changed to all');
    await shot(page, 'visitors-element.png', { fullPage: true });
    await page.context().close();
  });

  // ---- the iframe ---------------------------------------------------------------------------

  const link = async () => {
    // The game of visitors.html as a #pdn= link, packed by the page itself.
    const page = await newPage();
    await openMain(page);
    const packed = await page.evaluate(async () => {
      const { packText } = await import('./www/share/share.js');
      return packText('[White "Ozols"][Black "Bērziņš"]\n1. 32-28 (1. 31-22) 19-23 2. 28-19 14x23 3. 28-22 *');
    });
    await page.context().close();
    return packed;
  };
  const packed = await link();

  await check('embed.html: messages=errors by default, messages=all and messages=none as URL parameters', async () => {
    const page = await newPage();
    for (const [query, want] of [['', ['illegal-move-in-variation']], ['?messages=all', null], ['?messages=none', []]]) {
      await page.goto(`${origin}/embed.html${query}#pdn=${packed}`);
      await page.waitForFunction(() => document.querySelector('pdn-viewer')?.dataset.ply != null);
      const m = await messagesOf(page, 'pdn-viewer');
      if (want) assertEqual(m.codes, want, `embed.html${query}`);
      else assert(m.codes.includes('guessed-variant') && m.codes.includes('illegal-move'), `embed.html${query}: ${m.codes}`);
      assertEqual(m.buttons, 0, `embed.html${query}: no location buttons`);
    }
    await page.context().close();
  });

  await check('iframe snippet: the frame posts its height and the parent page\'s lines fit it, 280 and 1200 px wide', async () => {
    const page = await newPage();
    await openMain(page);
    await page.click('#embed-box summary');
    await page.waitForFunction(() => document.getElementById('snippet-iframe').value.includes('data-pdn-viewer'));
    const snippet = await page.$eval('#snippet-iframe', (e) => e.value);
    assert(snippet.includes("'pdn-viewer:height'") && snippet.includes('<script>'), 'the snippet has the parent script');
    const parent = await newPage({ viewport: { width: 1200, height: 700 } });
    // The host page of a club: a heading, the snippet as given, a paragraph after it.
    await parent.route(`${origin}/club-page.html`, (route) => route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html><head><meta charset="utf-8"><title>Club</title><link rel="icon" href="data:,"></head><body><h1>Round 7</h1>${snippet}<p id="after">After the game.</p></body></html>`,
    }));
    for (const width of [1200, 280]) {
      await parent.setViewportSize({ width, height: 700 });
      await parent.goto(`${origin}/club-page.html`);
      const frameEl = await parent.waitForSelector('iframe[data-pdn-viewer]');
      const frame = await frameEl.contentFrame();
      await frame.waitForFunction(() => document.querySelector('pdn-viewer')?.dataset.ply != null);
      // The frame's height follows its content: no scroll bar inside, no empty space below.
      await parent.waitForFunction(() => {
        const f = document.querySelector('iframe[data-pdn-viewer]');
        const body = f.contentDocument.body;
        const h = Math.ceil(body.getBoundingClientRect().height);
        return f.style.height === `${h}px` && f.contentDocument.documentElement.scrollHeight <= f.clientHeight + 1;
      }, null, { timeout: 15_000 });
      const sizes = await parent.$eval('iframe[data-pdn-viewer]', (f) => ({ frame: f.clientHeight, content: f.contentDocument.documentElement.scrollHeight }));
      assert(sizes.frame !== 640, `the frame was resized (${JSON.stringify(sizes)})`);
      await shot(parent, `visitors-iframe-${width}.png`, { fullPage: true });
    }
    // A message from anyone else is ignored.
    await parent.evaluate(() => window.postMessage({ type: 'pdn-viewer:height', height: 5 }, '*'));
    await parent.waitForTimeout(100);
    assert(await parent.$eval('iframe[data-pdn-viewer]', (f) => f.clientHeight > 100), 'a message from the page itself does not resize the frame');
    await page.context().close();
    await parent.context().close();
  });

  // ---- the main page: location buttons, load flow, words ------------------------------------

  await check('main page: every message, with line:column buttons that select the text', async () => {
    const page = await newPage();
    await openMain(page);
    await pasteAndLoad(page, '[White "Ozols"][Black "Bērziņš"]\n1. 32-28 (1. 31-22) 19-23 2. 28-19 14x23 3. 28-22 *');
    const codes = await page.$$eval('#diagnostics li.diag', (lis) => lis.map((li) => li.dataset.code));
    assert(codes.includes('guessed-variant') && codes.includes('illegal-move'), `all messages: ${codes}`);
    assert(await page.$$eval('#diagnostics button.diag-loc', (b) => b.length) >= 3, 'location buttons');
    await page.context().close();
  });

  await check('paste loads at once; Ctrl+Enter loads; typing does not', async () => {
    const page = await newPage();
    await openMain(page);
    let n = await loads(page);
    await page.fill('#pdn-input', '');
    await page.evaluate(() => navigator.clipboard.writeText('[White "Pasted"][Black "Text"][GameType "20"]\n1. 32-28 *'));
    await page.focus('#pdn-input');
    await page.keyboard.press('Control+V');
    await waitLoads(page, n + 1);
    assert((await page.textContent('#game-header')).includes('Pasted'), 'the pasted game is shown');
    n = await loads(page);
    await page.fill('#pdn-input', '[White "Keyed"][Black "In"][GameType "20"]\n1. 33-29 *');
    await page.waitForTimeout(300);
    assertEqual(await loads(page), n, 'typing (fill) does not load');
    await page.focus('#pdn-input');
    await page.keyboard.press('Control+Enter');
    await waitLoads(page, n + 1);
    assert((await page.textContent('#game-header')).includes('Keyed'), 'Ctrl+Enter loaded the box');
    await page.context().close();
  });

  for (const [width, height] of [[360, 740], [1280, 800]]) {
    await check(`a text with no game (${width}×${height}): the board is cleared and "No game found" is in view`, async () => {
      const page = await newPage({ viewport: { width, height } });
      await openMain(page);
      assert(await page.$$eval('#board [data-piece]', (e) => e.length) > 0, 'the sample is on the board');
      await page.fill('#pdn-input', 'hello world');
      await page.click('#load');
      await page.waitForSelector('#board .no-game');
      assertEqual(await page.$$eval('#board [data-piece]', (e) => e.length), 0, 'no piece left on the board');
      assertEqual(await page.textContent('#game-header'), '', 'no old header');
      assertEqual(await page.$$eval('#moves .move', (e) => e.length), 0, 'no old moves');
      assert(/No game found/.test(await page.textContent('#board')), 'the board says so');
      assert(await inViewport(page, '#board .no-game'), '"No game found" is in the window');
      assertEqual(await page.title(), 'PDN viewer', 'the title names no game');
      await shot(page, `visitors-no-game-${width}.png`);
      // The next text opens as usual.
      await pasteAndLoad(page, '[White "Next"][Black "One"][GameType "20"]\n1. 32-28 *');
      assert(await page.$$eval('#board [data-piece]', (e) => e.length) > 0, 'the next game is drawn');
      await page.context().close();
    });
  }

  await check('title, status and labels: the game named, a file name not an address, the language followed', async () => {
    const page = await newPage();
    await openMain(page, `${origin}/index.html?src=${encodeURIComponent(`${origin}/tests/e2e/fixtures/three-games.pdn`)}`);
    await page.waitForFunction(() => document.body.dataset.games === '3');
    const status = await page.textContent('#status');
    assert(status.includes('three-games.pdn') && !status.includes('http'), `status names the file: ${status}`);
    const title = await page.title();
    assert(/ – .* — PDN viewer$/.test(title), `title: ${title}`);
    await page.selectOption('#lang', 'ru');
    await page.waitForFunction(() => document.documentElement.lang === 'ru');
    const ru = await page.textContent('#status');
    assert(ru !== status && ru.includes('three-games.pdn'), `the status follows the language: ${ru}`);
    assert((await page.title()).endsWith(' — Просмотр PDN'), `title in Russian: ${await page.title()}`);
    const labels = await page.evaluate(() => [...document.querySelectorAll('[aria-label]')]
      .map((e) => e.getAttribute('aria-label')).filter((l) => /^(Game|Move navigation|Moves|Exported text|Open and share)$/.test(l)));
    assertEqual(labels, [], 'no English screen-reader label left');
    await page.context().close();
  });

  await check('download names: the players and year for a game, the file\'s own name for the file', async () => {
    const page = await newPage();
    await openMain(page);
    assertEqual(await page.title(), 'Mikhalchenko – Ndjofang · FMJD World Championship — PDN viewer', 'sample title');
    assertEqual(await download(page, '#download-game'), 'mikhalchenko-ndjofang-2007.pdn', 'game');
    const text = readFileSync(path.join(root, 'tests/e2e/fixtures/three-games.pdn'));
    const n = await loads(page);
    await page.setInputFiles('#file-input', { name: 'WK 2007 ronde 3.pdn', mimeType: 'text/plain', buffer: text });
    await waitLoads(page, n + 1);
    assertEqual(await download(page, '#download-file'), 'WK 2007 ronde 3.pdn', 'whole file');
    await pasteAndLoad(page, '[White "Щукин, А."][Black "Bērziņš"][Date "12.05.1998"][GameType "20"]\n1. 32-28 *');
    assertEqual(await download(page, '#download-game'), 'shchukin-berzins-1998.pdn', 'transliterated');
    await page.context().close();
  });

  await check('header: ratings, the site as a link, the time control and the result in words (translated)', async () => {
    const page = await newPage();
    await openMain(page);
    await pasteAndLoad(page, [
      '[Event "Club"][Site "https://example.org/club"][White "Ozols"][Black "Bērziņš"][WhiteElo "2350"][BlackRating "2401"]',
      '[TimeControl "40/7200:3600"][Result "0-2"][GameType "20"]',
      '1. 32-28 {A long comment that the file', 'wraps over lines.', '', 'A second paragraph.} 19-23 0-2',
    ].join('\n'));
    const h = await page.evaluate(() => {
      const box = document.getElementById('game-header');
      const a = box.querySelector('a.site');
      return {
        ratings: [...box.querySelectorAll('.rating')].map((e) => e.textContent),
        href: a && a.getAttribute('href'), rel: a && a.rel, linkText: a && a.textContent,
        times: box.querySelector('.times')?.textContent, result: box.querySelector('.result-words')?.textContent,
      };
    });
    assertEqual(h.ratings, ['2350', '2401'], 'ratings');
    assertEqual([h.href, h.rel, h.linkText], ['https://example.org/club', 'noopener nofollow', 'https://example.org/club'], 'site link');
    assertEqual(h.times, 'Time control: 40 moves in 2 h, then the rest of the game in 1 h', 'time control');
    assertEqual(h.result, 'Black won', 'result in words');
    const paras = await page.$$eval('#moves li.comment .para', (e) => e.map((x) => x.textContent));
    assertEqual(paras, ['A long comment that the file wraps over lines.', 'A second paragraph.'], 'comment paragraphs');
    await shot(page, 'visitors-header.png');
    await page.selectOption('#lang', 'fr');
    await page.waitForFunction(() => document.querySelector('#game-header .result-words')?.textContent === 'Les Noirs ont gagné');
    assert((await page.textContent('#game-header .times')).startsWith('Cadence : 40 coups en 2 h'), 'time control in French');
    await page.context().close();
  });

  await check('game list: dates of every form sorted, unknown dates last both ways; problems first on the first click', async () => {
    // Wide enough for the list beside the board to show its date column (layout.js hides the
    // columns a narrow list has no room for).
    const page = await newPage({ viewport: { width: 1600, height: 900 } });
    await openMain(page);
    const games = [
      ['A', '2007.05.19', '1. 32-28 *'],
      ['B', '????.??.??', '1. 32-28 *'],
      ['C', '12.5.2001', '1. 32-28 19-23 2. 28-22 *'],
      ['D', '03/01/2010', '1. 32-28 *'],
      ['E', '1999.??.??', '1. 32-28 *'],
    ].map(([w, date, moves]) => `[White "${w}"][Black "x"][Date "${date}"][GameType "20"]\n${moves}\n`).join('\n');
    await pasteAndLoad(page, games);
    await page.waitForSelector('body[data-checked="1"]');
    const order = () => page.$$eval('#game-list tr.game-row', (rows) => rows.map((r) => r.querySelector('td:nth-child(2)').textContent));
    await page.click('#game-list button.sort[data-sort="date"]');
    assertEqual(await order(), ['E', 'C', 'A', 'D', 'B'], 'dates ascending');
    await page.click('#game-list button.sort[data-sort="date"]');
    assertEqual(await order(), ['D', 'A', 'C', 'E', 'B'], 'dates descending, unknown still last');
    await page.click('#game-list button.sort[data-sort="errors"]');
    assertEqual((await order())[0], 'C', 'the game with an error first');
    await page.context().close();
  });
} finally {
  await browser.close();
  await server.stop();
}

if (problems.length) console.log(problems.join('\n'));
finish();
