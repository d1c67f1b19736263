#!/usr/bin/env bash
# The samples built on the Collectives 2.0 library, side by side in one run: samplesort (KEYS keys per
# thread) and summa (an N x N product) at 2, 4 and 8 threads on shm (pgasrun) and on the MPI conduit over
# shared memory (mpirun, btl vader), against the same program at 1 thread on the same total work (samplesort
# at 1 thread sorts threads * KEYS keys: std::sort and collectives of one member). Prints the median time
# of each (the sample's own time=, the sort or the multiply alone) and the speedups over 1 thread; summa
# both with its lookahead (the next panel's non-blocking broadcasts overlap this panel's multiply) and without.
# Usage: bench/run_coll2_samples_bench.sh [BUILD_DIR] [REPEATS] [KEYS] [N]   (default: build, 3, 1000000, 768)
set -euo pipefail
build=${1:-build}
repeats=${2:-3}
keys=${3:-1000000}
n=${4:-768}
bin="$build/bin"
source "$(dirname "$0")/lib.sh"
require_built "$0" "$bin/pgasrun" "$bin/samplesort" "$bin/summa"
mpirun_cmd=(env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 mpirun --oversubscribe --mca btl vader,self)

printf "%-10s %-7s %-28s %10s %10s %10s %10s %10s\n" sample threads size one_thread_s shm_s mpi_s \
  shm_speedup mpi_speedup
row() {  # row NAME THREADS SIZE BASELINE_ARGS -- ARGS: NAME at 1 thread with BASELINE_ARGS, then at THREADS
  local name=$1 threads=$2 size=$3 one shm mpi; shift 3
  local base=()
  while [[ $1 != -- ]]; do base+=("$1"); shift; done
  shift
  one=$(measure time "$bin/pgasrun" -n 1 "$bin/$name" "${base[@]}")
  shm=$(measure time "$bin/pgasrun" -n "$threads" "$bin/$name" "$@")
  mpi=$(measure time "${mpirun_cmd[@]}" -np "$threads" "$bin/$name" "$@")
  printf "%-10s %-7s %-28s %10.4f %10.4f %10.4f %10.2f %10.2f\n" "$name" "$threads" "$size" "$one" "$shm" \
    "$mpi" "$(calc "$one / $shm")" "$(calc "$one / $mpi")"
}

for threads in 2 4 8; do
  row samplesort "$threads" "$keys keys/thread" --keys $((threads * keys)) -- --keys "$keys"
done
for threads in 2 4 8; do
  row summa "$threads" "${n}x${n}x${n} panel 32" --m "$n" --k "$n" --n "$n" -- --m "$n" --k "$n" --n "$n"
done
for threads in 2 4 8; do
  row summa "$threads" "${n}x${n}x${n} one at a time" --m "$n" --k "$n" --n "$n" -- --m "$n" --k "$n" --n "$n" \
    --lookahead 0
done
