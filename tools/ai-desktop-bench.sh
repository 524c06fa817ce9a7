#!/usr/bin/env bash
# The 50-game benchmark at the desktop's budget (docs/ai.md, "The 50-game run, one core a
# search"): the game's player (the shipped network held as the game holds it, in whole steps of
# 32, the heuristic once the board holds 16384) and the heuristic alone, whole games to 32768
# from seeds FIRST to GAMES, each search within 40 ms on one core (as the desktop's autoplay
# searches between moves on a 2-core machine, one thread, the other core left to the frames).
# The two players run side by side, each pinned to a core of its own (taskset), one game at a
# time, so that both always play under the same load and neither core waits for the other.
#   tools/ai-desktop-bench.sh                  seeds 1 to 50 each into target/ai-bench/
#   FIRST=13 tools/ai-desktop-bench.sh         seeds 13 to 50
#   GAMES=10 DIR=/tmp/b tools/ai-desktop-bench.sh
# The page's budget (docs/ai.md, "A network for the page"): 12 ms a search, whole games (no
# stop), the page's candidate network (4×5 tuples) against the heuristic:
#   BUDGET_MS=12 STOP_AT=none NET=target/ai/ntuple5.g2n DIR=target/ai-bench-12 tools/ai-desktop-bench.sh
# A game to 32768 takes about 4 minutes this way: seeds 13 to 50 took 2 h 25 min. Each game
# is added to its player's results file (ai_bench --results) as it ends; stop it at any time
# (a game cut short is played again) and run the same command again to go on. Each player's
# log, DIR/network.log and DIR/heuristic.log, gets each game as it ends and, at the end, the
# table over all the games in its file (the rates with 95 % Wilson intervals, ms a move, the
# largest memory). A run stopped midway prints no table; the same ai_bench command with the
# results file prints it, playing nothing, once all its seeds are in. The results files stay on
# the machine; a sitting's two logs are kept in docs/ai-desktop-run/sitting-K/, and
# tools/ai-desktop-tally.py counts the run over all the sittings.
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-target}"
games="${GAMES:-50}"
first="${FIRST:-1}"
dir="${DIR:-target/ai-bench}"
net="${NET:-assets/ai/ntuple.g2n}"
budget_ms="${BUDGET_MS:-40}"
stop_at="${STOP_AT:-32768}"
if [ "$(nproc)" -lt 2 ]; then
  echo "ai-desktop-bench: the two players need a core each; this machine has $(nproc)" >&2
  exit 2
fi
mkdir -p "$dir"
nice -n 19 cargo build --release -p g2048-ai-train --example ai_bench
bench="$CARGO_TARGET_DIR/release/examples/ai_bench"
count=$((games - first + 1))
common=(--budget-ms "$budget_ms" --jobs 1 --games "$count" --seed "$first")
if [ "$stop_at" != none ]; then
  common+=(--stop-at "$stop_at")
fi
# One core each: ai_bench gives a search as many threads as the cores it may use, here one.
taskset -c 0 nice -n 19 "$bench" --net "$net" --compact 32 --heuristic-from 16384 \
  "${common[@]}" --results "$dir/network.jsonl" >> "$dir/network.log" &
network=$!
taskset -c 1 nice -n 19 "$bench" "${common[@]}" \
  --results "$dir/heuristic.jsonl" >> "$dir/heuristic.log" &
heuristic=$!
trap 'kill "$network" "$heuristic" 2>/dev/null' INT TERM
status=0
wait "$network" || status=$?
wait "$heuristic" || status=$?
echo "$(date -u +%FT%TZ) seeds $first to $games played by both (exit $status)"
exit "$status"
