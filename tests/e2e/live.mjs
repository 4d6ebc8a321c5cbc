// End-to-end tests of live tournaments (issue 26): a node:http server on another origin serves a
// tournament file that the test grows (moves, a new game, results), with ETags and CORS, and
// counts what it answered (200, 304). The page (live=2, view=boards), the element (live,
// view="standings") and the iframe (embed.html?live=2&view=boards) follow it: the boards show
// each game's last position, a reader at a game's end follows it, a reader elsewhere keeps their
// place and sees "new moves", the standings equal a hand-computed table, polling pauses while the
// tab is hidden and stops once every game has a result.
//
//   node tests/e2e/live.mjs               every check
//   node tests/e2e/live.mjs --only=REGEX  only the checks whose names match
//   node tests/e2e/live.mjs --shots  also copies the screenshots into docs/screenshots/

import http from 'node:http';
import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { artifacts, catalogueOf, checks, launchBrowser, root, startNoCorsServer, startStaticServer } from './harness.mjs';

const shots = process.argv.includes('--shots');
const onlyArg = process.argv.find((a) => a.startsWith('--only='));
const only = onlyArg ? new RegExp(onlyArg.slice('--only='.length), 'i') : null;
mkdirSync(artifacts, { recursive: true });

const head = (round, white, black, result) =>
  `[Event "Club championship"]\n[Round "${round}"]\n[White "${white}"]\n[Black "${black}"]\n[Result "${result}"]\n[GameType "20"]\n`;

/** Round 1 of four players, two boards, both running; round 2 comes later. */
function tournament({ moves1 = '1. 32-28 19-23', result1 = '*', moves2 = '1. 33-29 18-22', result2 = '*', round2 = false, done = false } = {}) {
  let text = `${head(1, 'Anna', 'Boris', result1)}\n${moves1} ${result1}\n\n${head(1, 'Chris', 'Dana', result2)}\n${moves2} ${result2}\n\n`;
  if (round2) {
    const r = done ? '1-1' : '*';
    text += `${head(2, 'Anna', 'Chris', r)}\n1. 31-27 ${r}\n\n${head(2, 'Boris', 'Dana', done ? '0-2' : '*')}\n1. 34-30 ${done ? '0-2' : '*'}\n\n`;
  }
  return text;
}

/** The live file's server: `file.text` is what it serves; `log` what it answered. */
async function startLiveServer() {
  const file = { text: tournament(), version: 1, fail: 0, once: null };
  const log = [];
  const server = http.createServer((req, res) => {
    const cors = { 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'no-cache' };
    if (file.fail > 0) {
      file.fail -= 1;
      log.push(503);
      res.writeHead(503, cors);
      res.end();
      return;
    }
    if (file.once != null) {
      // An upload caught half-way: served to one fetch, then the file is whole again.
      const once = file.once;
      file.once = null;
      log.push(200);
      res.writeHead(200, { ...cors, ETag: `"once${file.version}"`, 'Content-Type': 'text/plain; charset=utf-8' });
      res.end(once);
      return;
    }
    const etag = `"v${file.version}"`;
    if (req.headers['if-none-match'] === etag) {
      log.push(304);
      res.writeHead(304, { ...cors, ETag: etag });
      res.end();
      return;
    }
    log.push(200);
    res.writeHead(200, { ...cors, ETag: etag, 'Content-Type': 'text/plain; charset=utf-8' });
    res.end(file.text);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}/round.pdn`,
    file,
    log,
    set(text) { file.text = text; file.version += 1; },
    stop: () => new Promise((resolve) => { server.closeAllConnections?.(); server.close(() => resolve()); }),
  };
}

const server = await startStaticServer();
const origin = server.origin;
const browser = await launchBrowser();
const problems = [];
const { check, finish, fail } = checks({ problems, only });
const assert = (cond, message) => { if (!cond) throw new Error(message); };

async function newPage(viewport) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console.error: ${m.text()}`); });
  return page;
}

/** Card texts of the boards view in `scope` (a page or an element's shadow root via `pick`). */
const cards = (page, sel = '#tournament') => page.$$eval(`${sel} .board-card`, (els) => els.map((c) => ({
  game: c.getAttribute('data-game'),
  last: c.querySelector('.board-card-last').textContent,
  pieces: c.querySelectorAll('[data-piece]').length,
  result: c.querySelector('.board-card-result').textContent,
})));

/** Whether `sel` (in the page or in the element's shadow root) is drawn with a size. */
const shown = (rect) => rect && rect.width > 0 && rect.height > 0;

