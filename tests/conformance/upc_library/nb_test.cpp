// UPC 1.3 optional library section 7.9 (lib/opt/upc-lib-nb-mem-ops.tex, <upc_nb.h>): the explicit-handle
// transfers upc_mem{cpy,get,put,set}_nb with upc_sync / upc_sync_attempt, the implicit-handle _nbi forms
// with upc_synci / upc_synci_attempt, and UPC_COMPLETE_HANDLE. "The transfer initiated by f_nb(dst, src, n)
// shall have the same effects as f(dst, src, n)", so every expected result is the blocking function's
// (7.2.5, shared [] semantics). Many transfers are in flight at once and are completed in reverse and in
// random order; destination memory is read only after the transfer's sync ("Throughout the transfer
// interval, the contents of all destination memory ... are undefined").
#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <numeric>
#include <pgas/upc.hpp>
#include <random>
#include <thread>
#include <vector>

#include "lib_util.hpp"

using namespace pgas;
using conf::me;
using conf::nthreads;

namespace {

using bytes_ptr = global_ptr<unsigned char>;

// One block per thread; slice(t, c) is caller c's own kSlice bytes on thread t. Filled, on creation, by
// each owner with `initial(t, c, j)`.
constexpr std::size_t kSlice = 6007;
unsigned char initial(std::size_t t, std::size_t c, std::size_t j) { return conf::pattern(j, t, c + 500); }
struct Slices {
  global_ptr<void> raw = upc_all_alloc(nthreads(), kSlice *nthreads());
  bytes_ptr base{raw, kSlice *nthreads()};
  Slices() {
    for (std::size_t c = 0; c < nthreads(); ++c) {
      unsigned char *mine = slice(me(), c).local();
      for (std::size_t j = 0; j < kSlice; ++j) mine[j] = initial(me(), c, j);
    }
    upc_barrier;
  }
  bytes_ptr slice(std::size_t t, std::size_t c) const {
    return base + static_cast<std::ptrdiff_t>(t * kSlice * nthreads() + c * kSlice);
  }
  ~Slices() {
    upc_barrier;
    upc_all_free(raw);
  }
};

// A transfer of n bytes at offset off of slice(thread, owner_of_slice).
struct Range {
  std::size_t thread, slice_of, off, n;
};
// Offsets below `limit`.
std::vector<Range> ranges_on_every_thread(std::size_t count, std::size_t slice_of,
                                          std::size_t limit = kSlice) {
  const std::size_t sizes[] = {1, 3, 17, 255, 1000, 4097};
  std::vector<Range> out;
  for (std::size_t k = 0; k < count; ++k) {
    const std::size_t n = std::min(sizes[k % std::size(sizes)], limit / 2);
    out.push_back({k % nthreads(), slice_of, (k * 37) % (limit - n), n});
  }
  return out;
}

std::vector<std::size_t> random_order(std::size_t count) {
  std::vector<std::size_t> order(count);
  std::iota(order.begin(), order.end(), 0);
  std::mt19937 rng(static_cast<unsigned>(17 + 101 * me()));
  std::shuffle(order.begin(), order.end(), rng);
  return order;
}

// 7.9.3 paragraph 2: UPC_COMPLETE_HANDLE "shall have type upc_handle_t. All of its bits shall be 0";
// 7.9.6: upc_sync of it "returns immediately" and upc_sync_attempt of it "returns non-zero"; 7.9.7: with no
// pending implicit-handle transfers upc_synci returns immediately and upc_synci_attempt returns non-zero.
TEST(UpcNb, HeaderDefinitionsAndTheCompleteHandle) {
  static_assert(__UPC_NB__ == 1);
  static_assert(std::is_same_v<std::remove_cv_t<decltype(UPC_COMPLETE_HANDLE)>, upc_handle_t>);
  const upc_handle_t complete = UPC_COMPLETE_HANDLE;
  unsigned char bits[sizeof complete];
  std::memcpy(bits, &complete, sizeof complete);
  for (unsigned char b : bits) EXPECT_EQ(b, 0);
  upc_sync(UPC_COMPLETE_HANDLE);
  EXPECT_NE(upc_sync_attempt(UPC_COMPLETE_HANDLE), 0);
  upc_synci();
  EXPECT_NE(upc_synci_attempt(), 0);
  upc_barrier;
}

// Many gets from every thread in flight at once, then synced in reverse order; then again synced in a
// random order, half with upc_sync_attempt loops. After each sync its buffer holds the source's bytes.
TEST(UpcMemgetNb, ManyInFlightCompleteInAnyOrder) {
  Slices s;
  const std::size_t kCount = 48;
  for (int pass = 0; pass < 2; ++pass) {
    const auto ranges =
        ranges_on_every_thread(kCount, (me() + 1 + static_cast<std::size_t>(pass)) % nthreads());
    std::vector<std::vector<unsigned char>> got(kCount);
    std::vector<upc_handle_t> handles(kCount);
    for (std::size_t k = 0; k < kCount; ++k) {
      const Range &r = ranges[k];
      got[k].assign(r.n, 0);
      handles[k] = upc_memget_nb(got[k].data(),
                                 s.slice(r.thread, r.slice_of) + static_cast<std::ptrdiff_t>(r.off), r.n);
    }
    std::vector<std::size_t> order(kCount);
    std::iota(order.rbegin(), order.rend(), 0);
    if (pass == 1) order = random_order(kCount);
    for (std::size_t k : order) {
      if (k % 2 == 0) {
        upc_sync(handles[k]);
      } else {
        while (upc_sync_attempt(handles[k]) == 0) std::this_thread::yield();
      }
      const Range &r = ranges[k];
      for (std::size_t j = 0; j < r.n; ++j)
        ASSERT_EQ(got[k][j], initial(r.thread, r.slice_of, r.off + j))
            << "pass " << pass << " get " << k << " byte " << j;
    }
  }
}

// A thousand small gets and a thousand small copies in flight at once (the text sets no limit), synced in
// random order, the upc_memcpy_nb ones by upc_sync_attempt loops.
TEST(UpcNb, AThousandInFlight) {
  Slices s;
  const std::size_t kCount = 1000, src_slice = (me() + 1) % nthreads();
  std::vector<unsigned char> got(kCount * 3, 0);
  std::vector<upc_handle_t> handles;
  std::vector<Range> ranges;
  for (std::size_t k = 0; k < kCount; ++k) {
    const Range r{k % nthreads(), src_slice, (k * 5) % 3000, 3};
    ranges.push_back(r);
    handles.push_back(
        upc_memget_nb(&got[3 * k], s.slice(r.thread, r.slice_of) + static_cast<std::ptrdiff_t>(r.off), 3));
  }
  // memcpy_nb of 2 bytes each, into the caller's slices above byte 3000 (nothing there is read).
  std::vector<upc_handle_t> copies;
  for (std::size_t k = 0; k < 1000; ++k)
    copies.push_back(upc_memcpy_nb(
        s.slice((k + 1) % nthreads(), me()) + static_cast<std::ptrdiff_t>(3000 + 2 * (k / nthreads())),
        s.slice(k % nthreads(), src_slice) + static_cast<std::ptrdiff_t>(k % 2999), 2));
  for (std::size_t k : random_order(kCount)) {
    upc_sync(handles[k]);
    const Range &r = ranges[k];
    for (std::size_t j = 0; j < 3; ++j)
      ASSERT_EQ(got[3 * k + j], initial(r.thread, r.slice_of, r.off + j)) << k;
  }
  for (std::size_t k : random_order(copies.size()))
    while (upc_sync_attempt(copies[k]) == 0) std::this_thread::yield();
  std::vector<unsigned char> back(2);
  for (std::size_t k = 0; k < 1000; k += 7) {
    upc_memget(back.data(),
               s.slice((k + 1) % nthreads(), me()) + static_cast<std::ptrdiff_t>(3000 + 2 * (k / nthreads())),
               2);
    for (std::size_t j = 0; j < 2; ++j)
      ASSERT_EQ(back[j], initial(k % nthreads(), src_slice, k % 2999 + j)) << k;
  }
}

// Many puts from one private buffer (7.9.2: concurrent transfers may share overlapping source memory) to
// disjoint ranges of the caller's slices on every thread, synced in random order. After a sync, the
// initiating thread's own reads observe the transfer (7.9.2, footnote: "subsequent relaxed accesses issued
// by the initiating thread are guaranteed to observe the effects"); the source is not modified; after a
// barrier the owners see every put.
TEST(UpcMemputNb, ManyInFlightFromOneSourceCompleteInRandomOrder) {
  Slices s;
  const std::size_t kPer = 6, sizes[kPer] = {1, 2, 99, 500, 1001, 2048};
  std::vector<unsigned char> source(2048);
  for (std::size_t j = 0; j < source.size(); ++j) source[j] = conf::pattern(j, me(), 3);
  const std::vector<unsigned char> pristine = source;
  std::vector<Range> ranges;
  for (std::size_t t = 0; t < nthreads(); ++t) {
    std::size_t off = 1;
    for (std::size_t n : sizes) {
      ranges.push_back({t, me(), off, n});
      off += n + 3;  // disjoint, with untouched bytes between them
    }
  }
  std::vector<upc_handle_t> handles;
  for (const Range &r : ranges)
    handles.push_back(upc_memput_nb(s.slice(r.thread, r.slice_of) + static_cast<std::ptrdiff_t>(r.off),
                                    source.data(), r.n));
  std::vector<unsigned char> got;
  for (std::size_t k : random_order(ranges.size())) {
    if (k % 3 == 0) {
      while (upc_sync_attempt(handles[k]) == 0) std::this_thread::yield();
    } else {
      upc_sync(handles[k]);
    }
    const Range &r = ranges[k];
    got.assign(r.n, 0);
    upc_memget(got.data(), s.slice(r.thread, r.slice_of) + static_cast<std::ptrdiff_t>(r.off), r.n);
    EXPECT_EQ(conf::first_difference(got.data(), source.data(), r.n), -1) << "put " << k;
  }
  EXPECT_EQ(source, pristine) << "7.9.2: the source memory is not modified by the transfer";
  upc_barrier;
  for (std::size_t c = 0; c < nthreads(); ++c) {
    std::vector<unsigned char> want(kSlice);
    for (std::size_t j = 0; j < kSlice; ++j) want[j] = initial(me(), c, j);
    std::size_t off = 1;
    for (std::size_t n : sizes) {
      for (std::size_t j = 0; j < n; ++j) want[off + j] = conf::pattern(j, c, 3);
      off += n + 3;
    }
    EXPECT_EQ(conf::first_difference(s.slice(me(), c).local(), want.data(), kSlice), -1) << "caller " << c;
  }
}

// upc_memcpy_nb between two other threads and upc_memset_nb on a third, all in flight together, with the
// effects of upc_memcpy and upc_memset (7.9.4).
TEST(UpcMemcpyNbAndMemsetNb, HaveTheEffectsOfTheBlockingFunctions) {
  Slices s;
  const std::size_t from = (me() + 1) % nthreads(), to = (me() + 2) % nthreads(),
                    set = (me() + 3) % nthreads();
  // dst, src, n: the destinations below 2510, the sources from 2600 (the three threads may be one).
  const std::size_t copies[][3] = {{0, 2600, 1}, {100, 2700, 333}, {500, 3100, 1999}, {2501, 2600, 7}};
  std::vector<upc_handle_t> handles;
  for (const auto &c : copies)
    handles.push_back(upc_memcpy_nb(s.slice(to, me()) + static_cast<std::ptrdiff_t>(c[0]),
                                    s.slice(from, me()) + static_cast<std::ptrdiff_t>(c[1]), c[2]));
  // memset ranges on `set` in the second half of the caller's slice there (which `to` may be too).
  handles.push_back(upc_memset_nb(s.slice(set, me()) + 5100, 0x1C3, 211));
  handles.push_back(upc_memset_nb(s.slice(set, me()) + 5400, -1, 1));
  for (std::size_t k : random_order(handles.size())) upc_sync(handles[k]);
  std::vector<unsigned char> want_to(kSlice), want_set(kSlice), got(kSlice);
  for (std::size_t j = 0; j < kSlice; ++j) want_to[j] = initial(to, me(), j);
  for (const auto &c : copies)
    for (std::size_t j = 0; j < c[2]; ++j) want_to[c[0] + j] = initial(from, me(), c[1] + j);
  want_set = set == to ? want_to : [&] {
    std::vector<unsigned char> v(kSlice);
    for (std::size_t j = 0; j < kSlice; ++j) v[j] = initial(set, me(), j);
    return v;
  }();
  std::fill(want_set.begin() + 5100, want_set.begin() + 5311, 0xC3);
  want_set[5400] = 0xFF;
  if (set == to) want_to = want_set;
  upc_memget(got.data(), s.slice(to, me()), kSlice);
  EXPECT_EQ(conf::first_difference(got.data(), want_to.data(), kSlice), -1);
  upc_memget(got.data(), s.slice(set, me()), kSlice);
  EXPECT_EQ(conf::first_difference(got.data(), want_set.data(), kSlice), -1);
}

// 7.9.5: the _nbi forms are completed together by upc_synci, or by a upc_synci_attempt that returns
// non-zero; 7.9.7: neither completes explicit-handle transfers, so a handle issued before them is still
// valid for its own upc_sync afterwards.
TEST(UpcNbi, CompletedTogetherBySynciAndLeaveExplicitHandlesToUpcSync) {
  Slices s;
  const std::size_t next = (me() + 1) % nthreads();
  // Everything read is below byte 3000 of a slice, everything written above it (the slices may coincide).
  const auto ranges = ranges_on_every_thread(30, (me() + 2) % nthreads(), 3000);
  for (int pass = 0; pass < 2; ++pass) {
    std::vector<unsigned char> explicit_got(2900, 0);
    const upc_handle_t h = upc_memget_nb(explicit_got.data(), s.slice(next, next) + 3, explicit_got.size());
    std::vector<std::vector<unsigned char>> got(ranges.size());
    for (std::size_t k = 0; k < ranges.size(); ++k) {
      const Range &r = ranges[k];
      got[k].assign(r.n, 0);
      upc_memget_nbi(got[k].data(), s.slice(r.thread, r.slice_of) + static_cast<std::ptrdiff_t>(r.off), r.n);
    }
    std::vector<unsigned char> put(777);
    for (std::size_t j = 0; j < put.size(); ++j) put[j] = conf::pattern(j, pass, 9);
    upc_memput_nbi(s.slice(next, me()) + 3010, put.data(), put.size());
    upc_memset_nbi(s.slice(next, me()) + 4000, 0x33 + pass, 50);
    upc_memcpy_nbi(s.slice(next, me()) + 5000, s.slice((me() + 2) % nthreads(), me()) + 7, 300);
    if (pass == 0) {
      upc_synci();
    } else {
      while (upc_synci_attempt() == 0) std::this_thread::yield();
    }
    for (std::size_t k = 0; k < ranges.size(); ++k) {
      const Range &r = ranges[k];
      for (std::size_t j = 0; j < r.n; ++j)
        ASSERT_EQ(got[k][j], initial(r.thread, r.slice_of, r.off + j)) << k;
    }
    std::vector<unsigned char> back(kSlice);
    upc_memget(back.data(), s.slice(next, me()), kSlice);
    EXPECT_EQ(conf::first_difference(back.data() + 3010, put.data(), put.size()), -1);
    for (std::size_t j = 0; j < 50; ++j) ASSERT_EQ(back[4000 + j], 0x33 + pass);
    for (std::size_t j = 0; j < 300; ++j)
      ASSERT_EQ(back[5000 + j], initial((me() + 2) % nthreads(), me(), 7 + j));
    EXPECT_NE(upc_synci_attempt(), 0) << "nothing is pending any more";
    upc_sync(h);  // still a valid handle after upc_synci
    for (std::size_t j = 0; j < explicit_got.size(); ++j)
      ASSERT_EQ(explicit_got[j], initial(next, next, 3 + j));
  }
}

// 7.9.2, footnote: "a successful upc_sync ... followed by a strict operation ensures the effects of the
// synchronized transfer(s) will be observed by all threads prior to observing the strict operation".
TEST(UpcMemputNb, SyncThenStrictWriteMakesThePutVisibleToOthers) {
  Slices s;
  shared_array<int, pgas::strict> flag(nthreads());
  const std::size_t next = (me() + 1) % nthreads(), prev = (me() + nthreads() - 1) % nthreads();
  std::vector<unsigned char> src(kSlice);
  for (int round = 1; round <= 5; ++round) {
    for (std::size_t j = 0; j < kSlice; ++j) src[j] = conf::pattern(j, me(), static_cast<std::size_t>(round));
    const upc_handle_t h = upc_memput_nb(s.slice(next, me()), src.data(), kSlice);
    upc_sync(h);
    flag[next] = round;  // strict
    while (static_cast<int>(flag[me()]) != round) std::this_thread::yield();
    const unsigned char *mine = s.slice(me(), prev).local();
    long bad = -1;
    for (std::size_t j = 0; j < kSlice && bad < 0; ++j)
      if (mine[j] != conf::pattern(j, prev, static_cast<std::size_t>(round))) bad = static_cast<long>(j);
    EXPECT_EQ(bad, -1) << "round " << round;
    upc_barrier;  // nobody starts the next round's put before its target has checked this one
  }
}

// 7.9.2: "Each non-blocking transfer proceeds independently of all other operations and actions by any
// thread until the end of the transfer interval. In particular, the transfer interval may extend beyond
// strict operations and other forms of inter-thread synchronization": transfers started before a barrier
// and a lock/unlock pair are synced after them, and have their effects.
TEST(UpcNb, TransferIntervalsMayExtendAcrossBarriersAndLocks) {
  Slices s;
  upc_lock_t *lock = upc_all_lock_alloc();
  const std::size_t next = (me() + 1) % nthreads(), other = (me() + 2) % nthreads();
  std::vector<unsigned char> src(1500), got(2000, 0);  // writes above byte 3000, reads below
  for (std::size_t j = 0; j < src.size(); ++j) src[j] = conf::pattern(j, me(), 21);
  const upc_handle_t put = upc_memput_nb(s.slice(next, me()) + 3050, src.data(), src.size());
  const upc_handle_t get = upc_memget_nb(got.data(), s.slice(other, other) + 100, got.size());
  const upc_handle_t copy = upc_memcpy_nb(s.slice(other, me()) + 4600, s.slice(next, next) + 40, 333);
  upc_memput_nbi(s.slice(other, me()) + 5000, src.data(), 1000);
  upc_barrier;
  upc_lock(lock);
  upc_unlock(lock);
  upc_barrier;
  upc_sync(copy);
  upc_sync(get);
  upc_sync(put);
  upc_synci();
  for (std::size_t j = 0; j < got.size(); ++j) ASSERT_EQ(got[j], initial(other, other, 100 + j)) << j;
  upc_barrier;  // a strict operation after the syncs: the owners see the puts and the copy
  const std::size_t prev = (me() + nthreads() - 1) % nthreads(),
                    before = (me() + 2 * nthreads() - 2) % nthreads();
  const unsigned char *from_prev = s.slice(me(), prev).local();
  for (std::size_t j = 0; j < src.size(); ++j)
    ASSERT_EQ(from_prev[3050 + j], conf::pattern(j, prev, 21)) << j;
  const unsigned char *from_before = s.slice(me(), before).local();
  for (std::size_t j = 0; j < 333; ++j) {
    ASSERT_EQ(from_before[4600 + j], initial((before + 1) % nthreads(), (before + 1) % nthreads(), 40 + j))
        << j;
  }
  for (std::size_t j = 0; j < 1000; ++j) ASSERT_EQ(from_before[5000 + j], conf::pattern(j, before, 21)) << j;
  upc_barrier;
  upc_all_lock_free(lock);
}

// Transfers of 0 bytes move nothing and their handles are synced as any other.
TEST(UpcNb, ZeroByteTransfers) {
  Slices s;
  const std::size_t next = (me() + 1) % nthreads();
  unsigned char byte = 0x42;
  upc_handle_t hs[] = {
      upc_memget_nb(&byte, s.slice(next, me()), 0), upc_memput_nb(s.slice(next, me()), &byte, 0),
      upc_memcpy_nb(s.slice(next, me()), s.slice(me(), me()), 0), upc_memset_nb(s.slice(next, me()), 0, 0)};
  for (upc_handle_t h : hs) upc_sync(h);
  upc_memget_nbi(&byte, s.slice(next, me()), 0);
  upc_memset_nbi(s.slice(next, me()), 0, 0);
  upc_synci();
  EXPECT_EQ(byte, 0x42);
  std::vector<unsigned char> got(kSlice);
  upc_memget(got.data(), s.slice(next, me()), kSlice);
  for (std::size_t j = 0; j < kSlice; ++j) ASSERT_EQ(got[j], initial(next, me(), j)) << j;
}

}  // namespace
