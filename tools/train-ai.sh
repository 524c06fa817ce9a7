#!/usr/bin/env bash
# Trains the AI's n-tuple network from a seed with the recipe the learning curves chose
# (docs/ai.md, "A learned evaluation"): 4×6-tuple network, temporal coherence with α = 1,
# backward TD(λ = 0.5), no restarts (they lost by time: 119,893 against 154,678 mean after 19
# minutes), sixteen lanes a round played on two threads.
#   tools/train-ai.sh                      writes target/ai/ntuple.bin (+ .tc, .csv, .log)
#                                          and the file the game reads, target/ai/ntuple.g2n
#   GAMES=20000 OUT=/tmp/n.bin tools/train-ai.sh
#   TUPLES=five OUT=target/ai/ntuple5.bin tools/train-ai.sh   the 4×5-tuple network (16 MiB)
# The same command makes the same file: the games come from SEED, and the threads change the
# speed, never the weights. At `nice 19`, so that it takes only what other work leaves of the
# machine. Its progress: every 5,000 games a line on stdout and in the .log, and a CSV line in
# the .csv (games, seconds, moves, moves a second, mean score, 2048 to 32768 rates over those
# games). Every 50,000 games it writes the network, its coherence sums (.tc) and where the run
# stands (.state); run the same command again after a kill and it goes on from there, to the
# same file as a run never stopped.
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-target}"
games="${GAMES:-1200000}"
seed="${SEED:-1}"
threads="${THREADS:-2}"
tuples="${TUPLES:-six}"
out="${OUT:-target/ai/ntuple.bin}"
mkdir -p "$(dirname "$out")"
nice -n 19 cargo build --release -p g2048-ai-train --example td_train --example ship_network
nice -n 19 "$CARGO_TARGET_DIR/release/examples/td_train" \
  --games "$games" --seed "$seed" --tuples "$tuples" \
  --alpha 1 --lambda 0.5 --tc true --restarts false --lanes 16 --initial 0 \
  --threads "$threads" --report 5000 --save-every 50000 \
  --out "$out" --log "${out%.bin}.csv" | tee -a "${out%.bin}.log"
# The file the game reads (docs/ai.md, "The shipped file"): whole steps of 32, compressed.
# From the defaults this is assets/ai/ntuple.g2n, byte for byte.
nice -n 19 "$CARGO_TARGET_DIR/release/examples/ship_network" "$out" "${out%.bin}.g2n" --step 32
