// The board editor: set up a position by clicks (or a FEN), see what is wrong with it, and take
// it out as a FEN, a PDN game starting there, a share link, or into the viewer ("Analyse from
// here"). Loaded on first use. It holds no draughts rules: every step (a piece placed, the side
// to move, clear, the start position, another variant) goes to the core (pkg/pdn.js, editor*
// editorStep) with the FEN shown, and the core answers with the board to draw, the canonical FEN,
// the problems (codes and values, worded here from the catalogues) and the PDN.
//
// The board is drawn by board.js like the viewer's (data-square/data-piece on pieces,
// data-field on playable squares), inside #editor-board.

import { SQUARE, boardModel, boardSvg } from './board.js';
import { h, toDom } from './tree.js';
import { DEFAULT_GAMETYPE } from './score.js';

/** Palette tools: piece codes as in data-piece, and '' for the eraser. */
export const TOOLS = Object.freeze(['wm', 'wk', 'bm', 'bk', '']);

let ready = null;
/** The core, in this thread (fetched and compiled once, off the main thread). */
function loadCore() {
  ready ??= import('../../pkg/pdn.js').then(async (core) => {
    // The single-file build carries the wasm (www/share/standalone.js).
    const wasm = globalThis.PDN_VIEWER_FILES?.['pkg/pdn_bg.wasm'];
    await core.default(wasm ? { module_or_path: wasm } : undefined);
    return core;
  });
  return ready;
}

let styled = null;
/** The editor's stylesheet, added to the page once. */
function loadStyle(doc) {
  styled ??= new Promise((resolve) => {
    const link = doc.createElement('link');
    link.rel = 'stylesheet';
    link.href = globalThis.PDN_VIEWER_FILES?.['www/view/editor.css'] || new URL('./editor.css', import.meta.url).href;
    link.onload = resolve;
    link.onerror = resolve; // unstyled beats not at all
    doc.head.append(link);
  });
  return styled;
}

/**
 * One problem in the page's language: `editor.problem.<code>` (`….<side>` when it names a
 * side) filled with the core's values; a FEN that could not be read gets the reader's words
 * (`why.<why>`). Falls back to the core's English message.
 */
export function problemText(t, problem) {
  const args = { ...(problem.args || {}) };
  if (problem.code === 'setup-fen') {
    const words = args.why ? t(`why.${args.why}`, args) : '';
    return words && words !== `why.${args.why}` ? t('editor.problem.setup-fen', { why: words }) : problem.message;
  }
  if (args.count != null) args.count = Number(args.count);
  // A side's own text (grammar differs by colour in several languages).
  const key = `editor.problem.${problem.code}${args.side ? `.${args.side}` : ''}`;
  const text = t(key, args);
  return text && text !== key ? text : problem.message;
}

/** The board model board.js draws, from the editor's view. */
export function editorModel(view, flipped) {
  return boardModel({ board: view.board, start: { cells: view.cells }, plies: [] }, 0, { flipped });
}

/**
 * The playable square next to `from` on screen in direction `key` (an arrow key's name), or
 * `from` itself at the edge: the nearest one in the same screen row (left, right) or column (up,
 * down). Screen places only, from the model: no rules.
 */
export function nextSquare(model, from, key) {
  const here = model.squares.find((s) => s.label === from) || model.squares[0];
  if (!here) return null;
  const [dc, dr] = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[key] || [0, 0];
  let best = here;
  let distance = Infinity;
  for (const s of model.squares) {
    const along = dc ? (s.col - here.col) * dc : (s.row - here.row) * dr;
    const across = dc ? s.row - here.row : s.col - here.col;
    if (along > 0 && across === 0 && along < distance) { best = s; distance = along; }
  }
  return best.label;
}

/** A palette button's picture: a piece (classes as on the board, no data-piece) or an eraser. */
export function toolIcon(tool) {
  if (!tool) {
    return h('svg', { viewBox: '-50 -50 100 100', 'aria-hidden': 'true', class: 'tool-icon' },
      h('path', { class: 'eraser', d: 'M-30 -30 L30 30 M30 -30 L-30 30' }));
  }
  const colour = tool[0] === 'w' ? 'white' : 'black';
  const king = tool[1] === 'k';
  return h('svg', { viewBox: '-50 -50 100 100', 'aria-hidden': 'true', class: 'tool-icon' },
    h('g', { class: `piece ${colour}${king ? ' king' : ''}` },
      h('circle', { class: 'piece-body', r: 40 }),
      h('circle', { class: 'piece-ring', r: 28 }),
      king ? h('path', { class: 'crown', d: 'M-21 12 L-24 -12 L-11 -1 L0 -19 L11 -1 L24 -12 L21 12 Z' }) : null));
}

