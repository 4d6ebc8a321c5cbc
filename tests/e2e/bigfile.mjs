// Builds the big test file for the end-to-end suite and the benchmark. With PDN_CORPORA naming a
// folder of real PDN files (CI sets it), those files (every *.pdn that is valid UTF-8, in sorted
// path order) are concatenated, the list repeated as often as needed, until a cheap estimate of
// the number of games reaches the wanted count. Without it (a clone on its own), the games of the
// repository's own fixtures and sample are repeated under generated player names. The file goes
// to the system's temporary folder, never the repo.
//
//   node tests/e2e/bigfile.mjs [minGames]   prints the path, size and estimated games

import { readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import os from 'node:os';
import path from 'node:path';

const here = path.dirname(fileURLToPath(import.meta.url));
export const root = path.resolve(here, '..', '..');
/** The real files, when PDN_CORPORA names them; otherwise null. */
export const corporaDir = process.env.PDN_CORPORA ? path.resolve(process.env.PDN_CORPORA) : null;

/** Every *.pdn under `dir`, sorted by path (plain code-unit order, the same on every machine). */
function pdnFiles(dir) {
  const out = [];
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile() && e.name.toLowerCase().endsWith('.pdn')) out.push(p);
    }
  };
  walk(dir);
  return out.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

const TAG_START = /^\s*\[[A-Za-z0-9_]+\s+"/;
const ONLY_TAGS = /^\s*(\[[A-Za-z0-9_]+\s+"[^"]*"\s*\]\s*)+$/;

/**
 * Estimated games in a text: tag-section starts, i.e. lines starting with a tag whose previous
 * non-blank line is not made of tags only (so `[FEN "…"] *` lines in a row count one each).
 * Games written without tags are not counted, so this tends to undercount.
 */
export function estimateGames(text) {
  let n = 0;
  let prevTag = false;
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    if (TAG_START.test(line) && !prevTag) n++;
    prevTag = ONLY_TAGS.test(line);
  }
  return n;
}

/**
 * Writes the file (or reuses an identical earlier one) and returns
 * { file, bytes, estimate, sources, passes }.
 */
export function makeBigFile({ minGames = 20_000, out = path.join(os.tmpdir(), `pdn-e2e-${minGames}${corporaDir ? '' : '-own'}.pdn`) } = {}) {
  const texts = corporaDir ? corporaTexts() : ownTexts();
  const parts = [];
  let estimate = 0;
  let passes = 0;
  while (estimate < minGames) {
    passes++;
    for (const t of texts) {
      parts.push(typeof t.text === 'function' ? t.text(passes) : t.text, '\n');
      estimate += t.games;
      if (estimate >= minGames) break;
    }
  }
  const body = parts.join('');
  const buf = Buffer.from(body, 'utf8');
  if (!existsSync(out) || !readFileSync(out).equals(buf)) writeFileSync(out, buf);
  return { file: out, bytes: buf.length, estimate, sources: texts.length, passes, real: Boolean(corporaDir) };
}

/** The UTF-8 files below PDN_CORPORA, with their estimated game counts. */
function corporaTexts() {
  if (!existsSync(corporaDir)) throw new Error(`PDN_CORPORA names ${corporaDir}, which does not exist`);
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  const texts = [];
  for (const file of pdnFiles(corporaDir)) {
    let text;
    try {
      text = utf8.decode(readFileSync(file));
    } catch {
      continue; // not UTF-8 (Windows-1251 and the like): left out
    }
    if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    const games = estimateGames(text);
    if (games) texts.push({ text: text.endsWith('\n') ? text : `${text}\n`, games });
  }
  if (!texts.length) throw new Error(`no UTF-8 PDN file with games under ${corporaDir}`);
  return texts;
}

// Surnames for the generated games: one in fifty is Sijbrands, so a filter on it finds a few.
const NAMES = ['Sijbrands', 'Baliakin', 'Boomstra', 'Chizhov', 'Clerc', 'Dybman', 'Georgiev',
  'Gantvarg', 'Jansen', 'Koeperman', 'Kouwenhoven', 'Leopold', 'Mikhalchenko', 'Ndjofang',
  'Presman', 'Roozenburg', 'Schwarzman', 'Shchegolev', 'Tsinman', 'Valneris', 'Virny', 'Wiersma',
  'Zoet', 'Heusdens', 'Van der Wal', 'Amrillaev', 'Anikeev', 'Boom', 'Bronstring', 'Domchev',
  'Ermolaev', 'Fabre', 'Getmanski', 'Jean', 'Kalmakov', 'Korenevski', 'Lips', 'Meurs', 'Ogiebor',
  'Palmer', 'Rutkowski', 'Simon', 'Sokov', 'Stoop', 'Sysoev', 'Thijssen', 'Vatutin', 'Wesselink',
  'Yermakov', 'Zbigniew'];

/** The repository's own games (fixtures and the sample), with generated players per pass. */
function ownTexts() {
  const files = [path.join(here, 'fixtures', 'three-games.pdn'), path.join(here, 'embed', 'games.pdn')];
  const sample = /`([^`]*)`/.exec(readFileSync(path.join(root, 'www', 'hosts', 'sample.js'), 'utf8'))[1];
  const sources = [...files.map((f) => readFileSync(f, 'utf8')), sample];
  const games = sources.flatMap((text) => text.split(/\n(?=\[Event )/)).map((g) => g.trim()).filter(Boolean);
  let k = 0;
  return games.map((game) => ({
    games: 1,
    text: () => {
      k++;
      const white = `${NAMES[k % NAMES.length]}, ${String.fromCharCode(65 + (k % 26))}.`;
      const black = `${NAMES[(k * 7 + 3) % NAMES.length]}, ${String.fromCharCode(65 + ((k * 3) % 26))}.`;
      const tags = `[White "${white}"]\n[Black "${black}"]\n[Round "${k}"]\n`;
      return `${game.replace(/^\[White "[^"]*"\]\n?/m, '').replace(/^\[Black "[^"]*"\]\n?/m, '').replace(/^\[Round "[^"]*"\]\n?/m, '').replace(/^(\[Event "[^"]*"\]\n)/, `$1${tags}`)}\n`;
    },
  }));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const info = makeBigFile({ minGames: Number(process.argv[2]) || 20_000 });
  console.log(JSON.stringify(info, null, 2));
}
