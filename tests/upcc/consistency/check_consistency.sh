#!/bin/sh
# check_consistency.sh PGAS_UPCC FILE.upc: every line of FILE marked /* strict */ or /* relaxed */ is
# translated with its accesses marked strict (::pgas_upcc::strict) or not, as the mark says; a line marked
# /* strict by its type */ accesses a strict object, whose dialect type is strict: it is not marked again.
# The translation must also compile.
set -eu
upcc=$1 source=$2
scratch=$(mktemp -d) && trap 'rm -rf "$scratch"' EXIT
"$upcc" --emit-cxx -o "$scratch/out.cpp" "$source"
"$upcc" -c -o "$scratch/out.o" "$source"  # and the translation compiles
marks=$(grep -c '/\* \(strict\|relaxed\|strict by its type\) \*/' "$source")
[ "$marks" -gt 0 ] || { echo "no marked lines in $source"; exit 1; }
wrong=0
while IFS= read -r line; do
  case $line in
    *'/* strict */'*) want=strict ;;
    *) want=relaxed ;;
  esac
  case $line in
    *'::pgas_upcc::strict('*) got=strict ;;
    *) got=relaxed ;;
  esac
  if [ "$want" != "$got" ]; then
    echo "$want access translated as $got: $line"
    wrong=1
  fi
done <<LINES
$(grep '/\* \(strict\|relaxed\|strict by its type\) \*/' "$scratch/out.cpp")
LINES
[ "$(grep -c '/\* \(strict\|relaxed\|strict by its type\) \*/' "$scratch/out.cpp")" -eq "$marks" ] || { echo "marked lines lost"; exit 1; }
[ $wrong -eq 0 ] && echo "ok: $marks marked accesses"
