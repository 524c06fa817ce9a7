#!/usr/bin/env python3
"""The 50-game run at the desktop's budget over all its sittings (docs/ai.md, "The 50-game run,
one core a search").

A sitting's games are the lines `seed N: max tile T, score S, ...` that ai_bench prints as each
game ends (tools/ai-desktop-bench.sh writes them to DIR/network.log and DIR/heuristic.log); a
sitting's logs are kept in docs/ai-desktop-run/sitting-K/, because the results files they came
from stay on the machine that played them. The first sitting's logs were lost with its machine:
its games are kept as docs/ai.md recorded them, in sitting-1.csv (player, seed, max tile).

Prints, for each player, the games, the seeds, and the games that reached 16384 and 32768 with
their 95 % Wilson intervals (as ai_bench prints them), over the seeds both players have played
(a seed only one has played, as when a sitting stops between the two players' games, is named
and left out). A seed played twice by one player stops it with the reason.
    python3 tools/ai-desktop-tally.py [docs/ai-desktop-run]
"""
import csv
import math
import pathlib
import re
import statistics
import sys

PLAYERS = ("network", "heuristic")
GAME = re.compile(r"^seed\s+(\d+): max tile\s+(\d+), score\s+(\d+), ")


def wilson_95(successes, trials):
    """The 95 % Wilson interval, as crates/ai-train/src/rates.rs works it out."""
    if trials == 0:
        return 0.0, 1.0
    z = 1.959963984540054
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z / (1 + z2 / trials) * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials))
    return max(centre - half, 0.0), min(centre + half, 1.0)


def fail(what):
    print(f"ai-desktop-tally: {what}", file=sys.stderr)
    sys.exit(2)


def main():
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "docs/ai-desktop-run")
    if not root.is_dir():
        fail(f"{root} is not a folder")
    # player -> seed -> (max tile, score or None, where it came from)
    games = {player: {} for player in PLAYERS}

    def add(player, seed, tile, score, source):
        if seed in games[player]:
            fail(f"{player} seed {seed} is in {games[player][seed][2]} and in {source}")
        games[player][seed] = (tile, score, source)

    first = root / "sitting-1.csv"
    if first.exists():
        with first.open(newline="") as f:
            for row in csv.DictReader(f):
                if row["player"] not in PLAYERS:
                    fail(f"{first}: unknown player {row['player']!r}")
                add(row["player"], int(row["seed"]), int(row["max_tile"]), None, first.name)
    for sitting in sorted(p for p in root.glob("sitting-*") if p.is_dir()):
        for player in PLAYERS:
            log = sitting / f"{player}.log"
            if not log.exists():
                fail(f"{sitting} has no {player}.log")
            for line in log.read_text().splitlines():
                m = GAME.match(line)
                if m:
                    seed, tile, score = map(int, m.groups())
                    add(player, seed, tile, score, f"{sitting.name}/{log.name}")
    both = set(games["network"]) & set(games["heuristic"])
    for player in PLAYERS:
        alone = sorted(set(games[player]) - both)
        if alone:
            print(f"left out: seeds {alone}, played by the {player} player alone so far")
        games[player] = {seed: game for seed, game in games[player].items() if seed in both}
    if not both:
        fail(f"no seed in {root} played by both players")

    print("| player | games | seeds | 16384 | 32768 | median score (games with a score) |")
    print("|---|---|---|---|---|---|")
    for player in PLAYERS:
        played = games[player]
        n = len(played)
        cells = []
        for tile in (16384, 32768):
            count = sum(1 for t, _, _ in played.values() if t >= tile)
            low, high = wilson_95(count, n)
            cells.append(f"{count} ({100 * low:.0f}–{100 * high:.0f} %)")
        scores = [s for _, s, _ in played.values() if s is not None]
        median = f"{statistics.median(scores):,.0f} ({len(scores)})" if scores else "–"
        seeds = sorted(played)
        in_a_row = seeds == list(range(seeds[0], seeds[-1] + 1))
        span = f"{seeds[0]}–{seeds[-1]}" if in_a_row else ", ".join(map(str, seeds))
        print(f"| {player} | {n} | {span} | {cells[0]} | {cells[1]} | {median} |")


if __name__ == "__main__":
    main()
