// Made by crates/view/tests/types.rs from the structs of crates/view (ts-rs): do not edit;
// `make types` writes it again. The wire form is serde's (crates/view/src/json.rs): `Option`
// fields are `null` when absent, those marked `?` are left out.

/** A side: 'white' or 'black'. */
export type Side = 'white' | 'black';

/** A diagnostic's severity. */
export type Severity = 'error' | 'warning' | 'note';

/** Who needs a diagnostic (`pdn::Code::audience`): 'visitor' when the game, a variation or the
 * text cannot be shown whole, 'author' for how the text is written. */
export type Audience = 'visitor' | 'author';

/** A mark colour, from the `G`/`R`/`Y`/`B` letters of `[%csl]`/`[%cal]`. */
export type MarkColor = 'green' | 'red' | 'yellow' | 'blue';

/**
 * One row of the game list.
 *
 * A row made from the tags alone ([`GameSummary::from_header`]) has `checked: false`: its
 * variant is what the tags say (empty when they say nothing) and its counts are the reading's.
 * A checked row ([`FileView::summary`]) comes from a replay: the variant used and the replay's
 * problems are included.
 */
export type GameRow = {
/**
 * 1-based game number.
 */
number: number,
/**
 * `White` tag.
 */
white: string,
/**
 * `Black` tag.
 */
black: string,
/**
 * `Event` tag.
 */
event: string,
/**
 * `Site` tag.
 */
site: string,
/**
 * `Date` tag.
 */
date: string,
/**
 * `Round` tag.
 */
round: string,
/**
 * The result: the `Result` tag, else the terminator.
 */
result: string,
/**
 * GameType used (or, unchecked, the tag as written).
 */
gametype: string,
/**
 * Variant name, or empty when not known yet.
 */
variant: string,
/**
 * GameType number of the variant, when known.
 */
variantNumber: number | null,
/**
 * The opening's name: the `Opening` tag, and once checked, else the name the core's
 * table gives the moves ([`pdn::openings`]); empty when none.
 */
opening: string,
/**
 * Mainline moves: written (unchecked) or replayed (checked).
 */
plies: number,
/**
 * Number of errors (reading, and replay when checked).
 */
errors: number,
/**
 * Number of warnings.
 */
warnings: number,
/**
 * Whether the moves were replayed for this row.
 */
checked: boolean, };

/**
 * A diagnostic with its place in the text.
 */
export type Diagnostic = {
/**
 * `error`, `warning` or `note`.
 */
severity: Severity,
/**
 * Stable code for translations.
 */
code: string,
/**
 * `visitor` or `author`: who needs it ([`pdn::Code::audience`]); a viewer on a club page
 * lists only the visitor ones.
 */
audience: Audience,
/**
 * Plain words.
 */
message: string,
/**
 * The values in `message`, by name (`pdn::Diagnostic::args`), for wording it in the
 * page's language.
 */
args: Record<string, string>,
/**
 * 1-based line.
 */
line: number,
/**
 * 1-based column (UTF-16 code units).
 */
column: number,
/**
 * UTF-16 offset of the start.
 */
start: number,
/**
 * UTF-16 offset of the end.
 */
end: number, };

/**
 * Clock readings from the `[%clock]`/`[%clk]` commands of a move's comments.
 */
export type ClockView = {
/**
 * White's time left (`h:mm:ss` or `m:ss`).
 */
white: string | null,
/**
 * Black's time left.
 */
black: string | null,
/**
 * `white` or `black` when a clock is marked running.
 */
running: Side | null, };

/**
 * Where a game's text is, for selecting it in the page's text box.
 */
export type SourceView = {
/**
 * UTF-16 offset of the game's first character in the whole text.
 */
start: number,
/**
 * UTF-16 offset one past its last character.
 */
end: number,
/**
 * 1-based line of its first character.
 */
line: number, };

/**
 * A playable square for drawing: its name and White-view coordinates.
 */
