// End-to-end test of the npm package (package.json at the root): `npm pack`, install the tarball
// into an empty folder (a local file: no registry), then
// - Node resolves the `exports` map and the Library API reads a game;
// - a host page on one origin loads the element from the installed package served on another
//   origin, with the one script line of docs/embedding.md, and shows the right position;
// - when the package's server does not allow other sites (CORS) to use the wasm core, or a src=
//   file is refused, the element says so inside itself instead of staying empty;
// - the single-file build in the package works from a server that allows no other site.
// Prints `ok`/`FAIL` per check, then `N passed, N failed`; exits non-zero on a failure.

import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launchBrowser, root, startNoCorsServer } from './harness.mjs';

let passed = 0;
let failed = 0;
const problems = [];

async function check(name, fn, { consoleErrorsExpected = false } = {}) {
  const before = problems.length;
  try {
    await fn();
    if (!consoleErrorsExpected && problems.length > before) throw new Error(problems.slice(before).join(' | '));
    passed++;
    console.log(`ok   ${name}`);
    return true;
  } catch (e) {
    failed++;
    console.log(`FAIL ${name}\n     ${String(e && e.message ? e.message : e).split('\n').join('\n     ')}`);
    return false;
  }
}
class Stop extends Error {}
const assert = (cond, message) => { if (!cond) throw new Error(message); };
const assertEqual = (a, b, what) => {
  if (JSON.stringify(a) !== JSON.stringify(b)) throw new Error(`${what}: expected ${JSON.stringify(b)}, got ${JSON.stringify(a)}`);
};

const TYPES = { '.js': 'text/javascript', '.mjs': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm', '.json': 'application/json', '.html': 'text/html; charset=utf-8', '.ts': 'text/plain' };

/**
 * A static server for `dir` on a free loopback port. `cors(file)` says whether a file is sent
 * with `Access-Control-Allow-Origin: *`. Returns { origin, requests, stop() }.
 */
async function serveDir(dir, cors) {
  const requests = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    requests.push(url.pathname);
    const file = path.join(dir, decodeURIComponent(url.pathname));
    if (!file.startsWith(dir + path.sep) || !existsSync(file)) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
      return;
    }
    const body = readFileSync(file);
    const headers = { 'content-type': TYPES[path.extname(file)] || 'application/octet-stream', 'content-length': body.length };
    if (cors(file)) headers['access-control-allow-origin'] = '*';
    res.writeHead(200, headers);
    res.end(body);
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  return {
    origin: `http://127.0.0.1:${server.address().port}`,
    requests,
    stop: () => new Promise((resolve) => { server.closeAllConnections?.(); server.close(() => resolve()); }),
  };
}

