// ARGS: --array A --array G
// Synchronization and runtime calls cannot be reordered with cached accesses; an unknown function may
// touch a global cached array.
#include <pgas/upc.hpp>

using namespace pgas;

extern shared_array<int> G;
void log_value(int v);

void sync_in_loops(const shared_array<int> &A, int n, upc_lock_t *lock) {
  upc_forall(int i = 0, i < n, i++, i) {
    int v = A[(i + 1) % n];
    upc_barrier;
    log_value(v);
  }
  upc_forall(int i = 0, i < n, i++, i) {
    int v = A[(i + 1) % n];
    upc_fence;
    log_value(v);
  }
  upc_forall(int i = 0, i < n, i++, i) {
    upc_lock(lock);
    log_value(A[(i + 1) % n]);
    upc_unlock(lock);
  }
  upc_forall(int i = 0, i < n, i++, i) { log_value(G[(i + 1) % n]); }
}

// Expected diagnostics:
// CHECK: input.cpp:12:3: warning: not rewritten: synchronization statement in the loop body
// CHECK: input.cpp:14:5: note: barriers, fences, locks, semaphores, collectives and bulk transfers cannot be reordered with cached accesses
// CHECK: input.cpp:17:3: warning: not rewritten: call to 'pgas::fence' in the loop body
// CHECK: input.cpp:19:5: note: barriers, fences, locks, semaphores, collectives and bulk transfers cannot be reordered with cached accesses
// CHECK: input.cpp:22:3: warning: not rewritten: call to 'upc_lock' in the loop body
// CHECK: input.cpp:23:5: note: barriers, fences, locks, semaphores, collectives and bulk transfers cannot be reordered with cached accesses
// CHECK: input.cpp:22:3: warning: not rewritten: call to 'upc_unlock' in the loop body
// CHECK: input.cpp:25:5: note: barriers, fences, locks, semaphores, collectives and bulk transfers cannot be reordered with cached accesses
// CHECK: input.cpp:27:3: warning: not rewritten: call to 'log_value' in the loop body cannot be analyzed
// CHECK: input.cpp:27:42: note: the body of 'log_value' is not visible
