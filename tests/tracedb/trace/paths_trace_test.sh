#!/bin/sh
# paths_program under pgasrun --trace: what pgas-report's paths section must show.
#   paths_trace_test.sh PGASRUN PROGRAM PROGRAM_SOURCE PGAS_REPORT DATABASE THREADS MODE [PGASRUN_FLAGS...]
# MODE callers: --lines --callers 2. The helper's read (SITE:read, remote when THREADS > 1) and its barrier
#   (SITE:barrier) are shown once per calling line: 3 per thread from SITE:first_loop, 5 from
#   SITE:second_loop, on every thread; --diff compares the paths; json has the section.
# MODE plain: --lines only: one row per line, no callers (8 per thread), as before call paths existed.
# MODE options: --callers without --lines, 17 and a word are refused with a message naming the option.
set -eu
pgasrun=$1 program=$2 source=$3 report=$4 database=$5 n=$6 mode=$7
shift 7
failures=0
line_of() { grep -n "SITE:$1\$" "$source" | cut -d: -f1; }
check() {  # check DESCRIPTION CONDITION-VALUE (1 = holds)
  if [ "$2" = 1 ]; then echo "ok: $1"; else echo "FAILED: $1"; failures=$((failures + 1)); fi
}
holds() { if "$@"; then echo 1; else echo 0; fi; }
read_line=$(line_of read) barrier=$(line_of barrier) first=$(line_of first_loop) second=$(line_of second_loop)
name=$(basename "$source")

if [ "$mode" = options ]; then
  refused() {  # refused EXPECTED-MESSAGE ARGS...
    expected=$1
    shift
    if output=$("$pgasrun" "$@" 2>&1); then return 1; fi
    echo "$output" | grep -q -- "$expected"
  }
  rm -f "$database"
  check "--callers without --lines is refused" \
    "$(holds refused "--callers: .*add --lines" -n 2 --trace "$database" --callers 2 "$program")"
  check "--callers 17 is out of range" \
    "$(holds refused "--callers: '17' is not a whole number from 0 to 16" -n 2 --trace "$database" --lines --callers 17 "$program")"
  check "--callers two is not a number" \
    "$(holds refused "--callers: 'two'" -n 2 --trace "$database" --lines --callers two "$program")"
  check "--callers without --trace is refused" \
    "$(holds refused "go with --trace" -n 2 --callers 2 "$program")"
  check "no database was written" "$(holds test ! -e "$database")"
  [ "$failures" = 0 ] || { echo "$failures check(s) failed"; exit 1; }
  echo "all checks passed"
  exit 0
fi

rm -f "$database"
if [ "$mode" = callers ]; then
  "$pgasrun" "$@" -n "$n" --timeout 90 --trace "$database" --lines --callers 2 "$program" >/dev/null
else
  "$pgasrun" "$@" -n "$n" --timeout 90 --trace "$database" --lines "$program" >/dev/null
