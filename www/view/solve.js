// Solve mode's handler: a game read as a problem. It is the controller's 'solve' mode
// (viewer.setMode): there the controller refuses navigation, so the solution cannot be stepped
// into, and the board's input is the analysis board's (analysis.js), whose moves come here (this
// handler's `play`) instead of into the game. From the shown position the reader plays the side
// to move; the core (library.solve, pdn::solve) says whether the text gives that move and what
// the text answers. The coming moves stay hidden: the move list and the navigation are put away
// while the mode lasts, and only the moves already played are listed here. JS holds no rules: it
// shows the places the core names (viewer.showPlace) and counts tries.
//
// A move the text does not give at all (a try the text refutes stays wrong: its refutation is
// the answer) is put to the engine, loaded on that first move (`engine`: engine/judge.js): the
// position after it is searched for up to JUDGE_MS (engine/session.js), stopping as soon as a
// forced result is found, and the engine's judge (crates/engine-wasm) answers. A proven win for
// the reader is accepted ("this also wins") and the solve goes on past the text: the engine
// plays the defender's best reply, and each later move is judged the same way, until the game
// is won by the variant's goal (the judge says "solved"). A proven loss is wrong, shown with the
// engine's refutation; no forced result within the time is wrong too, said so ("the engine
// cannot confirm it wins"), and taken back. Past the text the positions are the library's
// (library.movesAfter: the moves after the choices played from the last place in the text),
// drawn as the controller's preview; the hint and "Show the move" have nothing to give there.
// docs/engine.md, "Solve mode".

import { tagOf } from '../i18n/words.js';
import { h } from './tree.js';
import { SQUARE } from './board.js';
import { lineView } from './views.js';
import { gametypeOf } from './score.js';

// Its stylesheet, loaded before the panel is made (app.js).
export { solveSheet, solveSheet as partSheet } from './sheet.js';

/** Milliseconds before the text's reply is played, and a wrong move is taken back. */
export const PAUSE = 600;

/**
 * The hint's layer over the board: the square of the piece to move (`level` 1), and the square
 * it goes to (`level` 2), from the core's hint ({ from, to }: solve state). Null when none.
 */
export function hintLayer(model, hint, level) {
  if (!hint || level < 1) return null;
  const wanted = level >= 2 ? [['from', hint.from], ['to', hint.to]] : [['from', hint.from]];
  const rects = wanted.map(([role, label]) => {
    const s = model.squares.find((q) => q.label === String(label));
    return s && h('rect', {
      class: `solve-hint solve-hint-${role}`, 'data-solve-hint': role, 'data-hint-square': s.label,
      x: s.col * SQUARE + 3, y: s.row * SQUARE + 3, width: SQUARE - 6, height: SQUARE - 6, rx: 8,
    });
  }).filter(Boolean);
  return rects.length ? h('g', { class: 'solve-hints' }, rects) : null;
}

const el = (doc, tag, attrs = {}, text = '') => {
  const e = doc.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text) e.textContent = text;
  return e;
};

/**
 * doc; viewer (viewer.js); library: solve(i, line, ply, choice) and solveState(i, line, ply)
 * (library.js); analysis: the analysis board (its handler's input); panel: the element the solve
 * controls are built in (shown while solving); hide: elements put away while solving (the move
 * list, the navigation buttons, the move count); t(key, params); host: the element that gets
 * data-solve ("solving", "solved"); onLeave: when given, a "Stop solving" button calls it;
 * onChange(): after every change (the page's address, its toggle); pause: see PAUSE. engine():
 * resolves to solve mode's engine ({ ask(q), drop() }: engine/judge.js), loaded on the first
 * move past the text; null: no engine (such a move is wrong, as before).
 */
