// The printed sheets (issue 41, `print=game|problems`): a clean page of the shown game (header,
// the moves in columns, a diagram every 10 moves and where a comment asks for one, the QR code
// of the game's link) or of the open file's problems (6 or 12 diagrams a page, the solutions on
// their own last page), drawn with the page's board (view/board.js) from the views the core
// computed; print.css lays them out for A4 and Letter. Loaded only when a sheet is asked for.
// The QR code comes from the sheet's own wasm (pkg/print.js, crates/print-wasm), loaded here.

import { h, toDom } from '../view/tree.js';
import { addSheet } from '../view/sheet.js';
import { boardModel, boardSvg } from '../view/board.js';
import { firstMover, formatDate, gameHeader, moveItems, moveLabel, tagValue } from '../view/views.js';

/** Kinds of sheet (the `print` address parameter). */
export const KINDS = Object.freeze(['game', 'problems']);
/** Problems a page (`per=6|12`; 12 unless 6 is asked). */
export const PER_PAGE = Object.freeze([6, 12]);
/** The most problems on one sheet: a file of thousands would make a book, not a sheet. */
export const MAX_PROBLEMS = 240;
/** A diagram after every this many moves of a game. */
export const DIAGRAM_EVERY = 10;

const known = (v) => (v && v !== '?' && !/^\?+$/.test(v) ? v : '');

/**
 * The plies after which the game sheet draws a diagram (1-based, ascending): the last ply of
 * every DIAGRAM_EVERY-th move number and each ply whose comment asks for one (the core's
 * `diagram` flag: `[%diag]`, `$220`).
 */
export function diagramPlies(view) {
  const plies = (view && view.plies) || [];
  const out = [];
  for (let i = 0; i < plies.length; i++) {
    const p = plies[i];
    const next = plies[i + 1];
    const endsMove = !next || next.moveNumber !== p.moveNumber;
    if (p.diagram || (endsMove && p.moveNumber % DIAGRAM_EVERY === 0)) out.push(i + 1);
  }
  return out;
}

/** The side to play at a game's start: its first move's, else the FEN's (as views.js reads it). */
export function sideToPlay(view) {
  const first = view && view.plies && view.plies[0];
  if (first) return first.side;
  return /^\s*B/i.test((view && view.start && view.start.fen) || '') ? 'black' : 'white';
}

/** One diagram: the board after `ply` (0: the start), without the last move's marks, `data-diagram` its FEN. */
export function diagram(view, ply, { caption = '', label = '', coordinates = 'numbers' } = {}) {
  const model = boardModel(view, ply);
  const plain = {
    ...model,
    squares: model.squares.map((s) => ({ ...s, mark: null, captured: false })),
    ghosts: [],
    path: [],
  };
  const fen = ply > 0 ? view.plies[ply - 1].fen : (view.start && view.start.fen) || '';
  return h('figure', { class: 'print-diagram', 'data-diagram': fen, 'data-ply': String(ply) },
    boardSvg(plain, { label: label || caption, coordinates }),
    caption ? h('figcaption', {}, caption) : null);
}

/** The moves as text: "1. 32-28 17-22 2. 28x17 …" (a reply first: "1… 17-22"). */
export function movesText(view) {
  const first = firstMover(view);
  const parts = [];
  (view.plies || []).forEach((p, i) => {
    if (p.side === first || i === 0) parts.push(moveLabel(p, first));
    parts.push(p.notation);
  });
  return parts.join(' ');
}

/** The QR code of `link` as an SVG tree ({ size, path } from the wasm), or null. */
export function qrSvg(qr, label) {
  if (!qr || !qr.size) return null;
  const side = qr.size + 8;
  return h('svg', {
    // A long link (a #pdn= game) has small modules: the code is drawn larger.
    xmlns: 'http://www.w3.org/2000/svg', class: `print-qr-code${qr.size > 57 ? ' large' : ''}`, viewBox: `-4 -4 ${side} ${side}`,
    role: 'img', 'aria-label': label, 'shape-rendering': 'crispEdges',
  }, h('rect', { x: -4, y: -4, width: side, height: side, fill: '#fff' }), h('path', { d: qr.path, fill: '#000' }));
}

/** The game sheet: `view` (a full game view), `qr` ({ size, path } or null), `link`, `t`. */
export function gameSheet(view, { qr = null, link = '', t }) {
  const first = firstMover(view);
  // The mainline's rows and comments as the page lists them (views.js moveItems); variations are
  // left out of the sheet.
  const items = moveItems(view, first).filter((it) => it.kind !== 'variations').map((it) => (it.kind === 'comment'
    ? h('li', { class: 'print-comment' }, it.text)
    : h('li', {},
      h('span', { class: 'n' }, `${it.moveNumber}.`), ' ',
      h('span', { class: 'm' }, it.first ? it.first.notation : '…'), ' ',
      h('span', { class: 'm' }, it.second ? it.second.notation : ''))));
  const tail = view.result && view.result !== '*' ? view.result : '';
  const diagrams = diagramPlies(view).map((ply) => {
    const p = view.plies[ply - 1];
    return diagram(view, ply, { caption: t('print.after', { move: `${moveLabel(p, first)} ${p.notation}` }) });
  });
  return h('article', { class: 'print-sheet print-game', 'data-print': 'game' },
    h('header', { class: 'print-head' },
      h('div', { class: 'print-title' }, gameHeader(view, { t })),
      qr ? h('figure', { class: 'print-qr', 'data-qr': link }, qrSvg(qr, t('print.qrLabel')), h('figcaption', {}, t('print.qrCaption'))) : null),
    h('ol', { class: 'print-moves', 'aria-label': t('print.moves') },
      items),
    tail ? h('p', { class: 'print-result' }, tail) : null,
    diagrams.length ? h('section', { class: 'print-diagrams' }, diagrams) : null);
}

