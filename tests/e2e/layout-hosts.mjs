// End-to-end layout test of every host at every size (issue 38): the page (index.html), the
// element on a club page with a header and a 700 px column, the page taller than the window
// (tests/e2e/fixtures/club-page.html), and the iframe (embed.html, the Share box's snippet, in the
// same club page), each at 360×740, 768×1024, 1280×800 and 1920×1080, light and dark (the club
// page and the frame follow the visitor's system), with a
// multi-game file with results (tests/e2e/fixtures/club-round.pdn). Each of the host's parts is
// opened in turn, then closed: the engine, its review, the Explorer, Boards, Standings, solve mode
// (in dark, at 1280×800 and 360×740 only: the theme changes colours, not sizes).
//
// The parts are found, not listed by hand, so that the next part added to a host is checked too:
// on the page, every button of the page that toggles something (aria-pressed) outside the board's
// navigation bar; in the element and the iframe, the same buttons inside the element, and every
// attribute the element observes, each named in PART_ATTRIBUTES (a part, opened) or in
// NOT_PARTS (not a part): an attribute in neither fails the suite.
//
// What is asserted, from getBoundingClientRect (geometry, never pixels or time), in one place
// (expectations()): with nothing open and with each part open, no sideways overflow at any size;
// on a laptop and larger (1280×800, 1920×1080), and on a tablet (768×1024), the board and its
// Prev/Next buttons inside the window without scrolling and the buttons that open the parts in
// view too; a part that takes the board's place (Boards, Standings) is itself in view with its
// tabs; on a phone, the board keeps its size when the window's height changes by 60 px and back
// (the address bar).
//
//   node tests/e2e/layout-hosts.mjs                 all checks
//   node tests/e2e/layout-hosts.mjs --only=REGEX    only the checks whose names match
//   node tests/e2e/layout-hosts.mjs --docs          also writes docs/screenshots/host-*.png

import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { artifacts, checks, launchBrowser, root, startStaticServer } from './harness.mjs';


const { iframeSnippet } = await import(pathToFileURL(path.join(root, 'www', 'share', 'snippets.js')).href);
const docs = process.argv.includes('--docs');
const onlyArg = process.argv.find((a) => a.startsWith('--only='));
const only = onlyArg ? new RegExp(onlyArg.slice('--only='.length), 'i') : null;
mkdirSync(artifacts, { recursive: true });
const shots = docs ? path.join(root, 'docs', 'screenshots') : artifacts;

const SIZES = [[360, 740], [768, 1024], [1280, 800], [1920, 1080]];
const PHONE = 760; // below this width the page is one column (style.css, layout.js PHONE_QUERY)
const FILE = 'tests/e2e/fixtures/club-round.pdn';

/**
 * The element's attributes that open a part: the values that open it and the element's part
 * (its `part` name) that shows then. Every attribute the element observes is here or in
 * NOT_PARTS, so a new one cannot be forgotten.
 */
const PART_ATTRIBUTES = {
  engine: { values: [''], part: 'engine' },
  explorer: { values: [''], part: 'explorer' },
  view: { values: ['boards', 'standings'], part: 'tournament' },
  mode: { values: ['solve'], part: 'solve' },
};
const NOT_PARTS = ['game', 'ply', 'line', 'orientation', 'coordinates', 'theme', 'moves', 'list', 'lang', 'src',
  'messages', 'analysis', 'editor', 'round', 'live', 'gif'];

// ---- the hosts ---------------------------------------------------------------------------------

const clubPage = readFileSync(path.join(root, 'tests', 'e2e', 'fixtures', 'club-page.html'), 'utf8');

const HOSTS = {
  /** index.html with the file. */
  page: {
    url: `/index.html?src=${FILE}`,
    ready: async (page) => {
      await page.waitForSelector('body[data-ready="1"]');
      await page.waitForFunction(() => document.querySelector('#game-list tr.game-row'));
    },
    frame: (page) => page.mainFrame(),
    shadow: null,
  },
  /** The club page, its element as written there. */
  element: {
    url: '/tests/e2e/fixtures/club-page.html',
    ready: async (page) => {
      await page.waitForFunction(() => {
        const el = document.querySelector('pdn-viewer');
        return el && el.dataset.ply != null && el.shadowRoot.querySelector('.game-row');
      });
    },
    frame: (page) => page.mainFrame(),
    shadow: 'pdn-viewer',
  },
  /** The same club page with the Share box's iframe snippet in place of the element. */
  iframe: {
    url: '/tests/e2e/artifacts/layout-hosts-iframe.html',
    ready: async (page) => {
      const frame = await frameOf(page);
      await frame.waitForFunction(() => {
        const el = document.querySelector('pdn-viewer');
        return el && el.dataset.ply != null && el.shadowRoot.querySelector('.game-row');
      });
    },
    frame: (page) => frameOf(page),
    shadow: 'pdn-viewer',
  },
};

