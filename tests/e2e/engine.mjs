// End-to-end test of the engine beside the board, as a reader uses it in Chromium: on the page
// (the Engine toggle), in <pdn-viewer engine> and in the iframe (embed.html?engine=1), at
// 1280×800 and 360×740: the worker and its wasm are fetched only once the engine is turned on,
// the panel shows an evaluation bar, best lines and the depth, the best move is an arrow on the
// board, a move of a line clicked plays the line into the analysis board, solving turns the
// engine off, and turning it off takes the panel and the arrow away.
//
//   node tests/e2e/engine.mjs                  every check
//   node tests/e2e/engine.mjs --screenshots    also writes docs/screenshots/engine.png and engine-phone.png

import { copyFileSync } from 'node:fs';
import path from 'node:path';
import { artifacts, checks, launchBrowser, openElementHost, openPage, root, startStaticServer, waitPly } from './harness.mjs';

const screenshots = process.argv.slice(2).includes('--screenshots');
const problems = [];
const { check, fail, finish } = checks({ problems });
const server = await startStaticServer(root);
const browser = await launchBrowser();

// A position with a shot: 33-29 gives a man and takes two back (docs/engine.md).
const SHOT = '[GameType "20"]\n[FEN "W:W27,28,32,33,37,38,42,43:B8,9,12,13,17,18,19,23"]\n*\n';

async function newPage(viewport) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const requests = [];
  page.on('request', (r) => requests.push(new URL(r.url()).pathname));
  page.on('pageerror', (e) => problems.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
  return { page, context, requests };
}

/** The engine's panel in `scope` (a page or an element's shadow root) once it has lines at `depth`. */
async function waitLines(page, selector, depth = 4) {
  await page.waitForFunction(({ selector, depth }) => {
    const find = (s) => {
      const [host, inner] = s.split(' >>> ');
      const el = document.querySelector(host);
      return inner ? el && el.shadowRoot && el.shadowRoot.querySelector(inner) : el;
    };
    const e = find(selector);
    return e && Number(e.getAttribute('data-engine-depth')) >= depth;
  }, { selector, depth }, { timeout: 30000 });
}

/** The page with the shot loaded and the engine turned on, its lines at depth 2 at least. */
async function shotWithEngine(page) {
  await openPage(page, `${server.origin}/index.html`);
  await page.fill('#pdn-input', SHOT);
  await page.click('#load');
  await page.waitForFunction(() => Number(document.body.dataset.loads) >= 1);
  await page.click('#engine-toggle');
  await waitLines(page, '#engine .engine', 2);
}