export type SquareView = {
/**
 * Name in the game's notation.
 */
label: string,
/**
 * Column from the left.
 */
file: number,
/**
 * Row from the bottom.
 */
rank: number, };

/**
 * The board: size and playable squares in internal order (the order of `cells`).
 */
export type BoardView = {
/**
 * Columns.
 */
width: number,
/**
 * Rows.
 */
height: number,
/**
 * Playable squares.
 */
squares: Array<SquareView>, };

/**
 * A position for drawing.
 */
export type PositionView = {
/**
 * Canonical FEN.
 */
fen: string,
/**
 * One character per square of `board.squares`: `.`, `w`, `W`, `b`, `B`.
 */
cells: string, };

/**
 * One played move.
 */
export type PlyView = {
/**
 * 1-based ply.
 */
ply: number,
/**
 * Move number.
 */
moveNumber: number,
/**
 * `white` or `black`.
 */
side: Side,
/**
 * The move as written, with its strength marks.
 */
notation: string,
/**
 * Position after the move.
 */
fen: string,
/**
 * Cells after the move.
 */
cells: string,
/**
 * Start square.
 */
from: string,
/**
 * End square.
 */
to: string,
/**
 * Start, landing squares, end.
 */
path: Array<string>,
/**
 * Squares of the pieces taken, in order.
 */
captured: Array<string>,
/**
 * Comments after the move, without their `[%…]` commands (empty ones left out).
 */
comments: Array<string>,
/**
 * NAGs after the move.
 */
nags: Array<number>,
/**
 * Variations replacing this move: indexes into [`GameView::variations`].
 */
variations: Array<number>,
/**
 * Clocks after the move, from `[%clock]` or `[%clk]`.
 */
clock: ClockView | null,
/**
 * Engine evaluation from `[%eval]`: `+0.35`, `-1.20`, `#3`, `#-2`.
 */
eval: string | null,
/**
 * Time spent on the move, from `[%emt]`.
 */
spent: string | null,
/**
 * Squares and arrows to draw on the position after it, from `[%csl]`/`[%cal]`.
 */
marks?: MarksView,
/**
 * Its comment asks for a diagram of the position after it ([`crate::print::diagram_asked`]);
 * written only when true.
 */
diagram?: boolean, };

/**
 * A coloured square.
 */
export type SquareMark = {
/**
 * `green`, `red`, `yellow` or `blue`.
 */
color: MarkColor,
/**
 * The square's name.
 */
square: string, };

/**
 * An arrow.
 */
export type ArrowMark = {
/**
 * `green`, `red`, `yellow` or `blue`.
 */
color: MarkColor,
/**
 * Its tail.
 */
from: string,
/**
 * Its head.
 */
to: string, };

/**
 * The marks drawn on a position, from its comments' `[%csl]` and `[%cal]` commands.
 */
export type MarksView = {
/**
 * Coloured squares.
 */
squares: Array<SquareMark>,
/**
 * Arrows.
 */
arrows: Array<ArrowMark>, };

/**
 * The text's answer to a move.
 */
export type SolveView = {
/**
 * `right` (the text's move), `accepted` (a variation marked good), `wrong`, or `shown`.
 */
verdict: 'right' | 'accepted' | 'wrong' | 'shown',
/**
 * Where the move is shown; `null` when it was wrong.
 */
moved: Place | null,
/**
 * The text's reply (for a wrong try that is a variation: its refutation), as a place.
 */
reply: Place | null,
/**
 * The reply as the text writes it.
 */
replyNotation: string | null,
/**
 * Nothing is left to solve after the reply.
 */
solved: boolean,
/**
 * The side the reader plays next: `white` or `black`.
 */
toMove: Side | null,
/**
 * The text gives the move (its line's, or a variation's first move); false for a move it
 * does not give at all, which solve mode may ask the engine about.
 */
inText: boolean, };

/**
 * How far the index is: `{done, total, ready, positions, bytes}`.
 */