async function frameOf(page) {
  for (let i = 0; i < 200; i++) {
    const f = page.frames().find((x) => x.url().includes('embed.html'));
    if (f) return f;
    await page.waitForTimeout(50);
  }
  throw new Error('no embed.html frame');
}

// ---- what is measured, in the host's frame ----------------------------------------------------

/**
 * The facts of one screen, measured in the frame that holds the viewer; `shadow` names the
 * element whose shadow root holds it. Rectangles are in the top window's coordinates (a frame's
 * offset added), with the top window's size.
 */
function measure({ shadow, offset, top }) {
  const scope = shadow ? document.querySelector(shadow).shadowRoot : document;
  const box = (e) => {
    if (!e || !e.getClientRects().length) return null;
    const r = e.getBoundingClientRect();
    return { left: r.left + offset.x, top: r.top + offset.y, right: r.right + offset.x, bottom: r.bottom + offset.y };
  };
  const shown = (e) => e && e.getClientRects().length > 0 && !e.closest('[hidden]') && getComputedStyle(e).visibility !== 'hidden';
  // The buttons that open a part: toggles (aria-pressed) outside the board's navigation bar.
  const toggles = [...scope.querySelectorAll('button[aria-pressed]')]
    .filter((b) => shown(b) && !b.closest('.controls'))
    .map((b) => ({ name: b.textContent.trim() || b.id, id: b.id, view: b.dataset.view || null, pressed: b.getAttribute('aria-pressed'), box: box(b) }));
  const tournament = scope.querySelector('.tournament-panel');
  const content = tournament && shown(tournament) ? tournament.querySelector('.tournament-body') : null;
  return {
    vw: top.vw,
    vh: top.vh,
    board: shown(scope.querySelector('.board')) ? box(scope.querySelector('.board')) : null,
    prev: box(scope.querySelector('#prev')),
    next: box(scope.querySelector('#next')),
    toggles,
    tournament: content ? { box: box(tournament), tabs: box(tournament.querySelector('.tournament-tabs')), items: content.querySelectorAll('[data-game], [data-player]').length } : null,
    explorer: box(scope.querySelector('.explorer-box:not([hidden]), [part="explorer"]:not([hidden])')),
    engine: box(scope.querySelector('.engine-box:not([hidden]), [part="engine"]:not([hidden])')),
    // Sideways overflow of the frame's page, and of the element inside its own box.
    overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
  };
}

/** The top window's size and the frame's offset in it. */
async function where(page, host) {
  const top = await page.evaluate(() => ({ vw: document.documentElement.clientWidth, vh: window.innerHeight, overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth }));
  let offset = { x: 0, y: 0 };
  if (host === HOSTS.iframe) {
    offset = await page.evaluate(() => { const r = document.querySelector('iframe').getBoundingClientRect(); return { x: r.left + 0, y: r.top + 0 }; });
  }
  return { top, offset };
}

/**
 * Everything asserted of one screen (one place for every host, size and part): returns the
 * failures as words. `part` is the part open (null: none), `size` [w, h].
 */