export function createSolve({ doc, viewer, library, analysis, panel, hide = [], t, host, onLeave = null, onChange = () => {}, pause = PAUSE, engine = null }) {
  // The session's state: what the jobs below read and change.
  const s = {
    hidden: [],      // [element, its `hidden` before]
    before: 'view',  // the mode solving was started from, and goes back to
    begin: null,     // the place solving started from
    solvingView: null,
    place: null,     // the place the reader plays from
    steps: [],       // [{ before, moves: [{ notation, kind }] }]
    tries: 0,        // wrong moves
    shown: 0,        // moves shown on request
    solved: false,
    finished: false, // the text has nothing more to solve
    toMove: null,
    message: null,   // { key, params, kind }
    busy: false,
    gen: 0,          // bumped by take back / start again / stop: a pending reply is dropped
    hint: null,      // { from, to } of the text's next move (the core's solve state)
    hinted: 0,       // 0: no hint shown; 1: the piece to move; 2: and where it goes
    // Past the text: { choices (move indices played from `place`), fens (the positions after
    // them), shown (the last move, as library.movesAfter gives it: drawn as a preview) }, or null.
    past: null,
    judge: null,     // solve mode's engine, once loaded
    thinking: false, // the engine is asked: Take back and Start again drop its answer
  };

  const c = { doc, viewer, library, analysis, panel, hide, t, host, onLeave, onChange, pause, engine, s };
  c.wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  c.game = () => viewer.state.game;
  /** Shows `p`, and past the text the position reached there (the controller's preview). */
  c.goTo = (p, options) => {
    viewer.showPlace(p, options);
    if (s.past) viewer.preview(s.past.shown);
  };

  /** The hint: `next` its { from, to } (null: none), drawn at `level` over the board. */
  c.setHint = (next, level = 0) => {
    s.hint = next;
    s.hinted = next ? level : 0;
    viewer.setOverlay('solve-hint', s.hinted ? (model) => hintLayer(model, s.hint, s.hinted) : null, { under: true });
  };

  // The jobs, each given what the ones before it made.
  Object.assign(c, solvePanel(c));
  Object.assign(c, solveEngine(c));
  Object.assign(c, solvePlay(c));
  Object.assign(c, solveControls(c));
  const { render, movesAfter, onMove, showMove, showHint, reset, back, restart, enter, leave } = c;

  const input = (analysis && analysis.handler) || {};
  // Past the text the board's moves are the library's after the choices played (analysis.js asks).
  const moves = () => (s.past && s.begin ? { key: s.past.choices.join(','), list: () => movesAfter(s.past.choices) } : null);
  viewer.handle('solve', { enter, leave, play: onMove, shown: input.shown, pointer: input.pointer, moves });

  const api = {
    /** Whether solve mode is on. */
    get active() { return Boolean(s.begin); },
    /** The game view being solved (another one shown means another problem). */
    get view() { return s.solvingView; },
    /** The place solving started from ({line, ply}), or null. */
    get from() { return s.begin; },
    /** Starts solving the shown game from the shown position. */
    start() {
      if (!viewer.state.view) return;
      if (viewer.state.mode !== 'solve') {
        s.before = viewer.state.mode;
        viewer.setMode('solve');
      }
      s.begin = { line: viewer.state.line, ply: viewer.state.ply };
      s.solvingView = viewer.state.view;
      s.steps = [];
      s.tries = 0;
      s.shown = 0;
      reset(s.begin);
    },
    /** Leaves solve mode for the mode it was started from. */
    stop() {
      if (viewer.state.mode === 'solve') viewer.setMode(s.before);
    },
    /** New language: the texts again. */
    retranslate() { render(); },
    showMove,
    showHint,
    back,
    restart,
  };
  return api;
}

