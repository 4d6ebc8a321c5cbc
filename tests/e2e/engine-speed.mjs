// The engine's search in wasm against the same search natively, timed on the same nodes: the
// search's own time only (the module's fetch, compilation and the table's allocation left out).
//
//   node tests/e2e/engine-speed.mjs [--depth=18] [--fens=FILE] [--runs=5] [--pkg=DIR[,DIR2...]] [--entries=N]
//       [--native=BIN] [--no-node] [--no-chromium] [--node-flags='--no-liftoff ...']
//       [--chromium-flags='--no-liftoff ...'] (V8's flags in Chromium)
//
// Each run, in turn: natively (BIN, default target/release/examples/search_time: cargo build
// --release -p pdn-engine-wasm --example search_time), under Node (a new `node` process, the
// module from DIR, default pkg/, as `make build` writes it) and in headless Chromium (/usr/bin/chromium,
// a new page whose module worker loads the module as www/engine/worker.js does). Every side makes
// a new `Analyser` (International, a table of N entries, default 2^20 as the CLI's) for each FEN of FILE
// (one a line; default: the start) and searches it to the depth, one call, timed around the
// call alone. Prints each run's totals, then the medians and the median of the runs' ratios
// (wasm / native), and fails if the sides did not search the same nodes.

import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const START = 'W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20';

const opt = (name, fallback) => {
  const a = process.argv.find((x) => x.startsWith(`--${name}=`));
  return a ? a.slice(name.length + 3) : fallback;
};
const flag = (name) => process.argv.includes(`--${name}`);
const DEPTH = Number(opt('depth', '18'));
const ENTRIES = Number(opt('entries', String(1 << 20)));
const RUNS = Number(opt('runs', '5'));
/** One build or several (`--pkg=A,B`: each timed in turn, to compare builds). */
const PKGS = opt('pkg', path.join(root, 'pkg')).split(',').map((p) => path.resolve(p));
const PKG = PKGS[0];
const NATIVE = path.resolve(opt('native', path.join(root, 'target/release/examples/search_time')));
const FENS = opt('fens', null)
  ? readFileSync(opt('fens'), 'utf8').split('\n').map((l) => l.trim()).filter(Boolean)
  : [START];
const NODE_FLAGS = opt('node-flags', '').split(' ').filter(Boolean);

