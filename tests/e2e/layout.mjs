// End-to-end test of the layout (issue 12): at five window sizes, with the sample game and with a
// 200-game file made from the repository's own test games (tests/data/standard), the page opened
// on a game shows the whole board and the first/previous/next/last buttons without scrolling, has
// no sideways overflow and no clipped control text in any of the five languages; on a phone the
// game list is one "Games (200)" button that opens a panel over the page (Escape closes it). The
// iframe page (embed.html) in a 640-px-high frame 280 to 1200 px wide shows the whole board and
// the buttons, the move list scrolling in the rest. Same harness and output as run.mjs.
//
//   node tests/e2e/layout.mjs            screenshots of every case go to tests/e2e/artifacts
//   node tests/e2e/layout.mjs --docs     also writes the README's docs/screenshots/phone-list.png
//   node tests/e2e/layout.mjs --only=REGEX   only the checks whose names match
//   LAYOUT_TIMES=1 node tests/e2e/layout.mjs  also prints when each page step ended (ms)

import { copyFileSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { artifacts, launchBrowser, root, startStaticServer } from './harness.mjs';
import { LANGUAGES } from '../../www/i18n/i18n.js';

mkdirSync(artifacts, { recursive: true });
const updateDocs = process.argv.includes('--docs');
const onlyArg = process.argv.find((a) => a.startsWith('--only='));
const only = onlyArg ? new RegExp(onlyArg.slice('--only='.length), 'i') : null;
const LANGS = LANGUAGES.map((l) => l.code); // every language the page offers
const SIZES = [[1280, 800], [1366, 768], [1920, 1080], [768, 1024], [360, 740]];
const PHONE = 760; // below this width the page is one column and the list a panel (style.css)

// ---- the 200-game file: the repository's own UTF-8 test games, under generated names --------

const NAMES = ['Sijbrands', 'Baliakin', 'Boomstra', 'Chizhov', 'Clerc', 'Georgiev', 'Gantvarg',
  'Kouwenhoven', 'Mikhalchenko', 'Ndjofang', 'Roozenburg', 'Schwarzman', 'Shchegolev', 'Valneris',
  'Van der Wal-Oostenbrugge', 'Amrillaev', 'Anikeev', 'Getmanski', 'Korenevski', 'Wesselink'];

function gamesFile(count) {
  const dir = path.join(root, 'tests', 'data', 'standard');
  // Long games (game 3 is opened at ply 20), each cut at its result: the files go on with others.
  const wanted = ['English, multiple jumps', 'Annotated', 'Layouts of the movetext'];
  const games = readdirSync(dir).filter((f) => f.startsWith('succeed_')).sort()
    .flatMap((f) => readFileSync(path.join(dir, f), 'utf8').split(/\n(?=\[Event )/))
    .filter((g) => wanted.some((w) => g.startsWith(`[Event "${w}"]`)))
    .map((g) => g.slice(0, g.search(/ \*\s*(\n|$)/) + 2))
    .sort((a, b) => wanted.findIndex((w) => a.includes(w)) - wanted.findIndex((w) => b.includes(w)));
  if (games.length !== wanted.length) throw new Error(`the test games: found ${games.length} of ${wanted.length}`);
  const out = [];
  for (let k = 0; k < count; k++) {
    const g = games[k % games.length].replace(/^\[(White|Black|Date|Event) "[^"]*"\]\n?/gm, '');
    const tags = [
      `[Event "Club championship ${2000 + (k % 25)}, group ${String.fromCharCode(65 + (k % 5))}"]`,
      `[Date "${2000 + (k % 25)}.${String(1 + (k % 12)).padStart(2, '0')}.${String(1 + (k % 28)).padStart(2, '0')}"]`,
      `[White "${NAMES[k % NAMES.length]}, ${String.fromCharCode(65 + (k % 26))}."]`,
      `[Black "${NAMES[(k * 7 + 3) % NAMES.length]}, ${String.fromCharCode(65 + ((k * 3) % 26))}."]`,
    ];
    out.push(`${tags.join('\n')}\n${g}\n`);
  }
  return out.join('\n');
}
const sample = /`([^`]*)`/.exec(readFileSync(path.join(root, 'www', 'hosts', 'sample.js'), 'utf8'))[1];
writeFileSync(path.join(artifacts, 'layout-200.pdn'), gamesFile(200));
writeFileSync(path.join(artifacts, 'layout-sample.pdn'), sample);
const FILE = '/tests/e2e/artifacts/layout-200.pdn';

// ---- harness ---------------------------------------------------------------------------------

const server = await startStaticServer(root);
const origin = server.origin;
const browser = await launchBrowser();
let passed = 0;
let failed = 0;
const started = Date.now();
/** Checks run CONCURRENT at a time, each in its own browser context; results print in order. */
const CONCURRENT = 4;
const checks = [];

/** A fresh page (own context) for one check; its page and console errors go to `problems`. */
async function withPage(options, problems, fn) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console.error: ${m.text()}`); });
  try {
    return await fn(page);
  } finally {
    await context.close().catch(() => {});
  }
}

