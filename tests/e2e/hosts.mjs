// End-to-end tests of the three hosts of one viewer (view/app.js): <pdn-viewer> and embed.html
// show the same windowed game table as the page for a 200-game file, at 360 and 1280 px (rows
// with data-game, nothing sticking out sideways, the board and its buttons in view); with
// analysis on, a move is played by clicks on the element (src=) and in the iframe
// (analysis=1); a link copied while solving keeps mode=solve; the page's address keeps the
// variation and the orientation shown. Same harness style as run.mjs.
//
//   node tests/e2e/hosts.mjs              every check
//   node tests/e2e/hosts.mjs --shots      also writes the screenshots to tests/e2e/artifacts/

import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { artifacts, checks, launchBrowser, startStaticServer } from './harness.mjs';
import { makeBigFile } from './bigfile.mjs';

const shots = process.argv.includes('--shots');
mkdirSync(artifacts, { recursive: true });
// The 200 games, served from the git-ignored artifacts folder beside the suites.
const big = makeBigFile({ minGames: 200 });
copyFileSync(big.file, path.join(artifacts, 'hosts-200.pdn'));
const BIG = 'tests/e2e/artifacts/hosts-200.pdn';

const server = await startStaticServer();
const origin = server.origin;
const browser = await launchBrowser();
const problems = [];

