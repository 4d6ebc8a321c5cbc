// Hostile and huge inputs on the page: a 454-character link that unpacks to "1. 32-28" and
// 300,000 "(", the same text as a file, 50,000 "(", and trees of 20,000 nested or sibling
// variations. The page must stay responsive, and what keeps it so is checked by count, never
// by the clock (a loaded machine would decide a time): the page's thread reads nothing (no wasm
// compiled there: the worker reads), no answer from the worker is larger than the text itself
// plus a small margin (nothing grows with the hostile part: the view's budgets cut it), and the
// page never holds more than ELEMENT_BOUND elements nor adds more than FRAME_BOUND in a frame.
// The longest main-thread task is printed (target 100 ms) for `make bench-page` to report.
// The first move and a plain message about the broken
// text must show, and the next-move button must still work. A megabyte of "[" or "(" (no game,
// a million problems) shows "No game found" with a short counted list, and the next text opens.
// Prints the longest task per case and `N passed, N failed`.
//
//   node tests/e2e/hostile.mjs [--only=<regexp>]

import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { deflateRawSync } from 'node:zlib';
import path from 'node:path';
import { artifacts, launchBrowser, noteLongestTask, openPage, resetWork, root, startStaticServer, waitLoads, watchWork, workDone } from './harness.mjs';

mkdirSync(artifacts, { recursive: true });
const onlyArg = process.argv.find((a) => a.startsWith('--only='));
const only = onlyArg ? new RegExp(onlyArg.slice('--only='.length), 'i') : null;

if (!existsSync(path.join(root, 'pkg', 'pdn.js'))) {
  console.error('pkg/pdn.js is missing: run `make build` first.');
  console.log('0 passed, 1 failed');
  process.exit(1);
}

/**
 * The bounds of the page's work for any text, from the view's budgets (crates/view budget.rs: 100
 * messages, variations 8 deep and 200 a level, a windowed game table): elements in the page at
 * once (its own ~600, the move list, 200 more variations with their moves), and elements added
 * in one frame (200 variations drawn at once, 3 elements each). Drawing a hostile text whole
 * would be hundreds of thousands. An answer may be as long as the text (the box and the link get
 * it back) plus ANSWER_MARGIN, never more; a game view up to ANSWER_FACTOR times the text: a text
 * of 20,000 variations has a view of 1.6-2.4 times its length (each hidden variation a `null`,
 * its move count, its id in its move's list: 220,065 B for the 140,026 of NESTED, 383,257 B for
 * the 160,028 of SIBLINGS), which the measure of harness.mjs, going 3 levels into an object,
 * did not see before the view crossed as one buffer (issue 42: 160 KB counted for each).
 */
const ELEMENT_BOUND = 2_500;
const FRAME_BOUND = 1_000;
const ANSWER_MARGIN = 64 * 1024;
const ANSWER_FACTOR = 2.5;
const BUDGET = 100; // the longest task's target, printed (make bench-page reports it)
const LOAD_TIMEOUT = 180_000; // the worker reads and replays the text; a loaded 2-core machine

// The page's own link format (www/share/share.js): #pdn= base64url of raw deflate of the UTF-8 text.
const linkPayload = (text) => Buffer.from(deflateRawSync(Buffer.from(text, 'utf8'))).toString('base64url');
const opens = (n) => `[Event "p"] 1. 32-28 ${'('.repeat(n)}`;
const NESTED = `[Event "nested"] 1. 32-28 ${'(32-28 '.repeat(20000)}`;
const SIBLINGS = `[Event "siblings"] 1. 32-28 ${'(32-28) '.repeat(20000)}`;

let passed = 0;
let failed = 0;
async function check(name, fn) {
  if (only && !only.test(name)) return;
  try {
    await fn();
    passed += 1;
    console.log(`ok - ${name}`);
  } catch (e) {
    failed += 1;
    console.log(`not ok - ${name}\n  ${String(e && e.stack ? e.stack : e).split('\n').slice(0, 6).join('\n  ')}`);
  }
}
function assert(cond, message) {
  if (!cond) throw new Error(message);
}

/** Records every long task from the start of the page (buffered), with when it started. */
function watchLongTasks() {
  window.__longTasks = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longTasks.push({ start: Math.round(e.startTime), duration: Math.round(e.duration) });
    }).observe({ type: 'longtask', buffered: true });
  } catch (e) {
    window.__longTasks = null; // no Long Tasks API: the test says so
  }
}

