#!/bin/sh
# check_model.sh SPIN CC MODEL EXPECT [spin options...]
# Model-checks MODEL with SPIN (exhaustive safety run: assertions and invalid end states) and checks the
# verdict: EXPECT is "holds" (no error, search complete), "assertion" or "deadlock" (SPIN must find that
# violation). Exits 77 (skipped) when SPIN is not installed.
set -eu
spin=$1 cc=$2 model=$3 expect=$4
shift 4
if ! command -v "$spin" >/dev/null 2>&1; then
  echo "skipped: SPIN is not installed (Debian package spin; scripts/install-deps.sh installs it)"
  exit 77
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
"$spin" "$@" -a "$model" >spin.out 2>&1 || { cat spin.out; echo "FAILED: spin could not read the model"; exit 1; }
"$cc" -O1 -DSAFETY -o pan pan.c
./pan -m1000000 >pan.out 2>&1 || true
cat pan.out
if grep -q "max search depth too small" pan.out; then
  echo "FAILED: the search was cut off"
  exit 1
fi
case $expect in
  holds)
    grep -q "errors: 0" pan.out || { echo "FAILED: SPIN found a violation"; exit 1; } ;;
  assertion)
    grep -q "assertion violated" pan.out || { echo "FAILED: SPIN did not find the assertion violation"; exit 1; } ;;
  deadlock)
    grep -q "invalid end state (at depth" pan.out || { echo "FAILED: SPIN did not find the deadlock"; exit 1; } ;;
  *)
    echo "unknown expectation $expect"; exit 2 ;;
esac
echo "PASSED: $expect"