async function newPage(viewport) {
  const context = await browser.newContext({ viewport });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console.error: ${m.text()}`); });
  return page;
}

const { check, finish, fail } = checks({ problems });
const assert = (cond, message) => { if (!cond) throw new Error(message); };
/**
 * `scope.waitForFunction`, whose timeout names what was awaited and says what the viewer showed
 * then (its data- attributes, the board's, the picked square, the status line), so that a rare
 * stall on a loaded CI machine can be told apart from the log alone.
 */
const waitFor = (scope, what, fn, arg, options) => scope.waitForFunction(fn, arg, options)
  .catch(async (e) => {
    const shown = await scope.evaluate(() => {
      const el = document.querySelector('pdn-viewer');
      const r = el && el.shadowRoot;
      if (!r) return 'no viewer';
      const board = r.querySelector('.board');
      return JSON.stringify({
        viewer: { ...el.dataset },
        board: board ? { ...board.dataset } : null,
        selected: r.querySelector('[data-selected]')?.dataset.selected ?? null,
        targets: [...r.querySelectorAll('[data-target]')].map((t) => t.dataset.target),
        rows: r.querySelectorAll('tr.game-row').length,
        status: r.querySelector('[role="status"]')?.textContent.trim().slice(0, 120) ?? null,
        scrollY: Math.round(scrollY),
      });
    }).catch((x) => `(not read: ${x.message.split('\n')[0]})`);
    throw new Error(`waiting for ${what}: ${e.message.split('\n')[0]}\nthe viewer then: ${shown}`);
  });

/** A club page with one element (at the top, as a club would put it) for `attrs`. */
async function elementPage(viewport, attrs) {
  const page = await newPage(viewport);
  await page.goto(`${origin}/tests/e2e/embed/host.html`);
  await page.evaluate(async (a) => {
    await import('/www/pdn-viewer.js');
    document.body.replaceChildren();
    document.body.style.margin = '0';
    const el = document.createElement('pdn-viewer');
    for (const [k, v] of Object.entries(a)) el.setAttribute(k, v);
    document.body.append(el);
  }, attrs);
  return { page, scope: page.mainFrame() };
}

/** embed.html in a frame of `size` on a host page; the frame's document is the scope. */
async function framePage(viewport, size, query) {
  const page = await newPage(viewport);
  await page.route(`${origin}/frame-host.html`, (r) => r.fulfill({
    contentType: 'text/html',
    body: `<!doctype html><link rel="icon" href="data:,"><body style="margin:0"><iframe src="${origin}/embed.html?${query}" style="border:0;width:${size.width}px;height:${size.height}px"></iframe>`,
  }));
  await page.goto(`${origin}/frame-host.html`);
  const frame = await (await page.$('iframe')).contentFrame();
  return { page, scope: frame };
}

/**
 * The table as the viewer in `scope` shows it: its rows' data-game, whether the element and its
 * page stick out sideways, and where the board and its buttons are against the window (or frame).
 */
const measure = (scope) => scope.evaluate(() => {
  const el = document.querySelector('pdn-viewer');
  const r = el.shadowRoot;
  const rect = (e) => e.getBoundingClientRect();
  const scroller = r.querySelector('.game-list-scroll');
  const wide = [...r.querySelectorAll('.pv, .pv-games, .game-list-scroll, .pv-main, .board, nav')]
    .filter((e) => e.scrollWidth > e.clientWidth + 1 && e !== scroller).map((e) => e.className || e.tagName);
  return {
    rows: [...r.querySelectorAll('tr.game-row')].map((tr) => Number(tr.dataset.game)),
    tableFits: scroller.scrollWidth <= scroller.clientWidth + 1,
    pageWide: document.documentElement.scrollWidth > window.innerWidth + 1,
    wide,
    board: rect(r.querySelector('.board')).toJSON(),
    nav: rect(r.querySelector('nav.controls')).toJSON(),
    list: rect(scroller).toJSON(),
    height: window.innerHeight,
    width: window.innerWidth,
  };
});

/** The table of 200 games, windowed, fitting, with the board and buttons on the first screen. */
async function checkTable(scope, label) {
  await waitFor(scope, 'the table\'s third row', () => document.querySelector('pdn-viewer')?.shadowRoot.querySelector('tr.game-row[data-game="3"]'));
  // The board is fitted at the next frame after the table came (fitBoard, a ResizeObserver): a
  // loaded machine may take seconds to get there, so the wait is long (it ends as soon as it holds).
  await scope.waitForFunction(() => {
    const nav = document.querySelector('pdn-viewer').shadowRoot.querySelector('nav.controls').getBoundingClientRect();
    return nav.bottom <= innerHeight + 1;
  }, null, { timeout: 30_000 }).catch(() => {});
  const m = await measure(scope);
  assert(m.rows.length >= 3 && m.rows.length < 100, `${label}: a window of rows, not all 200 (${m.rows.length})`);
  assert(m.rows.every((n, i) => n === m.rows[0] + i) && m.rows[0] === 1, `${label}: rows numbered from 1 by data-game: ${m.rows.slice(0, 5)}`);
  assert(m.tableFits, `${label}: the table fits its box`);
  assert(!m.pageWide && !m.wide.length, `${label}: nothing sticks out sideways (${m.wide.join(', ')})`);
  assert(m.board.width >= 160, `${label}: the board is drawn (${m.board.width} px)`);
  assert(m.nav.bottom <= m.height + 1 && m.nav.top >= 0, `${label}: the buttons are on the first screen (${Math.round(m.nav.bottom)} of ${m.height})`);
  const beside = m.board.right <= m.list.left + 1;
  assert(m.board.right <= m.width + 1 && (beside || m.board.top >= m.list.bottom), `${label}: the board is in view, under the table or beside it`);
  assert(beside === (m.width >= 900 + 16), `${label}: the table is beside the board exactly when the viewer is wide (900 px)`);
  // The number of games is said, and a click on a row opens that game.
  const count = await scope.evaluate(() => document.querySelector('pdn-viewer').shadowRoot.querySelector('.games-count').textContent);
  // 200 games or a few more: with PDN_CORPORA the file is made of whole real files.
  const [shown, all] = (count.match(/\d[\d,.\s]*/g) || []).map((n) => Number(n.replace(/\D/g, '')));
  assert(all >= 200 && shown === all, `${label}: the count names the file's games (${count})`);
  await scope.locator('pdn-viewer tr.game-row[data-game="3"]').click();
  await waitFor(scope, 'game 3 opened by its row', () => document.querySelector('pdn-viewer').dataset.game === '3');
  return `${m.rows.length} rows drawn${beside ? ' beside the board' : ''}; board ${Math.round(m.board.width)} px; buttons end at ${Math.round(m.nav.bottom)} of ${m.height} px`;
}