/**
 * The problem sheet: `problems` ([{ number, view }]), `per` a page, `t`. Each page a grid of
 * diagrams with the title and the side to play; the solutions on their own page after them.
 */
export function problemSheet(problems, { per = 12, t, coordinates = 'numbers' }) {
  const pages = [];
  for (let i = 0; i < problems.length; i += per) pages.push(problems.slice(i, i + per));
  const titleOf = ({ number, view }) => known(tagValue(view, 'Event')) || t('print.problem', { number });
  return h('article', { class: `print-sheet print-problems per-${per}`, 'data-print': 'problems' },
    pages.map((page) => h('section', { class: 'print-page' }, page.map((p) => {
      const side = sideToPlay(p.view);
      const index = problems.indexOf(p) + 1;
      return h('div', { class: 'print-problem' },
        h('p', { class: 'print-problem-title' }, `${index}. ${titleOf(p)}`),
        diagram(p.view, 0, { caption: t(`solve.${side}ToPlay`), label: titleOf(p), coordinates }));
    }))),
    h('section', { class: 'print-solutions' },
      h('h2', {}, t('print.solutions')),
      h('ol', {}, problems.map((p) => {
        const moves = movesText(p.view);
        const details = [known(tagValue(p.view, 'Site')), formatDate(tagValue(p.view, 'Date'))].filter(Boolean).join(' · ');
        return h('li', {}, h('strong', {}, titleOf(p)), details ? ` (${details})` : '', ': ', moves || t('print.noSolution'));
      }))));
}

/** The QR module (pkg/print.js), started once. */
let qrModule = null;
function qrEncoder() {
  qrModule ??= import('../../pkg/print.js').then(async (m) => { await m.default(); return m; });
  return qrModule;
}

/** The QR code of `link`: { size, path } or null (too long, or the module failed to load). */
export async function qrCode(link) {
  try {
    const m = await qrEncoder();
    return JSON.parse(m.qrCode(String(link)));
  } catch {
    return null;
  }
}

/**
 * Shows a sheet in `doc` in place of the page: `kind` ('game'|'problems'), `view` (the shown
 * game's), `count` (the open text's games), `library` (its `game(i)` gives each problem's view),
 * `link` (the game's address, for the QR code), `per`, `t`, `toDom`, `onClose` (the Back
 * button). The page's chrome is hidden (body[data-print]); the sheet's own buttons are not
 * printed. Resolves to the sheet's element.
 */
export async function showPrint({ doc, kind, view, count = 1, library, link, per = 12, t, onClose }) {
  closePrint(doc);
  const styled = addSheet(doc, 'www/share/print.css', () => new URL('./print.css', import.meta.url).href);
  let tree;
  if (kind === 'problems') {
    const n = Math.min(count, MAX_PROBLEMS);
    const problems = [];
    for (let i = 0; i < n; i++) {
      const v = await library.game(i);
      if (v && v.board && v.start) problems.push({ number: i + 1, view: v });
    }
    tree = problemSheet(problems, { per: PER_PAGE.includes(per) ? per : 12, t });
  } else {
    tree = gameSheet(view, { qr: await qrCode(link), link, t });
  }
  const bar = h('nav', { class: 'print-bar', 'aria-label': t('print.title') },
    h('button', { type: 'button', id: 'print-now', class: 'primary' }, t('print.print')),
    h('button', { type: 'button', id: 'print-close' }, t('print.back')),
    count > MAX_PROBLEMS && kind === 'problems' ? h('span', {}, t('print.firstOnly', { count: MAX_PROBLEMS })) : null);
  const wrap = toDom(doc, h('div', { class: 'print-view', id: 'print-view' }, bar, tree), null);
  await styled;
  doc.body.dataset.print = kind;
  doc.body.append(wrap);
  wrap.querySelector('#print-now').addEventListener('click', () => doc.defaultView.print());
  wrap.querySelector('#print-close').addEventListener('click', () => { closePrint(doc); if (onClose) onClose(); });
  return wrap;
}

/** Takes the sheet away and shows the page again. */
export function closePrint(doc) {
  doc.getElementById('print-view')?.remove();
  delete doc.body.dataset.print;
}

/**
 * The page's way in (index.html's Print buttons, and `print=` in its address): the sheet of
 * `kind` for `app` (view/app.js: the shown game, the open text's library, the words), with
 * `print=<kind>` put in the address (`per=6|12` read from it); its QR code is the game's address
 * without them. Back takes the sheet and `print` away.
 */
export async function openPrint({ doc, kind, app }) {
  const win = doc.defaultView;
  const url = new URL(win.location.href);
  const link = new URL(url.href);
  for (const k of ['print', 'per']) link.searchParams.delete(k);
  url.searchParams.set('print', kind);
  if (url.href !== win.location.href) win.history.replaceState(null, '', url.href);
  await app.partWords();
  const { viewer } = app;
  return showPrint({
    doc, kind, view: viewer.state.view, count: viewer.state.count, library: app.library,
    link: link.href, per: Number(url.searchParams.get('per')) || 12, t: app.t,
    onClose: () => {
      const back = new URL(win.location.href);
      back.searchParams.delete('print');
      win.history.replaceState(null, '', back.href);
    },
  });
}
