// Unit tests for the board model and its SVG tree: piece counts, the data-square/data-piece
// contract, orientation, last-move marks, ghosts, coordinates, other board shapes and the
// stand-alone .svg file, using hand-made GameViews.
import test from 'node:test';
import assert from 'node:assert/strict';
import {
  boardModel, boardSvg, clampPly, positionAt, SQUARE,
} from '../../www/view/board.js';
import { toMarkup, walk } from '../../www/view/tree.js';
import { BOARD_COLOR_NAMES, boardStyleSheet, standaloneSvg } from '../../www/share/board-export.js';
import { light as palette } from './palette.mjs';
import { board10x8View, fakeView, multiCaptureView, numberedSquares, turkishView } from './fixtures.mjs';

const pieceNodes = (tree) => walk(tree).filter((n) => 'data-piece' in n.attrs);
const bySquare = (tree) => new Map(pieceNodes(tree).map((n) => [n.attrs['data-square'], n.attrs['data-piece']]));

test('start position: 40 pieces, 20 black men on 1-20 and 20 white men on 31-50', () => {
  const tree = boardSvg(boardModel(fakeView(), 0));
  const pieces = bySquare(tree);
  assert.equal(pieces.size, 40);
  for (let s = 1; s <= 20; s++) assert.equal(pieces.get(String(s)), 'bm');
  for (let s = 21; s <= 30; s++) assert.equal(pieces.has(String(s)), false);
  for (let s = 31; s <= 50; s++) assert.equal(pieces.get(String(s)), 'wm');
});

test('only piece elements carry data-piece, and every one has a data-square', () => {
  const tree = boardSvg(boardModel(fakeView(), 4));
  const markup = toMarkup(tree);
  const withPiece = walk(tree).filter((n) => 'data-piece' in n.attrs);
  assert.equal((markup.match(/data-piece=/g) || []).length, withPiece.length);
  assert.equal((markup.match(/data-square=/g) || []).length, withPiece.length);
  for (const n of withPiece) {
    assert.match(n.attrs['data-piece'], /^(wm|wk|bm|bk)$/);
    assert.ok(n.attrs['data-square']);
    assert.equal(n.tag, 'g');
  }
});

test('after a capture the taken piece is gone and the mover stands on its destination', () => {
  const v = fakeView();
  const after3 = bySquare(boardSvg(boardModel(v, 3)));
  assert.equal(after3.get('19'), 'wm');
  assert.equal(after3.has('23'), false, 'captured black man removed');
  assert.equal(after3.has('28'), false);
  assert.equal(after3.size, 39);
  const after4 = bySquare(boardSvg(boardModel(v, 4)));
  assert.equal(after4.get('23'), 'bk');
  assert.equal(after4.has('19'), false);
  assert.equal(after4.size, 38);
});

test('kings are drawn with a crown, men without', () => {
  const nodes = pieceNodes(boardSvg(boardModel(fakeView(), 4)));
  const king = nodes.find((n) => n.attrs['data-piece'] === 'bk');
  assert.ok(walk(king).some((n) => n.attrs.class === 'crown'));
  const man = nodes.find((n) => n.attrs['data-piece'] === 'wm');
  assert.ok(!walk(man).some((n) => n.attrs.class === 'crown'));
});

test('white at the bottom: square 1 top row, square 50 bottom row; flipped swaps them', () => {
  const v = fakeView();
  const at = (model, label) => model.squares.find((s) => s.label === label);
  const normal = boardModel(v, 0);
  assert.deepEqual([at(normal, '1').col, at(normal, '1').row], [1, 0]);
  assert.deepEqual([at(normal, '50').col, at(normal, '50').row], [8, 9]);
  assert.deepEqual([at(normal, '46').col, at(normal, '46').row], [0, 9]);
  const flipped = boardModel(v, 0, { flipped: true });
  assert.deepEqual([at(flipped, '1').col, at(flipped, '1').row], [8, 9]);
  assert.deepEqual([at(flipped, '50').col, at(flipped, '50').row], [1, 0]);
  // The labels travel with their squares: the same set of pieces, now on other coordinates.
  const n = pieceNodes(boardSvg(normal)).find((p) => p.attrs['data-square'] === '1');
  const f = pieceNodes(boardSvg(flipped)).find((p) => p.attrs['data-square'] === '1');
  assert.equal(n.attrs.transform, `translate(${1.5 * SQUARE} ${0.5 * SQUARE})`);
  assert.equal(f.attrs.transform, `translate(${8.5 * SQUARE} ${9.5 * SQUARE})`);
  assert.deepEqual(bySquare(boardSvg(flipped)), bySquare(boardSvg(normal)));
});