/** Adds a check; `fn(problems)` returns an optional line of figures. Any page error fails it. */
function check(name, fn) {
  if (!only || only.test(name)) checks.push({ name, fn });
}

async function runChecks() {
  const lines = [];
  let next = 0;
  let printed = 0;
  const worker = async () => {
    while (next < checks.length) {
      const i = next++;
      const { name, fn } = checks[i];
      const problems = [];
      try {
        const note = await fn(problems);
        if (problems.length) throw new Error(problems.join(' | '));
        passed++;
        lines[i] = `ok   ${name}${note ? `\n     ${note}` : ''}`;
      } catch (e) {
        failed++;
        lines[i] = `FAIL ${name}\n     ${String(e && e.message ? e.message : e).split('\n').join('\n     ')}`;
      }
      while (lines[printed]) console.log(lines[printed++]);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENT }, worker));
}
const assert = (cond, message) => { if (!cond) throw new Error(message); };
const shot = (page, name) => page.screenshot({ path: path.join(artifacts, name) });

/**
 * Everything this test asks of one screen, measured in the page (or the frame) `target`:
 * the board and the four step buttons inside the window, no sideways overflow, and the visible
 * controls whose text does not fit (buttons, summaries, headings, labels: scrollWidth over
 * clientWidth; selects: narrower than a copy of themselves left to fit the chosen option). `rootSel`
 * names a shadow host to look inside (the iframe's <pdn-viewer>), or null for the page.
 */
function measure(rootSel) {
  const scope = rootSel ? document.querySelector(rootSel).shadowRoot : document;
  const vw = document.documentElement.clientWidth;
  const vh = window.innerHeight;
  const box = (e) => { const r = e.getBoundingClientRect(); return { left: r.left, top: r.top, right: r.right, bottom: r.bottom }; };
  const board = scope.querySelector('.board');
  const steps = ['first', 'prev', 'next', 'last'].map((id) => [id, scope.querySelector(`#${id}`)]);
  const outside = [];
  const inside = (name, r) => {
    if (r.left < -0.5 || r.top < -0.5 || r.right > vw + 0.5 || r.bottom > vh + 0.5) outside.push(`${name} ${JSON.stringify(r)}`);
  };
  inside('board', box(board));
  for (const [id, b] of steps) inside(`#${id}`, box(b));
  const visible = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
  const clipped = [];
  const all = [...scope.querySelectorAll('button, select, summary, h1, h2, label, .games-count, th')];
  for (const e of all) {
    if (!visible(e) || e.closest('[hidden]')) continue;
    const r = e.getBoundingClientRect();
    if (r.width === 0) continue;
    // <pdn-viewer>'s game selector shows player names, not the page's words: a long name may
    // end under its arrow, as in any select.
    if (e.tagName === 'SELECT' && e.classList.contains('pv-games')) continue;
    // The open game's row in the game table has its players' names as buttons: they end in
    // "…" as every name in the table does.
    if (e.classList.contains('player-link') && e.closest('.game-list')) continue;
    if (e.tagName === 'SELECT') {
      // The width the chosen option needs: a copy of the select beside it, free to take it.
      const copy = e.cloneNode(true);
      copy.removeAttribute('id');
      copy.style.cssText = 'position:absolute;left:0;top:0;visibility:hidden;width:auto;min-width:0;max-width:none;field-sizing:content';
      copy.selectedIndex = e.selectedIndex;
      e.after(copy);
      const need = copy.offsetWidth;
      copy.remove();
      const text = e.selectedOptions[0] ? e.selectedOptions[0].textContent : '';
      if (need > e.offsetWidth + 1) clipped.push(`select#${e.id} "${text}" needs ${need} px, has ${e.offsetWidth}`);
    } else if (e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== 'visible') {
      clipped.push(`${e.tagName.toLowerCase()}#${e.id}.${e.className} "${e.textContent.trim().slice(0, 30)}" ${e.scrollWidth}>${e.clientWidth}`);
    } else if (e.scrollWidth > e.clientWidth + 1 && e.tagName === 'BUTTON') {
      clipped.push(`button#${e.id} "${e.textContent.trim().slice(0, 30)}" ${e.scrollWidth}>${e.clientWidth}`);
    }
    if (r.right > vw + 0.5 && !e.closest('.game-list-scroll')) clipped.push(`${e.tagName.toLowerCase()}#${e.id} sticks out (${Math.round(r.right)} > ${vw})`);
  }
  const overflow = document.documentElement.scrollWidth - vw;
  const b = box(board);
  return { vw, vh, board: b, size: Math.round(b.right - b.left), controlsBottom: Math.round(box(steps[3][1]).bottom), outside, clipped, overflow };
}

