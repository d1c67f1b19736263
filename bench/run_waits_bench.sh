#!/usr/bin/env bash
# Tracing overhead of synchronization events (issue 19): 1. the cost of one event of the seam (the weak
# no-op without the tracer); 2. the recorder's added cost per barrier and per lock/unlock on one thread,
# where nothing waits; 3. a barrier-heavy and a lock-heavy program at 2 and 8 threads, untraced against
# pgasrun --trace (counts) and --trace --lines (call sites: a stack walk per event), with the added cost of
# section 2 as a share of the untraced event; 4. the 8-thread barrier program untraced and traced in interleaved
# pairs (the target: at most 5% added).
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

echo "== 2. added cost per event, one thread (no waiting: the recorder's cost alone)"
printf "%-8s %12s %12s %12s %14s %14s\n" "event" "untraced ns" "--trace ns" "--lines ns" "added (trace)" "added (lines)"
declare -A added
for what in barrier lock; do
  count=$([ "$what" = barrier ] && echo 200000 || echo 1000000)
  u=$(measure ns_per_event "$bin/pgasrun" -n 1 "$bin/bench_sync_overhead" "$what" $count)
  c=$(measure ns_per_event "$bin/pgasrun" -n 1 --trace "$db" --force "$bin/bench_sync_overhead" "$what" $count)
  l=$(measure ns_per_event "$bin/pgasrun" -n 1 --trace "$db" --force --lines "$bin/bench_sync_overhead" "$what" $count)
  added[$what]="$(calc "$c - $u") $(calc "$l - $u")"
  printf "%-8s %12.1f %12.1f %12.1f %14.1f %14.1f\n" "$what" "$u" "$c" "$l" "$(calc "$c - $u")" "$(calc "$l - $u")"
done

echo "== 3. whole programs (loaded machines make these noisy: compare with section 2)"
for what in barrier lock; do
  for threads in 2 8; do
    count=$([ "$what" = barrier ] && echo 20000 || echo 5000)
    u=$(measure ns_per_event "$bin/pgasrun" -n "$threads" "$bin/bench_sync_overhead" "$what" $count)
    c=$(measure ns_per_event "$bin/pgasrun" -n "$threads" --trace "$db" --force "$bin/bench_sync_overhead" "$what" $count)
    l=$(measure ns_per_event "$bin/pgasrun" -n "$threads" --trace "$db" --force --lines "$bin/bench_sync_overhead" "$what" $count)
    read -r add_c add_l <<<"${added[$what]}"
    printf "%-8s %2s threads: untraced %9.1f ns, --trace %9.1f (%.3fx), --lines %9.1f (%.3fx); added cost of section 2 / untraced: %.2f%% / %.2f%%\n" \
      "$what" "$threads" "$u" "$c" "$(calc "$c / $u")" "$l" "$(calc "$l / $u")" \
      "$(calc "100 * $add_c / $u")" "$(calc "100 * $add_l / $u")"
  done
done

echo "== 4. the barrier program at 8 threads, untraced and --trace interleaved (a pair per repeat, x3 repeats):"
echo "   drift of a shared machine between the runs of section 3 falls on both sides alike"
pairs=$((3 * repeats))
untraced=$(mktemp) traced=$(mktemp) ratios=$(mktemp)
for _ in $(seq "$pairs"); do
  u=$("$bin/pgasrun" -n 8 "$bin/bench_sync_overhead" barrier 20000 | sed -n 's/.*ns_per_event=\([0-9.]*\).*/\1/p')
  c=$("$bin/pgasrun" -n 8 --trace "$db" --force "$bin/bench_sync_overhead" barrier 20000 2>/dev/null |
    sed -n 's/.*ns_per_event=\([0-9.]*\).*/\1/p')
  echo "$u" >>"$untraced"
  echo "$c" >>"$traced"
  calc "$c / $u" >>"$ratios"
  echo >>"$ratios"
done
printf "barrier   8 threads, %d pairs: untraced median %.1f ns, --trace median %.1f ns, median of the pair ratios %.3fx\n" \
  "$pairs" "$(median <"$untraced")" "$(median <"$traced")" "$(median <"$ratios")"
rm -f "$untraced" "$traced" "$ratios"
