#!/bin/bash
# Measures BookSim 2.0 on specs/sim/booksim/*.cfg (issue 20). Usage: measure.sh BOOKSIM CFGDIR [extra key=value ...]
B=$1; D=$2; shift 2
for f in $D/*.cfg; do
  c=$(basename $f .cfg)
  zl=""
  for seed in 1 2 3; do
    l=$($B $f injection_rate=0.01 sample_period=10000 seed=$seed "$@" 2>&1 | awk '/^Packet latency average/ {v=$5} END {print v}')
    zl="$zl $l"
  done
  sat=$($B $f injection_rate=1.0 sim_type=throughput "$@" 2>&1 | awk '/^Accepted flit rate average/ {v=$6} END {print v}')
  best=none
  for r in $(seq 0.02 0.02 1.00); do
    out=$($B $f injection_rate=$r "$@" 2>&1)
    if echo "$out" | grep -q "unstable\|Aborting"; then break; fi
    best=$r
  done
  echo "$c zero-load(seeds 1-3):$zl | accepted at offered 1.0: $sat | highest stable rate (step 0.02): $best"
done
