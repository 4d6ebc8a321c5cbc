// The address as a view of the viewer's state, for the page, its links and embed.html alike:
// writeAddress puts the state in a link, readAddress reads one back (docs/embedding.md, "Sharing
// links", has the format; every older link reads as before).

/** The parameters written from the state; the others are kept. */
const OWNED = ['src', 'game', 'ply', 'line', 'mode', 'orientation', 'lang', 'theme'];

/** Digits (up to 9) as a number, else null. */
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

/** Whether a source ({ pdn } or { short }, readAddress) is a link that carries its game. */
export const isLinkSource = (source) => !!source && (source.pdn != null || source.short != null);

/**
 * A location hash -> null without a `pdn=` or `g=` payload (an ordinary anchor), else { pdn, game,
 * ply } (or { short, … } for a short link `#g=`, pdn::shortlink; `pdn=` wins when a hash has
 * both), numbers or null when absent or malformed (and `line` when it names a variation, `mode`
 * and `orientation` when the hash has them).
 * @param {unknown} hash
 * @returns {{ pdn?: string, short?: string, game: number | null, ply: number | null, line?: number, mode?: string, orientation?: string } | null}
 */
export function parseShareHash(hash) {
  if (typeof hash !== 'string') return null;
  const fields = hashFields(hash);
  const pdn = fields.get('pdn');
  const short = pdn ? null : fields.get('g');
  if (!pdn && !short) return null;
  const game = count(fields.get('game'));
  const line = count(fields.get('line'));
  return {
    // Mail programs percent-encode or wrap long links.
    ...(pdn ? { pdn: decodeSafe(pdn).replace(/\s+/g, '') } : { short: decodeSafe(short).replace(/\s+/g, '') }),
    game: game === 0 ? null : game,
    ply: count(fields.get('ply')),
    ...(line != null ? { line } : {}),
    // Written in the query; read in the hash too (a link whose query was dropped or rewritten).
    ...(fields.get('mode') === 'solve' ? { mode: 'solve' } : {}),
    ...(fields.get('orientation') === 'black' ? { orientation: 'black' } : {}),
  };
}

/**
 * { pdn, game, ply, line } -> '#pdn=…&game=…&ply=…' (each written when given); with `short` (a
 * short link's payload) instead of `pdn`, '#g=…&…': the one place a link's form is chosen.
 */
export function buildShareHash({ pdn, short = null, game, ply, line }) {
  let h = short != null ? `#g=${short}` : `#pdn=${pdn}`;
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
 * Where a link's games come from: a #pdn= payload, a #g= short link, or a file's address.
 * @typedef {{ pdn?: string, short?: string, src?: string }} Source
 */

/**
 * A link -> { source: { pdn } | { short } | { src } | null, game (from 1), ply (or 'last'), line, orientation
 * ('black'), mode ('solve'), lang, theme, params (the other parameters) }; null where absent or
 * malformed. A #pdn= hash wins over ?src=.
 */
export function readAddress(href) {
  let url;
  try { url = new URL(String(href)); } catch { url = new URL('about:blank'); }
  const q = url.searchParams;
  const link = parseShareHash(url.hash);
  const plyOf = (v) => (v === 'last' ? 'last' : count(v));
  /** @type {{ source: Source | null, game: number | null, ply: number | 'last' | null, line: number | null }} */
  const from = link
    ? { source: link.short != null ? { short: link.short } : { pdn: link.pdn }, game: link.game, ply: link.ply, line: link.line ?? null }
    : { source: q.get('src') ? { src: q.get('src') } : null, game: count(q.get('game')), ply: plyOf(q.get('ply')), line: count(q.get('line')) };
  const params = {};
  for (const [k, v] of q) if (!OWNED.includes(k) && !(k in params)) params[k] = v;
  return {
    source: from.source,
    game: from.game || 1,
    ply: from.ply ?? 0,
    line: from.line,
    orientation: q.get('orientation') === 'black' || link?.orientation ? 'black' : null,
    mode: q.get('mode') === 'solve' || link?.mode ? 'solve' : null,
    lang: q.get('lang') || null,
    theme: q.get('theme') || null,
    params,
  };
}

/**
 * The state -> a link on `base` (its path and other parameters kept). `source`: { pdn } or { short } (game,
 * ply, line in the hash), { src } (in the query), {} (the page's sample: the place alone) or null
 * (a text no address carries: no place). Null fields are left out.
 */
export function writeAddress(state, base) {
  const url = new URL(String(base));
  url.hash = '';
  const q = url.searchParams;
  for (const k of OWNED) q.delete(k);
  const { source = null, game = null, ply = null, line = null } = state;
  const place = { game, ply, line: line ?? null };
  if (source && !isLinkSource(source)) {
    if (source.src != null) q.set('src', source.src);
    for (const [k, v] of Object.entries(place)) if (v != null) q.set(k, String(v));
  }
  if (state.mode === 'solve') q.set('mode', 'solve');
  if (state.orientation === 'black') q.set('orientation', 'black');
  if (state.lang) q.set('lang', state.lang);
  if (state.theme) q.set('theme', state.theme);
  const head = url.href; // the parameters as set above, no hash
  return isLinkSource(source) ? head + buildShareHash({ pdn: source.pdn, short: source.short, ...place }) : head;
}
