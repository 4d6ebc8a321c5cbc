// End-to-end test of the viewer page: serve the repository root with Python's http.server, drive
// the system Chromium with playwright-core, and use the page as a person would (paste, click,
// keys, game selector, share links, file upload, phone and desktop layouts). Pieces are checked
// through the data-square/data-piece contract. Any page error or console error fails the run.
// Prints one line per check and `N passed, N failed` last; exits non-zero when anything failed.

import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { deflateRawSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const artifacts = path.join(here, 'artifacts');
mkdirSync(artifacts, { recursive: true });

if (!existsSync(path.join(root, 'pkg', 'pdn.js'))) {
  console.error('pkg/pdn.js is missing: run `make build` first.');
  console.log('0 passed, 1 failed');
  process.exit(1);
}

// ---------------------------------------------------------------------------------------------
// Test data (hand-checked international games; square numbers as on a 10x10 board).

const GAME_A = `[Event "E2E test A"]
[White "Alpha"]
[Black "Beta"]
[Result "*"]
[GameType "20"]

1. 32-28 19-23 2. 28x19 14x23 {Black takes back} 3. 33-28 23x32 4. 37x28 *
`;

// A set-up position where White's first move is a double capture (32 over 27 and 17 to 12) and
// White later crowns a king on 3.
const GAME_B = `[Event "E2E test B"]
[White "Gamma"]
[Black "Delta"]
[Result "*"]
[GameType "20"]
[FEN "W:W32,45:B27,17,5"]

1. 32x12 5-10 2. 45-40 10-14 3. 12-8 14-19 4. 8-3 19-24 *
`;

const GAME_BROKEN = `[Event "E2E broken"]
[White "Epsilon"]
[Black "Zeta"]
[Result "*"]
[GameType "20"]

1. 32-28 19-23 2. 27-21 14-19 3. 33-29 *
`;

const START_PIECES = Object.fromEntries([
  ...Array.from({ length: 20 }, (_, i) => [String(i + 1), 'bm']),
  ...Array.from({ length: 20 }, (_, i) => [String(i + 31), 'wm']),
]);

/** Pieces after a list of moves from a given placement: { from, to, captured[], becomes? }. */
function play(pieces, moves) {
  const p = { ...pieces };
  for (const [from, to, captured = [], becomes] of moves) {
    const piece = p[from];
    delete p[from];
    for (const c of captured) delete p[c];
    p[to] = becomes || piece;
  }
  return p;
}

const base64url = (buf) => Buffer.from(buf).toString('base64url');
const linkPayload = (text) => base64url(deflateRawSync(Buffer.from(text, 'utf8')));

/** Windows-1251 bytes for Latin-1-free text: ASCII plus the Cyrillic А..я block. */
function cp1251(text) {
  return Buffer.from([...text].map((ch) => {
    const c = ch.codePointAt(0);
    if (c < 0x80) return c;
    if (c >= 0x410 && c <= 0x44f) return c - 0x410 + 0xc0;
    throw new Error(`no CP1251 byte for ${ch} in this test helper`);
  }));
}

// ---------------------------------------------------------------------------------------------
// Harness

const server = spawn('python3', ['-u', '-m', 'http.server', '0', '--bind', '127.0.0.1', '--directory', root],
  { stdio: ['ignore', 'pipe', 'pipe'] });
const port = await new Promise((resolve, reject) => {
  server.stdout.on('data', (d) => { const m = /port (\d+)/.exec(String(d)); if (m) resolve(Number(m[1])); });
  server.on('exit', (code) => reject(new Error(`http.server exited (${code})`)));
  setTimeout(() => reject(new Error('http.server did not start')), 10_000);
});
server.stderr.resume(); // request log; not needed
const base = `http://127.0.0.1:${port}/index.html`;

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

const pageErrors = [];
let passed = 0;
let failed = 0;

async function newPage(options = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: `http://127.0.0.1:${port}` });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  page.on('pageerror', (e) => pageErrors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') pageErrors.push(`console.error: ${m.text()}`); });
  return page;
}

async function check(name, fn) {
  const before = pageErrors.length;
  try {
    await fn();
    if (pageErrors.length > before) throw new Error(`page errors: ${pageErrors.slice(before).join(' | ')}`);
    passed++;
    console.log(`ok   ${name}`);
  } catch (e) {
    failed++;
    console.log(`FAIL ${name}\n     ${String(e && e.message ? e.message : e).split('\n').join('\n     ')}`);
  }
}

