// Build step (make site, after make build): target/site/, the copy of the viewer to put on a web
// server. The same files in the same folders as the repository serves (index.html, embed.html,
// www/, pkg/), each script and stylesheet minified by esbuild one by one: no bundling, every ES
// module stays a module at its own address, so `<pdn-viewer>`, embed.html, the workers and the
// parts loaded on use work as they do from the sources. The sources' comments are their
// documentation and a third of their gzipped bytes; the copy leaves them out, which brings the
// page's first screen under 60 KB (docs/benchmarks.md, "The first screen's bytes").
//
// Usage: node tools/site.mjs [out-dir]    (default target/site)

import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { transform } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.resolve(process.argv[2] || path.join(root, 'target', 'site'));

/** What the site holds: the pages, the page's sources, what make build wrote, the licences. */
const PAGES = ['index.html', 'embed.html'];
const TREES = ['www', 'pkg'];
const LICENCES = ['LICENSE-MIT', 'LICENSE-APACHE'];
/** Not served: type declarations and the build's own notes. */
const SKIP = /\.d\.ts$|(^|\/)(package\.json|\.gitignore|README\.md)$/;

/** An HTML page without its comments and indentation (where no text's spaces count). */
export function minifyHtml(text) {
  // Spaces count in <pre> and in a text area's content: a page with them would need more care.
  if (/<pre[\s>]|<textarea[^>]*>[^<]/i.test(text)) throw new Error('tools/site.mjs: a page with <pre> or a filled <textarea>');
  return text.replace(/<!--[\s\S]*?-->/g, '').split('\n').map((l) => l.trim()).filter(Boolean).join('\n') + '\n';
}

async function minify(file, text) {
  if (file.endsWith('.html')) return minifyHtml(text);
  const loader = file.endsWith('.css') ? 'css' : 'js';
  // No `format`: esbuild keeps import and export as written and renames no top-level name, so
  // a classic script (www/hosts/boot.js, the standalone loader) keeps its globals; target esnext:
  // the syntax stays as the sources write it (they run as written in the browsers supported).
  const { code } = await transform(text, { loader, minify: true, target: 'esnext', legalComments: 'none', charset: 'utf8' });
  return code;
}

function walk(dir) {
  return readdirSync(path.join(root, dir), { recursive: true })
    .map((f) => path.posix.join(dir, String(f).split(path.sep).join('/')))
    .filter((f) => statSync(path.join(root, f)).isFile() && !SKIP.test(f))
    .sort();
}

if (!existsSync(path.join(root, 'pkg', 'pdn.js'))) {
  console.error('tools/site.mjs: pkg/ is not built (make build first)');
  process.exit(1);
}
rmSync(out, { recursive: true, force: true });
let before = 0;
let after = 0;
const files = [...PAGES, ...TREES.flatMap(walk), ...LICENCES];
for (const file of files) {
  const from = path.join(root, file);
  const to = path.join(out, file);
  mkdirSync(path.dirname(to), { recursive: true });
  // The single-file build is a script around a packed payload: copied as it is.
  if (/\.(js|css|html)$/.test(file) && !file.endsWith('pdn-viewer-standalone.js')) {
    const text = readFileSync(from, 'utf8');
    const small = await minify(file, text);
    writeFileSync(to, small);
    before += Buffer.byteLength(text);
    after += Buffer.byteLength(small);
  } else {
    copyFileSync(from, to);
  }
}
console.log(`${path.relative(root, out) || out}: ${files.length} files; scripts, styles and pages ${(before / 1e3).toFixed(0)} KB -> ${(after / 1e3).toFixed(0)} KB`);
