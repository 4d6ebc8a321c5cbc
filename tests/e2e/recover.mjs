// End-to-end test of hostile and huge inputs: limits, a reader that traps and is replaced, links
// that unpack to too much, addresses that are not web addresses, the element reading a large text
// off the host page's main thread (same origin and from another origin), and the self-contained
// export with comments that would otherwise change how its HTML parses. The limits are lowered
// for the test by serving its own copy of www/reader/overrides.js (`overridesModule`), so no file
// here is larger than a few MB; the shipped files read no test global.
// Prints `ok`/`FAIL` per check, then `N passed, N failed`; exits non-zero on a failure. Any page
// or console error fails a check, except the ones a check expects.

import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { deflateRawSync } from 'node:zlib';
import { launchBrowser, root, startStaticServer, checks } from './harness.mjs';

if (!existsSync(path.join(root, 'pkg', 'pdn.js'))) {
  console.error('pkg/pdn.js is missing: run `make build` first.');
  console.log('0 passed, 1 failed');
  process.exit(1);
}

const en = (await import(pathToFileURL(path.join(root, 'www', 'i18n', 'en.js')).href)).default;
const { standaloneHtml } = await import(pathToFileURL(path.join(root, 'www', 'share', 'standalone.js')).href);
const { encodeBase64url } = await import(pathToFileURL(path.join(root, 'www', 'share', 'base64url.js')).href);

const problems = [];

// --only=REGEX runs the checks whose names match.
const onlyArg = process.argv.find((a) => a.startsWith('--only='));
const only = onlyArg ? new RegExp(onlyArg.slice('--only='.length), 'i') : null;

const { check, fail, finish } = checks({ problems, only });
const assert = (cond, message) => { if (!cond) throw new Error(message); };
/** The English text of `key` up to its first placeholder: enough to recognise the message. */
const lead = (key) => en[key].split('{')[0];
const afterName = (key) => en[key].split('}')[1].split('{')[0];

const GAME = `[Event "Recover"]
[White "Alpha"]
[Black "Beta"]
[Result "*"]
[GameType "20"]

1. 32-28 19-23 2. 28x19 14x23 *
`;

