#!/usr/bin/env bash
# Original vs hand-tuned samples, side by side in one run: dp, cc and stencil at 2, 4 and 8 threads, at
# --latency 0 and --latency 2us. Prints one table: median time of each, the ratio original/manual, and the
# remote transport calls each made (counted by the tracer in one extra traced run). This table is the
# baseline the refactoring tool's output is measured against.
# Usage: bench/run_samples_bench.sh [BUILD_DIR] [REPEATS]   (default: build, 3)
set -euo pipefail
build=${1:-build}
repeats=${2:-3}
bin="$build/bin"
db=$(mktemp -u /tmp/pgas-samples-bench-XXXXXX).db
trap 'rm -rf "$db" "$db.raw"' EXIT

source "$(dirname "$0")/lib.sh"

# seconds THREADS LATENCY PROGRAM ARGS...: the median of the program's own time= over the repeats.
seconds() {
  local threads=$1 latency=$2; shift 2
  measure time "$bin/pgasrun" -n "$threads" --latency "$latency" "$@"
}

# calls THREADS PROGRAM ARGS...: remote transport calls of one traced run.
calls() {
  local threads=$1; shift
  "$bin/pgasrun" -n "$threads" --trace "$db" --force "$@" >/dev/null 2>&1
  sqlite3 "$db" "SELECT sum(remote_count) FROM thread"
}

printf "%-8s %-7s %-7s %11s %11s %8s %12s %12s\n" sample threads latency original_s manual_s ratio orig_calls manual_calls
run() {  # run NAME ARGS...: NAME and NAME_manual with the same arguments
  local name=$1; shift
  for threads in 2 4 8; do
    for latency in 0 2us; do
      local o m
      o=$(seconds "$threads" "$latency" "$bin/$name" "$@")
      m=$(seconds "$threads" "$latency" "$bin/${name}_manual" "$@")
      printf "%-8s %-7s %-7s %11.4f %11.4f %8.1f %12s %12s\n" "$name" "$threads" "$latency" "$o" "$m" \
        "$(calc "($m > 0) ? $o / $m : 0")" "$(calls "$threads" "$bin/$name" "$@")" \
        "$(calls "$threads" "$bin/${name}_manual" "$@")"
    done
  done
}

run dp --n 100000
run cc --vertices 10000 --edges 40000
run stencil --rows 256 --cols 256 --iterations 10
