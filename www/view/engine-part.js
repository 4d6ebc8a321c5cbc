// The engine and the game review, wired into a viewer (view/app.js loads this after the first
// screen, on every host, with the parts' words): the engine beside the board (engine/attach.js,
// the host's modules.engine) turned on and off, the page's toggle and boxes made where the host
// says, the review box (review.js) loaded for a game with [%eval] in its mainline or when the
// engine reviews one, a finished review written into the game's text as an edit, and solve
// mode's engine. None of it is fetched before the first screen (issue 25: the page's up-front
// bytes stay what they were without an engine).

import { h, toDom } from './tree.js';

/**
 * ctx: doc, parts (parts.engine, parts.review: the host's
 * boxes, if it made them), viewer, library, t (words), load (loads the engine part,
 * engine/attach.js, with its sheet: view/parts.js; null: no engine), loadPart (parts.js's load:
 * the review comes through it), options (the app's: engineWorker() (default: a Worker
 * running engine/worker.js), onEngine(on), and
 * engineAt: { toggle (the element the toggle follows), beside and onPhone (the engine's box goes
 * before `beside`, or after `onPhone` where `phone` (a media query) matches), review (the review
 * box follows it) } for a host whose boxes are made here), failed(e), analysis() (resolves to the
 * analysis board) and app (app.js's: solving, pushStep, written, edited, startEditing).
 */
export function createEnginePart(ctx) {
  const { doc, viewer, library, t, load, loadPart, options: o, failed, app } = ctx;
  const at = o.engineAt || {};
  // The engine's worker: the host's (the element's may come from another origin), or the page's.
  const createWorker = o.engineWorker || (() => new Worker(new URL('../engine/worker.js', import.meta.url), { type: 'module' }));
  let engine = null;
  let engineReady = null;
  let review = null;
  let reviewReady = null;
  let evalsSeen = null; // the last view looked at for [%eval]

  /** The host's box (`el`) or one made here (id `id`), hidden until used, named `name` (its words come with this part). */
  function box(el, id, name) {
    el ||= toDom(doc, h('section', { id, class: `${id}-box`, hidden: '' }), null);
    el.setAttribute('data-i18n-attr', `aria-label:${name}`);
    el.setAttribute('aria-label', t(name));
    return el;
  }
  const engineBox = ctx.parts.engine || (load && at.beside) ? box(ctx.parts.engine, 'engine', 'engine.title') : null;
  const reviewBox = ctx.parts.review || at.review ? box(ctx.parts.review, 'review', 'review.box') : null;
  if (reviewBox && !reviewBox.isConnected) at.review.after(reviewBox);

  // The engine's box: over the moves beside the board; under the board's buttons on a phone,
  // where the moves' column comes after the analysis tools, out of sight.
  const phone = doc.defaultView.matchMedia(at.phone || 'not all');
  if (engineBox && at.beside) {
    const place = () => (phone.matches ? at.onPhone.after(engineBox) : at.beside.before(engineBox));
    phone.addEventListener('change', place);
    place();
  }

  const toggle = load && at.toggle ? engineToggle({
    doc, t, at, phone, press: () => part.setEngine(!part.on).catch(failed), warm: () => part.warm(),
  }) : null;
  function told(on) {
    toggle?.setAttribute('aria-pressed', String(on));
    viewer[on ? 'openPart' : 'closePart']('engine'); // the viewer's state (state.js)
    o.onEngine?.(on);
  }

  /** The review box (review.js), made once. */
  function loadReview() {
    reviewReady ??= loadPart('review').then(({ createReview }) => {
      review = createReview({ doc, box: reviewBox, moves: ctx.parts.moves, viewer, t, write: writeReview });
      return review;
    });
    return reviewReady;
  }

  /**
   * Writes the engine's finished review of game `game` into its text (the worker writes it as
   * `pdn review` does), as an edit that Undo takes back. Resolves to whether it was written.
   */
  async function writeReview(game) {
    try {
      if (!engine || viewer.state.game !== game) return false;
      const old = await library.gameText(game);
      const text = await engine.annotate(game, old);
      const place = { line: viewer.state.line, ply: viewer.state.ply };
      const r = await library.edit(game, 'setText', { text, ...place });
      if (viewer.state.game !== game) return false;
      viewer.applyEdit(r);
      // An edit as the board's: Undo takes it back, the host hears it.
      if (r.splice) {
        app.pushStep({ game, old: r.splice.old, text: r.splice.text, at: place, to: place });
        app.written.set(game, r.splice.text);
      } else app.startEditing();
      app.edited.add(game);
      o.onEdited?.({ ...r, game });
      return true;
    } catch (e) {
      failed(e);
      return false;
    }
  }

  /** Where the engine's review goes: the review box, in the order the worker sent it. */
  const toReview = (name) => (...args) => { loadReview().then((r) => r[name](...args)).catch(failed); };

  /** Plays moves given by their squares ([from, to] each) from the shown position, on the analysis board. */
  async function playEnds(ends) {
    const analysis = await ctx.analysis();
    for (const [from, to] of ends) {
      const s = viewer.state;
      const moves = await library.legalMoves(s.game, s.line, s.ply);
      const m = (moves || []).find((x) => x.from === from && x.to === to);
      if (!m) return;
      await analysis.play(m);
    }
  }

  /** The engine beside the board, made the first time it is turned on. */
  function loadEngine() {
    engineReady ??= load().then(({ attachEngine }) => {
      engine = attachEngine({
        doc, viewer, panel: engineBox, t, play: playEnds, createWorker,
        review: reviewBox ? { begin: toReview('begin'), step: toReview('step'), end: toReview('end') } : null,
      });
      return engine;
    });
    return engineReady;
  }

  const part = {
    /** Whether the engine is on. */
    get on() { return Boolean(engine && engine.on); },
    /** The engine on or off (never while solving: it would give the answer away). */
    async setEngine(on) {
      if (!engineBox || !load) return false;
      if (!on && !engine) return false;
      const e = await loadEngine();
      e.set(Boolean(on) && !app.solving);
      told(e.on);
      return e.on;
    },
    /** Loads the engine and starts its worker, idle (not while solving, nor once it runs). */
    warm() {
      if (!engineBox || !load || app.solving || engine?.on) return;
      loadEngine().then((e) => e.warm()).catch(failed);
    },
    /** Solving started: the engine would tell, it stops. */
    solving() {
      engine?.set(false);
      told(false);
    },
    /** Solve mode's engine (engine/judge.js), or null where the host has none. */
    judge: load ? () => load().then(({ createJudge }) => createJudge(createWorker)) : null,
    /** After each drawing and a new language: the engine and the review box follow; the box is loaded for a game with [%eval] in it. */
    update() {
      engine?.update();
      if (!reviewBox) return;
      if (review) { review.update(); return; }
      const view = viewer.state.view;
      if (!view || view === evalsSeen) return;
      evalsSeen = view;
      if ((view.plies || []).some((p) => p.eval)) loadReview().then((r) => r.update()).catch(failed);
    },
  };
  part.update();
  return part;
}

