// End-to-end test of "Find the shots in this file" (issue 41), as a reader uses it in Chromium:
// a file of two games (the first reaches Black's two-for-one and plays it, the second is a quiet
// opening) is pasted, the export box's button is pressed; the search runs in an engine worker
// (the page's thread sends 'puzzles' and hears 'puzzling', then 'puzzled', and compiles no wasm
// of its own meanwhile), the problem found opens in solve mode on its position, and "Download
// the shots" saves the problem file `pdn puzzles` writes for the same file.
//
//   node tests/e2e/shots.mjs [--only=REGEX]

import { readFileSync } from 'node:fs';
import { boardPieces, checks, launchBrowser, openPage, root, startStaticServer, watchWork, workDone, resetWork } from './harness.mjs';

const only = process.argv.slice(2).find((a) => a.startsWith('--only='));
const problems = [];
const { check, fail, finish } = checks({ problems, only: only ? new RegExp(only.slice(7)) : null });
const server = await startStaticServer(root);
const browser = await launchBrowser();

// The same two games as crates/cli/tests/puzzles.rs (whose `pdn puzzles` text is checked there).
const GAMES = '[Event "Club cup"]\n[White "Ann"]\n[Black "Bob"]\n[GameType "20"]\n'
  + '[FEN "W:W24,32,37,38,42,43:B8,12,13,18,22"]\n1. 43-39 22-28 2. 32x23 18x20 3. 39-33 *\n\n'
  + '[Event "Club cup"]\n[GameType "20"]\n1. 32-28 19-23 2. 28x19 14x23 *\n';
const FEN = 'B:W24,32,37,38,39,42:B8,12,13,18,22';

try {
  await check('the shots of a pasted file are found in a worker and open in solve mode; the download is the problem file', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
    await context.addInitScript(watchWork);
    const page = await context.newPage();
    page.on('pageerror', (e) => problems.push(String(e)));
    page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
    await openPage(page, `${server.origin}/index.html`);
    const before = await page.evaluate(() => Number(document.body.dataset.loads || 0));
    await page.fill('#pdn-input', GAMES);
    await page.click('#load');
    await page.waitForFunction((n) => Number(document.body.dataset.loads) > n, before);
    if (!(await page.isHidden('#download-shots'))) throw new Error('the download shows before a search');
    await resetWork(page);
    await page.click('#find-shots');
    await page.waitForSelector('#download-shots:not([hidden])', { timeout: 180000 });
    await page.waitForFunction(() => document.querySelector('#solve-toggle')?.getAttribute('aria-pressed') === 'true', null, { timeout: 60000 });
    const work = await workDone(page);
    const sent = work.sent.filter((m) => m.type === 'puzzles').length;
    const progress = work.received.filter((m) => m.type === 'puzzling').length;
    const done = work.received.filter((m) => m.type === 'puzzled').length;
    if (sent !== 1 || done !== 1) throw new Error(`sent ${sent} 'puzzles', heard ${done} 'puzzled'`);
    // Game 1: 6 positions and its end; game 2: 5 and its end.
    if (progress !== 6 + 1 + 5 + 1) throw new Error(`${progress} 'puzzling' messages, not 13`);
    if (work.wasm !== 0) throw new Error(`the page's thread compiled ${work.wasm} wasm modules`);
    // The problem's position is on the board: 6 white men, 5 black.
    const pieces = Object.values(await boardPieces(page));
    const count = (p) => pieces.filter((x) => x === p).length;
    if (count('wm') !== 6 || count('bm') !== 5 || pieces.length !== 11) throw new Error(`on the board: ${JSON.stringify(pieces)}`);
    const status = await page.textContent('#status');
    if (!/1/.test(status)) throw new Error(`status: ${status}`);
    // The download: the problem file.
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download-shots')]);
    const text = readFileSync(await download.path(), 'utf8');
    if (!text.includes(`[FEN "${FEN}"]`) || !text.includes('1... 22-28 2. 32x23 18x20 *') || !text.includes('[Event "Club cup, move 1"]')) {
      throw new Error(`downloaded: ${text}`);
    }
    if (!download.suggestedFilename().endsWith('-shots.pdn')) throw new Error(download.suggestedFilename());
    await context.close();
    return `status: ${status}`;
  });
} catch (e) {
  fail('set-up', e);
}
await Promise.all([browser.close(), server.stop()]);
finish();
