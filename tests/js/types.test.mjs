// The TypeScript declarations of the wasm reader checked against the built core (pkg/, from
// crates/view and crates/wasm), so they cannot drift: every method and function the binding
// exports is declared in types/library.d.ts and every declared one exists, and every field of the
// values the core hands out (views, rows, moves, answers, the editor's views) is declared, with no
// declared field the core never sends. The values' types are made from the Rust structs
// (types/generated/view.d.ts, crates/view/tests/types.rs); the packed rows and the binding are
// written by hand in library.d.ts. A field the generator or the hand misses, or a declaration left
// after its field is gone, fails here.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

const dts = readFileSync(new URL('../../types/library.d.ts', import.meta.url), 'utf8');
const generated = readFileSync(new URL('../../types/generated/view.d.ts', import.meta.url), 'utf8');
const wasm = await import('../../pkg/pdn.js');
wasm.initSync({ module: readFileSync(new URL('../../pkg/pdn_bg.wasm', import.meta.url)) });

/** The body lines of `export <kind> <name> {` up to its closing `}` at the start of a line. */
function block(kind, name) {
  const start = dts.indexOf(`export ${kind} ${name} {`);
  assert.ok(start >= 0, `${kind} ${name} in the .d.ts`);
  return dts.slice(start, dts.indexOf('\n}', start)).split('\n').slice(1);
}

