// The game table as the viewer wires it (app.js): the table (gamelist.js, a part loaded the
// first time a text has two games or more), its count, the previous and next game buttons, the
// filter, and the games the Explorer found listed alone.
// Loaded with the table (view/parts.js): app.js answers for it until then.

/**
 * ctx (app.js's): doc, parts (gameList, gamesCount), o (the app's
 * options: onCount), viewer, app (app.t, app.pick, app.showPlayer), part (parts.js's load),
 * playerLinks, failed. Returns { list, withList(fn), updateCount(), found(games),
 * reset(), retranslate(t), redraw(), neighbour(step), filter(words), setRows(rows, { partial }) }
 * — app.js's methods call them.
 */
export function createTable(ctx) {
  const { doc, parts, o } = ctx;
  let list = null;
  let listReady = null;

  function updateCount() {
    const { viewer } = ctx;
    if (!list || viewer.state.count < 2) return;
    const shown = list.state.order.length;
    if (parts.gamesCount) parts.gamesCount.textContent = ctx.app.t('list.shown', { shown, count: viewer.state.count });
    o.onCount?.(shown, viewer.state.count);
  }

  /** The table, made the first time a text has two games or more; calls run in order. */
  function withList(fn) {
    listReady ??= ctx.part('gamelist').then(({ createGameList }) => {
      list = createGameList({
        doc, el: parts.gameList, t: ctx.app.t, onSelect: (i) => ctx.app.pick(i),
        players: ctx.playerLinks, onPlayer: (name) => ctx.app.showPlayer(name).catch(ctx.failed),
      });
      return list;
    });
    return listReady.then(fn);
  }


  /** The games the Explorer found ([{game (1-based), ply}]) listed alone, or all again (null). */
  function found(games) {
    withList((l) => { l.restrict(games ? games.map((f) => f.game - 1) : null); updateCount(); });
  }

  /** A new text: no game found, every game listed. */
  function reset() {
    if (list) list.restrict(null);
  }

  return {
    get list() { return list; },
    withList,
    updateCount,
    found,
    reset,
    retranslate(t) { if (list) list.setTranslator(t); updateCount(); },
    redraw() { list?.redraw(); },
    /** Opens the game `step` rows before or after the open one (the previous/next game buttons). */
    // Pressed or typed before the table's modules came (a loaded machine), they act once it
    // is made: before its rows, the next game is the file's.
    neighbour(step) {
      return withList((l) => {
        const { game, count } = ctx.viewer.state;
        const next = l.state.order.length ? l.neighbour(step) : game + step;
        if (next >= 0 && next < count) return ctx.app.pick(next);
      });
    },
    /** The rows whose text has `words` (the filter box). */
    filter(words) { return withList((l) => { l.filter(words); updateCount(); }); },
    /** The table's rows (library open()'s `rows` report); a long list's first rows are `partial`. */
    setRows(rows, { partial = false } = {}) {
      return withList((l) => {
        l.setRows(rows);
        l.select(ctx.viewer.state.game);
        // A long list's first rows: the count is said once all are in.
        if (partial && parts.gamesCount) parts.gamesCount.textContent = '';
        else updateCount();
      });
    },
  };
}
