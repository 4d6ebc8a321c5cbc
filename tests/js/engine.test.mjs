// The engine worker's loop (www/engine/session.js) over the built engine module (pkg/engine.js):
// lines per depth, a stop heard between depths, a new position replacing the old, plain errors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSession } from '../../www/engine/session.js';

const wasmUrl = new URL('../../pkg/engine_bg.wasm', import.meta.url);
const built = existsSync(wasmUrl);
const engine = built ? await import('../../pkg/engine.js') : null;
if (built) engine.initSync({ module: readFileSync(wasmUrl) });
const skip = built ? false : 'pkg/engine_bg.wasm is not built (make build)';

const SHOT = 'W:W27,28,32,33,37,38,42,43:B8,9,12,13,17,18,19,23';

/** engine.Analyser whose steps push the share of time they were given onto `slices`. */
function searchesCounted(slices) {
  return function Counted(...args) {
    const a = new engine.Analyser(...args);
    const step = a.step.bind(a);
    a.step = (ms) => { slices.push(ms); return step(ms); };
    return a;
  };
}

function collect() {
  const out = [];
  return { out, post: (m) => out.push(m) };
}

test('lines come depth by depth, then done; the shot 33-29 is found', { skip }, async () => {
  const { out, post } = collect();
  const s = createSession(engine.Analyser, post);
  await s.handle({ type: 'analyse', id: 7, gametype: '20', fen: SHOT, depth: 6, multipv: 2 });
  const infos = out.filter((m) => m.type === 'info');
  assert.deepEqual(infos.map((m) => m.depth), [1, 2, 3, 4, 5, 6]);
  assert.equal(out.at(-1).type, 'done');
  assert.equal(out.at(-1).id, 7);
  const last = infos.at(-1);
  assert.equal(last.lines.length, 2);
  assert.equal(last.lines[0].pv[0], '33-29');
  assert.equal(last.lines[0].from, '33');
  assert.equal(last.lines[0].to, '29');
  assert.ok(last.lines[0].score > last.lines[1].score);
});

test('a stop ends the analysis before the next depth, and no done is sent for it', { skip }, async () => {
  const { out, post } = collect();
  let s;
  let pauses = 0;
  s = createSession(engine.Analyser, post, {
    pause: async () => { pauses += 1; if (pauses === 2) await s.handle({ type: 'stop' }); },
  });
  await s.handle({ type: 'analyse', id: 1, gametype: '20', fen: SHOT });
  assert.equal(out.filter((m) => m.type === 'info').length, 2);
  assert.ok(!out.some((m) => m.type === 'done'));
});

test('a position the engine cannot take is an error in plain words', { skip }, async () => {
  const { out, post } = collect();
  const s = createSession(engine.Analyser, post);
  await s.handle({ type: 'analyse', id: 3, gametype: '20', fen: 'W:W99:B1' });
  assert.equal(out.length, 1);
  assert.equal(out[0].type, 'error');
  assert.match(out[0].message, /99/);
  await s.handle({ type: 'analyse', id: 4, gametype: '7', fen: 'W:W1:B5' });
  assert.match(out[1].message, /GameType/);
});

test('a side with no move gets no lines and done', { skip }, async () => {
  const { out, post } = collect();
  const s = createSession(engine.Analyser, post);
  await s.handle({ type: 'analyse', id: 5, gametype: '20', fen: 'W:W:B5' });
  assert.deepEqual(out, [{ type: 'done', id: 5 }]);
});

// ---- game review (the session's 'review' message over the engine's Reviewer) -----------------

// The shot position, then 1. 28-22?? (33-29 was the shot): White gives men away.
const REVIEW_FENS = [
  SHOT,
  'B:W27,22,32,33,37,38,42,43:B8,9,12,13,17,18,19,23',
];

