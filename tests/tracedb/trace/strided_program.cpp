// Traced by trace.strided_one_call_per_owner: every thread moves a sub-matrix from every other thread with
// one bupc_memget_fstrided, a row with one upc_memget_nb, and a sub-matrix to the next thread with one
// bupc_memput_fstrided; the trace must show one getv, one get_nb per owner and one putv per thread.
#include <cstdio>
#include <pgas/upc.hpp>
#include <vector>

using namespace pgas;

constexpr std::size_t kRows = 8, kCols = 10, kPart = kRows * kCols;

double value(int thread, std::size_t r, std::size_t c) { return thread * 1000.0 + r * 20.0 + c; }

int main() {
  const auto threads = static_cast<std::size_t>(THREADS);
  shared_array<double> m(kPart * threads, kPart, "M");
  double *mine = m.local_part().data();
  for (std::size_t r = 0; r < kRows; ++r)
    for (std::size_t c = 0; c < kCols; ++c) mine[r * kCols + c] = value(MYTHREAD, r, c);
  upc_barrier;
  bool ok = true;
  const std::size_t r0 = 2, c0 = 3, h = 4, w = 5;
  for (int owner = 0; owner < THREADS; ++owner) {
    if (owner == MYTHREAD) continue;
    const std::size_t base = static_cast<std::size_t>(owner) * kPart;
    std::vector<double> block(h * w);
    bupc_memget_fstrided(block.data(), w * sizeof(double), w * sizeof(double), h, &m[base + r0 * kCols + c0],
                         w * sizeof(double), kCols * sizeof(double), h);
    for (std::size_t i = 0; i < h; ++i)
      for (std::size_t j = 0; j < w; ++j) ok = ok && block[i * w + j] == value(owner, r0 + i, c0 + j);
    std::vector<double> row(kCols);
    upc_sync(upc_memget_nb(row.data(), &m[base + kCols], kCols * sizeof(double)));
    for (std::size_t c = 0; c < kCols; ++c) ok = ok && row[c] == value(owner, 1, c);
  }
  upc_barrier;
  if (THREADS > 1) {
    const std::size_t next = (static_cast<std::size_t>(MYTHREAD) + 1) % threads;
    std::vector<double> block(h * w, -1.0 - MYTHREAD);
    bupc_memput_fstrided(&m[next * kPart + r0 * kCols + c0], w * sizeof(double), kCols * sizeof(double), h,
                         block.data(), h * w * sizeof(double), 0, 1);
  }
  upc_barrier;
  const int previous = (MYTHREAD + THREADS - 1) % THREADS;
  for (std::size_t i = 0; THREADS > 1 && i < h; ++i)
    for (std::size_t j = 0; j < w; ++j) ok = ok && mine[(r0 + i) * kCols + c0 + j] == -1.0 - previous;
  std::printf("thread %d: strided: %s\n", MYTHREAD, ok ? "OK" : "wrong data");
  upc_barrier;
  return ok ? 0 : 1;
}
