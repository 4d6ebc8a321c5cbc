// The arrows between folders and modules point one way (issue 39), read from the sources with a
// plain text scan:
// - www/: every module's static imports (`import … from`, `import '…'`, `export … from`) and
//   dynamic imports by a literal path (`import('./x.js')`); `new URL('./x', import.meta.url)`
//   (the worker, a stylesheet) is a load, not an import, and is not an arrow here. The graph of
//   www/ modules has no cycle, and the layering of docs/architecture.md ("Seen from the imports")
//   holds folder by folder.
// - Rust: in each crate (src/, crates/*/src), no two modules use each other (`crate::a` in b
//   and `crate::b` in a, `super::` resolved), outside their `#[cfg(test)]` modules; a module and
//   its own submodules do not count (a parent re-exports its children).
import test from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const read = (p) => readFileSync(path.join(root, p), 'utf8');

/** Files under `dir` (relative to the root) whose names end with `ext`, as root paths. */
function filesUnder(dir, ext) {
  const out = [];
  const walk = (d) => {
    for (const e of readdirSync(path.join(root, d), { withFileTypes: true })) {
      const p = `${d}/${e.name}`;
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith(ext)) out.push(p);
    }
  };
  walk(dir);
  return out.sort();
}

// ---------------------------------------------------------------------------------------------
// www/

/** Whether the text before a match on its line makes it a comment (`//`, or a `*` line). */
function inComment(source, index) {
  const line = source.slice(source.lastIndexOf('\n', index - 1) + 1, index);
  const t = line.trimStart();
  return t.startsWith('*') || t.startsWith('/*') || line.includes('//');
}

/**
 * The module specifiers of a module's source: `static` (import … from, import '…', export … from,
 * at the start of a statement) and `later` (import('…') with a literal string).
 */
