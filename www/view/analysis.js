// The analysis mode's handler: moves played on the board (click or tap a piece then a square,
// or drag it; mouse, touch and pen, as pointer events handed over by controls.js), capture
// routes told apart by clicking through their landing squares or picking one from a list, a
// move typed in notation, marks drawn with the right button (or the marking pen), and the
// variation tools. It draws nothing on the board: the pick goes into the controller's state
// (viewer.select, viewer.drag, viewer.preview) and the controller's render draws it. It holds no
// rules: the legal moves of the shown position come from the core (library.legalMoves), each
// move played is sent back by its index (library.edit), and the controller (viewer.js) shows the
// edited game the core returns. In solve mode (solve.js) the same input picks the reader's tries.

import { lineView } from './views.js';
import { capturersLayer, marksAt } from './marks.js';
import { reasonWords } from '../i18n/i18n.js';

/** @typedef {import('pdn-viewer/library').MoveView} MoveView The core's legal move, typed from the Rust (tsconfig.json). */

// ---- marks drawn by the user, and choosing a move among the core's legal moves (no rules:
// only filtering its list); pure, here rather than in marks.js so the first screen is lighter ----

/** Mark colours, as the views name them, and the letters [%csl]/[%cal] write. */
export const MARK_COLORS = Object.freeze({ green: 'G', red: 'R', yellow: 'Y', blue: 'B' });

/** The colour a mark gets from the modifier keys held (as lichess): Shift red, Alt blue, both yellow. */
export function markColor({ shiftKey = false, altKey = false, ctrlKey = false, metaKey = false } = {}) {
  if ((shiftKey && altKey) || ctrlKey || metaKey) return 'yellow';
  if (shiftKey) return 'red';
  if (altKey) return 'blue';
  return 'green';
}

/**
 * The marks after drawing one: a square (`to` null or equal to `from`) or an arrow. Drawing the
 * same mark again in the same colour removes it; in another colour recolours it.
 */
export function toggleMark(marks, from, to, color) {
  const squares = [...((marks && marks.squares) || [])];
  const arrows = [...((marks && marks.arrows) || [])];
  if (to == null || to === from) {
    const i = squares.findIndex((m) => m.square === from);
    if (i >= 0 && squares[i].color === color) squares.splice(i, 1);
    else if (i >= 0) squares[i] = { color, square: from };
    else squares.push({ color, square: from });
  } else {
    const i = arrows.findIndex((m) => m.from === from && m.to === to);
    if (i >= 0 && arrows[i].color === color) arrows.splice(i, 1);
    else if (i >= 0) arrows[i] = { color, from, to };
    else arrows.push({ color, from, to });
  }
  return { squares, arrows };
}

/** Marks as the wasm Library's setMarks takes them: ['G28,R19', 'Y28-19']. */
export function marksArgs(marks) {
  const letter = (c) => MARK_COLORS[c] || 'G';
  const squares = ((marks && marks.squares) || []).map((m) => `${letter(m.color)}${m.square}`).join(',');
  const arrows = ((marks && marks.arrows) || []).map((m) => {
    const numeric = /^\d+$/.test(m.from);
    return `${letter(m.color)}${m.from}${numeric ? '-' : ''}${m.to}`;
  }).join(',');
  return { squares, arrows };
}

/**
 * Squares a piece on `from` can end on, given the intermediate squares `chosen` so far.
 * @param {MoveView[]} moves
 */
export function targetsFrom(moves, from, chosen = []) {
  return [...new Set(routes(moves, from, null, chosen).map((m) => m.to))];
}

/**
 * The legal moves from `from` (to `to` when given) whose route passes every square of `chosen`.
 * @param {MoveView[]} moves
 */
export function routes(moves, from, to = null, chosen = []) {
  return (moves || []).filter((m) => m.from === from && (to == null || m.to === to)
    && chosen.every((s) => m.path.slice(1, -1).includes(s)));
}

/**
 * Landing squares that some but not all of `candidates` pass: clicking one narrows the choice.
 * @param {MoveView[]} candidates
 */
