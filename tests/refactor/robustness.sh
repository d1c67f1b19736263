#!/usr/bin/env bash
# pgas-refactor never crashes on code Clang accepts: it rewrites or refuses every loop of FILE (exit 0), and
# what it writes compiles.
# Usage: robustness.sh TOOL SOURCE_DIR CXX FILE
set -uo pipefail
tool=$1 src=$2 cxx=$3 file=$4
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
includes=("-I$src/runtime/include" "-I$src/cache/include" "-I$src/refactor/include")
"$tool" --array A "$file" -o "$work/out.cpp" -- -std=gnu++20 "${includes[@]}" 2>"$work/stderr"
status=$?
[ "$status" = 0 ] || { cat "$work/stderr"; echo "FAIL: pgas-refactor exited $status on $file"; exit 1; }
"$cxx" -std=gnu++20 -fsyntax-only "${includes[@]}" "$work/out.cpp" || { echo "FAIL: the output does not compile"; exit 1; }
echo "PASS: $(grep -c 'warning: not rewritten' "$work/stderr") loop(s) refused, the output compiles"