/**
 * Plays a move on the viewer's board in `scope` by clicks: a piece whose click marks targets
 * (the core's legal moves), then one of them. Resolves when the viewer shows the move.
 */
async function playByClicks(scope) {
  const host = 'pdn-viewer';
  await waitFor(scope, 'the board\'s legal moves (data-moves)', () => document.querySelector('pdn-viewer').shadowRoot.querySelector('.board[data-moves]'));
  const before = await scope.evaluate(() => ({ ...document.querySelector('pdn-viewer').dataset }));
  const squares = await scope.evaluate(() => [...document.querySelector('pdn-viewer').shadowRoot.querySelectorAll('[data-piece]')].map((p) => p.dataset.square));
  for (const square of squares) {
    await scope.locator(`${host} rect[data-field="${square}"]`).click({ force: true }); // on the piece drawn over it
    const target = await scope.evaluate(() => document.querySelector('pdn-viewer').shadowRoot.querySelector('[data-target]')?.dataset.target);
    if (!target) continue;
    await scope.locator(`${host} rect[data-field="${target}"]`).click({ force: true });
    await waitFor(scope, `the move ${square}-${target} shown`, (b) => {
      const d = document.querySelector('pdn-viewer').dataset;
      return d.ply !== b.ply || d.line !== b.line;
    }, before);
    const after = await scope.evaluate(() => ({ ...document.querySelector('pdn-viewer').dataset }));
    return `${square}-${target} played: ply ${before.ply} → ${after.ply}${after.line != null ? `, variation ${after.line}` : ''}`;
  }
  throw new Error('no piece with a legal move took the clicks');
}

