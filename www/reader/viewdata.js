// A game view as the core packs it (Library.gamePacked: the mainline's moves as a few long
// strings and arrays, and the board, in `packed`) turned back into the view the page's code reads (Library.game):
// `plies` becomes an array whose moves are made when first read, then kept. Handing the packed
// form over (and across to the page) costs a fraction of the full JSON; a move never looked at
// costs nothing. No draughts rules here: every value was computed by the core.

// The core's values, typed from the Rust: 'pdn-viewer/library' is types/library.d.ts, which
// re-exports types/generated/view.d.ts (tsconfig.json; a non-relative name, so the module
// graph's readers, www/share/standalone.js and the package test, do not take it for a module).
/** @typedef {import('pdn-viewer/library').GameView} GameView */
/** @typedef {import('pdn-viewer/library').PackedPlies} PackedPlies */
/** @typedef {import('pdn-viewer/library').PackedBoard} PackedBoard */
/** @typedef {import('pdn-viewer/library').BoardView} BoardView */
/** @typedef {import('pdn-viewer/library').PlyView} PlyView */
/** @typedef {import('pdn-viewer/library').SquareView} SquareView */

/**
 * The full view of a packed one: the same object as `Library.game(i)` gives, field for field and
 * in the same order (JSON.stringify gives the same text). A view that is not packed (or null) is
 * returned as it is, so callers can pass either.
 * @param {GameView | null} view
 */
export function unpackView(view) {
  if (!view || typeof view !== 'object' || !view.packed) return view;
  const { packed, ...full } = view;
  if (packed.board) full.board = unpackBoard(packed.board);
  full.plies = lazyPlies(packed, (full.board && full.board.squares) || []);
  return full;
}

/** Boards unpacked so far, by their packed text: the views of one file share one board. */
const boards = new Map();

/**
 * A BoardView from its packed form: { width, height, squares: [{ label, file, rank }] }.
 * @param {PackedBoard} b
 * @returns {BoardView}
 */
function unpackBoard(b) {
  const key = `${b.width} ${b.height} ${b.files} ${b.ranks} ${b.labels}`;
  let board = boards.get(key);
  if (!board) {
    const labels = String(b.labels).split(' ');
    const squares = labels.map((label, i) => ({ label, file: b.files.charCodeAt(i) - 97, rank: b.ranks.charCodeAt(i) - 97 }));
    board = { width: b.width, height: b.height, squares };
    // A handful of shapes exist; the limit only guards against a flood of odd ones.
    if (boards.size > 64) boards.clear();
    boards.set(key, board);
  }
  return board;
}

/**
 * Ply `i` (0-based) of a packed line: a PlyView.
 * @param {PackedPlies} p
 * @param {number} i
 * @param {SquareView[]} labels
 * @returns {PlyView}
 */
function makePly(p, i, labels, texts) {
  const path = squaresOf(p.paths, i ? p.pathEnds[i - 1] : 0, p.pathEnds[i], labels);
  const captured = squaresOf(p.captured, i ? p.capturedEnds[i - 1] : 0, p.capturedEnds[i], labels);
  const width = p.count ? p.cells.length / p.count : 0;
  const notes = texts.notes.get(i);
  /** @type {PlyView} */
  const ply = {
    ply: i + 1,
    moveNumber: p.moveNumbers[i],
    side: p.sides[i] === 'w' ? 'white' : 'black',
    notation: texts.notations[i],
    fen: texts.fens[i],
    cells: p.cells.slice(i * width, (i + 1) * width),
    from: path.length ? path[0] : '',
    to: path.length ? path[path.length - 1] : '',
    path,
    captured,
    comments: notes ? notes.comments : [],
    nags: notes ? notes.nags : [],
    variations: notes ? notes.variations : [],
    clock: notes ? notes.clock : null,
    eval: notes ? notes.eval : null,
    spent: notes ? notes.spent : null,
  };
  if (notes && notes.marks != null) ply.marks = notes.marks;
  if (notes && notes.diagram) ply.diagram = true;
  return ply;
}

function squaresOf(indexes, from, to, labels) {
  const out = new Array(to - from);
  for (let k = from; k < to; k++) {
    const s = labels[indexes[k]];
    out[k - from] = s ? s.label : '';
  }
  return out;
}

const isIndex = (key, n) => {
  if (typeof key !== 'string' || !key.length || key.length > 10) return -1;
  const c = key.charCodeAt(0);
  if (c < 48 || c > 57 || (c === 48 && key.length > 1)) return -1;
  const i = Number(key);
  return Number.isInteger(i) && i < n ? i : -1;
};

/**
 * The plies of a packed line as an array (Array.isArray holds, `length`, indexes, iteration and
 * every array method work) whose elements are made on first read. The notations and FENs are
 * split once, on the first move read. Writes go to the array as usual.
 * @param {PackedPlies} p
 * @param {SquareView[]} labels
 */
function lazyPlies(p, labels) {
  const n = Number(p.count) || 0;
  const made = new Array(n).fill(undefined);
  let texts = null;
  const at = (i) => {
    let ply = made[i];
    if (ply === undefined) {
      texts ||= {
        notations: p.notations.split('\n'),
        fens: p.fens.split(' '),
        notes: new Map(p.notes),
      };
      ply = makePly(p, i, labels, texts);
      made[i] = ply;
    }
    return ply;
  };
  return new Proxy(made, {
    get(target, key, receiver) {
      const i = isIndex(key, n);
      return i >= 0 ? at(i) : Reflect.get(target, key, receiver);
    },
    getOwnPropertyDescriptor(target, key) {
      const i = isIndex(key, n);
      if (i >= 0) at(i);
      return Reflect.getOwnPropertyDescriptor(target, key);
    },
  });
}
