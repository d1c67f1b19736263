#!/usr/bin/env bash
# The software cache against direct element reads (issue 5): K random 8-byte reads per thread from a cyclic
# array of 10^5 elements per thread, spread over N = 2, 4, 8 threads, at --latency 0 and 2us; the time of
# the slowest thread (median of REPEATS runs) and the transport calls of thread 0 (direct: its remote reads;
# cache: its vector gets, from the cache's statistics). The cache works in tiles of 2048 hints. At latency 0
# the cache reads peers' elements in place (remote_cast); copy_s is the same run with PGAS_CACHE_DIRECT=0,
# the cache copying every remote element as it must on a network (at 2us it always does: "-").
# Usage: bench/run_cache_bench.sh [BUILD_DIR] [REPEATS] [K]   (default: build, 3, 10000)
set -euo pipefail
build=${1:-build}
repeats=${2:-3}
k=${3:-10000}
bin="$build/bin"
chunk=2048

source "$(dirname "$0")/lib.sh"

calls() { "$@" 2>/dev/null | sed -n 's/.*calls=\([0-9]*\).*/\1/p'; }

printf "%-8s %-8s %8s %12s %12s %12s %9s %12s %12s\n" threads latency K direct_s cache_s copy_s speedup \
  direct_calls cache_calls
for n in 2 4 8; do
  for latency in 0 2us; do
    run=("$bin/pgasrun" -n "$n" --latency "$latency" "$bin/bench_cache")
    d=$(measure time "${run[@]}" direct "$k" "$chunk")
    c=$(measure time "${run[@]}" cache "$k" "$chunk")
    copy=-
    [ "$latency" != 0 ] || copy=$(printf "%.6f" "$(PGAS_CACHE_DIRECT=0 measure time "${run[@]}" cache "$k" "$chunk")")
    printf "%-8s %-8s %8s %12.6f %12.6f %12s %8.1fx %12s %12s\n" "$n" "$latency" "$k" "$d" "$c" "$copy" \
      "$(calc "$d / $c")" "$(calls "${run[@]}" direct "$k" "$chunk")" "$(calls "${run[@]}" cache "$k" "$chunk")"
  done
done
