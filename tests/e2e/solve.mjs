// End-to-end tests of solve mode, as a person solves a problem in Chromium, by clicks: a FEN
// problem (tests/e2e/fixtures/problem.pdn) with the solution as its mainline, one alternative
// marked good (!) and one wrong try with the text's refutation. Right, wrong and retried, shown,
// taken back, started again and solved; on the main page (?mode=solve, ply=, the Solve toggle,
// a #pdn= link with game=), in <pdn-viewer mode="solve"> and in the iframe page
// (embed.html?mode=solve); at 1280×800 and 360×740, with the board and the solve controls in
// view. A move the text does not give is put to the engine (loaded only then): a second winning
// first move (tests/e2e/fixtures/two-wins.pdn) is accepted and solved against the engine's
// replies, a losing one refuted by the engine. Prints one line per check and `N passed, N
// failed`; exits non-zero on failure.
//
//   node tests/e2e/solve.mjs                  every check
//   node tests/e2e/solve.mjs --screenshots    also writes docs/screenshots/solve.png

import { mkdirSync, copyFileSync, readFileSync } from 'node:fs';
import { deflateRawSync } from 'node:zlib';
import path from 'node:path';
import { artifacts, launchBrowser, root, startStaticServer, checks } from './harness.mjs';

const screenshots = process.argv.slice(2).includes('--screenshots');

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
const problem = 'tests/e2e/fixtures/problem.pdn';
const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 360, height: 740 } };

