// UPC 1.3 section 7.2.2 (lang/upc-lib-core.tex, "Shared memory allocation functions"): upc_all_alloc,
// upc_global_alloc, upc_alloc, upc_free and upc_all_free. Every expected layout is the one of the
// declaration the text names, `shared [nbytes] char[nblocks * nbytes]`, computed by conf::place_of.
#include <gtest/gtest.h>

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <pgas/upc.hpp>
#include <thread>
#include <vector>

#include "lib_util.hpp"

using namespace pgas;
using conf::me;
using conf::nthreads;

namespace {

using bytes_ptr = global_ptr<unsigned char>;

// The layout of `raw` seen as `shared [nbytes] unsigned char *`: every byte's thread and phase, and its
// local address. 7.2.2.1: "compatible with the declaration shared [nbytes] char[nblocks * nbytes]"; 7.2.3.4:
// for two elements of one object on one thread, the difference of their upc_addrfield equals the
// difference of their local pointers times sizeof(T) (1 here), so the addrfield of byte i is the addrfield
// of its thread's first byte plus its local index.
void expect_layout(const global_ptr<void> &raw, std::size_t nblocks, std::size_t nbytes) {
  // 7.2.2 paragraph 1: "The pointer has zero phase and points to the start of the allocated space".
  EXPECT_EQ(upc_phaseof(raw), 0u);
  EXPECT_EQ(upc_threadof(raw), 0u) << "element 0 of the declaration is on thread 0";
  const bytes_ptr p(raw, nbytes);
  const std::size_t n = nblocks * nbytes;
  std::vector<std::size_t> base(nthreads(), 0);
  for (std::size_t t = 0; t < nthreads() && t < nblocks; ++t)
    base[t] = upc_addrfield(p + static_cast<std::ptrdiff_t>(t * nbytes));
  for (std::size_t i = 0; i < n; ++i) {
    const conf::Place want = conf::place_of(i, nbytes, nthreads());
    const bytes_ptr q = p + static_cast<std::ptrdiff_t>(i);
    ASSERT_EQ(upc_threadof(q), want.thread) << "byte " << i << " of " << nblocks << " x " << nbytes;
    ASSERT_EQ(upc_phaseof(q), want.phase) << "byte " << i << " of " << nblocks << " x " << nbytes;
    ASSERT_EQ(upc_addrfield(q) - base[want.thread], want.local) << "byte " << i;
    // The same through local pointers (the cast (T *) S of 7.2.3.4's example) on the caller's own bytes.
    if (want.thread == me()) {
      const unsigned char *first = (p + static_cast<std::ptrdiff_t>(me() * nbytes)).local();
      ASSERT_EQ(static_cast<std::size_t>(q.local() - first), want.local) << "byte " << i;
    }
    // 7.2.3.3: upc_resetphase gives a pointer "identical to its input except that it has zero phase".
    const bytes_ptr reset = upc_resetphase(q);
    ASSERT_EQ(upc_phaseof(reset), 0u);
    ASSERT_EQ(upc_threadof(reset), want.thread);
    ASSERT_EQ(upc_addrfield(reset), upc_addrfield(q));
  }
}

// Each thread writes its own bytes through its local pointer at the local index of each byte (the cast to
// a local pointer of 6.4.3), then every thread reads every block with upc_memget (a block is nbytes
// consecutive bytes of one thread, which is what upc_memget reads: 7.2.5.2).
void expect_usable_by_all(const global_ptr<void> &raw, std::size_t nblocks, std::size_t nbytes,
                          std::size_t salt) {
  const bytes_ptr p(raw, nbytes);
  if (me() < nblocks) {
    unsigned char *local = (p + static_cast<std::ptrdiff_t>(me() * nbytes)).local();
    for (std::size_t i = 0; i < nblocks * nbytes; ++i) {
      const conf::Place at = conf::place_of(i, nbytes, nthreads());
      if (at.thread == me()) local[at.local] = conf::pattern(i, salt);
    }
  }
  upc_barrier;
  std::vector<unsigned char> got(nbytes), want(nbytes);
  for (std::size_t b = 0; b < nblocks; ++b) {
    upc_memget(got.data(), p + static_cast<std::ptrdiff_t>(b * nbytes), nbytes);
    for (std::size_t j = 0; j < nbytes; ++j) want[j] = conf::pattern(b * nbytes + j, salt);
    EXPECT_EQ(conf::first_difference(got.data(), want.data(), nbytes), -1) << "block " << b;
  }
  upc_barrier;
}

struct Shape {
  std::size_t nblocks, nbytes;
};
std::vector<Shape> shapes() {
  const std::size_t t = nthreads();
  return {{1, 1}, {t, 1}, {1, 4097}, {t + 1, 3}, {2 * t + 3, 24}, {5, 7}, {3 * t + 1, 13}, {2 * t, 1000}};
}

TEST(UpcAllAlloc, ReturnsTheSamePointerOnEveryThreadWithTheDeclaredLayout) {
  std::size_t salt = 0;
  for (const Shape &s : shapes()) {
    const global_ptr<void> raw = upc_all_alloc(s.nblocks, s.nbytes);
    ASSERT_TRUE(conf::all_ok(static_cast<bool>(raw))) << s.nblocks << " x " << s.nbytes;
    // 7.2.2.2 paragraph 3: "returns the same pointer value on all threads".
    const auto all = conf::all_gather(raw);
    for (std::size_t t = 0; t < nthreads(); ++t) {
      EXPECT_TRUE(all[t] == raw) << "thread " << t;
      EXPECT_EQ(upc_addrfield(all[t]), upc_addrfield(raw)) << "thread " << t;
      EXPECT_EQ(upc_phaseof(all[t]), upc_phaseof(raw)) << "thread " << t;
    }
    expect_layout(raw, s.nblocks, s.nbytes);
    expect_usable_by_all(raw, s.nblocks, s.nbytes, ++salt);
    upc_all_free(raw);
  }
}

// 7.2.2 paragraph 1: the pointer "is suitably aligned so that it may be assigned to a pointer-to-shared of
// any type": its thread's local address is aligned for every object type.
TEST(UpcAllAlloc, ResultIsAlignedForAnyType) {
  const global_ptr<void> all = upc_all_alloc(nthreads(), 3);
  const global_ptr<void> mine = upc_alloc(5);
  if (me() == 0) {
    EXPECT_EQ(reinterpret_cast<std::uintptr_t>(all.local()) % alignof(std::max_align_t), 0u);
  }
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(mine.local()) % alignof(std::max_align_t), 0u);
  // Assigned to a pointer-to-shared of a strictly aligned type and used through it.
  const global_ptr<void> ld_space = upc_alloc(sizeof(long double));
  const global_ptr<long double, pgas::indefinite> ld(ld_space);
  *ld = 1.5L + static_cast<long double>(me());
  EXPECT_EQ(static_cast<long double>(*ld), 1.5L + static_cast<long double>(me()));
  upc_free(ld_space);
  upc_free(mine);
  upc_barrier;
  upc_all_free(all);
}

