// End-to-end test of "Download GIF" (issue 41), as a reader uses it in Chromium: the page's
// button in the Export box and the button of <pdn-viewer gif> download the shown game's mainline
// as an animated GIF, byte for byte the file `pdn gif FILE --game N -o OUT.gif` writes for the
// same game (the picture is made in one place, crates/gif); the GIF's wasm module is fetched on
// the first press only, never with the first screen; a game without a board says so in words;
// the button reads in the page's language; the GIF is made in its worker, or in the page's thread
// where no worker can be made. On tests/e2e/fixtures/gif.pdn: the sample game with
// Latvian and Russian names (international, 10×10), a short English game with French names, a
// chess game.
//
//   node tests/e2e/gif.mjs                  every check
//   node tests/e2e/gif.mjs --only=REGEX     the checks whose name matches

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { catalogueOf, checks, launchBrowser, openElementHost, openPage, root, servePdn, startStaticServer, watchedPage } from './harness.mjs';

const onlyArg = process.argv.find((a) => a.startsWith('--only='));
const problems = [];
const { check, fail, finish } = checks({ problems, only: onlyArg ? new RegExp(onlyArg.slice(7)) : null });
const server = await startStaticServer(root);
const browser = await launchBrowser();

const FIXTURE = path.join(root, 'tests/e2e/fixtures/gif.pdn');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'pdn-gif-'));

/** `pdn gif FIXTURE --game N -o …` (the CLI, as the other suites call it): its bytes. */
function cliGif(game, file = FIXTURE) {
  const out = path.join(tmp, `game-${game}.gif`);
  const r = spawnSync('cargo', ['run', '-q', '-p', 'pdn-cli', '--', 'gif', file, '--game', String(game), '-o', out], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`pdn gif --game ${game}: ${r.stderr}`);
  return readFileSync(out);
}

/** Clicks `click()` and returns the download's suggested name and bytes. */
async function download(page, click) {
  const [dl] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: dl.suggestedFilename(), bytes: readFileSync(await dl.path()) };
}

/** A GIF's logical screen: { width, height }. */
function gifInfo(bytes) {
  if (bytes.subarray(0, 6).toString('latin1') !== 'GIF89a') throw new Error('not a GIF89a');
  return { width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) };
}

const same = (a, b) => a.length === b.length && a.equals(b);

async function newPage(viewport = { width: 1280, height: 800 }) {
  const { page, context } = await watchedPage(browser, problems, viewport, { acceptDownloads: true });
  const requests = [];
  page.on('request', (r) => requests.push(new URL(r.url()).pathname));
  return { page, context, requests };
}