export type ExplorerProgress = {
/**
 * Games indexed.
 */
done: number,
/**
 * Games in the text.
 */
total: number,
/**
 * The index answers.
 */
ready: boolean,
/**
 * Positions indexed (when ready).
 */
positions: number,
/**
 * Bytes the index holds (when ready).
 */
bytes: number, };

/**
 * A move played from the shown position.
 */
export type ExplorerMove = {
/**
 * As the analysis board writes it (the shortest notation among the legal moves).
 */
notation: string,
/**
 * Its index among the position's legal moves (to play it).
 */
choice: number,
/**
 * Start and end squares, for an arrow.
 */
from: string,
/**
 * End square.
 */
to: string,
/**
 * Games that played it here.
 */
games: number,
/**
 * Won, drawn and lost by the side that plays it.
 */
wins: number,
/**
 * Drawn.
 */
draws: number,
/**
 * Lost.
 */
losses: number, };

/**
 * The moves played from a position, with how they scored.
 */
export type ExplorerView = {
/**
 * Games that reach the position.
 */
games: number,
/**
 * Of them, games that end there.
 */
ended: number,
/**
 * Won, drawn and lost by the side to move, over all of them.
 */
wins: number,
/**
 * Drawn.
 */
draws: number,
/**
 * Lost.
 */
losses: number,
/**
 * `white` or `black`: the side to move.
 */
turn: Side,
/**
 * The moves, the most played first.
 */
moves: Array<ExplorerMove>, };

/**
 * A game that reaches a position: its number (from 1) and the first ply there.
 */
export type FoundGame = {
/**
 * The game's number, from 1.
 */
game: number,
/**
 * Plies played when it stands there first (0: its start).
 */
ply: number, };

/**
 * One game of a player's (see [`PlayerView`]).
 */
export type PlayerGame = {
/**
 * The game's number, from 1.
 */
game: number,
/**
 * `white` or `black`: the side the player had.
 */
color: Side,
/**
 * `win`, `draw` or `loss` for the player; `None` when the result says none (`*`, unknown).
 */
outcome: 'win' | 'draw' | 'loss' | null, };

/**
 * A player's games and score, with the results read as the file writes them.
 */
export type PlayerView = {
/**
 * The name asked about.
 */
name: string,
/**
 * The games the player has (`White` or `Black` tag equal to the name, case and spaces
 * around it aside).
 */
games: number,
/**
 * Won.
 */
wins: number,
/**
 * Drawn.
 */
draws: number,
/**
 * Lost.
 */
losses: number,
/**
 * The games, in file order.
 */
list: Array<PlayerGame>, };

/**
 * The last move of a card: enough for the page's board model to mark it.
 */
export type LastMove = {
/**
 * As the game writes it.
 */
notation: string,
/**
 * The position after it (one character per square).
 */
cells: string,
/**
 * Its squares.
 */
from: string,
/**
 * Where it ended.
 */
to: string,
/**
 * The squares passed through.
 */
path: Array<string>,
/**
 * The squares taken from.
 */
captured: Array<string>, };

/**
 * One game's card.
 */
export type BoardCard = {
/**
 * The game's number in the file, from 1.
 */
game: number,
/**
 * The `White` tag.
 */
white: string,
/**
 * The `Black` tag.
 */
black: string,
/**
 * The `Round` tag.
 */
round: string | null,
/**
 * The result as written (`*` while the game runs).
 */
result: string | null,
/**
 * `white`, `black` or `draw` (the winner), `unfinished`, or null.
 */
outcome: 'white' | 'black' | 'draw' | 'unfinished' | null,
/**
 * The board (null when the game could not be set up).
 */
board: BoardView | null,
/**
 * The position before the last move (the start when there is none).
 */
before: string,
/**
 * The last move played, if any.
 */
last: LastMove | null,
/**
 * Mainline moves played.
 */
plies: number,
/**
 * `white` or `black`: the side to move in the last position.
 */
toMove: Side,
/**
 * Each side's last clock reading (from `[%clock]`/`[%clk]`), or its time control's.
 */
clock: ClockView, };

