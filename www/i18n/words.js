// Words and names made from a game's tags: the page title, download file names, the time
// control and the date as sort keys. Pure functions with no DOM, tested in Node
// (tests/js/words.test.mjs). They know nothing of draughts rules: what a result means comes
// from the core (GameView.outcome).

const clean = (s) => (s == null ? '' : String(s).trim());
const known = (s) => { const v = clean(s); return v && v !== '?' && v !== '-' ? v : ''; };

const CYRILLIC = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'e', ж: 'zh', з: 'z', и: 'i', й: 'y',
  к: 'k', л: 'l', м: 'm', н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f',
  х: 'kh', ц: 'ts', ч: 'ch', ш: 'sh', щ: 'shch', ъ: '', ы: 'y', ь: '', э: 'e', ю: 'yu', я: 'ya',
  і: 'i', ї: 'yi', є: 'ye', ґ: 'g', ў: 'u',
};
// Latin letters that do not come apart into a letter and accents.
const LATIN = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i', ħ: 'h', ŋ: 'ng' };

/** Lower-case ASCII of a Latin or Cyrillic text: "Bērziņš" → "berzins", "Щукин" → "shchukin". */
export function transliterate(text) {
  let out = '';
  for (const ch of clean(text).toLowerCase()) {
    if (Object.prototype.hasOwnProperty.call(CYRILLIC, ch)) out += CYRILLIC[ch];
    else if (Object.prototype.hasOwnProperty.call(LATIN, ch)) out += LATIN[ch];
    else out += ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  }
  return out;
}

/** A file-name part: transliterated, words joined by hyphens ("Van der Wal, J." → "van-der-wal-j"). */
export function slug(text) {
  return transliterate(text).replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
}

/**
 * The surname in a player tag: before the comma ("Mikhalchenko,I." → "Mikhalchenko"), else
 * without trailing initials ("Abaciev N." → "Abaciev"); the whole name when that leaves nothing.
 */
export function surname(name) {
  const whole = known(name);
  if (!whole) return '';
  const before = clean(whole.split(',')[0]);
  const words = before.split(/\s+/).filter(Boolean);
  while (words.length > 1 && /^(\p{L}\.)+$|^\p{L}$/u.test(words[words.length - 1])) words.pop();
  return words.join(' ') || whole;
}

/** The tag `name` of a GameView (names are case-insensitive), trimmed; '' when missing. */
export function tagOf(view, name) {
  const want = name.toLowerCase();
  const hit = ((view && view.tags) || []).find(([k]) => String(k).toLowerCase() === want);
  return hit ? clean(hit[1]) : '';
}

/** The year of a PDN date in any usual form ("2007.05.12", "12.5.2007", "2007"), or ''. */
export function yearOf(date) {
  const m = /(?:^|\D)(\d{4})(?:\D|$)/.exec(clean(date));
  return m ? m[1] : '';
}

/**
 * The file name (without extension) of a game: "mikhalchenko-ndjofang-2007" from the players'
 * surnames and the year, transliterated to ASCII; `game-N` when the tags name nobody.
 */
export function gameFileStem(view, number = 1) {
  const parts = [surname(tagOf(view, 'White')), surname(tagOf(view, 'Black'))].map(slug).filter(Boolean);
  if (parts.length) {
    const year = yearOf(tagOf(view, 'Date'));
    if (year) parts.push(year);
  }
  const stem = parts.join('-').slice(0, 80).replace(/-+$/, '');
  return stem || `game-${number}`;
}

/** The last part of an address or path ("https://x.org/pdn/round%207.pdn?a=1" → "round 7.pdn"), or the host. */
export function fileNameOf(address, base = 'http://localhost/') {
  const text = clean(address);
  if (!text) return '';
  let url;
  try { url = new URL(text, base); } catch { return text.split(/[\\/]/).filter(Boolean).pop() || text; }
  const last = url.pathname.split('/').filter(Boolean).pop();
  if (!last) return url.hostname || text;
  try { return decodeURIComponent(last); } catch { return last; }
}

/**
 * A name for the whole file's download: its own name with a .pdn extension (characters no file
 * system accepts replaced), or `fallback` when it has none.
 */
export function wholeFileName(name, fallback = 'games') {
  const stem = clean(name).replace(/\.[^.]*$/, '').replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '_').replace(/^\.+/, '').slice(0, 120);
  return `${stem || fallback}.pdn`;
}

