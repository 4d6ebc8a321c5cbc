// The page's reading work in wasm under Node (pkg/pdn.js, as built by `make build`), step by step
// as the worker does it, next to the same steps natively (crates/view/examples/bench_library.rs):
// open (decode and list), every list row, the check pass (every game replayed for its row, in
// the worker's chunks of 250) and every game's view, as JavaScript values; and move generation
// alone, perft from the International start to depth 8 (the engine's wasm). Best of N runs.
// "every game view" is what the page does now: the page's view as one binary buffer
// (Library.pageBuffer, crates/view/src/wire.rs) handed over and read (www/reader/viewdata.js),
// its first move read whole and every move's notation read (the move list); natively, the packed
// view built and written as that buffer. "every game view, JSON" is the same through the packed
// JSON (Library.gamePacked; natively written as JSON), as the page took it before issue 42, timed
// in the same run (A/B under the same load); "every view, full JSON" the full view (Library.game).
// The values cross as JSON text (crates/view/src/json.rs), so the native side that does the
// same work writes that text too ("native + JSON"; the plain values beside it); the wasm side
// then has `JSON.parse` on top, timed apart here on the same texts ("of it, JSON.parse").
//
//   node tests/e2e/bench-wasm.mjs [--runs=N] [--games=N] [--no-native] [--pkg=DIR] [--json] [--verify]
//
// --verify also checks that every packed view unpacks to the full one (JSON text for text), and
// the packed rows to the plain ones.
//
// The file is the one the page benchmark opens (tests/e2e/bigfile.mjs; generated from the
// repository's own games unless PDN_CORPORA is set). Prints a table; `--json` prints JSON.
// Times are the thread's CPU time on Linux (/proc/thread-self/schedstat), on both sides, so
// that a machine busy with other work skews them less; elsewhere wall-clock time.

import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { makeBigFile, root } from './bigfile.mjs';

const arg = (name, fallback) => {
  const a = process.argv.find((x) => x.startsWith(`--${name}=`));
  return a ? Number(a.split('=')[1]) : fallback;
};
const RUNS = arg('runs', 5);
const GAMES = arg('games', 20_000);
const flag = (name) => process.argv.includes(`--${name}`);
/** --pkg=DIR: another build of pkg/ (to compare builds). */
const PKG = process.argv.find((x) => x.startsWith('--pkg='))?.slice(6) ?? path.join(root, 'pkg');

/** This thread's CPU time in ms (Linux), so other busy processes matter less; else wall time. */
const cpuMs = () => {
  try {
    return Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return performance.now();
  }
};
const best = (f) => {
  let min = Infinity;
  for (let i = 0; i < RUNS; i++) {
    const t = cpuMs();
    f();
    min = Math.min(min, cpuMs() - t);
  }
  return min;
};

