// The README's and the docs' links and references, checked against the repository (issue 39: docs
// describe the code as it is): every relative Markdown link names a file that exists (and, with
// `#anchor`, a heading of it), every `docs/….md` named exists, every section named as
// `docs/X.md`, "Section" is a heading of X, and no path outside the repository is written (a
// helper's scratch folder, another checkout) as if a reader had it.

import test from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DOCS = ['README.md', 'CHANGELOG.md',
  ...readdirSync(path.join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];
const read = (f) => readFileSync(path.join(root, f), 'utf8');

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
export function slug(heading) {
  return heading.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
}

/** The headings of a Markdown text (outside fenced code), as written, without the hashes. */
export function headings(text) {
  const out = [];
  let fenced = false;
  for (const line of text.split('\n')) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    else if (!fenced && /^#{1,6} /.test(line)) out.push(line.replace(/^#+ /, '').trim());
  }
  return out;
}

test('slug and headings follow GitHub', () => {
  assert.equal(slug('The page (`node tests/e2e/bench.mjs`)'), 'the-page-node-testse2ebenchmjs');
  assert.equal(slug('Goals and draw rules (`src/rules.rs`, one row per variant)'),
    'goals-and-draw-rules-srcrulesrs-one-row-per-variant');
  assert.deepEqual(headings('# A\n```\n# not\n```\n## B c\n'), ['A', 'B c']);
});

test('every relative link of the README and the docs resolves, anchors included', () => {
  const wrong = [];
  for (const doc of DOCS) {
    const text = read(doc);
    for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = m[1];
      if (/^[a-z]+:/i.test(target)) continue;
      const [file, anchor] = target.split('#');
      const resolved = file ? path.posix.join(path.posix.dirname(doc), file) : doc;
      if (!existsSync(path.join(root, resolved))) {
        wrong.push(`${doc}: ${target} (no ${resolved})`);
      } else if (anchor && resolved.endsWith('.md')
        && !headings(read(resolved)).some((h) => slug(h) === anchor)) {
        wrong.push(`${doc}: ${target} (no heading #${anchor} in ${resolved})`);
      }
    }
  }
  assert.deepEqual(wrong, []);
});

test('every docs/….md named exists, and every section named after it is one of its headings', () => {
  const wrong = [];
  for (const doc of DOCS) {
    const text = read(doc);
    for (const m of text.matchAll(/docs\/([\w-]+\.md)(?:`|\b)(?:#([\w-]+))?(?:\)?,? (?:"([^"\n]+)"))?/g)) {
      const file = `docs/${m[1]}`;
      if (!existsSync(path.join(root, file))) { wrong.push(`${doc}: ${file} does not exist`); continue; }
      const hs = headings(read(file));
      if (m[2] && !hs.some((h) => slug(h) === m[2])) wrong.push(`${doc}: ${file}#${m[2]} is no heading`);
      if (m[3] && !hs.some((h) => h.includes(m[3]) || m[3].includes(h))) {
        wrong.push(`${doc}: ${file}, "${m[3]}" is no heading`);
      }
    }
  }
  assert.deepEqual(wrong, []);
});

test('no path outside the repository is written in the README or the docs', () => {
  const outside = /\.\.\/shared|\/work\/|\/tmp\b|\/root\b|\/home\//;
  const wrong = [];
  for (const doc of DOCS) {
    read(doc).split('\n').forEach((line, i) => {
      if (outside.test(line)) wrong.push(`${doc}:${i + 1}: ${line.trim()}`);
    });
  }
  assert.deepEqual(wrong, []);
});

// README is for users (issue 39): what it does, the two commands, embedding, contracts, limits;
// everything else is linked. A README past this has grown a document that belongs in docs/.
const README_MAX_LINES = 300;

test(`README is at most ${README_MAX_LINES} lines`, () => {
  const lines = read('README.md').trimEnd().split('\n').length;
  assert.ok(lines <= README_MAX_LINES, `README.md has ${lines} lines: move the detail to docs/`);
});