try {
  await check('the first screen has nothing of the engine: no request of it before the sample is drawn; its toggle and boxes come after', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    // When body[data-ready] is set (the sample drawn), in page time, as bench.mjs (d) takes it.
    await context.addInitScript(() => {
      new MutationObserver(() => {
        if (window.readyAt == null && document.body && document.body.dataset.ready === '1') {
          window.readyAt = performance.now();
          window.engineAtReady = ['#engine-toggle', '#engine', '#review'].filter((q) => document.querySelector(q));
        }
      }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-ready'] });
    });
    const page = await context.newPage();
    const requests = [];
    page.on('request', (r) => requests.push(r));
    await page.goto(`${server.origin}/index.html`);
    await page.waitForSelector('body[data-ready="1"]');
    await page.waitForSelector('#engine-toggle');
    await page.waitForLoadState('networkidle');
    const seen = await page.evaluate(() => ({
      readyAt: performance.timeOrigin + window.readyAt,
      atReady: window.engineAtReady,
      toggle: document.querySelector('#engine-toggle').textContent,
      after: document.querySelector('#engine-toggle').previousElementSibling.id,
      boxes: [document.querySelector('#engine'), document.querySelector('#review')].map((b) => b && `${b.hidden}:${b.getAttribute('aria-label')}`),
    }));
    await context.close();
    const early = requests.filter((r) => r.timing().startTime < seen.readyAt).map((r) => new URL(r.url()).pathname);
    if (!early.length) throw new Error('no request before the sample was drawn: the probe is wrong');
    if (seen.atReady.length) throw new Error(`on the first screen already: ${seen.atReady}`);
    const engine = early.filter((u) => /engine|review/.test(u));
    if (engine.length) throw new Error(`fetched before the first screen: ${engine}`);
    if (!requests.some((r) => r.url().endsWith('/www/view/engine-part.js'))) throw new Error('the wiring never came');
    if (requests.some((r) => /\/www\/engine\/|\/pkg\/engine/.test(r.url()))) throw new Error('the engine came unasked');
    if (seen.toggle !== 'Engine' || seen.after !== 'explorer-toggle') throw new Error(`the toggle: ${JSON.stringify(seen)}`);
    if (JSON.stringify(seen.boxes) !== JSON.stringify(['true:Engine', 'true:Game review'])) throw new Error(`the boxes: ${seen.boxes}`);
  });

  for (const [name, viewport] of [['1280', { width: 1280, height: 800 }], ['360', { width: 360, height: 740 }]]) {
    await check(`the page at ${name} px: nothing of the engine before it is turned on; then lines, bar, arrow; a line's move played; off again`, async () => {
      const { page, context, requests } = await newPage(viewport);
      await openPage(page, `${server.origin}/index.html`);
      await page.fill('#pdn-input', SHOT);
      await page.click('#load');
      await page.waitForFunction(() => Number(document.body.dataset.loads) >= 1);
      await page.waitForTimeout(300);
      // Its wiring (view/engine-part.js: the toggle, the boxes) comes after the first screen;
      // the engine itself (engine/, its worker and wasm) only when asked for.
      const early = requests.filter((r) => r.includes('engine') && !r.endsWith('/www/view/engine-part.js'));
      if (early.length) throw new Error(`fetched before it was asked for: ${early}`);
      await page.click('#engine-toggle');
      await waitLines(page, '#engine .engine', 4);
      const seen = await page.evaluate(() => ({
        pressed: document.querySelector('#engine-toggle').getAttribute('aria-pressed'),
        bar: document.querySelector('#engine .eval-bar').getAttribute('data-eval'),
        share: document.querySelector('#engine .eval-white').style.width,
        lines: [...document.querySelectorAll('#engine .engine-line')].map((l) => l.textContent),
        first: document.querySelector('#engine .engine-move').textContent,
        arrow: document.querySelector('#board svg [data-mark-arrow]')?.getAttribute('data-mark-arrow'),
      }));
      if (seen.pressed !== 'true') throw new Error('the toggle is not pressed');
      if (seen.lines.length !== 2) throw new Error(`lines: ${JSON.stringify(seen.lines)}`);
      if (seen.first !== '33-29') throw new Error(`best move ${seen.first}`);
      if (seen.arrow !== '33-29') throw new Error(`arrow ${seen.arrow}`);
      if (!/^\+/.test(seen.bar) || !seen.share) throw new Error(`bar ${seen.bar} ${seen.share}`);
      for (const f of ['/www/engine/worker.js', '/pkg/engine_bg.wasm']) {
        if (!requests.includes(f)) throw new Error(`${f} was not fetched`);
      }
      const shot = path.join(artifacts, `engine-page-${name}.png`);
      await page.screenshot({ path: shot });
      if (screenshots) copyFileSync(shot, path.join(root, 'docs', 'screenshots', name === '360' ? 'engine-phone.png' : 'engine.png'));
      // The second move of the best line, clicked with the mouse held down for a while: the
      // engine reports deeper lines meanwhile, and the click must still land on the move pressed
      // (the panel is not redrawn under a pressed move): the line is played up to that move. A
      // drawing between measuring the button and pressing may move it; what was pressed is
      // read from the pointerdown itself (a press beside every move is tried again).
      let pressed = null;
      for (let attempt = 0; attempt < 3 && !pressed; attempt += 1) {
        const move = await page.evaluate(() => {
          window.pdnPressed = null;
          document.addEventListener('pointerdown', (e) => {
            const b = e.target.closest && e.target.closest('[data-engine-move]');
            window.pdnPressed = b ? { line: Number(b.dataset.engineLine), move: Number(b.dataset.engineMove) } : null;
          }, { capture: true, once: true });
          const b = document.querySelector('#engine .engine-line:first-child .engine-move[data-engine-move="1"]');
          b.scrollIntoView({ block: 'center' }); // on a phone the panel is under the board
          const r = b.getBoundingClientRect();
          return { x: r.x, y: r.y, width: r.width, height: r.height };
        });
        await page.mouse.move(move.x + move.width / 2, move.y + move.height / 2);
        await page.mouse.down();
        await page.waitForTimeout(1500);
        await page.mouse.up();
        pressed = await page.evaluate(() => window.pdnPressed);
      }
      if (!pressed) throw new Error('three presses landed beside the lines\' moves');
      await waitPly(page, pressed.move + 1, { timeout: 15000 });
      await page.click('#engine-toggle');
      const off = await page.evaluate(() => ({
        hidden: document.querySelector('#engine').hidden,
        arrow: Boolean(document.querySelector('#board svg [data-mark-arrow]')),
      }));
      if (!off.hidden || off.arrow) throw new Error(`after off: ${JSON.stringify(off)}`);
      await context.close();
      return `${seen.bar}; ${seen.lines[0].slice(0, 60)}`;
    });
  }

  await check('an English ending: the endgame database fetched once, the win shown from depth 1; the International position fetched none', async () => {
    const { page, context, requests } = await newPage({ width: 1280, height: 800 });
    await shotWithEngine(page);
    if (requests.some((r) => r.includes('egdb'))) throw new Error('a database for International');
    // Two kings against one: a win far beyond what a search sees at once.
    await page.fill('#pdn-input', '[GameType "21"]\n[FEN "W:WK14,K10:BK1"]\n*\n');
    await page.click('#load');
    await page.waitForFunction(() => Number(document.body.dataset.loads) >= 2);
    await page.waitForFunction(() => /^#\d+$/.test(document.querySelector('#engine .eval-bar')?.getAttribute('data-eval') || ''), null, { timeout: 30000 });
    const seen = await page.evaluate(() => ({
      bar: document.querySelector('#engine .eval-bar').getAttribute('data-eval'),
      depth: document.querySelector('#engine .engine').getAttribute('data-engine-depth'),
      arrow: document.querySelector('#board svg [data-mark-arrow]')?.getAttribute('data-mark-arrow'),
    }));
    const fetched = requests.filter((r) => r.includes('egdb'));
    if (JSON.stringify(fetched) !== JSON.stringify(['/pkg/egdb-21.bin.gz'])) throw new Error(`fetched: ${fetched}`);
    if (!seen.arrow) throw new Error('no arrow');
    // A search alone proves this win only at the depth of its plies; the database at depth 1.
    if (seen.depth !== '1') throw new Error(`${seen.bar} at depth ${seen.depth}: not the database's answer`);
    await context.close();
    return `${seen.bar} at depth ${seen.depth}, ${seen.arrow}`;
  });

  await check('an International and a Russian ending: each fetches its own file once, the win shown from depth 1; the International start fetches none', async () => {
    const { page, context, requests } = await newPage({ width: 1280, height: 800 });
    await shotWithEngine(page);
    let loads = 1;
    const load = async (text) => {
      await page.fill('#pdn-input', text);
      await page.click('#load');
      loads += 1;
      await page.waitForFunction((n) => Number(document.body.dataset.loads) >= n, loads);
    };
    const fetched = () => requests.filter((r) => r.includes('egdb'));
    // The start: 40 pieces, nothing near the database.
    await load('[GameType "20"]\n*\n');
    await waitLines(page, '#engine .engine', 4);
    if (fetched().length) throw new Error(`the start fetched ${fetched()}`);
    // Each ending's win (the database's: the search alone sees it only at its plies' depth),
    // with the arrow of the database's first move (as `pdn analyse --depth 1` gives it).
    const ending = async (text, arrow) => {
      await load(text);
      await page.waitForFunction((arrow) => /^#\d+$/.test(document.querySelector('#engine .eval-bar')?.getAttribute('data-eval') || '')
        && document.querySelector('#board svg [data-mark-arrow]')?.getAttribute('data-mark-arrow') === arrow, arrow, { timeout: 30000 });
      const seen = await page.evaluate(() => ({
        bar: document.querySelector('#engine .eval-bar').getAttribute('data-eval'),
        depth: document.querySelector('#engine .engine').getAttribute('data-engine-depth'),
      }));
      if (seen.depth !== '1') throw new Error(`${text}: ${seen.bar} at depth ${seen.depth}: not the database's answer`);
      return `${seen.bar} ${arrow}`;
    };
    // International: two kings against one, a win in 7 plies (three pieces: its file).
    const intl = await ending('[GameType "20"]\n[FEN "W:WK1,K2:BK45"]\n*\n', '2-11');
    // Russian: three kings against one off the main road, a win in 21 plies.
    const ru = await ending('[GameType "25"]\n[FEN "W:WKa1,Kc1,Ke1:BKh2"]\n*\n', 'a1-d4');
    // Another International ending: the file is not fetched again.
    const again = await ending('[GameType "20"]\n[FEN "W:WK1,K3:BK26"]\n*\n', '1-12');
    if (JSON.stringify(fetched()) !== JSON.stringify(['/pkg/egdb-20.bin.gz', '/pkg/egdb-25.bin.gz'])) throw new Error(`fetched: ${fetched()}`);
    await context.close();
    return `${intl}; ${ru}; ${again}`;
  });

  await check('two lines of four plies at least, in the game\'s own notation: Russian short notation in a game written so (cd4), the usual one otherwise', async () => {
    const { page, context } = await newPage({ width: 1280, height: 800 });
    await shotWithEngine(page);
    await waitLines(page, '#engine .engine', 6);
    const lines = () => page.evaluate(() => [...document.querySelectorAll('#engine .engine-line')]
      .map((l) => [...l.querySelectorAll('.engine-move')].map((m) => m.textContent)));
    const shot = await lines();
    if (shot.length !== 2 || shot.some((l) => l.length < 4)) throw new Error(`International: ${JSON.stringify(shot)}`);
    // A Russian game written short: shown at its end, the lines are written short too.
    await page.fill('#pdn-input', '[GameType "25"]\n1. cd4 fe5 2. df6 ge5 *\n');
    await page.click('#load');
    await page.waitForFunction(() => Number(document.body.dataset.loads) >= 2);
    await page.click('#last');
    await page.waitForFunction(() => [...document.querySelectorAll('#engine .engine-move')].length >= 4
      && Number(document.querySelector('#engine .engine').getAttribute('data-engine-depth')) >= 6, null, { timeout: 30000 });
    const ru = await lines();
    if (ru.length !== 2 || ru.some((l) => l.length < 4)) throw new Error(`Russian: ${JSON.stringify(ru)}`);
    if (!ru.flat().every((m) => /^[a-h][a-h]?[1-8]$/.test(m))) throw new Error(`not short: ${JSON.stringify(ru)}`);
    await context.close();
    return `${shot[1].join(' ')} | ${ru[0].join(' ')}`;
  });

  await check('pointing at the Engine button loads the engine and starts its worker, idle; a pointer passing over loads nothing; the click then shows lines', async () => {
    const { page, context, requests } = await newPage({ width: 1280, height: 800 });
    await openPage(page, `${server.origin}/index.html`);
    await page.fill('#pdn-input', SHOT);
    await page.click('#load');
    await page.waitForFunction(() => Number(document.body.dataset.loads) >= 1);
    await page.waitForSelector('#engine-toggle');
    const engineFetched = () => requests.filter((r) => /\/www\/engine\/|\/pkg\/engine/.test(r));
    // Passing over (entered and left in the same task): nothing is loaded.
    await page.$eval('#engine-toggle', (b) => {
      b.dispatchEvent(new PointerEvent('pointerenter'));
      b.dispatchEvent(new PointerEvent('pointerleave'));
    });
    await page.waitForTimeout(400);
    if (engineFetched().length) throw new Error(`a pointer passing over loaded ${engineFetched()}`);
    // Resting on it: the part, the worker and its wasm come; nothing is searched or shown.
    await page.hover('#engine-toggle');
    // The worker's requests are the page's in Playwright (not in the page's performance entries).
    for (let waited = 0; !requests.includes('/pkg/engine_bg.wasm'); waited += 100) {
      if (waited > 20000) throw new Error(`pointed at for 20 s, the engine's wasm not fetched: ${engineFetched()}`);
      await page.waitForTimeout(100);
    }
    const idle = await page.evaluate(() => ({
      pressed: document.querySelector('#engine-toggle').getAttribute('aria-pressed'),
      hidden: document.querySelector('#engine').hidden,
      lines: document.querySelectorAll('#engine .engine-line').length,
    }));
    if (idle.pressed !== 'false' || !idle.hidden || idle.lines) throw new Error(`the engine ran before the click: ${JSON.stringify(idle)}`);
    await page.click('#engine-toggle');
    await waitLines(page, '#engine .engine', 2);
    const first = await page.$eval('#engine .engine-move', (e) => e.textContent);
    if (first !== '33-29') throw new Error(`best move ${first}`);
    const workers = requests.filter((r) => r.endsWith('/www/engine/worker.js')).length;
    if (workers !== 1) throw new Error(`the worker's script was fetched ${workers} times`);
    await context.close();
  });

  await check('solving turns the engine off (it would tell the answer)', async () => {
    const { page, context } = await newPage({ width: 1280, height: 800 });
    await shotWithEngine(page);
    await page.click('#solve-toggle');
    await page.waitForFunction(() => document.querySelector('#engine').hidden && document.querySelector('#engine-toggle').getAttribute('aria-pressed') === 'false');
    await context.close();
  });

  // The panel reserves its lines' room: a deeper line, a review starting or ending never moves
  // what is under it (CI: at 360 px a tap on Review game, or on the graph, fell where the button
  // had been, as the lines grew by 170 px over the first second).
  for (const [host, viewport] of [['page', { width: 360, height: 740 }], ['page', { width: 1280, height: 800 }], ['element', { width: 360, height: 740 }]]) {
    await check(`the ${host} at ${viewport.width} px: the panel keeps its height while the engine thinks, and while a review runs and ends`, async () => {
      const { page, context } = await newPage(viewport);
      const root = host === 'page' ? '' : 'pdn-viewer >>> ';
      // The shot, then White's blunder and the replies: a game to review.
      const game = SHOT.replace('*\n', '1. 28-22 17x48 2. 27-22 18x27 3. 32x21 9-14 *\n');
      if (host === 'page') {
        await openPage(page, `${server.origin}/index.html`);
        await page.fill('#pdn-input', game);
        await page.click('#load');
        await page.waitForFunction(() => Number(document.body.dataset.loads) >= 1);
        await page.click('#engine-toggle');
      } else await openElementHost(page, server.origin, 'engine-host', 'engine', game);
      await waitLines(page, `${root}.engine`, 2);
      const place = () => page.evaluate((root) => {
        const scope = root ? document.querySelector('pdn-viewer').shadowRoot : document;
        const at = (s) => { const r = scope.querySelector(s)?.getBoundingClientRect(); return r ? `${Math.round(r.y + window.scrollY)}+${Math.round(r.height)}` : '-'; };
        return `panel ${at('.engine')}, review button ${at('#review-game')}`;
      }, root);
      const first = await place();
      await waitLines(page, `${root}.engine`, 10);
      const deeper = await place();
      if (deeper !== first) throw new Error(`at depth 2: ${first}; at depth 10: ${deeper}`);
      const scope = root ? 'pdn-viewer ' : ''; // Playwright's CSS goes into shadow roots
      await page.click(`${scope}#review-game`);
      await page.waitForSelector(`${scope}#review-summary`, { timeout: 60000 });
      await waitLines(page, `${root}.engine`, 10);
      const after = await place();
      if (after !== first) throw new Error(`before the review: ${first}; after it: ${after}`);
      await context.close();
      return first;
    });
  }

  await check('<pdn-viewer engine> and embed.html?engine=1: the same panel and arrow', async () => {
    const { page, context } = await newPage({ width: 1280, height: 800 });
    await openElementHost(page, server.origin, 'engine-host', 'engine', SHOT);
    await waitLines(page, 'pdn-viewer >>> .engine', 4);
    const el = await page.evaluate(() => {
      const r = document.querySelector('pdn-viewer').shadowRoot;
      return { first: r.querySelector('.engine-move').textContent, arrow: r.querySelector('.board svg [data-mark-arrow]')?.getAttribute('data-mark-arrow') };
    });
    if (el.first !== '33-29' || el.arrow !== '33-29') throw new Error(`element: ${JSON.stringify(el)}`);
    await page.goto(`${server.origin}/embed.html?src=${encodeURIComponent('/tests/e2e/fixtures/engine-shot.pdn')}&engine=1`);
    await waitLines(page, 'pdn-viewer >>> .engine', 4);
    const fr = await page.evaluate(() => document.querySelector('pdn-viewer').shadowRoot.querySelector('.engine-move').textContent);
    if (fr !== '33-29') throw new Error(`iframe page: ${fr}`);
    await page.screenshot({ path: path.join(artifacts, 'engine-embed-1280.png') });
    await context.close();
  });
} catch (e) {
  fail('set-up', e);
}
await Promise.all([browser.close(), server.stop()]);
finish();
