#!/usr/bin/env bash
# Original vs rewritten by pgas-refactor vs the cache applied by hand vs hand-tuned, side by side in one run:
# dp, cc, stencil and matmul at 2, 4 and 8 threads, at --latency 0 and --latency 2us. The rewritten programs are the *_opt samples, generated at
# build time from the unmodified sources (samples/*/CMakeLists.txt). Prints the median time of each, the
# speedup of the rewritten program over the original, and its time relative to the *_manual_cache variant (seed
# 004's own "Manual": the same inspector/executor by hand) and to the hand-tuned *_manual variant; then CC
# with one inspector level against two; then the tool's own time on each sample. At latency 0 the caches
# read peers' elements in place (remote_cast); copy_s is the rewritten program with PGAS_CACHE_DIRECT=0, its
# caches copying every remote element as on a network (at 2us they always do: "-").
# Usage: bench/run_refactor_bench.sh [BUILD_DIR] [REPEATS]   (default: build, 3)
set -euo pipefail
build=${1:-build}
repeats=${2:-3}
bin="$build/bin"
src=$(cd "$(dirname "$0")/.." && pwd)
source "$(dirname "$0")/lib.sh"

seconds() {
  local threads=$1 latency=$2; shift 2
  measure time "$bin/pgasrun" -n "$threads" --latency "$latency" "$@"
}

printf "%-8s %-7s %-7s %11s %11s %11s %11s %11s %9s %9s %9s\n" sample threads latency original_s refactor_s \
  copy_s mcache_s manual_s speedup vs_mcache vs_manual
run() {  # run NAME ARGS...: NAME, NAME_opt, NAME_manual_cache and NAME_manual with the same arguments
  local name=$1; shift
  for threads in 2 4 8; do
    for latency in 0 2us; do
      local o r c m copy=-
      o=$(seconds "$threads" "$latency" "$bin/$name" "$@")
      r=$(seconds "$threads" "$latency" "$bin/${name}_opt" "$@")
      [ "$latency" != 0 ] ||
        copy=$(printf "%.4f" "$(PGAS_CACHE_DIRECT=0 seconds "$threads" "$latency" "$bin/${name}_opt" "$@")")
      c=$(seconds "$threads" "$latency" "$bin/${name}_manual_cache" "$@")
      m=$(seconds "$threads" "$latency" "$bin/${name}_manual" "$@")
      printf "%-8s %-7s %-7s %11.4f %11.4f %11s %11.4f %11.4f %9.2f %9.2f %9.2f\n" "$name" "$threads" "$latency" \
        "$o" "$r" "$copy" "$c" "$m" "$(calc "($r > 0) ? $o / $r : 0")" "$(calc "($c > 0) ? $r / $c : 0")" \
        "$(calc "($m > 0) ? $r / $m : 0")"
    done
  done
}

run dp --n 100000
run cc --vertices 10000 --edges 40000
run stencil --rows 256 --cols 256 --iterations 10
run matmul --m 64 --n 64 --p 64

# Indices read from a cached array (CC's D[dv] with dv = D[v]): a second inspector level (cc_opt) against a
# miss at get for each (cc_opt_levels1, --inspector-levels 1).
echo
printf "%-8s %-7s %11s %11s %11s %9s\n" latency threads original_s levels2_s levels1_s l1/l2
for threads in 2 4 8; do
  for latency in 0 2us; do
    o=$(seconds "$threads" "$latency" "$bin/cc" --vertices 10000 --edges 40000)
    two=$(seconds "$threads" "$latency" "$bin/cc_opt" --vertices 10000 --edges 40000)
    one=$(seconds "$threads" "$latency" "$bin/cc_opt_levels1" --vertices 10000 --edges 40000)
    printf "%-8s %-7s %11.4f %11.4f %11.4f %9.2f\n" "$latency" "$threads" "$o" "$two" "$one" \
      "$(calc "($two > 0) ? $one / $two : 0")"
  done
done

# The tool's own time (parse, analysis, rewrite, formatting) per sample, median of the repeats.
echo
printf "%-8s %14s\n" sample tool_seconds
tool_time() {
  local sample=$1; shift
  for _ in $(seq "$repeats"); do
    local t0 t1
    t0=$(date +%s.%N)
    "$bin/pgas-refactor" "$@" -p "$build" "$src/samples/$sample/$sample.cpp" >/dev/null 2>&1
    t1=$(date +%s.%N)
    calc "$t1 - $t0"
    echo
  done | median
}
printf "%-8s %14.2f\n" dp "$(tool_time dp --array y --privatize)"
printf "%-8s %14.2f\n" cc "$(tool_time cc --array D:min --array P --privatize)"
printf "%-8s %14.2f\n" stencil "$(tool_time stencil --array cur --privatize)"
printf "%-8s %14.2f\n" matmul "$(tool_time matmul --array b --privatize)"