const TOOL_KEYS = { wm: 'editor.tool.wm', wk: 'editor.tool.wk', bm: 'editor.tool.bm', bk: 'editor.tool.bk', '': 'editor.tool.erase' };

/** The dialog's HTML element tree (texts from `t`; filled in by render(), palette pictures added). */
export function editorTree(t, variants, { find = false } = {}) {
  const button = (id, key, extra = {}) => h('button', { type: 'button', id, ...extra }, t(key));
  return h('dialog', { id: 'editor', class: 'editor', 'aria-labelledby': 'editor-title' },
    h('div', { class: 'editor-head' },
      h('h2', { id: 'editor-title' }, t('editor.title')),
      h('label', { class: 'editor-variant' }, h('span', {}, t('editor.variant')),
        h('select', { id: 'editor-variant' },
          variants.map((v) => h('option', { value: v.gametype }, t(`variant.${v.gametype}`))))),
      h('button', { type: 'button', id: 'editor-close', class: 'editor-close', 'aria-label': t('editor.close'), title: t('editor.close') }, '×')),
    h('div', { class: 'editor-body' },
      h('div', { class: 'editor-board-wrap' },
        h('div', { id: 'editor-board', class: 'board editor-board', role: 'group', tabindex: '0', 'aria-describedby': 'editor-keys' }),
        h('p', { id: 'editor-keys', class: 'visually-hidden' }, t('editor.keys')),
        h('div', { class: 'palette', role: 'group', 'aria-label': t('editor.palette') },
          TOOLS.map((tool) => h('button', {
            type: 'button', class: 'tool', 'data-tool': tool || 'erase', 'aria-pressed': 'false',
            'aria-label': t(TOOL_KEYS[tool]), title: t(TOOL_KEYS[tool]),
          })))),
      h('div', { class: 'editor-side' },
        h('div', { class: 'turn', role: 'group', 'aria-label': t('editor.turn') },
          button('editor-turn-white', 'editor.whiteToMove', { 'aria-pressed': 'false', 'data-turn': 'white' }),
          button('editor-turn-black', 'editor.blackToMove', { 'aria-pressed': 'false', 'data-turn': 'black' })),
        h('div', { class: 'actions' },
          button('editor-clear', 'editor.clear'),
          button('editor-start', 'editor.start'),
          button('editor-flip', 'editor.flip', { 'aria-pressed': 'false' })),
        h('div', { id: 'editor-problems', class: 'editor-problems', role: 'status', 'aria-live': 'polite' }),
        h('label', { class: 'editor-fen' }, h('span', {}, 'FEN'),
          h('input', { type: 'text', id: 'editor-fen', spellcheck: 'false', autocomplete: 'off' })),
        h('label', { class: 'editor-fen editor-problem-title' }, h('span', {}, t('editor.problemTitle')),
          h('input', { type: 'text', id: 'editor-problem-title', autocomplete: 'off', maxlength: '200', placeholder: t('editor.problemTitleExample') })),
        h('div', { class: 'actions' },
          button('editor-set-fen', 'editor.setFen'),
          button('editor-copy-fen', 'editor.copyFen'),
          button('editor-copy-pdn', 'editor.copyPdn'),
          button('editor-copy-link', 'editor.copyLink')),
        h('textarea', { id: 'editor-output', class: 'export-output', rows: '4', readonly: 'readonly', hidden: 'hidden', 'aria-label': t('editor.output') }),
        h('p', { id: 'editor-status', class: 'hint', role: 'status' }),
        h('div', { class: 'actions' },
          // The Explorer's search (when the viewer has it): the games of the open text that
          // reach this position.
          find ? button('editor-find', 'explorer.editorFind') : null,
          find ? button('editor-pattern', 'explorer.editorPattern', { title: t('explorer.editorPatternTitle') }) : null,
          button('editor-analyse', 'editor.analyse', { class: 'primary' })))));
}

/**
 * The editor's game with the title typed (a problem's name) as its Event tag, written before
 * the core's tags with PDN's escapes (\\ and \"); line breaks and control characters become
 * spaces. Without a title, the game as it is.
 */
export function titled(pdn, title) {
  const name = String(title || '').replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  if (!pdn || !name) return pdn;
  return `[Event "${name.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"]\n${pdn}`;
}

