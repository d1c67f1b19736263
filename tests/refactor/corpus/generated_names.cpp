// ARGS: --array A --array B --array C
// The names the rewrite declares avoid the names in use in the translation unit, found in its AST: a
// variable declared elsewhere in the file (i_chunk), a type the loop body names (C_cache), a macro (B_cache)
// and a function (i_tile). A name written only in a comment or a string (A_cache, i_owned) is free.
#include <cstdio>
#include <pgas/upc.hpp>

using namespace pgas;

#define B_cache 0

struct C_cache {
  int value;
};

static int i_tile() { return 1; }

int unrelated() {
  const int i_chunk = 3;  // A_cache i_owned
  return i_chunk;
}

void gather(const shared_array<int> &A, const shared_array<int> &B, const shared_array<int> &C, int *out,
            int n) {
  std::puts("A_cache i_owned");
  upc_forall(int i = 0, i < n, i++, i) {
    const C_cache c{static_cast<int>(C[(i + 1) % n])};
    out[i] = A[(i + 1) % n] + B[(i + 2) % n] + c.value + B_cache * i_tile();
  }
}