/** The controls, built once in the panel, and the panel drawn from the state: { buttons, render }. */
function solvePanel(c) {
  const { doc, panel, t, host, viewer, onLeave, onChange, s } = c;
  // The controls, built once.
  // The problem's name (its Event tag), drawn over the side to move.
  const heading = el(doc, 'p', { class: 'solve-title', 'data-solve-title': '' });
  const status = el(doc, 'p', { class: 'solve-status', 'data-solve-status': '' });
  const note = el(doc, 'p', { class: 'solve-message', role: 'status', 'aria-live': 'polite' });
  const list = el(doc, 'ol', { class: 'solve-moves' });
  const buttons = {
    hint: el(doc, 'button', { type: 'button', class: 'solve-hint-button', 'data-solve': 'hint' }),
    show: el(doc, 'button', { type: 'button', class: 'solve-show', 'data-solve': 'show' }),
    back: el(doc, 'button', { type: 'button', class: 'solve-back', 'data-solve': 'back' }),
    restart: el(doc, 'button', { type: 'button', class: 'solve-restart', 'data-solve': 'restart' }),
  };
  if (onLeave) buttons.leave = el(doc, 'button', { type: 'button', class: 'solve-leave', 'data-solve': 'leave' });
  const actions = el(doc, 'div', { class: 'solve-actions' });
  actions.append(...Object.values(buttons));
  panel.replaceChildren(status, note, list, actions, heading); // the title is drawn first (style.css: order)
  panel.hidden = true;

  function label() {
    panel.setAttribute('aria-label', t('solve.title'));
    buttons.hint.textContent = t('solve.hint');
    buttons.hint.title = t('solve.hintTitle');
    buttons.show.textContent = t('solve.show');
    buttons.back.textContent = t('solve.back');
    buttons.restart.textContent = t('solve.restart');
    if (buttons.leave) buttons.leave.textContent = t('solve.leave');
  }
  label();

  function render() {
    label();
    if (!s.begin) return;
    let words;
    if (s.solved) words = t('solve.solved');
    else if (s.finished) words = t('solve.nothing');
    else words = t(s.toMove === 'black' ? 'solve.blackToPlay' : 'solve.whiteToPlay');
    status.textContent = words;
    const name = tagOf(viewer.state.view, 'Event');
    heading.textContent = name === '?' ? '' : name;
    heading.hidden = !heading.textContent;
    if (s.solved) status.append(' ', el(doc, 'span', { class: 'solve-score' }, t('solve.score', { tries: s.tries, shown: s.shown })));
    const state = s.solved ? 'solved' : s.finished ? 'nothing' : 'solving';
    panel.dataset.state = state;
    host.dataset.solve = state;
    note.textContent = s.message ? t(s.message.key, s.message.params) : '';
    note.hidden = !s.message;
    note.dataset.kind = s.message ? s.message.kind : '';
    if (s.busy) panel.dataset.busy = ''; else delete panel.dataset.busy;
    list.replaceChildren();
    for (const step of s.steps) {
      for (const m of step.moves) {
        const li = el(doc, 'li', { class: `solve-move ${m.kind === 'engine' ? 'accepted' : m.kind}`, 'data-kind': m.kind }, m.notation);
        if (m.kind === 'shown') li.append(' ', el(doc, 'span', { class: 'solve-tag' }, t('solve.shownTag')));
        list.append(li);
      }
    }
    list.hidden = !s.steps.length;
    buttons.show.disabled = s.busy || s.solved || s.finished || Boolean(s.past);
    buttons.hint.disabled = s.busy || s.solved || s.finished || !s.hint || s.hinted >= 2;
    buttons.hint.setAttribute('data-hinted', String(s.hinted));
    buttons.back.disabled = (s.busy && !s.thinking) || !s.steps.length;
    buttons.restart.disabled = (s.busy && !s.thinking) || (!s.thinking && !s.steps.length && !s.tries && !s.shown);
    onChange();
  }

  return { buttons, render };
}

/**
 * Solve mode's engine: a move the text does not give is put to it (judged), and past the text
 * the moves are the library's (movesAfter). Returns { movesAfter, judged }.
 */