/** Long tasks since `since` (a performance.now() time; 'load': after DOMContentLoaded). */
async function longTasks(page, since) {
  return page.evaluate((from) => {
    const nav = performance.getEntriesByType('navigation')[0];
    const start = from === 'load' ? nav.domContentLoadedEventEnd : from;
    const all = window.__longTasks;
    if (!all) return null;
    return { after: all.filter((t) => t.start >= start), before: all.filter((t) => t.start < start), start: Math.round(start) };
  }, since);
}

/** Prints the longest task (not judged) and asserts the page's work was bounded (see above). */
async function report(page, name, tasks, textLength) {
  assert(tasks, 'the Long Tasks API is not available in this browser');
  const longest = tasks.after.reduce((m, t) => Math.max(m, t.duration), 0);
  const loadLongest = tasks.before.reduce((m, t) => Math.max(m, t.duration), 0);
  console.log(`# ${name}: longest main-thread task ${longest} ms after load (${tasks.after.length} over 50 ms: ${tasks.after.map((t) => t.duration).join(', ') || 'none'}); during the page's own load: ${loadLongest} ms`);
  noteLongestTask('hostile', name, longest);
  const work = await workDone(page);
  console.log(`# ${name}: ${work.received.length} answers, the largest ${work.largest}; at most ${work.most} elements, ${work.grown} added in one frame (${work.frames} frames); wasm compiled on the page's thread: ${work.wasm}`);
  assert(work.wasm === 0, `the page's thread compiled the wasm ${work.wasm} times: it read the text itself`);
  const bound = (r) => (r.view ? ANSWER_FACTOR : 1) * textLength + ANSWER_MARGIN;
  const over = work.received.filter((r) => r.size > bound(r));
  assert(!over.length, `an answer from the worker over its bound, for a text of ${textLength}: ${JSON.stringify(over)}`);
  assert(work.frames > 0 && work.most <= ELEMENT_BOUND, `${work.most} elements in the page at once (over ${ELEMENT_BOUND})`);
  assert(work.grown <= FRAME_BOUND, `one frame added ${work.grown} elements (over ${FRAME_BOUND})`);
}

/** The game is shown, the move list is built and the check pass is over. */
async function settled(page, count, name = null) {
  const t0 = Date.now();
  await waitLoads(page, count, { timeout: LOAD_TIMEOUT });
  if (name) console.log(`# ${name}: game shown ${((Date.now() - t0) / 1000).toFixed(1)} s after the file was chosen (the worker reads it meanwhile)`);
  await page.waitForFunction(() => document.body.dataset.checked === '1'
    && document.getElementById('moves').getAttribute('aria-busy') === 'false', null, { timeout: LOAD_TIMEOUT });
  await page.waitForTimeout(300); // the tasks after the last report
}

/** First move shown, a plain message about the broken text, and the next button works. */
async function usable(page, { closed = true } = {}) {
  const first = await page.$eval('#moves .move[data-ply="1"]:not([data-line])', (b) => b.textContent);
  assert(first === '32-28', `first move: ${first}`);
  if (closed) {
    const diag = await page.$eval('#diagnostics', (d) => ({ hidden: d.hidden, text: d.textContent, items: d.querySelectorAll('li').length }));
    assert(!diag.hidden, 'the messages are hidden');
    assert(/Variation not closed/.test(diag.text) && /never closed/.test(diag.text), `no plain message about the unclosed variations: ${diag.text.slice(0, 300)}`);
    assert(/and [\d,]+ more like this/.test(diag.text), `no summary of the other messages: ${diag.text.slice(-300)}`);
    assert(diag.items <= 110, `${diag.items} messages listed`);
  }
  if (!(await page.$eval('#first', (b) => b.disabled))) await page.click('#first');
  await page.waitForFunction(() => document.body.dataset.ply === '0' && document.body.dataset.line == null);
  const t0 = Date.now(); // printed only
  await page.click('#next');
  await page.waitForFunction(() => document.body.dataset.ply === '1', null, { timeout: 30_000 });
  const current = await page.$eval('#moves .move.current', (b) => b.textContent);
  assert(current === '32-28', `current move after next: ${current}`);
  return Date.now() - t0;
}

const server = await startStaticServer(root);
const base = `${server.origin}/index.html`;
const browser = await launchBrowser();
const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
await context.addInitScript(watchLongTasks);
await context.addInitScript(watchWork);

async function fresh() {
  const page = await context.newPage();
  page.on('pageerror', (e) => console.log(`# page error: ${e.message}`));
  return page;
}

