#!/bin/bash
# The Collectives 2.0 benchmark side by side (bench/coll2), the same loop in every run, at 2, 4 and 8
# processes:
#   1. our shared engine on shm (pgasrun) against Open MPI's collectives over vader (mpirun --mca btl
#      vader,self): microseconds per call (the slowest rank's best repetition), ours / MPI, the memcpy limit
#      (a memcpy of the bytes a rank receives, on every rank at once) and whether the issue's target is met: at
#      least as fast as MPI up to 64 KiB, within 1.2x above, and the allreduce of one double at 2 processes at
#      least 2x faster;
#   2. our MPI engine (coll2_bench_upccoll under mpirun, PGAS_COLL2_ENGINE=mpi) against Open MPI's collectives
#      in the same transport, over vader and over TCP (--mca btl tcp,self): the target is within 1.1x.
# The iallreduce rows (a non-blocking allreduce overlapped with as much computation as the blocking one takes,
# bench/coll2/bench.hpp) go to a table of their own: blocking, computation alone, overlapped, and the share
# hidden (the last round's).
# With ROUNDS > 1 every run is repeated, interleaved (all runs of a process count, then again), and each
# table entry is the median of the rounds.
#   bench/run_coll2_bench.sh [BUILD_DIR] [ITERATIONS] [REPEATS]   (default: build, 200, 3)
# Environment: THREADS="2 4 8", SIZES=8,64,...,4194304 (bytes, multiples of 8), COLLECTIVES=barrier,bcast,...,
# ROUNDS=1, TRANSPORTS="vader tcp" (those of table 2), SHARE=spread.
# Placement, the same for both libraries: a core each when the processes fit (pgasrun --bind-to core; mpirun
# binds its ranks so by default); more processes than CPUs share them evenly with SHARE=spread (pgasrun
# --bind-to spread, mpirun --map-by core:OVERSUBSCRIBE --bind-to core:overload-allowed: process P on CPU
# P mod K), or go where the kernel puts them with SHARE=none (which may leave three on one CPU of two for a
# whole run, bench/RESULTS.md section 49).
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

vader=(--mca btl vader,self)
tcp=(--mca btl tcp,self --mca osc pt2pt)
transports=${TRANSPORTS:-vader tcp}
# run LABEL ROUND COMMAND...: the command's result lines, their first word replaced by LABEL, and the round.
run() {
  local label=$1 round=$2; shift 2
  "$@" | sed "s/^[a-z]* /$label round=$round /" >>"$lines"
}
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
for round in $(seq "${ROUNDS:-1}"); do
  for n in $thread_counts; do
    bind=(--bind-to core) mpi_bind=()
    if ((n > $(nproc))); then
      bind=(--bind-to none)
      [[ ${SHARE:-spread} == spread ]] &&
        bind=(--bind-to spread) mpi_bind=(--map-by core:OVERSUBSCRIBE --bind-to core:overload-allowed)
    fi
    run upccoll "$round" "$build/bin/pgasrun" -n "$n" "${bind[@]}" --timeout 600 "$build/bin/coll2_bench_upccoll" \
      "${options[@]}"
    run mpi "$round" mpirun --oversubscribe -np "$n" "${mpi_bind[@]}" "${vader[@]}" "$build/bin/coll2_bench_mpi" \
      "${options[@]}"
    for transport in $transports; do
      declare -n flags=$transport
      run "engine_$transport" "$round" mpirun --oversubscribe -np "$n" "${mpi_bind[@]}" "${flags[@]}" \
        -x PGAS_COLL2_ENGINE=mpi "$build/bin/coll2_bench_upccoll" "${options[@]}"
      run "mpi_$transport" "$round" mpirun --oversubscribe -np "$n" "${mpi_bind[@]}" "${flags[@]}" \
        "$build/bin/coll2_bench_mpi" "${options[@]}"
    done
  done
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
awk -v transports="$transports" '
function median(list,    v, n, i, j, t) {
  n = split(list, v, " ")
  for (i = 2; i <= n; ++i) for (j = i; j > 1 && v[j - 1] + 0 > v[j] + 0; --j) { t = v[j]; v[j] = v[j - 1]; v[j - 1] = t }
  return n == 0 ? "" : (n % 2 ? v[(n + 1) / 2] : sprintf("%.3f", (v[n / 2] + v[n / 2 + 1]) / 2))
}
function ratio(a, b) { return (a == "" || b == "" || b + 0 <= 0) ? -1 : a / b }
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
  us[key, $1] = us[key, $1] " " f["per_call_us"]
  if ($1 == "upccoll") copy[key] = copy[key] " " f["memcpy_us"]
  size[key] = f["bytes"] + 0; name[key] = f["collective"]; threads[key] = f["threads"] + 0
  if (!(key in seen)) { seen[key] = 1; rows[++nrows] = key }
}
END {
  print "| processes | collective | bytes | ours us | Open MPI us | ours / MPI | memcpy us | target | met |"
  print "|---|---|---|---|---|---|---|---|---|"
  for (r = 1; r <= nrows; ++r) {
    k = rows[r]; o = median(us[k, "upccoll"]); m = median(us[k, "mpi"])
    if (o == "" && m == "") continue
    target = size[k] <= 65536 ? 1.0 : 1.2
    if (name[k] == "allreduce" && size[k] == 8 && threads[k] == 2) target = 0.5
    q = ratio(o, m)
    printf "| %s | %s | %s | %s | %s | <= %.1f | %s |\n", k, o, m, q < 0 ? "-" : sprintf("%.2f", q),
      median(copy[k]), target, q < 0 ? "-" : (q <= target ? "yes" : "no")
    if (q >= 0) { ++measured; met += q <= target }
  }
  printf "\ntargets met: %d of %d rows\n", met, measured
  if (norows > 0) {
    print "\n| processes | bytes | ours blocking us | ours compute us | ours overlapped us | ours hidden | MPI blocking us | MPI compute us | MPI overlapped us | MPI hidden |"
    print "|---|---|---|---|---|---|---|---|---|---|"
    for (r = 1; r <= norows; ++r) printf "| %s | %s | %s |\n", orows[r], over[orows[r], "upccoll"], over[orows[r], "mpi"]
  }
  nt = split(transports, tr, " ")
  if (nt == 0) exit
  printf "\nThe MPI engine (PGAS_COLL2_ENGINE=mpi under mpirun) against Open MPI over the same transport; target: within 1.1x\n\n"
  header = "| processes | collective | bytes"; rule = "|---|---|---"
  for (t = 1; t <= nt; ++t) {
    header = header sprintf(" | engine %s us | MPI %s us | engine / MPI | met", tr[t], tr[t])
    rule = rule "|---|---|---|---"
  }
  print header " |"; print rule "|"
  for (r = 1; r <= nrows; ++r) {
    k = rows[r]; line = "| " k
    for (t = 1; t <= nt; ++t) {
      e = median(us[k, "engine_" tr[t]]); m = median(us[k, "mpi_" tr[t]]); q = ratio(e, m)
      line = line sprintf(" | %s | %s | %s | %s", e, m, q < 0 ? "-" : sprintf("%.2f", q),
                          q < 0 ? "-" : (q <= 1.1 ? "yes" : "no"))
      if (q >= 0) { ++engine_rows; engine_met += q <= 1.1 }
    }
    print line " |"
  }
  printf "\nMPI engine targets met: %d of %d rows\n", engine_met, engine_rows
}' "$lines"