function solveEngine(c) {
  const { viewer, library, engine, pause, s, render, setHint, wait, game } = c;
  /** The engine's question about `move` (a legal move past the text, or not in it). */
  function question(move) {
    const { view } = viewer.state;
    const line = lineView(view, s.place.line);
    const fens = [line.start ? line.start.fen : '', ...line.plies.map((p) => p.fen)].slice(0, s.place.ply + 1);
    return {
      gametype: gametypeOf(view),
      goal: view.goal || 'standard',
      fen: move.fen,
      history: [...fens, ...(s.past ? s.past.fens : [])].filter(Boolean),
    };
  }

  /** The moves after `choices` played from the place (library.movesAfter), or []. */
  const movesAfter = (choices) => library.movesAfter(game(), s.place.line, s.place.ply, choices).then((l) => l || [], () => []);

  /** A move the text does not give: the engine says whether it keeps the win. */
  async function judged(move, mine) {
    viewer.preview(move);
    s.message = { key: 'solve.thinking', params: { move: move.notation }, kind: 'thinking' };
    const failed = (e) => ({ verdict: 'error', message: String(e) });
    s.thinking = true;
    render();
    s.judge ??= await Promise.resolve().then(engine).catch(() => null);
    if (mine !== s.gen) return;
    const j = s.judge ? await s.judge.ask(question(move)).catch(failed) : failed('no engine');
    if (mine !== s.gen || !j) return;
    s.thinking = false;
    const choices = [...(s.past ? s.past.choices : []), move.index];
    const fens = [...(s.past ? s.past.fens : []), move.fen];
    if (j.verdict === 'won') {
      setHint(null);
      const step = { before: s.place, past: s.past, moves: [{ notation: move.notation, kind: 'engine' }] };
      s.steps.push(step);
      s.past = { choices, fens, shown: move };
      s.message = { key: 'solve.engine', params: { move: move.notation }, kind: 'engine' };
      s.solved = Boolean(j.solved && !j.reply);
      s.finished = s.solved;
      render();
      if (s.solved || !j.reply) return;
      await wait(pause);
      if (mine !== s.gen) return;
      const reply = (await movesAfter(choices)).find((m) => m.fen === j.reply.fen);
      if (mine !== s.gen) return;
      if (!reply) {
        // Not among the moves there (it cannot be, unless the engine's rules differ): taken back.
        s.steps.pop();
        s.past = step.past;
        viewer.preview(s.past ? s.past.shown : null);
        s.message = { key: 'solve.engineFailed', params: {}, kind: 'wrong' };
        return;
      }
      s.past = { choices: [...choices, reply.index], fens: [...fens, reply.fen], shown: reply };
      viewer.preview(reply);
      step.moves.push({ notation: reply.notation, kind: 'reply' });
      s.solved = Boolean(j.solved);
      s.finished = s.solved;
      return;
    }
    if (j.verdict === 'error') {
      s.message = { key: 'solve.engineFailed', params: {}, kind: 'wrong' };
    } else {
      s.tries += 1;
      s.message = j.verdict === 'lost' && j.reply
        ? { key: 'solve.engineRefuted', params: { move: move.notation, reply: j.reply.notation }, kind: 'wrong' }
        : { key: 'solve.unconfirmed', params: { move: move.notation }, kind: 'wrong' };
    }
    // Drawn with the engine's refutation when it has one, then taken back.
    const refutation = j.verdict === 'lost' && j.reply && (await movesAfter(choices)).find((m) => m.fen === j.reply.fen);
    if (mine !== s.gen) return;
    if (refutation) viewer.preview(refutation);
    render();
    await wait(refutation ? pause * 2 : pause);
    if (mine !== s.gen) return;
    viewer.preview(s.past ? s.past.shown : null);
  }

  return { movesAfter, judged };
}