export function distinguishing(candidates) {
  const counts = new Map();
  for (const m of candidates) for (const s of new Set(m.path.slice(1, -1))) counts.set(s, (counts.get(s) || 0) + 1);
  return [...counts].filter(([, n]) => n < candidates.length).map(([s]) => s);
}

/**
 * The moves a typed move names: `32-28`, `c3-d4`, `28x17`, `28:17`, a full route `47x38x24x13x36`,
 * `c3d4`, or Russian short notation `ge3` / `e3`. Start and end must match; squares between must be on the route.
 * @param {MoveView[]} moves
 */
export function movesForEntry(moves, text) {
  const clean = String(text || '').trim().toLowerCase().replace(/[!?]+$/, '');
  if (!clean) return [];
  const exact = (moves || []).filter((m) => m.notation.toLowerCase() === clean);
  if (exact.length) return exact;
  // Russian short notation: `ge3` (the file the piece leaves, the square it lands on) or `e3`
  // alone; the moves it names, if they all start from one square (else the reader must say more).
  const short = /^([a-l])?([a-l]\d{1,2})$/.exec(clean);
  if (short) {
    const named = (moves || []).filter((m) => m.to === short[2] && (!short[1] || fileOf(m.from) === short[1]));
    return named.every((m) => m.from === named[0].from) ? named : [];
  }
  let squares = clean.split(/\s*[-x:×]\s*/).filter(Boolean);
  if (squares.length === 1 && /^[a-z]\d+[a-z]\d+$/.test(clean)) squares = clean.match(/[a-z]\d+/g);
  if (squares.length < 2) return [];
  const from = squares[0];
  const to = squares[squares.length - 1];
  return routes(moves, from, to, squares.slice(1, -1));
}

/** The file letter of an algebraic square (`g5` → `g`), or '' for a numbered one. */
const fileOf = (square) => (/^[a-l]\d+$/.test(square) ? square[0] : '');

/** A pointer that moved less than this (CSS pixels) between down and up clicked; more dragged. */
export const DRAG_MIN = 6;

/**
 * board: the board's container. viewer: the controller (viewer.js). library: legalMoves(i, line,
 * ply) and edit(i, op, args) (library.js). els: optional controls { entry (form), entryInput,
 * routes (list of route buttons), promote, remove, cut, strength (select), comment (textarea),
 * saveComment, pen (select) }. say(text, kind): messages. onEdited(result): after every edit
 * ({ place, edited, view, splice } of library.edit, with `game` and `at`, the place it was made).
 * onMove(move): when set, a move picked is handed to it instead of played into the game, and
 * marks are not drawn (setMoveHandler(fn) changes it); a mode whose handler has `play(move)`
 * (solve mode) gets the moves the same way.
 *
 * Registers itself as the controller's 'analysis' mode (and enters it from 'view'); `handler`
 * is that mode's handler, which solve mode shares for its input.
 * @param {{ doc: any, board: any, viewer: any, library: any, t: any, els?: Record<string, any>,
 *   say?: (text: string, kind?: string) => void, onEdited?: (result: any) => void,
 *   onMove?: ((move: MoveView) => void) | null }} options
 */