test('the full grid is drawn: viewBox covers width x height, dark squares are the playable ones', () => {
  const tree = boardSvg(boardModel(fakeView(), 0));
  assert.equal(tree.attrs.viewBox, `0 0 ${10 * SQUARE} ${10 * SQUARE}`);
  const darks = walk(tree).filter((n) => n.attrs.class === 'sq-dark');
  assert.equal(darks.length, 50);
  const numbers = walk(tree).filter((n) => n.attrs.class === 'sq-num');
  assert.deepEqual(numbers.map((n) => n.children[0]).sort((a, b) => a - b), Array.from({ length: 50 }, (_, i) => String(i + 1)));
});

test('last move: from/to highlighted, captured squares marked, path line drawn', () => {
  const tree = boardSvg(boardModel(fakeView(), 3));
  const hl = walk(tree).filter((n) => /^hl /.test(n.attrs.class || ''));
  assert.deepEqual(hl.map((n) => n.attrs.class).sort(), ['hl hl-from', 'hl hl-to']);
  assert.equal(walk(tree).filter((n) => n.attrs.class === 'captured-mark').length, 1);
  assert.equal(walk(tree).filter((n) => n.attrs.class === 'move-path').length, 1);
  const start = boardSvg(boardModel(fakeView(), 0));
  assert.equal(walk(start).filter((n) => /^hl /.test(n.attrs.class || '')).length, 0);
});

test('multi-capture path: intermediate landing squares are marked as path', () => {
  const v = fakeView();
  v.plies[2].path = ['28', '19', '10'];
  v.plies[2].to = '10';
  const model = boardModel(v, 3);
  assert.equal(model.squares.find((s) => s.label === '19').mark, 'path');
  assert.equal(model.squares.find((s) => s.label === '10').mark, 'to');
  assert.equal(model.path.length, 3);
});

test('8x8 board with algebraic labels', () => {
  const squares = numberedSquares(8, 8).map((s) => ({ ...s, label: 'abcdefgh'[s.file] + (s.rank + 1) }));
  const cells = 'b'.repeat(12) + '.'.repeat(8) + 'W' + 'w'.repeat(11);
  const v = { board: { width: 8, height: 8, squares }, start: { cells }, plies: [] };
  const tree = boardSvg(boardModel(v, 0));
  const pieces = bySquare(tree);
  assert.equal(pieces.size, 24);
  assert.equal(pieces.get('b8'), 'bm');
  assert.equal(pieces.get('a3'), 'wk');
  assert.equal(tree.attrs.viewBox, `0 0 ${8 * SQUARE} ${8 * SQUARE}`);
});

test('markup escapes labels (data is never parsed as markup)', () => {
  const v = { board: { width: 2, height: 2, squares: [{ label: '<x>"', file: 0, rank: 0 }] }, start: { cells: 'w' }, plies: [] };
  const markup = toMarkup(boardSvg(boardModel(v, 0), { label: 'a & b' }));
  assert.ok(markup.includes('data-square="&lt;x&gt;&quot;"'));
  assert.ok(markup.includes('<title>a &amp; b</title>'));
  assert.ok(!markup.includes('<x>'));
});

test('clampPly and positionAt', () => {
  const v = fakeView();
  assert.equal(clampPly(v, -3), 0);
  assert.equal(clampPly(v, 99), 4);
  assert.equal(clampPly(v, NaN), 0);
  assert.equal(positionAt(v, 0).move, null);
  assert.equal(positionAt(v, 2).move.notation, '19-23');
});

