// Collectives 2.0 conformance: every predefined data type [C2 3.1.5] with every predefined operation
// [C2 3.1.3] the seed defines for it, through allreduce, reduce, scan, exscan and reduce_scatter on
// UPC_TEAM_ALL and on an uneven split with reversed keys, against a fold in rank order computed here; every
// type's size (upccoll_type_size) and every type moved by allgather.
#include <gtest/gtest.h>

#include <pgas/upc.hpp>
#include <sstream>
#include <type_traits>

#include "conf_coll2.hpp"

using namespace conf2;

namespace {

constexpr std::size_t kCount = 5;

template <class T>
constexpr bool is_complex = requires(T t) {
  t.imag;
};
template <class T>
constexpr bool is_pair = requires(T t) {
  t.index;
};

// What rank r contributes as element i to a call with `op` (values for which every fold is exact and
// overflows no signed type at 8 threads).
template <class T>
T make(upccoll_op_t op, int r, std::size_t i) {
  const int s = (r * 5 + static_cast<int>(i) * 3) % 7;  // 0..6
  if constexpr (is_pair<T>) {
    // [3.1.3] 3: MINLOC/MAXLOC as in MPI; values tie across ranks (element 2: on every rank), indices
    // decrease with the rank (a tie goes to the later rank's index).
    const int v = i < 2 ? ((r + 1) / 2 + static_cast<int>(i)) % 2 : (i == 2 ? 7 : r % 3 - 1);
    return T{static_cast<decltype(T{}.value)>(v), 50 - 2 * r};
  } else if constexpr (is_complex<T>) {
    using R = decltype(T{}.real);
    if (op == UPC_MULT) return T{R(1), R((r + static_cast<int>(i)) % 2)};  // 1 or 1+i
    return T{R(s - 3), R(0.5 * (s % 3))};
  } else {
    const bool is_signed = std::is_signed_v<T>;
    switch (op) {
      case UPC_MULT: {
        const int m = (r + static_cast<int>(i)) % 4;
        return static_cast<T>(m == 1 ? 2 : (m == 3 && is_signed ? -1 : (m == 3 ? 3 : 1)));
      }
      case UPC_LOGAND:
        return static_cast<T>((r + static_cast<int>(i)) % 5 != 4 ? 1 : 0);
      case UPC_LOGOR:
        return static_cast<T>((r + static_cast<int>(i)) % 5 == 4 ? 1 : 0);
      default:
        break;
    }
    if constexpr (std::is_integral_v<T>) {
      const unsigned bit = 1u << ((r + static_cast<int>(i)) % 7);
      if (op == UPC_AND) return static_cast<T>(~bit);
      if (op == UPC_OR) return static_cast<T>(bit);
      if (op == UPC_XOR) return static_cast<T>(r * 0x35 + static_cast<int>(i) * 0x0b);
      return static_cast<T>(is_signed ? s - 3 : s);
    } else {
      return static_cast<T>(s - 3) + static_cast<T>(0.25 * (s % 2));  // reals: negative, fractional
    }
  }
}

// a op b, as C computes it on T (integer sums and products computed unsigned, as the types wrap).
template <class T>
T combine(upccoll_op_t op, const T &a, const T &b) {
  if constexpr (is_pair<T>) {
    const bool a_wins = op == UPC_MINLOC ? a.value < b.value : a.value > b.value;
    if (a.value == b.value) return T{a.value, std::min(a.index, b.index)};
    return a_wins ? a : b;
  } else if constexpr (is_complex<T>) {
    if (op == UPC_ADD) return T{a.real + b.real, a.imag + b.imag};
    return T{a.real * b.real - a.imag * b.imag, a.real * b.imag + a.imag * b.real};
  } else {
    if constexpr (std::is_integral_v<T>) {
      const auto x = static_cast<unsigned long long>(a), y = static_cast<unsigned long long>(b);
      if (op == UPC_ADD) return static_cast<T>(x + y);
      if (op == UPC_MULT) return static_cast<T>(x * y);
      if (op == UPC_AND) return static_cast<T>(a & b);
      if (op == UPC_OR) return static_cast<T>(a | b);
      if (op == UPC_XOR) return static_cast<T>(a ^ b);
    }
    switch (op) {
      case UPC_ADD:
        return static_cast<T>(a + b);
      case UPC_MULT:
        return static_cast<T>(a * b);
      case UPC_LOGAND:
        return static_cast<T>(a && b);
      case UPC_LOGOR:
        return static_cast<T>(a || b);
      case UPC_MIN:
        return std::min(a, b);
      default:
        return std::max(a, b);
    }
  }
}

template <class T>
bool same(const T &a, const T &b) {
  if constexpr (is_pair<T>)
    return a.value == b.value && a.index == b.index;
  else if constexpr (is_complex<T>)
    return a.real == b.real && a.imag == b.imag;
  else
    return a == b;
}

template <class T>
std::string show(const T &a) {
  std::ostringstream out;
  if constexpr (is_pair<T>)
    out << "(" << static_cast<long double>(a.value) << ", " << a.index << ")";
  else if constexpr (is_complex<T>)
    out << static_cast<long double>(a.real) << "+" << static_cast<long double>(a.imag) << "i";
  else
    out << static_cast<long double>(a);
  return out.str();
}

// The fold of ranks [from, to) in rank order.
template <class T>
T fold(upccoll_op_t op, int from, int to, std::size_t i) {
  T acc = make<T>(op, from, i);
  for (int r = from + 1; r < to; ++r) acc = combine(op, acc, make<T>(op, r, i));
  return acc;
}

#define EXPECT_SAME(got, want, what) \
  EXPECT_TRUE(same(got, want)) << (what) << ": got " << show(got) << ", expected " << show(want)

template <class T>
void check(const Team &team, upccoll_dtype_t dt, upccoll_op_t op) {
  const int rank = team.rank(), n = team.size();
  const int root = (op + n) % n;
  const std::size_t nk = kCount * static_cast<std::size_t>(n);
  Blocks<T> send(nk), all(kCount), at_root(kCount), scan(kCount), exscan(kCount), piece(kCount);
  for (std::size_t i = 0; i < nk; ++i) send[i] = make<T>(op, rank, i);
  ASSERT_EQ(upccoll_allreduce(send.at(), all.at(), kCount, dt, op, team.team, 0, nullptr), UPCCOLL_SUCCESS);
  ASSERT_EQ(upccoll_reduce(send.at(), at_root.at(), kCount, dt, op, root, team.team, 0, nullptr),
            UPCCOLL_SUCCESS);
  upccoll_handle_t h[2];
  ASSERT_EQ(upccoll_scan(send.at(), scan.at(), kCount, dt, op, team.team, 0, &h[0]), UPCCOLL_SUCCESS);
  ASSERT_EQ(upccoll_exscan(send.at(), exscan.at(), kCount, dt, op, team.team, 0, &h[1]), UPCCOLL_SUCCESS);
  upccoll_wait(h[1]);
  upccoll_wait(h[0]);
  ASSERT_EQ(
      upccoll_reduce_scatter(send.at(), piece.at(), kCount, dt, op, team.team, UPC_ASYNC_FENCE, nullptr),
      UPCCOLL_SUCCESS);
  upccoll_fence();
  for (std::size_t i = 0; i < kCount; ++i) {
    const T whole = fold<T>(op, 0, n, i);
    EXPECT_SAME(all[i], whole, "allreduce " + std::to_string(i));  // [3.5.12]
    if (rank == root) {
      EXPECT_SAME(at_root[i], whole, "reduce " + std::to_string(i));  // [3.5.11]
    }
    EXPECT_SAME(scan[i], (fold<T>(op, 0, rank + 1, i)), "scan " + std::to_string(i));  // see everyone_test
    if (rank > 0) {
      EXPECT_SAME(exscan[i], (fold<T>(op, 0, rank, i)), "exscan " + std::to_string(i));  // [3.5.14]
    }
    const std::size_t e = static_cast<std::size_t>(rank) * kCount + i;  // [3.5.13] 3
    EXPECT_SAME(piece[i], (fold<T>(op, 0, n, e)), "reduce_scatter " + std::to_string(i));
  }
}

// Every type moves by its size: allgather of 3 elements, rank t's at offset 3 * t * size(dt) [3.5.7].
template <class T>
void check_moves(const Team &team, upccoll_dtype_t dt) {
  const int rank = team.rank(), n = team.size();
  Blocks<T> mine(3), all(3 * static_cast<std::size_t>(n));
  for (std::size_t i = 0; i < 3; ++i) mine[i] = make<T>(UPC_ADD, rank, i);
  ASSERT_EQ(upccoll_allgather(mine.at(), 3, dt, all.at(), 3, dt, team.team, 0, nullptr), UPCCOLL_SUCCESS);
  for (int t = 0; t < n; ++t)
    for (std::size_t i = 0; i < 3; ++i)
      EXPECT_SAME(all[3 * static_cast<std::size_t>(t) + i], make<T>(UPC_ADD, t, i), "allgather");
}

const std::vector<upccoll_op_t> kIntegerOps = {UPC_ADD,    UPC_MULT,  UPC_AND, UPC_OR, UPC_XOR,
                                               UPC_LOGAND, UPC_LOGOR, UPC_MIN, UPC_MAX};
const std::vector<upccoll_op_t> kRealOps = {UPC_ADD, UPC_MULT, UPC_LOGAND, UPC_LOGOR, UPC_MIN, UPC_MAX};
const std::vector<upccoll_op_t> kComplexOps = {UPC_ADD, UPC_MULT};
const std::vector<upccoll_op_t> kPairOps = {UPC_MINLOC, UPC_MAXLOC};

template <class T>
void check_type(upccoll_dtype_t dt, const char *name, const std::vector<upccoll_op_t> &ops) {
  std::vector<Team> teams{team_all()};
  teams.push_back(split(
      "thirds reversed", teams[0], [](int r) { return r % 3 == 0 ? 1 : 2; },
      [](int p, int m) { return m - 1 - p; }));
  // Over TCP (PGAS_MP_TEST_DIVISOR set, every message a network round trip) only the split team.
  const char *divisor = std::getenv("PGAS_MP_TEST_DIVISOR");
  const bool slow = divisor != nullptr && std::atoi(divisor) > 1;
  for (const Team &team : teams) {
    if (slow && !team.owned) continue;
    for (upccoll_op_t op : ops) {
      SCOPED_TRACE(std::string(name) + " on " + team.name + ", op " + std::to_string(op));
      check<T>(team, dt, op);
    }
    SCOPED_TRACE(std::string(name) + " on " + team.name);
    check_moves<T>(team, dt);
  }
  free_teams(teams);
}

// [3.1.3]: bitwise operators for fixed-point values, ADD, MULT, LOGAND, LOGOR, MIN and MAX for all types.
TEST(Coll2Types, IntegerTypes) {
  check_type<unsigned char>(UPC_BYTE, "UPC_BYTE", kIntegerOps);
  check_type<char>(UPC_CHAR, "UPC_CHAR", kIntegerOps);
  check_type<unsigned char>(UPC_UCHAR, "UPC_UCHAR", kIntegerOps);
  check_type<short>(UPC_SHORT, "UPC_SHORT", kIntegerOps);
  check_type<unsigned short>(UPC_USHORT, "UPC_USHORT", kIntegerOps);
  check_type<int>(UPC_INT, "UPC_INT", kIntegerOps);
  check_type<unsigned>(UPC_UINT, "UPC_UINT", kIntegerOps);
  check_type<long>(UPC_LONG, "UPC_LONG", kIntegerOps);
  check_type<unsigned long>(UPC_ULONG, "UPC_ULONG", kIntegerOps);
  check_type<long long>(UPC_LONGLONG, "UPC_LONGLONG", kIntegerOps);
  check_type<unsigned long long>(UPC_ULONGLONG, "UPC_ULONGLONG", kIntegerOps);
}

// [3.1.3] 2: no bitwise operators on floating point operands.
TEST(Coll2Types, RealTypes) {
  check_type<float>(UPC_FLOAT, "UPC_FLOAT", kRealOps);
  check_type<double>(UPC_DOUBLE, "UPC_DOUBLE", kRealOps);
  check_type<long double>(UPC_LONGDOUBLE, "UPC_LONGDOUBLE", kRealOps);
}

TEST(Coll2Types, ComplexTypes) {
  check_type<upccoll_cplx_t>(UPC_CPLX, "UPC_CPLX", kComplexOps);
  check_type<upccoll_dblcplx_t>(UPC_DBLCPLX, "UPC_DBLCPLX", kComplexOps);
  check_type<upccoll_longdblcplx_t>(UPC_LONGDBLCPLX, "UPC_LONGDBLCPLX", kComplexOps);
}

// [3.1.3] 3: MINLOC and MAXLOC as in MPI: the extreme value, and on a tie the smallest index.
TEST(Coll2Types, PairTypes) {
  check_type<upccoll_float_int_t>(UPC_FLOAT_INT, "UPC_FLOAT_INT", kPairOps);
  check_type<upccoll_double_int_t>(UPC_DOUBLE_INT, "UPC_DOUBLE_INT", kPairOps);
  check_type<upccoll_long_int_t>(UPC_LONG_INT, "UPC_LONG_INT", kPairOps);
  check_type<upccoll_2int_t>(UPC_2INT, "UPC_2INT", kPairOps);
  check_type<upccoll_short_int_t>(UPC_SHORT_INT, "UPC_SHORT_INT", kPairOps);
  check_type<upccoll_long_double_int_t>(UPC_LONG_DOUBLE_INT, "UPC_LONG_DOUBLE_INT", kPairOps);
}

// [3.1.5]: the sizes the seed gives for the types (the pair types' are not checked, see the report).
TEST(Coll2Types, TypeSizes) {
  const std::pair<upccoll_dtype_t, std::size_t> sizes[] = {
      {UPC_BYTE, sizeof(unsigned char)},
      {UPC_CHAR, sizeof(char)},
      {UPC_UCHAR, sizeof(unsigned char)},
      {UPC_SHORT, sizeof(short)},
      {UPC_USHORT, sizeof(unsigned short)},
      {UPC_INT, sizeof(int)},
      {UPC_UINT, sizeof(unsigned)},
      {UPC_LONG, sizeof(long)},
      {UPC_ULONG, sizeof(unsigned long)},
      {UPC_LONGLONG, sizeof(long long)},
      {UPC_ULONGLONG, sizeof(unsigned long long)},
      {UPC_FLOAT, sizeof(float)},
      {UPC_DOUBLE, sizeof(double)},
      {UPC_LONGDOUBLE, sizeof(long double)},
      {UPC_CPLX, 2 * sizeof(float)},
      {UPC_DBLCPLX, 2 * sizeof(double)},
      {UPC_LONGDBLCPLX, 2 * sizeof(long double)},
      {UPC_FLOAT_INT, sizeof(float) + sizeof(int)},
      {UPC_2INT, 2 * sizeof(int)},
  };
  for (const auto &[dt, bytes] : sizes) {
    std::size_t got = 0;
    EXPECT_EQ(upccoll_type_size(dt, &got), UPCCOLL_SUCCESS) << dt;
    EXPECT_EQ(got, bytes) << "type " << dt;
  }
}

}  // namespace
