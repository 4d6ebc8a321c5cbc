// End-to-end test of the Explorer, as a reader uses it in Chromium: on the page (the Explorer
// toggle, ?view=explorer, ?find=FEN) and in <pdn-viewer explorer>, at 1280×800 and 360×740. The
// panel's rows (data-move, data-games) are those `pdn tree` prints for the same file; a move
// clicked is played on the board and the panel follows; "List these games" leaves in the game
// table the games `pdn find` names (rows with data-game), and a row opens its game at the ply
// where it reaches the position. Run on a real corpus file when PDN_CORPORA is set (CheckerBoard's
// tinsley.pdn, 724 English games), always on the repository's own fixture; on the big e2e file
// it measures the index's build, a tree lookup and a search (printed, not asserted: the
// figures go to docs/benchmarks.md).
//
//   node tests/e2e/explorer.mjs                  every check
//   node tests/e2e/explorer.mjs --only=REGEX     only the checks whose names match
//   node tests/e2e/explorer.mjs --screenshots    also writes docs/screenshots/explorer.png and explorer-phone.png

import { copyFileSync, existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { artifacts, checks, launchBrowser, noteLongestTask, openPage, ply, pollUntil, resetWork, root, servePdn, startStaticServer, waitPly, watchWork, watchedPage, workDone } from './harness.mjs';
import { makeBigFile } from './bigfile.mjs';

const screenshots = process.argv.slice(2).includes('--screenshots');
const onlyArg = process.argv.find((a) => a.startsWith('--only='));
const only = onlyArg ? new RegExp(onlyArg.slice('--only='.length), 'i') : null;
const problems = [];
// --only=REGEX runs the checks whose names match (make bench-page runs the timed ones alone).
const { check, fail, finish } = checks({ problems, only });
const server = await startStaticServer(root);
const browser = await launchBrowser();

/** `pdn ARGS` (the CLI, built by cargo as needed): its JSON lines. */
function pdn(...args) {
  const r = spawnSync('cargo', ['run', '-q', '-p', 'pdn-cli', '--', ...args], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 28 });
  if (r.status !== 0) throw new Error(`pdn ${args.join(' ')}: ${r.stderr}`);
  return r.stdout.split('\n').filter(Boolean).map((l) => JSON.parse(l));
}

const FIXTURE = path.join(root, 'tests/e2e/fixtures/explorer.pdn');
const corpus = process.env.PDN_CORPORA
  ? path.join(process.env.PDN_CORPORA, 'english/eygilbert-CheckerBoard__tinsley.pdn') : null;
if (!corpus) console.log('note: PDN_CORPORA is not set: the real-file checks run on the repository\'s own fixture only');
const FILES = [['fixture', FIXTURE], ...(corpus && existsSync(corpus) ? [['tinsley', corpus]] : [])];

const newPage = (viewport) => watchedPage(browser, problems, viewport);
const assert = (ok, message) => { if (!ok) throw new Error(message); };

/** Serves `file` at /explore/<name>.pdn for this page. */
const serve = (page, name, file) => servePdn(page, server.origin, 'explore', name, file);

/** The panel's rows once the index is ready: [[data-move, data-games]]. */
async function rows(page, scope = '#explorer') {
  await page.waitForFunction((scope) => {
    const [host, inner] = scope.split(' >>> ');
    const el = inner ? document.querySelector(host)?.shadowRoot?.querySelector(inner) : document.querySelector(host);
    return el && el.querySelector('.explorer[data-explorer-ready="true"]');
  }, scope, { timeout: 60000 });
  return page.evaluate((scope) => {
    const [host, inner] = scope.split(' >>> ');
    const el = inner ? document.querySelector(host).shadowRoot.querySelector(inner) : document.querySelector(host);
    return [...el.querySelectorAll('tr[data-move]')].map((r) => [r.dataset.move, Number(r.dataset.games)]);
  }, scope);
}

/** `pdn tree`'s rows at depth `depth` under `path`, as [[move, games]]. */
const treeRows = (tree, pathTo = []) => tree
  .filter((n) => n.depth === pathTo.length + 1 && pathTo.every((m, i) => n.path[i] === m))
  .map((n) => [n.move, n.games]);

