#!/usr/bin/env bash
# Builds and runs SPIN's exact breadth-first search on a Promela model (by default reference
# R8, bench/spin/r8-ring5-c2-critical-bubble.pml) in a scratch folder, timing the whole
# process (spin -a, gcc, pan) and pan alone.
# Usage: bench/spin/run-spin.sh SPIN_BINARY [MODEL.pml]
# Environment: PAN_CFLAGS (default: -O2 -DBFS -DNOREDUCE -DSAFETY -DMEMLIM=4096),
#              PAN_ARGS (default: -w24).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
spin="${1:?usage: run-spin.sh SPIN_BINARY [MODEL.pml]}"
spin="$(cd "$(dirname "$spin")" && pwd)/$(basename "$spin")"
model="$(cd "$(dirname "${2:-$here/r8-ring5-c2-critical-bubble.pml}")" && pwd)/$(basename "${2:-r8-ring5-c2-critical-bubble.pml}")"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp "$model" "$work/model.pml"
cd "$work"
fmt='%e s wall, %U user, %S sys, %M KB'
# shellcheck disable=SC2086
/usr/bin/time -f "spin+gcc: $fmt" -o compile.time sh -c \
  "\"$spin\" -a model.pml >/dev/null && gcc ${PAN_CFLAGS:--O2 -DBFS -DNOREDUCE -DSAFETY -DMEMLIM=4096} -o pan pan.c"
# shellcheck disable=SC2086
/usr/bin/time -f "pan: $fmt" -o run.time ./pan ${PAN_ARGS:--w24} >pan.out
grep -E 'State-vector|states, stored|transitions|errors' pan.out
cat compile.time run.time