/**
 * Opens the editor as a modal dialog over the page.
 *   doc, t                 the document and the page's translator
 *   gametype, fen          where to start (a FEN that does not fit gives the variant's start)
 *   coordinates            'numbers' | 'algebraic' | 'none', as the viewer draws
 *   link(pdn) -> url       a share link for a PDN text (share.js's #pdn= format)
 *   analyse(pdn)           open the PDN in the viewer
 *   find(fen, gametype, pattern)  (optional) list the open text's games that reach the
 *                          position, or (pattern true) whose board holds its pieces
 *   onClose()              after the dialog is gone
 * Returns { dialog, close() } once it is shown.
 */
export async function openEditor({ doc, t, gametype = 20, fen = '?:W:B', coordinates = 'numbers', link, analyse, find, onClose }) {
  const [api] = await Promise.all([loadCore(), loadStyle(doc)]);
  doc.getElementById('editor')?.remove();
  let first;
  try {
    first = api.editorStep('switch', Number(gametype) || DEFAULT_GAMETYPE, fen || '?:W:B', '', '');
  } catch {
    first = api.editorStep('start', 20, '', '', '');
  }
  const dialog = toDom(doc, editorTree(t, first.variants, { find: Boolean(find) }), null);
  // The pictures are SVG: made in its namespace, not as HTML elements.
  for (const b of dialog.querySelectorAll('[data-tool]')) b.append(toDom(doc, toolIcon(b.dataset.tool === 'erase' ? '' : b.dataset.tool)));
  doc.body.append(dialog);
  const $ = (id) => dialog.querySelector(`#${id}`);
  const state = { view: null, tool: 'wm', flipped: false, cursor: null };

  const say = (text) => { $('editor-status').textContent = text; };

  /** Draws `view` (the core's editor step) in the dialog. */
  const render = (view) => drawEditor({ doc, t, dialog, $, state, coordinates }, view);

  /** Runs one editing step in the core; a FEN it cannot read keeps the board and says why. */
  function step(fn) {
    try {
      const view = fn();
      if (!view.readable) {
        $('editor-problems').replaceChildren(toDom(doc, h('ul', {}, view.problems.map((p) => h('li', { 'data-code': p.code }, problemText(t, p)))), null));
        return;
      }
      say('');
      $('editor-output').hidden = true;
      render(view);
    } catch (e) {
      say(String(e && e.message ? e.message : e));
    }
  }

  async function copy(text) {
    let copied = false;
    try { await navigator.clipboard.writeText(text); copied = true; } catch { /* refused */ }
    const out = $('editor-output');
    if (copied) {
      out.hidden = true;
      say(t('export.copied'));
    } else {
      out.value = text;
      out.hidden = false;
      out.select();
      say(t('export.copyFailed'));
    }
  }

  const g = () => state.view.gametype;
  /** The game as the core writes it, with the title typed as its Event tag. */
  const game = () => titled(state.view.pdn, $('editor-problem-title').value);
  const fenNow = () => state.view.fen;

  $('editor-board').addEventListener('click', (e) => {
    const target = e.target.closest('[data-square], [data-field]');
    if (!target) return;
    const square = target.getAttribute('data-square') ?? target.getAttribute('data-field');
    state.cursor = square;
    step(() => api.editorStep('place', g(), fenNow(), square, state.tool));
  });
  // The page's keys (arrows step through moves, f flips) are not for the page behind the dialog.
  dialog.addEventListener('keydown', (e) => e.stopPropagation());
  $('editor-board').addEventListener('keydown', (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      step(() => api.editorStep('place', g(), fenNow(), state.cursor, state.tool));
    } else if (e.key.startsWith('Arrow')) {
      e.preventDefault();
      state.cursor = nextSquare(editorModel(state.view, state.flipped), state.cursor, e.key);
      render(state.view);
    }
  });
  for (const b of dialog.querySelectorAll('[data-tool]')) {
    b.addEventListener('click', () => {
      state.tool = b.dataset.tool === 'erase' ? '' : b.dataset.tool;
      render(state.view);
    });
  }
  for (const b of dialog.querySelectorAll('[data-turn]')) {
    b.addEventListener('click', () => step(() => api.editorStep('turn', g(), fenNow(), '', b.dataset.turn)));
  }
  $('editor-clear').addEventListener('click', () => step(() => api.editorStep('clear', g(), fenNow(), '', '')));
  $('editor-start').addEventListener('click', () => step(() => api.editorStep('start', g(), '', '', '')));
  $('editor-flip').addEventListener('click', () => { state.flipped = !state.flipped; render(state.view); });
  $('editor-variant').addEventListener('change', (e) => step(() => api.editorStep('switch', Number(e.target.value), fenNow(), '', '')));
  const setFen = () => step(() => api.editorStep('view', g(), $('editor-fen').value, '', ''));
  $('editor-set-fen').addEventListener('click', setFen);
  $('editor-fen').addEventListener('keydown', (e) => { if (e.key === 'Enter') { e.preventDefault(); setFen(); } });
  $('editor-copy-fen').addEventListener('click', () => copy(fenNow()));
  $('editor-copy-pdn').addEventListener('click', () => state.view.pdn && copy(game()));
  $('editor-copy-link').addEventListener('click', async () => {
    if (!state.view.pdn || !link) return;
    const url = await link(game());
    dialog.dataset.link = url;
    await copy(url);
  });

  let closed = false;
  function close() {
    if (closed) return;
    closed = true;
    if (dialog.open) dialog.close();
    dialog.remove();
    if (onClose) onClose();
  }
  $('editor-close').addEventListener('click', close);
  dialog.addEventListener('close', close); // Escape, too
  $('editor-find')?.addEventListener('click', async () => {
    const { fen: at, gametype: type } = state.view;
    if (!state.view.pdn) return;
    close();
    await find(at, type, false);
  });
  // A pattern need not be a playable position (one piece alone is one): always offered.
  $('editor-pattern')?.addEventListener('click', async () => {
    const { fen: at, gametype: type } = state.view;
    close();
    await find(at, type, true);
  });
  $('editor-analyse').addEventListener('click', async () => {
    if (!state.view.pdn) return;
    const pdn = game();
    close();
    if (analyse) await analyse(pdn);
  });

  render(first);
  dialog.showModal();
  return { dialog, close };
}

