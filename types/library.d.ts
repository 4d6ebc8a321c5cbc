// Types of `pdn-viewer/library`: the WebAssembly PDN reader (pkg/pdn.js, made by wasm-bindgen
// from crates/wasm/src/lib.rs). Written by hand; the shapes are those of pdn-view
// (crates/view/src/view.rs and the others) in their wire form, JSON (`Option` fields are `null`
// when absent). tests/js/types.test.mjs checks this file against the built core: every Library
// method and function, and every field of the values it returns, neither missing nor extra.
//
//   import init, { Library } from 'pdn-viewer/library';
//   await init();                      // fetches pdn_bg.wasm beside pdn.js
//   const lib = Library.fromText(pdn);
//   const view = lib.game(0);

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

/** One row of the game list (GameSummary). */
export interface GameRow {
  /** 1-based game number. */
  number: number;
  white: string;
  black: string;
  event: string;
  site: string;
  date: string;
  round: string;
  /** The Result tag, else the game's terminator; '' when neither. */
  result: string;
  /** The GameType used (checked) or the tag as written (unchecked). */
  gametype: string;
  /** The variant's name, '' when not known yet. */
  variant: string;
  /** The GameType number of the variant, when known. */
  variantNumber: number | null;
  /**
   * The opening's name: the Opening tag, and once checked, else the name the core's table
   * gives the moves (English, Russian, International); '' when none.
   */
  opening: string;
  /** Mainline moves: written (unchecked) or replayed (checked). */
  plies: number;
  errors: number;
  warnings: number;
  /** Whether the moves were replayed for this row (`check`) or it comes from the tags (`rows`). */
  checked: boolean;
}

export type Severity = 'error' | 'warning' | 'note';

/** A problem found while reading or replaying, with its place in the text. */
export interface Diagnostic {
  severity: Severity;
  /** Stable code, for translations. */
  code: string;
  /**
   * Who needs it (`pdn::Code::audience`): 'visitor' when the game, a variation or the text
   * cannot be shown whole, 'author' for how the text is written.
   */
  audience: 'visitor' | 'author';
  /** Plain words (English). */
  message: string;
  /**
   * The values in `message` by name (squares, moves, counts…), so that a page can word it in
   * its own language (`detail.<code>` in the viewer's catalogues). Some hold a key rather than
   * words: `reason`, `why`, `legal_list`, `clue`, `written`/`usual`, the colours `side`,
   * `owner`, `loser`, `winner` ('white' or 'black'), `variant`/`first` (a GameType number),
   * `game`.
   */
  args: Record<string, string>;
  /** 1-based line. */
  line: number;
  /** 1-based column, in UTF-16 code units. */
  column: number;
  /** UTF-16 offset of the start in the whole text. */
  start: number;
  /** UTF-16 offset of the end. */
  end: number;
}

/** Clock readings from `[%clock]`/`[%clk]` commands. */
export interface ClockView {
  white: string | null;
  black: string | null;
  /** The side whose clock is marked running. */
  running: 'white' | 'black' | null;
}

/** Where a game's text is in the whole text. */
export interface SourceView {
  /** UTF-16 offset of the game's first character. */
  start: number;
  /** UTF-16 offset one past its last character. */
  end: number;
  /** 1-based line of its first character. */
  line: number;
}

/** A playable square: its name and White-view coordinates. */
export interface SquareView {
  /** Name in the game's notation ('32', 'c3'). */
  label: string;
  /** Column from the left, from 0. */
  file: number;
  /** Row from the bottom, from 0. */
  rank: number;
}

/** The board: size and playable squares in internal order (the order of `cells`). */
export interface BoardView {
  width: number;
  height: number;
  squares: SquareView[];
}

/** A position. */
export interface PositionView {
  /** Canonical FEN. */
  fen: string;
  /** One character per square of `board.squares`: '.', 'w', 'W', 'b', 'B' (capitals are kings). */
  cells: string;
}