// 7.2.2.2 paragraph 4: "The dynamic lifetime of an allocated object extends from the time any thread
// completes the call to upc_all_alloc": a thread may write another thread's part as soon as its own call
// returns, before the other thread has returned from its call.
TEST(UpcAllAlloc, ObjectExistsAsSoonAsAnyThreadReturns) {
  if (me() == 0) std::this_thread::sleep_for(std::chrono::milliseconds(20));  // thread 0 arrives last
  const global_ptr<void> raw = upc_all_alloc(nthreads(), sizeof(int));
  const global_ptr<int> p(raw);  // cyclic: int t is on thread t
  const std::size_t next = (me() + 1) % nthreads();
  p[static_cast<std::ptrdiff_t>(next)] = static_cast<int>(1000 + me());
  upc_barrier;
  const std::size_t prev = (me() + nthreads() - 1) % nthreads();
  EXPECT_EQ(static_cast<int>(p[static_cast<std::ptrdiff_t>(me())]), static_cast<int>(1000 + prev));
  upc_barrier;
  upc_all_free(raw);
}

// 7.2.2.1 and 7.2.2.2: "If nblocks*nbytes is zero, the result is a null pointer-to-shared"; 7.2.2.3: "If
// nbytes is zero, the result is a null pointer-to-shared"; 7.2.3.1 and 7.2.3.2: upc_threadof and
// upc_phaseof of a null pointer-to-shared return 0.
TEST(Allocation, ZeroSizesGiveANullPointerToShared) {
  const global_ptr<void> null;
  const global_ptr<void> all[] = {upc_all_alloc(0, 16), upc_all_alloc(16, 0), upc_all_alloc(0, 0)};
  for (const auto &p : all) {
    EXPECT_FALSE(static_cast<bool>(p));
    EXPECT_TRUE(p == null);
    EXPECT_EQ(upc_threadof(p), 0u);
    EXPECT_EQ(upc_phaseof(p), 0u);
  }
  const global_ptr<void> one[] = {upc_global_alloc(0, 5), upc_global_alloc(5, 0), upc_global_alloc(0, 0),
                                  upc_alloc(0)};
  for (const auto &p : one) {
    EXPECT_FALSE(static_cast<bool>(p));
    EXPECT_TRUE(p == null);
    EXPECT_EQ(upc_threadof(p), 0u);
    EXPECT_EQ(upc_phaseof(p), 0u);
  }
  upc_barrier;
}