try {
  await check('the page: Download GIF gives the bytes of `pdn gif --game N` (10×10 with Latvian and Russian names, 8×8 with French ones), named from the players and the year; its wasm is fetched on the first press only', async () => {
    const { page, context, requests } = await newPage();
    const src = await servePdn(page, server.origin, 'gif', 'fixture', FIXTURE);
    await openPage(page, `${server.origin}/index.html?src=${encodeURIComponent(src)}&game=1`);
    await page.waitForSelector('#download-gif');
    const gifCode = (r) => r.startsWith('/pkg/gif') || r.endsWith('/share/gif.js');
    if (requests.some(gifCode)) throw new Error(`fetched before the press: ${requests.filter(gifCode)}`);
    const first = await download(page, () => page.click('#download-gif'));
    const cli = cliGif(1);
    if (!same(first.bytes, cli)) throw new Error(`game 1: the page's ${first.bytes.length} bytes differ from the CLI's ${cli.length}`);
    const info = gifInfo(first.bytes);
    if (info.width !== 400) throw new Error(`width ${info.width}`);
    if (!/\.gif$/.test(first.name) || !first.name.includes('2007')) throw new Error(`name ${first.name}`);
    const wasm = requests.filter((r) => r.endsWith('/pkg/gif_bg.wasm'));
    if (wasm.length !== 1) throw new Error(`gif_bg.wasm fetched ${wasm.length} times`);
    // Made in the GIF's worker, off the page's thread.
    if (!requests.includes('/www/share/gif-worker.js')) throw new Error('no GIF worker');
    // Game 2, from the game table: the same module, the CLI's bytes again.
    await page.goto(`${server.origin}/index.html?src=${encodeURIComponent(src)}&game=2`);
    await page.waitForSelector('body[data-ready="1"]');
    await page.waitForFunction(() => document.body.dataset.game === '2');
    const second = await download(page, () => page.click('#download-gif'));
    const cli2 = cliGif(2);
    if (!same(second.bytes, cli2)) throw new Error(`game 2: the page's ${second.bytes.length} bytes differ from the CLI's ${cli2.length}`);
    if (!/dupr.*lev.*2024\.gif$/.test(second.name)) throw new Error(`name ${second.name}`);
    await context.close();
    return `game 1: ${first.bytes.length} bytes (${first.name}), game 2: ${second.bytes.length} bytes (${second.name}); pkg/gif_bg.wasm ${readFileSync(path.join(root, 'pkg/gif_bg.wasm')).length} bytes`;
  });

  await check('the page: a game without a board (chess) says so in words and downloads nothing; the CLI refuses it and a game number past the file\'s end in plain words', async () => {
    const { page, context } = await newPage();
    const src = await servePdn(page, server.origin, 'gif', 'fixture', FIXTURE);
    await openPage(page, `${server.origin}/index.html?src=${encodeURIComponent(src)}&game=3`);
    await page.waitForFunction(() => document.body.dataset.game === '3');
    let downloaded = false;
    page.on('download', () => { downloaded = true; });
    const words = (await catalogueOf('en'))['export.gifNoBoard'];
    await page.click('#download-gif');
    await page.waitForFunction((w) => document.getElementById('status').textContent.includes(w), words);
    if (downloaded) throw new Error('a file was downloaded');
    await context.close();
    for (const [game, want] of [[3, /has no board to draw/], [9, /has no game 9: it has 3 games/]]) {
      const r = spawnSync('cargo', ['run', '-q', '-p', 'pdn-cli', '--', 'gif', FIXTURE, '--game', String(game), '-o', path.join(tmp, 'x.gif')], { cwd: root, encoding: 'utf8' });
      if (r.status !== 2 || !want.test(r.stderr) || /panicked/.test(r.stderr)) throw new Error(`--game ${game}: exit ${r.status}, ${r.stderr}`);
    }
  });

  await check('while solving, on the page and in the element, no GIF (its frames would show the solution): the words say so', async () => {
    const { page, context } = await newPage();
    const src = await servePdn(page, server.origin, 'gif', 'fixture', FIXTURE);
    await openPage(page, `${server.origin}/index.html?src=${encodeURIComponent(src)}&game=1&ply=10&mode=solve`);
    await page.waitForSelector('[data-solve="hint"]');
    let downloaded = false;
    page.on('download', () => { downloaded = true; });
    const words = (await catalogueOf('en'))['export.gifSolving'];
    await page.click('#download-gif');
    await page.waitForFunction((w) => document.getElementById('status').textContent.includes(w), words);
    const games = readFileSync(FIXTURE, 'utf8').split(/\n(?=\[Event )/);
    await openElementHost(page, server.origin, 'solve-host', 'gif mode="solve" ply="10"', games[0]);
    await page.waitForSelector('pdn-viewer [data-solve="hint"]');
    await page.click('pdn-viewer #download-gif');
    await page.waitForFunction((w) => document.querySelector('pdn-viewer').shadowRoot.querySelector('.pv-error').textContent === w, words);
    if (downloaded) throw new Error('a file was downloaded');
    await context.close();
  });

  await check('<pdn-viewer gif>: its Download GIF button gives the CLI\'s bytes for the same game; without the attribute, or for a game without a board, there is no button', async () => {
    const { page, context } = await newPage();
    const games = readFileSync(FIXTURE, 'utf8').split(/\n(?=\[Event )/);
    await openElementHost(page, server.origin, 'gif-host', 'gif', games[1]);
    const button = 'pdn-viewer #download-gif';
    await page.waitForSelector(button, { state: 'visible' });
    const got = await download(page, () => page.click(button));
    const cli = cliGif(2);
    if (!same(got.bytes, cli)) throw new Error(`the element's ${got.bytes.length} bytes differ from the CLI's ${cli.length}`);
    if (!/\.gif$/.test(got.name)) throw new Error(`name ${got.name}`);
    await openElementHost(page, server.origin, 'plain-host', '', games[1]);
    await page.waitForSelector('pdn-viewer [data-piece]');
    const shown = await page.$eval('pdn-viewer', (e) => {
      const b = e.shadowRoot.querySelector('#download-gif');
      return b && !b.hidden && b.closest('[hidden]') == null;
    });
    if (shown) throw new Error('a GIF button without the attribute');
    // A game without a board: no button.
    await openElementHost(page, server.origin, 'chess-host', 'gif', games[2]);
    await page.waitForFunction(() => document.querySelector('pdn-viewer')?.shadowRoot?.textContent.includes('No board'));
    const chess = await page.$eval('pdn-viewer', (e) => {
      const b = e.shadowRoot.querySelector('#download-gif');
      return b && !b.hidden && b.closest('[hidden]') == null;
    });
    if (chess) throw new Error('a GIF button for a game without a board');
    await context.close();
  });

  await check('where no worker can be made, the GIF is made in the page\'s thread: the same bytes', async () => {
    const { page, context, requests } = await newPage();
    await context.addInitScript(() => { delete globalThis.Worker; });
    const games = readFileSync(FIXTURE, 'utf8').split(/\n(?=\[Event )/);
    await openElementHost(page, server.origin, 'gif-host', 'gif', games[1]);
    const got = await download(page, () => page.click('pdn-viewer #download-gif'));
    if (!same(got.bytes, cliGif(2))) throw new Error(`${got.bytes.length} bytes differ from the CLI's`);
    if (requests.includes('/www/share/gif-worker.js')) throw new Error('a worker was asked for');
    await context.close();
  });

  await check('the button in Russian, French, Latvian and Dutch', async () => {
    const { page, context } = await newPage();
    for (const lang of ['ru', 'fr', 'lv', 'nl']) {
      await openPage(page, `${server.origin}/index.html?lang=${lang}`);
      const want = (await catalogueOf(lang))['export.downloadGif'];
      await page.waitForFunction((w) => document.getElementById('download-gif').textContent === w, want);
    }
    await context.close();
  });
} catch (e) {
  fail('gif', e);
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
await Promise.all([browser.close(), server.stop()]);
finish();