/**
 * One game of a player's line.
 */
export type StandingsCell = {
/**
 * The opponent's place in `players` (from 0).
 */
opponent: number,
/**
 * `white` or `black`.
 */
color: Side,
/**
 * The `Round` tag.
 */
round: string | null,
/**
 * The points it brought; `null` while it runs.
 */
points: number | null,
/**
 * The game's number in the file, from 1.
 */
game: number, };

/**
 * A player's line.
 */
export type StandingsPlayer = {
/**
 * The name as the tags write it.
 */
name: string,
/**
 * The place, from 1 (shared when equal on every tie-break).
 */
rank: number,
/**
 * Points.
 */
points: number,
/**
 * Finished games.
 */
played: number,
/**
 * Games still running.
 */
running: number,
/**
 * Wins.
 */
wins: number,
/**
 * Draws.
 */
draws: number,
/**
 * Losses.
 */
losses: number,
/**
 * Sonneborn-Berger.
 */
sb: number,
/**
 * Buchholz (Solkoff).
 */
buchholz: number,
/**
 * The games, in file order.
 */
cells: Array<StandingsCell>, };

/**
 * The table.
 */
export type Standings = {
/**
 * `2-1-0` or `1-½-0`.
 */
scoring: '2-1-0' | '1-½-0',
/**
 * `round-robin` (a crosstable) or `swiss` (round by round).
 */
format: 'round-robin' | 'swiss',
/**
 * How many times each pair met, in a round robin (else 0).
 */
cycles: number,
/**
 * The rounds' labels in order.
 */
rounds: Array<string>,
/**
 * Players by place.
 */
players: Array<StandingsPlayer>,
/**
 * The same table as CSV ([`Standings::to_csv`]), for the download.
 */
csv: string, };

/**
 * Where a solution stands at a place.
 */
export type SolveState = {
/**
 * The side to move there: `white` or `black`.
 */
toMove: Side | null,
/**
 * The line has no next move there: nothing to solve.
 */
finished: boolean,
/**
 * The hint: the start and end squares of the text's next move there (the move "Show the
 * move" would play), or `None` when there is none.
 */
hint: Hint | null, };

/**
 * Solve mode's hint: where the text's next move starts and ends (square labels).
 */
export type Hint = {
/**
 * The square of the piece to move.
 */
from: string,
/**
 * The square it goes to.
 */
to: string, };

/**
 * Why a move typed in the move box is not played: the core's reason
 * ([`pdn::notation::MoveErrorKind`]), and when a capture is due instead, the captures.
 */
export type Refusal = {
/**
 * The reason's key (`capture-compulsory`, `no-piece`, …), as the diagnostics' `why`.
 */
why: string,
/**
 * Its values by name (squares, sides, counts), for its words (`why.<key>`).
 */
args: Record<string, string>,
/**
 * When the reason is a capture due (compulsory, or more pieces, or another first): the
 * legal captures in the game's notation (`27x18`); else empty.
 */
captures: Array<string>,
/**
 * The squares of the pieces that can make them.
 */
capturers: Array<string>, };

/**
 * One legal move of a position.
 */
export type MoveView = {
/**
 * Its index in the list, to play it.
 */
index: number,
/**
 * The shortest notation the standard allows here (`32-28`, `28x17`, `47x38x24x13x36`
 * when another capture has the same start and end).
 */
notation: string,
/**
 * Start square.
 */
from: string,
/**
 * End square.
 */
to: string,
/**
 * Start, every landing square, end: the route.
 */
path: Array<string>,
/**
 * The squares of the pieces taken, in the order they are taken.
 */
captured: Array<string>,
/**
 * The piece is crowned.
 */
promotes: boolean,
/**
 * The position after it (canonical FEN).
 */
fen: string,
/**
 * Cells after it, as [`crate::view::PositionView::cells`].
 */
cells: string, };

/**
 * A position of the game, as the page names it: `line` (`null` for the mainline, else a
 * variation id of [`crate::view::GameView::variations`]) and `ply` plies into it.
 */