export async function wasmTimes(file) {
  const { default: init, Library } = await import(path.resolve(PKG, 'pdn.js'));
  await init({ module_or_path: readFileSync(path.resolve(PKG, 'pdn_bg.wasm')) });
  const bytes = new Uint8Array(readFileSync(file));
  const open = best(() => Library.fromBytes(bytes).free());
  const lib = Library.fromBytes(bytes);
  const n = lib.count;
  const rows = best(() => lib.rows(0, n));
  const check = best(() => {
    for (let from = 0; from < n; from += 250) lib.check(from, Math.min(from + 250, n));
  });
  const views = best(() => {
    for (let i = 0; i < n; i++) lib.game(i);
  });
  // What the page does to show a game now: the packed view handed over, unpacked
  // (www/reader/viewdata.js), its first move read whole and every move's notation for the move list.
  const { unpackView } = await import(path.resolve(root, 'www', 'reader', 'viewdata.js'));
  let walked = 0;
  const walk = (get) => best(() => {
    for (let i = 0; i < n; i++) {
      const plies = unpackView(get(i)).plies;
      if (plies.length) walked += plies[0].cells.length;
      for (let k = 0; k < plies.length; k++) walked += plies[k].notation.length;
    }
  });
  // An older build (--pkg) without gamePacked has only the full views; without pageBuffer, no buffer.
  const hasPacked = typeof lib.gamePacked === 'function';
  const hasBuffer = typeof lib.pageBuffer === 'function';
  // Taken in turn, twice each, the best kept: the two forms under the same load.
  let packed = null;
  let buffered = null;
  for (let round = 0; round < 2; round++) {
    if (hasBuffer) buffered = Math.min(buffered ?? Infinity, walk((i) => lib.pageBuffer(i)));
    if (hasPacked) packed = Math.min(packed ?? Infinity, walk((i) => lib.gamePacked(i)));
  }
  if (hasPacked && !walked && n) throw new Error('no move was read');
  // The buffers alone, nothing read on the page: the core's part of "every game view".
  const handed = hasBuffer ? best(() => { for (let i = 0; i < n; i++) lib.pageBuffer(i); }) : null;
  let bufferBytes = 0;
  if (hasBuffer) for (let i = 0; i < n; i++) bufferBytes += lib.pageBuffer(i).length;
  if (hasPacked && flag('verify')) {
    // Nothing lost: every unpacked view is the full one, field for field and in order.
    for (let i = 0; i < n; i++) {
      if (JSON.stringify(unpackView(lib.gamePacked(i))) !== JSON.stringify(lib.game(i))) throw new Error(`game ${i + 1}: the packed view differs`);
    }
    console.error(`verified: the ${n} packed views unpack to the full ones`);
    if (hasBuffer) {
      // The buffers too: each reads back as the page's view in JSON (within the budgets).
      for (let i = 0; i < n; i++) {
        if (JSON.stringify(unpackView(lib.pageBuffer(i))) !== JSON.stringify(unpackView(lib.pageView(i)))) throw new Error(`game ${i + 1}: the buffer differs`);
      }
      console.error(`verified: the ${n} buffers (pageBuffer) read back as the page's views`);
    }
    if (typeof lib.rowsPacked === 'function') {
      // The rows the worker sends (packed by the core) unpack to the plain ones.
      const { unpackRows } = await import(path.resolve(root, 'www', 'reader', 'library.js'));
      if (JSON.stringify(unpackRows(lib.rowsPacked(0, n))) !== JSON.stringify(lib.rows(0, n))) throw new Error('the packed rows differ');
      console.error(`verified: the ${n} packed rows unpack to the plain ones`);
    }
  }
  // The same texts the core wrote (JSON.stringify gives them back byte for byte: same keys,
  // same order), parsed alone: the part of each step that is JavaScript's, not the wasm's.
  const parse = (texts) => best(() => { for (const t of texts) JSON.parse(t); });
  const checkTexts = [];
  for (let from = 0; from < n; from += 250) checkTexts.push(JSON.stringify(lib.check(from, Math.min(from + 250, n))));
  const viewTexts = Array.from({ length: n }, (_, i) => JSON.stringify(lib.game(i)));
  const parsed = {
    rows: parse([JSON.stringify(lib.rows(0, n))]),
    check: parse(checkTexts),
    viewsFull: parse(viewTexts),
  };
  const packedTexts = hasPacked ? Array.from({ length: n }, (_, i) => JSON.stringify(lib.gamePacked(i))) : [];
  if (hasPacked) parsed[hasBuffer ? 'viewsPacked' : 'views'] = parse(packedTexts);
  const jsonBytes = {
    views: viewTexts.reduce((sum, t) => sum + t.length, 0),
    packed: packedTexts.reduce((sum, t) => sum + t.length, 0),
    buffers: bufferBytes,
  };
  lib.free();
  // Move generation alone: perft from the International start, depth 8, in the engine's wasm
  // (the page loads it on demand; the same core code).
  let perft = null;
  let perftLeaves = null;
  try {
    const engine = await import(path.resolve(PKG, 'engine.js'));
    await engine.default({ module_or_path: readFileSync(path.resolve(PKG, 'engine_bg.wasm')) });
    if (typeof engine.perft === 'function') perft = best(() => { perftLeaves = engine.perft('20', 8); });
  } catch (e) {
    console.error(`no perft in wasm: ${e.message}`);
  }
  return { games: n, bytes: bytes.length, open, rows, check, views: hasBuffer ? buffered : packed, viewsHanded: handed, viewsPacked: hasBuffer ? packed : null, viewsFull: views, parse: parsed, jsonBytes, perft, perftLeaves };
}

