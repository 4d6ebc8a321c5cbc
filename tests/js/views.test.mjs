// Unit tests for the move list, header, labels and diagnostics builders.
import test from 'node:test';
import assert from 'node:assert/strict';
import {
  diagnosticsList, firstMover, formatDate, gameHeader, moveItems, moveLabel, moveList, nagText, offsetOf,
  tagValue,
} from '../../www/view/views.js';
import { toMarkup, walk } from '../../www/view/tree.js';
import { LIMITS } from '../../www/reader/viewcap.js';
import { fakeView, multiCaptureView, setUp } from './fixtures.mjs';
import { clocksAt, moveWords, rulesBadge, variantName } from '../../www/view/views.js';
import { createTranslator } from '../../www/i18n/i18n.js';
import ru from '../../www/i18n/ru.js';

const textOf = (node) => (typeof node === 'string' ? node : node.children.map(textOf).join(''));

test('formatDate and tagValue', () => {
  assert.equal(formatDate('2007.05.19'), '2007-05-19');
  assert.equal(formatDate('2007.05.??'), '2007-05');
  assert.equal(formatDate('2007.??.??'), '2007');
  assert.equal(formatDate('????.??.??'), '');
  assert.equal(formatDate('May 2007'), 'May 2007');
  assert.equal(tagValue(fakeView(), 'white'), 'Wit, A.');
  assert.equal(tagValue(fakeView(), 'Site'), '');
});

test('nagText', () => {
  assert.equal(nagText(1), '!');
  assert.equal(nagText(4), '??');
  assert.equal(nagText(5), '!?');
  assert.equal(nagText(42), '$42');
});

test('moveItems: a comment after a black move stays after it; rows pair white and black', () => {
  const items = moveItems(fakeView());
  assert.deepEqual(items.map((i) => i.kind), ['comment', 'row', 'comment', 'row']);
  assert.equal(items[1].first.notation, '32-28');
  assert.equal(items[1].second.notation, '19-23');
  assert.equal(items[3].moveNumber, 2);
});

test('moveItems: a comment after a white move splits the row ("1… reply")', () => {
  const v = fakeView();
  v.plies[0].comments = ['good'];
  const items = moveItems(v);
  assert.deepEqual(items.map((i) => i.kind), ['comment', 'row', 'comment', 'row', 'comment', 'row']);
  assert.equal(items[3].first, null);
  assert.equal(items[3].second.notation, '19-23');
});

test('moveItems: a game starting with Black', () => {
  const v = fakeView();
  v.plies = v.plies.slice(1).map((p, i) => ({ ...p, ply: i + 1, comments: [] }));
  v.comments = [];
  const items = moveItems(v);
  assert.equal(items[0].first, null);
  assert.equal(items[0].second.notation, '19-23');
  assert.equal(items[1].first.notation, '28x19');
});

test('firstMover: the core\'s firstMover decides rows and labels (English from a FEN, White first)', () => {
  const plies = [
    { ply: 1, moveNumber: 1, side: 'white', notation: '19-15', comments: [] },
    { ply: 2, moveNumber: 1, side: 'black', notation: '10x19', comments: [] },
    { ply: 3, moveNumber: 2, side: 'white', notation: '5-1', comments: [] },
  ];
  const v = { plies, comments: [], variations: [], firstMover: 'white' };
  assert.equal(firstMover(v), 'white');
  assert.equal(moveLabel(plies[0], firstMover(v)), '1.');
  const items = moveItems(v);
  assert.equal(items[0].first.notation, '19-15');
  assert.equal(items[0].second.notation, '10x19');
  assert.equal(firstMover({ plies: [plies[0]], firstMover: 'black' }), 'black');
  assert.equal(firstMover({ plies: [plies[0]] }), 'white');
});

test('moveList: one element per ply with data-ply, plus the start; current marked; comments as text', () => {
  const tree = moveList(fakeView(), 2);
  const plies = walk(tree).filter((n) => 'data-ply' in n.attrs).map((n) => n.attrs['data-ply']);
  assert.deepEqual(plies, [0, 1, 2, 3, 4]);
  const current = walk(tree).filter((n) => (n.attrs.class || '').includes('current'));
  assert.equal(current.length, 1);
  assert.equal(current[0].attrs['data-ply'], 2);
  assert.equal(current[0].attrs['aria-current'], 'step');
  const markup = toMarkup(tree);
  assert.ok(markup.includes('a &lt;i&gt;bold&lt;/i&gt; reply'), 'comment is text, not markup');
  assert.ok(markup.includes('>1.<'));
  const first = walk(tree).find((n) => n.attrs['data-ply'] === 1);
  assert.equal(textOf(first), '32-28!');
});