/** One played move. */
export interface PlyView {
  /** 1-based ply within its line. */
  ply: number;
  moveNumber: number;
  side: 'white' | 'black';
  /** The move as written, with its strength marks. */
  notation: string;
  /** Position after the move. */
  fen: string;
  cells: string;
  from: string;
  to: string;
  /** Start, landing squares, end. */
  path: string[];
  /** Squares of the pieces taken, in order. */
  captured: string[];
  /** Comments after the move, without their `[%…]` commands. */
  comments: string[];
  nags: number[];
  /** Variations replacing this move: indexes into `GameView.variations`. */
  variations: number[];
  clock: ClockView | null;
  /** From `[%eval]`: '+0.35', '#3'. */
  eval: string | null;
  /** Time spent on the move, from `[%emt]`. */
  spent: string | null;
  /** Squares and arrows to draw on the position after it (`[%csl]`, `[%cal]`); absent when none. */
  marks?: MarksView;
}

/** A mark colour, from the `G`/`R`/`Y`/`B` letters of `[%csl]`/`[%cal]`. */
export type MarkColor = 'green' | 'red' | 'yellow' | 'blue';

/** Marks drawn on a position. */
export interface MarksView {
  squares: { color: MarkColor; square: string }[];
  arrows: { color: MarkColor; from: string; to: string }[];
}

/**
 * The text's answer to a move in solve mode (`Library.solve`): `right` (the line's next move),
 * `accepted` (the first move of a variation marked `!`, `!!`, `$1` or `$3`), `wrong` (another
 * variation, or a move the text does not give), or `shown` (the line's move, on request).
 */
export interface SolveView {
  verdict: 'right' | 'accepted' | 'wrong' | 'shown';
  /** Where the move is shown; null when it was wrong. */
  moved: Place | null;
  /** The text's reply, played after the move; for a wrong try that is a variation, its refutation. */
  reply: Place | null;
  /** The reply as the text writes it. */
  replyNotation: string | null;
  /** Nothing is left to solve after the reply. */
  solved: boolean;
  /** The side the reader plays next. */
  toMove: 'white' | 'black' | null;
  /** The text gives the move (its line's, or a variation's first); false for a move it does not give at all. */
  inText: boolean;
}

/** How far the Explorer's index is (`Library.exploreStep`). */
export interface ExplorerProgress {
  /** Games indexed. */
  done: number;
  /** Games in the text. */
  total: number;
  /** The index answers `explorer`, `findPlace` and `findFen`. */
  ready: boolean;
  /** Positions indexed (once ready). */
  positions: number;
  /** Bytes the index holds (once ready). */
  bytes: number;
}

/** A move the file's games played from a position (`ExplorerView.moves`). */
export interface ExplorerMove {
  /** As the analysis board writes it. */
  notation: string;
  /** Its index among the position's legal moves (`Library.play`'s choice). */
  choice: number;
  from: string;
  to: string;
  /** Games that played it there. */
  games: number;
  /** Won, drawn, lost by the side that plays it. */
  wins: number;
  draws: number;
  losses: number;
}

/** The moves played from a position in the file's games (`Library.explorer`). */
export interface ExplorerView {
  /** Games that reach the position (each once). */
  games: number;
  /** Of them, games that end there. */
  ended: number;
  /** Won, drawn, lost by the side to move. */
  wins: number;
  draws: number;
  losses: number;
  turn: 'white' | 'black';
  /** The most played first. */
  moves: ExplorerMove[];
}

/** A game that reaches a position (`Library.findPlace`, `Library.findFen`). */
export interface FoundGame {
  /** The game's number, from 1. */
  game: number;
  /** Plies played when it first stands there (0: its start). */
  ply: number;
}

/** One game of a player's (`PlayerView.list`). */
export interface PlayerGame {
  /** The game's number, from 1. */
  game: number;
  color: 'white' | 'black';
  /** For the player; null when the result says none. */
  outcome: 'win' | 'draw' | 'loss' | null;
}