function expectations(m, { size: [w, h], part, topOverflow, openers, hostName }) {
  const bad = [];
  const inView = (name, r) => {
    if (!r) { bad.push(`${name} not shown`); return; }
    if (r.left < -0.5 || r.top < -0.5 || r.right > m.vw + 0.5 || r.bottom > m.vh + 0.5) {
      bad.push(`${name} not in view (${Math.round(r.left)},${Math.round(r.top)})–(${Math.round(r.right)},${Math.round(r.bottom)}) in ${m.vw}×${m.vh}`);
    }
  };
  if (m.overflow > 0) bad.push(`sideways overflow ${m.overflow} px in the viewer's page`);
  if (topOverflow > 0) bad.push(`sideways overflow ${topOverflow} px in the host page`);
  const phone = w < PHONE;
  const takesBoard = part && /^(boards|standings)$/.test(part.view || '');
  if (takesBoard) {
    if (!m.tournament) bad.push(`${part.name}: blank (no tournament view shown${m.board ? '' : ', no board either'})`);
    else {
      if (!m.tournament.items) bad.push(`${part.name}: no content (no card or row)`);
      inView(`${part.name}'s tabs`, m.tournament.tabs);
    }
  } else if (!phone) {
    inView('the board', m.board);
    // Solve mode hides the moves to come, and with them the steps through them.
    if (!(part && part.name === 'Solve')) {
      inView('Prev', m.prev);
      inView('Next', m.next);
    }
    // The buttons that open the parts (those shown with nothing open): reachable without
    // scrolling too.
    for (const t of m.toggles) if (openers.has(t.id || t.view)) inView(`the ${t.name} button`, t.box);
  }
  if (part && part.name === 'Explorer' && phone) {
    // The page's Explorer, opened by the reader's button, is a panel of its own in view. The
    // element's and the frame's, turned on by the author on a page the reader scrolls, come
    // straight under the board and its buttons, before the moves.
    if (hostName === 'page') inView('the Explorer', m.explorer);
    else if (!m.explorer || !m.board) bad.push('the Explorer or the board not shown');
    else {
      const under = Math.max(m.board.bottom, m.next ? m.next.bottom : 0);
      if (m.explorer.top > under + 40) bad.push(`the Explorer starts ${Math.round(m.explorer.top - under)} px under the board's buttons`);
    }
  }
  return bad;
}

// ---- the runner --------------------------------------------------------------------------------

const server = await startStaticServer(root);
const origin = server.origin;
const { writeFileSync } = await import('node:fs');
writeFileSync(path.join(artifacts, 'layout-hosts-iframe.html'), clubPage
  .replace(/<script type="module"[^>]*><\/script>\n/, '')
  .replace(/<pdn-viewer src="club-round.pdn"><\/pdn-viewer>/, iframeSnippet({ src: `${origin}/embed.html?src=/${FILE}&theme=auto`, title: 'Club championship' })));
const browser = await launchBrowser();
const { check, fail, finish } = checks();
const started = Date.now();

/** One check of the harness's list: `bad` its problems found (none: ok), `note` its figures. */
function report(name, bad, note) {
  return check(name, async () => {
    if (bad.length) throw new Error(bad.join('\n'));
    return note || undefined;
  });
}

/** The element's observed attributes, each a part or not: a new one must be placed. */
async function attributesPlaced(frame) {
  const observed = await frame.evaluate(() => customElements.whenDefined('pdn-viewer').then(() => customElements.get('pdn-viewer').observedAttributes));
  return observed.filter((a) => !(a in PART_ATTRIBUTES) && !NOT_PARTS.includes(a));
}

/** Two frames: the fitting of the board runs in one (layout.js, fitBoard). */
const settle = (frame) => frame.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

