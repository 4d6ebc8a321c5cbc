// Unit tests for the npm package's manifest (package.json at the root): its `files` whitelist
// publishes exactly what the element needs — its import graph, the modules and files it loads
// later (worker, lazily imported modules, the wasm, the stylesheet), every catalogue of
// LANGUAGES — plus the types, the embedding guide and the licences; so a module added to the
// element cannot be left out of the package, nor a file dropped from it stay listed. Every
// `exports` target is published. tests/e2e/package.mjs packs, installs and runs the real thing.
import test from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENTRY, SCRIPT, relativeImports, resolvePath } from '../../www/share/standalone.js';
import { LANGUAGES } from '../../www/i18n/i18n.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const read = (p) => readFileSync(path.join(root, p), 'utf8');

/** Whether a path (from the root) is published: listed, or matched by a `*` pattern or a folder. */
function published(file) {
  return manifest.files.some((pattern) => {
    const re = new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}(/.*)?$`);
    return re.test(file);
  });
}

/** What a module loads later, by a literal path: `import('./x.js')`, `new URL('./x', import.meta.url)`. */
function laterLoads(source) {
  const re = /(?:\bimport\s*\(\s*|\bnew\s+URL\s*\(\s*)(['"])(\.{1,2}\/[^'"]+)\1/g;
  return [...source.matchAll(re)].map((m) => m[2]);
}

/** Everything the element reads from the package: modules (static and later), other files. */
function elementFiles() {
  const seen = new Set();
  const visit = (p) => {
    if (seen.has(p)) return;
    seen.add(p);
    if (!p.endsWith('.js') || p.startsWith('pkg/')) return; // pkg/ is generated: pdn.js loads its .wasm
    const source = read(p);
    for (const spec of [...relativeImports(source), ...laterLoads(source)]) visit(resolvePath(p, spec));
  };
  visit(ENTRY);
  // i18n.js imports a catalogue by its language code: `./${code}.js`.
  // and the parts' words: `./parts/${code}.js` (loadPartWords).
  for (const { code } of LANGUAGES) {
    visit(`www/i18n/${code}.js`);
    visit(`www/i18n/parts/${code}.js`);
  }
  return seen;
}

/** The files the `files` patterns publish, among those in the repository (pkg/ as named). */
function listed() {
  const out = new Set();
  for (const pattern of manifest.files) {
    if (!pattern.includes('*')) {
      out.add(pattern);
      continue;
    }
    const dir = path.posix.dirname(pattern);
    for (const name of readdirSync(path.join(root, dir))) {
      if (published(`${dir}/${name}`)) out.add(`${dir}/${name}`);
    }
  }
  return out;
}

test('laterLoads finds dynamic imports and URLs of files next to the module', () => {
  const src = "await import('../share/share.js'); new URL('./worker.js', import.meta.url); import(`./${c}.js`); new URL(v);";
  assert.deepEqual(laterLoads(src), ['../share/share.js', './worker.js']);
});

test('the package publishes exactly the element\'s files, its types, the guide and the licences', () => {
  const wanted = elementFiles();
  for (const f of ['www/reader/worker.js', 'www/style.css', 'pkg/pdn.js', 'pkg/pdn_bg.wasm', 'www/i18n/ru.js']) {
    assert.ok(wanted.has(f), `the element needs ${f}`);
  }
  // The single-file build (www/share/standalone.js): the element for any server, one script.
  const extra = ['docs/embedding.md', 'LICENSE-MIT', 'LICENSE-APACHE', SCRIPT];
  assert.ok(published(SCRIPT), `${SCRIPT} published`);
  const files = listed();
  const types = [...files].filter((f) => f.startsWith('types/'));
  assert.ok(types.includes('types/pdn-viewer.d.ts'), 'types published');
  assert.deepEqual([...wanted].filter((f) => !published(f)).sort(), [], 'needed but not published');
  const unneeded = [...files].filter((f) => !wanted.has(f) && !extra.includes(f) && !types.includes(f));
  assert.deepEqual(unneeded.sort(), [], 'published but not needed by the element');
});

test('every exports target and the type declarations are published', () => {
  const targets = Object.values(manifest.exports).flatMap((v) => (typeof v === 'string' ? [v] : Object.values(v)));
  const files = targets.map((t) => t.replace(/^\.\//, ''));
  assert.deepEqual(files.filter((f) => f !== 'package.json' && !published(f)), []);
  for (const f of files.filter((f) => f.endsWith('.d.ts') || f.startsWith('www/'))) {
    assert.ok(existsSync(path.join(root, f)), `${f} exists`);
  }
  // What the published declarations import (types/generated/, made from the Rust) is published.
  for (const f of files.filter((f) => f.endsWith('.d.ts'))) {
    const text = readFileSync(path.join(root, f), 'utf8');
    for (const [, spec] of text.matchAll(/from '(\.[^']+)\.js'/g)) {
      const dts = path.posix.join(path.posix.dirname(f), `${spec}.d.ts`);
      assert.ok(published(dts) && existsSync(path.join(root, dts)), `${dts}, imported by ${f}, published`);
    }
  }
  assert.equal(manifest.exports['.'].default, './www/pdn-viewer.js');
  assert.equal(manifest.private, false);
  assert.equal(manifest.type, 'module');
});