// ---------------------------------------------------------------------------------------------
// Ghosts, move info, coordinates, other boards, stand-alone file.

const ghostNodes = (tree) => walk(tree).filter((n) => 'data-ghost' in n.attrs);
const onBoard = (cells) => cells.replace(/\./g, '').length;
const texts = (tree, cls) => walk(tree).filter((n) => n.tag === 'text' && (n.attrs.class || '').split(' ').includes(cls));
const textAt = (tree, cls, s) => texts(tree, cls).find((n) => n.children[0] === s);

test('ghosts: the pieces the last move took, with their kind before the move, under the pieces', () => {
  const v = fakeView();
  assert.deepEqual(boardModel(v, 0).ghosts, []);
  assert.deepEqual(boardModel(v, 1).ghosts, []);
  assert.deepEqual(boardModel(v, 3).ghosts, [{ square: '23', piece: 'bm', col: 5, row: 4 }]);
  assert.deepEqual(boardModel(v, 4).ghosts.map((g) => [g.square, g.piece]), [['19', 'wm']]);

  // Kinds come from the position before the move (start cells at ply 1): a man and a king.
  const tree = boardSvg(boardModel(multiCaptureView(), 1));
  const ghosts = ghostNodes(tree);
  assert.deepEqual(ghosts.map((n) => [n.attrs['data-ghost'], n.attrs['data-ghost-piece']]).sort(), [['17', 'bk'], ['27', 'bm']]);
  for (const n of ghosts) {
    assert.ok(!('data-piece' in n.attrs) && !('data-square' in n.attrs), 'ghosts stay out of the piece contract');
    assert.ok(!n.attrs.class.split(' ').includes('piece'), 'and out of .piece');
    assert.ok(n.attrs.class.split(' ').includes('ghost'));
  }
  assert.ok(walk(ghosts.find((n) => n.attrs['data-ghost'] === '17')).some((n) => n.attrs.class === 'crown'));
  // Drawn before (under) the pieces layer.
  const order = walk(tree);
  const piecesLayer = order.findIndex((n) => n.attrs.class === 'pieces');
  assert.ok(order.indexOf(ghosts[0]) < piecesLayer);
  const markup = toMarkup(tree);
  assert.equal((markup.match(/data-piece=/g) || []).length, 2, 'the mover and the man on 5');
  assert.equal((markup.match(/data-ghost=/g) || []).length, 2);
});

test('the data-piece count equals the pieces on the board, for every ply and drawing option', () => {
  for (const v of [fakeView(), multiCaptureView(), turkishView(), board10x8View()]) {
    for (let ply = 0; ply <= v.plies.length; ply++) {
      const model = boardModel(v, ply);
      for (const coordinates of ['numbers', 'algebraic', 'none']) {
        const markup = toMarkup(boardSvg(model, { coordinates }));
        assert.equal((markup.match(/data-piece=/g) || []).length, onBoard(positionAt(v, ply).cells));
        assert.equal((markup.match(/data-square=/g) || []).length, onBoard(positionAt(v, ply).cells));
      }
    }
  }
});

test('model.move: from, to, the mover before the move, and every hop of a multi-capture', () => {
  assert.equal(boardModel(fakeView(), 0).move, null);
  assert.deepEqual(boardModel(fakeView(), 1).move, { from: '32', to: '28', piece: 'wm', path: [{ col: 3, row: 6 }, { col: 4, row: 5 }] });
  const m = boardModel(multiCaptureView(), 1).move;
  assert.equal(m.from, '32');
  assert.equal(m.to, '12');
  assert.equal(m.piece, 'wm');
  assert.deepEqual(m.path, [{ col: 3, row: 6 }, { col: 1, row: 4 }, { col: 3, row: 2 }]);
  // Flipped: the same hops, mirrored.
  const f = boardModel(multiCaptureView(), 1, { flipped: true }).move;
  assert.deepEqual(f.path, [{ col: 6, row: 3 }, { col: 8, row: 5 }, { col: 6, row: 7 }]);
  // A man that crowns on the move is still a man while it travels.
  const v = multiCaptureView();
  v.plies[0].cells = v.plies[0].cells.replace('w', 'W');
  assert.equal(boardModel(v, 1).move.piece, 'wm');
  assert.equal(boardModel(v, 1).pieces.find((p) => p.square === '12').piece, 'wk');
});

