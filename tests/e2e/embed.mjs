// End-to-end test of embedding (issue 6): a club page with several <pdn-viewer> elements, the
// iframe page, the snippets and share link made by the viewer, and the self-contained .html
// opened from a file: URL. Same harness style as run.mjs: `ok`/`FAIL` per check, then
// `N passed, N failed`; any page or console error fails the run.

import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { artifacts, launchBrowser, startStaticServer, checks } from './harness.mjs';
import { iframeSnippet } from '../../www/share/snippets.js';

const server = await startStaticServer();
const origin = server.origin;
const browser = await launchBrowser();
const problems = [];

async function newPage(options = {}) {
  const context = await browser.newContext({ viewport: { width: 1100, height: 900 }, acceptDownloads: true, ...options });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console.error: ${m.text()}`); });
  return page;
}

const only = process.argv.find((a) => a.startsWith('--only='));
const { check, finish } = checks({ problems, only: only ? new RegExp(only.slice(7)) : null });
const assert = (cond, message) => { if (!cond) throw new Error(message); };
const assertEqual = (a, b, what) => {
  if (JSON.stringify(a) !== JSON.stringify(b)) throw new Error(`${what}: expected ${JSON.stringify(b)}, got ${JSON.stringify(a)}`);
};

/** Pieces inside one element's shadow root, by the data-square/data-piece contract. */
const piecesOf = (page, selector) => page.$eval(selector, (el) => Object.fromEntries(
  [...el.shadowRoot.querySelectorAll('[data-piece]')].map((p) => [p.dataset.square, p.dataset.piece])));
const stateOf = (page, selector) => page.$eval(selector, (el) => ({ game: el.dataset.game, ply: el.dataset.ply }));
const ready = (page, selector) => page.waitForFunction((s) => document.querySelector(s)?.dataset.ply != null, selector);

try {
  const page = await newPage();
  await page.goto(`${origin}/tests/e2e/embed/host.html`);
  for (const id of ['#intl', '#russian', '#english', '#broken']) await ready(page, id);

  await check('host page: four independent viewers, each board right for its variant', async () => {
    const intl = await piecesOf(page, '#intl');
    assertEqual(Object.keys(intl).length, 38, 'international pieces after 2...14x23');
    assertEqual([intl['23'], intl['31'], intl['32'], intl['28'], intl['19']], ['bm', 'wm', undefined, undefined, undefined], 'intl squares');
    assertEqual(Object.values(intl).filter((v) => v === 'wm').length, 19, 'white lost one man');
    assertEqual(await stateOf(page, '#intl'), { game: '1', ply: '4' }, 'intl at ply 4');
    const ru = await piecesOf(page, '#russian');
    assertEqual(Object.keys(ru).length, 24, 'russian start');
    assertEqual([ru.c3, ru.f6, ru.a1], ['wm', 'bm', 'wm'], 'russian squares (algebraic labels)');
    const en = await piecesOf(page, '#english');
    assertEqual(Object.keys(en).length, 24, 'english start');
    assertEqual(await stateOf(page, '#english'), { game: '2', ply: '0' }, 'src file, game 2');
  });

  await check('attributes: coordinates, orientation, theme, moves, lang, list', async () => {
    // The element's stylesheet (a <link> in its shadow root) may come after its board is drawn.
    await page.waitForFunction(() => [...document.querySelectorAll('pdn-viewer')].every((el) => el.shadowRoot?.querySelector('link[rel="stylesheet"]')?.sheet), null, { timeout: 20_000 });
    const ru = await page.$eval('#russian', (el) => ({
      coords: el.shadowRoot.querySelectorAll('text.coord').length,
      flipped: el.shadowRoot.querySelector('svg.board-svg').classList.contains('flipped'),
      bg: getComputedStyle(el).backgroundColor,
      header: el.shadowRoot.querySelector('.game-header-box').textContent,
      movesBelow: el.shadowRoot.querySelector('.pv-side').getBoundingClientRect().top
        > el.shadowRoot.querySelector('.board').getBoundingClientRect().bottom,
    }));
    assert(ru.coords >= 8, `algebraic coordinates drawn (${ru.coords})`);
    assert(ru.flipped, 'orientation="black" flips the board');
    assertEqual(ru.bg, 'rgb(24, 25, 27)', 'theme="dark" background');
    assert(ru.header.includes('Иванов') && ru.header.includes('Script </script> child'), `header: ${ru.header}`);
    assert(ru.movesBelow, 'moves="bottom" puts the moves under the board');
    // The game table is a part loaded on use: it may come after the board (a loaded machine).
    await page.waitForFunction(() => document.querySelector('#english').shadowRoot.querySelectorAll('tr.game-row').length === 2, null, { timeout: 20_000 });
    const en = await page.$eval('#english', (el) => ({
      start: el.shadowRoot.querySelector('.move.start').textContent,
      rows: [...el.shadowRoot.querySelectorAll('tr.game-row')]
        .map((r) => [r.dataset.game, r.querySelector('.col-white').textContent, r.querySelector('.col-black').textContent]),
      selected: el.shadowRoot.querySelector('tr.game-row.selected')?.dataset.game,
      listHidden: el.shadowRoot.querySelector('.pv-games').hidden,
    }));
    assertEqual(en.start, 'Début', 'lang="fr"');
    assertEqual(en.rows, [['1', 'P1', 'P2'], ['2', 'Q1', 'Q2']], 'the game table of the src file, rows numbered from 1 (data-game)');
    assertEqual(en.selected, '2', 'game="2" is the selected row');
    assert(!en.listHidden, 'list shown for a two-game file');
    const intlList = await page.$eval('#intl', (el) => el.shadowRoot.querySelector('.pv-games').hidden);
    assert(intlList, 'no list for one game');
  });

  await check('theming from the host page: custom properties and ::part reach into the shadow root', async () => {
    const styles = await page.$eval('#russian', (el) => ({
      dark: getComputedStyle(el.shadowRoot.querySelector('.sq-dark')).fill,
      outline: getComputedStyle(el.shadowRoot.querySelector('[part="board"]')).outlineColor,
    }));
    assertEqual(styles.dark, 'rgb(46, 125, 50)', '--sq-dark');
    assertEqual(styles.outline, 'rgb(200, 0, 0)', '::part(board)');
    const other = await page.$eval('#intl', (el) => getComputedStyle(el.shadowRoot.querySelector('.sq-dark')).fill);
    assert(other !== 'rgb(46, 125, 50)', 'the other viewers keep their colours');
  });

  await check('events: pdn-game on load, pdn-move on navigation, pdn-error for a broken game', async () => {
    const events = await page.evaluate(() => window.events);
    const games = events.filter((e) => e.type === 'pdn-game').map((e) => e.id).sort();
    assertEqual(games, ['broken', 'english', 'intl', 'russian'], 'one pdn-game each');
    const english = events.find((e) => e.type === 'pdn-game' && e.id === 'english');
    assertEqual([english.detail.game, english.detail.count, english.detail.white], [2, 2, 'Q1'], 'pdn-game detail');
    const err = events.find((e) => e.type === 'pdn-error');
    assert(err && err.id === 'broken' && /27/.test(err.detail.message), `pdn-error: ${JSON.stringify(err)}`);
    await page.evaluate(() => { window.events.length = 0; });
    await page.$eval('#intl', (el) => el.shadowRoot.getElementById('next').click());
    const move = await page.evaluate(() => window.events.find((e) => e.type === 'pdn-move'));
    assertEqual([move.id, move.detail.ply, move.detail.move], ['intl', 5, '33-28'], 'pdn-move detail');
    assert(/^W:|^B:/.test(move.detail.fen), `fen in the event: ${move.detail.fen}`);
  });

  await check('methods and attributes from a script: goTo, flip, ply="last", game', async () => {
    await page.$eval('#intl', (el) => el.goTo(2));
    assertEqual(await stateOf(page, '#intl'), { game: '1', ply: '2' }, 'goTo(2)');
    await page.$eval('#intl', (el) => el.flip());
    assert(await page.$eval('#intl', (el) => el.shadowRoot.querySelector('svg').classList.contains('flipped')), 'flip()');
    await page.$eval('#intl', (el) => el.setAttribute('ply', 'last'));
    assertEqual(await stateOf(page, '#intl'), { game: '1', ply: '5' }, 'ply="last"');
    await page.$eval('#english', (el) => el.setAttribute('game', '1'));
    await page.waitForFunction(() => document.querySelector('#english').dataset.game === '1');
    // Keys work when the viewer has focus, and only in that viewer.
    await page.focus('#english');
    await page.keyboard.press('ArrowRight');
    assertEqual(await stateOf(page, '#english'), { game: '1', ply: '1' }, 'ArrowRight in the focused viewer');
    assertEqual(await stateOf(page, '#intl'), { game: '1', ply: '5' }, 'the other viewer did not move');
  });

  await check('the page\'s controls in the element: F flips, keys in the game filter stay there, swipe, wheel="on"', async () => {
    const flipped = () => page.$eval('#english', (el) => el.shadowRoot.querySelector('svg.board-svg').classList.contains('flipped'));
    await page.focus('#english');
    const before = await flipped();
    await page.keyboard.press('Shift+F');
    assertEqual(await flipped(), !before, 'Shift+F flips');
    await page.keyboard.press('f');
    assertEqual(await flipped(), before, 'f flips back');
    await page.$eval('#english', (el) => el.shadowRoot.querySelector('input.pv-filter').focus());
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('f');
    assertEqual(await stateOf(page, '#english'), { game: '1', ply: '1' }, 'ArrowLeft in the game filter does not step');
    assertEqual(await flipped(), before, 'f in the game filter does not flip');
    await page.keyboard.press('Backspace');
    const swipe = (dx) => page.$eval('#english', (el, dx) => {
      const board = el.shadowRoot.querySelector('[part="board"]');
      const r = board.getBoundingClientRect();
      const opts = (x) => ({ pointerId: 3, pointerType: 'touch', isPrimary: true, clientX: x, clientY: r.top + r.height / 2, bubbles: true, cancelable: true, composed: true });
      board.dispatchEvent(new PointerEvent('pointerdown', opts(r.left + r.width / 2)));
      board.dispatchEvent(new PointerEvent('pointerup', opts(r.left + r.width / 2 + dx)));
    }, dx);
    await swipe(-120);
    assertEqual(await stateOf(page, '#english'), { game: '1', ply: '2' }, 'swipe left steps forward');
    await swipe(120);
    assertEqual(await stateOf(page, '#english'), { game: '1', ply: '1' }, 'swipe right steps back');
    const box = await page.$eval('#english', (el) => {
      el.scrollIntoView();
      const r = el.shadowRoot.querySelector('[part="board"]').getBoundingClientRect();
      return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
    });
    await page.mouse.move(box.x, box.y);
    await page.mouse.wheel(0, 120);
    await page.waitForTimeout(150);
    assertEqual(await stateOf(page, '#english'), { game: '1', ply: '1' }, 'no wheel stepping without the attribute');
    await page.$eval('#english', (el) => el.setAttribute('wheel', 'on'));
    await page.mouse.move(box.x, box.y);
    await page.mouse.wheel(0, 120);
    await page.waitForFunction(() => document.querySelector('#english').dataset.ply === '2');
    await page.$eval('#english', (el) => el.removeAttribute('wheel'));
  });

  await check('game and ply set in the same tick: both hold (issue 38)', async () => {
    await page.$eval('#english', (el) => { el.setAttribute('game', '2'); el.setAttribute('ply', '2'); });
    await page.waitForFunction(() => document.querySelector('#english').dataset.game === '2');
    await page.waitForTimeout(100); // a late reset to ply 0 would come now
    assertEqual(await stateOf(page, '#english'), { game: '2', ply: '2' }, 'game 2 at ply 2');
    // The other order, and ply="last".
    await page.$eval('#english', (el) => { el.setAttribute('ply', 'last'); el.setAttribute('game', '1'); });
    await page.waitForFunction(() => document.querySelector('#english').dataset.game === '1');
    await page.waitForTimeout(100);
    assertEqual(await stateOf(page, '#english'), { game: '1', ply: '2' }, 'game 1 at its last ply');
    // `game` alone still opens the game at its start.
    await page.$eval('#english', (el) => el.setAttribute('game', '2'));
    await page.waitForFunction(() => document.querySelector('#english').dataset.game === '2');
    await page.waitForTimeout(100);
    assertEqual(await stateOf(page, '#english'), { game: '2', ply: '0' }, 'game alone: ply 0');
  });

  await check('language: the element and the frame follow the host page\'s lang unless told (issue 38)', async () => {
    mkdirSync(artifacts, { recursive: true });
    const startWord = (p, sel) => p.$eval(sel, (el) => el.shadowRoot.querySelector('.move.start')?.textContent);
    const waitWord = (p, sel, word) => p.waitForFunction(([s, w]) => document.querySelector(s)?.shadowRoot?.querySelector('.move.start')?.textContent === w, [sel, word]);
    const game = '[GameType "20"] 1. 32-28 19-23 *';
    writeFileSync(path.join(artifacts, 'lang-host.html'), `<!doctype html><html lang="ru"><head><meta charset="utf-8"><link rel="icon" href="data:,">
<script type="module" src="../../../www/pdn-viewer.js"></script></head><body>
<div lang="nl"><pdn-viewer id="a">${game}</pdn-viewer></div><pdn-viewer id="b">${game}</pdn-viewer><pdn-viewer id="c" lang="fr">${game}</pdn-viewer>
</body></html>`);
    const p = await newPage({ locale: 'en-US' });
    await p.goto(`${origin}/tests/e2e/artifacts/lang-host.html`);
    // Each element draws its moves when its own words and modules have come: each waited for.
    for (const [sel, word] of [['#a', 'Begin'], ['#b', 'Начало'], ['#c', 'Début']]) await waitWord(p, sel, word).catch(() => {});
    assertEqual([await startWord(p, '#a'), await startWord(p, '#b'), await startWord(p, '#c')], ['Begin', 'Начало', 'Début'], 'the nearest lang, <html lang>, its own');
    await p.evaluate(() => { document.documentElement.lang = 'lv'; });
    await waitWord(p, '#b', 'Sākums');
    assertEqual([await startWord(p, '#a'), await startWord(p, '#c')], ['Begin', 'Début'], 'the others keep theirs');
    // The frame on a page of the viewer's own site reads the page's lang.
    writeFileSync(path.join(artifacts, 'lang-frame.html'), `<!doctype html><html lang="lv"><head><meta charset="utf-8"><link rel="icon" href="data:,"></head><body>
<iframe src="../../../embed.html?src=tests/e2e/embed/games.pdn" width="600" height="500"></iframe></body></html>`);
    await p.goto(`${origin}/tests/e2e/artifacts/lang-frame.html`);
    const frame = () => p.frames().find((f) => f.url().includes('embed.html'));
    await p.waitForFunction(() => document.querySelector('iframe').contentDocument?.querySelector('pdn-viewer')?.shadowRoot?.querySelector('.move.start'));
    await waitWord(frame(), 'pdn-viewer', 'Sākums');
    // On another site, the snippet's lines tell it; lang= in the address wins.
    const other = origin.replace('127.0.0.1', 'localhost');
    const snippet = iframeSnippet({ src: `${origin}/embed.html?src=tests/e2e/embed/games.pdn`, title: 'x' });
    const told = iframeSnippet({ src: `${origin}/embed.html?src=tests/e2e/embed/games.pdn&lang=nl`, title: 'y' }).replace('data-pdn-viewer', 'data-pdn-viewer id="told"');
    writeFileSync(path.join(artifacts, 'lang-other.html'), `<!doctype html><html lang="ru"><head><meta charset="utf-8"><link rel="icon" href="data:,"></head><body>${snippet}${told}</body></html>`);
    await p.goto(`${other}/tests/e2e/artifacts/lang-other.html`);
    const frames = () => p.frames().filter((f) => f.url().includes('embed.html'));
    await p.waitForFunction(() => document.querySelectorAll('iframe').length === 2);
    await p.waitForTimeout(200);
    const [plain, fixed] = [frames().find((f) => !f.url().includes('lang=')), frames().find((f) => f.url().includes('lang=nl'))];
    await waitWord(plain, 'pdn-viewer', 'Начало');
    await waitWord(fixed, 'pdn-viewer', 'Begin');
    await p.context().close();
  });

  await check('iframe page: embed.html?src=…&game=&ply=last and embed.html#pdn=…', async () => {
    const p = await newPage({ viewport: { width: 700, height: 700 } });
    await p.goto(`${origin}/embed.html?src=tests/e2e/embed/games.pdn&game=2&ply=last&coordinates=none`);
    await ready(p, 'pdn-viewer');
    assertEqual(await stateOf(p, 'pdn-viewer'), { game: '2', ply: '3' }, 'src, game, ply=last');
    assertEqual(await p.$eval('pdn-viewer', (el) => el.shadowRoot.querySelectorAll('.sq-num, text.coord').length), 0, 'coordinates=none');
    const fits = await p.evaluate(() => document.documentElement.scrollWidth <= innerWidth);
    assert(fits, 'fits the frame width');
    const text = '[GameType "20"][White "Link"]\n1. 32-28 19-23 2. 28x19 14x23 *';
    const payload = deflateRawSync(Buffer.from(text)).toString('base64url');
    await p.goto(`${origin}/embed.html#pdn=${payload}&game=1&ply=3`);
    await ready(p, 'pdn-viewer');
    assertEqual(await stateOf(p, 'pdn-viewer'), { game: '1', ply: '3' }, '#pdn= link');
    assert((await piecesOf(p, 'pdn-viewer'))['19'] === 'wm', 'position after 28x19');
    await p.goto(`${origin}/embed.html`);
    assert((await p.textContent('.embed-error')).includes('?src='), 'a plain message without a source');
    await p.context().close();
  });

  await check('share round trip: the viewer\'s link, iframe snippet and element snippet show the same game and move', async () => {
    const p = await newPage();
    await p.goto(`${origin}/index.html`);
    await p.waitForSelector('body[data-ready="1"]');
    await p.click('#moves [data-ply="7"]');
    const pieces = await p.$$eval('#board [data-piece]', (els) => els.length);
    await p.click('#copy-link');
    await p.waitForFunction(() => document.getElementById('share-link').value.includes('#pdn='));
    const link = await p.inputValue('#share-link');
    await p.click('#embed-box summary');
    await p.waitForFunction(() => document.getElementById('snippet-iframe').value.includes('ply=7'));
    const iframe = await p.inputValue('#snippet-iframe');
    const element = await p.inputValue('#snippet-element');

    const q = await newPage();
    await q.goto(link);
    await q.waitForSelector('body[data-ready="1"]');
    await q.waitForFunction(() => document.body.dataset.ply === '7');
    assertEqual(await q.$$eval('#board [data-piece]', (els) => els.length), pieces, 'link: same position');

    // The iframe snippet, in a page of its own.
    await q.route(`${origin}/snippet-iframe.html`, (r) => r.fulfill({ contentType: 'text/html', body: `<!doctype html><link rel="icon" href="data:,">${iframe}` }));
    await q.goto(`${origin}/snippet-iframe.html`);
    let frame = null;
    for (let i = 0; i < 50 && !frame; i++) {
      frame = q.frames().find((f) => f.url().includes('embed.html'));
      if (!frame) await q.waitForTimeout(100);
    }
    assert(frame, 'the iframe loaded embed.html');
    await frame.waitForFunction(() => document.querySelector('pdn-viewer')?.dataset.ply === '7');
    assertEqual(Object.keys(await piecesOf(frame, 'pdn-viewer')).length, pieces, 'iframe snippet: same position');

    await q.route(`${origin}/snippet-element.html`, (r) => r.fulfill({ contentType: 'text/html', body: `<!doctype html><link rel="icon" href="data:,">${element}` }));
    await q.goto(`${origin}/snippet-element.html`);
    await q.waitForFunction(() => document.querySelector('pdn-viewer')?.dataset.ply === '7');
    assertEqual(Object.keys(await piecesOf(q, 'pdn-viewer')).length, pieces, 'element snippet: same position');
    await p.context().close();
    await q.context().close();
  });

  await check('self-contained .html: opens from a file: URL with no network request, same move', async () => {
    const p = await newPage();
    await p.goto(`${origin}/index.html`);
    await p.waitForSelector('body[data-ready="1"]');
    await p.click('#moves [data-ply="9"]');
    await p.click('#embed-box summary');
    const [download] = await Promise.all([p.waitForEvent('download'), p.click('#download-html')]);
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'pdn-')), 'game.html');
    await download.saveAs(file);
    assert(readFileSync(file, 'utf8').includes('application/x-draughts-pdn'), 'the game is in the file');
    const q = await newPage();
    const requests = [];
    q.on('request', (r) => { if (!/^(file|data|blob):/.test(r.url())) requests.push(r.url()); });
    await q.goto(`file://${file}`);
    await q.waitForFunction(() => document.querySelector('pdn-viewer')?.dataset.ply === '9');
    assertEqual(Object.keys(await piecesOf(q, 'pdn-viewer')).length > 30, true, 'pieces drawn');
    await q.$eval('pdn-viewer', (el) => el.shadowRoot.getElementById('next').click());
    await q.waitForFunction(() => document.querySelector('pdn-viewer').dataset.ply === '10');
    assertEqual(requests, [], 'no network requests');
    await p.context().close();
    await q.context().close();
  });
} finally {
  await browser.close();
  await server.stop();
}

finish();