try {
  for (const [width, height] of [[360, 740], [1280, 800]]) {
    await check(`<pdn-viewer src=… analysis> at ${width} px: the windowed game table of 200 games; a move played by clicks`, async () => {
      const { page, scope } = await elementPage({ width, height }, { src: `/${BIG}`, analysis: '' });
      const note = await checkTable(scope, 'element');
      if (shots) await page.screenshot({ path: path.join(artifacts, `hosts-element-${width}.png`) });
      const played = await playByClicks(scope);
      await page.context().close();
      return `${note}; ${played}`;
    });

    await check(`embed.html?src=…&analysis=1 in a ${width}×${height - 100} frame: the same table; a move played by clicks`, async () => {
      const { page, scope } = await framePage({ width, height }, { width, height: height - 100 }, `src=${BIG}&analysis=1`);
      const note = await checkTable(scope, 'iframe');
      if (shots) await page.screenshot({ path: path.join(artifacts, `hosts-iframe-${width}.png`) });
      const played = await playByClicks(scope);
      await page.context().close();
      return `${note}; ${played}`;
    });
  }

  await check('a click on a row whose press and release straddle a redraw of the table (the language changed, the table grew) opens that game', async () => {
    // The check pass fills a column, a language or a size changes: the rows are drawn again, on
    // a loaded machine between a press and its release. Replaced rows lost that click (CI: the
    // board fitted at 360 px, the table's window grew from 10 rows to 12 under the press).
    const redraws = {
      'the language changed': () => document.querySelector('pdn-viewer').setAttribute('lang', 'ru'),
      'the table grew': () => { document.querySelector('pdn-viewer').shadowRoot.querySelector('.game-list-scroll').style.cssText += 'max-height: 700px; height: 700px'; },
    };
    for (const [what, redraw] of Object.entries(redraws)) {
      const { page, scope } = await elementPage({ width: 1280, height: 800 }, { src: `/${BIG}` });
      await waitFor(scope, 'the table\'s third row', () => document.querySelector('pdn-viewer')?.shadowRoot.querySelector('tr.game-row[data-game="3"]'));
      const row = scope.locator('pdn-viewer tr.game-row[data-game="3"]');
      const box = await row.boundingBox();
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      // The table's words and its number of rows: what a redraw changes.
      const before = await scope.evaluate(() => {
        window.tableDrawn = () => {
          const r = document.querySelector('pdn-viewer').shadowRoot;
          return `${r.querySelector('.game-list thead').textContent}|${r.querySelectorAll('tr.game-row').length}`;
        };
        return window.tableDrawn();
      });
      await scope.evaluate(redraw);
      await waitFor(scope, `the table drawn again (${what})`, (was) => window.tableDrawn() !== was, before);
      await page.mouse.up();
      await waitFor(scope, `game 3 opened by the click across the redraw (${what})`, () => document.querySelector('pdn-viewer').dataset.game === '3');
      await page.context().close();
    }
  });

  await check('<pdn-viewer> on a laptop page whose content above it changes height later (an image, a frame): the board is fitted again from where it stands', async () => {
    // The board's size follows the window's room from the element's top (fitWindow); moving
    // the element changes no box the element watched, so the board kept its first size (CI:
    // 348 px where 474 was due, on a club column whose iframe above posted its height later).
    const { page, scope } = await elementPage({ width: 1280, height: 800 }, { src: '/tests/e2e/embed/games.pdn' });
    await scope.waitForFunction(() => document.querySelector('pdn-viewer')?.dataset.ply != null);
    const board = () => scope.evaluate(() => Math.round(document.querySelector('pdn-viewer').shadowRoot.querySelector('.board').getBoundingClientRect().width));
    const navBottom = () => scope.evaluate(() => Math.round(document.querySelector('pdn-viewer').shadowRoot.querySelector('nav.controls').getBoundingClientRect().bottom));
    await page.waitForTimeout(300);
    const first = await board();
    // A header of 260 px appears above the element: its buttons must stay on the first screen.
    await scope.evaluate(() => {
      const header = document.createElement('div');
      header.id = 'late-header';
      header.style.height = '260px';
      document.body.prepend(header);
    });
    await waitFor(scope, 'the board fitted again under the header', (was) => {
      const r = document.querySelector('pdn-viewer').shadowRoot;
      const b = r.querySelector('.board').getBoundingClientRect().width;
      return Math.round(b) < was && r.querySelector('nav.controls').getBoundingClientRect().bottom <= innerHeight + 1;
    }, first, { timeout: 20_000 });
    const under = await board();
    assert(await navBottom() <= 801, `the buttons stay on the first screen (${await navBottom()} of 800)`);
    // The header goes again: the board takes its room back.
    await scope.evaluate(() => document.getElementById('late-header').remove());
    await waitFor(scope, 'the board fitted again without the header', (was) => Math.round(document.querySelector('pdn-viewer').shadowRoot.querySelector('.board').getBoundingClientRect().width) > was, under, { timeout: 20_000 });
    console.log(`     board ${first} px, ${under} px under a 260 px header, ${await board()} px again`);
    await page.context().close();
  });

  await check('list="off" and list=off: no table, in the element and the frame', async () => {
    const { page, scope } = await elementPage({ width: 800, height: 800 }, { src: `/${BIG}`, list: 'off' });
    await scope.waitForFunction(() => document.querySelector('pdn-viewer').dataset.ply != null);
    assert(await scope.evaluate(() => document.querySelector('pdn-viewer').shadowRoot.querySelector('.pv-games').hidden), 'element: hidden');
    await page.context().close();
    const f = await framePage({ width: 800, height: 800 }, { width: 700, height: 640 }, `src=${BIG}&list=off`);
    await f.scope.waitForFunction(() => document.querySelector('pdn-viewer')?.dataset.ply != null);
    assert(await f.scope.evaluate(() => document.querySelector('pdn-viewer').shadowRoot.querySelector('.pv-games').hidden), 'frame: hidden');
    await f.page.context().close();
  });

  await check('<pdn-viewer editor> and embed.html?editor=1: Edit position opens the board editor; Analyse from here shows its game', async () => {
    for (const host of ['element', 'frame']) {
      const { page, scope } = host === 'element'
        ? await elementPage({ width: 1000, height: 800 }, { src: '/tests/e2e/embed/games.pdn', editor: '' })
        : await framePage({ width: 1000, height: 800 }, { width: 900, height: 700 }, 'src=tests/e2e/embed/games.pdn&editor=1');
      await scope.waitForFunction(() => document.querySelector('pdn-viewer')?.dataset.ply != null);
      await scope.locator('pdn-viewer button[data-i18n="editor.open"]').click();
      await scope.waitForSelector('#editor[open] #editor-board svg');
      // The shown position (English checkers' start) is valid: its game opens in the viewer.
      await scope.waitForFunction(() => document.querySelector('#editor').dataset.valid === '1');
      await scope.click('#editor-clear');
      await scope.click('#editor .tool[data-tool="wk"]');
      await scope.click('#editor-board [data-field="15"]', { force: true });
      await scope.click('#editor .tool[data-tool="bm"]');
      await scope.click('#editor-board [data-field="1"]', { force: true });
      await scope.waitForFunction(() => document.querySelector('#editor').dataset.valid === '1');
      await scope.click('#editor-analyse');
      await scope.waitForFunction(() => {
        const pieces = [...document.querySelector('pdn-viewer').shadowRoot.querySelectorAll('[data-piece]')];
        return pieces.length === 2 && !document.querySelector('#editor');
      });
      await page.context().close();
    }
  });

  await check('the page: a link copied while solving keeps mode=solve, and opens solving', async () => {
    const page = await newPage({ width: 1280, height: 800 });
    await page.goto(`${origin}/index.html?mode=solve&src=tests/e2e/fixtures/problem.pdn`);
    await page.waitForSelector('body[data-ready="1"]');
    await page.waitForFunction(() => document.body.dataset.solve === 'solving');
    await page.click('#copy-link');
    await page.waitForFunction(() => document.getElementById('share-link').value.includes('#pdn='));
    const link = await page.inputValue('#share-link');
    const url = new URL(link);
    assert(url.searchParams.get('mode') === 'solve', `the link keeps mode=solve: ${link.slice(0, 80)}…`);
    assert(/^#pdn=[A-Za-z0-9_-]+&game=1&ply=0$/.test(url.hash), `the game and move in the hash: ${url.hash.slice(-20)}`);
    const other = await newPage({ width: 1280, height: 800 });
    await other.goto(link);
    await other.waitForSelector('body[data-ready="1"]');
    await other.waitForFunction(() => document.body.dataset.solve === 'solving');
    // Rows of the page's table carry data-game too (a file of three games).
    await other.goto(`${origin}/index.html?src=tests/e2e/fixtures/three-games.pdn`);
    await other.waitForSelector('#game-list tr.game-row[data-game="3"]');
    await page.context().close();
    await other.context().close();
  });

  await check('the page: turning the board alone, once everything has loaded, puts orientation=black in the address', async () => {
    // A turn is no move (no redraw of the position): the address used to pick it up only with
    // the next move, or not at all when the page had finished loading before the turn.
    const page = await newPage({ width: 1280, height: 800 });
    await page.goto(`${origin}/index.html`);
    await page.waitForSelector('body[data-ready="1"][data-checked="1"]');
    await page.click('#flip');
    await page.waitForFunction(() => /[?&]orientation=black(&|$)/.test(location.search));
    await page.click('#flip');
    await page.waitForFunction(() => !/orientation=/.test(location.search));
    await page.context().close();
  });

  await check('the page: the address follows a variation (line=) and a reload shows the same move; the board turned stays turned', async () => {
    const page = await newPage({ width: 1280, height: 800 });
    await page.goto(`${origin}/index.html`);
    await page.waitForSelector('body[data-ready="1"]');
    // The sample's variation at move 1: 1... 19-23 2. 28x19.
    await page.click('#moves .move[data-line="0"][data-ply="2"]');
    await page.click('#flip');
    await page.waitForFunction(() => /[?&]game=1&ply=2&line=0&orientation=black$/.test(location.search));
    await page.reload();
    await page.waitForSelector('body[data-ready="1"]');
    await page.waitForFunction(() => document.body.dataset.line === '0' && document.body.dataset.ply === '2');
    assert(await page.$eval('#board svg', (svg) => svg.classList.contains('flipped')), 'orientation=black turns the board');
    await page.context().close();
  });
} catch (e) {
  fail('setup', e);
}
await Promise.all([browser.close(), server.stop()]);
finish();