export function createAnalysis({ doc, board, viewer, library, t, els = {}, say = () => {}, onEdited = () => {}, onMove = null }) {
  // The board's state: what the jobs below read and change.
  const s = {
    key: null,       // the position the moves are for
    /** @type {MoveView[] | null} */
    moves: null,     // its legal moves (from the core), or null while asked for
    asked: null,     // the pending request's key
    busy: false,     // an edit is on its way
    drag: null,      // { id, x, y, from, moved }
    marking: null,   // { from, pen } while the right button (or, with a pen, any pointer) is down
    onMove,          // who takes a move picked instead of the game (setMoveHandler)
  };
  // The marking pen (els.pen: a colour, or '' to play moves): where there is no right button
  // (touch screens, pens, one-button mice), a tap marks a square and a drag draws an arrow.
  const pen = () => (els.pen && els.pen.value) || '';
  const off = [];
  const listen = (target, type, fn, opts) => {
    if (!target) return;
    target.addEventListener(type, fn, opts);
    off.push(() => target.removeEventListener(type, fn, opts));
  };

  const state = () => viewer.state;
  /** The pick ({ from, chosen, candidates }) is the controller's state, drawn by its render. */
  const picked = () => state().selection;
  /** Who takes a move picked: onMove, or the mode's handler when it plays moves (solve), else null. */
  const taker = () => {
    if (s.onMove) return s.onMove;
    const h = viewer.modeHandler ? viewer.modeHandler() : null;
    return h && h !== handler && h.play ? h.play : null;
  };
  const c = { doc, board, viewer, library, t, els, say, onEdited, s, pen, listen, state, picked, taker };
  // The jobs: each adds its functions to `c`, and calls another's through `c` when it runs.
  Object.assign(c, analysisPosition(c), analysisPicking(c), analysisTools(c), analysisEntry(c));
  const handler = { shown: c.shown, pointer: analysisPointer(c) };
  c.handler = handler;
  const { play, edit, tap, select } = c;

  viewer.handle('analysis', handler);
  if (viewer.state.mode === 'view') viewer.setMode('analysis');

  return {
    /** The 'analysis' mode's handler (solve mode uses its `shown` and `pointer`). */
    handler,
    /** The legal moves of the shown position (null while they are asked for). */
    get moves() { return s.moves; },
    play,
    edit,
    tap,
    /** Moves picked go to fn(move) instead of the game (null: played again). */
    setMoveHandler(fn) { s.onMove = fn || null; select(null); },
    detach() {
      for (const fn of off.splice(0)) fn();
      viewer.handle('analysis', null);
      if (viewer.state.mode === 'analysis') viewer.setMode('view');
    },
  };
}

/** The shown position and its legal moves (asked of the core, or of the mode past the game). */
function analysisPosition(c) {
  const { board, viewer, library, s, state } = c;
  // Each view the viewer shows is a new object (a new text, an edit): its moves are asked again.
  const serials = new WeakMap();
  let serial = 0;
  const viewId = (v) => {
    if (!v) return 0;
    if (!serials.has(v)) serials.set(v, ++serial);
    return serials.get(v);
  };
  // A mode may play past the game's places (solve mode past the text): its handler's `moves()`
  // then names the position ({ key, list(): the legal moves' promise }), else null.
  const beyond = () => {
    const h = viewer.modeHandler ? viewer.modeHandler() : null;
    return h && h !== c.handler && h.moves ? h.moves() : null;
  };
  const placeKey = () => {
    const b = beyond();
    return `${viewId(state().view)}:${state().game}:${state().line}:${state().ply}${b ? `:${b.key}` : ''}`;
  };

  function fetchMoves() {
    const k = placeKey();
    if (k === s.key || k === s.asked) return;
    s.asked = k;
    const { game, line, ply } = state();
    const b = beyond();
    (b ? b.list() : library.legalMoves(game, line, ply)).then((list) => {
      if (s.asked !== k) return;
      s.asked = null;
      s.key = k;
      s.moves = list || [];
      board.dataset.moves = String(s.moves.length);
    }, () => { if (s.asked === k) { s.asked = null; s.key = k; s.moves = []; } });
  }

  /** The controller drew the board: a new position's moves are asked for, the tools follow it. */
  function shown() {
    if (placeKey() !== s.key) {
      s.moves = null;
      delete board.dataset.moves;
      c.refused(null); // said of the position left
      fetchMoves();
    }
    c.drawRouteList();
    c.updateTools();
  }

  return { beyond, placeKey, shown };
}

