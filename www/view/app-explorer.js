// The Explorer as the viewer wires it (app.js): the panel beside the board (explorer/attach.js,
// a part loaded the first time it is turned on or a search is asked), a move clicked in it
// played on the analysis board, the games it finds listed in the game table, a player's games
// and score, and the searches by position and by pattern. Loaded with the Explorer
// (view/parts.js): app.js answers for it until then.

/**
 * ctx (app.js's): doc, parts (parts.explorer: the panel's box), o (the app's options:
 * onExplorer, onListed), viewer, library, words, app (app.setExplorer), part (parts.js's load),
 * has (parts.js's has), found(games) (app.js: the games found listed in the table), analysis() (resolves to the analysis board),
 * failed. Returns { get explorer(), api } — app.js's own methods call the api's.
 */
export function createExplorer(ctx) {
  const { doc, parts, o, library } = ctx;
  let explorer = null;
  let explorerReady = null;
  const here = () => Boolean(parts.explorer && ctx.has('explorer'));

  /** Plays the move of index `choice` at the shown place on the analysis board. */
  async function play(choice) {
    const analysis = await ctx.analysis();
    const s = ctx.viewer.state;
    const moves = await library.legalMoves(s.game, s.line, s.ply);
    const m = (moves || []).find((x) => x.index === choice);
    if (m) await analysis.play(m);
  }

  /**
   * The Explorer beside the board (explorer/attach.js), made once.
   * A move clicked is played on the analysis board; the games found are listed in the table.
   */
  function loadExplorer() {
    explorerReady ??= ctx.part('explorer').then(({ attachExplorer }) => {
      explorer = attachExplorer({
        doc, viewer: ctx.viewer, panel: parts.explorer, t: ctx.words, library, play,
        list: ctx.found,
        close: () => ctx.app.setExplorer(false).catch(ctx.failed),
        listed: (found) => o.onListed?.(found),
      });
      return explorer;
    });
    return explorerReady;
  }

  /** The Explorer, shown if it was not. */
  async function shown() {
    const x = await loadExplorer();
    if (!x.on) { x.set(true); ctx.viewer.openPart('explorer'); o.onExplorer?.(true); }
    return x;
  }

  const gametypeOr = (gametype) => gametype || ctx.viewer.state.view?.variantNumber || '';

  const api = {
    /** The Explorer shown or hidden. Resolves to whether it is shown. */
    async setExplorer(on) {
      if (!here()) return false;
      if (!on && !explorer) return false;
      const x = await loadExplorer();
      x.set(on);
      ctx.viewer[x.on ? 'openPart' : 'closePart']('explorer'); // the viewer's state (state.js)
      o.onExplorer?.(x.on);
      return x.on;
    },
    /**
     * Player `name`'s games listed in the game table and their score (W/D/L in the file's
     * scoring) in the Explorer, shown if it was not. Resolves to the core's PlayerView, or null
     * where the host has no Explorer.
     */
    async showPlayer(name) {
      if (!here()) return null;
      return (await shown()).showPlayer(name);
    },
    /**
     * Lists the games that reach the shown position (fen null) or the position of `fen` in
     * GameType `gametype` (default: the shown game's) in the game table, with the Explorer shown.
     * Resolves to them ([{game, ply}]). With `open`, the first of them is shown at the ply where
     * it reaches the position (an address's find=: the board, the Explorer and the table agree).
     */
    async findPosition(fen = null, gametype = null, { open = false } = {}) {
      if (!here()) return [];
      const x = await shown();
      const found = await (fen == null ? x.findHere() : x.findFen(fen, gametypeOr(gametype)));
      if (open && found.length) await ctx.app.pick(found[0].game - 1);
      return found;
    },
    /**
     * Lists the games whose board holds every piece of the FEN `pattern` (the other squares
     * free) in GameType `gametype` (default: the shown game's), with the Explorer shown.
     */
    async findPattern(pattern, gametype = null) {
      if (!here()) return [];
      return (await shown()).findPattern(pattern, gametypeOr(gametype));
    },
  };
  return { get explorer() { return explorer; }, api };
}
