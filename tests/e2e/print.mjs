// End-to-end test of the printed sheets (issue 41): `print=game` (the shown game: header, the
// moves, a diagram every 10 moves and at each `[%diag]`/`$220`, the QR code of the game's link)
// and `print=problems` (12 or 6 diagrams a page with their titles and the side to play, the
// solutions on their own last page), in headless Chromium: the diagrams counted and their FENs
// checked against `pdn fens`, the sheet printed to PDF (A4 and Letter) and its pages counted, the
// page's chrome hidden in print media, the QR code decoded by zbarimg (Debian's zbar-tools) to
// the game's link, and its path the same as the sheet's own wasm (pkg/print.js) gives for that
// link under Node. The game is the page's sample (a real 37-move game) with a
// `[%diag]` comment and a `$220` added; the problems are tests/e2e/fixtures/print-problems.pdn.
//
//   node tests/e2e/print.mjs                  every check
//   node tests/e2e/print.mjs --only=REGEX     the checks whose names match
//   node tests/e2e/print.mjs --screenshots    also writes docs/screenshots/print-game.png and print-problems.png

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { artifacts, checks, launchBrowser, openPage, root, servePdn, startStaticServer, watchedPage } from './harness.mjs';
import { SAMPLE_PDN } from '../../www/hosts/sample.js';

const argv = process.argv.slice(2);
const screenshots = argv.includes('--screenshots');
const onlyArg = argv.find((a) => a.startsWith('--only='));
const problems = [];
const { check, fail, finish } = checks({ problems, only: onlyArg ? new RegExp(onlyArg.slice(7)) : null });
const server = await startStaticServer(root);
const browser = await launchBrowser();
mkdirSync(artifacts, { recursive: true });

// The sample with a diagram asked at 25…28x39 (ply 50) and at 33.43-38 (ply 65, a NAG).
const GAME = SAMPLE_PDN.replace('25.39-33 28x39', '25.39-33 28x39 {a fine shot [%diag]}').replace('33.43-38', '33.43-38 $220');
const GAME_FILE = path.join(artifacts, 'print-game.pdn');
writeFileSync(GAME_FILE, GAME);
const PROBLEMS_FILE = path.join(root, 'tests/e2e/fixtures/print-problems.pdn');
/** Plies the game sheet draws: the end of moves 10, 20, 30 and the two asked. */
const GAME_PLIES = [20, 40, 50, 60, 65];
const PROBLEM_COUNT = 14;

/** `pdn fens FILE` (the CLI, one JSON line a game): [{ game, start, fens }]. */
function fens(file) {
  const r = spawnSync('cargo', ['run', '-q', '-p', 'pdn-cli', '--', 'fens', file], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 26 });
  if (r.status !== 0) throw new Error(`pdn fens: ${r.stderr}`);
  return r.stdout.trim().split('\n').map((l) => JSON.parse(l));
}

/** The pages of a PDF: its `/Type /Page` objects (not `/Pages`). */
const pdfPages = (buf) => (buf.toString('latin1').match(/\/Type\s*\/Page(?![a-zA-Z])/g) || []).length;

/** The sheet's diagrams: [{ fen, ply, caption }]. */
const diagrams = (page) => page.$$eval('#print-view [data-diagram]', (els) => els.map((e) => ({
  fen: e.dataset.diagram, ply: Number(e.dataset.ply), caption: e.querySelector('figcaption')?.textContent || '',
})));

/** In print media: is anything but the sheet shown (the page's header, board, buttons, list, the sheet's own bar)? */
const chromeShown = (page) => page.evaluate(() => {
  const shown = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
  const outside = [...document.body.children].filter((c) => c.id !== 'print-view' && shown(c)).map((c) => c.tagName + (c.id ? `#${c.id}` : ''));
  const own = [...document.querySelectorAll('#print-view button, #print-view nav')].filter(shown).map((e) => e.id || e.tagName);
  return [...outside, ...own];
});

const newPage = (viewport = { width: 1280, height: 900 }) => watchedPage(browser, problems, viewport);

