#!/usr/bin/env python3
"""What blocks our engine's strength against Scan 2.0 (issue 40; docs/engine.md, "What blocks the
strength, measured"). Scan is never part of the repository: its command is an argument, run by
the shell (e.g. "cd DIR && ./scan hub"). PDN is our CLI (`target/release/pdn`), HUB the `hub`
example of crates/engine (`cargo build --release -p pdn-engine --example hub`), GAMES.pdn the
games `HUB match ... --pdn GAMES.pdn` wrote.

    scripts/blocks.py depths PDN HUB "CMD" GAMES.pdn PLY N DEPTH...
    scripts/blocks.py losses PDN HUB "CMD" DEPTH GAMES.pdn

`depths` takes the position after PLY plies (the ballot's FEN counts as ply 0) of the first N
games that reach it, no position twice, and searches each to every DEPTH with both engines, each
from nothing (ours a new `pdn analyse --depth D` process; Scan `new`, which empties its hash
table, and `ping` to wait for it, then `pos`, `depth D`, `analyse`). It prints the CPU time of
each search (ours: the process's, from the kernel; Scan: its process's user and system time
before and after, from /proc), ours' nodes, and Scan's nodes where it says them (its `info`
lines start at depth 12), then the medians a depth. CPU time, not wall time, so a loaded machine gives about the same
figures (caches and frequency aside).

`losses` takes every game ours lost and finds the ply from which the referee (Scan at DEPTH,
the position alone) scores our side a man down or worse to the game's end (searching back from
the end, the first position after which every score is -1 or lower), with the pieces on the
board then, and our own search's score at that moment: the `[%eval]` `HUB match` wrote after
our first move from that ply on (our search's score for that position, White's view, turned to
ours), the ply from which our own scores stay at -1 or lower (how late ours sees it), and the
ply from which ours is behind in material to the end (a king counted as 3 men). Scan's
scores above 18 men are a forced result (10 men here).
"""
import json, os, re, statistics, subprocess, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import accuracy  # noqa: E402  (its Hub: the referee's process and protocol)


def children(pid):
    """The process and all its descendants (Linux /proc)."""
    out = [pid]
    try:
        with open(f'/proc/{pid}/task/{pid}/children') as f:
            for c in f.read().split():
                out += children(int(c))
    except OSError:
        pass
    return out


def cpu(pid):
    """User and system CPU seconds of a process tree."""
    tick = os.sysconf('SC_CLK_TCK')
    total = 0
    for p in children(pid):
        try:
            with open(f'/proc/{p}/stat') as f:
                fields = f.read().rsplit(')', 1)[1].split()
            total += int(fields[11]) + int(fields[12])
        except OSError:
            pass
    return total / tick


class Hub(accuracy.Hub):
    """Scan, started once (accuracy.py's Hub), with a search that also says its CPU time."""

    def search(self, hub_pos, depth, fresh=False):
        """(the last `info` line's fields or None, CPU seconds spent)."""
        if fresh:
            self.send('new')
            self.send('ping')  # `new` done (its hash table emptied) before the clock starts
            self.until('pong')
        before = cpu(self.p.pid)
        self.send('pos ' + hub_pos)
        self.send(f'depth {depth}')
        self.send('analyse')
        lines = self.until('move')
        spent = cpu(self.p.pid) - before
        infos = [l for l in lines if l and l[0] == 'info']
        return (infos[-1] if infos else None), spent


def men(info):
    """Scan's score (hundredths of a man, side to move) in men, a forced result 10."""
    s = int(info[3])
    return (10.0 if s > 0 else -10.0) if abs(s) > 1800 else s / 100


def games(pdn, path):
    """Each game of GAMES.pdn: its tags, `pdn fens`' positions (start first) and the evals."""
    text = open(path).read()
    out = subprocess.run([pdn, 'fens', path], capture_output=True, text=True, check=True).stdout
    fens = [json.loads(l) for l in out.splitlines()]
    result = []
    for block, g in zip(re.split(r'\n(?=\[Event )', text.strip()), fens):
        tags = dict(re.findall(r'\[(\w+) "([^"]*)"\]', block))
        body = block.split('\n\n', 1)[1]
        evals = {}
        ply = -1
        for tok in re.findall(r'\{\[%eval ([^\]]+)\]\}|(\d+\.(?:\.\.)?)|(\S+)', body):
            if tok[0]:
                evals[ply] = tok[0]
            elif tok[2] and tok[2] not in ('2-0', '0-2', '1-1'):
                ply += 1
        result.append((tags, [g['start']] + g['fens'], evals))
    return result


def material(fen, white):
    """That side's men and kings less the other side's (a king counts 3 men here)."""
    total = 0
    for part in fen.split(':')[1:]:
        sign = 1 if (part[0] == 'W') == white else -1
        total += sign * sum(3 if sq.startswith('K') else 1 for sq in part[1:].split(',') if sq)
    return total


def pieces(fen):
    return sum(len([s for s in part[1:].split(',') if s]) for part in fen.split(':')[1:])


def median(xs):
    return statistics.median(xs) if xs else float('nan')


