// Staged MYSYNC relocalizations take no page fault once running: every thread's collective areas (flags,
// records, the staging table and ring) are mapped at start-up (coll/staging.hpp, prepare_collective_areas).
// Before, a staged call took a fault on each page of the staging table it reached first (one every 32
// calls, on the holder and on each reader, microseconds each on a virtual machine). Each collective runs a
// few calls to warm up, then more calls than the table has entries, counting this process's minor faults.
// Nor does any relocalization or reduction allocate once running, staged or not, in any sync mode: this
// program replaces the global operator new with one that counts (a heap allocation per call can fault, and
// costs more than a staged call). Registered at 1, 2, 3, 4 and 8 threads under pgasrun, with the default
// variant and with those whose waits keep lists of their own (the tree, the arrival vector, pushing;
// PGAS_COLL_MYSYNC, coll/variant.hpp); the allocation test also under mpirun (the page faults are not: the
// MPI conduit maps nothing of its peers).
#include <gtest/gtest.h>
#include <sys/resource.h>

#include <atomic>
#include <cstdlib>
#include <functional>
#include <new>
#include <pgas/upc.hpp>
#include <string>

using namespace pgas;

namespace {
std::atomic<long> g_allocations{0};
}  // namespace

// Replaces the program's global allocation functions (the runtime's allocations included): counts them.
void *operator new(std::size_t bytes) {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  if (void *p = std::malloc(bytes == 0 ? 1 : bytes)) return p;
  throw std::bad_alloc();
}
void operator delete(void *p) noexcept { std::free(p); }
void operator delete(void *p, std::size_t) noexcept { std::free(p); }

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
    // At most one, a margin: oversubscribed (8 threads on 2 cores) a call now and then takes the full path,
    // which allocated before calls stopped allocating (the test below) and could meet a fresh heap page.
    EXPECT_LE(minor_faults() - before, 1) << "thread " << MYTHREAD << ", " << kCalls << " calls of " << name;
  }
  upc_barrier;
}

// Every relocalization, staged (64 B) and between the users' arrays (8 KiB), and the reductions, MYSYNC and
// ALLSYNC.
TEST(Collectives, AllocateNothingOnceRunning) {
  constexpr int kWarm = 4, kCalls = 200;
  const auto T = static_cast<std::size_t>(THREADS), me = static_cast<std::size_t>(MYTHREAD);
  constexpr std::size_t kMost = 8192;
  shared_array<char> src(kMost * T * T, kMost * T, "src"), dst(kMost * T * T, kMost * T, "dst");
  shared_array<int> perm(T, 1, "perm");
  perm[me] = static_cast<int>((T - 1 - me) % T);
  constexpr std::size_t kBlock = 16, kElements = 64;  // the reductions' operands: 4 blocks of 16 per thread
  shared_array<double> operands(kElements * T, kBlock, "operands"),
      prefixes(kElements * T, kBlock, "prefixes");
  shared_array<double> total(1, 1, "total");
  const auto all_elements = kElements * T;
  upc_barrier;
  for (const upc_flag_t sync : {kMySync, upc_flag_t{UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC}}) {
    for (const std::size_t n : {std::size_t{64}, kMost}) {
      const std::pair<const char *, std::function<void()>> kCollectives[] = {
          {"broadcast", [&] { upc_all_broadcast(dst, src, n, sync); }},
          {"scatter", [&] { upc_all_scatter(dst, src, n, sync); }},
          {"gather", [&] { upc_all_gather(dst, src, n, sync); }},
          {"gather_all", [&] { upc_all_gather_all(dst, src, n, sync); }},
          {"exchange", [&] { upc_all_exchange(dst, src, n, sync); }},
          {"permute", [&] { upc_all_permute(dst, src, perm.ptr(), n, sync); }},
          {"reduceD",
           [&] { upc_all_reduceD(total, operands, UPC_ADD, all_elements, kBlock, nullptr, sync); }},
          {"prefix_reduceD",
           [&] { upc_all_prefix_reduceD(prefixes, operands, UPC_MAX, all_elements, kBlock, nullptr, sync); }},
      };
      for (const auto &[name, call] : kCollectives) {
        for (int k = 0; k < kWarm; ++k) call();
        const long before = g_allocations.load();
        for (int k = 0; k < kCalls; ++k) call();
        EXPECT_EQ(g_allocations.load() - before, 0) << "thread " << MYTHREAD << ", " << kCalls << " calls of "
                                                    << name << " of " << n << " B, sync_mode " << sync;
      }
    }
  }
  upc_barrier;
}

}  // namespace
