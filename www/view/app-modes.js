// The viewer's modes and views loaded on use, as app.js wires them: solve mode (solve.js, with
// the analysis board; a move past the text put to the engine), the tournament views
// (tournament.js: tabs, boards, standings) and the board editor over the page (editor.js).
// Loaded with the first of them (view/parts.js): app.js answers for them until then.

import { DEFAULT_GAMETYPE } from './score.js';

/**
 * ctx (app.js's): doc, parts (solve, tournament, tournamentEntry, plyInfo, explorer), host, o
 * (the app's options: leave, solveHide, onSolve, onView, download), viewer, library, words,
 * buttons (the navigation's), app, part and has (parts.js's), analysis() (resolves to the
 * analysis board), extra() (the engine part, or null) and loadExtra() (resolves to it),
 * startEditing(). Returns { get solve(), get solveAt() (the mainline ply solving started
 * from), startSolving(), get tournament(), api } — app.js's own methods call the api's.
 */
export function createModes(ctx) {
  const { doc, parts, host, o, library, buttons } = ctx;
  let solve = null;
  let solveReady = null;
  let solveAt = 0; // the mainline ply solving started from (the address keeps it)
  let tournament = null;
  let tournamentReady = null;

  /** Solve mode (with the analysis board), made once. */
  function loadSolve() {
    solveReady ??= ctx.analysis().then(async (analysis) => {
      const { createSolve } = await ctx.part('solve');
      solve = createSolve({
        doc, viewer: ctx.viewer, library, analysis, panel: parts.solve, host, t: ctx.words,
        // The coming moves are hidden: the steps through them, and what the host lists.
        hide: [buttons.first, buttons.prev, buttons.play, buttons.next, buttons.last, parts.plyInfo, ...(o.solveHide || [])],
        onLeave: o.leave ? () => ctx.app.setSolving(false) : null,
        onChange: () => { ctx.extra()?.update(); o.onSolve?.(); },
        // A move past the text is put to the engine (its own worker, loaded on that move).
        engine: ctx.has('engine') ? () => ctx.loadExtra().then((x) => x.judge()) : null,
      });
      return solve;
    });
    return solveReady;
  }

  /** Starts solving the shown game from the shown position (the engine would tell: it stops). */
  function startSolving() {
    solveAt = ctx.viewer.mainlinePly();
    ctx.extra()?.solving();
    solve.start();
  }

  /**
   * The tournament views (tournament.js: tabs, boards, standings) in parts.tournament, made the
   * first time a text has two games or more, or a view is asked for.
   */
  function loadTournament() {
    tournamentReady ??= ctx.part('tournament').then(({ attachTournament }) => {
      tournament = attachTournament({
        doc, app: ctx.app, el: parts.tournament, entry: parts.tournamentEntry, download: o.download,
        onView: (view) => {
          host.dataset.view = view;
          ctx.viewer.setTab(view); // the viewer's state (state.js)
          // The board is hidden in boards and standings (style.css): the panel shows in its place,
          // however the view was chosen (the tabs, the game list's bar, the host's attribute).
          parts.tournament.hidden = view === 'game';
          o.onView?.(view);
        },
      });
      return tournament;
    });
    return tournamentReady;
  }

  const api = {
    /** Solve mode on or off: the shown game from the shown position. Resolves to solve mode. */
    async setSolving(on) {
      const s = await loadSolve();
      if (on) startSolving();
      else s.stop();
      o.onSolve?.();
      return s;
    },
    /**
     * Shows a tournament view (tournament.js VIEWS; `round` for the boards) — or, with no
     * argument, the view drawn again for a new text. The game list's bar has the way in
     * (parts.tournamentEntry, from two games on); the tabs show only in the boards or the
     * standings, so that the game view keeps its height for the board. (app.js asks only
     * when there is a view to draw.)
     */
    async setView(view = null, { round = null } = {}) {
      const tm = await loadTournament();
      if (view) await tm.setView(view, { round });
      else await tm.refresh();
      parts.tournament.hidden = tm.view === 'game';
      if (parts.tournamentEntry) parts.tournamentEntry.hidden = ctx.viewer.state.count < 2;
      return tm.view;
    },
    /**
     * The board editor over the page (editor.js), from `fen` on GameType `gametype` (by default
     * the shown position). link(pdn) makes its link; analyse(pdn) opens its game in the viewer.
     * @param {{ fen?: string | null, gametype?: string | null, link?: any, analyse?: any, onClose?: any }} [options]
     */
    async editPosition({ fen = null, gametype = null, link, analyse, onClose } = {}) {
      const { openEditor } = await ctx.part('editor');
      const { viewer, app } = ctx;
      let from = fen;
      if (from == null) {
        try { from = app.currentFen(); } catch { from = ''; } // no game shown: an empty board
      }
      ctx.startEditing();
      // With the Explorer, the editor can list the open text's games that reach its position.
      const find = parts.explorer && ctx.has('explorer') && viewer.state.count > 0
        ? (at, type, pattern) => (pattern ? app.findPattern(at, type) : app.findPosition(at, type)) : undefined;
      return openEditor({
        doc, t: app.t, fen: from, gametype: gametype || viewer.state.view?.variantNumber || DEFAULT_GAMETYPE,
        coordinates: viewer.state.coordinates, link, analyse, find, onClose,
      });
    },
  };
  return { get solve() { return solve; }, get solveAt() { return solveAt; }, startSolving, get tournament() { return tournament; }, api };
}
