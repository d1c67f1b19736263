// Dynamic shared memory: upc_all_alloc (collective, the same pointer everywhere, nblocks blocks of nbytes
// dealt round-robin), upc_global_alloc (one thread, usable by all), upc_alloc (affinity to the caller,
// reached by others through an indefinite-block pointer), upc_free by any one thread, fresh memory is zero
// (also when it reuses freed memory), and many allocate/free cycles do not exhaust the heap, the handle
// table or the lock table. Registered with a small segment (see CMakeLists.txt) so that a leak shows.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <pgas/upc.hpp>
#include <vector>

#include "mp_util.hpp"

using namespace pgas;

namespace {

const auto kT = [] { return static_cast<std::size_t>(THREADS); };

// Every byte of the nbytes at p (all in one thread's part) is `value`.
bool all_bytes_are(const global_ptr<const void> &p, std::size_t nbytes, unsigned char value) {
  std::vector<unsigned char> bytes(nbytes, static_cast<unsigned char>(~value));
  upc_memget(bytes.data(), p, nbytes);
  for (unsigned char b : bytes)
    if (b != value) return false;
  return true;
}

TEST(Alloc, AllAllocGivesEveryThreadTheSamePointerAndTheUpcLayout) {
  constexpr std::size_t kBytes = 24;
  const std::size_t nblocks = 2 * kT() + 3;
  global_ptr<void> raw = upc_all_alloc(nblocks, kBytes);
  ASSERT_TRUE(mp::all_ok(static_cast<bool>(raw)));
  auto handles = mp::all_gather(raw.handle());
  auto addresses = mp::all_gather(upc_addrfield(raw));
  auto threads = mp::all_gather(upc_threadof(raw));
  for (std::size_t t = 0; t < kT(); ++t) {
    EXPECT_EQ(handles[t], raw.handle()) << "thread " << t;
    EXPECT_EQ(addresses[t], upc_addrfield(raw)) << "thread " << t;
    EXPECT_EQ(threads[t], 0u) << "thread " << t;
  }
  global_ptr<unsigned char> bytes(raw, kBytes);  // shared [24] unsigned char *
  // Block b is on thread b % THREADS at local block b / THREADS; it is zero to begin with.
  for (std::size_t b = 0; b < nblocks; ++b) {
    global_ptr<unsigned char> block = bytes + static_cast<std::ptrdiff_t>(b * kBytes);
    EXPECT_EQ(upc_threadof(block), b % kT()) << "block " << b;
    EXPECT_EQ(upc_addrfield(block) - upc_addrfield(raw), (b / kT()) * kBytes) << "block " << b;
    EXPECT_TRUE(all_bytes_are(block, kBytes, 0)) << "block " << b;
    // Its bytes are contiguous on that thread.
    EXPECT_EQ(upc_threadof(block + static_cast<std::ptrdiff_t>(kBytes - 1)), b % kT()) << "block " << b;
  }
  upc_barrier;
  for (std::size_t b = 0; b < nblocks; ++b) {
    if (b % kT() != static_cast<std::size_t>(MYTHREAD)) continue;
    unsigned char *local = (bytes + static_cast<std::ptrdiff_t>(b * kBytes)).local();
    for (std::size_t j = 0; j < kBytes; ++j) local[j] = static_cast<unsigned char>(b * 31 + j);
  }
  upc_barrier;
  for (std::size_t b = 0; b < nblocks; ++b)
    for (std::size_t j = 0; j < kBytes; ++j)
      EXPECT_EQ(int(bytes[static_cast<std::ptrdiff_t>(b * kBytes + j)]),
                int(static_cast<unsigned char>(b * 31 + j)))
          << "block " << b << " byte " << j;
  upc_barrier;
  if (MYTHREAD == THREADS - 1) upc_free(raw);
  upc_barrier;
}

// Objects start on a cache line of their thread's memory whatever the conduit: a long double (16-byte
// alignment) or a 16-byte atomic in shared memory is usable through its local pointer. MPI's windows start
// 8 bytes past a 16-byte boundary under Open MPI's osc/sm; the conduit must align its segment itself.
TEST(Alloc, EveryFormStartsOnACacheLineOfItsThread) {
  constexpr std::uintptr_t kLine = 64;
  static_assert(kLine % alignof(std::max_align_t) == 0 && kLine % alignof(long double) == 0);
  const auto offset = [&](const global_ptr<void> &p) {
    return reinterpret_cast<std::uintptr_t>(p.local()) % kLine;
  };
  global_ptr<void> all = upc_all_alloc(kT(), 40);
  global_ptr<void> global = upc_global_alloc(kT(), 40);
  global_ptr<void> mine = upc_alloc(40);
  global_ptr<unsigned char> all_bytes(all, 40), global_bytes(global, 40);
  const auto my_block = static_cast<std::ptrdiff_t>(MYTHREAD) * 40;
  EXPECT_EQ(offset(mine), 0u);
  EXPECT_EQ(offset(all_bytes + my_block), 0u);
  EXPECT_EQ(offset(global_bytes + my_block), 0u);
  auto *value = static_cast<long double *>(mine.local());
  *value = 1.0L / 3;
  upc_barrier;
  EXPECT_EQ(*value, 1.0L / 3);
  upc_free(mine);
  upc_barrier;
  if (MYTHREAD == 0) {
    upc_free(all);
    upc_free(global);
  }
}

TEST(Alloc, AllAllocWithFewerBlocksThanThreads) {
  constexpr std::size_t kInts = 5;
  global_ptr<int> p(upc_all_alloc(1, kInts * sizeof(int)), kInts);  // shared [5] int[5]: all on thread 0
  for (std::size_t i = 0; i < kInts; ++i) EXPECT_EQ(upc_threadof(p + static_cast<std::ptrdiff_t>(i)), 0u);
  if (static_cast<std::size_t>(MYTHREAD) < kInts) p[MYTHREAD] = MYTHREAD + 1;
  upc_barrier;
  for (std::size_t i = 0; i < kInts; ++i)
    EXPECT_EQ(int(p[static_cast<std::ptrdiff_t>(i)]), i < kT() ? static_cast<int>(i) + 1 : 0) << "i=" << i;
  upc_barrier;
  if (MYTHREAD == 0) upc_free(p);
  upc_barrier;
}

TEST(Alloc, GlobalAllocByOneThreadIsUsedByAll) {
  shared_var<global_ptr<int>> slot;
  const std::size_t n = 3 * kT() + 1;
  if (MYTHREAD == THREADS - 1) {
    global_ptr<int> p = upc_global_alloc(n, sizeof(int));
    EXPECT_TRUE(static_cast<bool>(p));
    slot = p;
  }
  upc_barrier;
  global_ptr<int> p = slot;
  ASSERT_TRUE(mp::all_ok(static_cast<bool>(p)));
  for (std::size_t i = 0; i < n; ++i) {
    EXPECT_EQ(int(p[static_cast<std::ptrdiff_t>(i)]), 0) << "fresh memory, i=" << i;
    EXPECT_EQ(upc_threadof(p + static_cast<std::ptrdiff_t>(i)), i % kT());
  }
  upc_barrier;
  upc_forall(std::size_t i = 0, i < n, ++i, &p[static_cast<std::ptrdiff_t>(i)]) {
    p[static_cast<std::ptrdiff_t>(i)] = static_cast<int>(i * i) + 1;
  }
  upc_barrier;
  for (std::size_t i = 0; i < n; ++i)
    EXPECT_EQ(int(p[static_cast<std::ptrdiff_t>(i)]), static_cast<int>(i * i) + 1);
  upc_barrier;
  if (MYTHREAD == 0) upc_free(p);  // a thread other than the allocator (when THREADS > 1) frees it
  upc_barrier;
}

TEST(Alloc, EveryThreadGlobalAllocsConcurrently) {
  // Each thread allocates one long per thread; everybody writes its element of everybody's object.
  global_ptr<long> mine = upc_global_alloc(kT(), sizeof(long));
  auto all = mp::all_gather(mine);
  for (std::size_t t = 0; t < kT(); ++t)
    for (std::size_t u = t + 1; u < kT(); ++u)
      EXPECT_NE(all[t].handle(), all[u].handle()) << t << " and " << u;
  for (std::size_t t = 0; t < kT(); ++t) {
    global_ptr<long> element = all[t] + MYTHREAD;
    EXPECT_EQ(upc_threadof(element), static_cast<std::size_t>(MYTHREAD));
    *element = static_cast<long>(t * 100) + MYTHREAD;
  }
  upc_barrier;
  for (std::size_t t = 0; t < kT(); ++t)
    for (std::size_t u = 0; u < kT(); ++u)
      EXPECT_EQ(long(all[t][static_cast<std::ptrdiff_t>(u)]), static_cast<long>(t * 100 + u))
          << t << "," << u;
  upc_barrier;
  upc_free(mine);
  upc_barrier;
}

TEST(Alloc, UpcAllocHasAffinityToTheCallerAndIsReachableByOthers) {
  constexpr std::size_t kLongs = 100;
  global_ptr<void> raw = upc_alloc(kLongs * sizeof(long));
  EXPECT_EQ(upc_threadof(raw), static_cast<std::size_t>(MYTHREAD));
  global_ptr<long> p = raw;  // the default for upc_alloc memory: an indefinite-block pointer
  EXPECT_EQ(p.block(), indefinite);
  long *local = p.local();
  for (std::size_t i = 0; i < kLongs; ++i) {
    EXPECT_EQ(upc_threadof(p + static_cast<std::ptrdiff_t>(i)), static_cast<std::size_t>(MYTHREAD));
    EXPECT_EQ(local[i], 0) << "fresh memory, i=" << i;
    local[i] = MYTHREAD * 1000L + static_cast<long>(i);
  }
  auto all = mp::all_gather(raw);  // also a barrier: the writes above are complete
  const auto right = static_cast<std::size_t>((MYTHREAD + 1) % THREADS);
  global_ptr<long> theirs = all[right];
  EXPECT_EQ(upc_threadof(theirs), right);
  for (std::size_t i = 0; i < kLongs; ++i) {
    EXPECT_EQ(long(theirs[static_cast<std::ptrdiff_t>(i)]),
              static_cast<long>(right) * 1000 + static_cast<long>(i));
    if (i % 2 == 0) theirs[static_cast<std::ptrdiff_t>(i)] += 5;  // remote writes into the other's memory
  }
  upc_barrier;
  for (std::size_t i = 0; i < kLongs; ++i)
    EXPECT_EQ(local[i], MYTHREAD * 1000L + static_cast<long>(i) + (i % 2 == 0 ? 5 : 0)) << "i=" << i;
  upc_barrier;
  upc_free(theirs);  // any thread may free it
  upc_barrier;
}

TEST(Alloc, FreedMemoryComesBackZero) {
  // upc_alloc: fill, free, allocate the same size again.
  for (int round = 0; round < 3; ++round) {
    global_ptr<unsigned char> p = upc_alloc(8192);
    EXPECT_TRUE(all_bytes_are(p, 8192, 0)) << "upc_alloc round " << round;
    std::memset(p.local(), 0xcd, 8192);
    upc_free(p);
  }
  upc_barrier;
  // upc_global_alloc by one thread; other threads check and dirty their parts; another thread frees.
  shared_var<global_ptr<unsigned char>> slot;
  for (int round = 0; round < 3; ++round) {
    if (MYTHREAD == round % THREADS) slot = global_ptr<unsigned char>(upc_global_alloc(kT(), 4096), 4096);
    upc_barrier;
    global_ptr<unsigned char> p = slot;
    global_ptr<unsigned char> my_block = p + MYTHREAD * 4096;
    EXPECT_TRUE(all_bytes_are(my_block, 4096, 0)) << "upc_global_alloc round " << round;
    upc_memset(my_block, 0xab, 4096);
    upc_barrier;
    if (MYTHREAD == (round + 1) % THREADS) upc_free(p);
    upc_barrier;
  }
  // upc_all_alloc, freed by one thread.
  for (int round = 0; round < 3; ++round) {
    global_ptr<int> p(upc_all_alloc(kT(), 1024 * sizeof(int)), 1024);
    int *mine = (p + MYTHREAD * 1024).local();
    int nonzero = 0;
    for (int j = 0; j < 1024; ++j) nonzero += mine[j] != 0;
    EXPECT_EQ(nonzero, 0) << "upc_all_alloc round " << round;
    for (int j = 0; j < 1024; ++j) mine[j] = -1;
    upc_barrier;
    if (MYTHREAD == THREADS - 1) upc_free(p);
    upc_barrier;
  }
  // Declared arrays, freed when they go out of scope.
  for (int round = 0; round < 3; ++round) {
    shared_array<long> x(500 * kT(), 500);
    int nonzero = 0;
    for (long v : x.local_part()) nonzero += v != 0;
    EXPECT_EQ(nonzero, 0) << "shared_array round " << round;
    for (long &v : x.local_part()) v = 0x5555;
    upc_barrier;
  }
}

TEST(Alloc, ManyAllocateFreeCyclesDoNotExhaustTheHeap) {
  // Each cycle allocates a quarter of a megabyte per thread; the segment is a few megabytes, so leaked
  // memory would run out within a few cycles (the job would stop with "shared heap exhausted").
  constexpr std::size_t kBig = 256 * 1024;
  for (int cycle = 0; cycle < 40; ++cycle) {
    global_ptr<unsigned char> p(upc_all_alloc(kT(), kBig), kBig);
    unsigned char *mine = (p + MYTHREAD * static_cast<std::ptrdiff_t>(kBig)).local();
    EXPECT_EQ(mine[0] | mine[kBig - 1], 0) << "cycle " << cycle;
    mine[0] = mine[kBig - 1] = 1;
    upc_barrier;
    if (MYTHREAD == cycle % THREADS) upc_free(p);
    upc_barrier;
  }
  shared_var<global_ptr<unsigned char>> slot;
  for (int cycle = 0; cycle < 40; ++cycle) {
    if (MYTHREAD == cycle % THREADS) slot = global_ptr<unsigned char>(upc_global_alloc(kT(), kBig), kBig);
    upc_barrier;
    global_ptr<unsigned char> p = slot;
    unsigned char *mine = (p + MYTHREAD * static_cast<std::ptrdiff_t>(kBig)).local();
    EXPECT_EQ(mine[0] | mine[kBig - 1], 0) << "cycle " << cycle;
    mine[0] = mine[kBig - 1] = 1;
    upc_barrier;
    if (MYTHREAD == (cycle + 1) % THREADS) upc_free(p);
    upc_barrier;
  }
  // upc_alloc heaps are per thread: each thread cycles on its own, with mixed sizes.
  for (int cycle = 0; cycle < 60; ++cycle) {
    global_ptr<unsigned char> a = upc_alloc(128 * 1024),
                              b = upc_alloc(1000 + 64 * static_cast<std::size_t>(cycle));
    a.local()[0] = 1;
    upc_free(a);
    global_ptr<unsigned char> c = upc_alloc(200 * 1024);
    EXPECT_EQ(c.local()[0], 0) << "cycle " << cycle;
    upc_free(b);
    upc_free(c);
  }
  upc_barrier;
}

TEST(Alloc, HandleAndLockSlotsAreReused) {
  // More allocate/free pairs than the runtime has handle and lock slots (16383 and 65535, job-wide), unless
  // a slow network asks for fewer (then the runs over shared memory check the reuse).
  const long long total = mp::scaled(70000);
  for (long long k = 0; k < mp::share_of(total, MYTHREAD); ++k) {
    global_ptr<int> p = upc_alloc(sizeof(int));
    *p = 1;
    upc_free(p);
    upc_lock_t *lock = upc_global_lock_alloc();
    upc_lock(lock);
    upc_unlock(lock);
    upc_lock_free(lock);
  }
  upc_barrier;
  for (int k = 0; k < 50; ++k) {
    shared_array<int> x(kT());  // collective allocate and free
    upc_lock_t *lock = upc_all_lock_alloc();
    upc_all_lock_free(lock);
  }
  upc_barrier;
}

}  // namespace