/** A player's games and score (`Library.player`), results read as the file writes them. */
export interface PlayerView {
  name: string;
  games: number;
  wins: number;
  draws: number;
  losses: number;
  list: PlayerGame[];
}

/** The last move of a board card. */
export interface LastMove {
  notation: string;
  /** The position after it (one character per square of `board.squares`). */
  cells: string;
  from: string;
  to: string;
  path: string[];
  captured: string[];
}

/** One game of the boards view. */
export interface BoardCard {
  /** The game's number in the file, from 1. */
  game: number;
  white: string;
  black: string;
  round: string | null;
  result: string | null;
  /** 'white' | 'black' | 'draw' (the winner), 'unfinished', or null. */
  outcome: string | null;
  board: BoardView | null;
  /** The position before the last move (the start when there is none). */
  before: string;
  last: LastMove | null;
  plies: number;
  toMove: 'white' | 'black';
  /** Each side's last clock reading, or its time control's starting time. */
  clock: ClockView;
}

/** One game in a player's line of the standings. */
export interface StandingsCell {
  /** The opponent's index in `Standings.players`. */
  opponent: number;
  color: 'white' | 'black';
  round: string | null;
  /** Points it brought; null while it runs. */
  points: number | null;
  /** The game's number in the file, from 1. */
  game: number;
}

/** A player's line of the standings. */
export interface StandingsPlayer {
  name: string;
  /** From 1; shared by players equal on every tie-break. */
  rank: number;
  points: number;
  played: number;
  running: number;
  wins: number;
  draws: number;
  losses: number;
  /** Sonneborn-Berger. */
  sb: number;
  /** Buchholz (Solkoff). */
  buchholz: number;
  cells: StandingsCell[];
}

/** The tournament table (`Library.standings`): players by rank. */
export interface Standings {
  scoring: '2-1-0' | '1-½-0';
  format: 'round-robin' | 'swiss';
  /** How many times each pair met in a round robin, else 0. */
  cycles: number;
  rounds: string[];
  players: StandingsPlayer[];
  /** The same table as CSV. */
  csv: string;
}

/** Where a solution stands at a place (`Library.solveState`). */
export interface SolveState {
  toMove: 'white' | 'black' | null;
  /** The line has no next move there: nothing (more) to solve. */
  finished: boolean;
  /** Solve mode's hint: the squares of the text's next move there, or null when there is none. */
  hint: { from: string; to: string } | null;
}

/** Why a typed move is not played (`Library.refuseMove`). */
export interface Refusal {
  /** The core's reason: `capture-compulsory`, `too-few-captured`, `other-capture-first`, `no-piece`, `not-your-piece`, `cannot-move`, … */
  why: string;
  /** Its values by name (squares, sides, counts). */
  args: Record<string, string>;
  /** When a capture is due: the legal captures in the game's notation (`27x18`); else empty. */
  captures: string[];
  /** The squares of the pieces that can make them. */
  capturers: string[];
}

/**
 * One legal move of a position (`Library.legalMoves`), with everything needed to draw it and
 * the position it leads to; `index` plays it (`Library.play`). Routes that take the same
 * pieces from the same start to the same end are one move; routes that take different pieces
 * are different moves, told apart by `path` and `captured`.
 */
export interface MoveView {
  index: number;
  /** The shortest notation the standard allows: '32-28', '28x17', or the full route ('47x38x24x13x36') when another capture shares start and end. */
  notation: string;
  from: string;
  to: string;
  /** Start, every landing square, end. */
  path: string[];
  /** Squares of the pieces taken, in the order they are taken. */
  captured: string[];
  /** The piece is crowned by the move. */
  promotes: boolean;
  /** Canonical FEN after the move. */
  fen: string;
  /** Cells after the move, as `PositionView.cells`. */
  cells: string;
}

/**
 * A position of a game: `ply` plies into `line` (null: the mainline; else an index into
 * `GameView.variations`). Ply 0 of a variation is the position before its first move.
 */
export interface Place {
  line: number | null;
  ply: number;
}

