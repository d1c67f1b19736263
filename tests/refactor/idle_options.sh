#!/usr/bin/env bash
# An option of pgas-refactor that would silently change nothing (a typo, most likely) is a usage error: exit 2,
# one message naming the value, and no file written. Like clang-tidy's --checks that match no check.
# Usage: idle_options.sh TOOL PGASRUN PROGRAM SOURCE OTHER_SOURCE SOURCE_DIR WORK_DIR
#   PROGRAM is built from SOURCE, which caches y; OTHER_SOURCE is another program's file.
set -uo pipefail
tool=$1 pgasrun=$2 program=$3 source=$4 other=$5 src=$6 work=$7
rm -rf "$work" && mkdir -p "$work"
flags=(-- -std=c++20 "-I$src/runtime/include" "-I$src/cache/include" "-I$src/refactor/include")
fail() { echo "FAIL: $*"; exit 1; }
"$pgasrun" -n 2 --timeout 60 --trace "$work/trace.db" --lines "$program" >/dev/null || fail "traced run failed"
"$pgasrun" -n 2 --timeout 60 --trace "$work/no_lines.db" "$program" >/dev/null || fail "traced run failed"
cp "$source" "$work/input.cpp"

# refused MESSAGE ARGS...: exit 2, MESSAGE on stderr, nothing on stdout, input.cpp untouched.
refused() {
  local message=$1
  shift
  "$tool" "$@" "${flags[@]}" >"$work/out" 2>"$work/err"
  local status=$?
  [ "$status" = 2 ] || fail "pgas-refactor $* exited $status, expected 2: $(cat "$work/err")"
  grep -qF -- "pgas-refactor: error: $message" "$work/err" ||
    fail "pgas-refactor $*: no message '$message' in: $(cat "$work/err")"
  [ ! -s "$work/out" ] || fail "pgas-refactor $* printed output"
  cmp -s "$source" "$work/input.cpp" || fail "pgas-refactor $* changed the input"
}

# --array naming no shared array of the file: a typo, another variable, one of several names.
refused "--array nosuch: no shared array of that name in $work/input.cpp" --array nosuch "$work/input.cpp"
refused "--array n: no shared array of that name" --array n "$work/input.cpp"
refused "--array nosuch: no shared array of that name" --array y --array nosuch -i "$work/input.cpp"
"$tool" --array y --array x "$work/input.cpp" "${flags[@]}" >/dev/null 2>&1 || fail "--array y --array x refused"

# --trace-threshold outside 0..100, or without --trace.
for value in 250 -5 nan; do
  refused "--trace-threshold is a percentage from 0 to 100, not $value" --trace "$work/trace.db" \
    "--trace-threshold=$value" "$work/input.cpp"
done
refused "--trace-threshold applies only with --trace" --array y --trace-threshold 50 "$work/input.cpp"

# --trace with a trace of another program, or one without source lines.
refused "--trace $work/trace.db: no remote access of the trace is on a line of $other (it was recorded from $program)" \
  --trace "$work/trace.db" "$other"
refused "--trace $work/no_lines.db: the trace of $program has no source lines" --trace "$work/no_lines.db" \
  "$work/input.cpp"

# The traced program's name comes from the database: it is quoted with its control characters escaped.
cp "$work/trace.db" "$work/hostile.db"
sqlite3 "$work/hostile.db" "UPDATE run SET program = 'evil' || char(27) || '[2J' || char(7)" || fail "sqlite3 failed"
refused "--trace $work/hostile.db: no remote access of the trace is on a line of $other (it was recorded from evil\\x1b[2J\\a)" \
  --trace "$work/hostile.db" "$other"
! grep -q $'\x1b' "$work/err" || fail "a control character of the database reached the terminal"

# --cache-memory only sets the default chunk: with --chunk it would do nothing.
refused "--cache-memory only sets the default --chunk" --array y --chunk 16 --cache-memory 4096 "$work/input.cpp"
echo "PASS"
