// A stylesheet loaded with the part that needs it, on first use, instead of up front: the game
// table's (gamelist.css), solve mode's (solve.css), the game review's (review.css), the tournament views' (tournament.css),
// the engine panel's (engine/engine.css), the Explorer's (explorer/explorer.css); the board
// editor loads its own (editor.js). It goes once into the page's head, or into the element's shadow root (where
// style.css is). The single-file build carries it (globalThis.PDN_VIEWER_FILES, by path). Each
// part's module exports its sheet as `partSheet`, which view/parts.js adds as it loads the part.

const added = new WeakMap(); // document or shadow root -> Map(path -> promise)

/**
 * Adds stylesheet `path` (from the site root; `href()` its address, asked only when the single
 * file does not carry it: there import.meta.url is a blob: URL, which nothing resolves against)
 * to `scope` (the document or a shadow root), once. Resolves when it is loaded (or failed:
 * unstyled beats not at all).
 */
export function addSheet(scope, path, href) {
  let sheets = added.get(scope);
  if (!sheets) added.set(scope, (sheets = new Map()));
  if (!sheets.has(path)) {
    sheets.set(path, new Promise((resolve) => {
      const doc = scope.ownerDocument || scope;
      const link = doc.createElement('link');
      link.rel = 'stylesheet';
      link.href = globalThis.PDN_VIEWER_FILES?.[path] || href();
      link.onload = resolve;
      link.onerror = resolve;
      (scope.head || scope).append(link);
    }));
  }
  return sheets.get(path);
}

/** The engine panel's stylesheet in `scope` (see addSheet). */
export const engineSheet = (scope) => addSheet(scope, 'www/engine/engine.css', () => new URL('../engine/engine.css', import.meta.url).href);
/** The game review's stylesheet in `scope`. */
export const reviewSheet = (scope) => addSheet(scope, 'www/view/review.css', () => new URL('./review.css', import.meta.url).href);
/** The Explorer panel's stylesheet in `scope`. */
export const explorerSheet = (scope) => addSheet(scope, 'www/explorer/explorer.css', () => new URL('../explorer/explorer.css', import.meta.url).href);
/** The tournament views' stylesheet in `scope`. */
export const tournamentSheet = (scope) => addSheet(scope, 'www/view/tournament.css', () => new URL('./tournament.css', import.meta.url).href);
/** The game table's stylesheet in `scope`. */
export const gamelistSheet = (scope) => addSheet(scope, 'www/view/gamelist.css', () => new URL('./gamelist.css', import.meta.url).href);
/** Solve mode's stylesheet in `scope`. */
export const solveSheet = (scope) => addSheet(scope, 'www/view/solve.css', () => new URL('./solve.css', import.meta.url).href);
