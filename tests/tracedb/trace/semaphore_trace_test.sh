#!/bin/sh
# semaphore_traced_program under pgasrun --trace at 4 threads; prints, for CTest to compare, the calls and
# bytes per seed-001 operation, whether every wait was timed and took time, whether the longest wait is
# attributed to the program's upc_sem_waitN line, and pgas-report's rows for the signalling put and the waits.
#   semaphore_trace_test.sh PGASRUN PROGRAM PROGRAM_SOURCE PGAS_REPORT DATABASE [PGASRUN_FLAGS...]
set -eu
pgasrun=$1 program=$2 source=$3 report=$4 database=$5
shift 5
rm -f "$database"
"$pgasrun" "$@" -n 4 --timeout 60 --trace "$database" --lines "$program"
echo "calls per operation:"
sqlite3 "$database" "SELECT op || ' ' || sum(count) || ' ' || sum(bytes) FROM access
                     WHERE op IN ('memput_signal', 'memget_signal', 'sem_post', 'sem_wait') GROUP BY op ORDER BY op"
sqlite3 "$database" "SELECT 'waits timed: ' || sum(timed) || ' of ' || sum(count) || ', waited: ' ||
                            CASE WHEN max(ns_max) > 1000000 THEN 'yes' ELSE 'no' END FROM access WHERE op = 'sem_wait'"
waitn_line=$(grep -n 'upc_sem_waitN(' "$source" | cut -d: -f1)
longest_line=$(sqlite3 "$database" "SELECT s.line FROM access a JOIN site s ON s.id = a.site
                                    WHERE a.op = 'sem_wait' ORDER BY a.ns_sum DESC LIMIT 1")
echo "longest wait at the upc_sem_waitN line: $([ "$longest_line" = "$waitn_line" ] && echo yes || echo "no ($longest_line, not $waitn_line)")"
echo "report:"
"$report" "$database" --section ops | grep -E '^ *(memput_signal|sem_wait) '
