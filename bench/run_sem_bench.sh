#!/usr/bin/env bash
# Semaphores and signalling transfers (Bonachea's proposal) side by side with their peers, at 2 threads and at 8 (four
# oversubscribed pairs on a small machine): bench_sem under pgasrun (shm conduit), bench_sem_mpi_peer under
# mpirun over vader and over TCP. Prints every median (ns per round trip) and the ratios the issue asks for.
# Builds nothing: build bench_sem, bench_sem_mpi_peer and pgasrun first.
#
#   bench/run_sem_bench.sh [BUILD_DIR]     BUILD_DIR defaults to ./build
#
# Environment: BENCH_ROUNDS (20000), BENCH_REPETITIONS (5), BENCH_TIMEOUT (seconds per run, 300).
set -euo pipefail

build=${1:-build}
rounds=${BENCH_ROUNDS:-20000}
repetitions=${BENCH_REPETITIONS:-5}
limit=${BENCH_TIMEOUT:-300}
ours=$build/bin/bench_sem
peer=$build/bin/bench_sem_mpi_peer
pgasrun=$build/bin/pgasrun
source "$(dirname "$0")/lib.sh"
require_built run_sem_bench.sh "$ours" "$peer" "$pgasrun"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
args=(--rounds "$rounds" --repetitions "$repetitions")
results=$(mktemp)
trap 'rm -f "$results"' EXIT

# run SOURCE COMMAND...: appends "SOURCE NAME THREADS NS" lines.
run() {
  local source=$1
  shift
  echo "+ $*" >&2
  timeout "$limit" "$@" | sed "s/^/$source /" >>"$results" ||
    { echo "run_sem_bench.sh: failed or timed out: $*" >&2; exit 1; }
}

for n in 2 8; do
  # Oversubscribed, a hand-written spin holds its core for a whole time slice per round: fewer rounds.
  run ours "$pgasrun" -n "$n" "$ours" "${args[@]}" $([[ $n == 8 ]] && echo --rounds $((rounds / 40)))
  run vader mpirun --oversubscribe -np "$n" --mca btl vader,self "$peer" "${args[@]}"
  run tcp mpirun --oversubscribe -np "$n" --mca btl tcp,self --mca osc pt2pt "$peer" "${args[@]}" --rounds $((rounds / 10))
done

# The heat sample: halos by upc_memput_signal against the barrier variant, without and with emulated latency.
heat=$build/bin/heat
if [[ -x $heat ]]; then
  for latency in 0 2us; do
    for n in 2 4 8; do
      for variant in 0 1; do
        echo "+ heat -n $n --latency $latency --barrier $variant" >&2
        seconds=$(timeout "$limit" "$pgasrun" -n "$n" --latency "$latency" "$heat" --cells 100000 --iterations 1000 \
          --barrier "$variant" | sed -n 's/.* time=\([0-9.]*\) s.*/\1/p')
        name=$([[ $variant == 0 ]] && echo heat_signal || echo heat_barrier)
        echo "heat-$latency $name $n $(awk -v s="$seconds" 'BEGIN { printf "%.1f", s * 1e9 / 1000 }')" >>"$results"
      done
    done
  done
fi

echo "source operation threads ns_per_round_trip (heat: ns per iteration)"
cat "$results"
echo
echo "ratios (> 1: the semaphore form is faster)"
awk '
  { t[$1 " " $2 " " $3] = $4; n[$3] = 1 }
  function ratio(label, a, b) { if (a in t && b in t) printf "%-58s %6.2f\n", label, t[b] / t[a] }
  END {
    for (threads in n) {
      ratio("threads " threads ": send_recv/0 vader / sem_pingpong", "ours sem_pingpong " threads, "vader send_recv/0 " threads)
      ratio("threads " threads ": send_recv/8 vader / sem_pingpong", "ours sem_pingpong " threads, "vader send_recv/8 " threads)
      ratio("threads " threads ": send_recv/0 tcp / sem_pingpong", "ours sem_pingpong " threads, "tcp send_recv/0 " threads)
      ratio("threads " threads ": flag_pingpong / sem_pingpong", "ours sem_pingpong " threads, "ours flag_pingpong " threads)
      ratio("threads " threads ": heat barrier / signal, latency 0", "heat-0 heat_signal " threads, "heat-0 heat_barrier " threads)
      ratio("threads " threads ": heat barrier / signal, latency 2us", "heat-2us heat_signal " threads, "heat-2us heat_barrier " threads)
      for (b = 8; b <= 1048576; b *= 8) {
        ratio("threads " threads ": memput_flag/" b " / memput_signal/" b, "ours memput_signal/" b " " threads, "ours memput_flag/" b " " threads)
        ratio("threads " threads ": put_flush_send/" b " vader / memput_signal/" b, "ours memput_signal/" b " " threads, "vader put_flush_send/" b " " threads)
      }
    }
  }' "$results" | sort -V
