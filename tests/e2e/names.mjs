// End-to-end test of the opening names and the player view from a name (issue 27, Explorer), as
// a reader uses them in Chromium: the header names the opening (data-opening), the game table has
// an Opening column filled after the check pass and its filter finds by the name, an `Opening`
// tag wins over the core's table; a click on a player's name in the header or in a table row
// lists that player's games and their score (the same W/D/L as `pdn standings`), on the page, in
// <pdn-viewer explorer> and in embed.html?explorer=1 (without the attribute the names are plain
// text). In English, Russian and French. On the repository's fixture always (tests/e2e/fixtures/
// names.pdn: composed games), and on real corpus files when PDN_CORPORA is set (CheckerBoard's
// tinsley.pdn, 724 English games; Abatsiev's Russian games, with Opening tags of their own).
//
//   node tests/e2e/names.mjs                  every check
//   node tests/e2e/names.mjs --screenshots    also writes docs/screenshots/names.png and names-phone.png

import { copyFileSync, existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { artifacts, checks, launchBrowser, openPage, pollUntil, root, servePdn, startStaticServer, watchedPage } from './harness.mjs';

const screenshots = process.argv.slice(2).includes('--screenshots');
const problems = [];
const { check, fail, finish } = checks({ problems });
const server = await startStaticServer(root);
const browser = await launchBrowser();

const FIXTURE = path.join(root, 'tests/e2e/fixtures/names.pdn');
const corpus = (rel) => (process.env.PDN_CORPORA ? path.join(process.env.PDN_CORPORA, rel) : null);
const TINSLEY = corpus('english/eygilbert-CheckerBoard__tinsley.pdn');
const ABATSIEV = corpus('russian/mig0-Games-Checkers__russian_abatsiev.pdn');
if (!process.env.PDN_CORPORA) console.log('note: PDN_CORPORA is not set: the checks run on the repository\'s own fixture only');

/** `pdn standings FILE` (the CLI): { player: [wins, draws, losses] }. */
function standings(file) {
  const r = spawnSync('cargo', ['run', '-q', '-p', 'pdn-cli', '--', 'standings', file], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 26 });
  if (r.status !== 0) throw new Error(`pdn standings: ${r.stderr}`);
  const [head, ...rows] = r.stdout.trim().split(/\r?\n/).map((l) => l.split(','));
  const col = (name) => head.indexOf(name);
  return Object.fromEntries(rows.map((c) => [c[col('Player')], [c[col('Wins')], c[col('Draws')], c[col('Losses')]].map(Number)]));
}

const newPage = (viewport = { width: 1280, height: 800 }) => watchedPage(browser, problems, viewport, { hasTouch: viewport.width < 500 });

/** Serves `file` at /names/<name>.pdn for this page. */
const serve = (page, name, file) => servePdn(page, server.origin, 'names', name, file);

/** Opens `file` on the page (with `query`) and waits for the check pass. */
async function openFile(page, name, file, query = '') {
  const src = await serve(page, name, file);
  await openPage(page, `${server.origin}/index.html?src=${encodeURIComponent(src)}${query}`);
  await page.waitForFunction(() => document.body.dataset.checked === '1', null, { timeout: 60000 });
}

/** The game numbers the table shows (its window: the first rows). */
const listed = (page, scope = '#game-list') => page.$$eval(`${scope} tr[data-game]`, (els) => els.map((e) => Number(e.dataset.game)));
/** The Opening cells of the rows shown: { game: text }. */
const openings = (page) => page.$$eval('#game-list tr[data-game]',
  (els) => Object.fromEntries(els.map((e) => [e.dataset.game, e.querySelector('td.col-opening').textContent])));

/** The W/D/L numbers of the Explorer's player line (any language: its first three numbers after the games). */
function wdl(text) {
  const n = text.match(/\d+/g).map(Number);
  return n.slice(1, 4); // games, wins, draws, losses, score
}

