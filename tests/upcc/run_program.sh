#!/bin/sh
# run_program.sh EXPECTED LAUNCHER... PROGRAM: the program's standard output must be EXPECTED's text and
# its exit status 0.
set -u
expected=$1
shift
scratch=$(mktemp -d) && trap 'rm -rf "$scratch"' EXIT
"$@" >"$scratch/stdout"
status=$?
if ! diff -u "$expected" "$scratch/stdout"; then
  echo "the output differs from $expected"
  exit 1
fi
[ "$status" -eq 0 ] || { echo "exit status $status"; exit 1; }
