#!/bin/bash
# flowproof's simulator on specs/sim/booksim/*.cfg via --booksim (issue 20)
cd "$(dirname "$0")/../../.."
J="java -Xmx2g -jar target/flowproof.jar"
for f in specs/sim/booksim/*.cfg; do
  c=$(basename $f .cfg)
  zl=""
  for seed in 1 2 3; do
    l=$($J simulate --booksim $f --load 0.01 --cycles 130000 --warmup 30000 --seed $seed --json | python3 -c "import json,sys; print(round(json.load(sys.stdin)['latency']['mean'],2))")
    zl="$zl $l"
  done
  sat=$($J simulate --booksim $f --load 1.0 --json | python3 -c "import json,sys; print(round(json.load(sys.stdin)['accepted'],4))")
  best=none
  for r in $(seq 0.02 0.02 1.00); do
    u=$($J simulate --booksim $f --load $r --json | python3 -c "import json,sys; print(json.load(sys.stdin)['unstable'])")
    if [ "$u" = "True" ]; then break; fi
    best=$r
  done
  echo "$c zero-load(seeds 1-3):$zl | accepted at offered 1.0: $sat | highest stable load (step 0.02): $best"
done