/** The QR path pkg/print.js gives for `link` under Node (the crate's output). */
async function crateQr(link) {
  const m = await import(path.join(root, 'pkg/print.js'));
  await m.default({ module_or_path: readFileSync(path.join(root, 'pkg/print_bg.wasm')) });
  return JSON.parse(m.qrCode(link));
}

/**
 * The sheet's QR code read back by zbarimg (Debian's zbar-tools, which `make test` installs):
 * the code drawn 600 px wide, shot, decoded. Null when zbarimg is not there (said in the check's note).
 */
async function decodeQr(page) {
  if (spawnSync('zbarimg', ['--version']).status !== 0) return null;
  await page.$eval('.print-qr-code', (e) => { e.style.width = '600px'; e.style.height = '600px'; });
  const file = path.join(artifacts, 'print-qr.png');
  await (await page.$('.print-qr-code')).screenshot({ path: file });
  await page.$eval('.print-qr-code', (e) => { e.style.width = ''; e.style.height = ''; });
  const r = spawnSync('zbarimg', ['--raw', '-q', file], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`zbarimg could not read the QR code: ${r.stderr}`);
  return r.stdout.replace(/\n$/, '');
}

async function printedPages(page) {
  await page.emulateMedia({ media: 'print' });
  const a4 = pdfPages(await page.pdf({ format: 'A4' }));
  const letter = pdfPages(await page.pdf({ format: 'Letter' }));
  return { a4, letter };
}

async function shoot(page, name) {
  if (!screenshots) return;
  // A4 at 96 dpi less the 12 mm margins: the sheet's first page as printed.
  await page.setViewportSize({ width: 794, height: 1123 });
  await page.emulateMedia({ media: 'print' });
  await page.screenshot({ path: path.join(root, 'docs/screenshots', `${name}.png`) });
}

