// What the end-to-end suites (run.mjs and the others) and the page benchmark (bench.mjs) share:
// the static server for the repository (Python's http.server, as a developer would run it), a
// second plain node:http server on another port that sends no CORS headers, the headless system
// Chromium, small page helpers built on the body data-* attributes the page keeps up to date,
// and the suites' check runner.

import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
export const root = path.resolve(here, '..', '..');
export const artifacts = path.join(here, 'artifacts');

/**
 * With PDN_E2E_SITE set (make test-site): the folder the suites' server serves in place of the
 * repository, target/site-e2e/: the built site's pages, www/ and pkg/ (tools/site.mjs, minified),
 * and beside them the repository's other entries (tests/ and its fixtures), linked. The suites
 * then check the copy a club puts on its server, as they check the sources.
 */
let siteDir = null;
function siteFolder() {
  if (siteDir) return siteDir;
  const site = path.resolve(root, process.env.PDN_E2E_SITE);
  const dir = path.join(root, 'target', 'site-e2e');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const shipped = new Set(readdirSync(site));
  for (const entry of shipped) symlinkSync(path.join(site, entry), path.join(dir, entry));
  for (const entry of readdirSync(root)) {
    if (!shipped.has(entry) && !['.git', 'target'].includes(entry)) symlinkSync(path.join(root, entry), path.join(dir, entry));
  }
  siteDir = dir;
  return dir;
}

/** The folder the suites' server serves: the repository, or the built site (PDN_E2E_SITE). */
export const servedFolder = () => (process.env.PDN_E2E_SITE ? siteFolder() : root);

/**
 * `python3 -m http.server` on a free port for `dir` (the repository, or the built site in its
 * place when PDN_E2E_SITE is set). Returns { port, origin, stop() }.
 */
export async function startStaticServer(dir = root) {
  if (dir === root && process.env.PDN_E2E_SITE) dir = siteFolder();
  const child = spawn('python3', ['-u', '-m', 'http.server', '0', '--bind', '127.0.0.1', '--directory', dir],
    { stdio: ['ignore', 'pipe', 'pipe'] });
  const port = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => { child.kill(); reject(new Error('http.server did not start')); }, 10_000);
    child.stdout.on('data', (d) => {
      const m = /port (\d+)/.exec(String(d));
      if (m) { clearTimeout(timer); resolve(Number(m[1])); }
    });
    child.on('exit', (code) => { clearTimeout(timer); reject(new Error(`http.server exited (${code})`)); });
  });
  child.stdout.resume();
  child.stderr.resume(); // the request log; not needed
  process.once('exit', () => child.kill()); // even when the caller dies before stop()
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    stop: () => new Promise((resolve) => {
      if (child.exitCode != null) { resolve(); return; }
      child.once('exit', () => resolve());
      child.kill();
    }),
  };
}

/**
 * A node:http server on another port that answers every GET with `body` and no
 * Access-Control-Allow-Origin header, so the page (another origin) may not read it.
 * Returns { port, origin, requests, stop() }.
 */