/** The reader's moves and the moves shown: { refresh, onMove, showMove }. */
function solvePlay(c) {
  const { viewer, library, engine, pause, s, render, setHint, wait, game, goTo, judged } = c;
  async function refresh() {
    if (s.past) { s.hint = null; s.finished = false; render(); return; }
    const mine = s.gen;
    const st = await library.solveState(game(), s.place.line, s.place.ply).catch(() => null);
    if (mine !== s.gen || !s.begin) return;
    s.toMove = st ? st.toMove : null;
    s.finished = !st || st.finished;
    s.hint = (st && st.hint) || null;
    render();
  }

  /** The reader's move (or the one shown) was the text's: it is shown, then the reply. */
  async function advance(a, notation, mine) {
    setHint(null);
    const step = { before: s.place, moves: [{ notation, kind: a.verdict }] };
    s.steps.push(step);
    s.place = a.moved;
    goTo(s.place);
    s.message = { key: `solve.${a.verdict}`, params: { move: notation }, kind: a.verdict };
    render();
    if (a.reply) {
      await wait(pause);
      if (mine !== s.gen) return;
      s.place = a.reply;
      goTo(s.place, { animate: true });
      step.moves.push({ notation: a.replyNotation || '', kind: 'reply' });
    }
    s.solved = a.solved;
    s.toMove = a.toMove;
    s.finished = a.solved;
    if (!s.solved) await refresh();
  }

  async function onMove(move) {
    if (s.busy || s.solved || s.finished || !s.begin) return;
    s.busy = true;
    const mine = s.gen;
    try {
      if (s.past) { await judged(move, mine); return; }
      const a = await library.solve(game(), s.place.line, s.place.ply, move.index);
      if (mine !== s.gen || !a) return;
      if (a.verdict === 'wrong' && a.inText === false && engine) { await judged(move, mine); return; }
      if (a.verdict === 'wrong') {
        s.tries += 1;
        s.message = a.replyNotation
          ? { key: 'solve.refuted', params: { move: move.notation, reply: a.replyNotation }, kind: 'wrong' }
          : { key: 'solve.wrong', params: { move: move.notation }, kind: 'wrong' };
        // The wrong move is drawn; a known wrong try also with the text's refutation (the
        // variation's next move, when the view holds it), then both are taken back.
        const refuted = a.reply && a.reply.line != null && (viewer.state.view.variations || [])[a.reply.line];
        if (refuted) goTo(a.reply, { animate: false });
        else viewer.preview(move);
        render();
        await wait(refuted ? pause * 2 : pause);
        if (mine !== s.gen) return;
        if (refuted) goTo(s.place);
        else viewer.preview(null);
        return;
      }
      await advance(a, move.notation, mine);
    } finally {
      if (mine === s.gen) { s.busy = false; render(); }
    }
  }

  async function showMove() {
    if (s.busy || s.solved || s.finished || s.past) return;
    s.busy = true;
    const mine = s.gen;
    try {
      const a = await library.solve(game(), s.place.line, s.place.ply, undefined);
      if (mine !== s.gen || !a) return;
      s.shown += 1;
      const { view } = viewer.state;
      const line = a.moved.line == null ? view : (view.variations || [])[a.moved.line];
      const p = line && line.plies[a.moved.ply - 1];
      await advance(a, p ? p.notation : '', mine);
    } finally {
      if (mine === s.gen) { s.busy = false; render(); }
    }
  }

  return { refresh, onMove, showMove };
}

/** The hint, take back, start again, entering and leaving the mode: their buttons wired. */
function solveControls(c) {
  const { viewer, panel, hide, host, onLeave, onChange, s, buttons, render, setHint, goTo, refresh, showMove } = c;
  /** The hint button: the piece to move, then where it goes. */
  function showHint() {
    if (s.busy || s.solved || s.finished || !s.hint) return;
    setHint(s.hint, Math.min(s.hinted + 1, 2));
    render();
  }

  /** Drops whatever is pending (an engine's answer too) and shows `to` (and `beyond` it, past the text). */
  function reset(to, beyond = null) {
    setHint(null);
    s.gen += 1;
    if (s.judge) s.judge.drop();
    s.busy = false;
    s.thinking = false;
    s.solved = false;
    s.finished = false;
    s.message = null;
    s.place = to;
    s.past = beyond;
    if (!s.past) viewer.preview(null);
    goTo(s.place);
    refresh();
  }

  function back() {
    const step = s.steps.pop();
    if (step) reset(step.before, step.past || null);
  }

  function restart() {
    s.steps = [];
    s.tries = 0;
    s.shown = 0;
    reset(s.begin);
  }

  buttons.hint.addEventListener('click', showHint);
  buttons.show.addEventListener('click', showMove);
  buttons.back.addEventListener('click', back);
  buttons.restart.addEventListener('click', restart);
  if (buttons.leave) buttons.leave.addEventListener('click', () => onLeave());

  /** Entering the mode: the move list and the navigation are put away. */
  function enter() {
    s.hidden = hide.filter(Boolean).map((e) => [e, e.hidden]);
    for (const [e] of s.hidden) e.hidden = true;
    panel.hidden = false;
  }

  /** Leaving the mode (stop, or the host chose another): the game, its moves and the navigation are back. */
  function leave() {
    setHint(null);
    s.gen += 1;
    if (s.judge) s.judge.drop();
    s.past = null;
    s.busy = false;
    s.thinking = false;
    for (const [e, was] of s.hidden) e.hidden = was;
    s.hidden = [];
    s.begin = null;
    s.solvingView = null;
    s.solved = false;
    s.finished = false;
    s.message = null;
    panel.hidden = true;
    delete host.dataset.solve;
    onChange();
  }

  return { showHint, reset, back, restart, enter, leave };
}