try {
  await check('an ordinary three-game file (not live): Boards and Standings show in place of the board on the page, in the element and in the iframe', async () => {
    const file = '/tests/e2e/fixtures/three-games.pdn';
    const page = await newPage({ width: 1280, height: 800 });
    // What the tournament panel shows, from the document or the element's shadow root.
    const look = (scope) => page.evaluate((scope) => {
      const r = scope === 'page' ? document
        : scope === 'element' ? document.querySelector('pdn-viewer').shadowRoot
          : document.querySelector('iframe').contentDocument.querySelector('pdn-viewer').shadowRoot;
      const rect = (el) => (el ? el.getBoundingClientRect().toJSON() : null);
      const panel = r.querySelector('#tournament, .tournament-panel');
      return {
        panel: rect(panel),
        cards: [...r.querySelectorAll('.board-card')].map((c) => rect(c)),
        rows: [...r.querySelectorAll('tr[data-player]')].map((tr) => rect(tr)),
      };
    }, scope);
    const seen = [];
    for (const scope of ['page', 'element', 'iframe']) {
      if (scope === 'page') {
        await page.goto(`${origin}/index.html?src=${encodeURIComponent(file)}`);
        await page.waitForFunction(() => document.body.dataset.checked === '1');
      } else if (scope === 'element') {
        await page.goto(`${origin}/tests/e2e/embed/host.html`);
        await page.evaluate(async (src) => {
          await import('/www/pdn-viewer.js');
          const el = document.createElement('pdn-viewer');
          el.setAttribute('src', src);
          document.body.replaceChildren(el);
        }, file);
      } else {
        await page.goto(`${origin}/tests/e2e/embed/host.html`);
        await page.evaluate((src) => {
          const f = document.createElement('iframe');
          f.src = `/embed.html?src=${encodeURIComponent(src)}`;
          f.style.cssText = 'width: 900px; height: 700px; border: 0';
          document.body.replaceChildren(f);
        }, file);
      }
      const frame = scope === 'iframe' ? page.frameLocator('iframe') : page;
      const inside = scope === 'page' ? '#tournament-entry' : 'pdn-viewer .tournament-entry';
      await frame.locator(`${inside} button[data-view="boards"]`).click();
      for (let i = 0; i < 100 && (await look(scope)).cards.length < 3; i += 1) await new Promise((r) => setTimeout(r, 100));
      let got = await look(scope);
      assert(shown(got.panel), `${scope}: the panel is not drawn (${JSON.stringify(got.panel)})`);
      assert(got.cards.length === 3 && got.cards.every(shown), `${scope}: boards ${JSON.stringify(got.cards)}`);
      const tabs = scope === 'page' ? '#tournament' : 'pdn-viewer .tournament-panel';
      await frame.locator(`${tabs} .tournament-tab[data-view="standings"]`).click();
      for (let i = 0; i < 100 && !(await look(scope)).rows.length; i += 1) await new Promise((r) => setTimeout(r, 100));
      got = await look(scope);
      // Quebec 2-0 Romeo, Sierra 1-1 Tango; Oscar–Papa still running: six players.
      assert(got.rows.length === 6 && got.rows.every(shown), `${scope}: standings rows ${JSON.stringify(got.rows)}`);
      seen.push(`${scope}: 3 boards, 6 rows`);
    }
    await page.context().close();
    return seen.join('; ');
  });

  await check('game=2&ply=last on a live page: the reader stays on game 2, at its newest move, across updates', async () => {
    const live = await startLiveServer();
    const page = await newPage({ width: 1280, height: 800 });
    await page.goto(`${origin}/index.html?src=${encodeURIComponent(live.url)}&live=2&game=2&ply=last`);
    await page.waitForFunction(() => document.body.dataset.game === '2' && document.body.dataset.ply === '2'
      && document.querySelector('#live-badge').dataset.live === 'live');
    const place = () => page.evaluate(() => ({ game: document.body.dataset.game, ply: document.body.dataset.ply, fresh: Boolean(document.querySelector('#live-badge .live-new')) }));
    // Game 2 grows by a move, then by another; then game 1 does.
    live.set(tournament({ moves2: '1. 33-29 18-22 2. 38-33' }));
    await page.waitForFunction(() => document.body.dataset.ply === '3', null, { timeout: 15000 }).catch(() => {});
    let seen = await place();
    assert(seen.game === '2' && seen.ply === '3' && !seen.fresh, `after the first update: ${JSON.stringify(seen)}`);
    live.set(tournament({ moves2: '1. 33-29 18-22 2. 38-33 12-18' }));
    await page.waitForFunction(() => document.body.dataset.ply === '4', null, { timeout: 15000 }).catch(() => {});
    seen = await place();
    assert(seen.game === '2' && seen.ply === '4' && !seen.fresh, `after the second update: ${JSON.stringify(seen)}`);
    const asked = live.log.length;
    live.set(tournament({ moves1: '1. 32-28 19-23 2. 28x19', moves2: '1. 33-29 18-22 2. 38-33 12-18' }));
    for (let i = 0; i < 150 && live.log.length === asked; i += 1) await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 1500));
    seen = await place();
    // Game 1's new move is not the reader's game: no mark, no move.
    assert(seen.game === '2' && seen.ply === '4' && !seen.fresh, `after game 1 grew: ${JSON.stringify(seen)}`);
    // The address keeps game=2&ply=last while the reader is at the newest move (a reload opens
    // there), and the ply once they step back.
    const address = () => page.evaluate(() => { const q = new URL(location.href).searchParams; return `${q.get('game')} ${q.get('ply')}`; });
    await page.waitForFunction(() => new URL(location.href).searchParams.get('ply') === 'last', null, { timeout: 3000 }).catch(() => {});
    assert(await address() === '2 last', `the address at the newest move: ${await address()}`);
    await page.click('#prev');
    await page.waitForFunction(() => new URL(location.href).searchParams.get('ply') === '3', null, { timeout: 3000 }).catch(() => {});
    assert(await address() === '2 3', `the address a move back: ${await address()}`);
    await page.context().close();
    await live.stop();
  });

  await check('the page with live=2 and view=boards: every game a board; a new move, a new game and results arrive; 304s while unchanged; stopped when finished', async () => {
    const live = await startLiveServer();
    const page = await newPage({ width: 1280, height: 800 });
    await page.goto(`${origin}/index.html?src=${encodeURIComponent(live.url)}&live=2&view=boards`);
    await page.waitForSelector('#tournament .board-card');
    let seen = await cards(page);
    assert(seen.length === 2 && seen[0].last === '19-23' && seen[1].last === '18-22', `first boards ${JSON.stringify(seen)}`);
    assert(seen.every((c) => c.pieces === 40), 'each board has its 40 pieces');
    // The badge is the follower's, which may start a moment after the boards are drawn.
    await page.waitForFunction(() => document.querySelector('#live-badge').dataset.live === 'live', null, { timeout: 5000 }).catch(() => {});
    assert(await page.$eval('#live-badge', (b) => b.dataset.live) === 'live', 'the badge says live');
    // Nothing changes: the next fetches are answered 304.
    await new Promise((r) => setTimeout(r, 4500));
    assert(live.log.includes(304), `no 304 while unchanged: ${live.log}`);
    // A move on board 1.
    live.set(tournament({ moves1: '1. 32-28 19-23 2. 28x19 14x23' }));
    await page.waitForFunction(() => document.querySelector('#tournament .board-card[data-game="1"] .board-card-last').textContent === '14x23', null, { timeout: 15000 });
    seen = await cards(page);
    assert(seen[0].pieces === 38, `after the capture: ${seen[0].pieces} pieces`);
    // Round 2 begins: two more boards.
    live.set(tournament({ moves1: '1. 32-28 19-23 2. 28x19 14x23', result1: '2-0', result2: '1-1', round2: true }));
    await page.waitForFunction(() => document.querySelectorAll('#tournament .board-card').length === 4, null, { timeout: 15000 });
    seen = await cards(page);
    assert(seen[0].result === '2-0', `result of board 1: ${seen[0].result}`);
    // The game table marks the games still running.
    const running = await page.$$eval('#game-list .game-row[data-running]', (rows) => rows.map((r) => r.dataset.game).join(' '));
    assert(running === '3 4', `running games in the table: ${running}`);
    const shot = path.join(artifacts, 'live-boards.png');
    await page.screenshot({ path: shot, fullPage: true });
    if (shots) copyFileSync(shot, path.join(root, 'docs', 'screenshots', 'live-boards.png'));
    // Every game finished: the badge says so and the polling stops.
    live.set(tournament({ moves1: '1. 32-28 19-23 2. 28x19 14x23', result1: '2-0', result2: '1-1', round2: true, done: true }));
    await page.waitForFunction(() => document.querySelector('#live-badge').dataset.live === 'finished', null, { timeout: 15000 });
    const asked = live.log.length;
    await new Promise((r) => setTimeout(r, 4500));
    assert(live.log.length === asked, `fetched after finishing: ${live.log.length - asked} more`);
    await page.context().close();
    await live.stop();
    return `answers ${live.log.join(' ')}`;
  });

  await check('the page follows the game shown from its last move; a reader elsewhere keeps the place and sees "new moves"', async () => {
    const live = await startLiveServer();
    const page = await newPage({ width: 1280, height: 800 });
    await page.goto(`${origin}/index.html?src=${encodeURIComponent(live.url)}&live=2&ply=2`);
    await page.waitForFunction(() => document.body.dataset.ply === '2' && document.querySelector('#live-badge').dataset.live === 'live');
    live.set(tournament({ moves1: '1. 32-28 19-23 2. 28x19' }));
    await page.waitForFunction(() => document.body.dataset.ply === '3', null, { timeout: 15000 });
    // Back one move: now the reader is not at the end, and keeps the place.
    await page.click('#prev');
    await page.waitForFunction(() => document.body.dataset.ply === '2');
    live.set(tournament({ moves1: '1. 32-28 19-23 2. 28x19 14x23' }));
    await page.waitForSelector('#live-badge .live-new', { timeout: 15000 });
    assert(await page.evaluate(() => document.body.dataset.ply) === '2', 'the reader keeps the place');
    await page.click('#live-badge .live-new');
    await page.waitForFunction(() => document.body.dataset.ply === '4');
    await page.context().close();
    await live.stop();
  });

  await check('the clock of the side to move runs down in the header of a game followed at its last move', async () => {
    const live = await startLiveServer();
    live.set(`${head(1, 'Anna', 'Boris', '*')}\n1. 32-28 {[%clk 1:00:10]} 19-23 {[%clk 0:59:50]} *\n\n`);
    const page = await newPage({ width: 1280, height: 800 });
    await page.goto(`${origin}/index.html?src=${encodeURIComponent(live.url)}&live=2&ply=last`);
    await page.waitForFunction(() => document.body.dataset.ply === '2' && document.querySelector('#live-badge').dataset.live === 'live');
    const clocks = () => page.evaluate(() => ({
      white: document.querySelector('#game-header .white-player .clock')?.textContent,
      black: document.querySelector('#game-header .black-player .clock')?.textContent,
    }));
    // Counted down from 1:00:10 (a second a tick; a busy machine may skip one).
    await page.waitForFunction(() => /^1:00:0[0-8]$/.test(document.querySelector('#game-header .white-player .clock')?.textContent || ''), null, { timeout: 10000 });
    const seen = await clocks();
    assert(seen.black === '59:50', `Black's clock (not to move) stays: ${seen.black}`);
    await page.context().close();
    await live.stop();
    return `${seen.white} / ${seen.black}`;
  });

  await check('a file that stays cut mid-move is shown whole, and reported, once it comes twice; never cut short', async () => {
    const live = await startLiveServer();
    const page = await newPage({ width: 1280, height: 800 });
    await page.goto(`${origin}/index.html?src=${encodeURIComponent(live.url)}&live=2&ply=2`);
    await page.waitForFunction(() => document.body.dataset.ply === '2' && document.querySelector('#live-badge').dataset.live === 'live');
    // Every ply the page showed, recorded as it happens (a DOM fact, not a moment).
    await page.evaluate(() => {
      window.plies = [];
      new MutationObserver(() => window.plies.push(document.body.dataset.ply)).observe(document.body, { attributes: true, attributeFilter: ['data-ply'] });
    });
    // Cut in the middle of Boris's capture 14x23: the file ends "2. 28x19 14x2".
    const asked = live.log.length;
    live.set(`${head(1, 'Anna', 'Boris', '*')}\n1. 32-28 19-23 2. 28x19 14x2`);
    // The same text again at the next fetch: now it is what the file holds, shown and reported.
    await page.waitForFunction(() => !document.querySelector('#diagnostics').hidden, null, { timeout: 20000 });
    // Answered 200 then 304 (the browser hands the page its copy again: the same text).
    const fetched = live.log.slice(asked).length;
    const seen = await page.evaluate(() => ({ plies: window.plies, ply: document.body.dataset.ply }));
    assert(fetched >= 2, `shown after ${fetched} fetch(es) of the cut text`);
    // The cut text is shown whole (3 plies and the broken one reported), never in between.
    assert(seen.plies.every((p) => p === '2' || p === '3'), `plies shown: ${seen.plies}`);
    await page.context().close();
    await live.stop();
  });

  await check('an upload in progress (fewer games, the last cut mid-movetext) is not shown: the boards and the table keep every game', async () => {
    const live = await startLiveServer();
    live.set(tournament({ round2: true }));
    const page = await newPage({ width: 1280, height: 800 });
    await page.goto(`${origin}/index.html?src=${encodeURIComponent(live.url)}&live=2&view=boards`);
    await page.waitForFunction(() => document.querySelectorAll('#tournament .board-card').length === 4
      && document.querySelector('#live-badge').dataset.live === 'live');
    // The fewest boards and games the page ever showed from here on.
    // The fewest boards and games the page ever showed from here on, and every last move shown
    // on board 3 (whose moves the second cut splits).
    await page.evaluate(() => {
      window.fewest = { cards: 4, games: Number(document.body.dataset.games), third: [] };
      new MutationObserver(() => {
        window.fewest.cards = Math.min(window.fewest.cards, document.querySelectorAll('#tournament .board-card').length);
        window.fewest.games = Math.min(window.fewest.games, Number(document.body.dataset.games));
        const third = document.querySelector('#tournament .board-card[data-game="3"] .board-card-last');
        if (third && !window.fewest.third.includes(third.textContent)) window.fewest.third.push(third.textContent);
      }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['data-games'] });
    });
    const grown = tournament({ moves1: '1. 32-28 19-23 2. 28x19 14x23', round2: true });
    // Cut twice: after two whole games (it ends with a result), then inside game 3's moves.
    for (const cut of [grown.indexOf('[Event', grown.indexOf('[Round "2"]') - 30), grown.indexOf('1. 31-27') + 6]) {
      live.file.once = grown.slice(0, cut);
      live.set(grown);
      await page.waitForFunction(() => document.querySelector('#tournament .board-card[data-game="1"] .board-card-last').textContent === '14x23', null, { timeout: 20000 });
      assert(live.file.once == null, 'the cut text was fetched');
      live.set(tournament({ round2: true }));
      await page.waitForFunction(() => document.querySelector('#tournament .board-card[data-game="1"] .board-card-last').textContent === '19-23', null, { timeout: 20000 });
    }
    const fewest = await page.evaluate(() => window.fewest);
    assert(fewest.cards === 4 && fewest.games === 4 && fewest.third.join() === '31-27', `shown meanwhile: ${JSON.stringify(fewest)}`);
    await page.context().close();
    await live.stop();
    return `answers ${live.log.join(' ')}`;
  });

  await check('a live round opens at each game\'s current move, on the page, in the element and in the iframe; a game picked opens at its last move', async () => {
    const live = await startLiveServer();
    live.set(tournament({ moves2: '1. 33-29 18-22 2. 38-33' }));
    const page = await newPage({ width: 1280, height: 800 });
    await page.goto(`${origin}/index.html?src=${encodeURIComponent(live.url)}&live=2`);
    await page.waitForFunction(() => document.body.dataset.ply === '2' && document.querySelector('#live-badge').dataset.live === 'live');
    // Game 2 from its board: at its third ply, not at the start.
    await page.click('#tournament-entry button[data-view="boards"]');
    await page.click('#tournament .board-card-open[data-game="2"]');
    await page.waitForFunction(() => document.body.dataset.game === '2');
    const picked = await page.evaluate(() => document.body.dataset.ply);
    assert(picked === '3', `game 2 picked opens at ply ${picked}`);
    assert(!(await page.$('#live-badge .live-new')), 'no "new moves" on opening');
    await page.goto(`${origin}/tests/e2e/embed/host.html`);
    const element = await page.evaluate(async (url) => {
      await import('/www/pdn-viewer.js');
      const el = document.createElement('pdn-viewer');
      el.setAttribute('src', url);
      el.setAttribute('live', '2');
      el.setAttribute('game', '2');
      document.body.replaceChildren(el);
      for (let i = 0; i < 200 && el.dataset.game !== '2'; i += 1) await new Promise((ok) => setTimeout(ok, 50));
      await new Promise((ok) => setTimeout(ok, 200));
      return el.dataset.ply;
    }, live.url);
    assert(element === '3', `the element opens game 2 at ply ${element}`);
    await page.goto(`${origin}/embed.html?src=${encodeURIComponent(live.url)}&live=2`);
    await page.waitForFunction(() => document.querySelector('pdn-viewer')?.dataset.game === '1');
    await page.waitForFunction(() => document.querySelector('pdn-viewer').dataset.ply === '2', null, { timeout: 5000 }).catch(() => {});
    const framed = await page.evaluate(() => document.querySelector('pdn-viewer').dataset.ply);
    assert(framed === '2', `the iframe opens game 1 at ply ${framed}`);
    await page.context().close();
    await live.stop();
  });

  await check('a live round opened after every game has its result says Finished at once and fetches nothing more', async () => {
    const live = await startLiveServer();
    live.set(tournament({ result1: '2-0', result2: '1-1' }));
    const page = await newPage({ width: 1280, height: 800 });
    await page.goto(`${origin}/index.html?src=${encodeURIComponent(live.url)}&live=2`);
    await page.waitForFunction(() => document.querySelector('#live-badge').dataset.live === 'finished', null, { timeout: 15000 });
    const asked = live.log.length;
    await new Promise((r) => setTimeout(r, 4500));
    assert(live.log.length === asked && asked === 1, `fetches: ${live.log.join(' ')}`);
    await page.context().close();
    await live.stop();
  });

  await check('"New moves" shows only in the game view, and not once the round is finished', async () => {
    const live = await startLiveServer();
    const page = await newPage({ width: 1280, height: 800 });
    await page.goto(`${origin}/index.html?src=${encodeURIComponent(live.url)}&live=2&ply=1`);
    await page.waitForFunction(() => document.body.dataset.ply === '1' && document.querySelector('#live-badge').dataset.live === 'live');
    live.set(tournament({ moves1: '1. 32-28 19-23 2. 28x19' }));
    await page.waitForSelector('#live-badge .live-new', { timeout: 15000 });
    const mark = () => page.evaluate(() => Boolean(document.querySelector('#live-badge .live-new')));
    await page.click('#tournament-entry button[data-view="boards"]');
    await page.waitForSelector('#tournament .board-card');
    assert(!(await mark()), '"New moves" in the boards view');
    await page.click('#tournament .tournament-tab[data-view="standings"]');
    await page.waitForSelector('#tournament tr[data-player]');
    assert(!(await mark()), '"New moves" in the standings view');
    await page.click('#tournament .tournament-tab[data-view="game"]');
    await page.waitForSelector('#live-badge .live-new');
    assert(await page.evaluate(() => document.body.dataset.ply) === '1', 'the reader keeps the place');
    live.set(tournament({ moves1: '1. 32-28 19-23 2. 28x19', result1: '2-0', result2: '0-2' }));
    await page.waitForFunction(() => document.querySelector('#live-badge').dataset.live === 'finished', null, { timeout: 15000 });
    assert(!(await mark()), '"New moves" after Finished');
    await page.context().close();
    await live.stop();
  });

  await check('<pdn-viewer live>: "New moves" only in the game view; a round already over is Finished at once', async () => {
    const live = await startLiveServer();
    const page = await newPage({ width: 1280, height: 800 });
    await page.goto(`${origin}/tests/e2e/embed/host.html`);
    const make = (url, more) => page.evaluate(async ({ url, more }) => {
      await import('/www/pdn-viewer.js');
      const el = document.createElement('pdn-viewer');
      el.setAttribute('src', url);
      el.setAttribute('live', '2');
      for (const [k, v] of Object.entries(more)) el.setAttribute(k, v);
      document.body.replaceChildren(el);
    }, { url, more });
    const badge = () => page.evaluate(() => {
      const b = document.querySelector('pdn-viewer').shadowRoot.querySelector('.live-badge');
      return { state: b.dataset.live, fresh: Boolean(b.querySelector('.live-new')) };
    });
    await make(live.url, { ply: '1' });
    await page.waitForFunction(() => document.querySelector('pdn-viewer').shadowRoot?.querySelector('.live-badge')?.dataset.live === 'live');
    live.set(tournament({ moves1: '1. 32-28 19-23 2. 28x19' }));
    await page.waitForFunction(() => document.querySelector('pdn-viewer').shadowRoot.querySelector('.live-badge .live-new'), null, { timeout: 15000 });
    await page.evaluate(() => document.querySelector('pdn-viewer').setAttribute('view', 'boards'));
    await page.waitForFunction(() => document.querySelector('pdn-viewer').shadowRoot.querySelector('.board-card'));
    let seen = await badge();
    assert(!seen.fresh, '"New moves" in the element\'s boards view');
    await page.evaluate(() => document.querySelector('pdn-viewer').setAttribute('view', 'game'));
    await page.waitForFunction(() => document.querySelector('pdn-viewer').shadowRoot.querySelector('.live-badge .live-new'));
    live.set(tournament({ moves1: '1. 32-28 19-23 2. 28x19', result1: '2-0', result2: '0-2' }));
    await page.waitForFunction(() => document.querySelector('pdn-viewer').shadowRoot.querySelector('.live-badge').dataset.live === 'finished', null, { timeout: 15000 });
    seen = await badge();
    assert(!seen.fresh, '"New moves" after Finished');
    // Opened again now that the round is over: Finished without another fetch.
    const asked = live.log.length;
    await make(live.url, {});
    await page.waitForFunction(() => document.querySelector('pdn-viewer').shadowRoot?.querySelector('.live-badge')?.dataset.live === 'finished', null, { timeout: 15000 });
    await new Promise((r) => setTimeout(r, 4500));
    assert(live.log.length === asked + 1, `fetched after finishing: ${live.log.slice(asked).join(' ')}`);
    await page.context().close();
    await live.stop();
  });

  await check('a live src refused (no CORS header): a plain message, on the board\'s place too, never the sample', async () => {
    const refusing = await startNoCorsServer(tournament());
    const page = await newPage({ width: 1280, height: 800 });
    await page.goto(`${origin}/index.html?src=${encodeURIComponent(`${refusing.origin}/round.pdn`)}&live=2`);
    await page.waitForFunction(() => document.body.dataset.ready === '1');
    const seen = await page.evaluate(() => ({
      status: document.querySelector('#status').textContent,
      kind: document.querySelector('#status').dataset.kind,
      board: document.querySelector('#board').textContent,
      pieces: document.querySelectorAll('#board [data-piece]').length,
      games: document.body.dataset.games ?? null,
      header: document.querySelector('#game-header')?.textContent || '',
    }));
    await new Promise((r) => setTimeout(r, 1000));
    const later = await page.evaluate(() => document.querySelectorAll('#board [data-piece]').length);
    assert(seen.kind === 'error', `status ${seen.kind}: ${seen.status}`);
    assert(seen.pieces === 0 && later === 0 && seen.games == null, `a board shown: ${seen.pieces} pieces, ${seen.games} games, header "${seen.header}"`);
    assert(seen.board.trim() === seen.status.trim(), `the board's place says "${seen.board}"`);
    await page.context().close();
    await refusing.stop();
    return seen.status;
  }, { expected: [/CORS|Access-Control|Failed to load|net::ERR_FAILED/i] });

  await check('polling pauses while the tab is hidden and starts again when it is shown; errors are retried', async () => {
    const live = await startLiveServer();
    const page = await newPage({ width: 1280, height: 800 });
    await page.goto(`${origin}/index.html?src=${encodeURIComponent(live.url)}&live=2`);
    await page.waitForFunction(() => document.querySelector('#live-badge').dataset.live === 'live');
    await page.evaluate(() => {
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await page.waitForFunction(() => document.querySelector('#live-badge').dataset.live === 'paused', null, { timeout: 10000 });
    const asked = live.log.length;
    await new Promise((r) => setTimeout(r, 5000));
    assert(live.log.length === asked, `fetched while hidden: ${live.log.length - asked}`);
    live.file.fail = 1;
    await page.evaluate(() => {
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => false });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await page.waitForFunction(() => document.querySelector('#live-badge').dataset.live === 'error', null, { timeout: 10000 });
    await page.waitForFunction(() => document.querySelector('#live-badge').dataset.live === 'live', null, { timeout: 15000 });
    await page.context().close();
    await live.stop();
    return `answers ${live.log.join(' ')}`;
  }, { expected: [/503/] });

  await check('<pdn-viewer src live view="standings">: the hand-computed table, updated as results arrive', async () => {
    const live = await startLiveServer();
    live.set(tournament({ result1: '2-0', result2: '1-1', round2: true }));
    const page = await newPage({ width: 1280, height: 800 });
    await page.goto(`${origin}/tests/e2e/embed/host.html`);
    await page.evaluate(async (url) => {
      await import('/www/pdn-viewer.js');
      document.body.replaceChildren();
      const el = document.createElement('pdn-viewer');
      el.setAttribute('src', url);
      el.setAttribute('live', '2');
      el.setAttribute('view', 'standings');
      document.body.append(el);
    }, live.url);
    const table = () => page.evaluate(() => [...document.querySelector('pdn-viewer').shadowRoot.querySelectorAll('tr[data-player]')]
      .map((r) => `${r.dataset.player}:${r.dataset.points}`).join(' '));
    await page.waitForFunction(() => document.querySelector('pdn-viewer').shadowRoot.querySelectorAll('tr[data-player]').length === 4);
    // Round 1: Anna 2, Chris 1, Dana 1, Boris 0 (2-1-0, as the results are written).
    assert(await table() === 'Anna:2 Chris:1 Dana:1 Boris:0', `round 1: ${await table()}`);
    live.set(tournament({ result1: '2-0', result2: '1-1', round2: true, done: true }));
    // Round 2: Anna–Chris 1-1, Boris–Dana 0-2: Anna 3, Dana 3, Chris 2, Boris 0. Anna and Dana
    // are equal on every tie-break (Buchholz 0 + 2, Sonneborn-Berger 0 + 2/2, one win each):
    // they share first place, in the order of their names.
    await page.waitForFunction(() => document.querySelector('pdn-viewer').shadowRoot.querySelector('tr[data-player="Dana"]').dataset.points === '3', null, { timeout: 15000 });
    const rows = await table();
    assert(rows === 'Anna:3 Dana:3 Chris:2 Boris:0', `round 2: ${rows}`);
    const ranks = await page.evaluate(() => [...document.querySelector('pdn-viewer').shadowRoot.querySelectorAll('tr[data-player]')].map((r) => r.dataset.rank).join(' '));
    assert(ranks === '1 1 3 4', `shared first place: ${ranks}`);
    const shot = path.join(artifacts, 'live-standings.png');
    await page.screenshot({ path: shot, fullPage: true });
    if (shots) copyFileSync(shot, path.join(root, 'docs', 'screenshots', 'live-standings.png'));
    await page.context().close();
    await live.stop();
    return rows;
  });

  await check('a round robin in 1-½-0 on a phone: the hand-computed table and crosstable (static file, view=standings)', async () => {
    // A, B, C, D: A–B 1-0, C–D ½, A–C ½, B–D 1-0, D–A 0-1, B–C 0-1. By hand: A 2½ (SB 1 + 2/2 +
    // ½ = 2½), C 2 (SB ¼ + 1¼ + 1 = 2½), B 1, D ½; everybody met everybody once.
    const games = [['A', 'B', 1, '1-0'], ['C', 'D', 1, '1/2-1/2'], ['A', 'C', 2, '1/2-1/2'], ['B', 'D', 2, '1-0'], ['D', 'A', 3, '0-1'], ['B', 'C', 3, '0-1']];
    const live = await startLiveServer();
    live.set(games.map(([w, b, r, res]) => `${head(r, w, b, res)}\n${res}\n\n`).join(''));
    const page = await newPage({ width: 360, height: 740 });
    await page.goto(`${origin}/embed.html?src=${encodeURIComponent(live.url)}&view=standings`);
    await page.waitForFunction(() => document.querySelector('pdn-viewer')?.shadowRoot?.querySelectorAll('tr[data-player]').length === 4);
    const seen = await page.evaluate(() => {
      const r = document.querySelector('pdn-viewer').shadowRoot;
      return {
        format: r.querySelector('.standings').dataset.format,
        rows: [...r.querySelectorAll('tr[data-player]')].map((tr) => [tr.dataset.player, tr.dataset.points, tr.dataset.rank,
          [...tr.querySelectorAll('td.standings-cross')].map((td) => td.textContent).join('|')]),
        overflow: document.documentElement.scrollWidth - window.innerWidth,
      };
    });
    assert(seen.format === 'round-robin', `format ${seen.format}`);
    const want = [['A', '2.5', '1', '|½|1|1'], ['C', '2', '2', '½||1|½'], ['B', '1', '3', '0|0||1'], ['D', '0.5', '4', '0|½|0|']];
    assert(JSON.stringify(seen.rows) === JSON.stringify(want), `table ${JSON.stringify(seen.rows)}`);
    assert(seen.overflow <= 0, `sideways overflow ${seen.overflow}px`);
    const shot = path.join(artifacts, 'live-standings-phone.png');
    await page.screenshot({ path: shot });
    if (shots) copyFileSync(shot, path.join(root, 'docs', 'screenshots', 'live-standings-phone.png'));
    await page.context().close();
    await live.stop();
  });

  await check('the live badge, the tabs and the boards speak each of the five languages', async () => {
    const live = await startLiveServer();
    const page = await newPage({ width: 1280, height: 800 });
    await page.goto(`${origin}/tests/e2e/embed/host.html`);
    const said = [];
    for (const lang of ['en', 'ru', 'lv', 'nl', 'fr']) {
      const words = await catalogueOf(lang);
      const seen = await page.evaluate(async ({ url, lang }) => {
        await import('/www/pdn-viewer.js');
        document.body.replaceChildren();
        const el = document.createElement('pdn-viewer');
        el.setAttribute('src', url);
        el.setAttribute('live', '2');
        el.setAttribute('view', 'boards');
        el.setAttribute('lang', lang);
        document.body.append(el);
        const r = () => el.shadowRoot;
        for (let i = 0; i < 200 && !(r() && r().querySelector('.live-badge[data-live="live"] .live-text') && r().querySelector('.board-card')); i += 1) {
          await new Promise((ok) => setTimeout(ok, 50));
        }
        return {
          badge: r().querySelector('.live-text').textContent,
          tabs: [...r().querySelectorAll('.tournament-tab')].map((b) => b.textContent),
          result: r().querySelector('.board-card-result').textContent,
        };
      }, { url: live.url, lang });
      const prefix = words['live.on'].split('{time}')[0];
      assert(seen.badge.startsWith(prefix), `${lang} badge: ${seen.badge}`);
      assert(JSON.stringify(seen.tabs) === JSON.stringify([words['tournament.game'], words['tournament.boards'], words['tournament.standings']]), `${lang} tabs: ${seen.tabs}`);
      assert(seen.result === words['boards.playing'], `${lang} result: ${seen.result}`);
      said.push(`${lang}: ${seen.badge}`);
    }
    await page.context().close();
    await live.stop();
    return said.join('; ');
  });

  await check('100 live games: the boards follow updates ten cards a task at most, and only the changed cards are drawn again', async () => {
    const live = await startLiveServer();
    // Games at `plies` plies each; the first game at `first` plies.
    const many = (plies, first = plies) => Array.from({ length: 100 }, (_, k) => {
      const moves = ['1. 32-28 19-23', '2. 28x19 14x23', '3. 37-32 10-14', '4. 41-37 5-10'].slice(0, k ? plies : first).join(' ');
      return `${head(1 + (k >> 4), `White ${k + 1}`, `Black ${k + 1}`, '*')}\n${moves} *\n\n`;
    }).join('');
    live.set(many(1));
    const page = await newPage({ width: 1280, height: 800 });
    await page.goto(`${origin}/index.html?src=${encodeURIComponent(live.url)}&live=2&view=boards`);
    await page.waitForFunction(() => document.querySelectorAll('#tournament .board-card').length === 100, null, { timeout: 30000 });
    // The cards put into the page, counted per mutation-observer call (at most one a task: the
    // drawing yields only between batches), and in all.
    const batch = await page.evaluate(async () => {
      window.work = { most: 0, built: 0 };
      new MutationObserver((records) => {
        let n = 0;
        for (const r of records) for (const node of r.addedNodes) if (node.classList?.contains('board-card')) n += 1;
        window.work.most = Math.max(window.work.most, n);
        window.work.built += n;
      }).observe(document.querySelector('#tournament'), { subtree: true, childList: true });
      return (await import('/www/view/tournament.js')).BATCH;
    });
    const work = () => page.evaluate(() => { const w = { ...window.work }; window.work.built = 0; return w; });
    const seen = [];
    // Every game moves: every card is drawn again, ten a task.
    live.set(many(2));
    await page.waitForFunction(() => document.querySelector('#tournament .board-card[data-game="100"] .board-card-last').textContent === '14x23', null, { timeout: 30000 });
    let w = await work();
    assert(w.most <= batch && w.built === 100, `all games moved: ${JSON.stringify(w)} (a batch is ${batch})`);
    seen.push(`all moved: ${w.built} cards, at most ${w.most} a task`);
    // One game moves: one card.
    live.set(many(2, 3));
    await page.waitForFunction(() => document.querySelector('#tournament .board-card[data-game="1"] .board-card-last').textContent === '10-14', null, { timeout: 30000 });
    await page.waitForFunction(() => document.body.dataset.checked === '1');
    w = await work();
    assert(w.built === 1, `one game moved: ${w.built} cards drawn again`);
    seen.push(`one moved: ${w.built} card`);
    // The standings follow an update; back in the boards, the grid is drawn anew, ten a task.
    await page.click('#tournament .tournament-tab[data-view="standings"]');
    await page.waitForFunction(() => document.querySelectorAll('#tournament tr[data-player]').length === 200);
    const loads = await page.evaluate(() => Number(document.body.dataset.loads));
    live.set(many(3));
    // The new text opened (data-loads counts the texts opened) while the standings are shown.
    await page.waitForFunction((n) => Number(document.body.dataset.loads) > n && document.body.dataset.checked === '1', loads, { timeout: 30000 });
    await page.click('#tournament .tournament-tab[data-view="boards"]');
    await page.waitForFunction(() => document.querySelector('#tournament .board-card[data-game="100"] .board-card-last')?.textContent === '10-14', null, { timeout: 30000 });
    w = await work();
    assert(w.most <= batch && w.built === 100, `the boards again: ${JSON.stringify(w)}`);
    seen.push(`boards again: ${w.built} cards, at most ${w.most} a task`);
    await page.context().close();
    await live.stop();
    return seen.join('; ');
  });

  await check('embed.html?src&live=2&view=boards on a phone: the boards in one or two columns, nothing sideways', async () => {
    const live = await startLiveServer();
    const page = await newPage({ width: 360, height: 740 });
    await page.goto(`${origin}/embed.html?src=${encodeURIComponent(live.url)}&live=2&view=boards`);
    const measure = () => page.evaluate(() => {
      const r = document.querySelector('pdn-viewer').shadowRoot;
      const cards = [...r.querySelectorAll('.board-card')];
      return {
        count: cards.length,
        lefts: [...new Set(cards.map((c) => Math.round(c.getBoundingClientRect().left)))].length,
        overflow: document.documentElement.scrollWidth - window.innerWidth,
        pieces: cards.map((c) => c.querySelectorAll('[data-piece]').length),
      };
    });
    await page.waitForFunction(() => document.querySelector('pdn-viewer')?.shadowRoot?.querySelectorAll('.board-card').length === 2);
    let seen = await measure();
    assert(seen.overflow <= 0, `sideways overflow ${seen.overflow}px`);
    assert(seen.lefts >= 1 && seen.lefts <= 2, `columns at 360 px: ${seen.lefts}`);
    live.set(tournament({ round2: true }));
    await page.waitForFunction(() => document.querySelector('pdn-viewer').shadowRoot.querySelectorAll('.board-card').length === 4, null, { timeout: 15000 });
    seen = await measure();
    assert(seen.pieces.every((n) => n === 40 || n === 38), `pieces ${seen.pieces}`);
    const shot = path.join(artifacts, 'live-boards-phone.png');
    await page.screenshot({ path: shot, fullPage: true });
    if (shots) copyFileSync(shot, path.join(root, 'docs', 'screenshots', 'live-boards-phone.png'));
    await page.context().close();
    await live.stop();
  });
} catch (e) {
  fail('setup', e);
}
await Promise.all([browser.close(), server.stop()]);
finish();
