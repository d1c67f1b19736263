// A broadcast and a gather with known traffic, for coll_trace_test.cpp: what the tracer records for them
// must be exactly the bytes they move, at these lines, between the threads that move them. With a third
// argument "sort", then a upc_all_sort, whose traffic must all be attributed to its line.
#include <cstdlib>
#include <pgas/upc.hpp>
#include <string>

using namespace pgas;

namespace {
int by_value(global_ptr<void> a, global_ptr<void> b) {
  const int x = *global_ptr<int>(a, 1), y = *global_ptr<int>(b, 1);
  return (x > y) - (x < y);
}
}  // namespace

int main(int argc, char **argv) {
  const std::size_t nb = argc > 2 ? std::strtoul(argv[1], nullptr, 10) : 24;  // broadcast bytes
  const std::size_t ng = argc > 2 ? std::strtoul(argv[2], nullptr, 10) : 40;  // gather bytes per thread
  const auto T = static_cast<std::size_t>(THREADS);
  const std::size_t root = T - 1, gather_root = T / 2;
  shared_array<char> bsrc(nb * T, nb, "bsrc"), bdst(nb * T, nb, "bdst");
  shared_array<char> gsrc(ng * T, ng, "gsrc"), gdst(ng * T * T, ng * T, "gdst");
  upc_all_broadcast(bdst, &bsrc[root * nb], nb, UPC_IN_MYSYNC | UPC_OUT_MYSYNC);            // SITE broadcast
  upc_all_gather(&gdst[gather_root * ng * T], gsrc, ng, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);  // SITE gather
  upc_barrier;
  if (argc > 3 && std::string(argv[3]) == "sort") {  // then a sort of 8 ints a thread, in reverse order
    const std::size_t n = 8 * T;
    shared_array<int> a(n, 8, "a");
    for (std::size_t i = 0; i < n; ++i)
      if (a[i].is_local()) a[i] = static_cast<int>(n - i);
    upc_barrier;
    upc_all_sort(a, sizeof(int), n, 8, &by_value, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);  // SITE sort
    for (std::size_t i = 0; i < n; ++i)
      if (a[i].is_local() && a[i] != static_cast<int>(i + 1)) return 1;
  }
  return 0;
}
