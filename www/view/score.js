// Written once for the engine (www/engine) and the views (www/view): the GameType taken when a
// game or a message names none, and the score convention. No imports: the engine's worker loads
// it too.

/** The GameType taken when none is named: international draughts, PDN's default (20). */
export const DEFAULT_GAMETYPE = 20;

/** The GameType of a game view (`variantNumber`, else `gametype`, else DEFAULT_GAMETYPE), as the engine takes it: a string. */
export function gametypeOf(view) {
  return String((view && (view.variantNumber || view.gametype)) || DEFAULT_GAMETYPE);
}

/**
 * The score convention. A score is `{ men, win }`: `men` in men (a man is 1), `win` the plies to
 * a forced result (positive: a win for the side the score is from; null: none found), `men` then
 * ±WIN_MEN. The engine's lines (the Analyser's `score`, `win`) and solve mode's verdict (the
 * judge's: the defender's) are from the side to move's view; the review's (the Reviewer's step),
 * the file's `[%eval]` and all that is drawn are from White's view: `whiteScore` turns the first into the second
 * (crates/engine-wasm lib.rs writes the same convention).
 */
export const WIN_MEN = 1000;

/** A score from the side to move's view ({ score, win }, an engine line) as { men, win } from White's. */
export function whiteScore(line, whiteToMove) {
  const sign = whiteToMove ? 1 : -1;
  return { men: line.score * sign, win: line.win == null ? null : line.win * sign };
}