test('algebraic coordinates: a1 bottom left for White, bottom right / top when flipped', () => {
  const v = fakeView();
  const normal = boardSvg(boardModel(v, 0), { coordinates: 'algebraic' });
  assert.equal(texts(normal, 'sq-num').length, 0, 'no square numbers');
  assert.deepEqual(texts(normal, 'coord-file').map((n) => n.children[0]), 'abcdefghij'.split(''));
  assert.equal(texts(normal, 'coord-rank').length, 10);
  const a = textAt(normal, 'coord-file', 'a');
  assert.ok(a.attrs.x > 0 && a.attrs.x <= SQUARE, 'a in the left column');
  assert.ok(a.attrs.y > 9 * SQUARE && a.attrs.y <= 10 * SQUARE, 'a in the bottom row');
  const j = textAt(normal, 'coord-file', 'j');
  assert.ok(j.attrs.x > 9 * SQUARE);
  const one = textAt(normal, 'coord-rank', '1');
  assert.ok(one.attrs.x < SQUARE && one.attrs.y > 9 * SQUARE, 'rank 1 at the bottom left');
  assert.ok(textAt(normal, 'coord-rank', '10').attrs.y < SQUARE, 'rank 10 at the top');
  // a1 is a playable (dark) square on this board, b1 is not: each text is coloured for its square.
  assert.match(a.attrs.class, /on-dark/);
  assert.match(textAt(normal, 'coord-file', 'b').attrs.class, /on-light/);

  const flipped = boardSvg(boardModel(v, 0, { flipped: true }), { coordinates: 'algebraic' });
  assert.deepEqual(texts(flipped, 'coord-file').map((n) => n.children[0]), 'jihgfedcba'.split(''));
  const fa = textAt(flipped, 'coord-file', 'a');
  assert.ok(fa.attrs.x > 9 * SQUARE && fa.attrs.y > 9 * SQUARE, 'a at the bottom right');
  assert.ok(textAt(flipped, 'coord-rank', '1').attrs.y < SQUARE, 'rank 1 at the top');
  assert.ok(textAt(flipped, 'coord-rank', '10').attrs.y > 9 * SQUARE, 'rank 10 at the bottom');
});

test("coordinates 'none' (and the old numbers:false) draw no text; 'numbers' is the default", () => {
  const model = boardModel(fakeView(), 2);
  for (const opts of [{ coordinates: 'none' }, { numbers: false }]) {
    const tree = boardSvg(model, opts);
    assert.equal(walk(tree).filter((n) => n.tag === 'text').length, 0);
  }
  assert.equal(texts(boardSvg(model), 'sq-num').length, 50);
  assert.equal(texts(boardSvg(model, { coordinates: 'numbers' }), 'sq-num').length, 50);
  assert.equal(texts(boardSvg(model), 'coord').length, 0);
});

test('10x8 board: 10 files, 8 ranks, 40 playable squares', () => {
  const v = board10x8View();
  const tree = boardSvg(boardModel(v, 0), { coordinates: 'algebraic' });
  assert.equal(tree.attrs.viewBox, `0 0 ${10 * SQUARE} ${8 * SQUARE}`);
  assert.equal(walk(tree).filter((n) => 'data-field' in n.attrs).length, 40);
  assert.equal(pieceNodes(tree).length, 30);
  assert.deepEqual(texts(tree, 'coord-file').map((n) => n.children[0]), 'abcdefghij'.split(''));
  assert.deepEqual(texts(tree, 'coord-rank').map((n) => n.children[0]), ['8', '7', '6', '5', '4', '3', '2', '1']);
  assert.ok(textAt(tree, 'coord-file', 'a').attrs.y > 7 * SQUARE);
  assert.ok(!tree.attrs.class.includes('all-playable'));
  // Square 1 is top left-ish, 40 bottom right-ish.
  const model = boardModel(v, 0);
  const sq = (l) => model.squares.find((s) => s.label === l);
  assert.equal(sq('1').row, 0);
  assert.equal(sq('40').row, 7);
});