export type Place = {
/**
 * The line.
 */
line: number | null,
/**
 * Plies played in it.
 */
ply: number, };

/**
 * A move that was written but not played (after an error), for greyed display.
 */
export type UnplayedView = {
/**
 * The move as written.
 */
notation: string,
/**
 * Comments after it.
 */
comments: Array<string>, };

/**
 * The move that stopped the replay.
 */
export type ErrorView = {
/**
 * 1-based ply.
 */
ply: number,
/**
 * The move as written.
 */
move: string,
/**
 * Why.
 */
message: string,
/**
 * 1-based line.
 */
line: number,
/**
 * 1-based column (UTF-16).
 */
column: number,
/**
 * `illegal-move`: the code whose catalogue texts word it (`detail.illegal-move`).
 */
code: string,
/**
 * The values in `message`, by name (see `pdn::replay::ReplayError::args`).
 */
args: Record<string, string>, };

/**
 * A variation as played: it replaces move `replaces` of its parent line.
 */
export type VariationView = {
/**
 * Index in [`GameView::variations`].
 */
id: number,
/**
 * The line it belongs to: `None` for the mainline, else a variation's id.
 */
parent: number | null,
/**
 * 1-based index, in the parent line, of the move it replaces.
 */
replaces: number,
/**
 * Nesting depth (1 for a variation of the mainline).
 */
depth: number,
/**
 * The position before its first move (the position before the move it replaces).
 */
start: PositionView | null,
/**
 * Comments before its first move.
 */
comments: Array<string>,
/**
 * Its moves played; `ply` counts from 1 within the variation.
 */
plies: Array<PlyView>,
/**
 * Written moves after the one that failed (or all of them, when it was not reached).
 */
unplayed: Array<UnplayedView>,
/**
 * The move that stopped it.
 */
error: ErrorView | null, };

/**
 * How the mainline ends on the board (see [`GameView::ending`]).
 */
export type Ending = {
/**
 * `white` or `black`: the side to move, which has lost.
 */
loser: Side,
/**
 * `white` or `black`.
 */
winner: Side,
/**
 * `no-pieces` or `no-moves` (its pieces are blocked).
 */
reason: 'no-pieces' | 'no-moves', };

/**
 * Everything the page needs to show one game.
 */
