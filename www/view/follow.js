// Following a live file for every host (the page's `live=1`, the element's `live`): live.js
// polls the address; each new text is opened again by the host's reopen(text, place), keeping
// the reader's place. A reader at the last move of a game's mainline follows it (the new moves
// are stepped through, animated); anyone else keeps their place and sees a "new moves" mark; a
// reader with moves of their own on the board keeps them, and the new text waits until they
// press the mark. The badge says live, paused, retrying, finished or stopped, and when the file
// last changed. No rules here.

import { createLive, liveInterval } from '../reader/live.js';
import { lineView } from './views.js';
import { clockSeconds, clockText } from './boards.js';

/**
 * What of a fetched text is shown: a file caught while it was being written ends inside a move
 * (no white space after its last character), so the text up to its last white space is shown,
 * unless the same text came before (`previous`): then it is what the file holds, shown whole
 * (and any problem at its end reported). Returns { text, cut }.
 */
export function settledText(text, previous) {
  if (text === previous || /\s$/.test(text)) return { text, cut: false };
  const m = /\s\S*$/.exec(text);
  return m ? { text: text.slice(0, m.index + 1), cut: true } : { text, cut: false };
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
    if (fresh || pending != null) {
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
      const { text, cut } = settledText(fetched, previous);
      previous = fetched;
      const said = await apply(text);
      // Cut short: the same text at the next fetch is shown whole.
      return cut ? { ...said, finished: false, again: true } : said;
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

  return {
    live,
    /** Starts following; `first` is the text already shown. */
    start(first) { draw(); live.start(first); },
    stop() {
      live.stop();
      if (ticker) doc.defaultView.clearInterval(ticker);
      if (badge) badge.hidden = true;
      if (host) delete host.dataset.live;
    },
    redraw: draw,
  };
}
