// The board editor's pure parts (www/view/editor.js): problems worded from the catalogues, the board
// model handed to board.js, the dialog's tree (texts as text, every control named).
import test from 'node:test';
import assert from 'node:assert/strict';
import { TOOLS, editorModel, editorTree, nextSquare, problemText, toolIcon } from '../../www/view/editor.js';
import { createTranslator } from '../../www/i18n/i18n.js';
import { toMarkup, walk } from '../../www/view/tree.js';
import firstEn from '../../www/i18n/en.js';
import firstRu from '../../www/i18n/ru.js';
import firstFr from '../../www/i18n/fr.js';
import partsEn from '../../www/i18n/parts/en.js';
import partsRu from '../../www/i18n/parts/ru.js';
import partsFr from '../../www/i18n/parts/fr.js';

// The editor loads on use: it speaks with the first screen's words and the parts'.
const en = { ...firstEn, ...partsEn };
const ru = { ...firstRu, ...partsRu };
const fr = { ...firstFr, ...partsFr };

const tEn = createTranslator('en', en, en);
const tRu = createTranslator('ru', ru, en);

const crowning = { code: 'setup-man-crowning-row', args: { side: 'white', square: '3' }, message: 'a white man stands on square 3, its crowning row' };

test('problems are worded per side in each language; English equals the core words', () => {
  assert.equal(problemText(tEn, crowning), crowning.message);
  assert.equal(problemText(tRu, crowning), 'белая простая стоит на поле 3, на поле превращения в дамку');
  const many = { code: 'setup-too-many', args: { side: 'black', count: '21', max: '20' }, message: 'Black has 21 pieces; this variant starts with 20' };
  assert.equal(problemText(tEn, many), many.message);
  assert.match(problemText(createTranslator('fr', fr, en), many), /Noirs ont 21 pièces/);
  const square = { code: 'setup-not-playable', args: { square: '51' }, message: '"51" is not a playable square on this board' };
  assert.equal(problemText(tEn, square), square.message);
});

test('a FEN that cannot be read gets the reader\'s words; unknown codes fall back to the core', () => {
  const fen = { code: 'setup-fen', args: { why: 'fen-bad-turn', value: 'X' }, message: 'the FEN should start with the side to move (W, B or ?), not "X"' };
  assert.equal(problemText(tEn, fen), `the FEN cannot be read: ${fen.message}`);
  assert.equal(problemText(tEn, { code: 'setup-new-thing', args: {}, message: 'core words' }), 'core words');
  assert.equal(problemText(tEn, { code: 'setup-fen', args: { why: 'fen-unknown' }, message: 'core words' }), 'core words');
});

test('the editor board is the core\'s board, flipped on request', () => {
  const view = {
    board: { width: 2, height: 2, squares: [{ label: '1', file: 1, rank: 1 }, { label: '2', file: 0, rank: 0 }] },
    cells: 'W.',
  };
  const m = editorModel(view, false);
  assert.deepEqual(m.pieces, [{ square: '1', piece: 'wk', col: 1, row: 0 }]);
  assert.deepEqual(editorModel(view, true).pieces, [{ square: '1', piece: 'wk', col: 0, row: 1 }]);
});

test('the dialog: every tool and button named, tag text never markup, no data-piece in the palette', () => {
  const tree = editorTree(tEn, [{ gametype: 20, name: 'International' }, { gametype: 21, name: 'English' }]);
  const nodes = walk(tree);
  const tools = nodes.filter((n) => n.attrs['data-tool']);
  assert.equal(tools.length, TOOLS.length);
  for (const n of tools) assert.ok(n.attrs['aria-label'], n.attrs['data-tool']);
  assert.deepEqual(nodes.filter((n) => n.tag === 'option').map((n) => n.children[0]), ['International', 'English']);
  for (const n of nodes.filter((x) => x.tag === 'button')) assert.ok(n.children.length || n.attrs['aria-label'], n.attrs.id);
  for (const tool of TOOLS) assert.ok(!toMarkup(toolIcon(tool)).includes('data-piece'));
  const evil = createTranslator('en', { ...en, 'editor.title': '<img src=x onerror=alert(1)>' }, en);
  assert.ok(toMarkup(editorTree(evil, [])).includes('&lt;img'), 'text is escaped, not markup');
});

test('arrow keys move to the nearest playable square on screen in that direction, or stay at the edge', () => {
  // A 4x4 chequer: playable squares where file + rank is even (a1, c1, b2, d2, a3, c3, b4, d4).
  const squares = [];
  for (let rank = 0; rank < 4; rank++) {
    for (let file = 0; file < 4; file++) {
      if ((file + rank) % 2 === 0) squares.push({ label: `${'abcd'[file]}${rank + 1}`, file, rank });
    }
  }
  const model = editorModel({ board: { width: 4, height: 4, squares }, cells: '.'.repeat(8) }, false);
  assert.equal(nextSquare(model, 'a1', 'ArrowRight'), 'c1');
  assert.equal(nextSquare(model, 'c1', 'ArrowRight'), 'c1', 'edge');
  assert.equal(nextSquare(model, 'a1', 'ArrowUp'), 'a3');
  assert.equal(nextSquare(model, 'a3', 'ArrowDown'), 'a1');
  assert.equal(nextSquare(model, 'b2', 'ArrowLeft'), 'b2', 'no square to the left in that row');
  const flipped = editorModel({ board: { width: 4, height: 4, squares }, cells: '.'.repeat(8) }, true);
  assert.equal(nextSquare(flipped, 'a1', 'ArrowLeft'), 'c1', 'flipped: c1 is left of a1 on screen');
  assert.equal(nextSquare(model, 'zz', 'ArrowUp'), 'a3', 'an unknown square starts from the first');
});

test('titled: the title typed becomes the Event tag, escaped; no title leaves the game as it is', async () => {
  const { titled } = await import('../../www/view/editor.js');
  const pdn = '[GameType "20"]\n[SetUp "1"]\n[FEN "W:W31:B16"]\n[Result "*"]\n*\n';
  assert.equal(titled(pdn, ''), pdn);
  assert.equal(titled(pdn, '   '), pdn);
  assert.equal(titled(pdn, 'Week 3'), `[Event "Week 3"]\n${pdn}`);
  assert.equal(titled(pdn, 'A "quoted" \\ name\nnext'), `[Event "A \\"quoted\\" \\\\ name next"]\n${pdn}`);
  assert.equal(titled(null, 'x'), null);
});
