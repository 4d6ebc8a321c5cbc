// The engine worker's messages, listed once, each way: a request's name (its `type`), its
// fields and the replies that answer it; a reply's name and fields. The worker's dispatcher
// (session.js, through `dispatcher`) and the page's clients (attach.js, judge.js, through
// `engineClient`) are made from this table: a request the table does not know is not sent (the
// client throws) nor run (the dispatcher answers an error), and a reply is built by `reply`.
// docs/engine.md "The worker's messages" is this table in words. Only data and the checks.

const row = (fields, answers = []) => Object.freeze({ fields: Object.freeze(fields), answers: Object.freeze(answers) });

/**
 * Page -> worker. `fields`: what the message may carry besides `type` (all optional to the
 * worker, which has defaults); `answers`: the replies that come back for it (same `id`). Any
 * request but `annotate` stops the one running first, between two calls into the engine.
 */
export const REQUESTS = Object.freeze({
  // The live analysis of a position: `moves`, the game's mainline as written (the lines are written alike);
  // `nodes` a budget (left out: until stopped), with which the lines are `pdn analyse --nodes`'.
  analyse: row(['id', 'gametype', 'fen', 'history', 'multipv', 'depth', 'entries', 'goal', 'moves', 'nodes'], ['info', 'done', 'error']),
  // A game review: `fens`, the mainline's start, then the position after each ply.
  review: row(['id', 'gametype', 'fens', 'nodes', 'depth', 'entries', 'goal', 'moves'], ['reviewing', 'reviewed', 'error']),
  // The last review finished (its id), written into `text` (the game's PDN); stops nothing.
  annotate: row(['id', 'text'], ['annotated', 'error']),
  // Solve mode: is the position after the reader's move (`fen`) still won, searched `ms` in all.
  judge: row(['id', 'gametype', 'fen', 'history', 'goal', 'ms', 'entries'], ['judged', 'error']),
  // "Find the shots in this file": `text`, the whole file's PDN, searched game by game
  // (`nodes` a position, `minGain` in hundredths of a man; left out: pdn puzzles' defaults).
  puzzles: row(['id', 'text', 'nodes', 'minGain'], ['puzzling', 'puzzled', 'error']),
  // Stops what runs; nothing answers.
  stop: row([]),
});

/** Worker -> page: each reply's fields besides `type`. */
export const REPLIES = Object.freeze({
  info: Object.freeze(['id', 'depth', 'nodes', 'ms', 'lines']),
  done: Object.freeze(['id']),
  reviewing: Object.freeze(['id', 'index', 'of', 'score', 'win', 'ply']),
  reviewed: Object.freeze(['id', 'summary']),
  annotated: Object.freeze(['id', 'text']),
  judged: Object.freeze(['id', 'verdict', 'solved', 'reply', 'win', 'score', 'depth']),
  // The shots' search under way: game `game` of `games`, `done` of its `of` positions, `found` so far.
  puzzling: Object.freeze(['id', 'game', 'games', 'done', 'of', 'found']),
  // The shots found, as a problem file (PDN, `pdn puzzles`' text for the same file and budget).
  puzzled: Object.freeze(['id', 'text', 'found']),
  // A request that could not be run (a bad position or GameType, an unknown request, no engine).
  error: Object.freeze(['id', 'message']),
});

const has = (o, k) => Object.prototype.hasOwnProperty.call(o, k);

function build(table, kind, type, fields) {
  if (!has(table, type)) throw new Error(`engine: unknown ${kind} '${type}'`);
  const known = Array.isArray(table[type]) ? table[type] : table[type].fields;
  for (const k of Object.keys(fields)) {
    if (!known.includes(k)) throw new Error(`engine: '${type}' has no field '${k}'`);
  }
  return { type, ...fields };
}

/** The request `type` with `fields`, checked against REQUESTS (throws on an unknown name or field). */
export function request(type, fields = {}) {
  return build(REQUESTS, 'request', type, fields);
}

/** The reply `type` with `fields`, checked against REPLIES (throws on an unknown name or field). */
export function reply(type, fields = {}) {
  return build(REPLIES, 'reply', type, fields);
}

/** The page's side: `send(type, fields)` posts a checked request to `worker` (a Worker). */
export function engineClient(worker) {
  return { send: (type, fields) => worker.postMessage(request(type, fields)) };
}

/**
 * The worker's side: `handlers` holds one function per REQUESTS row (and no other: throws
 * otherwise, when made). The dispatcher takes a message and returns `{ run }` (its handler,
 * called with it) or `{ refused }` (an error reply to post: no such request) for a message the
 * table does not know; null for what is not a message at all.
 */
export function dispatcher(handlers) {
  const names = Object.keys(REQUESTS);
  const missing = names.filter((n) => typeof handlers[n] !== 'function');
  const extra = Object.keys(handlers).filter((n) => !has(REQUESTS, n));
  if (missing.length || extra.length) {
    throw new Error(`engine: handlers ${missing.length ? `missing ${missing.join(', ')}` : ''}${extra.length ? ` not in the table: ${extra.join(', ')}` : ''}`);
  }
  return (msg) => {
    if (!msg || typeof msg !== 'object') return null;
    if (typeof msg.type !== 'string' || !has(REQUESTS, msg.type)) {
      return { refused: reply('error', { id: msg.id, message: `unknown request '${msg.type}'` }) };
    }
    return { run: () => handlers[msg.type](msg) };
  };
}
