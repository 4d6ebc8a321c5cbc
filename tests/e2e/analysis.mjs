// End-to-end tests of the analysis board, as a person uses it in Chromium: moves played by
// clicks and drags (quiet moves and captures in International, English, Russian with a man
// crowned during its capture, Frisian with an orthogonal capture, Turkish), an ambiguous
// flying-king capture chosen both ways (through a landing square, and from the list), a move
// typed in notation, a new variation, its promotion and deletion, a comment and a strength
// mark, the edited game exported and read back the same, and marks from a file and drawn by the
// user, exported. Prints one line per check and `N passed, N failed`; exits non-zero on failure.
//
//   node tests/e2e/analysis.mjs                  every check
//   node tests/e2e/analysis.mjs --screenshots    also writes docs/screenshots/analysis.png
//   node tests/e2e/analysis.mjs --bench          also measures clicks (legal moves, a move shown)

import { mkdirSync, readFileSync, copyFileSync } from 'node:fs';
import path from 'node:path';
import {
  artifacts, boardPieces, launchBrowser, loads, openPage, root, startStaticServer, waitLoads, checks,
} from './harness.mjs';

const args = process.argv.slice(2);
const screenshots = args.includes('--screenshots');
const bench = args.includes('--bench');

const pageErrors = [];

function assert(cond, message) {
  if (!cond) throw new Error(message);
}
function assertEqual(actual, expected, what) {
  const a = JSON.stringify(actual);
  const b = JSON.stringify(expected);
  if (a !== b) throw new Error(`${what}: expected ${b}, got ${a}`);
}

const { check, fail, finish } = checks({ problems: pageErrors });

const server = await startStaticServer(root);
const browser = await launchBrowser();
const base = `${server.origin}/index.html`;

async function newPage(options = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true, ...options });
  const page = await context.newPage();
  page.on('pageerror', (e) => pageErrors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') pageErrors.push(m.text()); });
  await openPage(page, base);
  await page.evaluate(() => localStorage.setItem('pdn-viewer.animate', '0'));
  return page;
}

/** Pastes a text, loads it and waits until its first position's legal moves are in. */
async function load(page, text) {
  const n = await loads(page);
  await page.fill('#pdn-input', text);
  await page.click('#load');
  // After edits on the board, another text asks first (tests/e2e/edits.mjs): go ahead.
  const asked = await Promise.race([
    waitLoads(page, n + 1).then(() => false),
    page.waitForSelector('#discard-dialog[open]').then(() => true, () => false),
  ]);
  if (asked) await page.click('#discard-ok');
  await waitLoads(page, n + 1);
  await movesReady(page);
}

const movesReady = (page) => page.waitForSelector('#board[data-moves]');

/** Where a square is on screen. */
async function at(page, label) {
  const box = await page.$eval(`#board rect.sq-dark[data-field="${label}"]`, (e) => e.getBoundingClientRect().toJSON());
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

async function clickSquare(page, label, options = {}) {
  const p = await at(page, label);
  await page.mouse.click(p.x, p.y, options);
}

/** Drags with the mouse from one square to another (left button: a move; right: an arrow). */
async function drag(page, from, to, { button = 'left', modifiers = [] } = {}) {
  const a = await at(page, from);
  const b = await at(page, to);
  for (const m of modifiers) await page.keyboard.down(m);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down({ button });
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 4 });
  await page.mouse.move(b.x, b.y, { steps: 4 });
  await page.mouse.up({ button });
  for (const m of modifiers) await page.keyboard.up(m);
}

/** Waits for the board to show `ply` plies into `line` (null: the mainline), moves asked again. */
async function waitAt(page, ply, line = null) {
  await page.waitForFunction(([p, l]) => document.body.dataset.ply === String(p)
    && (document.body.dataset.line ?? null) === (l == null ? null : String(l)), [ply, line]);
  await movesReady(page);
}

const pieces = (page) => boardPieces(page);