/** A written move that was not played (after an error). */
export interface UnplayedView {
  notation: string;
  comments: string[];
}

/** The move that stopped the replay. */
export interface ErrorView {
  /** 1-based ply. */
  ply: number;
  /** The move as written. */
  move: string;
  message: string;
  line: number;
  column: number;
  /** 'illegal-move': the code whose catalogue texts word `args`. */
  code: string;
  /** The values in `message` by name (see Diagnostic.args). */
  args: Record<string, string>;
}

/** A variation: it replaces move `replaces` of its parent line. */
export interface VariationView {
  /** Index in `GameView.variations`. */
  id: number;
  /** The line it belongs to: null for the mainline, else a variation's id. */
  parent: number | null;
  /** 1-based index, in the parent line, of the move it replaces. */
  replaces: number;
  /** Nesting depth (1 for a variation of the mainline). */
  depth: number;
  /** The position before its first move. */
  start: PositionView | null;
  comments: string[];
  plies: PlyView[];
  unplayed: UnplayedView[];
  error: ErrorView | null;
}

/** Everything needed to show one game. */
export interface GameView {
  /** 1-based game number. */
  number: number;
  /** Tags as [name, value] pairs, in file order. */
  tags: [string, string][];
  /** The GameType used. */
  gametype: string;
  /** The variant's name, or a description of the type. */
  variant: string;
  variantNumber: number | null;
  /** How the game is won, for the engine: Antidraughts 'losing', Breakthrough 'first-king'. */
  goal: 'standard' | 'losing' | 'first-king';
  /** The opening's name (the Opening tag, else the core's table's name for the moves), or null. */
  opening: string | null;
  /** Short codes of the rules played by ('flying-kings', 'capture-most-pieces', …). */
  rules: string[];
  source: SourceView;
  /** Whether the moves could be replayed on a board. */
  supported: boolean;
  board: BoardView | null;
  /** The position before the first move. */
  start: PositionView | null;
  /** The side whose move opens each move number (from a FEN, as the text numbers it). */
  firstMover: 'white' | 'black';
  /** The mainline's moves as played. */
  plies: PlyView[];
  /** Written moves after the one that failed. */
  unplayed: UnplayedView[];
  /** Comments before the first move. */
  comments: string[];
  /** Marks on the start position, from the first comments' `[%csl]`/`[%cal]`; absent when none. */
  marks?: MarksView;
  result: string | null;
  /** When the mainline ends with the side to move unable to move: who lost and why, in words. */
  end: string | null;
  /** The same end as values: the side that lost, the winner, and why. */
  ending: { loser: 'white' | 'black'; winner: 'white' | 'black'; reason: 'no-pieces' | 'no-moves' } | null;
  /**
   * What the result says, read by the variant's first mover: the winner, 'draw', 'unfinished'
   * (`*`), or null when it names no winner or there is none.
   */
  outcome: 'white' | 'black' | 'draw' | 'unfinished' | null;
  /** Every variation, at any depth (in a `PageView`, those left out are null). */
  variations: VariationView[];
  /**
   * In a `PageView` whose variations were capped: the moves in each variation and everything
   * nested in it, by id.
   */
  variationMoves?: number[];
  error: ErrorView | null;
  /**
   * The game's diagnostics in text order: all of them, or, past 100, the first ones (at most 20
   * of each code); the three fields below then say what is left out.
   */
  diagnostics: Diagnostic[];
  /** Diagnostics left out of `diagnostics`, by code (only when some are). */
  diagnosticsHidden?: HiddenDiagnostics[];
  /** Every diagnostic counted by severity (only when some are left out). */
  diagnosticCounts?: SeverityCounts;
  /** How many diagnostics there are in all (only when some are left out). */
  diagnosticsTotal?: number;
}

/**
 * A line's moves packed (`Library.gamePacked`): a few long strings and arrays instead of one
 * object per move, far cheaper to hand over. Move `i` (0-based) is rebuilt from them as the
 * `PlyView` the full view has; the page does it with `unpackView` of `www/reader/viewdata.js`.
 */
