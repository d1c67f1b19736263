// ARGS: --array P --array Q:sum --array R:min --array G --array p --chunk 4
// Writes of one member of a struct element through field() (UPC's A[k].m = v, A[k].m += v, ++A[k].m,
// A[k].m++) on cached arrays go through a cache of that member alone, which writes back only the member's
// bytes: other members of the same element, written in the same phase by another thread (b and a of P in
// the first loop), or never written, keep their values. A combining policy applies to a member of its form
// (sum: additions to Q's counters; min: R's distance). The element read whole at the iteration's own
// element stays beside a member written elsewhere, and two members of one element are written apart.
#include <algorithm>
#include <cstdio>
#include <pgas/upc.hpp>

using namespace pgas;

struct Cell {
  int a, b;
  double w;
  char tag;
};
struct Tally {
  long hits;
  double total;
  int id;
};
struct Best {
  int dist, from;
};

int main() {
  const int n = 37, m = 5;
  shared_array<Cell> P(n, 2, "P");
  shared_array<Tally> Q(m, 1, "Q");
  shared_array<Best> R(m, 1, "R");
  shared_array<double> out(n, 2, "out");
  upc_forall(int i = 0, i < n, i++, &P[i]) { P[i] = Cell{i, -i, 0.5 * i, static_cast<char>('a' + i % 26)}; }
  upc_forall(int k = 0, k < m, k++, &Q[k]) { Q[k] = Tally{0, 0.0, 100 + k}; }
  upc_forall(int k = 0, k < m, k++, &R[k]) { R[k] = Best{1000, k}; }
  upc_barrier;
  // Element i + 1 has a written by its owner and b by the owner of i, in the same phase.
  upc_forall(int i = 0, i < n, i++, &P[i]) {
    P[i].field(&Cell::a) = 10 * i + P[i].field(&Cell::a);
    P[(i + 1) % n].field(&Cell::b) = 3 * i;
    P[i].field(&Cell::w) += 1.5;
    ++P[i].field(&Cell::tag);
    P[i].field(&Cell::tag)++;
  }
  upc_barrier;
  upc_forall(int i = 0, i < n, i++, &P[i]) {
    const Cell c = P[i];
    P[(i + 2) % n].field(&Cell::a) = c.b + P[(i + 5) % n].field(&Cell::b);
    out[i] = c.w + c.tag;
  }
  upc_barrier;
  // Two members of another thread's element, each through its own cache: neither write-back may carry the
  // other member's old value.
  upc_forall(int i = 0, i < n, i++, &P[i]) {
    P[(i + 3) % n].field(&Cell::a) = 7 * i;
    P[(i + 3) % n].field(&Cell::w) = 0.25 * i;
  }
  upc_barrier;
  upc_forall(int i = 0, i < n, i++, i) {
    Q[(i * 7) % m].field(&Tally::hits) += 2;
    ++Q[(i * 3) % m].field(&Tally::hits);
    Q[i % m].field(&Tally::hits)++;
    Q[(i * 7) % m].field(&Tally::total) += 0.25 * i;
  }
  upc_barrier;
  upc_forall(int i = 0, i < n, i++, i) {
    const int d = (i * 13) % 29;
    if (d < R[(i * 3) % m].field(&Best::dist)) R[(i * 3) % m].field(&Best::dist) = d;
    R[(i * 2) % m].field(&Best::dist) = std::min<int>(R[(i * 2) % m].field(&Best::dist), d + 1);
  }
  upc_barrier;
  // A member of a shared_array2d's element, and of a pointer-to-shared's (negative indices included).
  shared_array2d<Cell> G(4, 5, 5, "G");
  upc_forall(int i = 0, i < 20, i++, i) { G[i / 5][i % 5] = Cell{i, i, 0.0, 'g'}; }
  upc_barrier;
  upc_forall(int i = 0, i < 20, i++, i) { G[(i / 5 + 1) % 4][i % 5].field(&Cell::b) = 2 * i; }
  global_ptr<Cell> p = &P[2];
  upc_forall(int i = 0, i < n - 2, i++, i) { p[i - 1].field(&Cell::w) = 0.25 * i; }
  upc_barrier;
  if (MYTHREAD == 0) {
    for (int i = 0; i < n; ++i) {
      const Cell c = P[i];
      std::printf("P %d: %d %d %.2f %c %.2f\n", i, c.a, c.b, c.w, c.tag, static_cast<double>(out[i]));
    }
    for (int k = 0; k < m; ++k) {
      const Tally t = Q[k];
      const Best b = R[k];
      std::printf("Q %d: %ld %.2f %d R: %d %d\n", k, t.hits, t.total, t.id, b.dist, b.from);
    }
    for (int i = 0; i < 20; ++i) {
      const Cell c = G[i / 5][i % 5];
      std::printf("G %d: %d %d %c\n", i, c.a, c.b, c.tag);
    }
  }
  return 0;
}
