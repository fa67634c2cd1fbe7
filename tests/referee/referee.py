#!/usr/bin/env python3
"""An independent implementation of the seed rules, written stone by stone without looking at the Rust
code, that drives `toguz-engine` through its text protocol and checks every field of `d` (position
string, legal moves, status) after every move of thousands of random games and of the master games.

Usage: referee.py ENGINE [RANDOM_GAMES] [MASTER_GAMES_FILE]
Exits non-zero at the first disagreement, printing it.
"""
import random
import re
import subprocess
import sys


class Pos:
    def __init__(self):
        # holes[side][0..8], side 0 = white, 1 = black
        self.holes = [[9] * 9, [9] * 9]
        self.kazan = [0, 0]
        self.tuz = [0, 0]  # tuz[s]: number of s's tuzdik on the other side, 0 = none
        self.turn = 0

    def copy(self):
        p = Pos()
        p.holes = [self.holes[0][:], self.holes[1][:]]
        p.kazan = self.kazan[:]
        p.tuz = self.tuz[:]
        p.turn = self.turn
        return p

    def fen(self):
        row = lambda r: ",".join(str(n) for n in r)
        return "%s %s %d,%d %d,%d %s" % (
            row(self.holes[0]), row(self.holes[1]), self.kazan[0], self.kazan[1],
            self.tuz[0], self.tuz[1], "wb"[self.turn])

    def over(self):
        if max(self.kazan) >= 82:
            return True
        return sum(self.holes[self.turn]) == 0

    def legal(self):
        if max(self.kazan) >= 82:
            return []
        s = self.turn
        other = 1 - s
        return [h + 1 for h in range(9) if self.holes[s][h] > 0 and self.tuz[other] != h + 1]

    def status(self):
        for s in (0, 1):
            if self.kazan[s] >= 82:
                return "wb"[s] == "w" and "white" or "black"
        if self.kazan == [81, 81]:
            return "draw"
        if sum(self.holes[self.turn]) == 0:
            w = self.kazan[0] + sum(self.holes[0])
            b = self.kazan[1] + sum(self.holes[1])
            return "white" if w > b else "black" if b > w else "draw"
        return "ongoing"

    def owner_of_tuzdik(self, side, h):
        """Who owns hole h (0-based) on `side` as a tuzdik, or None."""
        other = 1 - side
        return other if self.tuz[other] == h + 1 else None

    def play(self, hole):
        s = self.turn
        h = hole - 1
        n = self.holes[s][h]
        self.holes[s][h] = 0
        side, idx = s, h
        if n == 1:
            idx += 1
            if idx == 9:
                side, idx = 1 - side, 0
            stones_to_place = [(side, idx)]
        else:
            stones_to_place = [(side, idx)]
            for _ in range(n - 1):
                idx += 1
                if idx == 9:
                    side, idx = 1 - side, 0
                stones_to_place.append((side, idx))
        for (ps, pi) in stones_to_place:
            owner = self.owner_of_tuzdik(ps, pi)
            if owner is not None:
                self.kazan[owner] += 1
            else:
                self.holes[ps][pi] += 1
        ls, li = stones_to_place[-1]
        if ls != s and self.owner_of_tuzdik(ls, li) is None:
            c = self.holes[ls][li]
            if c % 2 == 0:
                self.kazan[s] += c
                self.holes[ls][li] = 0
            elif c == 3:
                number = li + 1
                if self.tuz[s] == 0 and number != 9 and self.tuz[1 - s] != number:
                    self.tuz[s] = number
                    self.kazan[s] += 3
                    self.holes[ls][li] = 0
        self.turn = 1 - s
        return li + 1


def expected_d(p):
    legal = p.legal()
    return ["fen " + p.fen(), ("legal " + " ".join(map(str, legal))) if legal else "legal", "status " + p.status()]


def run_engine(engine, commands):
    out = subprocess.run([engine], input="\n".join(commands + ["quit"]) + "\n", capture_output=True,
                         text=True, check=True).stdout
    return out.splitlines()


def check_games(engine, games):
    """games: list of move lists. For each ply: `position fen BEFORE moves H`, `d`; every 7th ply also the
    whole game from startpos; sometimes an illegal move, which must answer `error`."""
    commands, expected = [], []
    rng = random.Random(5)
    for moves in games:
        p = Pos()
        played = []
        for h in moves:
            before = p.fen()
            if rng.random() < 0.05:
                illegal = [x for x in range(1, 10) if x not in p.legal()]
                if illegal:
                    commands.append("position fen %s moves %d" % (before, rng.choice(illegal)))
                    expected.append("ERROR")
            p.play(h)
            played.append(h)
            commands.append("position fen %s moves %d" % (before, h))
            commands.append("d")
            expected.extend(expected_d(p))
            if len(played) % 7 == 0 or p.over():
                commands.append("position startpos moves " + " ".join(map(str, played)))
                commands.append("d")
                expected.extend(expected_d(p))
    got = run_engine(engine, commands)
    if len(got) != len(expected):
        sys.exit("referee: engine answered %d lines, expected %d" % (len(got), len(expected)))
    for i, (g, e) in enumerate(zip(got, expected)):
        if e == "ERROR" and g.startswith("error "):
            continue
        if g != e:
            sys.exit("referee: disagreement at answer line %d:\n  engine: %s\n  rules:  %s" % (i + 1, g, e))
    return sum(len(m) for m in games)


def random_games(count, seed):
    rng = random.Random(seed)
    games = []
    for _ in range(count):
        p = Pos()
        moves = []
        while not p.over():
            legal = p.legal()
            # Favour big holes now and then so that laps round the board are exercised.
            if rng.random() < 0.2:
                h = max(legal, key=lambda x: p.holes[p.turn][x - 1])
            else:
                h = rng.choice(legal)
            p.play(h)
            moves.append(h)
        games.append(moves)
    return games


def master_games(path):
    games, current = [], []
    for line in open(path, encoding="utf-8"):
        if line.startswith("[Game "):
            if current:
                games.append(current)
            current = []
        m = re.match(r"^\d+\.\s+(.*)$", line.strip())
        if m:
            current.extend(int(tok[0]) for tok in m.group(1).split())
    if current:
        games.append(current)
    return games


def main():
    engine = sys.argv[1]
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 2000
    plies = 0
    batch = 200
    for start in range(0, n, batch):
        plies += check_games(engine, random_games(min(batch, n - start), seed=start))
    games = 0
    if len(sys.argv) > 3:
        real = master_games(sys.argv[3])
        games = len(real)
        for start in range(0, len(real), batch):
            plies += check_games(engine, real[start:start + batch])
    print("referee: %d random and %d master games, %d moves: every field of d agrees" % (n, games, plies))


if __name__ == "__main__":
    main()
