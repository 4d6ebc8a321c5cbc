// The page's layout controller: how large the board may be, and the game list as a panel over the
// page on phones. No draughts here: the board's proportions are read from the drawing's viewBox.
//
// Board size: the stylesheet caps the board column at --board-fit, the width at which the whole
// board and the navigation buttons under it fit between the board's top and the bottom of the
// window. It is measured again whenever something above or around the board changes size. On a
// phone, what a mode shows between the board and its buttons is not counted (the reader scrolls).
//
// Game list on a phone (narrower than PHONE_QUERY): one "Games (200)" button; it opens the list
// over the page (a modal panel: the rest of the page is inert, focus moves into the list,
// Escape, the close button or choosing a game closes it and focus returns to the button).

import { boardAspect, boardFit } from '../view/board-dom.js';

/** The least height (CSS px) of a game list above the board. */
export const LIST_MIN = 140;

/** Where the page is one column and the game list folds into a panel (style.css agrees). */
export const PHONE_QUERY = '(max-width: 759px)';

/**
 * Wires the layout of index.html. `els` needs board, controls (the navigation bar), games (the
 * list's section), gameList, toggle, toggleText and close. Returns { fit, setCount(label), open,
 * close, isOpen }.
 */
export function attachLayout({ doc = document, win = window, els, onOpen = () => {} }) {
  const root = doc.documentElement;
  const phone = win.matchMedia(PHONE_QUERY);
  let last = -1;
  let frame = 0;

  function fit() {
    frame = 0;
    const board = els.board;
    const r = board.getBoundingClientRect();
    if (!r.width) return;
    const top = r.top + win.scrollY;
    // On a phone only the buttons count under the board, not what a mode puts between them
    // (solve mode's panel, whose height follows its words): its board stays as wide as the screen
    // allows when the window's height changes (the address bar hiding and showing), which made
    // the panel taller and the board smaller at each turn (336 -> 220 px).
    const below = phone.matches
      ? els.controls.offsetHeight + (parseFloat(win.getComputedStyle(els.controls).marginTop) || 0)
      : els.controls.getBoundingClientRect().bottom - r.bottom;
    const room = win.innerHeight - top - below - 8;
    const width = boardFit(room, { aspect: boardAspect(board), frame: board.offsetWidth - board.clientWidth });
    if (width !== last) {
      last = width;
      root.style.setProperty('--board-fit', `${width}px`);
    }
    fitList(r);
  }

  /**
   * A list above the board (tablets) takes the height the board leaves: the room between the
   * buttons and the window's bottom, at least LIST_MIN and at most half the window.
   */
  function fitList(boardRect) {
    const scroller = els.gameList.querySelector('.game-list-scroll');
    if (phone.matches || els.games.hidden || !scroller || !scroller.clientHeight) return;
    if (els.games.getBoundingClientRect().bottom > boardRect.top) return; // beside the board
    const slack = win.innerHeight - (els.controls.getBoundingClientRect().bottom + win.scrollY) - 8;
    const height = Math.round(Math.min(Math.max(LIST_MIN, scroller.offsetHeight + slack), win.innerHeight / 2));
    if (Math.abs(height - scroller.offsetHeight) < 2) return;
    root.style.setProperty('--list-fit', `${height}px`);
    scroller.dispatchEvent(new Event('scroll')); // the list draws the rows its new height shows
  }
  const schedule = () => { if (!frame) frame = win.requestAnimationFrame(fit); };
  const observer = new win.ResizeObserver(schedule);
  for (const e of [doc.querySelector('.page-header'), els.games, els.header, els.board]) if (e) observer.observe(e);
  win.addEventListener('resize', schedule);

  // ---- the game list as a panel on phones ---------------------------------------------------
  let opened = false;
  let inerted = [];
  const isOpen = () => opened;

  function open() {
    if (opened || !phone.matches) return;
    opened = true;
    els.games.classList.add('sheet-open');
    els.games.setAttribute('role', 'dialog');
    els.games.setAttribute('aria-modal', 'true');
    els.toggle.setAttribute('aria-expanded', 'true');
    // Everything else on the page is out of reach while the panel covers it.
    const main = els.games.parentElement;
    inerted = [...doc.body.children, ...main.children]
      .filter((e) => e !== main && e !== els.games && !e.inert && e.tagName !== 'SCRIPT');
    for (const e of inerted) e.inert = true;
    doc.body.classList.add('sheet-locked');
    onOpen();
    const scroller = els.gameList.querySelector('.game-list-scroll');
    (scroller || els.close).focus();
  }

  function close({ focus = true } = {}) {
    if (!opened) return;
    opened = false;
    els.games.classList.remove('sheet-open');
    els.games.removeAttribute('role');
    els.games.removeAttribute('aria-modal');
    els.toggle.setAttribute('aria-expanded', 'false');
    for (const e of inerted) e.inert = false;
    inerted = [];
    doc.body.classList.remove('sheet-locked');
    if (focus && phone.matches) els.toggle.focus();
    schedule();
  }

  els.toggle.addEventListener('click', open);
  els.close.addEventListener('click', () => close());
  els.games.addEventListener('keydown', (e) => {
    if (!opened) return;
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      close();
    } else if (e.key === 'Enter' && e.target.closest && e.target.closest('.game-list-scroll') && !e.target.closest('button')) {
      close(); // the arrows already opened the game under the selection
    }
  });
  // A game chosen with a tap or a click: the list has done its job.
  els.gameList.addEventListener('click', (e) => {
    if (opened && e.target.closest && e.target.closest('tr.game-row')) close();
  });
  phone.addEventListener('change', () => { if (!phone.matches) close({ focus: false }); schedule(); });

  schedule();
  return {
    fit,
    isOpen,
    open,
    close,
    /** The button's words: "Games (200)". */
    setCount(label) { els.toggleText.textContent = label; },
  };
}

/**
 * Keeps a button where a reader sees it: after `wide` (a button beside the board, in view on a
 * laptop) on a wide screen, first in `phone` (a row under the board's buttons) on a phone. The
 * page's Solve toggle: its row under the board is below a laptop's fold.
 */
export function placeByWidth(el, { wide, phone }, { doc = document, win = window } = {}) {
  const query = win.matchMedia(PHONE_QUERY);
  const gap = doc.createTextNode(' ');
  const place = () => (query.matches ? phone.prepend(el, gap) : wide.after(gap, el));
  query.addEventListener('change', place);
  place();
}
