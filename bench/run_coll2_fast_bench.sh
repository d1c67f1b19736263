#!/bin/bash
# The small Collectives 2.0 calls at 2 processes against Open MPI and the hardware floor, both sides bound to
# a core each (pgasrun --bind-to core, mpirun --bind-to core --mca btl vader,self), in interleaved rounds:
# per round, the library before (a copy of an older build's lib directory, through LD_LIBRARY_PATH; skipped
# when not given), this build's, Open MPI's collectives, then coll2_bench_floor (two processes over a shared
# mapping: the least a 2-process allreduce and bcast of one double can cost on this machine). Prints each
# collective and size with the medians over the rounds (us per call) and the ratios, then the floor's
# medians (ns per call) and the load average at each round.
#   bench/run_coll2_fast_bench.sh [BUILD_DIR] [BEFORE_LIB_DIR]   (default: build, none)
# Environment: ROUNDS=7, SIZES=8,64,1024,4096, COLLECTIVES=bcast,reduce,allreduce,allgather,alltoall,scan,
# ITERATIONS=10000, REPEATS=20 (each value is the slower rank's best of REPEATS repetitions of ITERATIONS calls:
# short repetitions, so that the best falls between the time slices of other jobs on a loaded machine).
set -eu
build=${1:-build}
before=${2:-}
source "$(dirname "$0")/lib.sh"
require_built "$0" "$build/bin/pgasrun" "$build/bin/coll2_bench_upccoll" "$build/bin/coll2_bench_mpi" \
  "$build/bin/coll2_bench_floor"
[[ -z $before || -f $before/libpgas.so ]] || { echo "$0: $before/libpgas.so not found" >&2; exit 2; }
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
options=(--collectives "${COLLECTIVES:-bcast,reduce,allreduce,allgather,alltoall,scan}"
         --sizes "${SIZES:-8,64,1024,4096}" --iterations "${ITERATIONS:-10000}" --repeats "${REPEATS:-20}")
lines=$(mktemp)
trap 'rm -f "$lines"' EXIT
loads=()
for _ in $(seq "${ROUNDS:-7}"); do
  loads+=("$(cut -d' ' -f1 /proc/loadavg)")
  if [[ -n $before ]]; then
    LD_LIBRARY_PATH=$before "$build/bin/pgasrun" --bind-to core -n 2 "$build/bin/coll2_bench_upccoll" \
      "${options[@]}" | sed 's/^/before /' >>"$lines"
  fi
  "$build/bin/pgasrun" --bind-to core -n 2 "$build/bin/coll2_bench_upccoll" "${options[@]}" |
    sed 's/^/after /' >>"$lines"
  mpirun --bind-to core -np 2 --mca btl vader,self "$build/bin/coll2_bench_mpi" "${options[@]}" 2>/dev/null |
    grep per_call | sed 's/^/mpi /' >>"$lines"
  "$build/bin/coll2_bench_floor" --iterations 20000 --repeats 20 |
    sed -n 's/^\([a-z0-9-]*\) of one double: *\([0-9.]*\).*/floor \1 \2/p' >>"$lines"
done
# The median of variant $1's per_call_us for collective $2 at $3 bytes.
value() {
  sed -n "s/^$1 .* collective=$2 .* bytes=$3 .*per_call_us=\([0-9.]*\).*/\1/p" "$lines" | median
}
echo "| collective | bytes | before us | after us | Open MPI us | after / before | after / MPI | MPI / after |"
echo "|---|---|---|---|---|---|---|---|"
IFS=, read -ra collectives <<<"${COLLECTIVES:-bcast,reduce,allreduce,allgather,alltoall,scan}"
IFS=, read -ra sizes <<<"${SIZES:-8,64,1024,4096}"
for c in "${collectives[@]}"; do
  for b in "${sizes[@]}"; do
    a=$(value after "$c" "$b")
    m=$(value mpi "$c" "$b")
    if [[ -n $before ]]; then
      o=$(value before "$c" "$b")
      echo "| $c | $b | $o | $a | $m | $(calc "$a / $o") | $(calc "$a / $m") | $(calc "$m / $a") |"
    else
      echo "| $c | $b | - | $a | $m | - | $(calc "$a / $m") | $(calc "$m / $a") |"
    fi
  done
done
for test in allreduce bcast bcast-1; do
  echo "floor $test: $(sed -n "s/^floor $test \([0-9.]*\)\$/\1/p" "$lines" | median) ns per call (median of the rounds)"
done
echo "load average at each round: ${loads[*]}"
