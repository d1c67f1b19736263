// global_ptr (UPC's pointer-to-shared): arithmetic, differences and comparisons agree with the array
// layout for random elements and steps; upc_threadof / upc_phaseof / upc_addrfield; dereference and
// indexing through pointers from every thread; conversions (const, void, from upc_all_alloc's result
// with the default cyclic and with an explicit blocking factor).
#include <gtest/gtest.h>

#include <cstddef>
#include <pgas/upc.hpp>
#include <random>
#include <string>
#include <vector>

#include "mp_util.hpp"

using namespace pgas;

namespace {

struct Triple {
  int a, b, c;  // 12 bytes: an element size that is not a power of two
};

template <class T>
T make(std::size_t i) {
  if constexpr (std::is_same_v<T, Triple>) {
    return Triple{static_cast<int>(i), -static_cast<int>(i), static_cast<int>(i * i)};
  } else {
    return static_cast<T>(i * 3 + 1);
  }
}
template <class T>
long long key(const T &v) {
  if constexpr (std::is_same_v<T, Triple>) {
    return v.a;
  } else {
    return static_cast<long long>(v);
  }
}

std::string block_name(std::size_t block) {
  return block == indefinite ? std::string("indefinite") : "block " + std::to_string(block);
}

// Arithmetic, comparisons and queries of pointers into an array with blocking factor `block`.
template <class T>
void check_arithmetic(std::size_t block) {
  SCOPED_TRACE(block_name(block));
  const std::size_t n = 11 * static_cast<std::size_t>(THREADS) + 4;
  shared_array<T> x(n, block);
  upc_forall(std::size_t i = 0, i < n, ++i, &x[i]) x[i] = make<T>(i);
  upc_barrier;

  for (std::size_t i = 0; i < n; ++i) {
    global_ptr<T> p = &x[i];
    mp::Where w = mp::where(i, block, THREADS);
    EXPECT_EQ(static_cast<int>(upc_threadof(p)), w.thread) << "i=" << i;
    EXPECT_EQ(upc_phaseof(p), w.phase) << "i=" << i;
    EXPECT_EQ(upc_addrfield(p), w.local * sizeof(T)) << "i=" << i;
    EXPECT_EQ(p.handle(), x.handle());
  }

  std::mt19937_64 random(1234 + block);  // the same sequence on every thread
  for (int trial = 0; trial < 500; ++trial) {
    const std::size_t i = random() % n, j = random() % n;
    const auto k = static_cast<std::ptrdiff_t>(j) - static_cast<std::ptrdiff_t>(i);
    SCOPED_TRACE("i=" + std::to_string(i) + " k=" + std::to_string(k));
    const global_ptr<T> p = &x[i], q = &x[j];
    EXPECT_TRUE(p + k == q);
    EXPECT_TRUE(k + p == q);
    EXPECT_TRUE(q - k == p);
    EXPECT_EQ(q - p, k);
    EXPECT_EQ(p - q, -k);
    EXPECT_EQ(p<q, k> 0);
    EXPECT_EQ(p > q, k < 0);
    EXPECT_EQ(p <= q, k >= 0);
    EXPECT_EQ(p == q, k == 0);
    EXPECT_EQ(p != q, k != 0);
    global_ptr<T> r = p;
    r += k;
    EXPECT_TRUE(r == q);
    r -= k;
    EXPECT_TRUE(r == p);
    EXPECT_EQ(upc_phaseof(p + k), upc_phaseof(q));
    EXPECT_EQ(upc_threadof(p + k), upc_threadof(q));
    // Dereference and indexing through the pointer read the element (remote for most threads).
    EXPECT_EQ(key(T(*q)), key(make<T>(j)));
    EXPECT_EQ(key(T(p[k])), key(make<T>(j)));
  }

  // A walk with ++ and -- visits every element in index order.
  global_ptr<T> walk = x;
  for (std::size_t i = 0; i < n; ++i) {
    EXPECT_TRUE(walk == &x[i]) << "i=" << i;
    global_ptr<T> old = walk++;
    EXPECT_TRUE(old == &x[i]) << "i=" << i;
  }
  for (std::size_t i = n; i-- > 0;) {
    --walk;
    EXPECT_TRUE(walk == &x[i]) << "i=" << i;
    EXPECT_EQ(upc_phaseof(walk), mp::where(i, block, THREADS).phase) << "i=" << i;
  }
  upc_barrier;
}

class PointerArithmetic : public testing::TestWithParam<std::size_t> {};

TEST_P(PointerArithmetic, MatchesLayoutForInt) { check_arithmetic<int>(GetParam()); }
TEST_P(PointerArithmetic, MatchesLayoutForDouble) { check_arithmetic<double>(GetParam()); }
TEST_P(PointerArithmetic, MatchesLayoutForTwelveByteStruct) { check_arithmetic<Triple>(GetParam()); }

TEST_P(PointerArithmetic, WritesThroughPointersFromEveryThread) {
  const std::size_t block = GetParam();
  const std::size_t n = 6 * static_cast<std::size_t>(THREADS) + 5;
  shared_array<long> x(n, block);
  const global_ptr<long> base = x;
  // Element i is written by thread (i + 1) % THREADS: through *(base + i), base[i] or a walked pointer.
  global_ptr<long> walk = base;
  for (std::size_t i = 0; i < n; ++i, ++walk) {
    if (static_cast<int>((i + 1) % static_cast<std::size_t>(THREADS)) != MYTHREAD) continue;
    switch (i % 3) {
      case 0:
        *(base + static_cast<std::ptrdiff_t>(i)) = static_cast<long>(i) * 10;
        break;
      case 1:
        base[static_cast<std::ptrdiff_t>(i)] = static_cast<long>(i) * 10;
        break;
      default:
        *walk = static_cast<long>(i) * 10;
        break;
    }
    *walk += 1;
  }
  upc_barrier;
  for (std::size_t i = 0; i < n; ++i) EXPECT_EQ(x[i], static_cast<long>(i) * 10 + 1) << "i=" << i;
  upc_barrier;
}

TEST_P(PointerArithmetic, ConversionsKeepTheElement) {
  const std::size_t block = GetParam();
  const std::size_t n = 4 * static_cast<std::size_t>(THREADS) + 3;
  shared_array<int> x(n, block);
  upc_forall(std::size_t i = 0, i < n, ++i, &x[i]) x[i] = static_cast<int>(i) + 7;
  upc_barrier;
  for (std::size_t i = 0; i < n; ++i) {
    global_ptr<int> p = &x[i];
    global_ptr<const int> c = p;  // shared int * -> shared const int *
    EXPECT_EQ(int(*c), static_cast<int>(i) + 7) << "i=" << i;
    EXPECT_EQ(upc_phaseof(c), upc_phaseof(p));
    EXPECT_TRUE(c == global_ptr<const int>(&x[i]));
    global_ptr<void> v = p;  // shared void *: same thread, phase and address
    EXPECT_EQ(upc_threadof(v), upc_threadof(p)) << "i=" << i;
    EXPECT_EQ(upc_addrfield(v), upc_addrfield(p)) << "i=" << i;
    EXPECT_EQ(upc_phaseof(v), upc_phaseof(p)) << "i=" << i;
    global_ptr<int> back(v, block);  // back to shared [block] int *
    EXPECT_TRUE(back == p) << "i=" << i;
    EXPECT_EQ(back - x.ptr(), static_cast<std::ptrdiff_t>(i)) << "i=" << i;
    EXPECT_EQ(int(*back), static_cast<int>(i) + 7) << "i=" << i;
    global_ptr<int> reset = upc_resetphase(p);
    EXPECT_EQ(upc_phaseof(reset), 0u);
    EXPECT_EQ(upc_threadof(reset), upc_threadof(p));
    EXPECT_EQ(upc_addrfield(reset), upc_addrfield(p));
  }
  // The array's name is a pointer to its first element.
  global_ptr<int> first = x;
  EXPECT_TRUE(first == &x[0]);
  EXPECT_TRUE(x.ptr() == &x[0]);
  EXPECT_EQ(first.block(), block);
  upc_barrier;
}

INSTANTIATE_TEST_SUITE_P(Blocks, PointerArithmetic,
                         testing::Values(std::size_t{1}, std::size_t{3}, std::size_t{5}, indefinite),
                         [](const testing::TestParamInfo<std::size_t> &info) {
                           return info.param == indefinite ? std::string("indefinite")
                                                           : "block" + std::to_string(info.param);
                         });

TEST(Pointer, NullPointer) {
  global_ptr<int> null;
  global_ptr<int> also = nullptr;
  EXPECT_FALSE(null);
  EXPECT_TRUE(null == also);
  shared_array<int> x(static_cast<std::size_t>(THREADS));
  EXPECT_TRUE(static_cast<bool>(global_ptr<int>(x)));
  EXPECT_FALSE(null == x.ptr());
  upc_free(null);  // upc_free(NULL) does nothing
  upc_barrier;
}

TEST(Pointer, UpcAllAllocCyclicConversion) {
  const std::size_t n = 6 * static_cast<std::size_t>(THREADS) + 1;  // shared int[n], one int per block
  global_ptr<int> p = upc_all_alloc(n, sizeof(int));
  ASSERT_TRUE(mp::all_ok(static_cast<bool>(p)));
  // The same pointer on every thread.
  auto handles = mp::all_gather(p.handle());
  auto offsets = mp::all_gather(upc_addrfield(p));
  auto threads = mp::all_gather(upc_threadof(p));
  for (int t = 0; t < THREADS; ++t) {
    EXPECT_EQ(handles[static_cast<std::size_t>(t)], p.handle()) << "thread " << t;
    EXPECT_EQ(offsets[static_cast<std::size_t>(t)], upc_addrfield(p)) << "thread " << t;
    EXPECT_EQ(threads[static_cast<std::size_t>(t)], 0u) << "thread " << t;
  }
  for (std::size_t i = 0; i < n; ++i) {
    EXPECT_EQ(upc_threadof(p + static_cast<std::ptrdiff_t>(i)), i % static_cast<std::size_t>(THREADS)) << i;
    EXPECT_EQ(upc_addrfield(p + static_cast<std::ptrdiff_t>(i)) - upc_addrfield(p),
              (i / static_cast<std::size_t>(THREADS)) * sizeof(int))
        << i;
    EXPECT_EQ(int(p[static_cast<std::ptrdiff_t>(i)]), 0) << "fresh memory is zero, i=" << i;
  }
  upc_barrier;
  upc_forall(std::size_t i = 0, i < n, ++i, &p[static_cast<std::ptrdiff_t>(i)]) {
    p[static_cast<std::ptrdiff_t>(i)] = static_cast<int>(3 * i + 1);
  }
  upc_barrier;
  for (std::size_t i = 0; i < n; ++i)
    EXPECT_EQ(int(p[static_cast<std::ptrdiff_t>(i)]), static_cast<int>(3 * i + 1));
  // This thread's elements are contiguous locally: element j * THREADS + MYTHREAD at local index j.
  int *mine = (p + MYTHREAD).local();
  for (std::size_t j = 0; j * static_cast<std::size_t>(THREADS) + static_cast<std::size_t>(MYTHREAD) < n; ++j)
    EXPECT_EQ(mine[j],
              static_cast<int>(
                  3 * (j * static_cast<std::size_t>(THREADS) + static_cast<std::size_t>(MYTHREAD)) + 1));
  upc_barrier;
  if (MYTHREAD == THREADS - 1) upc_free(p);  // one thread frees (UPC: upc_free is not collective)
  upc_barrier;
}

TEST(Pointer, UpcAllAllocWithExplicitBlock) {
  constexpr std::size_t kBlock = 4;
  const std::size_t nblocks = 2 * static_cast<std::size_t>(THREADS) + 1, n = nblocks * kBlock;
  global_ptr<void> raw = upc_all_alloc(nblocks, kBlock * sizeof(double));
  global_ptr<double> q(raw, kBlock);  // shared [4] double *
  EXPECT_EQ(q.block(), kBlock);
  for (std::size_t i = 0; i < n; ++i) {
    global_ptr<double> e = q + static_cast<std::ptrdiff_t>(i);
    mp::Where w = mp::where(i, kBlock, THREADS);
    EXPECT_EQ(static_cast<int>(upc_threadof(e)), w.thread) << "i=" << i;
    EXPECT_EQ(upc_phaseof(e), w.phase) << "i=" << i;
    EXPECT_EQ(upc_addrfield(e) - upc_addrfield(q), w.local * sizeof(double)) << "i=" << i;
  }
  upc_forall(std::size_t i = 0, i < n, ++i, q + static_cast<std::ptrdiff_t>(i)) {
    q[static_cast<std::ptrdiff_t>(i)] = static_cast<double>(i) * 0.5;
  }
  upc_barrier;
  for (std::size_t i = 0; i < n; ++i)
    EXPECT_EQ(double(q[static_cast<std::ptrdiff_t>(i)]), static_cast<double>(i) * 0.5);
  // Block b lies in thread b % THREADS's part, as nbytes contiguous bytes.
  for (std::size_t b = 0; b < nblocks; ++b) {
    if (static_cast<int>(b % static_cast<std::size_t>(THREADS)) != MYTHREAD) continue;
    double *block = (q + static_cast<std::ptrdiff_t>(b * kBlock)).local();
    for (std::size_t e = 0; e < kBlock; ++e) EXPECT_EQ(block[e], static_cast<double>(b * kBlock + e) * 0.5);
  }
  upc_barrier;
  if (MYTHREAD == 0) upc_free(raw);
  upc_barrier;
}

}  // namespace
