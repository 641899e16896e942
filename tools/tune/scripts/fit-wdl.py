#!/usr/bin/env python3
"""
Fits the win/draw/loss model of UCI_ShowWDL (packages/uci/src/wdl.ts) on Tempo's own
self-play records (`fen | score | result`, white's view; tools/tune/README.md), turned to the
side to move's view as the engine reports its scores, in Stockfish's form: with the
material m (pawns 1, knights and bishops 3, rooks 5, queens 9, both sides, clamped to
17..78, divided by 58) and the score x in centipawns,

    win  = 1 / (1 + exp((a(m) - x) / b(m)))
    loss = 1 / (1 + exp((a(m) + x) / b(m)))
    draw = 1 - win - loss

where a and b are cubics in m. The eight coefficients maximise the likelihood of the
games' results over the training records (scores within MAX_CP); the held-out records
(every k-th game, whole, never seen by the fit) check the calibration: in every 25-cp bin of
the score with at least MIN_BIN positions, the predicted expected score
(win + draw / 2) and the observed one lie within TOLERANCE percentage points.
Writes a PNG of predicted and observed W/D/L by score (matplotlib) and prints the
coefficients as wdl.ts wants them.

    python3 tools/tune/scripts/fit-wdl.py DIR_OR_FILE... [--holdout 0.25] [--plot out.png]

Needs numpy and scipy; matplotlib for the plot.
"""
import argparse
import glob
import os
import sys

import numpy as np
from scipy.optimize import minimize

MIN_BIN = 200
TOLERANCE = 3.0
BIN = 25
# Beyond this the records' results follow the curve less (in-sample, bins near +-700 cp miss it by 10-15
# points) and fitting them flattens the curve where scores are common; the engine's wdl there is near certain anyway.
MAX_CP = 400
VALUES = {'p': 1, 'n': 3, 'b': 3, 'r': 5, 'q': 9}


def files_of(paths):
    out = []
    for p in paths:
        if os.path.isdir(p):
            out += sorted(glob.glob(os.path.join(p, '*.txt')))
        else:
            out.append(p)
    if not out:
        sys.exit('fit-wdl: no record files found in ' + ' '.join(paths))
    return out


def read(files):
    """Every record as (score, material, result, game number); a game starts where the move number falls."""
    xs, ms, rs, gs = [], [], [], []
    game, last_move = -1, 10**9
    for f in files:
        last_move = 10**9
        with open(f) as fh:
            for n, line in enumerate(fh, 1):
                parts = line.split('|')
                if len(parts) != 3:
                    if line.strip():
                        sys.exit(f'fit-wdl: {f}:{n}: expected "fen | score | result", got "{line.strip()}"')
                    continue
                fields = parts[0].split()
                move = int(fields[5])
                if move < last_move:
                    game += 1
                last_move = move
                # The side to move's view, as the engine reports its scores.
                sign = 1 if fields[1] == 'w' else -1
                x = sign * int(parts[1])
                if abs(x) > MAX_CP:
                    continue
                m = sum(VALUES.get(c.lower(), 0) for c in fields[0])
                xs.append(x)
                ms.append(min(78, max(17, m)) / 58)
                rs.append(float(parts[2]) if sign == 1 else 1 - float(parts[2]))
                gs.append(game)
    return np.array(xs, float), np.array(ms, float), np.array(rs, float), np.array(gs, int)


def model(c, x, m):
    a = ((c[0] * m + c[1]) * m + c[2]) * m + c[3]
    b = ((c[4] * m + c[5]) * m + c[6]) * m + c[7]
    b = np.maximum(b, 1.0)
    w = 1 / (1 + np.exp((a - x) / b))
    l = 1 / (1 + np.exp((a + x) / b))
    return w, np.maximum(1 - w - l, 1e-9), l