test('moveList with an error: message with line:column after the last move, rest greyed', () => {
  const v = fakeView();
  v.plies = v.plies.slice(0, 2);
  v.error = { ply: 3, move: '27-21', message: 'no white piece on 27', line: 7, column: 12 };
  v.unplayed = [{ notation: '27-21', comments: [] }, { notation: '14-19', comments: [] }];
  const tree = moveList(v, 2);
  const items = tree.children.map((li) => li.attrs.class);
  const errAt = items.indexOf('move-error');
  assert.ok(errAt > items.lastIndexOf('move-row'));
  assert.equal(items[errAt + 1], 'move-rest');
  assert.equal(textOf(tree.children[errAt]), 'Error at 7:12: 27-21: no white piece on 27');
  assert.equal(textOf(tree.children[errAt + 1]).trim(), '27-21 14-19');
});

test('moveList: the core\'s unplayed moves (with comments) are shown greyed; no doubled move in the message', () => {
  const v = fakeView();
  v.plies = v.plies.slice(0, 2);
  v.error = { ply: 3, move: '27-21', message: '27-21: white has no piece on 27', line: 7, column: 19 };
  v.unplayed = [{ notation: '27-21', comments: ['hm <b>'] }, { notation: '14-19', comments: [] }];
  const tree = moveList(v, 0);
  const err = tree.children.find((li) => li.attrs.class === 'move-error');
  assert.equal(textOf(err), 'Error at 7:19: 27-21: white has no piece on 27');
  const rest = tree.children.find((li) => li.attrs.class === 'move-rest');
  assert.equal(textOf(rest), '27-21 hm <b> 14-19 ');
  assert.ok(toMarkup(rest).includes('hm &lt;b&gt;'));
});

test('moveList for an unsupported variant: the error diagnostic and all moves greyed', () => {
  const v = fakeView();
  Object.assign(v, { supported: false, board: null, start: null, plies: [], comments: [], error: null,
    unplayed: [{ notation: '32-28', comments: [] }],
    diagnostics: [{ severity: 'error', message: 'GameType 99 is not a draughts variant', line: 8, column: 1 }] });
  const tree = moveList(v, 0);
  const err = tree.children.find((li) => li.attrs.class === 'move-error');
  assert.equal(textOf(err), 'Not replayed (8:1): GameType 99 is not a draughts variant');
  assert.equal(textOf(tree.children.find((li) => li.attrs.class === 'move-rest')), '32-28 ');
});

test('gameHeader prefers the Result tag over a "*" movetext terminator', () => {
  const v = fakeView();
  v.tags = [...v.tags.filter(([k]) => k !== 'Result'), ['Result', '0-2']];
  v.result = '*';
  assert.ok(textOf(gameHeader(v)).includes('0-2'));
});

test('gameHeader: players, result, details and variant as text', () => {
  const v = fakeView();
  v.result = '2-0';
  const t = textOf(gameHeader(v));
  assert.ok(t.includes('Wit, A.'));
  assert.ok(t.includes('Zwart, B.'));
  assert.ok(t.includes('2-0'));
  assert.ok(t.includes('Test <b>event</b> · 2024-05'));
  assert.ok(t.includes('International'));
});

test('gameHeader: a problem (a set-up game, no players) reads its title and the side to play, not "White – Black * Unfinished" (issue 38)', () => {
  const v = fakeView();
  v.tags = [['Event', 'Problem of the week'], ['SetUp', '1'], ['FEN', 'B:W31,32:B16,17'], ['Result', '*']];
  v.start = { ...v.start, fen: 'B:W31,32:B16,17' };
  v.result = '*';
  v.outcome = 'unfinished';
  const tree = gameHeader(v);
  const t = textOf(tree);
  assert.equal(tree.attrs.class, 'game-header problem-header black-to-play');
  assert.ok(t.includes('Problem of the week') && t.includes('Black to play'), t);
  for (const absent of ['White', '–', '*', 'Unfinished']) assert.ok(!t.includes(absent), `${absent} in ${t}`);
  // In the reader's language; a result it has is shown; no FEN but an Event saying so is one too.
  v.tags = [['Event', 'Задача 3'], ['Result', '2-0']];
  v.start = { ...v.start, fen: 'W:W31:B16' };
  const ru = textOf(gameHeader(v, { t: (k) => ({ 'header.whiteToPlay': 'Ход белых' }[k] || k) }));
  assert.ok(ru.includes('Задача 3') && ru.includes('Ход белых') && ru.includes('2-0'), ru);
  // A game with players keeps its players' header.
  assert.ok(textOf(gameHeader(fakeView())).includes('Wit, A.'));
});

