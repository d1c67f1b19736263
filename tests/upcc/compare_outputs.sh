#!/bin/sh
# compare_outputs.sh IGNORE_ERE LAUNCHER... -- PROGRAM_A ARGS_A... -- PROGRAM_B ARGS_B...: both programs run
# under the launcher; their standard outputs, with every match of IGNORE_ERE removed (timings, counts a race
# may change), must be equal and non-empty, and both exit with status 0.
set -u
ignore=$1
shift
launcher=""
while [ "$1" != "--" ]; do launcher="$launcher $1"; shift; done
shift
a=""
while [ "$1" != "--" ]; do a="$a $1"; shift; done
shift
scratch=$(mktemp -d) && trap 'rm -rf "$scratch"' EXIT
# shellcheck disable=SC2086
$launcher $a >"$scratch/a" || { echo "failed:$a"; cat "$scratch/a"; exit 1; }
# shellcheck disable=SC2086
$launcher "$@" >"$scratch/b" || { echo "failed: $*"; cat "$scratch/b"; exit 1; }
sed -E "s/$ignore//g" "$scratch/a" >"$scratch/a.kept"
sed -E "s/$ignore//g" "$scratch/b" >"$scratch/b.kept"
[ -s "$scratch/a.kept" ] || { echo "no output from:$a"; exit 1; }
diff -u "$scratch/a.kept" "$scratch/b.kept" && echo "same output: $(cat "$scratch/a.kept")"
