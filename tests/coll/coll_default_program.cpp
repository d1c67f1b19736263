// MYSYNC gathers and permutes of small blocks, for coll_default_test.cpp: which MYSYNC variant each call took
// shows in the trace (a staged block is read from the holder's `collective staging` object, a direct one
// from the user's source array), and every result is checked here (exit status 1 if one is wrong).
#include <cstdlib>
#include <pgas/upc.hpp>

using namespace pgas;

namespace {
constexpr upc_flag_t kMySync = UPC_IN_MYSYNC | UPC_OUT_MYSYNC;

char byte_of(std::size_t call, std::size_t thread, std::size_t k) {
  return static_cast<char>(call * 31 + thread * 7 + k);
}
}  // namespace

int main(int argc, char **argv) {
  const std::size_t n = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 40;  // bytes per block
  const std::size_t calls = argc > 2 ? std::strtoul(argv[2], nullptr, 10) : 2;
  const auto T = static_cast<std::size_t>(THREADS), me = static_cast<std::size_t>(MYTHREAD);
  const std::size_t root = T / 2;
  shared_array<char> gsrc(n * T, n, "gsrc"), gdst(n * T * T, n * T, "gdst");
  shared_array<char> psrc(n * T, n, "psrc"), pdst(n * T, n, "pdst");
  shared_array<int> perm(T, 1, "perm");
  perm[me] = static_cast<int>((me + 1) % T);
  upc_barrier;
  int wrong = 0;
  for (std::size_t call = 0; call < calls; ++call) {
    // OUT MYSYNC: once a call returned, no thread reads this thread's source blocks of it any more.
    for (std::size_t k = 0; k < n; ++k) gsrc[me * n + k] = psrc[me * n + k] = byte_of(call, me, k);
    upc_all_gather(&gdst[root * n * T], gsrc, n, kMySync);  // SITE gather
    upc_all_permute(pdst, psrc, perm.ptr(), n, kMySync);    // SITE permute
    // The root holds every thread's block in thread order; each thread holds its predecessor's block.
    if (me == root)
      for (std::size_t t = 0; t < T; ++t)
        for (std::size_t k = 0; k < n; ++k) wrong += gdst[root * n * T + t * n + k] != byte_of(call, t, k);
    for (std::size_t k = 0; k < n; ++k) wrong += pdst[me * n + k] != byte_of(call, (me + T - 1) % T, k);
  }
  upc_barrier;
  return wrong == 0 ? 0 : 1;
}