try {
  const fromCli = { game: fens(GAME_FILE)[0], problems: fens(PROBLEMS_FILE) };

  await check('print=game from the page\'s Print game button: 5 diagrams (moves 10, 20, 30, a [%diag], a $220) with the core\'s FENs, the moves in rows, the address says print=game', async () => {
    const { page, context } = await newPage();
    await openPage(page, `${server.origin}/index.html`);
    await page.fill('#pdn-input', GAME);
    await page.click('#load');
    await page.waitForFunction(() => document.body.dataset.loads === '1' || Number(document.body.dataset.loads) >= 1);
    await page.waitForFunction(() => /#pdn=/.test(location.hash), null, { timeout: 20000 });
    await page.click('#print-game');
    await page.waitForSelector('#print-view [data-diagram]');
    const got = await diagrams(page);
    const plies = got.map((d) => d.ply);
    if (JSON.stringify(plies) !== JSON.stringify(GAME_PLIES)) throw new Error(`plies ${plies}`);
    const want = GAME_PLIES.map((p) => fromCli.game.fens[p - 1]);
    const wrong = got.filter((d, i) => d.fen !== want[i]);
    if (wrong.length) throw new Error(`FENs ${JSON.stringify(wrong)} want ${JSON.stringify(want)}`);
    // 37 moves; the comment after 25…28x39 ends its row (26 starts a fresh one) and is printed.
    const rows = await page.$$eval('.print-moves li:not(.print-comment)', (els) => els.length);
    if (rows !== 37) throw new Error(`${rows} move rows`);
    const comments = await page.$$eval('.print-moves .print-comment', (els) => els.map((e) => e.textContent));
    if (JSON.stringify(comments) !== '["a fine shot"]') throw new Error(JSON.stringify(comments));
    if (new URL(page.url()).searchParams.get('print') !== 'game') throw new Error(page.url());
    const header = await page.$eval('.print-head', (e) => e.textContent);
    if (!/Mikhalchenko/.test(header) || !/Ndjofang/.test(header) || !/0-2/.test(header) || !/2007/.test(header)) throw new Error(header);
    // The QR code is the crate's for the game's link (the address without print=).
    const { link, d } = await page.$eval('[data-qr]', (e) => ({ link: e.dataset.qr, d: e.querySelector('path').getAttribute('d') }));
    const expected = new URL(page.url());
    expected.searchParams.delete('print');
    if (link !== expected.href) throw new Error(`QR link ${link}, page ${expected.href}`);
    const qr = await crateQr(link);
    if (!qr || qr.path !== d) throw new Error('the QR path is not the crate\'s for the link');
    const decoded = await decodeQr(page);
    if (decoded != null && decoded !== link) throw new Error(`the QR code reads ${decoded}`);
    const shown = await chromeShown(page);
    await page.emulateMedia({ media: 'print' });
    const hidden = await chromeShown(page);
    if (hidden.length) throw new Error(`shown in print: ${hidden}`);
    if (!shown.includes('print-now')) throw new Error(`the Print button is not on the screen: ${shown}`);
    const pages = await printedPages(page);
    if (pages.a4 !== 1 || pages.letter !== 1) throw new Error(`PDF pages ${JSON.stringify(pages)}`);
    // Back: the page again, print= out of the address.
    await page.emulateMedia({ media: 'screen' });
    await page.click('#print-close');
    if (await page.$('#print-view')) throw new Error('the sheet stayed');
    if (new URL(page.url()).searchParams.has('print')) throw new Error(page.url());
    if (!(await page.isVisible('#board'))) throw new Error('the board is hidden');
    await context.close();
    return `${got.length} diagrams, QR of ${link.length} characters (${qr.size} modules, ${decoded != null ? 'decoded by zbarimg' : 'not decoded: no zbarimg'}), PDF ${pages.a4} pages A4, ${pages.letter} Letter`;
  });

  await check('print=game in the address (a #pdn= link): the same sheet on a reload; in French', async () => {
    const { page, context } = await newPage();
    await openPage(page, `${server.origin}/index.html`);
    await page.fill('#pdn-input', GAME);
    await page.click('#load');
    await page.waitForFunction(() => /#pdn=/.test(location.hash), null, { timeout: 20000 });
    const url = new URL(page.url());
    url.searchParams.set('print', 'game');
    url.searchParams.set('lang', 'fr');
    await openPage(page, url.href);
    await page.waitForSelector('#print-view [data-diagram]');
    const got = await diagrams(page);
    if (got.length !== GAME_PLIES.length) throw new Error(`${got.length} diagrams`);
    if (!got.every((d) => d.caption.startsWith('après '))) throw new Error(JSON.stringify(got.map((d) => d.caption)));
    const button = await page.textContent('#print-now');
    if (button !== 'Imprimer') throw new Error(button);
    await shoot(page, 'print-game');
    await context.close();
  });

  await check(`print=problems (?src=, 12 a page): ${PROBLEM_COUNT} diagrams with the start FENs of pdn fens, titles, who plays; 2 pages of problems and the solutions' page (A4 and Letter); no chrome in print`, async () => {
    const { page, context } = await newPage();
    const src = await servePdn(page, server.origin, 'print', 'problems', PROBLEMS_FILE);
    await openPage(page, `${server.origin}/index.html?src=${encodeURIComponent(src)}&print=problems`);
    await page.waitForSelector('#print-view [data-diagram]');
    const got = await diagrams(page);
    if (got.length !== PROBLEM_COUNT) throw new Error(`${got.length} diagrams`);
    const wrong = got.filter((d, i) => d.fen !== fromCli.problems[i].start || d.ply !== 0);
    if (wrong.length) throw new Error(`FENs ${JSON.stringify(wrong)}`);
    const sides = got.map((d) => d.caption);
    const want = got.map((_, i) => ((i + 1) % 3 === 0 ? 'Black to play' : 'White to play'));
    if (JSON.stringify(sides) !== JSON.stringify(want)) throw new Error(JSON.stringify(sides));
    const titles = await page.$$eval('.print-problem-title', (els) => els.map((e) => e.textContent));
    if (titles[0] !== '1. Study 1' || titles.length !== PROBLEM_COUNT) throw new Error(JSON.stringify(titles));
    const perPage = await page.$$eval('.print-page', (els) => els.map((e) => e.querySelectorAll('[data-diagram]').length));
    if (JSON.stringify(perPage) !== '[12,2]') throw new Error(JSON.stringify(perPage));
    const solutions = await page.$$eval('.print-solutions li', (els) => els.map((e) => e.textContent));
    if (solutions.length !== PROBLEM_COUNT || !/Study 1: 1\. 32-28 19-23/.test(solutions[0]) || !/Study 3: 1… 19-23 2\. 32-28/.test(solutions[2])) throw new Error(JSON.stringify(solutions.slice(0, 3)));
    await page.emulateMedia({ media: 'print' });
    const hidden = await chromeShown(page);
    if (hidden.length) throw new Error(`shown in print: ${hidden}`);
    const pages = await printedPages(page);
    if (pages.a4 !== 3 || pages.letter !== 3) throw new Error(`PDF pages ${JSON.stringify(pages)}`);
    await shoot(page, 'print-problems');
    await context.close();
    return `PDF ${pages.a4} pages A4, ${pages.letter} Letter`;
  });

  await check('print=problems&per=6 from the Print problems button: 3 pages of 6, 6, 2 and the solutions (4 PDF pages), each diagram whole on its page', async () => {
    const { page, context } = await newPage();
    const src = await servePdn(page, server.origin, 'print', 'problems6', PROBLEMS_FILE);
    await openPage(page, `${server.origin}/index.html?src=${encodeURIComponent(src)}&per=6`);
    await page.click('#print-problems');
    await page.waitForSelector('#print-view [data-diagram]');
    const perPage = await page.$$eval('.print-page', (els) => els.map((e) => e.querySelectorAll('[data-diagram]').length));
    if (JSON.stringify(perPage) !== '[6,6,2]') throw new Error(JSON.stringify(perPage));
    const pages = await printedPages(page);
    if (pages.a4 !== 4 || pages.letter !== 4) throw new Error(`PDF pages ${JSON.stringify(pages)}`);
    await context.close();
  });

  // A real problem file when the corpora are there (PWCP_2: International problems with FEN tags).
  const PWCP = process.env.PDN_CORPORA ? path.join(process.env.PDN_CORPORA, 'problems/wiegerw-pdn__succeed__PWCP_2.pdn') : null;
  if (!PWCP) console.log('note: PDN_CORPORA is not set: the real problem file is not printed');
  else {
    await check('a real problem file (PWCP_2, PDN_CORPORA): one diagram a problem with pdn fens\'s start, 12 a page, then the solutions', async () => {
      const want = fens(PWCP).filter((g) => g.start);
      const { page, context } = await newPage();
      const src = await servePdn(page, server.origin, 'print', 'pwcp', PWCP);
      await openPage(page, `${server.origin}/index.html?src=${encodeURIComponent(src)}&print=problems`);
      await page.waitForSelector('#print-view [data-diagram]', { timeout: 60000 });
      const got = await diagrams(page);
      if (got.length !== want.length) throw new Error(`${got.length} diagrams for ${want.length} problems`);
      const wrong = got.filter((d, i) => d.fen !== want[i].start);
      if (wrong.length) throw new Error(`${wrong.length} FENs differ: ${JSON.stringify(wrong[0])}`);
      const pages = await printedPages(page);
      const least = Math.ceil(want.length / 12) + 1;
      if (pages.a4 < least || pages.a4 > least + 2 || pages.letter < least || pages.letter > least + 2) throw new Error(`PDF pages ${JSON.stringify(pages)} for ${want.length} problems`);
      await context.close();
      return `${want.length} problems: PDF ${pages.a4} pages A4, ${pages.letter} Letter`;
    });
  }
} catch (e) {
  fail('set-up', e);
}
await Promise.all([browser.close(), server.stop()]);
finish();
