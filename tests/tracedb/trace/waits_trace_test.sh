#!/bin/sh
# waits_program under pgasrun --trace at N threads: the database and pgas-report must show each known wait
# on the right threads, lines and objects. D = 100 ms of work; tolerances (the machine may be loaded):
# a wait of about k*D must be at least k*D/2 and below 40*D; "about nothing" is shorter than the others'.
#   waits_trace_test.sh PGASRUN PROGRAM PROGRAM_SOURCE PGAS_REPORT DATABASE THREADS [PGASRUN_FLAGS...]
set -eu
pgasrun=$1 program=$2 source=$3 report=$4 database=$5 n=$6
shift 6
d=100000000  # D in ns
last=$((n - 1))
rm -f "$database"
"$pgasrun" "$@" -n "$n" --timeout 90 --trace "$database" --lines --timeline 10 "$program" 100 >/dev/null
failures=0
line_of() { grep -n "SITE:$1\$" "$source" | cut -d: -f1; }
q() { sqlite3 "$database" "$1"; }
check() {  # check DESCRIPTION CONDITION-VALUE (1 = holds)
  if [ "$2" = 1 ]; then echo "ok: $1"; else echo "FAILED: $1"; failures=$((failures + 1)); fi
}
# wait THREAD KIND SITE-LINE: the thread's time in that kind of wait at that line (ns; 0 if none)
wait_ns() {
  q "SELECT coalesce(sum(w.ns_sum), 0) FROM sync_wait w JOIN site s ON s.id = w.site
     WHERE w.thread = $1 AND w.kind = '$2' AND s.line = $3"
}
about() { [ "$1" -ge "$2" ] && [ "$1" -lt $((40 * d)) ] && echo 1 || echo 0; }

barrier=$(line_of barrier) hold=$(line_of hold) lock=$(line_of lock) sem=$(line_of sem)
collective=$(line_of collective)
check "schema version 3" "$(q "SELECT value = '3' FROM meta WHERE key = 'schema_version'")"
check "every thread has one barrier event at line $barrier" \
  "$(q "SELECT count(*) = $n AND sum(count) = $n FROM sync_wait w JOIN site s ON s.id = w.site
        WHERE w.kind = 'barrier' AND s.line = $barrier")"
# "About nothing" for the thread that arrives last is an ordering, not a bound: its wait (a preemption on a
# busy machine at most) is shorter than every other thread's (D and more).
shortest_other_barrier_wait=$(q "SELECT coalesce(min(w.ns_sum), 0) FROM sync_wait w JOIN site s ON s.id = w.site
  WHERE w.kind = 'barrier' AND s.line = $barrier AND w.thread != $last")
if [ "$n" -gt 1 ]; then
  check "thread $last (twice the work) waits less at the barrier than every other thread" \
    "$([ "$(wait_ns $last barrier "$barrier")" -lt "$shortest_other_barrier_wait" ] && echo 1 || echo 0)"
fi
check "thread 0 holds the lock about 2D from line $hold" "$(about "$(q "SELECT coalesce(sum(w.ns_sum), 0) FROM sync_wait w
  JOIN site s ON s.id = w.site WHERE w.thread = 0 AND w.kind = 'lock_hold' AND s.line = $hold")" $((2 * d * 19 / 20)))"
check "the lock is one object" "$(q "SELECT count(DISTINCT object) = 1 FROM sync_wait WHERE kind IN ('lock', 'lock_hold')")"
t=1
while [ "$t" -lt "$n" ]; do
  if [ "$t" != "$last" ]; then
    check "thread $t waits about D at the barrier" "$(about "$(wait_ns "$t" barrier "$barrier")" $((d / 2)))"
    check "thread $t waits about D in the late collective" "$(about "$(wait_ns "$t" collective "$collective")" $((d / 2)))"
  fi
  check "thread $t waits about 2D for the lock at line $lock" "$(about "$(wait_ns "$t" lock "$lock")" "$d")"
  t=$((t + 1))
done
if [ "$n" -gt 1 ]; then
  check "thread 0 waits about D in the late collective" "$(about "$(wait_ns 0 collective "$collective")" $((d / 2)))"
  check "thread $last (late) waits less in the collective than thread 0" \
    "$([ "$(wait_ns $last collective "$collective")" -lt "$(wait_ns 0 collective "$collective")" ] && echo 1 || echo 0)"
  check "thread 1 waits about D on its semaphore at line $sem" "$(about "$(wait_ns 1 sem_wait "$sem")" $((d / 2)))"
  check "the semaphore wait's object is thread 1's semaphore, a handle" \
    "$(q "SELECT count(*) = 1 AND min(object) > 0 FROM sync_wait WHERE kind = 'sem_wait'")"
  check "the collective is named upc_all_broadcast" \
    "$(q "SELECT count(*) = $n FROM sync_wait WHERE kind = 'collective' AND name = 'upc_all_broadcast'")"
  check "thread 1 waited at least 2D in all (barrier, lock, collective or semaphore)" \
    "$(q "SELECT wait_ns >= 2 * $d FROM thread WHERE thread = 1")"
  worst=$("$report" "$database" --section imbalance --format csv | sed -n 2p | cut -d, -f2,4)
  check "the report's worst imbalance is the lock at line $lock (got $worst)" "$([ "$worst" = "$lock,lock" ] && echo 1 || echo 0)"
fi
check "compute + remote + wait = wall on every thread" \
  "$(q "SELECT count(*) = $n FROM thread WHERE compute_ns + remote_ns + wait_ns = wall_ns")"
check "the timeline's waiting time is the thread's (within 1 ms: buckets are split at their edges)" \
  "$(q "SELECT count(*) = $n FROM thread t WHERE abs(t.wait_ns - (SELECT sum(wait_ns) FROM timeline l
        WHERE l.thread = t.thread)) < 1000000")"
check "no bucket holds more remote and waiting time than its width (1%: the recorder sizes buckets by a 2 ms clock calibration)" \
  "$(q "SELECT count(*) = 0 FROM timeline, run WHERE timeline.remote_ns + timeline.wait_ns > run.timeline_interval_ns * 1.01")"
if [ "$n" -gt 1 ]; then
  check "thread 1 waits in the buckets of the lock wait (100 ms-wide waits fill whole 10 ms buckets)" \
    "$(q "SELECT count(*) >= 5 FROM timeline WHERE thread = 1 AND wait_ns > 9000000")"
fi
"$report" "$database" --section sync --format csv | grep -q ",$collective,main,collective,.*,upc_all_broadcast," &&
  check "the report's sync section shows the collective" 1 || check "the report's sync section shows the collective" 0
"$report" "$database" --section sync,imbalance --format json | grep -q '"imbalance": \[' &&
  check "json has the imbalance section" 1 || check "json has the imbalance section" 0
"$report" --diff "$database" "$database" --section sync --format csv | grep -q "waits_program.cpp:$barrier barrier,main,$n,$n,0," &&
  check "--diff compares the barrier's waits" 1 || check "--diff compares the barrier's waits" 0
[ "$failures" = 0 ] || { echo "$failures check(s) failed"; exit 1; }
echo "all checks passed"
