#!/usr/bin/env python3
"""A move-accuracy suite in the spirit of issue 25's held-out test, with our own engine as the
referee (the issue's referee is not on our machines). Positions are drawn from real International
games; the referee scores every legal move (`pdn analyse --multipv 99` to a fixed depth); a player
(`pdn analyse` with a time or depth, or any command that prints a move) chooses one; the loss of a
choice is the referee's best score less the chosen move's, in men (a forced result counts as 10
men, losses capped at 3).

    scripts/accuracy.py positions CORPUS_DIR N SEED > positions.tsv
    scripts/accuracy.py referee PDN DEPTH < positions.tsv > scored.jsonl
    scripts/accuracy.py play PDN LIMIT... < scored.jsonl > chosen.tsv   (e.g. --movetime 1000)
    scripts/accuracy.py report scored.jsonl chosen.tsv

With an outside referee that speaks the Hub protocol (Scan 2.0, built locally; never part of the
repository: its command is an argument, run by the shell, e.g. "cd DIR && ./scan hub"), and HUB
the `hub` example of crates/engine (`cargo build --release -p pdn-engine --example hub`), which
gives each position's legal moves with the Hub position after each:

    PDN_CORPORA=… HUB heldout > heldout.jsonl
    scripts/accuracy.py heldout heldout.jsonl N SEED tune.tsv unseen.tsv
    scripts/accuracy.py referee-hub HUB "CMD" DEPTH < positions.tsv > scored.jsonl
    scripts/accuracy.py play-hub "CMD" DEPTH < scored.jsonl > chosen.tsv

`heldout` takes one position a game (ply 10 to the game's length less 6) from the games
examples/fit.rs held out of its fit (`HUB heldout`), never a position some fitted game reached,
and not the random games; the games shuffled by SEED go in turn to the tuning part and the
unseen part, N each at most. `referee-hub` scores every legal move by the referee: the position
after it searched to DEPTH (Scan prints its score from depth 12), negated; a move that leaves
the opponent no move wins; Scan's scores are in hundredths of a man, above 18 men a forced result.
`play-hub` lets the referee choose, at DEPTH, for the comparison.

    scripts/accuracy.py shots PDN HUB "CMD" DEPTH PROBLEMS.pdn

judges each problem of a file (`pdn puzzles` writes them) by the referee: the solution's first
move within 0.15 men of its best, and a man or more above every other move.

`positions` takes one position a game (a ply drawn between 10 and the game's length less 6) from
games that replay without error, where the side to move has at least two moves. `report` prints
the issue's measures: moves within 0.15 men of the best, moves losing a man or more, the mean loss,
and the decisive shots found (positions where one move is at least 1.5 men better than every other
and leaves the mover at least a man ahead), and what random moves would score.
"""
import json, os, random, subprocess, sys

GT = '20'
CAP = 3.0


def men(line):
    if line.get('win') is not None:
        return 10.0 if line['win'] > 0 else -10.0
    return line['score']


def analyse(pdn, fen, *args):
    out = subprocess.run([pdn, 'analyse', '--fen', fen, '--gametype', GT, *args],
                         capture_output=True, text=True, check=True).stdout
    return [json.loads(l) for l in out.splitlines() if l.strip()]


def positions(corpus, n, seed):
    rng = random.Random(seed)
    files = sorted(f for f in os.listdir(corpus) if f.endswith('.pdn') and 'random' not in f)
    games = []
    for f in files:
        out = subprocess.run([os.environ.get('PDN', 'pdn'), 'fens', os.path.join(corpus, f)],
                             capture_output=True, text=True).stdout
        for l in out.splitlines():
            g = json.loads(l)
            if g.get('error') is None and g.get('gametype') == GT and len(g['fens']) >= 30:
                games.append((f, g['game'], g['fens']))
    rng.shuffle(games)
    taken = 0
    for f, game, fens in games:
        if taken >= n:
            break
        ply = rng.randrange(10, len(fens) - 6)
        fen = fens[ply - 1]
        print(f'{f}\t{game}\t{ply}\t{fen}')
        taken += 1