/** A move picked (its piece, its squares, one of its routes) and played. */
function analysisPicking(c) {
  const { doc, viewer, library, t, els, say, onEdited, s, state, picked, taker } = c;
  /** Picks `sel` ({ from, chosen, candidates } or null): the controller draws its hints. */
  function select(sel) {
    if (sel && s.moves) {
      const targets = sel.candidates ? [...new Set(sel.candidates.map((m) => m.to))] : targetsFrom(s.moves, sel.from, sel.chosen);
      viewer.select({ ...sel, targets, via: sel.candidates ? distinguishing(sel.candidates) : [] });
    } else {
      viewer.select(null);
    }
    drawRouteList();
  }

  function drawRouteList() {
    if (!els.routes) return;
    const sel = picked();
    const list = sel && sel.candidates;
    els.routes.replaceChildren();
    els.routes.hidden = !list;
    if (!list) return;
    const p = doc.createElement('p');
    p.textContent = t('analysis.routes');
    els.routes.append(p);
    for (const m of list) {
      const b = doc.createElement('button');
      b.type = 'button';
      b.className = 'route';
      b.dataset.route = m.notation;
      b.textContent = m.notation;
      b.addEventListener('click', () => play(m));
      els.routes.append(b);
    }
  }

  const movable = (label) => Boolean(s.moves && s.moves.some((m) => m.from === label));

  async function play(move) {
    if (s.busy) return;
    const take = taker();
    if (take) { select(null); take(move); return; }
    s.busy = true;
    const { game, line, ply } = state();
    try {
      // The position after the move (the core's, in the move) is drawn at once; the edited game
      // follows from the worker.
      viewer.preview(move);
      drawRouteList();
      const result = await library.edit(game, 'play', { line, ply, choice: move.index });
      viewer.applyEdit(result, { animate: false });
      // Where the edit was made (undo goes back there) and in which game.
      onEdited({ ...result, game, at: { line, ply } });
    } catch (e) {
      say(t('analysis.failed', { error: e && e.message ? e.message : String(e) }), 'error');
      viewer.redraw();
    } finally {
      s.busy = false;
    }
  }

  /** A destination was picked: play the move, or show its routes when there are several. */
  function arrive(to) {
    const sel = picked();
    const list = routes(s.moves, sel.from, to, sel.chosen);
    if (list.length === 1) { play(list[0]); return; }
    if (list.length > 1) select({ ...sel, candidates: list });
  }

  /** A click or tap on a square (or the end of a drag that did not move). */
  function tap(label) {
    if (!s.moves || s.busy) return;
    let sel = picked();
    if (sel && sel.candidates) {
      // Route mode: a landing square narrows the routes; anything else starts over.
      const narrowed = sel.candidates.filter((m) => m.path.slice(1, -1).includes(label));
      if (narrowed.length && narrowed.length < sel.candidates.length) {
        if (narrowed.length === 1) play(narrowed[0]);
        else select({ ...sel, chosen: [...sel.chosen, label], candidates: narrowed });
        return;
      }
      sel = null;
    }
    if (sel && label !== sel.from) {
      if (targetsFrom(s.moves, sel.from, sel.chosen).includes(label)) { arrive(label); return; }
      // A landing square on the way: the route must pass it.
      if (routes(s.moves, sel.from, null, [...sel.chosen, label]).length) {
        select({ ...sel, chosen: [...sel.chosen, label] });
        return;
      }
    }
    if (sel && label === sel.from && !routes(s.moves, sel.from, label, sel.chosen).length) { select(null); return; }
    if (sel && label === sel.from) { arrive(label); return; }
    select(movable(label) ? { from: label, chosen: [], candidates: null } : null);
  }

  return { select, drawRouteList, movable, play, arrive, tap };
}