try {
  // What the machine itself costs: an ordinary game by link on a ready page (only printed).
  await check('(control) an ordinary one-game link on a ready page: its longest task, for comparison', async () => {
    const page = await fresh();
    await openPage(page, base);
    const since = await page.evaluate(() => performance.now());
    await resetWork(page);
    const game = '[Event "c"] [GameType "20"] 1. 32-28 19-23 2. 28x19 14x23 3. 33-28 23x32 4. 37x28 *';
    await page.evaluate((h) => { location.hash = h; }, `#pdn=${linkPayload(game)}&game=1&ply=0`);
    await settled(page, 2);
    const tasks = await longTasks(page, since);
    assert(tasks, 'the Long Tasks API is not available in this browser');
    console.log(`# (control): longest main-thread task ${tasks.after.reduce((m, t) => Math.max(m, t.duration), 0)} ms after load (${tasks.after.map((t) => t.duration).join(', ') || 'none over 50 ms'}); during the page's own load: ${tasks.before.reduce((m, t) => Math.max(m, t.duration), 0)} ms`);
    await page.close();
  });

  for (const [name, n] of [['(a) a share link with 300,000 "("', 300000], ['(c) a share link with 50,000 "("', 50000]]) {
    await check(`${name}: the page's work bounded (counted; its longest task printed, target ${BUDGET} ms); first move, a plain message, next works`, async () => {
      const page = await fresh();
      const url = `${base}#pdn=${linkPayload(opens(n))}&game=1&ply=0`;
      console.log(`# ${name}: link of ${url.length - base.length} characters after index.html`);
      const t0 = Date.now();
      await openPage(page, url);
      await settled(page, 1);
      console.log(`# ${name}: page ready with the game ${((Date.now() - t0) / 1000).toFixed(1)} s after the link was opened`);
      const next = await usable(page);
      await report(page, name, await longTasks(page, 'load'), opens(n).length);
      console.log(`# ${name}: next shown ${next} ms after the click`);
      if (n === 300000) await page.screenshot({ path: path.join(artifacts, 'hostile-link.png'), fullPage: true });
      await page.close();
    });
  }

  await check(`(b) the 300,000 "(" text as a file through #file-input: the page's work bounded; first move, message, next`, async () => {
    const page = await fresh();
    await openPage(page, base);
    const since = await page.evaluate(() => performance.now());
    await resetWork(page);
    // A file on disk: Chromium attaches it natively. (A buffer would be decoded by Playwright's
    // own script in the page, a long task of the harness, not of the page.)
    const file = path.join(os.tmpdir(), `pdn-hostile-${process.pid}.pdn`);
    writeFileSync(file, opens(300000));
    await page.setInputFiles('#file-input', file);
    await settled(page, 2, '(b) file');
    rmSync(file, { force: true });
    await usable(page);
    await report(page, '(b) file', await longTasks(page, since), opens(300000).length);
    await page.close();
  });

  for (const [name, ch] of [['(d) 1 MB of "[" as a file', '['], ['(e) 1 MB of "(" as a file', '(']]) {
    await check(`${name}: no game, a million problems: "No game found" and a short counted list; the page's work bounded; the next text still opens`, async () => {
      const page = await fresh();
      await openPage(page, base);
      const since = await page.evaluate(() => performance.now());
      await resetWork(page);
      const file = path.join(os.tmpdir(), `pdn-hostile-${process.pid}-${ch === '[' ? 'brackets' : 'parens'}.pdn`);
      writeFileSync(file, ch.repeat(1_000_000));
      const t0 = Date.now();
      await page.setInputFiles('#file-input', file);
      await page.waitForFunction(() => {
        const d = document.getElementById('diagnostics');
        return d && !d.hidden && /more like this/.test(d.textContent);
      }, null, { timeout: LOAD_TIMEOUT });
      rmSync(file, { force: true });
      console.log(`# ${name}: the message shown ${((Date.now() - t0) / 1000).toFixed(1)} s after the file was chosen`);
      const diag = await page.$eval('#diagnostics', (d) => ({ text: d.textContent, items: d.querySelectorAll('li').length }));
      assert(diag.items <= 110, `${diag.items} messages listed`);
      assert(/1,000,000 warnings/.test(diag.text), `the heading counts them all: ${diag.text.slice(0, 200)}`);
      assert(/and 999,980 more like this/.test(diag.text), `the rest are counted: ${diag.text.slice(-300)}`);
      const status = await page.textContent('#status');
      assert(/no game/i.test(status), `the status says so: ${status}`);
      await page.waitForTimeout(300);
      await report(page, name, await longTasks(page, since), 0); // nothing of the file comes back
      // The reader still works: an ordinary game opens next.
      const game = '[Event "c"] [GameType "20"] 1. 32-28 19-23 2. 28x19 14x23 *';
      await page.evaluate((h) => { location.hash = h; }, `#pdn=${linkPayload(game)}&game=1&ply=0`);
      await page.waitForFunction(() => document.querySelector('#moves .move[data-ply="1"]')?.textContent === '32-28', null, { timeout: 30_000 });
      await page.close();
    });
  }

  await check(`(f) a link of 3 million one-move games (32 MB unpacked): refused by the games limit in plain words; the page's work bounded; the next link opens`, async () => {
    const page = await fresh();
    await openPage(page, base);
    const since = await page.evaluate(() => performance.now());
    await resetWork(page);
    const payload = linkPayload('1. 32-28 *\n'.repeat(3_000_000));
    console.log(`# (f): link of ${payload.length} characters`);
    const t0 = Date.now();
    await page.evaluate((h) => { location.hash = h; }, `#pdn=${payload}&game=1&ply=0`);
    await page.waitForFunction(() => /games/.test(document.getElementById('status').textContent)
      && /500,000/.test(document.getElementById('status').textContent), null, { timeout: LOAD_TIMEOUT });
    console.log(`# (f): refused ${((Date.now() - t0) / 1000).toFixed(1)} s after the link was opened: ${await page.textContent('#status')}`);
    await page.waitForTimeout(300);
    await report(page, '(f) 3 million games', await longTasks(page, since), 0);
    const game = '[Event "c"] [GameType "20"] 1. 32-28 19-23 2. 28x19 14x23 *';
    await page.evaluate((h) => { location.hash = h; }, `#pdn=${linkPayload(game)}&game=1&ply=0`);
    await page.waitForFunction(() => document.querySelector('#moves .move[data-ply="1"]')?.textContent === '32-28', null, { timeout: 30_000 });
    await page.close();
  });

  await check(`20,000 nested variations: shown 8 deep, "▸ more" opens the next levels from the worker; the page's work bounded`, async () => {
    const page = await fresh();
    await openPage(page, base);
    const since = await page.evaluate(() => performance.now());
    await resetWork(page);
    await page.evaluate((h) => { location.hash = h; }, `#pdn=${linkPayload(NESTED)}&game=1&ply=0`);
    await settled(page, 2);
    await usable(page, { closed: false });
    const before = await page.$$eval('#moves li.variation', (l) => l.length);
    assert(before === 8, `${before} variation items before "show"`);
    const more = await page.$eval('#moves .variations-more', (li) => li.textContent);
    assert(/19,992 more moves in variations/.test(more), `fold text: ${more}`);
    await page.screenshot({ path: path.join(artifacts, 'hostile-nested.png') });
    await page.click('#moves .show-more');
    await page.waitForFunction(() => document.querySelectorAll('#moves li.variation').length === 16
      && document.getElementById('moves').getAttribute('aria-busy') === 'false', null, { timeout: 30_000 });
    const focused = await page.evaluate(() => document.activeElement && document.activeElement.dataset.line);
    assert(focused != null, 'focus did not move to the opened variations');
    await page.click(`#moves .move[data-line="${focused}"]`);
    await page.waitForFunction((l) => document.body.dataset.line === l, focused);
    await page.waitForTimeout(300);
    await report(page, 'nested variations', await longTasks(page, since), NESTED.length);
    await page.close();
  });

  await check(`20,000 sibling variations: 200 shown, "▸ more" shows 200 more; ↓ moves through them; the page's work bounded`, async () => {
    const page = await fresh();
    await openPage(page, base);
    const since = await page.evaluate(() => performance.now());
    await resetWork(page);
    await page.evaluate((h) => { location.hash = h; }, `#pdn=${linkPayload(SIBLINGS)}&game=1&ply=0`);
    await settled(page, 2);
    await usable(page, { closed: false });
    const count = () => page.$$eval('#moves li.variation', (l) => l.length);
    assert(await count() === 200, `${await count()} variations shown`);
    const more = await page.$eval('#moves .variations-more', (li) => li.textContent);
    assert(/19,800 more moves in variations/.test(more), `fold text: ${more}`);
    await page.click('#moves .show-more');
    await page.waitForFunction(() => document.querySelectorAll('#moves li.variation').length === 400
      && document.getElementById('moves').getAttribute('aria-busy') === 'false', null, { timeout: 30_000 });
    if (!(await page.$eval('#first', (b) => b.disabled))) await page.click('#first');
    await page.keyboard.press('ArrowDown');
    await page.waitForFunction(() => document.body.dataset.line != null);
    const line = await page.evaluate(() => document.body.dataset.line);
    const marked = await page.$eval('#moves .move.current', (b) => b.dataset.line);
    assert(marked === line, `current move in the list ${marked}, shown line ${line}`);
    await page.waitForTimeout(300);
    await report(page, 'sibling variations', await longTasks(page, since), SIBLINGS.length);
    await page.close();
  });
} finally {
  await browser.close();
  await server.stop();
}

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