export function nativeTimes(file) {
  execFileSync('cargo', ['build', '-q', '--release', '-p', 'pdn-view', '--example', 'bench_library'], { cwd: root, stdio: 'inherit' });
  const out = execFileSync(path.join(process.env.CARGO_TARGET_DIR || path.join(root, 'target'), 'release', 'examples', 'bench_library'),
    [file, `--runs=${RUNS}`], { encoding: 'utf8' });
  return JSON.parse(out);
}

const fmt = (x) => `${x.toFixed(1)} ms`;

if (process.argv[1] && path.resolve(process.argv[1]) === path.join(root, 'tests', 'e2e', 'bench-wasm.mjs')) {
  const big = makeBigFile({ minGames: GAMES });
  const wasm = await wasmTimes(big.file);
  const native = flag('no-native') ? null : nativeTimes(big.file);
  if (flag('json')) {
    console.log(JSON.stringify({ wasm, native }));
  } else {
    console.log(`\nwasm (Node ${process.version}) vs native, ${wasm.games.toLocaleString('en-US')} games, `
      + `${(wasm.bytes / 2 ** 20).toFixed(1)} MiB${big.real ? ' (PDN_CORPORA)' : ' (the repository\'s games)'}, best of ${RUNS}`);
    const rows = [['step', 'native', 'native + wire', 'wasm', 'of it, JSON.parse', 'wasm/(native + wire)']];
    if (native && wasm.perftLeaves != null && native.perftLeaves !== wasm.perftLeaves) throw new Error(`perft: wasm ${wasm.perftLeaves} leaves, native ${native.perftLeaves}`);
    // What each wasm step is compared with: the native step writing the same wire form.
    const buffers = native && native.viewsBuffer != null && wasm.viewsPacked != null;
    const against = { views: buffers ? 'viewsBuffer' : 'viewsJson', viewsHanded: 'viewsBuffer', viewsPacked: 'viewsJson' };
    const base = { viewsHanded: 'views', viewsPacked: 'views' };
    const ratios = {};
    for (const [k, label] of [['open', 'open (decode, list)'], ['rows', 'every list row'], ['check', 'check pass'], ['views', 'every game view'], ['viewsHanded', '  of it, the buffers alone'], ['viewsPacked', 'every game view, JSON'], ['viewsFull', 'every view, full JSON'], ['perft', 'perft 20 8 (6,483,961)']]) {
      // Opening hands over no JSON: the same work on both sides.
      const wire = native ? native[against[k] ?? `${k}Json`] : null;
      const same = native ? (wire ?? native[k]) : null;
      if (wasm[k] == null) continue;
      if (same) ratios[k] = wasm[k] / same;
      rows.push([label, native ? fmt(native[base[k] ?? k]) : '-', wire != null ? fmt(wire) : '-', fmt(wasm[k]),
        wasm.parse[k] !== undefined ? fmt(wasm.parse[k]) : '-', same ? `${(wasm[k] / same).toFixed(2)}×` : '-']);
    }
    const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
    for (const r of rows) console.log(r.map((c, i) => (i ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  '));
    console.log(`(every game view: one buffer (pageBuffer), handed over, read (www/reader/viewdata.js), its first move and every notation read; `
      + `${(wasm.jsonBytes.buffers / 1e6).toFixed(1)} MB of buffers; native + wire writes the same buffers. JSON: gamePacked, ${(wasm.jsonBytes.packed / 1e6).toFixed(1)} MB; `
      + `full JSON: game(i), ${(wasm.jsonBytes.views / 1e6).toFixed(1)} MB)`);
    // The two ratios of issue 42 (target ≤ 1.3× each).
    const r = (k) => (ratios[k] != null ? `${ratios[k].toFixed(2)}×` : '-');
    console.log(`ratios wasm/native: check pass ${r('check')}, every game view ${r('views')} (the buffers alone ${r('viewsHanded')}; JSON as before: ${r('viewsPacked')})`);
  }
}
