// A broadcast and a gather with known traffic, for coll_trace_test.cpp: what the tracer records for them
// must be exactly the bytes they move, at these lines, between the threads that move them.
#include <cstdlib>
#include <pgas/upc.hpp>

using namespace pgas;

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
  return 0;
}
