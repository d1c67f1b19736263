# Helpers shared by the benchmark scripts (sourced, not run).

# The median of the numbers on stdin.
median() { sort -g | awk '{v[NR]=$1} END {print (NR%2) ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }

# require_built SCRIPT PROGRAM...: exits 2 naming the first PROGRAM that is not an executable (the scripts
# build nothing themselves).
require_built() {
  local script=$1; shift
  for program in "$@"; do
    [[ -x $program ]] || { echo "$script: $program not found (build it first)" >&2; exit 2; }
  done
}

# Arithmetic without bc: calc EXPRESSION.
calc() { awk "BEGIN { printf \"%.4f\", $1 }"; }

# measure FIELD COMMAND...: the median over $repeats runs of the number a command prints as FIELD=number.
measure() {
  local field=$1; shift
  for _ in $(seq "$repeats"); do "$@" 2>/dev/null | sed -n "s/.*$field=\([0-9.]*\).*/\1/p"; done | median
}