function assert(cond, message) {
  if (!cond) throw new Error(message);
}
function assertEqual(actual, expected, what) {
  const a = JSON.stringify(actual);
  const b = JSON.stringify(expected);
  if (a !== b) throw new Error(`${what}: expected ${b}, got ${a}`);
}
function sorted(obj) {
  return Object.fromEntries(Object.entries(obj).sort(([a], [b]) => Number(a) - Number(b) || a.localeCompare(b)));
}

const pieces = async (page) => sorted(await page.$$eval('#board [data-piece]',
  (els) => Object.fromEntries(els.map((e) => [e.getAttribute('data-square'), e.getAttribute('data-piece')]))));
const ply = (page) => page.evaluate(() => Number(document.body.dataset.ply));
const game = (page) => page.evaluate(() => Number(document.body.dataset.game));
const waitPly = (page, n) => page.waitForFunction((want) => document.body.dataset.ply === String(want), n);
const loads = (page) => page.evaluate(() => Number(document.body.dataset.loads || 0));

async function open(page, url = base) {
  await page.goto(url);
  await page.waitForSelector('body[data-ready="1"]');
}

async function pasteAndLoad(page, text) {
  const n = await loads(page);
  await page.fill('#pdn-input', text);
  await page.click('#load');
  await page.waitForFunction((want) => Number(document.body.dataset.loads) === want, n + 1);
}

async function expectPieces(page, expected, what) {
  assertEqual(await pieces(page), sorted(expected), what);
}

// Expected positions of the test games.
const A = [START_PIECES];
for (const mv of [['32', '28'], ['19', '23'], ['28', '19', ['23']], ['14', '23', ['19']], ['33', '28'], ['23', '32', ['28']], ['37', '28', ['32']]]) {
  A.push(play(A[A.length - 1], [mv]));
}
const B = [{ 32: 'wm', 45: 'wm', 27: 'bm', 17: 'bm', 5: 'bm' }];
for (const mv of [['32', '12', ['27', '17']], ['5', '10'], ['45', '40'], ['10', '14'], ['12', '8'], ['14', '19'], ['8', '3', [], 'wk'], ['19', '24']]) {
  B.push(play(B[B.length - 1], [mv]));
}

// ---------------------------------------------------------------------------------------------
// Checks

