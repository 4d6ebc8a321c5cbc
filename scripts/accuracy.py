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


def report(scored, chosen):
    pos = [json.loads(l) for l in open(scored)]
    picks = dict(l.rstrip('\n').split('\t') for l in open(chosen))
    n = within = losing = 0
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
    elif cmd == 'report':
        report(args[0], args[1])
    else:
        sys.exit(__doc__)
