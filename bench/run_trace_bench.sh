#!/usr/bin/env bash
# Tracing overhead, side by side in one run (docs/architecture.md section 12, issue "tracing library"):
#  1. per-event cost: 10^7 remote reads per thread at 2 threads, untraced / --trace / --trace --lines;
#  2. slowdown of the dp sample at --latency 0 and --latency 2us, untraced vs --trace --lines, at 2 threads
#     (with more threads than CPUs, emulated waits yield the CPU and their length varies from run to run);
#  3. time and size of importing and symbolizing a trace of ~10^5 distinct access rows (8 threads);
#  4. per-event cost of call paths: 10^6 remote reads per thread, 8 calls deep, at 2 threads, with --lines
#     and --callers 0, 2 and 8 (every event then walks the stack), and untraced.
# Usage: bench/run_trace_bench.sh [BUILD_DIR] [REPEATS]   (default: build, 5)
set -euo pipefail
build=${1:-build}
repeats=${2:-5}
bin="$build/bin"
db=$(mktemp -u /tmp/pgas-trace-bench-XXXXXX).db
trap 'rm -rf "$db" "$db.raw"' EXIT

source "$(dirname "$0")/lib.sh"

echo "== 1. per-event cost (2 threads, 10^7 remote 8-byte reads per thread)"
n=10000000
plain=$(measure ns_per_access "$bin/pgasrun" -n 2 "$bin/bench_trace_overhead" $n)
counts=$(measure ns_per_access "$bin/pgasrun" -n 2 --trace "$db" --force "$bin/bench_trace_overhead" $n)
lines=$(measure ns_per_access "$bin/pgasrun" -n 2 --trace "$db" --force --lines "$bin/bench_trace_overhead" $n)
printf "%-28s %10s %12s\n" "mode" "ns/access" "overhead ns"
printf "%-28s %10.2f %12s\n" "untraced" "$plain" "-"
printf "%-28s %10.2f %12.2f\n" "--trace (counts)" "$counts" "$(calc "$counts - $plain")"
printf "%-28s %10.2f %12.2f\n" "--trace --lines" "$lines" "$(calc "$lines - $plain")"

echo "== 2. dp slowdown with call sites (2 threads)"
printf "%-10s %12s %12s %10s\n" "latency" "untraced s" "traced s" "slowdown"
for latency in 0 2us; do
  size=$([ "$latency" = 0 ] && echo 4000000 || echo 200000)
  u=$(measure time "$bin/pgasrun" -n 2 --latency "$latency" "$bin/dp" --n $size)
  t=$(measure time "$bin/pgasrun" -n 2 --latency "$latency" --trace "$db" --force --lines "$bin/dp" --n $size)
  printf "%-10s %12.4f %12.4f %9.1f%%\n" "$latency" "$u" "$t" "$(calc "($t / $u - 1) * 100")"
done

echo "== 3. importing and symbolizing a wide trace (8 threads)"
PGAS_TRACE_FILE="$db" PGAS_TRACE_LINES=1 "$bin/pgasrun" -n 8 env LD_PRELOAD="$build/lib/libpgas-trace.so" "$bin/bench_wide_trace"
start=$(date +%s.%N)
"$bin/pgas-trace-import" --no-symbolize --keep-raw "$db" 2>/dev/null
mid=$(date +%s.%N)
"$bin/pgas-trace-import" "$db" 2>/dev/null
end=$(date +%s.%N)
rows=$(sqlite3 "$db" "SELECT count(*) FROM access")
sites=$(sqlite3 "$db" "SELECT count(*) FROM site")
printf "access rows %s, sites %s, database %s KiB\n" "$rows" "$sites" "$(( $(stat -c %s "$db") / 1024 ))"
printf "import without symbolizing %.2f s, import + symbolize %.2f s\n" "$(calc "$mid - $start")" "$(calc "$end - $mid")"

echo "== 4. per-event cost of call paths (2 threads, 10^6 remote reads per thread, 8 calls deep)"
n=1000000
deep() { measure ns_per_access "$bin/pgasrun" -n 2 "$@" "$bin/bench_trace_overhead" $n 8; }
plain=$(deep)
printf "%-28s %10s %12s %10s\n" "mode" "ns/access" "overhead ns" "vs --lines"
printf "%-28s %10.2f %12s %10s\n" "untraced" "$plain" "-" "-"
base=""
for callers in 0 2 8; do
  t=$(deep --trace "$db" --force --lines --callers $callers)
  [[ -n $base ]] || base=$t
  printf "%-28s %10.2f %12.2f %9.1fx\n" "--lines --callers $callers" "$t" "$(calc "$t - $plain")" \
    "$(calc "($t - $plain) / ($base - $plain)")"
done