export function specifiers(source) {
  const stat = /(?:^|;)[ \t]*(?:import|export)\b(?:\s*[\w*${},\s]*?\s*\bfrom)?\s*(['"])([^'"\n]+)\1/gm;
  const later = /\bimport\s*\(\s*(['"])([^'"\n]+)\1\s*\)/g;
  return {
    static: [...source.matchAll(stat)].filter((m) => !inComment(source, m.index + m[0].indexOf(m[1]))).map((m) => m[2]),
    later: [...source.matchAll(later)].filter((m) => !inComment(source, m.index)).map((m) => m[2]),
  };
}

test('specifiers: static imports, re-exports and literal dynamic imports; not comments, URLs or templates', () => {
  const src = [
    "import a from './a.js';",
    "import {",
    "  b,",
    "  c,",
    "} from '../b.js';",
    "import './side.js';",
    "export { d } from './d.js';",
    "export * from './e.js';",
    "// import z from './comment.js';",
    " * `import('./doc.js')` in a block comment",
    "const f = await import('./f.js'); const g = () => import(`./${code}.js`);",
    "new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });",
    "const s = 'import x from nowhere';",
  ].join('\n');
  assert.deepEqual(specifiers(src), { static: ['./a.js', '../b.js', './side.js', './d.js', './e.js'], later: ['./f.js'] });
});

/** `spec` imported from module `from` (root paths), as a root path. */
const resolve = (from, spec) => path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));

/** Every www/ module with its arrows: Map(path -> [{ to, later }]); only relative specifiers. */
function wwwGraph() {
  const graph = new Map();
  for (const file of filesUnder('www', '.js')) {
    const { static: s, later } = specifiers(read(file));
    const arrows = [];
    for (const [list, isLater] of [[s, false], [later, true]]) {
      for (const spec of list) {
        assert.ok(spec.startsWith('./') || spec.startsWith('../'), `${file} imports ${spec}: www/ imports by relative paths only`);
        arrows.push({ to: resolve(file, spec), later: isLater });
      }
    }
    graph.set(file, arrows);
  }
  return graph;
}

/** A module's folder for the layering: `www/view`, `pkg`; a module right in www/ is its own. */
const folder = (p) => {
  const parts = p.split('/');
  return parts[0] === 'www' && parts.length > 2 ? parts.slice(0, 2).join('/') : parts[0] === 'www' ? p : parts[0];
};

test('www/: every import names a file that is there (pkg/ aside: it is built)', () => {
  for (const [file, arrows] of wwwGraph()) {
    for (const { to } of arrows) {
      if (to.startsWith('pkg/')) continue;
      assert.ok(existsSync(path.join(root, to)), `${file} imports ${to}, which is not there`);
    }
  }
});

test('www/: no cycle among the modules, static and dynamic imports alike', () => {
  const graph = wwwGraph();
  const state = new Map(); // path -> 1 on the stack, 2 done
  const cycles = [];
  const stack = [];
  const visit = (p) => {
    state.set(p, 1);
    stack.push(p);
    for (const { to } of graph.get(p) || []) {
      if (!graph.has(to)) continue;
      if (state.get(to) === 1) cycles.push([...stack.slice(stack.indexOf(to)), to].join(' -> '));
      else if (!state.has(to)) visit(to);
    }
    stack.pop();
    state.set(p, 2);
  };
  for (const p of graph.keys()) if (!state.has(p)) visit(p);
  assert.deepEqual(cycles, []);
});

/**
 * The folders of www/ and what each may import besides itself (docs/architecture.md, "Seen from
 * the imports"): the hosts on top, then the element, then share/, engine/ and explorer/ (board
 * files, panels and sheets drawn with view/'s builders), then view/, and reader/ and i18n/ at
 * the bottom; pkg/ is the built core. An arrow not listed here fails the test.
 */
const MAY_IMPORT = {
  'www/hosts': null, // anything
  'www/pdn-viewer.js': ['www/share', 'www/engine', 'www/explorer', 'www/view', 'www/reader', 'www/i18n', 'pkg'],
  // share/print.js loads the printed sheet's own wasm (pkg/print.js, the QR code).
  // pkg: share/gif.js loads the GIF's own wasm module (pkg/gif.js) on its first use.
  'www/share': ['www/view', 'www/reader', 'www/i18n', 'pkg'],
  'www/engine': ['www/view', 'www/reader', 'www/i18n', 'pkg'],
  'www/explorer': ['www/view', 'www/reader', 'www/i18n', 'pkg'],
  'www/view': ['www/reader', 'www/i18n', 'pkg'],
  'www/reader': ['pkg'],
  'www/i18n': [],
};

test('www/: reader/ imports nothing of share/ (nor of any folder above it)', () => {
  for (const [file, arrows] of wwwGraph()) {
    if (!file.startsWith('www/reader/')) continue;
    for (const { to } of arrows) {
      assert.ok(!to.startsWith('www/share/'), `${file} imports ${to}`);
      assert.ok(to.startsWith('www/reader/') || to.startsWith('pkg/'), `${file} imports ${to}: reader/ is at the bottom`);
    }
  }
});

test('www/: each folder imports only the folders below it', () => {
  const wrong = [];
  for (const [file, arrows] of wwwGraph()) {
    const from = folder(file);
    assert.ok(from in MAY_IMPORT, `${file}: a folder the layering does not know (add it to MAY_IMPORT)`);
    const allowed = MAY_IMPORT[from];
    if (allowed === null) continue;
    for (const { to } of arrows) {
      const dest = folder(to);
      if (dest !== from && !allowed.includes(dest)) wrong.push(`${file} -> ${to}`);
    }
  }
  assert.deepEqual(wrong, []);
});

// ---------------------------------------------------------------------------------------------
// Rust

/** A crate's source files by module path ('' for lib.rs/main.rs, 'reader' for reader/mod.rs). */
function rustModules(srcDir) {
  const mods = new Map();
  for (const file of filesUnder(srcDir, '.rs')) {
    const rel = file.slice(srcDir.length + 1).replace(/\.rs$/, '').split('/');
    if (rel.at(-1) === 'mod') rel.pop();
    if (rel.length === 1 && (rel[0] === 'lib' || rel[0] === 'main')) rel.pop();
    if (rel[0] === 'bin') continue; // each binary is a crate of its own
    mods.set(rel.join('::'), file);
  }
  return mods;
}

/** A Rust source without its comments (line and block; strings are left, a rough scan) and its tests. */
function rustCode(source) {
  const tests = source.search(/#\[cfg\(test\)\]\s*(?:#\[[^\]]*\]\s*)*mod\s+\w+\s*\{/);
  const code = tests < 0 ? source : source.slice(0, tests);
  return code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
}

/**
 * The modules of the crate that module `mod` refers to: paths `crate::a::b`, `super::x`
 * (`self::` and bare child names are its own), `use crate::{a, b::c}` groups, each taken as
 * the longest module path that exists.
 */
function rustUses(mod, code, mods) {
  const parts = mod ? mod.split('::') : [];
  const paths = [];
  // Grouped: `crate::{a, b::{c, d}}` or `super::{x, y}`: the first segment of each item.
  for (const m of code.matchAll(/\b(crate|(?:super::)*super)::\{([^;]*?)\}\s*;/g)) {
    for (const item of m[2].split(',')) {
      const seg = item.trim().match(/^(\w+)/);
      if (seg) paths.push([m[1], seg[1]]);
    }
  }
  for (const m of code.matchAll(/\b(crate|(?:super::)*super)((?:::\w+)+)/g)) paths.push([m[1], ...m[2].slice(2).split('::')]);
  const out = new Set();
  for (const [head, ...segs] of paths) {
    let base;
    if (head === 'crate') base = [];
    else base = parts.slice(0, parts.length - head.split('::').length);
    let best = null;
    for (let n = segs.length; n >= 1; n--) {
      const cand = [...base, ...segs.slice(0, n)].join('::');
      if (mods.has(cand)) { best = cand; break; }
    }
    if (best !== null && best !== mod) out.add(best);
  }
  return out;
}

/** Whether one module is the other's ancestor (or the crate root). */
const related = (a, b) => a === '' || b === '' || b.startsWith(`${a}::`) || a.startsWith(`${b}::`);

/**
 * The cycles among the modules of a crate (`use` between a module and its own ancestors left
 * out: a parent re-exports its children), each as 'src: a -> b -> a'.
 */
function rustCycles(srcDir) {
  const mods = rustModules(srcDir);
  const uses = new Map([...mods].map(([m, f]) => [m, [...rustUses(m, rustCode(read(f)), mods)].filter((u) => !related(m, u)).sort()]));
  const cycles = [];
  const state = new Map(); // 1: on the path, 2: done
  const stack = [];
  const visit = (m) => {
    state.set(m, 1);
    stack.push(m);
    for (const to of uses.get(m) || []) {
      if (state.get(to) === 1) cycles.push(`${srcDir}: ${[...stack.slice(stack.indexOf(to)), to].join(' -> ')}`);
      else if (!state.has(to)) visit(to);
    }
    stack.pop();
    state.set(m, 2);
  };
  for (const m of [...uses.keys()].sort()) if (!state.has(m)) visit(m);
  return cycles;
}

test('Rust: no cycle among the modules of a crate (src/, crates/*/src)', () => {
  const dirs = ['src', ...readdirSync(path.join(root, 'crates')).map((c) => `crates/${c}/src`).filter((d) => existsSync(path.join(root, d)))];
  assert.deepEqual(dirs.flatMap(rustCycles), []);
});

// The core's rooms split by job (issue 39): no source file of the core over 1,200 lines, so a
// file stays one job a reader can hold (rules, notation, FEN, perft, replay, guessing, …).
const MAX_CORE_LINES = 1200;

test(`src/: no file of the core over ${MAX_CORE_LINES} lines`, () => {
  const walk = (dir) => readdirSync(path.join(root, dir), { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? walk(`${dir}/${e.name}`) : e.name.endsWith('.rs') ? [`${dir}/${e.name}`] : []));
  const long = walk('src').map((f) => [f, read(f).split('\n').length]).filter(([, n]) => n > MAX_CORE_LINES);
  assert.deepEqual(long, [], 'files to split by job');
});
