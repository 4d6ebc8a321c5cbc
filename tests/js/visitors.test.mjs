// Unit tests for what visitors see (issue 12): messages by audience, line:column without a text
// box, the header's ratings, site link, time control and result words, comment paragraphs, and
// the game list's date and problem sorting.
import test from 'node:test';
import assert from 'node:assert/strict';
import {
  diagnosticsFor, diagnosticsList, gameHeader, messagesSetting, moveList, paragraphs, ratingOf, siteLink, stopMoveNumber,
} from '../../www/view/views.js';
import { sortIndexes } from '../../www/view/gamelist.js';
import { toMarkup, walk } from '../../www/view/tree.js';

const diag = (code, audience, severity = 'warning') => ({ code, audience, severity, message: code, args: {}, line: 3, column: 7, start: 10, end: 12 });
const VIEW = {
  tags: [['White', 'A'], ['Black', 'B']],
  diagnostics: [diag('guessed-variant', 'author', 'note'), diag('capture-separator', 'author'), diag('illegal-move', 'visitor', 'error')],
};

test('messages: all, errors (the visitor ones) or none; unknown settings give the fallback', () => {
  assert.equal(diagnosticsFor(VIEW, 'all').list.length, 3);
  assert.deepEqual(diagnosticsFor(VIEW, 'errors').list.map((d) => d.code), ['illegal-move']);
  assert.deepEqual(diagnosticsFor(VIEW, 'none').list, []);
  assert.equal(messagesSetting('ALL'), 'all');
  assert.equal(messagesSetting('bogus'), 'errors');
  assert.equal(messagesSetting(null, 'all'), 'all');
  // A capped view: the hidden counts of visitor codes only.
  const capped = { ...VIEW, diagnosticsHidden: [{ code: 'illegal-move-in-variation', audience: 'visitor', severity: 'error', count: 5 }, { code: 'unknown-text', audience: 'author', severity: 'warning', count: 900 }], diagnosticCounts: { error: 6, warning: 901, note: 1 }, diagnosticsTotal: 908 };
  const { extra } = diagnosticsFor(capped, 'errors');
  // The stop the move list shows is not listed again for visitors.
  const stopped = { ...VIEW, error: { line: 3, column: 7 } };
  assert.deepEqual(diagnosticsFor(stopped, 'errors').list, []);
  assert.equal(diagnosticsFor(stopped, 'all').list.length, 3);
  // A game that cannot be replayed: the move list says why; a second visitor error is listed.
  const chess = { tags: [], supported: false, diagnostics: [diag('not-draughts', 'visitor', 'error'), diag('bad-fen', 'visitor', 'error')] };
  assert.deepEqual(diagnosticsFor(chess, 'errors').list.map((d) => d.code), ['bad-fen']);
  assert.deepEqual(extra.counts, { error: 6, warning: 0, note: 0 });
  assert.equal(extra.hidden.length, 1);
});

test('line:column is a button only where there is a text box', () => {
  const withBox = toMarkup(diagnosticsList(VIEW.diagnostics));
  assert.ok(withBox.includes('class="diag-loc"'));
  const plain = diagnosticsList(VIEW.diagnostics, undefined, { locations: false });
  assert.ok(!walk(plain).some((n) => n.tag === 'button'));
  assert.ok(toMarkup(plain).includes('3:7'));
});

test('a game that stops says at which move where there is no text box', () => {
  const view = {
    tags: [], supported: true, firstMover: 'white',
    plies: [
      { ply: 1, moveNumber: 1, side: 'white', notation: '32-28', comments: [], nags: [], variations: [] },
      { ply: 2, moveNumber: 1, side: 'black', notation: '19-23', comments: [], nags: [], variations: [] },
    ],
    error: { ply: 3, move: '28-22', message: '28-22: not a legal move', line: 2, column: 20, code: 'illegal-move', args: {} },
  };
  assert.equal(stopMoveNumber(view, view.error), 2);
  const page = toMarkup(moveList(view, 0));
  assert.ok(page.includes('Error at 2:20'), page);
  const club = toMarkup(moveList(view, 0, { locations: false }));
  assert.ok(club.includes('The game stops at move 2:'), club);
  assert.ok(!club.includes('2:20'));
});

test('header: ratings, the site as a link only for web addresses, time control and result in words', () => {
  const view = {
    tags: [['White', 'Mikhalchenko,I.'], ['Black', 'Ndjofang,J.'], ['WhiteElo', '2350'], ['BlackRating', '2401'],
      ['Site', 'https://fmjd.org/?a=1&b=<x>'], ['TimeControl', '30+0'], ['Result', '0-2']],
    outcome: 'black',
  };
  assert.equal(ratingOf(view, 'white'), '2350');
  assert.equal(ratingOf(view, 'black'), '2401');
  const tree = gameHeader(view);
  const link = walk(tree).find((n) => n.tag === 'a');
  assert.equal(link.attrs.rel, 'noopener nofollow');
  assert.ok(link.attrs.href.startsWith('https://fmjd.org/'));
  const text = toMarkup(tree);
  assert.ok(text.includes('Time control: 30 min + 0 s per move'), text);
  assert.ok(text.includes('Black won'), text);
  assert.equal(siteLink('javascript:alert(1)'), null);
  assert.equal(siteLink('Tallinn'), null);
  assert.equal(siteLink('http://x.org'), 'http://x.org/');
  const plain = gameHeader({ tags: [['Site', 'Rīga']], outcome: 'unfinished' });
  assert.ok(!walk(plain).some((n) => n.tag === 'a'));
  assert.ok(toMarkup(plain).includes('Unfinished'));
});

test('comments: single line breaks joined, blank lines make paragraphs', () => {
  assert.deepEqual(paragraphs('a long\ncomment\n\nsecond\r\n  \r\nthird'), ['a long comment', 'second', 'third']);
  const view = { tags: [], comments: ['one\ntwo\n\nthree'], plies: [] };
  const li = walk(moveList(view, 0)).find((n) => n.attrs.class === 'comment');
  assert.deepEqual(li.children.map((c) => c.children[0]), ['one two', 'three']);
});

test('game list: dates of every form in order, unknown last both ways; problems first on the first sort', () => {
  const rows = ['2007.05.19', '????.??.??', '12.5.2001', '03/01/2010', '', '1999'].map((date, i) => ({ number: i + 1, date, errors: i === 2 ? 1 : 0, warnings: 0 }));
  const all = rows.map((_, i) => i);
  assert.deepEqual(sortIndexes(rows, all, 'date', 1), [5, 2, 0, 3, 1, 4]);
  assert.deepEqual(sortIndexes(rows, all, 'date', -1), [3, 0, 2, 5, 1, 4]);
});