test('a review posts each position as it is searched, marks the blunder with the better move, then the summary', { skip }, async () => {
  const { out, post } = collect();
  const s = createSession(engine.Analyser, post, { Reviewer: engine.Reviewer });
  await s.handle({ type: 'review', id: 9, gametype: '20', fens: REVIEW_FENS, depth: 4, ms: 0 });
  const steps = out.filter((m) => m.type === 'reviewing');
  assert.deepEqual(steps.map((m) => [m.index, m.of]), [[0, 2], [1, 2]]);
  assert.equal(steps[0].ply, null);
  assert.equal(steps[1].ply.ply, 1);
  assert.equal(steps[1].ply.side, 'white');
  assert.equal(steps[1].ply.mark, '??');
  assert.equal(steps[1].ply.best, '33-29');
  assert.ok(steps[1].score < -2, `White is lost after 28-22: ${steps[1].score}`);
  assert.ok(steps[0].score > steps[1].score);
  const done = out.at(-1);
  assert.equal(done.type, 'reviewed');
  assert.equal(done.id, 9);
  assert.deepEqual(done.summary.white, { inaccuracies: 0, mistakes: 0, blunders: 1, loss: done.summary.white.loss });
  assert.ok(done.summary.white.loss > 2);
  assert.deepEqual(done.summary.black, { inaccuracies: 0, mistakes: 0, blunders: 0, loss: 0 });
});

test('a stop (or a position to analyse) ends a review between positions, with no summary', { skip }, async () => {
  const { out, post } = collect();
  let s;
  s = createSession(engine.Analyser, post, {
    Reviewer: engine.Reviewer,
    pause: async () => { await s.handle({ type: 'stop' }); },
  });
  await s.handle({ type: 'review', id: 2, gametype: '20', fens: [SHOT, SHOT, SHOT], depth: 2, ms: 0 });
  assert.deepEqual(out.map((m) => m.type), ['reviewing']);
});

test('a review of positions the engine cannot take is an error in plain words', { skip }, async () => {
  const { out, post } = collect();
  const s = createSession(engine.Analyser, post, { Reviewer: engine.Reviewer });
  await s.handle({ type: 'review', id: 4, gametype: '20', fens: [SHOT, 'W:W99:B1'] });
  assert.equal(out.length, 1);
  assert.equal(out[0].type, 'error');
  assert.match(out[0].message, /99/);
  // A session made without the class says so instead of failing.
  const none = collect();
  await createSession(engine.Analyser, none.post).handle({ type: 'review', id: 5, fens: [SHOT] });
  assert.equal(none.out[0].type, 'error');
});

