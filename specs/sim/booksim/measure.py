#!/usr/bin/env python3
"""Measures BookSim 2.0 and flowproof on the same BookSim configuration files, by one protocol (issue 20).

Usage: measure.py BOOKSIM [--flowproof CMD] [--seeds N] [--set KEY=VALUE]... [--zero-load-rate R] [--step S]
                  [--json OUT] CFG...

--set appends "KEY = VALUE;" to a copy of every file (a later assignment wins, as in BookSim),
which both tools then read: e.g. --set wait_for_tail_credit=0.

For each configuration file, both tools, the same rules:
  zero-load latency   offered 0.01 flits/terminal/cycle (--zero-load-rate: lower for traffic that
                      converges, such as a hot spot), 30,000 cycles of warm-up, then
                      BookSim: sim_type=latency with sample_period=10000 (it measures until
                      its latency converges, 3 to 7 periods, and drains the measured packets);
                      flowproof: 100,000 measured cycles, drained. The mean packet latency
                      (creation to the tail's delivery), averaged over seeds 1..N.
  accepted at 1.0     offered 1.0, 3,000 cycles of warm-up and 20,000 measured: BookSim
                      sim_type=throughput sample_period=1000 max_samples=23
                      acc_stopping_thres=0.0 (so it runs every period rather than stopping when
                      the accepted rate converges), flowproof --cycles 23000 --warmup 3000.
                      The accepted rate (flits/terminal/cycle), averaged over seeds 1..N.
  saturation load     the highest offered load R (to 0.005, --step, by bisection on [0, 1]) at which
                      the accepted rate, measured as for 1.0 and averaged over seeds 1..N, is
                      at least 98% of R. Computed here from each tool's accepted rate, not
                      from either tool's own stability verdict.
"""
import argparse
import json
import os
import re
import subprocess
import tempfile


def booksim(binary, cfg, rate, seed, zero_load):
    args = [binary, cfg, f"injection_rate={rate}", f"seed={seed}", "injection_rate_uses_flits=1"]
    if zero_load:
        args += ["sim_type=latency", "sample_period=10000", "warmup_periods=3", "max_samples=10"]
    else:
        args += ["sim_type=throughput", "sample_period=1000", "warmup_periods=3", "max_samples=23",
                 "acc_stopping_thres=0.0"]
    out = subprocess.run(args, capture_output=True, text=True).stdout
    key = "Packet latency average" if zero_load else "Accepted flit rate average"
    values = re.findall(r"^" + key + r" = ([0-9.eE+-]+)", out, re.M)
    if not values:
        raise SystemExit(f"booksim printed no '{key}' for {cfg} at {rate} (seed {seed}):\n{out[-2000:]}")
    return float(values[-1])


def flowproof(cmd, cfg, rate, seed, zero_load):
    args = cmd.split() + ["simulate", "--booksim", cfg, "--load", str(rate), "--seed", str(seed), "--json"]
    args += ["--cycles", "130000", "--warmup", "30000"] if zero_load else ["--cycles", "23000", "--warmup", "3000"]
    if zero_load:
        args += ["--latency-when-unstable"]
    out = subprocess.run(args, capture_output=True, text=True)
    text = out.stdout
    try:
        d = json.loads(text[:text.rindex("}") + 1])
    except ValueError:
        raise SystemExit(f"flowproof printed no JSON for {cfg} at {rate} (seed {seed}):\n{text}{out.stderr}")
    return d["latency"]["mean"] if zero_load else d["accepted"]


def mean(xs):
    return sum(xs) / len(xs)


def measure(tool, cfg, seeds, zero_load_rate=0.01, step=0.005, zero_load_only=False):
    zl = [tool(cfg, zero_load_rate, s, True) for s in seeds]
    if zero_load_only:
        return {"zeroLoad": mean(zl), "zeroLoadSeeds": zl}
    at1 = [tool(cfg, 1.0, s, False) for s in seeds]
    cache = {}

    def stable(r):
        if r not in cache:
            cache[r] = mean([tool(cfg, r, s, False) for s in seeds]) >= 0.98 * r
        return cache[r]

    lo, hi = 0.0, 1.0
    if stable(1.0):
        lo = 1.0
    while hi - lo > step:
        mid = round((lo + hi) / 2, 4 if step >= 0.001 else 6)
        if stable(mid):
            lo = mid
        else:
            hi = mid
    return {"zeroLoad": mean(zl), "zeroLoadSeeds": zl, "acceptedAt1": mean(at1), "acceptedAt1Seeds": at1,
            "saturation": lo}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("booksim")
    ap.add_argument("cfgs", nargs="+")
    ap.add_argument("--flowproof", default="java -Xmx2g -jar target/flowproof.jar")
    ap.add_argument("--seeds", type=int, default=3)
    ap.add_argument("--tools", default="booksim,flowproof")
    ap.add_argument("--set", action="append", default=[])
    ap.add_argument("--json")
    ap.add_argument("--zero-load-rate", type=float, default=0.01)
    ap.add_argument("--step", type=float, default=0.005)
    ap.add_argument("--zero-load-only", action="store_true",
                    help="only the zero-load latency (for a configuration that deadlocks under load)")
    a = ap.parse_args()
    tmp = tempfile.mkdtemp()
    seeds = list(range(1, a.seeds + 1))
    tools = {"booksim": lambda c, r, s, z: booksim(a.booksim, c, r, s, z),
             "flowproof": lambda c, r, s, z: flowproof(a.flowproof, c, r, s, z)}
    results = {}
    for given in a.cfgs:
        cfg = given
        if a.set:
            cfg = os.path.join(tmp, os.path.basename(given))
            with open(given) as f, open(cfg, "w") as g:
                g.write(f.read() + "".join(f"{kv.split('=', 1)[0]} = {kv.split('=', 1)[1]};\n" for kv in a.set))
        for name in a.tools.split(","):
            r = measure(tools[name], cfg, seeds, a.zero_load_rate, a.step, a.zero_load_only)
            results.setdefault(given, {})[name] = r
            if a.zero_load_only:
                print(f"{given} {name}: zero-load {r['zeroLoad']:.2f} {[round(x, 2) for x in r['zeroLoadSeeds']]}",
                      flush=True)
                continue
            print(f"{given} {name}: zero-load {r['zeroLoad']:.2f} {[round(x, 2) for x in r['zeroLoadSeeds']]}"
                  f" | accepted at 1.0 {r['acceptedAt1']:.4f} {[round(x, 4) for x in r['acceptedAt1Seeds']]}"
                  f" | saturation {r['saturation']:.4f}", flush=True)
    if a.json:
        with open(a.json, "w") as f:
            json.dump(results, f, indent=1)


if __name__ == "__main__":
    main()
