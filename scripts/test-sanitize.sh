#!/usr/bin/env bash
# Builds the runtime, the tracer, the software cache and the trace database with AddressSanitizer and
# UndefinedBehaviorSanitizer (cmake -DPGAS_SANITIZE=ON: nothing else is built) in a build directory of its
# own, and runs their tests. scripts/test.sh runs it after the main suite.
# Usage: scripts/test-sanitize.sh [BUILD_DIR [build|test]]   (default: build-sanitize, both stages)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build-sanitize}
stages=${2:-build test}
case "$stages" in
  "build test" | build | test) ;;
  *)
    echo "test-sanitize.sh: unknown stage '$stages' (build or test; both when omitted)" >&2
    exit 2
    ;;
esac
if [[ $stages == *build* ]]; then
  cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_PREFIX_PATH=/usr/lib/llvm-16 \
    -DPGAS_SANITIZE=ON >/dev/null
  cmake --build "$build" -j "$(nproc)"
fi
[[ $stages == *test* ]] || exit 0

# Every process of a test inherits these (pgasrun's threads, mpirun's ranks): the first error ends the
# process with a stack trace. Leaks are checked when a process exits normally; a thread that ends with
# _exit (upc_global_exit, a runtime error) or a signal is not checked, by design of those paths.
# verify_asan_link_order=0: pgasrun --trace puts the tracer before everything else in LD_PRELOAD, ahead of
# ASan's runtime (which the instrumented programs load themselves); the tracer defines none of the
# functions ASan intercepts, so the order changes nothing that ASan relies on.
# handle_segv=0, handle_abort=0: the tests that crash a thread on purpose expect the signal itself.
asan_options=halt_on_error=1:verify_asan_link_order=0:handle_segv=0:handle_abort=0
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
# Not run here: the symbolizer's own database tests, which expect the lines and names of a program's
# allocating calls. In this build (sanitizers, RelWithDebInfo) its debug information places some of those
# calls on other lines (96 for 68), so other names are read; that is not a memory or undefined-behaviour
# finding. The traced programs' names are checked here: their sites, which LLVM gives here with relative
# paths, are resolved against the compilation directories (symbolizer_database.cpp).
left_out='SymbolizeDatabaseTest[.](FillsSitesAndNamesVariables|SecondPassChangesNothing)'
# Not run here either: the 8-thread runs (8 processes on 2 CPUs), which took a third of this stage's time;
# the main suite runs them, and the 1-, 2-, 3- and 4-thread runs here check the same programs.
left_out+='|[.]n8$'
# Tests that run mpirun without the mpi label run with the MPI tests, leaks unchecked.
mpirun_unlabeled='trace[.]faults[.]RawDirectory[.]MpiConduit|trace[.]Engines/Coll2TraceMpi[.]|launcher[.]faults[.]Mpi'
status=0
ASAN_OPTIONS=$asan_options:detect_leaks=1 ctest --test-dir "$build" --output-on-failure -j 2 -LE mpi \
  -E "$left_out|$mpirun_unlabeled" || status=$?
# Open MPI does not free everything it allocates (LeakSanitizer reports blocks from libpmix, mca_coll_*,
# mca_osc_* at every rank's exit): under mpirun, leaks are not checked; everything else is. The TCP
# variants run the same conduit code over another Open MPI transport, slowly: the main suite runs them.
# mp_strict_test's control experiment must see the processor reorder relaxed accesses; through the
# instrumented MPI path it did not in 500,000 iterations (it does on shm, where it runs above). The 4-rank
# runs are left to the main suite too: each holds both CPUs alone, and they took half of this part's time.
ASAN_OPTIONS=$asan_options:detect_leaks=0 ctest --test-dir "$build" --output-on-failure -j 2 -L mpi \
  -E "[.]tcp[.]|mp_strict_test[.]mpi|[.]n4$|$left_out" || status=$?
ASAN_OPTIONS=$asan_options:detect_leaks=0 ctest --test-dir "$build" --output-on-failure -j 2 \
  -R "$mpirun_unlabeled" || status=$?
exit "$status"
