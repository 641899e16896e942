#!/usr/bin/env python3
"""
Fits the win/draw/loss model of UCI_ShowWDL (packages/uci/src/wdl.ts) on Tempo's own
self-play records (`fen | score | result`, white's view; tools/tune/README.md), turned to the
side to move's view as the engine reports its scores. The form is Stockfish's, with two
changes the data asks for: with the material m (pawns 1, knights and bishops 3, rooks 5,
queens 9, both sides, at most 78, divided by 58) and the score x in centipawns,

    win  = 1 / (1 + exp((a(m) - (x - s)) / b(m)))
    loss = 1 / (1 + exp((a(m) + (x - s)) / b(m)))
    draw = 1 - win - loss

where a and b are cubics in m and s is a shift in centipawns. Stockfish clamps m below at
17; in Tempo's games the positions with less material are drawier at the same score
(at +300..400 cp: 26% draws with m under 10, 13% with m 10..17), so m is not clamped
below. The shift lets the side to move's score mean a little less than the same score of
the side not to move. Positions of a lone king against mating material are left out
(see read()). The nine coefficients maximise the
likelihood of the games' results over the training records (scores within MAX_CP); the
held-out records (every k-th game, whole, never seen by the fit) check the calibration: in
every 25-cp bin of the score with at least MIN_BIN positions, the predicted expected score
(win + draw / 2) and the observed one lie within TOLERANCE percentage points. The same
check on the training records is printed beside it. Writes a PNG of predicted and observed
W/D/L by score (matplotlib) and prints the coefficients as wdl.ts wants them.

    python3 tools/tune/scripts/fit-wdl.py DIR_OR_FILE... [--holdout 0.5] [--held 1] [--plot out.png]

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


def lone_king_strong(board):
    """'w' or 'b' when that side has mating material against a lone king (a queen, a rook,
    a bishop and a knight, or bishops of both colours), as the engine's kxkScore; else None."""
    pieces = {'w': [], 'b': []}
    sq = 56
    for ch in board:
        if ch == '/':
            sq -= 16
        elif ch.isdigit():
            sq += int(ch)
        else:
            if ch.lower() != 'k':
                pieces['w' if ch.isupper() else 'b'].append((ch.lower(), (sq & 7) + (sq >> 3) & 1))
            sq += 1
    for strong, weak in (('w', 'b'), ('b', 'w')):
        if pieces[weak] or not pieces[strong]:
            continue
        kinds = {p for p, _ in pieces[strong]}
        bishop_colours = {colour for p, colour in pieces[strong] if p == 'b'}
        if kinds & {'q', 'r'} or {'b', 'n'} <= kinds or len(bishop_colours) == 2:
            return strong
    return None


def read(files):
    """
    Every record kept as (score, material, result, game number); a game starts where the
    move number falls. Left out: records beyond MAX_CP, records of a lone king against
    mating material (the engine scores those by rule, far beyond MAX_CP), and every record
    of a game that reached one and was not won by the strong side (an engine without that
    rule draws such endings by the fifty-move rule, so their result misstates the game).
    """
    xs, ms, rs, gs = [], [], [], []
    dropped_games = dropped_records = 0
    game = -1
    current = []

    def finish():
        nonlocal dropped_games, dropped_records
        if not current:
            return
        result = current[0][3]
        unwon = any(s is not None and result != (1.0 if s == 'w' else 0.0) for *_, s in current)
        if unwon:
            dropped_games += 1
            dropped_records += len(current)
            return
        for x, m, r, _, g, s in current:
            if s is None and abs(x) <= MAX_CP:
                xs.append(x)
                ms.append(m)
                rs.append(r)
                gs.append(g)

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
                    finish()
                    current = []
                    game += 1
                last_move = move
                # The side to move's view, as the engine reports its scores.
                sign = 1 if fields[1] == 'w' else -1
                white_result = float(parts[2])
                m = sum(VALUES.get(c.lower(), 0) for c in fields[0])
                current.append((sign * int(parts[1]), min(78, m) / 58,
                                white_result if sign == 1 else 1 - white_result, white_result, game,
                                lone_king_strong(fields[0])))
    finish()
    print(f'left out: {dropped_games} games ({dropped_records} records) that reached a lone king against '
          f'mating material and were not won by the strong side')
    return np.array(xs, float), np.array(ms, float), np.array(rs, float), np.array(gs, int)


def model(c, x, m):
    """win, draw, loss of scores x at materials m under coefficients c (AS, BS, shift)."""
    w, l, _ = _curves(c, x, m)
    return w, np.maximum(1 - w - l, 1e-9), l