export type GameView = {
/**
 * 1-based game number.
 */
number: number,
/**
 * Tags as `[name, value]` pairs, in file order.
 */
tags: Array<[string, string]>,
/**
 * GameType used.
 */
gametype: string,
/**
 * Variant name, or a description of the type.
 */
variant: string,
/**
 * GameType number of the variant played, when it is a known variant.
 */
variantNumber: number | null,
/**
 * How the game is won ([`pdn::variant::Goal::code`]: `standard`, `losing` for
 * Antidraughts, `first-king` for Breakthrough), for the engine.
 */
goal: 'standard' | 'losing' | 'first-king',
/**
 * The opening's name ([`pdn::openings::opening`]: the `Opening` tag, else the core's
 * table's name for the moves), when there is one.
 */
opening: string | null,
/**
 * Short codes of the rules played by (`flying-kings`, `capture-most-pieces`, …), most
 * telling first; see [`rule_codes`].
 */
rules: Array<string>,
/**
 * Where the game's text is.
 */
source: SourceView,
/**
 * The moves could be replayed on a board.
 */
supported: boolean,
/**
 * The board, when the type has one (shared by the views of one board: see
 * [`BoardView::shared`]).
 */
board: BoardView | null,
/**
 * The position before the first move.
 */
start: PositionView | null,
/**
 * `white` or `black`: the side whose move opens each move number, so rows and labels
 * follow the text (`1. 19-15 10x19` from a FEN with White to move, even in English).
 */
firstMover: Side,
/**
 * The moves played.
 */
plies: Array<PlyView>,
/**
 * Written moves after the one that failed.
 */
unplayed: Array<UnplayedView>,
/**
 * Comments before the first move.
 */
comments: Array<string>,
/**
 * Marks on the start position, from the first comments' `[%csl]`/`[%cal]`.
 */
marks?: MarksView,
/**
 * The result, if any.
 */
result: string | null,
/**
 * When the mainline ends with the side to move unable to move: who lost and why, in words.
 */
end: string | null,
/**
 * The same end as values, for wording it in the page's language.
 */
ending: Ending | null,
/**
 * What the result (the `Result` tag, else the movetext's) says, read by the variant's
 * first mover (and White first where the file writes results that way): `white` or
 * `black` (the winner), `draw`, `unfinished` (`*`); `None` when it names no winner or
 * there is none.
 */
outcome: 'white' | 'black' | 'draw' | 'unfinished' | null,
/**
 * Every variation, at any depth; [`PlyView::variations`] index into it. In a view within
 * the budgets ([`crate::budget::cap_variations`]) those the page does not show at first are
 * written as `null`.
 */
variations: Array<VariationView>,
/**
 * In a view whose variations were capped: the moves in each variation and everything
 * nested in it, by id (for the page's "N more moves").
 */
variationMoves?: Array<number>,
/**
 * The move that stopped the replay.
 */
error: ErrorView | null,
/**
 * The game's diagnostics in text order: all of them, or, past [`crate::budget::DIAGNOSTICS`],
 * the ones [`listed`] keeps (the page lists no more; the rest are counted below).
 */
diagnostics: Array<Diagnostic>,
/**
 * Diagnostics left out of `diagnostics`, by code (only when some are).
 */
diagnosticsHidden?: Array<HiddenDiagnostics>,
/**
 * Every diagnostic counted by severity (only when some are left out).
 */
diagnosticCounts?: SeverityCounts,
/**
 * How many diagnostics there are in all (only when some are left out).
 */
diagnosticsTotal?: number,
/**
 * The packed form of the mainline's moves and the board ([`FileView::packed_view_of`]):
 * then `plies` is empty and `board` `None`, and this holds them; `None` (and left out of
 * the JSON) in a full view.
 */
packed?: PackedPlies, };

/**
 * A line's moves packed for the trip to JavaScript: a few long strings and arrays of numbers
 * instead of one object of a dozen fields per move (about 340 bytes of JSON each, whose parsing
 * cost the page more than the core's whole work). `www/reader/viewdata.js` turns ply `i` back into
 * exactly the [`PlyView`] the full view has, when the page first asks for it.
 */
export type PackedPlies = {
/**
 * The board ([`GameView::board`], then `None`): the same for every game of a file, and
 * a fifth of a full view's text.
 */
board: PackedBoard | null,
/**
 * Number of moves.
 */
count: number,
/**
 * Each move's [`PlyView::notation`] followed by a line break (a move never holds one).
 */
notations: string,
/**
 * Each move's [`PlyView::move_number`].
 */
moveNumbers: Array<number>,
/**
 * Each move's side: `w` or `b`.
 */
sides: string,
/**
 * Each move's [`PlyView::fen`] followed by a space (a FEN never holds one; a line break
 * would make the JSON writer escape every one).
 */
fens: string,
/**
 * Each move's [`PlyView::cells`], one after the other (each as long as the board's squares).
 */
cells: string,
/**
 * Every move's [`PlyView::path`] as indexes into the board's squares, one after the other;
 * `from` is its first square and `to` its last.
 */
paths: Array<number>,
/**
 * Where each move's path ends in `paths`.
 */
pathEnds: Array<number>,
/**
 * Every move's [`PlyView::captured`] as indexes into the board's squares.
 */
captured: Array<number>,
/**
 * Where each move's captures end in `captured`.
 */
capturedEnds: Array<number>,
/**
 * The moves with comments, NAGs, variations or commands, as `[index, notes]` (0-based);
 * the others have none.
 */
notes: Array<[number, PlyNotes]>, };

