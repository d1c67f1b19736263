// Casts between pointer-to-shared types with different blocking factors, as UPC 1.3 section 6.4.3 states
// them: a cast keeps the thread and the address; between two non-generic types whose blocking factors or
// ultimate element sizes differ the result has phase 0; from shared void * the phase is kept, except to a
// cyclic or indefinite type. The pointer then moves by the formulas of section 6.4.2 for its new type:
//   upc_phaseof(p + i) == (upc_phaseof(p) + i) mod B
//   upc_threadof(p + i) == (upc_threadof(p) + (upc_phaseof(p) + i) div B) mod THREADS
// and reads the element the layout model places there. An implicit conversion of a run-time factor to
// another typed factor is not a cast (C assigns only between the same blocking factors): failures_test's
// block-mismatch mode shows that it stops the job.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstring>
#include <pgas/upc.hpp>

#include "layout_model.hpp"
#include "mp_util.hpp"

using namespace pgas;

namespace {

constexpr std::size_t kBlock = 4;

// The source array: shared [4] int a[...], element i holding 1000 + i.
struct Source {
  std::size_t n = 6 * kBlock * static_cast<std::size_t>(THREADS) + 3;
  layout_model::Dealt model = layout_model::deal(n, kBlock, static_cast<std::uint64_t>(THREADS));
  shared_array<int> a{n, kBlock};
  Source() {
    upc_forall(std::size_t i = 0, i < n, ++i, &a[i]) a[i] = static_cast<int>(1000 + i);
    upc_barrier;
  }
  ~Source() { upc_barrier; }
  // The value at (thread, local index), or -1 where a has no element.
  int at(std::int64_t thread, std::int64_t local) const {
    auto found = model.at.find({thread, local});
    return found == model.at.end() ? -1 : static_cast<int>(1000 + found->second);
  }
};

// q, cast from &a[i], starts a walk in blocks of `block` at i's thread and address with phase `phase`:
// check q + j for every j that stays inside the array's rows on every thread.
template <std::size_t Block>
void check_walk(const Source &s, std::size_t i, const global_ptr<int, Block> &q, std::size_t phase) {
  const auto &from = s.model.where[i];
  const auto threads = static_cast<std::int64_t>(THREADS);
  const auto block = static_cast<std::int64_t>(Block);
  ASSERT_EQ(static_cast<std::int64_t>(upc_threadof(q)), from.thread);
  ASSERT_EQ(upc_addrfield(q), static_cast<std::size_t>(from.local) * sizeof(int));
  ASSERT_EQ(upc_phaseof(q), phase);
  for (std::int64_t j = 0; j < 3 * block * threads; ++j) {
    SCOPED_TRACE("q + " + std::to_string(j));
    const auto p = static_cast<std::int64_t>(phase);
    const std::int64_t blocks = (p + j) / block;  // how many block boundaries q + j is past
    const std::int64_t thread = (from.thread + blocks) % threads;
    const std::int64_t local = from.local - p + (from.thread + blocks) / threads * block + (p + j) % block;
    const auto moved = q + j;
    EXPECT_EQ(static_cast<std::int64_t>(upc_phaseof(moved)), (p + j) % block);
    EXPECT_EQ(static_cast<std::int64_t>(upc_threadof(moved)), thread);
    EXPECT_EQ(upc_addrfield(moved), static_cast<std::size_t>(local) * sizeof(int));
    if (const int want = s.at(thread, local); want >= 0) {
      EXPECT_EQ(int(*moved), want);
    }
  }
}

// (shared [] char *)&a[i]: indefinite, phase 0, the bytes of a's elements on i's thread from i on.
TEST(PointerCast, ToIndefiniteCharBytes) {
  Source s;
  for (std::size_t i = 0; i < s.n; ++i) {
    SCOPED_TRACE("element " + std::to_string(i));
    const auto &from = s.model.where[i];
    const auto bytes = global_ptr<char, indefinite>(&s.a[i]);
    EXPECT_EQ(static_cast<std::int64_t>(upc_threadof(bytes)), from.thread);
    EXPECT_EQ(upc_addrfield(bytes), static_cast<std::size_t>(from.local) * sizeof(int));
    EXPECT_EQ(upc_phaseof(bytes), 0u);
    for (std::size_t k = 0; k < 2 * sizeof(int); ++k) {
      const int element = s.at(from.thread, from.local + static_cast<std::int64_t>(k / sizeof(int)));
      if (element < 0) break;
      char want[sizeof(int)];
      std::memcpy(want, &element, sizeof want);
      EXPECT_EQ(char(bytes[static_cast<std::ptrdiff_t>(k)]), want[k % sizeof(int)]) << "byte " << k;
    }
  }
}

// From a run-time factor of 4 to typed factors 1, 3, 4 and 8: the phase is kept only for 4.
TEST(PointerCast, BetweenBlockingFactors) {
  Source s;
  for (std::size_t i = 0; i < s.n; i += 1 + i % 3) {
    SCOPED_TRACE("element " + std::to_string(i));
    const global_ptr<int> p = &s.a[i];
    check_walk(s, i, global_ptr<int, 1>(p), 0);
    check_walk(s, i, global_ptr<int, 3>(p), 0);
    check_walk(s, i, global_ptr<int, 8>(p), 0);
    check_walk(s, i, static_cast<global_ptr<int, kBlock>>(p), i % kBlock);
    check_walk(s, i, global_ptr<int, 8>(global_ptr<int, 3>(p)), 0);  // typed to typed
  }
}

// Through shared void * the phase survives to any factor above 1 (while it is inside its blocks).
TEST(PointerCast, FromSharedVoidKeepsThePhase) {
  Source s;
  for (std::size_t i = 0; i < s.n; ++i) {
    SCOPED_TRACE("element " + std::to_string(i));
    const global_ptr<void> v = &s.a[i];
    check_walk(s, i, global_ptr<int, 1>(v), 0);
    check_walk(s, i, global_ptr<int, 8>(v), i % kBlock);
    check_walk(s, i, global_ptr<int, 5>(v), i % kBlock);
    EXPECT_EQ(upc_phaseof(global_ptr<int, indefinite>(v)), 0u);
    EXPECT_EQ(upc_phaseof(global_ptr<int>(v, 16)), i % kBlock);
  }
}

// The same factor and an element type of the same size keep the phase; another size does not.
TEST(PointerCast, ElementTypesOfTheSameSizeKeepThePhase) {
  Source s;
  static_assert(sizeof(float) == sizeof(int) && sizeof(short) != sizeof(int));
  for (std::size_t i = 0; i < s.n; ++i) {
    const global_ptr<int> p = &s.a[i];
    EXPECT_EQ(upc_phaseof(global_ptr<float>(p)), i % kBlock) << i;
    EXPECT_EQ(upc_phaseof(global_ptr<unsigned, kBlock>(p)), i % kBlock) << i;
    EXPECT_EQ(upc_phaseof(global_ptr<short>(p)), 0u) << i;
    EXPECT_EQ(upc_threadof(global_ptr<short>(p)), upc_threadof(p)) << i;
    EXPECT_EQ(upc_addrfield(global_ptr<short>(p)), upc_addrfield(p)) << i;
  }
}

}  // namespace
