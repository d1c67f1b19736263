#!/usr/bin/env bash
# --trace: traces a program by source line, lets pgas-refactor choose the arrays from the trace, and checks
# the choice: only the loop with remote accesses is rewritten, and only for the array it reads remotely.
# Usage: trace_selection.sh TOOL PGASRUN PROGRAM SOURCE SOURCE_DIR WORK_DIR
set -uo pipefail
tool=$1 pgasrun=$2 program=$3 source=$4 src=$5 work=$6
mkdir -p "$work" && rm -f "$work/trace.db" "$work/out.cpp"
fail() { echo "FAIL: $*"; exit 1; }
"$pgasrun" -n 4 --timeout 60 --trace "$work/trace.db" --lines "$program" >/dev/null || fail "traced run failed"
flags=(-- -std=c++20 "-I$src/runtime/include" "-I$src/cache/include" "-I$src/refactor/include")
"$tool" --trace "$work/trace.db" "$source" -o "$work/out.cpp" "${flags[@]}" || fail "pgas-refactor --trace failed"
[ "$(grep -c 'pgas::cache<int> y_cache' "$work/out.cpp")" = 1 ] || fail "y is not cached exactly once"
! grep -q 'x_cache' "$work/out.cpp" || fail "x, read only locally, is cached"
# y has every remote access of the loop: a threshold of 100% still chooses it.
"$tool" --trace "$work/trace.db" --trace-threshold 100 "$source" -o "$work/all.cpp" "${flags[@]}" ||
  fail "pgas-refactor --trace-threshold 100 failed"
cmp -s "$work/out.cpp" "$work/all.cpp" || fail "a threshold of 100% chose differently"
# The same trace as an import without symbolization leaves it (addresses only, names not yet recovered):
# pgas-refactor symbolizes it on first use and chooses the same.
rm -f "$work/unsymbolized.db" "$work/unsymbolized.cpp"
cp "$work/trace.db" "$work/unsymbolized.db"
sqlite3 "$work/unsymbolized.db" "UPDATE site SET function = NULL, file = NULL, line = NULL, column = NULL,
  inline_chain = NULL, symbolized = 0 WHERE module IS NOT NULL;
  UPDATE variable SET name = NULL, name_source = 'unknown' WHERE name_source = 'source'" ||
  fail "cannot unsymbolize the copy"
"$tool" --trace "$work/unsymbolized.db" "$source" -o "$work/unsymbolized.cpp" "${flags[@]}" 2>"$work/err" ||
  fail "pgas-refactor --trace on an unsymbolized trace failed: $(cat "$work/err")"
grep -q "pgas-refactor: symbolized [0-9]* call sites of $work/unsymbolized.db" "$work/err" ||
  fail "no note of the symbolization: $(cat "$work/err")"
cmp -s "$work/out.cpp" "$work/unsymbolized.cpp" || fail "the symbolized-on-use trace chose differently"
# A missing database is an error naming it.
"$tool" --trace "$work/missing.db" "$source" "${flags[@]}" 2>"$work/err" >/dev/null && fail "missing database accepted"
grep -q "missing.db" "$work/err" || fail "the error does not name the database"
# A trace whose lines no longer fall in any loop (the file changed after it was traced) chooses nothing: an
# error naming the trace's busiest lines, and no output written.
# The edited copy is named by its base name alone, which matches the traced file's path.
mkdir -p "$work/stale" && rm -f "$work/stale.cpp"
name=$(basename "$source")
{ for _ in $(seq 60); do echo "//"; done; cat "$source"; } >"$work/stale/$name"
(cd "$work/stale" && "$tool" --trace "$work/trace.db" "$name" -o "$work/stale.cpp" "${flags[@]}") 2>"$work/err" >/dev/null
status=$?
[ "$status" = 2 ] || fail "a stale trace gave exit status $status, not 2: $(cat "$work/err")"
grep -q "lies in a upc_forall loop (its busiest lines: $name:" "$work/err" || fail "unclear stale-trace error: $(cat "$work/err")"
[ ! -e "$work/stale.cpp" ] || fail "a stale trace still wrote the output"
echo "PASS"
