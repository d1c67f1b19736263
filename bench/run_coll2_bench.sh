#!/bin/bash
# The Collectives 2.0 benchmark side by side (bench/coll2): our collectives on shm (pgasrun) and Open MPI's over
# vader (mpirun --mca btl vader,self), the same loop, at 2, 4 and 8 processes; prints a markdown table of
# microseconds per call (the slowest rank's best repetition), ours / MPI, the memcpy limit (a memcpy of the
# bytes a rank receives, on every rank at once) and whether the issue's target is met: at least as fast as
# MPI up to 64 KiB, within 1.2x above, and the allreduce of one double at 2 processes at least 2x faster.
# The iallreduce rows (a non-blocking allreduce overlapped with as much computation as the blocking one takes,
# bench/coll2/bench.hpp) go to a second table: blocking, computation alone, overlapped, and the share hidden.
#   bench/run_coll2_bench.sh [BUILD_DIR] [ITERATIONS] [REPEATS]   (default: build, 200, 3)
# Environment: THREADS="2 4 8", SIZES=8,64,...,4194304 (bytes, multiples of 8), COLLECTIVES=barrier,bcast,...
set -eu
build=${1:-build}
iterations=${2:-200}
repeats=${3:-3}
thread_counts=${THREADS:-2 4 8}
options=(--iterations "$iterations" --repeats "$repeats")
[[ -n ${SIZES:-} ]] && options+=(--sizes "$SIZES")
[[ -n ${COLLECTIVES:-} ]] && options+=(--collectives "$COLLECTIVES")
source "$(dirname "$0")/lib.sh"
require_built "$0" "$build/bin/pgasrun" "$build/bin/coll2_bench_upccoll" "$build/bin/coll2_bench_mpi"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
lines=$(mktemp)
trap 'rm -f "$lines"' EXIT

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
for n in $thread_counts; do
  "$build/bin/pgasrun" -n "$n" --timeout 600 "$build/bin/coll2_bench_upccoll" "${options[@]}" >>"$lines"
  mpirun --oversubscribe -np "$n" --mca btl vader,self "$build/bin/coll2_bench_mpi" "${options[@]}" >>"$lines"
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
awk '
{
  for (i = 2; i <= NF; ++i) { split($i, kv, "="); f[kv[1]] = kv[2] }
  key = f["threads"] " | " f["collective"] " | " f["bytes"]
  if (f["collective"] == "iallreduce") {
    okey = f["threads"] " | " f["bytes"]
    over[okey, $1] = f["blocking_us"] " | " f["compute_us"] " | " f["per_call_us"] " | " f["hidden"]
    if (!(okey in oseen)) { oseen[okey] = 1; orows[++norows] = okey }
    delete f
    next
  }
  us[key, $1] = f["per_call_us"]
  if ($1 == "upccoll") copy[key] = f["memcpy_us"]
  size[key] = f["bytes"] + 0; name[key] = f["collective"]; threads[key] = f["threads"] + 0
  if (!(key in seen)) { seen[key] = 1; rows[++nrows] = key }
}
END {
  print "| processes | collective | bytes | ours us | Open MPI us | ours / MPI | memcpy us | target | met |"
  print "|---|---|---|---|---|---|---|---|---|"
  for (r = 1; r <= nrows; ++r) {
    k = rows[r]; o = us[k, "upccoll"]; m = us[k, "mpi"]
    target = size[k] <= 65536 ? 1.0 : 1.2
    if (name[k] == "allreduce" && size[k] == 8 && threads[k] == 2) target = 0.5
    ratio = (o == "" || m == "" || m + 0 <= 0) ? -1 : o / m
    printf "| %s | %s | %s | %s | %s | <= %.1f | %s |\n", k, o, m, ratio < 0 ? "-" : sprintf("%.2f", ratio),
      copy[k], target, ratio < 0 ? "-" : (ratio <= target ? "yes" : "no")
    if (ratio >= 0) { ++measured; met += ratio <= target }
  }
  printf "\ntargets met: %d of %d rows\n", met, measured
  if (norows > 0) {
    print "\n| processes | bytes | ours blocking us | ours compute us | ours overlapped us | ours hidden | MPI blocking us | MPI compute us | MPI overlapped us | MPI hidden |"
    print "|---|---|---|---|---|---|---|---|---|---|"
    for (r = 1; r <= norows; ++r) printf "| %s | %s | %s |\n", orows[r], over[orows[r], "upccoll"], over[orows[r], "mpi"]
  }
}' "$lines"
