// No function in www/ is longer than 150 lines (issue 39): a long function is split by job into
// named functions or modules. The sources are read with a small scanner of our own, not a parser
// package: the page has no dependency, and the one parser in a node_modules here (TypeScript 7)
// is a native binary whose JS API is not stable. The scanner knows JavaScript's tokens well
// enough to find braces: strings, template literals (with `${…}` nested), comments and regular
// expressions (a `/` where a value may start) are skipped. A `{` opens a function's body when
// - it follows `=>` (an arrow; it starts at its parameters), or
// - it follows `)` whose `(` comes after `function`, `function name`, `function*`, a method's
//   name (`name(`, `get name(`, `async name(`, `[computed](`, `'quoted'(`), and that name is
//   not a statement keyword (`if (…) {`, `for`, `while`, `switch`, `catch`, `with`).
// A function's length is its lines from the line its head starts on to its closing brace, both
// counted; a nested function counts inside its parent too.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The longest a function may be, in lines. */
export const MAX_LINES = 150;

/** Files whose functions are not checked yet, each with why: none now. */
const ALLOWED = new Map([]);

const KEYWORDS_BEFORE_PAREN = new Set(['if', 'for', 'while', 'switch', 'catch', 'with', 'return', 'typeof', 'await', 'yield', 'void', 'delete', 'in', 'of', 'new', 'else', 'do', 'case', 'throw', 'instanceof']);
// After these words a `/` starts a regular expression, not a division.
const KEYWORDS_BEFORE_VALUE = new Set(['return', 'typeof', 'instanceof', 'in', 'of', 'new', 'delete', 'void', 'throw', 'case', 'do', 'else', 'await', 'yield']);

/**
 * The tokens of a JavaScript source that matter to brace matching: punctuation, words, and one
 * token for each string, template piece, number or regular expression. Each is
 * `{ t: text|kind, line }`; strings and regexes are `{ t: 'str' }` / `{ t: 'regex' }`.
 */
export function tokens(src) {
  const out = [];
  let i = 0;
  let line = 1;
  // Template literal depth: each entry counts the `{` open inside one `${…}`.
  const templates = [];
  const push = (t) => out.push({ t, line });
  const prevAllowsRegex = () => {
    const p = out[out.length - 1];
    if (!p) return true;
    if (p.t === 'str' || p.t === 'num' || p.t === 'regex' || p.t === 'tmpl') return false;
    if (/^[\w$]+$/.test(p.t)) return KEYWORDS_BEFORE_VALUE.has(p.t);
    return !(p.t === ')' || p.t === ']' || p.t === '}');
  };
  // Reads a template's text from i (after ` or after the `}` closing a `${`) up to its end or
  // the next `${`.
  const templateText = () => {
    while (i < src.length) {
      const c = src[i];
      if (c === '\\') { i += 2; continue; }
      if (c === '\n') line++;
      if (c === '`') { i++; push('tmpl'); return; }
      if (c === '$' && src[i + 1] === '{') { i += 2; push('tmpl'); templates.push(0); return; }
      i++;
    }
  };
  while (i < src.length) {
    const c = src[i];
    if (c === '\n') { line++; i++; continue; }
    if (c === ' ' || c === '\t' || c === '\r') { i++; continue; }
    if (c === '/' && src[i + 1] === '/') { while (i < src.length && src[i] !== '\n') i++; continue; }
    if (c === '/' && src[i + 1] === '*') {
      const end = src.indexOf('*/', i + 2);
      const stop = end < 0 ? src.length : end + 2;
      for (let k = i; k < stop; k++) if (src[k] === '\n') line++;
      i = stop;
      continue;
    }
    if (c === '"' || c === "'") {
      const startLine = line;
      i++;
      while (i < src.length && src[i] !== c && src[i] !== '\n') i += src[i] === '\\' ? 2 : 1;
      i++;
      out.push({ t: 'str', line: startLine });
      continue;
    }
    if (c === '`') { i++; templateText(); continue; }
    if (c === '/' && prevAllowsRegex()) {
      i++;
      let inClass = false;
      while (i < src.length && src[i] !== '\n') {
        const d = src[i];
        if (d === '\\') { i += 2; continue; }
        if (d === '[') inClass = true;
        else if (d === ']') inClass = false;
        else if (d === '/' && !inClass) break;
        i++;
      }
      i++;
      while (i < src.length && /[a-z]/i.test(src[i])) i++;
      push('regex');
      continue;
    }
    if (/[\w$]/.test(c)) {
      let j = i;
      while (j < src.length && /[\w$]/.test(src[j])) j++;
      const word = src.slice(i, j);
      push(/^\d/.test(word) ? 'num' : word);
      i = j;
      continue;
    }
    if (c === '=' && src[i + 1] === '>') { push('=>'); i += 2; continue; }
    if (templates.length) {
      if (c === '{') templates[templates.length - 1]++;
      else if (c === '}') {
        if (templates[templates.length - 1] === 0) {
          templates.pop();
          i++;
          templateText();
          continue;
        }
        templates[templates.length - 1]--;
      }
    }
    push(c);
    i++;
  }
  return out;
}