/** Interface name -> Map(field -> { optional, type }), from the .d.ts. */
const interfaces = new Map();
for (const [, name] of dts.matchAll(/^export interface (\w+) \{/gm)) {
  const fields = new Map();
  for (const line of block('interface', name)) {
    const m = /^ {2}(?:readonly )?(\w+)(\?)?: (.+);$/.exec(line);
    if (m) fields.set(m[1], { optional: !!m[2], type: m[3] });
  }
  interfaces.set(name, fields);
}
// The generated `export type Name = { field: Type, … };` (ts-rs: docs between the fields; no
// nested object types), split at the commas outside brackets.
for (const [, name, body] of generated.matchAll(/^export type (\w+) = \{([^]*?)\};$/gm)) {
  const fields = new Map();
  let depth = 0;
  let item = '';
  for (const c of `${body.replace(/\/\*\*[^]*?\*\//g, '')},`) {
    if ('<([{'.includes(c)) depth++;
    if ('>)]}'.includes(c)) depth--;
    if (c !== ',' || depth > 0) { item += c; continue; }
    const m = /^\s*(\w+)(\?)?: ([^]+?)\s*$/.exec(item);
    if (m) fields.set(m[1], { optional: !!m[2], type: m[3] });
    item = '';
  }
  assert.ok(fields.size > 0, `fields of ${name} in types/generated/view.d.ts`);
  interfaces.set(name, fields);
}

/** Interface -> the fields seen, and the problems found (each once), over every value checked. */
const seen = new Map();
const found = new Map();
const problem = (what, at) => { if (!found.has(what)) found.set(what, `${what} (first at ${at})`); };

/** Checks `value` against interface `name`, and each field holding a declared interface in turn. */
function check(value, name, at = name) {
  if (value == null) return;
  if (Array.isArray(value)) { value.forEach((v, i) => check(v, name, `${at}[${i}]`)); return; }
  const fields = interfaces.get(name);
  if (!seen.has(name)) seen.set(name, new Set());
  for (const key of Object.keys(value)) {
    seen.get(name).add(key);
    if (!fields.has(key)) problem(`${name}.${key}: sent by the core, not in the .d.ts`, at);
  }
  for (const [key, { optional, type }] of fields) {
    if (!optional && !(key in value)) problem(`${name}.${key}: in the .d.ts, not sent by the core`, at);
    // A field of an interface, a list of them or null (`X`, `X[]`, `Array<X>`, `X | null`, `(X | null)[]`).
    const inner = type.replace(/ \| null|Array<|>|[()[\]]/g, '');
    if (interfaces.has(inner) && key in value) check(value[key], inner, `${at}.${key}`);
  }
}

/** A packed view: the game view's fields, `packed` as PackedPlies and its notes as PlyNotes. */
function checkPacked(view, at) {
  check(view, 'GameView', at);
  view.packed.notes.forEach(([, notes], i) => check(notes, 'PlyNotes', `${at}.packed.notes[${i}]`));
}

const GAMES = `[Event "Riga"]
[White "A"]
[Black "B"]
[GameType "20"]
[Result "2-0"]
{The start [%csl G28]} 1. 32-28! {good [%clk 0:05:00] [%eval 0.5] [%emt 0:00:10] [%cal R28-23] [%diag]} $1 19-23
(1... 18-22 2. 99-1 {no}) 2. 28x19 14x23 3. 55-50 33-29 2-0

[GameType "20"]
[FEN "B:W28:B23"]
1... 23x32 *

[GameType "20"]
1. 32-28 ${'(1. 33-28) '.repeat(300)} ${'('.repeat(150)}
`;

test('the Library class and the functions of pkg/pdn.js are those the .d.ts declares', () => {
  const declared = new Set();
  for (const line of block('class', 'Library')) {
    const m = /^ {2}(?:static )?(?:readonly )?(\w+)[(:]/.exec(line);
    if (m && m[1] !== 'constructor') declared.add(m[1]);
  }
  const own = (o, skip) => Object.getOwnPropertyNames(o).filter((n) => !skip.includes(n) && !n.startsWith('__'));
  const made = new Set([...own(wasm.Library.prototype, ['constructor']), ...own(wasm.Library, ['length', 'name', 'prototype'])]);
  assert.deepEqual([...made].filter((n) => !declared.has(n)).sort(), [], 'Library members the .d.ts lacks');
  assert.deepEqual([...declared].filter((n) => !made.has(n)).sort(), [], 'Library members declared but not made');
  const functions = new Set([...dts.matchAll(/^export (?:default )?(?:function|class) (\w+)/gm)].map((m) => (m[0].includes('default') ? 'default' : m[1])));
  assert.deepEqual(Object.keys(wasm).sort(), [...functions].sort());
});

test('every field of the values the core hands out is declared, and every declared one is sent', () => {
  const lib = wasm.Library.fromText(GAMES);
  check(lib.rows(0, lib.count), 'GameRow');
  check(lib.check(0, lib.count), 'GameRow');
  for (let i = 0; i < lib.count; i++) {
    check(lib.game(i), 'GameView', `game(${i})`);
    checkPacked(lib.gamePacked(i), `gamePacked(${i})`);
    checkPacked(lib.pageView(i), `pageView(${i})`);
  }
  check(lib.variations(2, [250, 251]).map(([, v]) => v), 'VariationView', 'variations');
  const moves = lib.legalMoves(0, null, 0);
  check(moves, 'MoveView', 'legalMoves');
  check(lib.solve(0, null, 0, moves[0].index), 'SolveView', 'solve');
  check(lib.solve(0, null, 0), 'SolveView', 'solve (shown)');
  check(lib.solveState(0, null, 0), 'SolveState', 'solveState');
  check(lib.exploreStep(1), 'ExplorerProgress', 'exploreStep');
  check(lib.exploreStep(lib.count), 'ExplorerProgress', 'exploreStep (ready)');
  check(lib.explorer(0, null, 0), 'ExplorerView', 'explorer');
  check(lib.findPlace(0, null, 0), 'FoundGame', 'findPlace');
  check(lib.findFen(lib.game(0).start.fen, ''), 'FoundGame', 'findFen');
  check(lib.findMaterial(null, 0, null, 0), 'FoundGame', 'findMaterial');
  check(lib.findPattern(lib.game(0).start.fen, ''), 'FoundGame', 'findPattern');
  const white = lib.rows(0, 1)[0].white;
  check(lib.player(white), 'PlayerView', 'player');
  check(lib.play(0, null, 0, moves[0].index), 'Place', 'play');
  const splice = lib.writeBack(0);
  check(splice, 'Splice', 'writeBack');
  check(lib.setGameText(0, splice.old, splice.text), 'Splice', 'setGameText');
  check(lib.outsideDiagnostics(), 'Diagnostic', 'outsideDiagnostics');
  check(lib.standings(), 'Standings', 'standings');
  check(lib.boards(0, lib.count), 'BoardCard', 'boards');
  lib.free();
  const due = wasm.Library.fromText('[GameType "20"] 1. 32-28 19-23 *');
  check(due.refuseMove(0, null, 2, '33-29'), 'Refusal', 'refuseMove');
  due.free();
  const stray = wasm.Library.fromText('['.repeat(300));
  check(stray.outsideDiagnostics(), 'Diagnostic', 'outsideDiagnostics');
  check(stray.outsideSummary(), 'DiagnosticsSummary', 'outsideSummary');
  stray.free();
  const many = wasm.Library.fromText('[Event "x"] 1. 32-28 *\n'.repeat(150));
  check(many.rowsPacked(0, many.count), 'PackedRows', 'rowsPacked');
  many.free();
  check(wasm.editorStep('start', 20, '', '', ''), 'EditorView', 'editorStep');
  check(wasm.editorStep('place', 20, 'W:W:B', '3', 'wm'), 'EditorView', 'editorStep');

  assert.deepEqual([...found.values()], []);
  // Every declared field was seen in some value: the samples above cover the whole .d.ts.
  const unseen = [];
  for (const [name, fields] of interfaces) {
    if (name === 'InitOutput') continue; // the wasm instance's exports, not a value of the core
    if (!seen.has(name)) { unseen.push(name); continue; }
    for (const key of fields.keys()) if (!seen.get(name).has(key)) unseen.push(`${name}.${key}`);
  }
  assert.deepEqual(unseen, [], 'declared but never sent');
});