test('diagnosticsList: "line:column: message" with severity; null when empty', () => {
  assert.equal(diagnosticsList([]), null);
  const tree = diagnosticsList([
    { severity: 'warning', message: 'unknown tag', line: 3, column: 1, start: 40, end: 45 },
    { severity: 'error', message: 'bad move', line: 9, column: 4, start: 120, end: 125 },
  ]);
  const lis = walk(tree).filter((n) => n.tag === 'li');
  assert.equal(lis.length, 2);
  assert.equal(textOf(lis[0]), 'warning 3:1: unknown tag');
  assert.equal(textOf(lis[1]), 'error 9:4: bad move');
  assert.ok(textOf(tree).includes('1 error, 1 warning'));
});

test('offsetOf', () => {
  const text = '[Event "x"]\n\n1. 32-28 17-22 2. 27-21 *\n\n[Event "y"]\n1. 31-27 *\n';
  assert.equal(offsetOf(text, 1, 1), 0);
  assert.equal(offsetOf(text, 3, 16), text.indexOf('2. 27-21'));
  assert.equal(offsetOf(text, 99, 1), -1);
});

/** The fake game with a variation replacing 19-23 (17-22 28x17) that holds one of its own (12x21
 * replacing... a second try 18-22 in place of 17-22's reply). */
function viewWithVariations() {
  const v = fakeView();
  const ply = (n, side, notation, extra = {}) => ({ ply: n, moveNumber: side === 'white' ? 1 + Math.ceil(n / 2) : 1 + Math.floor(n / 2), side, notation, fen: '', cells: v.start.cells, from: '', to: '', path: [], captured: [], comments: [], nags: [], variations: [], ...extra });
  v.plies = v.plies.map((p) => ({ ...p, variations: [] }));
  v.plies[1].variations = [1];
  v.variations = [
    { id: 0, parent: 1, replaces: 2, depth: 2, start: v.start, comments: [], plies: [ply(2, 'white', '38-32')], unplayed: [], error: null },
    { id: 1, parent: null, replaces: 2, depth: 1, start: v.start, comments: ['try <b>'], plies: [ply(1, 'black', '17-22'), ply(2, 'white', '28x17', { variations: [0] }), ply(3, 'black', '11x22')], unplayed: [{ notation: '99-1', comments: [] }], error: { message: 'no piece on 99', line: 3, column: 7 } },
  ];
  return v;
}

test('variationItems: nested variations become flat, indented runs in reading order', async () => {
  const { variationItems, lineView } = await import('../../www/view/views.js');
  const v = viewWithVariations();
  const items = variationItems(v, [1], { line: 1, ply: 2 });
  assert.deepEqual(items.map((li) => [li.attrs['data-variation'], li.attrs['data-depth']]), [[1, 1], [0, 2], [1, 1]]);
  const text = items.map(textOf);
  assert.match(text[0], /^try <b> 1… 17-22 2\. 28x17/);
  assert.match(text[1], /38-32/);
  assert.match(text[2], /11x22 99-1 3:7: no piece on 99$/);
  const current = walk(items[0]).filter((n) => n.attrs && n.attrs.class === 'move current');
  assert.equal(current.length, 1);
  assert.equal(current[0].attrs['data-line'], 1);
  assert.equal(current[0].attrs['data-ply'], 2);
  // The comment is text, never markup.
  assert.ok(toMarkup(items[0]).includes('try &lt;b&gt;'));
  // lineView gives a variation the shape of a game view; unknown lines fall back to the game.
  assert.equal(lineView(v, 1).plies.length, 3);
  assert.equal(lineView(v, null), v);
  assert.equal(lineView(v, 7), v);
});

