// A pointer-to-shared keeps its thread and address through every conversion, and its phase as UPC 1.3
// section 6.4.3 says: to and from global_ptr<void> and global_ptr<const void> and to const it is kept;
// between element types of another size it is 0 (the sizes of char, short, int, double, 12- and 24-byte
// elements below all differ from their partner's); upc_resetphase drops it. Checked for every element of
// arrays of several element sizes and blocking factors against the reference model of
// tests/support/layout_model.hpp, and by reading through the converted pointers after moving them.
// pointer_cast_test.cpp has the casts between blocking factors.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstring>
#include <pgas/upc.hpp>
#include <random>
#include <string>

#include "layout_model.hpp"
#include "mp_util.hpp"

using namespace pgas;

namespace {

struct Triple {
  int a, b, c;  // 12 bytes
};
struct Wide {
  double v[3];  // 24 bytes
};

template <class T>
T make(std::size_t i) {
  T v{};
  if constexpr (std::is_class_v<T>) {
    auto *bytes = reinterpret_cast<unsigned char *>(&v);
    for (std::size_t k = 0; k < sizeof v; ++k) bytes[k] = static_cast<unsigned char>(i * 7 + k);
  } else {
    v = static_cast<T>(i % 100 + 1);
  }
  return v;
}
template <class T>
bool same(const T &a, const T &b) {
  return std::memcmp(&a, &b, sizeof a) == 0;
}

// The expected place of an element, and whether a pointer is there.
template <class P>
testing::AssertionResult at(const P &p, const layout_model::Position &want, std::size_t elem_size) {
  if (static_cast<std::int64_t>(upc_threadof(p)) == want.thread &&
      static_cast<std::int64_t>(upc_phaseof(p)) == want.phase &&
      upc_addrfield(p) == static_cast<std::size_t>(want.local) * elem_size)
    return testing::AssertionSuccess();
  return testing::AssertionFailure() << "pointer at (thread " << upc_threadof(p) << ", phase "
                                     << upc_phaseof(p) << ", address " << upc_addrfield(p)
                                     << "), the model says (thread " << want.thread << ", phase "
                                     << want.phase << ", address "
                                     << static_cast<std::size_t>(want.local) * elem_size << ")";
}

template <class T, class Other>
void check_conversions(std::size_t block) {
  SCOPED_TRACE("element size " + std::to_string(sizeof(T)) + ", block " + std::to_string(block));
  const auto threads = static_cast<std::size_t>(THREADS);
  const std::size_t n = 3 * threads * (block == 0 ? 4 : block) + 3;
  const layout_model::Dealt model = layout_model::deal(n, block, threads);
  shared_array<T> x(n, block);
  upc_forall(std::size_t i = 0, i < n, ++i, &x[i]) x[i] = make<T>(i);
  upc_barrier;

  std::mt19937_64 random(n * 31 + block);
  const long long reads = mp::scaled(4);
  for (std::size_t i = 0; i < n; ++i) {
    SCOPED_TRACE("element " + std::to_string(i));
    const auto &want = model.where[i];
    const global_ptr<T> p = &x[i];
    ASSERT_TRUE(at(p, want, sizeof(T)));

    const global_ptr<void> v = p;
    const global_ptr<const void> cv = p;
    const global_ptr<const void> cv_from_v = v;
    const global_ptr<T> back = v;
    const global_ptr<const T> const_back = cv;
    const global_ptr<T> reblocked(v, block);  // shared void * -> shared [block] T *, the same block
    const global_ptr<char> bytes(p);          // (shared [block] char *) p
    const global_ptr<T> from_bytes(bytes);
    const global_ptr<T> via_other{global_ptr<void>(global_ptr<Other>(p))};
    static_assert(sizeof(Other) != sizeof(T));
    // Through an element type of another size the phase is 0 (char to char keeps it).
    layout_model::Position sized = want;
    if (sizeof(T) != 1) sized.phase = 0;
    layout_model::Position zero_phase = want;
    zero_phase.phase = 0;
    EXPECT_TRUE(at(v, want, sizeof(T))) << "to shared void *";
    EXPECT_TRUE(at(cv, want, sizeof(T))) << "to shared const void *";
    EXPECT_TRUE(at(cv_from_v, want, sizeof(T))) << "shared void * to shared const void *";
    EXPECT_TRUE(at(back, want, sizeof(T))) << "back from shared void *";
    EXPECT_TRUE(at(const_back, want, sizeof(T))) << "back from shared const void *";
    EXPECT_TRUE(at(reblocked, want, sizeof(T))) << "back with the same explicit block";
    EXPECT_TRUE(at(bytes, sized, sizeof(T))) << "to shared char *";
    EXPECT_TRUE(at(from_bytes, sized, sizeof(T))) << "back from shared char *";
    EXPECT_TRUE(at(via_other, zero_phase, sizeof(T))) << "through another element type and shared void *";
    EXPECT_EQ(back.block(), block);
    EXPECT_EQ(bytes.block(), block);

    // Moving the converted pointers follows the model, and reads the element the model names.
    for (long long r = 0; r < reads; ++r) {
      const std::size_t to = random() % n;
      const auto k = static_cast<std::ptrdiff_t>(to) - static_cast<std::ptrdiff_t>(i);
      SCOPED_TRACE("moved by " + std::to_string(k));
      EXPECT_TRUE(at(back + k, model.where[to], sizeof(T)));
      EXPECT_EQ((back + k) - p, k);
      EXPECT_TRUE(same(T(*(back + k)), make<T>(to)));
      EXPECT_TRUE(same(T(const_back[k]), make<T>(to)));
    }

    // upc_resetphase drops it; nothing else did.
    const auto reset = upc_resetphase(v);
    EXPECT_EQ(upc_phaseof(reset), 0u);
    EXPECT_EQ(upc_threadof(reset), upc_threadof(p));
    EXPECT_EQ(upc_addrfield(reset), upc_addrfield(p));
    EXPECT_EQ(upc_phaseof(global_ptr<T>(reset)), 0u);
  }
  upc_barrier;
}

template <class T, class Other>
void check_every_block() {
  for (std::size_t block : {indefinite, std::size_t{1}, std::size_t{2}, std::size_t{3}, std::size_t{4},
                            std::size_t{5}, std::size_t{16}})
    check_conversions<T, Other>(block);
}

TEST(PointerPhase, CharElements) { check_every_block<char, Wide>(); }
TEST(PointerPhase, ShortElements) { check_every_block<short, int>(); }
TEST(PointerPhase, IntElements) { check_every_block<int, char>(); }
TEST(PointerPhase, DoubleElements) { check_every_block<double, Triple>(); }
TEST(PointerPhase, TwelveByteElements) { check_every_block<Triple, double>(); }
TEST(PointerPhase, TwentyFourByteElements) { check_every_block<Wide, short>(); }

// The case that read the wrong element: &A[5] of `shared [4] int A[...]` through shared void * and back,
// then 3 further, is &A[8] (its phase is 1, not 0).
TEST(PointerPhase, ThroughSharedVoidAndBack) {
  const std::size_t n = 8 * static_cast<std::size_t>(THREADS) + 24;
  shared_array<int> a(n, 4);
  upc_forall(std::size_t i = 0, i < n, ++i, &a[i]) a[i] = static_cast<int>(i);
  upc_barrier;
  global_ptr<int> p = &a[5];
  global_ptr<void> v = p;
  EXPECT_EQ(upc_phaseof(v), 1u);
  global_ptr<int> q = v;
  EXPECT_EQ(int(*(q + 3)), 8);
  EXPECT_TRUE(q + 3 == p + 3);
  upc_barrier;
}

// A cast of a shared void * to a type with another blocking factor keeps its thread, address and phase,
// except to a cyclic or indefinite type, whose phase is 0 (UPC 1.3 section 6.4.3, paragraph 3).
TEST(PointerPhase, ExplicitReblockingKeepsThreadAndAddress) {
  const std::size_t n = 8 * static_cast<std::size_t>(THREADS);
  shared_array<int> a(n, 4);
  global_ptr<void> v = &a[6];  // phase 2
  global_ptr<int> cyclic(v, 1), indefinite_block(v, indefinite), three(v, 3), eight(v, 8), same_block(v, 4);
  EXPECT_EQ(upc_phaseof(cyclic), 0u);
  EXPECT_EQ(upc_phaseof(indefinite_block), 0u);
  EXPECT_EQ(upc_phaseof(three), 2u);
  EXPECT_EQ(upc_phaseof(eight), 2u);
  EXPECT_EQ(upc_phaseof(same_block), 2u);
  for (const auto &q : {cyclic, indefinite_block, three, eight, same_block}) {
    EXPECT_EQ(upc_threadof(q), upc_threadof(v));
    EXPECT_EQ(upc_addrfield(q), upc_addrfield(v));
  }
  upc_barrier;
}

}  // namespace