export interface PackedPlies {
  /** The board (the view's `board` is then null), its squares' fields as strings. */
  board: PackedBoard | null;
  /** Number of moves. */
  count: number;
  /** Each move's `notation` followed by '\n'. */
  notations: string;
  /** Each move's `moveNumber`. */
  moveNumbers: number[];
  /** Each move's side: 'w' or 'b'. */
  sides: string;
  /** Each move's `fen` followed by a space. */
  fens: string;
  /** Each move's `cells`, one after the other (each as long as `board.squares`). */
  cells: string;
  /** Every move's `path` as indexes into `board.squares`; `from` is its first, `to` its last. */
  paths: number[];
  /** Where each move's path ends in `paths`. */
  pathEnds: number[];
  /** Every move's `captured` as indexes into `board.squares`. */
  captured: number[];
  /** Where each move's captures end in `captured`. */
  capturedEnds: number[];
  /** The moves with comments, NAGs, variations or commands, as [index, notes]; the others have none. */
  notes: [number, Pick<PlyView, 'comments' | 'nags' | 'variations' | 'clock' | 'eval' | 'spent' | 'marks'>][];
}

/** A board packed: its squares' labels separated by spaces, files and ranks one letter each ('a' is 0). */
export interface PackedBoard {
  width: number;
  height: number;
  labels: string;
  files: string;
  ranks: string;
}

/** A game view with its mainline's moves packed: `plies` is empty, `packed` holds them. */
export type PackedGameView = Omit<GameView, 'plies'> & { plies: []; packed: PackedPlies };

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

/** Diagnostics counted by severity. */
export interface SeverityCounts {
  error: number;
  warning: number;
  note: number;
}

/** Diagnostics of one code left out of a list. */
export interface HiddenDiagnostics {
  code: string;
  audience: 'visitor' | 'author';
  severity: 'error' | 'warning' | 'note';
  count: number;
}

/** What a list of diagnostics leaves out. */
export interface DiagnosticsSummary {
  counts: SeverityCounts;
  hidden: HiddenDiagnostics[];
  total: number;
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

/** One thing wrong with a position set up in the board editor. */
export interface EditorProblem {
  /**
   * 'setup-not-playable' | 'setup-two-pieces' | 'setup-man-crowning-row' | 'setup-too-many' |
   * 'setup-no-pieces' | 'setup-no-board', or 'setup-fen' when the FEN could not be read.
   */
  code: string;
  /** Its values by name: square, side ('white' | 'black'), count, max; for 'setup-fen' why and value. */
  args: Record<string, string>;
  /** The core's English words. */
  message: string;
}

/** The board editor's view of a position (see editorStep). */
export interface EditorView {
  /** GameType number of the variant. */
  gametype: number;
  /** Every variant the editor offers. */
  variants: { gametype: number; name: string }[];
  /** The board to draw. */
  board: BoardView;
  /** One character per square of board.squares: '.', 'w', 'W', 'b', 'B'. */
  cells: string;
  /** The side to move. */
  turn: 'white' | 'black';
  /** The canonical FEN of what is set up (also when it is not a valid position). */
  fen: string;
  /** false when the FEN given could not be read; then only problems means anything. */
  readable: boolean;
  /** What makes the position impossible (at most 20); empty when it can be played. */
  problems: EditorProblem[];
  /** How many more problems there are than listed. */
  more: number;
  /** A PDN game starting there ([GameType], [SetUp "1"], [FEN]), when the position is valid. */
  pdn: string | null;
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

/** A game's text replaced in the open text (`writeBack`, `setGameText`). */
export interface Splice {
  /** UTF-16 offset, in the text before, of the first character replaced. */
  start: number;
  /** UTF-16 offset, in the text before, one past the last character replaced. */
  end: number;
  /** The text that was there. */
  old: string;
  /** The text now there, as the core writes it. */
  text: string;
}