/** A server of fixed pages ({ '/a.html': html }) on its own port: the club's site. */
async function servePages(pages) {
  const server = http.createServer((req, res) => {
    const body = pages[new URL(req.url, 'http://x').pathname];
    if (body == null) { res.writeHead(404); res.end(); return; }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${server.address().port}`,
    stop: () => new Promise((resolve) => { server.closeAllConnections?.(); server.close(() => resolve()); }),
  };
}

const npm = (args, cwd) => execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 });

// A short international game: after ply 3 (32-28 19-23 28x19) a white man stands on 19.
const GAME = `[Event "Package test"]
[White "Ozols"]
[Black "Berzins"]
[Result "*"]
[GameType "20"]
1. 32-28 19-23 2. 28x19 14x23 3. 33-28 *`;
const host = (elementUrl, attrs = '') => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Club page</title><link rel="icon" href="data:,">
<script type="module" src="${elementUrl}"></script>
</head><body>
<h1>Round 7</h1>
<pdn-viewer id="v" ply="3"${attrs}><script type="application/x-draughts-pdn">
${GAME}
</script></pdn-viewer>
</body></html>`;

const work = mkdtempSync(path.join(tmpdir(), 'pdn-package-'));
const servers = [];
let browser = null;

try {
  assert(existsSync(path.join(root, 'pkg', 'pdn_bg.wasm')), 'pkg/ is not built: run `make build` first');

  // ---- pack and install --------------------------------------------------------------
  const packDir = path.join(work, 'pack');
  const site = path.join(work, 'site');
  let installed = '';
  const packed = await check('npm pack makes a tarball', async () => {
    mkdirSync(packDir, { recursive: true });
    npm(['pack', '--pack-destination', packDir, '--json', '--ignore-scripts'], root);
    const tgz = readdirSync(packDir).find((f) => f.endsWith('.tgz'));
    assert(tgz, 'no .tgz made');
    writeFileSync(path.join(work, 'tgz'), path.join(packDir, tgz));
  });
  if (!packed) throw new Stop();
  const ok = await check('npm install <tgz> in an empty folder, offline', async () => {
    const tgz = readFileSync(path.join(work, 'tgz'), 'utf8');
    mkdirSync(site, { recursive: true });
    writeFileSync(path.join(site, 'package.json'), '{ "name": "club-site", "private": true }\n');
    npm(['install', '--no-audit', '--no-fund', '--offline', '--ignore-scripts', tgz], site);
    installed = path.join(site, 'node_modules', 'pdn-viewer');
    const manifest = JSON.parse(readFileSync(path.join(installed, 'package.json'), 'utf8'));
    assertEqual([manifest.name, manifest.private], ['pdn-viewer', false], 'name, private');
    const targets = [];
    for (const value of Object.values(manifest.exports)) {
      if (typeof value === 'string') targets.push(value);
      else targets.push(...Object.values(value));
    }
    const missing = targets.filter((t) => !existsSync(path.join(installed, t)));
    assertEqual(missing, [], 'exports targets missing from the package');
  });

  if (!ok) throw new Stop();

  await check('Node: the exports map resolves and the Library API reads a game', async () => {
    const script = `
      import { readFileSync } from 'node:fs';
      import { initSync, Library } from 'pdn-viewer/library';
      const wasm = new URL(import.meta.resolve('pdn-viewer/pdn_bg.wasm'));
      initSync({ module: readFileSync(wasm) });
      const lib = Library.fromText(${JSON.stringify(GAME)});
      const view = lib.game(0);
      console.log(JSON.stringify({ count: lib.count, encoding: lib.encoding, variant: view.variant,
        plies: view.plies.length, white: lib.rows(0, 1)[0].white, css: import.meta.resolve('pdn-viewer/style.css').endsWith('/www/style.css'),
        element: import.meta.resolve('pdn-viewer').endsWith('/www/pdn-viewer.js') }));`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: site, encoding: 'utf8', timeout: 20_000 });
    assertEqual(JSON.parse(out), { count: 1, encoding: 'UTF-8', variant: 'International', plies: 5, white: 'Ozols', css: true, element: true }, 'Library API');
  });

  // ---- the element from another origin ------------------------------------------------
  const withCors = await serveDir(installed, () => true);
  // The common server recipe that allows only scripts and stylesheets to other sites.
  const scriptsOnly = await serveDir(installed, (file) => /\.(js|css)$/.test(file));
  const noCors = await serveDir(installed, () => false);
  const refusing = await startNoCorsServer(GAME);
  servers.push(withCors, scriptsOnly, noCors, refusing);
  const element = (server) => `${server.origin}/www/pdn-viewer.js`;
  const club = await servePages({
    '/ok.html': host(element(withCors)),
    '/wasm-refused.html': host(element(scriptsOnly)),
    '/src-refused.html': host(element(withCors), ` src="${refusing.origin}/round7.pdn"`),
    '/all-refused.html': host(element(noCors)),
    // The single-file build from the package, on a server that allows no other site.
    '/standalone.html': host(element(noCors)).replace(`<script type="module" src="${element(noCors)}"></script>`,
      `<script src="${noCors.origin}/pkg/pdn-viewer-standalone.js"></script>`),
  });
  servers.push(club);
  browser = await launchBrowser();

  async function open(url) {
    const context = await browser.newContext({ viewport: { width: 1000, height: 800 } });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    page.on('console', (m) => { if (m.type() === 'error') problems.push(`console.error: ${m.text()}`); });
    await page.goto(url);
    return page;
  }
  const pieces = (page) => page.$eval('#v', (el) => Object.fromEntries(
    [...el.shadowRoot.querySelectorAll('[data-piece]')].map((p) => [p.dataset.square, p.dataset.piece])));
  const shownError = (page) => page.waitForFunction(() => {
    const p = document.querySelector('#v')?.shadowRoot?.querySelector('.pv-error');
    return p && !p.hidden && p.textContent ? p.textContent : false;
  }).then((h) => h.jsonValue());

  await check('one script line from another origin: the board shows the position after ply 3', async () => {
    const page = await open(`${club.origin}/ok.html`);
    await page.waitForFunction(() => document.querySelector('#v')?.dataset.ply === '3');
    const board = await pieces(page);
    assertEqual(Object.keys(board).length, 39, 'pieces after 28x19');
    assertEqual([board['19'], board['14'], board['23'], board['28'], board['32'], board['31'], board['1']],
      ['wm', 'bm', undefined, undefined, undefined, 'wm', 'bm'], 'squares 19 14 23 28 32 31 1');
    const link = await page.$eval('#v', (el) => el.shadowRoot.querySelector('link[rel=stylesheet]').href);
    assertEqual(link, `${withCors.origin}/www/style.css`, 'stylesheet beside the module');
    assert(withCors.requests.includes('/pkg/pdn_bg.wasm'), `wasm fetched from the package's origin (${withCors.requests.join(' ')})`);
    assert(withCors.requests.includes('/www/style.css'), 'style.css fetched from the package\'s origin');
    const display = await page.$eval('#v', (el) => getComputedStyle(el.shadowRoot.querySelector('nav.controls')).display);
    assertEqual(display, 'flex', 'style.css applies inside the shadow root');
    await page.$eval('#v', (el) => el.goTo('last'));
    await page.waitForFunction(() => document.querySelector('#v')?.dataset.ply === '5');
    const end = await pieces(page);
    assertEqual([end['23'], end['19'], end['28'], end['33']], ['bm', undefined, 'wm', undefined], 'after 3. 33-28');
    await page.context().close();
  });

  await check('wasm refused by the package\'s server (no CORS): the element says so in plain words', async () => {
    const page = await open(`${club.origin}/wasm-refused.html`);
    const text = await shownError(page);
    assertEqual(text, `Could not load the viewer's files from ${scriptsOnly.origin}: the server does not allow other sites to use them (CORS), or it cannot be reached.`, 'message');
    assertEqual(await page.$eval('#v', (el) => el.shadowRoot.querySelectorAll('[data-piece]').length), 0, 'no board');
    await page.context().close();
  }, { consoleErrorsExpected: true });

  await check('src= file refused (no CORS): the element says so in plain words', async () => {
    const page = await open(`${club.origin}/src-refused.html`);
    const text = await shownError(page);
    assertEqual(text, `Could not load ${refusing.origin}/round7.pdn: its server does not allow other sites to use its files (CORS), or it cannot be reached.`, 'message');
    await page.context().close();
  }, { consoleErrorsExpected: true });

  await check('element module itself refused (no CORS at all): the browser never runs it (docs/embedding.md says so)', async () => {
    const page = await open(`${club.origin}/all-refused.html`);
    await page.waitForLoadState('load');
    await page.waitForTimeout(300);
    assertEqual(await page.evaluate(() => customElements.get('pdn-viewer') === undefined), true, 'element undefined');
    assert(noCors.requests.includes('/www/pdn-viewer.js'), 'the module was asked for');
    await page.context().close();
  }, { consoleErrorsExpected: true });

  await check('the single-file build from the package, its server sending no CORS header: the board after ply 3', async () => {
    assert(existsSync(path.join(installed, 'pkg', 'pdn-viewer-standalone.js')), 'pkg/pdn-viewer-standalone.js is in the package');
    const resolved = execFileSync(process.execPath, ['--input-type=module', '-e', "console.log(import.meta.resolve('pdn-viewer/standalone'))"], { cwd: site, encoding: 'utf8' }).trim();
    assert(resolved.endsWith('/pkg/pdn-viewer-standalone.js'), `pdn-viewer/standalone resolves: ${resolved}`);
    noCors.requests.length = 0;
    const page = await open(`${club.origin}/standalone.html`);
    await page.waitForFunction(() => document.querySelector('#v')?.dataset.ply === '3');
    const board = await pieces(page);
    assertEqual([Object.keys(board).length, board['19'], board['23']], [39, 'wm', undefined], 'pieces after 28x19');
    assertEqual(noCors.requests, ['/pkg/pdn-viewer-standalone.js'], 'one file asked for');
    await page.context().close();
  });
} catch (e) {
  if (e instanceof Stop) console.log('(the other checks need the installed package)');
  else failed++;
  if (!(e instanceof Stop)) console.log(`FAIL setup\n     ${e && e.stack ? e.stack : e}`);
} finally {
  if (browser) await browser.close();
  for (const s of servers) await s.stop();
  rmSync(work, { recursive: true, force: true });
}

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