def _curves(c, x, m):
    features = np.stack([m**3, m**2, m, np.ones_like(m)], 1)
    a = features @ c[:4]
    b = np.maximum(features @ c[4:8], 1.0)
    xs = x - c[8]
    w = 1 / (1 + np.exp((a - xs) / b))
    l = 1 / (1 + np.exp((a + xs) / b))
    return w, l, (features, a, b, xs)


def nll(c, x, m, r):
    """The mean negative log-likelihood of results r, and its gradient in c."""
    w, l, (features, a, b, xs) = _curves(c, x, m)
    d = np.maximum(1 - w - l, 1e-9)
    # Derivatives of win and loss in a, b and the shift; a draw's are minus their sum.
    dwa, dla = -w * (1 - w) / b, -l * (1 - l) / b
    dwb, dlb = dwa * (xs - a) / b, dla * (-xs - a) / b
    dws, dls = dwa, -dla
    won, lost = r == 1, r == 0

    def pick(pw, pl):
        return np.where(won, pw, np.where(lost, pl, -pw - pl))

    p = np.where(won, w, np.where(lost, l, d)) + 1e-12
    ga = -(features * (pick(dwa, dla) / p)[:, None]).mean(0)
    gb = -(features * (pick(dwb, dlb) / p)[:, None]).mean(0)
    gs = -np.mean(pick(dws, dls) / p)
    return -np.mean(np.log(p)), np.concatenate([ga, gb, [gs]])


def calibration(c, x, m, r):
    """Per 25-cp bin with at least MIN_BIN positions: (low edge, n, predicted %, observed %, W D L predicted, observed)."""
    w, d, l = model(c, x, m)
    pred = w + d / 2
    bins = np.floor(x / BIN).astype(int)
    rows = []
    for b in sorted(set(bins.tolist())):
        sel = bins == b
        n = int(sel.sum())
        if n < MIN_BIN:
            continue
        rows.append((b * BIN, n, 100 * pred[sel].mean(), 100 * r[sel].mean(), w[sel].mean(), d[sel].mean(),
                     l[sel].mean(), (r[sel] == 1).mean(), (r[sel] == 0.5).mean(), (r[sel] == 0).mean()))
    return rows, max(abs(row[2] - row[3]) for row in rows)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('data', nargs='+')
    ap.add_argument('--holdout', type=float, default=0.5, help='share of the games held out (every k-th game)')
    ap.add_argument('--held', type=int, default=1, help='which game numbers mod k are held out (default 1)')
    ap.add_argument('--plot', default=os.path.expanduser('~/.tempo/wdl/wdl.png'))
    args = ap.parse_args()
    files = files_of(args.data)
    x, m, r, g = read(files)
    # Every k-th game held out (whole games: their positions share one result).
    k = max(2, round(1 / args.holdout))
    held = g % k == args.held % k
    print(f'{len(files)} files, {g.max() + 1} games, {len(x)} records; game numbers {args.held % k} mod {k} held out')
    hx, hm, hr = x[held], m[held], r[held]
    x, m, r = x[~held], m[~held], r[~held]
    print(f'training: {len(x)} records')
    # Start: a flat curve (a = 150, b = 80 at every material, no shift), then the likelihood's optimum.
    c0 = np.array([0, 0, 0, 150, 0, 0, 0, 80, 0], float)
    fit = minimize(nll, c0, args=(x, m, r), jac=True, method='L-BFGS-B',
                   options={'maxiter': 5000, 'ftol': 1e-14, 'gtol': 1e-10})
    if not fit.success:
        sys.exit(f'fit-wdl: the fit did not converge: {fit.message}')
    c = fit.x
    print(f'fit: negative log-likelihood {fit.fun:.5f} per record ({fit.nit} iterations)')
    print('AS = [' + ', '.join(f'{v:.3f}' for v in c[:4]) + ']')
    print('BS = [' + ', '.join(f'{v:.3f}' for v in c[4:8]) + ']')
    print(f'SHIFT = {c[8]:.3f}')
    _, in_sample = calibration(c, x, m, r)
    rows, worst = calibration(c, hx, hm, hr)
    print(f'held out: {len(hx)} records of {len(set(g[held].tolist()))} games')
    for lo, n, p, o, *_ in rows:
        print(f'  [{lo:5d}, {lo + BIN:5d}) n {n:6d}  predicted {p:5.1f}  observed {o:5.1f}  diff {p - o:+5.1f}')
    print(f'bins with >= {MIN_BIN} positions: {len(rows)}; largest difference {worst:.2f} points '
          f'({"within" if worst <= TOLERANCE else "OUTSIDE"} {TOLERANCE}); on the training records {in_sample:.2f}')
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
