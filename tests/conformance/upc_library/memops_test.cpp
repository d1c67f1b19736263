// UPC 1.3 section 7.2.5 (lang/upc-lib-core.tex, "Shared string handling functions"): upc_memcpy,
// upc_memget, upc_memput, upc_memset. Each "treats the dst and src pointers as if they had type shared []
// char[n]": the n bytes are the ones that follow the pointed-to byte in the local memory of the thread the
// pointer has affinity to, whatever the blocking factor of the object (conf::index_of names the array
// elements found there). Sizes 0, 1 and odd ones, at odd offsets, with untouched bytes around each range.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstring>
#include <pgas/upc.hpp>
#include <thread>
#include <vector>

#include "lib_util.hpp"

using namespace pgas;
using conf::me;
using conf::nthreads;

namespace {

using bytes_ptr = global_ptr<unsigned char>;

// One block of kSlice * THREADS bytes per thread; slice(t, c) is caller c's own kSlice bytes on thread t,
// so that callers never write the same bytes.
constexpr std::size_t kSlice = 8501, kSourceStart = 4200;
struct Slices {
  global_ptr<void> raw = upc_all_alloc(nthreads(), kSlice *nthreads());
  bytes_ptr base{raw, kSlice *nthreads()};
  bytes_ptr slice(std::size_t t, std::size_t c) const {
    return base + static_cast<std::ptrdiff_t>(t * kSlice * nthreads() + c * kSlice);
  }
  unsigned char *local_slice(std::size_t c) const { return slice(me(), c).local(); }
  ~Slices() {
    upc_barrier;
    upc_all_free(raw);
  }
};

const std::size_t kSizes[] = {0, 1, 2, 3, 7, 64, 65, 1023, 4099};
const std::size_t kOffsets[] = {0, 1, 13};

std::vector<unsigned char> background(std::size_t t, std::size_t c) {
  std::vector<unsigned char> v(kSlice);
  for (std::size_t j = 0; j < kSlice; ++j) v[j] = conf::pattern(j, t, c + 1000);
  return v;
}

// upc_memput then upc_memget of every size at every offset into caller's slice on every thread (7.2.5.2 and
// 7.2.5.3): exactly bytes [off, off + n) change, to the source's bytes; n = 0 changes nothing.
TEST(UpcMemputMemget, CopyExactlyNBytesToAndFromEveryThread) {
  Slices s;
  std::vector<unsigned char> got(kSlice), src(kSlice);
  for (std::size_t t = 0; t < nthreads(); ++t)
    for (std::size_t n : kSizes)
      for (std::size_t off : kOffsets) {
        std::vector<unsigned char> want = background(t, me());
        upc_memput(s.slice(t, me()), want.data(), kSlice);
        for (std::size_t j = 0; j < n; ++j) src[j] = conf::pattern(j, n, off);
        upc_memput(s.slice(t, me()) + static_cast<std::ptrdiff_t>(off), src.data(), n);
        std::memcpy(want.data() + off, src.data(), n);
        std::fill(got.begin(), got.end(), 0);
        upc_memget(got.data(), s.slice(t, me()), kSlice);
        EXPECT_EQ(conf::first_difference(got.data(), want.data(), kSlice), -1)
            << "thread " << t << " n " << n << " off " << off;
        // upc_memget of a sub-range writes exactly n bytes of dst.
        std::vector<unsigned char> dst(n + 2, 0x5A);
        upc_memget(dst.data() + 1, s.slice(t, me()) + static_cast<std::ptrdiff_t>(off), n);
        EXPECT_EQ(dst[0], 0x5A);
        EXPECT_EQ(dst[n + 1], 0x5A);
        EXPECT_EQ(conf::first_difference(dst.data() + 1, src.data(), n), -1) << "n " << n << " off " << off;
      }
  // The last state of each slice, seen by its owner through its local pointer.
  upc_barrier;
  const std::size_t n = kSizes[std::size(kSizes) - 1], off = kOffsets[std::size(kOffsets) - 1];
  for (std::size_t c = 0; c < nthreads(); ++c) {
    std::vector<unsigned char> want = background(me(), c);
    for (std::size_t j = 0; j < n; ++j) want[off + j] = conf::pattern(j, n, off);
    EXPECT_EQ(conf::first_difference(s.local_slice(c), want.data(), kSlice), -1) << "caller " << c;
  }
}

// 7.2.5.1: upc_memcpy "copies n characters from a shared object having affinity with one thread to a shared
// object having affinity with the same or another thread": here from one other thread to a third one (both
// differ from the caller when THREADS >= 3), then within one thread.
TEST(UpcMemcpy, CopiesBetweenTwoOtherThreads) {
  Slices s;
  const std::size_t from = (me() + 1) % nthreads(), to = (me() + 2) % nthreads();
  // Destinations below kSourceStart, sources from it on: the ranges never overlap (7.2.5.1: "If copying
  // takes place between objects that overlap, the behavior is undefined"), also when from == to.
  const std::vector<unsigned char> target = background(to, me());
  const std::vector<unsigned char> source = from == to ? target : background(from, me());
  std::vector<unsigned char> got(kSlice);
  const auto src_off = [](std::size_t off) { return kSourceStart + (off * 7 + 3) % 17; };
  for (std::size_t n : kSizes)
    for (std::size_t off : kOffsets) {
      upc_memput(s.slice(from, me()), source.data(), kSlice);
      upc_memput(s.slice(to, me()), target.data(), kSlice);
      upc_memcpy(s.slice(to, me()) + static_cast<std::ptrdiff_t>(off),
                 s.slice(from, me()) + static_cast<std::ptrdiff_t>(src_off(off)), n);
      std::vector<unsigned char> want = target;
      std::memcpy(want.data() + off, source.data() + src_off(off), n);
      upc_memget(got.data(), s.slice(to, me()), kSlice);
      EXPECT_EQ(conf::first_difference(got.data(), want.data(), kSlice), -1) << "n " << n << " off " << off;
      upc_memget(got.data(), s.slice(from, me()), kSlice);
      EXPECT_EQ(conf::first_difference(got.data() + kSourceStart, source.data() + kSourceStart,
                                       kSlice - kSourceStart),
                -1)
          << "the source changed";
    }
  // Within one other thread's memory: two disjoint ranges of the caller's slice there.
  upc_memput(s.slice(from, me()), source.data(), kSlice);
  upc_memcpy(s.slice(from, me()) + 3000, s.slice(from, me()) + 1, 1999);
  std::vector<unsigned char> want = source;
  std::memcpy(want.data() + 3000, source.data() + 1, 1999);
  upc_memget(got.data(), s.slice(from, me()), kSlice);
  EXPECT_EQ(conf::first_difference(got.data(), want.data(), kSlice), -1);
  // What each caller c left on thread (c + 2) % THREADS when that is not also its source thread, seen by
  // its owner after a barrier.
  upc_barrier;
  for (std::size_t c = 0; c < nthreads(); ++c) {
    if ((c + 2) % nthreads() != me() || (c + 1) % nthreads() == me()) continue;
    std::vector<unsigned char> left = background(me(), c);
    const std::size_t n = kSizes[std::size(kSizes) - 1], off = kOffsets[std::size(kOffsets) - 1];
    std::memcpy(left.data() + off, background((c + 1) % nthreads(), c).data() + src_off(off), n);
    EXPECT_EQ(conf::first_difference(s.local_slice(c), left.data(), kSlice), -1) << "caller " << c;
  }
}

// The same between upc_alloc regions (7.2.2.3: space "with affinity to the calling thread", reached by the
// others through the pointer): each thread copies bytes [0, 2000) of the next thread's region to bytes
// [2000, 4000) of the region of the thread after it, once with upc_memcpy and once with upc_memcpy_nb.
TEST(UpcMemcpy, BetweenUpcAllocRegionsOfOtherThreads) {
  const std::size_t kBytes = 4001;
  shared_array<global_ptr<void>> regions(nthreads());
  const global_ptr<void> mine = upc_alloc(kBytes);
  ASSERT_TRUE(conf::all_ok(static_cast<bool>(mine)));
  regions[me()] = mine;
  unsigned char *local = global_ptr<unsigned char>(mine).local();
  for (std::size_t j = 0; j < kBytes; ++j) local[j] = conf::pattern(j, me(), 42);
  upc_barrier;
  const global_ptr<void> from = regions[(me() + 1) % nthreads()], to = regions[(me() + 2) % nthreads()];
  const global_ptr<unsigned char, pgas::indefinite> to_bytes(to);
  for (int pass = 0; pass < 2; ++pass) {
    if (pass == 0) {
      upc_memcpy(to_bytes + 2000, from, 2000);
    } else {
      upc_sync(upc_memcpy_nb(to_bytes + 2000, from, 2000));
    }
    upc_barrier;
    const std::size_t writer = (me() + nthreads() - 2) % nthreads();  // copied from its next thread's region
    const std::size_t source = (writer + 1) % nthreads();
    for (std::size_t j = 0; j < 2000; ++j) {
      ASSERT_EQ(local[2000 + j], conf::pattern(j, source, 42)) << "pass " << pass << " byte " << j;
    }
    if (nthreads() > 1) {
      EXPECT_EQ(local[0], conf::pattern(0, me(), 42));  // a source region is not modified
    }
    EXPECT_EQ(local[4000], conf::pattern(4000, me(), 42));
    for (std::size_t j = 2000; j < 4000; ++j) local[j] = 0;
    upc_barrier;
  }
  upc_free(mine);
  upc_barrier;
}

// 7.2.5.4: upc_memset "copies the value of c, converted to an unsigned char", and "The number of bytes set
// is n".
TEST(UpcMemset, SetsNBytesToTheValueConvertedToUnsignedChar) {
  Slices s;
  std::vector<unsigned char> got(kSlice);
  const int values[] = {0, 0x41, 0x1A5, -1, -128, 255};
  for (std::size_t t = 0; t < nthreads(); ++t)
    for (int c : values)
      for (std::size_t n : kSizes) {
        const std::size_t off = (n + static_cast<std::size_t>(c & 7)) % 11;
        std::vector<unsigned char> want = background(t, me());
        upc_memput(s.slice(t, me()), want.data(), kSlice);
        upc_memset(s.slice(t, me()) + static_cast<std::ptrdiff_t>(off), c, n);
        std::fill(want.begin() + static_cast<std::ptrdiff_t>(off),
                  want.begin() + static_cast<std::ptrdiff_t>(off + n), static_cast<unsigned char>(c));
        upc_memget(got.data(), s.slice(t, me()), kSlice);
        EXPECT_EQ(conf::first_difference(got.data(), want.data(), kSlice), -1)
            << "thread " << t << " c " << c << " n " << n;
      }
}

// The shared [] treatment of a pointer into a cyclic and into a blocked int array: upc_memget from &x[i]
// reads the elements that follow x[i] in its thread's local memory (x[i], x[i + THREADS], ... for a cyclic
// array), across the array's block boundaries; upc_memput and upc_memset write those same elements and no
// other; upc_memcpy copies between them.
TEST(UpcMemFunctions, TreatPointersAsIndefinitelyBlocked) {
  const std::size_t kPerThread = 60;
  const std::size_t n = kPerThread * nthreads();
  for (std::size_t block : {std::size_t{1}, std::size_t{5}, std::size_t{7}}) {
    shared_array<int> x(n, block);
    const auto value = [&](std::size_t i) { return static_cast<int>(i * 1000 + block); };
    for (std::size_t i = 0; i < n; ++i)
      if (conf::place_of(i, block, nthreads()).thread == me()) x[i] = value(i);
    upc_barrier;
    // Starting at every element of the next thread within a range of it.
    const std::size_t owner = (me() + 1) % nthreads();
    const std::size_t held = conf::count_on(n, block, owner, nthreads());  // elements of owner's part
    for (std::size_t i = 0; i < n; ++i) {
      const conf::Place at = conf::place_of(i, block, nthreads());
      if (at.thread != owner || i % 3 != 0) continue;
      const std::size_t k = std::min<std::size_t>(held - at.local, 17);
      std::vector<int> got(k, -1);
      upc_memget(got.data(), &x[i], k * sizeof(int));
      for (std::size_t j = 0; j < k; ++j)
        ASSERT_EQ(got[j], value(conf::index_of(owner, at.local + j, block, nthreads())))
            << "block " << block << " from x[" << i << "] element " << j;
    }
    upc_barrier;
    // Every thread writes elements on its own next thread: the local run starting at local index me()+2.
    const std::size_t first = conf::index_of(owner, me() + 2, block, nthreads());
    std::vector<int> put(9);
    for (std::size_t j = 0; j < put.size(); ++j) put[j] = -static_cast<int>(j + 1 + 100 * me());
    upc_memput(&x[first], put.data(), put.size() * sizeof(int));
    upc_barrier;
    // The owner finds exactly those elements changed, through ordinary element reads.
    const std::size_t writer = (me() + nthreads() - 1) % nthreads();
    for (std::size_t i = 0; i < n; ++i) {
      const conf::Place at = conf::place_of(i, block, nthreads());
      int want = value(i);
      if (at.thread == me() && at.local >= writer + 2 && at.local < writer + 2 + put.size())
        want = -static_cast<int>(at.local - (writer + 2) + 1 + 100 * writer);
      if (at.thread == me()) {
        ASSERT_EQ(static_cast<int>(x[i]), want) << "block " << block << " x[" << i << "]";
      }
    }
    upc_barrier;
    // upc_memset of the bytes of the first 4 elements of that run.
    upc_memset(&x[first], 0x7F, 4 * sizeof(int));
    upc_barrier;
    int all_7f;
    std::memset(&all_7f, 0x7F, sizeof all_7f);
    for (std::size_t i = 0; i < n; ++i) {
      const conf::Place at = conf::place_of(i, block, nthreads());
      if (at.thread == me() && at.local >= writer + 2 && at.local < writer + 6) {
        EXPECT_EQ(static_cast<int>(x[i]), all_7f) << "block " << block << " x[" << i << "]";
      }
    }
    upc_barrier;
    // Local elements 20..24 of thread me()+2 (never written) to local elements me()+30.. of the next thread.
    const std::size_t source = (me() + 2) % nthreads();
    upc_memcpy(&x[conf::index_of(owner, me() + 30, block, nthreads())],
               &x[conf::index_of(source, 20, block, nthreads())], 5 * sizeof(int));
    upc_barrier;
    for (std::size_t j = 0; j < 5; ++j) {
      const std::size_t i = conf::index_of(me(), writer + 30 + j, block, nthreads());
      EXPECT_EQ(static_cast<int>(x[i]),
                value(conf::index_of((writer + 2) % nthreads(), 20 + j, block, nthreads())))
          << "block " << block << " x[" << i << "]";
    }
    upc_barrier;
  }
}

// The blocking functions' accesses are relaxed accesses of the caller (7.2.5 with the memory model,
// B.3.2.1 of the language specification): a strict write that follows them in the caller's program order is
// seen only after them. Each thread writes into the next thread's slice with upc_memput, upc_memcpy (from the
// thread after it) and upc_memset, then sets the next thread's strict flag; the next thread waits for the
// flag and then finds every byte through its local pointer.
TEST(UpcMemFunctions, AreOrderedBeforeALaterStrictWrite) {
  Slices s;
  shared_array<int, pgas::strict> flag(nthreads());
  const std::size_t next = (me() + 1) % nthreads(), far = (me() + 2) % nthreads();
  const std::size_t prev = (me() + nthreads() - 1) % nthreads();
  std::vector<unsigned char> src(2000);
  std::memcpy(s.local_slice(me()), background(me(), me()).data(), kSlice);  // the copies' sources
  upc_barrier;
  for (int round = 1; round <= 4; ++round) {
    for (std::size_t j = 0; j < src.size(); ++j)
      src[j] = conf::pattern(j, me(), static_cast<std::size_t>(round));
    upc_memput(s.slice(next, me()), src.data(), src.size());
    upc_memcpy(s.slice(next, me()) + 2000, s.slice(far, far) + 4300, 1500);  // never written
    upc_memset(s.slice(next, me()) + 3600, round, 400);
    flag[next] = round;
    while (static_cast<int>(flag[me()]) != round) std::this_thread::yield();
    const unsigned char *got = s.local_slice(prev);
    long bad = 0;
    for (std::size_t j = 0; j < 2000; ++j)
      bad += got[j] != conf::pattern(j, prev, static_cast<std::size_t>(round));
    const std::size_t source = (prev + 2) % nthreads();
    const std::vector<unsigned char> far_bytes = background(source, source);
    for (std::size_t j = 0; j < 1500; ++j) bad += got[2000 + j] != far_bytes[4300 + j];
    for (std::size_t j = 0; j < 400; ++j) bad += got[3600 + j] != round;
    EXPECT_EQ(bad, 0) << "round " << round;
    upc_barrier;
  }
}

// Size 0 moves nothing: the destinations keep every byte (7.2.5: "copies n characters").
TEST(UpcMemFunctions, SizeZeroChangesNothing) {
  Slices s;
  const std::size_t next = (me() + 1) % nthreads();
  const std::vector<unsigned char> want = background(next, me());
  upc_memput(s.slice(next, me()), want.data(), kSlice);
  unsigned char local[4] = {1, 2, 3, 4};
  upc_memput(s.slice(next, me()) + 5, local, 0);
  upc_memget(local, s.slice(next, me()), 0);
  upc_memcpy(s.slice(next, me()), s.slice(me(), me()), 0);
  upc_memset(s.slice(next, me()) + 7, 0, 0);
  EXPECT_EQ(local[0], 1);
  EXPECT_EQ(local[3], 4);
  std::vector<unsigned char> got(kSlice);
  upc_memget(got.data(), s.slice(next, me()), kSlice);
  EXPECT_EQ(conf::first_difference(got.data(), want.data(), kSlice), -1);
}

// A large transfer (hundreds of KiB) to and from the next thread.
TEST(UpcMemputMemget, LargeTransfers) {
  const std::size_t kBytes = (std::size_t{1} << 18) + 11;
  const global_ptr<void> raw = upc_all_alloc(nthreads(), kBytes);
  const bytes_ptr p(raw, kBytes);
  const std::size_t next = (me() + 1) % nthreads();
  std::vector<unsigned char> src(kBytes), got(kBytes);
  for (std::size_t j = 0; j < kBytes; ++j) src[j] = conf::pattern(j, next, j >> 8);
  upc_memput(p + static_cast<std::ptrdiff_t>(next * kBytes), src.data(), kBytes);
  upc_barrier;
  const unsigned char *mine = (p + static_cast<std::ptrdiff_t>(me() * kBytes)).local();
  for (std::size_t j = 0; j < kBytes; ++j) src[j] = conf::pattern(j, me(), j >> 8);
  EXPECT_EQ(conf::first_difference(mine, src.data(), kBytes), -1);
  upc_memget(got.data(), p + static_cast<std::ptrdiff_t>(next * kBytes), kBytes);
  for (std::size_t j = 0; j < kBytes; ++j) src[j] = conf::pattern(j, next, j >> 8);
  EXPECT_EQ(conf::first_difference(got.data(), src.data(), kBytes), -1);
  upc_barrier;
  upc_all_free(raw);
}

}  // namespace
