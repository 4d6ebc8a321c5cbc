// The <pdn-viewer> element's attributes in one table (issue 39): name, type, default and what
// each maps to in the viewer. www/pdn-viewer.js takes its observedAttributes and its parsing
// from it; docs/embedding.md's list of attributes and types/pdn-viewer.d.ts name the same ones
// (tests/js/attributes.test.mjs). No DOM here.
//
// Types: 'index' (a whole number from 1), 'id' (a whole number from 0, or none), 'ply' (a whole
// number from 0, or 'last'), 'switch' (on when present, but 'off', 'false' or '0'), a list of
// words (one of them, else the default), 'text' (as written), 'url'.

/** The words that turn a switch attribute off (`analysis="off"`). */
export const OFF = Object.freeze(['off', 'false', '0']);

const row = (name, type, fallback, maps, observed = true) => Object.freeze({ name, type, default: fallback, maps, observed });

/** The attributes: { name, type, default, maps (what it sets in the viewer), observed (a change is followed) }. */
export const ATTRIBUTES = Object.freeze([
  row('game', 'index', 1, 'the game shown: viewer.showGame(game − 1) → state.game'),
  row('ply', 'ply', 0, 'the place: viewer.goTo(ply, line) → state.ply (last: the end of the mainline)'),
  row('line', 'id', null, 'the variation `ply` counts in → state.line'),
  row('orientation', Object.freeze(['white', 'black']), 'white', 'viewer.flip() → state.flipped (black: flipped)'),
  row('coordinates', Object.freeze(['numbers', 'algebraic', 'none']), 'numbers', 'viewer.setCoordinates → state.coordinates'),
  row('theme', Object.freeze(['light', 'dark', 'auto']), null, 'data-theme: style.css\'s palette (none: the page\'s, themeOf)'),
  row('moves', Object.freeze(['right', 'bottom', 'auto', 'none']), 'auto', 'the move list beside or under the board (style.css, :host([moves]))'),
  row('list', 'switch', true, 'the game table of a file of several games (app.showList)'),
  row('lang', 'text', null, 'the language of the words (app.setLanguage; none: the page\'s)'),
  row('src', 'url', null, 'the PDN file read (the element\'s load)'),
  row('wheel', 'switch', false, 'the mouse wheel over the board steps through the moves (controls.js)', false),
  row('messages', Object.freeze(['errors', 'all', 'none']), 'errors', 'viewer.setMessages → state.messages'),
  row('fill', 'switch', false, 'the board as large as the element\'s height allows (--board-fit)', false),
  row('mode', Object.freeze(['solve']), null, 'solve mode: viewer.setMode(\'solve\') → state.mode'),
  row('analysis', 'switch', false, 'analysis mode\'s moves and marks on the board (analysis.js) → state.mode'),
  row('editor', 'switch', false, 'the Edit position button (editor.js, on demand)'),
  row('gif', 'switch', false, 'the Download GIF button (share/gif.js, on demand)'),
  row('view', Object.freeze(['game', 'boards', 'standings']), 'game', 'the tournament view (app.setView) → state.tab'),
  row('round', 'text', null, 'the round the boards show (app.setView)'),
  row('live', 'switch', false, 'the file fetched again as it grows, every 10 s or as many seconds as given (follow.js)'),
  row('engine', 'switch', false, 'the engine\'s panel and arrow (engine-part.js, on demand) → state.parts'),
  row('explorer', 'switch', false, 'the Explorer\'s panel and the players as buttons (app.setExplorer) → state.parts'),
]);

/** The names whose changes the element follows (its observedAttributes). */
export const OBSERVED = Object.freeze(ATTRIBUTES.filter((a) => a.observed).map((a) => a.name));

const BY_NAME = new Map(ATTRIBUTES.map((a) => [a.name, a]));

/**
 * The value of attribute `name` as written (`raw`, null when absent), parsed by its type: the
 * default where it is absent or says nothing the type knows. An unknown name gives `raw`.
 * @param {string} name
 * @param {string | null} raw
 */
export function attributeValue(name, raw) {
  const a = BY_NAME.get(name);
  if (!a) return raw;
  if (raw == null) return a.default;
  const v = String(raw).trim();
  if (a.type === 'switch') return !OFF.includes(v.toLowerCase());
  if (a.type === 'index') return /^\d{1,9}$/.test(v) && Number(v) >= 1 ? Number(v) : a.default;
  if (a.type === 'id') return /^\d{1,9}$/.test(v) ? Number(v) : a.default;
  if (a.type === 'ply') return v === 'last' ? 'last' : /^\d{1,9}$/.test(v) ? Number(v) : a.default;
  if (Array.isArray(a.type)) return a.type.includes(v.toLowerCase()) ? v.toLowerCase() : a.default;
  return v;
}