test('Turkish 8x8: 64 playable squares, a grid, orthogonal double capture with ghosts', () => {
  const v = turkishView();
  const startTree = boardSvg(boardModel({ ...v, start: { cells: v.startCells }, plies: [] }, 0));
  assert.equal(walk(startTree).filter((n) => 'data-field' in n.attrs).length, 64);
  assert.equal(pieceNodes(startTree).length, 32);
  assert.match(startTree.attrs.class, /all-playable/);
  assert.equal(texts(startTree, 'sq-num').length, 64);

  const model = boardModel(v, 1);
  assert.deepEqual(model.ghosts.map((g) => [g.square, g.piece]), [['e6', 'bk'], ['d5', 'bm']]);
  assert.deepEqual(model.move, {
    from: 'd4', to: 'f6', piece: 'wk', path: [{ col: 3, row: 4 }, { col: 3, row: 2 }, { col: 5, row: 2 }],
  });
  const tree = boardSvg(model, { coordinates: 'algebraic' });
  assert.deepEqual([...bySquare(tree)].sort(), [['a7', 'bm'], ['f6', 'wk']]);
  const a = textAt(tree, 'coord-file', 'a');
  assert.ok(a.attrs.x <= SQUARE && a.attrs.y > 7 * SQUARE);
  assert.ok(texts(tree, 'coord').every((n) => n.attrs.class.includes('on-dark')), 'every square is a playable one');
});