// Disabled: the library stops the job ("shared heap exhausted"), see the report. Run with
// --gtest_also_run_disabled_tests --gtest_filter='Allocation.DISABLED_*'.
// 7.2.2 paragraph 1: "If the space cannot be allocated, a null pointer-to-shared is returned."
TEST(Allocation, DISABLED_SpaceThatCannotBeAllocatedGivesANullPointer) {
  const std::size_t huge = std::size_t{1} << 50;
  EXPECT_FALSE(static_cast<bool>(upc_alloc(huge)));
  EXPECT_FALSE(static_cast<bool>(upc_global_alloc(nthreads(), huge)));
  EXPECT_FALSE(static_cast<bool>(upc_all_alloc(nthreads(), huge)));
  upc_barrier;
}

// 7.2.2.4 and 7.2.2.5: "If ptr is a null pointer, no action occurs" (upc_all_free collectively).
TEST(Allocation, FreeingANullPointerDoesNothing) {
  upc_free(global_ptr<void>());
  upc_free(global_ptr<int>(nullptr));
  upc_all_free(global_ptr<void>());
  // The heap still works afterwards.
  const global_ptr<void> raw = upc_all_alloc(nthreads(), 8);
  ASSERT_TRUE(conf::all_ok(static_cast<bool>(raw)));
  expect_usable_by_all(raw, nthreads(), 8, 99);
  upc_all_free(raw);
}

// 7.2.2.1: upc_global_alloc has the same declared layout; "If called by multiple threads, all threads which
// make the call get different allocations". Every thread calls it at once, each writes its whole
// allocation, and every thread then finds every allocation intact (no two overlap). Any one thread may
// free an allocation (7.2.2.4's footnote: "only one thread may call upc_free for each allocation").
TEST(UpcGlobalAlloc, EveryThreadAtOnceGetsDistinctAllocations) {
  const std::size_t nbytes = 16, nblocks = nthreads() + 1;
  shared_array<global_ptr<void>> ptrs(nthreads());
  upc_barrier;
  const global_ptr<void> mine = upc_global_alloc(nblocks, nbytes);
  ASSERT_TRUE(conf::all_ok(static_cast<bool>(mine)));
  ptrs[me()] = mine;
  expect_layout(mine, nblocks, nbytes);
  const bytes_ptr p(mine, nbytes);
  std::vector<unsigned char> block(nbytes);
  for (std::size_t b = 0; b < nblocks; ++b) {
    for (std::size_t j = 0; j < nbytes; ++j) block[j] = conf::pattern(b * nbytes + j, me(), 5);
    upc_memput(p + static_cast<std::ptrdiff_t>(b * nbytes), block.data(), nbytes);
  }
  upc_barrier;
  std::vector<unsigned char> got(nbytes);
  for (std::size_t t = 0; t < nthreads(); ++t) {
    const global_ptr<void> other = ptrs[t];
    if (t != me()) {
      EXPECT_FALSE(other == mine) << "threads " << t << " and " << me() << " got one pointer";
    }
    const bytes_ptr q(other, nbytes);
    for (std::size_t b = 0; b < nblocks; ++b) {
      upc_memget(got.data(), q + static_cast<std::ptrdiff_t>(b * nbytes), nbytes);
      for (std::size_t j = 0; j < nbytes; ++j)
        EXPECT_EQ(got[j], conf::pattern(b * nbytes + j, t, 5)) << "allocation of " << t << " block " << b;
    }
  }
  upc_barrier;
  upc_free(ptrs[(me() + 1) % nthreads()]);  // each allocation freed once, by the next thread
  upc_barrier;
}

// Several rounds of simultaneous upc_global_alloc calls: all THREADS * rounds allocations are different.
TEST(UpcGlobalAlloc, ManyCallsOnEveryThreadAllDiffer) {
  const std::size_t kRounds = 20;
  shared_array<global_ptr<void>> ptrs(kRounds * nthreads());
  upc_barrier;
  for (std::size_t r = 0; r < kRounds; ++r) ptrs[me() * kRounds + r] = upc_global_alloc(nthreads(), 8 + r);
  upc_barrier;
  std::vector<global_ptr<void>> all;
  for (std::size_t i = 0; i < kRounds * nthreads(); ++i) all.push_back(ptrs[i]);
  for (std::size_t i = 0; i < all.size(); ++i) {
    EXPECT_TRUE(static_cast<bool>(all[i])) << i;
    for (std::size_t j = i + 1; j < all.size(); ++j) EXPECT_FALSE(all[i] == all[j]) << i << " and " << j;
  }
  upc_barrier;
  for (std::size_t r = 0; r < kRounds; ++r) upc_free(all[me() * kRounds + r]);
  upc_barrier;
}

