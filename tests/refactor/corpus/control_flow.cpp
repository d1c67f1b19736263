// ARGS: --array A
// Control leaving the loop cannot be split across tiles: break, return, goto and throw are refused.
#include <pgas/upc.hpp>

using namespace pgas;

int search(const shared_array<int> &A, int n, int key) {
  upc_forall(int i = 0, i < n, i++, i) {
    if (A[(i * 3) % n] == key) break;
  }
  upc_forall(int i = 0, i < n, i++, i) {
    if (A[(i * 5) % n] == key) return i;
  }
  upc_forall(int i = 0, i < n, i++, i) {
    if (A[(i * 7) % n] == key) goto found;
  }
  upc_forall(int i = 0, i < n, i++, i) {
    if (A[(i * 11) % n] == key) throw i;
  }
  return -1;
found:
  return 0;
}

// Expected diagnostics:
// CHECK: input.cpp:8:3: warning: not rewritten: control leaves the loop from its body
// CHECK: input.cpp:9:32: note: break, return, goto and throw cannot be split across the tiles of a rewritten loop
// CHECK: input.cpp:11:3: warning: not rewritten: control leaves the loop from its body
// CHECK: input.cpp:12:32: note: break, return, goto and throw cannot be split across the tiles of a rewritten loop
// CHECK: input.cpp:14:3: warning: not rewritten: control leaves the loop from its body
// CHECK: input.cpp:15:32: note: break, return, goto and throw cannot be split across the tiles of a rewritten loop
// CHECK: input.cpp:17:3: warning: not rewritten: control leaves the loop from its body
// CHECK: input.cpp:18:33: note: break, return, goto and throw cannot be split across the tiles of a rewritten loop
