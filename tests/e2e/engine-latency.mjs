// How soon the engine's first line is on the page after a click (issue 40: "the first line shown
// within 100 ms of a click"), in headless Chromium, timed in the page's own clock from the
// click's event to the moment the panel holds a line of the new position (a MutationObserver on
// the panel), and to the frame after it (requestAnimationFrame: on screen). A benchmark, not a
// test (make test asserts no time):
//
//   node tests/e2e/engine-latency.mjs [--runs=15]
//
// Cases: the page's sample game with the engine on, a click on Next (the worker warm, the
// table kept); the same in <pdn-viewer engine>; the engine turned on by its button in a fresh
// page (the worker started, its wasm fetched and compiled, then the first depth), clicked at
// once or after the pointer rested on it for 250 ms (view/engine-part.js starts loading). Prints each
// case's median and largest, with the machine's load average.

import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchBrowser, openElementHost, openPage, root, startStaticServer } from './harness.mjs';

const RUNS = Number((process.argv.find((a) => a.startsWith('--runs=')) || '--runs=15').slice(7));
const server = await startStaticServer(root);
const browser = await launchBrowser();

/**
 * In the page: clicks `button` (a selector in `scope`, the document or the element's shadow
 * root found by `host`) and resolves to { line, painted }: ms from the click to the panel's
 * first line of a position other than `before`, and to the frame after it.
 */
function clickAndTime({ host, button }) {
  const scope = host ? document.querySelector(host).shadowRoot : document;
  const panel = () => scope.querySelector('.engine');
  const firstLine = () => panel()?.querySelector('.engine-line .engine-move')?.textContent || null;
  const before = `${firstLine()} ${panel()?.getAttribute('data-engine-depth')}`;
  const ply = () => (host ? document.querySelector(host).dataset.ply : document.body.dataset.ply);
  const plyBefore = ply();
  return new Promise((resolve) => {
    let t0 = 0;
    const look = () => {
      const p = panel();
      if (!p || ply() === plyBefore) return false;
      if (!(Number(p.getAttribute('data-engine-depth')) >= 1) || !firstLine()) return false;
      if (`${firstLine()} ${p.getAttribute('data-engine-depth')}` === before) return false;
      const line = performance.now() - t0;
      observer.disconnect();
      requestAnimationFrame(() => resolve({ line, painted: performance.now() - t0 }));
      return true;
    };
    const observer = new MutationObserver(look);
    observer.observe(host ? document.querySelector(host).shadowRoot : document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    const b = scope.querySelector(button);
    b.addEventListener('click', () => { t0 = performance.now(); }, { capture: true, once: true });
    b.click();
  });
}

/** The engine on its toggle in a fresh page: ms from the click to the first line, and painted. */
function toggleAndTime() {
  return new Promise((resolve) => {
    let t0 = 0;
    const look = () => {
      const p = document.querySelector('#engine .engine');
      if (!p || !(Number(p.getAttribute('data-engine-depth')) >= 1) || !p.querySelector('.engine-line .engine-move')) return;
      const line = performance.now() - t0;
      observer.disconnect();
      requestAnimationFrame(() => resolve({ line, painted: performance.now() - t0 }));
    };
    const observer = new MutationObserver(look);
    observer.observe(document.body, { subtree: true, childList: true, attributes: true });
    const b = document.querySelector('#engine-toggle');
    b.addEventListener('click', () => { t0 = performance.now(); }, { capture: true, once: true });
    b.click();
  });
}

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
const rows = [];
const record = (name, times) => rows.push([name, times.length, median(times.map((t) => t.line)), Math.max(...times.map((t) => t.line)), median(times.map((t) => t.painted))]);

try {
  // The page, warm: engine on, then Next, RUNS times (each move a new position).
  {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await openPage(page, `${server.origin}/index.html`);
    await page.waitForSelector('#board[data-moves]');
    await page.click('#engine-toggle');
    await page.waitForFunction(() => Number(document.querySelector('#engine .engine')?.getAttribute('data-engine-depth')) >= 4, null, { timeout: 60000 });
    const times = [];
    for (let i = 0; i < RUNS; i++) {
      times.push(await page.evaluate(clickAndTime, { host: null, button: '#next' }));
      await page.waitForFunction(() => Number(document.querySelector('#engine .engine')?.getAttribute('data-engine-depth')) >= 4, null, { timeout: 60000 });
    }
    record('the page, engine on: Next', times);
    await context.close();
  }
  // The element, warm.
  {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await openElementHost(page, server.origin, 'engine-host', 'engine', readFileSync(path.join(root, 'tests/e2e/fixtures/review-game.pdn'), 'utf8'));
    await page.waitForFunction(() => Number(document.querySelector('pdn-viewer')?.shadowRoot?.querySelector('.engine')?.getAttribute('data-engine-depth')) >= 4, null, { timeout: 60000 });
    const times = [];
    for (let i = 0; i < RUNS; i++) {
      times.push(await page.evaluate(clickAndTime, { host: 'pdn-viewer', button: '#next' }));
      await page.waitForFunction(() => Number(document.querySelector('pdn-viewer').shadowRoot.querySelector('.engine')?.getAttribute('data-engine-depth')) >= 4, null, { timeout: 60000 });
    }
    record('<pdn-viewer engine>: Next', times);
    await context.close();
  }
  // Cold: the engine's button in a fresh page (a fresh context: nothing cached), clicked at once,
  // or with the pointer resting on it 250 ms before the click (the engine's part and worker
  // start loading 80 ms after the pointer arrives).
  for (const [name, pointed] of [
    ['the page, Engine turned on (worker, wasm fetched and compiled)', false],
    ['the page, Engine turned on, pointed at 250 ms before the click', true],
  ]) {
    const times = [];
    for (let i = 0; i < Math.min(RUNS, 7); i++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await openPage(page, `${server.origin}/index.html`);
      await page.waitForSelector('#board[data-moves]');
      if (pointed) {
        await page.hover('#engine-toggle');
        await page.waitForTimeout(250);
      }
      times.push(await page.evaluate(toggleAndTime));
      await context.close();
    }
    record(name, times);
  }
} finally {
  await browser.close();
  await server.stop();
}
const ms = (x) => `${x.toFixed(1)} ms`;
console.log(`load average ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}`);
console.log('case | N | first line, median | largest | on screen, median');
for (const [name, n, med, max, painted] of rows) console.log(`${name} | ${n} | ${ms(med)} | ${ms(max)} | ${ms(painted)}`);
