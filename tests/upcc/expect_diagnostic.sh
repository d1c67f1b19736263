#!/bin/sh
# expect_diagnostic.sh PGAS_UPCC FILE.upc [FLAGS...]: compiling FILE must fail with the diagnostic its first
# line names (/* expect: LINE:COL: error: TEXT */), reported at FILE:LINE:COL.
set -u
upcc=$1 file=$2
shift 2
expected=$(sed -n '1s|^/\* expect: \(.*\) \*/$|\1|p' "$file")
[ -n "$expected" ] || { echo "$file: no '/* expect: ... */' first line"; exit 1; }
scratch=$(mktemp -d) && trap 'rm -rf "$scratch"' EXIT
if "$upcc" -c "$file" -o "$scratch/out.o" "$@" 2>"$scratch/stderr"; then
  echo "$file compiled, but should fail with: $expected"
  exit 1
fi
if ! grep -qF "$file:$expected" "$scratch/stderr"; then
  echo "expected: $file:$expected"
  echo "got:"
  cat "$scratch/stderr"
  exit 1
fi
[ ! -e "$scratch/out.o" ] || { echo "an object file was written despite the error"; exit 1; }
echo "ok: $file:$expected"
