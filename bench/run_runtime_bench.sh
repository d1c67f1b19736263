#!/usr/bin/env bash
# Runs bench_runtime (under pgasrun, shm conduit) and bench_mpi_peer (under mpirun) side by side at 2, 4 and
# 8 processes and prints one table of per-operation medians with the ratio MPI/ours (> 1: ours is faster).
# Builds nothing: build bench_runtime, bench_mpi_peer and pgasrun first.
#
#   bench/run_runtime_bench.sh [BUILD_DIR]          BUILD_DIR defaults to ./build
#
# Open MPI runs three times per process count: with its defaults (on one node: vader btl, and osc/rdma
# for the windows); with osc/sm, the faster on-node RMA component an informed user can select (get, put,
# locks); and over TCP (get, put, barrier). `--mca btl tcp,self` alone does not move RMA off shared memory
# (osc/rdma maps on-node peers' windows directly), so the TCP runs also select osc/pt2pt, which carries
# RMA over the btl. Here our runtime runs on its shm conduit, so the TCP rows compare our shm numbers with
# MPI over TCP; bench/run_mpi_conduit_bench.sh compares our MPI conduit with raw MPI on the same transport.
#
# Environment: BENCH_REPETITIONS (default 3; medians are reported), BENCH_TIMEOUT (seconds per run, 120).
set -euo pipefail

build=${1:-build}
repetitions=${BENCH_REPETITIONS:-3}
limit=${BENCH_TIMEOUT:-120}
ours=$build/bin/bench_runtime
peer=$build/bin/bench_mpi_peer
pgasrun=$build/bin/pgasrun
source "$(dirname "$0")/lib.sh"
require_built run_runtime_bench.sh "$ours" "$peer" "$pgasrun"
command -v jq >/dev/null || { echo "run_runtime_bench.sh: needs jq" >&2; exit 2; }

export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
results=$(mktemp -d)
trap 'rm -rf "$results"' EXIT

gb_flags=(--benchmark_format=json "--benchmark_repetitions=$repetitions" --benchmark_report_aggregates_only=true)
# shellcheck disable=SC2054 # "tcp,self" is one argument
tcp_flags=(--mca btl tcp,self --mca osc pt2pt)
tcp_filter='--benchmark_filter=^(get_8B|put_8B|barrier)'
tcp_scale=--scale=0.01  # an 8-byte get over TCP costs ~1000x one over shared memory
osc_sm_filter='--benchmark_filter=^(get_8B|put_8B|lock_)'