def referee(pdn, depth):
    for row in sys.stdin:
        f, game, ply, fen = row.rstrip('\n').split('\t')
        lines = analyse(pdn, fen, '--multipv', '99', '--depth', depth)
        deepest = max(l['depth'] for l in lines if 'depth' in l)
        moves = {l['pv'][0]: men(l) for l in lines if l.get('depth') == deepest}
        if len(moves) < 2:
            continue
        print(json.dumps({'file': f, 'game': int(game), 'ply': int(ply), 'fen': fen, 'depth': deepest, 'moves': moves}), flush=True)


def play(pdn, limits):
    for row in sys.stdin:
        p = json.loads(row)
        best = analyse(pdn, p['fen'], *limits)[-1]['bestmove']
        print(f"{p['fen']}\t{best}", flush=True)


def heldout(path, n, seed, tune_out, unseen_out):
    rng = random.Random(seed)
    games = [json.loads(l) for l in open(path)]
    games = [g for g in games if 'random' not in g['file']]
    rng.shuffle(games)
    parts = ([], [])
    for g in games:
        seen = set(g['seen'])
        plies = [p for p in range(10, len(g['fens']) - 6) if p not in seen]
        part = parts[len(parts[0]) > len(parts[1])]
        if not plies or len(part) >= n:
            continue
        ply = rng.choice(plies)
        part.append(f"{g['file']}\t{g['game']}\t{ply}\t{g['fens'][ply]}\n")
    for out, rows in zip((tune_out, unseen_out), parts):
        with open(out, 'w') as f:
            f.writelines(rows)
    print(f'tuning {len(parts[0])}, unseen {len(parts[1])}', file=sys.stderr)


class Hub:
    """The referee, started once; one command a line. Anything sent while it searches stops
    the search, so a search is always read to its `move` line before the next command."""

    def __init__(self, cmd):
        self.p = subprocess.Popen(cmd, shell=True, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, bufsize=1)
        self.send('hub')
        self.until('wait')
        self.send('init')
        self.until('ready')

    def send(self, line):
        self.p.stdin.write(line + '\n')
        self.p.stdin.flush()

    def until(self, word):
        lines = []
        while True:
            l = self.p.stdout.readline()
            if not l:
                sys.exit(f'the referee ended before saying {word}')
            lines.append(l.split())
            if l.startswith(word):
                return lines

    def analyse(self, hub_pos, depth):
        """(score in men for the side to move or None below depth 12, the move chosen)."""
        self.send('pos ' + hub_pos)
        self.send(f'depth {depth}')
        self.send('analyse')
        lines = self.until('move')
        infos = [l for l in lines if l and l[0] == 'info']
        score = None
        if infos:
            s = int(infos[-1][3])
            score = (10.0 if s > 0 else -10.0) if abs(s) > 1800 else s / 100
        return score, lines[-1][1]


def hub_moves(hub, fens):
    out = subprocess.run([hub, 'moves'], input=''.join(f + '\n' for f in fens),
                         capture_output=True, text=True, check=True).stdout
    return [json.loads(l) for l in out.splitlines()]


def hub_scores(ref, listing, depth):
    """Every legal move of a `HUB moves` listing scored by the referee, in men for the mover."""
    moves = {}
    for m in listing['moves']:
        if m['replies'] == 0:
            moves[m['move']] = 10.0
            continue
        score, _ = ref.analyse(m['after'], int(depth) - 1)
        if score is None:
            sys.exit('no score from the referee: DEPTH must be 13 or more')
        moves[m['move']] = -score
    return moves


def shots(pdn, hub, cmd, depth, path):
    """Each problem of a file (`pdn puzzles`' output) judged by the referee: is the solution's
    first move its best (within 0.15 men), and does it win a man or more over every other move?"""
    out = subprocess.run([pdn, 'fens', path], capture_output=True, text=True, check=True).stdout
    games = [g for g in map(json.loads, out.splitlines()) if g['start'] and g['fens']]
    listed = hub_moves(hub, [f for g in games for f in (g['start'], g['fens'][0])])
    ref = Hub(cmd)
    n = best = clear = 0
    for i, g in enumerate(games):
        root, after = listed[2 * i], listed[2 * i + 1]
        solution = next((m['move'] for m in root['moves'] if m['after'] == after['hub']), None)
        if solution is None or len(root['moves']) < 2:
            continue
        moves = hub_scores(ref, root, depth)
        ranked = sorted(moves.values(), reverse=True)
        top = ranked[0] - moves[solution] <= 0.15
        margin = moves[solution] - max([v for m, v in moves.items() if m != solution], default=-10.0)
        n += 1
        best += top
        clear += margin >= 1.0
        print(f"{g['game']}\t{solution}\t{moves[solution]:+.2f}\tmargin {margin:+.2f}\t{'best' if top else 'NOT best: ' + max(moves, key=moves.get)}", flush=True)
    print(f'problems {n}: the solution the referee\'s best (within 0.15 men) {best}; a man or more above every other move {clear}')