/** This thread's CPU time in ms (Linux), else null. */
const threadCpu = (file = '/proc/thread-self/schedstat') => {
  try {
    return Number(readFileSync(file, 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return null;
  }
};

// The child: one Node run in a process of its own (the module compiled afresh, as a reader's).
if (flag('child')) {
  const { initSync, Analyser } = await import(path.join(PKG, 'engine.js'));
  initSync({ module: readFileSync(path.join(PKG, 'engine_bg.wasm')) });
  const out = [];
  for (const fen of FENS) {
    const a = new Analyser('20', fen, [], ENTRIES, undefined);
    const [t, c] = [performance.now(), threadCpu()];
    a.budget(1, DEPTH, 0, 0);
    let r = null;
    for (let s = a.step(0); s !== null; s = a.step(0)) r = s;
    out.push({ nodes: r.nodes, ms: performance.now() - t, cpu: c === null ? null : threadCpu() - c });
    a.free();
  }
  console.log(JSON.stringify(out));
  process.exit(0);
}

const sum = (xs, f) => xs.reduce((s, x) => s + f(x), 0);
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

function native() {
  const r = spawnSync(NATIVE, [`--entries=${ENTRIES}`, String(DEPTH), ...FENS], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${NATIVE}: ${r.stderr || r.error}`);
  return r.stdout.trim().split('\n').map((l) => JSON.parse(l));
}

function node(pkg) {
  const args = [...NODE_FLAGS, fileURLToPath(import.meta.url), '--child', `--depth=${DEPTH}`, `--entries=${ENTRIES}`, `--pkg=${pkg}`];
  if (opt('fens', null)) args.push(`--fens=${opt('fens')}`);
  const r = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 1 << 24 });
  if (r.status !== 0) throw new Error(`node: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

// One message a position: the Analyser is made and 'ready' posted; 'go' starts the search, timed
// alone (and its thread's CPU read from outside in between, below).
const WORKER = `import init, { Analyser } from './engine.js';
let a = null;
let depth = 0;
onmessage = async (e) => {
  if (e.data === 'go') {
    const t = performance.now();
    a.budget(1, depth, 0, 0);
    let r = null;
    for (let s = a.step(0); s !== null; s = a.step(0)) r = s;
    const ms = performance.now() - t;
    a.free();
    postMessage({ nodes: r.nodes, ms });
    return;
  }
  await init({ module_or_path: new URL('./engine_bg.wasm', import.meta.url) });
  depth = e.data.depth;
  a = new Analyser('20', e.data.fen, [], e.data.entries, undefined);
  postMessage('ready');
};`;

/** Chromium's worker threads under this process (Linux): their schedstat files. */
function workerThreads() {
  const parent = new Map();
  for (const pid of readdirSync('/proc').filter((x) => /^\d+$/.test(x))) {
    try {
      const st = readFileSync(`/proc/${pid}/stat`, 'utf8');
      parent.set(pid, st.slice(st.lastIndexOf(')') + 2).split(' ')[1]);
    } catch { /* gone */ }
  }
  const mine = (pid) => {
    for (let p = pid, i = 0; p && p !== '0' && i < 64; p = parent.get(p), i++) if (p === String(process.pid)) return true;
    return false;
  };
  const files = [];
  for (const pid of parent.keys()) {
    if (!mine(pid)) continue;
    try {
      for (const t of readdirSync(`/proc/${pid}/task`)) {
        if (readFileSync(`/proc/${pid}/task/${t}/comm`, 'utf8').trim() === 'DedicatedWorker') files.push(`/proc/${pid}/task/${t}/schedstat`);
      }
    } catch { /* gone */ }
  }
  return files;
}

/** Serves the worker and the module (application/wasm, so that it compiles as it streams). */
async function serve() {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    if (url.pathname === '/') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!doctype html><meta charset="utf-8"><title>engine speed</title>');
    } else if (/^\/pkg\d+\/worker\.js$/.test(url.pathname)) {
      res.writeHead(200, { 'content-type': 'text/javascript' });
      res.end(WORKER);
    } else if (/^\/pkg\d+\/(engine\.js|engine_bg\.wasm)$/.test(url.pathname)) {
      const type = url.pathname.endsWith('.js') ? 'text/javascript' : 'application/wasm';
      res.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' });
      res.end(readFileSync(path.join(PKGS[Number(url.pathname.slice(4).split('/')[0])], path.basename(url.pathname))));
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${server.address().port}` };
}

async function chromiumRun(browser, origin, n) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${origin}/`);
  await page.evaluate((n) => {
    const w = new Worker(`/pkg${n}/worker.js`, { type: 'module' });
    window.ask = (m) => new Promise((resolve, reject) => {
      w.onmessage = (e) => resolve(e.data);
      w.onerror = (e) => reject(new Error(e.message || 'worker error'));
      w.postMessage(m);
    });
  }, n);
  const out = [];
  for (const fen of FENS) {
    await page.evaluate((m) => window.ask(m), { depth: DEPTH, fen, entries: ENTRIES });
    const threads = workerThreads();
    const before = threads.length === 1 ? threadCpu(threads[0]) : null;
    const r = await page.evaluate(() => window.ask('go'));
    const after = before === null ? null : threadCpu(threads[0]);
    out.push({ ...r, cpu: after === null ? null : after - before });
  }
  await context.close();
  return out;
}

const sides = { native };
const label = (side, n) => (PKGS.length > 1 ? `${side}[${n}]` : side);
if (!flag('no-node')) PKGS.forEach((p, n) => { sides[label('node', n)] = () => node(p); });
let browser = null;
let web = null;
if (!flag('no-chromium')) {
  const { launchBrowser } = await import('./harness.mjs');
  const extra = opt('chromium-flags', '');
  browser = extra
    ? await (await import('playwright-core')).chromium.launch({
      executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu', `--js-flags=${extra}`] })
    : await launchBrowser();
  web = await serve();
  PKGS.forEach((p, n) => { sides[label('chromium', n)] = () => chromiumRun(browser, web.origin, n); });
}

const runs = Object.fromEntries(Object.keys(sides).map((k) => [k, []]));
const cpus = Object.fromEntries(Object.keys(sides).map((k) => [k, []]));
let nodes = null;
try {
  for (let r = 0; r < RUNS; r++) {
    const row = [];
    for (const [name, run] of Object.entries(sides)) {
      const out = await run();
      const n = out.map((x) => x.nodes).join(',');
      if (nodes === null) nodes = n;
      else if (n !== nodes) throw new Error(`${name} searched other nodes: ${n} against ${nodes}`);
      const ms = sum(out, (x) => x.ms);
      const cpu = out.every((x) => x.cpu != null) ? sum(out, (x) => x.cpu) : null;
      runs[name].push(ms);
      cpus[name].push(cpu);
      row.push(`${name} ${ms.toFixed(1)} ms${cpu === null ? '' : ` (CPU ${cpu.toFixed(1)})`}`);
    }
    console.log(`run ${r + 1}: ${row.join(', ')}`);
  }
} finally {
  if (browser) await browser.close();
  if (web) web.server.close();
}
const total = sum(nodes.split(','), Number);
console.log(`${FENS.length} position(s), depth ${DEPTH}, ${total} nodes in all, the same on every side`);
// Wall-clock time, then the searching thread's CPU time where it was read (Linux).
for (const [what, times] of [['time', runs], ['CPU', cpus]]) {
  for (const name of Object.keys(times)) {
    if (times[name].some((x) => x === null) || times.native.some((x) => x === null)) continue;
    const m = median(times[name]);
    let line = `${name} ${what}: median ${m.toFixed(1)} ms, ${(total / m / 1000).toFixed(2)} M nodes/s`;
    if (name !== 'native') {
      const ratios = times[name].map((t, i) => t / times.native[i]);
      line += `; wasm / native ${median(ratios).toFixed(3)} (runs ${ratios.map((x) => x.toFixed(2)).join(' ')})`;
      const first = name.replace(/\[\d+\]$/, '[0]');
      if (first !== name) {
        const ab = times[name].map((t, i) => t / times[first][i]);
        line += `; / ${first} ${median(ab).toFixed(3)}`;
      }
    }
    console.log(line);
  }
}