export async function startNoCorsServer(body) {
  const requests = [];
  const server = http.createServer((req, res) => {
    requests.push(req.url);
    res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address();
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    requests,
    stop: () => new Promise((resolve) => {
      server.closeAllConnections?.();
      server.close(() => resolve());
    }),
  };
}

/**
 * The system Chromium, headless. With PDN_E2E_LATE=<ms> set, every context it opens plays a slow
 * machine on purpose: each of the page's own files (www/, pkg/) answers up to that many ms late,
 * at random, and each message a worker sends reaches the page up to that many ms late (in order).
 * What arrives late on a loaded machine (a part loaded after the first screen, the reading
 * worker's view, the engine's line) then arrives late on any machine, so a check that acts before
 * it comes, or a page that forgets what the reader did meanwhile, fails here and not only in a
 * loaded CI run. `PDN_E2E_LATE=400 node tests/e2e/run.mjs`; not part of make test (random).
 */
export async function launchBrowser() {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const late = Number(process.env.PDN_E2E_LATE || 0);
  if (late > 0) {
    const open = browser.newContext.bind(browser);
    browser.newContext = async (...args) => {
      const context = await open(...args);
      await context.addInitScript(lateWorkers, late);
      await context.route(/\/(www|pkg)\/.*\.(js|mjs|wasm|css|gz|json)(\?.*)?$/, async (r) => {
        await new Promise((resolve) => setTimeout(resolve, Math.random() * late));
        await r.fallback();
      });
      return context;
    };
    browser.newPage = async (options) => (await browser.newContext(options)).newPage();
  }
  return browser;
}

/** Init script (PDN_E2E_LATE): a worker's messages reach the page up to `late` ms late, in order. */
function lateWorkers(late) {
  const W = window.Worker;
  if (!W) return;
  window.Worker = class extends W {
    constructor(...args) {
      super(...args);
      // One queue per worker: timers of nearly equal times may fire out of order, the queue not.
      const queue = [];
      let last = 0;
      this.addEventListener('message', (e) => {
        if (e.late) return;
        e.stopImmediatePropagation();
        const again = new MessageEvent('message', { data: e.data, ports: [...e.ports] });
        Object.defineProperty(again, 'late', { value: true });
        queue.push(again);
        last = Math.max(performance.now() + Math.random() * late, last);
        setTimeout(() => {
          // Everything up to this message goes now, in the order it came (unless a later
          // message's timer, fired first, took it already).
          if (!queue.includes(again)) return;
          for (;;) {
            const next = queue.shift();
            this.dispatchEvent(next);
            if (next === again) break;
          }
        }, last - performance.now());
      });
    }
  };
}

/**
 * A page in a context of its own (`options` go to the context) whose uncaught errors and
 * console errors are pushed onto `problems`, which the suites fail on.
 */
export async function watchedPage(browser, problems, viewport = { width: 1280, height: 800 }, options = {}) {
  const context = await browser.newContext({ viewport, ...options });
  const page = await context.newPage();
  page.on('pageerror', (e) => problems.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
  return { page, context };
}

/** Serves the file `file` at `<origin>/<folder>/<name>.pdn` for `page`; returns the path. */
export async function servePdn(page, origin, folder, name, file) {
  const body = readFileSync(file);
  await page.route(`${origin}/${folder}/${name}.pdn`, (r) => r.fulfill({ contentType: 'application/octet-stream', body }));
  return `/${folder}/${name}.pdn`;
}

/**
 * Opens a host page at `<origin>/<name>.html` holding `<pdn-viewer attributes>` with `pdn` as its
 * script child (the way a club page embeds a game).
 */
export async function openElementHost(page, origin, name, attributes, pdn) {
  const html = `<!doctype html><meta charset="utf-8"><script type="module" src="/www/pdn-viewer.js"></script>
<pdn-viewer ${attributes}><script type="application/x-draughts-pdn">${pdn}</script></pdn-viewer>`;
  await page.route(`${origin}/${name}.html`, (r) => r.fulfill({ contentType: 'text/html', body: html }));
  await page.goto(`${origin}/${name}.html`);
}

// ---- page helpers (body data-* attributes) ----------------------------------------------

/** Every word of language `code`: the first screen's (www/i18n/<code>.js) and the parts' (parts/<code>.js). */
export async function catalogueOf(code) {
  const [first, parts] = await Promise.all([`www/i18n/${code}.js`, `www/i18n/parts/${code}.js`]
    .map((f) => import(path.join(root, f)).then((m) => m.default)));
  return { ...first, ...parts };
}

export const ply = (page) => page.evaluate(() => Number(document.body.dataset.ply));
export const game = (page) => page.evaluate(() => Number(document.body.dataset.game));
export const loads = (page) => page.evaluate(() => Number(document.body.dataset.loads || 0));
export const waitPly = (page, n, options) => page.waitForFunction((want) => document.body.dataset.ply === String(want), n, options);
export const waitLoads = (page, n, options) => page.waitForFunction((want) => Number(document.body.dataset.loads) >= want, n, options);

/** Pieces on the board as { square: piece } from the data-square/data-piece contract. */
export const boardPieces = (page) => page.$$eval('#board [data-piece]',
  (els) => Object.fromEntries(els.map((e) => [e.getAttribute('data-square'), e.getAttribute('data-piece')])));

/**
 * Reads `read()` every 100 ms until `done(value)` holds or `ms` have passed (a wait, not a
 * check); returns the last value read, for the caller's own assertion.
 */
export async function pollUntil(read, done, ms = 20_000) {
  let value = await read();
  for (const end = Date.now() + ms; !done(value) && Date.now() < end;) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  return value;
}

/** Opens `url` and waits until the page says it is ready. */
export async function openPage(page, url) {
  await page.goto(url);
  await page.waitForSelector('body[data-ready="1"]');
}

// ---- bounded work, counted (not timed) ----------------------------------------------------

/**
 * An init script (context.addInitScript(watchWork)) that counts the page's work instead of timing
 * it, so that a check holds on a machine of any speed: every message between the page and its
 * workers (type, the games asked by a request, its size: string characters plus buffer bytes),
 * every WebAssembly module the page's own thread compiles, and, each frame, the elements in the
 * document (open shadow roots included): the most at once and the most one frame added.
 * workDone(page) reads the counts; resetWork(page) starts them again.
 */
export function watchWork() {
  const size = (v, depth = 0) => {
    if (v == null || depth > 3) return 0;
    if (typeof v === 'string') return v.length;
    if (v instanceof ArrayBuffer) return v.byteLength;
    if (ArrayBuffer.isView(v)) return v.byteLength;
    if (typeof v !== 'object') return 8;
    let n = 0;
    for (const k of Object.keys(v)) n += size(v[k], depth + 1);
    return n;
  };
  const work = window.__work = { sent: [], received: [], wasm: 0, most: 0, grown: 0, frames: 0 };
  const W = window.Worker;
  if (W) {
    const post = W.prototype.postMessage;
    W.prototype.postMessage = function (msg, ...rest) {
      work.sent.push({ type: msg && msg.type, games: msg && msg.games, size: size(msg) });
      return post.call(this, msg, ...rest);
    };
    window.Worker = class extends W {
      constructor(...args) {
        super(...args);
        this.addEventListener('message', (e) => {
          // `view`: the message carries a game view (one buffer, reader/viewdata.js).
          const d = e.data;
          work.received.push({ type: d && d.type, size: size(d), view: !!d && (ArrayBuffer.isView(d.view) || ArrayBuffer.isView(d.value?.view ?? d.value)) });
        });
      }
    };
  }
  for (const name of ['compile', 'instantiate', 'compileStreaming', 'instantiateStreaming']) {
    const f = WebAssembly[name];
    if (f) WebAssembly[name] = function (...args) { work.wasm++; return f.apply(this, args); };
  }
  const count = () => {
    let n = document.getElementsByTagName('*').length;
    for (const el of document.querySelectorAll('pdn-viewer')) if (el.shadowRoot) n += el.shadowRoot.querySelectorAll('*').length;
    return n;
  };
  let last = 0;
  const frame = () => {
    const n = count();
    work.frames++;
    work.most = Math.max(work.most, n);
    work.grown = Math.max(work.grown, n - last);
    last = n;
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

/** What watchWork counted: { sent, received, wasm, most, grown, frames, largest: the largest message from a worker }. */
export const workDone = (page) => page.evaluate(() => {
  const w = window.__work;
  return { ...w, largest: w.received.reduce((m, r) => Math.max(m, r.size), 0) };
});

/** Starts watchWork's counts again (the element counts from the document as it stands). */
export const resetWork = (page) => page.evaluate(() => {
  Object.assign(window.__work, { sent: [], received: [], wasm: 0, most: 0, grown: 0, frames: 0 });
});

/**
 * The time figure a suite measures but does not judge (the machine's load would decide it): the
 * longest main-thread task seen, printed in one form that `make bench-page` (bench.mjs) gathers
 * and reports against the 100 ms target. Never an assertion.
 */
export function noteLongestTask(suite, name, ms) {
  console.log(`     longest-task\t${suite}\t${name}\t${ms == null ? 'n/a' : Math.round(ms)} ms (target 100 ms, measured by make bench-page)`);
}

/**
 * Init script: the order of Workers started, resources requested and the first board drawn (a
 * piece in #board or in a <pdn-viewer>'s shadow root), in the page's own clock. firstPaint(page,
 * origin) reads it. (paint.mjs asserts on it, bench.mjs sorts the bytes loaded up front by it.)
 */
export function watchFirstPaint() {
  const order = window.__paint = { workers: [], board: null, framed: false };
  const W = window.Worker;
  if (W) {
    window.Worker = class extends W {
      constructor(url, ...rest) {
        order.workers.push({ url: String(url), at: performance.now(), board: order.board != null, framed: order.framed });
        super(url, ...rest);
      }
    };
  }
  const piece = () => {
    if (document.querySelector('#board [data-piece]')) return true;
    for (const el of document.querySelectorAll('pdn-viewer')) if (el.shadowRoot?.querySelector('[data-piece]')) return true;
    return false;
  };
  // The element's board is drawn inside its shadow root, which a document observer does not
  // see: each frame is looked at too, so the moment is the frame it was drawn in at the latest.
  // framed: the frame that shows the board has begun (its animation frame callbacks run just
  // before it is painted): a worker started before it competes with the first paint.
  const look = () => {
    if (order.board == null && piece()) {
      order.board = performance.now();
      requestAnimationFrame(() => { order.framed = true; });
    }
  };
  new MutationObserver(look).observe(document, { childList: true, subtree: true });
  const frame = () => { look(); if (order.board == null) requestAnimationFrame(frame); };
  requestAnimationFrame(frame);
}

/** What the page requested before its first board and after it (paths of `origin`), and its Workers. */
export async function firstPaint(page, origin) {
  await page.waitForFunction(() => window.__paint && window.__paint.board != null, null, { timeout: 60_000 });
  return page.evaluate((o) => {
    const { board, workers } = window.__paint;
    const entries = performance.getEntriesByType('resource')
      .filter((e) => e.name.startsWith(o))
      .map((e) => ({ file: new URL(e.name).pathname.slice(1), at: e.startTime }));
    return {
      before: entries.filter((e) => e.at < board).map((e) => e.file),
      after: entries.filter((e) => e.at >= board).map((e) => e.file),
      workers,
    };
  }, origin);
}

// ---- the check runner ---------------------------------------------------------------------

/**
 * The suites' way of running checks. `check(name, fn, { expected })` runs `fn` and prints
 * `ok   name` (and the line `fn` returns, if a string: its measurements) or `FAIL name` with the
 * reason. A check also fails when entries were added to `problems` while it ran (the page
 * errors and console errors the suite's listeners collect), other than those matching one of
 * `expected`'s regular expressions. Checks whose names do not match `only` are skipped. `fail`
 * counts a failure outside any check (the set-up); `finish` prints the counts and exits, 1 on
 * any failure.
 */
export function checks({ problems = [], only = null } = {}) {
  let passed = 0;
  let failed = 0;
  const indent = (e) => String(e && e.message ? e.message : e).split('\n').join('\n     ');
  return {
    async check(name, fn, { expected = [] } = {}) {
      if (only && !only.test(name)) return;
      const before = problems.length;
      const started = Date.now();
      try {
        const note = await fn();
        const left = problems.slice(before).filter((p) => !expected.some((re) => re.test(p)));
        if (left.length) throw new Error(`page errors: ${left.join(' | ')}`);
        passed++;
        const slow = Date.now() - started > 5000 ? ` (${((Date.now() - started) / 1000).toFixed(1)} s)` : '';
        console.log(`ok   ${name}${slow}`);
        if (typeof note === 'string') console.log(`     ${note}`);
      } catch (e) {
        failed++;
        console.log(`FAIL ${name}\n     ${indent(e)}`);
      }
    },
    fail(what, e) {
      failed++;
      console.log(`FAIL ${what}: ${e && e.stack ? e.stack : e}`);
    },
    finish() {
      console.log(`${passed} passed, ${failed} failed`);
      process.exit(failed ? 1 : 0);
    },
  };
}
