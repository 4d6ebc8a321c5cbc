// The engine worker's loop, apart from the worker so that Node tests run it: one analysis at a
// time, stepped one depth per call into the engine's wasm (pkg/engine.js, Analyser: the Rust
// pdn_engine::Analyser, which pdn analyse runs too), each depth's lines posted as they come, a
// turn given between steps so that a stop (or a new position) is heard at once. The deepening's
// rules (a depth that overran its share of time searched again with twice the share, the end of
// the analysis) are the Analyser's; nothing here knows draughts or searches (the core and the
// engine do). A game review runs
// in the same loop: one mainline position searched per call into the engine's Reviewer, each
// position's evaluation and the ply that led there (its mark and better move) posted as they
// come, a turn given between positions (a stop, a new position or another review ends it).
// "Find the shots in this file" runs in it too: one position per call into the engine's
// PuzzleRun, the progress posted every few calls, the problem file at the end.
// The messages each way are the rows of protocol.js; the dispatcher here is made from them.

import { dispatcher, reply } from './protocol.js';
import { DEFAULT_GAMETYPE } from '../view/score.js';

/** Time (ms) a step may take before the worker looks at its messages (the Analyser doubles it for a depth that overran it). */
export const SLICE_MS = 250;
/** Depths a review searches at most (an analysis's are the Analyser's, crates/engine-wasm MAX_DEPTH). */
export const MAX_DEPTH = 60;
/**
 * Nodes a review gives each position, unless the message says: a node budget, so that a review
 * gives the same marks on every run and machine, and `pdn review --nodes N` the same as the page
 * (crates/engine review.rs REVIEW_NODES). The time the reader waits is the progress shown.
 */
export const REVIEW_NODES = 100000;
/** The review's table size, in entries: `pdn review`'s (review.rs REVIEW_ENTRIES), for the same marks. */
export const REVIEW_ENTRIES = 1 << 18;
/** Time (ms) solve mode gives the engine to prove a move wins, unless the message says. */
export const JUDGE_MS = 1500;

/**
 * `Analyser` is the wasm class; `post(message)` sends to the page; `pause()` gives the event
 * loop a turn. The messages in and out are protocol.js's REQUESTS and REPLIES: 'analyse' answers
 * 'info' per depth, then 'done' (within `nodes` when the message gives them: `pdn analyse
 * --nodes N`'s lines); 'review' (with `Reviewer`, the wasm class) 'reviewing' per
 * position (score and win from White's side, ply the judged ply or null), then 'reviewed'; the
 * last review finished is kept, and 'annotate' (its id, the game's PDN) answers 'annotated' and
 * stops nothing; solve mode's 'judge' (the position after the reader's move) is stepped a depth
 * at a time for up to `ms` in all (JUDGE_MS; the Analyser ends it sooner at a forced result), and
 * answers 'judged' (the Analyser's judge: crates/engine-wasm); 'error' for a position the engine
 * cannot take or a request the table does not know.
 * With `egdb(gametype)` (the worker's: fetches and installs that variant's endgame database,
 * resolving to whether it did), a position the engine would answer from one (English checkers
 * near the end: the wasm's `wantsEgdb()`) waits for it the first time.
 */
