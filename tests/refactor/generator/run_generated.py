#!/usr/bin/env python3
"""Differential testing of pgas-refactor on generated programs.

For each batch: pgas-gen writes random programs into one file; pgas-refactor rewrites it with the arrays and
the write policy the manifest names; both files are compiled against the project's libraries and run under
pgasrun at every thread count in every cache mode. Every program must be either refused (left unchanged) or
rewritten to a program that prints what the original prints at 1 thread (the defined result, also for racing
combining writes under their policy). A crash of pgas-refactor, a rewritten program that does not compile,
crashes, hangs or prints something else is a failure, kept with its reproducer under WORK/failures/.

A program whose racing loop is left unrewritten races in both versions: it is compared at 1 thread only.
An original that prints something else at several threads without racing loops is a generator error.

Exit status: 0 when nothing failed, 1 when something did, 2 on a usage or setup error.

Examples:
  run_generated.py --build build --batches 10                     # the fixed seeds CI runs
  run_generated.py --build build --seed random --batches 200      # a longer run with random seeds
  run_generated.py --build build --seed 42 --features calls,lambdas --threads 3,6
"""
import argparse
import os
import random
import shutil
import sys
import time

from batch import Batch, Failure
from report import Report

MODES = ["in_place", "copying", "latency", "traced"]


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0], epilog=__doc__.split("\n", 2)[2],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--build", required=True, help="the build directory (bin/pgas-gen, bin/pgas-refactor, lib/)")
    p.add_argument("--source", default=os.path.normpath(os.path.join(os.path.dirname(__file__), "../../..")),
                   help="the source tree (default: the one this script is in)")
    p.add_argument("--seed", default="1", help="first batch's seed, or 'random' (default 1)")
    p.add_argument("--batches", type=int, default=10, help="batches to run (default 10)")
    p.add_argument("--programs", type=int, default=40, help="programs per batch (default 40)")
    p.add_argument("--features", default="all", help="feature groups of pgas-gen (default all)")
    p.add_argument("--policy", default=None, help="write policies, comma-separated, taken in turn by the batches: "
                   "any, sum, min, max (default: each batch's own, from its seed)")
    p.add_argument("--trace-every", type=int, default=4, help="every Nth batch chooses its arrays from a trace "
                   "of the original (pgas-refactor --trace) instead of --array (default 4; 0: never)")
    p.add_argument("--tool-flag", action="append", default=[], help="one more pgas-refactor flag for every "
                   "batch, e.g. --privatize (repeatable)")
    p.add_argument("--array-policies", action="store_true", help="give the policy only to the arrays updated by "
                   "combining writes (--array NAME:POLICY) instead of --policy to all")
    p.add_argument("--threads", default="1,2,3,4,6,8", help="thread counts (default 1,2,3,4,6,8)")
    p.add_argument("--modes", default=",".join(MODES), help="cache modes (default: all of " + ",".join(MODES) + ")")
    p.add_argument("--timeout", type=int, default=60, help="seconds per run of a batch (default 60)")
    p.add_argument("--work", default=None, help="where batches and failures are kept (default: a new directory "
                   "in the current one)")
    p.add_argument("--keep", action="store_true", help="keep every batch, not only failures")
    return p.parse_args()


def main():
    args = parse_args()
    threads = [int(t) for t in args.threads.split(",") if t]
    modes = [m for m in args.modes.split(",") if m]
    bad = [m for m in modes if m not in MODES]
    if bad or not threads or min(threads) < 1:
        print(f"run_generated.py: bad --modes or --threads ({', '.join(bad) or args.threads})", file=sys.stderr)
        return 2
    tools = {name: os.path.join(args.build, "bin", name) for name in ("pgas-gen", "pgas-refactor", "pgasrun")}
    tools["tracer"] = os.path.join(args.build, "lib", "libpgas-trace.so")
    tools["lib"] = os.path.join(args.build, "lib")
    if args.trace_every > 0:
        tools["pgas-trace-import"] = os.path.join(args.build, "bin", "pgas-trace-import")
    missing = [path for path in tools.values() if not os.path.exists(path)]
    if missing or ("traced" in modes and not os.path.exists(tools["tracer"])):
        print(f"run_generated.py: not built: {', '.join(missing)}", file=sys.stderr)
        return 2
    policies = [p for p in (args.policy or "").split(",") if p]
    if any(p not in ("any", "sum", "min", "max") for p in policies):
        print(f"run_generated.py: bad --policy {args.policy} (any, sum, min, max)", file=sys.stderr)
        return 2
    first = random.SystemRandom().randrange(1, 2**31) if args.seed == "random" else int(args.seed)
    work = os.path.abspath(args.work or f"generated-{first}")
    os.makedirs(work, exist_ok=True)
    report = Report()
    start = time.monotonic()
    for seed in range(first, first + args.batches):
        directory = os.path.join(work, f"batch-{seed}")
        policy = policies[(seed - first) % len(policies)] if policies else None
        batch = Batch(seed, args.programs, args.features, policy, directory, tools, args.source,
                      args.timeout, trace=args.trace_every > 0 and (seed - first) % args.trace_every ==
                      args.trace_every - 1, array_policies=args.array_policies,
                      tool_flags=args.tool_flag)
        try:
            results = batch.run(threads, modes)
        except Failure as e:
            print(f"run_generated.py: batch {seed}: {e}", file=sys.stderr)
            return 2
        report.add(batch, results, os.path.join(work, "failures"))
        report.print_batch(seed, results)
        if not args.keep and not any(r.failed for r in results.values()):
            shutil.rmtree(directory, ignore_errors=True)
    report.print_summary(first, args.batches, time.monotonic() - start)
    return 1 if report.failures else 0


if __name__ == "__main__":
    sys.exit(main())
