// Collectives 2.0 conformance: user-defined operations [C2 3.1.4]. A non-commutative operation (commute 0)
// combines the contributions in ascending team rank order ([3.1.4] 2): checked with three associative,
// non-commutative operations (composition of affine maps, concatenation of digit strings, products of 2x2
// matrices) through reduce (every root), allreduce, reduce_scatter(v), scan and exscan on split teams whose
// rank order is not the thread order, and a commutative one. The user function computes
// inout[i] = in[i] op inout[i] for i < len, `in` the earlier operand (pgas/upccoll.h, MPI's convention:
// the seed leaves the operands' roles open).
#include <gtest/gtest.h>

#include <pgas/upc.hpp>

#include "conf_coll2.hpp"

using namespace conf2;

namespace {

upccoll_dtype_t g_expected_type;  // the type the function must be given ([3.1.4]: its dt argument)
bool g_wrong_type = false;

// x -> a x + b (mod 2^32) as {value = a, index = b}; f then g = (f.a g.a, f.b g.a + g.b).
upccoll_2int_t affine_then(upccoll_2int_t f, upccoll_2int_t g) {
  const auto fa = static_cast<unsigned>(f.value), fb = static_cast<unsigned>(f.index);
  const auto ga = static_cast<unsigned>(g.value), gb = static_cast<unsigned>(g.index);
  return {static_cast<int>(fa * ga), static_cast<int>(fb * ga + gb)};
}
void affine_fun(void *in, void *inout, size_t len, upccoll_dtype_t dt) {
  if (dt != g_expected_type) g_wrong_type = true;
  auto *a = static_cast<upccoll_2int_t *>(in);
  auto *b = static_cast<upccoll_2int_t *>(inout);
  for (size_t i = 0; i < len; ++i) b[i] = affine_then(a[i], b[i]);
}

// A string of up to 15 hex digits: its length in the top 4 bits, the digits below.
unsigned long long concat(unsigned long long s, unsigned long long t) {
  const unsigned long long ls = s >> 60, lt = t >> 60, mask = (1ULL << 60) - 1;
  return ((ls + lt) << 60) | (((s & mask) << (4 * lt)) & mask) | (t & mask);
}
void concat_fun(void *in, void *inout, size_t len, upccoll_dtype_t dt) {
  if (dt != g_expected_type) g_wrong_type = true;
  auto *a = static_cast<unsigned long long *>(in);
  auto *b = static_cast<unsigned long long *>(inout);
  for (size_t i = 0; i < len; ++i) b[i] = concat(a[i], b[i]);
}

// A 2x2 matrix of bytes (mod 256) packed in an unsigned int, row-major from the low byte.
unsigned matmul(unsigned x, unsigned y) {
  auto e = [](unsigned m, int k) { return (m >> (8 * k)) & 0xffu; };
  const unsigned r[4] = {e(x, 0) * e(y, 0) + e(x, 1) * e(y, 2), e(x, 0) * e(y, 1) + e(x, 1) * e(y, 3),
                         e(x, 2) * e(y, 0) + e(x, 3) * e(y, 2), e(x, 2) * e(y, 1) + e(x, 3) * e(y, 3)};
  return (r[0] & 0xff) | (r[1] & 0xff) << 8 | (r[2] & 0xff) << 16 | (r[3] & 0xffu) << 24;
}
void matmul_fun(void *in, void *inout, size_t len, upccoll_dtype_t dt) {
  if (dt != g_expected_type) g_wrong_type = true;
  auto *a = static_cast<unsigned *>(in);
  auto *b = static_cast<unsigned *>(inout);
  for (size_t i = 0; i < len; ++i) b[i] = matmul(a[i], b[i]);
}

// Commutative and associative: a + b + 1 (so a fold of n operands is their sum plus n - 1).
void plus_one_fun(void *in, void *inout, size_t len, upccoll_dtype_t dt) {
  if (dt != g_expected_type) g_wrong_type = true;
  auto *a = static_cast<long *>(in);
  auto *b = static_cast<long *>(inout);
  for (size_t i = 0; i < len; ++i) b[i] = a[i] + b[i] + 1;
}

// What thread `t` contributes as element i (depends on the thread, not the rank, so that a fold in thread
// order differs from one in rank order).
upccoll_2int_t affine_of(int t, std::size_t i) {
  return {static_cast<int>(2 * t + 3 + 2 * i), static_cast<int>(t * 7 + i)};
}
unsigned long long string_of(int t, std::size_t i) {
  const unsigned long long d = static_cast<unsigned long long>(t + i) % 16;
  return t % 3 == 0 ? (2ULL << 60) | (d << 4) | ((d + 9) % 16) : (1ULL << 60) | d;
}
unsigned matrix_of(int t, std::size_t i) {
  const unsigned a = static_cast<unsigned>(t) + 1, b = static_cast<unsigned>(i) + 2;
  return 1u | (a << 8) | (b << 16) | ((a * b + 1) & 0xff) << 24;  // [[1, a], [b, ab+1]]
}
long plus_one_of(int t, std::size_t i) { return 10L * t - static_cast<long>(i); }

bool operator==(const upccoll_2int_t &a, const upccoll_2int_t &b) {
  return a.value == b.value && a.index == b.index;
}

template <class T>
struct UserOp {
  const char *name;
  upccoll_user_fun *fun;
  int commute;
  upccoll_dtype_t dt;
  T (*of)(int, std::size_t);
  T (*then)(T, T);
};

template <class T>
void check_op(const UserOp<T> &u, const Team &team, std::size_t first) {
  upccoll_op_t op = -1;
  ASSERT_EQ(upccoll_op_create(u.fun, u.commute, &op), UPCCOLL_SUCCESS);
  g_expected_type = u.dt;
  const int rank = team.rank(), n = team.size();
  // The fold over ranks [from, to) in ascending rank order, of element i.
  auto fold = [&](int from, int to, std::size_t i) {
    T acc = u.of(team.thread_of(from), i);
    for (int r = from + 1; r < to; ++r) acc = u.then(acc, u.of(team.thread_of(r), i));
    return acc;
  };
  const std::size_t k = 3, nk = k * static_cast<std::size_t>(n);
  for (int root = 0; root < n; ++root) {
    const Flavour &f = flavours()[(first + static_cast<std::size_t>(root)) % flavours().size()];
    SCOPED_TRACE(std::string(u.name) + " on " + team.name + ", " + f.name + ", root " + std::to_string(root));
    Blocks<T> send(nk), out(nk);
    for (std::size_t i = 0; i < nk; ++i) send[i] = u.of(MYTHREAD, i);
    run(f, [&](upccoll_flag_t fl, upccoll_handle_t *h) {
      return upccoll_reduce(send.at(), out.at(), k, u.dt, op, root, team.team, fl, h);
    });
    if (rank == root) {
      for (std::size_t i = 0; i < k; ++i) EXPECT_TRUE(out[i] == fold(0, n, i)) << "reduce " << i;
    }
    if (root > 0) continue;  // the calls without a root, once per team
    run(f, [&](upccoll_flag_t fl, upccoll_handle_t *h) {
      return upccoll_allreduce(send.at(), out.at(), k, u.dt, op, team.team, fl, h);
    });
    for (std::size_t i = 0; i < k; ++i) EXPECT_TRUE(out[i] == fold(0, n, i)) << "allreduce " << i;
    run(f, [&](upccoll_flag_t fl, upccoll_handle_t *h) {
      return upccoll_scan(send.at(), out.at(), k, u.dt, op, team.team, fl, h);
    });
    for (std::size_t i = 0; i < k; ++i) EXPECT_TRUE(out[i] == fold(0, rank + 1, i)) << "scan " << i;
    run(f, [&](upccoll_flag_t fl, upccoll_handle_t *h) {
      return upccoll_exscan(send.at(), out.at(), k, u.dt, op, team.team, fl, h);
    });
    if (rank > 0) {
      for (std::size_t i = 0; i < k; ++i) EXPECT_TRUE(out[i] == fold(0, rank, i)) << "exscan " << i;
    }
    run(f, [&](upccoll_flag_t fl, upccoll_handle_t *h) {
      return upccoll_reduce_scatter(send.at(), out.at(), k, u.dt, op, team.team, fl, h);
    });
    for (std::size_t i = 0; i < k; ++i)
      EXPECT_TRUE(out[i] == fold(0, n, static_cast<std::size_t>(rank) * k + i)) << "reduce_scatter " << i;
    std::vector<std::size_t> counts(static_cast<std::size_t>(n));
    std::size_t before = 0;
    for (int t = 0; t < n; ++t) {
      counts[static_cast<std::size_t>(t)] = static_cast<std::size_t>(n - 1 - t) % 3;  // 0 included
      if (t < rank) before += counts[static_cast<std::size_t>(t)];
    }
    run(f, [&](upccoll_flag_t fl, upccoll_handle_t *h) {
      return upccoll_reduce_scatterv(send.at(), out.at(), counts.data(), u.dt, op, team.team, fl, h);
    });
    for (std::size_t i = 0; i < counts[static_cast<std::size_t>(rank)]; ++i)
      EXPECT_TRUE(out[i] == fold(0, n, before + i)) << "reduce_scatterv " << i;
  }
  EXPECT_FALSE(g_wrong_type) << u.name << ": the user function was given another type";
  EXPECT_EQ(upccoll_op_free(op), UPCCOLL_SUCCESS);  // [3.1.4] 3
}

template <class T>
void on_every_team(const UserOp<T> &u) {
  std::vector<Team> teams = team_cases();
  std::size_t first = 0;
  for (const Team &team : teams) check_op(u, team, first++);
  free_teams(teams);
}

TEST(Coll2UserOps, AffineMapsComposeInRankOrder) {
  on_every_team(UserOp<upccoll_2int_t>{"affine maps", affine_fun, 0, UPC_2INT, affine_of, affine_then});
}
TEST(Coll2UserOps, StringsConcatenateInRankOrder) {
  on_every_team(UserOp<unsigned long long>{"strings", concat_fun, 0, UPC_ULONGLONG, string_of, concat});
}
TEST(Coll2UserOps, MatricesMultiplyInRankOrder) {
  on_every_team(UserOp<unsigned>{"2x2 matrices", matmul_fun, 0, UPC_UINT, matrix_of, matmul});
}
TEST(Coll2UserOps, CommutativeOperation) {
  on_every_team(UserOp<long>{"a+b+1", plus_one_fun, 1, UPC_LONG, plus_one_of,
                             [](long a, long b) { return a + b + 1; }});
}

// Several user operations alive at once, each naming its own function; freed in another order.
TEST(Coll2UserOps, SeveralOperationsAtOnce) {
  upccoll_op_t cat = -1, mat = -1;
  ASSERT_EQ(upccoll_op_create(concat_fun, 0, &cat), UPCCOLL_SUCCESS);
  ASSERT_EQ(upccoll_op_create(matmul_fun, 0, &mat), UPCCOLL_SUCCESS);
  EXPECT_NE(cat, mat);
  Blocks<unsigned long long> s(1), sr(1);
  Blocks<unsigned> m(1), mr(1);
  s[0] = string_of(MYTHREAD, 0);
  m[0] = matrix_of(MYTHREAD, 0);
  g_expected_type = UPC_UINT;
  ASSERT_EQ(upccoll_allreduce(m.at(), mr.at(), 1, UPC_UINT, mat, UPC_TEAM_ALL, 0, nullptr), UPCCOLL_SUCCESS);
  g_expected_type = UPC_ULONGLONG;
  ASSERT_EQ(upccoll_allreduce(s.at(), sr.at(), 1, UPC_ULONGLONG, cat, UPC_TEAM_ALL, 0, nullptr),
            UPCCOLL_SUCCESS);
  unsigned long long want_s = string_of(0, 0);
  unsigned want_m = matrix_of(0, 0);
  for (int t = 1; t < THREADS; ++t) {
    want_s = concat(want_s, string_of(t, 0));
    want_m = matmul(want_m, matrix_of(t, 0));
  }
  EXPECT_EQ(sr[0], want_s);
  EXPECT_EQ(mr[0], want_m);
  EXPECT_FALSE(g_wrong_type);
  EXPECT_EQ(upccoll_op_free(cat), UPCCOLL_SUCCESS);
  EXPECT_EQ(upccoll_op_free(mat), UPCCOLL_SUCCESS);
}

}  // namespace
