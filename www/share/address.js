// The address as a view of the viewer's state: writeAddress puts the state (where the games come
// from, game, ply, line, orientation, mode, language, theme) into a link, and readAddress reads
// a link back, for the page (index.html?src=… or #pdn=…), Copy link and embed.html alike. Pure
// and small, so the page reads its address before anything heavier loads.
//
// The formats, old links included (they keep working):
//   page.html?src=<file>&game=<1-based>&ply=<n|last>[&line=<id>]
//   page.html#pdn=<payload>&game=<1-based>&ply=<n>[&line=<id>]     (share.js packs the payload)
//   plus, in the query, mode=solve, orientation=black, lang=<code>, theme=light|dark and any
//   other parameter (embed.html's coordinates, moves, list, …), which are kept as they are.

/** Query parameters this module owns: written from the state, everything else is kept. */
const OWNED = ['src', 'game', 'ply', 'line', 'mode', 'orientation', 'lang', 'theme'];

/** A whole number 0…999,999,999 written in digits, or null. */
function count(value) {
  return value != null && /^\d{1,9}$/.test(value) ? Number(value) : null;
}

function decodeSafe(s) {
  try { return decodeURIComponent(s); } catch { return s; }
}

/** The `key=value` fields of a hash (the first of each key counts). */
function hashFields(hash) {
  const h = hash.startsWith('#') ? hash.slice(1) : hash;
  const fields = new Map();
  for (const part of h.split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    const key = eq < 0 ? part : part.slice(0, eq);
    if (!fields.has(key)) fields.set(key, eq < 0 ? '' : part.slice(eq + 1));
  }
  return fields;
}

/**
 * Parse a location hash. Returns null when it carries no `pdn=` payload (so ordinary anchors are
 * left alone), else `{ pdn, game, ply }` where game (1-based) and ply are numbers or null when
 * absent or malformed (and `line` when the hash names a variation).
 */
export function parseShareHash(hash) {
  if (typeof hash !== 'string') return null;
  const fields = hashFields(hash);
  const pdn = fields.get('pdn');
  if (!pdn) return null;
  const game = count(fields.get('game'));
  const line = count(fields.get('line'));
  return {
    // Mail programs sometimes percent-encode or wrap long links; neither is part of the payload.
    pdn: decodeSafe(pdn).replace(/\s+/g, ''),
    game: game === 0 ? null : game,
    ply: count(fields.get('ply')),
    ...(line != null ? { line } : {}),
  };
}

/** `{ pdn, game, ply, line }` -> '#pdn=…&game=…&ply=…' (game, ply and line written when given). */
export function buildShareHash({ pdn, game, ply, line }) {
  let h = `#pdn=${pdn}`;
  if (game != null) h += `&game=${game}`;
  if (ply != null) h += `&ply=${ply}`;
  if (line != null) h += `&line=${line}`;
  return h;
}

/** The full link for a page URL (its own hash replaced). */
export function buildShareUrl(pageUrl, fields) {
  const base = String(pageUrl).split('#')[0];
  return base + buildShareHash(fields);
}

/**
 * A link (a URL or its text) -> the state it asks for:
 *   { source: { pdn } | { src } | null, game (1-based, 1 when not given), ply (a number or
 *     'last'), line (a variation id or null), orientation ('black' or null), mode ('solve' or
 *     null), lang, theme (null when not given), params (every other query parameter) }
 * A #pdn= hash wins over ?src= (as the page has always read it); bad values read as absent.
 */
export function readAddress(href) {
  let url;
  try { url = new URL(String(href)); } catch { url = new URL('about:blank'); }
  const q = url.searchParams;
  const link = parseShareHash(url.hash);
  const plyOf = (v) => (v === 'last' ? 'last' : count(v));
  const from = link
    ? { source: { pdn: link.pdn }, game: link.game, ply: link.ply, line: link.line ?? null }
    : { source: q.get('src') ? { src: q.get('src') } : null, game: count(q.get('game')), ply: plyOf(q.get('ply')), line: count(q.get('line')) };
  const params = {};
  for (const [k, v] of q) if (!OWNED.includes(k) && !(k in params)) params[k] = v;
  return {
    source: from.source,
    game: from.game || 1,
    ply: from.ply ?? 0,
    line: from.line,
    orientation: q.get('orientation') === 'black' ? 'black' : null,
    mode: q.get('mode') === 'solve' ? 'solve' : null,
    lang: q.get('lang') || null,
    theme: q.get('theme') || null,
    params,
  };
}

/**
 * The state -> a link on `base` (a page URL: its path and the parameters this module does not
 * own are kept; its hash is replaced). `source`: { pdn } (a #pdn= link: game, ply and line go
 * in the hash), { src } (a file: they go in the query), {} (the host's own games, the page's
 * sample: they go in the query alone) or null (a text the address cannot carry: game, ply and
 * line are left out). Fields that are null or absent are not written;
 * ply 0 and game 1 are written (the page's links have always named them).
 */
export function writeAddress(state, base) {
  const url = new URL(String(base));
  url.hash = '';
  const q = url.searchParams;
  for (const k of OWNED) q.delete(k);
  const { source = null, game = null, ply = null, line = null } = state;
  const place = { game, ply, line: line ?? null };
  if (source && source.pdn == null) {
    if (source.src != null) q.set('src', source.src);
    for (const [k, v] of Object.entries(place)) if (v != null) q.set(k, String(v));
  }
  if (state.mode === 'solve') q.set('mode', 'solve');
  if (state.orientation === 'black') q.set('orientation', 'black');
  if (state.lang) q.set('lang', state.lang);
  if (state.theme) q.set('theme', state.theme);
  const head = url.href; // the parameters as set above, no hash
  return source && source.pdn != null ? head + buildShareHash({ pdn: source.pdn, ...place }) : head;
}