test('boardStyleSheet: the given colours, literal; odd values become currentColor', () => {
  const css = boardStyleSheet({ ...palette, 'sq-dark': '#123456', 'piece-white': 'rgb(1, 2, 3)', crown: 'red;}</style><x>', 'coord-on-dark': ' #abcdef ' });
  assert.match(css, /\.sq-dark\{fill:#123456\}/);
  assert.ok(css.includes('fill:rgb(1, 2, 3)'));
  assert.ok(css.includes('#abcdef'));
  assert.ok(!css.includes('</style>') && !css.includes('red;'), 'not a colour: replaced');
  assert.ok(css.includes('.crown{fill:currentColor;'));
  assert.ok(!css.includes('var('), 'no custom properties in a stand-alone file');
  for (const cls of ['.sq-light', '.sq-dark', '.hl-from', '.hl-path', '.move-path', '.captured-mark', '.piece-body', '.piece-ring', '.crown', '.ghost', '.sq-num', '.coord']) {
    assert.ok(css.includes(cls), cls);
  }
  // The palette's light values (www/style.css) go into the file, every one of them.
  const file = boardStyleSheet(palette);
  for (const name of BOARD_COLOR_NAMES) assert.ok(file.includes(palette[name]), `--${name}`);
  assert.ok(file.includes(`.sq-light{fill:${palette['sq-light']}}`));
  assert.ok(file.includes(`.ghost{opacity:${palette['ghost-opacity']}}`));
  assert.ok(!file.includes('currentColor'));
});

/** Element nesting of an XML string balances (a cheap well-formedness check). */
function balanced(xml) {
  const stack = [];
  for (const [, close, name, self] of xml.matchAll(/<(\/?)([a-zA-Z][\w:-]*)[^>]*?(\/?)>/g)) {
    if (self) continue;
    if (!close) stack.push(name);
    else if (stack.pop() !== name) return false;
  }
  return stack.length === 0;
}

test('standaloneSvg: a complete SVG document with size, style sheet, pieces, ghosts, escaped text', () => {
  const v = multiCaptureView();
  v.board.squares[0].label = '<x>"&';
  const model = boardModel(v, 1);
  const svg = standaloneSvg(model, { label: 'Board & <game>', coordinates: 'numbers', pixels: 500 }, { 'sq-dark': '#010203' });
  assert.match(svg, /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<svg /);
  assert.match(svg, /<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  assert.match(svg, /<svg [^>]*width="500"/);
  assert.match(svg, /<svg [^>]*height="500"/);
  assert.match(svg, /<style>[^<]*\.sq-dark\{fill:#010203\}/);
  assert.ok(svg.trimEnd().endsWith('</svg>'));
  assert.ok(balanced(svg), 'tags balance');
  assert.equal((svg.match(/data-piece=/g) || []).length, 2);
  assert.equal((svg.match(/data-square="12"/g) || []).length, 1);
  assert.equal((svg.match(/data-ghost=/g) || []).length, 2);
  assert.equal((svg.match(/data-field=/g) || []).length, 50);
  assert.ok(svg.includes('<title>Board &amp; &lt;game&gt;</title>'));
  assert.ok(svg.includes('&lt;x&gt;&quot;&amp;'), 'the label is escaped in attributes and text');
  assert.ok(!svg.includes('<x>') && !svg.includes('<game>'));
  // Not square boards keep their shape.
  const wide = standaloneSvg(boardModel(board10x8View(), 0), { pixels: 800 });
  const w = Number(/<svg [^>]*width="(\d+)"/.exec(wide)[1]);
  const h = Number(/<svg [^>]*height="(\d+)"/.exec(wide)[1]);
  assert.equal(w, 800);
  assert.ok(h < w && h > 600);
});

// ---------------------------------------------------------------------------------------------
// board-dom.js with stand-in elements (the real browser run is in the e2e suite / by hand).

function fakeElement(attrs = {}, children = []) {
  const el = {
    attrs, children, calls: [], parentNode: null,
    getAttribute: (n) => (n in attrs ? attrs[n] : null),
    animate(frames, opts) { el.calls.push({ frames, opts }); return { frames, opts }; },
    querySelector: (sel) => el.all().find((c) => sel === '.crown' && c.attrs.class === 'crown') || null,
    querySelectorAll: (sel) => el.all().filter((c) => sel.slice(1, -1) in c.attrs), // only '[attr]'
    all: () => children.flatMap((c) => [c, ...c.all()]),
    appendChild(c) { el.appended = c; return c; },
  };
  for (const c of children) c.parentNode = el;
  return el;
}

function fakeBoard(model) {
  const pieces = model.pieces.map((p) => fakeElement({ 'data-square': p.square, 'data-piece': p.piece },
    p.piece[1] === 'k' ? [fakeElement({ class: 'crown' })] : []));
  const ghosts = model.ghosts.map((g) => fakeElement({ 'data-ghost': g.square }));
  const layer = fakeElement({ class: 'pieces' }, pieces);
  return { svg: fakeElement({}, [fakeElement({}, ghosts), layer]), pieces, ghosts, layer };
}

test('the last move\'s piece is drawn last (it travels above the others); layers go under and over the pieces', () => {
  const model = boardModel(multiCaptureView(), 1);
  const tree = boardSvg(model);
  assert.equal(pieceNodes(tree).at(-1).attrs['data-square'], model.move.to);
  assert.equal(walk(tree).filter((n) => n.attrs['data-overlays']).length, 0, 'no overlay groups unless asked');
  const mark = { tag: 'rect', attrs: { 'data-under': '' }, children: [] };
  const hint = { tag: 'circle', attrs: { 'data-over': '' }, children: [] };
  const layered = boardSvg(model, { layers: { under: [mark, null], over: [hint] } });
  const groups = layered.children.filter((n) => n.attrs && n.attrs['data-overlays']);
  assert.deepEqual(groups.map((g) => g.attrs['data-overlays']), ['under', 'over']);
  const order = layered.children.map((n) => n.attrs && (n.attrs['data-overlays'] || n.attrs.class));
  assert.ok(order.indexOf('under') < order.indexOf('pieces') && order.indexOf('pieces') < order.indexOf('over'));
  assert.deepEqual(groups.map((g) => g.children), [[mark], [hint]]);
  assert.equal(bySquare(layered).size, bySquare(tree).size, 'the same pieces');
});

test('animateMove: the mover goes through every hop, ghosts fade in step, nothing when it should not', async () => {
  const { animateMove, prefersReducedMotion } = await import('../../www/view/board-dom.js');
  const model = boardModel(multiCaptureView(), 1);
  const { svg, pieces, ghosts, layer } = fakeBoard(model);
  // The ghosts fade to their own computed opacity (style.css's --ghost-opacity).
  globalThis.getComputedStyle = () => ({ opacity: '0.3' });
  let anim;
  try {
    anim = animateMove(svg, model, { msPerHop: 100 });
  } finally {
    delete globalThis.getComputedStyle;
  }
  const mover = pieces.find((p) => p.attrs['data-square'] === '12');
  assert.equal(mover.calls.length, 1);
  assert.equal(anim.frames, mover.calls[0].frames, 'returns the mover\'s animation');
  assert.equal(mover.calls[0].opts.duration, 200);
  const c = (v) => v * SQUARE + SQUARE / 2;
  assert.deepEqual(mover.calls[0].frames.map((f) => [f.offset, f.transform]), [
    [0, `translate(${c(3)}px, ${c(6)}px)`],
    [0.5, `translate(${c(1)}px, ${c(4)}px)`],
    [1, `translate(${c(3)}px, ${c(2)}px)`],
  ]);
  assert.equal(layer.appended, undefined, 'the animation changes no element (the drawing puts the mover on top)');
  // 27 is jumped in the first hop, 17 in the second: each fades during its own hop.
  const fade = (sq) => ghosts.find((g) => g.attrs['data-ghost'] === sq).calls[0].frames;
  assert.ok(fade('27')[2].offset <= 0.5 && fade('27')[1].offset > 0);
  assert.ok(fade('17')[1].offset >= 0.5 && fade('17')[2].offset === 1);
  assert.equal(fade('27')[0].opacity, 1);
  assert.equal(fade('27')[2].opacity, '0.3', 'the computed opacity, not a copy of it');
  // No computed style known: the ghosts are not animated (no value made up here).
  const bare = fakeBoard(model);
  animateMove(bare.svg, model, { msPerHop: 100 });
  assert.ok(bare.ghosts.every((g) => g.calls.length === 0));

  assert.equal(animateMove(svg, model, { reducedMotion: true }), null);
  assert.equal(animateMove(svg, boardModel(multiCaptureView(), 0)), null, 'no move at the start');
  assert.equal(animateMove(fakeElement(), model), null, 'no element for the mover');
  assert.equal(animateMove(null, model), null);

  assert.equal(prefersReducedMotion({ matchMedia: (q) => ({ matches: q === '(prefers-reduced-motion: reduce)' }) }), true);
  assert.equal(prefersReducedMotion({ matchMedia: () => ({ matches: false }) }), false);
  assert.equal(prefersReducedMotion({}), false);
});

test('animateMove: a man that crowns shows its crown only on arrival', async () => {
  const { animateMove } = await import('../../www/view/board-dom.js');
  const v = multiCaptureView();
  v.plies[0].cells = v.plies[0].cells.replace('w', 'W');
  const model = boardModel(v, 1);
  const { svg, pieces } = fakeBoard(model);
  animateMove(svg, model);
  const crown = pieces.find((p) => p.attrs['data-square'] === '12').children[0];
  assert.equal(crown.calls.length, 1);
  assert.equal(crown.calls[0].frames[0].opacity, 0);
});

test('boardColors reads the board custom properties from computed style', async () => {
  const { boardColors } = await import('../../www/share/board-export.js');
  const values = { '--sq-dark': ' #111111', '--piece-white': '#eeeeee ' };
  const win = { getComputedStyle: () => ({ getPropertyValue: (n) => values[n] || '' }) };
  const el = { ownerDocument: { defaultView: win } };
  assert.deepEqual(boardColors(el), { 'sq-dark': '#111111', 'piece-white': '#eeeeee' });
});