test('moveList: variations follow the move they hang on, and the row breaks there', () => {
  const v = viewWithVariations();
  const list = moveList(v, 0);
  const kinds = list.children.map((li) => li.attrs.class);
  const at = kinds.indexOf('variation');
  assert.ok(at > 0, kinds.join(','));
  // After 19-23's comment, before the next move row.
  assert.match(textOf(list.children[at - 2]), /19-23/);
  assert.equal(list.children[at - 1].attrs.class, 'comment');
  assert.match(textOf(list.children[at + 1]), /^2\./);
  assert.deepEqual(moveItems(v).map((i) => i.kind), ['comment', 'row', 'comment', 'variations', 'row']);
});

test('moveList: a finished game says who won', () => {
  const v = fakeView();
  v.end = 'Game over: Black has no pieces left; White wins.';
  assert.ok(moveList(v, 0).children.some((li) => li.attrs.class === 'game-end' && textOf(li) === v.end));
});

test('variationItems: ten thousand nested variations do not exhaust the stack', async () => {
  const { variationItems } = await import('../../www/view/views.js');
  const v = fakeView();
  const n = 10000;
  v.variations = [];
  for (let id = 0; id < n; id++) {
    v.variations.push({ id, parent: id ? id - 1 : null, replaces: 1, depth: id + 1, start: v.start, comments: [], plies: [{ ply: 1, moveNumber: 1, side: 'black', notation: '19-23', cells: v.start.cells, comments: [], nags: [], variations: id + 1 < n ? [id + 1] : [] }], unplayed: [], error: null });
  }
  assert.equal(variationItems(v, [0], {}, undefined, undefined, { limits: { ...LIMITS, depth: Infinity } }).length, n);
  // Shown as it comes: eight levels, then one "▸ more" item for the other 9,992 moves.
  const items = variationItems(v, [0]);
  assert.equal(items.length, LIMITS.depth + 1);
  assert.equal(items[LIMITS.depth].attrs.class, 'variations-more');
  assert.match(textOf(items[LIMITS.depth]), /9,992 more moves in variations/);
  assert.equal(walk(items[LIMITS.depth]).find((x) => x.attrs && x.attrs.class === 'show-more').attrs['data-expand'], `${LIMITS.depth - 1}:1`);
});

test('moveWords: a capture in words, with every taken square, and the crowning', () => {
  assert.equal(moveWords(multiCaptureView(), 1), 'White 32 takes 27 and 17, lands on 12');
  assert.equal(moveWords(fakeView(), 1), 'White 32 to 28');
  assert.equal(moveWords(fakeView(), 3), 'White 28 takes 23, lands on 19');
  assert.equal(moveWords(fakeView(), 0), 'Start position');
  // The fake game's fourth move lands a black king on 23 from a man on 14: a crowning.
  assert.equal(moveWords(fakeView(), 4), 'Black 14 takes 19, lands on 23, becomes a king');
  const ruT = createTranslator('ru', ru);
  const words = moveWords(fakeView(), 3, ruT);
  assert.ok(words.includes('28') && words.includes('23') && words.includes('19'));
  assert.notEqual(words, 'White 28 takes 23, lands on 19');
});

test('rules badge: the variant and its two most telling rules; the title lists them all', () => {
  const view = { variantNumber: 25, gametype: '25', rules: ['flying-kings', 'capture-free', 'men-capture-backwards', 'crown-mid-capture'] };
  const b = rulesBadge(view);
  assert.equal(b.text, 'Russian: flying kings, free choice of capture');
  assert.ok(b.title.includes('a man crowned during a capture goes on as a king'));
  assert.equal(variantName({ variantNumber: null, variant: '', gametype: '50' }), 'GameType 50');
  assert.equal(rulesBadge({ variant: 'Chess', gametype: '1', rules: [] }).text, 'Chess');
});

test('clocksAt: the latest reading of each side at or before the ply', () => {
  const line = { plies: [
    { clock: { white: '9:55', black: null, running: null } },
    { clock: { white: null, black: '9:50', running: 'white' } },
    { clock: null },
    { clock: { white: '9:30', black: null } },
  ] };
  assert.deepEqual(clocksAt(line, 0), { white: '', black: '', running: '' });
  assert.deepEqual(clocksAt(line, 3), { white: '9:55', black: '9:50', running: 'white' });
  // The reading at ply 4 names no running clock, so the older "white" no longer holds.
  assert.deepEqual(clocksAt(line, 4), { white: '9:30', black: '9:50', running: '' });
});