function verdict(m, what) {
  const bad = [];
  if (m.outside.length) bad.push(`outside the ${m.vw}×${m.vh} window: ${m.outside.join('; ')}`);
  if (m.overflow > 0) bad.push(`horizontal overflow ${m.overflow} px`);
  if (m.clipped.length) bad.push(`clipped: ${m.clipped.join('; ')}`);
  if (bad.length) throw new Error(`${what}: ${bad.join(' | ')}`);
}

/** Resolves after two animation frames: the board's size is measured in one (layout.js). */
const settle = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));

/** The game list, from the page: is the table visible, and its columns inside the list box. */
const listState = (page) => page.evaluate(() => {
  const panel = document.getElementById('games');
  const scroller = document.querySelector('#game-list .game-list-scroll');
  const toggle = document.getElementById('games-toggle');
  const vis = (e) => !!e && e.getClientRects().length > 0;
  const r = scroller && scroller.getBoundingClientRect();
  return {
    shown: !panel.hidden,
    table: vis(scroller),
    toggle: vis(toggle) ? toggle.textContent.trim() : null,
    expanded: toggle ? toggle.getAttribute('aria-expanded') : null,
    sideways: scroller ? scroller.scrollWidth - scroller.clientWidth : 0,
    box: r ? { left: r.left, top: r.top, right: r.right, bottom: r.bottom } : null,
    focus: document.activeElement ? `${document.activeElement.tagName}#${document.activeElement.id}.${document.activeElement.className}` : '',
    focusInPanel: panel.contains(document.activeElement),
  };
});

