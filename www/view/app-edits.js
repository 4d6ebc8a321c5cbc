// The board's edits as the viewer keeps them (app.js): the editing tools, the undo history,
// undo and redo (buttons and keys; a step is put back by undo.js, loaded then), the games edited
// and their texts as last written, the question before edits are dropped (discard.js).

import { typedIn } from './controls.js';
import en from '../i18n/en.js';
import { createTranslator } from '../i18n/i18n.js';

/** Undo steps kept: the oldest goes when more edits are made. */
export const UNDO_LIMIT = 200;

/**
 * The undo history of the board's edits: each step is { game, old, text, at, to } (the game's
 * text before and after, as the core wrote it, and the places before and after). Pure:
 * createEdits applies the steps.
 */
export function createHistory(limit = UNDO_LIMIT) {
  const done = [];
  const undone = [];
  return {
    push(step) {
      done.push(step);
      if (done.length > limit) done.shift();
      undone.length = 0;
    },
    /** The step to undo, moved to the redo side; null when there is none. */
    undo() {
      const step = done.pop() || null;
      if (step) undone.push(step);
      return step;
    },
    /** The step to redo, moved back; null when there is none. */
    redo() {
      const step = undone.pop() || null;
      if (step) done.push(step);
      return step;
    },
    /** A step that could not be applied goes back where it was. */
    putBack(step, { undoing }) {
      if (undoing) { undone.pop(); done.push(step); } else { done.pop(); undone.push(step); }
    },
    get canUndo() { return done.length > 0; },
    get canRedo() { return undone.length > 0; },
    clear() { done.length = 0; undone.length = 0; },
  };
}

/**
 * The tools that edit the shown game (analysis.js uses them), made in `group` (the page's
 * .edit-tools, the element's): undo, redo, promote and delete a variation, cut the line, the
 * move mark and the comment. Their words follow the language (data-i18n, translatePage); the
 * ids are the page's. Returns { undo, redo, promote, remove, cut, strength, comment, saveComment }.
 */
export function editTools(doc, group, t = createTranslator('en', en, en)) {
  const make = (tag, attrs = {}, ...children) => {
    const e = doc.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    e.append(...children);
    return e;
  };
  const button = (id, key, attrs = {}) => make('button', { type: 'button', id, 'data-i18n': key, ...attrs }, t(key));
  const labelled = (key, control, attrs = {}) => make('label', attrs, make('span', { 'data-i18n': key }, t(key)), control);
  const els = {
    undo: button('undo', 'edits.undo', { 'data-i18n-attr': 'title:edits.undoTitle', title: t('edits.undoTitle'), disabled: '' }),
    redo: button('redo', 'edits.redo', { 'data-i18n-attr': 'title:edits.redoTitle', title: t('edits.redoTitle'), disabled: '' }),
    promote: button('promote-variation', 'analysis.promote'),
    remove: button('delete-variation', 'analysis.delete'),
    cut: button('cut-line', 'analysis.cut'),
    strength: make('select', { id: 'strength' }, make('option', { value: '' }, '–'),
      ...['!', '?', '!!', '??', '!?', '?!'].map((m) => make('option', {}, m))),
    comment: make('textarea', { id: 'comment-input', rows: '2' }),
    saveComment: button('save-comment', 'analysis.saveComment'),
  };
  group.replaceChildren(els.undo, els.redo, els.promote, els.remove, els.cut,
    labelled('analysis.strength', els.strength),
    labelled('analysis.comment', els.comment, { class: 'comment-edit' }), els.saveComment);
  return els;
}

/**
 * The edits of one viewer. ctx: app.js's. Returns { onEdited(r) (the analysis board's edits),
 * startEditing(), api } — api goes into the app object as it is.
 */