# run SOURCE PROCS COMMAND...: runs one job, keeps rank 0's JSON and appends its medians to medians.tsv
# as "SOURCE PROCS NAME NS_PER_OP".
run() {
  local source=$1 procs=$2
  shift 2
  local out=$results/$source-$procs
  echo "+ $*" >&2
  if ! timeout "$limit" "$@" >"$out.json" 2>"$out.err"; then
    echo "run_runtime_bench.sh: failed or timed out after ${limit}s: $*" >&2
    cat "$out.err" >&2
    exit 1
  fi
  jq -r --arg source "$source" --arg procs "$procs" '
    .benchmarks[]
    | select((.aggregate_name // "median") == "median")
    | if .time_unit != "ns" then error("expected ns, got \(.time_unit)") else . end
    | [$source, $procs, (.run_name | split("/")[0]), (.real_time / (.ops_per_iter // 1))]
    | @tsv' "$out.json" >>"$results/medians.tsv"
}

start=$(date +%s)
for procs in 2 4 8; do
  run ours "$procs" "$pgasrun" -n "$procs" --timeout "$limit" "$ours" "${gb_flags[@]}"
  run mpi-shm "$procs" mpirun --oversubscribe -np "$procs" "$peer" "${gb_flags[@]}"
  run mpi-oscsm "$procs" mpirun --oversubscribe --mca osc sm -np "$procs" "$peer" "${gb_flags[@]}" "$osc_sm_filter"
  run mpi-tcp "$procs" mpirun --oversubscribe "${tcp_flags[@]}" -np "$procs" "$peer" "${gb_flags[@]}" \
    "$tcp_filter" "$tcp_scale"
done

load=$(jq -r '.context.load_avg | map(. * 100 | round / 100) | join(" ")' "$results/ours-2.json")
cat <<EOF

$(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load average at start: $load, median of $repetitions repetitions, $(( $(date +%s) - start ))s.
"ours" is always the shm conduit. "shm" rows use Open MPI's defaults (osc/rdma for windows), "MPI osc/sm"
rows select osc/sm, "MPI tcp" rows btl tcp + osc/pt2pt. In the local-read rows the peer column is a plain
std::vector load in the same bench_runtime process, not Open MPI. MPI/ours = peer / ours: > 1, ours is faster.

EOF

# Rows: label, transport, ours (source name), peer (source name).
awk -F'\t' '
  FNR == NR { ns[$1 "/" $2 "/" $3] = $4; next }
  {
    for (p = 2; p <= 8; p *= 2) {
      o = ns[$3 "/" p "/" $4]; m = ns[$5 "/" p "/" $6]
      ratio = (o != "" && m != "" && o > 0) ? sprintf("%.2f", m / o) : "-"
      printf "| %-55s | %5d | %-16s | %11s | %13s | %8s |\n", $1, p, $2,
             o == "" ? "-" : sprintf("%.1f", o), m == "" ? "-" : sprintf("%.1f", m), ratio
    }
  }
  BEGIN {
    printf "| %-55s | %5s | %-16s | %11s | %13s | %8s |\n", "measurement (ours vs peer)", "procs", "transport",
           "ours (ns)", "Open MPI (ns)", "MPI/ours"
    printf "|%s|%s|%s|%s|%s|%s|\n", "---------------------------------------------------------", "------:",
           "------------------", "------------:", "--------------:", "---------:"
  }' "$results/medians.tsv" - <<'EOF'
get 8B: v = x[i] vs MPI_Get + MPI_Win_flush	shm	ours	get_8B	mpi-shm	get_8B
get 8B: v = x[i] vs MPI_Get + MPI_Win_flush	shm, MPI osc/sm	ours	get_8B	mpi-oscsm	get_8B
get 8B: v = x[i] vs MPI_Get + MPI_Win_flush	ours shm/MPI tcp	ours	get_8B	mpi-tcp	get_8B
put 8B: x[i] = v vs MPI_Put + MPI_Win_flush	shm	ours	put_8B	mpi-shm	put_8B
put 8B: x[i] = v vs MPI_Put + MPI_Win_flush	shm, MPI osc/sm	ours	put_8B	mpi-oscsm	put_8B
put 8B: x[i] = v vs MPI_Put + MPI_Win_flush	ours shm/MPI tcp	ours	put_8B	mpi-tcp	put_8B
barrier: upc_barrier vs MPI_Barrier	shm	ours	barrier	mpi-shm	barrier
barrier: upc_barrier vs MPI_Barrier	ours shm/MPI tcp	ours	barrier	mpi-tcp	barrier
lock, one thread: upc_lock+unlock vs MPI_Win_lock(EXCL)	shm	ours	lock_uncontended	mpi-shm	lock_uncontended
lock, one thread: upc_lock+unlock vs MPI_Win_lock(EXCL)	shm, MPI osc/sm	ours	lock_uncontended	mpi-oscsm	lock_uncontended
lock, all contending: job-wide ns per acquisition	shm	ours	lock_contended	mpi-shm	lock_contended
lock, all contending: job-wide ns per acquisition	shm, MPI osc/sm	ours	lock_contended	mpi-oscsm	lock_contended
local read, random: x[i] proxy vs std::vector	in-process	ours	local_random_proxy	ours	local_random_plain
local read, sequential: x[i] proxy vs std::vector	in-process	ours	local_seq_proxy	ours	local_seq_plain
EOF
