// Build step (make build): the sample game's first screen, computed once when the page is built
// so that the page can draw it without the wasm reader. It runs the freshly built pkg/pdn.js
// under Node exactly as the reading worker does for an `open` (www/reader/worker.js: the view the
// core hands the page, Library.pageView, then unpacked as library.js does) and writes what the worker's `opened` message would carry, with the sample's
// text, to pkg/sample.json (generated, like the rest of pkg/). The page falls back to the worker
// when the file is missing or unreadable, and tests/e2e/run.mjs checks it against the worker.
//
// Usage: node tools/sample-view.mjs [out-file]

import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = process.argv[2] || path.join(root, 'pkg', 'sample.json');

const { initSync, Library } = await import(path.join(root, 'pkg', 'pdn.js'));
const { unpackView } = await import(path.join(root, 'www', 'reader', 'viewdata.js'));
const { SAMPLE_PDN } = await import(path.join(root, 'www', 'hosts', 'sample.js'));

initSync({ module: readFileSync(path.join(root, 'pkg', 'pdn_bg.wasm')) });
const lib = Library.fromText(SAMPLE_PDN);
if (lib.count < 1) throw new Error('the sample has no game');
const opened = {
  text: SAMPLE_PDN,
  count: lib.count,
  encoding: lib.encoding,
  game: 0,
  // As the page has it once library.js has unpacked it (main.js reads it as it is).
  view: unpackView(lib.pageView(0)),
  outside: lib.outsideDiagnostics(),
  outsideSummary: lib.outsideSummary(),
};
lib.free();
const json = JSON.stringify(opened);
writeFileSync(out, json);
console.log(`${path.relative(root, out)}: ${json.length} bytes`);