/** The board's pointer input, handed over by controls.js (true: the event is taken). */
function analysisPointer(c) {
  const { board, viewer, s, pen, picked, taker } = c;
  /** Whether the pointer event is on the drawn board (not on the words in its place). */
  const onBoard = (e) => {
    const svg = board.querySelector('svg');
    return Boolean(svg && svg.contains(e.target));
  };
  const squareAt = (e) => viewer.squareAt(e.clientX, e.clientY);
  function down(e) {
    if (!onBoard(e)) return false;
    const label = squareAt(e);
    if (e.button === 2) { s.marking = label ? { from: label } : null; return true; }
    if (e.button === 0 && pen() && !taker()) {
      s.marking = label ? { from: label, pen: true, id: e.pointerId } : null;
      try { board.setPointerCapture(e.pointerId); } catch { /* not capturable */ }
      return true; // neither a move nor a swipe
    }
    s.drag = null;
    if (e.button !== 0 || label == null) return false;
    const sel = picked();
    if (!c.movable(label) || (sel && sel.from !== label && targetsFrom(s.moves, sel.from, sel.chosen).includes(label))) return false;
    s.drag = { id: e.pointerId, x: e.clientX, y: e.clientY, from: label, moved: false };
    try { board.setPointerCapture(e.pointerId); } catch { /* not capturable */ }
    return true; // a piece picked up is not a swipe
  }

  function move(e) {
    if (!s.drag || e.pointerId !== s.drag.id) return false;
    const dx = e.clientX - s.drag.x;
    const dy = e.clientY - s.drag.y;
    if (!s.drag.moved && Math.hypot(dx, dy) < DRAG_MIN) return true;
    if (!s.drag.moved) {
      s.drag.moved = true;
      const sel = picked();
      if (!sel || sel.from !== s.drag.from) c.select({ from: s.drag.from, chosen: [], candidates: null });
    }
    viewer.drag({ square: s.drag.from, dx, dy });
    return true;
  }

  function endDrag(e, cancelled) {
    const d = s.drag;
    s.drag = null;
    viewer.drag(null);
    if (cancelled) return;
    const label = squareAt(e);
    if (!d.moved) { c.tap(d.from); return; }
    if (label && label !== d.from && targetsFrom(s.moves, d.from, []).includes(label)) {
      c.select({ from: d.from, chosen: [], candidates: null });
      c.arrive(label);
    } else if (label && label !== d.from && routes(s.moves, d.from, null, [label]).length) {
      // Dropped on a landing square on the way: the capture goes on from there, to a square
      // still to be clicked (a capture is never cut short).
      c.select({ from: d.from, chosen: [label], candidates: null });
    }
  }

  function up(e) {
    if (s.marking && (e.button === 2 || (s.marking.pen && e.pointerId === s.marking.id))) {
      const to = squareAt(e);
      const { from, pen: byPen } = s.marking;
      s.marking = null;
      if (to) c.drawMark(from, to, byPen ? pen() : markColor(e));
      return Boolean(byPen);
    }
    if (s.drag && e.pointerId === s.drag.id) {
      endDrag(e, false);
      return true;
    }
    if (e.button !== 0 || !onBoard(e)) return false;
    const label = squareAt(e);
    if (label != null) c.tap(label);
    return false;
  }

  function cancel(e) {
    if (s.marking && s.marking.pen && e.pointerId === s.marking.id) s.marking = null;
    if (s.drag && e.pointerId === s.drag.id) endDrag(e, true);
    return false;
  }

  /** The right button draws marks: the browser's menu stays away from the board. */
  function menu(e) {
    if (!onBoard(e)) return false;
    e.preventDefault();
    return true;
  }

  return { down, move, up, cancel, menu };
}

