// Unit tests for www/i18n/words.js: file names, the page title, time controls in words, date keys.
import test from 'node:test';
import assert from 'node:assert/strict';
import {
  dateKey, durationWords, fileNameOf, gameFileStem, pageTitle, slug, surname, timeControlWords, transliterate,
  wholeFileName, yearOf,
} from '../../www/i18n/words.js';
import en from '../../www/i18n/en.js';
import ru from '../../www/i18n/ru.js';
import { createTranslator } from '../../www/i18n/i18n.js';

const t = createTranslator('en', en, en);
const view = (tags) => ({ tags: Object.entries(tags) });

test('transliteration: Latin accents and Cyrillic to lower-case ASCII', () => {
  assert.equal(transliterate('Bērziņš'), 'berzins');
  assert.equal(transliterate('Щукин'), 'shchukin');
  assert.equal(transliterate('Михальченко'), 'mikhalchenko');
  assert.equal(transliterate('Straße Łódź Ørsted'), 'strasse lodz orsted');
  assert.equal(slug('Van der Wal, J.'), 'van-der-wal-j');
  assert.equal(slug('  --- '), '');
});

test('surnames: before the comma, without trailing initials', () => {
  assert.equal(surname('Mikhalchenko,I.'), 'Mikhalchenko');
  assert.equal(surname('Abaciev N.'), 'Abaciev');
  assert.equal(surname('Van der Wal J.H.'), 'Van der Wal');
  assert.equal(surname('Ndjofang'), 'Ndjofang');
  assert.equal(surname('?'), '');
});

test('game file names: surnames and year, ASCII, hyphens; game-N without players', () => {
  const g = view({ White: 'Mikhalchenko,I.', Black: 'Ndjofang,J.', Date: '2007.05.12', Event: 'FMJD WC 2007' });
  assert.equal(gameFileStem(g, 1), 'mikhalchenko-ndjofang-2007');
  assert.equal(gameFileStem(view({ White: 'Abaciev N.', Black: 'Abdullaev U.' })), 'abaciev-abdullaev');
  assert.equal(gameFileStem(view({ White: 'Щукин', Black: 'Bērziņš', Date: '12.5.1998' })), 'shchukin-berzins-1998');
  assert.equal(gameFileStem(view({ White: '?', Black: '' }), 7), 'game-7');
  assert.equal(gameFileStem(view({ White: '<script>/..\\', Black: '' }), 2), 'script');
  assert.equal(yearOf('????.??.??'), '');
});

test('whole-file names keep the file name; addresses give their last part', () => {
  assert.equal(wholeFileName('WK 2007 ronde 3.pdn'), 'WK 2007 ronde 3.pdn');
  assert.equal(wholeFileName('a/b:c?.txt'), 'a_b_c_.pdn');
  assert.equal(wholeFileName(''), 'games.pdn');
  assert.equal(fileNameOf('https://example.org/pdn/round%207.pdn?x=1#y'), 'round 7.pdn');
  assert.equal(fileNameOf('https://example.org/'), 'example.org');
  assert.equal(fileNameOf('games/a.pdn'), 'a.pdn');
});

test('page title: players and event, then the site', () => {
  const g = view({ White: 'Mikhalchenko,I.', Black: 'Ndjofang,J.', Event: 'FMJD WC 2007' });
  assert.equal(pageTitle(g, 'PDN viewer'), 'Mikhalchenko – Ndjofang · FMJD WC 2007 — PDN viewer');
  assert.equal(pageTitle(view({ Event: '?' }), 'PDN viewer'), 'PDN viewer');
  assert.equal(pageTitle(null, 'PDN viewer'), 'PDN viewer');
});

test('time controls in words; unknown forms as written', () => {
  assert.equal(timeControlWords('30+0', t), '30 min + 0 s per move');
  assert.equal(timeControlWords('5400+30', t), '1 h 30 min + 30 s per move');
  assert.equal(timeControlWords('40/7200:3600', t), '40 moves in 2 h, then the rest of the game in 1 h');
  assert.equal(timeControlWords('*180', t), 'hourglass of 3 min');
  assert.equal(timeControlWords('45', t), '45 min');
  assert.equal(timeControlWords('5400', t), '1 h 30 min');
  assert.equal(timeControlWords('120+0', t), '2 min + 0 s per move');
  assert.equal(timeControlWords('3+2', t), '3 min + 2 s per move');
  assert.equal(timeControlWords('2 hours', t), '2 hours');
  assert.equal(timeControlWords('40/7200:abc', t), '40/7200:abc');
  assert.equal(durationWords(45, t), '45 s');
  const r = createTranslator('ru', ru, en);
  assert.equal(timeControlWords('40/7200', r), '40 ходов за 2 ч');
});

test('date keys: yyyy.mm.dd, d.m.yyyy, dd/mm/yyyy, partial and unknown dates', () => {
  assert.equal(dateKey('2007.05.12'), 20070512);
  assert.equal(dateKey('12.5.2007'), 20070512);
  assert.equal(dateKey('12/05/2007'), 20070512);
  assert.equal(dateKey('2007-05-12'), 20070512);
  assert.equal(dateKey('2007.??.??'), 20070000);
  assert.equal(dateKey('2007'), 20070000);
  assert.equal(dateKey('2007.'), 20070000);
  assert.equal(dateKey('2007.05.1'), 20070501);
  assert.equal(dateKey('2007.05.01 - 2007.05.10'), 20070501);
  assert.equal(dateKey('20070512'), null);
  assert.equal(dateKey('spring 2007'), null);
  assert.equal(dateKey('????.??.??'), null);
  assert.equal(dateKey(''), null);
  assert.equal(dateKey('?'), null);
  assert.ok(dateKey('1.12.1999') < dateKey('2000.01.01'));
});
