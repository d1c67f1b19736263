// ARGS: --array A --chunk 64
// An index whose computation throws (std::vector::at past the end) at iteration 50: the original runs every
// iteration before it. The inspector, which computes the tile's indices first, stops hinting at the
// exception, and the executor throws it at iteration 50, after the others.
#include <cstdio>
#include <pgas/upc.hpp>
#include <stdexcept>
#include <vector>

using namespace pgas;

int main() {
  const int n = 100;
  shared_array<int> A(n, 1, "A"), B(n, 1, "B");
  upc_forall(int i = 0, i < n, i++, &A[i]) {
    A[i] = 2 * i;
    B[i] = -1;
  }
  upc_barrier;
  std::vector<int> perm(50);
  for (int k = 0; k < 50; ++k) perm[static_cast<std::size_t>(k)] = (k * 7) % n;
  const std::vector<int> &order = perm;  // read only: at() then has no effect but its throw
  bool caught = false;
  try {
    upc_forall(int i = 0, i < n, i++, &B[i]) { B[i] = A[order.at(static_cast<std::size_t>(i))]; }
  } catch (const std::out_of_range &) {
    caught = true;
  }
  upc_barrier;
  if (MYTHREAD == 0) {
    std::printf("caught %d\n", caught ? 1 : 0);
    for (int i = 0; i < n; ++i) std::printf("%d\n", static_cast<int>(B[i]));
  }
  return 0;
}
