// Following a live file for every host (the page's `live=1`, the element's `live`): live.js
// polls the address; each new text is opened again by the host's reopen(text, place), keeping
// the reader's game and place. A reader at the last move of a game's mainline follows it (the
// new moves are stepped through, animated); anyone else keeps their place and sees a "new
// moves" mark (only in the game view, and only for their own game); a reader with moves of
// their own on the board keeps them, and the new text waits until they press the mark. A text
// caught while the file was being written is held back until it reads whole (heldBack). The
// badge says live, paused, retrying, finished or stopped, and when the file last changed; a
// round whose every game has a result is finished from the first text on. No rules here.

import { createLive, liveInterval } from '../reader/live.js';
import { lineView } from './views.js';
import { clockSeconds, clockText } from './boards.js';

/**
 * Whether a fetched text looks caught while the file was being written, so that the previous
 * complete state stays shown: it does not end with a game's result (`*`, `2-0`, `1-1`,
 * `1/2-1/2`…, then only white space: the last game is cut off) while the text shown did (a file
 * that never ends so, its writer's habit, is not judged by its end), or it is shorter than the
 * text shown (`shown`: games or moves are missing, and a round's file only grows). The same
 * text fetched twice in a row (`previous`) is what the file holds: shown whatever it looks like
 * (and any problem at its end reported).
 */
export function heldBack(text, { shown = null, previous = null } = {}) {
  if (text === previous) return false;
  const ended = (s) => /(?:^|\s)(?:\*|[0-2]-[0-2]|1\/2-1\/2|½-½)\s*$/.test(s);
  return (!ended(text) && (shown == null || ended(shown))) || (shown != null && text.length < shown.length);
}

/**
 * doc; app (createApp's); url; every (the `live` value: seconds, or 1 for the default);
 * reopen(text, { game, ply, line }) opens a new text keeping that place (the host's open);
 * badge: the element that says how it stands (data-live: its state); host: the page's body or
 * the element, which carries the same data-live (the game table marks running games by it);
 * header: the game's header, whose side-to-move clock runs down while the game is followed.
 */
export function followLive({ doc, app, url, every, reopen, badge, host = null, header = null }) {
  let pending = null; // a text kept back while the reader has moves of their own
  let fresh = false; // new moves past the reader's place
  let status = { state: 'live', at: Date.now() };
  let previous = null; // the last text fetched, whole
  let shown = null; // the text shown (the first one, then each one applied)

  function draw() {
    if (!badge) return;
    const t = app.t;
    const time = new Date(status.at).toLocaleTimeString(app.lang, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
    badge.hidden = false;
    badge.dataset.live = status.state;
    if (host) host.dataset.live = status.state;
    const words = {
      live: t('live.on', { time }),
      paused: t('live.paused'),
      error: t('live.error', { time }),
      finished: t('live.finished', { time }),
      stopped: t('live.stopped', { time }),
    }[status.state];
    const text = doc.createElement('span');
    text.className = 'live-text';
    text.textContent = words;
    const parts = [text];
    // The mark is for moves the reader can step to: in the game view, and while the round runs
    // (a text kept back for the reader's own moves is offered whatever the state).
    const inGame = !host || !host.dataset.view || host.dataset.view === 'game';
    if (pending != null || (fresh && inGame && status.state !== 'finished' && status.state !== 'stopped')) {
      const b = doc.createElement('button');
      b.type = 'button';
      b.className = 'live-new';
      b.textContent = t('live.newMoves');
      parts.push(b);
    }
    badge.replaceChildren(...parts);
  }

  async function apply(text) {
    const s = app.viewer.state;
    const length = s.view ? lineView(s.view, null).plies.length : 0;
    const atEnd = s.view != null && s.line == null && s.ply >= length;
    if (app.hasEdits) {
      pending = text;
      draw();
      return { finished: false };
    }
    pending = null;
    shown = text;
    await reopen(text, { game: s.game, ply: s.ply, line: s.line });
    const now = app.viewer.state;
    const grown = now.view ? lineView(now.view, null).plies.length : 0;
    if (atEnd && now.game === s.game && grown > length) {
      // Following: the new moves one by one, animated like the play button's steps.
      for (let p = length + 1; p <= grown; p += 1) app.viewer.goTo(p, null, { animate: grown - length <= 2 });
      fresh = false;
    } else if (grown > length && now.game === s.game) {
      fresh = true;
    }
    await app.setView();
    const unfinished = await app.library.unfinished();
    draw();
    return { finished: unfinished === 0 };
  }

  /**
   * The side to move's clock in the header counts down while the shown game runs and its last
   * move is shown (from its last reading, as drawn: the header is drawn anew at each update).
   */
  function tickHeader() {
    const s = app.viewer.state;
    if (!header || !s.view || s.line != null || status.state !== 'live') return;
    const plies = lineView(s.view, null).plies;
    if (s.ply !== plies.length || (s.view.outcome && s.view.outcome !== 'unfinished')) return;
    const mover = plies.length ? plies[plies.length - 1].side : null;
    const side = mover ? (mover === 'white' ? 'black' : 'white') : (s.view.firstMover || 'white');
    const el = header.querySelector(`.${side}-player .clock`);
    if (!el) return;
    if (el.dataset.from == null) {
      const from = clockSeconds(el.textContent);
      if (from == null) return;
      el.dataset.from = String(from);
      el.dataset.since = String(Date.now());
      el.classList.add('running');
    }
    el.textContent = clockText(Number(el.dataset.from) - (Date.now() - Number(el.dataset.since)) / 1000);
  }
  const ticker = doc.defaultView ? doc.defaultView.setInterval(tickHeader, 1000) : null;

  const live = createLive({
    url, every: liveInterval(every), doc,
    onText: async (fetched) => {
      const held = heldBack(fetched, { shown, previous });
      previous = fetched;
      // Held back: the same text at the next fetch is shown whole; a whole one replaces it.
      if (held) return { finished: false, again: true };
      return apply(fetched);
    },
    onStatus: (s) => { status = s; draw(); },
  });

  badge?.addEventListener('click', async (e) => {
    if (!e.target.closest || !e.target.closest('.live-new')) return;
    if (pending != null) {
      const text = pending;
      app.forgetEdits();
      await apply(text);
    }
    fresh = false;
    const s = app.viewer.state;
    if (s.view) app.viewer.goTo(lineView(s.view, null).plies.length, null);
    draw();
  });

  // The mark follows the view shown (boards and standings have no moves to step to).
  const watcher = host && doc.defaultView?.MutationObserver
    ? new doc.defaultView.MutationObserver(() => draw()) : null;
  watcher?.observe(host, { attributes: true, attributeFilter: ['data-view'] });

  return {
    live,
    /**
     * Starts following; `first` is the text already shown. A round whose every game already
     * has a result (opened after it ended) is finished at once: nothing is fetched again.
     */
    async start(first) {
      shown = first;
      app.following = true;
      draw();
      // Unknown (the library failed): followed as usual, the first fetch tells.
      const unfinished = first != null ? await app.library.unfinished().catch(() => null) : null;
      if (unfinished === 0) { live.finish(); return; }
      live.start(first);
    },
    stop() {
      watcher?.disconnect();
      app.following = false;
      live.stop();
      if (ticker) doc.defaultView.clearInterval(ticker);
      if (badge) badge.hidden = true;
      if (host) delete host.dataset.live;
    },
    redraw: draw,
  };
}