/** The index of the `(` matching the `)` at `close`, or -1. */
function openParen(toks, close) {
  let depth = 0;
  for (let k = close; k >= 0; k--) {
    if (toks[k].t === ')') depth++;
    else if (toks[k].t === '(' && --depth === 0) return k;
  }
  return -1;
}

/** The index of the `[` matching the `]` at `close`, or -1. */
function openBracket(toks, close) {
  let depth = 0;
  for (let k = close; k >= 0; k--) {
    if (toks[k].t === ']') depth++;
    else if (toks[k].t === '[' && --depth === 0) return k;
  }
  return -1;
}

/**
 * The token where the function whose body opens at `toks[b]` starts, or -1 when that `{` opens
 * no function's body.
 */
function functionHead(toks, b) {
  const before = toks[b - 1];
  if (!before) return -1;
  if (before.t === '=>') {
    const p = toks[b - 2];
    if (p && p.t === ')') {
      const o = openParen(toks, b - 2);
      return toks[o - 1] && toks[o - 1].t === 'async' ? o - 1 : o;
    }
    return b - 2;
  }
  if (before.t !== ')') return -1;
  const o = openParen(toks, b - 1);
  if (o < 0) return -1;
  let k = o - 1;
  const name = toks[k];
  if (!name) return -1;
  if (name.t === 'function') return k;
  if (name.t === '*' && toks[k - 1] && toks[k - 1].t === 'function') return k - 1;
  if (name.t === ']') k = openBracket(toks, k);
  else if (name.t === 'str' || /^[A-Za-z_$][\w$]*$/.test(name.t)) {
    if (KEYWORDS_BEFORE_PAREN.has(name.t)) return -1;
  } else return -1;
  if (k < 0) return -1;
  // `function name(`, `function* name(`, `async name(`, `get name(`, `static name(`.
  let h = k;
  if (toks[h - 1] && toks[h - 1].t === '*') h--;
  if (toks[h - 1] && toks[h - 1].t === 'function') return h - 1;
  while (toks[h - 1] && ['async', 'get', 'set', 'static'].includes(toks[h - 1].t)) h--;
  return h;
}

/** Every function of a source: `{ line, lines }` (its head's line, its length in lines). */
export function functions(src) {
  const toks = tokens(src);
  const found = [];
  const stack = [];
  for (let k = 0; k < toks.length; k++) {
    if (toks[k].t === '{') {
      const head = functionHead(toks, k);
      stack.push(head < 0 ? null : toks[head].line);
    } else if (toks[k].t === '}') {
      const start = stack.pop();
      if (start != null) found.push({ line: start, lines: toks[k].line - start + 1 });
    }
  }
  if (stack.length) throw new Error(`unbalanced braces: ${stack.length} left open`);
  return found.sort((a, b) => a.line - b.line);
}

/** The .js files under www/, as root paths. */
function wwwScripts() {
  const out = [];
  const walk = (d) => {
    for (const e of readdirSync(path.join(root, d), { withFileTypes: true })) {
      const p = `${d}/${e.name}`;
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.js')) out.push(p);
    }
  };
  walk('www');
  return out.sort();
}

test('the scanner finds declarations, expressions, arrows and methods, and skips strings, templates, comments and regexes', () => {
  const src = [
    'function a(x) {', //  1
    '  if (x) { return 1; }', //  2
    '  const s = "}{"; const t = `${ { a: 1 }.a } }`; // }',
    '  const r = /[}{]/g; /* } */',
    '  return s + t + r;',
    '}', //  6
    'const b = async (y) => {', //  7
    '  for (const z of y) { z(); }',
    '};', //  9
    'class C {', // 10
    '  get m() { return 1; }', // 11
    '  static async n(p) {', // 12
    '    return p / 2 / 3;',
    '  }', // 14
    '}',
    'const o = { [k](q) {', // 16
    '  return q;',
    '}, f: function* () { yield 1; } };', // 18
    'const e = v => { return { v }; };', // 19
    'catch_(1); try { x(); } catch (e) { y(); }',
  ].join('\n');
  assert.deepEqual(functions(src), [
    { line: 1, lines: 6 },
    { line: 7, lines: 3 },
    { line: 11, lines: 1 },
    { line: 12, lines: 3 },
    { line: 16, lines: 3 },
    { line: 18, lines: 1 },
    { line: 19, lines: 1 },
  ]);
});

test(`no function under www/ is longer than ${MAX_LINES} lines`, () => {
  const long = [];
  for (const file of wwwScripts()) {
    if (ALLOWED.has(file)) continue;
    const src = readFileSync(path.join(root, file), 'utf8');
    for (const f of functions(src)) {
      if (f.lines > MAX_LINES) long.push(`${file}:${f.line}: ${f.lines} lines`);
    }
  }
  assert.deepEqual(long, [], `functions longer than ${MAX_LINES} lines (split them by job):\n${long.join('\n')}`);
});

test('the allow-list names only files that exist and still have a long function', () => {
  for (const [file] of ALLOWED) {
    const src = readFileSync(path.join(root, file), 'utf8');
    const longest = Math.max(0, ...functions(src).map((f) => f.lines));
    assert.ok(longest > MAX_LINES, `${file} has no function over ${MAX_LINES} lines now: take it off the allow-list`);
  }
});
