// The predefined reduction operations of UPC (pgas/upc_types.h: UPC_ADD ... UPC_MAX) on one arithmetic
// type, shared by the UPC 1.2 reductions and the Collectives 2.0 ones.
#pragma once

#include <type_traits>

#include "pgas/upc_types.h"

namespace pgas::rt::coll {

// a + b and a * b; integers wrap modulo 2^bits (a signed overflow in C is undefined: a reduction of
// large values must not be). Unsigned types narrower than unsigned are widened to it first (a product of two
// unsigned shorts is an int product, which overflows too).
template <class T>
T wrapping(upc_op_t op, T a, T b) {
  if constexpr (std::is_integral_v<T>) {
    using Unsigned = std::conditional_t<(sizeof(T) < sizeof(unsigned)), unsigned, std::make_unsigned_t<T>>;
    const auto x = static_cast<Unsigned>(a), y = static_cast<Unsigned>(b);
    return static_cast<T>(op == UPC_ADD ? static_cast<Unsigned>(x + y) : static_cast<Unsigned>(x * y));
  } else {
    return op == UPC_ADD ? a + b : a * b;
  }
}

// a op b for a predefined op defined on T (the bitwise ones only on integers); a for any other op.
template <class T>
T predefined(upc_op_t op, T a, T b) {
  switch (op) {
    case UPC_ADD:
    case UPC_MULT:
      return wrapping(op, a, b);
    case UPC_LOGAND:
      return static_cast<T>(a && b);
    case UPC_LOGOR:
      return static_cast<T>(a || b);
    case UPC_MIN:
      return b < a ? b : a;
    case UPC_MAX:
      return a < b ? b : a;
    default:
      break;
  }
  if constexpr (std::is_integral_v<T>) {
    if (op == UPC_AND) return static_cast<T>(a & b);
    if (op == UPC_OR) return static_cast<T>(a | b);
    if (op == UPC_XOR) return static_cast<T>(a ^ b);
  }
  return a;
}

}  // namespace pgas::rt::coll