def referee_hub(hub, cmd, depth):
    rows = [r.rstrip('\n').split('\t') for r in sys.stdin if r.strip()]
    listed = hub_moves(hub, [r[3] for r in rows])
    ref = Hub(cmd)
    for (f, game, ply, fen), lm in zip(rows, listed):
        if len(lm.get('moves', [])) < 2:
            continue
        moves = hub_scores(ref, lm, depth)
        print(json.dumps({'file': f, 'game': int(game), 'ply': int(ply), 'fen': fen, 'depth': int(depth),
                          'hubpos': lm['hub'], 'hub': {m['hub']: m['move'] for m in lm['moves']},
                          'moves': moves}), flush=True)


def play_hub(cmd, depth):
    ref = Hub(cmd)
    for row in sys.stdin:
        p = json.loads(row)
        _, mv = ref.analyse(p['hubpos'], int(depth))
        print(f"{p['fen']}\t{p['hub'].get(mv, mv)}", flush=True)


def report(scored, chosen):
    pos = [json.loads(l) for l in open(scored)]
    picks = dict(l.rstrip('\n').split('\t') for l in open(chosen))
    n = within = losing = exact = 0
    loss_sum = rand_within = rand_losing = rand_loss = 0.0
    shots = shots_found = 0
    for p in pos:
        if p['fen'] not in picks:
            continue
        mv = p['moves']
        best = max(mv.values())
        loss = lambda m: min(CAP, best - mv[m])
        m = picks[p['fen']]
        if m not in mv:
            print('not a legal move there:', p['fen'], m, file=sys.stderr)
            continue
        n += 1
        exact += best - mv[m] <= 0
        l = loss(m)
        within += l <= 0.15
        losing += l >= 1.0
        loss_sum += l
        ls = [loss(x) for x in mv]
        rand_within += sum(x <= 0.15 for x in ls) / len(ls)
        rand_losing += sum(x >= 1.0 for x in ls) / len(ls)
        rand_loss += sum(ls) / len(ls)
        ranked = sorted(mv.values(), reverse=True)
        if ranked[0] - ranked[1] >= 1.5 and ranked[0] >= 1.0:
            shots += 1
            shots_found += l == 0
    print(f'positions {n}')
    print(f'within 0.15 men of the best: {within / n:.1%} (random moves {rand_within / n:.1%})')
    print(f'scoring the best (ties too): {exact / n:.1%}')
    print(f'losing a man or more: {losing / n:.1%} (random {rand_losing / n:.1%})')
    print(f'mean loss, men (capped at {CAP}): {loss_sum / n:.3f} (random {rand_loss / n:.3f})')
    print(f'decisive shots found: {shots_found} of {shots}')


if __name__ == '__main__':
    cmd, args = sys.argv[1], sys.argv[2:]
    if cmd == 'positions':
        positions(args[0], int(args[1]), int(args[2]))
    elif cmd == 'referee':
        referee(args[0], args[1])
    elif cmd == 'play':
        play(args[0], args[1:])
    elif cmd == 'heldout':
        heldout(args[0], int(args[1]), int(args[2]), args[3], args[4])
    elif cmd == 'referee-hub':
        referee_hub(args[0], args[1], args[2])
    elif cmd == 'play-hub':
        play_hub(args[0], args[1])
    elif cmd == 'shots':
        shots(args[0], args[1], args[2], args[3], args[4])
    elif cmd == 'report':
        report(args[0], args[1])
    else:
        sys.exit(__doc__)
