// shared_array, shared_array2d and shared_var: UPC layout for blocking factors 1, B and indefinite; reads
// and writes of every element from every thread; compound assignment and increment operators on remote
// and local elements; struct elements and their fields; local_part(); the shared scalar on thread 0.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstring>
#include <pgas/upc.hpp>
#include <string>
#include <utility>
#include <vector>

#include "mp_util.hpp"

using namespace pgas;

namespace {

struct Particle {
  int id;
  double mass;
  char tag[3];
  long long charge;
};

bool operator==(const Particle &a, const Particle &b) {
  return a.id == b.id && a.mass == b.mass && std::memcmp(a.tag, b.tag, sizeof a.tag) == 0 &&
         a.charge == b.charge;
}
std::ostream &operator<<(std::ostream &os, const Particle &p) {
  return os << "{" << p.id << ", " << p.mass << ", " << int{p.tag[0]} << int{p.tag[1]} << int{p.tag[2]}
            << ", " << p.charge << "}";
}

// A value for element i that differs with `salt`, for each element type.
template <class T>
T value_of(std::size_t i, int salt) {
  if constexpr (std::is_same_v<T, Particle>) {
    Particle p{};
    p.id = static_cast<int>(i) * 3 + salt;
    p.mass = static_cast<double>(i) * 0.25 + salt;
    p.tag[0] = static_cast<char>('a' + i % 26);
    p.tag[1] = static_cast<char>(salt);
    p.tag[2] = static_cast<char>(i % 7);
    p.charge = -static_cast<long long>(i) * 1000000007LL + salt;
    return p;
  } else if constexpr (std::is_floating_point_v<T>) {
    return static_cast<T>(static_cast<double>(i) * 0.5 + salt * 1000.25);
  } else {
    return static_cast<T>(static_cast<T>(i) * 7 + static_cast<T>(salt) * 100000);
  }
}

const std::size_t kBlocks[] = {1, 3, indefinite};

std::string block_name(std::size_t block) {
  return block == indefinite ? std::string("indefinite") : "block " + std::to_string(block);
}

// Declared at namespace scope, like UPC's file-scope shared variables: constructed (collectively) before
// main, destroyed after it.
shared_array<int> g_file_scope(3 * static_cast<std::size_t>(THREADS) + 1, 2);
shared_var<long long> g_file_scalar;

TEST(SharedArray, FileScopeArrayAndScalar) {
  const std::size_t n = g_file_scope.size();
  for (std::size_t i = 0; i < n; ++i) EXPECT_EQ(g_file_scope[i], 0) << "i=" << i;
  upc_barrier;
  upc_forall(std::size_t i = 0, i < n, ++i, &g_file_scope[i]) g_file_scope[i] = static_cast<int>(i) * 2;
  if (MYTHREAD == THREADS - 1) g_file_scalar = -5;
  upc_barrier;
  long long sum = 0;
  for (std::size_t i = 0; i < n; ++i) sum += g_file_scope[i];
  EXPECT_EQ(sum, static_cast<long long>(n * (n - 1)));
  EXPECT_EQ(static_cast<long long>(g_file_scalar), -5);
  EXPECT_EQ(upc_threadof(&g_file_scalar), 0u);
  upc_barrier;
}

template <class T>
class SharedArrayTyped : public testing::Test {};
using ElementTypes = testing::Types<int, double, long long, Particle>;
TYPED_TEST_SUITE(SharedArrayTyped, ElementTypes);

TYPED_TEST(SharedArrayTyped, EveryThreadReadsAndWritesEveryElement) {
  using T = TypeParam;
  for (std::size_t block : kBlocks) {
    SCOPED_TRACE(block_name(block));
    const std::size_t n = 5 * static_cast<std::size_t>(THREADS) + 2;
    shared_array<T> x(n, block);
    EXPECT_EQ(x.size(), n);
    EXPECT_EQ(x.block(), block);
    // Fresh arrays are zero, and each element lives where UPC puts it.
    for (std::size_t i = 0; i < n; ++i) {
      T v = x[i];
      T zero{};
      EXPECT_EQ(std::memcmp(&v, &zero, sizeof v), 0) << "i=" << i;
      EXPECT_EQ(x[i].thread(), mp::where(i, block, THREADS).thread) << "i=" << i;
      EXPECT_EQ(x[i].is_local(), x[i].thread() == MYTHREAD) << "i=" << i;
    }
    upc_barrier;
    // The owner writes (local accesses), everybody reads (mostly remote).
    upc_forall(std::size_t i = 0, i < n, ++i, &x[i]) x[i] = value_of<T>(i, 1);
    upc_barrier;
    for (std::size_t i = 0; i < n; ++i) EXPECT_EQ(T(x[i]), value_of<T>(i, 1)) << "i=" << i;
    upc_barrier;
    // Another thread writes each element (remote when THREADS > 1), everybody reads again.
    for (std::size_t i = 0; i < n; ++i)
      if (static_cast<int>((i + 1) % static_cast<std::size_t>(THREADS)) == MYTHREAD) x[i] = value_of<T>(i, 2);
    upc_barrier;
    for (std::size_t i = 0; i < n; ++i) EXPECT_EQ(T(x[i]), value_of<T>(i, 2)) << "i=" << i;
    upc_barrier;
    // Element to element copies (x[i] = y[j] copies the value, like T&).
    shared_array<T> y(n, block == 1 ? 2 : 1);
    for (std::size_t i = 0; i < n; ++i)
      if (static_cast<int>((i + 2) % static_cast<std::size_t>(THREADS)) == MYTHREAD) y[n - 1 - i] = x[i];
    upc_barrier;
    for (std::size_t i = 0; i < n; ++i) EXPECT_EQ(T(y[n - 1 - i]), value_of<T>(i, 2)) << "i=" << i;
    upc_barrier;
  }
}

TYPED_TEST(SharedArrayTyped, LocalPartIsExactlyTheElementsWithAffinityToThisThread) {
  using T = TypeParam;
  for (std::size_t block : {std::size_t{1}, std::size_t{3}, std::size_t{4}, indefinite}) {
    for (std::size_t n : {std::size_t{1}, 7 * static_cast<std::size_t>(THREADS) + 3}) {
      SCOPED_TRACE(block_name(block) + ", n=" + std::to_string(n));
      shared_array<T> x(n, block);
      std::span<T> local = x.local_part();
      std::size_t k = 0;
      for (std::size_t i = 0; i < n; ++i) {
        global_ptr<T> p = &x[i];
        EXPECT_EQ(static_cast<int>(upc_threadof(p)), mp::where(i, block, THREADS).thread) << "i=" << i;
        if (p.thread() != MYTHREAD) continue;
        if (k >= local.size()) {
          ADD_FAILURE() << "element " << i << " has affinity to this thread but lies past the local part";
          break;
        }
        EXPECT_EQ(p.local(), &local[k]) << "i=" << i;
        EXPECT_EQ(mp::where(i, block, THREADS).local, k) << "i=" << i;
        ++k;
      }
      EXPECT_EQ(k, local.size());
      // Writes through the local part are the elements everybody sees.
      for (std::size_t j = 0; j < local.size(); ++j) local[j] = value_of<T>(j, MYTHREAD + 1);
      upc_barrier;
      for (std::size_t i = 0; i < n; ++i) {
        mp::Where w = mp::where(i, block, THREADS);
        EXPECT_EQ(T(x[i]), value_of<T>(w.local, w.thread + 1)) << "i=" << i;
      }
      upc_barrier;
    }
  }
}

template <class T>
class SharedArrayArithmetic : public testing::Test {};
using ArithmeticTypes = testing::Types<int, long long, double, unsigned>;
TYPED_TEST_SUITE(SharedArrayArithmetic, ArithmeticTypes);

TYPED_TEST(SharedArrayArithmetic, CompoundAssignmentAndIncrementOperators) {
  using T = TypeParam;
  for (std::size_t block : kBlocks) {
    SCOPED_TRACE(block_name(block));
    const std::size_t n = 4 * static_cast<std::size_t>(THREADS) + 1;
    shared_array<T> x(n, block);
    auto base = [](std::size_t i) { return static_cast<T>(i % 50 + 3); };
    upc_forall(std::size_t i = 0, i < n, ++i, &x[i]) x[i] = base(i);
    upc_barrier;
    // Element i is updated by one thread: the next one after its owner (remote if THREADS > 1), or the owner
    // itself for every third element (local).
    for (std::size_t i = 0; i < n; ++i) {
      int owner = mp::where(i, block, THREADS).thread;
      int updater = i % 3 == 0 ? owner : (owner + 1) % THREADS;
      if (updater != MYTHREAD) continue;
      T b = base(i);
      x[i] += 5;
      x[i] -= 2;
      x[i] *= 3;
      EXPECT_EQ(T(x[i]), static_cast<T>((b + 3) * 3)) << "i=" << i;
      ++x[i];
      EXPECT_EQ(x[i]++, static_cast<T>((b + 3) * 3 + 1)) << "i=" << i;  // post-increment yields the old value
      EXPECT_EQ(T(x[i]), static_cast<T>((b + 3) * 3 + 2)) << "i=" << i;
      --x[i];
      EXPECT_EQ(x[i]--, static_cast<T>((b + 3) * 3 + 1)) << "i=" << i;
      x[i] /= 3;  // (b + 3) * 3 / 3
      x[i] -= 1;
    }
    upc_barrier;
    for (std::size_t i = 0; i < n; ++i) EXPECT_EQ(T(x[i]), static_cast<T>(base(i) + 2)) << "i=" << i;
    upc_barrier;
  }
}

TEST(SharedArray, IntegerOnlyOperators) {
  const std::size_t n = 3 * static_cast<std::size_t>(THREADS) + 2;
  shared_array<int> x(n, 2);
  upc_forall(std::size_t i = 0, i < n, ++i, &x[i]) x[i] = static_cast<int>(i) + 100;
  upc_barrier;
  for (std::size_t i = 0; i < n; ++i) {
    if (static_cast<int>((i + 1) % static_cast<std::size_t>(THREADS)) != MYTHREAD) continue;
    x[i] %= 7;
    x[i] |= 0x100;
    x[i] &= 0x1f7;
    x[i] ^= 0x3;
    x[i] <<= 2;
    x[i] >>= 1;
  }
  upc_barrier;
  for (std::size_t i = 0; i < n; ++i) {
    int v = static_cast<int>(i) + 100;
    v %= 7;
    v |= 0x100;
    v &= 0x1f7;
    v ^= 0x3;
    v <<= 2;
    v >>= 1;
    EXPECT_EQ(x[i], v) << "i=" << i;
  }
  upc_barrier;
}

TEST(SharedArray, StructFields) {
  for (std::size_t block : kBlocks) {
    SCOPED_TRACE(block_name(block));
    const std::size_t n = 3 * static_cast<std::size_t>(THREADS) + 1;
    shared_array<Particle> x(n, block);
    upc_forall(std::size_t i = 0, i < n, ++i, &x[i]) x[i] = value_of<Particle>(i, 1);
    upc_barrier;
    for (std::size_t i = 0; i < n; ++i) {
      EXPECT_EQ(x[i].field(&Particle::id), value_of<Particle>(i, 1).id) << "i=" << i;
      EXPECT_EQ(x[i].field(&Particle::mass), value_of<Particle>(i, 1).mass) << "i=" << i;
      EXPECT_EQ(x[i].field(&Particle::charge), value_of<Particle>(i, 1).charge) << "i=" << i;
      global_ptr<double> mass = &x[i].field(&Particle::mass);
      EXPECT_EQ(static_cast<int>(upc_threadof(mass)), mp::where(i, block, THREADS).thread) << "i=" << i;
      EXPECT_EQ(upc_addrfield(mass), upc_addrfield(&x[i]) + offsetof(Particle, mass)) << "i=" << i;
    }
    upc_barrier;
    // Field writes by a thread other than the owner change only that field.
    for (std::size_t i = 0; i < n; ++i) {
      if (static_cast<int>((i + 1) % static_cast<std::size_t>(THREADS)) != MYTHREAD) continue;
      x[i].field(&Particle::id) += 10;
      x[i].field(&Particle::mass) *= 2;
      x[i].field(&Particle::charge) = 42;
    }
    upc_barrier;
    for (std::size_t i = 0; i < n; ++i) {
      Particle expected = value_of<Particle>(i, 1);
      expected.id += 10;
      expected.mass *= 2;
      expected.charge = 42;
      EXPECT_EQ(Particle(x[i]), expected) << "i=" << i;
    }
    upc_barrier;
  }
}

TEST(SharedArray, StrictArrayReadsAndWrites) {
  const std::size_t n = 4 * static_cast<std::size_t>(THREADS);
  shared_array<long long, strict> x(n, 3);
  for (std::size_t i = 0; i < n; ++i)
    if (static_cast<int>(i % static_cast<std::size_t>(THREADS)) == MYTHREAD)
      x[i] = static_cast<long long>(i) * -9;
  upc_barrier;
  for (std::size_t i = 0; i < n; ++i) EXPECT_EQ(x[i], static_cast<long long>(i) * -9) << "i=" << i;
  upc_barrier;
  for (std::size_t i = 0; i < n; ++i)
    if (static_cast<int>(i % static_cast<std::size_t>(THREADS)) == MYTHREAD) x[i]++;
  upc_barrier;
  for (std::size_t i = 0; i < n; ++i) EXPECT_EQ(x[i], static_cast<long long>(i) * -9 + 1) << "i=" << i;
  upc_barrier;
}

TEST(SharedArray, MovedArrayKeepsItsElements) {
  const std::size_t n = 2 * static_cast<std::size_t>(THREADS) + 1;
  shared_array<int> a(n);
  upc_forall(std::size_t i = 0, i < n, ++i, &a[i]) a[i] = static_cast<int>(i) + 1;
  upc_barrier;
  const pgas_handle_t handle = a.handle();
  shared_array<int> b(std::move(a));
  EXPECT_EQ(b.handle(), handle);
  EXPECT_EQ(b.size(), n);
  for (std::size_t i = 0; i < n; ++i) EXPECT_EQ(b[i], static_cast<int>(i) + 1) << "i=" << i;
  upc_barrier;
}

class SharedArray2d : public testing::TestWithParam<int> {};

TEST_P(SharedArray2d, IndexingMatchesTheRowMajorFlatArray) {
  const std::size_t rows = 5, cols = static_cast<std::size_t>(THREADS) + 3;
  // 0: indefinite, 1: cyclic, 2: block 2, 3: one row per block.
  const std::size_t block = GetParam() == 0   ? indefinite
                            : GetParam() == 3 ? cols
                                              : static_cast<std::size_t>(GetParam());
  shared_array2d<int> A(rows, cols, block);
  EXPECT_EQ(A.rows(), rows);
  EXPECT_EQ(A.cols(), cols);
  EXPECT_EQ(A.flat().size(), rows * cols);
  for (std::size_t i = 0; i < rows; ++i)
    for (std::size_t j = 0; j < cols; ++j)
      if ((&A[i][j]).thread() == MYTHREAD) A[i][j] = static_cast<int>(i * 100 + j);
  upc_barrier;
  for (std::size_t i = 0; i < rows; ++i) {
    for (std::size_t j = 0; j < cols; ++j) {
      const int expected = static_cast<int>(i * 100 + j);
      EXPECT_EQ(A[i][j], expected) << i << "," << j;
      EXPECT_EQ(A(i, j), expected) << i << "," << j;
      EXPECT_EQ(A.flat()[i * cols + j], expected) << i << "," << j;
      EXPECT_TRUE(&A[i][j] == &A.flat()[i * cols + j]) << i << "," << j;
      EXPECT_TRUE(&A(i, j) == &A.flat()[i * cols + j]) << i << "," << j;
      EXPECT_EQ(A[i][j].thread(), mp::where(i * cols + j, block, THREADS).thread) << i << "," << j;
      if (GetParam() == 3) {
        EXPECT_EQ(A[i][j].thread(), static_cast<int>(i % static_cast<std::size_t>(THREADS)));
      }
    }
  }
  upc_barrier;
  // Writes through A(i, j) by a non-owner.
  for (std::size_t i = 0; i < rows; ++i)
    for (std::size_t j = 0; j < cols; ++j)
      if (static_cast<int>((i + j) % static_cast<std::size_t>(THREADS)) == MYTHREAD) A(i, j) += 1;
  upc_barrier;
  for (std::size_t i = 0; i < rows; ++i)
    for (std::size_t j = 0; j < cols; ++j)
      EXPECT_EQ(A.flat()[i * cols + j], static_cast<int>(i * 100 + j + 1));
  upc_barrier;
}

std::string layout_name(const testing::TestParamInfo<int> &info) {
  static const char *const kNames[] = {"indefinite", "cyclic", "block2", "row_per_block"};
  return kNames[info.param];
}
INSTANTIATE_TEST_SUITE_P(Blocks, SharedArray2d, testing::Values(0, 1, 2, 3), layout_name);

TEST(SharedVar, ScalarLivesOnThreadZero) {
  shared_var<int> v;
  EXPECT_EQ(upc_threadof(&v), 0u);
  EXPECT_EQ(int(v), 0);
  upc_barrier;
  if (MYTHREAD == 0) v = 42;
  upc_barrier;
  EXPECT_EQ(int(v), 42);
  upc_barrier;
  if (MYTHREAD == THREADS - 1) {
    v += 8;
    v -= 1;
    ++v;
    EXPECT_EQ(v++, 50);
    --v;
    EXPECT_EQ(v--, 50);
    v++;
  }
  upc_barrier;
  EXPECT_EQ(int(v), 50);
  upc_barrier;
  // Each thread in turn, ordered by barriers.
  for (int t = 0; t < THREADS; ++t) {
    if (t == MYTHREAD) v += t + 1;
    upc_barrier;
  }
  EXPECT_EQ(int(v), 50 + THREADS * (THREADS + 1) / 2);
  upc_barrier;
}

TEST(SharedVar, DoubleAndStructScalars) {
  shared_var<double> d;
  shared_var<Particle> p;
  EXPECT_EQ(upc_threadof(&p), 0u);
  if (MYTHREAD == THREADS - 1) {
    d = 2.5;
    p = value_of<Particle>(9, 4);
  }
  upc_barrier;
  EXPECT_EQ(double(d), 2.5);
  EXPECT_EQ(Particle(p), value_of<Particle>(9, 4));
  EXPECT_EQ(p.ref().field(&Particle::charge), value_of<Particle>(9, 4).charge);
  upc_barrier;
  if (MYTHREAD == THREADS - 1) {
    d += 0.25;
    p.ref().field(&Particle::mass) = -1.5;
  }
  upc_barrier;
  EXPECT_EQ(double(d), 2.75);
  EXPECT_EQ(Particle(p).mass, -1.5);
  EXPECT_EQ(Particle(p).id, value_of<Particle>(9, 4).id);
  upc_barrier;
}

}  // namespace

// `a = b` between shared scalars copies the value, as in UPC.
TEST(SharedVar, AssignmentCopiesTheValue) {
  pgas::shared_var<long> a, b;
  if (MYTHREAD == 0) b = 42;
  upc_barrier;
  if (MYTHREAD == THREADS - 1) a = b;
  upc_barrier;
  EXPECT_EQ(static_cast<long>(a), 42);
  EXPECT_EQ(static_cast<long>(b), 42);
  upc_barrier;
}