async function runHost(hostName, [w, h], scheme) {
  const host = HOSTS[hostName];
  const label = `${hostName} ${w}×${h} ${scheme}`;
  const phone = w < PHONE;
  const context = await browser.newContext({
    viewport: { width: w, height: h }, deviceScaleFactor: 1, isMobile: phone, hasTouch: phone, locale: 'en', colorScheme: scheme,
  });
  const errors = [];
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  try {
    await page.goto(`${origin}${host.url}`);
    await host.ready(page);
    let frame = await host.frame(page);
    // Every part's button, before the first look: on a loaded machine the tournament tabs and
    // the engine's part come after the board, and a part not yet there would go unchecked.
    const buttons = [...(hostName === 'page' ? ['solve-toggle', 'engine-toggle', 'explorer-toggle'] : []),
      ...(hostName === 'page' && phone ? [] : ['boards', 'standings'])];
    const allButtons = () => frame.waitForFunction(({ s, want }) => {
      const scope = s ? document.querySelector(s).shadowRoot : document;
      const there = [...scope.querySelectorAll('button[aria-pressed]')]
        .filter((b) => b.getClientRects().length && !b.closest('.controls')).map((b) => b.id || b.dataset.view);
      return want.every((b) => there.includes(b));
    }, { s: host.shadow, want: buttons }, { timeout: 20_000 }).then(() => [], () => [`not every part's button shown within 20 s (${buttons.join(', ')})`]);
    const missing = await allButtons();
    const reload = async () => {
      await page.reload();
      await host.ready(page);
      frame = await host.frame(page);
      await allButtons();
      await page.waitForTimeout(200);
    };
    await page.waitForTimeout(200);
    await settle(frame);
    const openers = new Set();
    const look = async (part) => {
      await frame.evaluate(() => window.scrollTo(0, 0));
      await page.evaluate(() => window.scrollTo(0, 0));
      // The layout at rest: the frame fits its board to what its parent answers (a message each
      // way), so a loaded machine may show a step in between; measure until two looks agree.
      let m = null;
      let top;
      for (let tries = 0; tries < 20; tries++) {
        await settle(frame);
        const at = await where(page, host);
        const next = await frame.evaluate(measure, { shadow: host.shadow, offset: at.offset, top: at.top });
        top = at.top;
        const same = m && JSON.stringify([m.board, m.prev, m.next, m.vh]) === JSON.stringify([next.board, next.prev, next.next, next.vh]);
        m = next;
        if (same) break;
        await page.waitForTimeout(100);
      }
      if (!part && !openers.size) for (const t of m.toggles) openers.add(t.id || t.view);
      return { m, bad: expectations(m, { size: [w, h], part, topOverflow: top.overflow, openers, hostName }) };
    };
    const first = await look(null);
    const name = (what) => `${label}, ${what}`;
    /**
     * A phone's window 60 px taller and back (its address bar hiding and showing): the board
     * keeps its size. Returns the failures.
     */
    const addressBar = async (before) => {
      if (!phone || !before.board) return [];
      const sizes = [];
      for (const height of [h + 60, h]) {
        await page.setViewportSize({ width: w, height });
        await page.waitForTimeout(300);
        const { m } = await look(null);
        sizes.push(m.board ? Math.round(m.board.right - m.board.left) : 0);
      }
      const was = Math.round(before.board.right - before.board.left);
      return sizes.every((x) => Math.abs(x - was) <= 1) ? [] : [`the board's width went ${was} -> ${sizes.join(' -> ')} px as the window's height went ${h} -> ${h + 60} -> ${h}`];
    };
    if (hostName !== 'page' && w === 1280 && scheme === 'light') {
      const unplaced = await attributesPlaced(frame);
      report(name('every attribute of the element is a part or not'), unplaced.map((a) => `attribute "${a}" is in neither PART_ATTRIBUTES nor NOT_PARTS`));
    }
    report(name('nothing open'), [...missing, ...first.bad, ...(await addressBar(first.m))], first.m.board ? `board ${Math.round(first.m.board.right - first.m.board.left)} px, Next's bottom ${Math.round(first.m.next.bottom)}` : '');
    if (docs && scheme === 'light') await page.screenshot({ path: path.join(shots, `host-${hostName}-${w}x${h}.png`) });
    if (docs && scheme === 'dark' && w === 1280) await page.screenshot({ path: path.join(shots, `host-${hostName}-${w}x${h}-dark.png`) });

    // The parts: the toggles found in the DOM, then (element, iframe) the part attributes.
    // Dark changes colours, not sizes: its parts are opened on a laptop and a phone only.
    if (scheme === 'dark' && !(w === 1280 || phone)) {
      report(name('no page errors'), errors);
      return;
    }
    const parts = first.m.toggles.filter((t) => t.pressed === 'false').map((t) => ({ ...t, kind: 'toggle' }));
    if (hostName !== 'page') {
      for (const [attr, { values, part: shows }] of Object.entries(PART_ATTRIBUTES)) {
        for (const value of values) {
          if (parts.some((p) => p.view === value)) continue; // its button is already driven
          parts.push({ kind: 'attribute', name: `${attr}${value ? `=${value}` : ''}`, attr, value, shows, view: attr === 'view' ? value : null });
        }
      }
    }
    // The parts that take the board's place last: the others are checked beside the board.
    parts.sort((a, b) => Number(!!a.view) - Number(!!b.view));
    /**
     * Waits (at most 10 s) for `fn(a)` in the viewer's frame, `a` being `arg` with `s` (the
     * shadow host's selector, or null); false when it never holds.
     */
    const until = (fn, arg = {}) => frame.waitForFunction(fn, { s: host.shadow, ...arg }, { timeout: 10_000 }).then(() => true, () => false);
    for (const part of parts) {
      // The toggle itself (aria-pressed), not a tab of the same view inside the part.
      const sel = part.id ? `#${part.id}` : `button[data-view="${part.view}"][aria-pressed]`;
      /** Opens or closes the part and waits until its button or its box says so. */
      const setPart = async (on) => {
        if (part.kind === 'toggle') {
          await frame.evaluate(({ s, sel }) => (s ? document.querySelector(s).shadowRoot : document).querySelector(sel)?.click(), { s: host.shadow, sel });
          return until((a) => (a.s ? document.querySelector(a.s).shadowRoot : document).querySelector(a.sel)?.getAttribute('aria-pressed') === String(a.on), { sel, on });
        }
        await frame.evaluate(({ attr, value, on }) => {
          const v = document.querySelector('pdn-viewer');
          if (on) v.setAttribute(attr, value); else v.removeAttribute(attr);
        }, { attr: part.attr, value: part.value, on });
        return until((a) => {
          const box = (a.s ? document.querySelector(a.s).shadowRoot : document).querySelector(`[part="${a.shows}"]`);
          return !!box && (box.hidden || !box.getClientRects().length) === !a.on;
        }, { shows: part.shows, on });
      };
      const partName = /engine/i.test(part.name) ? 'Engine' : /explorer/i.test(part.name) ? 'Explorer'
        : part.view === 'boards' ? 'Boards' : part.view === 'standings' ? 'Standings' : /solve/i.test(part.name) ? 'Solve' : part.name;
      const shown = await setPart(true);
      // A tournament view's cards and rows come from the reading worker after the tab shows:
      // measured once they are there (none within 10 s is reported below as "no content").
      if (/^(boards|standings)$/.test(part.view || '')) {
        await until((a) => (a.s ? document.querySelector(a.s).shadowRoot : document).querySelector('.tournament-body [data-game], .tournament-body [data-player]'));
      }
      const opened = await look({ ...part, name: partName });
      report(name(`${partName} open`), [...(shown ? [] : [`${partName}: not shown within 10 s`]), ...opened.bad, ...(await addressBar(opened.m))]);
      if (partName === 'Engine') {
        // The review: the engine panel's button, once the engine shows it.
        const can = await until((a) => {
          const b = (a.s ? document.querySelector(a.s).shadowRoot : document).querySelector('#review-game');
          return !!b && b.getClientRects().length > 0 && !b.disabled;
        });
        if (can) {
          await frame.evaluate((s) => (s ? document.querySelector(s).shadowRoot : document).querySelector('#review-game').click(), host.shadow);
          const running = await until((a) => {
            const box = (a.s ? document.querySelector(a.s).shadowRoot : document).querySelector('#review, [part="review"]');
            return !!box && !box.hidden && box.getClientRects().length > 0;
          });
          const r = await look({ name: 'Review' });
          report(name('Engine and its review open'), [...(running ? [] : ['the review box not shown within 10 s']), ...r.bad]);
          await frame.evaluate((s) => (s ? document.querySelector(s).shadowRoot : document).querySelector('#review-game[data-engine-review="running"]')?.click(), host.shadow);
        } else {
          report(name('Engine and its review open'), ['no Review game button within 10 s']);
        }
      }
      await setPart(false);
      const closed = await look(null);
      report(name(`${partName} closed again`), closed.bad.map((b) => `after ${partName}: ${b}`));
      if (closed.bad.length) await reload(); // the next part from a whole page
    }
    report(name('no page errors'), errors);
  } finally {
    await context.close().catch(() => {});
  }
}

try {
  const jobs = [];
  for (const hostName of Object.keys(HOSTS)) {
    for (const size of SIZES) {
      for (const scheme of ['light', 'dark']) {
        const label = `${hostName} ${size[0]}×${size[1]} ${scheme}`;
        if (only && !only.test(label)) continue;
        jobs.push(() => runHost(hostName, size, scheme).catch((e) => fail(label, e && e.message ? e.message.split('\n')[0] : e)));
      }
    }
  }
  // Three at a time: on two shared cores, most of a check is waiting for a part to show.
  let next = 0;
  await Promise.all([0, 1, 2].map(async () => { while (next < jobs.length) await jobs[next++](); }));
} catch (e) {
  fail('harness', e);
} finally {
  await browser.close().catch(() => {});
  await server.stop();
}
console.log(`(${((Date.now() - started) / 1000).toFixed(1)} s)`);
finish();