/**
 * The editor's dialog drawn for `view` (the core's editor step): the board with the keyboard's
 * square, the variant, the FEN, the side to move, the tool, the problems, the buttons' states.
 */
function drawEditor({ doc, t, dialog, $, state, coordinates }, view) {
  state.view = view;
  const model = editorModel(view, state.flipped);
  const svg = toDom(doc, boardSvg(model, { label: t('editor.boardLabel'), coordinates }));
  // The keyboard's square: a frame, shown while the board has the keyboard focus (editor.css).
  state.cursor = model.squares.some((sq) => sq.label === state.cursor) ? state.cursor : model.squares[0]?.label;
  const at = model.squares.find((sq) => sq.label === state.cursor);
  if (at) {
    svg.append(toDom(doc, h('rect', {
      class: 'editor-cursor', x: at.col * SQUARE + 4, y: at.row * SQUARE + 4, width: SQUARE - 8, height: SQUARE - 8,
    })));
    const piece = model.pieces.find((p) => p.square === at.label);
    $('editor-board').setAttribute('aria-label', t('editor.square', {
      square: at.label, piece: piece ? t(TOOL_KEYS[piece.piece]) : t('editor.empty'),
    }));
  }
  $('editor-board').replaceChildren(svg);
  $('editor-variant').value = String(view.gametype);
  $('editor-fen').value = view.fen;
  for (const b of dialog.querySelectorAll('[data-turn]')) b.setAttribute('aria-pressed', String(b.dataset.turn === view.turn));
  for (const b of dialog.querySelectorAll('[data-tool]')) b.setAttribute('aria-pressed', String((b.dataset.tool === 'erase' ? '' : b.dataset.tool) === state.tool));
  $('editor-flip').setAttribute('aria-pressed', String(state.flipped));
  const problems = view.problems.map((p) => h('li', { 'data-code': p.code }, problemText(t, p)));
  if (view.more) problems.push(h('li', { class: 'more' }, t('editor.more', { count: view.more })));
  const list = problems.length
    ? [h('p', {}, t('editor.invalid')), h('ul', {}, problems)]
    : [h('p', { class: 'ok' }, t('editor.valid'))];
  $('editor-problems').replaceChildren(...list.map((n) => toDom(doc, n, null)));
  const ok = view.pdn != null;
  for (const id of ['editor-copy-pdn', 'editor-copy-link', 'editor-analyse', 'editor-find']) if ($(id)) $(id).disabled = !ok;
  dialog.dataset.fen = view.fen;
  dialog.dataset.valid = ok ? '1' : '0';
  dialog.dataset.gametype = String(view.gametype);
}
