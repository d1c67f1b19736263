// Staged MYSYNC relocalizations take no page fault once running: every thread's collective areas (flags,
// records, the staging table and ring) are mapped at start-up (coll/staging.hpp, prepare_collective_areas).
// Before, a staged call took a fault on each page of the staging table it reached first (one every 32
// calls, on the holder and on each reader, microseconds each on a virtual machine). Each collective runs a
// few calls to warm up, then more calls than the table has entries, counting this process's minor faults.
// Registered at 1, 2, 3, 4 and 8 threads under pgasrun (the MPI conduit maps nothing of its peers).
#include <gtest/gtest.h>
#include <sys/resource.h>

#include <functional>
#include <pgas/upc.hpp>
#include <string>

using namespace pgas;

namespace {

long minor_faults() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_minflt;
}

constexpr upc_flag_t kMySync = UPC_IN_MYSYNC | UPC_OUT_MYSYNC;

TEST(StagedCalls, TakeNoPageFaultOnceRunning) {
  constexpr std::size_t n = 64;  // a block staged in its table entry
  constexpr int kWarm = 4, kCalls = 600;
  const auto T = static_cast<std::size_t>(THREADS), me = static_cast<std::size_t>(MYTHREAD);
  shared_array<char> src(n * T * T, n * T, "src"), dst(n * T * T, n * T, "dst");
  shared_array<int> perm(T, 1, "perm");
  perm[me] = static_cast<int>((me + 1) % T);
  upc_barrier;
  const std::pair<const char *, std::function<void()>> kCollectives[] = {
      {"broadcast", [&] { upc_all_broadcast(dst, src, n, kMySync); }},
      {"scatter", [&] { upc_all_scatter(dst, src, n, kMySync); }},
      {"gather", [&] { upc_all_gather(dst, src, n, kMySync); }},
      {"permute", [&] { upc_all_permute(dst, src, perm.ptr(), n, kMySync); }},
  };
  for (const auto &[name, call] : kCollectives) {
    for (int k = 0; k < kWarm; ++k) call();
    const long before = minor_faults();
    for (int k = 0; k < kCalls; ++k) call();
    // At most one: oversubscribed (8 threads on 2 cores), a call now and then takes the full path, whose
    // allocation may meet the heap's top once (a fault on a fresh heap page, not on a collective area).
    EXPECT_LE(minor_faults() - before, 1) << "thread " << MYTHREAD << ", " << kCalls << " calls of " << name;
  }
  upc_barrier;
}

}  // namespace
