// The copy of the viewer put on a web server (`make site`: target/site/, tools/site.mjs): every
// file the sources serve is in it, minified, and the page's first screen (every file requested
// before the sample board is drawn, each gzipped alone at level 9) is at most 60 KB (issue 42),
// against the sources' own. The page, the element and the iframe page working from the copy are
// the other suites' checks, run again with PDN_E2E_SITE=target/site (make test-site).
//
//   node tools/site.mjs && node tests/e2e/site.mjs

import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { checks, firstPaint, launchBrowser, root, startStaticServer, watchFirstPaint } from './harness.mjs';

const SITE = path.join(root, 'target', 'site');
/** The first screen's budget, gzipped (issue 42). */
const BUDGET = 60_000;

const problems = [];
const { check, fail, finish } = checks({ problems });
const gz = (dir, file) => gzipSync(readFileSync(path.join(dir, file)), { level: 9 }).length;
const files = (dir, sub) => readdirSync(path.join(dir, sub), { recursive: true })
  .map((f) => path.posix.join(sub, String(f).split(path.sep).join('/')))
  .filter((f) => statSync(path.join(dir, f)).isFile());

if (!existsSync(path.join(SITE, 'index.html'))) {
  fail('set-up', new Error('target/site is not built (node tools/site.mjs)'));
  finish();
}
const browser = await launchBrowser();
try {
  await check('the site holds every page, script, style and built file the sources serve, and no type declarations', async () => {
    const want = ['index.html', 'embed.html', ...files(root, 'www'), ...files(root, 'pkg')]
      .filter((f) => !/\.d\.ts$|(^|\/)(package\.json|\.gitignore)$/.test(f));
    const missing = want.filter((f) => !existsSync(path.join(SITE, f)));
    if (missing.length) throw new Error(`missing: ${missing.join(', ')}`);
    const extra = files(SITE, 'www').filter((f) => f.endsWith('.d.ts'));
    if (extra.length) throw new Error(`declarations shipped: ${extra.join(', ')}`);
    // Minified: no script keeps a comment line of the sources.
    const commented = files(SITE, 'www').filter((f) => f.endsWith('.js') && /^\s*\/\/ /m.test(readFileSync(path.join(SITE, f), 'utf8')));
    if (commented.length) throw new Error(`not minified: ${commented.join(', ')}`);
    return `${want.length} files`;
  });

  // The same page from the sources and from the site: what comes before the sample board.
  for (const [name, dir] of [['the sources', root], ['the site', SITE]]) {
    await check(`index.html from ${name} at 1280x800: the files before the sample board${dir === SITE ? ', at most 60 KB gzipped' : ''}`, async () => {
      const server = await startStaticServer(dir);
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      try {
        await context.addInitScript(watchFirstPaint);
        const page = await context.newPage();
        page.on('pageerror', (e) => problems.push(String(e)));
        await page.goto(`${server.origin}/index.html`);
        const seen = await firstPaint(page, server.origin);
        const before = new Set(['index.html', ...seen.before.map((f) => f || 'index.html')]);
        const total = [...before].reduce((n, f) => n + gz(dir, f), 0);
        if (dir === SITE && total > BUDGET) throw new Error(`${total} B in ${before.size} files: ${[...before].map((f) => `${f} ${gz(dir, f)}`).join(', ')}`);
        await page.waitForSelector('#board[data-moves]');
        return `${total.toLocaleString('en')} B in ${before.size} files`;
      } finally {
        await context.close();
        await server.stop();
      }
    });
  }
} catch (e) {
  fail('set-up', e);
}
await browser.close();
finish();