export function createEdits(ctx) {
  const { doc, parts, host, o, keyTarget } = ctx;
  // The editing tools: in the host's group, shown once the reader starts editing (data-editing).
  const tools = parts.editTools ? editTools(doc, parts.editTools, ctx.app.t) : {};
  const history = createHistory();
  /** Games of the open text edited on the board (0-based): their links carry the edited game. */
  const edited = new Set();
  /** The text of each game edited since the text was opened, as the core last wrote it. */
  const written = new Map();
  let undoing = Promise.resolve(false);

  /**
   * The reader started editing (a move played on the board, an edit, the board editor opened):
   * the editing tools show from now on (the host's data-editing; a visitor's first screen is
   * the viewer alone).
   */
  function startEditing() {
    if (host.dataset.editing === '1') return;
    host.dataset.editing = '1';
    o.onEditing?.();
  }

  function updateUndo() {
    if (tools.undo) tools.undo.disabled = !history.canUndo;
    if (tools.redo) tools.redo.disabled = !history.canRedo;
  }

  /** An edit made on the analysis board (analysis.js onEdited). */
  function onEdited(r) {
    const game = r.game ?? ctx.viewer.state.game;
    if (r.edited) edited.add(game);
    else edited.delete(game);
    startEditing();
    if (r.splice) {
      history.push({ game, old: r.splice.old, text: r.splice.text, at: r.at || r.place, to: r.place });
      written.set(game, r.splice.text);
    }
    updateUndo();
    o.onEdited?.(r);
  }

  /**
   * Undoes (or redoes) one step: the game's text before (after) it is put back by the core, the
   * board shows the place before (after) it, and the host hears it as an edit (onEdited, with
   * the splice for its text box). Steps run one after the other.
   */
  function travel(back) {
    undoing = undoing.then(async () => {
      const step = back ? history.undo() : history.redo();
      if (!step) return false;
      try {
        const { applyStep } = await ctx.part('undo');
        await applyStep(ctx, step, back, { edited, written, updateUndo });
        return true;
      } catch (e) {
        history.putBack(step, { undoing: back });
        updateUndo();
        ctx.failed(e);
        return false;
      }
    });
    return undoing;
  }
  tools.undo?.addEventListener('click', () => travel(true));
  tools.redo?.addEventListener('click', () => travel(false));
  // Ctrl+Z undoes, Ctrl+Shift+Z (and Ctrl+Y) redoes, unless the focus is in a text field (that
  // field's own undo) or nothing was edited (the browser's).
  keyTarget.addEventListener('keydown', (e) => {
    if (!(e.ctrlKey || e.metaKey) || e.altKey || typedIn(e)) return;
    const key = e.key.toLowerCase();
    const redo = (key === 'z' && e.shiftKey) || (key === 'y' && !e.shiftKey);
    const undo = key === 'z' && !e.shiftKey;
    if (!(undo ? history.canUndo : redo && history.canRedo)) return;
    e.preventDefault();
    travel(undo);
  });

  const api = {
    edited,
    /** The editing tools' elements (editTools), empty when the host has no group for them. */
    tools,
    /** Undoes the last board edit; resolves to whether there was one. */
    undo: () => travel(true),
    /** Redoes the last edit undone. */
    redo: () => travel(false),
    /** Whether board edits were made since the text was opened (what opening another would drop). */
    get hasEdits() { return history.canUndo; },
    /** Each game edited since the text was opened: its index and its text as last written. */
    get written() { return written; },
    /** A new text is open: its edits and undo steps start over. */
    forgetEdits() {
      edited.clear();
      written.clear();
      history.clear();
      updateUndo();
    },
    startEditing,
    /**
     * Adds a host's own undo step: { apply(back) } undoes it (back) or redoes it (the page's
     * position edit). The reader is editing from then on.
     */
    pushStep(step) {
      history.push(step);
      startEditing();
      updateUndo();
    },
    /**
     * Asks the reader, in a small dialog over the viewer (never window.confirm), whether the
     * board edits may be dropped; resolves to true at once when there are none. `parent` gets
     * the dialog (the page's body; the element's shadow root by default).
     */
    confirmDiscard(parent = ctx.scope.body || ctx.scope) {
      if (!history.canUndo) return Promise.resolve(true);
      return ctx.part('discard').then(({ askDiscard }) => askDiscard(doc, parent, ctx.app.t));
    },
  };
  return { onEdited, startEditing, api };
}