async function newPage(size, url, options = {}) {
  const context = await browser.newContext({ viewport: SIZES[size], ...options });
  const page = await context.newPage();
  page.on('pageerror', (e) => pageErrors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') pageErrors.push(m.text()); });
  await page.goto(`${server.origin}/${url}`);
  return page;
}

/**
 * One viewer being solved: `root` is a Playwright locator holding its board and solve panel
 * (the page's body, a <pdn-viewer>, the element in the iframe).
 */
function solver(page, rootLocator) {
  const q = (sel) => rootLocator.locator(sel).first();
  const s = {
    q,
    state: () => q('.solve-panel').getAttribute('data-state'),
    async waitState(want) {
      for (let i = 0; i < 100; i++) {
        if (await s.state() === want) return;
        await page.waitForTimeout(50);
      }
      throw new Error(`solve state: expected ${want}, got ${await s.state()}`);
    },
    status: () => q('.solve-status').textContent(),
    message: () => q('.solve-message').textContent(),
    async waitMessage(part) {
      // The engine's answers (a move past the text) take up to its time, after its worker loads.
      for (let i = 0; i < 200; i++) {
        if ((await s.message()).includes(part)) return;
        await page.waitForTimeout(50);
      }
      throw new Error(`message: expected …${part}…, got ${await s.message()}`);
    },
    ply: () => q('.board').getAttribute('data-ply'),
    async waitPly(want) {
      for (let i = 0; i < 100; i++) {
        if (await s.ply() === String(want)) return;
        await page.waitForTimeout(50);
      }
      throw new Error(`ply: expected ${want}, got ${await s.ply()} (${await s.state()}: ${await s.message()})`);
    },
    /** Waits until the moves listed are `want` (the list is drawn after the board). */
    async waitListed(want, what) {
      for (let i = 0; i < 200; i++) {
        if (JSON.stringify(await s.listed()) === JSON.stringify(want)) return;
        await page.waitForTimeout(50);
      }
      assertEqual(await s.listed(), want, what);
    },
    /** The moves listed as played: ["27-22:right", "17x39:reply", …]. */
    listed: () => rootLocator.locator('.solve-move').evaluateAll((els) => els.map((e) => `${e.firstChild.textContent}:${e.dataset.kind}`)),
    piece: (square) => rootLocator.locator(`.board [data-piece][data-square="${square}"]`).count(),
    async ready() {
      await q('.board[data-moves]').waitFor();
    },
    async click(square) {
      const sq = q(`.board rect.sq-dark[data-field="${square}"]`);
      await sq.scrollIntoViewIfNeeded();
      const box = await sq.boundingBox();
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    },
    async play(from, to) {
      await q('.solve-panel:not([data-busy])').waitFor();
      await s.ready();
      await s.click(from);
      await s.click(to);
    },
    button: (name) => q(`.solve-actions [data-solve="${name}"]`),
  };
  return s;
}

/** Right, wrong (refuted and unknown) and retried, shown, solved, taken back, started again. */
async function solveAll(s) {
  await s.waitState('solving');
  assertEqual((await s.status()).trim(), 'White to play', 'the side to move');
  assert(!(await s.q('.moves').isVisible()), 'the move list is hidden');
  // A refuted try: "not this one", with the text's answer; the board goes back.
  await s.play('33', '29');
  await s.waitMessage('not this one, the answer is 23x34');
  assertEqual(await s.piece('34'), 1, 'the refutation 23x34 is on the board');
  await s.waitPly(0);
  assertEqual(await s.piece('34'), 0, 'and taken back');
  for (let i = 0; i < 40 && !(await s.piece('33')); i++) await new Promise((r) => setTimeout(r, 50));
  assertEqual(await s.piece('33'), 1, 'the wrong move is taken back');
  // A move the text does not give at all: the engine is asked, proves it loses, refutes it
  // (21x41 is Black's only capture); the board goes back.
  await s.play('32', '28');
  await s.waitMessage('32-28: not this one, the engine answers 21x41. Try again.');
  await s.q('.solve-panel:not([data-busy])').waitFor();
  for (let i = 0; i < 40 && !(await s.piece('32')); i++) await new Promise((r) => setTimeout(r, 50));
  assertEqual([await s.piece('32'), await s.piece('28')], [1, 0], 'the move the engine refuted is taken back');
  await s.waitState('solving');
  // The text's move, answered by the text's reply.
  await s.play('27', '22');
  await s.waitMessage('27-22: right.');
  await s.waitPly(2);
  await s.waitListed(['27-22:right', '17x39:reply'], 'the moves so far');
  assertEqual((await s.status()).trim(), 'White to play', 'White to play again');
  // Shown on request: solved, with the count of tries and shown moves.
  await s.button('show').click();
  await s.waitState('solved');
  await s.waitListed(['27-22:right', '17x39:reply', '26x8:shown'], 'the shown move');
  const status = await s.status();
  assert(status.includes('Solved!') && status.includes('Wrong tries: 2. Moves shown: 1.'), status);
  assert(await s.button('show').isDisabled(), 'nothing more to show');
  // Taken back, then started again.
  await s.button('back').click();
  await s.waitState('solving');
  await s.waitPly(2);
  await s.button('restart').click();
  await s.waitPly(0);
  await s.waitListed([], 'started again');
  // The alternative the author marked good: accepted, answered, solved.
  await s.play('33', '28');
  await s.waitMessage('33-28: also good.');
  await s.waitState('solved');
  await s.waitListed(['33-28:accepted', '23-29:reply'], 'the accepted line');
}

/** The board and the solve controls are both on screen (after the board is scrolled to). */
async function inView(page, s, size) {
  await s.q('.board').evaluate((e) => e.scrollIntoView({ block: 'start' }));
  const board = await s.q('.board').boundingBox();
  const actions = await s.q('.solve-actions').boundingBox();
  const { height, width } = SIZES[size];
  assert(board.y >= -1 && board.y + board.height <= height, `board ${JSON.stringify(board)} in a ${width}×${height} window`);
  assert(actions.y >= 0 && actions.y + actions.height <= height, `solve buttons ${JSON.stringify(actions)} in a ${width}×${height} window`);
  assert(board.x >= 0 && board.x + board.width <= width + 1, 'board within the width');
}

try {
  for (const size of ['desktop', 'phone']) {
    const touch = size === 'phone' ? { hasTouch: true, isMobile: true } : {};

    await check(`${size}: index.html?mode=solve&src=: right, wrong and retry, show, solved`, async () => {
      const page = await newPage(size, `index.html?mode=solve&src=${problem}`, touch);
      const s = solver(page, page.locator('body'));
      await s.waitState('solving');
      await inView(page, s, size);
      assertEqual(await page.locator('#solve-toggle').getAttribute('aria-pressed'), 'true', 'the toggle is pressed');
      await solveAll(s);
      if (screenshots && size === 'desktop') {
        await s.button('restart').click();
        await s.waitPly(0);
        await s.play('33', '29');
        await s.waitMessage('not this one');
        await s.waitPly(0);
        await page.waitForTimeout(700);
        await s.play('27', '22');
        await s.waitPly(2);
        await page.waitForTimeout(1500); // the reply's animation ends
        const dir = path.join(artifacts);
        mkdirSync(dir, { recursive: true });
        const file = path.join(dir, 'solve.png');
        await page.locator('.viewer').screenshot({ path: file });
        copyFileSync(file, path.join(root, 'docs', 'screenshots', 'solve.png'));
      }
      await page.context().close();
    });
  }

  await check('ply= starts later; the address keeps mode=solve; the toggle leaves and starts again', async () => {
    const page = await newPage('desktop', `index.html?mode=solve&src=${problem}&ply=2`);
    const s = solver(page, page.locator('body'));
    await s.waitState('solving');
    await s.waitPly(2);
    await page.waitForFunction(() => new URL(location.href).searchParams.get('mode') === 'solve');
    await s.play('26', '8');
    await s.waitState('solved');
    // The address still names the start of the problem.
    await page.waitForFunction(() => new URL(location.href).searchParams.get('ply') === '2');
    await page.click('#solve-toggle');
    await page.waitForFunction(() => !document.body.dataset.solve);
    assert(await page.locator('#moves').isVisible(), 'the move list is back');
    assert(await page.locator('#next').isVisible(), 'the navigation is back');
    await page.waitForFunction(() => !new URL(location.href).searchParams.has('mode'));
    await page.click('#first');
    await s.waitPly(0);
    await page.click('#solve-toggle');
    await s.waitState('solving');
    await s.play('27', '22');
    await s.waitPly(2);
    // The navigation keys do not step into the solution.
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('End');
    await page.waitForTimeout(200);
    assertEqual(await s.ply(), '2', 'keys do not show the coming moves');
    await page.context().close();
  });

  await check('a #pdn= link with mode=solve and game=: the second game of two, solved', async () => {
    const text = `[Event "Another"]\n[GameType "20"]\n1. 32-28 *\n\n${readFileSync(path.join(root, problem), 'utf8')}`;
    const packed = deflateRawSync(Buffer.from(text, 'utf8')).toString('base64url');
    const page = await newPage('desktop', `index.html?mode=solve#pdn=${packed}&game=2&ply=0`);
    const s = solver(page, page.locator('body'));
    await s.waitState('solving');
    await page.waitForFunction(() => document.body.dataset.game === '2');
    await s.play('27', '22');
    await s.waitPly(2);
    await s.play('26', '8');
    await s.waitState('solved');
    await s.waitListed(['27-22:right', '17x39:reply', '26x8:right'], 'solved by the reader');
    await page.context().close();
  });

  for (const size of ['desktop', 'phone']) {
    await check(`${size}: <pdn-viewer mode="solve"> and embed.html?mode=solve in an iframe`, async () => {
      const page = await newPage(size, 'tests/e2e/fixtures/solve-host.html', size === 'phone' ? { hasTouch: true, isMobile: true } : {});
      const element = solver(page, page.locator('#problem'));
      await solveAll(element);
      // Solve mode refuses navigation by its mode: the element's goTo() and a swipe step nowhere.
      const at = await element.ply();
      assert(Number(at) > 0, 'solved: moves were played');
      await page.$eval('#problem', (el) => el.goTo('last'));
      await page.$eval('#problem', (el) => {
        const board = el.shadowRoot.querySelector('.board');
        const r = board.getBoundingClientRect();
        const svg = board.querySelector('svg').getBoundingClientRect();
        // Along the top row, from one light square to another: no piece is picked up on the way.
        const y = svg.y + svg.height * 0.05;
        const fire = (type, x) => board.dispatchEvent(new PointerEvent(type, { bubbles: true, pointerId: 9, pointerType: 'touch', clientX: x, clientY: y }));
        fire('pointerdown', svg.x + svg.width * 0.85);
        fire('pointerup', svg.x + svg.width * 0.05);
      });
      await page.waitForTimeout(200);
      assertEqual(await element.ply(), at, 'goTo() and a swipe do not show the coming moves');
      await inView(page, element, size);
      const frame = solver(page, page.frameLocator('#frame').locator('pdn-viewer'));
      await frame.q('.board').evaluate((e) => e.scrollIntoView({ block: 'start' }));
      await solveAll(frame);
      await page.context().close();
    });
  }

  await check('a second winning move the text does not give: accepted, the engine replies, solved; a losing one refuted', async () => {
    const requests = [];
    const page = await newPage('desktop', 'index.html?mode=solve&src=tests/e2e/fixtures/two-wins.pdn');
    page.on('request', (r) => requests.push(r.url()));
    const s = solver(page, page.locator('body'));
    await s.waitState('solving');
    await s.ready();
    await page.waitForTimeout(300);
    // The wiring (view/engine-part.js) comes after the first screen; the engine itself not yet.
    assertEqual(requests.filter((u) => u.includes('engine') && !u.endsWith('/www/view/engine-part.js')), [], 'no engine before a move past the text');
    // A losing move the text does not give: refused, with the engine's refutation, taken back.
    await s.play('41', '37');
    await s.waitMessage('41-37: not this one, the engine answers 32x41. Try again.');
    assert(requests.some((u) => u.endsWith('engine_bg.wasm')), 'the engine loads on that move');
    await s.q('.solve-panel:not([data-busy])').waitFor();
    for (let i = 0; i < 40 && !(await s.piece('41')); i++) await page.waitForTimeout(50);
    assertEqual([await s.piece('41'), await s.piece('37'), await s.piece('32')], [1, 0, 1], 'taken back');
    await s.waitListed([], 'nothing played');
    // The other winning move: accepted in its own words, and the engine plays Black's reply.
    await s.play('43', '39');
    await s.waitMessage('43-39: not in the solution, but it also wins');
    for (let i = 0; i < 100 && (await s.listed()).length < 2; i++) await page.waitForTimeout(50);
    const listed = await s.listed();
    assertEqual(listed[0], '43-39:engine', 'the accepted move');
    assert(['32-37:reply', '32-38:reply'].includes(listed[1]), `the engine's reply: ${listed}`);
    const reply = listed[1].slice(3, 5);
    assertEqual([await s.piece('32'), await s.piece(reply), await s.piece('39')], [0, 1, 1], 'the reply is on the board');
    assertEqual(await s.state(), 'solving', 'not solved yet');
    assertEqual((await s.status()).trim(), 'White to play', 'White to play past the text');
    assert(await s.button('show').isDisabled(), 'the text has no move to show past it');
    // Played on against the engine until Black has nothing left.
    if (reply === '37') {
      await s.play('41', '32');
    } else {
      await s.play('41', '37');
      await s.waitMessage('41-37: not in the solution, but it also wins');
      for (let i = 0; i < 100 && (await s.listed()).length < 4; i++) await page.waitForTimeout(50);
      const next = (await s.listed())[3];
      assert(['38-42:reply', '38-43:reply'].includes(next), `the engine's second reply: ${next}`);
      if (next.startsWith('38-42')) await s.play('37', '48'); else await s.play('39', '48');
    }
    await s.waitState('solved');
    const status = await s.status();
    assert(status.includes('Solved!') && status.includes('Wrong tries: 1. Moves shown: 0.'), status);
    // Taken back: past the text again, White to play.
    await s.button('back').click();
    await s.waitState('solving');
    assertEqual(await s.piece('48'), 0, 'the last capture is taken back');
    await page.context().close();
  });

  await check('no page errors', async () => { assertEqual(pageErrors, [], 'errors'); });
} catch (e) {
  fail('setup', e);
} finally {
  await browser.close();
  await server.stop();
}
finish();