try {
  await check('the fixture: the header names the opening (data-opening), the table\'s Opening column is filled after the check pass, an Opening tag wins, a variant without names gets none; the filter finds by the name', async () => {
    const { page, context } = await newPage();
    await openFile(page, 'fixture', FIXTURE);
    await page.waitForSelector('#game-header [data-opening]');
    const shown = await page.$eval('#game-header [data-opening]', (e) => [e.dataset.opening, e.textContent]);
    if (JSON.stringify(shown) !== '["Old Fourteenth","Old Fourteenth"]') throw new Error(`header: ${shown}`);
    // Game 2 plays the Old Fourteenth with White's moves the other way round: same name.
    const cells = await openings(page);
    const want = { 1: 'Old Fourteenth', 2: 'Old Fourteenth', 3: "Our club's line", 4: 'Edinburgh Single', 5: 'Кол', 6: '' };
    if (JSON.stringify(cells) !== JSON.stringify(want)) throw new Error(`column: ${JSON.stringify(cells)}`);
    const header = await page.$eval('#game-list th.col-opening', (e) => e.textContent);
    if (!header.startsWith('Opening')) throw new Error(`column header ${header}`);
    // The tag wins in the header too.
    await page.click('#game-list tr[data-game="3"]');
    await page.waitForFunction(() => document.querySelector('#game-header [data-opening]')?.dataset.opening === "Our club's line");
    // No name: no element.
    await page.click('#game-list tr[data-game="6"]');
    await page.waitForFunction(() => document.body.dataset.game === '6');
    if (await page.$('#game-header [data-opening]')) throw new Error('an Italian game got an opening');
    // The filter matches the name (case and accents aside), and a sort by the column.
    await page.fill('#game-filter', 'fourteenth');
    await page.waitForFunction(() => document.querySelectorAll('#game-list tr[data-game]').length === 2);
    if (JSON.stringify(await listed(page)) !== '[1,2]') throw new Error(`filtered ${await listed(page)}`);
    await page.fill('#game-filter', 'кол');
    await page.waitForFunction(() => document.querySelectorAll('#game-list tr[data-game]').length === 1);
    if (JSON.stringify(await listed(page)) !== '[5]') throw new Error(`filtered ${await listed(page)}`);
    await page.fill('#game-filter', '');
    await page.waitForFunction(() => document.querySelectorAll('#game-list tr[data-game]').length === 6);
    await page.click('#game-list th.col-opening button.sort');
    const sorted = await listed(page);
    // Edinburgh Single, Old Fourteenth ×2, Our club's line, Кол, then the empty one last.
    if (JSON.stringify(sorted) !== '[4,1,2,3,5,6]') throw new Error(`sorted by opening: ${sorted}`);
    await context.close();
  });

  await check('the fixture: a click on a player\'s name in the header, then in a table row, lists their games with their score (pdn standings\'s W/D/L); names are buttons', async () => {
    const table = standings(FIXTURE);
    const { page, context } = await newPage();
    await openFile(page, 'fixture', FIXTURE);
    // The Explorer is not shown yet: the name opens it.
    if (!(await page.$eval('#explorer', (e) => e.hidden))) throw new Error('the Explorer is shown before the click');
    const button = page.locator('#game-header button[data-player="Ann"]');
    if (await button.getAttribute('type') !== 'button') throw new Error('the header\'s name is not a button');
    // Keyboard-reachable: focused and pressed with Enter.
    await button.focus();
    await page.keyboard.press('Enter');
    await page.waitForSelector('#explorer [data-player-games="3"]', { timeout: 30000 });
    if (await page.getAttribute('#explorer-toggle', 'aria-pressed') !== 'true') throw new Error('the toggle is not pressed');
    const ann = await page.$eval('#explorer [data-player-games]', (e) => e.textContent);
    if (JSON.stringify(wdl(ann)) !== JSON.stringify(table.Ann)) throw new Error(`Ann: ${ann}, standings ${table.Ann}`);
    if (!/^Ann: games 3; won 1, drawn 1, lost 1 \(score 50%\)/.test(ann)) throw new Error(`Ann: ${ann}`);
    if (JSON.stringify(await listed(page)) !== '[1,3,4]') throw new Error(`Ann's games: ${await listed(page)}`);
    // Bob, from his name in game 3's row (he is White there): a click on the row opens the
    // game (its names are text until then), a click on his name in the open game's row lists
    // his games only.
    await page.click('#explorer [data-explorer-action="all"]');
    await page.waitForFunction(() => document.querySelectorAll('#game-list tr[data-game]').length === 6);
    if (await page.$('#game-list tr[data-game="3"] button[data-player]')) throw new Error('names are buttons in a row not open');
    await page.click('#game-list tr[data-game="3"] td.col-white');
    await page.waitForFunction(() => document.body.dataset.game === '3');
    await page.click('#game-list tr[data-game="3"] td.col-white button[data-player="Bob"]');
    await page.waitForSelector('#explorer [data-player-games="3"]');
    await page.waitForFunction(() => /^Bob:/.test(document.querySelector('#explorer [data-player-games]').textContent));
    const bob = await page.$eval('#explorer [data-player-games]', (e) => e.textContent);
    if (JSON.stringify(wdl(bob)) !== JSON.stringify(table.Bob)) throw new Error(`Bob: ${bob}, standings ${table.Bob}`);
    if (JSON.stringify(await listed(page)) !== '[1,2,3]') throw new Error(`Bob's games: ${await listed(page)}`);
    if (await page.evaluate(() => document.body.dataset.game) !== '3') throw new Error('another game was opened');
    await context.close();
  });

  for (const [lang, column, pattern] of [['ru', 'Дебют', /^Ann: партий 3; выигрышей 1, ничьих 1, проигрышей 1/], ['fr', 'Ouverture', /^Ann : parties 3 ; gagnées 1, nulles 1, perdues 1/]]) {
    await check(`in ${lang}: the column's and the header's words, and the player's score`, async () => {
      const { page, context } = await newPage();
      await openFile(page, 'fixture', FIXTURE, `&lang=${lang}`);
      const header = await page.$eval('#game-list th.col-opening', (e) => e.textContent);
      if (!header.startsWith(column)) throw new Error(`column header ${header}`);
      const title = await page.$eval('#game-header [data-opening]', (e) => e.title);
      if (title !== column) throw new Error(`header title ${title}`);
      await page.click('#game-header button[data-player="Ann"]');
      await page.waitForSelector('#explorer [data-player-games="3"]', { timeout: 30000 });
      const ann = await page.$eval('#explorer [data-player-games]', (e) => e.textContent);
      if (!pattern.test(ann)) throw new Error(`Ann: ${ann}`);
      await context.close();
    });
  }

  for (const [size, viewport] of [['1280', { width: 1280, height: 800 }], ['360', { width: 360, height: 740 }]]) {
    await check(`<pdn-viewer explorer> and embed.html?explorer=1 at ${size} px: the name in the header lists the player's games; without the attribute the names are text`, async () => {
      const { page, context } = await newPage(viewport);
      const src = await serve(page, 'element', FIXTURE);
      const html = (attrs) => `<!doctype html><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<script type="module" src="/www/pdn-viewer.js"></script><pdn-viewer ${attrs} src="${src}"></pdn-viewer>`;
      for (const [name, attrs] of [['plain', ''], ['explorer', 'explorer']]) {
        await page.route(`${server.origin}/names-${name}.html`, (r) => r.fulfill({ contentType: 'text/html', body: html(attrs) }));
      }
      const inside = (sel) => page.evaluate((sel) => {
        const r = document.querySelector('pdn-viewer').shadowRoot;
        return [...r.querySelectorAll(sel)].map((e) => e.dataset.player ?? e.dataset.game ?? e.textContent);
      }, sel);
      // Without the attribute: the header's names are plain text, the table's too.
      await page.goto(`${server.origin}/names-plain.html`);
      await page.waitForFunction(() => document.querySelector('pdn-viewer')?.shadowRoot?.querySelector('[data-opening]'), null, { timeout: 30000 });
      const opening = await page.evaluate(() => document.querySelector('pdn-viewer').shadowRoot.querySelector('[data-opening]').dataset.opening);
      if (opening !== 'Old Fourteenth') throw new Error(`element's header: ${opening}`);
      if ((await inside('[data-player]')).length) throw new Error('names are buttons without the explorer attribute');
      // With it (the element, then the iframe page): a click on Ann lists her games.
      for (const url of ['/names-explorer.html', `/embed.html?src=${encodeURIComponent(src)}&explorer=1`]) {
        await page.goto(`${server.origin}${url}`);
        await page.waitForFunction(() => document.querySelector('pdn-viewer')?.shadowRoot?.querySelector('button[data-player="Ann"]'), null, { timeout: 30000 });
        await page.evaluate(() => document.querySelector('pdn-viewer').shadowRoot.querySelector('.game-header button[data-player="Ann"]').click());
        await page.waitForFunction(() => document.querySelector('pdn-viewer').shadowRoot.querySelector('[data-player-games="3"]'), null, { timeout: 30000 });
        // The table is a part of its own, which may come after the player's card: polled.
        const games = await pollUntil(() => inside('tr[data-game]'), (g) => JSON.stringify(g.map(Number)) === '[1,3,4]');
        if (JSON.stringify(games.map(Number)) !== '[1,3,4]') throw new Error(`${url}: Ann's games ${games}`);
      }
      await context.close();
    });
  }

  if (TINSLEY && existsSync(TINSLEY)) {
    await check('tinsley.pdn (724 English games): names in the header and the column; a click on a name lists the player\'s games (as many as pdn standings counts); screenshots', async () => {
      const table = standings(TINSLEY);
      for (const [size, viewport] of [['1280', { width: 1280, height: 800 }], ['360', { width: 360, height: 740 }], ['1920', { width: 1920, height: 1080 }]]) {
        const { page, context } = await newPage(viewport);
        await openFile(page, 'tinsley', TINSLEY);
        // Game 1: 11-15 23-18 8-11 27-23 4-8: the Cross (not the Slip Cross: 4-8, not 11-16).
        const name = await page.$eval('#game-header [data-opening]', (e) => e.dataset.opening);
        if (name !== 'Cross') throw new Error(`game 1: ${name}`);
        const shot = path.join(artifacts, `names-${size}.png`);
        await page.screenshot({ path: shot });
        // Nothing sticks out to the right of the window.
        const wide = await page.evaluate((w) => [...document.querySelectorAll('#game-header *, #game-list td, #game-list th')]
          .filter((e) => e.getClientRects().length && e.getBoundingClientRect().right > w + 1)
          .map((e) => `${e.tagName}.${e.className}`).slice(0, 5), viewport.width);
        if (wide.length) throw new Error(`sticking out at ${size}: ${wide}`);
        if (screenshots && size !== '1920') copyFileSync(shot, path.join(root, 'docs', 'screenshots', size === '360' ? 'names-phone.png' : 'names.png'));
        if (size === '1280') {
          const cell = await page.$eval('#game-list tr[data-game="1"] td.col-opening', (e) => e.textContent);
          if (cell !== 'Cross') throw new Error(`row 1: ${cell}`);
          // Every row in view has a name: the table's names cover the 2-move openings.
          const empty = Object.values(await openings(page)).filter((v) => !v).length;
          if (empty) throw new Error(`${empty} rows in view without a name`);
          await page.click('#game-header button[data-player="MF Tinsley"]');
          await page.waitForFunction(() => /^MF Tinsley:/.test(document.querySelector('#explorer [data-player-games]')?.textContent || ''), null, { timeout: 60000 });
          const line = await page.$eval('#explorer [data-player-games]', (e) => e.textContent);
          // The same games as pdn standings counts. (Not its W/D/L: the file has no GameType
          // tags, and the standings read its results White first while the Explorer reads them
          // as the replayed variant's, Black first; left to the standings' owners.)
          const [games, ...counts] = line.match(/\d+/g).map(Number);
          const sum = (a) => a[0] + a[1] + a[2];
          if (games !== sum(table['MF Tinsley']) || sum(counts) !== games) throw new Error(`${line}; standings ${table['MF Tinsley']}`);
          const rows = await listed(page);
          const players = await page.$$eval('#game-list tr[data-game]', (els) => els.map((e) => [e.querySelector('.col-white').textContent, e.querySelector('.col-black').textContent]));
          if (!rows.length || players.some((p) => !p.includes('MF Tinsley'))) throw new Error(`listed: ${JSON.stringify(players.slice(0, 5))}`);
        }
        await context.close();
      }
    });
  }

  if (ABATSIEV && existsSync(ABATSIEV)) {
    await check('Abatsiev\'s Russian games: an Opening tag ("Kol") wins; placeholders ("***") give the table\'s name (Кол); the filter finds them; in Russian', async () => {
      const { page, context } = await newPage();
      await openFile(page, 'abatsiev', ABATSIEV, '&lang=ru');
      // The filter also matches players and events: the games whose Opening cell is the tag's.
      await page.fill('#game-filter', 'Kol');
      await page.waitForFunction(() => document.querySelectorAll('#game-list tr[data-game]').length > 0);
      const tagged = Object.fromEntries(Object.entries(await openings(page)).filter(([, v]) => v === 'Kol'));
      if (Object.keys(tagged).length < 5) throw new Error(`"Kol": ${JSON.stringify(await openings(page))}`);
      const first = Object.keys(tagged)[0];
      await page.click(`#game-list tr[data-game="${first}"]`);
      await page.waitForFunction((n) => document.body.dataset.game === n, first);
      const header = await page.$eval('#game-header [data-opening]', (e) => e.dataset.opening);
      if (header !== 'Kol') throw new Error(`header ${header}`);
      await page.fill('#game-filter', 'Кол');
      await page.waitForFunction(() => document.querySelectorAll('#game-list tr[data-game]').length > 0);
      // The filter matches part of a name: Кол and Обратный кол; the players are in Latin letters.
      const found = await openings(page);
      const named = Object.fromEntries(Object.entries(found).filter(([, v]) => v === 'Кол'));
      if (!Object.values(found).every((v) => /кол/i.test(v)) || Object.keys(named).length < 3) throw new Error(`"Кол": ${JSON.stringify(found)}`);
      await context.close();
      return `${Object.keys(tagged).length} games tagged Kol…, ${Object.keys(named).length} named Кол by the table`;
    });
  }
} catch (e) {
  fail('set-up', e);
}
await Promise.all([browser.close(), server.stop()]);
finish();