def nll(c, x, m, r):
    w, d, l = model(c, x, m)
    eps = 1e-12
    return -np.mean(
        np.where(r == 1, np.log(w + eps), np.where(r == 0, np.log(l + eps), np.log(d + eps)))
    )


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('data', nargs='+')
    ap.add_argument('--holdout', type=float, default=0.25, help='share of the games held out (every k-th game)')
    ap.add_argument('--plot', default=os.path.expanduser('~/.tempo/wdl/wdl.png'))
    args = ap.parse_args()
    files = files_of(args.data)
    x, m, r, g = read(files)
    # Every k-th game held out (whole games: their positions share one result).
    k = max(2, round(1 / args.holdout))
    held = g % k == k - 1
    print(f'{len(files)} files, {g.max() + 1} games, {len(x)} records; every {k}th game held out')
    hx, hm, hr = x[held], m[held], r[held]
    x, m, r = x[~held], m[~held], r[~held]
    print(f'training: {len(x)} records')
    # Start: a flat curve (a = 150, b = 80 at every material), then the likelihood's optimum.
    c0 = np.array([0, 0, 0, 150, 0, 0, 0, 80], float)
    fit = minimize(
        nll,
        c0,
        args=(x, m, r),
        method='Nelder-Mead',
        options={'maxiter': 20000, 'maxfev': 20000, 'xatol': 1e-3, 'fatol': 1e-9},
    )
    fit = minimize(nll, fit.x, args=(x, m, r), method='BFGS')
    c = fit.x
    print(f'fit: negative log-likelihood {fit.fun:.5f} per record')
    print('AS = [' + ', '.join(f'{v:.3f}' for v in c[:4]) + ']')
    print('BS = [' + ', '.join(f'{v:.3f}' for v in c[4:]) + ']')
    print(f'held out: {len(hx)} records of {int(held.sum() and (g[held].max() - g[held].min()) // k + 1)} games')
    w, d, l = model(c, hx, hm)
    pred = w + d / 2
    bins = np.floor(hx / BIN).astype(int)
    worst = 0.0
    rows = []
    for b in sorted(set(bins.tolist())):
        sel = bins == b
        n = int(sel.sum())
        if n < MIN_BIN:
            continue
        p, o = 100 * pred[sel].mean(), 100 * hr[sel].mean()
        rows.append((b * BIN, n, p, o, w[sel].mean(), d[sel].mean(), l[sel].mean(),
                     (hr[sel] == 1).mean(), (hr[sel] == 0.5).mean(), (hr[sel] == 0).mean()))
        worst = max(worst, abs(p - o))
        lo = b * BIN
        print(f'  [{lo:5d}, {lo + BIN:5d}) n {n:6d}  predicted {p:5.1f}  observed {o:5.1f}  diff {p - o:+5.1f}')
    print(f'bins with >= {MIN_BIN} positions: {len(rows)}; largest difference {worst:.2f} points '
          f'({"within" if worst <= TOLERANCE else "OUTSIDE"} {TOLERANCE})')
    try:
        import matplotlib
        matplotlib.use('Agg')
        import matplotlib.pyplot as plt
    except ImportError:
        print('fit-wdl: matplotlib is not installed: no plot')
        return 0 if worst <= TOLERANCE else 1
    os.makedirs(os.path.dirname(os.path.abspath(args.plot)), exist_ok=True)
    fig, ax = plt.subplots(1, 2, figsize=(13, 5))
    cx = np.array([row[0] + BIN / 2 for row in rows])
    for i, (name, color) in enumerate([('win', 'tab:green'), ('draw', 'tab:gray'), ('loss', 'tab:red')]):
        ax[0].plot(cx, [row[4 + i] for row in rows], '-', color=color, label=f'{name} predicted')
        ax[0].plot(cx, [row[7 + i] for row in rows], 'o', color=color, ms=3, label=f'{name} observed')
    ax[0].set_xlabel('score (cp, side to move)')
    ax[0].set_ylabel('share of held-out positions')
    ax[0].set_title(f'W/D/L by score, {len(hx)} held-out positions, bins of {BIN} cp with >= {MIN_BIN}')
    ax[0].legend(fontsize=8)
    ax[0].grid(alpha=0.3)
    ax[1].plot(cx, [row[2] for row in rows], '-', label='predicted')
    ax[1].plot(cx, [row[3] for row in rows], 'o', ms=3, label='observed')
    ax[1].set_xlabel('score (cp, side to move)')
    ax[1].set_ylabel('expected score (%)')
    ax[1].set_title(f'expected score; largest difference {worst:.2f} points')
    ax[1].legend()
    ax[1].grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(args.plot, dpi=110)
    print(f'plot: {args.plot}')
    return 0 if worst <= TOLERANCE else 1


if __name__ == '__main__':
    sys.exit(main())
