// ARGS: --array D:min --array P --chunk 50
// NORUN: racing grafts make the original nondeterministic at several threads (cc_opt checks the partition)
// CC's pattern: indices read from the cached array itself (D[D[i]], D[dv]) need a second inspector level;
// racing writes of D and P combined by min; a loop with a nested while and break that stays inside.
#include <cstdio>
#include <pgas/upc.hpp>

using namespace pgas;

int main() {
  const int n = 300;
  shared_array<int> D(n, 1, "D"), P(n, 1, "P");
  upc_forall(int i = 0, i < n, i++, &D[i]) {
    D[i] = i / 3 * 3;  // every third vertex is a root
    P[i] = n;
  }
  upc_barrier;
  upc_forall(int e = 0, e < n, e++, e) {
    const int u = (e * 17) % n, v = (e * 29 + 3) % n;
    const int du = D[u], dv = D[v];
    if (du < dv && dv == D[dv]) {
      D[dv] = du;
      P[dv] = du;
    }
  }
  upc_barrier;
  upc_forall(int i = 0, i < n, i++, &D[i]) {
    while (true) {
      if (D[i] == D[D[i]]) break;
      D[i] = D[D[i]];
    }
  }
  upc_barrier;
  if (MYTHREAD == 0)
    for (int i = 0; i < n; ++i) std::printf("%d %d\n", static_cast<int>(D[i]), static_cast<int>(P[i]));
  return 0;
}

// The initialization writes D plainly: under min it would keep D's zeros (and the shortcut's plain write
// D[i] = D[D[i]] is not of min's form either); P, written only, keeps the default policy (any).
// CHECK: input.cpp:13:3: warning: not rewritten: policy 'min' keeps the smaller value: only writes of that form to 'D' can be cached
// CHECK: input.cpp:14:5: note: write `D[k] = std::min(D[k], v)` or `if (v < D[k]) D[k] = v`; choose another policy for 'D' with --array D:POLICY
// CHECK: input.cpp:27:3: warning: not rewritten: policy 'min' keeps the smaller value: only writes of that form to 'D' can be cached
// CHECK: input.cpp:30:7: note: write `D[k] = std::min(D[k], v)` or `if (v < D[k]) D[k] = v`; choose another policy for 'D' with --array D:POLICY
