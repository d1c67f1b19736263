// Every data type of pgas/upccoll.h 3.1.5 with every operation defined for it (allreduce and scan on
// UPC_TEAM_ALL against a sequential fold in rank order), and user operations, commutative and not.
#include <gtest/gtest.h>

#include <array>
#include <pgas/upc.hpp>
#include <type_traits>

#include "coll2_util.hpp"

using namespace coll2_test;

namespace {

constexpr std::size_t kCount = 5;

template <class Element>
Element contribution(int thread, std::size_t i) {
  const int small = (thread * 7 + static_cast<int>(i) * 3) % 5 + 1;
  if constexpr (std::is_arithmetic_v<Element>) {
    return static_cast<Element>(small);
  } else if constexpr (requires(Element e) { e.imag; }) {
    return Element{static_cast<decltype(Element{}.real)>(small),
                   static_cast<decltype(Element{}.real)>(i % 2)};
  } else {
    return Element{static_cast<decltype(Element{}.value)>(small), thread};
  }
}

// a op b, sequentially (integer sums and products wrap: computed unsigned and truncated).
template <class Element>
Element reference(upccoll_op_t op, Element a, Element b) {
  if constexpr (std::is_integral_v<Element>) {
    const auto x = static_cast<unsigned long long>(a), y = static_cast<unsigned long long>(b);
    switch (op) {
      case UPC_ADD:
        return static_cast<Element>(x + y);
      case UPC_MULT:
        return static_cast<Element>(x * y);
      case UPC_AND:
        return static_cast<Element>(a & b);
      case UPC_OR:
        return static_cast<Element>(a | b);
      case UPC_XOR:
        return static_cast<Element>(a ^ b);
      default:
        break;
    }
  }
  if constexpr (std::is_arithmetic_v<Element>) {
    switch (op) {
      case UPC_ADD:
        return static_cast<Element>(a + b);
      case UPC_MULT:
        return static_cast<Element>(a * b);
      case UPC_LOGAND:
        return static_cast<Element>(a && b);
      case UPC_LOGOR:
        return static_cast<Element>(a || b);
      case UPC_MIN:
        return std::min(a, b);
      default:
        return std::max(a, b);
    }
  } else if constexpr (requires(Element e) { e.imag; }) {
    if (op == UPC_ADD) return Element{a.real + b.real, a.imag + b.imag};
    return Element{a.real * b.real - a.imag * b.imag, a.real * b.imag + a.imag * b.real};
  } else {
    const bool first = op == UPC_MINLOC ? (a.value < b.value || (a.value == b.value && a.index < b.index))
                                        : (b.value < a.value || (a.value == b.value && a.index < b.index));
    return first ? a : b;
  }
}

template <class Element>
bool same(const Element &a, const Element &b) {
  return std::memcmp(&a, &b, sizeof a) == 0 || [&] {
    if constexpr (std::is_arithmetic_v<Element>)
      return a == b;
    else if constexpr (requires(Element e) { e.imag; })
      return a.real == b.real && a.imag == b.imag;
    else
      return a.value == b.value && a.index == b.index;
  }();
}

// Integers over their whole range: every bit pattern of the type is a value (wrapped products of a hash),
// every third one near the type's largest unsigned value (negative when signed), so that sums wrap and
// unsigned comparisons differ from signed ones.
template <class Element>
Element spread(int thread, std::size_t i) {
  const auto h = (static_cast<unsigned long long>(thread) + 1) * (i * 2654435761ULL + 0x9E3779B97F4A7C15ULL);
  return static_cast<Element>(i % 3 == 0 ? ~0ULL - i * static_cast<unsigned long long>(thread + 1) : h);
}

template <class Element>
void check_type(upccoll_dtype_t dt, const char *name, std::initializer_list<upccoll_op_t> ops,
                std::size_t count = kCount, Element (*value)(int, std::size_t) = contribution<Element>) {
  size_t bytes = 0;
  ASSERT_EQ(upccoll_type_size(dt, &bytes), UPCCOLL_SUCCESS);
  EXPECT_EQ(bytes, sizeof(Element)) << name;
  Buffer<Element> send(count), all(count), prefix(count);
  for (std::size_t i = 0; i < count; ++i) send[i] = value(MYTHREAD, i);
  for (upccoll_op_t op : ops) {
    ASSERT_EQ(upccoll_allreduce(send.pointer, all.pointer, count, dt, op, UPC_TEAM_ALL, 0, nullptr),
              UPCCOLL_SUCCESS)
        << name << " op " << op;
    ASSERT_EQ(upccoll_scan(send.pointer, prefix.pointer, count, dt, op, UPC_TEAM_ALL, 0, nullptr),
              UPCCOLL_SUCCESS);
    for (std::size_t i = 0; i < count; ++i) {
      Element expected = value(0, i), mine = expected;
      for (int t = 1; t < THREADS; ++t) {
        expected = reference(op, expected, value(t, i));
        if (t == MYTHREAD) mine = expected;
      }
      EXPECT_TRUE(same(all[i], expected)) << name << " allreduce op " << op << " element " << i;
      EXPECT_TRUE(same(prefix[i], mine)) << name << " scan op " << op << " element " << i;
    }
  }
}

#define INTEGER_OPS \
  { UPC_ADD, UPC_MULT, UPC_AND, UPC_OR, UPC_XOR, UPC_LOGAND, UPC_LOGOR, UPC_MIN, UPC_MAX }
#define REAL_OPS \
  { UPC_ADD, UPC_MULT, UPC_LOGAND, UPC_LOGOR, UPC_MIN, UPC_MAX }

TEST(Coll2Types, EveryTypeWithEveryOperation) {
  Library library;
  check_type<unsigned char>(UPC_BYTE, "UPC_BYTE", INTEGER_OPS);
  check_type<char>(UPC_CHAR, "UPC_CHAR", INTEGER_OPS);
  check_type<unsigned char>(UPC_UCHAR, "UPC_UCHAR", INTEGER_OPS);
  check_type<short>(UPC_SHORT, "UPC_SHORT", INTEGER_OPS);
  check_type<unsigned short>(UPC_USHORT, "UPC_USHORT", INTEGER_OPS);
  check_type<int>(UPC_INT, "UPC_INT", INTEGER_OPS);
  check_type<unsigned>(UPC_UINT, "UPC_UINT", INTEGER_OPS);
  check_type<long>(UPC_LONG, "UPC_LONG", INTEGER_OPS);
  check_type<unsigned long>(UPC_ULONG, "UPC_ULONG", INTEGER_OPS);
  check_type<long long>(UPC_LONGLONG, "UPC_LONGLONG", INTEGER_OPS);
  check_type<unsigned long long>(UPC_ULONGLONG, "UPC_ULONGLONG", INTEGER_OPS);
  check_type<float>(UPC_FLOAT, "UPC_FLOAT", REAL_OPS);
  check_type<double>(UPC_DOUBLE, "UPC_DOUBLE", REAL_OPS);
  check_type<long double>(UPC_LONGDOUBLE, "UPC_LONGDOUBLE", REAL_OPS);
  check_type<upccoll_cplx_t>(UPC_CPLX, "UPC_CPLX", {UPC_ADD, UPC_MULT});
  check_type<upccoll_dblcplx_t>(UPC_DBLCPLX, "UPC_DBLCPLX", {UPC_ADD, UPC_MULT});
  check_type<upccoll_longdblcplx_t>(UPC_LONGDBLCPLX, "UPC_LONGDBLCPLX", {UPC_ADD, UPC_MULT});
  check_type<upccoll_float_int_t>(UPC_FLOAT_INT, "UPC_FLOAT_INT", {UPC_MINLOC, UPC_MAXLOC});
  check_type<upccoll_double_int_t>(UPC_DOUBLE_INT, "UPC_DOUBLE_INT", {UPC_MINLOC, UPC_MAXLOC});
  check_type<upccoll_long_int_t>(UPC_LONG_INT, "UPC_LONG_INT", {UPC_MINLOC, UPC_MAXLOC});
  check_type<upccoll_2int_t>(UPC_2INT, "UPC_2INT", {UPC_MINLOC, UPC_MAXLOC});
  check_type<upccoll_short_int_t>(UPC_SHORT_INT, "UPC_SHORT_INT", {UPC_MINLOC, UPC_MAXLOC});
  check_type<upccoll_long_double_int_t>(UPC_LONG_DOUBLE_INT, "UPC_LONG_DOUBLE_INT", {UPC_MINLOC, UPC_MAXLOC});
}

// Integer sums and products wrap and comparisons follow the type's signedness (header: "Integer sums and
// products wrap"), on 40 elements: longer than a vector register of any width, where a network library's
// vectorized operations take over.
TEST(Coll2Types, IntegersWrapAndCompareAsTheirTypes) {
  Library library;
  constexpr std::size_t kLong = 40;
#define CHECK_WHOLE_RANGE(Element, dt) check_type<Element>(dt, #dt, INTEGER_OPS, kLong, spread<Element>)
  CHECK_WHOLE_RANGE(unsigned char, UPC_BYTE);
  CHECK_WHOLE_RANGE(char, UPC_CHAR);
  CHECK_WHOLE_RANGE(unsigned char, UPC_UCHAR);
  CHECK_WHOLE_RANGE(short, UPC_SHORT);
  CHECK_WHOLE_RANGE(unsigned short, UPC_USHORT);
  CHECK_WHOLE_RANGE(int, UPC_INT);
  CHECK_WHOLE_RANGE(unsigned, UPC_UINT);
  CHECK_WHOLE_RANGE(long, UPC_LONG);
  CHECK_WHOLE_RANGE(unsigned long, UPC_ULONG);
  CHECK_WHOLE_RANGE(long long, UPC_LONGLONG);
  CHECK_WHOLE_RANGE(unsigned long long, UPC_ULONGLONG);
#undef CHECK_WHOLE_RANGE
}

void plus(void *in, void *inout, size_t len, upccoll_dtype_t) {
  for (size_t i = 0; i < len; ++i) static_cast<double *>(inout)[i] += static_cast<const double *>(in)[i];
}

TEST(Coll2Types, UserOperationsInRankOrder) {
  Library library;
  upccoll_op_t product = 0, sum = 0;
  ASSERT_EQ(upccoll_op_create(matrix_product, 0, &product), UPCCOLL_SUCCESS);
  ASSERT_EQ(upccoll_op_create(plus, 1, &sum), UPCCOLL_SUCCESS);
  using Matrix = std::array<unsigned, 4>;
  auto matrix = [](int t) { return Matrix{static_cast<unsigned>(t) + 2, 1, 1, static_cast<unsigned>(t)}; };
  Buffer<unsigned> send(4), reduced(4), prefix(4);
  for (std::size_t i = 0; i < 4; ++i) send[i] = matrix(MYTHREAD)[i];
  ASSERT_EQ(upccoll_reduce(send.pointer, reduced.pointer, 4, UPC_UINT, product, 0, UPC_TEAM_ALL, 0, nullptr),
            UPCCOLL_SUCCESS);
  ASSERT_EQ(upccoll_scan(send.pointer, prefix.pointer, 4, UPC_UINT, product, UPC_TEAM_ALL, 0, nullptr),
            UPCCOLL_SUCCESS);
  Matrix expected = matrix(0), mine = expected;
  for (int t = 1; t < THREADS; ++t) {
    Matrix next = matrix(t);
    matrix_product(expected.data(), next.data(), 4, UPC_UINT);  // next = expected x next
    expected = next;
    if (t == MYTHREAD) mine = expected;
  }
  if (MYTHREAD == 0) {
    EXPECT_EQ(reduced.values(), std::vector<unsigned>(expected.begin(), expected.end()));
  }
  EXPECT_EQ(prefix.values(), std::vector<unsigned>(mine.begin(), mine.end()));
  Buffer<double> value(1), total(1);
  value[0] = MYTHREAD + 0.5;
  ASSERT_EQ(upccoll_allreduce(value.pointer, total.pointer, 1, UPC_DOUBLE, sum, UPC_TEAM_ALL, 0, nullptr),
            UPCCOLL_SUCCESS);
  EXPECT_EQ(total[0], THREADS * (THREADS - 1) / 2.0 + THREADS * 0.5);
  EXPECT_EQ(upccoll_op_free(product), UPCCOLL_SUCCESS);
  EXPECT_EQ(upccoll_op_free(sum), UPCCOLL_SUCCESS);
}

}  // namespace
