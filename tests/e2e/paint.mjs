// First paint first (issue 38): what each host fetches before its first board is drawn, judged
// by order, never by time. In the page itself (init script): every Worker started, every
// resource's start in the page's own clock (the Resource Timing entries, which the worker's
// script and modules join), and the moment a board's first piece is in the DOM.
//   index.html: the sample board is drawn from pkg/sample.json with the page's own small
//     modules; nothing of the reading worker (www/reader/worker.js), pkg/pdn.js, pkg/pdn_bg.wasm
//     or the engine is requested before it, and the worker starts after it. At 1280×800 in
//     English and light, at 360×740 in Russian and dark, and with the CPU slowed 20× (a loaded
//     machine: the order must not depend on speed).
//   <pdn-viewer> with an inline game, and embed.html with a #pdn= link: their first board is a
//     game only the core can read, so pkg/pdn.js and its wasm are part of their first paint;
//     what must wait for it is everything else loaded on use: the engine, the Explorer, the
//     tournament views, the editor, the parts' words.
// Prints `ok`/`FAIL` per check, then `N passed, N failed`.
//
//   node tests/e2e/paint.mjs [--only=<regexp>]

import { existsSync } from 'node:fs';
import path from 'node:path';
import { checks, firstPaint, launchBrowser, openElementHost, root, startStaticServer, watchFirstPaint, watchedPage } from './harness.mjs';

if (!existsSync(path.join(root, 'pkg', 'sample.json'))) {
  console.error('pkg/sample.json is missing: run `make build` first.');
  console.log('0 passed, 1 failed');
  process.exit(1);
}

const onlyArg = process.argv.find((a) => a.startsWith('--only='));
const only = onlyArg ? new RegExp(onlyArg.slice('--only='.length), 'i') : null;
const problems = [];
const { check, fail, finish } = checks({ problems, only });
const assert = (ok, message) => { if (!ok) throw new Error(message); };

const server = await startStaticServer(root);
const browser = await launchBrowser();
const CORE = /^(www\/reader\/worker\.js|pkg\/pdn\.js|pkg\/pdn_bg\.wasm|pkg\/engine|www\/engine\/)/;
const ON_USE = /^(pkg\/engine|www\/engine\/|www\/view\/engine-part|www\/explorer\/|www\/view\/(tournament|boards|standings|follow|editor|review)|www\/i18n\/parts\/)/;

try {
  const pageCases = [
    ['1280×800, English, light', { viewport: { width: 1280, height: 800 }, locale: 'en-US', colorScheme: 'light' }, 1],
    ['360×740, Russian, dark', { viewport: { width: 360, height: 740 }, locale: 'ru-RU', colorScheme: 'dark' }, 1],
    ['1280×800, the CPU slowed 20×', { viewport: { width: 1280, height: 800 }, locale: 'en-US' }, 20],
  ];
  for (const [name, options, slowed] of pageCases) {
    await check(`index.html (${name}): the sample board is drawn before the reading worker, pdn.js or the wasm is requested; the worker starts after it`, async () => {
      const { page, context } = await watchedPage(browser, problems, options.viewport, options);
      try {
        await context.addInitScript(watchFirstPaint);
        if (slowed > 1) await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: slowed });
        await page.goto(`${server.origin}/index.html`);
        const seen = await firstPaint(page, server.origin);
        const early = seen.before.filter((f) => CORE.test(f) || ON_USE.test(f));
        assert(early.length === 0, `requested before the sample board: ${early.join(', ')} (all before it: ${seen.before.join(', ')})`);
        assert(seen.workers.every((w) => w.board && w.framed), `a worker started before the sample board was painted: ${JSON.stringify(seen.workers)}`);
        // Only the page's own files before it: its HTML, styles, modules and the sample's view.
        const foreign = seen.before.filter((f) => !/^(index\.html|www\/.*\.(js|css)|pkg\/sample\.json)$/.test(f));
        assert(foreign.length === 0, `not the page's own small files: ${foreign.join(', ')}`);
        // And the reader does start once the board is up: the board gets its legal moves.
        await page.waitForSelector('#board[data-moves]', { timeout: 60_000 });
        const workers = await page.evaluate(() => window.__paint.workers.map((w) => w.url));
        assert(workers.some((u) => u.includes('reader/worker.js')), `the reading worker started after: ${workers}`);
        return `${seen.before.length} files before the board; worker started after it`;
      } finally {
        await context.close();
      }
    });
  }

  const GAME = '[Event "Club"]\n[White "A"]\n[Black "B"]\n[Result "*"]\n[GameType "20"]\n1. 32-28 19-23 2. 28x19 14x23 *';
  await check('<pdn-viewer> with an inline game: nothing loaded on use (engine, Explorer, tournament, editor, parts\' words) before its board', async () => {
    const { page, context } = await watchedPage(browser, problems);
    try {
      await context.addInitScript(watchFirstPaint);
      await openElementHost(page, server.origin, 'paint-club', '', GAME);
      const seen = await firstPaint(page, server.origin);
      const early = seen.before.filter((f) => ON_USE.test(f));
      assert(early.length === 0, `requested before the element's board: ${early.join(', ')}`);
      assert(seen.before.includes('www/pdn-viewer.js'), `the element's own module first: ${seen.before.join(', ')}`);
      return `${seen.before.length} files before the board`;
    } finally {
      await context.close();
    }
  });

  await check('embed.html with a #pdn= link: nothing loaded on use before its board', async () => {
    const { page, context } = await watchedPage(browser, problems);
    try {
      await context.addInitScript(watchFirstPaint);
      const { packText } = await import(path.join(root, 'www', 'share', 'share.js'));
      await page.goto(`${server.origin}/embed.html#pdn=${await packText(GAME)}`);
      const seen = await firstPaint(page, server.origin);
      const early = seen.before.filter((f) => ON_USE.test(f));
      assert(early.length === 0, `requested before the embed's board: ${early.join(', ')}`);
      return `${seen.before.length} files before the board`;
    } finally {
      await context.close();
    }
  });
} catch (e) {
  fail('set-up', e);
} finally {
  await browser.close().catch(() => {});
  await server.stop();
}
finish();