// upc_global_alloc by one thread: the pointer, passed through shared memory, reaches the same object from
// every thread, with the declared layout.
TEST(UpcGlobalAlloc, OneThreadsAllocationIsUsableByAll) {
  shared_array<global_ptr<void>> slot(1);
  for (const Shape &s : shapes()) {
    if (me() == nthreads() - 1) slot[0] = upc_global_alloc(s.nblocks, s.nbytes);
    upc_barrier;
    const global_ptr<void> raw = slot[0];
    ASSERT_TRUE(conf::all_ok(static_cast<bool>(raw)));
    expect_layout(raw, s.nblocks, s.nbytes);
    expect_usable_by_all(raw, s.nblocks, s.nbytes, s.nbytes);
    if (me() == 0) upc_free(raw);
    upc_barrier;
  }
}

// 7.2.2.3: upc_alloc "allocates shared space of at least nbytes bytes with affinity to the calling thread";
// it is not collective. Another thread fills all nbytes through the pointer (shared [] semantics of
// upc_memput) and the owner reads them through its local pointer; then that other thread frees it.
TEST(UpcAlloc, GivesSpaceWithAffinityToTheCaller) {
  shared_array<global_ptr<void>> ptrs(nthreads());
  for (std::size_t nbytes : {std::size_t{1}, std::size_t{13}, std::size_t{4097}, std::size_t{65536 + 3}}) {
    const global_ptr<void> mine = upc_alloc(nbytes);
    ASSERT_TRUE(conf::all_ok(static_cast<bool>(mine)));
    EXPECT_EQ(upc_threadof(mine), me());
    EXPECT_EQ(upc_phaseof(mine), 0u);
    ptrs[me()] = mine;
    upc_barrier;
    const std::size_t next = (me() + 1) % nthreads(), prev = (me() + nthreads() - 1) % nthreads();
    std::vector<unsigned char> fill(nbytes);
    for (std::size_t j = 0; j < nbytes; ++j) fill[j] = conf::pattern(j, next, nbytes);
    const global_ptr<void> theirs = ptrs[next];
    EXPECT_EQ(upc_threadof(theirs), next);
    upc_memput(theirs, fill.data(), nbytes);
    upc_barrier;
    const unsigned char *local = global_ptr<unsigned char>(mine).local();
    for (std::size_t j = 0; j < nbytes; ++j) fill[j] = conf::pattern(j, me(), nbytes);
    EXPECT_EQ(conf::first_difference(local, fill.data(), nbytes), -1) << nbytes << " bytes";
    upc_barrier;
    upc_free(ptrs[prev]);  // freed by a thread other than its allocator
    upc_barrier;
  }
}

// 7.2.2 paragraph 2: "Either of the upc_free or upc_all_free functions may be used to free shared space
// allocated using upc_all_alloc, upc_global_alloc or upc_alloc".
TEST(Allocation, AnyFreeFunctionFreesAnyAllocation) {
  shared_array<global_ptr<void>> slot(2);
  const global_ptr<void> all = upc_all_alloc(nthreads(), 8);
  upc_barrier;
  if (me() == nthreads() - 1) {
    upc_free(all);  // upc_free of a upc_all_alloc result, by one thread
    slot[0] = upc_global_alloc(nthreads(), 8);
    slot[1] = upc_alloc(8);
  }
  upc_barrier;
  upc_all_free(slot[0]);  // upc_all_free of a upc_global_alloc result
  upc_all_free(slot[1]);  // and of a upc_alloc result (the argument is single-valued)
  upc_barrier;
}

// 7.2.2.5 paragraph 3: "The shared storage referenced by ptr is guaranteed to remain valid until all threads
// have entered the call to upc_all_free": a late thread still reads every part after the others entered.
TEST(UpcAllFree, StorageStaysValidUntilEveryThreadHasEntered) {
  const std::size_t nbytes = 64;
  const global_ptr<void> raw = upc_all_alloc(nthreads(), nbytes);
  const bytes_ptr p(raw, nbytes);
  unsigned char *local = (p + static_cast<std::ptrdiff_t>(me() * nbytes)).local();
  for (std::size_t j = 0; j < nbytes; ++j) local[j] = conf::pattern(j, me(), 77);
  upc_barrier;
  if (me() == 0) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));  // the others enter upc_all_free first
    std::vector<unsigned char> got(nbytes);
    for (std::size_t t = 0; t < nthreads(); ++t) {
      upc_memget(got.data(), p + static_cast<std::ptrdiff_t>(t * nbytes), nbytes);
      for (std::size_t j = 0; j < nbytes; ++j) EXPECT_EQ(got[j], conf::pattern(j, t, 77)) << t << " " << j;
    }
  }
  upc_all_free(raw);
}

}  // namespace
