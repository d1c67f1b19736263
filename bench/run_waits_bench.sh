#!/usr/bin/env bash
# Tracing overhead of synchronization events (issue 19): a barrier-heavy and a lock-heavy program, untraced
# against pgasrun --trace (counts) and --trace --lines (call sites: a stack walk per event), at 2 and 8
# threads; and the cost of one event of the seam on one thread (the weak no-op without the tracer).
# Usage: bench/run_waits_bench.sh [BUILD_DIR] [REPEATS]   (default: build, 5)
set -euo pipefail
build=${1:-build}
repeats=${2:-5}
bin="$build/bin"
db=$(mktemp -u /tmp/pgas-waits-bench-XXXXXX).db
trap 'rm -rf "$db" "$db.raw"' EXIT

source "$(dirname "$0")/lib.sh"
require_built run_waits_bench.sh "$bin/pgasrun" "$bin/bench_sync_overhead" "$build/lib/libpgas-trace.so"

echo "== 1. one seam event (enter + exit) on one thread, 10^7 events"
plain=$(measure ns_per_event "$bin/pgasrun" -n 1 "$bin/bench_sync_overhead" seam 10000000)
off=$(measure ns_per_event "$bin/pgasrun" -n 1 env LD_PRELOAD="$build/lib/libpgas-trace.so" "$bin/bench_sync_overhead" seam 10000000)
on=$(measure ns_per_event "$bin/pgasrun" -n 1 --trace "$db" --force "$bin/bench_sync_overhead" seam 10000000)
printf "%-34s %10s\n" "mode" "ns/event"
printf "%-34s %10.1f\n" "no tracer (weak no-op)" "$plain"
printf "%-34s %10.1f\n" "tracer preloaded, tracing off" "$off"
printf "%-34s %10.1f\n" "--trace" "$on"

for what in barrier lock; do
  for threads in 2 8; do
    count=$([ "$what" = barrier ] && echo 20000 || echo 5000)
    echo "== 2. $what: $count per thread, $threads threads"
    u=$(measure ns_per_event "$bin/pgasrun" -n "$threads" "$bin/bench_sync_overhead" "$what" $count)
    c=$(measure ns_per_event "$bin/pgasrun" -n "$threads" --trace "$db" --force "$bin/bench_sync_overhead" "$what" $count)
    l=$(measure ns_per_event "$bin/pgasrun" -n "$threads" --trace "$db" --force --lines "$bin/bench_sync_overhead" "$what" $count)
    printf "%-18s %12s %10s\n" "mode" "ns/$what" "ratio"
    printf "%-18s %12.1f %10s\n" "untraced" "$u" "1.000"
    printf "%-18s %12.1f %10.3f\n" "--trace" "$c" "$(calc "$c / $u")"
    printf "%-18s %12.1f %10.3f\n" "--trace --lines" "$l" "$(calc "$l / $u")"
  done
done
