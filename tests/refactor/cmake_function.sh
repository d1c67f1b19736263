#!/usr/bin/env bash
# pgas_refactor() in a project's build: REQUIRE_REWRITE fails the build of a source in which no loop is
# rewritten (and passes where one is), and TRACE db is a dependency of the rewrite (a new trace regenerates
# it, an unchanged one does not).
# Usage: cmake_function.sh TOOL PGASRUN PROGRAM SOURCE SOURCE_DIR WORK_DIR
set -uo pipefail
tool=$1 pgasrun=$2 program=$3 source=$4 src=$5 work=$6
rm -rf "$work" && mkdir -p "$work"
fail() { echo "FAIL: $*"; exit 1; }
"$pgasrun" -n 2 --timeout 60 --trace "$work/trace.db" --lines "$program" >/dev/null || fail "traced run failed"
cmake -S "$src/tests/refactor/cmake_function" -B "$work/build" -G Ninja -DPGAS_SOURCE_DIR="$src" \
  -DPGAS_REFACTOR="$tool" -DPGAS_TRACE="$work/trace.db" -DPGAS_TRACED_SOURCE="$source" >"$work/configure.log" 2>&1 ||
  fail "configure failed: $(cat "$work/configure.log")"
build() { ninja -C "$work/build" "$@" >"$work/build.log" 2>&1; }

build rewritten.cpp || fail "REQUIRE_REWRITE failed a source that is rewritten: $(cat "$work/build.log")"
grep -q "y_cache.get" "$work/build/rewritten.cpp" || fail "rewritten.cpp is not rewritten"
build refused.cpp && fail "REQUIRE_REWRITE let a source with no rewritten loop build"
grep -q "refused.cpp: no loop was rewritten (--require-rewrite)" "$work/build.log" ||
  fail "the failed build does not say why: $(cat "$work/build.log")"
[ ! -e "$work/build/refused.cpp" ] || fail "an output was written for the refused source"

build traced.cpp || fail "the rewrite with TRACE failed: $(cat "$work/build.log")"
grep -q "y_cache" "$work/build/traced.cpp" || fail "the trace chose nothing"
build -n traced.cpp && grep -q "no work to do" "$work/build.log" || fail "an unchanged trace reruns the rewrite"
touch "$work/trace.db"
build -n traced.cpp && grep -q "pgas-refactor: .* -> .*traced.cpp" "$work/build.log" ||
  fail "a new trace does not regenerate the rewrite: $(cat "$work/build.log")"
echo PASS
