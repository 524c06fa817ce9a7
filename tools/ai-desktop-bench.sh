#!/usr/bin/env bash
# The 50-game benchmark at the desktop's budget (docs/ai.md, "The network against the heuristic
# at the desktop's budget"): the game's player (the shipped network held as the game holds it,
# in whole steps of 32, the heuristic once the board holds 16384) and the heuristic alone,
# whole games to 32768 from seeds 1 to GAMES, each search within 40 ms on one core (as the
# desktop's autoplay searches between moves on a 2-core machine, one thread, the other core
# left to the frames), JOBS games at a time. The two players take turns, JOBS games each, so
# that however long the machine gives it, both have played the same seeds in the same sitting.
#   tools/ai-desktop-bench.sh                 50 games each into target/ai-bench/
#   GAMES=10 DIR=/tmp/b tools/ai-desktop-bench.sh
# A game to 32768 takes about 4 minutes this way; two games of each player take about 8 minutes
# on two cores, so 50 each take about 3 h 20 min. Each game is added to its player's results file (ai_bench --results) as it ends; stop
# it at any time (a game cut short is played again) and run the same command again to go on.
# Each ai_bench run prints each game as it ends, then the table over all the games in its file
# (the rates with 95 % Wilson intervals, ms a move, the largest memory), at the end of
# DIR/network.log and DIR/heuristic.log: the figures so far. (A run stopped midway prints no
# table; the same ai_bench command with --games N and the results file prints it, playing
# nothing, once N games are in.)
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-target}"
games="${GAMES:-50}"
jobs="${JOBS:-2}"
dir="${DIR:-target/ai-bench}"
net="${NET:-assets/ai/ntuple.g2n}"
mkdir -p "$dir"
nice -n 19 cargo build --release -p g2048-core --example ai_bench
bench="$CARGO_TARGET_DIR/release/examples/ai_bench"
n=0
while [ "$n" -lt "$games" ]; do
  n=$((n + jobs < games ? n + jobs : games))
  nice -n 19 "$bench" --net "$net" --compact 32 --heuristic-from 16384 --budget-ms 40 \
    --stop-at 32768 --jobs "$jobs" --games "$n" --seed 1 \
    --results "$dir/network.jsonl" >> "$dir/network.log"
  nice -n 19 "$bench" --budget-ms 40 --stop-at 32768 --jobs "$jobs" --games "$n" --seed 1 \
    --results "$dir/heuristic.jsonl" >> "$dir/heuristic.log"
  echo "$(date -u +%FT%TZ) seeds 1 to $n played by both"
done
