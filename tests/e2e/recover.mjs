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
import { launchBrowser, noteLongestTask, root, startStaticServer, checks, resetWork, watchWork, workDone } from './harness.mjs';

if (!existsSync(path.join(root, 'pkg', 'pdn.js'))) {
  console.error('pkg/pdn.js is missing: run `make build` first.');
  console.log('0 passed, 1 failed');
  process.exit(1);
}

const en = (await import(pathToFileURL(path.join(root, 'www', 'i18n', 'en.js')).href)).default;
const { standaloneHtml } = await import(pathToFileURL(path.join(root, 'www', 'share', 'standalone.js')).href);
const { encodeBase64url } = await import(pathToFileURL(path.join(root, 'www', 'reader', 'base64url.js')).href);

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
      await page.context().addInitScript(watchWork);
      await page.goto(`${origin}/index.html`);
      await page.waitForSelector('body[data-ready="1"]');
      await resetWork(page);
      await page.evaluate((p) => { location.hash = `pdn=${p}`; }, payload);
      await waitStatus(page, afterName('status.tooLarge'));
      const s = await status(page);
      assert(s.includes('more than 1 MB'), `status: ${s}`);
      // Responsive by construction, counted rather than timed: the link goes to the worker as it
      // is, the page's thread compiles no wasm and unpacks nothing, and nothing of the 8 MiB
      // comes back (every answer is small).
      const work = await workDone(page);
      assert(work.sent.some((m) => m.type === 'open' && m.size >= payload.length), `the link went to the worker: ${JSON.stringify(work.sent)}`);
      assert(work.wasm === 0, `the page's thread compiled the wasm ${work.wasm} times`);
      assert(work.largest < 100_000, `an answer of ${work.largest} characters or bytes came back`);
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

  // The element must never block its host page for more than 100 ms at a time (issue 16). That is
  // a time, which a shared machine's load decides, so `make test` checks what keeps it true, by
  // count: the 150,000 games are read in a worker (the big element's text goes to it in one
  // message, and the host page's thread compiles the wasm at most once: the small element's
  // in-thread reader); every answer the page gets back is bounded by the view's budgets (no
  // message over MESSAGE_BOUND: the list's rows come a window at a time, not 150,000 of them);
  // and the host page never holds more than ELEMENT_BOUND elements, nor gets more than
  // FRAME_BOUND in one frame: the table draws only the rows in view. The longest task is still
  // printed (noteLongestTask), and `make bench-page` reports it against the 100 ms target.
  const MESSAGE_BOUND = 2_000_000;
  const ELEMENT_BOUND = 3_000;
  const FRAME_BOUND = 1_500;
  const watchLongTasks = () => {
    window.longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  };

  /** One load of the host page at `url`: the work counted, the element checked. */
  const elementCheck = async (page, url) => {
    await page.context().addInitScript(watchLongTasks);
    await page.context().addInitScript(watchWork);
    await page.goto(url, { waitUntil: 'domcontentloaded' });
    await page.waitForFunction(() => ['big', 'small'].every((id) => document.getElementById(id)?.dataset.ply != null)
      && document.getElementById('big').shadowRoot.querySelector('[role="grid"]')?.getAttribute('aria-rowcount') === '20001', null, { timeout: 60_000 });
    const task = Math.round(await page.evaluate(() => window.longTasks.reduce((m, t) => Math.max(m, t.duration), 0)));
    const work = await workDone(page);
    const state = await page.$eval('#big', (el) => ({
      game: el.dataset.game, header: el.shadowRoot.querySelector('.game-header-box').textContent,
      rows: el.shadowRoot.querySelectorAll('tr.game-row').length, selected: el.shadowRoot.querySelector('tr.game-row.selected')?.dataset.game,
    }));
    assert(state.game === '149999' && state.header.includes('G149999'), `the big element shows game 149999: ${JSON.stringify(state)}`);
    // The windowed table lists the first 20,000 games (LIST_LIMIT), drawing only the rows in view.
    assert(state.rows > 0 && state.rows < 100, `the table's window: ${JSON.stringify(state)}`);
    const opened = work.sent.filter((m) => m.type === 'open');
    assert(opened.some((m) => m.size >= many.length), `the big text went to a worker: ${JSON.stringify(opened)}`);
    assert(work.wasm <= 1, `the host page's thread compiled the wasm ${work.wasm} times`);
    assert(work.largest <= MESSAGE_BOUND, `a worker's answer of ${work.largest} characters or bytes (over ${MESSAGE_BOUND})`);
    assert(work.frames > 0 && work.most <= ELEMENT_BOUND, `${work.most} elements at once in the host page (over ${ELEMENT_BOUND})`);
    assert(work.grown <= FRAME_BOUND, `one frame added ${work.grown} elements (over ${FRAME_BOUND})`);
    // The big element answers game requests from its worker.
    await page.$eval('#big', (el) => el.setAttribute('game', '2'));
    await page.waitForFunction(() => document.getElementById('big').dataset.game === '2');
    noteLongestTask('recover', url.replace(/.*\//, ''), task);
    return `${work.received.length} answers from the worker, the largest ${work.largest}; at most ${work.most} elements, ${work.grown} added in one frame; wasm compiled ${work.wasm}× on the page's thread; longest task ${task} ms (not judged here: make bench-page)`;
  };

  await check('<pdn-viewer> with 150,000 inline games reads them in a worker: its work bounded by count (the host is never blocked: make bench-page times it)', async () => {
    return withPage(null, (page) => elementCheck(page, `${origin}/tests/e2e/artifacts/recover-host.html`));
  });

  await check('<pdn-viewer> from another origin (a CDN) with the same page: a blob: worker, same result', async () => {
    return withPage(null, async (page) => {
      const workers = [];
      page.on('worker', (w) => workers.push(w.url()));
      const figures = await elementCheck(page, `${origin}/tests/e2e/artifacts/recover-host-cdn.html`);
      assert(workers.some((u) => u.startsWith('blob:')), `a blob: worker (${workers.join(', ')})`);
      return figures;
    });
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
