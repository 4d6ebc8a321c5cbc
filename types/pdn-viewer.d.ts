// Types of `pdn-viewer`: the <pdn-viewer> custom element (www/pdn-viewer.js). Written by hand;
// docs/embedding.md describes the same attributes, events and methods in words. Importing the
// module defines the element (once per page).
//
//   import 'pdn-viewer';
//   const viewer = document.querySelector('pdn-viewer')!;
//   viewer.addEventListener('pdn-move', (e) => console.log(e.detail.fen));

import type { Diagnostic } from './library.js';

export type { Diagnostic } from './library.js';

/** The element's attributes (all optional; all strings in HTML). */
export interface PdnViewerAttributes {
  /** The game to show first, from 1. Default 1. */
  game?: string;
  /** The half-move of the main line to show, or 'last'. Default 0 (the start). */
  ply?: string;
  /** With `ply`: the variation (its id, as `data-line` and the `pdn-move` event give it) `ply` counts in. */
  line?: string;
  /** 'white' (White at the bottom, the default) or 'black'. */
  orientation?: 'white' | 'black';
  /** Square numbers (default), a–h/1–8, or none. */
  coordinates?: 'numbers' | 'algebraic' | 'none';
  /**
   * 'auto' follows the visitor's system. Leave it out to take the host page's: dark when it
   * declares `color-scheme: dark` (CSS or meta), 'auto' for `light dark`, else light. The theme
   * in use is reflected as the element's `data-theme`.
   */
  theme?: 'light' | 'dark' | 'auto';
  /** Where the move list goes; 'auto' puts it beside the board when the element is ≥ 620 px wide. */
  moves?: 'right' | 'bottom' | 'auto' | 'none';
  /** 'off' hides the game table of multi-game files (its rows carry data-game, from 1). */
  list?: 'off' | string;
  /** The language; default: the page's lang, then the browser's languages. */
  lang?: 'en' | 'ru' | 'lv' | 'nl' | 'fr' | string;
  /** The address of a PDN file, fetched by the browser (another site's file needs CORS). */
  src?: string;
  /**
   * Which messages to list: 'errors' (the default: only what a visitor needs, the diagnostics
   * whose `audience` is 'visitor'), 'all' (also the notes for the file's author) or 'none'.
   */
  messages?: 'errors' | 'all' | 'none';
  /**
   * Present: the element is as tall as the page's CSS makes it; the board takes what that height
   * allows with its buttons under it, the move list scrolls in the rest (embed.html sets it).
   */
  fill?: '' | boolean;
  /**
   * 'solve': solve mode. The game is a problem solved from the position shown (`ply`): the coming
   * moves are hidden, the reader plays them on the board and the text answers. Removing the
   * attribute leaves solve mode. See docs/embedding.md, "Problems to solve".
   */
  mode?: 'solve' | string;
  /** Present: readers play moves and draw marks on the board (any source); 'off' is off. */
  analysis?: '' | 'off' | string;
  /** Present: an "Edit position" button opens the board editor on the shown position; 'off' is off. */
  editor?: '' | 'off' | string;
  /** Present: a "Download GIF" button under the board: the shown game's mainline as an animated GIF (its own wasm, loaded on the first press; not in the single-file build); 'off' is off. */
  gif?: '' | 'off' | string;
  /** Present: the engine's evaluation bar, best lines and best-move arrow (its own worker, loaded then); 'off' is off. */
  engine?: '' | 'off' | string;
  /** Present: the mouse wheel over the board steps through the moves; 'off' is off. */
  wheel?: '' | 'off' | string;
  /** 'boards' (a small board per game) or 'standings' (the tournament table); default the game. */
  view?: 'game' | 'boards' | 'standings';
  /** With view="boards": only the games whose Round tag is this. */
  round?: string;
  /** With `src`: the file fetched again every 10 s (or every so many seconds, at least 2) as the games are played; 'off' is off. */
  live?: '' | 'off' | string;
  /** Present: the Explorer's panel beside the moves (the text's games through the position shown); 'off' is off. */
  explorer?: '' | 'off' | string;
}

/** The shown game and move. */
export interface PdnPosition {
  /** 1-based game number. */
  game: number;
  /** Half-moves played in the shown line (0 = its start). */
  ply: number;
  /** null: the main line; else the id (index) of the variation shown. */
  line: number | null;
}

/** `pdn-move`: fired whenever the shown position changes. */
export interface PdnMoveDetail extends PdnPosition {
  /** The last move played, as written (with its marks), or null at the start of the line. */
  move: string | null;
  /** The FEN of the shown position. */
  fen: string;
}

/** `pdn-game`: fired when a game is shown (after loading, and on choosing another game). */
export interface PdnGameDetail {
  /** 1-based game number. */
  game: number;
  /** The number of games in the text. */
  count: number;
  /** The White tag, '' when absent. */
  white: string;
  /** The Black tag, '' when absent. */
  black: string;
  /** The variant's name ('International', 'Russian', …). */
  variant: string;
}

/**
 * `pdn-error`: the PDN has no game, the core or the src file could not be loaded (`diagnostics`
 * is then empty), or the game shown has errors (its error diagnostics; the game is still shown
 * up to the first).
 */
export interface PdnErrorDetail {
  /** Plain words, in the viewer's language for loading problems, in English for the core's. */
  message: string;
  diagnostics: Diagnostic[];
}

export interface PdnViewerEventMap extends HTMLElementEventMap {
  'pdn-move': CustomEvent<PdnMoveDetail>;
  'pdn-game': CustomEvent<PdnGameDetail>;
  'pdn-error': CustomEvent<PdnErrorDetail>;
}

/**
 * <pdn-viewer>: shows the PDN written inside it (in a child
 * `<script type="application/x-draughts-pdn">` or as text) or the file named by `src`. Its
 * styles live in an open shadow root; parts: container, header, board, controls, moves,
 * diagnostics, list, game-table, tools, edit-tools, solve, engine, review, explorer, tournament,
 * live (docs/embedding.md, "Parts"). All three events bubble and cross shadow roots.
 */
export class PdnViewerElement extends HTMLElement {
  static readonly observedAttributes: string[];
  /** Shows half-move `n` of the main line (a number, or 'last' for the end). */
  goTo(n: number | 'last'): void;
  /** Turns the board around. */
  flip(): void;
  /**
   * Downloads the shown game's mainline as an animated GIF ("<white>-<black>-<year>.gif", the
   * same bytes as `pdn gif FILE --game N`) and resolves to its bytes; null when the game has no
   * board (the element says so) or in the single-file build.
   */
  downloadGif(): Promise<Uint8Array | null>;
  /** The shown game and ply; null until the first game is shown. */
  readonly position: PdnPosition | null;

  addEventListener<K extends keyof PdnViewerEventMap>(
    type: K,
    listener: (this: PdnViewerElement, ev: PdnViewerEventMap[K]) => unknown,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof PdnViewerEventMap>(
    type: K,
    listener: (this: PdnViewerElement, ev: PdnViewerEventMap[K]) => unknown,
    options?: boolean | EventListenerOptions,
  ): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;
}

declare global {
  interface HTMLElementTagNameMap {
    'pdn-viewer': PdnViewerElement;
  }
  interface HTMLElementEventMap {
    'pdn-move': CustomEvent<PdnMoveDetail>;
    'pdn-game': CustomEvent<PdnGameDetail>;
    'pdn-error': CustomEvent<PdnErrorDetail>;
  }
}