test('a move with an evaluation and a clock shows them beside the move, the move button unchanged', () => {
  const v = fakeView();
  v.plies[0].eval = '+0.35';
  v.plies[0].clock = { white: '9:55', black: null, running: null };
  const tree = moveList(v, 0);
  const info = walk(tree).find((n) => n.attrs.class === 'move-info');
  assert.ok(info, 'move-info present');
  assert.ok(toMarkup(info).includes('+0.35') && toMarkup(info).includes('9:55'));
  const button = walk(tree).find((n) => n.tag === 'button' && n.attrs['data-ply'] === 1);
  assert.equal(button.children[0], '32-28', 'the button holds the move (and its NAG), nothing else');
  assert.ok(!walk(button).some((n) => n.attrs.class === 'move-info'));
});

test('diagnostics: the code title is translated, the core detail kept', () => {
  const d = [{ severity: 'error', code: 'illegal-move', message: '27-21: no piece on 27', line: 3, column: 5, start: 10, end: 15 }];
  const ruT = createTranslator('ru', ru);
  const markup = toMarkup(diagnosticsList(d, ruT));
  assert.ok(markup.includes(ru['code.illegal-move']));
  assert.ok(markup.includes('27-21: no piece on 27'));
  assert.ok(markup.includes('data-code="illegal-move"'));
});

test('diagnostics and the move error: the detail is worded in the page language from code and args', () => {
  const args = { reason: 'move', move: '27-21', why: 'no-piece', side: 'white', square: '27', legal_list: 'some', legal: '32-28' };
  const message = '27-21: white has no piece on 27; legal moves: 32-28';
  const d = [{ severity: 'error', code: 'illegal-move', message, args, line: 3, column: 5, start: 10, end: 15 }];
  const ruT = createTranslator('ru', ru);
  const worded = '27-21: у белых нет шашки на поле 27; допустимые ходы: 32-28';
  assert.ok(toMarkup(diagnosticsList(d, ruT)).includes(worded));
  assert.ok(toMarkup(diagnosticsList(d)).includes(message), 'English: the core message');
  const v = fakeView();
  v.error = { ply: 3, move: '27-21', message, line: 7, column: 19, code: 'illegal-move', args };
  const markup = toMarkup(moveList(v, 0, { t: ruT }));
  assert.ok(markup.includes(worded));
  assert.ok(!markup.includes('27-21: 27-21'), 'the move is not doubled');
  // A reason the catalogues do not know yet: the core's English words.
  v.error = { ...v.error, args: { ...args, why: 'new-reason' } };
  assert.ok(toMarkup(moveList(v, 0, { t: ruT })).includes(message));
});

test('black-first games (English): a row is Black\'s move then White\'s reply, numbered once', () => {
  const v = fakeView();
  v.plies = v.plies.map((p) => ({ ...p, side: p.side === 'white' ? 'black' : 'white', comments: [] }));
  const rows = moveItems(v).filter((i) => i.kind === 'row');
  assert.equal(rows.length, 2);
  assert.equal(rows[0].first.notation, '32-28');
  assert.equal(rows[0].second.notation, '19-23');
  const markup = toMarkup(moveList(v, 0));
  assert.ok(!markup.includes('move-gap'), 'no gap: Black opens the row');
});

test('gameHeader: the opening beside the event (data-opening, as text); players as buttons only when asked', () => {
  const v = fakeView();
  v.opening = '<b>Old</b> Fourteenth';
  const nodes = (tree) => walk(tree);
  const opening = nodes(gameHeader(v)).find((n) => n.attrs && n.attrs['data-opening'] != null);
  assert.equal(opening.attrs['data-opening'], '<b>Old</b> Fourteenth');
  assert.ok(toMarkup(opening).includes('&lt;b&gt;Old&lt;/b&gt; Fourteenth'));
  const buttons = (tree) => nodes(tree).filter((n) => n.tag === 'button').map((n) => n.attrs['data-player']);
  assert.deepEqual(buttons(gameHeader(v)), []);
  assert.deepEqual(buttons(gameHeader(v, { players: true })), ['Wit, A.', 'Zwart, B.']);
  v.opening = null;
  assert.equal(nodes(gameHeader(v)).find((n) => n.attrs && n.attrs['data-opening'] != null), undefined);
});