export function createSession(Analyser, post, { pause = () => new Promise((r) => { setTimeout(r, 0); }), Reviewer = null, PuzzleRun = null, egdb = null } = {}) {
  let current = 0;
  const databases = new Map(); // GameType -> whether its endgame database got installed (a promise)
  /**
   * Waits for the endgame database `a` (an Analyser or a Reviewer) wants, if it wants one:
   * fetched and installed once (`egdb(gametype)`, the worker's), a failure taken as none.
   */
  async function database(a) {
    const gametype = egdb && a.wantsEgdb ? a.wantsEgdb() : 0;
    if (!gametype) return;
    if (!databases.has(gametype)) databases.set(gametype, Promise.resolve().then(() => egdb(gametype)).catch(() => false));
    await databases.get(gametype);
  }
  let kept = null; // { id, r }: the last review finished (for 'annotate')
  async function review(msg, mine) {
    let r;
    try {
      if (!Reviewer) throw new Error('no review in this engine');
      r = new Reviewer(String(msg.gametype ?? DEFAULT_GAMETYPE), (msg.fens ?? []).map(String), msg.entries ?? REVIEW_ENTRIES, String(msg.goal ?? 'standard'));
      if (msg.moves && r.writeLike) r.writeLike(msg.moves.map(String));
    } catch (e) {
      post(reply('error', { id: msg.id, message: e && e.message ? e.message : String(e) }));
      return;
    }
    let finished = false;
    try {
      await database(r);
      const depth = Math.min(msg.depth ?? MAX_DEPTH, MAX_DEPTH);
      const nodes = msg.nodes ?? REVIEW_NODES;
      while (mine === current) {
        const step = r.step(depth, nodes);
        if (mine !== current || !step) break;
        post(reply('reviewing', { id: msg.id, ...step }));
        await pause();
      }
      if (mine === current) {
        post(reply('reviewed', { id: msg.id, summary: r.summary() }));
        if (kept) kept.r.free();
        kept = { id: msg.id, r };
        finished = true;
      }
    } finally {
      if (!finished) r.free();
    }
  }
  function annotate(msg) {
    try {
      if (!kept || kept.id !== msg.id) throw new Error('that review is not kept');
      post(reply('annotated', { id: msg.id, text: kept.r.annotate(String(msg.text ?? '')) }));
    } catch (e) {
      post(reply('error', { id: msg.id, message: e && e.message ? e.message : String(e) }));
    }
  }
  /**
   * Steps the Analyser `a` (its budget set) to its end, a turn given between steps; `each(r)` gets
   * every step that found a new depth. False when another request took over.
   */
  async function stepped(a, mine, each) {
    await database(a);
    while (mine === current) {
      const r = a.step(SLICE_MS);
      if (mine !== current) return false;
      if (!r) return true;
      if (r.lines.length) each(r);
      await pause();
    }
    return false;
  }
  function analyser(msg, entries) {
    return new Analyser(String(msg.gametype ?? DEFAULT_GAMETYPE), String(msg.fen ?? ''), (msg.history ?? []).map(String), msg.entries ?? entries, String(msg.goal ?? 'standard'));
  }
  async function analyse(msg, mine) {
    let a;
    try {
      a = analyser(msg, 1 << 20);
      if (msg.moves && a.writeLike) a.writeLike(msg.moves.map(String));
      a.budget(msg.multipv ?? 1, msg.depth ?? 0, msg.nodes ?? 0, 0);
    } catch (e) {
      post(reply('error', { id: msg.id, message: e && e.message ? e.message : String(e) }));
      if (a) a.free();
      return;
    }
    try {
      const over = await stepped(a, mine, (r) => post(reply('info', { id: msg.id, depth: r.depth, nodes: r.nodes, ms: r.ms, lines: r.lines })));
      if (over) post(reply('done', { id: msg.id }));
    } finally {
      a.free();
    }
  }
  async function judge(msg, mine) {
    let a;
    try {
      a = analyser(msg, 1 << 18);
      a.budget(1, 0, 0, msg.ms ?? JUDGE_MS);
    } catch (e) {
      post(reply('error', { id: msg.id, message: e && e.message ? e.message : String(e) }));
      if (a) a.free();
      return;
    }
    try {
      if (await stepped(a, mine, () => {})) post(reply('judged', { id: msg.id, ...a.judge() }));
    } finally {
      a.free();
    }
  }
  // One handler a row of protocol.js REQUESTS; all but 'annotate' first end the one running.
  const dispatch = dispatcher({
    analyse: (msg) => { current += 1; return analyse(msg, current); },
    review: (msg) => { current += 1; return review(msg, current); },
    judge: (msg) => { current += 1; return judge(msg, current); },
    puzzles: (msg) => { current += 1; return puzzles({ PuzzleRun, post, pause, running: (mine) => mine === current }, msg, current); },
    annotate: (msg) => { annotate(msg); return Promise.resolve(); },
    stop: () => { current += 1; return Promise.resolve(); }, // the running analysis sees the count change
  });
  return {
    /** Runs one message; one the table does not know is answered an error and stops nothing. */
    handle(msg) {
      const d = dispatch(msg);
      if (!d) return Promise.resolve();
      if (d.refused) { post(d.refused); return Promise.resolve(); }
      return d.run();
    },
  };
}

/**
 * The shots of a whole file ('puzzles'): the wasm's PuzzleRun stepped one position a call, a
 * turn given between calls (a stop or any other request ends it); 'puzzling' after each game's
 * position, 'puzzled' with the problem file at the end. `k`: the session's PuzzleRun, post, pause
 * and running(mine) (whether no other request took over).
 */
async function puzzles(k, msg, mine) {
  const { PuzzleRun, post, pause } = k;
  let r;
  try {
    if (!PuzzleRun) throw new Error('no puzzles in this engine');
    r = new PuzzleRun(String(msg.text ?? ''), Number(msg.nodes ?? 0), Number(msg.minGain ?? 0));
  } catch (e) {
    post(reply('error', { id: msg.id, message: e && e.message ? e.message : String(e) }));
    return;
  }
  try {
    let found = 0;
    while (k.running(mine)) {
      const step = r.step();
      if (!k.running(mine)) return;
      if (!step) break;
      found = step.found;
      post(reply('puzzling', { id: msg.id, ...step }));
      await pause();
    }
    if (k.running(mine)) post(reply('puzzled', { id: msg.id, text: r.text(), found }));
  } finally {
    r.free();
  }
}
