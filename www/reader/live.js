// Live files (`live=1`, the element's `live` attribute): the file at an address fetched again
// every few seconds while a tournament is played. Each fetch revalidates the browser's copy
// (`cache: 'no-cache'`): the browser sends the If-None-Match / If-Modified-Since of what it has,
// so an unchanged file costs a 304 — on any origin, as no header of ours needs a CORS
// preflight. Errors back off; polling pauses while the tab is hidden and stops once the host
// says every game is finished, or once the file has not changed for LIVE.idleFetches
// intervals. What the new text means (merging it, following a game) is the host's part: this
// module only says when the text changed. No rules, no DOM beyond the visibility state.

/** The timings, in milliseconds (docs/embedding.md, "Live tournament page"). */
export const LIVE = Object.freeze({
  every: 10_000, // between two fetches by default
  least: 2_000, // the shortest interval a page may ask for
  most: 120_000, // the longest wait after errors
  // No change for this many intervals (an hour at the default 10 s): the round is over,
  // polling stops (docs/embedding.md, README "Contracts").
  idleFetches: 360,
});

/** The interval asked for (`live=15`: seconds; `live=1`/`''`: the default), within bounds. */
export function liveInterval(value) {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 1) return LIVE.every;
  return Math.min(LIVE.most, Math.max(LIVE.least, Math.round(n * 1000)));
}

/**
 * Polls `url`. `onText(text)` is called with each new text (not with an unchanged one) and may
 * return (or resolve to) `{ finished: true }` to stop, or `{ again: true }` to be handed the
 * text once more at the next fetch even if it has not changed; `onStatus({ state, at, error })` tells the badge:
 * `live` (at: the time of the last change), `paused` (hidden tab), `error` (retrying),
 * `finished` or `stopped` (idle). `fetch`, `doc`, `now`, `setTimer`/`clearTimer` are the
 * browser's unless given (tests give their own).
 * @param {{ url: string, every?: number, onText: (text: string) => any,
 *   onStatus?: (status: { state: string, at: number, error?: unknown }) => void, [more: string]: any }} options
 */
export function createLive({
  url, every = LIVE.every, onText, onStatus = () => {},
  fetch = globalThis.fetch.bind(globalThis), doc = globalThis.document,
  now = () => Date.now(), setTimer = globalThis.setTimeout.bind(globalThis),
  clearTimer = globalThis.clearTimeout.bind(globalThis),
}) {
  let last = null; // the last text handed on
  let again = false; // hand the same text on once more (onText said `again`)
  let changedAt = now();
  let failures = 0;
  let timer = null;
  let state = 'live';
  let running = false;

  const status = (s, more = {}) => { state = s; onStatus({ state: s, at: changedAt, ...more }); };

  function schedule(ms) {
    clearTimer(timer);
    timer = setTimer(tick, ms);
  }

  async function tick() {
    timer = null;
    if (state === 'finished' || state === 'stopped') return;
    if (doc && doc.hidden) { status('paused'); return; }
    if (running) return;
    running = true;
    try {
      const response = await fetch(url, { cache: 'no-cache' });
      if (response.status === 304) {
        failures = 0;
      } else if (!response.ok) {
        throw new Error(`HTTP ${response.status}`);
      } else {
        const text = await response.text();
        failures = 0;
        if (text !== last || again) {
          if (text !== last) changedAt = now();
          last = text;
          const said = (await onText(text)) || {};
          again = Boolean(said.again);
          if (said.finished) { status('finished'); return; }
        }
      }
      if (now() - changedAt > LIVE.idleFetches * every) { status('stopped'); return; }
      status('live');
      schedule(every);
    } catch (error) {
      failures += 1;
      status('error', { error: String(error && error.message || error) });
      schedule(Math.min(LIVE.most, every * 2 ** Math.min(failures, 6)));
    } finally {
      running = false;
    }
  }

  const onVisibility = () => {
    if (!doc.hidden && state === 'paused') { status('live'); schedule(0); }
  };
  if (doc) doc.addEventListener('visibilitychange', onVisibility);

  return {
    get state() { return state; },
    /** Starts with a fetch now (`first`: the text already shown, so it is not handed on again). */
    start(first = null) { last = first; schedule(first == null ? 0 : every); },
    /** Says the round is finished without fetching (the host saw every result in the first text). */
    finish() { clearTimer(timer); timer = null; status('finished'); },
    /** Fetches now (a reader's "refresh"). */
    now() { if (state !== 'finished') { state = 'live'; schedule(0); } },
    stop() {
      clearTimer(timer);
      timer = null;
      if (doc) doc.removeEventListener('visibilitychange', onVisibility);
      state = 'stopped';
    },
  };
}