try {
  for (const [name, file] of FILES) {
    await check(`the page on ${name}: the Explorer's rows are pdn tree's; a move clicked is played and the panel follows; the games listed are pdn find's`, async () => {
      const tree = pdn('tree', file, '--depth', '2');
      const { page, context } = await newPage({ width: 1280, height: 800 });
      const src = await serve(page, name, file);
      await openPage(page, `${server.origin}/index.html?src=${encodeURIComponent(src)}&view=explorer`);
      await page.waitForFunction(() => document.body.dataset.checked === '1', null, { timeout: 60000 });
      const root = await rows(page);
      const want = treeRows(tree);
      if (JSON.stringify(root) !== JSON.stringify(want)) throw new Error(`start: ${JSON.stringify(root)} != ${JSON.stringify(want)}`);
      if (await page.getAttribute('#explorer-toggle', 'aria-pressed') !== 'true') throw new Error('the toggle is not pressed');
      await page.waitForFunction(() => /view=explorer/.test(location.search), null, { timeout: 20000 });
      // The bar's parts have their widths (set through the CSSOM).
      const widths = await page.$$eval('#explorer .wdl-win', (els) => els.map((e) => e.style.width));
      if (!widths.length || widths.some((w) => !w.endsWith('%'))) throw new Error(`bar widths ${widths}`);
      // The most played move, clicked: played on the board; the panel shows the moves after it.
      const [first] = want[0];
      await page.locator(`#explorer tr[data-move="${first}"] button`).click();
      await waitPly(page, 1, { timeout: 15000 });
      // The panel's rows for the new position come from the reading worker: polled until they
      // are the tree's (20 s), the position before's still showing meanwhile.
      const after = JSON.stringify(treeRows(tree, [first]));
      const next = await pollUntil(() => rows(page), (r) => JSON.stringify(r) === after);
      if (JSON.stringify(next) !== after) throw new Error(`after ${first}: ${JSON.stringify(next)} != ${after}`);
      // The games through this position, listed in the game table.
      const fen = tree.find((n) => n.depth === 1 && n.move === first).fen;
      const found = pdn('find', file, '--fen', fen);
      await page.click('#explorer [data-explorer-action="find"]');
      await page.waitForSelector('#explorer [data-explorer-action="all"]');
      const listed = await page.$$eval('#game-list tr[data-game]', (els) => els.map((e) => Number(e.dataset.game)));
      const expected = found.map((f) => f.game);
      // The table is windowed: the rows in view are the first of the games found.
      if (!listed.length || JSON.stringify(listed) !== JSON.stringify(expected.slice(0, listed.length))) {
        throw new Error(`table ${JSON.stringify(listed.slice(0, 10))} != find ${JSON.stringify(expected.slice(0, 10))}`);
      }
      const timing = await page.$eval('#explorer', (e) => ({ ...e.dataset }));
      await context.close();
      return `${want.length} moves at the start, ${expected.length} games after ${first}; build ${timing.buildMs} ms, lookup ${timing.lookupMs} ms, find ${timing.findMs} ms`;
    });
  }

  // Every variant folder of the corpora, each in another of the five languages: the rows at the
  // start are pdn tree's, and the panel speaks the page's language.
  if (process.env.PDN_CORPORA) {
    const LANGS = ['lv', 'nl', 'fr', 'ru', 'en'];
    const folders = ['international', 'russian', 'brazilian', 'italian', 'frisian', 'czech', 'pool', 'other_variants'];
    let k = 0;
    for (const folder of folders) {
      const dir = path.join(process.env.PDN_CORPORA, folder);
      if (!existsSync(dir)) continue;
      // The largest file of at most 300 KB that pdn tree finds moves in.
      const files = readdirSync(dir, { recursive: true })
        .map((f) => path.join(dir, String(f)))
        .filter((f) => f.toLowerCase().endsWith('.pdn') && statSync(f).size <= 300_000)
        .sort((a, b) => statSync(b).size - statSync(a).size || a.localeCompare(b));
      let file = null;
      let tree = null;
      for (const f of files.slice(0, 5)) {
        const t = pdn('tree', f, '--depth', '1');
        if (treeRows(t).length > 0 && t.filter((n) => n.depth === 0).length === 1) { file = f; tree = t; break; }
      }
      if (!file) continue;
      const lang = LANGS[k % LANGS.length];
      k += 1;
      await check(`${folder} (${path.basename(file)}) in ${lang}: the Explorer's rows at the start are pdn tree's`, async () => {
        const { page, context } = await newPage({ width: 1280, height: 800 });
        const src = await serve(page, folder, file);
        await openPage(page, `${server.origin}/index.html?src=${encodeURIComponent(src)}&view=explorer&lang=${lang}`);
        const got = await rows(page);
        const want = treeRows(tree);
        if (JSON.stringify(got) !== JSON.stringify(want)) throw new Error(`${JSON.stringify(got)} != ${JSON.stringify(want)}`);
        const spoken = await page.evaluate(() => document.documentElement.lang);
        if (spoken !== lang) throw new Error(`the page speaks ${spoken}`);
        const words = await page.$eval('#explorer', (e) => e.textContent);
        await context.close();
        return `${want.length} moves at the start; "${words.trim().slice(0, 40)}…"`;
      });
    }
  }

  await check('?find=FEN lists the games that reach it (a transposition: two move orders), and a row opens its game at that ply; a player\'s games and score; a material search', async () => {
    // After 11-15 23-19 8-11 22-17 (games 1 and 6) or 11-15 22-17 8-11 23-19 (game 2).
    const fen = 'B:W17,19,21,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,9,10,11,12,15';
    const want = pdn('find', FIXTURE, '--fen', fen, '--gametype', '21');
    if (JSON.stringify(want.map((f) => [f.game, f.ply])) !== '[[1,4],[2,4],[6,4]]') throw new Error(`pdn find: ${JSON.stringify(want)}`);
    const { page, context } = await newPage({ width: 1280, height: 800 });
    const src = await serve(page, 'fixture', FIXTURE);
    await openPage(page, `${server.origin}/index.html?src=${encodeURIComponent(src)}&find=${encodeURIComponent(fen)}&gametype=21`);
    await page.waitForSelector('#explorer [data-explorer-action="all"]', { timeout: 30000 });
    const listed = await page.$$eval('#game-list tr[data-game]', (els) => els.map((e) => Number(e.dataset.game)));
    if (JSON.stringify(listed) !== JSON.stringify(want.map((f) => f.game))) throw new Error(`listed ${listed}`);
    // Issue 38: the board shows the first game found, at the ply where it reaches the position,
    // and the Explorer counts the games listed (not every game of the file from the start).
    await page.waitForFunction(() => document.body.dataset.game === '1' && document.body.dataset.ply === '4'
      && document.querySelector('#explorer .explorer[data-games]')?.dataset.games === '3', null, { timeout: 15000 })
      .catch(async () => {
        const seen = await page.evaluate(() => [document.body.dataset.game, document.body.dataset.ply, document.querySelector('#explorer .explorer')?.dataset.games]);
        throw new Error(`find= shows game ${seen[0]} at ply ${seen[1]}, the Explorer counts ${seen[2]} games (want game 1 at ply 4, 3 games)`);
      });
    await page.click('#game-list tr[data-game="2"]');
    await page.waitForFunction(() => document.body.dataset.game === '2' && document.body.dataset.ply === '4');
    // "List every game" gives the whole table back.
    await page.click('#explorer [data-explorer-action="all"]');
    await page.waitForFunction(() => document.querySelectorAll('#game-list tr[data-game]').length === 6);
    // A player: Ann has games 1 (White, "1-0": English 1-0 is Black's win), 3 (a draw) and 5
    // (unfinished), so 0 won, 1 drawn, 1 lost; her games only in the table.
    await page.click('#game-list tr[data-game="1"]');
    await page.waitForSelector('#explorer [data-player="Ann"]');
    await page.click('#explorer [data-player="Ann"]');
    await page.waitForSelector('#explorer [data-player-games="3"]');
    const ann = await page.$eval('#explorer [data-player-games]', (e) => e.textContent);
    if (!/won 0, drawn 1, lost 1 \(score 25%\)/.test(ann)) throw new Error(`Ann: ${ann}`);
    const hers = await page.$$eval('#game-list tr[data-game]', (els) => els.map((e) => Number(e.dataset.game)));
    if (JSON.stringify(hers) !== '[1,3,5]') throw new Error(`Ann's games listed: ${hers}`);
    // Issue 38: searches stack as "and". Ann's games (1, 3, 5) that reach the position after
    // 11-15 (games 1, 2, 3, 6): games 1 and 3, and the panel says so.
    await page.click('#next');
    await waitPly(page, 1);
    await page.waitForSelector('#explorer .explorer[data-games="4"] [data-explorer-action="find"]');
    await page.click('#explorer [data-explorer-action="find"]');
    await page.waitForSelector('#explorer [data-listed][data-searches="2"]', { timeout: 10000 })
      .catch(() => { throw new Error('the position search after the player\'s does not say two searches'); });
    const both = await page.$$eval('#game-list tr[data-game]', (els) => els.map((e) => Number(e.dataset.game)));
    const said = await page.$eval('#explorer [data-listed]', (e) => [e.dataset.listed, e.textContent]);
    if (JSON.stringify(both) !== '[1,3]' || said[0] !== '2') throw new Error(`Ann's games through 11-15: listed ${both}, the panel says ${said}`);
    if (!/2 searches/.test(said[1])) throw new Error(`the panel says "${said[1]}"`);
    if (await page.textContent('#games-count') !== '2 of 6 games') throw new Error(`the count says ${await page.textContent('#games-count')}`);
    // "List every game" drops both.
    await page.click('#explorer [data-explorer-action="all"]');
    await page.waitForFunction(() => document.querySelectorAll('#game-list tr[data-game]').length === 6);
    // Material: 11 white men against 12 black, no kings: game 6 only, after 4... 10x17 (ply 7).
    for (const [k, v] of [['whiteMen', '11'], ['whiteKings', '0'], ['blackMen', '12'], ['blackKings', '0']]) {
      await page.fill(`#explorer input[name="${k}"]`, v);
    }
    await page.click('#explorer [data-explorer-form="material"] button');
    await page.waitForFunction(() => document.querySelectorAll('#game-list tr[data-game]').length === 1);
    await page.click('#game-list tr[data-game="6"]');
    await page.waitForFunction(() => document.body.dataset.game === '6' && document.body.dataset.ply === '7');
    await context.close();
  });

  await check('?find= for a position of game 3 alone opens game 3 there; a move\'s whole row plays it, by click or by keyboard', async () => {
    // After 11-15 23-19 9-13 22-18: game 3 only, at ply 4.
    const fen = 'B:W18,19,21,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,10,12,13,15';
    const { page, context } = await newPage({ width: 1280, height: 800 });
    const src = await serve(page, 'fixture', FIXTURE);
    await openPage(page, `${server.origin}/index.html?src=${encodeURIComponent(src)}&find=${encodeURIComponent(fen)}&gametype=21`);
    await page.waitForSelector('#explorer [data-explorer-action="all"]', { timeout: 30000 });
    await page.waitForFunction(() => document.body.dataset.game === '3' && document.body.dataset.ply === '4', null, { timeout: 15000 })
      .catch(async () => { throw new Error(`find= shows game ${await page.evaluate(() => `${document.body.dataset.game} at ply ${document.body.dataset.ply}`)}`); });
    await page.waitForFunction(() => /game=3/.test(location.search), null, { timeout: 20000 })
      .catch(() => { throw new Error('the address does not name game 3'); });
    // A reload (the address names game and ply, as the reader left them) keeps their game.
    await openPage(page, `${server.origin}/index.html?src=${encodeURIComponent(src)}&find=${encodeURIComponent(fen)}&gametype=21&game=2&ply=1`);
    await page.waitForSelector('#explorer [data-explorer-action="all"]', { timeout: 30000 });
    await page.waitForTimeout(300);
    const kept = await page.evaluate(() => `${document.body.dataset.game}/${document.body.dataset.ply}`);
    if (kept !== '2/1') throw new Error(`find= with game=2&ply=1 shows game/ply ${kept}`);
    await page.goto(`${server.origin}/index.html?src=${encodeURIComponent(src)}&find=${encodeURIComponent(fen)}&gametype=21`);
    await page.waitForFunction(() => document.body.dataset.game === '3' && document.body.dataset.ply === '4', null, { timeout: 15000 });
    // Back to the start of game 3: the rows are 11-15 (4 games), 9-13, 10-15.
    await page.click('#first');
    await waitPly(page, 0);
    await rows(page);
    await page.waitForSelector('#explorer tr[data-move="11-15"]');
    // A click on the row's count, not on the move's text, plays the move.
    await page.click('#explorer tr[data-move="11-15"] td.explorer-games');
    await waitPly(page, 1, { timeout: 20000 }).catch(() => { throw new Error('a click on the row\'s count did not play its move'); });
    // The keyboard: the move's button has the focus after the move is played (the panel was
    // drawn again), Down goes to the next row, Enter plays it.
    await page.waitForSelector('#explorer tr[data-move="23-19"]');
    await page.focus('#explorer tr[data-move] .explorer-play');
    await page.keyboard.press('ArrowDown');
    const focused = await page.evaluate(() => document.activeElement?.closest('tr[data-move]')?.dataset.move);
    const second = await page.$$eval('#explorer tr[data-move]', (els) => els[1].dataset.move);
    if (focused !== second) throw new Error(`Down: the focus is on ${focused}, not the second row's ${second}`);
    if (await ply(page) !== 1) throw new Error('Down in the Explorer stepped through the game');
    // Enter plays it (22-17, another line than game 3's: the panel shows the one move after it).
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => [...document.querySelectorAll('#explorer tr[data-move]')].map((r) => r.dataset.move).join() === '8-11', null, { timeout: 20000 })
      .catch(() => { throw new Error('Enter on the second row did not play 22-17'); });
    const after = await page.evaluate(() => Boolean(document.activeElement?.closest('#explorer')));
    if (!after) throw new Error('after a move played by keyboard, the focus left the Explorer');
    await context.close();
  });

  await check('the game table of <pdn-viewer>: its Opening and Variant cells are filled as the page\'s (read in the page\'s thread and in the worker)', async () => {
    const text = readFileSync(FIXTURE, 'utf8');
    const { page, context } = await newPage({ width: 1280, height: 800 });
    const src = await serve(page, 'fixture', FIXTURE);
    await openPage(page, `${server.origin}/index.html?src=${encodeURIComponent(src)}`);
    await page.waitForFunction(() => document.body.dataset.checked === '1', null, { timeout: 60000 });
    const cells = (rows) => rows.map((r) => [r.querySelector('.col-opening').textContent, r.querySelector('.col-variant').textContent]);
    const want = await page.$$eval('#game-list tr.game-row', cells);
    if (want.length !== 6 || want.some(([o, v]) => o === '…' || v === '…' || !o)) throw new Error(`the page's cells: ${JSON.stringify(want)}`);
    // The fixture alone (under 4 KB: read in the page's thread) and five times over (the worker).
    for (const [name, body] of [['inline', text], ['worker', Array(6).fill(text).join('\n')]]) {
      await page.route(`${server.origin}/explore/${name}.pdn`, (r) => r.fulfill({ contentType: 'application/octet-stream', body }));
      const html = `<!doctype html><meta charset="utf-8"><script type="module" src="/www/pdn-viewer.js"></script><pdn-viewer src="/explore/${name}.pdn"></pdn-viewer>`;
      await page.route(`${server.origin}/table-${name}.html`, (r) => r.fulfill({ contentType: 'text/html', body: html }));
      await page.goto(`${server.origin}/table-${name}.html`);
      const got = await page.waitForFunction((n) => {
        const rows = [...(document.querySelector('pdn-viewer')?.shadowRoot?.querySelectorAll('tr.game-row') || [])].slice(0, 6);
        const c = rows.map((r) => [r.querySelector('.col-opening').textContent, r.querySelector('.col-variant').textContent]);
        return c.length === n && c.every(([o, v]) => o !== '…' && v !== '…') && c;
      }, want.length, { timeout: 15000 }).then((h) => h.jsonValue()).catch(async () => {
        const seen = await page.evaluate(() => [...document.querySelector('pdn-viewer').shadowRoot.querySelectorAll('tr.game-row .col-opening')].map((c) => c.textContent));
        throw new Error(`${name}: the element's Opening cells stay ${JSON.stringify(seen.slice(0, 6))}`);
      });
      if (JSON.stringify(got) !== JSON.stringify(want)) throw new Error(`${name}: ${JSON.stringify(got)} != the page's ${JSON.stringify(want)}`);
    }
    await context.close();
    return `${want.map(([o]) => o).join(', ')}`;
  });

  await check('the game table\'s keys: End and Home take the keyboard\'s row to the last and first game, in view, without opening it; Enter opens it; ↓ opens the next game', async () => {
    const { page, context } = await newPage({ width: 1280, height: 800 });
    const src = await serve(page, 'fixture', FIXTURE);
    await openPage(page, `${server.origin}/index.html?src=${encodeURIComponent(src)}&game=3&ply=2`);
    await page.waitForFunction(() => document.body.dataset.checked === '1', null, { timeout: 60000 });
    await page.focus('#game-list .game-list-scroll');
    const where = () => page.evaluate(() => ({
      game: document.body.dataset.game, ply: document.body.dataset.ply,
      cursor: document.querySelector('#game-list tr.game-row.cursor')?.dataset.game ?? null,
      active: document.querySelector('#game-list .game-list-scroll').getAttribute('aria-activedescendant'),
    }));
    await page.keyboard.press('End');
    let w = await where();
    if (w.game !== '3' || w.ply !== '2') throw new Error(`End opened game ${w.game} (ply ${w.ply}); the reader was on game 3 at ply 2`);
    if (w.cursor !== '6' || w.active !== 'game-row-6') throw new Error(`End: the keyboard's row is ${w.cursor} (${w.active}), not the last game's`);
    // The last row is in the table's view.
    const seen = await page.evaluate(() => {
      const box = document.querySelector('#game-list .game-list-scroll').getBoundingClientRect();
      const row = document.querySelector('#game-list tr.game-row.cursor').getBoundingClientRect();
      return row.top >= box.top - 1 && row.bottom <= box.bottom + 1;
    });
    if (!seen) throw new Error('End: the last row is not in view');
    await page.keyboard.press('Home');
    w = await where();
    if (w.game !== '3' || w.cursor !== '1') throw new Error(`Home: game ${w.game} open, the keyboard's row ${w.cursor}`);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.body.dataset.game === '1', null, { timeout: 20000 });
    w = await where();
    if (w.cursor !== null || w.active !== 'game-row-1') throw new Error(`after Enter: ${JSON.stringify(w)}`);
    await page.keyboard.press('ArrowDown');
    await page.waitForFunction(() => document.body.dataset.game === '2', null, { timeout: 20000 });
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.body.dataset.game === '6', null, { timeout: 20000 });
    await context.close();
  });

  await check('the game table\'s bar on a phone (360×740), <pdn-viewer> and the page\'s panel, 12,000 games, in the five languages: the filter keeps its width, the Boards and Standings buttons stay inside', async () => {
    const body = Array(2000).fill(readFileSync(FIXTURE, 'utf8')).join('\n');
    const notes = [];
    for (const lang of ['fr', 'ru', 'lv', 'nl', 'en']) {
      const { page, context } = await newPage({ width: 360, height: 740 });
      await page.route(`${server.origin}/explore/phone.pdn`, (r) => r.fulfill({ contentType: 'application/octet-stream', body }));
      const html = `<!doctype html><html lang="${lang}"><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<script type="module" src="/www/pdn-viewer.js"></script><pdn-viewer src="/explore/phone.pdn"></pdn-viewer>`;
      await page.route(`${server.origin}/phone-${lang}.html`, (r) => r.fulfill({ contentType: 'text/html', body: html }));
      await page.goto(`${server.origin}/phone-${lang}.html`);
      const bar = (sel, host) => page.evaluate(([sel, host]) => {
        const root = host ? document.querySelector(host).shadowRoot : document;
        const b = root.querySelector(sel);
        const box = b.getBoundingClientRect();
        const filter = b.querySelector('input[type="search"]').getBoundingClientRect();
        const out = [...b.querySelectorAll('button, .games-count')].filter((e) => e.offsetParent)
          .filter((e) => { const r = e.getBoundingClientRect(); return r.left < box.left - 1 || r.right > box.right + 1 || e.scrollWidth > e.clientWidth + 1; })
          .map((e) => e.textContent.trim() || e.className);
        return { filter: Math.round(filter.width), bar: Math.round(box.width), out, page: document.documentElement.scrollWidth };
      }, [sel, host]);
      await page.waitForFunction(() => {
        const r = document.querySelector('pdn-viewer')?.shadowRoot;
        return r && /12.000/.test(r.querySelector('.games-count')?.textContent || '') && !r.querySelector('.tournament-entry').hidden;
      }, null, { timeout: 60000 });
      const el = await bar('.pv-games-bar', 'pdn-viewer');
      if (el.filter < el.bar * 0.6 || el.out.length || el.page > 360) throw new Error(`${lang}, <pdn-viewer>: the filter is ${el.filter} px of ${el.bar}; outside or cut: ${JSON.stringify(el.out)}; the page ${el.page} px wide`);
      await openPage(page, `${server.origin}/index.html?src=/explore/phone.pdn&lang=${lang}`);
      await page.waitForSelector('#tournament-entry:not([hidden])', { state: 'attached', timeout: 60000 });
      await page.click('#games-toggle');
      await page.waitForSelector('#games.sheet-open');
      const pg = await bar('.games-bar');
      if (pg.filter < pg.bar * 0.6 || pg.out.length || pg.page > 360) throw new Error(`${lang}, the page's panel: the filter is ${pg.filter} px of ${pg.bar}; outside or cut: ${JSON.stringify(pg.out)}`);
      notes.push(`${lang} ${el.filter}/${pg.filter} px`);
      await context.close();
    }
    return `the filter: ${notes.join(', ')} (element/page)`;
  });

  await check('the page on a phone (360×740): the Explorer opens as a panel of its own, in view, with the board above it; its moves play; the games it lists open over the page; its close button turns it off', async () => {
    const { page, context } = await newPage({ width: 360, height: 740 });
    const src = await serve(page, 'fixture', FIXTURE);
    const inView = () => page.evaluate(() => {
      const r = (e) => { const b = e.getBoundingClientRect(); return { top: Math.round(b.top), bottom: Math.round(b.bottom), height: Math.round(b.height) }; };
      return { explorer: r(document.querySelector('#explorer')), board: r(document.querySelector('#board')), h: innerHeight };
    });
    const assertInView = (g, how) => {
      if (g.explorer.top < 0 || g.explorer.bottom > g.h || g.explorer.height < 120) throw new Error(`${how}: the Explorer is at ${g.explorer.top}-${g.explorer.bottom} of a ${g.h}-px window`);
      if (g.board.top < 0 || g.board.bottom > g.explorer.top + 1) throw new Error(`${how}: the board is at ${g.board.top}-${g.board.bottom}, the Explorer from ${g.explorer.top}`);
    };
    // Turned on with its toggle.
    await openPage(page, `${server.origin}/index.html?src=${encodeURIComponent(src)}`);
    await page.waitForFunction(() => document.body.dataset.checked === '1', null, { timeout: 60000 });
    await page.click('#explorer-toggle');
    await rows(page);
    await page.waitForTimeout(300);
    assertInView(await inView(), 'the toggle');
    // Its whole row plays a move, on the board in view.
    await page.click('#explorer tr[data-move="11-15"] td.explorer-games');
    await waitPly(page, 1, { timeout: 20000 });
    await rows(page);
    assertInView(await inView(), 'after a move');
    // "List these games": the table, folded on a phone, opens over the page with the games found;
    // one chosen closes it, on that game at its ply, the Explorer in view again.
    await page.click('#explorer [data-explorer-action="find"]');
    await page.waitForSelector('#games.sheet-open', { timeout: 20000 }).catch(() => { throw new Error('the games found are not shown: the table stays folded'); });
    const found = await page.$$eval('#game-list tr[data-game]', (els) => els.map((e) => Number(e.dataset.game)));
    if (JSON.stringify(found) !== '[1,2,3,6]') throw new Error(`the sheet lists ${found}`);
    await page.click('#game-list tr[data-game="2"]');
    await page.waitForFunction(() => document.body.dataset.game === '2' && document.body.dataset.ply === '1' && !document.querySelector('#games.sheet-open'), null, { timeout: 20000 });
    await page.waitForTimeout(300);
    const back = await inView();
    assertInView(back, 'after a game chosen in the table');
    await page.click('#explorer [data-explorer-action="close"]');
    await page.waitForFunction(() => document.querySelector('#explorer').hidden
      && document.querySelector('#explorer-toggle').getAttribute('aria-pressed') === 'false' && !/view=explorer/.test(location.search), null, { timeout: 20000 });
    // Opened by the address.
    await openPage(page, `${server.origin}/index.html?src=${encodeURIComponent(src)}&view=explorer`);
    await rows(page);
    await page.waitForTimeout(300);
    const g = await inView();
    assertInView(g, 'view=explorer');
    await context.close();
    return `the board ${g.board.top}-${g.board.bottom}, the Explorer ${g.explorer.top}-${g.explorer.bottom} px`;
  });

  await check('the board editor\'s "Find in the file\'s games" lists the games that reach its position; "Find this pattern" those whose board holds its pieces', async () => {
    const fen = 'B:W17,19,21,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,9,10,11,12,15';
    const { page, context } = await newPage({ width: 1280, height: 800 });
    const src = await serve(page, 'fixture', FIXTURE);
    await openPage(page, `${server.origin}/index.html?src=${encodeURIComponent(src)}&edit=${encodeURIComponent(fen)}&gametype=21`);
    await page.waitForSelector('#editor[open] #editor-find:not([disabled])', { timeout: 30000 });
    await page.click('#editor-find');
    await page.waitForSelector('#explorer [data-explorer-action="all"]', { timeout: 30000 });
    const listed = await page.$$eval('#game-list tr[data-game]', (els) => els.map((e) => Number(e.dataset.game)));
    if (JSON.stringify(listed) !== '[1,2,6]') throw new Error(`listed ${listed}`);
    // A pattern: a white man on 14 and a black one on 13, whatever else stands: game 6, after
    // 3. … 9-13 17-14 (ply 6).
    await page.goto(`${server.origin}/index.html?src=${encodeURIComponent(src)}&edit=${encodeURIComponent('W:W14:B13')}&gametype=21`);
    await page.waitForSelector('#editor[open] #editor-pattern', { timeout: 30000 });
    await page.click('#editor-pattern');
    await page.waitForFunction(() => document.querySelectorAll('#game-list tr[data-game]').length === 1, null, { timeout: 30000 });
    await page.click('#game-list tr[data-game="6"]');
    await page.waitForFunction(() => document.body.dataset.game === '6' && document.body.dataset.ply === '6');
    await context.close();
  });

  for (const [size, viewport] of [['1280', { width: 1280, height: 800 }], ['360', { width: 360, height: 740 }]]) {
    await check(`<pdn-viewer explorer> and embed.html?view=explorer at ${size} px: the same rows; screenshot`, async () => {
      const { page, context } = await newPage(viewport);
      const file = FILES[FILES.length - 1][1];
      const src = await serve(page, 'element', file);
      const html = `<!doctype html><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<script type="module" src="/www/pdn-viewer.js"></script><pdn-viewer explorer src="${src}"></pdn-viewer>`;
      await page.route(`${server.origin}/explorer-host.html`, (r) => r.fulfill({ contentType: 'text/html', body: html }));
      await page.goto(`${server.origin}/explorer-host.html`);
      const got = await rows(page, 'pdn-viewer >>> .explorer-box');
      const want = treeRows(pdn('tree', file));
      if (JSON.stringify(got) !== JSON.stringify(want)) throw new Error(`${JSON.stringify(got)} != ${JSON.stringify(want)}`);
      // The iframe page takes view=explorer (and explorer=1) as the element's attribute.
      await page.goto(`${server.origin}/embed.html?src=${encodeURIComponent(src)}&view=explorer`);
      const framed = await rows(page, 'pdn-viewer >>> .explorer-box');
      if (JSON.stringify(framed) !== JSON.stringify(want)) throw new Error(`embed.html: ${JSON.stringify(framed)}`);
      await context.close();
      // The page's panel, for the README.
      const p = await newPage(viewport);
      const psrc = await serve(p.page, 'shot', file);
      await openPage(p.page, `${server.origin}/index.html?src=${encodeURIComponent(psrc)}&view=explorer&ply=2`);
      await rows(p.page);
      await p.page.waitForTimeout(300);
      const shot = path.join(artifacts, `explorer-page-${size}.png`);
      if (size === '360') await p.page.locator('#explorer').scrollIntoViewIfNeeded();
      await p.page.screenshot({ path: shot });
      if (screenshots) copyFileSync(shot, path.join(root, 'docs', 'screenshots', size === '360' ? 'explorer-phone.png' : 'explorer.png'));
      await p.context.close();
    });
  }

  await check('the big file: the index is built in the worker, a chunk of games a request, and the page draws a bounded list (timings printed)', async () => {
    const big = makeBigFile({ minGames: 20_000 });
    const { page, context } = await newPage({ width: 1280, height: 800 });
    await context.addInitScript(watchWork);
    const src = await serve(page, 'big', big.file);
    await openPage(page, `${server.origin}/index.html?src=${encodeURIComponent(src)}`);
    await page.waitForFunction(() => document.body.dataset.checked === '1', null, { timeout: 180000 });
    // Long tasks on the page's thread while the worker builds the index: printed, not judged
    // (make bench-page reports them against the 100 ms target). What keeps them short is
    // checked by count: the index is asked for CHUNK games a request, so the worker answers the
    // page between chunks, and the page's thread compiles no wasm of its own.
    await page.evaluate(() => {
      window.longTasks = [];
      new PerformanceObserver((l) => { for (const e of l.getEntries()) window.longTasks.push(e.duration); }).observe({ type: 'longtask' });
    });
    await resetWork(page);
    await page.click('#explorer-toggle');
    await rows(page);
    const building = await page.evaluate(() => window.longTasks.splice(0));
    const built = await workDone(page);
    await resetWork(page);
    await page.click('#explorer [data-explorer-action="find"]');
    await page.waitForSelector('#explorer [data-explorer-action="all"]');
    const listing = await page.evaluate(() => window.longTasks.splice(0));
    const listed = await workDone(page);
    console.log(`     long tasks while building: ${JSON.stringify(building)}; while listing: ${JSON.stringify(listing)}`);
    const t = await page.$eval('#explorer', (e) => ({ ...e.dataset }));
    const longest = Math.max(0, ...building, ...listing);
    const games = await page.evaluate(() => document.body.dataset.games);
    noteLongestTask('explorer', 'the big file: the index built, its games listed', longest);
    const CHUNK = Number(/export const CHUNK = (\d+);/.exec(readFileSync(path.join(root, 'www', 'explorer', 'attach.js'), 'utf8'))[1]);
    const steps = built.sent.filter((m) => m.type === 'exploreStep');
    assert(steps.length > 0 && steps.every((m) => m.games === CHUNK), `every step asks ${CHUNK} games: ${JSON.stringify(steps.slice(0, 3))}`);
    assert(steps.length >= Math.ceil(Number(games) / CHUNK), `${steps.length} steps for ${games} games (${CHUNK} a step)`);
    assert(built.wasm === 0 && listed.wasm === 0, `the page's thread compiled the wasm (${built.wasm}, ${listed.wasm})`);
    // The games found go into the windowed table: the page holds a screenful of rows, not thousands.
    const tableRows = await page.$$eval('#game-list tr.game-row', (r) => r.length);
    assert(tableRows > 0 && tableRows < 200, `${tableRows} rows in the game table's DOM`);
    assert(listed.most < 5_000, `${listed.most} elements in the page while the games were listed`);
    // The pattern search at its slowest: two kings no International game has there, so every
    // position of every game is looked at (the board editor's "Find this pattern").
    await page.goto(`${server.origin}/index.html?src=${encodeURIComponent(src)}&edit=${encodeURIComponent('W:WK46:BK5,K1')}&gametype=20`);
    await page.waitForFunction(() => document.body.dataset.checked === '1', null, { timeout: 180000 });
    await page.waitForSelector('#editor[open] #editor-pattern', { timeout: 30000 });
    await page.click('#editor-pattern');
    await page.waitForFunction(() => document.querySelector('#explorer')?.dataset.findMs && document.querySelector('#explorer [data-explorer-action="all"]'), null, { timeout: 120000 });
    const pattern = await page.$eval('#explorer', (e) => e.dataset.findMs);
    await context.close();
    return `${games} games, ${t.positions} positions, ${t.bytes} bytes (${(t.bytes / t.positions).toFixed(1)} a position): build ${t.buildMs} ms, lookup ${t.lookupMs} ms, find ${t.findMs} ms, pattern ${pattern} ms (wall clock, page side; longest main-thread task ${longest} ms); ${steps.length} index requests of ${CHUNK} games`;
  });
} catch (e) {
  fail('set-up', e);
}
await Promise.all([browser.close(), server.stop()]);
finish();
