// upc_all_reduceT and upc_all_prefix_reduceT as the text defines them (upc-lib-collectives.tex,
// "Computational Operations" and "The upc_all_reduce and upc_all_prefix_reduce functions"): the result is
// src[0] (+) src[1] (+) ... (+) src[nelems-1], the prefix dst[i] is src[0] (+) ... (+) src[i], where src[i]
// is element i of a `shared [blk_size] TYPE [nelems]` view (blk_size 0: `shared [] TYPE[nelems]`) that starts
// at src with its phase respected. The operators are the ones upc_op_t names (lang/upc-lib-core.tex: "&&",
// "op1<op2?op1:op2", ...). Test values keep every partial result exact and in range, so the order in which
// an implementation groups the operands (the text lets it assume associativity and, but for
// UPC_NONCOMM_FUNC, commutativity) cannot change the result.
#pragma once

#include <gtest/gtest.h>

#include <cstddef>
#include <pgas/upc.hpp>
#include <string>
#include <type_traits>
#include <vector>

#include "coll_conf_util.hpp"

namespace ccoll {

// The typed entry points, one per suffix of the text's table (C signed char ... LD long double).
template <class X>
struct Entry;
#define CCOLL_ENTRY(S, TYPE)                                  \
  template <>                                                 \
  struct Entry<TYPE> {                                        \
    static constexpr auto reduce = &upc_all_reduce##S;        \
    static constexpr auto prefix = &upc_all_prefix_reduce##S; \
    static constexpr const char *name = #S;                   \
  };
CCOLL_ENTRY(C, signed char)
CCOLL_ENTRY(UC, unsigned char)
CCOLL_ENTRY(S, short)
CCOLL_ENTRY(US, unsigned short)
CCOLL_ENTRY(I, int)
CCOLL_ENTRY(UI, unsigned int)
CCOLL_ENTRY(L, long)
CCOLL_ENTRY(UL, unsigned long)
CCOLL_ENTRY(F, float)
CCOLL_ENTRY(D, double)
CCOLL_ENTRY(LD, long double)
#undef CCOLL_ENTRY

struct Op {
  upc_op_t op;
  const char *name;
};
inline const Op kOps[] = {{UPC_ADD, "UPC_ADD"},
                          {UPC_MULT, "UPC_MULT"},
                          {UPC_AND, "UPC_AND"},
                          {UPC_OR, "UPC_OR"},
                          {UPC_XOR, "UPC_XOR"},
                          {UPC_LOGAND, "UPC_LOGAND"},
                          {UPC_LOGOR, "UPC_LOGOR"},
                          {UPC_MIN, "UPC_MIN"},
                          {UPC_MAX, "UPC_MAX"},
                          {UPC_FUNC, "UPC_FUNC"},
                          {UPC_NONCOMM_FUNC, "UPC_NONCOMM_FUNC"}};

// "Bitwise operations shall not be specified for collective operations on floating-point types."
template <class X>
bool allowed(upc_op_t op) {
  return std::is_integral_v<X> || (op != UPC_AND && op != UPC_OR && op != UPC_XOR);
}

// UPC_FUNC's commutative, associative function: addition modulo 13 on the representatives 0..12.
template <class X>
X add_mod13(X a, X b) {
  return static_cast<X>((static_cast<long long>(a) + static_cast<long long>(b)) % 13);
}
// UPC_NONCOMM_FUNC's associative, non-commutative function: the composition of affine maps z -> a*z + b
// of the field Z11, a map stored as a*11 + b with a in 1..10 (at most 120, so it fits every type):
// f(x, y) is "x, then y". Any reordering of the operands changes the result for nearly all inputs.
template <class X>
X affine(X x, X y) {
  const long long a1 = static_cast<long long>(x) / 11, b1 = static_cast<long long>(x) % 11;
  const long long a2 = static_cast<long long>(y) / 11, b2 = static_cast<long long>(y) % 11;
  return static_cast<X>(((a1 * a2) % 11) * 11 + (a2 * b1 + b2) % 11);
}

template <class X>
X (*func_for(upc_op_t op))
(X, X) {
  return op == UPC_FUNC ? &add_mod13<X> : op == UPC_NONCOMM_FUNC ? &affine<X> : nullptr;
}

// a (+) b, from the operator's definition in C. Unsigned sums and products wrap modulo 2^bits (computed
// in unsigned long long, the same residue); signed and floating ones are exact by the choice of values.
template <class X>
X combine(upc_op_t op, X a, X b) {
  if constexpr (std::is_integral_v<X>) {
    using W = std::conditional_t<std::is_unsigned_v<X>, unsigned long long, long long>;
    if (op == UPC_ADD) return static_cast<X>(static_cast<W>(a) + static_cast<W>(b));
    if (op == UPC_MULT) return static_cast<X>(static_cast<W>(a) * static_cast<W>(b));
    if (op == UPC_AND) return static_cast<X>(a & b);
    if (op == UPC_OR) return static_cast<X>(a | b);
    if (op == UPC_XOR) return static_cast<X>(a ^ b);
  } else {
    if (op == UPC_ADD) return a + b;
    if (op == UPC_MULT) return a * b;
  }
  switch (op) {
    case UPC_LOGAND:
      return static_cast<X>(a && b);
    case UPC_LOGOR:
      return static_cast<X>(a || b);
    case UPC_MIN:
      return a < b ? a : b;
    case UPC_MAX:
      return a > b ? a : b;
    default:
      return func_for<X>(op)(a, b);
  }
}

// The prefixes of `values` in element order: back() is the reduction.
template <class X>
std::vector<X> prefixes(upc_op_t op, const std::vector<X> &values) {
  std::vector<X> out(values);
  for (std::size_t i = 1; i < out.size(); ++i) out[i] = combine(op, out[i - 1], values[i]);
  return out;
}

// Operands for op, n of them; `variant` picks the other outcome of the logical operators (1: LOGAND gets
// a zero, LOGOR a non-zero operand).
template <class X>
std::vector<X> operands(upc_op_t op, std::size_t n, int variant) {
  constexpr bool is_signed = std::is_signed_v<X> || !std::is_integral_v<X>;
  constexpr std::size_t bits = 8 * sizeof(X);
  std::vector<X> v(n);
  std::size_t twos = 0;
  // A non-zero value whose low byte is zero where the type has more than one byte (and 0.5 in floating
  // types): a logical operator must not look at a truncated operand.
  const X nonzero = std::is_integral_v<X> ? static_cast<X>(sizeof(X) > 1 ? 256 : 64) : static_cast<X>(0.5);
  for (std::size_t i = 0; i < n; ++i) {
    unsigned long long u = 0;
    switch (op) {
      case UPC_ADD:
        if (is_signed)
          v[i] =
              static_cast<X>(static_cast<long long>((i * 5 + 1) % 3) - 1);  // -1, 0, 1: any partial sum fits
        else
          v[i] = static_cast<X>((i * 37 + 11) & 0xff);  // wraps in unsigned char
        break;
      case UPC_MULT:
        if (i % 7 == 3 && twos < 6)
          v[i] = static_cast<X>(2), ++twos;
        else if (is_signed && i % 5 == 1)
          v[i] = static_cast<X>(-1);
        else if (!is_signed && sizeof(X) >= sizeof(int) && i % 4 == 2)
          v[i] = static_cast<X>(3);  // wraps in unsigned int or long, never in int
        else
          v[i] = static_cast<X>(1);
        break;
      case UPC_AND:
        u = ~0ull;
        if (i % 4 == 0) u &= ~(1ull << ((i * 3) % bits));
        v[i] = static_cast<X>(u);
        break;
      case UPC_OR:
        v[i] = static_cast<X>(i % 3 == 0 ? 1ull << ((i * 5) % bits) : 0ull);
        break;
      case UPC_XOR:
        u = (i + 1) * 0x9E3779B97F4A7C15ull;
        v[i] = static_cast<X>(u >> 17);
        break;
      case UPC_LOGAND:
        v[i] = variant == 1 && i == n / 2 ? static_cast<X>(0)
               : i % 2                    ? nonzero
                                          : static_cast<X>(is_signed ? -3 : 3);
        break;
      case UPC_LOGOR:
        v[i] = variant == 1 && i == (n * 2) / 3 ? nonzero : static_cast<X>(0);
        break;
      case UPC_MIN:
      case UPC_MAX:
        if (is_signed)
          v[i] = static_cast<X>(static_cast<long long>((i * 37) % 101) - 50);
        else
          v[i] = static_cast<X>((i * 37) % 101 + 3);
        if constexpr (!std::is_integral_v<X>) v[i] = v[i] / 2;  // halves: exact
        break;
      case UPC_FUNC:
        v[i] = static_cast<X>((i * 7 + 2) % 13);
        break;
      default:  // UPC_NONCOMM_FUNC
        v[i] = static_cast<X>((1 + (i * 3) % 10) * 11 + (i * 5 + 1) % 11);
    }
  }
  return v;
}

template <class X>
std::string show(X x) {
  if constexpr (std::is_integral_v<X>)
    return std::to_string(static_cast<long long>(x));
  else
    return std::to_string(static_cast<double>(x));
}

// A value the results must never hold and that changes a sum if an element outside the view is included.
template <class X>
X poison() {
  return static_cast<X>(std::is_signed_v<X> || !std::is_integral_v<X> ? -99 : 99);
}

}  // namespace ccoll