test('the last review is kept: annotate writes it into the game\'s text, without stopping anything', { skip }, async () => {
  const { out, post } = collect();
  const s = createSession(engine.Analyser, post, { Reviewer: engine.Reviewer });
  await s.handle({ type: 'review', id: 11, gametype: '20', fens: REVIEW_FENS, depth: 4, ms: 0 });
  const game = `[GameType "20"]\n[FEN "${SHOT}"]\n1. 28-22 *`;
  await s.handle({ type: 'annotate', id: 11, text: game });
  const a = out.at(-1);
  assert.equal(a.type, 'annotated');
  assert.match(a.text, /28-22\?\?/);
  assert.match(a.text, /\[%eval -?\d/);
  assert.match(a.text, /Better: 33-29 \(win → loss\)\./);
  await s.handle({ type: 'annotate', id: 10, text: game });
  assert.equal(out.at(-1).type, 'error', 'another review\'s id');
  await s.handle({ type: 'annotate', id: 11, text: '[GameType "20"] 1. 32-28 *' });
  assert.match(out.at(-1).message, /not the ones reviewed/);
});

test('a review runs in every variant: the start and a first move, judged, the better move in the variant\'s notation', { skip }, async () => {
  const core = await import('../../pkg/pdn.js');
  core.initSync({ module: readFileSync(new URL('../../pkg/pdn_bg.wasm', import.meta.url)) });
  const seen = [];
  for (const gt of [20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 40, 41]) {
    // The start and the position after the core's first legal move (nothing of the rules here).
    const lib = core.Library.fromText(`[GameType "${gt}"] *`);
    const view = lib.game(0);
    const move = lib.legalMoves(0, undefined, 0)[0];
    const { out, post } = collect();
    await createSession(engine.Analyser, post, { Reviewer: engine.Reviewer })
      .handle({ type: 'review', id: gt, gametype: String(gt), fens: [view.start.fen, move.fen], depth: 3, ms: 0 });
    const steps = out.filter((m) => m.type === 'reviewing');
    assert.equal(steps.length, 2, `${gt}: ${JSON.stringify(out)}`);
    const ply = steps[1].ply;
    assert.equal(ply.side, view.start.fen.startsWith('B') ? 'black' : 'white', `${gt}: who moved (the FEN's side to move)`);
    assert.ok(typeof ply.best === 'string' && ply.best.length >= 3, `${gt}: ${ply.best}`);
    assert.ok(['', '?!', '?', '??'].includes(ply.mark));
    assert.equal(out.at(-1).type, 'reviewed');
    seen.push(`${view.variant} ${ply.best}`);
    lib.free();
  }
  assert.equal(seen.length, 14);
});

test('the game view\'s goal reaches the engine: Antidraughts gives its man away to win, Breakthrough sees the crowning', { skip }, async () => {
  const losing = collect();
  await createSession(engine.Analyser, losing.post).handle({ type: 'analyse', id: 1, gametype: '20', goal: 'losing', fen: 'W:W28:B19,5', depth: 4 });
  const anti = losing.out.filter((m) => m.type === 'info').at(-1).lines[0];
  assert.equal(anti.pv[0], '28-23');
  assert.equal(anti.win, 2);
  const standard = collect();
  await createSession(engine.Analyser, standard.post).handle({ type: 'analyse', id: 2, gametype: '20', fen: 'W:W28:B19,5', depth: 4 });
  assert.equal(standard.out.filter((m) => m.type === 'info').at(-1).lines[0].win, null);
  const king = collect();
  await createSession(engine.Analyser, king.post).handle({ type: 'analyse', id: 3, gametype: '20', goal: 'first-king', fen: 'W:W15:B45', depth: 4 });
  assert.equal(king.out.filter((m) => m.type === 'info').at(-1).lines[0].win, -2);
});

// Solve mode (www/view/solve.js through engine/judge.js): the position after the reader's move.
const TWO_WINS = 'W:W41,43:B32'; // tests/e2e/fixtures/two-wins.pdn

test('solve mode\'s judge: a move that keeps the win, one that loses, and the end of the game', { skip }, async () => {
  const { out, post } = collect();
  const s = createSession(engine.Analyser, post);
  // 43-39 keeps the win: Black to move is mated; the engine's reply is a move of the man on 32.
  await s.handle({ type: 'judge', id: 1, gametype: '20', fen: 'B:W39,41:B32', history: [TWO_WINS] });
  assert.equal(out.length, 1);
  assert.equal(out[0].type, 'judged');
  assert.equal(out[0].id, 1);
  assert.equal(out[0].verdict, 'won');
  assert.equal(out[0].solved, false);
  assert.ok(out[0].win < 0);
  assert.match(out[0].reply.notation, /^32-3[78]$/);
  // 41-37 loses: 32x41 is the refutation.
  await s.handle({ type: 'judge', id: 2, gametype: '20', fen: 'B:W37,43:B32' });
  assert.equal(out[1].verdict, 'lost');
  assert.equal(out[1].reply.notation, '32x41');
  // Nothing left for Black: solved, no reply.
  await s.handle({ type: 'judge', id: 3, gametype: '20', fen: 'B:W37,48:B' });
  assert.deepEqual([out[2].verdict, out[2].solved, out[2].reply], ['won', true, null]);
});

test('solve mode\'s judge stops at its time with no forced result: unproven; a stop drops the answer', { skip }, async () => {
  const { out, post } = collect();
  let s;
  let pauses = 0;
  s = createSession(engine.Analyser, post, {
    pause: async () => { pauses += 1; if (pauses === 2) await s.handle({ type: 'stop' }); },
  });
  const start = 'W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20';
  await s.handle({ type: 'judge', id: 4, gametype: '20', fen: start });
  assert.deepEqual(out, [], 'stopped: nothing posted');
  // The budget is the Analyser's (200 ms in all, on its clock): the session steps it with its
  // share, never more, until it says it is over.
  const slices = [];
  const t = createSession(searchesCounted(slices), post);

  await t.handle({ type: 'judge', id: 5, gametype: '20', fen: start, ms: 200 });
  assert.ok(slices.length > 0 && slices.every((ms) => ms > 0 && ms <= 250), `the shares asked: ${slices}`);
  assert.equal(out[0].verdict, 'unproven');
  assert.ok(out[0].reply && out[0].win === null);
});

test('a position with more moves than the table keeps for its batched reads in wasm (71 > 64) is searched: the same lines twice, White far ahead', { skip }, () => {
  const KINGS = ['46', '5', '28', '23', '16', '35', '47', '4', '36', '15'];
  const fen = `W:W${KINGS.map((k) => `K${k}`).join(',')}:B1,2,3`;
  const run = () => {
    const a = new engine.Analyser('20', fen, [], 1 << 16, undefined);
    a.budget(1, 4, 0, 0);
    let r = null;
    for (let s = a.step(0); s !== null; s = a.step(0)) r = s;
    a.free();
    delete r.ms;
    return r;
  };
  const first = run();
  assert.equal(first.depth, 4);
  assert.ok(first.nodes > 71, `${first.nodes} nodes`);
  assert.ok(first.lines[0].score > 20, `score ${first.lines[0].score}`);
  assert.ok(KINGS.includes(first.lines[0].from), `from ${first.lines[0].from}`);
  assert.deepEqual(run(), first);
});

// ---- page == CLI: the same budget gives the same answer (the one Rust Analyser and Reviewer) --

/** The newest `pdn` binary built (release or debug, in CARGO_TARGET_DIR or target/), or null. */
function pdnBinary() {
  const dir = process.env.CARGO_TARGET_DIR || fileURLToPath(new URL('../../target', import.meta.url));
  const found = ['release', 'debug'].map((p) => path.join(dir, p, 'pdn')).filter((f) => existsSync(f));
  found.sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  return found[0] ?? null;
}
const PDN = pdnBinary();
const skipCli = skip || (PDN ? false : 'no pdn binary built (cargo build -p pdn-cli)');

test('pdn analyse --nodes N and the page\'s analysis at N nodes give the same lines, depth by depth', { skip: skipCli }, async () => {
  for (const [gametype, fen, nodes] of [['20', SHOT, 20000], ['21', 'B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12', 30000]]) {
    const cli = execFileSync(PDN, ['analyse', '--fen', fen, '--gametype', gametype, '--nodes', String(nodes)], { encoding: 'utf8' })
      .trim().split('\n').map((l) => JSON.parse(l));
    const best = cli.pop();
    const { out, post } = collect();
    await createSession(engine.Analyser, post).handle({ type: 'analyse', id: 1, gametype, fen, nodes, multipv: 1 });
    const infos = out.filter((m) => m.type === 'info');
    assert.equal(out.at(-1).type, 'done');
    assert.deepEqual(
      infos.map((m) => [m.depth, m.nodes, m.lines[0].score, m.lines[0].win, m.lines[0].pv]),
      cli.map((l) => [l.depth, l.nodes, l.score, l.win, l.pv]),
      `${gametype} ${fen} at ${nodes} nodes`,
    );
    assert.equal(infos.at(-1).lines[0].pv[0], best.bestmove);
  }
});

test('pdn review --nodes N and the page\'s review at N nodes give the same marks, better moves and evaluations', { skip: skipCli }, async () => {
  const text = `[GameType "20"]\n[FEN "${SHOT}"]\n1. 33-29 23x34 2. 28-22 17x28 3. 32x3 34-40 4. 27-21 *\n`;
  const dir = mkdtempSync(path.join(tmpdir(), 'pdn-review-'));
  const file = path.join(dir, 'game.pdn');
  writeFileSync(file, text);
  const nodes = 20000;
  const written = execFileSync(PDN, ['review', file, '--nodes', String(nodes)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  rmSync(dir, { recursive: true });
  const core = await import('../../pkg/pdn.js');
  core.initSync({ module: readFileSync(new URL('../../pkg/pdn_bg.wasm', import.meta.url)) });
  const { mainlineFens } = await import('../../www/view/review.js');
  const lib = core.Library.fromText(text);
  const fens = mainlineFens(lib.game(0));
  lib.free();
  const { out, post } = collect();
  const s = createSession(engine.Analyser, post, { Reviewer: engine.Reviewer });
  await s.handle({ type: 'review', id: 3, gametype: '20', fens, nodes });
  await s.handle({ type: 'annotate', id: 3, text });
  const annotated = out.at(-1);
  assert.equal(annotated.type, 'annotated');
  // The page's review written into the text is the CLI's text (marks, [%eval], Better: …).
  assert.equal(annotated.text.trim(), written.trim());
  const marks = out.filter((m) => m.type === 'reviewing' && m.ply).map((m) => m.ply.mark);
  assert.equal(marks.length, 7);
});

// Last in this file: the database installed stays in the module for the tests after it.
test('an English ending waits for the endgame database once, then answers from it; a failed fetch is no database', { skip }, async () => {
  const { gunzipSync } = await import('node:zlib');
  const file = new URL('../../pkg/egdb-21.bin.gz', import.meta.url);
  assert.ok(existsSync(file), 'pkg/egdb-21.bin.gz is not built (make build)');
  const ENDING = 'W:WK14,K10:BK1'; // two kings against one: a win, far beyond a few plies' sight
  const asked = [];
  const without = collect();
  const s0 = createSession(engine.Analyser, without.post, { egdb: async (g) => { asked.push(g); throw new Error('offline'); } });
  await s0.handle({ type: 'analyse', id: 1, gametype: '21', fen: ENDING, depth: 3 });
  await s0.handle({ type: 'analyse', id: 2, gametype: '21', fen: ENDING, depth: 3 });
  assert.deepEqual(asked, [21], 'asked once a session, a failure kept');
  assert.equal(without.out.filter((m) => m.type === 'info').at(-1).lines[0].win, null, 'no database: no win in sight');
  assert.equal(without.out.filter((m) => m.type === 'error').length, 0);

  const { out, post } = collect();
  const loads = [];
  const s = createSession(engine.Analyser, post, {
    Reviewer: engine.Reviewer,
    egdb: async (g) => { loads.push(g); return g === 21 && engine.installEgdb(new Uint8Array(gunzipSync(readFileSync(file)))); },
  });
  await s.handle({ type: 'analyse', id: 3, gametype: '20', fen: SHOT, depth: 2 });
  await s.handle({ type: 'analyse', id: 4, gametype: '21', fen: 'B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12', depth: 2 });
  assert.deepEqual(loads, [], 'not for International, not for the start');
  await s.handle({ type: 'analyse', id: 5, gametype: '21', fen: ENDING, depth: 3 });
  assert.deepEqual(loads, [21]);
  const first = out.find((m) => m.type === 'info' && m.id === 5);
  assert.equal(first.depth, 1);
  assert.ok(first.lines[0].win > 0, `a win from depth 1: ${JSON.stringify(first.lines[0])}`);
  // The database answers the root: no deeper depth to search, the analysis ends (it had
  // doubled its time slice without end).
  assert.equal(out.at(-1).type, 'done');
  await s.handle({ type: 'analyse', id: 6, gametype: '21', fen: ENDING, depth: 1 });
  await s.handle({ type: 'review', id: 7, gametype: '21', fens: [ENDING], depth: 1 });
  assert.deepEqual(loads, [21], 'installed: not asked again');
  assert.ok(out.some((m) => m.type === 'reviewed' && m.id === 7));
  // A Russian ending asks for Russian's file (GameType 25: pkg/egdb-25.bin.gz), its start for none.
  await s.handle({ type: 'analyse', id: 9, gametype: '25', fen: 'W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8', depth: 1 });
  await s.handle({ type: 'analyse', id: 10, gametype: '25', fen: 'W:WKa1,Kc1,Ke1:BKh2', depth: 1 });
  assert.deepEqual(loads, [21, 25]);
  // International (three pieces): an ending of at most seven asks for pkg/egdb-20.bin.gz.
  await s.handle({ type: 'analyse', id: 11, gametype: '20', fen: 'W:W31,32,K1,K2:B19,20,K45', depth: 1 });
  assert.deepEqual(loads, [21, 25, 20]);
  // Solve mode's judge: the reader's 10-15 (not the database's 14-9) still wins, proved at once.
  // Answered from the database, not searched for the time: by count, two searches at most (the
  // database proves the win at once; without it the judge searches 19 slices here).
  const searched = [];
  const j = createSession(searchesCounted(searched), post, { egdb: async () => engine.installEgdb(new Uint8Array(gunzipSync(readFileSync(file)))) });
  await j.handle({ type: 'judge', id: 8, gametype: '21', fen: 'B:WK14,K15:BK1', ms: 1500 });
  const judged = out.find((m) => m.type === 'judged' && m.id === 8);
  assert.equal(judged.verdict, 'won', JSON.stringify(judged));
  assert.ok(searched.length <= 2, `${searched.length} steps (shares ${searched})`);
});