try {
  // ---- index.html: five sizes × (sample, 200 games) × five languages -------------------------
  for (const [w, h] of SIZES) {
    for (const file of ['sample', '200']) {
      const phone = w < PHONE;
      check(`index.html ${w}×${h}, ${file === 'sample' ? 'the sample' : 'a 200-game file'}: board and buttons on the first screen, nothing cut off (${LANGS.join(' ')})${phone && file === '200' ? ', the list a panel' : ''}`, async (problems) => withPage({
        viewport: { width: w, height: h }, deviceScaleFactor: 1, isMobile: phone, hasTouch: phone, locale: 'en', colorScheme: 'light',
      }, problems, async (page) => {
        const url = file === 'sample' ? `${origin}/index.html?game=1&ply=20` : `${origin}/index.html?src=${FILE}&game=3&ply=20`;
        const t0 = Date.now();
        const times = [];
        const lap = (what) => times.push(`${what} ${Date.now() - t0}`);
        await page.goto(url);
        await page.waitForSelector('body[data-ready="1"]');
        await page.waitForFunction(() => document.body.dataset.ply === '20');
        if (file === '200') {
          await page.waitForFunction(() => document.body.dataset.checked === '1' && document.querySelector('#game-list tr.game-row'));
        }
        lap('open');
        await page.waitForTimeout(100);
        await page.evaluate(settle);
        const sizes = [];
        for (const lang of LANGS) {
          if (lang !== 'en') {
            await page.selectOption('#lang', lang);
            await page.waitForFunction((l) => document.documentElement.lang === l, lang);
            await page.evaluate(settle);
          }
          await page.evaluate(() => window.scrollTo(0, 0));
          const m = await page.evaluate(measure, null);
          verdict(m, lang);
          sizes.push(m.size);
          if (lang === 'en' || (lang === 'ru' && phone)) await shot(page, `layout-${w}x${h}-${file}-${lang}.png`);
          lap(lang);
        }
        const list = await listState(page);
        if (file === 'sample') {
          assert(!list.shown, 'no game list for one game');
        } else if (phone) {
          await page.selectOption('#lang', 'en'); // the README's screenshot of the open list
          await page.waitForFunction(() => document.documentElement.lang === 'en');
          assert(!list.table, 'on a phone the list is folded away when the page opens');
          assert(list.toggle && /\(200\)/.test(list.toggle), `a "Games (200)" button: ${list.toggle}`);
          await page.click('#games-toggle');
          const open = await listState(page);
          assert(open.table && open.expanded === 'true', `the button opens the list ${JSON.stringify(open)}`);
          assert(open.box.left >= 0 && open.box.right <= w && open.box.bottom <= h + 0.5, `the panel inside the screen ${JSON.stringify(open.box)}`);
          assert(open.sideways <= 0, `the table fits the panel's width (${open.sideways} px more)`);
          assert(open.focusInPanel, `focus moves into the panel (${open.focus})`);
          await shot(page, `layout-${w}x${h}-${file}-list-open.png`);
          await page.keyboard.press('Escape');
          const closed = await listState(page);
          assert(!closed.table && closed.expanded === 'false', 'Escape closes the list');
          assert(closed.focus.startsWith('BUTTON#games-toggle'), `focus back on the button (${closed.focus})`);
          // Tapping a game opens it and folds the list away.
          await page.click('#games-toggle');
          await page.click('#game-list tr.game-row[data-index="4"] .col-white');
          await page.waitForFunction(() => document.body.dataset.game === '5');
          const after = await listState(page);
          assert(!after.table, 'choosing a game closes the list');
          await page.evaluate(settle);
          verdict(await page.evaluate(measure, null), 'after choosing game 5');
        } else {
          assert(list.table, 'the list is shown beside or above the board');
          assert(list.sideways <= 0, `the table fits its box (${list.sideways} px more)`);
          assert(list.box.bottom <= h, `the list inside the window (bottom ${list.box.bottom})`);
        }
        lap('end');
        return `board ${sizes[0]} px (${sizes.join(' ')} by language) ${process.env.LAYOUT_TIMES ? times.join(', ') : ''}`;
      }));
    }
  }

  // ---- embed.html in a 640-px-high iframe ----------------------------------------------------
  for (const w of [280, 360, 768, 1200]) {
    for (const file of ['sample', '200']) {
      check(`embed.html in a ${w}×640 iframe, ${file === 'sample' ? 'one game' : '200 games'}: board and buttons inside the frame, moves scroll inside`, async (problems) => withPage({
        viewport: { width: Math.max(w + 40, 400), height: 720 }, deviceScaleFactor: 1, locale: 'en',
      }, problems, async (page) => {
        const src = file === 'sample' ? '/tests/e2e/artifacts/layout-sample.pdn' : FILE;
        const host = `layout-host-${w}-${file}.html`;
        writeFileSync(path.join(artifacts, host), `<!doctype html><meta charset="utf-8"><title>host</title><link rel="icon" href="data:,"><body style="margin:20px">
<iframe src="/embed.html?src=${src}&game=${file === 'sample' ? 1 : 3}&ply=20" width="${w}" height="640" style="border:1px solid #888;display:block" title="game"></iframe></body>`);
        await page.goto(`${origin}/tests/e2e/artifacts/${host}`);
        const frame = page.frames().find((f) => f.url().includes('embed.html'));
        await frame.waitForFunction(() => document.querySelector('pdn-viewer')?.dataset.ply === '20');
        // The table comes with its words (the parts' catalogue), and the board is fitted again.
        if (file !== 'sample') await frame.waitForFunction(() => /\d/.test(document.querySelector('pdn-viewer').shadowRoot.querySelector('.games-count')?.textContent || ''));
        await page.waitForTimeout(150);
        await frame.evaluate(settle);
        const m = await frame.evaluate(measure, 'pdn-viewer');
        verdict(m, `${w}×640`);
        const moves = await frame.evaluate(() => {
          const el = document.querySelector('pdn-viewer');
          const mv = el.shadowRoot.querySelector('.moves').getBoundingClientRect();
          return { top: mv.top, bottom: mv.bottom, page: document.documentElement.scrollHeight, vh: innerHeight };
        });
        assert(moves.page <= moves.vh + 1, `the frame's page does not scroll (${moves.page} > ${moves.vh})`);
        assert(moves.bottom <= moves.vh + 0.5 && moves.bottom - moves.top >= 60, `the move list fills the rest ${JSON.stringify(moves)}`);
        await shot(page, `layout-embed-${w}x640-${file}.png`);
        return `board ${m.size} px, moves ${Math.round(moves.bottom - moves.top)} px high`;
      }));
    }
  }

  await runChecks();
  if (updateDocs) {
    copyFileSync(path.join(artifacts, 'layout-360x740-200-list-open.png'), path.join(root, 'docs', 'screenshots', 'phone-list.png'));
  }
} catch (e) {
  failed++;
  console.log(`FAIL harness: ${e && e.stack ? e.stack : e}`);
} finally {
  await browser.close().catch(() => {});
  await server.stop();
}
console.log(`(${((Date.now() - started) / 1000).toFixed(1)} s)`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
