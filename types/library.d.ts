// Types of `pdn-viewer/library`: the WebAssembly PDN reader (pkg/pdn.js, made by wasm-bindgen
// from crates/wasm/src/lib.rs). The values' shapes, in their wire form (JSON: `Option` fields are
// `null` when absent), are made from the Rust structs of pdn-view (crates/view) by ts-rs into
// ./generated/view.d.ts (`make types`; a test fails when it is stale) and re-exported here; the
// binding's methods and functions, and the packed forms made by hand, are written here.
// tests/js/types.test.mjs checks them against the built core: every Library method and function,
// and every field of the values it returns, neither missing nor extra.
//
//   import init, { Library } from 'pdn-viewer/library';
//   await init();                      // fetches pdn_bg.wasm beside pdn.js
//   const lib = Library.fromText(pdn);
//   const view = lib.game(0);

import type {
  Side,
  Severity,
  Audience,
  MarkColor,
  GameRow,
  Diagnostic,
  ClockView,
  SourceView,
  SquareView,
  BoardView,
  PositionView,
  PlyView,
  SquareMark,
  ArrowMark,
  MarksView,
  SolveView,
  ExplorerProgress,
  ExplorerMove,
  ExplorerView,
  FoundGame,
  PlayerGame,
  PlayerView,
  LastMove,
  BoardCard,
  StandingsCell,
  StandingsPlayer,
  Standings,
  SolveState,
  Hint,
  Refusal,
  MoveView,
  Place,
  UnplayedView,
  ErrorView,
  VariationView,
  Ending,
  GameView,
  PackedPlies,
  PackedBoard,
  PlyNotes,
  SeverityCounts,
  HiddenDiagnostics,
  DiagnosticsSummary,
  EditorProblem,
  VariantChoice,
  EditorView,
  Splice,
} from './generated/view.js';

export type {
  Side,
  Severity,
  Audience,
  MarkColor,
  GameRow,
  Diagnostic,
  ClockView,
  SourceView,
  SquareView,
  BoardView,
  PositionView,
  PlyView,
  SquareMark,
  ArrowMark,
  MarksView,
  SolveView,
  ExplorerProgress,
  ExplorerMove,
  ExplorerView,
  FoundGame,
  PlayerGame,
  PlayerView,
  LastMove,
  BoardCard,
  StandingsCell,
  StandingsPlayer,
  Standings,
  SolveState,
  Hint,
  Refusal,
  MoveView,
  Place,
  UnplayedView,
  ErrorView,
  VariationView,
  Ending,
  GameView,
  PackedPlies,
  PackedBoard,
  PlyNotes,
  SeverityCounts,
  HiddenDiagnostics,
  DiagnosticsSummary,
  EditorProblem,
  VariantChoice,
  EditorView,
  Splice,
} from './generated/view.js';

/** What `init` and `initSync` accept: the wasm module, its bytes, its address or its response. */
export type InitInput = RequestInfo | URL | Response | BufferSource | WebAssembly.Module;

/** The wasm instance's exports (for advanced use only). */
export interface InitOutput {
  readonly memory: WebAssembly.Memory;
  readonly [name: string]: unknown;
}

/**
 * Loads and starts the wasm core once (later calls return the same instance). Without an
 * argument, `pdn_bg.wasm` is fetched from beside `pdn.js` (`new URL('pdn_bg.wasm',
 * import.meta.url)`); in Node, where `fetch` cannot read files, use `initSync` with the bytes.
 */
export default function init(
  module_or_path?: { module_or_path: InitInput | Promise<InitInput> } | InitInput | Promise<InitInput>,
): Promise<InitOutput>;

/** Starts the core from a compiled module or its bytes, synchronously. */
export function initSync(module: { module: BufferSource | WebAssembly.Module } | BufferSource | WebAssembly.Module): InitOutput;

/** Called by `init` itself (it installs the panic hook); there is no need to call it. */
export function start(): void;

/** A game view with its mainline's moves packed: `plies` is empty, `packed` holds them. */
export type PackedGameView = Omit<GameView, 'plies' | 'packed'> & { plies: []; packed: PackedPlies };

/**
 * What the page is handed of a game (`Library.pageView`): the packed view within the page's
 * budgets (at most 100 diagnostics; 200 variations of one list, 8 levels deep, about 20,000 of
 * their moves), the variations left out null; `Library.variations` hands them out.
 */
export type PageView = Omit<PackedGameView, 'variations'> & { variations: (VariationView | null)[] };

/**
 * List rows packed (`Library.rowsPacked`): per field, its distinct values and each row's index
 * into them, or, when most values differ, the column itself. `unpackRows` of
 * `www/reader/library.js` gives the rows back.
 */
