// A game view as the core packs it turned back into the view the page's code reads
// (Library.game): `plies` becomes an array whose moves are made when first read, then kept. The
// worker hands the page one binary buffer (Library.pageBuffer, a Uint8Array moved with
// `transfer`: the format's table is in crates/view/src/wire.rs), whose moves are read here where
// they lie, as typed arrays and text decoded once; the JSON form (Library.gamePacked: the
// mainline's moves as a few long strings and arrays, and the board, in `packed`) is read too. A
// move never looked at costs nothing. No draughts rules here: every value was computed by the core.

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
 * in the same order (JSON.stringify gives the same text), from a buffer (Library.pageBuffer) or
 * the JSON form (Library.gamePacked). A view that is not packed (or null) is returned as it is,
 * so callers can pass either.
 * @param {GameView | Uint8Array | ArrayBuffer | null} view
 */
export function unpackView(view) {
  if (view instanceof ArrayBuffer || view instanceof Uint8Array) view = readBuffer(view);
  if (!view || typeof view !== 'object' || !view.packed) return view;
  const { packed, ...full } = view;
  if (packed.board) full.board = unpackBoard(packed.board);
  full.plies = lazyPlies(packed, (full.board && full.board.squares) || []);
  return full;
}

const decoder = new TextDecoder();
/** 'PDNV' read as a little-endian u32, and the version read here (crates/view/src/wire.rs). */
const MAGIC = 0x564e4450;
const VERSION = 1;
const HEAD = 36;
const littleEndian = new Uint8Array(Uint32Array.of(1).buffer)[0] === 1;

/**
 * The packed view a buffer of Library.pageBuffer holds: its JSON head parsed, the
 * moves' sections set into `packed` as typed arrays over the same memory (the texts as bytes,
 * decoded on the first move read). Throws, in words, on a buffer that is not one.
 * @param {ArrayBuffer | Uint8Array} input
 */
function readBuffer(input) {
  const bytes = input instanceof Uint8Array ? input : new Uint8Array(input);
  const bad = (why) => new Error(`the game's view could not be read: ${why}`);
  if (bytes.length < HEAD) throw bad('it is too short');
  const data = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  const u32 = (at) => data.getUint32(at, true);
  if (u32(0) !== MAGIC) throw bad('it is not a view');
  if (u32(4) !== VERSION) throw bad(`version ${u32(4)}, not ${VERSION}`);
  const [h, n, s, t, f, paths, captured] = [8, 12, 16, 20, 24, 28, 32].map(u32);
  let at = HEAD;
  if (at + h + 13 * n + n * s + paths + captured + t + f !== bytes.length) throw bad('its sizes do not add up');
  /** @type {GameView} */
  let view;
  try {
    view = JSON.parse(decoder.decode(bytes.subarray(at, (at += h))));
  } catch {
    throw bad('its text part is not JSON');
  }
  /** @type {any} the sections stand in for the JSON form's strings and arrays */
  const p = view && view.packed;
  if (!p) return view;
  const words = () => {
    const start = bytes.byteOffset + at;
    const list = littleEndian && start % 4 === 0
      ? new Uint32Array(bytes.buffer, start, n)
      : Uint32Array.from({ length: n }, (_, k) => u32(at + 4 * k));
    at += 4 * n;
    return list;
  };
  const take = (len) => bytes.subarray(at, (at += len));
  p.moveNumbers = words();
  p.pathEnds = words();
  p.capturedEnds = words();
  p.paths = take(paths);
  p.captured = take(captured);
  // The texts, decoded in one call when the first move is read: sides, cells and FENs are
  // ASCII (a byte a character), the notations UTF-8.
  p.texts = { bytes: take(n + n * s + f + t), cut: [n, n + n * s, n + n * s + f] };
  return view;
}

/** The texts of a packed line as strings: cut from a buffer's one text, or the JSON form's own. */
function textsOf(p) {
  if (!p.texts) return { sides: p.sides, cells: p.cells, fens: p.fens, notations: p.notations };
  const all = decoder.decode(p.texts.bytes);
  const [a, b, c] = p.texts.cut;
  return { sides: all.slice(0, a), cells: all.slice(a, b), fens: all.slice(b, c), notations: all.slice(c) };
}

/** Boards unpacked so far, by their packed text: the views of one file share one board. */
const boards = new Map();
/** The last board unpacked, and its packed form. */
let last = null;

/**
 * A BoardView from its packed form: { width, height, squares: [{ label, file, rank }] }.
 * @param {PackedBoard} b
 * @returns {BoardView}
 */
function unpackBoard(b) {
  // The views of one file have one board: the last one is compared first, without a key.
  if (last && b.labels === last.b.labels && b.files === last.b.files && b.ranks === last.b.ranks
    && b.width === last.b.width && b.height === last.b.height) return last.board;
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
  last = { b, board };
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
  const width = p.count ? texts.cells.length / p.count : 0;
  const notes = texts.notes.get(i);
  /** @type {PlyView} */
  const ply = {
    ply: i + 1,
    moveNumber: p.moveNumbers[i],
    side: texts.sides[i] === 'w' ? 'white' : 'black',
    notation: texts.notations[i],
    fen: texts.fens[i],
    cells: texts.cells.slice(i * width, (i + 1) * width),
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
      if (!texts) {
        const t = textsOf(p);
        texts = { notations: t.notations.split('\n'), fens: t.fens.split(' '), sides: t.sides, cells: t.cells, notes: new Map(p.notes) };
      }
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
