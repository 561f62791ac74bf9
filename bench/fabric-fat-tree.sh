#!/usr/bin/env bash
# Builds a two-level fat tree with ibsim and routes it with OpenSM (minhop unless ENGINE says otherwise),
# leaving OpenSM's dumps in OUT (default /tmp/flowproof-fat-tree): LEAVES leaf switches of HOSTS hosts each,
# every leaf linked once to each of SPINES spines. Defaults: 32 x 32 hosts, 32 spines (1,024 CA ports,
# 1,047,552 routes). Needs: apt-get install opensm ibsim-utils (and libumad2sim0). Local sockets only.
# Then: ./flowproof bench-fabric OUT   (or ./flowproof fabric OUT)
set -euo pipefail
LEAVES=${LEAVES:-32} HOSTS=${HOSTS:-32} SPINES=${SPINES:-32} ENGINE=${ENGINE:-minhop}
OUT=${1:-/tmp/flowproof-fat-tree}
SHIM=/usr/lib/x86_64-linux-gnu/umad2sim/libumad2sim.so
mkdir -p "$OUT"
NET="$OUT/fabric.net"
{
  for ((l = 0; l < LEAVES; l++)); do
    printf 'Switch\t%d "L%d"\n' $((HOSTS + SPINES)) $l
    for ((h = 0; h < HOSTS; h++)); do printf '[%d]\t"H%d_%d"[1]\n' $((h + 1)) $l $h; done
    for ((s = 0; s < SPINES; s++)); do printf '[%d]\t"P%d"[%d]\n' $((HOSTS + s + 1)) $s $((l + 1)); done
    echo
  done
  for ((s = 0; s < SPINES; s++)); do
    printf 'Switch\t%d "P%d"\n' $LEAVES $s
    for ((l = 0; l < LEAVES; l++)); do printf '[%d]\t"L%d"[%d]\n' $((l + 1)) $l $((HOSTS + s + 1)); done
    echo
  done
  for ((l = 0; l < LEAVES; l++)); do
    for ((h = 0; h < HOSTS; h++)); do printf 'Hca\t1 "H%d_%d"\n[1]\t"L%d"[%d]\n\n' $l $h $l $((h + 1)); done
  done
} > "$NET"
export IBSIM_SOCKNAME="flowproof-bench-$$"
NODES=$((LEAVES * HOSTS + LEAVES + SPINES))
ibsim -N $((NODES + 16)) -S $((LEAVES + SPINES + 16)) -s -n "$NET" > "$OUT/ibsim.log" 2>&1 < /dev/null &
SIM_PID=$!
trap 'kill $SIM_PID 2>/dev/null || true' EXIT
for _ in $(seq 1 100); do grep -q MaxMcastCap "$OUT/ibsim.log" 2>/dev/null && break; sleep 0.1; done
sleep 0.5
kill -0 $SIM_PID 2>/dev/null || { echo "ibsim did not start: $(tail -2 "$OUT/ibsim.log")" >&2; exit 1; }
LD_PRELOAD=$SHIM OSM_TMP_DIR="$OUT" OSM_CACHE_DIR="$OUT" timeout 600 \
  opensm -o -s 0 -R "$ENGINE" -D 0x43 -f "$OUT/opensm.log" --dump_files_dir "$OUT" > "$OUT/opensm.out" 2>&1
echo "OpenSM ($ENGINE) dumps in $OUT: $(grep -c . "$OUT/opensm-subnet.lst") link ends, $(grep -c 'lids dumped' "$OUT/opensm-lfts.dump") switch tables"