/**
 * A [`BoardView`] packed: its squares' fields as three strings.
 */
export type PackedBoard = {
/**
 * Columns.
 */
width: number,
/**
 * Rows.
 */
height: number,
/**
 * The squares' labels, separated by spaces.
 */
labels: string,
/**
 * The squares' files, one character each: `a` for 0, `b` for 1, …
 */
files: string,
/**
 * The squares' ranks, the same way.
 */
ranks: string, };

/**
 * What is said about a move: the fields of [`PlyView`] of the same names.
 */
export type PlyNotes = { comments: Array<string>, nags: Array<number>, variations: Array<number>, clock: ClockView | null, eval: string | null, spent: string | null, marks?: MarksView, diagram?: boolean, };

/**
 * Diagnostics counted by severity.
 */
export type SeverityCounts = {
/**
 * Errors.
 */
error: number,
/**
 * Warnings.
 */
warning: number,
/**
 * Notes.
 */
note: number, };

/**
 * Diagnostics of one code left out of a list.
 */
export type HiddenDiagnostics = {
/**
 * Their code.
 */
code: string,
/**
 * `visitor` or `author` ([`pdn::Code::audience`]).
 */
audience: Audience,
/**
 * The severity of the first one left out.
 */
severity: Severity,
/**
 * How many.
 */
count: number, };

/**
 * What a list of diagnostics leaves out: see [`listed`].
 */
export type DiagnosticsSummary = {
/**
 * Every diagnostic counted by severity.
 */
counts: SeverityCounts,
/**
 * The ones left out, by code.
 */
hidden: Array<HiddenDiagnostics>,
/**
 * How many there are in all.
 */
total: number, };

/**
 * One thing wrong with the position: a stable code (`setup-…`, or `setup-fen` when the FEN
 * could not be read), its values by name, and the core's English words.
 */
export type EditorProblem = {
/**
 * The code, e.g. `setup-man-crowning-row`.
 */
code: string,
/**
 * Its values: `square`, `side` (`white`/`black`), `count`, `max`; for `setup-fen`, `why`
 * (a `why.fen-…` key) and `value`.
 */
args: Record<string, string>,
/**
 * Plain English.
 */
message: string, };

/**
 * A variant the editor offers.
 */
export type VariantChoice = {
/**
 * GameType number.
 */
gametype: number,
/**
 * English name (the page words it from its catalogue, `variant.<gametype>`).
 */
name: string, };

/**
 * What the editor shows.
 */
export type EditorView = {
/**
 * GameType number of the variant.
 */
gametype: number,
/**
 * Every variant the editor offers (the page's variant menu).
 */
variants: Array<VariantChoice>,
/**
 * The board to draw.
 */
board: BoardView,
/**
 * One character per square of `board.squares`: `.`, `w`, `W`, `b`, `B`.
 */
cells: string,
/**
 * The side to move: `white` or `black`.
 */
turn: Side,
/**
 * The canonical FEN of what is set up (also when it is not a valid position).
 */
fen: string,
/**
 * `false` when the FEN given could not be read; then only `problems` means anything.
 */
readable: boolean,
/**
 * What is wrong, at most [`LISTED`] of it; empty when the position is a position of the
 * variant.
 */
problems: Array<EditorProblem>,
/**
 * How many more problems there are than `problems` lists.
 */
more: number,
/**
 * A PDN game starting there (`GameType`, `SetUp`, `FEN` tags, written by the core's writer),
 * when the position is valid.
 */
pdn: string | null, };

/**
 * A game's text replaced in the open text ([`Library::write_back`],
 * [`Library::set_game_text`]): what a page holding the same text in a text box does to it.
 */
export type Splice = {
/**
 * UTF-16 offset, in the text before, of the first character replaced.
 */
start: number,
/**
 * UTF-16 offset, in the text before, one past the last character replaced.
 */
end: number,
/**
 * The text that was there (the game as it was written).
 */
old: string,
/**
 * The text now there (the game as the core writes it).
 */
text: string, };