// A server on another origin, with CORS: /big.pdn (its length told), /stream.pdn (no length:
// the count has to stop it), the repository's files (for the element loaded cross-origin) and
// host pages from a temporary folder.
mkdirSync(path.join(root, 'tests', 'e2e', 'artifacts'), { recursive: true });
const temp = mkdtempSync(path.join(tmpdir(), 'pdn-recover-'));
const BIG = Buffer.from(GAME.repeat(Math.ceil(600_000 / GAME.length)));
const TYPES = { '.js': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm', '.html': 'text/html; charset=utf-8', '.pdn': 'text/plain' };
const other = http.createServer((req, res) => {
  const url = new URL(req.url, 'http://x');
  const cors = { 'access-control-allow-origin': '*' };
  if (url.pathname === '/big.pdn') {
    res.writeHead(200, { ...cors, 'content-type': 'text/plain', 'content-length': BIG.length });
    res.end(BIG);
    return;
  }
  if (url.pathname === '/stream.pdn') {
    res.writeHead(200, { ...cors, 'content-type': 'text/plain' }); // chunked, no length
    let sent = 0;
    const more = () => {
      if (sent >= BIG.length || res.destroyed) { res.end(); return; }
      res.write(BIG.subarray(sent, sent + 64 * 1024), () => setTimeout(more, 5));
      sent += 64 * 1024;
    };
    res.on('error', () => {});
    more();
    return;
  }
  const file = url.pathname.startsWith('/temp/') ? path.join(temp, url.pathname.slice(6)) : path.join(root, url.pathname);
  if (!file.startsWith(root) && !file.startsWith(temp)) { res.writeHead(403); res.end(); return; }
  if (!existsSync(file)) { res.writeHead(404, cors); res.end(); return; }
  res.writeHead(200, { ...cors, 'content-type': TYPES[path.extname(file)] || 'application/octet-stream' });
  res.end(readFileSync(file));
});
await new Promise((resolve) => other.listen(0, '127.0.0.1', resolve));
const otherOrigin = `http://127.0.0.1:${other.address().port}`;

const server = await startStaticServer();
const origin = server.origin;
const browser = await launchBrowser();

/** A text holding this makes the test's reading worker run out of memory as it reads it. */
const TRAP = '[White "Trap"]';

/**
 * The test's copy of www/reader/overrides.js, served in its place to the page and its workers:
 * the limits of `test.limits`, and a reader that runs out of memory on a text holding TRAP (it
 * fills the wasm memory up to its maximum, then reads a text larger than what is left, so the
 * instance traps as it does when a file is too large for the device).
 */
function overridesModule(test) {
  return `export const limits = ${JSON.stringify(test?.limits ?? null)};
export function beforeRead(wasm, Library, msg) {
  if (!wasm || !String(msg.text ?? '').includes(${JSON.stringify(TRAP)})) return;
  for (const step of [1024, 64, 1]) {
    try { for (;;) wasm.memory.grow(step); } catch { /* refused: the next, smaller step */ }
  }
  Library.fromText(' '.repeat(64 * 1024 * 1024)).free();
}
`;
}

async function newPage(test = null) {
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  // The context's route reaches the reading worker's imports too.
  await context.route('**/www/reader/overrides.js', (route) => route.fulfill({
    contentType: 'text/javascript', headers: { 'cache-control': 'no-store' }, body: overridesModule(test),
  }));
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console.error: ${m.text()}`); });
  if (process.env.DEBUG) page.on('console', (m) => console.log(`  [console.${m.type()}] ${m.text()}`));
  page.on('worker', (w) => w.on('console', (m) => { if (m.type() === 'error') problems.push(`worker console.error: ${m.text()}`); }));
  return page;
}
async function withPage(test, fn) {
  const page = await newPage(test);
  try { return await fn(page); } finally { await page.context().close().catch(() => {}); }
}
const status = (page) => page.textContent('#status');
const waitStatus = (page, text) => page.waitForFunction((s) => document.getElementById('status').textContent.includes(s), text);
/** Starts counting the longest gap between 10 ms timer ticks on the page's main thread. */
const watchMainThread = (page) => page.evaluate(() => {
  window.longestGap = 0;
  let last = performance.now();
  window.gapTimer = setInterval(() => {
    const now = performance.now();
    window.longestGap = Math.max(window.longestGap, now - last);
    last = now;
  }, 10);
});
const longestGap = (page) => page.evaluate(() => window.longestGap);

try {
  await check('?src= past the size limit (length told): refused at once, plain message with the sizes; the sample still opens', async () => {
    await withPage({ limits: { bytes: 100_000 } }, async (page) => {
      await page.goto(`${origin}/index.html?src=${encodeURIComponent(`${otherOrigin}/big.pdn`)}`);
      await page.waitForSelector('body[data-ready="1"]');
      const s = await status(page);
      assert(s.includes(lead('status.tooLarge')) || s.includes(afterName('status.tooLarge')), `status: ${s}`);
      assert(/the limit is 97\.7 KB/.test(s), `limit named: ${s}`);
      assert(await page.getAttribute('#status', 'data-kind') === 'error', 'an error');
      assert(Number(await page.evaluate(() => document.body.dataset.loads)) >= 1, 'the sample is shown behind it');
    });
  });

  await check('?src= past the size limit (no length): the download stops at the limit', async () => {
    await withPage({ limits: { bytes: 100_000 } }, async (page) => {
      await page.goto(`${origin}/index.html?src=${encodeURIComponent(`${otherOrigin}/stream.pdn`)}`);
      await page.waitForSelector('body[data-ready="1"]');
      const s = await status(page);
      assert(s.includes(afterName('status.tooLarge')) && s.includes('more than 97.7 KB'), `status: ${s}`);
    });
  });

  await check('?src=javascript:alert(1) says only web addresses open (not CORS)', async () => {
    await withPage(null, async (page) => {
      let dialogs = 0;
      page.on('dialog', (d) => { dialogs++; d.dismiss(); });
      await page.goto(`${origin}/index.html?src=javascript:alert(1)`);
      await page.waitForSelector('body[data-ready="1"]');
      const s = await status(page);
      assert(s.includes(afterName('status.srcScheme')) && s.includes('javascript:alert(1)'), `status: ${s}`);
      assert(!s.includes('CORS'), 'no CORS message');
      assert(dialogs === 0, 'nothing ran');
    });
  });

  await check('the reader runs out of memory: plain message, a fresh reader, the next paste works and the list still answers', async () => {
    await withPage(null, async (page) => {
      await page.goto(`${origin}/index.html`);
      await page.waitForSelector('body[data-ready="1"]');
      // Two games first, so that the list has something to ask the worker for afterwards.
      await page.fill('#pdn-input', GAME + '\n' + GAME.replace('Alpha', 'Gamma'));
      await page.click('#load');
      await page.waitForFunction(() => document.body.dataset.loads === '2' && document.body.dataset.checked === '1');
      await page.fill('#pdn-input', GAME.replace('[White "Alpha"]', TRAP));
      await page.click('#load');
      await waitStatus(page, lead('status.outOfMemory'));
      const s = await status(page);
      assert(s.includes('restarted'), `status: ${s}`);
      // The shown file still answers (its text is opened again in the new worker).
      await page.click('#next-game');
      await page.waitForFunction(() => document.body.dataset.game === '2');
      await page.fill('#pdn-input', GAME.replace('Alpha', 'After'));
      await page.click('#load');
      await page.waitForFunction(() => document.body.dataset.loads === '3');
      assert((await page.textContent('#game-header')).includes('After'), 'the pasted game is shown');
      assert(await page.getAttribute('#status', 'data-kind') !== 'error', `status: ${await status(page)}`);
    });
  });

  await check('a pasted text past the limit is refused with the sizes, and the next paste works', async () => {
    await withPage({ limits: { bytes: 50_000 } }, async (page) => {
      await page.goto(`${origin}/index.html`);
      await page.waitForSelector('body[data-ready="1"]');
      await page.evaluate((t) => { document.getElementById('pdn-input').value = t; }, GAME.repeat(1000));
      await page.click('#load');
      await waitStatus(page, afterName('status.tooLarge'));
      await page.fill('#pdn-input', GAME);
      await page.click('#load');
      await page.waitForFunction(() => document.body.dataset.loads === '2');
    });
  });

  await check('a deflate bomb link: unpacked in the worker, stopped at the limit, the page stays responsive', async () => {
    // 8 MiB of one game repeated packs into a link of a few KB; the link limit is 1 MiB here.
    const payload = encodeBase64url(deflateRawSync(Buffer.from(GAME.repeat(Math.ceil(8 * 1024 * 1024 / GAME.length))), { level: 9 }));
    assert(payload.length < 60_000, `a short link (${payload.length})`);
    await withPage({ limits: { linkBytes: 1024 * 1024 } }, async (page) => {
      await page.goto(`${origin}/index.html`);
      await page.waitForSelector('body[data-ready="1"]');
      await watchMainThread(page);
      await page.evaluate((p) => { location.hash = `pdn=${p}`; }, payload);
      await waitStatus(page, afterName('status.tooLarge'));
      const s = await status(page);
      assert(s.includes('more than 1 MB'), `status: ${s}`);
      const gap = await longestGap(page);
      assert(gap < 250, `the main thread was blocked for ${Math.round(gap)} ms`);
      assert((await page.inputValue('#pdn-input')).length < 100_000, 'the box does not get the text');
    });
  });

  await check('a link within the limits but larger than the box rule: opened, the box holds one game', async () => {
    const text = GAME.repeat(Math.ceil(3 * 1024 * 1024 / GAME.length));
    const payload = encodeBase64url(deflateRawSync(Buffer.from(text), { level: 9 }));
    await withPage(null, async (page) => {
      await page.goto(`${origin}/index.html`);
      await page.waitForSelector('body[data-ready="1"]');
      await page.evaluate((p) => { location.hash = `pdn=${p}&game=2`; }, payload);
      await page.waitForFunction(() => Number(document.body.dataset.games) > 1000);
      await page.waitForFunction(() => document.getElementById('pdn-input').value.startsWith('[Event'));
      const box = await page.inputValue('#pdn-input');
      assert(box.length < 1000, `the box holds one game (${box.length})`);
    });
  });

  // ---- the element -----------------------------------------------------------------------

  const many = Array.from({ length: 150_000 }, (_, i) => `[Event "G${i + 1}"]\n1. 32-28 *\n`).join('\n');
  const hostPage = (script) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>club</title>
<link rel="icon" href="data:,"><script type="module" src="${script}"></script></head><body>
<pdn-viewer id="big" game="149999"><script type="application/x-draughts-pdn">
${many}
</script></pdn-viewer>
<pdn-viewer id="small"><script type="application/x-draughts-pdn">
${GAME}
</script></pdn-viewer></body></html>`;
  writeFileSync(path.join(root, 'tests', 'e2e', 'artifacts', 'recover-host.html'), hostPage('../../../www/pdn-viewer.js'));
  writeFileSync(path.join(root, 'tests', 'e2e', 'artifacts', 'recover-host-cdn.html'), hostPage(`${otherOrigin}/www/pdn-viewer.js`));

  // The element must never block its host page for more than 100 ms at a time (issue 16). Three
  // figures per load, from the moment the page's own HTML is parsed until both elements show
  // their game and the big one's list is whole: the longest gap between 10 ms timer ticks, the
  // longest task the Long Tasks API saw, and, from a Chromium trace, the most CPU time the page's
  // main thread spent in one task. On this shared 2-core machine a busy neighbour stretches the
  // first two (the page's thread waits for a core: a trace shows 150 ms tasks holding 20 ms of
  // CPU), so: the CPU figure must stay under ELEMENT_BUDGET, and the wall-clock gap must stay
  // under ELEMENT_MARGIN in the best of up to three loads (a real block comes back every time,
  // a neighbour's does not), unless in every load the main thread's tasks took over twice the
  // CPU time they used (it had less than half a core while it had work: the trace measures this
  // too): then the machine is too busy for wall-clock figures to mean anything, the CPU figure
  // alone decides, and the test says so. Every figure is printed, any over ELEMENT_BUDGET marked.
  const ELEMENT_BUDGET = 100;
  const ELEMENT_MARGIN = 150;
  const TRACE_CATEGORIES = ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing'];
  /** The longest task (wall and CPU ms) of the thread that set the mark `pdn-watch`, after it. */
  const busiestTask = (trace) => {
    const events = JSON.parse(trace.toString()).traceEvents;
    const mark = events.find((e) => e.name === 'pdn-watch');
    if (!mark) return null;
    let wall = 0;
    let cpu = 0;
    let wallSum = 0;
    let cpuSum = 0;
    for (const e of events) {
      if (e.pid !== mark.pid || e.tid !== mark.tid || e.ph !== 'X' || e.ts < mark.ts) continue;
      if (e.name !== 'ThreadControllerImpl::RunTask') continue;
      wall = Math.max(wall, e.dur / 1000);
      cpu = Math.max(cpu, (e.tdur ?? 0) / 1000);
      wallSum += e.dur / 1000;
      cpuSum += (e.tdur ?? 0) / 1000;
    }
    // How much longer the thread's tasks took than the CPU they used: 1 on an idle machine.
    const stretch = cpuSum > 0 ? wallSum / cpuSum : 1;
    return { wall: Math.round(wall), cpu: Math.round(cpu), stretch: Math.round(stretch * 10) / 10 };
  };
  const watchLongTasks = () => {
    window.longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  };

  /** One load of the host page at `url`: the figures above, and the element checked. */
  const elementLoad = async (page, url) => {
    await page.context().addInitScript(watchLongTasks);
    await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    let trace;
    try {
      await page.goto(url, { waitUntil: 'domcontentloaded' });
      await watchMainThread(page);
      await page.evaluate(() => { window.watchFrom = performance.now(); performance.mark('pdn-watch'); });
      await page.waitForFunction(() => ['big', 'small'].every((id) => document.getElementById(id)?.dataset.ply != null)
        && document.getElementById('big').shadowRoot.querySelector('[role="grid"]')?.getAttribute('aria-rowcount') === '20001', null, { timeout: 60_000 });
    } finally {
      trace = await browser.stopTracing();
    }
    const gap = Math.round(await longestGap(page));
    const task = Math.round(await page.evaluate(() => window.longTasks
      .filter((t) => t.start + t.duration >= window.watchFrom).reduce((m, t) => Math.max(m, t.duration), 0)));
    const busiest = busiestTask(trace);
    assert(busiest, 'the trace has the page\'s mark');
    const state = await page.$eval('#big', (el) => ({
      game: el.dataset.game, header: el.shadowRoot.querySelector('.game-header-box').textContent,
      rows: el.shadowRoot.querySelectorAll('tr.game-row').length, selected: el.shadowRoot.querySelector('tr.game-row.selected')?.dataset.game,
    }));
    assert(state.game === '149999' && state.header.includes('G149999'), `the big element shows game 149999: ${JSON.stringify(state)}`);
    // The windowed table lists the first 20,000 games (LIST_LIMIT), drawing only the rows in view.
    assert(state.rows > 0 && state.rows < 100, `the table's window: ${JSON.stringify(state)}`);
    // The big element answers game requests from its worker.
    await page.$eval('#big', (el) => el.setAttribute('game', '2'));
    await page.waitForFunction(() => document.getElementById('big').dataset.game === '2');
    return { gap, task, cpu: busiest.cpu, stretch: busiest.stretch };
  };

  /** Up to three loads (each in a fresh page of `open()`); the figures of each are returned. */
  const elementCheck = async (open, url) => {
    const runs = [];
    for (let i = 0; i < 3; i++) {
      const figures = await open((page) => elementLoad(page, url));
      runs.push(figures);
      assert(figures.cpu < ELEMENT_BUDGET, `one task of the host page's main thread used ${figures.cpu} ms of CPU (over ${ELEMENT_BUDGET} ms)`);
      if (figures.gap < ELEMENT_BUDGET) break;
    }
    const words = runs.map((r) => `longest gap ${r.gap} ms${r.gap >= ELEMENT_BUDGET ? ' (OVER 100)' : ''}, longest task ${r.task} ms, `
      + `most CPU in one task ${r.cpu} ms, tasks took ${r.stretch}× their CPU time`).join('; ');
    const best = Math.min(...runs.map((r) => r.gap));
    if (best < ELEMENT_MARGIN) return words;
    const busy = runs.every((r) => r.stretch > 2);
    assert(busy, `the host page was blocked for ${best} ms at best (over ${ELEMENT_MARGIN} ms): ${words}`);
    return `${words}; the machine is too busy to judge by the clock: judged by CPU`;
  };

  await check('<pdn-viewer> with 150,000 inline games reads them in a worker: the host is never blocked 100 ms', async () => {
    return elementCheck((fn) => withPage(null, fn), `${origin}/tests/e2e/artifacts/recover-host.html`);
  });

  await check('<pdn-viewer> from another origin (a CDN) with the same page: a blob: worker, same result', async () => {
    return elementCheck((fn) => withPage(null, async (page) => {
      const workers = [];
      page.on('worker', (w) => workers.push(w.url()));
      const figures = await fn(page);
      assert(workers.some((u) => u.startsWith('blob:')), `a blob: worker (${workers.join(', ')})`);
      return figures;
    }), `${origin}/tests/e2e/artifacts/recover-host-cdn.html`);
  });

  await check('embed.html with a #pdn= link: the element unpacks it (in its worker), under the CSP', async () => {
    const payload = encodeBase64url(deflateRawSync(Buffer.from(GAME.repeat(300))));
    await withPage(null, async (page) => {
      await page.goto(`${origin}/embed.html#pdn=${payload}&game=3&ply=2`);
      await page.waitForFunction(() => document.querySelector('pdn-viewer')?.dataset.ply === '2');
      assert(await page.$eval('pdn-viewer', (el) => el.dataset.game) === '3', 'game 3');
    });
  });

  await check('embed.html?src=javascript:… says so inside the element', async () => {
    await withPage(null, async (page) => {
      await page.goto(`${origin}/embed.html?src=javascript:alert(1)`);
      await page.waitForFunction(() => !document.querySelector('pdn-viewer')?.shadowRoot.querySelector('.pv-error').hidden);
      const text = await page.$eval('pdn-viewer', (el) => el.shadowRoot.querySelector('.pv-error').textContent);
      assert(text.includes(afterName('status.srcScheme')), text);
    });
  });

  await check('the self-contained export with <!--<script>, </script> and <\\/ in comments opens and reads back exactly', async () => {
    const pdn = `[Event "Export <!--<script> test"]
[White "Alpha"]
[Black "Beta"]
[Result "*"]
[GameType "20"]

1. 32-28 {a <!--<script> here} 19-23 {then </script><script>alert(1)</script>} 2. 28x19 {and <\\/ as written} 14x23 *
`;
    const html = await standaloneHtml({
      pdn,
      title: 'export',
      attrs: { ply: 2 },
      fetchText: async (p) => readFileSync(path.join(root, p), 'utf8'),
      fetchBytes: async (p) => new Uint8Array(readFileSync(path.join(root, p))),
    });
    const file = path.join(temp, 'export.html');
    writeFileSync(file, html);
    await withPage(null, async (page) => {
      let dialogs = 0;
      page.on('dialog', (d) => { dialogs++; d.dismiss(); });
      await page.goto(pathToFileURL(file).href);
      await page.waitForFunction(() => document.querySelector('pdn-viewer')?.dataset.ply === '2');
      const moves = await page.$eval('pdn-viewer', (el) => el.shadowRoot.querySelector('.moves').textContent);
      assert(moves.includes('a <!--<script> here'), `comment shown: ${moves.slice(0, 200)}`);
      assert(moves.includes('and <\\/ as written'), 'a literal <\\/ stays as written');
      assert(moves.includes('</script><script>alert(1)</script>'), 'the script-like comment is text');
      assert(dialogs === 0, 'nothing in the game ran');
    });
  });
} catch (e) {
  fail('setup\n', e);
} finally {
  await browser.close().catch(() => {});
  await server.stop();
  other.closeAllConnections?.();
  other.close();
}

finish();