fi
csv=$("$report" "$database" --section paths --format csv)
echo "$csv"
# row SITE-LINE CALLERS WHAT THREADS COUNT: the paths row of that line, callers ("" for none) and kind.
# The function field may hold commas inside quotes; the fields after it never do.
row() {
  echo "$csv" | grep -q -E "^[^,]*/$name,$1,.*,$2,$3,$4,$5,[0-9]+,[0-9]+\$"
}
rows_of() { echo "$csv" | grep -c -E "^[^,]*/$name,$1,.*,$2,[0-9]+,[0-9]+,[0-9]+,[0-9]+\$" || true; }
if [ "$mode" = callers ]; then
  check "run.callers is 2" "$(holds test "$(sqlite3 "$database" 'SELECT callers FROM run')" = 2)"
  check "the barrier from line $first: 3 per thread" \
    "$(holds row "$barrier" "[^,]*/$name:$first,1" barrier "$n" $((3 * n)))"
  check "the barrier from line $second: 5 per thread" \
    "$(holds row "$barrier" "[^,]*/$name:$second,1" barrier "$n" $((5 * n)))"
  check "the barrier's line has exactly these two paths" "$(holds test "$(rows_of "$barrier" barrier)" = 2)"
  if [ "$n" -gt 1 ]; then
    check "the read from line $first: 3 per thread" \
      "$(holds row "$read_line" "[^,]*/$name:$first,1" access "$n" $((3 * n)))"
    check "the read from line $second: 5 per thread" \
      "$(holds row "$read_line" "[^,]*/$name:$second,1" access "$n" $((5 * n)))"
    check "the read's line has exactly these two paths" "$(holds test "$(rows_of "$read_line" access)" = 2)"
  else
    check "one thread reads nothing remote" "$(holds test "$(rows_of "$read_line" access)" = 0)"
  fi
  check "no site lies in the dialect's headers" \
    "$(holds test "$(sqlite3 "$database" "SELECT count(*) FROM access a JOIN site s ON s.id = a.site
       WHERE s.file LIKE '%/include/pgas/%'") $(sqlite3 "$database" "SELECT count(*) FROM sync_wait w
       JOIN site s ON s.id = w.site WHERE s.file LIKE '%/include/pgas/%'")" = "0 0")"
  check "every chain is at most 2 long" \
    "$(holds test "$(sqlite3 "$database" "WITH RECURSIVE chain(start, at, depth) AS (SELECT path, path, 0
       FROM access UNION SELECT path, path, 0 FROM sync_wait UNION ALL SELECT start, c.caller, depth + 1
       FROM chain JOIN call_path c ON c.id = chain.at WHERE chain.at != 0) SELECT max(depth) FROM chain")" -le 2)"
  "$report" "$database" --section sync --format csv |
    grep -q -E "/$name,$barrier,.*,barrier,-?[0-9]+,,$n,$((8 * n))," &&
    check "the sync section counts the barrier's threads once over both paths" 1 ||
    check "the sync section counts the barrier's threads once over both paths" 0
  "$report" "$database" --section paths --format json | grep -q '"paths": \[' &&
    check "json has the paths section" 1 || check "json has the paths section" 0
  table=$("$report" "$database" --section paths)
  echo "$table" | grep -q "called from" &&
    check "the table shows the calling lines" 1 || check "the table shows the calling lines" 0
  echo "$table" | grep -q "(anonymous namespace)::helper() .*$name:$first" &&
    check "the table names the helper (in an anonymous namespace) and its caller" 1 ||
    check "the table names the helper (in an anonymous namespace) and its caller" 0
  "$report" --diff "$database" "$database" --section paths --format csv |
    grep -q "^$name:$barrier < $name:$second barrier,.*,$((5 * n)),$((5 * n)),0," &&
    check "--diff compares the paths" 1 || check "--diff compares the paths" 0
else
  check "run.callers is 0" "$(holds test "$(sqlite3 "$database" 'SELECT callers FROM run')" = 0)"
  check "the barrier: one row, no callers, 8 per thread" "$(holds row "$barrier" ",0" barrier "$n" $((8 * n)))"
  check "the read: one row, no callers, 8 per thread" "$(holds row "$read_line" ",0" access "$n" $((8 * n)))"
  check "every access and wait has no path" \
    "$(holds test "$(sqlite3 "$database" "SELECT count(*) FROM access WHERE path != 0") $(sqlite3 "$database" \
       "SELECT count(*) FROM sync_wait WHERE path != 0")" = "0 0")"
  "$report" "$database" --section lines --format csv | grep -q -E "/$name,$read_line,.*,$((8 * n)),$((32 * n))," &&
    check "the lines section counts the read as before" 1 || check "the lines section counts the read as before" 0
fi
[ "$failures" = 0 ] || { echo "$failures check(s) failed"; exit 1; }
echo "all checks passed"