/** The editing tools (variations, move marks, comments, the marking pen) and the marks drawn. */
function analysisTools(c) {
  const { doc, board, viewer, library, t, els, say, onEdited, s, pen, listen, state, taker } = c;
  // With a pen the board keeps the finger's drags (no scrolling), and a move is not picked.
  const penChanged = () => {
    board.classList.toggle('marking-pen', !!pen());
    if (pen()) c.select(null);
  };
  listen(els.pen, 'change', penChanged);

  async function edit(op, args = {}, options = {}) {
    if (s.busy) return null;
    s.busy = true;
    const { game, line, ply } = state();
    try {
      const result = await library.edit(game, op, args);
      viewer.applyEdit(result, options);
      onEdited({ ...result, game, at: { line, ply } });
      return result;
    } catch (e) {
      say(t('analysis.failed', { error: e && e.message ? e.message : String(e) }), 'error');
      return null;
    } finally {
      s.busy = false;
    }
  }

  function drawMark(from, to, color) {
    if (taker()) return;
    const { view, line, ply } = state();
    if (!view || (line != null && ply === 0)) return;
    const marks = toggleMark(marksAt(view, line, ply), from, to === from ? null : to, color);
    edit('setMarks', { line, ply, ...marksArgs(marks) }, { list: false });
  }

  /** The variation tools follow the shown position. */
  function updateTools() {
    const { view, line, ply } = state();
    if (!view) return;
    const inVariation = line != null;
    if (els.promote) els.promote.disabled = !inVariation;
    if (els.remove) els.remove.disabled = !inVariation;
    const here = lineView(view, line);
    if (els.cut) els.cut.disabled = ply >= here.plies.length;
    const p = ply > 0 ? here.plies[ply - 1] : null;
    if (els.strength) {
      els.strength.disabled = !p;
      const mark = p ? (/[!?]+$/.exec(p.notation) || [''])[0] : '';
      els.strength.value = mark;
    }
    if (els.comment && doc.activeElement !== els.comment) {
      els.comment.value = (p ? p.comments : (line == null ? view.comments : [])).join(' ');
      els.comment.disabled = line != null && ply === 0;
    }
  }

  listen(els.promote, 'click', () => edit('promoteVariation', { id: state().line }));
  listen(els.remove, 'click', () => edit('deleteVariation', { id: state().line }));
  listen(els.cut, 'click', () => edit('cutLine', { line: state().line, ply: state().ply }));
  listen(els.strength, 'change', () => {
    const { line, ply } = state();
    edit('setStrength', { line, ply, mark: els.strength.value });
  });
  listen(els.saveComment, 'click', () => {
    const { line, ply } = state();
    edit('setComment', { line, ply, text: els.comment.value });
  });
  return { edit, drawMark, updateTools };
}

/** The move box: a typed move played, or why not said beside it. */
function analysisEntry(c) {
  const { doc, viewer, library, t, els, s, listen, state } = c;
  // The move box's own message: why a typed move is not played, said beside it (not in the
  // page's status line), until the next move played or the next position shown.
  let entryNote = null;
  /** Says `text` in the move box (null: clears it), and marks the pieces `capturers` on the board. */
  function refused(text, capturers = []) {
    if (!els.entry) return;
    if (text && !entryNote) {
      entryNote = doc.createElement('p');
      entryNote.className = 'move-entry-message';
      entryNote.setAttribute('role', 'status');
      entryNote.setAttribute('aria-live', 'polite');
      els.entry.append(entryNote);
    }
    if (entryNote) {
      entryNote.textContent = text || '';
      entryNote.hidden = !text;
    }
    if (els.entryInput) {
      if (text) els.entryInput.setAttribute('aria-invalid', 'true');
      else els.entryInput.removeAttribute('aria-invalid');
    }
    viewer.setOverlay('capturers', capturers.length ? (model) => capturersLayer(model, capturers) : null, { under: true });
  }

  /** The core's reason a typed move is not played (its words, the captures due), or the plain refusal. */
  async function refuse(typed) {
    const plain = t('analysis.noSuchMove', { move: typed });
    const k = c.placeKey();
    const { game, line, ply } = state();
    let why = null;
    try {
      // Past the text (solve mode), the core has no game place to explain the move at.
      if (!c.beyond() && library.refuseMove) why = await library.refuseMove(game, line, ply, typed);
    } catch {
      why = null;
    }
    if (c.placeKey() !== k) return; // another position meanwhile
    const reason = why && reasonWords(t, why.why, why.args);
    if (!reason) { refused(plain); return; }
    const captures = why.captures || [];
    refused(t('analysis.refusedWhy', { move: typed, reason: captures.length ? `${reason}: ${captures.join(', ')}` : reason }), why.capturers || []);
  }

  listen(els.entry, 'submit', (e) => {
    e.preventDefault();
    const text = els.entryInput.value;
    if (!s.moves) return;
    const list = movesForEntry(s.moves, text);
    if (!list.length) { refuse(text.trim()); return; }
    refused(null);
    els.entryInput.value = '';
    if (list.length === 1) { c.play(list[0]); return; }
    c.select({ from: list[0].from, chosen: [], candidates: list });
  });

  return { refused };
}
