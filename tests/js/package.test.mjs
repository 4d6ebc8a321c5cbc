// Unit tests for the npm package's manifest (package.json at the root): its `files` whitelist
// holds the element's whole import graph (so a module added to the element cannot be left out of
// the package), its catalogues, stylesheet and types, and every `exports` target is published.
// tests/e2e/package.mjs packs, installs and runs the real thing.
import test from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CATALOGUES, MODULES } from '../../www/share/standalone.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));

/** Whether a path (from the root) is published: listed, or matched by a `*` pattern or a folder. */
function published(file) {
  return manifest.files.some((pattern) => {
    const re = new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}(/.*)?$`);
    return re.test(file);
  });
}

test('the package publishes the element, every module it imports, its catalogues and stylesheet', () => {
  // MODULES is checked against the import statements by standalone.test.mjs.
  const wanted = [...MODULES, ...CATALOGUES.map((c) => `www/i18n/${c}.js`), 'www/style.css', 'pkg/pdn_bg.wasm'];
  assert.deepEqual(wanted.filter((f) => !published(f)), []);
});

test('every exports target and the type declarations are published', () => {
  const targets = Object.values(manifest.exports).flatMap((v) => (typeof v === 'string' ? [v] : Object.values(v)));
  const files = targets.map((t) => t.replace(/^\.\//, ''));
  assert.deepEqual(files.filter((f) => f !== 'package.json' && !published(f)), []);
  for (const f of files.filter((f) => f.endsWith('.d.ts') || f.startsWith('www/'))) {
    assert.ok(existsSync(path.join(root, f)), `${f} exists`);
  }
  assert.equal(manifest.exports['.'].default, './www/pdn-viewer.js');
  assert.equal(manifest.private, false);
  assert.equal(manifest.type, 'module');
});