try {
  const page = await newPage();

  await check('page loads, wasm initialises, sample game drawn with 40 pieces on 1-20 (bm) and 31-50 (wm)', async () => {
    await open(page);
    await expectPieces(page, START_PIECES, 'sample start position');
    assertEqual(await ply(page), 0, 'ply');
    const counts = await page.$$eval('#board [data-piece]', (els) => els.reduce((c, e) => { c[e.dataset.piece] = (c[e.dataset.piece] || 0) + 1; return c; }, {}));
    assertEqual(counts, { bm: 20, wm: 20 }, 'piece counts');
  });

  await check('sample header shows players, event, date, result and variant', async () => {
    const header = await page.textContent('#game-header');
    for (const s of ['Mikhalchenko,I.', 'Ndjofang,J.', 'FMJD World Championship', '2007', 'International']) {
      assert(header.includes(s), `header lacks "${s}": ${header}`);
    }
    assert(/0-2|\*/.test(header), `header lacks the result: ${header}`);
    assert(await page.isHidden('#game-select-wrap'), 'game selector hidden for a one-game file');
  });

  await check('sample move list: 74 numbered moves, "1. 32-28 17-22", last move 13-18, one variation', async () => {
    const n = await page.$$eval('#moves [data-ply]:not([data-line])', (els) => els.filter((e) => Number(e.dataset.ply) > 0).length);
    assertEqual(n, 74, 'number of move elements');
    const variation = await page.$$eval('#moves .variation .move', (els) => els.map((e) => e.textContent));
    assertEqual(variation, ['19-23', '28x19', '14x23'], 'the sample variation');
    const firstRow = (await page.textContent('#moves .move-row')).replace(/\s+/g, ' ').trim();
    assertEqual(firstRow, '1. 32-28 17-22', 'first row');
    assertEqual((await page.textContent('#moves [data-ply="74"]')).trim(), '13-18', 'last move');
  });

  await check('End and Home keys go to the last and the first position', async () => {
    await page.keyboard.press('End');
    await waitPly(page, 74);
    assert(await page.$eval('#moves [data-ply="74"]', (e) => e.classList.contains('current')), 'last move highlighted');
    const visible = await page.$eval('#moves [data-ply="74"]', (e) => {
      const box = document.getElementById('moves').getBoundingClientRect();
      const r = e.getBoundingClientRect();
      return r.top >= box.top - 1 && r.bottom <= box.bottom + 1;
    });
    assert(visible, 'current move scrolled into view in the move list');
    await page.keyboard.press('Home');
    await waitPly(page, 0);
    await expectPieces(page, START_PIECES, 'back at the start');
  });

  await check('paste a game and Load: new header, start position, selector still hidden', async () => {
    await pasteAndLoad(page, GAME_A);
    assertEqual(await ply(page), 0, 'ply after load');
    await expectPieces(page, A[0], 'start');
    assert((await page.textContent('#game-header')).includes('Alpha'), 'header shows the new game');
    assert(await page.isHidden('#game-select-wrap'), 'selector hidden');
  });

  await check('→ key steps through moves; a capture removes the taken piece and moves the capturer', async () => {
    await page.focus('#moves [data-ply="0"]');
    for (let i = 1; i <= 3; i++) {
      await page.keyboard.press('ArrowRight');
      await waitPly(page, i);
      await expectPieces(page, A[i], `after ply ${i}`);
    }
    const p = await pieces(page);
    assert(p['19'] === 'wm' && !p['23'] && !p['28'], '28x19: white man on 19, 23 and 28 empty');
  });

  await check('← key steps back', async () => {
    await page.keyboard.press('ArrowLeft');
    await waitPly(page, 2);
    await expectPieces(page, A[2], 'after ←');
  });

  await check('clicking a move goes to that ply and highlights it (last move marked on the board)', async () => {
    await page.click('#moves [data-ply="6"]');
    await waitPly(page, 6);
    await expectPieces(page, A[6], 'after clicking 23x32');
    const current = await page.$$eval('#moves .current', (els) => els.map((e) => e.dataset.ply));
    assertEqual(current, ['6'], 'highlighted moves');
    const marks = await page.$$eval('#board .hl', (els) => els.length);
    assert(marks >= 2, `from/to squares highlighted (${marks})`);
    await page.click('#moves [data-ply="7"]');
    await waitPly(page, 7);
    await expectPieces(page, A[7], 'after clicking 37x28');
  });

  await check('navigation buttons first / back / forward / last, with accessible names', async () => {
    for (const [id, name] of [['first', /first/i], ['prev', /previous/i], ['next', /next/i], ['last', /last/i], ['flip', /flip/i]]) {
      const label = await page.getAttribute(`#${id}`, 'aria-label');
      assert(name.test(label || ''), `#${id} has an accessible name (${label})`);
    }
    await page.click('#first');
    await waitPly(page, 0);
    await page.click('#next');
    await waitPly(page, 1);
    await expectPieces(page, A[1], 'after forward');
    await page.click('#last');
    await waitPly(page, 7);
    await page.click('#prev');
    await waitPly(page, 6);
    await expectPieces(page, A[6], 'after back');
  });

  await check('keys do not step while typing in the textarea or the link field', async () => {
    const before = await ply(page);
    await page.focus('#pdn-input');
    for (const key of ['ArrowLeft', 'ArrowRight', 'Home', 'End']) await page.keyboard.press(key);
    await page.keyboard.type('x');
    assertEqual(await ply(page), before, 'ply after keys in the textarea');
    await page.focus('#share-link');
    await page.keyboard.press('ArrowRight');
    assertEqual(await ply(page), before, 'ply after keys in the link field');
  });

  await check('flip puts square 1 at the bottom; data-square labels stay with their pieces', async () => {
    await page.click('#first');
    await waitPly(page, 0);
    const y = (sq) => page.$eval(`#board [data-square="${sq}"]`, (e) => e.getBoundingClientRect().top);
    assert(await y('1') < await y('46'), 'white at the bottom before flipping');
    await page.click('#flip');
    await page.waitForSelector('#board svg.flipped');
    assert(await y('1') > await y('46'), 'square 1 below square 46 after flipping');
    await expectPieces(page, A[0], 'pieces after flip');
    assertEqual(await page.getAttribute('#flip', 'aria-pressed'), 'true', 'flip button pressed state');
    await page.click('#flip');
    await page.waitForSelector('#board svg:not(.flipped)');
  });

  await check('two-game paste: selector lists "n. White – Black (result)"; choosing game 2 shows it', async () => {
    await pasteAndLoad(page, `${GAME_A}\n${GAME_B}`);
    assert(await page.isVisible('#game-select'), 'selector visible');
    const options = await page.$$eval('#game-select option', (els) => els.map((e) => e.textContent));
    assertEqual(options, ['1. Alpha – Beta (*)', '2. Gamma – Delta (*)'], 'options');
    await page.selectOption('#game-select', { index: 1 });
    await page.waitForFunction(() => document.body.dataset.game === '2');
    assertEqual(await ply(page), 0, 'ply after choosing a game');
    await expectPieces(page, B[0], 'set-up position of game 2');
    assert((await page.textContent('#game-header')).includes('Gamma'), 'header of game 2');
  });

  await check('multi-capture: 32x12 removes 27 and 17, marks the path and the taken squares', async () => {
    await page.click('#board');
    await page.keyboard.press('ArrowRight');
    await waitPly(page, 1);
    await expectPieces(page, B[1], 'after 32x12');
    const taken = await page.$$eval('#board .captured-mark', (els) => els.length);
    assertEqual(taken, 2, 'captured squares marked');
    for (let i = 2; i <= 7; i++) await page.keyboard.press('ArrowRight');
    await waitPly(page, 7);
    await expectPieces(page, B[7], 'after 8-3 (crowned)');
    assert(await page.$('#board [data-square="3"][data-piece="wk"] .crown'), 'the king on 3 has a crown');
  });

  let shared = '';
  await check('Copy link builds index.html#pdn=…&game=2&ply=3 in #share-link (and the clipboard)', async () => {
    await page.click('#moves [data-ply="3"]');
    await waitPly(page, 3);
    await page.click('#copy-link');
    await page.waitForFunction(() => document.getElementById('share-link').value.includes('#pdn='));
    shared = await page.inputValue('#share-link');
    assert(/\/index\.html#pdn=[A-Za-z0-9_-]+&game=2&ply=3$/.test(shared), `link format: ${shared}`);
    const clip = await page.evaluate(() => navigator.clipboard.readText().catch(() => null));
    if (clip !== null) assertEqual(clip, shared, 'clipboard content');
  });

  await check('the copied link opens in a new page on the same game, ply and pieces', async () => {
    const other = await newPage();
    await open(other, shared);
    assertEqual(await game(other), 2, 'game');
    assertEqual(await ply(other), 3, 'ply');
    assertEqual(await pieces(other), await pieces(page), 'pieces equal to the sharing page');
    await expectPieces(other, B[3], 'pieces');
    assertEqual(await other.inputValue('#pdn-input'), `${GAME_A}\n${GAME_B}`, 'the text is restored in the paste box');
    await other.context().close();
  });

  await check('a hand-made #pdn=…&game=2&ply=3 link (zlib raw deflate) opens directly', async () => {
    const other = await newPage();
    await open(other, `${base}#pdn=${linkPayload(`${GAME_A}\n${GAME_B}`)}&game=2&ply=3`);
    assertEqual([await game(other), await ply(other)], [2, 3], 'game and ply');
    await expectPieces(other, B[3], 'pieces');
    assert(await other.$eval('#moves [data-ply="3"]', (e) => e.classList.contains('current')), 'move 3 highlighted');
    await other.context().close();
  });

  await check('hashchange: a new link in the address bar reloads the view (game 1, ply 4)', async () => {
    const n = await loads(page);
    await page.evaluate((h) => { location.hash = h; }, `#pdn=${linkPayload(GAME_A)}&game=1&ply=4`);
    await page.waitForFunction((want) => Number(document.body.dataset.loads) === want, n + 1);
    assertEqual([await game(page), await ply(page)], [1, 4], 'game and ply');
    await expectPieces(page, A[4], 'pieces');
    assert(await page.isHidden('#game-select-wrap'), 'one game: selector hidden');
  });

  await check('a damaged link shows a visible error and the page still works', async () => {
    const other = await newPage();
    await open(other, `${base}#pdn=AAAA-not-a-payload&game=1&ply=2`);
    const status = await other.textContent('#status');
    assert(/link/i.test(status) && (await other.getAttribute('#status', 'data-kind')) === 'error', `status: ${status}`);
    await expectPieces(other, START_PIECES, 'sample shown instead');
    await other.context().close();
  });

  await check('an illegal move: error with line:column after the last playable move, rest greyed', async () => {
    await pasteAndLoad(page, GAME_BROKEN);
    const moves = await page.$$eval('#moves [data-ply]', (els) => els.map((e) => Number(e.dataset.ply)));
    assertEqual(moves, [0, 1, 2], 'playable plies');
    const err = (await page.textContent('#moves .move-error')) || '';
    assert(/7:\d+/.test(err), `error mentions line 7 and a column: ${err}`);
    const order = await page.$$eval('#moves li', (els) => els.map((e) => e.className));
    assert(order.indexOf('move-error') > order.lastIndexOf('move-row'), 'error after the moves');
    const rest = (await page.textContent('#moves .move-rest')) || '';
    assert(rest.includes('27-21'), `rest of the movetext shown: ${rest}`);
    const diag = (await page.textContent('#diagnostics')) || '';
    assert(/\d+:\d+/.test(diag), `diagnostics list with line:column: ${diag}`);
    await page.click('#diagnostics .diag-loc');
    const selected = await page.$eval('#pdn-input', (t) => t.value.slice(t.selectionStart, t.selectionEnd));
    assertEqual(selected, '27-21', 'clicking the location selects the offending text in the paste box');
    await page.click('#board');
    await page.keyboard.press('End');
    await waitPly(page, 2);
  });

  await check('variations: shown indented after their move; clicking one shows its position; ← leaves it', async () => {
    await pasteAndLoad(page, '[Event "Var"]\n[GameType "20"]\n\n1. 32-28 19-23 ({try} 17-22 2. 28x17 11x22 (12x21)) 2. 28x19 14x23 *\n');
    const runs = await page.$$eval('#moves .variation', (els) => els.map((e) => [e.dataset.depth, e.textContent.trim()]));
    assertEqual(runs.map((r) => r[0]), ['1', '2'], 'one variation with one inside it');
    assert(runs[0][1].startsWith('try'), `variation comment first: ${runs[0][1]}`);
    await page.click('#moves .variation button[data-ply="2"]');
    await page.waitForFunction(() => document.body.dataset.line != null);
    // 32-28 17-22 28x17: White's man on 17, 22 taken, 19 untouched.
    const after = await pieces(page);
    assertEqual([after[17], after[22], after[19], after[32]], ['wm', undefined, 'bm', undefined], 'position inside the variation');
    await page.keyboard.press('ArrowRight');
    await waitPly(page, 3);
    assertEqual((await pieces(page))[22], 'bm', '11x22 recaptures');
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowLeft');
    await page.waitForFunction(() => document.body.dataset.line == null);
    assertEqual(await ply(page), 1, 'back on the mainline after 32-28');
    await expectPieces(page, A[1], 'mainline position after 1. 32-28');
  });

  await check('a variant the core cannot replay: its message and its moves (greyed), no pieces', async () => {
    await pasteAndLoad(page, '[Event "Unknown"]\n[GameType "99"]\n\n1. 32-28 19-23 *\n');
    assertEqual(await pieces(page), {}, 'no pieces');
    const err = (await page.textContent('#moves .move-error')) || '';
    assert(/99/.test(err), `message names the game type: ${err}`);
    const rest = (await page.textContent('#moves .move-rest')) || '';
    assert(rest.includes('32-28') && rest.includes('19-23'), `moves shown: ${rest}`);
    assert(await page.isDisabled('#next'), 'nothing to step through');
  });

  await check('every GameType draws its own board: size, playable squares, starting pieces, labels', async () => {
    // [GameType, width×height, playable squares, pieces per side, a square label on the board]
    const boards = [
      ['20', 10, 10, 50, 20, '50'], ['21', 8, 8, 32, 12, '32'], ['22', 8, 8, 32, 12, '32'],
      ['23', 8, 8, 32, 12, '32'], ['24', 8, 8, 32, 12, '32'], ['25', 8, 8, 32, 12, 'h8'],
      ['26', 8, 8, 32, 12, 'h8'], ['27', 12, 12, 72, 30, '72'], ['28', 8, 8, 32, 12, '32'],
      ['29', 8, 8, 32, 12, 'h8'], ['30', 8, 8, 64, 16, 'h8'], ['31', 8, 8, 32, 8, '32'],
      ['40', 10, 10, 50, 20, '50'], ['41', 10, 8, 40, 15, 'j8'],
    ];
    for (const [gt, w, hgt, squares, perSide, label] of boards) {
      await pasteAndLoad(page, `[Event "${gt}"]\n[GameType "${gt}"]\n\n*\n`);
      const got = await page.$eval('#board svg', (svg) => ({
        viewBox: svg.getAttribute('viewBox'),
        fields: svg.querySelectorAll('[data-field]').length,
        white: svg.querySelectorAll('[data-piece^="w"]').length,
        black: svg.querySelectorAll('[data-piece^="b"]').length,
        labels: [...svg.querySelectorAll('[data-field]')].map((e) => e.getAttribute('data-field')),
      }));
      assertEqual(got.viewBox, `0 0 ${w * 100} ${hgt * 100}`, `GameType ${gt} board size`);
      assertEqual([got.fields, got.white, got.black], [squares, perSide, perSide], `GameType ${gt} squares and pieces`);
      assert(got.labels.includes(label), `GameType ${gt} has square ${label}`);
    }
  });

  await check('Italian: White moves first from 21-32 and the moves replay', async () => {
    await pasteAndLoad(page, '[Event "Italian"]\n[GameType "22"]\n\n1. 22-18 10-14 *\n');
    await page.click('#board');
    await page.keyboard.press('End');
    await waitPly(page, 2);
    const now = await pieces(page);
    assertEqual([now[18], now[22], now[14], now[10]], ['wm', undefined, 'bm', undefined], 'after 1. 22-18 10-14');
  });

  await check('file picker: a Windows-1251 file is decoded (Cyrillic names in the header)', async () => {
    const n = await loads(page);
    const text = GAME_A.replace('Alpha', 'Иванов').replace('Beta', 'Петров');
    await page.setInputFiles('#file-input', { name: 'russian.pdn', mimeType: 'application/octet-stream', buffer: cp1251(text) });
    await page.waitForFunction((want) => Number(document.body.dataset.loads) === want, n + 1);
    const header = await page.textContent('#game-header');
    assert(header.includes('Иванов') && header.includes('Петров'), `header: ${header}`);
    await expectPieces(page, A[0], 'pieces');
  });

  await check('phone layout 360×740: board above moves, no sideways scrolling (screenshot)', async () => {
    const phone = await newPage({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2 });
    await open(phone, `${base}#pdn=${linkPayload(`${GAME_A}\n${GAME_B}`)}&game=1&ply=3`);
    const board = await phone.$eval('#board', (e) => e.getBoundingClientRect().toJSON());
    const moves = await phone.$eval('#moves', (e) => e.getBoundingClientRect().toJSON());
    assert(board.bottom <= moves.top, `board (bottom ${board.bottom}) above moves (top ${moves.top})`);
    assert(board.width > 300 && board.width <= 360, `board width ${board.width}`);
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth);
    assert(overflow <= 360, `page width ${overflow} > 360`);
    await phone.screenshot({ path: path.join(artifacts, 'phone-360x740.png') });
    await phone.screenshot({ path: path.join(artifacts, 'phone-360x740-full.png'), fullPage: true });
    await phone.context().close();
  });

  await check('desktop layout 1280×800: moves beside the board (screenshot)', async () => {
    const desk = await newPage({ viewport: { width: 1280, height: 800 } });
    await open(desk);
    await desk.keyboard.press('ArrowRight');
    for (let i = 0; i < 27; i++) await desk.keyboard.press('ArrowRight');
    await waitPly(desk, 28);
    const board = await desk.$eval('#board', (e) => e.getBoundingClientRect().toJSON());
    const moves = await desk.$eval('#moves', (e) => e.getBoundingClientRect().toJSON());
    assert(moves.left >= board.right, `moves (left ${moves.left}) right of the board (right ${board.right})`);
    assert(board.bottom <= 800, `whole board visible (bottom ${board.bottom})`);
    await desk.screenshot({ path: path.join(artifacts, 'desktop-1280x800.png') });
    await desk.context().close();
  });

  await check('dark theme renders (screenshot)', async () => {
    const dark = await newPage({ viewport: { width: 1280, height: 800 }, colorScheme: 'dark' });
    await open(dark, `${base}#pdn=${linkPayload(`${GAME_A}\n${GAME_B}`)}&game=2&ply=7`);
    await expectPieces(dark, B[7], 'pieces');
    const bg = await dark.evaluate(() => getComputedStyle(document.body).backgroundColor);
    assert(bg !== 'rgb(244, 241, 234)', `dark background (${bg})`);
    await dark.screenshot({ path: path.join(artifacts, 'desktop-dark-1280x800.png') });
    await dark.context().close();
  });

  await check('no page errors and no console errors during the whole run', async () => {
    assertEqual(pageErrors, [], 'errors');
  });
} catch (e) {
  failed++;
  console.log(`FAIL harness: ${e && e.stack ? e.stack : e}`);
} finally {
  await browser.close().catch(() => {});
  server.kill();
}

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
