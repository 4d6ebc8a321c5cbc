// The reading library's requests, listed once: each one's name, its arguments' names, which wasm
// Library method answers it and whether the answer carries a game view to unpack. The worker's
// dispatcher, its client and the in-thread library (library.js: answer, requestMethods) and the
// hosts' facades (libraryFacade) are all made from this table: a new library call is a Rust
// method, its binding and one row here. Only data and the facade: the hosts load this module
// before the first game is drawn, so what interprets the rows lives in library.js.

/**
 * One request: `args`, its arguments' names in call order (a worker message carries them by
 * these names); `calls`, the wasm Library method that answers it with them (default: the
 * request's own name; the wasm takes null for "none"), or `edit` for the analysis board's edits
 * (library.js EDITS); `view`, where the answer holds a packed game view: `'answer'` (it is one)
 * or `'field'` (its `view`); `orEmpty`, an undefined answer becomes ''.
 */
const request = (args, more = {}) => Object.freeze({ args: Object.freeze(args), calls: null, view: null, orEmpty: false, ...more });

const TABLE = {
  // A game's view within the page's budgets (pdn-view's budget.rs), the variations left out
  // null; `variations` hands out more of them. One binary buffer (pdn-view's wire.rs), moved.
  game: request(['index'], { calls: 'pageBuffer', view: 'answer' }),
  variations: request(['index', 'ids']),
  gameText: request(['index'], { orEmpty: true }),
  exportGame: request(['index']),
  exportAll: request([]),
  exportProblem: request(['index', 'line', 'ply']),
  text: request([]),
  // The games' texts as written, without the words around them (a forum post's): what a link carries.
  gamesText: request([]),
  // A game's short link (the text after #g=, pdn::shortlink), or undefined when it cannot be short.
  shortLink: request(['index']),
  legalMoves: request(['index', 'line', 'ply']),
  // Why a move typed in the move box is not played there (the captures due, when one is).
  refuseMove: request(['index', 'line', 'ply', 'text']),
  edit: request(['index', 'op', 'args'], { calls: 'edit', view: 'field' }),
  solve: request(['index', 'line', 'ply', 'choice']),
  solveState: request(['index', 'line', 'ply']),
  // Solve mode past the text: the legal moves after `choices` (move indices) played from a place.
  movesAfter: request(['index', 'line', 'ply', 'choices']),
  // The tournament table of the file (pdn-view's standings.rs).
  standings: request([]),
  // The boards view's cards of games from..to, or of one round among them (boards.rs).
  boards: request(['from', 'to', 'round']),
  // List rows of games from..to after replaying them (the variant played, the opening named,
  // the problems): the element's table asks for them after its first screen (pdn-viewer.js).
  check: request(['from', 'to']),
  // Games without a result yet (live.js follows a file until none).
  unfinished: request([]),
  // The Explorer (pdn-view's explorer.rs): the index built `games` games a request (asked again
  // until it answers `ready`, so other requests are answered in between and the page shows
  // progress), the tree at a place, the games reaching a place or a FEN or holding some material, a player's games.
  exploreStep: request(['games']),
  explorer: request(['index', 'line', 'ply']),
  findPlace: request(['index', 'line', 'ply']),
  findFen: request(['fen', 'gametype']),
  findMaterial: request(['whiteMen', 'whiteKings', 'blackMen', 'blackKings']),
  findPattern: request(['pattern', 'gametype']),
  player: request(['name']),
};

/** Request name -> { args, calls, view, orEmpty } (see `request`), `calls` filled in. */
export const METHODS = Object.freeze(Object.fromEntries(Object.entries(TABLE).map(([name, r]) => [
  name, Object.freeze({ ...r, calls: r.calls ?? name }),
])));

/** Calls that are not requests of an open text: opening one, and ending the library. */
export const LIFECYCLE = Object.freeze(['open', 'terminate']);

/**
 * A library whose every call goes to whatever `backend()` gives at the time of the call (a
 * library, or a promise of one): the page's lazily started worker, or an element's reader in
 * this thread or in the shared worker.
 */
export function libraryFacade(backend) {
  const names = [...LIFECYCLE, ...Object.keys(METHODS)];
  return Object.fromEntries(names.map((name) => [name, async (...args) => (await backend())[name](...args)]));
}