export interface PackedRows {
  count: number;
  fields: ({ key: keyof GameRow; values: unknown[]; index: number[] } | { key: keyof GameRow; column: unknown[] })[];
}

/**
 * A PDN text opened for browsing: the game list comes from the tags, and each game is read and
 * replayed when asked for. Reading never throws; problems are diagnostics. Call `free()` when
 * done (or rely on the garbage collector).
 */
export class Library {
  private constructor();
  /** Lists the games of PDN text. Never throws. */
  static fromText(text: string): Library;
  /** Decodes file bytes (UTF-8, else Windows-1251 or Latin-1) and lists their games. */
  static fromBytes(bytes: Uint8Array): Library;
  /** The number of games. */
  readonly count: number;
  /** The encoding the text was decoded from, in words: 'UTF-8', 'Windows-1251 (Cyrillic)' or 'Latin-1'. */
  readonly encoding: string;
  /** The decoded text. */
  text(): string;
  /** List rows of games `from..to` (0-based, end excluded) from their tags, without replay. */
  rows(from: number, to: number): GameRow[];
  /** List rows of games `from..to` after replaying them (variant played, every problem). */
  check(from: number, to: number): GameRow[];
  /** The full view of game `index` (0-based). Throws when there is no such game. */
  game(index: number): GameView;
  /**
   * The same view with its mainline's moves packed (see `PackedPlies`): a fraction of the cost
   * of `game(index)` to hand over. Throws when there is no such game.
   */
  gamePacked(index: number): PackedGameView;
  /** The packed view within the page's budgets (see `PageView`). Throws when there is no such game. */
  pageView(index: number): PageView;
  /**
   * `pageView(index)` as one binary buffer (its format: `crates/view/src/wire.rs`): what the
   * reading worker hands the page, which `unpackView` of `www/reader/viewdata.js` reads. Throws
   * when there is no such game.
   */
  pageBuffer(index: number): Uint8Array;
  /**
   * More variations of game `index` than `pageView` sends: those of `ids` (one list of
   * alternatives) and what is nested in them, within the budgets, as [id, variation].
   */
  variations(index: number, ids: number[]): [number, VariationView][];
  /** The rows of `rows(from, to)` packed (see `PackedRows`). */
  rowsPacked(from: number, to: number): PackedRows;
  /** Game `index` as written in the text, or undefined when there is no such game. */
  gameText(index: number): string | undefined;
  /** Game `index` as canonical PDN. Throws when there is no such game. */
  exportGame(index: number): string;
  /** Every game as canonical PDN. */
  exportAll(): string;
  /** The games' texts as written, a blank line between, without the text outside any game. */
  gamesText(): string;
  /**
   * Game `index`'s short link: the text after `#g=` (README, "Contracts", item 4), or undefined
   * when the game has what the short form cannot carry (comments, variations, …).
   */
  shortLink(index: number): string | undefined;
  /**
   * Game `index` as a problem set at (`line`, `ply`): its tags and the position there as `FEN`,
   * without its moves, comments or variations. Throws when there is no such game or position.
   */
  exportProblem(index: number, line: number | null | undefined, ply: number): string;
  /**
   * Problems in the text outside any game (all there is to say when no game was found): all of
   * them, or past 100 the first ones (at most 20 of each code).
   */
  outsideDiagnostics(): Diagnostic[];
  /** What `outsideDiagnostics()` leaves out, or null when it lists them all. */
  outsideSummary(): DiagnosticsSummary | null;
  /**
   * The analysis board. A position is named by `line` (undefined or null: the mainline; else a
   * variation id) and `ply`. The legal moves there, or null when the game has no such position
   * (not replayed that far, unknown rules).
   */
  legalMoves(index: number, line: number | null | undefined, ply: number): MoveView[] | null;
  /**
   * Why `text`, typed as a move at that position, is not played there; null when it is legal,
   * does not read as a move, or there is no such position.
   */
  refuseMove(index: number, line: number | null | undefined, ply: number, text: string): Refusal | null;
  /**
   * Plays legal move `choice` (a `MoveView.index` of the same position): the line's next move
   * when it is that move (a step forward), the variation that starts with it, or a new move
   * (at the line's end) or variation. Returns where the move is shown. From then on `game`,
   * `exportGame` and `exportAll` give the edited game. Throws when the move or the place is not
   * there, or when the line's next move cannot be played (moves are added before it).
   */
  play(index: number, line: number | null | undefined, ply: number, choice: number): Place;
  /** Deletes variation `id` and those inside it; returns the place before the move it replaced. */
  deleteVariation(index: number, id: number): Place;
  /** Makes variation `id` the line it branches from (that line becomes its first alternative); returns the place of its first move. */
  promoteVariation(index: number, id: number): Place;
  /** Deletes the moves after that position (at a variation's start: the variation). */
  cutLine(index: number, line: number | null | undefined, ply: number): Place;
  /** Sets the comment of the move leading there (at the mainline's start: the game's first comment); its `[%…]` commands stay. */
  setComment(index: number, line: number | null | undefined, ply: number, text: string): void;
  /** Sets the strength mark of the move leading there: '!', '?', '!!', '??', '!?', '?!' or '' (none). */
  setStrength(index: number, line: number | null | undefined, ply: number, mark: string): void;
  /** Replaces the marks of that position, written back as `[%csl]`/`[%cal]`: `squares` as 'G28,R19', `arrows` as 'Y28-19,Bc3e5'. */
  setMarks(index: number, line: number | null | undefined, ply: number, squares: string, arrows: string): void;
  /** Whether game `index` was edited. */
  isEdited(index: number): boolean;
  /** Forgets the edits of game `index`. */
  revert(index: number): void;
  /**
   * Writes game `index`, when edited, into the text in place of its old text (the rest of the
   * text untouched): what changed, UTF-16 offsets of the text before, or null when nothing did.
   */
  writeBack(index: number): Splice | null;
  /**
   * Puts `text` in place of game `index`'s text: what changed, or null. With `was` (undo, redo:
   * the text a splice put there), exactly that text becomes `text` again.
   */
  setGameText(index: number, text: string, was?: string | null): Splice | null;
  /**
   * Solve mode (`pdn::solve`): the text's answer to legal move `choice` (a `MoveView.index` of
   * that position) played there, or with `choice` undefined the text's own move shown; null when
   * there is no such position or move (or nothing to show).
   */
  solve(index: number, line: number | null | undefined, ply: number, choice?: number): SolveView | null;
  /** Solve mode: the side to move there, and whether the line has no next move. */
  solveState(index: number, line: number | null | undefined, ply: number): SolveState | null;
  /**
   * Solve mode past the text: the legal moves after `choices` (each a `MoveView.index` at that
   * point) played from that position; null when there is no such position or move.
   */
  movesAfter(index: number, line: number | null | undefined, ply: number, choices: number[]): MoveView[] | null;
  /** Explorer: indexes up to `games` more games (call until `ready`). */
  exploreStep(games: number): ExplorerProgress;
  /** Explorer: the moves played from that position, or null before the index is ready. */
  explorer(index: number, line: number | null | undefined, ply: number): ExplorerView | null;
  /** Explorer: the games that reach that position, or null before the index is ready. */
  findPlace(index: number, line: number | null | undefined, ply: number): FoundGame[] | null;
  /** Explorer: the games that reach the position of `fen` in GameType `gametype` ('' = 20). Throws before the index is ready or for a FEN it cannot read. */
  findFen(fen: string, gametype: string): FoundGame[];
  /** Explorer: the games whose board holds that many white men, white kings, black men, black kings at some point (null: any). Throws before the index is ready. */
  findMaterial(whiteMen?: number | null, whiteKings?: number | null, blackMen?: number | null, blackKings?: number | null): FoundGame[];
  /** Explorer: the games whose board holds every piece of the FEN `pattern` at some point (the other squares free), GameType `gametype` ('' = 20). Replays every game. Throws for a FEN it cannot read. */
  findPattern(pattern: string, gametype: string): FoundGame[];
  /** Explorer: player `name`'s games and score (White or Black tag, case aside). Throws before the index is ready. */
  player(name: string): PlayerView;
  /** How many games have no result yet (a live file is followed until none). */
  unfinished(): number;
  /** The boards view's cards of games `from..to` (0-based), or of round `round` among them. */
  boards(from: number, to: number, round?: string | null): BoardCard[];
  /** The tournament table of the file's games (`pdn standings`, docs/cli.md). */
  standings(): Standings;
  /** Releases the wasm memory the text holds. */
  free(): void;
  [Symbol.dispose](): void;
}

/**
 * One step of the board editor, computed by the core: 'view' (fen on GameType gametype),
 * 'start', 'place' (piece 'wm' | 'wk' | 'bm' | 'bk' on square; '' or the same piece again
 * removes it), 'turn' (piece is 'white' or 'black'), 'clear', 'switch' (to gametype; a position
 * that does not fit its board gives its start). Throws for a GameType that is not a draughts
 * variant or an unknown step.
 */
export function editorStep(name: 'view' | 'start' | 'place' | 'turn' | 'clear' | 'switch',
  gametype: number, fen: string, square: string, piece: string): EditorView;

/**
 * The PDN text of a short link's payload (the text after `#g=`): its game's tags and mainline
 * as the core writes them. Throws the reason in plain words for a damaged or unknown link.
 */
export function shortLinkText(payload: string): string;
