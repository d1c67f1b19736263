// ARGS: --array G --array P --chunk 8
// Element accesses written as G(i, j) on a shared_array2d and as P[i].field(&Point::y) (UPC's P[i].y) on an
// array of structs are read through the cache (issue 14, refusals to lift); a member written through
// field() goes through a cache of that member alone, which writes back only y.
#include <cstdio>
#include <pgas/upc.hpp>

using namespace pgas;

struct Point {
  int x, y;
};

void member_written(const shared_array<Point> &P, int n) {
  upc_forall(int i = 0, i < n, i++, i) { P[(i + 1) % n].field(&Point::y) = i; }
}

int main() {
  const int rows = 6, cols = 9, n = 40;
  shared_array2d<int> G(rows, cols, cols, "G");
  shared_array<Point> P(n, 1, "P");
  shared_array<int> out(n, 1, "out");
  upc_forall(int i = 0, i < rows * cols, i++, i) { G[i / cols][i % cols] = i * 3; }
  upc_forall(int i = 0, i < n, i++, &P[i]) { P[i] = Point{i, 2 * i + 1}; }
  upc_barrier;
  member_written(P, n);
  upc_barrier;
  upc_forall(int i = 0, i < n, i++, &out[i]) {
    out[i] = G((i + 1) % rows, (i * 5) % cols) + P[(i * 7) % n].field(&Point::y);
  }
  upc_barrier;
  if (MYTHREAD == 0)
    for (int i = 0; i < n; ++i) std::printf("%d\n", static_cast<int>(out[i]));
  return 0;
}