def depths(pdn, hub, cmd, path, ply, n, ds):
    positions = []
    for tags, fens, _ in games(pdn, path):
        if len(fens) > ply and fens[ply] not in positions:
            positions.append(fens[ply])
        if len(positions) == n:
            break
    listed = subprocess.run([hub, 'moves'],
                            input=''.join(f + '\n' for f in positions),
                            capture_output=True, text=True, check=True).stdout
    hubpos = [json.loads(l)['hub'] for l in listed.splitlines()]
    scan = Hub(cmd)
    table = {}
    for d in ds:
        rows = []
        for fen, hp in zip(positions, hubpos):
            p = subprocess.Popen([pdn, 'analyse', '--fen', fen, '--gametype', '20', '--depth', str(d)],
                                 stdout=subprocess.PIPE, text=True)
            out = p.stdout.read()
            _, _, ru = os.wait4(p.pid, 0)
            ours_s = ru.ru_utime + ru.ru_stime
            lines = [json.loads(l) for l in out.splitlines() if l.startswith('{"depth"')]
            ours_nodes = max((l['nodes'] for l in lines if l['depth'] == d), default=None)
            info, scan_s = scan.search(hp, d, fresh=True)
            scan_nodes = int(info[4]) if info and int(info[1]) == d else None
            rows.append((ours_nodes, ours_s * 1000, scan_nodes, scan_s * 1000))
            print(f'depth {d}\t{fen}\tours {ours_nodes} nodes {ours_s * 1000:.0f} ms\t'
                  f'scan {scan_nodes} nodes {scan_s * 1000:.0f} ms', flush=True)
        table[d] = rows
    print(f'{len(positions)} positions, ply {ply}; medians (CPU time):')
    for d, rows in table.items():
        on = [r[0] for r in rows if r[0] is not None]
        sn = [r[2] for r in rows if r[2] is not None]
        print(f'depth {d}: ours {median(on):.0f} nodes {median([r[1] for r in rows]):.0f} ms; '
              f'scan {median(sn) if sn else "-"} nodes {median([r[3] for r in rows]):.0f} ms')


def losses(pdn, hub, cmd, depth, path):
    scan = Hub(cmd)
    found = []
    for tags, fens, evals in games(pdn, path):
        ours_white = tags['White'] == 'ours'
        lost = tags['Result'] == ('0-2' if ours_white else '2-0')
        if not lost:
            continue
        listed = subprocess.run([hub, 'moves'], input=''.join(f + '\n' for f in fens),
                                capture_output=True, text=True, check=True).stdout
        listed = [json.loads(l) for l in listed.splitlines()]
        k = len(fens) - 1
        scores = {}
        # back from the end: the last position where ours is not yet a man down
        for i in range(len(fens) - 1, -1, -1):
            if not listed[i]['moves']:
                continue
            info, _ = scan.search(listed[i]['hub'], depth)
            s = men(info)
            ours_to_move = (fens[i][0] == 'W') == ours_white
            s = s if ours_to_move else -s
            scores[i] = s
            if s > -1.0:
                break
            k = i
        def ours(e):
            v = (-10.0 if e.startswith('#-') else 10.0) if e.startswith('#') else float(e)
            return v if ours_white else -v
        ours_ply = next((p for p in sorted(evals) if p >= k), None)
        own = ours(evals[ours_ply]) if ours_ply is not None else None
        # the ply from which our own score stays at -1 or lower (None: it never does)
        knows = None
        for p in sorted(evals, reverse=True):
            if ours(evals[p]) > -1.0:
                break
            knows = p
        # the ply from which ours is behind in material (a man or more) to the end
        behind = None
        for i in range(len(fens) - 1, -1, -1):
            if material(fens[i], ours_white) > -1:
                break
            behind = i
        found.append((tags['Event'], 'white' if ours_white else 'black', k, len(fens) - 1,
                      pieces(fens[k]), scores.get(k), own, knows, behind))
        print(f"{tags['Event']}\tours {'white' if ours_white else 'black'}\tlost from ply {k} of "
              f"{len(fens) - 1}\tpieces {pieces(fens[k])}\tscan {scores.get(k)}\tours' own {own}"
              f"\tours' own -1 from ply {knows}\tmaterial behind from ply {behind}", flush=True)
    if not found:
        print('no loss')
        return
    plies = [f[2] for f in found]
    pcs = [f[4] for f in found]
    own = [f[6] for f in found if f[6] is not None]
    print(f'{len(found)} lost games; lost from ply: median {median(plies)}, range {min(plies)}-{max(plies)}; '
          f'pieces then: median {median(pcs)}, >10: {sum(p > 10 for p in pcs)}, 7-10: '
          f'{sum(6 < p <= 10 for p in pcs)}, <=6: {sum(p <= 6 for p in pcs)}')
    print(f"ours' own score then: median {median(own):+.2f}; <= -1: {sum(o <= -1 for o in own)}, "
          f"-1..-0.5: {sum(-1 < o <= -0.5 for o in own)}, > -0.5: {sum(o > -0.5 for o in own)} "
          f'(of {len(own)})')
    gone = [f[8] - f[2] for f in found if f[8] is not None]
    print(f'ours a man behind in material to the end: in {len(gone)} games, median {median(gone)} '
          f"plies after Scan's -1 (range {min(gone, default=0)} to {max(gone, default=0)})")
    lag = [f[7] - f[2] for f in found if f[7] is not None]
    print(f"ours' own score -1 or lower to the end: in {len(lag)} games, median {median(lag)} plies "
          f"after Scan's (range {min(lag, default=0)} to {max(lag, default=0)})")


def main():
    a = sys.argv[1:]
    if a[:1] == ['depths'] and len(a) >= 8:
        depths(a[1], a[2], a[3], a[4], int(a[5]), int(a[6]), [int(x) for x in a[7:]])
    elif a[:1] == ['losses'] and len(a) == 6:
        losses(a[1], a[2], a[3], int(a[4]), a[5])
    else:
        sys.exit(__doc__)


if __name__ == '__main__':
    main()
