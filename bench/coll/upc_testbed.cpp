// The testbed (testbed.hpp) on our UPC 1.2 collectives: pgasrun -n N coll_testbed [options]; the sync mode
// is --sync IN,OUT, the MYSYNC variant (push or pull, tree, vector, spin) is PGAS_COLL_MYSYNC. The slowest
// thread's total time is found with upc_all_reduceD(UPC_MAX).
#include <pgas/upc.hpp>

#include "testbed.hpp"

using namespace pgas;

int main(int argc, char **argv) {
  const testbed::Options o = testbed::parse(argc, argv);
  const auto T = static_cast<std::size_t>(THREADS), n = o.bytes;
  const std::size_t comma = o.sync.find(',');
  auto in_flag = [](const std::string &m) {
    return m == "all" ? UPC_IN_ALLSYNC : m == "my" ? UPC_IN_MYSYNC : UPC_IN_NOSYNC;
  };
  auto out_flag = [](const std::string &m) {
    return m == "all" ? UPC_OUT_ALLSYNC : m == "my" ? UPC_OUT_MYSYNC : UPC_OUT_NOSYNC;
  };
  const upc_flag_t flags = in_flag(o.sync.substr(0, comma)) | out_flag(o.sync.substr(comma + 1));
  // Every buffer is THREADS blocks of n bytes on each thread (what exchange and gather_all need).
  shared_array<char> src(n * T * T, n * T, "src"), dst(n * T * T, n * T, "dst");
  shared_array<int> perm(T, 1, "perm");
  perm[static_cast<std::size_t>(MYTHREAD)] = (MYTHREAD + 1) % THREADS;
  shared_array<double> total(T, 1, "total"), slowest(1, indefinite, "slowest");
  upc_barrier;
  const std::string &c = o.collective;
  const double mine = testbed::run(o, MYTHREAD, THREADS, [&] {
    if (c == "broadcast")
      upc_all_broadcast(dst, src, n, flags);
    else if (c == "scatter")
      upc_all_scatter(dst, src, n, flags);
    else if (c == "gather")
      upc_all_gather(dst, src, n, flags);
    else if (c == "gather_all")
      upc_all_gather_all(dst, src, n, flags);
    else if (c == "exchange")
      upc_all_exchange(dst, src, n, flags);
    else
      upc_all_permute(dst, src, perm.ptr(), n, flags);
  });
  total[static_cast<std::size_t>(MYTHREAD)] = mine;
  upc_all_reduceD(&slowest[0], total, UPC_MAX, T, 1, nullptr, UPC_IN_MYSYNC | UPC_OUT_ALLSYNC);
  if (MYTHREAD == 0) {
    const char *variant = std::getenv("PGAS_COLL_MYSYNC");
    const std::string engine = std::string("upc-") + (variant != nullptr && *variant ? variant : "pull");
    testbed::print(engine.c_str(), o, THREADS, slowest[0]);
  }
  return 0;
}