/**
 * The page title for a game: "Mikhalchenko – Ndjofang · FMJD WC 2007 — PDN viewer"; only the
 * site name when the tags name neither player nor event.
 */
export function pageTitle(view, site) {
  const white = surname(tagOf(view, 'White'));
  const black = surname(tagOf(view, 'Black'));
  const players = white || black ? `${white || '?'} – ${black || '?'}` : '';
  const event = known(tagOf(view, 'Event'));
  const game = [players, event].filter(Boolean).join(' · ');
  return game ? `${game} — ${site}` : site;
}

/** A number of seconds in words: "2 h", "1 h 30 min", "45 s". */
export function durationWords(seconds, t) {
  const n = Math.max(0, Math.round(seconds));
  const h = Math.floor(n / 3600);
  const m = Math.floor((n % 3600) / 60);
  const s = n % 60;
  const parts = [];
  if (h) parts.push(t('time.h', { n: h }));
  if (m) parts.push(t('time.min', { n: m }));
  if (s || !parts.length) parts.push(t('time.s', { n: s }));
  return parts.join(' ');
}

/**
 * A TimeControl tag in words, or the tag as written when its form is not known. The forms of
 * the PGN and PDN standards, periods separated by ':': "40/7200" (40 moves in 2 h), "3600"
 * (the rest of the game in 1 h), "5400+30" (with 30 s added per move), "*180" (an hourglass).
 * Times are seconds, as the standard says ("120+0", lidraughts' 2-minute games: "2 min + 0 s"),
 * except a base time under 60, which no game is played with: it is read as minutes, as some
 * programs write it ("30+0" → "30 min + 0 s", "3+2" → "3 min + 2 s").
 */
export function timeControlWords(value, t) {
  const raw = clean(value);
  if (!raw || raw === '?' || raw === '-') return raw;
  const base = (n) => (n < 60 ? n * 60 : n);
  const periods = raw.split(':');
  const words = [];
  for (const [i, period] of periods.entries()) {
    let m;
    if ((m = /^(\d+)\/(\d+)$/.exec(period))) {
      words.push(t('tc.moves', { count: Number(m[1]), time: durationWords(Number(m[2]), t) }));
    } else if ((m = /^(\d+)\+(\d+)$/.exec(period))) {
      words.push(t('tc.increment', { time: durationWords(base(Number(m[1])), t), increment: durationWords(Number(m[2]), t) }));
    } else if ((m = /^\*(\d+)$/.exec(period))) {
      words.push(t('tc.hourglass', { time: durationWords(Number(m[1]), t) }));
    } else if ((m = /^(\d+)$/.exec(period))) {
      // A sudden-death period after others is in seconds, as the standard writes it.
      const seconds = i > 0 ? Number(m[1]) : base(Number(m[1]));
      words.push(i > 0 ? t('tc.rest', { time: durationWords(seconds, t) }) : durationWords(seconds, t));
    } else {
      return raw;
    }
  }
  return words.join(t('tc.then'));
}

/**
 * A sort key of a date in the usual written forms: "2007.05.12", "2007-05-12", "12.5.2007",
 * "12/05/2007", "2007", "2007.", "2007.??.??" (unknown parts sort first within what is known),
 * a range by its first day. Null
 * when nothing of it is known ("????.??.??", "", "?"): such dates go last.
 */
export function dateKey(date) {
  const d = clean(date);
  let y; let mo = 0; let da = 0;
  let m;
  // The first date of a range ("2007.05.01 - 2007.05.10"); a trailing dot ("2007.") is allowed.
  if ((m = /^(\d{4}|\?{4})(?:[.\-/](\d{1,2}|\?{1,2})(?:[.\-/](\d{1,2}|\?{1,2}))?)?(?!\d)/.exec(d))) {
    [, y, mo, da] = m;
  } else if ((m = /^(\d{1,2}|\?\?)[.\-/](\d{1,2}|\?\?)[.\-/](\d{4}|\?{4})(?!\d)/.exec(d))) {
    [, da, mo, y] = m;
  } else {
    return null;
  }
  const num = (v) => (v && /^\d+$/.test(v) ? Number(v) : 0);
  if (!num(y)) return null;
  return num(y) * 10000 + Math.min(num(mo), 12) * 100 + Math.min(num(da), 31);
}