async function moveTexts(page) {
  return page.$$eval('#moves .move', (els) => els.map((e) => `${e.dataset.line ?? 'm'}:${e.dataset.ply}:${e.textContent.trim()}`));
}

/** The shown game downloaded as PDN. */
async function exported(page) {
  const [dl] = await Promise.all([page.waitForEvent('download'), page.click('#download-game')]);
  return readFileSync(await dl.path(), 'utf8');
}

try {
  const page = await newPage();

  await check('International: a quiet move by clicks, a capture by dragging', async () => {
    await load(page, '[GameType "20"]\n*');
    await clickSquare(page, '32');
    const targets = await page.$$eval('#board [data-target]', (els) => els.map((e) => e.dataset.target).sort());
    assertEqual(targets, ['27', '28'], 'where 32 can go');
    await clickSquare(page, '28');
    await waitAt(page, 1);
    const p = await pieces(page);
    assert(p['28'] === 'wm' && !p['32'], '32-28 played');
    assert((await moveTexts(page)).some((m) => m.endsWith('32-28')), 'the move is in the list');
    await load(page, '[GameType "20"][FEN "W:W32:B27,1"]\n*');
    await drag(page, '32', '21');
    await waitAt(page, 1);
    const q = await pieces(page);
    assert(q['21'] === 'wm' && !q['27'] && !q['32'], `32x21 took 27: ${JSON.stringify(q)}`);
  });

  await check('one render: a pick is drawn as a layer over the same board (pieces and an animation stay); a move draws the board anew', async () => {
    await load(page, '[GameType "20"]\n*');
    await page.$eval('#board svg', (svg) => { svg.dataset.before = ''; });
    await clickSquare(page, '33');
    const picked = await page.$eval('#board', (b) => ({
      same: b.querySelector('svg').dataset.before === '',
      svgs: b.querySelectorAll('svg').length,
      targets: [...b.querySelectorAll('[data-overlays="over"] [data-target]')].map((e) => e.dataset.target).sort(),
      selected: b.querySelector('[data-overlays="over"] [data-selected]')?.dataset.selected,
      pieces: b.querySelectorAll('[data-piece]').length,
    }));
    assertEqual(picked, { same: true, svgs: 1, targets: ['28', '29'], selected: '33', pieces: 40 }, 'the pick');
    await clickSquare(page, '25'); // an empty square: the pick goes
    await page.waitForFunction(() => !document.querySelector('#board [data-target]'));
    assert(await page.$('#board svg[data-before]'), 'the same board, without hints');
    await clickSquare(page, '33');
    await clickSquare(page, '29');
    await waitAt(page, 1);
    assert(!(await page.$('#board svg[data-before]')), 'a new position is a new drawing');
    assertEqual(await page.$$('#board [data-target]'), [], 'no pick on the new position');
  });

  await check('touch: a piece tapped then its square tapped plays the move', async () => {
    const t = await newPage({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });
    await load(t, '[GameType "20"]\n*');
    for (const label of ['33', '29']) {
      await t.$eval(`#board rect.sq-dark[data-field="${label}"]`, (e) => e.scrollIntoView({ block: 'center' }));
      const p = await at(t, label);
      await t.touchscreen.tap(p.x, p.y);
    }
    await waitAt(t, 1);
    assert((await pieces(t))['29'] === 'wm', '33-29 played by taps');
    await t.context().close();
  });

  await check('touch: with the marking pen a tap marks a square and a drag draws an arrow; no move is played', async () => {
    const t = await newPage({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });
    await load(t, '[GameType "20"]\n1. 32-28 *');
    await t.selectOption('#mark-pen', 'red');
    await t.$eval('#board rect.sq-dark[data-field="33"]', (e) => e.scrollIntoView({ block: 'center' }));
    const p = await at(t, '33');
    await t.touchscreen.tap(p.x, p.y);
    await t.waitForSelector('#board [data-mark-square="33"][data-color="red"]');
    await t.selectOption('#mark-pen', 'blue');
    await drag(t, '31', '27'); // the pen's drag (a pointer with its first button)
    await t.waitForSelector('#board [data-mark-arrow="31-27"][data-color="blue"]');
    assertEqual(await t.evaluate(() => document.body.dataset.ply), '0', 'no move played');
    assert((await pieces(t))['33'] === 'wm' && (await pieces(t))['31'] === 'wm', 'the men stayed');
    const text = await exported(t);
    assert(text.includes('[%csl R33]') && text.includes('[%cal B31-27]'), text);
    // The pen put away, a tap picks a piece again.
    await t.selectOption('#mark-pen', '');
    await t.$eval('#board rect.sq-dark[data-field="33"]', (e) => e.scrollIntoView({ block: 'center' }));
    const q = await at(t, '33');
    await t.touchscreen.tap(q.x, q.y);
    await t.waitForFunction(() => document.querySelector('#board [data-target]'));
    await t.context().close();
  });

  await check('English: a quiet move (Black first) and a capture', async () => {
    await load(page, '[GameType "21"]\n*');
    await drag(page, '11', '15');
    await waitAt(page, 1);
    assert((await pieces(page))['15'] === 'bm', '11-15 played by dragging');
    await load(page, '[GameType "21"][FEN "W:W23:B18,1"]\n*');
    await clickSquare(page, '23');
    await clickSquare(page, '14');
    await waitAt(page, 1);
    const p = await pieces(page);
    assert(p['14'] === 'wm' && !p['18'], `23x14: ${JSON.stringify(p)}`);
  });

  await check('Russian: a man crowned during its capture goes on as a king', async () => {
    await load(page, '[GameType "25"][FEN "W:Wb6:Bc7,f6,h8"]\n*');
    await clickSquare(page, 'b6');
    const targets = await page.$$eval('#board [data-target]', (els) => els.map((e) => e.dataset.target).sort());
    assertEqual(targets, ['g5', 'h4'], 'the king lands behind f6');
    await clickSquare(page, 'h4');
    await waitAt(page, 1);
    const p = await pieces(page);
    assert(p.h4 === 'wk' && !p.c7 && !p.f6, `b6:h4 crowned, two taken: ${JSON.stringify(p)}`);
    assert((await moveTexts(page)).some((m) => m.endsWith('b6:h4')), 'written with the Russian colon');
  });

  await check('Frisian: an orthogonal capture', async () => {
    await load(page, '[GameType "40"][FEN "W:W28:B27,1"]\n*');
    await drag(page, '28', '26');
    await waitAt(page, 1);
    const p = await pieces(page);
    assert(p['26'] === 'wm' && !p['27'], `28x26 along the row: ${JSON.stringify(p)}`);
  });

  await check('Turkish: a quiet move and a capture on the orthogonal board', async () => {
    await load(page, '[GameType "30"]\n*');
    await clickSquare(page, 'd3');
    await clickSquare(page, 'd4');
    await waitAt(page, 1);
    assert((await pieces(page)).d4 === 'wm', 'd3-d4');
    await load(page, '[GameType "30"][FEN "W:Wd4:Bd5,a7"]\n*');
    await drag(page, 'd4', 'd6');
    await waitAt(page, 1);
    const p = await pieces(page);
    assert(p.d6 === 'wm' && !p.d5, `d4xd6: ${JSON.stringify(p)}`);
  });

  const KING = '[GameType "20"][FEN "W:WK47:B14,19,29,31,42"]\n*';
  await check('an ambiguous flying-king capture, chosen through a landing square', async () => {
    await load(page, KING);
    await clickSquare(page, '47');
    await clickSquare(page, '36');
    const routes = await page.$$eval('#routes .route', (els) => els.map((e) => e.textContent).sort());
    assertEqual(routes, ['47x38x20x9x36', '47x38x24x13x36'], 'both routes offered');
    const via = await page.$$eval('#board [data-via]', (els) => els.map((e) => e.dataset.via).sort());
    assertEqual(via, ['13', '20', '24', '9'], 'the landing squares that tell them apart');
    await clickSquare(page, '24');
    await waitAt(page, 1);
    const p = await pieces(page);
    assert(p['36'] === 'wk' && !p['19'] && !p['29'] && p['14'] === 'bm', `the route by 24 took 19 and 29, not 14: ${JSON.stringify(p)}`);
  });

  await check('the same capture chosen from the list of routes, and typed in notation', async () => {
    await load(page, KING);
    await clickSquare(page, '47');
    await clickSquare(page, '36');
    await page.click('#routes .route[data-route="47x38x20x9x36"]');
    await waitAt(page, 1);
    let p = await pieces(page);
    assert(p['36'] === 'wk' && !p['14'] && p['19'] === 'bm', `the route by 20 took 14, not 19: ${JSON.stringify(p)}`);
    // Dragged to a landing square on the way: the capture is not cut short; the end is clicked.
    await load(page, KING);
    await drag(page, '47', '13');
    assert(await page.$('#board [data-chosen="13"]'), 'the square on the way is kept');
    assertEqual(await page.$$eval('#board [data-target]', (els) => els.map((e) => e.dataset.target)), ['36'], 'the end still to click');
    assertEqual(await page.evaluate(() => document.body.dataset.ply), '0', 'nothing played yet');
    await clickSquare(page, '36');
    await waitAt(page, 1);
    p = await pieces(page);
    assert(p['36'] === 'wk' && p['14'] === 'bm' && !p['19'], `the route by 13 took 19: ${JSON.stringify(p)}`);
    await load(page, KING);
    await page.fill('#move-input', '47x38x24x13x36');
    await page.press('#move-input', 'Enter');
    await waitAt(page, 1);
    p = await pieces(page);
    assert(p['36'] === 'wk' && p['14'] === 'bm', 'typed route played');
    await load(page, '[GameType "21"]\n*');
    await page.fill('#move-input', '9-13');
    await page.press('#move-input', 'Enter');
    await waitAt(page, 1);
    assert((await pieces(page))['13'] === 'bm', 'typed 9-13');
  });

  const GAME = '[White "A"][Black "B"][GameType "20"]\n1. 32-28 19-23 2. 28x19 14x23 *';
  await check('a new variation, comment and mark, promoted, deleted; the export reads back the same', async () => {
    await load(page, GAME);
    await page.click('#moves .move[data-ply="1"]:not([data-line])');
    await waitAt(page, 1);
    // The game's own next move steps forward.
    await clickSquare(page, '19');
    await clickSquare(page, '23');
    await waitAt(page, 2);
    await page.click('#moves .move[data-ply="1"]:not([data-line])');
    await waitAt(page, 1);
    await clickSquare(page, '17');
    await clickSquare(page, '22');
    await waitAt(page, 1, 0);
    assert(await page.$('#moves .move[data-line="0"][data-ply="1"]'), 'the variation is in the list');
    await drag(page, '28', '17');
    await waitAt(page, 2, 0);
    await page.fill('#comment-input', 'the only capture');
    await page.click('#save-comment');
    await page.waitForFunction(() => document.querySelector('#moves').textContent.includes('the only capture'));
    await page.selectOption('#strength', '!');
    await page.waitForSelector('#moves .move[data-line="0"][data-ply="2"]:has-text("28x17!")');
    const shown = await moveTexts(page);
    const text = await exported(page);
    assert(text.includes('(1... 17-22 2. 28x17! {the only capture})'), text);
    await load(page, text);
    assertEqual(await moveTexts(page), shown, 'the exported game read back shows the same moves');
    // Promote it, then delete what was the mainline.
    await page.click('#moves .move[data-line="0"][data-ply="2"]');
    await waitAt(page, 2, 0);
    await page.click('#promote-variation');
    await waitAt(page, 2);
    assert((await exported(page)).includes('1. 32-28 17-22 (1... 19-23 2. 28x19 14x23) 2. 28x17!'), 'promoted');
    await page.click('#moves .move[data-line="0"][data-ply="1"]');
    await waitAt(page, 1, 0);
    await page.click('#delete-variation');
    await waitAt(page, 1);
    assertEqual(await page.$$eval('#moves .move[data-line]', (e) => e.length), 0, 'no variation left');
    assert((await exported(page)).includes('1. 32-28 17-22 2. 28x17! {the only capture} *'), 'deleted');
  });

  const MARKED = '[GameType "21"] {[%csl Rc3]} 1. 11-15 {[%cal G22-18,b23-19] [%csl Y15]} *';
  await check('marks from the file drawn in their colours; marks drawn by the user exported', async () => {
    await load(page, MARKED.replace('Rc3', 'R21'));
    let marks = await page.$$eval('#board [data-color]', (els) => els.map((e) => `${e.dataset.markSquare ?? e.dataset.markArrow}:${e.dataset.color}`).sort());
    assertEqual(marks, ['21:red'], 'the start position\'s square');
    await page.keyboard.press('ArrowRight');
    await waitAt(page, 1);
    marks = await page.$$eval('#board [data-color]', (els) => els.map((e) => `${e.dataset.markSquare ?? e.dataset.markArrow}:${e.dataset.color}`).sort());
    assertEqual(marks, ['15:yellow', '22-18:green', '23-19:blue'], 'squares and arrows after 11-15');
    // The user adds a square (right click) and a red arrow (Shift + right drag), removes one.
    await clickSquare(page, '10', { button: 'right' });
    await page.waitForSelector('#board [data-mark-square="10"][data-color="green"]');
    await drag(page, '24', '20', { button: 'right', modifiers: ['Shift'] });
    await page.waitForSelector('#board [data-mark-arrow="24-20"][data-color="red"]');
    await drag(page, '22', '18', { button: 'right' });
    await page.waitForFunction(() => !document.querySelector('#board [data-mark-arrow="22-18"]'));
    const text = await exported(page);
    assert(text.includes('[%csl Y15,G10] [%cal B23-19,R24-20]'), text);
    if (screenshots) {
      await page.mouse.move(0, 0);
      await clickSquare(page, '23');
      mkdirSync(artifacts, { recursive: true });
      const file = path.join(artifacts, 'analysis.png');
      await page.locator('.viewer').screenshot({ path: file });
      copyFileSync(file, path.join(root, 'docs', 'screenshots', 'analysis.png'));
    }
  });

  await check('the share link carries the edited game', async () => {
    await load(page, GAME);
    await page.keyboard.press('End');
    await waitAt(page, 4);
    await clickSquare(page, '37');
    await clickSquare(page, '32');
    await waitAt(page, 5);
    await page.click('#copy-link');
    // The edited game has no comment or variation: a short link (#g=, issue 41).
    await page.waitForFunction(() => document.getElementById('share-link').value.includes('#g='));
    const url = await page.inputValue('#share-link');
    const other = await newPage();
    await other.goto(url);
    await other.waitForSelector('body[data-ready="1"]');
    await other.waitForSelector('#moves .move[data-ply="5"]');
    assert((await moveTexts(other)).some((m) => m.endsWith('37-32')), 'the link shows the new move');
    await other.context().close();
  });

  await check('<pdn-viewer analysis>: a move played on the element\'s board starts a variation; marks drawn', async () => {
    const p = await newPage();
    await p.evaluate(async (text) => {
      await import('/www/pdn-viewer.js');
      const el = document.createElement('pdn-viewer');
      el.setAttribute('analysis', '');
      el.setAttribute('ply', '1');
      el.textContent = text;
      document.body.prepend(el);
    }, '[GameType "20"] 1. 32-28 {[%csl R28]} 19-23 *');
    await p.waitForSelector('pdn-viewer[data-ply="1"]');
    await p.waitForSelector('pdn-viewer [data-mark-square="28"][data-color="red"]');
    const square = async (label) => {
      const b = await p.$eval(`pdn-viewer rect.sq-dark[data-field="${label}"]`, (e) => e.getBoundingClientRect().toJSON());
      return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
    };
    await p.waitForFunction(() => document.querySelector('pdn-viewer').shadowRoot.querySelector('[data-moves]'));
    let s = await square('17');
    await p.mouse.click(s.x, s.y);
    s = await square('22');
    await p.mouse.click(s.x, s.y);
    await p.waitForSelector('pdn-viewer[data-line="0"][data-ply="1"]');
    assert(await p.$('pdn-viewer .move[data-line="0"]'), 'the variation is in the element\'s move list');
    await p.context().close();
  });

  if (bench) {
    await check('speed: legal moves on a click, a played move shown (benchmark)', async () => {
      await load(page, '[GameType "20"]\n*');
      const times = await page.evaluate(async () => {
        const board = document.getElementById('board');
        const centre = (label) => {
          const r = board.querySelector(`rect.sq-dark[data-field="${label}"]`).getBoundingClientRect();
          return { clientX: r.x + r.width / 2, clientY: r.y + r.height / 2 };
        };
        const fire = (label, type) => {
          const target = board.querySelector(`rect.sq-dark[data-field="${label}"]`);
          target.dispatchEvent(new PointerEvent(type, { bubbles: true, button: 0, pointerId: 1, pointerType: 'mouse', ...centre(label) }));
        };
        const frame = () => new Promise((r) => requestAnimationFrame(() => r()));
        const wait = (fn) => new Promise((r) => { const t = () => (fn() ? r() : setTimeout(t, 0)); t(); });
        const select = [];
        const shown = [];
        const applied = [];
        const drawn = [];
        const pairs = [['32', '28'], ['19', '23'], ['28', '19']];
        for (let round = 0; round < 10; round++) {
          document.querySelector('#moves .move') || null;
          for (const [from, to] of pairs) {
            await wait(() => board.dataset.moves);
            const t0 = performance.now();
            fire(from, 'pointerdown'); fire(from, 'pointerup');
            select.push(performance.now() - t0);
            const ply = document.body.dataset.ply;
            const t1 = performance.now();
            fire(to, 'pointerdown'); fire(to, 'pointerup');
            // Shown: the piece stands on its square in the board drawn, at the next frame.
            if (!board.querySelector(`[data-piece][data-square="${to}"]`)) throw new Error(`${from}-${to} not drawn at once`);
            drawn.push(performance.now() - t1);
            await frame();
            shown.push(performance.now() - t1);
            await wait(() => document.body.dataset.ply !== ply);
            applied.push(performance.now() - t1);
          }
          document.getElementById('first').click();
          await frame();
        }
        const stats = (a) => { const s = [...a].sort((x, y) => x - y); return { median: s[s.length >> 1], max: s[s.length - 1] }; };
        return { select: stats(select), drawn: stats(drawn), shown: stats(shown), applied: stats(applied) };
      });
      return `legal moves and their marks on a click: median ${times.select.median.toFixed(2)} ms, max ${times.select.max.toFixed(2)} ms; `
        + `a played move drawn (in the click's task): median ${times.drawn.median.toFixed(2)} ms, max ${times.drawn.max.toFixed(2)} ms; `
        + `on screen (next frame): median ${times.shown.median.toFixed(1)} ms, max ${times.shown.max.toFixed(1)} ms; `
        + `the edited game back from the worker, list redrawn: median ${times.applied.median.toFixed(1)} ms, max ${times.applied.max.toFixed(1)} ms`;
    });
  }

  await check('no page errors', async () => { assertEqual(pageErrors, [], 'errors'); });
} catch (e) {
  fail('setup', e);
} finally {
  await browser.close();
  await server.stop();
}
finish();
