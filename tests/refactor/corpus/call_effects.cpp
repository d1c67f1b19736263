// ARGS: --array A --chunk 16
// Calls in a loop are followed into their visible bodies (issue 14, root cause 1): a helper that
// synchronizes two calls deep, a lambda or const member function defined outside the loop that reads or
// writes the cached array, a call that changes the bound, a container that grows, and a stateful lambda
// computing an index are refused; pure helpers, MYTHREAD and THREADS, a shared_var read, a return inside
// a lambda and a std::array are not.
#include <array>
#include <cstdio>
#include <pgas/upc.hpp>
#include <vector>

using namespace pgas;

int limit = 40;

void settle() { upc_barrier; }
void log_step(int) { settle(); }
void grow_limit() {
  if (limit < 50) ++limit;
}
int twice(int v) { return 2 * v; }

struct Window {
  const shared_array<int> &data;
  int read(int i) const { return data[i]; }
};

struct Scale {
  int factor;
  int operator()(int v) const { return factor * v; }
};

// Refused loops (not run: their results would depend on the thread count).
void refused(const shared_array<int> &A, const shared_array<int> &out, int n) {
  auto bump = [&](int i) { A[i] = 0; };
  const Window window{A};
  std::vector<int> seen(16, 0);
  auto next_random = [state = 1u]() mutable {
    state = state * 1103515245u + 12345u;
    return static_cast<int>(state % 64u);
  };
  upc_forall(int i = 0, i < n, i++, &out[i]) { log_step(A[(i + 1) % n]); }
  upc_forall(int i = 0, i < n, i++, &out[i]) {
    out[i] = A[(i + 1) % n];
    bump(i);
  }
  upc_forall(int i = 0, i < n, i++, &out[i]) { out[i] = A[(i + 1) % n] + window.read(i); }
  upc_forall(int i = 0, i < limit, i++, &out[i]) {
    out[i] = A[(i + 1) % n];
    grow_limit();
  }
  upc_forall(int i = 0, i < static_cast<int>(seen.size()), i++, &out[i]) {
    if (seen.size() < 40) seen.push_back(A[(i + 1) % n]);
  }
  upc_forall(int i = 0, i < n, i++, &out[i]) { out[i] = A[next_random()]; }
}

int main() {
  const int n = 64;
  shared_array<int> A(n, 1, "A"), out(n, 1, "out");
  shared_var<int> offset("offset");
  if (MYTHREAD == 0) offset = 3;
  upc_forall(int i = 0, i < n, i++, &A[i]) { A[i] = (i * 7) % 23; }
  upc_barrier;
  // Rewritten: the calls are pure, THREADS and MYTHREAD are runtime queries, offset is only read.
  const Scale scale{3};
  auto shift = [](int v) {
    if (v < 0) return 0;
    return v + 1;
  };
  upc_forall(int i = 0, i < n - THREADS, i++, &out[i]) {
    const std::array<int, 2> weights{1, 0};  // not a strict shared array
    auto low = [](int v) {
      if (v > 5) return 5;  // returns from the lambda, not from the loop
      return v;
    };
    out[i] = A[twice(i) % n] + scale(A[shift(i) % n]) * weights[0] + offset + low(i) + MYTHREAD * weights[1];
  }
  upc_barrier;
  if (MYTHREAD == 0)
    for (int i = 0; i < n - 8; ++i) std::printf("%d\n", static_cast<int>(out[i]));  // set at up to 8 threads
  return 0;
}

// Expected diagnostics:
// CHECK: input.cpp:42:3: warning: not rewritten: call to 'log_step' may synchronize
// CHECK: input.cpp:42:48: note: synchronizes (upc_barrier, upc_notify or upc_wait) in 'settle'
// CHECK: input.cpp:43:3: warning: not rewritten: call to a lambda may access the cached array 'A'
// CHECK: input.cpp:45:5: note: 'A' is captured by it
// CHECK: input.cpp:47:3: warning: not rewritten: call to 'read' may access the cached array 'A'
// CHECK: input.cpp:47:74: note: accesses shared memory through the member 'data' in 'Window::read'
// CHECK: input.cpp:48:3: warning: not rewritten: the loop bound is not loop-invariant
// CHECK: input.cpp:48:29: note: 'limit' is assigned in the loop body
// CHECK: input.cpp:52:3: warning: not rewritten: the loop bound is not loop-invariant
// CHECK: input.cpp:52:46: note: 'seen' is assigned in the loop body
// CHECK: input.cpp:52:3: warning: not rewritten: an index of 'A' is computed only under a condition, and the
// inspector would compute it for every iteration CHECK: input.cpp:52:44: note: it divides by a value that may
// be zero CHECK: input.cpp:54:3: warning: not rewritten: an index of 'A' cannot be computed ahead of the tile
// CHECK: input.cpp:55:59: note: it calls a lambda, which the inspector would call once more: it writes
// 'next_random'