/**
 * The page's Engine button, placed beside the board after at.toggle (the page: the Explorer's, in
 * view on a laptop), on a phone after at.toggleOnPhone (under the board's buttons, over the
 * engine's box). `press` turns the engine on or off; `warm` starts loading it: the pointer resting
 * on the button for 80 ms, a press or focus, so that the first line follows the click within
 * 100 ms (issue 40: most of a first start is loading). A pointer passing over loads nothing.
 */
function engineToggle({ doc, t, at, phone, press, warm }) {
  const toggle = toDom(doc, h('button', {
    type: 'button', id: 'engine-toggle', class: 'engine-toggle', 'aria-pressed': 'false',
    'data-i18n': 'engine.toggle', 'data-i18n-attr': 'title:engine.toggleTitle', title: t('engine.toggleTitle'),
  }, t('engine.toggle')), null);
  const gap = doc.createTextNode(' ');
  const place = () => (phone.matches && at.toggleOnPhone ? at.toggleOnPhone : at.toggle).after(gap, toggle);
  phone.addEventListener('change', place);
  place();
  toggle.addEventListener('click', press);
  let pointed = 0;
  toggle.addEventListener('pointerenter', () => { pointed = setTimeout(warm, 80); });
  toggle.addEventListener('pointerleave', () => clearTimeout(pointed));
  for (const type of ['pointerdown', 'focus']) toggle.addEventListener(type, warm);
  return toggle;
}
