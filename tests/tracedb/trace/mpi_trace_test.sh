#!/bin/sh
# The tracer on the MPI conduit: traced_program under mpirun with the tracer preloaded into every rank
# (-x LD_PRELOAD), then pgas-trace-import; prints the database's calls per operation for CTest to compare.
#   mpi_trace_test.sh MPIRUN TRACER IMPORTER PROGRAM DATABASE MPIRUN_FLAGS...
set -eu
mpirun=$1 tracer=$2 importer=$3 program=$4 database=$5
shift 5
rm -rf "$database" "$database.raw"
OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 "$mpirun" --oversubscribe --timeout 60 -np 4 "$@" \
  -x LD_PRELOAD="$tracer" -x PGAS_TRACE_FILE="$database" "$program"
"$importer" --conduit=mpi "$database"
echo "calls per operation:"
sqlite3 "$database" "SELECT op || ' ' || sum(count) FROM access GROUP BY op ORDER BY op"
echo "threads: $(sqlite3 "$database" "SELECT threads || ' complete ' || complete || ' conduit ' || conduit FROM run")"
