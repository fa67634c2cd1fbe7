#!/usr/bin/env python3
"""Fits the ladder's person-like levels to the moves PlayOK players of each rating band chose.

  E=$CARGO_TARGET_DIR/release/toguz-engine
  $E people tests/data/playok-2398.txt --half all > /tmp/people.txt     # about 3 minutes
  python3 tests/ladder/fit_people.py /tmp/people.txt [--taus 1,0.8,0.6]

A person-like level (src/ai/person.rs) searches 6 plies and keeps every root move's score at each depth
from 1 to 6. It likes a move by a weighed sum of those six scores (in stones) plus a liking for the hole it
is played from, and plays each move with a chance proportional to exp(liking / tau). For each band this
finds the weights under which the band's moves are likeliest (maximum likelihood, Newton's method) on the
even games of the file (the tuning half), and prints them as `src/ai/person.rs` holds them. Then, on the
odd games (the measuring half, not used for tuning), for each tau: the mistakes per 100 moves and stones
lost per move the level would make in the band's positions (judged as review judges, at 6 plies: a
mistake loses 3 stones or more), beside the band's own, and how often the level plays the person's move
(the chance it gives that move, averaged). Needs numpy."""
import argparse
import numpy as np

DEPTHS = 6


def read(path):
    """Per move: band, game, the person's move's index, then per legal move its hole, loss and scores."""
    rows = []
    for line in open(path, encoding="utf-8"):
        parts = line.split()
        if len(parts) < 4:
            continue
        band, game, played = int(parts[0]), int(parts[1]), int(parts[2])
        holes, loss, scores = [], [], []
        for m in parts[3:]:
            f = m.split(":")
            holes.append(int(f[0]))
            loss.append(float(f[1]))
            s = [float(x) for x in f[2:]]
            # A search that ends early (a forced result) keeps its last scores for the depths beyond.
            scores.append((s + s[-1:] * DEPTHS)[:DEPTHS])
        if played in holes:
            rows.append((band, game, holes.index(played), holes, loss, scores))
    return rows


def features(rows):
    """Each move's features: the six depths' scores, then one for each hole it may be played from."""
    n = len(rows)
    f = np.zeros((n, 9, DEPTHS + 9))
    loss = np.zeros((n, 9))
    legal = np.zeros((n, 9), bool)
    who = np.zeros(n, int)
    for i, (_, _, k, holes, l, s) in enumerate(rows):
        m = len(holes)
        legal[i, :m] = True
        loss[i, :m] = l
        who[i] = k
        f[i, :m, :DEPTHS] = s
        for a, h in enumerate(holes):
            f[i, a, DEPTHS + h - 1] = 1.0
    return f, loss, legal, who


def policy(f, legal, w, tau=1.0):
    u = np.where(legal, np.einsum("nak,k->na", f, w) / tau, -np.inf)
    u -= u.max(axis=1, keepdims=True)
    p = np.exp(u)
    return p / p.sum(axis=1, keepdims=True)


def fit(f, legal, who):
    n, _, k = f.shape
    w = np.zeros(k)
    for _ in range(50):
        p = policy(f, legal, w)
        mean = np.einsum("na,nak->nk", p, f)
        grad = (f[np.arange(n), who] - mean).sum(axis=0)
        d = f - mean[:, None, :]
        hess = np.einsum("na,nak,nal->kl", p, d, d) + 1e-3 * np.eye(k)
        step = np.linalg.solve(hess, grad)
        w += step
        if np.abs(step).max() < 1e-7:
            break
    # The hole likings only matter against each other: centred on zero.
    w[DEPTHS:] -= w[DEPTHS:].mean()
    return w


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("file")
    ap.add_argument("--bands", default="1000,1200,1400,1600")
    ap.add_argument("--taus", default="1.3,1.15,1,0.9,0.8,0.7,0.6,0.5,0.35")
    a = ap.parse_args()
    rows = read(a.file)
    for band in [int(b) for b in a.bands.split(",")]:
        tune = [r for r in rows if r[0] == band and r[1] % 2 == 0]
        meas = [r for r in rows if r[0] == band and r[1] % 2 == 1]
        ft, lt, mt, wt = features(tune)
        w = fit(ft, mt, wt)
        fm, lm, mm, wm = features(meas)
        n = len(wm)
        lost = lm[np.arange(n), wm]
        print(f"band {band}-{band + 199}: tuned on {len(tune)} moves, measured on {n}; the people: mistakes/100 "
              f"{100 * (lost >= 3).mean():.1f}, lost/move {lost.mean():.2f}")
        depth = ", ".join(f"{x:.4f}" for x in w[:DEPTHS])
        hole = ", ".join(f"{x:.4f}" for x in w[DEPTHS:])
        print(f"    Likes {{ depth: [{depth}], hole: [{hole}] }}")
        for tau in [float(t) for t in a.taus.split(",")]:
            p = policy(fm, mm, w, tau)
            print(f"  tau {tau:4.2f}: mistakes/100 {100 * (p * (lm >= 3)).sum(axis=1).mean():5.1f}  lost/move "
                  f"{(p * lm).sum(axis=1).mean():.2f}  plays the person's move {100 * p[np.arange(n), wm].mean():.1f}%"
                  f"  (its likeliest move is theirs {100 * (p.argmax(axis=1) == wm).mean():.1f}%)")


if __name__ == "__main__":
    main()
