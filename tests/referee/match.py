#!/usr/bin/env python3
"""Plays two protocol engines against each other (any programs that speak
docs/engine-protocol.md), judging the games with the referee's independent rules.

Usage: match.py ENGINE_A ENGINE_B GAMES "GO COMMAND" [SEED]
e.g.   match.py ./old ./new 100 "go movetime 100"
Each opening (two random plies) is played twice, colours swapped. Prints A's wins/draws/losses."""
import os
import random
import subprocess
import sys

sys.path.insert(0, os.path.dirname(__file__))
from referee import Pos  # noqa: E402


class Engine:
    def __init__(self, path):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def best(self, moves, go):
        self.p.stdin.write("position startpos moves %s\n%s\n" % (" ".join(map(str, moves)), go))
        self.p.stdin.flush()
        while True:
            line = self.p.stdout.readline()
            if not line:
                sys.exit("engine died")
            if line.startswith("bestmove"):
                return int(line.split()[1])
            if line.startswith("error"):
                sys.exit("engine error: " + line)

    def close(self):
        self.p.stdin.write("quit\n")
        self.p.stdin.close()
        self.p.wait()


def play(white, black, opening, go):
    p = Pos()
    moves = []
    for h in opening:
        legal = p.legal()
        h = legal[h % len(legal)]
        p.play(h)
        moves.append(h)
    while not p.over():
        engine = white if p.turn == 0 else black
        h = engine.best(moves, go)
        if h not in p.legal():
            sys.exit("illegal move %d" % h)
        p.play(h)
        moves.append(h)
    return p.status()


def main():
    a, b = Engine(sys.argv[1]), Engine(sys.argv[2])
    games = int(sys.argv[3])
    go = sys.argv[4]
    rng = random.Random(int(sys.argv[5]) if len(sys.argv) > 5 else 1)
    w = d = l = 0
    for g in range(games):
        if g % 2 == 0:
            opening = [rng.randrange(9), rng.randrange(9)]
        a_white = g % 2 == 0
        result = play(a, b, opening, go) if a_white else play(b, a, opening, go)
        if result == "draw":
            d += 1
        elif (result == "white") == a_white:
            w += 1
        else:
            l += 1
        print("game %d: A %s" % (g + 1, "draw" if result == "draw" else ("win" if (result == "white") == a_white else "loss")), file=sys.stderr)
    a.close()
    b.close()
    print("A: %d wins, %d draws, %d losses, score %.1f%% of %d games" % (w, d, l, (w + d / 2) * 100 / games, games))


if __name__ == "__main__":
    main()
