#!/usr/bin/env bash
# Differential test of a rewrite: runs the rewritten program under pgasrun at each thread count in each cache
# mode and compares its output exactly with the original's.
#   in_place  the caches read and write peers' elements in place where they can (shm, no emulated latency)
#   copying   PGAS_CACHE_DIRECT=0: every remote element is copied, as on a network
#   latency   pgasrun --latency 1us: network emulation (the caches copy)
#   traced    under the tracer (LD_PRELOAD of libpgas-trace.so, whose transport hides peers: the caches copy)
#   mpi       under mpirun (the MPI conduit, shared memory transport: the caches copy); needs --mpirun
# The reference is the original run in place, either at 1 thread (--reference sequential, the default) or at
# the same thread count (--reference same, for programs that print the thread count). The sequential run is
# the defined result of a racy original: an original with racing updates (the histogram's H[bin] += 1) loses
# some of them at several threads, while the rewritten program's write policy (sum) defines the result as the
# sequential one; every other program prints the same at any thread count.
# Usage: compare_runs.sh [--reference sequential|same] [--ignore ERE] [--tracer LIB] [--mpirun MPIRUN] PGASRUN
#                        THREADS MODES ORIGINAL REWRITTEN [ARGS...]
#   THREADS and MODES are comma-separated lists; --ignore removes what matches from every output line
#   before comparing (a timing); the traced mode needs --tracer.
set -uo pipefail
reference=sequential ignore='' tracer='' mpirun=''
while [ $# -gt 0 ]; do
  case $1 in
    --reference) reference=$2 && shift 2 ;;
    --ignore) ignore=$2 && shift 2 ;;
    --tracer) tracer=$2 && shift 2 ;;
    --mpirun) mpirun=$2 && shift 2 ;;
    *) break ;;
  esac
done
[ $# -ge 5 ] || { echo "usage: $0 [--reference sequential|same] [--ignore ERE] [--tracer LIB] [--mpirun MPIRUN] PGASRUN THREADS MODES ORIGINAL REWRITTEN [ARGS...]"; exit 2; }
pgasrun=$1 threads=$2 modes=$3 original=$4 rewritten=$5
shift 5
case $reference in sequential | same) ;; *) echo "unknown --reference '$reference' (sequential, same)"; exit 2 ;; esac
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0

# run OUTPUT N MODE PROGRAM ARGS...: one run, its output normalized into OUTPUT.
run() {
  local out=$1 n=$2 mode=$3 program=$4 status
  shift 4
  local env=() launch=("$pgasrun" -n "$n" --timeout 60)
  case $mode in
    in_place) ;;
    copying) env=(PGAS_CACHE_DIRECT=0) ;;
    latency) launch+=(--latency 1us) ;;
    traced)
      [ -n "$tracer" ] || { echo "FAIL: the traced mode needs --tracer"; return 1; }
      rm -rf "$work/trace.db" "$work/trace.db.raw"
      env=(LD_PRELOAD="$tracer" PGAS_TRACE_FILE="$work/trace.db") ;;
    mpi)
      [ -n "$mpirun" ] || { echo "FAIL: the mpi mode needs --mpirun"; return 1; }
      env=(OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1)
      launch=("$mpirun" --oversubscribe --timeout 60 -np "$n" --mca btl vader,self) ;;
    *) echo "FAIL: unknown mode '$mode' (in_place, copying, latency, traced, mpi)"; return 1 ;;
  esac
  env "${env[@]}" "${launch[@]}" "$program" "$@" >"$out.raw" 2>"$out.err"
  status=$?
  if [ -n "$ignore" ]; then sed -E "s/$ignore//g" "$out.raw" >"$out"; else cp "$out.raw" "$out"; fi
  if [ "$status" != 0 ]; then
    echo "FAIL: $(basename "$program") at $n threads ($mode) exited $status"
    head -5 "$out.err"
    return 1
  fi
}

reference_run() {  # reference_run N ARGS...: the original in place at N threads into $work/reference
  local n=$1
  shift
  run "$work/reference" "$n" in_place "$original" "$@" || return 1
  [ -s "$work/reference" ] || { echo "FAIL: $(basename "$original") printed nothing"; return 1; }
}

[ "$reference" = same ] || reference_run 1 "$@" || exit 1
for n in ${threads//,/ }; do
  if [ "$reference" = same ]; then reference_run "$n" "$@" || { failures=$((failures + 1)); continue; }; fi
  for mode in ${modes//,/ }; do
    if ! run "$work/rewritten" "$n" "$mode" "$rewritten" "$@"; then
      failures=$((failures + 1))
    elif ! diff "$work/reference" "$work/rewritten" >"$work/diff"; then
      echo "FAIL: outputs differ at $n threads ($mode)"
      head -20 "$work/diff"
      failures=$((failures + 1))
    else
      echo "PASS: $(wc -l <"$work/reference") lines equal at $n threads ($mode)"
    fi
  done
done
[ "$failures" = 0 ] || { echo "FAIL: $failures run(s) of $(basename "$rewritten") differ from the original"; exit 1; }
